"""XLIFF files read as Flow reads them for the inspector (its ``XliffFileProvider`` and V12 ``XliffParser``):
what the labels of a real inspector show."""

import textwrap

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from nodetype_studio.model import load_project
from nodetype_studio.preview.i18n import Translator
from nodetype_studio.preview.inspector import InspectorSource
from nodetype_studio.ui.inspector import InspectorWidget
from tests.model.modelkit import write_files
from tests.ui.site_package import editor_on_its_tab, inspector_of, write_site_package

COMPOSER = '{"name": "acme/site", "type": "neos-site", "extra": {"neos": {"package-key": "Acme.Site"}}}'
SETTINGS = """
    Neos:
      Neos:
        userInterface:
          translation:
            autoInclude:
              Acme.Site: ['NodeTypes/*']
"""
NODE_TYPE = """
    'Acme.Site:Content.Card':
      superTypes:
        'Neos.Neos:Content': true
      ui:
        label: i18n
        inspector:
          groups:
            card:
              label: i18n
      properties:
"""
PROPERTY = """
        {name}:
          type: string
          ui:
            label: i18n
            inspector:
              group: card
"""
UNITS = ["plain", "nested", "plural", "markup", "target", "zero", "gettext"]
PREFIX = "Acme.Site:NodeTypes.Content.Card:properties."


def xliff(*files: str, version: str = "1.2") -> str:
    return f'<?xml version="1.0"?><xliff version="{version}" xmlns="urn:oasis:names:tc:xliff:document:1.2">{"".join(files)}</xliff>'


def unit(unit_id: str, source: str, target: str | None = None, extra: str = "") -> str:
    target_tag = f"<target>{target}</target>" if target is not None else ""
    return f'<trans-unit id="{unit_id}"{extra}><source>{source}</source>{target_tag}</trans-unit>'


def card_file(attributes: str, body: str) -> str:
    return f'<file source-language="en" datatype="plaintext" {attributes}><body>{body}</body></file>'


@pytest.fixture
def show(qtbot, tmp_path):
    """``show(xlf_text)``: the inspector of a card type whose labels are all `i18n`, with that XLIFF file."""

    def make(text: str, settings: str = SETTINGS, preset: str | None = None) -> dict[str, str]:
        properties = "".join(PROPERTY.format(name=name) for name in UNITS)
        if preset:  # `plain` takes its label from a preset
            properties = properties.replace(PROPERTY.format(name="plain"), f"""
        plain:
          type: string
          options:
            preset: '{preset}'
          ui:
            inspector:
              group: card
""")
        root = write_files(tmp_path / "Acme.Site", {
            "composer.json": COMPOSER,
            "Configuration/Settings.yaml": settings,
            "NodeTypes/Content/Card.yaml": NODE_TYPE + properties,
            "Resources/Private/Translations/en/NodeTypes/Content/Card.xlf": text,
        })
        project = load_project(root, use_cache=False)
        widget = InspectorWidget()
        qtbot.addWidget(widget)
        widget.show_node_type(InspectorSource.from_model(project.node_type("Acme.Site:Content.Card"), project))
        widget.show()
        make.widget = widget
        shown = {label.objectName().removeprefix("label:"): label.text()
                 for label in widget.findChildren(QLabel) if label.objectName().startswith("label:")}
        return {"title": widget.title.text(), "group": widget.sections["card"].header.text,
                "meta tab": widget.tab_tooltip("meta"), **shown}

    return make


BODY = "".join([
    unit("ui.label", "Card"),
    unit("groups.card", "Card options"),
    unit("properties.plain", "Plain"),
    '<group id="box">' + unit("properties.nested", "Nested") + "</group>",
    '<group restype="x-gettext-plurals">' + unit("properties.plural[0]", "One card") + unit("properties.plural[1]", "{0} cards") + "</group>",
    unit("properties.markup", 'Read <g id="1">the</g> guide'),
    unit("properties.target", "Source text", "Target text"),
    unit("properties.zero", "Source of zero", "0"),
    unit("properties.gettext", "Metadata", extra=' restype="x-gettext-domain-header"'),
])


def test_units_are_read_as_flow_reads_them(show):
    shown = show(xliff(card_file('product-name="Acme.Site" original=""', BODY)))
    assert shown["title"] == "Card" and shown["group"] == "Card options"
    assert shown["plain"] == "Plain"
    # only trans-units directly in <body> count: one in a plain <group> is not read
    assert shown["nested"] == PREFIX + "nested"
    # a Gettext plural group gives its singular form under the id without the index
    assert shown["plural"] == "One card"
    # the text directly in <source>, not that of inline elements (SimpleXML's string cast: "Read  guide"),
    # shown as the browser renders a label, with its two spaces as one
    assert shown["markup"] == "Read guide"
    assert shown["target"] == "Target text"
    assert shown["zero"] == "Source of zero"  # (PHP's empty("0") is true: the source is used)
    assert shown["gettext"] == PREFIX + "gettext"  # (a restype marks Gettext metadata, no label)


def test_the_file_element_naming_the_source_is_read(show):
    other_package = card_file('product-name="Other.Package"', unit("properties.plain", "Other package's"))
    other_source = card_file('original="NodeTypes/Content/Other"', unit("properties.plain", "Other source's"))
    mine = card_file('original="NodeTypes/Content/Card"', unit("properties.plain", "Mine"))
    shown = show(xliff(mine, other_package, other_source))
    assert shown["plain"] == "Mine"
    assert shown["title"] == "Acme.Site:NodeTypes.Content.Card:ui.label"  # (not in the file that is read)


def test_only_xliff_1_2_documents_give_texts(show):
    assert show(xliff(card_file("", BODY), version="2.0"))["plain"] == PREFIX + "plain"
    assert show(xliff(card_file("", BODY), version=""))["plain"] == PREFIX + "plain"


def test_deeply_nested_documents_are_refused_while_read(tmp_path):
    folder = tmp_path / "Resources/Private/Translations/en"
    folder.mkdir(parents=True)
    inner = "<g>" * 300 + "x" + "</g>" * 300  # (real files nest about five levels; libxml2 stops at 256)
    (folder / "Deep.xlf").write_text(xliff(card_file("", unit("a", "Shallow") + unit("b", inner))), encoding="utf-8")
    (folder / "Fine.xlf").write_text(xliff(card_file("", unit("a", "Shallow"))), encoding="utf-8")
    tr = Translator({"V.P": tmp_path})
    assert tr.text("V.P:Deep:a") == "V.P:Deep:a"
    assert tr.text("V.P:Fine:a") == "Shallow"


@pytest.mark.parametrize("patterns, translated", [
    ("['NodeTypes/*']", True),  # (PHP's fnmatch: `*` also matches the `/` of a sub-folder)
    ("['Main', 'NodeTypes/Content/Card']", True),
    ("{a: 'NodeTypes/Content/*'}", True),
    ("['NodeTypes/Document/*', 'Main']", False),
    ("['nodetypes/*']", False),
    ("true", False),
    ("~", False),
])
def test_only_the_sources_the_settings_send_to_the_ui_are_translated(show, patterns, translated):
    settings = SETTINGS.replace("['NodeTypes/*']", patterns)
    shown = show(xliff(card_file("", BODY)), settings)
    assert shown["plain"] == ("Plain" if translated else PREFIX + "plain")
    assert shown["title"] == ("Card" if translated else "Acme.Site:NodeTypes.Content.Card:ui.label")
    assert shown["meta tab"] == "Metadata"  # (the platform's own sources are listed by its packages)


def test_a_package_without_the_setting_shows_ids(show):
    shown = show(xliff(card_file("", BODY)), "Neos:\n  Neos:\n    userInterface: {}\n")
    assert shown["group"] == "Acme.Site:NodeTypes.Content.Card:groups.card"
    assert shown["plain"] == PREFIX + "plain"


def test_the_package_id_shorthand_is_shown_as_written(qtbot, tmp_path):
    """The UI splits an id at its colons into package, source and unit: `Acme.Site:greeting` names the
    source `greeting` and no unit, so it finds no text, although Flow's own translator reads it as
    `Acme.Site:Main:greeting`."""
    labelled = """
        {name}:
          type: string
          ui:
            label: '{label}'
            inspector:
              group: card
    """
    properties = "".join(labelled.format(name=name, label=label) for name, label in (
        ("short", "Acme.Site:greeting"), ("full", "Acme.Site:Main:greeting"), ("platform", "Neos.Neos:choose")))
    root = write_files(tmp_path / "Acme.Site", {
        "composer.json": COMPOSER,
        "Configuration/Settings.yaml": SETTINGS.replace("['NodeTypes/*']", "['Main', 'NodeTypes/*']"),
        "NodeTypes/Content/Card.yaml": NODE_TYPE + textwrap.indent(textwrap.dedent(properties), "    " * 2),
        "Resources/Private/Translations/en/Main.xlf": xliff(card_file("", unit("greeting", "Hello"))),
    })
    project = load_project(root, use_cache=False)
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    widget.show_node_type(InspectorSource.from_model(project.node_type("Acme.Site:Content.Card"), project))
    widget.show()
    shown = {label.objectName(): label.text() for label in widget.findChildren(QLabel)}
    assert shown["label:full"] == "Hello"
    assert shown["label:short"] == "Acme.Site:greeting"
    assert shown["label:platform"] == "Neos.Neos:choose"


def test_an_id_with_white_space_around_it_is_shown_as_written(qtbot, tmp_path):
    """The UI looks a label up as written (neos-ui `I18nRegistry.js` splits it at its colons, trims nothing):
    a space before or after the id, or the line break a folded YAML scalar ends with, is part of the
    package or unit it looks for, so it finds no text and shows the label."""
    node_type = NODE_TYPE + textwrap.indent(textwrap.dedent("""
        exact:
          type: string
          ui:
            label: 'Acme.Site:Main:greeting'
            inspector:
              group: card
        trailing:
          type: string
          ui:
            label: 'Acme.Site:Main:greeting '
            inspector:
              group: card
        leading:
          type: string
          ui:
            label: ' Acme.Site:Main:greeting'
            inspector:
              group: card
        folded:
          type: string
          ui:
            label: >
              Acme.Site:Main:greeting
            inspector:
              group: card
    """), "    " * 2)
    root = write_files(tmp_path / "Acme.Site", {
        "composer.json": COMPOSER,
        "Configuration/Settings.yaml": SETTINGS.replace("['NodeTypes/*']", "['Main', 'NodeTypes/*']"),
        "NodeTypes/Content/Card.yaml": node_type,
        "Resources/Private/Translations/en/Main.xlf": xliff(card_file("", unit("greeting", "Hello"))),
    })
    project = load_project(root, use_cache=False)
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    widget.show_node_type(InspectorSource.from_model(project.node_type("Acme.Site:Content.Card"), project))
    widget.show()
    shown = {label.objectName(): label.text() for label in widget.findChildren(QLabel)}
    assert shown["label:exact"] == "Hello"
    # (the label shown as the browser renders it: the white space collapsed)
    assert shown["label:trailing"] == shown["label:leading"] == "Acme.Site:Main:greeting"
    assert shown["label:folded"] == "Acme.Site:Main:greeting"


def test_a_legacy_editor_spelling_gets_no_generated_ids(qtbot, tmp_path):
    """The CMS replaces editor-specific `i18n` values only for the editor names it compares with
    (`Neos.Neos/Inspector/Editors/SelectBoxEditor`, ...), as written: the UI still shows a legacy
    `Content/Inspector/Editors/SelectBoxEditor` as a select box, with the text `i18n`."""
    select = """
        {name}:
          type: string
          ui:
            label: i18n
            inspector:
              group: card
              editor: '{editor}'
              editorOptions:
                allowEmpty: true
                placeholder: i18n
                values:
                  one:
                    label: i18n
    """
    properties = "".join(select.format(name=name, editor=editor) for name, editor in (
        ("current", "Neos.Neos/Inspector/Editors/SelectBoxEditor"),
        ("legacy", "Content/Inspector/Editors/SelectBoxEditor"),
        ("typo3", "TYPO3.Neos/Inspector/Editors/SelectBoxEditor")))
    units = "".join(unit(f"properties.{name}.selectBoxEditor.{key}", text) for name in ("current", "legacy", "typo3")
                    for key, text in (("placeholder", "Pick one"), ("values.one", "Number one")))
    root = write_files(tmp_path / "Acme.Site", {
        "composer.json": COMPOSER,
        "Configuration/Settings.yaml": SETTINGS,
        "NodeTypes/Content/Card.yaml": NODE_TYPE + textwrap.indent(textwrap.dedent(properties), "    " * 2),
        "Resources/Private/Translations/en/NodeTypes/Content/Card.xlf": xliff(card_file("", units)),
    })
    project = load_project(root, use_cache=False)
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    widget.show_node_type(InspectorSource.from_model(project.node_type("Acme.Site:Content.Card"), project))
    widget.show()
    current = widget.editor("current")
    assert current.combo.placeholderText() == "Pick one"
    assert current.display_rows() == [("option", "Number one")]
    for name in ("legacy", "typo3"):
        box = widget.editor(name)
        assert box.combo.placeholderText() == "i18n"
        assert box.display_rows() == [("option", "i18n")]


def test_markup_in_a_translation_shows_as_written(show):
    """An escaped tag in a unit is text: the UI puts the translation into the page as text."""
    body = BODY.replace(unit("properties.plain", "Plain"), unit("properties.plain", "Size &lt;b&gt;big&lt;/b&gt; &amp; more"))
    body = body.replace(unit("ui.label", "Card"), unit("ui.label", "Card &lt;i&gt;new&lt;/i&gt;"))
    shown = show(xliff(card_file("", body)))
    assert shown["plain"] == "Size <b>big</b> & more"
    assert shown["title"] == "Card <i>new</i>"
    labels = [show.widget.findChild(QLabel, "label:plain"), show.widget.title]
    assert all(label.textFormat() == Qt.TextFormat.PlainText for label in labels)  # (tags are not rendered)


def test_an_i18n_label_from_a_preset_is_shown_as_written(show):
    """Presets are merged by a postprocessor, after the CMS replaced the `i18n` values of the node types
    (neos-facts §5.11-§5.13): an `i18n` label that a preset brings stays `i18n` in the UI."""
    settings = SETTINGS + """
        nodeTypes:
          presets:
            properties:
              acme:
                plain:
                  ui:
                    label: i18n
                    help:
                      message: i18n
    """
    shown = show(xliff(card_file("", BODY + unit("properties.plain.ui.help.message", "Some help"))),
                 settings, preset="acme.plain")
    assert shown["plain"] == "i18n"
    assert "i18n" in show.widget.toggle_help("plain").text()
    assert shown["nested"] == PREFIX + "nested"  # (its own `i18n` label: replaced by the CMS)


def test_ids_with_any_characters_but_colons_are_looked_up(qtbot, tmp_path):
    """The UI splits an id at its colons and looks the parts up as they are: a type name with `-` (as
    `Vendor:Button.properties.text--inspector` mixins are named) and a select value such as `1/2` or
    `#fff` give ids that the UI translates."""
    node_type = """
    'Acme.Site:Content.Card--wide':
      superTypes:
        'Neos.Neos:Content': true
      ui:
        label: i18n
        inspector:
          groups:
            card:
              label: 'Card'
      properties:
        width:
          type: string
          ui:
            label: i18n
            inspector:
              group: card
              editor: 'Neos.Neos/Inspector/Editors/SelectBoxEditor'
              editorOptions:
                values:
                  '1/2':
                    label: i18n
                  '#fff':
                    label: i18n
                  'a b':
                    label: i18n
    """
    units = "".join(unit(unit_id, text) for unit_id, text in (
        ("ui.label", "Wide card"), ("properties.width", "Width"), ("properties.width.selectBoxEditor.values.1/2", "Half"),
        ("properties.width.selectBoxEditor.values.#fff", "White"), ("properties.width.selectBoxEditor.values.a b", "A and b")))
    root = write_files(tmp_path / "Acme.Site", {
        "composer.json": COMPOSER,
        "Configuration/Settings.yaml": SETTINGS,
        "NodeTypes/Content/Card.yaml": node_type,
        "Resources/Private/Translations/en/NodeTypes/Content/Card--wide.xlf": xliff(card_file("", units)),
    })
    project = load_project(root, use_cache=False)
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    widget.show_node_type(InspectorSource.from_model(project.node_type("Acme.Site:Content.Card--wide"), project))
    widget.show()
    assert widget.title.text() == "Wide card"
    assert widget.findChild(QLabel, "label:width").text() == "Width"
    assert widget.editor("width").display_rows() == [("option", "Half"), ("option", "White"), ("option", "A and b")]


@pytest.mark.parametrize("prolog, translated", [
    ('<?xml version="1.0" encoding="UTF-8"?>\n\n', True),
    ("\ufeff", True),
    ('<?xml version="1.0"?>\n<!-- the card\'s texts -->\n', False),
    ('<?xml version="1.0"?>\n<!DOCTYPE xliff>\n', False),
    ('<?xml version="1.0"?><?xml-stylesheet href="x.xsl"?>', False),
])
def test_a_file_is_read_only_when_it_starts_with_its_xliff_element(show, prolog, translated):
    """Flow's XliffReader reads the document's first node and skips the file unless it is <xliff>
    (checked with PHP 8.2's XMLReader: a comment, DOCTYPE or processing instruction comes first)."""
    text = xliff(card_file("", BODY)).removeprefix('<?xml version="1.0"?>')
    assert show(prolog + text)["plain"] == ("Plain" if translated else PREFIX + "plain")


def test_a_comment_inside_the_xliff_element_is_fine(show):
    text = xliff("<!-- the card's texts -->" + card_file("", BODY))
    assert show(text)["plain"] == "Plain"


def test_labels_show_their_white_space_as_the_browser_renders_it(show):
    # An XLIFF source wrapped over lines is one line in the CMS's inspector (HTML's `white-space: normal`);
    # a target of spaces only is a translation (XliffService takes a non-empty target), so the UI shows no id.
    shown = show(xliff(card_file("", "".join([
        unit("ui.label", "\n      A card\n    "),
        unit("groups.card", "Card\toptions"),
        unit("properties.plain", "A long label\n          that wraps"),
        unit("properties.target", "Source text", "   "),
    ]))))
    assert shown["title"] == "A card"
    assert shown["group"] == "Card options"
    assert shown["plain"] == "A long label that wraps"
    assert PREFIX not in shown["target"]


def test_a_site_package_overrides_the_platforms_labels_the_inspector_shows(qtbot, tmp_path):
    """Flow merges every package's XLIFF files (XliffFileProvider): a site's file whose `<file>` names
    Neos.Neos's `NodeTypes/Document` replaces the platform's label of the title; one whose `original` names
    the page's source gives the page's texts although its path is another."""
    root = write_site_package(tmp_path, textwrap.dedent("""
        'Acme.Site:Page':
          superTypes:
            'Neos.Neos:Document': true
          ui:
            label: i18n
          properties:
            subtitle:
              type: string
              ui:
                label: i18n
                inspector:
                  group: document
        """), settings=textwrap.dedent(SETTINGS))
    write_files(root / "Resources/Private/Translations/en", {
        "Overrides.xlf": xliff(card_file('product-name="Neos.Neos" original="NodeTypes/Document"',
                                         unit("properties.title", "Page title"))),
        "Labels/Page.xlf": xliff(card_file('original="NodeTypes/Page"',
                                           unit("ui.label", "Landing page") + unit("properties.subtitle", "Subtitle"))),
    })
    widget = inspector_of(qtbot, root, "Acme.Site:Page")
    shown = {label.objectName(): label.text() for label in widget.findChildren(QLabel)}
    assert shown["label:title"] == "Page title"
    assert shown["label:uriPathSegment"] == "URL path segment"  # (the platform's other labels stay)
    assert widget.title.text() == "Landing page"
    assert shown["label:subtitle"] == "Subtitle"


FALLBACK_UNITS = {"en": unit("ui.label", "Card") + unit("properties.plain", "Plain"),
                  "de": unit("ui.label", "Karte") + unit("properties.plain", "Einfach") + unit("properties.target", "Ziel"),
                  "de_CH": unit("properties.zero", "Null"),
                  # (never read: Flow names a locale's folder by its string form, `de_CH`)
                  "de-CH": unit("properties.target", "Falsch") + unit("properties.zero", "Falsch")}


@pytest.mark.parametrize("i18n, target, zero", [
    ("{}", PREFIX + "target", PREFIX + "zero"),
    # the default locale ends the chain of every locale: the English UI falls back to German
    ("{defaultLocale: de}", "Ziel", PREFIX + "zero"),
    ("{defaultLocale: 'de-ch'}", PREFIX + "target", "Null"),  # (`de_CH` alone: the default adds no parents)
    ("{fallbackRule: {order: ['de_CH']}}", "Ziel", "Null"),  # (`de_CH`, then its parent `de`)
    # strict: the locales of the order alone, without their parents
    ("{fallbackRule: {strict: true, order: ['de_CH']}}", PREFIX + "target", "Null"),
    ("{fallbackRule: {strict: true, order: [de]}}", "Ziel", PREFIX + "zero"),
])
def test_the_english_ui_falls_back_along_flows_locale_chain(show, tmp_path, i18n, target, zero):
    """Flow merges a source's texts along the locale chain of the UI's locale, the last locale first
    (`XliffFileProvider::getMergedFileData`, `I18n\\Service::getLocaleChain`): after `en` come the locales of
    `Neos.Flow.i18n.fallbackRule.order` (with their parents unless `strict`) and `defaultLocale`. A unit
    English lacks shows the text of the first locale in the chain that has it; English still wins."""
    folder = tmp_path / "Acme.Site" / "Resources" / "Private" / "Translations"
    for locale, units in FALLBACK_UNITS.items():
        write_files(folder / locale, {"NodeTypes/Content/Card.xlf": xliff(card_file("", units))})
    shown = show(xliff(card_file("", FALLBACK_UNITS["en"])), SETTINGS + f"\n      Flow:\n        i18n: {i18n}\n")
    assert shown["title"] == "Card" and shown["plain"] == "Plain"
    assert shown["target"] == target
    assert shown["zero"] == zero


def test_dots_and_underscores_in_unit_ids_are_one_unit(show):
    """Neos' `XliffService` files each unit under its id with dots as underscores, and neos-ui's
    `I18nRegistry` looks an id up the same way: `properties.plain` finds a unit written `properties_plain`;
    of two spellings of one id the later unit in the file wins, an empty one too (the id is shown)."""
    shown = show(xliff(card_file("", "".join([
        unit("properties_plain", "Plain"),
        unit("properties.target", "Dotted"), unit("properties_target", "Underscored"),
        unit("properties.zero", "Zero"), unit("properties_zero", ""),
    ]))))
    assert shown["plain"] == "Plain"
    assert shown["target"] == "Underscored"
    assert shown["zero"] == PREFIX + "zero"


def test_only_sources_the_packages_own_xlf_files_name_reach_the_ui(show, tmp_path):
    """Neos' XliffService collects a package's sources from its own `.xlf` files of every language (a `<file>`
    naming another package's source does not count), and sends the UI the texts of those alone, merged from
    every file serving them. A package whose card texts are in `Card.xliff` shows ids; an `.xlf` file of
    another language naming the source lets the English texts through."""
    en = tmp_path / "Acme.Site" / "Resources" / "Private" / "Translations" / "en"
    write_files(en, {"Labels.xliff": xliff(card_file('original="NodeTypes/Content/Card"', BODY))})
    shown = show(xliff(card_file('product-name="Other.Package"', BODY)))
    assert shown["plain"] == PREFIX + "plain" and shown["title"] == "Acme.Site:NodeTypes.Content.Card:ui.label"
    write_files(en.parent / "de", {"NodeTypes/Content/Card.xlf": xliff(card_file("", unit("ui.label", "Karte")))})
    shown = show(xliff(card_file('product-name="Other.Package"', BODY)))
    assert shown["plain"] == "Plain" and shown["title"] == "Card"


@pytest.mark.parametrize("neos", ["^8.3", "^9.0"])
def test_the_platforms_main_source_has_the_texts_of_its_general_units(qtbot, tmp_path, neos):
    """Neos.Neos's `Main.xlf` holds more than the editors' defaults: a label naming one of its general units
    (`Neos.Neos:Main:state`) shows the unit's English text, as the UI has the whole source (autoInclude `Main`)."""
    root = write_site_package(tmp_path, textwrap.dedent("""
        'Acme.Site:Card':
          superTypes:
            'Neos.Neos:Content': true
          ui:
            inspector:
              groups:
                card:
                  label: 'Neos.Neos:Main:content.inspector.groups.document'
          properties:
            state:
              type: string
              ui:
                label: 'Neos.Neos:Main:state'
                inspector:
                  group: card
            height:
              type: integer
              ui:
                label: 'Neos.Neos:Main:height'
                inspector:
                  group: card
            missing:
              type: string
              ui:
                label: 'Neos.Neos:Main:noSuchUnit'
                inspector:
                  group: card
        """), neos=neos)
    widget = inspector_of(qtbot, root, "Acme.Site:Card")
    shown = {label.objectName(): label.text() for label in widget.findChildren(QLabel)}
    assert shown["label:state"] == "Status" and shown["label:height"] == "Height"
    assert shown["label:missing"] == "Neos.Neos:Main:noSuchUnit"
    assert widget.sections["card"].header.text == "Document options"

@pytest.mark.parametrize("neos", ["^8.3", "^9.0"])
def test_a_label_without_a_colon_is_a_unit_of_neos_neos_main_or_shown_as_written(qtbot, tmp_path, neos):
    """neos-ui's I18nRegistry looks an id without a colon up in `Neos.Neos:Main` (its default package and
    source; `I18nRegistry.js` of 8.3, `getTranslationAddress.ts` of 9.0) and shows it as written when that
    source has no such unit: the inspector's labels (`<I18n id={label}/>`) show `name` as "Name"."""
    labels = {"name": "name", "state": "state", "okay": "okay", "dotted": "nodeTypes.groups.general",
              "written": "Title", "lower": "title", "sentence": "Name of the card"}
    properties = "".join(f"""
            {prop}:
              type: string
              ui:
                label: '{label}'
                inspector:
                  group: card""" for prop, label in labels.items())
    properties += """
            search:
              type: string
              ui:
                label: 'search'
                inspector:
                  group: card
                  editorOptions:
                    placeholder: 'typeToSearch'"""
    root = write_site_package(tmp_path, textwrap.dedent("""
        'Acme.Site:Card':
          superTypes:
            'Neos.Neos:Content': true
          ui:
            label: 'content'
            inspector:
              groups:
                card:
                  label: 'content.inspector.groups.visibility'
          properties:""") + properties + "\n", neos=neos)
    widget = inspector_of(qtbot, root, "Acme.Site:Card")
    shown = {label.objectName(): label.text() for label in widget.findChildren(QLabel)}
    assert shown["label:name"] == "Name"
    assert shown["label:state"] == "Status"
    assert shown["label:okay"] == "OK"
    assert shown["label:dotted"] == "General"  # (the unit's id with its dots, as the UI keys it)
    # Main has no unit `Title` or `title`: the label shows as written
    assert shown["label:written"] == "Title" and shown["label:lower"] == "title"
    assert shown["label:sentence"] == "Name of the card"
    assert widget.sections["card"].header.text == "Visibility"
    assert widget.title.text() == "Content"
    # an editor's placeholder goes through the same registry
    search = editor_on_its_tab(qtbot, widget, "search")
    assert shown["label:search"] == "Search" and search.line.placeholderText() == "Type to search"
