"""Editing YAML files with minimal, comment-preserving diffs (Qt-free; used by the GUI and the CLI).

``YamlDocument`` edits one file by splicing text and verifies every edit by re-parsing;
``NodeTypeEditor`` routes node-type-level edits to the right file of a project.
"""

from typing import TYPE_CHECKING

from nodetype_studio.lazyexports import lazy_exports

# Names are imported with their first use: YamlDocument's modules (the indexing, the splicing, the
# scalar rendering and yaml) cost the start-up about 30 ms, and the studio needs them only with the
# first edit, not to load and show a project.
_WHERE = {
    "YamlDocument": "document",
    "AliasEditError": "errors", "Edit": "errors", "EditError": "errors", "FileChangedOnDisk": "errors",
    "PathNotFound": "errors", "SaveError": "errors", "YamlParseError": "errors",
    "KeyPathError": "keypath", "format_path": "keypath", "parse_keypath": "keypath",
    "NodeTypeEditor": "nodetype_editor",
}

if TYPE_CHECKING:
    from nodetype_studio.editing.document import YamlDocument
    from nodetype_studio.editing.errors import (
        AliasEditError,
        Edit,
        EditError,
        FileChangedOnDisk,
        PathNotFound,
        SaveError,
        YamlParseError,
    )
    from nodetype_studio.editing.keypath import KeyPathError, format_path, parse_keypath
    from nodetype_studio.editing.nodetype_editor import NodeTypeEditor


__getattr__ = lazy_exports(__name__, _WHERE)


__all__ = [
    "AliasEditError",
    "Edit",
    "EditError",
    "FileChangedOnDisk",
    "KeyPathError",
    "NodeTypeEditor",
    "PathNotFound",
    "SaveError",
    "YamlDocument",
    "YamlParseError",
    "format_path",
    "parse_keypath",
]
