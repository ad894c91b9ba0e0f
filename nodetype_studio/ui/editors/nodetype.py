"""NodeTypeEditor ("Change type", the `_nodeType` property every node has): a select box of the node types
that may take the node's place, grouped as the "create new" dialog groups them.

The choices come from ``preview.typeswitch`` (which parent the preview assumes is said in the tooltip).
The CMS draws a plain select box here, not its SelectBoxEditor: no search box, no empty choice, groups in
the order given, and a type that is not among the choices leaves the box empty (no "Invalid value" row).
With nothing to offer it shows the node type's label instead (empty without one, as in the CMS). The only
option it reads is ``disabled``.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import QLabel, QWidget

from nodetype_studio.datasources.options import SelectOption, cms_order
from nodetype_studio.preview.context import EditorContext
from nodetype_studio.preview.typeswitch import type_choices
from nodetype_studio.ui.editors.selectbox import SelectBoxEditor


class NodeTypeEditor(SelectBoxEditor):
    def __init__(self, ctx: EditorContext, parent: QWidget | None = None):
        # none of the SelectBoxEditor's options apply (`disabled` is applied by the registry from ``ctx``)
        super().__init__(replace(ctx, options={}, options_set=False, data_sources=None, spec=None), parent)
        self.ctx = ctx
        current = ctx.node_value("_nodeType") if ctx.node_value is not None else None
        project = getattr(ctx.workspace, "project", None)
        name = current if isinstance(current, str) else ""
        choices = type_choices(project, name, self.translated)
        self.no_choices = QLabel(self)
        self.no_choices.setObjectName("nodeTypeLabel")
        self.no_choices.setWordWrap(True)
        self.add_widget(self.no_choices)
        # the CMS shows the translated `ui.label` as it is: nothing at all for a type without one
        self.no_choices.setText(choices.label)
        if not choices.label:
            self.no_choices.setToolTip(f"{name or 'The node type'} has no `ui.label`: the CMS shows nothing here.")
        self.no_choices.setVisible(not choices.options)
        self.combo.setVisible(bool(choices.options))
        if choices.where:
            self.combo.setToolTip(f"The CMS offers the types the node\u2019s parent allows. The preview takes the "
                                  f"node to be {choices.where} and offers what the constraints there allow.")
        self.set_options(choices.options)

    def _groups(self) -> list[tuple[str | None, list[SelectOption]]]:
        return cms_order(self.options)  # the types come in the CMS's order: nothing is sorted again

    def _update_search(self) -> None:
        """The CMS's select box here has no search box."""

    def _set_invalid_rows(self, invalid: list[str]) -> None:
        """A type that is not among the choices leaves the box empty."""

    def _select_in_combo(self, selected: list[str], has_invalid: bool) -> None:
        super()._select_in_combo(selected, False)
