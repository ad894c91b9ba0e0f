"""ReferenceEditor: pick one node of the sample content by typing part of its title.

Options: ``nodeTypes`` (inheritance respected), ``threshold`` (characters before searching),
``placeholder``, ``startingPoint`` (node path in the form of the project's CMS version, read as
``content.startpoint`` describes; nodes outside the current site show their node path instead of the
URL path), ``createNew`` (``path`` + ``type``, optional ``titleProperty``: offers
"Create “<text>”", adds that node to the sample content, saves it and selects it) and ``disabled``.
The single editor stores the node identifier (``''`` when cleared); ``ReferencesEditor`` (in
``references.py``) stores an ordered list.
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from nodetype_studio.content.startpoint import StartingPoint, is_8_3, preview_note, read_starting_point, sample_path
from nodetype_studio.content.tree import ContentNode
from nodetype_studio.js import values as jsvalue
from nodetype_studio.preview.context import EditorContext
from nodetype_studio.preview.offline import number, string_list, workspace_of
from nodetype_studio.ui import style
from nodetype_studio.ui.editors.base import EditorWidget
from nodetype_studio.ui.editors.pickers import ChosenDisplay, Result, SearchBox


class ReferenceEditor(ChosenDisplay, EditorWidget):
    multiple = False

    def __init__(self, ctx: EditorContext, parent: QWidget | None = None):
        super().__init__(ctx, parent)
        self.workspace = workspace_of(ctx)
        self.icon_packages = ctx.packages
        self.tree = self.workspace.content
        self.notes: list[str] = []
        self.node_types = string_list(ctx.option("nodeTypes")) or [ctx.platform.node_type("Document")]
        self.threshold = self._threshold(ctx)
        self.starting_point = self._starting_point(ctx.option("startingPoint"))
        self.create_new = self._create_new(ctx.option("createNew"))
        placeholder = ctx.option("placeholder")
        placeholder_text = ctx.text(placeholder, "referenceEditor", "placeholder") if placeholder else ""

        self.container = QWidget(self)
        layout = QVBoxLayout(self.container)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(3)
        self.add_chosen_widgets(layout, self._clear, ctx.packages)
        self.search = SearchBox(self._results, threshold=self.threshold, placeholder=placeholder_text,
                                parent=self.container, packages=ctx.packages)
        self.search.chosen.connect(self._chosen)
        layout.addWidget(self.search)
        self.message = QLabel(self.container)
        self.message.setObjectName("message")
        self.message.setWordWrap(True)
        self.message.hide()
        layout.addWidget(self.message)
        self.add_field(self.container)
        if self.notes:
            self.say(" ".join(self.notes), style.NOTE)

    # -- options -------------------------------------------------------------------------------
    def _threshold(self, ctx: EditorContext) -> int:
        """Characters before results show. The CMS's reference data loader hands ``options.threshold`` to its
        select box as written; only a missing one gets the box's own default 2. The box lists results once
        ``threshold - typed length`` is no longer positive (JavaScript arithmetic), so 0, ``~``, ``''`` and
        ``false`` list them from the first character, and so does a value that is not a number."""
        if not ctx.has_option("threshold"):
            return number(ctx, "threshold", self.notes)
        value = ctx.option("threshold")
        amount = jsvalue.to_number(value)
        if math.isnan(amount):
            self.notes.append(f"`threshold` \u201c{value}\u201d is not a number; the CMS then lists results from "
                              f"the first character.")
            return 0
        if math.isinf(amount):
            return number(ctx, "threshold", self.notes)  # never reached / always reached: as number() explains it
        return max(math.ceil(amount), 0)

    def _starting_point(self, value: Any) -> StartingPoint:
        """How the CMS of the project's version reads ``startingPoint`` (``content.startpoint``)."""
        read = read_starting_point(value, is_8_3(self.workspace.project), self.tree.types.platform_type("Sites"))
        note = preview_note(value, read, self.tree)
        if note:
            self.notes.append(note)
        return read

    def _create_new(self, value: Any) -> dict | None:
        if value in (None, ""):
            return None
        # the CMS offers "create new" only while both are set (`createNew.type && createNew.path`): '' is off too
        if not isinstance(value, dict) or not all(isinstance(value.get(k), str) and value[k] for k in ("path", "type")):
            self.notes.append("`createNew` needs both `path` and `type`; creating nodes is off.")
            return None
        title_property = value.get("titleProperty")
        path = value["path"]
        if not is_8_3(self.workspace.project):  # 9.x names nodes by absolute path: `/<Neos.Neos:Sites>/<site>/…`
            path = sample_path(path, self.tree.types.platform_type("Sites"))
        return {"path": path, "type": value["type"],
                "titleProperty": title_property if isinstance(title_property, str) and title_property else "title"}

    # -- results -------------------------------------------------------------------------------
    def node_result(self, node: ContentNode) -> Result:
        types = self.tree.types
        subtitle = f"{self.tree.display_path(node)} \u00b7 {types.label(node.node_type)}"
        return Result("node", node.identifier, node.title or node.name, subtitle, types.icon(node.node_type) or "fas fa-file",
                      payload=node)

    def _results(self, text: str) -> list[Result]:
        taken = set(self._selected())
        nodes = self.tree.search_from(text, self.node_types, self.starting_point)
        results = [self.node_result(n) for n in nodes if not (self.multiple and n.identifier in taken)]
        if self.create_new is not None and text:
            results.append(self._create_result(text))
        return results

    def _create_result(self, text: str) -> Result:
        path, node_type = self.create_new["path"], self.create_new["type"]
        problem = ""
        if self.tree.node(path) is None:
            problem = f"no node at {path} in the sample content"
        elif not self.tree.types.known(node_type):
            problem = f"unknown node type {node_type}"
        elif self.tree.types.is_abstract(node_type):
            problem = f"{node_type} is abstract"
        else:
            problem = self.tree.refuses_child(path, node_type)
        label = self.tree.types.label(node_type)
        subtitle = f"Cannot create: {problem}" if problem else f"New {label} under {path}"
        return Result("create", text, f"Create \u201c{text}\u201d", subtitle, "fas fa-plus", enabled=not problem)

    # -- values --------------------------------------------------------------------------------
    def _selected(self) -> list[str]:
        value = self.value()
        if isinstance(value, str):
            return [value] if value else []
        if isinstance(value, (list, tuple)):
            return [str(v) for v in value if isinstance(v, str) and v]
        return []

    def show_value(self, value: Any) -> None:
        def row(identifier: str) -> Result | None:
            node = self.tree.by_identifier(identifier)
            return None if node is None else self.node_result(node)

        self.show_chosen(self._selected(), row, "node", "Unknown node")

    def _chosen(self, result: Result) -> None:
        identifier = result.key
        if result.kind == "create":
            node_type, title_property = self.create_new["type"], self.create_new["titleProperty"]
            # 8.3 writes the typed text only where the new node's creation handlers write it (TypeIndex.creation_keeps)
            kept = not is_8_3(self.workspace.project) or self.tree.types.creation_keeps(node_type, title_property)
            node, problem = self.tree.create(self.create_new["path"], node_type, result.key,
                                             title_property if kept else None)
            if node is None:
                self.say(f"Could not create \u201c{result.key}\u201d: {problem}", style.ERROR)
                return
            identifier = node.identifier
            saved = self.tree.last_save_problem
            done = f"Created \u201c{node.title}\u201d at {node.path}" if kept else (
                f"Created a {self.tree.types.label(node_type)} at {node.path} without \u201c{result.key}\u201d: Neos 8.3 "
                f"writes the typed text only into `title` of documents and content, or into a property shown in the "
                f"creation dialog (`ui.showInCreationDialog`), and `{title_property}` is neither")
            self.say(saved or done, style.ERROR if saved else style.MUTED)
        else:
            self.say("")
        value: Any = self._selected() + [identifier] if self.multiple else identifier
        self.search.clear()
        self.commit(value)
        self.show_value(value)

    def _clear(self) -> None:
        self.commit("")
        self.show_value("")

    def _reordered(self, keys: list) -> None:
        self.commit(list(keys))
        self.show_value(self.value())
