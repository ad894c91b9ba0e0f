"""Example custom validators for Node Type Studio.

Two styles of the plugin API: a decorated function and a ``Validator`` subclass. Both receive the
value as the CMS's browser UI would have it (str, int, float, bool, None, list, dict) and the
options with declared defaults filled in, and return their findings (None or [] when valid).
"""

from __future__ import annotations

import re

from nodetype_studio.validation import Issue, OptionInfo, Validator, custom_validator

_LONG = re.compile(r"#[0-9a-fA-F]{6}")
_SHORT = re.compile(r"#[0-9a-fA-F]{3}")


@custom_validator(
    "Acme.Validators/Validation/HexColorValidator",
    options={
        "allowShort": OptionInfo("boolean", False, True, "Also accept the three-digit form #rgb."),
        "validationErrorMessage": OptionInfo("string", False, None, "Replaces the error message."),
    },
    description="A CSS hex colour such as #1a2b3c.",
)
def hex_color(value, options):
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        return Issue("acme.validators.hexColor.notText", "A colour must be written as text, e.g. #1a2b3c.")
    if _LONG.fullmatch(value) or (options.get("allowShort") and _SHORT.fullmatch(value)):
        return None
    forms = "#rrggbb or #rgb" if options.get("allowShort") else "#rrggbb"
    message = options.get("validationErrorMessage") or f"Enter a colour as {forms}."
    return Issue("acme.validators.hexColor.invalid", message, {"value": value})


class SlugValidator(Validator):
    identifier = "Acme.Validators/Validation/SlugValidator"
    description = "A lower-case URL slug: letters, digits and single separators."
    options = {
        "maximum": OptionInfo("integer", False, 80, "Longest allowed slug."),
        "separator": OptionInfo("string", False, "-", "The separator between words."),
        "reserved": OptionInfo("list", False, [], "Slugs that are taken by the site itself."),
    }

    def validate(self, value, options):
        if value in (None, ""):
            return []
        if not isinstance(value, str):
            return [Issue("acme.validators.slug.notText", "A slug must be text.")]
        separator = re.escape(str(options.get("separator") or "-"))
        findings = []
        if not re.fullmatch(rf"[a-z0-9]+(?:{separator}[a-z0-9]+)*", value):
            findings.append(Issue("acme.validators.slug.invalid",
                                  "Use lower-case letters and digits, words joined by single separators."))
        maximum = options.get("maximum")
        if isinstance(maximum, int) and len(value) > maximum:
            findings.append(Issue("acme.validators.slug.tooLong", f"At most {maximum} characters.", {"maximum": maximum}))
        if value in (options.get("reserved") or []):
            findings.append(Issue("acme.validators.slug.reserved", f"'{value}' is reserved by the site."))
        return findings


validators = [hex_color, SlugValidator]
