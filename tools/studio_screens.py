"""Screenshots of the studio window on a real X display (e.g. Xvfb), light or dark.

    Xvfb :99 -screen 0 1440x900x24 &
    DISPLAY=:99 python tools/studio_screens.py PROJECT --type NAME [--property NAME] --scheme dark --out studio-dark.png

    QT_QPA_PLATFORM=offscreen python tools/studio_screens.py PROJECT --type NAME --size 1024x700 --window --out s.png

The window is opened as ``nodetype-studio PROJECT`` opens it (background load, panels after the tree),
the node type and property are selected once everything is ready and the checks have run, then the
whole screen is captured with ``xwd -root`` and converted to PNG (ImageMagick ``convert``), or, without
ImageMagick, grabbed from the X server through Qt. ``--window`` grabs the window alone (no X server
needed) and writes a 256-colour PNG, small enough for the documentation.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def _imagemagick() -> str:
    """ImageMagick's converter (a stand-in ``convert`` earlier on PATH may not read XWD)."""
    for candidate in ("magick", "/usr/bin/convert", "convert"):
        found = shutil.which(candidate)
        if found:
            return found
    return ""


def _palette(counts, size: int = 256, apart: int = 24) -> list[int]:
    """The image's own colours for a 256-colour PNG: the most frequent first, each at least ``apart``
    (summed RGB difference) from those taken, so rare but distinct colours (red error text) keep theirs."""
    taken: list[tuple[int, int, int]] = []
    table: list[int] = []
    for colour, _count in counts.most_common():
        rgb = ((colour >> 16) & 255, (colour >> 8) & 255, colour & 255)
        if all(abs(rgb[0] - r) + abs(rgb[1] - g) + abs(rgb[2] - b) >= apart for r, g, b in taken):
            taken.append(rgb)
            table.append(colour | 0xFF000000)
            if len(table) == size:
                break
    return table


def _head(path: str) -> str:
    try:
        with open(path, "rb") as handle:
            return handle.read(400).decode("utf-8", "replace")
    except OSError:
        return ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("project", type=Path)
    parser.add_argument("--type", required=True, dest="node_type")
    parser.add_argument("--property")
    parser.add_argument("--scheme", choices=("light", "dark", "system"), default="light")
    parser.add_argument("--tab", type=int, default=0, help="bottom tab: 0 source, 1 provenance, 2 problems")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--size", default="1440x900", help="window size, WIDTHxHEIGHT")
    parser.add_argument("--window", action="store_true", help="grab the window alone, as a 256-colour PNG")
    parser.add_argument("--creation-dialog", type=Path, metavar="PNG",
                        help="also open the type's creation dialog and grab it to this file")
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.lower().split("x"))
    if not os.environ.get("DISPLAY") and not args.window:
        print("studio_screens: set DISPLAY (run under Xvfb)", file=sys.stderr)
        return 2
    os.environ.setdefault("NODETYPE_STUDIO_DATA_DIR", tempfile.mkdtemp())
    from PySide6.QtCore import QSettings, QTimer

    QSettings.setPath(QSettings.IniFormat, QSettings.UserScope, tempfile.mkdtemp())
    from nodetype_studio.ui.render import ensure_app
    from nodetype_studio.ui.studio.mainwindow import StudioWindow
    from nodetype_studio.ui.studio.settings import Settings
    from nodetype_studio.ui.studio.theme import Theme

    app = ensure_app()
    settings = Settings()
    settings.set("colorScheme", args.scheme)
    theme = Theme(app, args.scheme)
    window = StudioWindow(settings=settings)
    window.set_theme(theme)
    window.move(0, 0)
    window.resize(width, height)
    window.show()
    window.open_project(args.project)

    def ready() -> bool:
        return (window.session is not None and window._panels_built and not window._deferring
                and window._icons_loaded and not window.checks.busy)

    state = {"selected": False}

    def step() -> None:
        if not ready():
            QTimer.singleShot(100, step)
            return
        if not state["selected"]:
            state["selected"] = True
            window.bottom.setCurrentIndex(args.tab)
            window.select_type(args.node_type, args.property)
            if args.property:
                window.definition.select_property(args.property)
            for index in window.tree_model.indexes_of(args.node_type):
                parent = window.tree_proxy.mapFromSource(index.parent())
                while parent.isValid():
                    window.tree.expand(parent)
                    parent = parent.parent()
            window._select_in_tree(window.selected)
            QTimer.singleShot(1500, step)  # let everything paint
            return
        if args.creation_dialog and "dialog" not in state:
            inspector = window.preview.current()
            state["dialog"] = inspector.open_creation_dialog() if inspector is not None else None
            if state["dialog"] is None:
                print("studio_screens: the type has no creation dialog", file=sys.stderr)
            QTimer.singleShot(500, step)
            return
        if state.get("dialog") is not None:
            state["dialog"].grab().save(str(args.creation_dialog))
            print(args.creation_dialog)
        converter = _imagemagick()
        if args.window:
            from collections import Counter

            from PySide6.QtCore import Qt
            from PySide6.QtGui import QImage

            image = window.grab().toImage().convertToFormat(QImage.Format_RGB32)
            pixels = memoryview(image.constBits()).cast("I")
            table = _palette(Counter(pixels))
            image = image.convertToFormat(QImage.Format_Indexed8, table, Qt.ThresholdDither | Qt.AvoidDither)
            image.save(str(args.out), "PNG", 0)  # for PNG, 0 is the strongest compression
        elif shutil.which("xwd") and converter and "Stands in" not in _head(converter):
            raw = args.out.with_suffix(".xwd")
            subprocess.run(["xwd", "-root", "-silent", "-out", str(raw)], check=True)
            subprocess.run([converter, str(raw), str(args.out)], check=True)
            raw.unlink()
        else:  # no ImageMagick: the X server's screen, grabbed through Qt (the same pixels)
            app.primaryScreen().grabWindow(0).save(str(args.out))
        print(args.out)
        window.prompts.unsaved_changes = lambda files: "discard"
        window.close()
        app.exit(0)

    QTimer.singleShot(200, step)
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main())
