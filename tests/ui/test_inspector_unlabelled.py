"""Tabs, groups, views and properties without a label: the CMS renders every label through its I18n
component (neos-ui Inspector/PropertyGroup, Inspector/index.js, ViewEnvelope, EditorEnvelope), which shows
nothing for a missing, null or empty label (neos-facts §5.4: `ui.label: ~` -> no label)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from tests.ui.site_package import inspector_of, write_site_package

GROUPS = """
'Acme.Site:Teaser':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    inspector:
      tabs:
        bare: {icon: 'icon-star', position: 100}
      groups:
        missing: {position: 1}
        nulled: {label: ~, position: 2}
        empty: {label: '', position: 3}
        spaces: {label: '   ', position: 4}
        named: {label: 'Named', position: 5}
        onBare: {label: 'On bare', tab: bare}
      views:
        info: {group: named, view: 'Neos.Neos/Inspector/Views/NodeInfoView'}
        told: {group: named, label: 'About', view: 'Neos.Neos/Inspector/Views/NodeInfoView'}
  properties:
    a: {type: string, ui: {label: 'A', inspector: {group: missing}}}
    b: {type: string, ui: {label: 'B', inspector: {group: nulled}}}
    c: {type: string, ui: {label: 'C', inspector: {group: empty}}}
    d: {type: string, ui: {label: 'D', inspector: {group: spaces}}}
    e: {type: string, ui: {label: 'E', inspector: {group: named}}}
    f: {type: string, ui: {label: 'F', inspector: {group: onBare}}}
"""


def test_a_group_without_a_label_has_a_header_without_text(qtbot, tmp_path):
    widget = inspector_of(qtbot, write_site_package(tmp_path, GROUPS), "Acme.Site:Teaser")
    for group in ("missing", "nulled", "empty", "spaces"):
        header = widget.sections[group].header
        assert header.text == "", group
        assert group in header.toolTip()  # (the studio names the group where the CMS shows nothing)
    assert widget.sections["named"].header.text == "Named"


def test_a_tab_without_a_label_has_no_tooltip(qtbot, tmp_path):
    widget = inspector_of(qtbot, write_site_package(tmp_path, GROUPS), "Acme.Site:Teaser")
    assert "bare" in widget.tab_ids()
    assert widget.tab_tooltip("bare") == ""


def test_a_view_without_a_label_is_not_shown_under_its_id(qtbot, tmp_path):
    widget = inspector_of(qtbot, write_site_package(tmp_path, GROUPS), "Acme.Site:Teaser")
    info = widget.findChild(QLabel, "view:info").text()
    assert not info.startswith("info:") and "no label" in info
    assert widget.findChild(QLabel, "view:told").text().startswith("About: ")


PROPERTIES = """
'Acme.Site:Card':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    missing: {type: string, ui: {inspector: {group: default}}}
    nulled: {type: string, ui: {label: ~, inspector: {group: default}}}
    empty: {type: string, ui: {label: '', inspector: {group: default}}}
    spaces: {type: string, ui: {label: '   ', help: {message: 'Some help'}, inspector: {group: default}}}
    named: {type: string, ui: {label: 'Named', inspector: {group: default}}}
"""


def test_a_property_without_a_label_shows_no_label_text(qtbot, tmp_path):
    widget = inspector_of(qtbot, write_site_package(tmp_path, PROPERTIES), "Acme.Site:Card")
    for name in ("missing", "nulled", "empty", "spaces"):
        label = widget.findChild(QLabel, f"label:{name}")
        assert label is not None and label.text() == "", name
        assert name in label.toolTip()  # (the studio names the property where the CMS shows nothing)
        assert widget.editor(name).isVisible()
    assert widget.findChild(QLabel, "label:named").text() == "Named"
    assert widget.toggle_help("spaces").isVisible()  # the help icon stays, as the CMS keeps it in the label
