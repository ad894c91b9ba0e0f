"""Labels as the inspector shows them: the translation ids and texts of ``model.translations``, where the
checks read them too (they sit below the preview)."""

from nodetype_studio.model.translations import (
    MAX_XLIFF_DEPTH,
    PLATFORM_TEXTS,
    Translator,
    generated_id,
    looks_like_id,
    package_folders,
    project_translator,
    split_id,
)

__all__ = ["MAX_XLIFF_DEPTH", "PLATFORM_TEXTS", "Translator", "generated_id", "looks_like_id", "package_folders",
           "project_translator", "split_id"]
