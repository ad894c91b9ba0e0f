"""`list --filter/--include-abstract`, the options of the CMS's own `./flow nodetypes:list`
(NodeTypesCommandController in Neos.ContentRepository 8.3
and Neos.ContentRepositoryRegistry 9.x)."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from nodetype_studio.cli import main

PAGE = """
'Acme.Site:Page':
  superTypes:
    'Neos.Neos:Document': true
  properties:
    subtitle:
      type: string
      defaultValue: ~
      ui:
        label: Sub
        help:
          message: "first line\\nsecond line"
        inspector:
          group: document
    count:
      type: integer
      defaultValue: 0
'Acme.Site:Mixin.Abstract':
  abstract: true
'Acme.Site:Teaser':
  superTypes:
    'Neos.Neos:Content': true
"""


@pytest.fixture
def site(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    target = tmp_path / "Acme.Site" / "NodeTypes" / "Page.yaml"
    target.parent.mkdir(parents=True)
    target.write_text(textwrap.dedent(PAGE).lstrip("\n"), encoding="utf-8")
    return tmp_path / "Acme.Site"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- list --filter / --include-abstract -------------------------------------------------------------


def names(out: str) -> list[str]:
    return [line.split(" ")[0] for line in out.splitlines() if line and not line.startswith((" ", "#"))]


def test_list_filter_is_a_case_sensitive_substring(site, capsys):
    code, out, _ = run(capsys, "list", str(site), "--filter", "Teas")
    assert code == 0 and names(out) == ["Acme.Site:Teaser"]
    _, out, _ = run(capsys, "list", str(site), "--filter", "teas")
    assert names(out) == []
    _, out, _ = run(capsys, "list", str(site), "--filter", "Site:")
    assert names(out) == ["Acme.Site:Mixin.Abstract", "Acme.Site:Page", "Acme.Site:Teaser"]


def test_list_filter_with_all_and_json(site, capsys):
    _, out, _ = run(capsys, "list", str(site), "--all", "--json", "--filter", "Neos.Neos:Content")
    listed = [row["name"] for row in json.loads(out)["nodeTypes"]]
    assert listed == ["Neos.Neos:Content", "Neos.Neos:ContentCollection"]


def test_list_abstract_types_are_included_unless_told(site, capsys):
    _, out, _ = run(capsys, "list", str(site))
    assert "Acme.Site:Mixin.Abstract" in names(out)
    _, out, _ = run(capsys, "list", str(site), "--include-abstract")
    assert "Acme.Site:Mixin.Abstract" in names(out)
    _, out, _ = run(capsys, "list", str(site), "--no-include-abstract")
    assert names(out) == ["Acme.Site:Page", "Acme.Site:Teaser"]
    _, out, _ = run(capsys, "list", str(site), "--no-include-abstract", "--all", "--json")
    rows = json.loads(out)["nodeTypes"]
    assert rows and not any(row["abstract"] for row in rows)
    assert "Neos.Neos:Document" not in [row["name"] for row in rows]  # abstract in the platform
