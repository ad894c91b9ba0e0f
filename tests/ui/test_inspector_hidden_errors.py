"""The CMS validates every property of the node type, shown or not, and keeps "Apply" disabled while one
fails (facts §3.1): the preview names the failing properties it does not show."""

from nodetype_studio.preview.inspector import InspectorSource
from nodetype_studio.ui.inspector import InspectorWidget

NOT_EMPTY = {"Neos.Neos/Validation/NotEmptyValidator": {}}
CONFIG = {
    "ui": {"inspector": {"tabs": {"default": {}}, "groups": {"g": {}, "lost": {"tab": "nowhere"}}}},
    "properties": {
        "shown": {"type": "string", "ui": {"label": "Shown", "inspector": {"group": "g"}}, "validation": NOT_EMPTY},
        "hidden": {"type": "string", "ui": {"inspector": {"group": "g", "hidden": True}}, "validation": NOT_EMPTY},
        "ungrouped": {"type": "string", "validation": NOT_EMPTY},
        "lost": {"type": "string", "ui": {"inspector": {"group": "lost"}}, "validation": NOT_EMPTY},
        "switch": {"type": "boolean", "defaultValue": True, "ui": {"inspector": {"group": "g"}}},
        "dynamic": {"type": "string", "validation": NOT_EMPTY,
                    "ui": {"inspector": {"group": "g", "hidden": "ClientEval:node.properties.switch"}}},
    },
}


def show(qtbot, values=None):
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    widget.show_node_type(InspectorSource("V.P:X", CONFIG), values)
    return widget


def test_failing_properties_that_are_not_shown_are_named(qtbot):
    widget = show(qtbot)
    assert widget.invalid_but_not_shown() == ["hidden", "ungrouped", "lost", "dynamic"]
    note = widget.hidden_errors_note
    assert not note.isHidden()
    assert note.text().startswith("The CMS validates every property, shown or not, and keeps \u201cApply\u201d "
                                  "disabled while these are invalid, though the inspector does not show them: "
                                  "hidden (This field is required.), ungrouped (")
    assert note.text().endswith(" and 1 more")
    assert "dynamic: This field is required." in note.toolTip()


def test_the_note_follows_the_values_and_the_client_eval_visibility(qtbot):
    widget = show(qtbot, {"hidden": "x", "ungrouped": "x", "lost": "x", "shown": "x"})
    assert widget.invalid_but_not_shown() == ["dynamic"]  # hidden by its ClientEval while `switch` is on
    widget.editor("switch").commit(False)
    qtbot.waitUntil(lambda: widget.invalid_but_not_shown() == [] and widget.hidden_errors_note.isHidden())
    widget.editor("switch").commit(True)
    qtbot.waitUntil(lambda: widget.invalid_but_not_shown() == ["dynamic"] and not widget.hidden_errors_note.isHidden())
