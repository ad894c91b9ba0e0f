"""The Qt-free project model: discovery, YAML as the CMS reads it, merging, inheritance, provenance.

Entry point: ``load_project(path) -> Project`` (see ``project.py``); a node type's attributes are
described in ``nodetype.py``.
"""

from nodetype_studio.model.nodetype import NodeType, Provenance, SourceFile
from nodetype_studio.model.project import Project, load_project

__all__ = ["load_project", "Project", "NodeType", "Provenance", "SourceFile"]
