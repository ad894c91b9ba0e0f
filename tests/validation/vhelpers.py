"""Helpers shared by the validation tests."""

from nodetype_studio.validation import validate_value
from nodetype_studio.validation.engine import THROWS_ID

P = "content.inspector.validators."
THROWS = "THROWS"


def run(short, value, options=None):
    """Findings of one built-in validator (options default to {})."""
    return validate_value(value, {f"Neos.Neos/Validation/{short}": {} if options is None else options})


def outcome(findings):
    """Message ids (CMS ids without the common prefix), literal messages, or THROWS."""
    out = []
    for f in findings:
        if f.message_id == THROWS_ID:
            out.append(THROWS)
        elif f.message_id:
            out.append(f.message_id.removeprefix(P))
        else:
            out.append(f.message)
    return out
