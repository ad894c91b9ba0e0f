"""The local media library of the preview: asset sources, assets, media types, uploads (Qt-free)."""

from nodetype_studio.media.library import (
    PROJECT_SOURCE,
    SAMPLES_SOURCE,
    Asset,
    AssetSource,
    MediaLibrary,
    UploadResult,
    is_media,
)
from nodetype_studio.media.mediatypes import (
    SizeLimit,
    accepts,
    matches,
    parse_size,
    patterns,
)

__all__ = [
    "PROJECT_SOURCE", "SAMPLES_SOURCE", "Asset", "AssetSource", "MediaLibrary", "UploadResult", "is_media",
    "SizeLimit", "accepts", "matches", "parse_size", "patterns",
]
