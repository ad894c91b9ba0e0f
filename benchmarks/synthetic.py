"""Synthetic multi-package Neos projects for benchmarks (written to a temporary folder)."""

from __future__ import annotations

import json
from pathlib import Path

EDITOR_SNIPPETS = [
    ("string", "      ui:\n        label: 'Headline {i}'\n        inspector:\n          group: text\n          position: {p}\n          editorOptions:\n            placeholder: 'Enter a headline'\n            maxlength: 80\n      validation:\n        'Neos.Neos/Validation/StringLengthValidator':\n          minimum: 1\n          maximum: 80\n"),
    ("integer", "      defaultValue: 3\n      ui:\n        label: 'Columns {i}'\n        inspector:\n          group: layout\n          position: {p}\n          editor: 'Neos.Neos/Inspector/Editors/RangeEditor'\n          editorOptions:\n            min: 1\n            max: 12\n            step: 1\n            unit: ' cols'\n"),
    ("boolean", "      defaultValue: false\n      ui:\n        label: 'Show border {i}'\n        inspector:\n          group: layout\n          position: {p}\n"),
    ("string", "      ui:\n        label: 'Style {i}'\n        inspector:\n          group: layout\n          position: 'after prop{prev}'\n          editor: 'Neos.Neos/Inspector/Editors/SelectBoxEditor'\n          editorOptions:\n            allowEmpty: true\n            values:\n              light: {{label: 'Light', icon: 'icon-sun'}}\n              dark: {{label: 'Dark', icon: 'icon-moon'}}\n"),
    ("DateTime", "      ui:\n        label: 'Published {i}'\n        inspector:\n          group: meta\n          position: {p}\n          editorOptions:\n            format: 'd-m-Y H:i'\n            minuteStep: 15\n"),
    ("string", "      ui:\n        label: 'Email {i}'\n        inspector:\n          group: text\n          position: {p}\n      validation:\n        'Neos.Neos/Validation/NotEmptyValidator': {{}}\n        'Neos.Neos/Validation/EmailAddressValidator': {{}}\n"),
    ("string", "      ui:\n        label: 'Code {i}'\n        inspector:\n          group: text\n          position: {p}\n          editor: 'Neos.Neos/Inspector/Editors/TextAreaEditor'\n          editorOptions:\n            rows: 7\n      validation:\n        'Neos.Neos/Validation/RegularExpressionValidator':\n          regularExpression: '/^[a-z0-9-]+$/i'\n"),
]


def node_type_yaml(package: str, index: int, properties: int = 10) -> str:
    name = f"{package}:Content.Element{index}"
    lines = [
        f"# Element {index}: a generated content element",
        f"'{name}':",
        "  superTypes:",
        "    'Neos.Neos:Content': true",
        f"    '{package}:Mixin.Base': true" if index % 2 else f"    '{package}:Mixin.Base': true",
        "  ui:",
        f"    label: 'Element {index}'",
        "    icon: icon-cube",
        "    inspector:",
        "      groups:",
        "        text: {label: Text, icon: icon-font, position: 10}",
        "        layout: {label: Layout, icon: icon-th, position: 20}",
        "        meta: {label: Meta, icon: icon-tag, position: 'end'}",
        "  properties:",
    ]
    body = "\n".join(lines) + "\n"
    for p in range(properties):
        type_name, snippet = EDITOR_SNIPPETS[p % len(EDITOR_SNIPPETS)]
        body += f"    # property {p}\n    prop{p}:\n      type: {type_name}\n"
        body += snippet.format(i=p, p=(p + 1) * 10, prev=max(p - 1, 0))
    return body


def write_project(root: Path, node_types: int, per_file: int = 5, packages: int | None = None) -> Path:
    """A distribution with ``node_types`` generated node types spread over several packages."""
    packages = packages or max(1, min(50, node_types // 20))
    dist = root / "DistributionPackages"
    per_package = [node_types // packages + (1 if i < node_types % packages else 0) for i in range(packages)]
    for p, count in enumerate(per_package):
        name = f"Acme.Pkg{p}"
        pkg = dist / name
        (pkg / "NodeTypes" / "Content").mkdir(parents=True, exist_ok=True)
        (pkg / "NodeTypes" / "Mixin").mkdir(parents=True, exist_ok=True)
        composer = {"name": f"acme/pkg{p}", "type": "neos-package",
                    "require": {f"acme/pkg{p - 1}": "*"} if p else {},
                    "extra": {"neos": {"package-key": name}}}
        (pkg / "composer.json").write_text(json.dumps(composer))
        (pkg / "NodeTypes" / "Mixin" / "Base.yaml").write_text(
            f"'{name}:Mixin.Base':\n  abstract: true\n  properties:\n    cssClass:\n      type: string\n"
            f"      ui:\n        label: 'CSS class'\n        inspector:\n          group: meta\n")
        for start in range(0, count, per_file):
            text = "".join(node_type_yaml(name, i) for i in range(start, min(count, start + per_file)))
            (pkg / "NodeTypes" / "Content" / f"Elements{start // per_file}.yaml").write_text(text)
    return root


def yaml_files(root: Path) -> list[Path]:
    return sorted(root.rglob("*.yaml"))
