"""Rendering an inspector preview to a PNG without a screen (documentation, review, the CLI)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any, Mapping

DEFAULT_WIDTH = 380
#: What ``render --out`` writes, by the file's suffix.
IMAGE_FORMATS = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG"}


def ensure_app():
    """The running QApplication, or a new one (offscreen when there is no display)."""
    if not os.environ.get("QT_QPA_PLATFORM") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or sys.platform in ("win32", "darwin")
    ):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtCore import qInstallMessageHandler
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        if os.environ.get("QT_QPA_PLATFORM") == "offscreen":
            qInstallMessageHandler(_quiet_offscreen)
        app = QApplication([sys.argv[0] if sys.argv else "nodetype-studio"])
        app.setStyle("Fusion")
        from nodetype_studio.ui import imagebounds

        imagebounds.limit_allocations()  # before any picture a project names is decoded
        # Kept for the life of the process: if the caller drops its reference, a collected
        # QApplication makes the next widget construction abort the interpreter.
        _KEEP_ALIVE.append(app)
        from nodetype_studio.ui.mainthread import collect_on_gui_thread

        collect_on_gui_thread(app)  # no collection on worker threads: it would delete widgets there
    return app


_KEEP_ALIVE: list = []


def _quiet_offscreen(mode, context, message):
    # The offscreen platform warns about window hints it cannot honour; that is expected here.
    if "does not support propagateSizeHints" in message:
        return
    sys.stderr.write(message + "\n")


def render_pixmap(source, *, values: Mapping[str, Any] | None = None, tab: str | None = None,
                  width: int = DEFAULT_WIDTH, inspector=None):
    """The inspector of ``source`` (an InspectorSource) as a QPixmap, ``tab`` selected.

    Raises ``KeyError`` for an unknown tab.
    """
    app = ensure_app()
    from PySide6.QtCore import QEvent, QSize, Qt

    from nodetype_studio.ui.inspector import InspectorWidget

    widget = inspector or InspectorWidget()
    widget.show_node_type(source, values)
    # Pages replaced by show_node_type are deleted later; without a running event loop "later" only
    # comes when asked for (batch rendering would pile them up otherwise).
    app.sendPostedEvents(None, QEvent.DeferredDelete)
    if tab is not None and not widget.select_tab(tab):
        raise KeyError(tab)
    # Laid out for real (shown, but never on a screen) so that sizes are final before measuring.
    widget.setAttribute(Qt.WA_DontShowOnScreen, True)
    widget.resize(QSize(width, 400))
    widget.show()
    app.processEvents()
    _wait_for_data_sources(widget, app)
    for _ in range(3):  # the height depends on wrapped text, which depends on the width: settle
        height = widget.preferred_height()
        if height == widget.height():
            break
        widget.resize(QSize(width, height))
        app.processEvents()
    pixmap = widget.grab()
    if inspector is None:
        widget.close()
        widget.deleteLater()
    return pixmap


def _wait_for_data_sources(widget, app) -> None:
    """Let the data-source select boxes get their answer (or error) before the picture is taken,
    at most the backend's timeout (plus a little for the answers to be shown)."""
    import time

    from PySide6.QtCore import QEventLoop

    session = getattr(widget, "data_session", None)
    service = getattr(session, "_service", None) if session is not None else None
    if service is None:
        return  # no box asked: nothing to wait for
    deadline = time.monotonic() + service.settings.timeout + 1.0
    while time.monotonic() < deadline:
        if not any(t.waiting for t in session.tickets) and service.idle():
            break
        app.processEvents(QEventLoop.AllEvents, 50)
        time.sleep(0.005)
    app.processEvents()


def render_inspector(source, out: str | os.PathLike, *, values: Mapping[str, Any] | None = None,
                     tab: str | None = None, width: int = DEFAULT_WIDTH, inspector=None) -> Path:
    """Render the inspector of ``source`` to the image file ``out``: PNG, or JPEG for ``.jpg``/``.jpeg``.

    Raises ``KeyError`` for an unknown tab, ``ValueError`` for another suffix and ``OSError`` when the
    file cannot be written.
    """
    path = Path(out)
    image_format = IMAGE_FORMATS.get(path.suffix.lower())
    if image_format is None:
        raise ValueError(f"{path.name}: the image format is chosen by the suffix; use .png, .jpg or .jpeg")
    pixmap = render_pixmap(source, values=values, tab=tab, width=width, inspector=inspector)
    if not pixmap.save(str(path), image_format):
        raise OSError(f"cannot write {path}")
    return path
