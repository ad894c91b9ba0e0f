"""Editor registry: placeholders for unknown editors, plugins registering like built-ins."""

import textwrap

import pytest
from PySide6.QtWidgets import QLabel

from nodetype_studio import plugins
from nodetype_studio.preview.context import EditorContext
from nodetype_studio.ui.editors import BUILTIN_EDITORS
from nodetype_studio.ui.editors.placeholder import PlaceholderEditor
from nodetype_studio.ui.editors.registry import (
    EditorRegistry,
    default_registry,
    registry_key,
)
from nodetype_studio.ui.editors.textfield import TextFieldEditor

PLUGIN_SOURCE = textwrap.dedent(
    """
    from PySide6.QtWidgets import QSpinBox
    from nodetype_studio.ui.editors.base import EditorWidget

    class PaletteEditor(EditorWidget):
        def __init__(self, ctx, parent=None):
            super().__init__(ctx, parent)
            self.spin = QSpinBox(self)
            self.spin.setMaximum(len(ctx.option("palette", [])))
            self.spin.valueChanged.connect(self.commit)
            self.add_field(self.spin)

        def show_value(self, value):
            self.spin.setValue(int(value or 0))

    editors = [{"identifier": "Acme.Colour/Picker", "widget": PaletteEditor, "options": {"palette": "array"}}]
    """
)


@pytest.fixture
def fresh_plugins(monkeypatch):
    def activate():
        plugins.reload_plugins()
        default_registry.cache_clear()

    activate()
    yield activate
    monkeypatch.undo()
    activate()


def test_every_platform_spelling_finds_a_builtin():
    registry = default_registry()
    for spelling in ("Neos.Neos/Inspector/Editors/TextFieldEditor", "Cms.Cms/Inspector/Editors/TextFieldEditor",
                     "TYPO3.Neos/Inspector/Editors/TextFieldEditor", "Content/Inspector/Editors/TextFieldEditor"):
        assert registry.registration(spelling).factory is TextFieldEditor
    assert registry_key("Acme/Editor") == "Acme/Editor"


def test_unknown_editor_gets_a_placeholder_naming_it(make_editor, qtbot):
    editor = make_editor("Acme.Unknown/FancyEditor", {}, value="kept")
    assert isinstance(editor, PlaceholderEditor)
    assert "Acme.Unknown/FancyEditor" in editor.note.text()
    assert editor.line.text() == "kept"
    with qtbot.waitSignal(editor.valueChanged) as blocker:
        qtbot.keyClicks(editor.line, "!")
    assert blocker.args == ["kept!"]


def test_content_and_media_editors_are_built_in(make_editor):
    for name in ("LinkEditor", "ReferenceEditor", "ReferencesEditor", "ImageEditor", "AssetEditor", "RichTextEditor"):
        editor = make_editor(name, {})
        assert not isinstance(editor, PlaceholderEditor), name
        assert type(editor).__name__ == name


def test_placeholder_round_trips_structured_values(make_editor, qtbot):
    editor = make_editor("Acme.Unknown/ListEditor", {}, value=["a", "b"])
    assert editor.line.text() == '["a", "b"]'
    editor.line.clear()
    qtbot.keyClicks(editor.line, '["c"]')
    assert editor.value() == ["c"]


def test_a_failing_factory_shows_its_error_in_place(qtbot):
    def broken(ctx):
        raise RuntimeError("kaputt")

    registry = EditorRegistry()
    registry.register({"identifier": "Acme/Broken", "widget": broken}, origin="test")
    widget = registry.create(EditorContext("Acme/Broken"))
    qtbot.addWidget(widget)
    assert isinstance(widget, PlaceholderEditor) and "kaputt" in widget.note.text()


def test_plugins_without_a_widget_or_identifier_are_not_registered():
    registry = EditorRegistry()
    assert not registry.register({"identifier": "Acme/OptionsOnly", "options": {"x": "string"}})
    assert not registry.register({"widget": TextFieldEditor}, origin="somewhere")
    assert registry.registration("Acme/OptionsOnly") is None
    assert "somewhere" in registry.problems[0]


def test_builtins_register_through_the_same_call(monkeypatch, fresh_plugins):
    calls = []
    original = EditorRegistry.register

    def spy(self, plugin, origin="built-in"):
        calls.append((plugin, origin))
        return original(self, plugin, origin)

    monkeypatch.setattr(EditorRegistry, "register", spy)
    fresh_plugins()
    default_registry()
    assert [p for p, _origin in calls[: len(BUILTIN_EDITORS)]] == BUILTIN_EDITORS


def test_plugin_folder_editor_registers_and_renders(tmp_path, monkeypatch, fresh_plugins, qtbot):
    (tmp_path / "palette_plugin.py").write_text(PLUGIN_SOURCE, encoding="utf-8")
    monkeypatch.setenv("NODETYPE_STUDIO_PLUGIN_PATH", str(tmp_path))
    fresh_plugins()
    registration = default_registry().registration("Acme.Colour/Picker")
    assert registration is not None and registration.origin.endswith("palette_plugin.py")
    widget = default_registry().create(EditorContext("Acme.Colour/Picker", options={"palette": ["r", "g", "b"]}))
    qtbot.addWidget(widget)
    assert type(widget).__name__ == "PaletteEditor"
    assert widget.spin.maximum() == 3
    with qtbot.waitSignal(widget.valueChanged):
        widget.spin.setValue(2)


def test_entry_point_editor_registers_like_a_builtin(tmp_path, monkeypatch, fresh_plugins, qtbot):
    (tmp_path / "acme_palette.py").write_text(PLUGIN_SOURCE, encoding="utf-8")
    dist = tmp_path / "acme_palette-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: acme-palette\nVersion: 1.0\n", encoding="utf-8")
    (dist / "entry_points.txt").write_text("[nodetype_studio.editors]\npalette = acme_palette:editors\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    fresh_plugins()
    registration = default_registry().registration("Acme.Colour/Picker")
    assert registration is not None and registration.origin == "palette = acme_palette:editors"


def test_a_plugin_can_replace_a_builtin(tmp_path, monkeypatch, fresh_plugins, qtbot):
    source = PLUGIN_SOURCE.replace("Acme.Colour/Picker", "Neos.Neos/Inspector/Editors/RangeEditor")
    (tmp_path / "range_override.py").write_text(source, encoding="utf-8")
    monkeypatch.setenv("NODETYPE_STUDIO_PLUGIN_PATH", str(tmp_path))
    fresh_plugins()
    widget = default_registry().create(EditorContext("Cms.Cms/Inspector/Editors/RangeEditor"))
    qtbot.addWidget(widget)
    assert type(widget).__name__ == "PaletteEditor"


def test_broken_plugin_file_is_reported_not_raised(tmp_path, monkeypatch, fresh_plugins):
    (tmp_path / "broken.py").write_text("raise ImportError('nope')\n", encoding="utf-8")
    monkeypatch.setenv("NODETYPE_STUDIO_PLUGIN_PATH", str(tmp_path))
    fresh_plugins()
    registry = default_registry()
    assert any("broken.py" in p for p in registry.problems)
    assert registry.registration("Neos.Neos/Inspector/Editors/TextFieldEditor") is not None


def test_placeholder_label_is_shown_by_the_inspector(make_editor):
    editor = make_editor("Acme/Unknown", {})
    assert not editor.has_own_label
    assert editor.findChild(QLabel, "placeholderNote").isVisible()


def test_an_unknown_platform_editor_says_the_cms_has_none(make_editor):
    # The Neos UI shows "Missing Editor <id>" for an identifier its registry does not have; a vendor's editor
    # may exist in the real project (as JavaScript), so there the preview only lacks a widget.
    unknown = make_editor("Neos.Neos/Inspector/Editors/NoSuchEditor", {})
    vendor = make_editor("Acme/Unknown", {})
    unknown_note = unknown.findChild(QLabel, "placeholderNote").text()
    assert "NoSuchEditor" in unknown_note and "Missing Editor" in unknown_note
    assert "Missing Editor" not in vendor.findChild(QLabel, "placeholderNote").text()
