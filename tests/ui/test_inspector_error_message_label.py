"""A `validationErrorMessage` that is not text, as the inspector shows it (real widgets, typed keys)."""

from PySide6.QtCore import Qt

from nodetype_studio.preview.inspector import InspectorSource
from nodetype_studio.ui.inspector import InspectorWidget


def _title(qtbot, label):
    config = {
        "ui": {"inspector": {"tabs": {"default": {}}, "groups": {"g": {}}}},
        "properties": {"title": {"type": "string", "defaultValue": "Hi", "ui": {"inspector": {"group": "g"}},
                                 "validation": {"Neos.Neos/Validation/NotEmptyValidator": {
                                     "validationErrorMessage": label}}}},
    }
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    widget.show_node_type(InspectorSource("V.P:Thing", config))
    title = widget.editor("title")
    title.line.selectAll()
    qtbot.keyClick(title.line, Qt.Key_Backspace)
    return widget, title


def test_a_number_label_shows_the_translators_crash(qtbot):
    widget, title = _title(qtbot, 5)
    shown = title.error_text()
    assert "TypeError" in shown and "is not a function" in shown and "in place of its label and editor" in shown
    assert widget.tab_error_count("default") == 1
    qtbot.keyClicks(title.line, "x")
    assert title.error_text() == "" and widget.tab_error_count("default") == 0


def test_false_label_is_an_error_without_text(qtbot):
    widget, title = _title(qtbot, False)
    assert title.error_text() == ""
    assert widget.errors["title"] == [""] and widget.tab_error_count("default") == 1


def test_zero_label_is_shown_as_written(qtbot):
    widget, title = _title(qtbot, 0)
    assert title.error_text() == "0"
