"""The JavaScript engine in a child process, so that no expression can stall or crash the studio.

In-process limits stop almost everything (``sandbox.py``), but not all: a built-in such as
``new Array(2**30).fill(1)`` ignores V8's termination request and ends in a fatal V8
out-of-memory that aborts the process. The parent therefore waits for every answer with a
deadline and kills and restarts the child when it is late or gone. The child also caps its data
segment (POSIX), which bounds ``ArrayBuffer`` memory that V8's heap limit does not count.

The child is ``python -m nodetype_studio.clienteval.worker`` speaking length-prefixed JSON frames
over stdin/stdout. A frozen build starts its own executable with ``WORKER_ENV`` set; its entry
point must call ``run_worker_if_requested()`` before anything else.
"""

from __future__ import annotations

import json
import os
import queue
import select
import struct
import subprocess
import sys
import threading
import time
from collections import deque

WORKER_ENV = "NODETYPE_STUDIO_CLIENTEVAL_WORKER"
#: How long a fresh child may take to start Python and V8 on a slow machine.
STARTUP_TIMEOUT_S = 30.0
_HEADER = struct.Struct(">I")
_EOF = object()


class WorkerLost(Exception):
    """The child did not answer in time (it was killed) or died; ``hung`` tells which."""

    def __init__(self, hung: bool, detail: str = ""):
        text = "the JavaScript engine stopped responding" if hung else "the JavaScript engine crashed"
        super().__init__(f"{text} ({detail})" if detail else text)
        self.hung = hung
        self.detail = detail


# --- framing ---------------------------------------------------------------------------------
def _write_frame(stream, message) -> None:
    data = json.dumps(message, separators=(",", ":")).encode("utf-8")
    stream.write(_HEADER.pack(len(data)) + data)
    stream.flush()


def _read_frame(stream):
    header = stream.read(_HEADER.size)
    if len(header) < _HEADER.size:
        return _EOF
    (size,) = _HEADER.unpack(header)
    data = stream.read(size)
    if len(data) < size:
        return _EOF
    return json.loads(data)


# --- child -----------------------------------------------------------------------------------
def _cap_data_segment(limit_bytes: int) -> None:
    try:
        import resource
    except ImportError:  # Windows: the heap limit and the parent's deadline still apply
        return
    try:
        _soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
        if hard != resource.RLIM_INFINITY:
            limit_bytes = min(limit_bytes, hard)
        resource.setrlimit(resource.RLIMIT_DATA, (limit_bytes, hard))
    except (ValueError, OSError):
        pass


def serve(memory_limit_bytes: int, data_limit_bytes: int) -> int:
    """Child main loop: answer ``run``/``check`` frames on stdin until it closes."""
    from nodetype_studio.clienteval.sandbox import JsSandbox

    inp, out = sys.stdin.buffer, sys.stdout.buffer
    try:
        sandbox = JsSandbox(memory_limit_bytes)
        _cap_data_segment(data_limit_bytes)
    except Exception as exc:  # noqa: BLE001 - reported to the parent, which shows it as a message
        _write_frame(out, ["failed", f"{type(exc).__name__}: {exc}"])
        return 1
    _write_frame(out, ["ready", sandbox.v8_version])
    while True:
        request = _read_frame(inp)
        if request is _EOF or request[0] == "stop":
            break
        if request[0] == "run":
            _op, payload, start, end, limit_s = request
            _write_frame(out, list(sandbox.run_window(payload, start, end, limit_s)))
        elif request[0] == "check":
            _write_frame(out, sandbox.check_syntax(request[1]))
    sandbox.close()
    return 0


def run_worker_if_requested() -> None:
    """For frozen builds: become the worker (and exit) when started as one."""
    spec = os.environ.get(WORKER_ENV)
    if spec:
        memory, data = (int(x) for x in spec.split(","))
        os._exit(serve(memory, data))


# --- parent ----------------------------------------------------------------------------------
class WorkerClient:
    """Parent side of one child process; restarts it on demand after a loss."""

    def __init__(self, memory_limit_bytes: int, data_limit_bytes: int, grace_s: float = 0.5):
        self.memory_limit_bytes = memory_limit_bytes
        self.data_limit_bytes = data_limit_bytes
        self.grace_s = grace_s
        self.restarts = 0
        self.version = ""
        self._process: subprocess.Popen | None = None
        self._replies: _SelectReader | _ThreadReader | None = None
        self._stderr_tail: deque[bytes] = deque(maxlen=40)
        self._ready = False
        self.start()

    def start(self) -> None:
        """Launch the child without waiting for it; the first request waits."""
        env = dict(os.environ)
        spec = f"{self.memory_limit_bytes},{self.data_limit_bytes}"
        if getattr(sys, "frozen", False):
            env[WORKER_ENV] = spec
            command = [sys.executable]
        else:
            env.pop(WORKER_ENV, None)
            command = [sys.executable, "-m", "nodetype_studio.clienteval.worker", spec]
            root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
            env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH", "")) if p)
        flags = getattr(subprocess, "CREATE_NO_WINDOW", 0)
        process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env=env, creationflags=flags,
        )
        tail: deque[bytes] = deque(maxlen=40)
        replies = _SelectReader(process.stdout) if os.name == "posix" else _ThreadReader(process.stdout)
        threading.Thread(target=_pump_stderr, args=(process.stderr, tail), daemon=True).start()
        self._process, self._replies, self._stderr_tail, self._ready = process, replies, tail, False

    @property
    def alive(self) -> bool:
        return self._process is not None and self._process.poll() is None

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    def _wait_ready(self) -> None:
        if self._ready:
            return
        reply = self._receive(STARTUP_TIMEOUT_S)
        if reply[0] != "ready":
            self._discard()
            raise RuntimeError(f"the JavaScript engine could not start: {reply[1]}")
        self.version = reply[1]
        self._ready = True

    def _receive(self, timeout_s: float):
        assert self._replies is not None, "started"
        try:
            reply = self._replies.get(timeout_s)
        except TimeoutError:
            self._discard()
            raise WorkerLost(hung=True) from None
        if reply is _EOF:
            self._discard()
            raise WorkerLost(hung=False, detail=self._crash_reason())
        return reply

    def _crash_reason(self) -> str:
        text = b"".join(self._stderr_tail).decode("utf-8", "replace")
        for line in text.splitlines():
            line = line.strip("# ").strip()
            if "out of memory" in line.lower() or "fatal" in line.lower():
                return line
        return ""

    def request(self, message: list, timeout_s: float):
        """Send one request and wait at most ``timeout_s`` (+ grace) for the answer."""
        if self._process is None:
            self.restarts += 1
            self.start()
        self._wait_ready()
        try:
            assert self._process is not None and self._process.stdin is not None, "started"
            _write_frame(self._process.stdin, message)
        except (OSError, ValueError):
            self._discard()
            raise WorkerLost(hung=False) from None
        return self._receive(timeout_s + self.grace_s)

    def run_window(self, payload: str, start: int, end: int, limit_s: float) -> tuple[str, str]:
        status, results = self.request(["run", payload, start, end, limit_s], limit_s)
        return status, results

    def check_syntax(self, expressions: list[str]) -> list[str | None]:
        if not expressions:
            return []
        return self.request(["check", expressions], 30.0)

    def _discard(self) -> None:
        process, self._process, self._ready = self._process, None, False
        if process is None:
            return
        if process.poll() is None:
            process.kill()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        for stream in (process.stdin, process.stdout, process.stderr):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass

    def close(self) -> None:
        process = self._process
        if process is not None and process.poll() is None and self._ready:
            try:
                _write_frame(process.stdin, ["stop"])
                process.wait(timeout=1.0)
            except (OSError, ValueError, subprocess.TimeoutExpired):
                pass
        self._discard()


class _SelectReader:
    """Frames from the child's stdout, read in the calling thread with a deadline (POSIX)."""

    def __init__(self, stream):
        self._fd = stream.fileno()
        self._buffer = bytearray()

    def _frame(self):
        if len(self._buffer) < _HEADER.size:
            return None
        (size,) = _HEADER.unpack_from(self._buffer)
        end = _HEADER.size + size
        if len(self._buffer) < end:
            return None
        data = bytes(self._buffer[_HEADER.size:end])
        del self._buffer[:end]
        return json.loads(data)

    def get(self, timeout_s: float):
        deadline = time.monotonic() + timeout_s
        while True:
            frame = self._frame()
            if frame is not None:
                return frame
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            try:
                ready, _, _ = select.select([self._fd], [], [], remaining)
                if not ready:
                    continue
                chunk = os.read(self._fd, 1 << 16)
            except (OSError, ValueError):
                return _EOF
            if not chunk:
                return _EOF
            self._buffer += chunk


class _ThreadReader:
    """Frames from the child's stdout via a reader thread (pipes cannot be selected on Windows)."""

    def __init__(self, stream):
        self._queue: queue.Queue = queue.Queue()
        threading.Thread(target=self._pump, args=(stream,), daemon=True).start()

    def _pump(self, stream) -> None:
        try:
            while True:
                frame = _read_frame(stream)
                self._queue.put(frame)
                if frame is _EOF:
                    return
        except (OSError, ValueError):
            self._queue.put(_EOF)

    def get(self, timeout_s: float):
        try:
            return self._queue.get(timeout=timeout_s)
        except queue.Empty:
            raise TimeoutError from None


def _pump_stderr(stream, tail: deque) -> None:
    try:
        for line in iter(stream.readline, b""):
            tail.append(line)
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    _memory, _data = (int(x) for x in sys.argv[1].split(","))
    sys.exit(serve(_memory, _data))
