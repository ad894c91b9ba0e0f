"""Writing fixture files from a data-source select box: from scratch, from the current answer, editing."""

import json

import yaml

from tests.datasources.helpers import Answer
from tests.ui.datasource_helpers import options, wait_answer

PRODUCT = "Acme.Sources:Content.Product"
SIZES = "- value: 's'\n  label: 'Small'\n- value: 'm'\n  label: 'Medium'\n"


def test_create_a_fixture_from_scratch(qtbot, open_inspector, project_root, services):
    inspector = open_inspector(project_root, PRODUCT, services(project_root))
    size = inspector.editor("size")
    [action] = size.binding.menu_button.menu().actions()
    assert action.text() == "Create fixture file\u2026"
    action.trigger()
    dialog = size.binding.dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.findChild(type(dialog.problems), "fixturePath").text() == (
        ".nodetype-studio/data-sources/acme-sizes.yaml  (new file)")
    assert not dialog.from_response.isEnabled()
    assert "value: 'first'" in dialog.text.toPlainText()  # the scratch template
    dialog.text.setPlainText(SIZES)
    assert dialog.save()
    target = project_root / ".nodetype-studio" / "data-sources" / "acme-sizes.yaml"
    assert target.read_text() == SIZES
    assert options(size) == [("option", "Small"), ("option", "Medium")]
    assert size.data_source_status().startswith("Options from fixture file .nodetype-studio/data-sources/acme-sizes.yaml")


def test_invalid_text_is_not_saved(qtbot, open_inspector, project_root, services):
    inspector = open_inspector(project_root, PRODUCT, services(project_root))
    dialog = inspector.editor("size").binding.open_fixture_dialog()
    dialog.text.setPlainText("- value: s\n  label: [Small\n")
    assert not dialog.save()
    assert dialog.isVisible() and dialog.problems.text().startswith("Not saved \u2014 line 3: YAML syntax error")
    dialog.text.setPlainText("just a sentence\n")
    assert not dialog.save()
    assert "not a string" in dialog.problems.text()
    assert not (project_root / ".nodetype-studio").exists()


def test_entries_without_label_do_not_block_saving(qtbot, open_inspector, project_root, services):
    inspector = open_inspector(project_root, PRODUCT, services(project_root))
    size = inspector.editor("size")
    dialog = size.binding.open_fixture_dialog()
    dialog.text.setPlainText("- value: s\n  label: Small\n- value: x\n")
    assert dialog.save()
    assert dialog.warnings == ["line 3: item 1 has no label: the select box leaves it out"]
    assert options(size) == [("option", "Small")]
    assert "1 entry without a label left out" in size.data_source_status()


def test_save_the_current_answer_as_a_fixture(qtbot, server, open_inspector, project_root, services):
    answer = [{"value": "yes", "label": "Ja", "group": "Basic"}, {"value": "2", "label": "Zwei \u00e9", "icon": "fas fa-x"}]
    srv = server({"/options/colours": Answer(json.dumps(answer))})
    service = services(project_root, base_url=srv.url)
    inspector = open_inspector(project_root, PRODUCT, service)
    colour = inspector.editor("colour")
    wait_answer(qtbot, colour)
    assert colour.binding.action_texts() == ["Save as fixture file\u2026"]
    dialog = colour.binding.open_fixture_dialog()
    assert dialog.from_response.isEnabled()
    text = dialog.text.toPlainText()
    assert text.startswith("# Recorded answer of URI \u201c/options/colours\u201d")
    dialog.text.setPlainText("[]\n")
    dialog.from_scratch.click()
    dialog.from_response.click()
    assert dialog.text.toPlainText() == text
    assert dialog.save()
    target = project_root / ".nodetype-studio" / "data-sources" / "uri" / "options_colours.yaml"
    assert yaml.safe_load(target.read_text()) == answer
    assert colour.data_source_status().startswith(
        "Options from fixture file .nodetype-studio/data-sources/uri/options_colours.yaml")
    assert len(srv.requests_to("/options/colours")) == 1  # the fixture answers now, not the server


def test_edit_an_existing_json_fixture(qtbot, open_inspector, project_root, services):
    folder = project_root / ".nodetype-studio" / "data-sources"
    folder.mkdir(parents=True)
    fixture = folder / "acme-sizes.json"
    fixture.write_text('[{"value": "s", "label": "Small"}]\n')
    inspector = open_inspector(project_root, PRODUCT, services(project_root))
    size = inspector.editor("size")
    dialog = size.binding.open_fixture_dialog()
    assert dialog.text.toPlainText() == '[{"value": "s", "label": "Small"}]\n'
    assert not dialog.from_response.isEnabled()  # the shown options come from this very file
    dialog.fill_from_scratch()
    assert json.loads(dialog.text.toPlainText()) == [{"value": "first", "label": "First option"}]
    dialog.reject()
    assert fixture.read_text() == '[{"value": "s", "label": "Small"}]\n'  # cancel leaves the file alone
    dialog = size.binding.open_fixture_dialog()
    dialog.text.setPlainText('[{"value": "s", "label": "Small"},\n {"value": "l", "label": }]')
    assert not dialog.save() and "line 2: JSON syntax error" in dialog.problems.text()
    dialog.text.setPlainText('{"l": {"label": "Large"}}')
    assert dialog.save()
    assert fixture.read_text() == '{"l": {"label": "Large"}}\n'
    assert options(size) == [("option", "Large")]


def test_the_fixture_text_reads_on_the_dark_scheme(qtbot, tmp_path):
    from PySide6.QtGui import QColor
    from PySide6.QtWidgets import QApplication

    from nodetype_studio.ui.datasource_dialog import FixtureDialog
    from nodetype_studio.ui.studio.theme import dark_palette
    from tests.ui.contrast import contrast

    app = QApplication.instance()
    before = app.palette()
    app.setPalette(dark_palette())
    try:
        for name in ("sizes.yaml", "sizes.json"):
            dialog = FixtureDialog(tmp_path / name, name, "Acme sizes")
            qtbot.addWidget(dialog)
            dialog.text.setPlainText(SIZES if name.endswith(".yaml") else '[{"value": "s", "label": "Small", "n": 1}]')
            dialog._highlighter.rehighlight()
            base = dialog.text.palette().base().color()
            shown = set()
            block = dialog.text.document().begin()
            while block.isValid():
                shown |= {r.format.foreground().color().name() for r in block.layout().formats()}
                block = block.next()
            shown.discard("#000000")  # a range with no colour of its own
            assert shown, name
            assert not {colour for colour in shown if contrast(QColor(colour), base) < 3}, name
    finally:
        app.setPalette(before)


def test_a_fixture_file_larger_than_the_studio_reads_is_not_loaded_into_the_editor(qtbot, open_inspector, project_root,
                                                                                    services):
    from nodetype_studio.boundedio import MAX_FILE_BYTES

    target = project_root / ".nodetype-studio" / "data-sources" / "acme-sizes.yaml"
    target.parent.mkdir(parents=True)
    with open(target, "w", encoding="utf-8") as stream:
        stream.write(SIZES + "#" * (MAX_FILE_BYTES + 10) + "\n")
    inspector = open_inspector(project_root, PRODUCT, services(project_root))
    dialog = inspector.editor("size").binding.open_fixture_dialog()
    assert dialog.problems.isVisible()
    assert dialog.problems.text().startswith("The file could not be read (the file is larger than 8 MB, the most the "
                                             "studio reads")
    assert dialog.problems.text().endswith("; saving replaces it.")
    assert "value: 'first'" in dialog.text.toPlainText()  # the scratch template, not the file
    assert target.stat().st_size > MAX_FILE_BYTES  # nothing written
