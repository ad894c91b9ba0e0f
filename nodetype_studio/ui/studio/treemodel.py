"""The node type tree: by inheritance (a type with several supertypes under each) or by package.

``NodeTypeTreeModel`` is a QAbstractItemModel with two columns (name, findings). A project update
with the same tree shape only refreshes the data (``dataChanged``), so selection and expansion stay;
a different shape resets the model. ``NodeTypeFilter`` filters by name, label and property name and
keeps the parents of matches.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QSortFilterProxyModel, Qt

_NO_PARENT = QModelIndex()  # the default parent (Qt's invalid index)
NAME_ROLE = Qt.UserRole + 1  # the node type name ("" for package and folder rows)
KIND_ROLE = Qt.UserRole + 2  # "type" | "package" | "folder"
SEARCH_ROLE = Qt.UserRole + 3  # lower-case text the filter matches (name, label, property names)
# The roles and flags the view asks for many times per row and paint, looked up once: PySide6's
# ``Qt.DisplayRole`` shortcut costs several microseconds per use (``Qt.ItemDataRole.DisplayRole`` less,
# a module constant nothing), as much as the rest of ``data``.
_DISPLAY, _DECORATION, _TOOLTIP, _FONT, _FOREGROUND, _BACKGROUND, _ALIGNMENT = (
    int(Qt.ItemDataRole.DisplayRole), int(Qt.ItemDataRole.DecorationRole), int(Qt.ItemDataRole.ToolTipRole),
    int(Qt.ItemDataRole.FontRole), int(Qt.ItemDataRole.ForegroundRole), int(Qt.ItemDataRole.BackgroundRole),
    int(Qt.ItemDataRole.TextAlignmentRole))
_NAME, _KIND, _SEARCH = int(NAME_ROLE), int(KIND_ROLE), int(SEARCH_ROLE)
_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
_NO_FLAGS = Qt.ItemFlag.NoItemFlags
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_HORIZONTAL = Qt.Orientation.Horizontal
MATCH_COLOUR = "#60f0b400"  # rows the filter matches: translucent amber (#AARRGGBB)
GREY = "#8a8a8a"  # abstract and platform types, and further places of a type
SEVERITY_COLOURS = {"error": "#d7263d", "warning": "#c77c02", "info": "#2b6cb0"}


def _colour(name: str):
    from PySide6.QtGui import QColor

    return QColor(name)


def _text_colour(name: str):
    """``name`` as text on the view's base in the current scheme (4.5:1; the light scheme's amber on white
    reads at 3.3:1, its red on the dark base at 3.3:1)."""
    from PySide6.QtGui import QGuiApplication, QPalette

    from nodetype_studio.ui.style import legible

    return legible(name, QGuiApplication.palette().color(QPalette.ColorRole.Base))


@dataclass(eq=False)
class _Node:
    kind: str
    text: str
    name: str = ""
    parent: _Node | None = None
    children: list[_Node] = field(default_factory=list)
    row: int = 0
    others: tuple[str, ...] = ()  # the other supertypes this type is also listed under
    primary: bool = True  # False: a further place of a type whose subtypes are listed elsewhere

    def add(self, child: _Node) -> _Node:
        child.parent = self
        child.row = len(self.children)
        self.children.append(child)
        return child

    def shape(self) -> tuple:
        return (self.kind, self.text, self.name, self.others, self.primary, tuple(c.shape() for c in self.children))


@dataclass
class TypeInfo:
    """What the tree shows of one node type."""

    name: str
    label: str = ""
    icon: Any = None
    abstract: bool = False
    final: bool = False
    platform: bool = False
    supertypes: tuple[str, ...] = ()
    search: str = ""


def type_infos(project, show_platform: bool = False) -> dict[str, TypeInfo]:
    """The node types the tree lists: the project's own, the platform types they build on (or all)."""
    edited = _edited_infos(project, show_platform)
    if edited is not None:
        return edited
    shown: dict[str, TypeInfo] = {}
    types = project.node_types
    wanted = [nt for nt in types.values() if show_platform or not nt.from_baseline]
    queue = list(wanted)
    seen = {nt.name for nt in wanted}
    while queue:  # platform supertypes of listed types are listed too: they are the tree's trunk
        nt = queue.pop()
        for parent in nt.declared_supertypes:
            if parent in types and parent not in seen:
                seen.add(parent)
                queue.append(types[parent])
    # (imported here, not with the window: the preview's modules pull in the catalogue and the model)
    from nodetype_studio.preview.inspector import project_translator

    previous = _last_infos if _last_infos.get("types") is not None and _last_infos["names"] == types.keys() else {}
    # labels are translation ids (the platform's always): the translator of the same packages and node types
    # is the last call's, else it is made when a label is read
    translator = _last_infos.get("translator") if previous and _last_infos.get("packages") is project.packages else None
    made: dict[str, tuple] = {}
    for name in sorted(seen):
        nt = types[name]
        known = previous.get(name)
        if known is not None and known[0] is nt.effective and known[1] is nt.local:
            shown[name] = known[2]  # resolved configuration unchanged (an edit elsewhere): same info
        else:
            if translator is None:
                translator = project_translator(project)
            shown[name] = _info(nt, types, translator)
        made[name] = (nt.effective, nt.local, shown[name])
    _last_infos.clear()
    _last_infos.update(made)
    _last_infos["types"], _last_infos["names"] = True, set(types)
    _last_infos["translator"], _last_infos["packages"] = translator, project.packages
    _last_infos["nodes"], _last_infos["shown"], _last_infos["platform"] = dict(types), shown, show_platform
    return shown


def _edited_infos(project, show_platform: bool) -> dict[str, TypeInfo] | None:
    """The last call's infos with those of the node types that are new objects made again, when the other
    types are the same objects (an incremental re-resolution keeps them) and the new ones list the same
    supertypes (so the same types are shown); None otherwise."""
    nodes = _last_infos.get("nodes")
    types = project.node_types
    if (nodes is None or _last_infos["platform"] != show_platform or _last_infos["packages"] is not project.packages
            or len(nodes) != len(types) or nodes.keys() != types.keys()):
        return None
    changed = [nt for name, nt in types.items() if nodes[name] is not nt]
    for nt in changed:
        old = nodes[nt.name]
        if old.from_baseline != nt.from_baseline or old.declared_supertypes != nt.declared_supertypes:
            return None
    shown = dict(_last_infos["shown"])
    translator = _last_infos.get("translator")
    for nt in changed:
        nodes[nt.name] = nt
        known = _last_infos.get(nt.name)
        if known is None or (known[0] is nt.effective and known[1] is nt.local):
            continue  # not shown, or the same configuration
        if translator is None:
            from nodetype_studio.preview.inspector import project_translator

            translator = _last_infos["translator"] = project_translator(project)
        info = shown[nt.name] = _info(nt, types, translator)
        _last_infos[nt.name] = (nt.effective, nt.local, info)
    _last_infos["shown"] = shown  # (never changed once returned: the next edit copies it)
    return shown


def _info(nt, types, translator) -> TypeInfo:
    ui = nt.effective.get("ui") if isinstance(nt.effective.get("ui"), dict) else {}
    label = translator.label(ui.get("label")) if isinstance(ui.get("label"), str) else ""
    props = " ".join(nt.properties)
    return TypeInfo(nt.name, label, ui.get("icon"), nt.abstract, nt.final, nt.from_baseline,
                    tuple(s for s in nt.declared_supertypes if s in types), f"{nt.name} {label} {props}".lower())


# the infos of the last call, with the configurations they were made from: after an edit, node types whose
# resolved configuration is the same object (model/incremental.py keeps them) reuse their info
_last_infos: dict = {}


def _inheritance_tree(infos: dict[str, TypeInfo]) -> _Node:
    root = _Node("root", "")
    children: dict[str, list[str]] = {name: [] for name in infos}
    roots = []
    for name, info in infos.items():
        parents = [p for p in info.supertypes if p in infos]
        for parent in parents:
            children[parent].append(name)
        if not parents:
            roots.append(name)

    def build(parent: _Node, name: str, via: str | None, path: frozenset) -> None:
        info = infos[name]
        parents = [p for p in info.supertypes if p in infos]
        others = tuple(p for p in parents if p != via) if via else ()
        # subtypes hang under the first supertype only; the other places list the type itself
        primary = via is None or not parents or parents[0] == via
        node = parent.add(_Node("type", name, name, others=others, primary=primary or not children[name]))
        if name in path or not primary:
            return  # (name in path: an inheritance cycle, reported by the model; do not recurse forever)
        for child in sorted(children[name]):
            build(node, child, name, path | {name})

    for name in sorted(roots):
        build(root, name, None, frozenset())
    listed = {n.name for n in _walk(root)}
    for name in sorted(infos):  # types only reachable through a cycle: list the first one at the top
        if name not in listed:
            build(root, name, None, frozenset())
            listed = {n.name for n in _walk(root)}
    return root


def _package_tree(infos: dict[str, TypeInfo]) -> _Node:
    root = _Node("root", "")
    packages: dict[str, _Node] = {}
    folders: dict[tuple, _Node] = {}
    for name in sorted(infos):
        package, _, rest = name.partition(":")
        parent = packages.get(package)
        if parent is None:
            parent = packages[package] = _Node("package", package)
        parts = rest.split(".")
        for depth in range(len(parts) - 1):
            key = (package, *parts[:depth + 1])
            folder = folders.get(key)
            if folder is None:
                folder = folders[key] = parent.add(_Node("folder", parts[depth]))
            parent = folder
        parent.add(_Node("type", parts[-1], name))
    for package in sorted(packages):
        root.add(packages[package])
    return root


def _walk(node: _Node):
    """Every node below ``node``, depth first, parents before their children."""
    stack = node.children[::-1]
    while stack:
        child = stack.pop()
        yield child
        if child.children:
            stack.extend(reversed(child.children))


class NodeTypeTreeModel(QAbstractItemModel):
    """Node types by inheritance or package; column 1 counts the findings of each type."""

    HEADERS = ("Node type", "Findings")

    def __init__(self, parent=None, icon_for: Callable[[Any], Any] | None = None):
        super().__init__(parent)
        self._root = _Node("root", "")
        self._infos: dict[str, TypeInfo] = {}
        self._counts: dict[str, tuple[int, int, int]] = {}
        self._dirty: set[str] = set()
        self.mode = "inheritance"
        self.icon_for = icon_for
        self._icons: dict[Any, Any] = {}
        self._fonts: dict[str, Any] = {}  # made on first use (QtGui types cost start-up time)
        self._outline = None  # what the tree's shape is made from (names, supertypes), see set_types
        self._rows: dict[str, list[_Node]] | None = None  # the rows of each node type, made when needed

    # -- content -------------------------------------------------------------------------------------------
    def set_types(self, infos: dict[str, TypeInfo], mode: str | None = None) -> bool:
        """Show ``infos``; returns True when the tree's shape changed (the model was reset)."""
        mode = mode or self.mode
        if self.keeps_outline(infos, mode):  # the same types with the same supertypes: the same tree
            old = self._infos
            changed = {name for name, info in infos.items() if old.get(name) is not info and old.get(name) != info}
            self._infos = infos
            self._refresh_names(changed)
            return False
        self._outline = mode
        tree = _inheritance_tree(infos) if mode == "inheritance" else _package_tree(infos)
        if mode == self.mode and tree.shape() == self._root.shape():
            changed = {name for name, info in infos.items() if self._infos.get(name) != info}
            self._infos = infos
            self._refresh_names(changed)
            return False
        self.beginResetModel()
        self._root, self._infos, self.mode, self._rows = tree, infos, mode, None
        self.endResetModel()
        return True

    def keeps_outline(self, infos: dict[str, TypeInfo], mode: str | None = None) -> bool:
        """True when ``set_types(infos, mode)`` keeps every row where it is: the same node types with the same
        supertypes (the tree is sorted by name, so their order does not matter). Infos that are the same
        objects as the shown ones are not compared (after an edit, all but those of the edited types)."""
        if self._outline is None or (mode or self.mode) != self._outline:
            return False
        old = self._infos
        if len(old) != len(infos):
            return False
        for name, info in infos.items():
            shown = old.get(name)
            if shown is not info and (shown is None or shown.supertypes != info.supertypes
                                      or shown.platform != info.platform):
                return False
        return True

    def set_mode(self, mode: str) -> None:
        if mode != self.mode:
            self.set_types(self._infos, mode)

    def set_findings(self, counts: dict[str, tuple[int, int, int]]) -> None:
        """Per node type: (errors, warnings, infos)."""
        self._counts = dict(counts)
        self._refresh_all(columns=(1,))

    def set_dirty(self, names: set[str]) -> None:
        if names != self._dirty:
            changed = names ^ self._dirty
            self._dirty = set(names)
            self._refresh_names(changed, columns=(0,))

    def _font(self, kind: str):
        font = self._fonts.get(kind)
        if font is None:
            from PySide6.QtGui import QFont

            font = self._fonts[kind] = QFont()
            font.setItalic(kind == "italic")
            font.setBold(kind == "bold")
        return font

    def set_icon_provider(self, icon_for: Callable[[Any], Any]) -> None:
        self.icon_for = icon_for
        self._icons.clear()
        self._refresh_all(columns=(0,))

    def _refresh_all(self, columns=(0, 1)) -> None:
        if not self._root.children:
            return
        for node in [self._root] + [n for n in _walk(self._root) if n.children]:
            first, last = node.children[0], node.children[-1]
            parent = self._index_of(node)
            self.dataChanged.emit(self.index(first.row, min(columns), parent), self.index(last.row, max(columns), parent))

    def _refresh_names(self, names: set[str], columns=(0, 1)) -> None:
        """dataChanged for the rows of these node types only."""
        if not names:
            return
        rows = self._rows_by_name()
        for name in names:
            for node in rows.get(name, ()):
                self.dataChanged.emit(self.createIndex(node.row, min(columns), node),
                                      self.createIndex(node.row, max(columns), node))

    def _rows_by_name(self) -> dict[str, list[_Node]]:
        """The rows of each node type, top to bottom (made again after a reset)."""
        if self._rows is None:
            self._rows = {}
            for node in _walk(self._root):
                if node.kind == "type":
                    self._rows.setdefault(node.name, []).append(node)
        return self._rows

    def _index_of(self, node: _Node) -> QModelIndex:
        return QModelIndex() if node is self._root else self.createIndex(node.row, 0, node)

    # -- lookups -------------------------------------------------------------------------------------------
    def indexes_of(self, name: str) -> list[QModelIndex]:
        """Every row of node type ``name`` (several in the inheritance view for multiple supertypes)."""
        return [self.createIndex(n.row, 0, n) for n in self._rows_by_name().get(name, ())]

    def info(self, name: str) -> TypeInfo | None:
        return self._infos.get(name)

    def path_of(self, index: QModelIndex) -> tuple[str, ...]:
        """A stable key of a row (names and texts from the top), to restore expansion after a reset."""
        parts = []
        node = index.internalPointer() if index.isValid() else None
        while node is not None and node is not self._root:
            parts.append(node.name or f"{node.kind}:{node.text}")
            node = node.parent
        return tuple(reversed(parts))

    def index_for_path(self, path: tuple[str, ...]) -> QModelIndex:
        node = self._root
        for part in path:
            node = next((c for c in node.children if (c.name or f"{c.kind}:{c.text}") == part), None)
            if node is None:
                return QModelIndex()
        return self._index_of(node)

    # -- QAbstractItemModel --------------------------------------------------------------------------------
    def index(self, row: int, column: int, parent: QModelIndex = _NO_PARENT) -> QModelIndex:
        if column < 0 or column >= len(self.HEADERS) or row < 0:
            return QModelIndex()
        if parent.isValid() and parent.column() != 0:
            return QModelIndex()
        node = parent.internalPointer() if parent.isValid() else self._root
        if row >= len(node.children):
            return QModelIndex()
        return self.createIndex(row, column, node.children[row])

    def parent(self, index: QModelIndex = _NO_PARENT) -> QModelIndex:  # type: ignore[override]
        if not index.isValid():
            return QModelIndex()
        node = index.internalPointer().parent
        if node is None or node is self._root:
            return QModelIndex()
        return self.createIndex(node.row, 0, node)

    def rowCount(self, parent: QModelIndex = _NO_PARENT) -> int:
        if parent.isValid():
            return len(parent.internalPointer().children) if parent.column() == 0 else 0
        return len(self._root.children)

    def columnCount(self, parent: QModelIndex = _NO_PARENT) -> int:
        return len(self.HEADERS)

    def hasChildren(self, parent: QModelIndex = _NO_PARENT) -> bool:
        return self.rowCount(parent) > 0

    def flags(self, index: QModelIndex) -> Qt.ItemFlags:
        return _FLAGS if index.isValid() else _NO_FLAGS

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = _DISPLAY) -> Any:
        if orientation == _HORIZONTAL and role == _DISPLAY and 0 <= section < len(self.HEADERS):
            return self.HEADERS[section]
        return None

    def data(self, index: QModelIndex, role: int = _DISPLAY) -> Any:
        if not index.isValid():
            return None
        node: _Node = index.internalPointer()
        if index.column() == 1:
            return self._findings_data(node, role)
        if role == _DISPLAY:
            text = node.text
            if node.others:
                text += "  \u2225"  # listed under several supertypes
            return text + (" *" if node.name in self._dirty else "")
        if role == _NAME:
            return node.name
        if role == _KIND:
            return node.kind
        info = self._infos.get(node.name) if node.kind == "type" else None
        if role == _SEARCH:
            return info.search if info else ""  # folders match through their types
        if role == _TOOLTIP:
            return self._tooltip(node, info)
        if role == _DECORATION and info is not None and self.icon_for is not None:
            key = info.icon if isinstance(info.icon, str) else None
            if key not in self._icons:
                self._icons[key] = self.icon_for(key)
            return self._icons[key]
        if role == _FONT:
            if node.kind != "type":
                return self._font("bold")
            if info is not None and info.abstract:
                return self._font("italic")
        if role == _FOREGROUND and info is not None and (info.abstract or info.platform or not node.primary):
            return _text_colour(GREY)
        return None

    def _findings_data(self, node: _Node, role: int) -> Any:
        counts = self._counts.get(node.name) if node.kind == "type" else None
        if not counts or not any(counts):
            return None
        errors, warnings, infos = counts
        if role == _DISPLAY:
            return str(errors + warnings + infos)
        if role == _FOREGROUND:
            worst = "error" if errors else "warning" if warnings else "info"
            return _text_colour(SEVERITY_COLOURS[worst])
        if role == _TOOLTIP:
            return f"{errors} error(s), {warnings} warning(s), {infos} note(s)"
        if role == _ALIGNMENT:
            return _RIGHT
        return None

    def _tooltip(self, node: _Node, info: TypeInfo | None) -> str:
        if info is None:
            return node.text
        lines = [info.name]
        if info.label:
            lines.append(f"Label: {info.label}")
        flags = [word for word, on in (("abstract", info.abstract), ("final", info.final),
                                       ("platform type", info.platform)) if on]
        if flags:
            lines.append(", ".join(flags).capitalize())
        if node.others:
            lines.append("Also listed under: " + ", ".join(node.others))
        if not node.primary:
            lines.append(f"Its subtypes are listed under {info.supertypes[0]}")
        if node.name in self._dirty:
            lines.append("Unsaved changes")
        return "\n".join(lines)


@contextmanager
def filter_change(proxy: QSortFilterProxyModel):
    """Change a proxy's filter state inside this block (Qt 6.10 API, with the older call as fallback)."""
    if hasattr(proxy, "beginFilterChange"):
        proxy.beginFilterChange()
        yield
        proxy.endFilterChange()
    else:
        yield
        proxy.invalidateFilter()


class NodeTypeFilter(QSortFilterProxyModel):
    """Keeps rows whose name, label or a property name contains the filter text, and their parents."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setRecursiveFilteringEnabled(True)
        self._needle = ""

    def set_text(self, text: str) -> None:
        needle = text.strip().lower()
        if needle != self._needle:
            with filter_change(self):
                self._needle = needle

    @property
    def needle(self) -> str:
        return self._needle

    def filterAcceptsRow(self, source_row: int, source_parent: QModelIndex) -> bool:
        if not self._needle:
            return True
        index = self.sourceModel().index(source_row, 0, source_parent)
        return self._needle in (index.data(_SEARCH) or "")

    def is_match(self, index: QModelIndex) -> bool:
        """True for a row that matches the filter itself (not a parent kept to show the way to one)."""
        return bool(self._needle) and index.isValid() and self._needle in (index.data(_SEARCH) or "")

    def data(self, index: QModelIndex, role: int = _DISPLAY) -> Any:
        if role == _BACKGROUND and index.column() == 0 and self.is_match(index):
            if self._match_colour is None:
                self._match_colour = _colour(MATCH_COLOUR)
            return self._match_colour  # translucent: readable on light and dark backgrounds
        return super().data(index, role)

    _match_colour = None
