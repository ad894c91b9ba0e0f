"""A value a regular expression needs long for: the field stays usable, a note says it is being
checked, and the browser's verdict arrives from the background; a stale answer never wins."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from nodetype_studio.js import engine as jsengine
from nodetype_studio.model import load_project
from nodetype_studio.preview.inspector import InspectorSource
from nodetype_studio.ui.inspector import PENDING_NOTE, InspectorWidget

YAML = r"""
'Acme.Slow:Form':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    inspector:
      tabs:
        main: {label: Main}
      groups:
        fields: {label: Fields, tab: main}
  properties:
    code:
      type: string
      ui: {label: Code, inspector: {group: fields}}
      validation:
        'Neos.Neos/Validation/RegularExpressionValidator': {regularExpression: '/(a+)+$/'}
"""
NO_MATCH = "does not match the pattern"


@pytest.fixture
def field(qtbot, tmp_path):
    if not jsengine.available():
        pytest.skip(f"V8 (mini-racer) is not available: {jsengine.unavailable_reason()}")
    root = tmp_path / "Acme.Slow"
    (root / "NodeTypes").mkdir(parents=True)
    (root / "composer.json").write_text(
        '{"name": "acme/slow", "type": "neos-site", "extra": {"neos": {"package-key": "Acme.Slow"}}}')
    (root / "NodeTypes" / "Form.yaml").write_text(YAML)
    project = load_project(root)
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    widget.show_node_type(InspectorSource.from_model(project.node_type("Acme.Slow:Form"), project))
    widget.show()
    editor = widget.editors["code"]
    return widget, editor, editor.findChild(QLineEdit)


def test_the_browsers_verdict_arrives_from_the_background(field, qtbot):
    widget, editor, line = field
    qtbot.keyClicks(line, "a" * 24 + "!")  # V8 needs a few tenths of a second for this one
    assert line.text() == "a" * 24 + "!"
    assert widget.validation_pending()
    assert editor.errors() == [] and PENDING_NOTE in editor.note_text()  # a note, not an error
    qtbot.waitUntil(lambda: not widget.validation_pending(), timeout=30000)
    qtbot.wait(50)  # the answer is delivered through the event loop
    assert len(editor.errors()) == 1 and NO_MATCH in editor.errors()[0]
    assert PENDING_NOTE not in editor.note_text()
    assert widget.tab_error_count("main") == 1


def test_a_value_the_browser_never_finishes_is_a_warning(field, qtbot):
    widget, editor, line = field
    qtbot.keyClicks(line, "a" * 60 + "!")
    qtbot.waitUntil(lambda: not widget.validation_pending(), timeout=30000)
    qtbot.wait(50)
    assert editor.errors() == [] and widget.tab_error_count("main") == 0
    assert "freeze" in editor.note_text()


def test_typing_on_drops_the_stale_answer(field, qtbot):
    widget, editor, line = field
    qtbot.keyClicks(line, "a" * 60 + "!")  # slow: sent to the background
    qtbot.keyClick(line, Qt.Key_Backspace)  # "aaa…a" matches at once
    assert editor.errors() == [] and editor.note_text() == ""
    qtbot.waitUntil(lambda: not widget.validation_pending(), timeout=30000)
    qtbot.wait(50)
    assert editor.errors() == [] and editor.note_text() == ""  # the old value's answer is dropped
