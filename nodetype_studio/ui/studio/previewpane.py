"""The live inspector preview of the selected node type, with the last few previews kept alive.

Going back to a node type whose configuration did not change shows its inspector as it was (values
typed into the preview included) instead of building it again; a changed configuration rebuilds
that inspector, except a change of the node type's own label alone (typing in the label field), which
only the inspector's title shows: the title is set again. At most ``keep`` inspectors are kept.
"""

from __future__ import annotations

from collections import OrderedDict

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QLabel, QStackedWidget

from nodetype_studio.ui import style


class PreviewPane(QStackedWidget):
    valueChanged = Signal(str, str, object)  # node type, property, value

    def __init__(self, parent=None, keep: int = 4):
        super().__init__(parent)
        self.keep = keep
        self.setProperty("ownUndo", True)  # values typed here never reach the project: Ctrl+Z undoes the typing
        # name -> (inspector, config, what else the inspector was built from: see _context)
        self._cache: OrderedDict[str, tuple[object, object, tuple]] = OrderedDict()
        self.empty = QLabel("Select a node type to preview its inspector.", self)
        self.empty.setWordWrap(True)
        style.tint(self.empty, style.MUTED)
        self.addWidget(self.empty)
        self.name: str | None = None
        self.builds = 0

    def show_node_type(self, node_type, project) -> None:
        """Show the inspector of ``node_type`` (None: the empty note)."""
        if node_type is None:
            self.name = None
            self.setCurrentWidget(self.empty)
            return
        from nodetype_studio.preview.inspector import InspectorSource
        from nodetype_studio.ui.inspector import (
            InspectorWidget,  # the editors load after the first paint
        )

        entry = self._cache.pop(node_type.name, None)
        context = _context(node_type, project)
        if entry is None:
            inspector = InspectorWidget(self)
            inspector.valueChanged.connect(lambda prop, value, n=node_type.name: self.valueChanged.emit(n, prop, value))
            self.addWidget(inspector)
            config, built_with = None, None
        else:
            inspector, config, built_with = entry
        if config is not node_type.preview:
            from nodetype_studio.preview.inspector import same_but_label

            if built_with is not None and all(a is b for a, b in zip(built_with[:-1], context[:-1], strict=True)) \
                    and built_with[-1] == context[-1] and inspector.source is not None \
                    and same_but_label(config, node_type.preview):
                inspector.retitle(node_type.preview)
            else:
                inspector.show_node_type(InspectorSource.from_model(node_type, project))
                self.builds += 1
        self._cache[node_type.name] = (inspector, node_type.preview, context)
        self.name = node_type.name
        self.setCurrentWidget(inspector)
        while len(self._cache) > self.keep:
            _name, (old, _config, _built_with) = self._cache.popitem(last=False)
            self.removeWidget(old)
            old.deleteLater()

    def current(self):
        """The inspector on show (None when nothing is selected)."""
        widget = self.currentWidget()
        return None if widget is self.empty else widget

    def forget_all(self) -> None:
        for inspector, _config, _built_with in self._cache.values():
            self.removeWidget(inspector)
            inspector.deleteLater()
        self._cache.clear()
        self.name = None
        self.setCurrentWidget(self.empty)


def _context(node_type, project) -> tuple:
    """What an inspector is built from besides the configuration (packages and their translations and
    icons, platform, CMS version, sample content), compared by identity: the same objects after an edit
    re-resolved incrementally, new ones after a full load; and the preview's own editors, by value."""
    return (project.packages, project.platform, project.cms_version, project.root,
            frozenset(getattr(node_type, "preview_additions", ())))
