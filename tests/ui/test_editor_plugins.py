"""8.3's plugin editors (neos-ui ``Editors/MasterPlugin``, ``PluginView``, ``PluginViews``): the plugin a
PluginView node shows, its view, and a plugin's own list of views; 9.x has none of them."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel

from nodetype_studio.ui.editors.placeholder import PlaceholderEditor
from tests.ui.site_package import editor_on_its_tab, inspector_of, write_site_package

TYPES = """\
'Acme.Site:Page':
  superTypes:
    'Neos.Neos:Document': true
  ui:
    label: 'Page'
'Acme.Site:Flickr':
  superTypes:
    'Neos.Neos:Plugin': true
  ui:
    label: 'Flickr'
  options:
    pluginViews:
      UserFeed:
        label: 'User feed'
      TagFeed:
        label: 'Tag feed'
'Acme.Site:Shop':
  superTypes:
    'Neos.Neos:Plugin': true
  ui:
    label: 'Shop'
  options:
    pluginViews:
      Basket:
        label: 'Basket'
'Acme.Site:Plain':
  superTypes:
    'Neos.Neos:Plugin': true
  ui:
    label: 'No views'
'Acme.Site:FlickrView':
  superTypes:
    'Neos.Neos:PluginView': true
  ui:
    label: 'Flickr view'
"""


def _texts(combo: QComboBox) -> list[str]:
    return [combo.itemText(i) for i in range(combo.count())]


def test_the_master_plugin_box_offers_the_site_plugins_with_views(qtbot, tmp_path):
    widget = inspector_of(qtbot, write_site_package(tmp_path, TYPES, neos="^8.3"), "Acme.Site:FlickrView")
    editor = editor_on_its_tab(qtbot, widget, "plugin")
    combo = editor.findChild(QComboBox)
    qtbot.waitUntil(combo.isVisible)
    texts = _texts(combo)
    assert len(texts) == 2 and texts[0].startswith('"Flickr" on page "') and texts[1].startswith('"Shop" on page "')
    assert not any("No views" in t for t in texts)
    assert editor.search is None  # a plain box: no search field
    # the English text of Neos.Neos:Main:content.inspector.editors.masterPluginEditor.selectPlugin in 8.3
    assert combo.placeholderText() == "Select a Plugin"


def test_choosing_a_plugin_offers_its_views_in_the_view_box(qtbot, tmp_path):
    widget = inspector_of(qtbot, write_site_package(tmp_path, TYPES, neos="^8.3"), "Acme.Site:FlickrView")
    stored = []
    widget.valueChanged.connect(lambda name, value: stored.append((name, value)))
    plugin = editor_on_its_tab(qtbot, widget, "plugin").findChild(QComboBox)
    view = editor_on_its_tab(qtbot, widget, "view").findChild(QComboBox)
    qtbot.waitUntil(view.isVisible)
    assert _texts(view) == []  # no plugin chosen yet
    assert view.placeholderText() == "No plugin configured"
    plugin.setFocus()
    qtbot.keyClick(plugin, Qt.Key.Key_Down)  # the first plugin: Flickr
    assert stored[-1][0] == "plugin" and stored[-1][1]
    assert _texts(view) == ["User feed", "Tag feed"]
    qtbot.keyClick(plugin, Qt.Key.Key_Down)  # then Shop
    assert _texts(view) == ["Basket"]
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Down)
    assert stored[-1] == ("view", "Basket")


def test_a_plugin_with_views_lists_them_in_its_views_property(qtbot, tmp_path):
    widget = inspector_of(qtbot, write_site_package(tmp_path, TYPES, neos="^8.3"), "Acme.Site:Flickr")
    editor = editor_on_its_tab(qtbot, widget, "views")
    qtbot.waitUntil(editor.isVisible)
    text = editor.list.text()
    assert "<b>User feed</b>" in text and "<b>Tag feed</b>" in text
    # the UI translates `content.inspector.editors.pluginViewsEditor.displayedOnCurrentPage` (Neos.Neos,
    # Main) and writes it right after the bold label
    assert "<b>User feed</b>view is displayed on current page" in text
    assert "pluginViewsEditor" not in text
    assert "label:views" not in {w.objectName() for w in widget.findChildren(object)}  # it draws its own label


def test_9_has_no_plugin_editors(qtbot, tmp_path):
    types = TYPES.replace("'Neos.Neos:PluginView': true", "'Neos.Neos:Content': true") + """\
  properties:
    plugin:
      type: string
      ui:
        label: 'Plugin'
        inspector:
          group: 'pluginSettings'
          editor: 'Neos.Neos/Inspector/Editors/MasterPluginEditor'
"""
    types = types.replace("'Acme.Site:FlickrView':\n  superTypes:\n    'Neos.Neos:Content': true",
                          "'Acme.Site:FlickrView':\n  superTypes:\n    'Neos.Neos:Plugin': true")
    widget = inspector_of(qtbot, write_site_package(tmp_path, types, neos="^9.0"), "Acme.Site:FlickrView")
    editor = editor_on_its_tab(qtbot, widget, "plugin")
    assert isinstance(editor, PlaceholderEditor)
    shown = " ".join(label.text() for label in editor.findChildren(QLabel))
    assert "MasterPluginEditor` was removed in Neos 9" in shown and "Missing Editor" in shown


def test_a_stored_plugin_or_view_not_offered_shows_the_placeholder_not_an_invalid_row(qtbot, tmp_path):
    # neos-ui's MasterPlugin and PluginView editors give their choices to the SelectBox as they are (no
    # processSelectBoxOptions, which adds "Invalid value" rows): a value among none of them selects nothing
    from PySide6.QtWidgets import QToolButton

    from nodetype_studio.model import load_project
    from nodetype_studio.preview.inspector import InspectorSource
    from nodetype_studio.ui.inspector import InspectorWidget

    project = load_project(write_site_package(tmp_path, TYPES, neos="^8.3"), use_cache=False)
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    widget.resize(420, 700)
    widget.show()
    widget.show_node_type(InspectorSource.from_model(project.node_type("Acme.Site:FlickrView"), project),
                          {"plugin": "gone-node", "view": "Gone"})
    stored = []
    widget.valueChanged.connect(lambda name, value: stored.append((name, value)))
    plugin = editor_on_its_tab(qtbot, widget, "plugin")
    combo = plugin.findChild(QComboBox)
    qtbot.waitUntil(combo.isVisible)
    assert not any("Invalid value" in text for text in _texts(combo))
    assert combo.currentIndex() == -1 and combo.placeholderText() == "Select a Plugin"
    view = editor_on_its_tab(qtbot, widget, "view").findChild(QComboBox)
    assert _texts(view) == [] and view.currentIndex() == -1
    clear = next(b for b in plugin.findChildren(QToolButton) if b.toolTip() == "Clear")
    assert clear.isVisible()  # a value is stored: it can be reset
    qtbot.mouseClick(clear, Qt.MouseButton.LeftButton)
    assert stored[-1] == ("plugin", "")
    assert not clear.isVisible()


def test_a_view_label_wider_than_the_inspector_does_not_widen_it(qtbot, tmp_path):
    """An untranslated id is one long word: the list wraps or cuts it, the inspector keeps its width."""
    long_label = "Acme.Site:NodeTypes.Flickr:options.pluginViews.UserFeed.label.that.nobody.translated"
    types = TYPES.replace("label: 'User feed'", f"label: '{long_label}'")
    widget = inspector_of(qtbot, write_site_package(tmp_path, types, neos="^8.3"), "Acme.Site:Flickr")
    widget.resize(300, 700)
    editor = editor_on_its_tab(qtbot, widget, "views")
    qtbot.waitUntil(editor.isVisible)
    assert long_label in editor.list.text()
    qtbot.waitUntil(lambda: editor.width() <= widget.width())
    assert editor.list.width() <= widget.width()
