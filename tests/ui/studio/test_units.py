"""Small parts: typed settings storing only overrides, drop ordering, field values."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings

from nodetype_studio.model.merge import MISSING
from nodetype_studio.model.sorting import js_sort
from nodetype_studio.studio.ordering import plan_drop
from nodetype_studio.ui.studio.commands import REMOVE
from nodetype_studio.ui.studio.fields import (
    ChoiceField,
    TextField,
    ValueField,
    flow,
    hint,
    parse_flow,
)
from nodetype_studio.ui.studio.settings import DEFAULTS, MAX_RECENT, Settings


# -- settings -------------------------------------------------------------------------------------------------
def test_settings_give_typed_defaults_and_store_only_overrides(tmp_path):
    path = tmp_path / "s.ini"
    settings = Settings(QSettings(str(path), QSettings.IniFormat))
    assert settings.get("reviewBeforeSave") is True and settings.get("recentProjects") == []
    settings.set("reviewBeforeSave", False)
    settings.set("colorScheme", "system")  # the default: not stored
    settings.set("problemsDelayMs", 900)
    settings.sync()
    again = Settings(QSettings(str(path), QSettings.IniFormat))  # read back from the INI text
    assert again.get("reviewBeforeSave") is False and again.get("problemsDelayMs") == 900
    assert again.overrides() == {"reviewBeforeSave": False, "problemsDelayMs": 900}
    again.set("reviewBeforeSave", True)
    assert "reviewBeforeSave" not in again.overrides()
    assert set(again.overrides()) <= set(DEFAULTS)


def test_settings_read_odd_stored_values_as_their_type(tmp_path):
    store = QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat)
    store.setValue("recentProjects", "/only/one")
    store.setValue("problemsDelayMs", "not a number")
    store.setValue("autosaveJournal", "false")
    settings = Settings(store)
    assert settings.get("recentProjects") == ["/only/one"]
    assert settings.get("problemsDelayMs") == DEFAULTS["problemsDelayMs"]
    assert settings.get("autosaveJournal") is False
    assert isinstance(settings.get("window/geometry"), QByteArray)


def test_recent_projects_are_most_recent_first_without_duplicates(tmp_path):
    settings = Settings(QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    for i in range(MAX_RECENT + 3):
        settings.add_recent(f"/p{i}")
    settings.add_recent("/p5")
    recent = settings.get("recentProjects")
    assert recent[0] == "/p5" and len(recent) == MAX_RECENT and recent.count("/p5") == 1
    assert settings.get("lastProject") == "/p5"
    settings.remove_recent("/p5")
    assert "/p5" not in settings.get("recentProjects")


# -- ordering -------------------------------------------------------------------------------------------------
def shown(members, positions):
    return js_sort(members, lambda n: positions.get(n), lambda n: n)


def test_a_drop_between_numbered_neighbours_writes_one_number():
    members = ["a", "b", "c"]
    positions = {"a": 10, "b": 20, "c": 30}
    changes = plan_drop(members, positions, "c", ["a", "c", "b"])
    assert changes == {"c": 15}
    assert shown(members, {**positions, **changes}) == ["a", "c", "b"]


def test_drops_at_the_ends_write_one_number():
    positions = {"a": 10, "b": 20, "c": 30}
    assert plan_drop(["a", "b", "c"], positions, "a", ["b", "c", "a"]) == {"a": 40}
    assert plan_drop(["a", "b", "c"], positions, "c", ["c", "a", "b"]) == {"c": 0}


def test_unpositioned_or_string_positions_renumber_the_group():
    members = ["a", "b", "c", "d"]
    positions = {"b": "after a", "d": 5}
    new_order = ["d", "c", "a", "b"]
    changes = plan_drop(members, positions, "c", new_order)
    assert shown(members, {**positions, **changes}) == new_order
    assert changes == {"d": 10, "c": 20, "a": 30, "b": 40}


def test_no_gap_between_neighbours_renumbers():
    members = ["a", "b", "c"]
    positions = {"a": 1, "b": 2, "c": 3}
    changes = plan_drop(members, positions, "c", ["a", "c", "b"])
    assert shown(members, {**positions, **changes}) == ["a", "c", "b"]


# -- fields ---------------------------------------------------------------------------------------------------
def test_flow_text_reads_back_as_the_same_value():
    for value in ("plain", "yes", "true", "123", "a: b", "", None, True, 3, 2.5, [1, "x"], {"a": {"b": None}}, "'q'"):
        text = flow(value)
        assert parse_flow(text) == (value, None), (value, text)
    assert parse_flow("[unclosed")[1]


def test_hint_prefers_the_inherited_value_then_the_default():
    assert hint(MISSING, "Title", "x") == "inherited: Title"
    assert hint(MISSING, MISSING, 5) == "default: 5"
    assert hint(MISSING, MISSING, MISSING) == "not set"


def test_text_field_emits_typed_text_and_remove_when_cleared(qtbot):
    field = TextField()
    qtbot.addWidget(field)
    seen = []
    field.edited.connect(seen.append)
    field.show_value("Old", MISSING)
    assert seen == []  # showing never emits
    field.set_text("New")
    field.set_text("")
    assert seen == ["New", REMOVE]


def test_value_field_checks_numbers_and_keeps_invalid_text_uncommitted(qtbot):
    field = ValueField(kind="integer")
    qtbot.addWidget(field)
    seen = []
    field.edited.connect(seen.append)
    field.show_value(MISSING, MISSING, 5)
    assert field.editor.placeholderText() == "default: 5"
    field.set_text("1.5")
    assert seen == [] and "integer" in field.toolTip()
    field.set_text("12")
    assert seen == [12] and field.toolTip() == ""


def test_choice_field_shows_unknown_values_and_the_default(qtbot):
    field = ChoiceField(None, [(True, "true"), (False, "false")])
    qtbot.addWidget(field)
    field.show_value(MISSING, MISSING, False)
    assert field.combo.currentIndex() == 0 and field.combo.itemText(0) == "(default: false)"
    field.show_value("sometimes")
    assert field.combo.currentText() == "sometimes (not a known choice)"
    seen = []
    field.edited.connect(seen.append)
    field.choose(True)
    field.choose(REMOVE)
    assert seen == [True, REMOVE]
