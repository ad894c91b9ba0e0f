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


# --- the enforced architecture (pyproject.toml [tool.importlinter]) ---------------------------------

ROOT = PACKAGE.parent


def _lint_imports(cwd: Path) -> subprocess.CompletedProcess:
    code = "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"
    return subprocess.run([sys.executable, "-c", code, "--no-cache"], cwd=cwd, capture_output=True, text=True)


def test_import_contracts_are_kept():
    result = _lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def _lint_copy_with(tmp_path, module: str, prepend: str = "", append: str = "") -> subprocess.CompletedProcess:
    """lint-imports over a copy of the package in which ``module`` (a path below the package) got a line."""
    import shutil

    copy = tmp_path / "repo"
    shutil.copytree(PACKAGE, copy / "nodetype_studio", ignore=shutil.ignore_patterns("__pycache__", "resources"))
    shutil.copy(ROOT / "pyproject.toml", copy / "pyproject.toml")
    offender = copy / "nodetype_studio" / module
    offender.write_text(prepend + offender.read_text(encoding="utf-8") + append, encoding="utf-8")
    code = ("import sys; sys.path.insert(0, '.'); from importlinter.cli import lint_imports_command; "
            "sys.exit(lint_imports_command())")
    return subprocess.run([sys.executable, "-c", code, "--no-cache"], cwd=copy, capture_output=True, text=True)


def test_a_qt_import_outside_ui_breaks_the_contracts(tmp_path):
    """The contracts are not goodwill: one `import PySide6` in a Qt-free package makes them fail."""
    result = _lint_copy_with(tmp_path, "model/merge.py", prepend="import PySide6.QtCore  # deliberate\n")
    assert result.returncode != 0
    assert "nodetype_studio.model is not allowed to import PySide6" in result.stdout
    assert "nodetype_studio.model.merge -> PySide6" in result.stdout
    assert "BROKEN" in result.stdout


def test_a_lower_layer_importing_the_window_breaks_the_contracts(tmp_path):
    result = _lint_copy_with(tmp_path, "checks/groups.py",
                             append="\nfrom nodetype_studio.studio import session  # deliberate\n")
    assert result.returncode != 0
    assert "nodetype_studio.checks.groups -> nodetype_studio.studio.session" in result.stdout


def test_every_module_under_ui_uses_qt():
    """ui/ holds the Qt code and nothing else: a Qt-free module belongs in a package below it."""
    qt_free = []
    for path in sorted((PACKAGE / "ui").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if path.name == "__init__.py" and all(isinstance(n, ast.Expr) for n in tree.body):
            continue  # a package docstring only
        imported = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                imported |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                imported.add(node.module)
        uses_qt = any(n.split(".")[0] in {"PySide6", "shiboken6", "qtawesome"} or n.startswith("nodetype_studio.ui")
                      for n in imported)
        if not uses_qt:
            qt_free.append(str(path.relative_to(PACKAGE)))
    assert qt_free == []


def test_no_import_cycles_between_modules():
    import grimp

    graph = grimp.build_graph("nodetype_studio")
    modules = graph.modules
    cyclic = []
    for module in sorted(modules):
        for imported in graph.find_modules_directly_imported_by(module) & modules:
            if imported != module and graph.chain_exists(importer=imported, imported=module):
                cyclic.append(f"{module} <-> {imported}")
    assert cyclic == []


def test_javascript_rules_are_defined_once():
    """Truthiness, String() and ClientEval detection live in nodetype_studio/js/values.py only."""
    import re

    patterns = {
        "truthiness": re.compile(r"^\s*def (js_)?truthy\b", re.M),
        "String()": re.compile(r"^\s*def (js_string|to_string|js_to_string)\b", re.M),
        "Number#toString": re.compile(r"^\s*def (js_number|number_to_string)\b", re.M),
        "ClientEval detection": re.compile(r"^\s*def is_client_eval\b", re.M),
        "ClientEval prefix": re.compile(r"^\s*[A-Z_]+ = \"ClientEval:\"", re.M),
    }
    found = {name: [] for name in patterns}
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for name, pattern in patterns.items():
            if pattern.search(text):
                found[name].append(str(path.relative_to(PACKAGE)))
    assert found == {name: ["js/values.py"] for name in patterns}
