"""ClientEval in the inspector preview: evaluated labels, editors, options and ``hidden``, kept live.

The inspector lays out a node type from its configuration with every ClientEval string evaluated
against the preview node (``clienteval.LiveEvaluation``). Items whose ``hidden`` is an expression
are always built, and shown or hidden as the expression's value changes; groups without a visible
item and tabs without a visible group are hidden too (facts §5.7). After an edit the expressions
that read the edited property are evaluated again with the CMS's timing: the inspector debounces
by ``DEBOUNCE_MS`` with a leading edge (lodash ``debounce(…, 250, {leading: true})`` in neos-ui's
``Containers/RightSideBar/Inspector/index.js``): the first edit after a pause is evaluated at once,
edits that follow within 250 ms of each other wait until 250 ms have passed without one, then are
evaluated once. The creation dialog evaluates on every render, so every edit there at once. Labels,
help texts, tab and group labels and icons are updated in place; an editor whose identifier or
options changed is rebuilt, unless it has the keyboard focus (then it keeps its widget and sees
the new options through its context). Failed expressions keep their original string, as in the
CMS, and are listed in a note above the tabs.
"""

from __future__ import annotations

import atexit
import threading
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from nodetype_studio.js.values import CLIENT_EVAL_PREFIX, is_client_eval
from nodetype_studio.js.values import truthy as js_truthy
from nodetype_studio.preview.inspector import (
    InspectorLayout,
    InspectorSource,
    build_layout,
)
from nodetype_studio.ui import icons, style
from nodetype_studio.ui.mainthread import deliver
from nodetype_studio.ui.sections import fit_label, view_note

if TYPE_CHECKING:
    from nodetype_studio.clienteval import ClientEvalEngine, ConfiguredType, LiveEvaluation

DEBOUNCE_MS = 250
_ITEM_FIELDS = ("label", "editor", "editor_problem", "options", "help", "help_thumbnail")
_EDITOR = ("ui", "inspector", "editor")
_engine: ClientEvalEngine | None = None


def shared_engine() -> ClientEvalEngine:
    """The studio's one ClientEval engine (its V8 child process starts on first use)."""
    global _engine
    if _engine is None:
        from nodetype_studio.clienteval import ClientEvalEngine

        _engine = ClientEvalEngine()
        atexit.register(_engine.close)
    return _engine


def has_client_eval(value) -> bool:
    """Whether a configuration holds a ``ClientEval:`` expression anywhere (without loading ClientEval).

    Every node type shown is scanned whole, so this is a loop over a stack rather than a recursion of
    generators (less than half the time for a node type of a hundred properties)."""
    stack = [value]
    pop, extend = stack.pop, stack.extend
    while stack:
        item = pop()
        kind = type(item)  # exact types first: configurations are plain dicts, lists and scalars
        if kind is str:
            if item.startswith(CLIENT_EVAL_PREFIX):
                return True
        elif kind is dict:
            extend(item.values())
        elif kind is list:
            extend(item)
        elif isinstance(item, dict):
            extend(item.values())
        elif isinstance(item, list):
            extend(item)
        elif is_client_eval(item):
            return True
    return False


def _set_visible(widget: QWidget, visible: bool) -> None:
    """setVisible only on a change: showing a widget that is already shown still lays it out again."""
    if widget.isHidden() == visible:
        widget.setVisible(visible)


_ITEM_SECTIONS = ("references", "properties")  # (a property wins over a reference of the same name)


def _item_layout(layout: InspectorLayout, section: str, name: str):
    return (layout.properties if section == "properties" else layout.references).get(name)


class ClientEvalController(QObject):
    """Evaluates and applies one inspector's ClientEval expressions (see the module docstring).

    The first edit after a pause is evaluated at once; each edit that comes while the debounce timer
    runs starts it again, and when it runs out the last values are evaluated on a worker thread (the
    engine serialises its calls); the widgets are updated when the answer is back, so a slow batch
    never freezes typing.
    """


    def __init__(self, inspector, engine: ClientEvalEngine | None = None, debounce_ms: int = DEBOUNCE_MS):
        super().__init__(inspector)
        self.inspector = inspector
        # The shared engine (a V8 child process) starts when the first node type with expressions is shown,
        # not with the window: the first preview does not wait for, or share the processor with, its boot.
        self._engine = engine
        self.live: LiveEvaluation | None = None
        self.source: InspectorSource | None = None
        #: properties and 9.x references whose `hidden` is an expression: name -> path of the `hidden`
        self.dynamic_hidden: dict[str, tuple] = {}
        self.note = QLabel(inspector)
        self.note.setObjectName("clientEvalProblems")
        self.note.setWordWrap(True)
        style.tint(self.note, style.NOTE)
        self.note.hide()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(debounce_ms)
        self._timer.timeout.connect(self._cooled_down)
        self._pending = False
        self._worker: threading.Thread | None = None

    @property
    def engine(self) -> ClientEvalEngine:
        if self._engine is None:
            self._engine = shared_engine()
        return self._engine

    # -- building ------------------------------------------------------------------------------
    def start(self, source: InspectorSource, values: dict) -> InspectorSource:
        """Evaluate ``source`` for a new node type (synchronously); returns the source to lay out."""
        self._join()
        self._timer.stop()
        self._pending = False
        self.source = source
        if not has_client_eval(source.config):  # nothing to evaluate: ClientEval and V8 are not needed
            self.live = None
            self.dynamic_hidden = {}
            self._show_problems()
            return source
        from nodetype_studio.clienteval import ConfiguredType, LiveEvaluation, make_node, make_transient_node

        node_type = ConfiguredType(source.name, source.config)
        parent = self.default_parent(source, node_type)
        base = make_transient_node(node_type, parent) if source.creation_dialog \
            else make_node(node_type, cms_version=source.cms_version)
        self.live = LiveEvaluation(self.engine, source.config, base, parent)
        self.live.update(self._client_values(values))
        hidden_paths = {path for path, _src, _reads in self.live.expressions
                        if len(path) == 5 and path[0] in _ITEM_SECTIONS and path[2:] == ("ui", "inspector", "hidden")}
        self.dynamic_hidden = {path[1]: path for section in _ITEM_SECTIONS
                               for path in sorted(hidden_paths, key=str) if path[0] == section}
        self._show_problems()
        return self._layout_source()

    @staticmethod
    def default_parent(source: InspectorSource, node_type: ConfiguredType) -> dict:
        """``parentNode`` of the preview: the site's home page for documents, else its main collection."""
        from nodetype_studio.clienteval import make_parent_node
        from nodetype_studio.model.previewnode import parent_type

        document = node_type.config.get("aggregate") is True
        return make_parent_node(parent_type(source.platform.prefix, document), child_is_document=document,
                                cms_version=source.cms_version)

    def set_parent(self, parent: dict | None) -> None:
        """Use another ``parentNode`` (a dict as ``make_node`` builds; None: no parent)."""
        if self.live is not None:
            self._join()
            self._apply_changes(self.live.set_parent(parent))

    def _layout_source(self) -> InspectorSource:
        # Keep each ClientEval `hidden` as its expression so the item is built; its value decides
        # visibility afterwards (`apply_visibility`).
        from nodetype_studio.clienteval.engine import replace_paths

        replaced = {path: self.live.original_at(path) for path in self.dynamic_hidden.values()}
        # The server resolved the editor to the expression itself, so no type default stands behind it: an
        # item whose evaluated editor is falsy shows only "Missing editor definition" (EditorEnvelope: `!editor`).
        for path, _source, _reads in self.live.expressions:
            if path[0] in _ITEM_SECTIONS and path[2:] == _EDITOR and not js_truthy(self.live.value_at(path)):
                replaced[path] = ""
        return replace(self.source, config=replace_paths(self.live.config, replaced))

    def is_hidden(self, name: str) -> bool:
        path = self.dynamic_hidden.get(name)
        return path is not None and js_truthy(self.live.value_at(path))

    def apply_visibility(self) -> None:
        """Show or hide items, groups and tabs after the evaluated ``hidden`` values."""
        inspector = self.inspector
        layout: InspectorLayout | None = inspector.layout_info
        if layout is None or self.live is None:
            return
        any_tab = False
        for tab in layout.tabs:
            tab_visible = False
            for group in tab.groups:
                group_visible = False
                for item in group.items:
                    dynamic = item.kind == "property" and item.name in self.dynamic_hidden
                    visible = not (dynamic and self.is_hidden(item.name))
                    group_visible = group_visible or visible
                    if dynamic:  # other items are built visible and stay so
                        for widget in self._item_widgets(item.name):
                            _set_visible(widget, visible)
                section = inspector.sections.get(group.id)
                if section is not None:
                    _set_visible(section, group_visible)
                tab_visible = tab_visible or group_visible
            index = inspector._tab_index.get(tab.id)
            if index is not None and inspector.tabs.isTabVisible(index) != tab_visible:
                inspector.tabs.setTabVisible(index, tab_visible)
            any_tab = any_tab or tab_visible
        if layout.tabs and not any_tab:
            inspector.tabs.hide()
            inspector.empty_note.setText("Every property of this node type is hidden by its ClientEval `hidden` expression.")
            inspector.empty_note.show()
        elif layout.tabs:
            _set_visible(inspector.empty_note, False)
            _set_visible(inspector.tabs, True)
            current = inspector.tabs.currentIndex()
            if current >= 0 and not inspector.tabs.isTabVisible(current):
                for index in range(inspector.tabs.count()):
                    if inspector.tabs.isTabVisible(index):
                        inspector.tabs.setCurrentIndex(index)
                        break
        inspector.show_hidden_errors()  # a property hidden (or shown) now may fail validation

    def _item_widgets(self, name: str) -> list[QWidget]:
        """The rows of property ``name`` in its group body (label or help row, editor, help panel)."""
        inspector = self.inspector
        editor = inspector.editors.get(name)
        if editor is None:
            return []
        body = editor.parentWidget()
        row = inspector._help_rows.get(name)
        if row is not None and editor.parentWidget() is row:
            body = row.parentWidget()
        candidates = [editor, row, row.panel if row is not None else None,
                      body.findChild(QLabel, f"label:{name}", Qt.FindDirectChildrenOnly) if body is not None else None]
        return [w for w in candidates if w is not None and w.parentWidget() is body]

    # -- updates -------------------------------------------------------------------------------
    def values_changed(self) -> None:
        """An edit happened: evaluate now after a pause, else once the edits have paused for the debounce
        time (each edit restarts it, as lodash's ``debounce`` does). The creation dialog evaluates at once."""
        if self.live is None:
            return
        if self.source is not None and self.source.creation_dialog:
            self._join()
            self.refresh()
            return
        if self._timer.isActive() or self._worker is not None:
            self._pending = True
            self._timer.start()  # (re)start: the trailing evaluation waits for a pause in the edits
            return
        self.refresh()
        self._timer.start()

    def _cooled_down(self) -> None:
        # lodash's trailing edge: the last values, once; the next edit after it is a leading edge again
        if self._pending and self._worker is None:
            self._pending = False
            self._refresh_in_background()

    def _refresh_in_background(self) -> None:
        live, node = self.live, self.inspector.node
        if live is None or node is None:
            return
        values = self._client_values(node.values)

        def work() -> None:
            try:
                changed = live.update(values)
            except Exception:  # noqa: BLE001 - the engine reports problems as outcomes; never lose the thread
                changed = set()
            deliver(self, self._background_done, live, changed)  # not if the inspector is deleted meanwhile

        self._worker = threading.Thread(target=work, name="ClientEval update", daemon=True)
        self._worker.start()

    def _background_done(self, live, changed: set) -> None:
        self._worker = None
        if live is self.live:  # not a node type shown before
            self._apply_changes(changed)
        if self._pending and not self._timer.isActive():  # edits came while the worker ran: evaluate them too
            self._timer.start()

    def _join(self) -> None:
        """Wait for a background evaluation and apply its answer now."""
        worker = self._worker
        if worker is None:
            return
        worker.join()
        QCoreApplication.sendPostedEvents(self, QEvent.MetaCall)
        self._worker = None

    def flush(self) -> None:
        """Evaluate a pending change now (tests, rendering)."""
        self._join()
        if self._pending:
            self._timer.stop()
            self._pending = False
            self.refresh()

    def refresh(self) -> set[tuple]:
        """Re-evaluate what the current values affect and update the widgets; returns changed paths."""
        inspector = self.inspector
        if self.live is None or inspector.node is None:
            return set()
        changed = self.live.update(self._client_values(inspector.node.values))
        self._apply_changes(changed)
        return changed

    def _client_values(self, values) -> dict:
        """The values ``node.properties`` shows (``clienteval.node.client_values``); every value in the
        creation dialog, whose node holds all of the dialog's transient values."""
        from nodetype_studio.clienteval.node import client_values

        if self.source is not None and self.source.creation_dialog:
            return dict(values)
        node = self.inspector.node
        return client_values(values, node.edits if node is not None else (),
                             self.live.base_node if self.live is not None else None)

    def _apply_changes(self, changed: set[tuple]) -> None:
        self._show_problems()
        if not changed or self.inspector.layout_info is None:
            return
        new_layout = build_layout(self._layout_source())
        self._update_items(changed, new_layout)
        self._update_groups_and_tabs(changed, new_layout)
        if any(path[-3:] == ("ui", "inspector", "hidden") for path in changed):
            self.apply_visibility()

    def _update_items(self, changed: set[tuple], new_layout: InspectorLayout) -> None:
        inspector = self.inspector
        names = {(path[0], path[1]) for path in changed if path[0] in _ITEM_SECTIONS and len(path) > 2
                 and not (path[0] == "references" and path[1] in inspector.layout_info.properties)}
        for section, name in names:
            old, new = _item_layout(inspector.layout_info, section, name), _item_layout(new_layout, section, name)
            if old is None or new is None:
                continue
            differs = {f for f in _ITEM_FIELDS if getattr(old, f) != getattr(new, f)}
            for f in differs:
                setattr(old, f, getattr(new, f))
            if not differs or name not in inspector.editors:
                continue
            if differs & {"editor", "options"} or ("label" in differs and inspector.editors[name].has_own_label):
                self._rebuild_editor(old)
            if "label" in differs:
                label = self._label_of(name)
                if label is not None:
                    label.setText(old.label)  # (none for an empty label, as the CMS)
                    fit_label(label, old.label)
            if differs & {"help", "help_thumbnail"}:
                row = inspector._help_rows.get(name)
                if row is not None:
                    row.message, row.thumbnail = old.help, old.help_thumbnail
                    if row.panel is not None:  # rebuilt with the new text when next opened
                        row.panel.deleteLater()
                        row.panel = None
        # (paths of views: ("ui", "inspector", "views", <view id>, <key>, ...))
        for name in {path[3] for path in changed if path[:3] == ("ui", "inspector", "views") and len(path) > 4}:
            old_view = self._view(inspector.layout_info, name)
            new_view = self._view(new_layout, name)
            if old_view is not None and new_view is not None:
                old_view.label, old_view.view = new_view.label, new_view.view
                old_view.options, old_view.help = new_view.options, new_view.help
                note = inspector.findChild(QLabel, f"view:{name}")
                if note is not None:
                    note.setText(view_note(old_view))

    @staticmethod
    def _view(layout: InspectorLayout, name: str):
        return next((i for t in layout.tabs for g in t.groups for i in g.items if i.kind == "view" and i.name == name), None)

    def _label_of(self, name: str) -> QLabel | None:
        layout = self.inspector.layout_info
        item = layout.properties.get(name) or layout.references.get(name)
        section = self.inspector.sections.get(item.group) if item is not None else None
        return section.findChild(QLabel, f"label:{name}") if section is not None else None

    def _rebuild_editor(self, item) -> None:
        inspector = self.inspector
        old = inspector.editors[item.name]
        ctx = inspector._context(item)
        focus = QApplication.focusWidget()
        if focus is not None and (focus is old or old.isAncestorOf(focus)):
            old.ctx.options, old.ctx.label = ctx.options, ctx.label  # keep the field being typed in
            return
        editor = inspector.registry.create(ctx, missing=item.editor_problem)
        holder = old.parentWidget().layout()
        holder.replaceWidget(old, editor)
        old.hide()
        old.deleteLater()
        editor.set_value(inspector.node.get(item.name))
        errors, notes = inspector.errors.get(item.name, []), inspector.notes.get(item.name, [])
        if errors or notes:
            editor.set_errors(errors, notes)
        editor.on_commit = lambda value, n=item.name: inspector._edited(n, value)
        editor.setVisible(not self.is_hidden(item.name))
        inspector.editors[item.name] = editor

    def _update_groups_and_tabs(self, changed: set[tuple], new_layout: InspectorLayout) -> None:
        inspector = self.inspector
        kinds = {(path[2], path[3]) for path in changed if path[:2] == ("ui", "inspector") and len(path) > 4}
        packages = inspector.source.packages if inspector.source is not None else {}
        for kind, ident in kinds:
            if kind == "groups":
                old = next((g for t in inspector.layout_info.tabs for g in t.groups if g.id == ident), None)
                new = next((g for t in new_layout.tabs for g in t.groups if g.id == ident), None)
                section = inspector.sections.get(ident)
                if old is None or new is None:
                    continue
                old.label, old.icon = new.label, new.icon
                if new.collapsed != old.collapsed:
                    # The CMS shows a group folded when its evaluated `collapsed` differs from the user's
                    # toggle of it (TabPanel: toggled !== collapsed): a new default flips what is shown,
                    # whether or not the user toggled it. A group not built yet starts from the new value.
                    old.collapsed = new.collapsed
                    if section is not None:
                        section.toggle()
                if section is not None:
                    section.header.icon = icons.icon(new.icon, packages, fallback=False)
                    section.header.set_label(new.label, new.id)
            elif kind == "tabs":
                old = next((t for t in inspector.layout_info.tabs if t.id == ident), None)
                new = next((t for t in new_layout.tabs if t.id == ident), None)
                index = inspector._tab_index.get(ident)
                if old is None or new is None or index is None:
                    continue
                old.label, old.icon = new.label, new.icon
                inspector._tab_icons[ident] = icons.icon(new.icon, packages)
                inspector._tab_counts[ident] = -1  # redraw icon, badge and tooltip
                inspector._update_badges()

    def _show_problems(self) -> None:
        problems = self.live.problems if self.live is not None else []
        if not problems:
            self.note.hide()
            return
        lines = [f"ClientEval: {p.text}" for p in problems[:5]]
        if len(problems) > 5:
            lines.append(f"\u2026 and {len(problems) - 5} more")
        self.note.setText("\n".join(lines))
        self.note.setToolTip("\n".join(f"{p.text}\n  expression: {p.expression.strip()}" for p in problems))
        self.note.show()

    # -- queries -------------------------------------------------------------------------------
    def value_at(self, path: tuple, default: Any = None) -> Any:
        return self.live.value_at(path, default) if self.live is not None else default
