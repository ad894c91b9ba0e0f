"""Output formats of `check`: compiler-like text, JSON, SARIF 2.1.0 and GitHub Actions workflow commands."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Sequence

from nodetype_studio import __version__
from nodetype_studio.checks.codes import describe
from nodetype_studio.diagnostics import Diagnostic, Severity

FORMATS = ("text", "json", "sarif", "github")
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_SARIF_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}

Display = Callable[[str], str]


def counted(number: int, what: str) -> str:
    """``1 error``, ``2 errors``, ``0 notes``."""
    return f"{number} {what}" if number == 1 else f"{number} {what}s"


def summary(findings: Sequence[Diagnostic]) -> str:
    counts = {s: sum(1 for d in findings if d.severity == s) for s in Severity}
    return ", ".join((counted(counts[Severity.ERROR], "error"), counted(counts[Severity.WARNING], "warning"),
                      counted(counts[Severity.INFO], "note")))


def to_text(findings: Sequence[Diagnostic], display: Display = str, cms_version: Any = None) -> str:
    """`file:line:col: severity code: message`, one per line, then a summary line (with ``cms_version``,
    a `VersionInfo`, it ends with the CMS version whose rules applied and where that came from)."""
    lines = []
    for d in findings:
        where = f"{display(d.file)}:{d.line}:{d.column or 1}" if d.file and d.line else (display(d.file) or "<project>")
        lines.append(f"{where}: {d.severity.value} {d.code}: {d.message}")
    version = f"; {cms_version.version.label} rules ({cms_version.source})" if cms_version is not None else ""
    lines.append(summary(findings) + version)
    return "\n".join(lines)


_GITHUB_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def _github_data(text: str) -> str:
    """A workflow command's message: ``%``, CR and LF would end or garble it, so they are %-encoded."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _github_property(text: str) -> str:
    """A workflow command's property value: its message's encoding, and ``:`` and ``,`` too."""
    return _github_data(text).replace(":", "%3A").replace(",", "%2C")


def to_github(findings: Sequence[Diagnostic], display: Display = str, cms_version: Any = None) -> str:
    """One GitHub Actions workflow command per finding (``::error file=F,line=L,col=C,title=code::message``,
    shown as an annotation on the file's line in a pull request; notes are ``notice``), then the summary
    line as plain log text. Paths are as ``display`` gives them: run from the repository's root, they are
    relative to it, as GitHub wants them."""
    lines = []
    for d in findings:
        fields = []
        if d.file:
            fields.append(f"file={_github_property(display(d.file))}")
            if d.line:
                fields.append(f"line={d.line}")
                fields.append(f"col={d.column or 1}")
        fields.append(f"title={_github_property(d.code)}")
        lines.append(f"::{_GITHUB_LEVEL[d.severity]} {','.join(fields)}::{_github_data(d.message)}")
    version = f"; {cms_version.version.label} rules ({cms_version.source})" if cms_version is not None else ""
    lines.append(summary(findings) + version)
    return "\n".join(lines)


def to_json(findings: Sequence[Diagnostic], root: Path | str, display: Display = str, cms_version: Any = None) -> str:
    rows = []
    for d in findings:
        row = d.to_json()
        row["file"] = display(d.file)
        rows.append(row)
    counts = {s.value: sum(1 for d in findings if d.severity == s) for s in Severity}
    data = {"root": str(root), "counts": counts, "findings": rows}
    if cms_version is not None:
        data = {"root": str(root), "cmsVersion": cms_version.to_json(), "counts": counts, "findings": rows}
    return json.dumps(data, indent=2)


def _uri(path: str, root: Path) -> tuple[str, str | None]:
    """A URI relative to the project root when the file lies below it, else an absolute file URI."""
    file = Path(path)
    try:
        return file.resolve().relative_to(root).as_posix(), "PROJECTROOT"
    except (ValueError, OSError):
        return (file.resolve().as_uri() if file.is_absolute() else file.as_posix()), None


def to_sarif_dict(findings: Sequence[Diagnostic], root: Path | str, cms_version: Any = None) -> dict:
    """A SARIF 2.1.0 log with one run; every finding code becomes a rule of the driver."""
    root = Path(root).resolve()
    base = root if root.is_dir() else root.parent
    codes = sorted({d.code for d in findings})
    index = {code: i for i, code in enumerate(codes)}
    worst: dict[str, Severity] = {}
    for d in findings:
        if d.code not in worst or d.severity.rank < worst[d.code].rank:
            worst[d.code] = d.severity
    rules = [{"id": code, "name": "".join(p.capitalize() for p in code.split("-")),
              "shortDescription": {"text": describe(code)},
              "defaultConfiguration": {"level": _SARIF_LEVEL[worst[code]]}} for code in codes]
    results = []
    for d in findings:
        result: dict[str, Any] = {"ruleId": d.code, "ruleIndex": index[d.code], "level": _SARIF_LEVEL[d.severity],
                  "message": {"text": d.message}}
        if d.file:
            uri, base_id = _uri(d.file, base)
            artifact = {"uri": uri}
            if base_id:
                artifact["uriBaseId"] = base_id
            physical: dict[str, Any] = {"artifactLocation": artifact}
            if d.line:
                physical["region"] = {"startLine": d.line, "startColumn": d.column or 1}
            location: dict[str, Any] = {"physicalLocation": physical}
            if d.node_type:
                name = d.node_type + (f".properties.{d.property_name}" if d.property_name else "")
                location["logicalLocations"] = [{"fullyQualifiedName": name, "kind": "object"}]
            result["locations"] = [location]
        properties = {k: v for k, v in (("nodeType", d.node_type), ("property", d.property_name)) if v}
        if properties:
            result["properties"] = properties
        results.append(result)
    run_properties = {"cmsVersion": cms_version.to_json()} if cms_version is not None else None
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{
            **({"properties": run_properties} if run_properties else {}),
            "tool": {"driver": {"name": "nodetype-studio", "version": __version__,
                                "informationUri": "https://github.com/nodetype-studio/nodetype-studio",
                                "rules": rules}},
            "originalUriBaseIds": {"PROJECTROOT": {"uri": base.as_uri() + "/"}},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    }


def to_sarif(findings: Sequence[Diagnostic], root: Path | str, cms_version: Any = None) -> str:
    return json.dumps(to_sarif_dict(findings, root, cms_version), indent=2)
