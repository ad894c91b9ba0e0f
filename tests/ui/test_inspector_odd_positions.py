"""Positions the UI's sorter reads through ``String(position)`` (neos-facts §5.8; npm
@neos-project/positional-array-sorter): a YAML list is its items joined with commas, and a number
string that parses to infinity counts as missing (the item's index is used)."""

from __future__ import annotations

from tests.ui.site_package import inspector_of, write_site_package

TYPES = """
'Acme.Site:Teaser':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    inspector:
      groups:
        one: {label: 'One', position: 1}
        late: {label: 'Late', position: 20}
        listed: {label: 'Listed', position: [25]}
        early: {label: 'Early', position: [start]}
  properties:
    huge: {type: string, ui: {label: 'Huge', inspector: {group: late, position: '1e400'}}}
    five: {type: string, ui: {label: 'Five', inspector: {group: late, position: 5}}}
    ten: {type: string, ui: {label: 'Ten', inspector: {group: late, position: 10}}}
    a: {type: string, ui: {label: 'A', inspector: {group: one}}}
    b: {type: string, ui: {label: 'B', inspector: {group: listed}}}
    c: {type: string, ui: {label: 'C', inspector: {group: early}}}
"""


def test_list_and_infinite_positions_order_groups_and_rows_as_the_cms_does(qtbot, tmp_path):
    widget = inspector_of(qtbot, write_site_package(tmp_path, TYPES), "Acme.Site:Teaser")
    assert widget.tab_ids()[0] == "default"
    headers = [section.header.text for section in widget.sections.values() if section.isVisibleTo(widget)]
    assert headers == ["Early", "One", "Late", "Listed"]
    late = widget.sections["late"]
    rows = [widget.editors[name] for name in ("huge", "five", "ten")]
    tops = [editor.mapTo(late, editor.rect().topLeft()).y() for editor in rows]
    assert tops[0] < tops[1] < tops[2]  # "1e400" is no number: the row keeps its index (0), above 5 and 10
