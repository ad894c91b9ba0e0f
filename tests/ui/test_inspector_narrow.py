"""A long text does not widen the inspector past its panel (one long word wraps or is cut in its row):
a CodeEditor's button label and an inspector view's note, as untranslated ids often are. Found by building
every corpus type's preview at 400 px (the corpus has no translation files: labels are their ids)."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt

from nodetype_studio.model.prefix import Platform
from nodetype_studio.preview.inspector import InspectorSource
from nodetype_studio.ui.inspector import InspectorWidget

LONG = "Acme.Site:NodeTypes.Content.ConfirmationFinisher:properties.message.codeEditor.buttonLabel.nobody.translated"


def _inspector(qtbot, config: dict) -> InspectorWidget:
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    widget.resize(320, 600)
    widget.show()
    widget.show_node_type(InspectorSource("Acme.Site:Content.Narrow", config, Platform("Neos")))
    return widget


def _config(inspector: dict, properties: dict) -> dict:
    return {"ui": {"label": "Narrow", "inspector": {"tabs": {"default": {"label": "General"}},
                                                    "groups": {"main": {"label": "Main", "tab": "default"}}, **inspector}},
            "properties": properties}


def test_a_long_code_editor_button_label_keeps_the_inspector_narrow(qtbot):
    widget = _inspector(qtbot, _config({}, {"message": {"type": "string", "ui": {"label": "Message", "inspector": {
        "group": "main", "editor": "Neos.Neos/Inspector/Editors/CodeEditor", "editorOptions": {"buttonLabel": LONG}}}}}))
    editor = widget.editor("message")
    qtbot.waitUntil(editor.isVisible)
    assert editor.button.text() == LONG  # shown, cut in its row
    qtbot.wait(50)
    assert editor.width() <= widget.width() and editor.button.width() <= widget.width()


def test_a_long_inspector_view_label_keeps_the_inspector_narrow(qtbot):
    widget = _inspector(qtbot, _config(
        {"views": {"info": {"label": LONG, "group": "main", "view": "Acme.Site/Views/Info"}}},
        {"title": {"type": "string", "ui": {"label": "Title", "inspector": {"group": "main"}}}}))
    title = widget.editor("title")
    qtbot.waitUntil(title.isVisible)
    qtbot.wait(50)
    assert title.width() <= widget.width()  # the field keeps the panel's width: nothing is cut off on the right


def test_a_range_with_a_long_unit_keeps_the_inspector_narrow(qtbot):
    widget = _inspector(qtbot, _config({}, {
        "title": {"type": "string", "ui": {"label": "Title", "inspector": {"group": "main"}}},
        "width": {"type": "integer", "ui": {"label": "Width", "inspector": {
            "group": "main", "editor": "Neos.Neos/Inspector/Editors/RangeEditor",
            "editorOptions": {"min": 0, "max": 100000, "unit": "pixels of the viewport"}}}}}))
    title, width = widget.editor("title"), widget.editor("width")
    qtbot.waitUntil(width.isVisible)
    qtbot.wait(50)

    def right_edge(child) -> int:
        return child.mapTo(widget, child.rect().topRight()).x()

    # the title field is not cut off on the right because of the range row under it
    assert right_edge(title) < widget.width() and right_edge(width) < widget.width()
    for label in (width.min_label, width.max_label, width.unit_label):
        assert right_edge(label) < widget.width()
        needed = label.fontMetrics().boundingRect(QRect(0, 0, label.contentsRect().width(), 10_000),
                                                  Qt.TextFlag.TextWordWrap, label.text())
        assert needed.width() <= label.contentsRect().width() and needed.height() <= label.contentsRect().height()
    assert width.slider.width() >= 4 * width.slider.fontMetrics().averageCharWidth()  # still something to drag
