"""Problems after keystrokes: the check worker rechecks only what the edit changed (``studio/rechecks.py``),
and the problems panel, its counts and the tree's markers show what a full check of the project shows."""

from __future__ import annotations

from PySide6.QtCore import Qt

from nodetype_studio.studio.rechecks import project_findings
from nodetype_studio.ui.studio.mainwindow import PROBLEMS_TAB

from .conftest import TEASER


def wait_checks(qtbot, window):
    qtbot.waitUntil(lambda: not window.checks.busy, timeout=30000)


def shown(window) -> tuple:
    """What the user sees of the findings: the panel's rows, the tab's count, the teaser's marker."""
    rows = [tuple(window.problems.proxy.index(row, column).data() for column in range(window.problems.proxy.columnCount()))
            for row in range(window.problems.proxy.rowCount())]
    return rows, window.bottom.tabText(PROBLEMS_TAB), window.tree_model.indexes_of(TEASER)[0].siblingAtColumn(1).data()


def full_check_shows(qtbot, window, make_window, project, tmp_path) -> tuple:
    """The same view in a second window on a copy of the project with the buffers saved: a full check."""
    import shutil

    copy = tmp_path / "copy" / project.name
    shutil.copytree(project, copy)
    for path, text in window.session.overrides().items():
        (copy / path.relative_to(project)).write_text(text, encoding="utf-8")
    other = make_window(copy)
    wait_checks(qtbot, other)
    other.select_type(TEASER)
    rows, tab, marker = shown(other)
    return [tuple(str(c).replace(str(copy), str(project)) for c in row) for row in rows], tab, marker


def test_typing_a_wrong_default_value_and_fixing_it_updates_the_problems(qtbot, window, make_window, project,
                                                                       tmp_path):
    wait_checks(qtbot, window)
    window.select_type(TEASER)
    window.definition.setCurrentIndex(0)
    assert window.definition.select_property("limit")
    field = window.definition.property_form.field("defaultValue")
    field.editor.setFocus()
    field.editor.end(False)
    qtbot.keyClicks(field.editor, "0")  # 30: the first edit loads the whole project (its document opens)
    window.flush()
    wait_checks(qtbot, window)
    assert window.session.project.node_type(TEASER).properties["limit"]["defaultValue"] == 30
    before = shown(window)

    qtbot.keyClicks(field.editor, "x")  # 30x: a string for an integer property
    window.flush()
    wait_checks(qtbot, window)
    assert window.checks.last_incremental
    wrong = [f for f in window.problems.model.findings if f.code == "default-value-type"]
    assert [(f.node_type, f.property_name) for f in wrong] == [(TEASER, "limit")]
    assert window.problems.model.findings == project_findings(project, window.session.overrides())
    rows, tab, marker = shown(window)
    assert tab == "Problems (2)" and marker == "1" and len(rows) == 2
    assert (rows, tab, marker) == full_check_shows(qtbot, window, make_window, project, tmp_path)

    qtbot.keyClick(field.editor, Qt.Key_Backspace)  # 30 again
    window.flush()
    wait_checks(qtbot, window)
    assert window.checks.last_incremental
    assert window.session.project.node_type(TEASER).properties["limit"]["defaultValue"] == 30
    assert "default-value-type" not in {f.code for f in window.problems.model.findings}
    assert window.problems.model.findings == project_findings(project, window.session.overrides())
    assert shown(window) == before
