"""Slow validations off the GUI thread.

The inspector validates on every keystroke with a short budget (``INTERACTIVE_BUDGET``). A value on
which a regular expression needs longer – catastrophic backtracking, or simply a heavy pattern the
browser still finishes – is handed to this worker, which evaluates it with the browser's budget
(``BROWSER_BUDGET``) in a thread of its own: the ``regex`` module releases the interpreter lock while
it matches, and V8 runs in a context private to the thread (``jsengine.private_context``), so the
shared context and the GUI stay free. Only the newest request per property is evaluated; the answer
arrives as the ``finished`` signal in the GUI thread.
"""

from __future__ import annotations

import threading
from typing import Any

from PySide6.QtCore import QObject, Signal

from nodetype_studio.js import engine as jsengine
from nodetype_studio.js.regex import BROWSER_BUDGET
from nodetype_studio.ui.mainthread import deliver
from nodetype_studio.validation import validate_value


class BackgroundValidator(QObject):
    """``submit(name, generation, value, config, platform, cms_version)``; ``finished(name, generation, findings)``."""

    finished = Signal(str, int, object)

    def __init__(self, parent: QObject | None = None, budget: float = BROWSER_BUDGET):
        super().__init__(parent)
        self.budget = budget
        self._lock = threading.Lock()
        self._pending: dict[str, tuple[int, Any, Any, Any]] = {}
        self._thread: threading.Thread | None = None
        self._stopped = False
        self.destroyed.connect(self.stop)

    def submit(self, name: str, generation: int, value: Any, config: Any, platform: Any,
               cms_version: str | None = None) -> None:
        with self._lock:
            if self._stopped:
                return
            self._pending[name] = (generation, value, config, platform, cms_version)  # replaces an older request
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="nts-validation", daemon=True)
                self._thread.start()

    def busy(self) -> bool:
        with self._lock:
            return self._thread is not None

    def stop(self, *_args) -> None:
        with self._lock:
            self._stopped = True
            self._pending.clear()

    def _announce(self, name: str, generation: int, findings: Any) -> None:
        self.finished.emit(name, generation, findings)

    def _next(self):
        with self._lock:
            if self._stopped or not self._pending:
                self._thread = None
                return None
            name = next(iter(self._pending))
            return (name, *self._pending.pop(name))

    def _run(self) -> None:
        try:
            with jsengine.private_context():
                while (job := self._next()) is not None:
                    name, generation, value, config, platform, cms_version = job
                    try:
                        findings = validate_value(value, config, platform, budget=self.budget, cms_version=cms_version)
                    except Exception as exc:  # validate_value contains its failures; this is a last guard
                        findings = exc
                    deliver(self, self._announce, name, generation, findings)  # not once it is deleted
        finally:
            jsengine.close_private()
            with self._lock:
                self._thread = None
