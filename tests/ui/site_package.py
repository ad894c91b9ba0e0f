"""A one-package project written into a test's folder: `Acme.Site` with its NodeTypes, optional Settings
and a composer.json requiring the CMS version the test needs; and the inspector of one of its types."""

from __future__ import annotations

import json
from pathlib import Path


def write_site_package(folder: Path, types: str, *, settings: str | None = None, neos: str = "^9.0") -> Path:
    root = folder / "Acme.Site"
    (root / "Configuration").mkdir(parents=True)
    (root / "Configuration" / "NodeTypes.yaml").write_text(types)
    if settings is not None:
        (root / "Configuration" / "Settings.yaml").write_text(settings)
    (root / "composer.json").write_text(json.dumps({"name": "acme/site", "type": "neos-site",
                                                    "require": {"neos/neos": neos}}))
    return root


def inspector_of(qtbot, root: Path, name: str):
    """The inspector of node type ``name`` of the project at ``root``, shown."""
    from nodetype_studio.model import load_project
    from nodetype_studio.preview.inspector import InspectorSource
    from nodetype_studio.ui.inspector import InspectorWidget

    project = load_project(root, use_cache=False)
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    widget.resize(420, 700)
    widget.show()
    widget.show_node_type(InspectorSource.from_model(project.node_type(name), project))
    return widget


def editor_on_its_tab(qtbot, widget, name: str):
    """Click through the inspector's tabs until the editor of property ``name`` is built; it is returned."""
    from PySide6.QtCore import Qt

    bar = widget.tabs.tabBar()
    for index in range(bar.count()):
        qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
        if name in widget.editors:
            return widget.editors[name]
    raise AssertionError(f"no tab shows the editor of {name}")
