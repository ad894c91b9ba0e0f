"""Three-way merge and history rebasing (Qt-free): the texts are real NodeTypes YAML, edited through the
editing layer as the studio does."""

from __future__ import annotations

import pytest

from nodetype_studio.editing import YamlDocument
from nodetype_studio.studio.merge3 import CannotRebase, hunks, merge3, rebase

BASE = """\
'Acme.Site:Content.Teaser':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'Teaser'
    icon: 'icon-file'
  properties:
    title:
      type: string
      ui:
        label: 'Title'
    subtitle:
      type: string
      ui:
        label: 'Subtitle'
"""


def test_changes_to_different_lines_are_both_kept():
    mine = BASE.replace("label: 'Teaser'", "label: 'Teaser box'")
    theirs = BASE.replace("label: 'Subtitle'", "label: 'Sub heading'")
    result = merge3(BASE, mine, theirs)
    assert result.clean
    assert result.text == BASE.replace("label: 'Teaser'", "label: 'Teaser box'").replace(
        "label: 'Subtitle'", "label: 'Sub heading'")


def test_the_same_change_on_both_sides_is_taken_once():
    both = BASE.replace("icon-file", "icon-star")
    assert merge3(BASE, both, both).text == both
    extra = both.replace("  properties:\n", "  properties:\n    intro:\n      type: string\n")
    result = merge3(BASE, extra, both)
    assert result.clean and result.text == extra


def test_different_changes_to_one_line_are_a_conflict_and_mine_fills_it():
    mine = BASE.replace("label: 'Title'", "label: 'Headline'")
    theirs = BASE.replace("label: 'Title'", "label: 'Heading'")
    result = merge3(BASE, mine, theirs)
    assert not result.clean
    [conflict] = result.conflicts
    assert (conflict.first, conflict.last) == (11, 11)
    assert conflict.mine == "        label: 'Headline'\n" and conflict.theirs == "        label: 'Heading'\n"
    assert result.text == mine
    assert merge3(BASE, mine, theirs, prefer="theirs").text == theirs


def test_insertions_at_the_same_place_conflict_but_next_to_a_changed_line_do_not():
    mine = BASE + "    image:\n      type: string\n"
    theirs = BASE + "    link:\n      type: string\n"
    assert not merge3(BASE, mine, theirs).clean
    changed = BASE.replace("label: 'Subtitle'", "label: 'Sub'")
    result = merge3(BASE, changed, mine)
    assert result.clean and result.text == changed + "    image:\n      type: string\n"


def test_a_file_without_final_newline_merges():
    base = BASE.rstrip("\n")
    mine = base.replace("icon-file", "icon-star")
    theirs = base.replace("'Title'", "'Name'")
    result = merge3(base, mine, theirs)
    assert result.clean and result.text == base.replace("icon-file", "icon-star").replace("'Title'", "'Name'")


def test_hunks_are_whole_lines_of_the_old_text():
    new = BASE.replace("label: 'Teaser'", "label: 'T'")
    [hunk] = hunks(BASE, new)
    assert BASE[hunk.start:hunk.end] == "    label: 'Teaser'\n" and hunk.text == "    label: 'T'\n"
    assert hunks(BASE, BASE) == []


def _edited(doc: YamlDocument) -> list:
    edits = [doc.set(("Acme.Site:Content.Teaser", "ui", "label"), "Teaser box"),
             doc.set(("Acme.Site:Content.Teaser", "properties", "subtitle", "ui", "label"), "Kicker")]
    return edits


def test_history_survives_an_outside_change_elsewhere_in_the_file():
    doc = YamlDocument.from_text(BASE)
    applied = _edited(doc)
    undone_edit = applied.pop()
    doc.apply(undone_edit.inverse())  # the second edit is undone: it sits on the redo side
    old = doc.text
    outside = old.replace("    icon: 'icon-file'\n", "    icon: 'icon-file'\n    group: 'general'\n").replace(
        "type: string\n      ui:\n        label: 'Title'", "type: string\n      ui:\n        label: 'Name'")
    moved_applied, moved_undone = rebase(applied, [undone_edit], old, outside)
    fresh = YamlDocument.from_text(outside)
    fresh.apply(moved_undone[0])  # redo
    assert "label: 'Kicker'" in fresh.text and "group: 'general'" in fresh.text
    fresh.apply(moved_undone[0].inverse())
    fresh.apply(moved_applied[0].inverse())  # undo the first edit
    assert fresh.text == BASE.replace("    icon: 'icon-file'\n", "    icon: 'icon-file'\n    group: 'general'\n").replace(
        "label: 'Title'", "label: 'Name'")
    assert moved_applied[0].start_line == applied[0].start_line  # the change lies after it
    assert moved_undone[0].start_line == undone_edit.start_line + 1  # one line was added above it


def test_history_cannot_move_across_a_change_of_the_edited_text():
    doc = YamlDocument.from_text(BASE)
    applied = _edited(doc)
    outside = doc.text.replace("label: 'Teaser box'", "label: 'Other'")
    with pytest.raises(CannotRebase):
        rebase(applied, [], doc.text, outside)
