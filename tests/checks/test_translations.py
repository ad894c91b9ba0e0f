"""Translation ids the CMS's UI shows as written: the checks read the package's XLIFF files and the
`userInterface.translation.autoInclude` setting as the UI gets its texts (nodetype_studio.checks.translations)."""

from __future__ import annotations

from pathlib import Path

import pytest

from nodetype_studio.checks import run_checks
from nodetype_studio.model import load_project

TYPES = """\
'Vendor.Site:Mixin.Titled':
  abstract: true
  properties:
    title:
      type: string
      ui:
        label: i18n
        inspector:
          group: default
'Vendor.Site:Card':
  superTypes:
    'PLATFORM:Content': true
    'Vendor.Site:Mixin.Titled': true
  ui:
    label: i18n
    help:
      message: 'Vendor.Site:NodeTypes.Card:ui.help.message'
  properties:
    size:
      type: string
      ui:
        label: 'Vendor.Site:NodeTypes.Card:properties.size'
        inspector:
          group: default
          editor: 'PLATFORM/Inspector/Editors/SelectBoxEditor'
          editorOptions:
            placeholder: i18n
            values:
              s:
                label: i18n
              m:
                label: 'Neos.Seo:Main:medium'
"""


def _xlf(*units: str) -> str:
    body = "".join(f'<trans-unit id="{unit}"><source>{unit} text</source></trans-unit>' for unit in units)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="1.2"><file original="" product-name="Vendor.Site" '
            f'source-language="en" datatype="plaintext"><body>{body}</body></file></xliff>\n')


def _project(tmp_path: Path, platform: str = "Neos.Neos", include: str | None = "['NodeTypes/*']", card_units=None):
    root = tmp_path / "Vendor.Site"
    (root / "Configuration").mkdir(parents=True)
    (root / "Configuration" / "NodeTypes.yaml").write_text(TYPES.replace("PLATFORM", platform), encoding="utf-8")
    prefix = platform.split(".")[0]
    if include is not None:
        (root / "Configuration" / "Settings.yaml").write_text(
            f"{prefix}:\n  {prefix}:\n    userInterface:\n      translation:\n        autoInclude:\n"
            f"          Vendor.Site: {include}\n", encoding="utf-8")
    folder = root / "Resources" / "Private" / "Translations" / "en" / "NodeTypes"
    (folder / "Mixin").mkdir(parents=True)
    (folder / "Mixin" / "Titled.xlf").write_text(_xlf("properties.title"), encoding="utf-8")
    units = ("ui.label", "ui.help.message", "properties.size", "properties.size.selectBoxEditor.placeholder",
             "properties.size.selectBoxEditor.values.s") if card_units is None else card_units
    (folder / "Card.xlf").write_text(_xlf(*units), encoding="utf-8")
    return load_project(root, use_cache=False)


def _found(project) -> list[tuple[str, str, int]]:
    return [(d.code, d.node_type, d.line) for d in run_checks(project) if d.code.startswith("translation-")]


@pytest.mark.parametrize("platform", ["Neos.Neos", "Cms.Cms"])
def test_every_id_with_a_text_the_ui_gets_is_clean(tmp_path, platform):
    # (`Neos.Seo:Main:medium` is another package's: not judged)
    assert _found(_project(tmp_path, platform)) == []


def test_missing_units_are_counted_per_node_type_and_reported_where_written(tmp_path):
    project = _project(tmp_path, card_units=("ui.label",))
    (finding,) = [d for d in run_checks(project) if d.code == "translation-unit-missing"]
    assert (finding.node_type, finding.line) == ("Vendor.Site:Card", 17)  # the help message, the first one lacking
    assert finding.message.startswith("Vendor.Site:Card: the CMS shows 4 translation ids of `Vendor.Site:NodeTypes.Card` "
                                      "as written (e.g. `Vendor.Site:NodeTypes.Card:ui.help.message`)")
    assert "has no unit `ui.help.message`, `properties.size`, `properties.size.selectBoxEditor.placeholder`\u2026" \
        in finding.message


def test_a_unit_written_with_underscores_is_the_dotted_id(tmp_path):
    """The UI keys units with dots as underscores (Neos `XliffService`, neos-ui `I18nRegistry`): a unit
    `properties_size` is the text of `...:properties.size`, so only the others are missing."""
    project = _project(tmp_path, card_units=("ui.label", "ui_help_message", "properties_size"))
    (finding,) = [d for d in run_checks(project) if d.code == "translation-unit-missing"]
    assert "the CMS shows 2 translation ids" in finding.message
    assert "has no unit `properties.size.selectBoxEditor.placeholder`, `properties.size.selectBoxEditor.values.s`" \
        in finding.message


@pytest.mark.parametrize("include", ["['Main']", "~", "true", None])
def test_sources_the_setting_does_not_list_are_not_sent_to_the_ui(tmp_path, include):
    found = _found(_project(tmp_path, include=include))
    # both files exist; the inherited label is reported once, at the mixin that writes it
    assert sorted(found) == [("translation-not-included", "Vendor.Site:Card", 15),
                             ("translation-not-included", "Vendor.Site:Mixin.Titled", 7)]


def test_a_missing_file_is_a_note_and_a_package_without_translations_is_not_judged(tmp_path):
    project = _project(tmp_path)
    card = project.root / "Resources" / "Private" / "Translations" / "en" / "NodeTypes" / "Card.xlf"
    card.unlink()
    project = load_project(project.root, use_cache=False)
    (finding,) = [d for d in run_checks(project) if d.code.startswith("translation-")]
    assert (finding.code, finding.severity.value, finding.line) == ("translation-file-missing", "info", 15)
    assert "Vendor.Site's Resources/Private/Translations/en/NodeTypes/Card.xlf does not exist" in finding.message
    import shutil

    shutil.rmtree(project.root / "Resources")
    assert _found(load_project(project.root, use_cache=False)) == []


@pytest.mark.parametrize("text, why", [
    (_xlf("ui.label").replace("</xliff>", ""), "it is not well-formed XML (no element found: line 3, column 0)"),
    ('<?xml version="1.0"?>\n<!DOCTYPE xliff [<!ENTITY e "x">]>\n' + _xlf("ui.label").split("?>", 1)[1],
     "its first node is not its <xliff> element"),
    (_xlf("ui.label").replace('version="1.2"', 'version="2.0"'), "it is not an XLIFF 1.2 document"),
    (_xlf("ui.label").replace('original=""', 'original="NodeTypes/Other"'), "its <file> elements name other sources"),
])
def test_a_file_that_gives_no_texts_is_not_said_to_be_missing(tmp_path, text, why):
    """A file Flow skips, or whose <file> serves another source, is there: the finding tells why it gives
    no texts instead of saying it does not exist."""
    project = _project(tmp_path)
    card = project.root / "Resources" / "Private" / "Translations" / "en" / "NodeTypes" / "Card.xlf"
    card.write_text(text, encoding="utf-8")
    (finding,) = [d for d in run_checks(load_project(project.root, use_cache=False)) if d.code.startswith("translation-")]
    assert finding.code == "translation-file-missing"
    assert f"Vendor.Site's Resources/Private/Translations/en/NodeTypes/Card.xlf gives no texts: {why}" in finding.message
    assert "does not exist" not in finding.message


def test_the_setting_to_add_names_the_source_the_ids_use(tmp_path):
    project = _project(tmp_path)
    main = project.root / "Resources" / "Private" / "Translations" / "en" / "Main.xlf"
    main.write_text(_xlf("greeting"), encoding="utf-8")
    types = project.root / "Configuration" / "NodeTypes.yaml"
    types.write_text(types.read_text(encoding="utf-8") + "'Vendor.Site:Note':\n  ui:\n    label: 'Vendor.Site:Main:greeting'\n",
                     encoding="utf-8")
    (finding,) = [d for d in run_checks(load_project(project.root, use_cache=False))
                  if d.code == "translation-not-included"]
    assert finding.node_type == "Vendor.Site:Note"
    assert "does not list `Main` for Vendor.Site (add `Vendor.Site: ['Main']` to it" in finding.message


def _override(project, name: str, text: str) -> None:
    """An XLIFF file of the package at ``name`` (below its English folder)."""
    path = project.root / "Resources" / "Private" / "Translations" / "en" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_a_unit_only_an_override_file_has_is_found(tmp_path):
    """Flow merges every file serving a source (XliffFileProvider): a unit the package's own file lacks
    is there when another file, whose `<file>` names the source, has it."""
    project = _project(tmp_path, card_units=("ui.label",))
    _override(project, "Overrides/Card.xlf", _xlf("ui.help.message", "properties.size", "properties.size.selectBoxEditor.placeholder",
                                                  "properties.size.selectBoxEditor.values.s")
              .replace('original=""', 'original="NodeTypes/Card"'))
    assert _found(load_project(project.root, use_cache=False)) == []
    # the finding names every file serving the source when a unit is still missing
    _override(project, "Overrides/Card.xlf", _xlf("ui.help.message").replace('original=""', 'original="NodeTypes/Card"'))
    (finding,) = [d for d in run_checks(load_project(project.root, use_cache=False)) if d.code.startswith("translation-")]
    assert finding.code == "translation-unit-missing"
    assert ("Vendor.Site's Resources/Private/Translations/en/Overrides/Card.xlf (and 1 other file serving it) has no "
            "unit `properties.size`") in finding.message


def test_a_source_served_by_a_file_of_another_path_has_its_file(tmp_path):
    project = _project(tmp_path)
    card = project.root / "Resources" / "Private" / "Translations" / "en" / "NodeTypes" / "Card.xlf"
    _override(project, "Labels.xlf", card.read_text(encoding="utf-8").replace('original=""', 'original="NodeTypes/Card"'))
    card.unlink()
    assert _found(load_project(project.root, use_cache=False)) == []


def test_a_source_no_file_of_the_package_names_is_not_sent_to_the_ui(tmp_path):
    """Neos' XliffService sends the UI a package's sources as its own .xlf files (of any language) name them:
    texts for `NodeTypes/Card` that only a distribution's Data/Translations file holds, or that the package
    keeps in a `.xliff` file, reach the UI only when one of its .xlf files names the source."""
    dist = tmp_path / "dist"
    _project(dist / "DistributionPackages")
    (dist / "composer.json").write_text('{"name": "acme/dist"}', encoding="utf-8")
    own = dist / "DistributionPackages" / "Vendor.Site" / "Resources" / "Private" / "Translations"
    card = own / "en" / "NodeTypes" / "Card.xlf"
    data = dist / "Data" / "Translations" / "en" / "Card.xlf"
    data.parent.mkdir(parents=True)
    data.write_text(card.read_text(encoding="utf-8").replace('original=""', 'original="NodeTypes/Card"'), encoding="utf-8")
    card.rename(card.with_suffix(".xliff"))
    (finding,) = [d for d in run_checks(load_project(dist, use_cache=False)) if d.code.startswith("translation-")]
    assert finding.code == "translation-not-included"
    assert ("is not sent to the UI: the UI gets a package's sources as its own .xlf files name them, and none of "
            "Vendor.Site's names `NodeTypes/Card`") in finding.message
    # a file of another language naming the source is enough (its English texts come from the others)
    (own / "de" / "NodeTypes").mkdir(parents=True)
    (own / "de" / "NodeTypes" / "Card.xlf").write_text(_xlf("ui.label"), encoding="utf-8")
    assert _found(load_project(dist, use_cache=False)) == []


def test_a_finding_names_the_distributions_file_whose_texts_win(tmp_path):
    dist = tmp_path / "dist"
    _project(dist / "DistributionPackages", card_units=("ui.label",))
    (dist / "composer.json").write_text('{"name": "acme/dist"}', encoding="utf-8")
    data = dist / "Data" / "Translations" / "en" / "Card.xlf"
    data.parent.mkdir(parents=True)
    data.write_text(_xlf("ui.help.message").replace('original=""', 'original="NodeTypes/Card"'), encoding="utf-8")
    project = load_project(dist, use_cache=False)
    assert project.kind == "distribution"
    (finding,) = [d for d in run_checks(project) if d.code.startswith("translation-")]
    assert finding.code == "translation-unit-missing"
    assert "Data/Translations/en/Card.xlf (and 1 other file serving it) has no unit `properties.size`" in finding.message
