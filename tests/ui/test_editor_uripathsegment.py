"""The URL path segment's sync button spells the segment as the project's CMS does: the transliteration
rules of the language of the node's `language` dimension (the backend's default one), else of Flow's
default locale (`en`, which has none): NodeUriPathSegmentGenerator + TransliterationService."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.ui.site_package import editor_on_its_tab, inspector_of, write_site_package

PAGE = """
'Acme.Site:Page':
  superTypes:
    'Neos.Neos:Document': true
"""

NO_DIMENSIONS = None
GERMAN_9 = """
Neos:
  ContentRepositoryRegistry:
    contentRepositories:
      default:
        contentDimensions:
          language:
            label: Language
            values:
              de_CH:
                label: Swiss German
              en:
                label: English
"""
GERMAN_8_3 = """
Neos:
  ContentRepository:
    contentDimensions:
      language:
        default: en_US
        defaultPreset: de
        label: Language
        presets:
          de:
            label: Deutsch
            values: [de_DE, mul_ZZ]
            uriSegment: de
          en:
            label: English
            values: [en_US, mul_ZZ]
            uriSegment: en
"""
ENGLISH_DIMENSION = """
Neos:
  ContentRepositoryRegistry:
    contentRepositories:
      default:
        contentDimensions:
          language:
            values:
              en_GB: {}
              de: {}
"""
GERMAN_DEFAULT_LOCALE = """
Neos:
  Flow:
    i18n:
      defaultLocale: de
"""


def _type(field, text):
    """Real key presses; QTest's keyClicks knows ASCII only, so each character is a key event of its own text."""
    for char in text:
        QTest.sendKeyEvent(QTest.KeyAction.Click, field, Qt.Key.Key_unknown, char, Qt.KeyboardModifier.NoModifier)


def _sync(qtbot, tmp_path, settings, neos="^9.0", text="Äpfel & Öl für Übermut"):
    root = write_site_package(tmp_path, PAGE, settings=settings, neos=neos)
    widget = inspector_of(qtbot, root, "Acme.Site:Page")
    segment = editor_on_its_tab(qtbot, widget, "uriPathSegment")
    title = widget.editors["title"]
    title.line.setFocus()
    _type(title.line, text)
    qtbot.mouseClick(segment.sync_button, Qt.MouseButton.LeftButton)
    return segment.line.text(), widget.node.get("uriPathSegment")


@pytest.mark.parametrize("settings, neos, expected", [
    (NO_DIMENSIONS, "^9.0", "apfel-ol-fur-ubermut"),  # no language: Flow's default locale, English: no rules
    (NO_DIMENSIONS, "~8.3.0", "apfel-ol-fur-ubermut"),
    (GERMAN_9, "^9.0", "aepfel-oel-fuer-uebermut"),  # de_CH -> de: the platform's German rules
    (GERMAN_8_3, "~8.3.0", "aepfel-oel-fuer-uebermut"),  # the default preset's first value, de_DE
    (ENGLISH_DIMENSION, "^9.0", "apfel-ol-fur-ubermut"),  # the first value the dimension lists
    (GERMAN_DEFAULT_LOCALE, "^9.0", "aepfel-oel-fuer-uebermut"),  # no dimension: the default locale's language
])
def test_sync_spells_the_segment_in_the_projects_language(qtbot, tmp_path, settings, neos, expected):
    shown, stored = _sync(qtbot, tmp_path, settings, neos)
    assert shown == expected and stored == expected


def test_the_projects_own_transliteration_rules_are_used(qtbot, tmp_path):
    settings = GERMAN_9 + """
  Neos:
    transliterationRules:
      de:
        '&': ' und '
"""
    shown, _stored = _sync(qtbot, tmp_path, settings)
    assert shown == "aepfel-und-oel-fuer-uebermut"


def test_letters_without_an_accent_to_strip_are_spelled_as_the_cms_spells_them(qtbot, tmp_path):
    # Transliterator::utf8ToAscii (behat/transliterator data/x00.php, x01.php): capitals too, and signs
    shown, stored = _sync(qtbot, tmp_path, NO_DIMENSIONS, text="Ørsted × Łódź – Œuvre, Æsir & Þór © 20°")
    assert shown == stored == "orsted-x-lodz-oeuvre-aesir-thor-c-20deg"


@pytest.mark.parametrize("text, expected", [
    ("Привет, мир!", "privet-mir"),  # Cyrillic (behat's x04 table)
    ("Мальчик", "malchik"),  # the soft sign is an apostrophe, dropped inside a word
    ("Ελληνικά", "ellenika"),  # Greek
    ("北京", "bei-jing"),  # CJK: one syllable each, a space after it
    ("That’s it's 'o'clock'", "thats-its-oclock"),
])
def test_sync_transliterates_every_script_as_the_cms_does(qtbot, tmp_path, text, expected):
    # TransliterationService -> Transliterator::utf8ToAscii (Text::Unidecode's tables) -> urlize
    shown, stored = _sync(qtbot, tmp_path, NO_DIMENSIONS, text=text)
    assert shown == stored == expected


BLOG_POST = """
'Acme.Site:BlogPost':
  superTypes:
    'Neos.Neos:Document': true
  ui:
    label: 'Blog post über Öl'
  properties:
    text:
      type: string
      ui:
        label: Teaser
        inspector:
          group: document
"""


@pytest.mark.parametrize("neos", ["^9.0", "~8.3.0"])
def test_without_a_title_the_segment_is_made_from_the_node_label(qtbot, tmp_path, neos):
    # NodeUriPathSegmentGenerator: `$text ?: $node->getLabel() ?: <node name>`; the platform's label is
    # `labelForNode(node).properties('title', 'text')`, else the node type's label (NodeLabelToken)
    root = write_site_package(tmp_path, BLOG_POST, neos=neos)
    widget = inspector_of(qtbot, root, "Acme.Site:BlogPost")
    segment = editor_on_its_tab(qtbot, widget, "uriPathSegment")
    assert widget.node.get("title") in ("", None)
    qtbot.mouseClick(segment.sync_button, Qt.MouseButton.LeftButton)
    assert segment.line.text() == widget.node.get("uriPathSegment") == "blog-post-uber-ol"
    teaser = widget.editors["text"]
    teaser.line.setFocus()
    _type(teaser.line, "<b>Fresh</b> news")
    qtbot.mouseClick(segment.sync_button, Qt.MouseButton.LeftButton)
    assert segment.line.text() == "fresh-news"  # the label is the `text` property now, tags stripped


def test_a_segment_longer_than_maxlength_is_shown_whole(make_editor, qtbot):
    # the CMS commits the generated segment; the input's `maxlength` only stops typing, it never cuts a value
    editor = make_editor("UriPathSegmentEditor", {"title": "A rather long page title", "maxlength": 10})
    qtbot.mouseClick(editor.sync_button, Qt.MouseButton.LeftButton)
    assert editor.line.text() == editor.value() == "a-rather-long-page-title"
    editor.line.setFocus()
    editor.line.end(False)
    qtbot.keyClicks(editor.line, "x")  # still as long: nothing more can be typed
    assert editor.line.text() == "a-rather-long-page-title"


@pytest.mark.parametrize("text, expected", [
    # behat/transliterator's own test cases for Transliterator::transliterate, which the CMS's
    # TransliterationService + urlize amount to for a text without language rules
    ("BonJour & au revoir", "bonjour-au-revoir"),
    ("D\u00e9j\u00e0", "deja"),
    ("tr\u0105nsl\u012fteration t\u0117st \u0173s\u0105ge \u016b\u017e", "transliteration-test-usage-uz"),
    ("\u0442\u043e\u0432\u0430 \u0435 \u0442\u0435\u0441\u0442\u043e\u0432\u043e \u0437\u0430\u0433\u043b\u0430\u0432\u0438\u0435",
     "tova-e-testovo-zaglavie"),
    ("\u044d\u0442\u043e \u0442\u0435\u0441\u0442\u043e\u0432\u044b\u0439 \u0437\u0430\u0433\u043e\u043b\u043e\u0432\u043e\u043a",
     "eto-testovyi-zagolovok"),
    ("f\u00fchren Aktivit\u00e4ten Hagl\u00f6fs", "fuhren-aktivitaten-haglofs"),
    ("that it's 'eleven' 'o'clock'", "that-its-eleven-oclock"),
])
def test_segments_agree_with_the_transliterators_own_cases(text, expected):
    from nodetype_studio.preview.urisegment import uri_path_segment

    assert uri_path_segment(text) == expected


# What behat/transliterator's tables (src/Behat/Transliterator/data/xNN.php; 1.5.0 where a copy of it shows the
# bank) give where text-unidecode's differ: Text::Unidecode spellings added after the release text-unidecode
# was made from, and behat's own additions (Windows-1252 readings of the C1 controls).
@pytest.mark.parametrize("text, expected", [
    ("\u03f4\u03f5\u03f6\u03f7\u03f8\u03f9\u03fa\u03fb\u03fc\u03fd\u03fe\u03ff",
     "THeeShshs[?][?]r/SS.S."),  # Greek and Coptic, x03
    ("\u0080\u0092\u0099\u009f\u00dd", "EUR'tmYY"),  # C1 controls, x00 (1.5.0)
    ("\u02e5\u02e6\u02e7\u02e8\u02e9\u02ea\u02eb", "54321/\\\\"),  # tone letters, x02
    ("\u0af0\u0af1\u0af9", ".Rzh"),  # Gujarati, x0a
    ("\u06ff", "h"),  # Arabic, x06
    ("\u13f5\u13f8\u13f9\u13fa\u13fb\u13fc\u13fd", "MVyeyiyoyuyvmv"),  # Cherokee, x13
    ("\u1efa\u1efb\u1efc\u1efd\u1efe\u1eff", "LLllVvYy"),  # Middle Welsh, x1e
    ("\u25f4\u25f7\u25f8\u25f9\u25fb\u25ff", "OO/\\\\#/"),  # geometric shapes, x25
    ("\u30ff\u33ff", "kotogal"),  # x30, x33
    ("\ufdf2\ufdfc\ufdfd", "AllahRial {Bismillah Ar-Rahman Ar-Rahimi}"),  # Arabic ligatures, xfd
    ("\u04ff\u0eff\u11ff\ufa0e", "[?][?][?][?]"),  # the tables' own placeholder, without text-unidecode's space
])
def test_characters_are_spelled_as_the_cms_tables_spell_them(text, expected):
    from nodetype_studio.preview.urisegment import to_ascii

    assert to_ascii(text) == expected


@pytest.mark.parametrize("char", ["\u0800", "\u1d00", "\u1a00", "\u2c00", "\u3400", "\u4c00", "\ua500", "\ue000",
                                  "\U0001f600"])
def test_a_character_of_a_bank_without_a_table_is_a_question_mark(char):
    # utf8ToAscii: no data/xNN.php for the character's bank -> an empty bank -> `$unknown`, '?'
    from nodetype_studio.preview.urisegment import to_ascii

    assert to_ascii(f"a{char}b") == "a?b"


@pytest.mark.parametrize("text, expected", [
    ("\u03f4\u03b5\u03cc\u03c2", "theos"),  # Greek: the theta symbol
    ("Tone \u02e5\u02e9", "tone-51"),  # tone letters
    ("\u1efaan\u1efb", "llanll"),  # Middle Welsh
    ("\u13f8\u13f9", "yeyi"),  # Cherokee small letters
    ("\u0af1 100", "r-100"),  # Gujarati rupee sign
    ("\u25f4 Start", "o-start"),  # geometric shapes
    ("\ufdf2 \ufdfc", "allah-rial"),  # Arabic ligatures
    ("\u30ff", "koto"),  # Katakana
])
def test_sync_spells_titles_where_the_cms_tables_differ_from_text_unidecodes(qtbot, tmp_path, text, expected):
    shown, stored = _sync(qtbot, tmp_path, NO_DIMENSIONS, text=text)
    assert shown == stored == expected
