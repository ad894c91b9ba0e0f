"""View > Flow Context (the brief of the Flow context work): real clicks on the menu write `context` to
the project's `.nodetype-studio.yaml` and open the project again in that context; a name Flow refuses
is a message, nothing is written and nothing crashes."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QInputDialog

PROD = "'Acme.Studio:Content.ProductionOnly':\n  superTypes: {'Neos.Neos:Content': true}\n  ui: {label: In production}\n"
LIVE = "'Acme.Studio:Content.ProductionOnly':\n  ui: {label: Live only}\n"


def _view_menu(window):
    return next(a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == "View")


def _tree_texts(window) -> list[str]:
    model = window.tree.model()
    texts: list[str] = []

    def walk(parent) -> None:
        for row in range(model.rowCount(parent)):
            index = model.index(row, 0, parent)
            texts.append(str(model.data(index, Qt.DisplayRole)))
            walk(index)

    walk(QModelIndex())
    return texts


def _click_context(qtbot, window, object_name: str):
    """Open View, then Flow Context, then click the entry, all with the mouse."""
    window.activateWindow()
    qtbot.waitActive(window)
    view = _view_menu(window)
    view.popup(window.mapToGlobal(window.rect().center()))
    qtbot.waitUntil(view.isVisible)
    submenu_action = next(a for a in view.actions() if a.menu() is not None and a.menu().objectName() == "flow_context_menu")
    QTest.mouseClick(view, Qt.LeftButton, pos=view.actionGeometry(submenu_action).center())
    submenu = submenu_action.menu()
    qtbot.waitUntil(submenu.isVisible)
    action = next(a for a in submenu.actions() if a.objectName() == object_name)
    QTest.mouseClick(submenu, Qt.LeftButton, pos=submenu.actionGeometry(action).center())
    return submenu


def test_choosing_a_context_in_the_menu_loads_its_configuration(qtbot, window, project, monkeypatch, tmp_path):
    monkeypatch.delenv("FLOW_CONTEXT", raising=False)
    monkeypatch.delenv("REDIRECT_FLOW_CONTEXT", raising=False)
    for folder, text in (("Production", PROD), ("Production/Live", LIVE)):
        (project / "Configuration" / folder).mkdir(parents=True)
        (project / "Configuration" / folder / "NodeTypes.yaml").write_text(text)
    (project / ".nodetype-studio.yaml").write_text("# checks\nselect: [editor]\n")
    window.refresh_now()
    assert window.session.project.context == "Development"
    assert window.context_actions["environment"].isChecked()
    assert "Acme.Studio:Content.ProductionOnly" not in window.session.project.node_types

    submenu = _click_context(qtbot, window, "flow_context_Production")
    assert [a.text() for a in submenu.actions() if a.text()] == [
        "From the &Environment (FLOW_CONTEXT not set: Development)", "&Development", "&Production", "&Testing",
        "&Other Context\u2026"]
    qtbot.waitUntil(lambda: window.session.project.context == "Production")
    assert (project / ".nodetype-studio.yaml").read_text() == "# checks\nselect: [editor]\ncontext: 'Production'\n"
    assert window.context_actions["Production"].isChecked()
    assert "Flow context: Production" in window.message.text()
    assert any("ProductionOnly" in t or "In production" in t for t in _tree_texts(window))

    # a sub context, typed in the dialog that Other Context… opens
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("Production/Live", True))
    _click_context(qtbot, window, "flow_context_other")
    qtbot.waitUntil(lambda: window.session.project.context == "Production/Live")
    nt = window.session.project.node_types["Acme.Studio:Content.ProductionOnly"]
    assert nt.effective["ui"]["label"] == "Live only"
    assert window.context_actions["other"].isChecked()
    assert window.context_actions["other"].text() == "&Other Context (Production/Live)\u2026"
    grab = window.menuBar().grab()  # (a picture of the menu bar: the menus render offscreen)
    assert not grab.isNull()

    # back to the environment: the key goes away
    _click_context(qtbot, window, "flow_context_environment")
    qtbot.waitUntil(lambda: window.session.project.context == "Development")
    assert (project / ".nodetype-studio.yaml").read_text() == "# checks\nselect: [editor]\n"


def test_a_context_flow_refuses_is_a_message_and_nothing_is_written(qtbot, window, project, monkeypatch):
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("Staging", True))
    _click_context(qtbot, window, "flow_context_other")
    qtbot.waitUntil(lambda: "Cannot use this Flow context" in window.message.text())
    assert "Development, Production or Testing" in window.message.text()
    assert not (project / ".nodetype-studio.yaml").exists()
    assert window.session.project.context == "Development"
    assert window.context_actions["environment"].isChecked()


def test_a_refused_context_in_the_file_is_reported_and_development_is_loaded(qtbot, make_window, project):
    (project / ".nodetype-studio.yaml").write_text("context: Live\n")
    window = make_window(project)
    assert window.session.project.context == "Development"
    assert any(d.code == "config-invalid" and "Flow context" in d.message for d in window.session.project.diagnostics)
