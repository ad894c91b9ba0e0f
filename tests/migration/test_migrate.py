"""`migrate --to 9`: the bundled 8.3 example becomes valid 9.x, every fix is a minimal diff, a second run
changes nothing, and the corpus packages that use reference properties or removed types migrate cleanly.
Prints the corpus figures (packages, files, fixes) with -s."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from nodetype_studio.bundled import resource
from nodetype_studio.checks import run_checks
from nodetype_studio.cli import main
from nodetype_studio.diagnostics import Severity
from nodetype_studio.editing import NodeTypeEditor, YamlDocument
from nodetype_studio.model import load_project
from nodetype_studio.studio.migration import apply_file, plan_migration

EXAMPLE = "example-83"
USES_8_3 = re.compile(
    r"type:\s*['\"]?references?['\"]?\s*(#.*)?$|Neos\.Neos:Timable|Neos\.Neos:PluginView|_hiddenInIndex|"
    r"_hiddenBeforeDateTime|_hiddenAfterDateTime|_removed|_creationDateTime|_lastModificationDateTime|"
    r"_lastPublicationDateTime|nodeCreationHandler:|PluginViewsEditor|MasterPluginEditor|PluginViewEditor|"
    r"^'?unstructured'?:", re.M)


@pytest.fixture
def legacy(tmp_path) -> Path:
    target = tmp_path / "Acme.Legacy"
    shutil.copytree(resource(EXAMPLE, "Acme.Legacy"), target)
    return target


#: errors `migrate` leaves for a human, by design: an 8.3 creation handler class of the project's own has to
#: be rewritten as a factory (9.x throws when it creates such a node; the migration lists it)
HUMAN_ERRORS = ("neos9-creation-handler",)


def _neos9_errors(project) -> list[str]:
    return [d.format_text() for d in run_checks(project) if d.code.startswith("neos9") and d.severity is Severity.ERROR
            and d.code not in HUMAN_ERRORS]


def _migrated(folder: Path):
    """Plan and apply in memory: (plan, results, texts of the changed files)."""
    project = load_project(folder, use_cache=False, cms_version="8.3")
    plan = plan_migration(project)
    editor = NodeTypeEditor(project)
    results = [apply_file(file_plan, editor) for file_plan in plan.files.values()]
    return plan, results, {r.path: r.new_text for r in results if r.changed}


# -- the bundled example ---------------------------------------------------------------------------------------
def test_example_has_errors_under_9_before(legacy):
    errors = _neos9_errors(load_project(legacy, use_cache=False, cms_version="9"))
    assert any("neos9-supertype-removed" in e and "Neos.Neos:Timable" in e for e in errors)
    assert any("neos9-supertypes-list" in e for e in errors)


def test_migrate_writes_valid_9x_and_second_run_is_empty(legacy, capsys):
    assert main(["migrate", str(legacy), "--to", "9"]) == 0
    out = capsys.readouterr().out
    assert "+  references:" in out and "-    _hiddenInIndex:" in out
    page = (legacy / "NodeTypes/Document/Page.yaml").read_text()
    assert "'Neos.TimeableNodeVisibility:Timeable': true" in page and "Timable" not in page
    assert "    hiddenInMenu:\n      ui:\n        inspector:\n          position: 50\n" in page
    teaser = (legacy / "NodeTypes/Mixin/Teaser.yaml").read_text()
    # the moved reference keeps its comment and its flow list exactly as written
    assert "  references:\n    # the page a teaser links to\n    teaserTarget:\n" in teaser
    assert "            nodeTypes: ['Acme.Legacy:Document.Page']\n" in teaser
    assert "      constraints:\n        maxItems: 1\n" in teaser and "type: reference" not in teaser
    related = (legacy / "NodeTypes/Content/RelatedPages.yaml").read_text()
    assert "  references:\n    pages:\n" in related and "properties:" not in related
    assert (legacy / "NodeTypes/Override/PluginView.yaml").read_text() == ""

    project = load_project(legacy, use_cache=False, cms_version="9")
    assert _neos9_errors(project) == []
    quote = project.node_type("Acme.Legacy:Content.Quote")
    assert quote.merged["references"]["author"]["constraints"] == {"maxItems": 1}
    assert "author" not in quote.merged["properties"]
    page_type = project.node_type("Acme.Legacy:Document.Page")
    assert page_type.merged["references"]["teaserTarget"]["ui"]["label"] == "Page teased on the home page"

    before = {p: p.read_bytes() for p in legacy.rglob("*.yaml")}
    assert main(["migrate", str(legacy), "--to", "9"]) == 0
    second = capsys.readouterr()
    assert second.out.count("\n---") == 0 and "+++" not in second.out
    assert "changed 0 files" in second.err
    assert {p: p.read_bytes() for p in legacy.rglob("*.yaml")} == before
    # what needs a human is listed again: the 8.3 creation handler class
    assert "neos9-creation-handler" in second.out


def test_dry_run_prints_the_diff_and_writes_nothing(legacy, capsys):
    before = {p: p.read_bytes() for p in legacy.rglob("*")  if p.is_file()}
    assert main(["migrate", str(legacy), "--to", "9", "--dry-run"]) == 0
    captured = capsys.readouterr()
    assert captured.out.index("--- a/") < captured.out.index("migrate-reference-usage")
    assert "would change 6 files" in captured.err
    assert {p: p.read_bytes() for p in legacy.rglob("*") if p.is_file()} == before


def test_bad_input_gives_a_clear_message(tmp_path, capsys):
    assert main(["migrate", str(tmp_path / "missing"), "--to", "9"]) == 2
    assert "no such file or folder" in capsys.readouterr().err
    assert main(["migrate", str(tmp_path), "--to", "10"]) == 2
    assert "only `--to 9`" in capsys.readouterr().err
    broken = tmp_path / "Vendor.Broken" / "Configuration"
    broken.mkdir(parents=True)
    (broken / "NodeTypes.yaml").write_text("'Vendor.Broken:A':\n  superTypes: ['Neos.Neos:Content']\n  x: [\n")
    assert main(["migrate", str(tmp_path / "Vendor.Broken"), "--to", "9"]) in (0, 1)
    assert (broken / "NodeTypes.yaml").read_text().endswith("x: [\n")  # a file that does not parse is left alone


def test_crlf_and_a_reference_among_other_properties(tmp_path):
    folder = tmp_path / "Vendor.Site" / "Configuration"
    folder.mkdir(parents=True)
    text = ("'Vendor.Site:Teaser':\r\n  superTypes:\r\n    'Neos.Neos:Content': true\r\n  properties:\r\n"
            "    title:\r\n      type: string\r\n    # where it links\r\n    link:\r\n      type: reference\r\n"
            "      ui:\r\n        label: Link\r\n    subtitle:\r\n      type: string\r\n")
    (folder / "NodeTypes.yaml").write_text(text, newline="")
    plan, results, texts = _migrated(tmp_path / "Vendor.Site")
    new = texts[(folder / "NodeTypes.yaml").resolve()] if (folder / "NodeTypes.yaml").resolve() in texts \
        else next(iter(texts.values()))
    assert "\n" not in new.replace("\r\n", "")
    assert new == ("'Vendor.Site:Teaser':\r\n  superTypes:\r\n    'Neos.Neos:Content': true\r\n  properties:\r\n"
                   "    title:\r\n      type: string\r\n    subtitle:\r\n      type: string\r\n  references:\r\n"
                   "    # where it links\r\n    link:\r\n      ui:\r\n        label: Link\r\n"
                   "      constraints:\r\n        maxItems: 1\r\n")


def test_an_inherited_override_moves_with_its_declaration(tmp_path):
    folder = tmp_path / "Vendor.Site" / "Configuration"
    folder.mkdir(parents=True)
    (folder / "NodeTypes.Mixin.yaml").write_text(
        "'Vendor.Site:Linked':\n  abstract: true\n  properties:\n    link:\n      type: references\n"
        "    title:\n      type: string\n")
    (folder / "NodeTypes.Page.yaml").write_text(
        "'Vendor.Site:Page':\n  superTypes:\n    'Neos.Neos:Document': true\n    'Vendor.Site:Linked': true\n"
        "  properties:\n    link:\n      ui:\n        label: Related\n")
    _plan, _results, texts = _migrated(tmp_path / "Vendor.Site")
    assert len(texts) == 2
    for path, text in texts.items():
        path.write_text(text)
    project = load_project(tmp_path / "Vendor.Site", use_cache=False, cms_version="9")
    assert _neos9_errors(project) == []
    page = project.node_type("Vendor.Site:Page")
    assert page.merged["references"]["link"] == {"ui": {"label": "Related"}}
    assert "link" not in page.merged["properties"]


def test_a_platform_reference_override_stays_a_property(tmp_path):
    """`Neos.NodeTypes.ContentReferences` declares `references` as a legacy property in 9.x too: an override
    of it must stay under `properties` (moving it would declare the name twice)."""
    folder = tmp_path / "Vendor.Site" / "Configuration"
    folder.mkdir(parents=True)
    (folder / "NodeTypes.yaml").write_text(
        "'Neos.NodeTypes.Navigation:Navigation':\n  properties:\n    selection:\n      ui:\n"
        "        showInCreationDialog: true\n")
    plan, _results, texts = _migrated(tmp_path / "Vendor.Site")
    assert texts == {} and plan.fix_count == 0


# -- the corpus ----------------------------------------------------------------------------------------------
def _touched_lines(original: str, plan_issues, platform) -> set[int]:
    """1-based lines of the original text that a fix may change: the blocks of the keys it edits, with the
    comment lines directly above them, and the section line of a renamed `properties:`."""
    doc = YamlDocument.from_text(original)
    lines = original.splitlines()
    touched: set[int] = set()
    for issue in plan_issues:
        for op in issue.ops:
            entry = next((k for k in doc.top_level_keys()
                          if k == issue.node_type or platform.normalize_name(k).value == issue.node_type), None)
            if entry is None:
                continue
            path = (entry,) + tuple(op.path)
            start = doc.line_of(path)
            touched |= set(range(*_block(lines, start)))
            if op.kind in ("to_references", "unset"):
                # the section of a moved property, and maps an unset left empty (they are removed too)
                parents = [(entry, "properties")] if op.kind == "to_references" else \
                    [path[:n] for n in range(2, len(path))]
                touched |= {doc.line_of(parent) for parent in parents}
            while start > 1 and lines[start - 2].lstrip().startswith("#"):
                start -= 1
                touched.add(start)
            while op.kind != "rename" and start > 1 and not lines[start - 2].strip():
                start -= 1  # a removed block may take the blank line that separated it
                touched.add(start)
    return touched


def _block(lines: list[str], start: int) -> tuple[int, int]:
    indent = len(lines[start - 1]) - len(lines[start - 1].lstrip(" -"))
    end = start
    while end < len(lines):
        line = lines[end]
        if line.strip() and not line.lstrip().startswith("#") and len(line) - len(line.lstrip(" -")) <= indent:
            break
        end += 1
    return start, end + 1


@pytest.mark.corpus
def test_corpus_migrates_cleanly_with_minimal_diffs(corpus, capsys):
    packages = [folder for folder in sorted(p for p in corpus.iterdir() if p.is_dir())
                if any(USES_8_3.search(f.read_text(encoding="utf-8", errors="replace")) for f in folder.rglob("*.yaml"))]
    assert len(packages) >= 30
    figures = {"packages": len(packages), "migrated": 0, "files": 0, "fixes": 0, "human": 0}
    failures = []
    for folder in packages:
        plan, results, texts = _migrated(folder)
        platform = load_project(folder, cms_version="8.3").platform
        figures["migrated"] += bool(texts)
        figures["files"] += len(texts)
        figures["fixes"] += plan.fix_count
        figures["human"] += len(plan.findings)
        failures += [f"{folder.name}: {p}" for r in results for p in r.problems]
        for result in results:
            if not result.changed or not result.new_text.strip():
                continue  # (a file whose only entry was an override of a removed type becomes empty)
            old_lines = result.old_text.splitlines(keepends=True)
            new_lines = result.new_text.splitlines(keepends=True)
            allowed = _touched_lines(result.old_text, plan.files[result.path].issues, platform)
            # every line outside the fixed keys is still there, byte for byte and in the same order
            missing, cursor = [], 0
            for n, line in enumerate(old_lines, 1):
                if n in allowed:
                    continue
                try:
                    cursor = new_lines.index(line, cursor) + 1
                except ValueError:
                    missing.append(n)
            if missing:
                failures.append(f"{result.path}: line(s) {missing[:5]} changed outside the fixed keys")
            if "\r\n" in result.old_text and "\n" in result.new_text.replace("\r\n", ""):
                failures.append(f"{result.path}: line endings changed")
        project9 = load_project(folder, use_cache=False, cms_version="9", overrides=texts)
        failures += [f"{folder.name}: {e}" for e in _neos9_errors(project9)]
        again = plan_migration(load_project(folder, use_cache=False, cms_version="8.3", overrides=texts))
        if again.fix_count:
            failures.append(f"{folder.name}: a second run would change {again.fix_count} more thing(s)")
    with capsys.disabled():
        print(f"\nmigrate --dry-run over the corpus: {figures}")
    assert failures == []
    assert figures["fixes"] > 100


def test_a_platform_package_in_the_folder_is_left_alone(tmp_path):
    """Real platform packages are the CMS's: `Neos.NodeTypes.Navigation` declares `selection` as a legacy
    reference property in 9.x itself."""
    package = tmp_path / "Packages" / "Application" / "Neos.NodeTypes.Navigation"
    (package / "NodeTypes" / "Content").mkdir(parents=True)
    (package / "composer.json").write_text('{"name": "neos/nodetypes-navigation", "type": "neos-package", '
                                           '"extra": {"neos": {"package-key": "Neos.NodeTypes.Navigation"}}}')
    (package / "NodeTypes" / "Content" / "Navigation.yaml").write_text(
        "'Neos.NodeTypes.Navigation:Navigation':\n  superTypes:\n    'Neos.Neos:Content': true\n"
        "  properties:\n    selection:\n      type: references\n")
    site = tmp_path / "DistributionPackages" / "Vendor.Site" / "Configuration"
    site.mkdir(parents=True)
    (site / "NodeTypes.yaml").write_text("'Vendor.Site:Menu':\n  superTypes:\n    'Neos.NodeTypes.Navigation:Navigation': true\n"
                                         "  properties:\n    selection:\n      ui:\n        label: Pages\n")
    plan, _results, texts = _migrated(tmp_path)
    assert texts == {} and plan.fix_count == 0
    assert not [d for d in run_checks(load_project(tmp_path, use_cache=False, cms_version="9"))
                if d.code == "neos9-reference-property"]


def test_migrate_spells_8_3_starting_points_as_9x_node_paths(tmp_path, capsys):
    package = tmp_path / "Acme.Site"
    (package / "Configuration").mkdir(parents=True)
    (package / "composer.json").write_text('{"name": "acme/site", "type": "neos-site", "require": {"neos/neos": "^8.3"}}')
    source = package / "Configuration" / "NodeTypes.yaml"
    source.write_text("""\
'Acme.Site:Teaser':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    target:
      type: string
      ui:
        label: 'Target'
        inspector:
          editor: 'Neos.Neos/Inspector/Editors/LinkEditor'
          editorOptions:
            startingPoint: '/sites/acme/team'  # where the team pages live
    text:
      type: string
      ui:
        inline:
          editorOptions:
            linking:
              startingPoint: /sites/acme
    code:
      type: string
      ui:
        inspector:
          editor: 'Neos.Neos/Inspector/Editors/TextFieldEditor'
          editorOptions:
            startingPoint: '/sites/acme'
""")
    assert main(["migrate", str(package), "--to", "9"]) == 0
    text = source.read_text()
    assert "startingPoint: '/<Neos.Neos:Sites>/acme/team'  # where the team pages live\n" in text
    assert "startingPoint: /<Neos.Neos:Sites>/acme\n" in text or "startingPoint: '/<Neos.Neos:Sites>/acme'\n" in text
    assert "          editorOptions:\n            startingPoint: '/sites/acme'\n" in text  # a text field has no node search
    project = load_project(package, use_cache=False, cms_version="9")
    assert not [d for d in run_checks(project) if d.code in ("neos9-starting-point", "option-starting-point")]
