"""Translations merged across packages as Flow merges them (its ``XliffFileProvider``): every package's English
XLIFF files in load order, then a distribution's ``Data/Translations/en``; a ``<file>`` serves the source its
``product-name`` and ``original`` name (by default: its own package and path), a later file's unit wins."""

from __future__ import annotations

import json
import os
from pathlib import Path

from nodetype_studio.boundedio import MAX_FILE_BYTES
from nodetype_studio.bundled import resource
from nodetype_studio.model import load_project, xliff
from nodetype_studio.model.translations import Translator, project_translator
from tests.model.modelkit import write_files

EN = "Resources/Private/Translations/en"
# the UI gets only the sources the settings list (Neos.Neos XliffService)
INCLUDE = """
    Neos:
      Neos:
        userInterface:
          translation:
            autoInclude:
              Acme.Base: ['NodeTypes/*']
              Neos.Flow: ['NodeTypes/*']
"""
CARD_TYPE = """
    'Acme.Base:Card':
      superTypes:
        'Neos.Neos:Content': true
"""


def xlf(*files: str) -> str:
    return f'<?xml version="1.0"?><xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">{"".join(files)}</xliff>'


def file_element(attributes: str, **units: str) -> str:
    body = "".join(f'<trans-unit id="{unit}"><source>{text}</source></trans-unit>' for unit, text in units.items())
    return f'<file source-language="en" datatype="plaintext" {attributes}><body>{body}</body></file>'


def package(folder: Path, key: str, files: dict[str, str], requires: tuple[str, ...] = ()) -> Path:
    composer = {"name": key.lower().replace(".", "/", 1), "type": "neos-package", "require": {"neos/neos": "^9.0"}
                | {name: "*" for name in requires}, "extra": {"neos": {"package-key": key}}}
    return write_files(folder / key, {"composer.json": json.dumps(composer), **files})


def site_overriding_neos(tmp_path: Path) -> Path:
    """A site package whose file names Neos.Neos's `Main` and `NodeTypes/Document` sources."""
    return package(tmp_path, "Acme.Site", {
        "Configuration/NodeTypes.yaml": CARD_TYPE.replace("Acme.Base", "Acme.Site"),
        f"{EN}/Overrides/Neos.xlf": xlf(
            file_element('product-name="Neos.Neos" original="Main"', choose="Pick one"),
            file_element('product-name="Neos.Neos" original="NodeTypes/Document"', **{"properties.title": "Page title"})),
    })


def test_a_site_package_overrides_the_platform_packages_texts(tmp_path):
    tr = project_translator(load_project(site_overriding_neos(tmp_path), use_cache=False))
    assert tr.lookup("Neos.Neos:Main:choose") == "Pick one"
    assert tr.lookup("Neos.Neos:NodeTypes.Document:properties.title") == "Page title"
    # the platform's other units stay (the baseline's Document.xlf, the platform's table)
    assert tr.lookup("Neos.Neos:NodeTypes.Document:properties.uriPathSegment") == "URL path segment"
    assert tr.lookup("Neos.Neos:Main:typeToSearch") == "Type to search"
    assert tr.xliff_path("Neos.Neos", "Main") == tmp_path / "Acme.Site" / EN / "Overrides/Neos.xlf"


def test_the_cms_spelling_names_the_same_platform_texts(tmp_path):
    root = site_overriding_neos(tmp_path)
    (root / "Configuration/NodeTypes.yaml").write_text(CARD_TYPE.replace("Acme.Base", "Acme.Site").replace("Neos.Neos", "Cms.Cms"))
    project = load_project(root, use_cache=False)
    assert project.platform.prefix == "Cms"
    assert project_translator(project).lookup("Cms.Cms:Main:choose") == "Pick one"


def _two_packages(tmp_path: Path, site_requires_base: bool) -> Path:
    """`Acme.Base` with its card's texts and `Acme.Site` overriding one of them."""
    package(tmp_path, "Acme.Base", {
        "Configuration/NodeTypes.yaml": CARD_TYPE,
        "Configuration/Settings.yaml": INCLUDE,
        f"{EN}/NodeTypes/Card.xlf": xlf(file_element("", **{"ui.label": "Card", "properties.title": "Title"})),
    }, requires=() if site_requires_base else ("acme/site",))
    package(tmp_path, "Acme.Site", {
        "Configuration/NodeTypes.yaml": "'Acme.Site:Page':\n  superTypes:\n    'Neos.Neos:Document': true\n",
        f"{EN}/Base.xlf": xlf(file_element('product-name="Acme.Base" original="NodeTypes/Card"', **{"ui.label": "Teaser card"})),
    }, requires=("acme/base",) if site_requires_base else ())
    return tmp_path


def test_a_later_package_overrides_another_packages_unit(tmp_path):
    project = load_project(_two_packages(tmp_path, site_requires_base=True), use_cache=False)
    assert [p.name for p in project.packages] == ["Acme.Base", "Acme.Site"]
    tr = project_translator(project)
    assert tr.lookup("Acme.Base:NodeTypes.Card:ui.label") == "Teaser card"
    assert tr.lookup("Acme.Base:NodeTypes.Card:properties.title") == "Title"  # (the earlier package's other unit)
    assert tr.unit_texts("Acme.Base", "NodeTypes.Card") == {"ui.label": "Teaser card", "properties.title": "Title"}
    assert tr.xliff_paths("Acme.Base", "NodeTypes.Card") == [
        tmp_path / "Acme.Base" / EN / "NodeTypes/Card.xlf", tmp_path / "Acme.Site" / EN / "Base.xlf"]


def test_the_load_order_not_the_name_decides_which_package_wins(tmp_path):
    project = load_project(_two_packages(tmp_path, site_requires_base=False), use_cache=False)
    assert [p.name for p in project.packages] == ["Acme.Site", "Acme.Base"]  # (Acme.Base requires the site)
    assert project_translator(project).lookup("Acme.Base:NodeTypes.Card:ui.label") == "Card"


def _distribution(tmp_path: Path, data: dict[str, str]) -> Path:
    root = tmp_path / "dist"
    _two_packages(root / "DistributionPackages", site_requires_base=True)
    write_files(root, {"composer.json": '{"name": "acme/dist", "require": {"neos/neos": "^9.0"}}', **data})
    return root


def test_data_translations_of_a_distribution_override_every_package(tmp_path):
    root = _distribution(tmp_path, {
        "Data/Translations/en/Card.xlf": xlf(file_element('product-name="Acme.Base" original="NodeTypes/Card"',
                                                          **{"properties.title": "Heading"})),
        # (a file there names `Neos.Flow` by default, and other locales are not read for English)
        "Data/Translations/en/NodeTypes/Card.xlf": xlf(file_element("", **{"ui.label": "Flow's card"})),
        "Data/Translations/de/Card.xlf": xlf(file_element('product-name="Acme.Base" original="NodeTypes/Card"',
                                                          **{"ui.label": "Karte"})),
    })
    project = load_project(root, use_cache=False)
    assert project.kind == "distribution"
    tr = project_translator(project)
    assert tr.lookup("Acme.Base:NodeTypes.Card:properties.title") == "Heading"
    assert tr.lookup("Acme.Base:NodeTypes.Card:ui.label") == "Teaser card"
    assert tr.lookup("Neos.Flow:NodeTypes.Card:ui.label") == "Flow's card"
    assert tr.xliff_path("Acme.Base", "NodeTypes.Card") == root / "Data/Translations/en/Card.xlf"


def test_data_translations_are_read_only_for_a_distribution(tmp_path):
    root = _distribution(tmp_path, {
        "Data/Translations/en/Card.xlf": xlf(file_element('product-name="Acme.Base" original="NodeTypes/Card"',
                                                          **{"properties.title": "Heading"})),
    })
    project = load_project(root / "DistributionPackages", use_cache=False)  # (a folder of packages)
    assert project_translator(project).lookup("Acme.Base:NodeTypes.Card:properties.title") == "Title"


def test_a_file_whose_original_names_another_source_serves_that_source(tmp_path):
    write_files(tmp_path, {
        f"{EN}/Shared/Labels.xlf": xlf(file_element('original="NodeTypes/Content/Teaser"', **{"ui.label": "Teaser"})),
        f"{EN}/NodeTypes/Card.xliff": xlf(file_element("", **{"ui.label": "Card"})),  # (any extension: its path)
        f"{EN}/Two.xlf": xlf(file_element('original="Twice"', a="First"), file_element('original="Twice"', a="Last")),
    })
    tr = Translator({"V.P": tmp_path})
    assert tr.lookup("V.P:NodeTypes.Content.Teaser:ui.label") == "Teaser"
    assert tr.lookup("V.P:Shared.Labels:ui.label") is None  # (the file serves only the source it names)
    assert tr.xliff_path("V.P", "NodeTypes.Content.Teaser") == tmp_path / EN / "Shared/Labels.xlf"
    assert tr.lookup("V.P:NodeTypes.Card:ui.label") == "Card"
    assert tr.lookup("V.P:Twice:a") == "Last"  # (of one document, the last <file> naming the source)


def test_broken_huge_and_other_files_in_the_folders_are_ignored(tmp_path):
    naming = 'product-name="V.P" original="Main"'
    write_files(tmp_path, {
        f"{EN}/Main.xlf": xlf(file_element("", a="Good", b="Good b")),
        f"{EN}/Broken.xlf": xlf(file_element(naming, a="Broken")).replace("</xliff>", ""),
        f"{EN}/Version2.xlf": xlf(file_element(naming, a="Version 2")).replace('version="1.2"', 'version="2.0"'),
        f"{EN}/Deep.xlf": xlf(file_element(naming, a="<g>" * 300 + "Deep" + "</g>" * 300)),
        f"{EN}/Commented.xlf": '<?xml version="1.0"?><!-- first -->' + xlf(file_element(naming, a="Comment")).split("?>", 1)[1],
        f"{EN}/README.md": "# Translations\n",
        f"{EN}/image.png": b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe",
        f"{EN}/Data.json": '{"a": "Json"}',
        f"{EN}/Nested/Empty.xlf": "",
        f"{EN}/.Hidden.xlf": xlf(file_element(naming, a="Hidden")),
    })
    (tmp_path / EN / "Folder.xlf").mkdir()
    with open(tmp_path / EN / "Huge.xlf", "w", encoding="utf-8") as stream:
        stream.write('<?xml version="1.0"?><xliff version="1.2"><file product-name="V.P" original="Main"><body>')
        unit = '<trans-unit id="a"><source>Huge</source></trans-unit>'
        stream.write(unit * (MAX_FILE_BYTES // len(unit) + 1))
        stream.write("</body></file></xliff>")
    tr = Translator({"V.P": tmp_path})
    assert tr.unit_texts("V.P", "Main") == {"a": "Good", "b": "Good b"}
    assert tr.xliff_paths("V.P", "Main") == [tmp_path / EN / "Main.xlf"]


def test_what_is_listed_is_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(xliff, "MAX_FILES_PER_FOLDER", 2)
    monkeypatch.setattr(xliff, "MAX_FOLDER_DEPTH", 1)
    write_files(tmp_path, {f"{EN}/{name}.xlf": xlf(file_element("", a=name)) for name in ("A", "B", "C")})
    write_files(tmp_path, {f"{EN}/One/Two/Deep.xlf": xlf(file_element("", a="Deep")),
                           f"{EN}/One/Shallow.xlf": xlf(file_element("", a="Shallow"))})
    tr = Translator({"V.P": tmp_path})
    assert [tr.lookup(f"V.P:{name}:a") for name in ("A", "B", "C")] == ["A", "B", None]
    monkeypatch.setattr(xliff, "MAX_FILES_PER_FOLDER", 100)
    tr = Translator({"V.P": tmp_path})
    assert tr.lookup("V.P:One.Shallow:a") == "Shallow" and tr.lookup("V.P:One.Two.Deep:a") is None


def test_a_changed_file_is_read_again_by_the_next_translator(tmp_path):
    path = write_files(tmp_path, {f"{EN}/Other.xlf": xlf(file_element('original="Main"', a="Before"))}) / EN / "Other.xlf"
    assert Translator({"V.P": tmp_path}).lookup("V.P:Main:a") == "Before"
    path.write_text(xlf(file_element('original="Main"', a="After")), encoding="utf-8")
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 10**9))
    assert Translator({"V.P": tmp_path}).lookup("V.P:Main:a") == "After"


def test_the_baselines_files_serve_only_their_own_source():
    """The index reads a baseline file only when its own source is asked for (the baseline is not listed):
    every translation file of the baseline is `<Source>.xlf` naming its own package and path, or nothing."""
    checked = 0
    for version in resource("baseline").iterdir():
        for folder in version.glob("*/Resources/Private/Translations/en"):
            for path in folder.rglob("*"):
                if path.is_dir():
                    continue
                source = path.relative_to(folder).with_suffix("").as_posix()
                document = xliff.read_document(path, path.stat().st_mtime_ns)
                assert path.suffix == ".xlf" and document, path
                named = folder.parents[3].name
                assert all(product in ("", named) and original in ("", source) for product, original, _ in document), path
                checked += 1
    assert checked > 20


def _doctype(declarations: str, text: str) -> str:
    return (f'<?xml version="1.0"?>\n<!DOCTYPE xliff [{declarations}]>\n'
            + xlf(file_element("", a=text)).split("?>", 1)[1])


def test_a_document_with_a_doctype_is_refused_before_its_entities_expand(tmp_path):
    """Flow skips a document whose first node is not its `<xliff>` element; entities can only be declared in
    the DOCTYPE before it, so such a document is refused unparsed. This 2.5 MB file stays within expat's
    amplification limit and would expand to some 200 MB of text."""
    import tracemalloc

    path = write_files(tmp_path, {f"{EN}/Main.xlf": _doctype(f'<!ENTITY e "{"x" * 240}">', "&e;" * 830_000)}) / EN / "Main.xlf"
    tracemalloc.start()
    try:
        assert xliff.read_document(path, path.stat().st_mtime_ns) == ()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 10 * path.stat().st_size


def test_entities_never_read_local_files_and_bad_documents_leave_the_others(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("Secret", encoding="utf-8")
    write_files(tmp_path, {
        f"{EN}/External.xlf": _doctype(f'<!ENTITY e SYSTEM "{secret.as_uri()}">', "&e;"),
        f"{EN}/Parameter.xlf": _doctype(f'<!ENTITY % p SYSTEM "{secret.as_uri()}"> %p;', "Parameter"),
        f"{EN}/Internal.xlf": _doctype('<!ENTITY e "Internal">', "&e;"),
        f"{EN}/Utf16.xlf": _doctype('<!ENTITY e "Internal">', "&e;").replace('version="1.0"', 'version="1.0" encoding="UTF-16"',
                                                                           1).encode("utf-16"),
        f"{EN}/Latin1.xlf": xlf(file_element("", a="Caf\u00e9")).encode("latin-1"),  # (not UTF-8: broken)
        f"{EN}/Fine.xlf": xlf(file_element("", a="Fine")),
        f"{EN}/Fine16.xlf": xlf(file_element("", a="Fine")).replace('version="1.0"', 'version="1.0" encoding="UTF-16"',
                                                                   1).encode("utf-16"),
    })
    tr = Translator({"V.P": tmp_path})
    for source in ("External", "Parameter", "Internal", "Utf16", "Latin1"):
        assert tr.unit_texts("V.P", source) is None
    assert tr.lookup("V.P:Fine:a") == "Fine" and tr.lookup("V.P:Fine16:a") == "Fine"
