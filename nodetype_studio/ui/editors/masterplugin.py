"""MasterPluginEditor (Neos 8.3; ``Neos.Neos:PluginView``'s ``plugin``): the plugin whose view a PluginView
node shows.

As neos-ui's ``Editors/MasterPlugin``: a plain select box (no search box, an empty choice) of the site's
plugin nodes whose type has plugin views, each labelled as the backend labels it
(``preview.plugins.master_plugins``, from the preview's sample content); the value is the node's
identifier. Its placeholder is "Select a Plugin" or, with nothing to offer, "No plugin configured" (the
English texts of the ids it translates, ``preview.plugins.ui_text``); a stored value that is not among the choices
shows the placeholder too (no "Invalid value" row). The only option it reads is ``disabled``.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import QWidget

from nodetype_studio.datasources.options import SelectOption, cms_order
from nodetype_studio.preview.context import EditorContext
from nodetype_studio.preview.offline import workspace_of
from nodetype_studio.preview.plugins import NO_PLUGIN, SELECT_PLUGIN, master_plugins, ui_text
from nodetype_studio.ui.editors.selectbox import SelectBoxEditor


class PluginSelectBox(SelectBoxEditor):
    """The plain select box both 8.3 plugin editors draw: options given by the editor, an empty choice,
    no search box, choices in the order given."""

    def __init__(self, ctx: EditorContext, parent: QWidget | None = None):
        super().__init__(replace(ctx, options={"allowEmpty": True}, options_set=True, data_sources=None, spec=None),
                         parent)
        self.ctx = ctx

    def offer(self, choices: list[tuple[str, str]]) -> None:
        """Show ``choices`` ((value, label)); the placeholder says whether there is anything to choose."""
        self.placeholder = ui_text(SELECT_PLUGIN if choices else NO_PLUGIN, self.ctx.translator.lookup)
        self.combo.setPlaceholderText(self.placeholder)
        self.set_options([SelectOption(value, label) for value, label in choices])

    def _groups(self) -> list[tuple[str | None, list[SelectOption]]]:
        return cms_order(self.options)

    def _update_search(self) -> None:
        """The CMS's box here has no search box."""

    def _set_invalid_rows(self, invalid: list[str]) -> bool:
        """No "Invalid value" row: these editors hand their choices to the select box as they are (not
        through the SelectBoxEditor's helper that adds one), so a stored value that is not among them
        selects nothing and the placeholder shows."""
        return super()._set_invalid_rows([])

    def _select_in_combo(self, selected: list[str], has_invalid: bool) -> None:
        super()._select_in_combo(selected, False)
        if self.clear_button is not None:  # the select box offers its reset for any stored value
            self.clear_button.setVisible(bool(selected))


class MasterPluginEditor(PluginSelectBox):
    def __init__(self, ctx: EditorContext, parent: QWidget | None = None):
        super().__init__(ctx, parent)
        self.offer(master_plugins(workspace_of(ctx), self.translated))
