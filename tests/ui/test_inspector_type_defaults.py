"""The editor a property gets from its `type` (neos-facts §1.2, §1.3): the CMS's editor post-processor looks
the type up in the `dataTypes` setting as written, so a spelling that names the same PHP class differently
(`\\DateTime`, a leading backslash on a media class, spaces) has no default editor there."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLineEdit

from nodetype_studio.ui.editors.placeholder import PlaceholderEditor
from tests.ui.site_package import editor_on_its_tab, inspector_of, write_site_package

TYPES = r"""
'Acme.Site:Teaser':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    image:
      type: 'Neos\Media\Domain\Model\ImageInterface'
      ui: {label: 'Image', inspector: {group: default, position: 10}}
    slashedImage:
      type: '\Neos\Media\Domain\Model\ImageInterface'
      ui: {label: 'Slashed image', inspector: {group: default, position: 20}}
    date:
      type: DateTime
      ui: {label: 'Date', inspector: {group: default, position: 30}}
    slashedDate:
      type: '\DateTime'
      ui: {label: 'Slashed date', inspector: {group: default, position: 40}}
    spaced:
      type: ' string'
      ui: {label: 'Spaced', inspector: {group: default, position: 50}}
"""


@pytest.mark.parametrize("neos", ["^8.3", "^9.0"])
def test_a_type_spelled_unlike_the_data_type_key_gets_no_default_editor(qtbot, tmp_path, neos):
    widget = inspector_of(qtbot, write_site_package(tmp_path, TYPES, neos=neos), "Acme.Site:Teaser")
    for name in ("image", "date"):  # the keys of the setting: the type's editor
        assert not isinstance(editor_on_its_tab(qtbot, widget, name), PlaceholderEditor)
    for name in ("slashedImage", "slashedDate", "spaced"):
        # the CMS throws "Could not find editor" for these (the check says so): no editor to preview either
        editor = editor_on_its_tab(qtbot, widget, name)
        assert isinstance(editor, PlaceholderEditor)
        assert "no editor is configured for this property type" in editor.note.text()
        assert editor.findChild(QLineEdit) is not None  # plain text instead
