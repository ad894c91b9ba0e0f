"""Editing YAML files with minimal, comment-preserving diffs (Qt-free; used by the GUI and the CLI).

``YamlDocument`` edits one file by splicing text and verifies every edit by re-parsing;
``NodeTypeEditor`` routes node-type-level edits to the right file of a project.
"""

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
