"""Back and forward through the node types visited, as a browser or an IDE does (Qt-free)."""

from __future__ import annotations

from collections.abc import Callable


class NavigationHistory:
    """Visited node types; ``visit`` drops the forward part, as a browser does."""

    def __init__(self, limit: int = 100):
        self.limit = max(2, limit)
        self.entries: list[str] = []
        self.index = -1

    @property
    def current(self) -> str | None:
        return self.entries[self.index] if 0 <= self.index < len(self.entries) else None

    def visit(self, name: str | None) -> None:
        if not name or name == self.current:
            return
        del self.entries[self.index + 1:]
        self.entries.append(name)
        if len(self.entries) > self.limit:
            del self.entries[: len(self.entries) - self.limit]
        self.index = len(self.entries) - 1

    def can_go_back(self) -> bool:
        return self.index > 0

    def can_go_forward(self) -> bool:
        return self.index < len(self.entries) - 1

    def back(self, exists: Callable[[str], bool] = lambda _name: True) -> str | None:
        """The previous entry that still ``exists`` (skipping ones that do not), or None."""
        return self._step(-1, exists)

    def forward(self, exists: Callable[[str], bool] = lambda _name: True) -> str | None:
        return self._step(1, exists)

    def _step(self, direction: int, exists: Callable[[str], bool]) -> str | None:
        index = self.index + direction
        while 0 <= index < len(self.entries):
            if exists(self.entries[index]):
                self.index = index
                return self.entries[index]
            del self.entries[index]  # a node type that was removed or renamed
            if direction < 0:
                self.index -= 1
                index -= 1
        return None

    def clear(self) -> None:
        self.entries.clear()
        self.index = -1
