"""Where the CMS's transliteration tables differ from text-unidecode's, as data (generated once, not by hand).

The CMS spells a character with behat/transliterator's ``Transliterator::utf8ToAscii``: one PHP table per
256-character bank (``src/Behat/Transliterator/data/xNN.php``), ``?`` for a character whose bank has no file or
whose table has no entry for it, ``?`` for every character above U+FFFF (their bank, ``x1f6`` say, has no file).
Its tables and text-unidecode's both come from Perl's Text::Unidecode, from different releases, so
``to_ascii`` (``preview.urisegment``) reads text-unidecode's table and corrects it with what is below.

Derived by comparing, character by character, text-unidecode 1.3 with behat/transliterator's bank files, each
read as PHP reads it: from a vendored copy of behat/transliterator 1.5.0 (the release the CMS installs) for
x00 x04-x07 x09 x0c-x0f x11 x16 x18 x21 x25 x27 x30 x32 x60 x9f xfe, else from the newest stored commit of
the Behat/Transliterator repository (85b5a6b: x02 x13 x20 x26 xa4 xd7; a63de40: x0a x0b x1e x1f x31 x33;
5f406ed: x03 x24 xfa xfd; c2b3a0f: x28 xff; 38b8088: x10 x17). Left as text-unidecode spells them:
x01 and x4e, whose only known version predates the regeneration of behat's tables; in x28 and xff the
backslash the older files put before ``@``, ``$``, ``{``, ``}`` and the missing 256th entry of x10 and x17,
which 1.5.0 no longer has in the banks it shows (xfe, x11); the banks behat has a file for that were not
compared (most CJK and Hangul banks).
"""

from __future__ import annotations

#: The spelling in behat's table where it is not text-unidecode's (text-unidecode's ``'[?] '`` aside:
#: behat's tables spell that ``'[?]'`` throughout, see ``UNKNOWN_IN_TABLE``).
OVERRIDES: dict[int, str] = {
    0x0080: 'EUR', 0x0082: ',', 0x0083: 'f', 0x0084: ',,', 0x0085: '...', 0x0086: '+', 0x0087: '++', 0x0088: '^',
    0x0089: '%0', 0x008A: 'S', 0x008B: '<', 0x008C: 'OE', 0x008E: 'Z', 0x0091: "'", 0x0092: "'", 0x0093: '"',
    0x0094: '"', 0x0095: '*', 0x0096: '-', 0x0097: '--', 0x0098: '~', 0x0099: 'tm', 0x009A: 's', 0x009B: '>',
    0x009C: 'oe', 0x009E: 'z', 0x009F: 'Y',
    0x02E5: '5', 0x02E6: '4', 0x02E7: '3', 0x02E8: '2', 0x02E9: '1', 0x02EA: '/', 0x02EB: '\\\\', 0x02EF: 'V',
    0x02F0: '^', 0x02F1: '<', 0x02F2: '>', 0x02F3: 'o', 0x02F4: '`', 0x02F5: '``', 0x02F6: '//', 0x02F7: '~',
    0x02F8: ':', 0x02F9: '[-', 0x02FA: '-]', 0x02FB: '[_', 0x02FC: '_]', 0x02FD: '_', 0x02FE: '_', 0x02FF: '<',
    0x03F4: 'TH', 0x03F5: 'e', 0x03F6: 'e', 0x03F7: 'Sh', 0x03F8: 'sh', 0x03F9: 's', 0x03FC: 'r/', 0x03FD: 'S',
    0x03FE: 'S.', 0x03FF: 'S.',
    0x06FF: 'h',
    0x0AF0: '.', 0x0AF1: 'R', 0x0AF9: 'zh',
    0x13F5: 'MV', 0x13F8: 'ye', 0x13F9: 'yi', 0x13FA: 'yo', 0x13FB: 'yu', 0x13FC: 'yv', 0x13FD: 'mv',
    0x1EFA: 'LL', 0x1EFB: 'll', 0x1EFC: 'V', 0x1EFD: 'v', 0x1EFE: 'Y', 0x1EFF: 'y',
    0x25F4: 'O', 0x25F5: 'O', 0x25F6: 'O', 0x25F7: 'O', 0x25F8: '/', 0x25F9: '\\\\', 0x25FA: '\\\\', 0x25FB: '#',
    0x25FC: '#', 0x25FD: '#', 0x25FE: '#', 0x25FF: '/',
    0x30FF: 'koto',
    0x33FF: 'gal',
    0xFDF0: '{Salla}', 0xFDF1: '{Qala}', 0xFDF2: 'Allah', 0xFDF3: 'Akbar', 0xFDF4: 'Mohammed', 0xFDF5: 'SL`M',
    0xFDF6: 'Rasul', 0xFDF7: '{Alayhi}', 0xFDF8: '{WaSallam}', 0xFDF9: '{Salla}',
    0xFDFA: '{Salla Llahu Alayhi WaSallam}', 0xFDFB: '{Jalla Jalalahu}', 0xFDFC: 'Rial ',
    0xFDFD: '{Bismillah Ar-Rahman Ar-Rahimi}',
}

#: text-unidecode's placeholder for a character its table has no spelling for, and behat's
#: (its table generator turns Text::Unidecode's ``'[?] '`` into ``'[?]'``, SyncTool.php ``pushItem``).
UNKNOWN_IN_TABLE = ("[?] ", "[?]")

#: Banks (code point >> 8) behat/transliterator has no data file for, where text-unidecode has nothing but
#: ``'[?]'``: ``utf8ToAscii`` gives its ``$unknown``, ``?``, for each of their characters. (Its generator writes
#: no file for a bank with nothing but ``'[?]'``; no copy of behat's data folder has one of these banks.)
BANKS_WITHOUT_FILE: frozenset[int] = frozenset(
    [0x08, *range(0x19, 0x1E), *range(0x29, 0x2E), *range(0x34, 0x4D), *range(0xA5, 0xAC), *range(0xE0, 0xF9)]
)
