"""The model never imports Qt: every module outside nodetype_studio/ui must import without PySide6."""

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "nodetype_studio"
QT_ALLOWED = {"ui"}


def _model_modules():
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        if rel.parts[0] in QT_ALLOWED:
            continue
        yield path, rel


def test_no_model_module_imports_qt_statically():
    offenders = []
    for path, rel in _model_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                if name.split(".")[0] in {"PySide6", "shiboken6", "qtawesome", "qtpy"} or name.startswith("nodetype_studio.ui"):
                    if rel.parts[0] == "commands" or rel.name in {"cli.py", "selftest.py"}:
                        # command modules (and the self-test) may import the UI lazily inside a function, never at module level
                        if node in tree.body:
                            offenders.append(f"{rel}: {name}")
                    else:
                        offenders.append(f"{rel}: {name}")
    assert offenders == []


def test_importing_every_model_module_loads_no_qt():
    modules = []
    for path, rel in _model_modules():
        parts = ("nodetype_studio",) + rel.with_suffix("").parts
        if parts[-1] == "__main__":
            continue
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules.append(".".join(parts))
    code = (
        "import sys, importlib\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6', 'qtawesome')]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
