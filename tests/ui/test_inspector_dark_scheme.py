"""The inspector in the dark scheme: panels drawn behind text take their colour from the palette, so
the palette's light text stays readable on them."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QLabel

from nodetype_studio.model.prefix import Platform
from nodetype_studio.preview.inspector import InspectorSource
from nodetype_studio.ui import style
from nodetype_studio.ui.inspector import InspectorWidget
from nodetype_studio.ui.studio.theme import dark_palette
from tests.ui.contrast import contrast


@pytest.fixture(params=["light", "dark"])
def scheme(request):
    app = QApplication.instance()
    before = app.palette()
    if request.param == "dark":
        app.setPalette(dark_palette())
    yield request.param
    app.setPalette(before)


def _shown(qtbot, name: str, properties: dict, last: str) -> InspectorWidget:
    """A shown 320 x 400 inspector of a type with one tab and group `main` holding ``properties``, once the
    editor of property ``last`` is visible."""
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    widget.resize(320, 400)
    widget.show()
    config = {"ui": {"label": name.rsplit(".", 1)[-1], "inspector": {
        "tabs": {"default": {"label": "General"}}, "groups": {"main": {"label": "Main", "tab": "default"}}}},
        "properties": properties}
    widget.show_node_type(InspectorSource(name, config, Platform("Neos")))
    qtbot.waitUntil(lambda: widget.editor(last) is not None and widget.editor(last).isVisible())
    return widget


def test_the_help_panel_is_readable_in_both_schemes(qtbot, scheme):
    widget = _shown(qtbot, "Acme.Site:Content.Helped", {"title": {"type": "string", "ui": {
        "label": "Title", "help": {"message": "Say **what** it is."}, "inspector": {"group": "main"}}}}, "title")
    panel = widget.toggle_help("title")
    qtbot.waitUntil(panel.isVisible)
    background = panel.grab().toImage().pixelColor(1, 1)  # inside the margin: the panel's fill
    text = panel.palette().color(QPalette.WindowText)
    assert contrast(background, text) >= 4.5, (scheme, background.name(), text.name())


def test_errors_and_notes_are_readable_in_both_schemes(qtbot, scheme):
    widget = _shown(qtbot, "Acme.Site:Content.Noted", {
        "title": {"type": "string", "validation": {"Neos.Neos/Validation/NotEmptyValidator": {}},
                  "ui": {"label": "Title", "inspector": {"group": "main"}}},
        "widget": {"type": "string", "ui": {"label": "Widget", "inspector": {
            "group": "main", "editor": "Acme.Site/Inspector/Editors/Unknown"}}}}, "widget")
    labels = {label.text(): label for label in widget.findChildren(QLabel) if label.isVisible()}
    error = labels["This field is required."]
    [note] = [label for text, label in labels.items() if "has no widget registered" in text]
    for label, chosen in ((error, style.ERROR), (note, style.NOTE)):  # they read as body text does (4.5:1):
        palette = label.palette()  # lighter on the dark window, a touch darker on the light one's grey
        assert contrast(palette.color(QPalette.WindowText), palette.color(QPalette.Window)) >= 4.5, label.text()
        assert palette.color(QPalette.WindowText) != QApplication.palette().color(QPalette.WindowText)  # still tinted
        assert abs(palette.color(QPalette.WindowText).hslHue() - QColor(chosen).hslHue()) <= 2  # in the same hue
