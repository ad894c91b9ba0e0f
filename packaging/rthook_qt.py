"""Run-time hook of the frozen app: where Qt finds its plugins, set before anything imports Qt.

It replaces PyInstaller's own PySide6 hook, which imports QtCore at start-up (to register a
qt.conf) and so made every command, even `--version` or `check`, pay for loading Qt. Plugins are
all the bundle needs from Qt's paths; translations are not bundled.
"""

import os
import sys


def _setup() -> None:
    base = sys._MEIPASS
    qt = os.path.join(base, "PySide6") if sys.platform == "win32" else os.path.join(base, "PySide6", "Qt")
    os.environ["QT_PLUGIN_PATH"] = os.path.join(qt, "plugins")
    if sys.platform == "win32":
        # Qt's DLLs and OpenSSL-free networking look beside the executable's libraries.
        os.environ["PATH"] = base + os.pathsep + os.environ.get("PATH", "")


_setup()
