"""The inspector preview without Qt: layout, translations, the preview node, editor context."""
