"""Translation ids, `i18n` shorthands and XLIFF English texts."""

from nodetype_studio.preview.i18n import (
    PLATFORM_TEXTS,
    Translator,
    generated_id,
    split_id,
)


def test_split_id():
    assert split_id("Acme.Preview:NodeTypes.Translated:ui.label") == ("Acme.Preview", "NodeTypes.Translated", "ui.label")
    # the UI splits at the colons: `Package:id` names no unit (neos-ui I18nRegistry.js getTranslationAddress)
    assert split_id("Neos.Neos:choose") is None
    assert split_id("Note: this is text") is None
    assert split_id("Title") is None
    assert split_id("http://example.org") is None


def test_generated_ids():
    assert generated_id("Acme.Preview:Foo.Bar", "properties", "title") == "Acme.Preview:NodeTypes.Foo.Bar:properties.title"


def test_xliff_text_wins_and_unknown_ids_stay_ids(project_path):
    tr = Translator({"Acme.Preview": project_path})
    assert tr.text("Acme.Preview:NodeTypes.Translated:properties.headline") == "Headline"
    assert tr.text("Acme.Preview:NodeTypes.Translated:properties.missing") == "Acme.Preview:NodeTypes.Translated:properties.missing"
    assert tr.text("Other.Package:Main:x") == "Other.Package:Main:x"
    assert tr.text("Plain label: with colon") == "Plain label: with colon"
    assert tr.text(None) == "" and tr.text(3) == "3"


def test_i18n_value_uses_the_generated_id(project_path):
    tr = Translator({"Acme.Preview": project_path})
    assert tr.text("i18n", "Acme.Preview:NodeTypes.Translated:groups.words") == "Words"
    assert tr.text(" i18n ", "Acme.Preview:NodeTypes.Translated:nothing") == "Acme.Preview:NodeTypes.Translated:nothing"


def test_platform_ids_have_english_texts():
    tr = Translator()
    assert tr.text("Neos.Neos:Main:choose") == "Choose"
    assert tr.text("Cms.Cms:Main:content.inspector.editors.dateTimeEditor.noDateSet") == "No date set"
    assert "Main:content.inspector.editors.codeEditor.editCode" in PLATFORM_TEXTS


def test_xliff_2_gives_no_texts_and_targets_win(tmp_path):
    folder = tmp_path / "Resources/Private/Translations/en/NodeTypes"
    folder.mkdir(parents=True)
    (folder / "Two.xlf").write_text(
        '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en">'
        '<file id="f"><unit id="ui.label"><segment><source>Src</source><target>Tgt</target></segment></unit></file></xliff>',
        encoding="utf-8",
    )
    (folder / "One.xlf").write_text(
        '<xliff version="1.2"><file><body><trans-unit id="ui.label"><source>Src</source><target>Tgt</target>'
        '</trans-unit></body></file></xliff>',
        encoding="utf-8",
    )
    (folder / "Broken.xlf").write_text("<xliff><not closed", encoding="utf-8")
    tr = Translator({"V.P": tmp_path})
    # Flow reads XLIFF 1.2 only (`XliffFileProvider::getParser`): the CMS shows the id
    assert tr.text("V.P:NodeTypes.Two:ui.label") == "V.P:NodeTypes.Two:ui.label"
    assert tr.text("V.P:NodeTypes.One:ui.label") == "Tgt"
    assert tr.text("V.P:NodeTypes.Broken:ui.label") == "V.P:NodeTypes.Broken:ui.label"
