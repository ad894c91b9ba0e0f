"""What the validators receive: the preview (typing into real fields) and `validate --typed --json`
give the same verdicts; a value set from outside is validated as stored, like `validate` without --typed."""

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from nodetype_studio.cli import main
from nodetype_studio.model import load_project
from nodetype_studio.preview.inspector import InspectorSource
from nodetype_studio.ui.inspector import InspectorWidget

NODE_TYPE = "Acme.Typing:Form"
YAML = r"""
'Acme.Typing:Form':
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
      type: integer
      ui: {label: Code, inspector: {group: fields}}
      validation:
        'Neos.Neos/Validation/RegularExpressionValidator': {regularExpression: '/^[0-9]{3}$/'}
    zip:
      type: integer
      ui: {label: Zip, inspector: {group: fields}}
      validation:
        'Neos.Neos/Validation/StringLengthValidator': {minimum: 3, maximum: 3}
    text:
      type: integer
      ui: {label: Text, inspector: {group: fields}}
      validation:
        'Neos.Neos/Validation/StringValidator': []
    count:
      type: integer
      ui: {label: Count, inspector: {group: fields}}
      validation:
        'Neos.Neos/Validation/IntegerValidator': []
    big:
      type: integer
      ui: {label: Big, inspector: {group: fields}}
      validation:
        'Neos.Neos/Validation/NumberRangeValidator': {minimum: 0, maximum: 10}
    mail:
      type: string
      ui: {label: Mail, inspector: {group: fields}}
      validation:
        'Neos.Neos/Validation/EmailAddressValidator': []
    name:
      type: string
      ui: {label: Name, inspector: {group: fields}}
      validation:
        'Neos.Neos/Validation/AlphanumericValidator': []
        'Neos.Neos/Validation/NotEmptyValidator': []
"""

# (property, typed text, the browser's verdict while typing)
TYPED = [
    ("code", "123", True),        # the typed string matches; the number 123 would make the validator throw
    ("code", "12", False),
    ("zip", "007", True),         # "007" has 3 characters; the number 7 has one
    ("zip", "7", False),
    ("text", "12", True),         # a typed string is a string, also for an integer property
    ("count", "+7", False),       # only digits and '-'
    ("count", "-7", True),
    ("count", "12abc", False),
    ("big", "9007199254740992", False),  # parseInt gives no safe integer: "valid number expected"
    ("big", "9", True),
    ("big", "11", False),
    ("mail", '"a b"@example.com', False),
    ("mail", "a@ab--c.de", True),
    ("name", "Straße", True),
    ("name", "a_b", False),
    ("name", "", False),          # emptied: NotEmpty sees ''
]


@pytest.fixture(scope="module")
def project_dir(tmp_path_factory):
    root = tmp_path_factory.mktemp("typing") / "Acme.Typing"
    (root / "NodeTypes").mkdir(parents=True)
    (root / "composer.json").write_text(
        '{"name": "acme/typing", "type": "neos-site", "extra": {"neos": {"package-key": "Acme.Typing"}}}')
    (root / "NodeTypes" / "Form.yaml").write_text(YAML)
    return root


@pytest.fixture
def inspector(qtbot, project_dir):
    project = load_project(project_dir)
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    widget.show_node_type(InspectorSource.from_model(project.node_type(NODE_TYPE), project))
    widget.resize(400, 900)
    widget.show()
    return widget


def cli_verdict(capsys, project_dir, prop, value, *flags):
    code = main(["validate", str(project_dir), NODE_TYPE, prop, value, "--json", *flags])
    data = json.loads(capsys.readouterr().out)
    assert code == (0 if data["valid"] else 1)
    return data["valid"], [f["message"] for f in data["findings"] if f["severity"] == "error"]


def test_typing_and_validate_typed_give_the_same_verdicts(inspector, qtbot, capsys, project_dir):
    for prop, text, browser_valid in TYPED:
        editor = inspector.editors[prop]
        line = editor.findChild(QLineEdit)
        line.selectAll()
        qtbot.keyClick(line, Qt.Key_Backspace)
        qtbot.keyClicks(line, text)
        assert line.text() == text  # nothing the CMS accepts is blocked
        shown = editor.errors()
        valid, messages = cli_verdict(capsys, project_dir, prop, text, "--typed")
        assert (valid, messages) == (not shown, shown), (prop, text)
        assert valid is browser_valid, (prop, text, messages)
        if shown:
            assert editor.error_text()  # the user sees it under the field


# (property, stored value as YAML, as Python, the verdict on the stored value)
STORED = [
    ("code", "123", 123, None),   # the validator calls value.match on a number: the browser throws
    ("zip", "7", 7, False),       # the number 7 is one character long
    ("text", "12", 12, False),    # a stored integer is not a string
    ("count", "7", 7, True),
    ("big", "5", 5, True),
]


def test_values_set_from_outside_are_validated_as_stored(inspector, capsys, project_dir):
    for prop, yaml_text, value, verdict in STORED:
        inspector.set_values({prop: value})
        shown = inspector.editors[prop].errors()
        valid, messages = cli_verdict(capsys, project_dir, prop, yaml_text)
        assert (valid, messages) == (not shown, shown), prop
        if verdict is not None:
            assert valid is verdict, (prop, messages)
        else:
            assert not valid and "throws" in messages[0]


def test_typed_values_stay_typed_until_reloaded(inspector, qtbot):
    line = inspector.editors["zip"].findChild(QLineEdit)
    qtbot.keyClicks(line, "007")
    assert inspector.values()["zip"] == 7  # stored as the property type stores it
    assert inspector.node.validation_value("zip") == "007" and inspector.editors["zip"].errors() == []
    inspector.reset()
    assert inspector.node.validation_value("zip") is None
