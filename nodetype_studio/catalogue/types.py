"""Property types: which ones exist, their canonical spelling, and the default editor per type.

The default editor table follows the reference CMS's data-type settings (neos-facts §1.2);
the spec's editor-selection table agrees on every type it names. Media types are written
without the platform prefix (``Media\\Domain\\Model\\Asset``) so one table serves `Cms` and `Neos`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

from nodetype_studio.model.prefix import Platform

MEDIA = "Media\\Domain\\Model\\"
IMAGE_INTERFACE = MEDIA + "ImageInterface"
ASSET = MEDIA + "Asset"

#: Scalar and structural types the content repository understands (spec §Property definition,
#: plus `float`, which the repository stores but for which no default editor exists).
BASIC_TYPES = ("boolean", "string", "integer", "float", "array", "DateTime", "reference", "references")

#: Media model classes a property can hold.
MEDIA_CLASSES = ("ImageInterface", "Image", "ImageVariant", "Asset", "Audio", "Document", "Video")

_ASSET_FEATURES = {"upload": True, "mediaBrowser": True}
_IMAGE_PRESETS = {
    "square": {"width": 1, "height": 1, "label": "Square"},
    "fourFive": {"width": 4, "height": 5},
    "fiveSeven": {"width": 5, "height": 7},
    "twoThree": {"width": 2, "height": 3},
    "fourThree": {"width": 4, "height": 3},
    "sixteenNine": {"width": 16, "height": 9},
}


@dataclass(frozen=True, slots=True)
class DataType:
    """Default editor of a property type and the editor options the type adds."""

    type: str
    editor: str  # short editor name
    editor_options: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))


def _dt(type_name: str, editor: str, **options: Any) -> tuple[str, DataType]:
    return type_name, DataType(type_name, editor, MappingProxyType(options))


#: Default editor per property type (canonical type spelling), neos-facts §1.2.
DATA_TYPES: Mapping[str, DataType] = MappingProxyType(dict([
    _dt("string", "TextFieldEditor"),
    _dt("integer", "TextFieldEditor"),
    _dt("boolean", "BooleanEditor"),
    _dt("array", "SelectBoxEditor", multiple=True, placeholder="Choose"),
    _dt(IMAGE_INTERFACE, "ImageEditor",
        maximumFileSize=None,
        features={"crop": True, "upload": True, "mediaBrowser": True, "resize": False},
        crop={"aspectRatio": {"options": _IMAGE_PRESETS, "enableOriginal": True, "allowCustom": True,
                              "locked": {"width": 0, "height": 0}}}),
    _dt(ASSET, "AssetEditor", features=dict(_ASSET_FEATURES)),
    _dt(MEDIA + "Audio", "AssetEditor", features=dict(_ASSET_FEATURES), constraints={"mediaTypes": ["audio/*"]}),
    _dt(MEDIA + "Document", "AssetEditor", features=dict(_ASSET_FEATURES)),
    _dt(MEDIA + "Video", "AssetEditor", features=dict(_ASSET_FEATURES), constraints={"mediaTypes": ["video/*"]}),
    _dt(f"array<{ASSET}>", "AssetEditor", multiple=True, features=dict(_ASSET_FEATURES)),
    _dt("DateTime", "DateTimeEditor", format="d-m-Y"),
    _dt("reference", "ReferenceEditor"),
    _dt("references", "ReferencesEditor"),
]))

_ARRAY_RE = re.compile(r"^array<(.+)>$")


def canonical_type(type_name: str, platform: Platform | None = None) -> str:
    """`Neos\\Media\\Domain\\Model\\Asset` / `Cms\\...` / `TYPO3\\...` -> `Media\\Domain\\Model\\Asset`;
    `\\DateTime` -> `DateTime`; `array<...>` keeps its wrapper; other names unchanged."""
    if not isinstance(type_name, str):
        return type_name
    text = type_name.strip()
    m = _ARRAY_RE.match(text)
    if m:
        return f"array<{canonical_type(m.group(1), platform)}>"
    text = text.lstrip("\\")
    normalized = (platform or Platform()).normalize_type(text)
    if normalized.short:
        return normalized.short
    return text


def is_known_type(type_name: str, platform: Platform | None = None) -> bool:
    """A type the repository knows without a class lookup (basic, media, or `array<>` of those)."""
    canon = canonical_type(type_name, platform)
    m = _ARRAY_RE.match(canon) if isinstance(canon, str) else None
    inner = m.group(1) if m else canon
    if inner in BASIC_TYPES and (not m or inner in ("string", "integer", "boolean", "float")):
        return True
    return isinstance(inner, str) and inner.startswith(MEDIA) and inner[len(MEDIA):] in MEDIA_CLASSES


def looks_like_class(type_name: str) -> bool:
    """Custom value objects are PHP class names (`Vendor\\Package\\Thing`); the repository accepts them."""
    canon = canonical_type(type_name)
    m = _ARRAY_RE.match(canon) if isinstance(canon, str) else None
    inner = m.group(1) if m else canon
    return isinstance(inner, str) and "\\" in inner and bool(re.fullmatch(r"[A-Za-z_][\w\\]*", inner))


def data_type(type_name: str, platform: Platform | None = None) -> DataType | None:
    return DATA_TYPES.get(canonical_type(type_name, platform))


def known_type_names() -> tuple[str, ...]:
    """Type spellings suggested in "did you mean" messages."""
    media = tuple(MEDIA + c for c in MEDIA_CLASSES)
    return BASIC_TYPES + ("array<string>",) + media + tuple(f"array<{m}>" for m in media)
