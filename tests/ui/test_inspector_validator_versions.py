"""The inspector validates as the UI of the project's CMS version does (real widgets, typed keys)."""

import pytest
from PySide6.QtCore import Qt

from nodetype_studio.preview.inspector import InspectorSource
from nodetype_studio.ui.inspector import InspectorWidget
from nodetype_studio.validation import validate_value


def _widget(qtbot, validation, cms_version, **widget_options):
    config = {
        "ui": {"inspector": {"tabs": {"default": {}}, "groups": {"g": {}}}},
        "properties": {"title": {"type": "string", "defaultValue": "Hi", "validation": validation,
                                 "ui": {"inspector": {"group": "g"}}}},
    }
    widget = InspectorWidget(**widget_options)
    qtbot.addWidget(widget)
    widget.show_node_type(InspectorSource("V.P:Thing", config, cms_version=cms_version))
    return widget


def _clear(qtbot, line):
    line.selectAll()
    qtbot.keyClick(line, Qt.Key_Backspace)


@pytest.mark.parametrize("cms_version", ["8.3", "9"])
def test_null_not_empty_options_when_the_field_is_emptied(qtbot, cms_version):
    widget = _widget(qtbot, {"Neos.Neos/Validation/NotEmptyValidator": None}, cms_version)
    title = widget.editor("title")
    assert title.error_text() == ""
    _clear(qtbot, title.line)
    if cms_version == "9":
        assert title.error_text() == "This field is required."
    else:
        shown = title.error_text()
        assert "Neos 8.3's NotEmptyValidator" in shown and "throws in the browser" in shown
        assert "`{}` instead of `~`" in shown
    assert widget.tab_error_count("default") == 1
    qtbot.keyClicks(title.line, "ok")
    assert title.error_text() == "" and widget.tab_error_count("default") == 0


def test_null_email_options_throw_in_83_for_a_valid_address(qtbot):
    widget = _widget(qtbot, {"Neos.Neos/Validation/EmailAddressValidator": None}, "8.3")
    title = widget.editor("title")
    _clear(qtbot, title.line)
    assert title.error_text() == ""
    qtbot.keyClicks(title.line, "admin@example.org")
    assert "Neos 8.3's EmailAddressValidator" in title.error_text()


@pytest.mark.parametrize("cms_version", ["8.3", "9"])
def test_the_public_validate_value_works_as_the_inspectors_validate_hook(qtbot, cms_version):
    # the inspector calls its hook as validate_value is called (value, config, platform, CMS version): the
    # public function itself can be the hook (the inspector benchmark passes it); it showed "validation
    # failed: validate_value() takes from 2 to 3 positional arguments" on every property
    widget = _widget(qtbot, {"Neos.Neos/Validation/NotEmptyValidator": {}}, cms_version, validate=validate_value)
    title = widget.editor("title")
    assert title.error_text() == "" and title.note_text() == ""
    _clear(qtbot, title.line)
    assert title.error_text() == "This field is required."
