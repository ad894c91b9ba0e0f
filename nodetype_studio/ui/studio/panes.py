"""The window's panes: sized in proportion to the window, the tree and the preview collapsible, and the
last selected node type and pane sizes remembered per project.

Fixed pixel sizes suited one window size only: at 1024x700 the fields were ~80 px wide, at 1280x820 the
preview was cut off. Until the user drags a splitter, the panes keep their proportions (``PROPORTIONS``)
of whatever room there is; a dragged splitter keeps the user's sizes, per project.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QEvent, QObject, QSize, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QApplication, QLabel, QSizePolicy, QSplitter

from nodetype_studio.ui import style

DEFAULT_SIZE = QSize(1240, 680)  # fits a 1366x768 laptop with a title bar and a task bar
# splitter -> share of each pane (tree | right; definition | preview; top | bottom tabs)
PROPORTIONS = {"main_splitter": (25, 75), "top_splitter": (57, 43), "right_splitter": (64, 36)}
MINIMUM_TREE = 250
PROJECT_KEYS = ("selected", "main_splitter", "top_splitter", "right_splitter")


def default_size() -> QSize:
    """DEFAULT_SIZE, made smaller on a screen that has less room."""
    screen = QApplication.primaryScreen()
    if screen is None:
        return DEFAULT_SIZE
    room = screen.availableGeometry().size()
    return QSize(min(DEFAULT_SIZE.width(), max(room.width() - 40, 640)),
                 min(DEFAULT_SIZE.height(), max(room.height() - 60, 480)))


def proportional_sizes(total: int, shares: tuple[int, ...]) -> list[int]:
    whole = sum(shares)
    sizes = [total * share // whole for share in shares]
    sizes[-1] = total - sum(sizes[:-1])
    return sizes


class Panes(QObject):
    """Keeps a window's splitters in proportion until the user moves one (then remembers that)."""

    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.moved: set[str] = set()  # splitters the user sized
        self._applying = False
        for name in PROPORTIONS:
            splitter: QSplitter = getattr(window, name)
            splitter.setChildrenCollapsible(False)
            shares = PROPORTIONS[name]
            for index, share in enumerate(shares):
                splitter.setStretchFactor(index, share)
            splitter.splitterMoved.connect(lambda _pos, _index, n=name: self._moved(n))
        window.main_splitter.setCollapsible(0, True)  # the tree and the preview can be closed
        window.top_splitter.setCollapsible(1, True)
        # The panes may be hidden when the window first shows (behind the welcome page): they are sized
        # when they come into view, from the room they then have.
        window.main_splitter.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.Show and watched is self.window.main_splitter:
            self.apply()
        return False

    def _moved(self, name: str) -> None:
        if not self._applying:
            self.keep(name)

    def keep(self, name: str) -> None:
        """The user sized splitter ``name``: its first pane keeps its size, the second takes any change."""
        self.moved.add(name)
        splitter: QSplitter = getattr(self.window, name)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)

    def apply(self) -> None:
        """Size the splitters the user has not moved in proportion to the room they have."""
        self._applying = True
        try:
            for name, shares in PROPORTIONS.items():
                if name in self.moved:
                    continue
                splitter: QSplitter = getattr(self.window, name)
                if not splitter.isVisible():  # a hidden splitter reports sizes of no use: sized when shown
                    continue
                visible = [splitter.widget(i).isVisibleTo(splitter) for i in range(splitter.count())]
                if not all(visible):
                    continue
                total = sum(splitter.sizes()) or (splitter.width() if name != "right_splitter" else splitter.height())
                sizes = proportional_sizes(total, shares)
                if name == "main_splitter" and sizes[0] < MINIMUM_TREE and total > 4 * MINIMUM_TREE:
                    sizes = [MINIMUM_TREE, total - MINIMUM_TREE]
                splitter.setSizes(sizes)
        finally:
            self._applying = False

    # -- showing and hiding ------------------------------------------------------------------------------
    def set_tree_visible(self, on: bool) -> None:
        self.window.main_splitter.widget(0).setVisible(on)

    def set_preview_visible(self, on: bool) -> None:
        self.window.top_splitter.widget(1).setVisible(on)

    # -- per project ---------------------------------------------------------------------------------------
    def save_project(self, settings, root) -> None:
        values = {"selected": self.window.selected or ""}
        for name in PROPORTIONS:
            values[name] = getattr(self.window, name).saveState() if name in self.moved else QByteArray()
        for key, value in values.items():
            settings.set_project(root, key, value)

    def restore_project(self, settings, root) -> str | None:
        """Restore the pane sizes the user gave this project (the others stay as they are); returns its
        last selected node type (or None)."""
        for name in PROPORTIONS:
            state = settings.get_project(root, name)
            if isinstance(state, QByteArray) and not state.isEmpty():
                getattr(self.window, name).restoreState(state)
                self.keep(name)
        self.apply()
        selected = settings.get_project(root, "selected")
        return selected if isinstance(selected, str) and selected else None


class ElidingLabel(QLabel):
    """A one-line label that elides its text at the end when narrow (the whole text in its tooltip), so a
    long message never widens the window."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.setMinimumWidth(1)
        self._colour: str | None = None

    def set_colour(self, colour: str | None) -> None:
        """Draw the text in ``colour`` (as legible on the current scheme's background), or in the palette's
        text colour (None). Worked out when painting, so it follows a change of scheme."""
        if colour != self._colour:
            self._colour = colour
            self.update()

    def setText(self, text: str) -> None:  # noqa: N802 (Qt override)
        super().setText(text)
        self.setToolTip(text if self.fontMetrics().horizontalAdvance(text) > self.width() else "")

    def paintEvent(self, _event) -> None:  # noqa: N802 (Qt override)
        painter = QPainter(self)
        palette = self.palette()
        painter.setPen(palette.color(self.foregroundRole()) if self._colour is None
                       else style.legible(self._colour, palette.color(self.backgroundRole())))
        shown = self.fontMetrics().elidedText(self.text(), Qt.ElideRight, self.contentsRect().width())
        painter.drawText(self.contentsRect(), int(Qt.AlignLeft | Qt.AlignVCenter), shown)
