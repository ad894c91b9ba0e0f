"""PHP's reading of configuration values, as the CMS's server code reads them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def to_bool(value: Any) -> bool:
    """PHP's ``(bool) $value`` for what YAML gives: null, false, 0, 0.0, "", "0" and an empty array are
    false; anything else (the string "false" and NAN too) is true."""
    if value is None or value is False or value == "" or value == "0":
        return False
    if isinstance(value, (int, float)):
        return value != 0
    if isinstance(value, (Mapping, list)):
        return len(value) > 0
    return True
