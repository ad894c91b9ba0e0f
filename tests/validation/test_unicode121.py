"""Alphanumeric and Label use the CMS's Unicode 12.1 classes, whatever Unicode version Python knows."""

import unicodedata

import pytest

from nodetype_studio.validation import charclasses, unicode121
from tests.validation.vhelpers import outcome, run

ALNUM = "alphanumericValidator"
LABEL = "labelValidator.invalidLabel"

# (character, Alphanumeric accepts, Label accepts) at the edges of what Unicode 13 and 14 added
BOUNDARIES = [
    ("\U0002FA1D", True, True),    # last CJK compatibility ideograph supplement letter of 12.1
    ("\U00030000", False, False),  # CJK Extension G starts (13.0)
    ("\U0003134A", False, False),  # CJK Extension G ends
    ("\U0003134B", False, False),  # unassigned after it
    ("\U0002A6D6", True, True),    # last of CJK Extension B in 12.1
    ("\U0002A6D7", False, False),  # Extension B grew in 13.0
    ("\u4DB5", True, True),        # last of CJK Extension A in 12.1
    ("\u4DB6", False, False),      # Extension A grew in 13.0
    ("\u9FEF", True, True),        # last unified ideograph in 12.1
    ("\u9FF0", False, False),      # added in 13.0
    ("\u08BD", True, True),        # Arabic letter in 12.1
    ("\u08BE", False, False),      # Arabic letter added in 13.0
    ("\uA7C6", True, True),        # Latin letter of 12.0
    ("\uA7C7", False, False),      # Latin letter added in 13.0
    ("\U00018AF2", True, True),    # last Tangut component in 12.1
    ("\U00018AF3", False, False),  # Tangut components grew in 13.0
    ("\U00018B00", False, False),  # Khitan Small Script (13.0)
    ("\U00010570", False, False),  # Vithkuqi (14.0)
    ("\U0001E290", False, False),  # Toto (14.0)
    ("\U0001FBEF", False, False),  # unassigned before the segmented digits
    ("\U0001FBF0", False, False),  # SEGMENTED DIGIT ZERO (13.0, Nd)
    ("\U0001FBF9", False, False),  # SEGMENTED DIGIT NINE
    ("\u0660", True, False),       # ARABIC-INDIC DIGIT ZERO: Nd in 12.1; Label takes ASCII digits only
    ("\U0001E950", True, False),   # ADLAM DIGIT ZERO (Nd, 9.0)
    ("\u20BF", False, True),       # BITCOIN SIGN (Sc, 10.0)
    ("\u20C0", False, False),      # SOM SIGN (Sc, 14.0)
    ("\U00011FDD", False, True),   # TAMIL SIGN KAACU (Sc, 12.0)
    ("\u00e9", True, True),
    ("\u1734", False, False),      # a mark (Mn in 12.1, Mc in 14.0): neither a letter nor a digit
    ("\ud800", False, False),      # a lone surrogate matches no class
]


@pytest.mark.parametrize("char,alnum,label", BOUNDARIES, ids=[f"U+{ord(c):04X}" for c, _, _ in BOUNDARIES])
def test_boundaries_of_unicode_12_1(char, alnum, label):
    assert outcome(run("AlphanumericValidator", "ab" + char + "1")) == ([] if alnum else [ALNUM])
    assert outcome(run("LabelValidator", "ab " + char)) == ([] if label else [LABEL])


def test_every_cjk_extension_g_character_is_rejected():
    text = "".join(chr(cp) for cp in range(0x30000, 0x3134B))
    assert not charclasses.is_alphanumeric(text)
    assert not any(charclasses.is_alphanumeric(c) for c in text)
    assert not any(charclasses.is_label(c) for c in text)


def test_tables_are_the_unicode_12_1_sizes():
    # Unicode 12.1 has 125,643 letters, 630 decimal digits and 62 currency symbols (DerivedGeneralCategory).
    def size(table):
        return sum(hi - lo + 1 for lo, hi in charclasses.parse_table(table))

    assert unicode121.UNICODE_VERSION == "12.1.0"
    assert (size(unicode121.LETTERS), size(unicode121.DECIMAL_DIGITS), size(unicode121.CURRENCY_SYMBOLS)) == (
        125643, 630, 62)


def test_tables_are_python_minus_later_additions():
    """Every 12.1 letter/digit is still one in Python's (newer) tables; everything Python adds beyond
    them is a character that was unassigned in 12.1 – so the tables differ only by age."""
    letters = {cp for lo, hi in charclasses.letters() for cp in range(lo, hi + 1)}
    digits = {cp for lo, hi in charclasses.parse_table(unicode121.DECIMAL_DIGITS) for cp in range(lo, hi + 1)}
    for cp in letters:
        assert unicodedata.category(chr(cp)).startswith("L"), hex(cp)
    for cp in digits:
        assert unicodedata.category(chr(cp)) == "Nd", hex(cp)
    newer = [cp for cp in range(0x110000) if unicodedata.category(chr(cp))[0] == "L" and cp not in letters]
    assert 0x30000 in newer and 0x18B00 in newer and 0x10570 in newer
    assert all(cp not in letters for cp in newer)


@pytest.mark.parametrize("text,alnum,label", [
    ("Straße2024", True, True),
    ("Ünïcödé", True, True),
    ("日本語テキスト", True, True),
    ("price 5 €", False, True),
    ("a_b", False, True),
    ("a b", False, True),
    ("a*b", False, False),
    ("a@b", False, False),
    ("\U0001D400\U0001D7CE", True, False),  # MATHEMATICAL BOLD CAPITAL A (L) + BOLD DIGIT ZERO (Nd)
    ("x\U00030001y", False, False),
])
def test_words(text, alnum, label):
    assert charclasses.is_alphanumeric(text) is alnum
    assert charclasses.is_label(text) is label
