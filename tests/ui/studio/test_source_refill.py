"""The source view after an edit: only the changed part of the file is replaced (the rest keeps its
colours and the view its scroll position), and the view shows exactly the new text, also when the text
has characters Qt counts differently (outside the BMP, carriage returns)."""

from __future__ import annotations

import pytest

from nodetype_studio.ui.studio.sourceview import SourceView

BASE = "".join(f"'Acme.Site:T{i}':\n  ui:\n    label: 'Type {i}'\n" for i in range(200))


@pytest.mark.parametrize("old, new", [
    (BASE, BASE.replace("label: 'Type 100'", "label: 'Type 100 edited'")),
    (BASE, BASE.replace("label: 'Type 0'", "label: 'T'")),
    (BASE, BASE + "'Acme.Site:New': {}\n"),
    (BASE, "'Acme.Site:Only': {}\n"),
    (BASE, BASE.replace("Type 5'", "Type 5 \U0001F600'")),
    (BASE.replace("Type 5'", "Type 5 \U0001F600'"), BASE),
    (BASE, BASE.replace("\n", "\r\n")),
    ("", BASE),
])
def test_the_view_shows_the_new_text(qtbot, old, new):
    view = SourceView()
    qtbot.addWidget(view)
    view.set_files([("/p/NodeTypes.yaml", "NodeTypes.yaml")])
    view.show_file("/p/NodeTypes.yaml", old, 1)
    view.show_file("/p/NodeTypes.yaml", new, 1)
    assert view.view.toPlainText() == new.replace("\r\n", "\n")
    assert view.highlighter().token_count() > 0


def test_an_edit_in_the_middle_keeps_the_other_lines_and_the_scroll_position(qtbot):
    view = SourceView()
    qtbot.addWidget(view)
    view.resize(400, 300)
    view.show()
    view.set_files([("/p/NodeTypes.yaml", "NodeTypes.yaml")])
    view.show_file("/p/NodeTypes.yaml", BASE, 300)
    scrolled = view.view.verticalScrollBar().value()
    assert scrolled > 0
    changes = []
    view.view.document().contentsChange.connect(lambda position, removed, added: changes.append((position, removed, added)))
    view.show_file("/p/NodeTypes.yaml", BASE.replace("label: 'Type 100'", "label: 'Type 100!'"), 300)
    assert changes == [(BASE.index("Type 100'") + len("Type 100"), 0, 1)]  # one character, not the whole file
    assert view.view.verticalScrollBar().value() == scrolled
    assert view.view.document().findBlockByNumber(302).text() == "    label: 'Type 100!'"
