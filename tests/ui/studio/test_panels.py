"""Problems panel, source view and provenance view in the real window."""

from __future__ import annotations

from PySide6.QtCore import Qt

from nodetype_studio.ui.studio.checkrunner import CheckRunner
from nodetype_studio.ui.studio.mainwindow import (
    PROBLEMS_TAB,
    PROVENANCE_TAB,
    SOURCE_TAB,
)

from .conftest import TEASER

BROKEN_EDITOR = "Neos.Neos/Inspector/Editors/Nope"


def set_broken_editor(window):
    """An editor id no catalogue knows (as a hand-edited file would have)."""
    from nodetype_studio.ui.studio import commands

    window.push("set editor", commands.set_value(TEASER, ("properties", "limit", "ui", "inspector", "editor"),
                                                 BROKEN_EDITOR))
    window.flush()


def wait_checks(qtbot, window):
    qtbot.waitUntil(lambda: not window.checks.busy, timeout=15000)


def test_problems_are_every_check_finding_and_rerun_after_edits(qtbot, window):
    wait_checks(qtbot, window)
    codes = {f.code for f in window.problems.model.findings}
    assert codes == {"compat-minimum-results-for-search"}
    window.select_type(TEASER)
    set_broken_editor(window)
    wait_checks(qtbot, window)
    unknown = [f for f in window.problems.model.findings if f.code == "editor-unknown"]
    assert unknown and unknown[0].node_type == TEASER and unknown[0].property_name == "limit"
    assert "Problems (2)" == window.bottom.tabText(PROBLEMS_TAB)
    assert window.tree_model.indexes_of(TEASER)[0].siblingAtColumn(1).data() == "1"  # the other is the mixin's


def test_filter_by_severity_and_code(qtbot, window):
    window.select_type(TEASER)
    set_broken_editor(window)
    wait_checks(qtbot, window)
    panel = window.problems
    assert len(panel.visible_findings()) == 2
    panel.buttons["info"].setChecked(False)
    assert [f.code for f in panel.visible_findings()] == ["editor-unknown"]
    panel.buttons["info"].setChecked(True)
    panel.codes.setText("compat")
    assert [f.code for f in panel.visible_findings()] == ["compat-minimum-results-for-search"]
    panel.codes.setText("editor, compat-min")
    assert len(panel.visible_findings()) == 2
    assert panel.buttons["error"].text().startswith("Errors")


def test_a_click_on_a_finding_selects_type_and_property_and_shows_the_line(qtbot, window, project):
    wait_checks(qtbot, window)
    window.select_type("Acme.Studio:Content.Text")
    window.bottom.setCurrentIndex(PROBLEMS_TAB)
    view = window.problems.view
    index = window.problems.proxy.index(0, 2)
    qtbot.mouseClick(view.viewport(), Qt.LeftButton, pos=view.visualRect(index).center())
    assert window.selected == "Acme.Studio:Mixin.Styled"
    assert window.definition.current_property() == "variant"
    assert window.bottom.currentIndex() == PROBLEMS_TAB  # a click jumps and leaves the list on show
    assert window.source.current.endswith("Styled.yaml")
    assert window.source.view.marked_line == 13
    qtbot.mouseDClick(view.viewport(), Qt.LeftButton, pos=view.visualRect(index).center())
    assert window.bottom.currentIndex() == SOURCE_TAB  # a double click opens the source
    assert window.source.current.endswith("Styled.yaml")
    assert window.source.view.marked_line == 13
    assert window.source.marked_line_text().strip() == "values:"


def test_source_view_shows_the_files_of_the_type_highlighted_with_the_current_key(qtbot, window, project):
    window.bottom.setCurrentIndex(SOURCE_TAB)
    window.select_type(TEASER)
    window.definition.select_property("limit")
    source = window.source
    assert source.files.count() == 1 and source.files.itemText(0) == "NodeTypes/Content/Teaser.yaml"
    assert source.marked_line_text() == "    limit:"
    highlighter = source.highlighter()
    assert highlighter.token_count() > 20
    # unsaved edits show in the source with their lines marked
    window.definition.property_form.field("ui", "label").set_text("Max")
    window.flush()
    assert "label: 'Max'" in source.text()
    assert source.view.changed_lines


def test_a_platform_type_shows_its_baseline_file(qtbot, window):
    window.bottom.setCurrentIndex(SOURCE_TAB)
    window.select_type("Neos.Neos:Content")
    files = [window.source.files.itemText(i) for i in range(window.source.files.count())]
    # the platform package's file, the UI package's additions, the 9.x visibility package's override
    assert [f.split("/baseline/9/")[-1] for f in files] == [
        "Neos.Neos/NodeTypes/Mixin/Content.yaml", "Neos.Neos.Ui/Configuration/NodeTypes.yaml",
        "Neos.TimeableNodeVisibility/NodeTypes/Override/Content.yaml"]
    assert "Neos.Neos:Content" in window.source.marked_line_text() or window.source.view.marked_line > 0


def test_provenance_lists_values_layers_and_what_they_overrode(qtbot, window, project):
    window.bottom.setCurrentIndex(PROVENANCE_TAB)
    window.select_type(TEASER)
    window.focus_property = None
    view = window.provenance
    window.definition.select_property("title")
    window.definition.property_form.field("ui", "label").set_text("Headline")
    window.flush()
    item = view.item_for(("properties", "title", "ui", "label"))
    assert item.text(1) == "Headline" and item.text(2) == "own"
    assert item.text(3).startswith("NodeTypes/Content/Teaser.yaml:")
    assert "Title (supertype Acme.Studio:Mixin.Titled)" in item.text(4)
    editor = view.item_for(("properties", "title", "ui", "inspector", "editor"))
    assert editor.text(2) == "data-type default"
    seen = []
    view.locationActivated.connect(lambda path, line: seen.append((path, line)))
    inherited = view.item_for(("properties", "title", "validation"))
    view.tree.itemClicked.emit(inherited, 0)
    assert seen and seen[0][0].endswith("Titled.yaml")
    assert window.bottom.currentIndex() == PROVENANCE_TAB  # the list stays on show; the source follows
    assert window.source.current.endswith("Titled.yaml")
    assert window.source.marked_line_text().strip() == "validation:"


def test_provenance_filter_expands_to_a_key_path(qtbot, window):
    window.bottom.setCurrentIndex(PROVENANCE_TAB)
    window.select_type(TEASER)
    view = window.provenance
    view.filter.setText("properties.limit")
    root = view.tree.invisibleRootItem()
    visible = [root.child(i).text(0) for i in range(root.childCount()) if not root.child(i).isHidden()]
    assert visible == ["properties"]
    assert view.item_for(("properties",)).isExpanded()


def test_a_check_that_crashes_is_reported_not_raised(qtbot):
    def broken(root, overrides):
        raise RuntimeError("boom")

    runner = CheckRunner(run=broken, delay_ms=0)
    with qtbot.waitSignal(runner.failed, timeout=5000) as blocker:
        runner.schedule("/nowhere", {}, now=True)
    assert blocker.args == ["RuntimeError: boom"]


def test_only_the_newest_check_run_is_delivered(qtbot):
    calls = []

    def run(root, overrides):
        calls.append(overrides)
        return [overrides["n"]]

    runner = CheckRunner(run=run, delay_ms=0)
    results = []
    runner.finished.connect(results.append)
    runner.schedule("/p", {"n": 1}, now=True)
    runner.schedule("/p", {"n": 2}, now=True)
    qtbot.waitUntil(lambda: not runner.busy, timeout=5000)
    assert results == [[2]]


def test_the_worker_protocol_answers_each_request(project):
    import io

    from nodetype_studio.ui.studio.checkrunner import read_frame, serve, write_frame

    styled = str(project / "NodeTypes/Mixin/Styled.yaml")
    requests = io.BytesIO()
    write_frame(requests, (7, str(project), {}))
    write_frame(requests, (8, str(project / "nowhere"), {}))
    write_frame(requests, (9, str(project), {}, 1))  # within load 1 of a session: the next one is incremental
    write_frame(requests, (10, str(project), {styled: "'Acme.Studio:Mixin.Styled': {}\n"}, 1))
    write_frame(requests, (11, str(project), {styled: "'Acme.Studio:Mixin.Styled': {}\n"}, 2))  # another load
    requests.seek(0)
    answers = io.BytesIO()
    assert serve(requests, answers) == 0
    answers.seek(0)
    generation, status, findings, incremental = read_frame(answers)
    assert (generation, status, incremental) == (7, "ok", False)
    assert [f.code for f in findings] == ["compat-minimum-results-for-search"]
    generation, status, message = read_frame(answers)
    assert (generation, status) == (8, "error") and "FileNotFoundError" in message
    assert read_frame(answers)[::3] == (9, False)
    generation, status, findings, incremental = read_frame(answers)
    assert (generation, status, findings, incremental) == (10, "ok", [], True)
    assert read_frame(answers)[::3] == (11, False)


def test_a_dead_worker_is_replaced_and_the_request_sent_again(qtbot, project):
    runner = CheckRunner(delay_ms=0)
    with qtbot.waitSignal(runner.finished, timeout=30000):
        runner.schedule(project, {}, now=True)
    first = runner._worker.process.processId()
    runner._worker.process.kill()
    with qtbot.waitSignal(runner.finished, timeout=30000) as blocker:
        runner.schedule(project, {str(project / "NodeTypes/Mixin/Styled.yaml"): "'Acme.Studio:Mixin.Styled': {}\n"},
                        now=True)
    assert blocker.args == [[]] and runner._worker.process.processId() != first
    runner.stop()


def test_a_worker_that_cannot_start_is_reported(qtbot, project, monkeypatch):
    from nodetype_studio.ui.studio import checkrunner

    monkeypatch.setattr(checkrunner, "worker_command", lambda: ("/nonexistent/python", []))
    runner = CheckRunner(delay_ms=0)
    with qtbot.waitSignal(runner.failed, timeout=10000) as blocker:
        runner.schedule(project, {}, now=True)
    assert "could not start" in blocker.args[0]
    assert not runner.busy
    runner.stop()


def test_an_inherited_property_shows_the_supertype_file_where_it_is_written(qtbot, window):
    window.bottom.setCurrentIndex(SOURCE_TAB)
    window.select_type(TEASER)
    window.definition.select_property("title")
    source = window.source
    assert source.current.endswith("Titled.yaml") and source.marked_line_text() == "    title:"
    labels = [source.files.itemText(i) for i in range(source.files.count())]
    assert labels == ["NodeTypes/Content/Teaser.yaml", "NodeTypes/Mixin/Titled.yaml  (supertype)"]


def test_colours_line_up_with_the_text_when_a_file_starts_with_a_blank_line(qtbot, window, project):
    page = project / "NodeTypes" / "Document" / "Page.yaml"
    page.write_text("\n" + page.read_text(encoding="utf-8"), encoding="utf-8")
    window.reload()
    window.bottom.setCurrentIndex(SOURCE_TAB)
    window.select_type("Acme.Studio:Document.Page")
    source = window.source
    document, highlighter = source.view.document(), source.highlighter()
    highlighter.rehighlight()
    block = document.findBlockByNumber(1)  # 'Acme.Studio:Document.Page':
    formats = block.layout().formats()
    quoted = next(f for f in formats if f.start == 0)
    assert quoted.length == len("'Acme.Studio:Document.Page'")


def test_going_back_to_a_file_shows_it_as_it_was_without_highlighting_it_again(qtbot, window, project):
    window.bottom.setCurrentIndex(SOURCE_TAB)
    window.select_type(TEASER)
    window.definition.select_property("limit")
    source = window.source
    teaser_view, teaser_text = source.view, source.text()
    lexed = []
    highlighter = source.highlighter()
    original_lex = highlighter._lex
    highlighter._lex = lambda: (lexed.append(1), original_lex())[1]
    window.select_type("Acme.Studio:Document.Page")
    assert source.current.endswith("Page.yaml") and source.view is not teaser_view
    assert "Acme.Studio:Document.Page" in source.text()
    window.select_type(TEASER)
    window.definition.select_property("limit")
    qtbot.wait(1)  # a paint would highlight a refilled document
    assert source.view is teaser_view and source.view.isVisible()
    assert source.text() == teaser_text and source.marked_line_text() == "    limit:"
    assert not lexed
    # changed on disk: the same view shows the new text, highlighted again
    teaser = project / "NodeTypes" / "Content" / "Teaser.yaml"
    teaser.write_text(teaser.read_text(encoding="utf-8").replace("limit:", "count:"), encoding="utf-8")
    window.reload()
    window.select_type(TEASER)
    assert "count:" in source.text() and "limit:" not in source.text()
    assert source.highlighter().token_count() > 20
    assert lexed


def test_only_the_last_few_files_keep_their_views(qtbot, window):
    from nodetype_studio.ui.studio.sourceview import SourceView

    view = SourceView()
    qtbot.addWidget(view)
    view.keep = 2
    for i in range(4):
        view.set_files([(f"/f{i}.yaml", f"f{i}.yaml")])
        view.show_file(f"/f{i}.yaml", f"key{i}: {i}\n", 1)
    assert list(view._documents) == ["/f2.yaml", "/f3.yaml"]
    assert view.text() == "key3: 3\n" and view.marked_line_text() == "key3: 3"
    view.set_files([])
    assert view.current is None and view.text() == ""


def test_the_status_bar_counts_findings_in_words_that_agree(qtbot, window):
    window._counts(1, 2, 1)
    assert window.counts.text() == "1 error \u00b7 2 warnings \u00b7 1 note"
    assert window.bottom.tabText(PROBLEMS_TAB) == "Problems (4)"
    window._counts(0, 1, 0)
    assert window.counts.text() == "0 errors \u00b7 1 warning \u00b7 0 notes"
