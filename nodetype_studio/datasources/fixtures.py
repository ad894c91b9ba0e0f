"""Fixture files: recorded data-source answers for offline previews (Qt-free).

    .nodetype-studio/data-sources/<identifier>.yaml        (or .yml / .json) for dataSourceIdentifier
    .nodetype-studio/data-sources/uri/<sanitized URI>.yaml  (or .yml / .json) for dataSourceUri

A fixture holds what the data source would answer: a list of ``{value, label, group?, icon?}`` or a
map ``value -> {label, ...}``. The file name of a URI fixture is the URI without its scheme, every run
of characters other than letters, digits, ``.``, ``_`` and ``-`` replaced by one ``_`` (so
``https://tickets.example.com/api/venues.json`` -> ``tickets.example.com_api_venues.json.yaml``);
names longer than 120 characters are cut and end in a hash of the whole URI.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import yaml

from nodetype_studio import boundedio
from nodetype_studio.datasources.options import collect_options
from nodetype_studio.diagnostics import Diagnostic, Location, error, warning
from nodetype_studio.js.values import json_kind
from nodetype_studio.model.yamlload import decode_yaml_bytes, load_yaml_text, plain_data

FIXTURE_DIR = "data-sources"
URI_DIR = "uri"
SUFFIXES = (".yaml", ".yml", ".json")
_MAX_NAME = 120
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def sanitize(text: str) -> str:
    """A file-name stem for ``text`` (see the module docstring)."""
    stem = _UNSAFE.sub("_", text).strip("_.") or "_"
    if len(stem) > _MAX_NAME:
        stem = stem[: _MAX_NAME - 11].rstrip("_.") + "-" + hashlib.sha1(text.encode("utf-8")).hexdigest()[:10]
    return stem


def uri_stem(uri: str) -> str:
    return sanitize(re.sub(r"^[A-Za-z][A-Za-z0-9+.-]*://", "", uri.strip()))


def fixture_folder(studio_dir: Path, kind: str) -> Path:
    """``kind`` is "identifier" or "uri"."""
    folder = studio_dir / FIXTURE_DIR
    return folder / URI_DIR if kind == "uri" else folder


def fixture_stem(kind: str, key: str) -> str:
    return uri_stem(key) if kind == "uri" else sanitize(key)


def find_fixture(studio_dir: Path | None, kind: str, key: str) -> Path | None:
    """The existing fixture file for a data source (``.yaml`` before ``.yml`` before ``.json``)."""
    if studio_dir is None or not key:
        return None
    folder = fixture_folder(studio_dir, kind)
    stem = fixture_stem(kind, key)
    for suffix in SUFFIXES:
        candidate = folder / f"{stem}{suffix}"
        if candidate.is_file():
            return candidate
    return None


def new_fixture_path(studio_dir: Path, kind: str, key: str) -> Path:
    return fixture_folder(studio_dir, kind) / f"{fixture_stem(kind, key)}.yaml"


@dataclass
class FixtureContent:
    """A fixture file read and checked: ``data`` is None when it cannot be used."""

    path: str
    data: Any = None
    errors: list[Diagnostic] = field(default_factory=list)
    warnings: list[Diagnostic] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors


def _json_problem(text: str, file: str) -> tuple[Any, list[Diagnostic]]:
    try:
        return json.loads(text, parse_constant=_reject_constant), []
    except json.JSONDecodeError as exc:
        return None, [error("datasource-fixture-invalid", f"JSON syntax error: {exc.msg}", Location(file, exc.lineno, exc.colno))]
    except ValueError as exc:
        return None, [error("datasource-fixture-invalid", f"JSON syntax error: {exc}", Location(file, 1, 1))]


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _entry_location(data: Any, key: str, file: str) -> Location:
    if isinstance(data, list) and key.isdigit():
        positions = getattr(data, "item_pos", [])
        index = int(key)
        if index < len(positions):
            return Location(file, *positions[index])
    elif isinstance(data, dict):
        position = getattr(data, "key_pos", {}).get(key)
        if position:
            return Location(file, *position)
    pos = getattr(data, "pos", None)
    return Location(file, *pos) if pos and pos[0] else Location(file, 1, 1)


def check_fixture_text(text: str, file: str, json_format: bool = False) -> FixtureContent:
    """Parse and check fixture text: syntax and shape are errors, entries without label warnings."""
    content = FixtureContent(file)
    if json_format:
        data, problems = _json_problem(text, file)
    else:
        loaded = load_yaml_text(text, file)
        data = loaded.data if loaded.ok else None
        problems = [error("datasource-fixture-invalid", d.message, d.location) for d in loaded.diagnostics
                    if d.severity == "error"]
    content.errors += problems
    if problems:
        return content
    if not isinstance(data, (dict, list)):
        content.errors.append(error(
            "datasource-fixture-invalid",
            f"a fixture must be a list of {{value, label}} entries or a map of value -> {{label}}, not {json_kind(data)}",
            _entry_location(data, "", file)))
        return content
    content.data = data
    for key, message in collect_options(data).dropped:
        content.warnings.append(warning("datasource-fixture-entry", f"{message}: the select box leaves it out",
                                        _entry_location(data, key, file)))
    return content


_CACHE: dict[str, tuple[tuple, FixtureContent]] = {}


def read_fixture(path: Path) -> FixtureContent:
    """Read and check a fixture file (re-read only when it changed on disk)."""
    file = str(path)
    try:
        stat = path.stat()
        signature = (stat.st_mtime_ns, stat.st_size)
    except OSError as exc:
        return FixtureContent(file, errors=[error("datasource-fixture-invalid",
                                                  f"cannot read the fixture: {exc.strerror or exc}", Location(file))])
    cached = _CACHE.get(file)
    if cached is not None and cached[0] == signature:
        return cached[1]
    try:
        raw = boundedio.read_bytes(path)
    except OSError as exc:
        return FixtureContent(file, errors=[error("datasource-fixture-invalid",
                                                  f"cannot read the fixture: {exc.strerror or exc}", Location(file))])
    text, problems = decode_yaml_bytes(raw, file)
    content = check_fixture_text(text, file, json_format=path.suffix.lower() == ".json")
    content.errors[:0] = [error("datasource-fixture-invalid", d.message, d.location) for d in problems]
    _CACHE[file] = (signature, content)
    return content


def write_fixture(path: Path, text: str) -> None:
    """Write ``text`` atomically: a temporary file in the same folder, flushed, then renamed over."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if path.exists():
            os.chmod(temp, path.stat().st_mode & 0o777)
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
    _CACHE.pop(str(path), None)


class _Dumper(yaml.SafeDumper):
    pass


def dump_fixture(data: Any, about: str) -> str:
    """YAML text of a recorded answer, with a comment saying where it came from."""
    header = f"# Recorded answer of {about}\n# (Node Type Studio, {datetime.now():%Y-%m-%d %H:%M})\n"
    body = yaml.dump(plain_data(data), Dumper=_Dumper, sort_keys=False, allow_unicode=True, default_flow_style=False,
                     width=100)
    return header + body


def scratch_fixture(about: str) -> str:
    """A starting point for a fixture written by hand."""
    return (
        f"# Options of {about}, for previews without the real data source.\n"
        "# A list of entries with `value` and `label`, optionally `group` and `icon`\n"
        "# (sorted by group, as the CMS expects from data sources).\n"
        "- value: 'first'\n"
        "  label: 'First option'\n"
        "- value: 'second'\n"
        "  label: 'Second option'\n"
    )
