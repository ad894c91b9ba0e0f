"""Running ``check`` for the project as edited, away from the GUI thread.

The checks run in a worker *process* (``serve``), not a thread: they use V8 (mini-racer) for regular
expressions, and V8 crashes the process when one thread creates a context while another thread runs
one (the preview validates regular expressions with V8 on the GUI thread). A process also keeps the
GUI responsive: it does not compete for the GIL. The worker stays alive between runs (its parse cache
stays warm); at most one request is in flight and only the newest result is delivered. If the worker
cannot be started or dies, the failure is reported and the next run starts a new one.
"""

from __future__ import annotations

import pickle
import struct
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QProcess, QProcessEnvironment, QTimer, Signal

from nodetype_studio.diagnostics import Diagnostic
from nodetype_studio.ui.mainthread import deliver

WORKER_ARG = "__check-worker__"  # ``nodetype-studio __check-worker__`` serves checks (frozen builds too)
_HEADER = struct.Struct(">I")


def project_findings(root: Path, overrides: dict) -> list[Diagnostic]:
    """What ``nodetype-studio check ROOT`` reports, for the project with ``overrides`` applied."""
    from nodetype_studio.studio.rechecks import project_findings as findings

    return findings(root, overrides)


# -- the worker process ---------------------------------------------------------------------------------------
def write_frame(stream, payload: Any) -> None:
    data = pickle.dumps(payload, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(_HEADER.pack(len(data)) + data)
    stream.flush()


def read_frame(stream) -> Any:
    header = stream.read(_HEADER.size)
    if len(header) < _HEADER.size:
        return None
    (size,) = _HEADER.unpack(header)
    data = stream.read(size)
    return pickle.loads(data) if len(data) == size else None


def serve(stdin=None, stdout=None) -> int:
    """Answer (generation, root, overrides[, load]) requests with (generation, "ok", findings, incremental)
    or (generation, "error", message) until stdin closes. Within one ``load`` of the session
    (``Session.load_id``) only what the edits changed is resolved and checked again
    (``studio/rechecks.py``); without it every request loads and checks the whole project."""
    from nodetype_studio.studio.rechecks import Rechecks

    stdin = stdin or sys.stdin.buffer
    stdout = stdout or sys.stdout.buffer
    sys.stdout = sys.stderr  # a stray print must not corrupt the answers
    memory = Rechecks()
    while True:
        request = read_frame(stdin)
        if request is None:
            return 0
        generation, root, overrides, *rest = request
        try:
            findings = memory.findings(Path(root), overrides, rest[0] if rest else None)
            answer = (generation, "ok", findings, memory.incremental)
        except Exception as exc:  # noqa: BLE001 - a crash in a check is reported to the studio, not fatal
            answer = (generation, "error", f"{type(exc).__name__}: {exc}")
        write_frame(stdout, answer)


def worker_command() -> tuple[str, list[str]]:
    if getattr(sys, "frozen", False):
        return sys.executable, [WORKER_ARG]
    return sys.executable, ["-c", "import sys; from nodetype_studio.ui.studio.checkrunner import serve; sys.exit(serve())"]


class _Worker(QObject):
    """The worker process seen from the GUI: ``answered(generation, status, payload)``, ``died(message)``."""

    answered = Signal(int, str, object)
    died = Signal(str)
    incremental = False  # whether the last answer was worked out from the previous one (tests, benchmarks)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.process = QProcess(self)
        program, arguments = worker_command()
        self.process.setProgram(program)
        self.process.setArguments(arguments)
        environment = QProcessEnvironment.systemEnvironment()
        package_parent = str(Path(__file__).resolve().parents[3])  # so `-c` finds this very package
        current = environment.value("PYTHONPATH", "")
        environment.insert("PYTHONPATH", package_parent + (":" + current if current else ""))
        self.process.setProcessEnvironment(environment)
        self.process.readyReadStandardOutput.connect(self._read)
        self.process.readyReadStandardError.connect(self._forward_errors)
        self.process.finished.connect(self._finished)
        self.process.errorOccurred.connect(self._error)
        self._buffer = b""
        self._stopping = False
        self.process.start()

    def send(self, generation: int, root: Path, overrides: dict, load: Any = None) -> None:
        data = pickle.dumps((generation, str(root), {str(k): v for k, v in overrides.items()}, load),
                            protocol=pickle.HIGHEST_PROTOCOL)
        self.process.write(_HEADER.pack(len(data)) + data)

    def _read(self) -> None:
        self._buffer += bytes(self.process.readAllStandardOutput())
        while len(self._buffer) >= _HEADER.size:
            (size,) = _HEADER.unpack(self._buffer[:_HEADER.size])
            if len(self._buffer) < _HEADER.size + size:
                return
            payload = self._buffer[_HEADER.size:_HEADER.size + size]
            self._buffer = self._buffer[_HEADER.size + size:]
            generation, status, result, *rest = pickle.loads(payload)
            self.incremental = bool(rest and rest[0])
            self.answered.emit(generation, status, result)

    def _forward_errors(self) -> None:
        sys.stderr.write(bytes(self.process.readAllStandardError()).decode("utf-8", "replace"))

    def _finished(self, code: int, _status) -> None:
        if not self._stopping:
            self.died.emit(f"the check worker stopped (exit code {code})")

    def _error(self, error) -> None:
        if error == QProcess.FailedToStart and not self._stopping:
            self.died.emit(f"the check worker could not start: {self.process.errorString()}")

    def stop(self) -> None:
        """End the worker at once. It holds nothing worth keeping (it only computes findings), so it is
        killed rather than asked to finish the check it may be running: a quit or a closed project must
        not wait for it. Killing is immediate; the wait only reaps the process."""
        self._stopping = True
        if self.process.state() != QProcess.NotRunning:
            self.process.kill()
            self.process.waitForFinished(1000)


class CheckRunner(QObject):
    """Debounced checks of the project as edited; ``finished(findings)`` carries the newest result.

    By default the checks run in the worker process; ``run`` (a function of root and overrides) runs
    them in a thread instead (for tests and code without V8).
    """

    finished = Signal(list)
    started = Signal()
    failed = Signal(str)

    def __init__(self, parent=None, delay_ms: int = 400, run: Callable[[Path, dict], list] | None = None):
        super().__init__(parent)
        self.run = run
        self.generation = 0
        self.in_flight: int | None = None
        self._request: tuple[Path, dict, Any] | None = None
        self._worker: _Worker | None = None
        self._sent: tuple | None = None
        self._retried = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self._timer.timeout.connect(self._start)

    def set_delay(self, delay_ms: int) -> None:
        self._timer.setInterval(delay_ms)

    def schedule(self, root: Path, overrides: dict, *, now: bool = False, load: Any = None) -> None:
        """Check the project at ``root`` with ``overrides`` (after the delay, or ``now``). ``load``: the
        session's ``load_id``; the worker then re-resolves and rechecks only what changed since its
        previous answer within the same load (None: it loads and checks the whole project)."""
        self._request = (Path(root), dict(overrides), load)
        self.generation += 1
        if now:
            self._timer.stop()
            self._start()
        else:
            self._timer.start()

    def cancel(self) -> None:
        self._timer.stop()
        self._request = None
        self.generation += 1

    def stop(self) -> None:
        """Cancel and end the worker process (closing the project or the window)."""
        self.cancel()
        if self._worker is not None:
            self._worker.stop()
            self._worker.deleteLater()
            self._worker = None
        self.in_flight = None

    @property
    def last_incremental(self) -> bool:
        """Whether the worker's last answer was worked out incrementally (tests and benchmarks)."""
        return self._worker is not None and self._worker.incremental

    @property
    def busy(self) -> bool:
        return self._timer.isActive() or self.in_flight is not None or self._request is not None

    def _start(self) -> None:
        if self._request is None or self.in_flight is not None:
            return  # the newest request goes out when the one in flight is answered
        root, overrides, load = self._request
        self._request = None
        generation = self.in_flight = self.generation
        self.started.emit()
        if self.run is None:
            self._sent = (generation, root, overrides, load)
            self._retried = False
            self._send(*self._sent)
            return

        def work() -> None:
            try:
                status, result = "ok", self.run(root, overrides)
            except Exception as exc:  # noqa: BLE001 - a crash in a check must not take the studio down
                status, result = "error", f"{type(exc).__name__}: {exc}"
            deliver(self, self._deliver, generation, status, result)  # not once the runner is deleted

        threading.Thread(target=work, name="nodetype-studio-check", daemon=True).start()

    def _send(self, generation: int, root: Path, overrides: dict, load: Any = None) -> None:
        if self._worker is None:
            self._worker = _Worker(self)
            self._worker.answered.connect(self._deliver)
            self._worker.died.connect(self._worker_died)
        self._worker.send(generation, root, overrides, load)

    def _worker_died(self, message: str) -> None:
        worker, self._worker = self._worker, None
        if worker is not None:
            worker.deleteLater()
        if self.in_flight is not None and not self._retried and self._sent[0] == self.in_flight:
            self._retried = True  # once with a fresh worker: the request may not be what killed it
            self._send(*self._sent)
            return
        if self.in_flight is not None:
            self.in_flight = None
            self.failed.emit(message)
        if self._request is not None:
            self._timer.start()

    def _deliver(self, generation: int, status: str, result: Any) -> None:
        self.in_flight = None
        if generation == self.generation:
            if status == "ok":
                self.finished.emit(result)
            else:
                self.failed.emit(str(result))
        elif self._request is not None:
            self._start()  # an edit came in meanwhile: check the newest version now
