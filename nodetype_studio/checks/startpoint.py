"""`startingPoint` of the reference, references and link editors, read as the project's CMS version reads it.

The Neos UI hands any truthy value to the node search in place of the current site; a value the CMS
of the project's version cannot resolve makes the search find nothing (``content.startpoint``).
"""

from __future__ import annotations

from typing import Any

from nodetype_studio.checks.base import Context, get, iter_properties, node_rule, property_configs
from nodetype_studio.checks.neos9 import starting_point_for_9, starting_points
from nodetype_studio.content.startpoint import SEARCH_EDITORS, is_8_3, read_starting_point
from nodetype_studio.diagnostics import Severity
from nodetype_studio.js.values import is_client_eval

#: the editors of reference properties where none is resolved (9.x moves them to `references:`)
_REFERENCE_EDITORS = {"reference": "ReferenceEditor", "references": "ReferencesEditor"}
_INSPECTOR_OPTIONS = ("ui", "inspector", "editorOptions", "startingPoint")
_INLINE_LINKING = ("ui", "inline", "editorOptions", "linking", "startingPoint")


def _editor_name(ctx: Context, identifier: Any, default: str | None = None) -> str | None:
    if identifier is None:
        return default
    if not isinstance(identifier, str) or is_client_eval(identifier):
        return None
    spec = ctx.editor(identifier)
    return spec.short_name if spec is not None else None


@node_rule
def starting_point(ctx: Context, nt):
    old = is_8_3(ctx.project)
    sites = ctx.platform.node_type("Sites")
    # (path of the value, value, editor, whether `option-type` reports a value that is not text there)
    places: list[tuple[tuple, Any, str, bool]] = []
    # (most properties have no `startingPoint`: only those that write one are looked at closer)
    wanted = {name for name, written, _effective in property_configs(nt) if starting_points(written)}
    for prop in iter_properties(nt, wanted) if wanted else ():
        default = _REFERENCE_EDITORS.get(prop.type) if isinstance(prop.type, str) else None
        editor = _editor_name(ctx, prop.editor_id, default) if prop.has_inspector else None
        if editor in SEARCH_EDITORS and "startingPoint" in prop.written_options:
            typed = _editor_name(ctx, prop.editor_id) is not None  # the option walker checks this editor's options
            places.append((prop.path + _INSPECTOR_OPTIONS, prop.written_options["startingPoint"], editor, typed))
        inline = get(prop.written, *_INLINE_LINKING)
        if inline is not None:
            places.append((prop.path + _INLINE_LINKING, inline, "rich-text link", True))
    references = get(nt.merged, "references")
    if not old and isinstance(references, dict):  # 8.3 ignores the section
        for name, ref in references.items():
            inspector = get(ref, "ui", "inspector")
            if not isinstance(inspector, dict) or not isinstance(inspector.get("editorOptions"), dict):
                continue
            editor = _editor_name(ctx, inspector.get("editor"), "ReferencesEditor")
            if editor in SEARCH_EDITORS and "startingPoint" in inspector["editorOptions"]:
                places.append((("references", name) + _INSPECTOR_OPTIONS, inspector["editorOptions"]["startingPoint"],
                               editor, False))
    for path, value, editor, typed in places:
        if typed and not isinstance(value, str):
            continue  # an `option-type` error already
        if not old and path[0] == "properties" and starting_point_for_9(value, sites) is not None:
            continue  # an 8.3 node path: `neos9-starting-point` says so, and the migration rewrites it
        read = read_starting_point(value, old, sites)
        if read.problem:
            version = "Neos 8.3" if old else "Neos 9.x"
            yield ctx.at(nt, path, Severity.WARNING, "option-starting-point",
                         f"`startingPoint` \u201c{value}\u201d {read.problem}. The {editor}'s node search "
                         f"finds nothing with it in {version} (it does not fall back to the current site)",
                         str(path[1]))
