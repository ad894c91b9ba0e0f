"""A project's offline stand-ins for the CMS: its sample content tree and its media library (Qt-free).

Both are built on first use. The content tree is read from ``.nodetype-studio/content.yaml`` when
that file exists, else generated from the node types; it is written back on every change. A workspace
made with ``persist=False`` writes nothing into the project: content stays in memory, uploads go to a
folder of this session. Editors shown without a project use ``Workspace.standalone()``: the bundled
example project, not persisted.
"""

from __future__ import annotations

import weakref
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nodetype_studio.content.types import TypeIndex
from nodetype_studio.diagnostics import Diagnostic, info

# The content tree, its generator and store, and the media library are imported with the first use of
# the content or the media (a link or reference editor, the content command): every preview makes the
# project's workspace, and the first one is painted sooner without them.
if TYPE_CHECKING:
    from nodetype_studio.content.tree import ContentTree
    from nodetype_studio.media.library import MediaLibrary

_BY_PROJECT: dict[int, "Workspace"] = {}
_standalone: "Workspace | None" = None


class Workspace:
    def __init__(self, project: Any, *, persist: bool = True):
        self.project = project
        root = Path(getattr(project, "root", ".") or ".")
        self.project_root = root if root.is_dir() else root.parent
        self.root: Path | None = self.project_root if persist else None  # where files are written
        self.types = TypeIndex(project)
        self._content: ContentTree | None = None
        self._media: MediaLibrary | None = None
        self.content_diagnostics: list[Diagnostic] = []
        self._content_file_broken = False

    # -- one per project -----------------------------------------------------------------------
    @classmethod
    def for_project(cls, project: Any) -> "Workspace":
        """The workspace of ``project`` (the same object for the same project object)."""
        key = id(project)
        workspace = _BY_PROJECT.get(key)
        if workspace is None or workspace.project is not project:
            workspace = cls(project)
            _BY_PROJECT[key] = workspace
            try:
                weakref.finalize(project, _BY_PROJECT.pop, key, None)
            except TypeError:  # not weak-referenceable: kept for the session
                pass
        return workspace

    @classmethod
    def standalone(cls) -> "Workspace":
        """For editors shown without a project: the bundled example project, not persisted."""
        global _standalone
        if _standalone is None:
            from nodetype_studio.bundled import example_project
            from nodetype_studio.model import load_project

            _standalone = cls(load_project(example_project()), persist=False)
        return _standalone

    # -- content -------------------------------------------------------------------------------
    @property
    def content_file(self) -> Path | None:
        from nodetype_studio.content import store
        from nodetype_studio.media.library import CONFIG_DIR

        return self.root / CONFIG_DIR / store.CONTENT_FILE if self.root is not None else None

    @property
    def content(self) -> ContentTree:
        if self._content is None:
            self._content = self._load_content()
        return self._content

    def _load_content(self) -> ContentTree:
        from nodetype_studio.content import store
        from nodetype_studio.content.generate import generate
        from nodetype_studio.content.tree import SITES, ContentTree

        file = self.content_file
        saver = self._save_content if file is not None else None
        if file is not None and file.is_file():
            loaded = store.load(file)
            self.content_diagnostics = loaded.diagnostics
            if loaded.usable:
                site = loaded.site or _first_site(loaded.nodes)
                return ContentTree(loaded.nodes, site or f"{SITES}/site", self.types, saver)
            self._content_file_broken = True
            self.content_diagnostics.append(info(
                "content-generated", f"{file} could not be used; showing generated sample content. The file is kept "
                                     f"(renamed to {file.name}.broken) when the content is next saved."))
        nodes, site = generate(self.project, self.types)
        return ContentTree(nodes, site, self.types, saver)

    def _save_content(self, tree: ContentTree) -> str:
        file = self.content_file
        if file is None:  # sample content of a project without a folder stays in memory
            return ""
        from nodetype_studio.content import store

        problem = store.save(file, tree, keep_broken=self._content_file_broken)
        if not problem:
            self._content_file_broken = False
        return problem

    def regenerate_content(self) -> ContentTree:
        """Throw the current sample content away and generate it anew (saved at once)."""
        from nodetype_studio.content.generate import generate
        from nodetype_studio.content.tree import ContentTree

        nodes, site = generate(self.project, self.types)
        tree = self.content
        listeners = tree.listeners
        ContentTree.__init__(tree, nodes, site, self.types, tree.saver)  # the same object: editors keep it
        tree.listeners = listeners
        tree.changed()
        return tree

    # -- media ---------------------------------------------------------------------------------
    @property
    def media(self) -> MediaLibrary:
        if self._media is None:
            from nodetype_studio.media.library import MediaLibrary

            folders = [Path(p.path) for p in getattr(self.project, "packages", [])]
            self._media = MediaLibrary.for_project(self.project_root, folders, writable=self.root is not None)
        return self._media


def _first_site(nodes) -> str | None:
    from nodetype_studio.content.tree import SITES

    for node in nodes:
        if node.parent_path == SITES:
            return node.path
    return None
