"""Helpers for the platform baseline tests: a project of a given CMS version, `show --json` in-process,
and the comparison of a printed configuration with the facts table (``platform_facts.py``)."""

from __future__ import annotations

import contextlib
import copy
import io
import json
from pathlib import Path

from platform_facts import EDITOR_DEFAULTS, ICON_MAPPING, data_types

from nodetype_studio.cli import main

#: composer.json constraints that make version detection pick each baseline (model/version.py)
CONSTRAINTS = {"8.3": "^8.3", "9": "^9.0"}


def platform_project(root: Path, version: str) -> Path:
    """A site package with no node types of its own that requires ``neos/neos`` of ``version``."""
    package = root / "Acme.Site"
    package.mkdir(parents=True, exist_ok=True)
    composer = {"name": "acme/site", "type": "neos-site", "require": {"neos/neos": CONSTRAINTS[version]}}
    (package / "composer.json").write_text(json.dumps(composer), encoding="utf-8")
    return package


def run(*args: str) -> tuple[int, str]:
    """Run the command line in-process; (exit code, standard output)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main([*args])
    return code, out.getvalue()


def run_show(root: Path, name: str) -> dict:
    """``show ROOT NAME --json``, parsed."""
    code, out = run("show", str(root), name, "--json")
    assert code == 0, out
    return json.loads(out)


def map_icons(value):
    """Icon names compared as the CMS shows them after its mapping (facts §6.6), on both sides."""
    if isinstance(value, dict):
        return {k: ICON_MAPPING.get(v, v) if k == "icon" and isinstance(v, str) else map_icons(v) for k, v in value.items()}
    if isinstance(value, list):
        return [map_icons(v) for v in value]
    return value


def restrict(actual, expected):
    """``actual`` cut down to the keys ``expected`` has (for blocks a postprocessor fills in)."""
    if isinstance(actual, dict) and isinstance(expected, dict):
        return {k: restrict(actual[k], expected[k]) for k in expected if k in actual}
    return actual


def fold_references(config: dict) -> None:
    """9.x moves ``type: reference(s)`` properties into ``references`` (facts §6.4): fold them back."""
    references = config.pop("references", None) or {}
    for name, entry in references.items():
        entry = copy.deepcopy(entry)
        constraints = entry.pop("constraints", {}) or {}
        single = constraints.pop("maxItems", None) == 1
        if constraints:
            entry["constraints"] = constraints
        config.setdefault("properties", {})[name] = {"type": "reference" if single else "references", **entry}


def drop_defaults(inspector: dict, expected_property: dict, version: str) -> None:
    """Take out what DefaultPropertyEditorPostprocessor adds (neos-facts §1.3): a key the facts do not
    declare goes only when it holds exactly the value the editor's or the data type's defaults give."""
    declared = (expected_property.get("ui") or {}).get("inspector") or {}
    data_type = data_types(version).get(expected_property.get("type", "string"), {})
    editor = declared.get("editor") or data_type.get("editor")
    defaults = {**data_type, "editor": editor}
    for key in ("editor", "typeConverter", "defaultValue"):
        if key not in declared and key in inspector and inspector[key] == defaults.get(key):
            del inspector[key]
    options = inspector.get("editorOptions")
    if isinstance(options, dict):
        option_defaults = {**EDITOR_DEFAULTS.get(editor, {}).get("editorOptions", {}), **data_type.get("editorOptions", {})}
        declared_options = declared.get("editorOptions") or {}
        for key in [k for k in options if k not in declared_options and k in option_defaults]:
            if options[key] == option_defaults[key]:
                del options[key]
        if not options and "editorOptions" not in declared:
            del inspector["editorOptions"]


def comparable(actual: dict, expected: dict, version: str) -> dict:
    """The part of a printed configuration that does not depend on the build/postprocessing steps."""
    actual = copy.deepcopy(actual)
    if version == "9":
        fold_references(actual)
    if actual.get("abstract") is True:  # the CMS keeps the flag out of the configuration (facts §3.1)
        del actual["abstract"]
    for name, prop in (actual.get("properties") or {}).items():
        inspector = (prop.get("ui") or {}).get("inspector") if isinstance(prop, dict) else None
        if isinstance(inspector, dict):
            drop_defaults(inspector, (expected.get("properties") or {}).get(name) or {}, version)
    dialog = (actual.get("ui") or {}).get("creationDialog")
    if dialog is not None:  # the creation dialog postprocessor adds to the declared elements (facts §4.2)
        actual["ui"]["creationDialog"] = restrict(dialog, (expected.get("ui") or {}).get("creationDialog") or {})
    return map_icons(actual)


def differences(actual, expected, path="") -> list[str]:
    if isinstance(actual, dict) and isinstance(expected, dict):
        found = []
        for key in list(expected) + [k for k in actual if k not in expected]:
            where = f"{path}.{key}" if path else str(key)
            if key not in actual:
                found.append(f"{where}: missing (the CMS has {json.dumps(expected[key])[:120]})")
            elif key not in expected:
                found.append(f"{where}: not in the CMS's configuration ({json.dumps(actual[key])[:120]})")
            else:
                found += differences(actual[key], expected[key], where)
        return found
    return [] if actual == expected else [f"{path}: {json.dumps(actual)[:120]} but the CMS has {json.dumps(expected)[:120]}"]
