"""Helpers for check tests: rule fixtures with markers, and YAML text opened as a project."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from nodetype_studio.checks import run_checks
from nodetype_studio.model import load_project

FIXTURES = Path(__file__).parent.parent / "fixtures" / "checks"
MARKER = "# <-"


@dataclass
class Case:
    """A rule fixture: YAML with a `# <-` marker on the line of the expected finding."""

    name: str
    code: str
    severity: str
    message: str
    fixes: list[tuple[str, str]]
    text: str
    allow: tuple[str, ...] = ()  # codes the corrected fixture may still report (`# allow:`), with a reason there
    node_type: str | None = "Vendor.Site:Thing"  # the node type the finding names (`# node type:`; `none`)
    file_name: str = "NodeTypes.Test.yaml"  # what the fixture is written as (`# written as: Settings.Test.yaml`)

    @property
    def line(self) -> int:
        return next(i for i, line in enumerate(self.text.splitlines(), 1) if line.rstrip().endswith(MARKER))

    @property
    def column(self) -> int:
        line = self.text.splitlines()[self.line - 1]
        return len(line) - len(line.lstrip(" -")) + 1

    def corrected(self) -> str:
        """The fixture with its `# fix:` edits applied to the YAML below the header comments."""
        lines = self.text.splitlines(keepends=True)
        split = next(i for i, line in enumerate(lines) if not re.match(r"# (check|severity|message|fix|allow|file|node type|written as): ", line))
        body = "".join(lines[split:])
        for old, new in self.fixes:
            assert old in body, f"{self.name}: fix target {old!r} not found"
            body = body.replace(old, new, 1)
        return "".join(lines[:split]) + body


def load_case(path: Path) -> Case:
    text = path.read_text(encoding="utf-8")
    header = dict(re.findall(r"^# (check|severity|message|allow|node type|written as): (.*)$", text, re.M))
    fixes = [(json.loads(a), json.loads(b)) for a, b in re.findall(r'^# fix: (".*") => (".*")$', text, re.M)]
    allow = tuple(header.get("allow", "").split(" ", 1)[0].split(",")) if "allow" in header else ()
    node_type = header.get("node type", "Vendor.Site:Thing")
    return Case(path.stem, header["check"], header["severity"], header["message"], fixes, text, allow,
                None if node_type == "none" else node_type, header.get("written as", "NodeTypes.Test.yaml"))


def all_cases() -> list[Case]:
    return [load_case(p) for p in sorted(FIXTURES.glob("*.yaml"))]


def check_text(tmp_path: Path, text: str, name: str = "NodeTypes.Test.yaml"):
    """Write ``text`` as a NodeTypes file in a fresh folder and return (project, rule findings)."""
    folder = tmp_path / "Vendor.Site" / "Configuration"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    # `# file: <path in the package> => "<JSON string>"`: another file the case needs (a data-source fixture)
    for target, content in re.findall(r'^# file: (\S+) => (".*")$', text, re.M):
        extra = tmp_path / "Vendor.Site" / target
        extra.parent.mkdir(parents=True, exist_ok=True)
        extra.write_text(json.loads(content), encoding="utf-8")
    project = load_project(tmp_path / "Vendor.Site", use_cache=False)
    return project, run_checks(project)

