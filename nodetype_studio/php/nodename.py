"""Node names the content repository makes from a text, e.g. the names of tethered child nodes (Qt-free).

9.x ``NodeName::transliterateFromString`` (``Neos.ContentRepository.Core/Classes/SharedModel/Node/NodeName.php``)
and 8.3 ``Utility::renderValidNodeName`` (``Neos.ContentRepository/Classes/Utility.php``) turn a text into a
valid node name (``[a-z0-9-]+``): a text that is one already is kept (9.x lowers its ASCII letters first, as
``NodeName::fromString`` does; 8.3 reaches the same name through ``urlize``), any other is transliterated to
ASCII and ``urlize``d by behat/transliterator (lowercase, an apostrophe inside a word dropped, every run of
other characters one ``-``, none at either end). Both versions name a node type's tethered child nodes so,
from the keys of ``childNodes`` (8.3 ``NodeType::getAutoCreatedChildNodes``, 9.x
``NodeTypeManager::getTetheredNodesConfigurationForNodeType``): ``Main_Content`` is the node ``main-content``.
"""

from __future__ import annotations

import hashlib
import re

_VALID = re.compile(r"[a-z0-9\-]+")
_ASCII_UPPER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
_INNER_APOSTROPHE = re.compile(r"([A-Za-z0-9_])'([A-Za-z0-9_])")
_SEPARATORS = re.compile(r"[^a-z0-9]+")


def _to_ascii(text: str) -> str:
    """``Transliterator::utf8ToAscii`` with Text::Unidecode's tables (as ``preview.urisegment.to_ascii``)."""
    if text.isascii():
        return text
    from text_unidecode import unidecode

    return "".join(ch if ch < "\x80" else unidecode(ch) if ch <= "\uffff" else "?" for ch in text)


def node_name(text: str) -> str:
    """The node name the content repository makes from ``text`` (``Main_Content`` -> ``main-content``)."""
    lowered = text.translate(_ASCII_UPPER)  # PHP strtolower: ASCII letters only
    if _VALID.fullmatch(lowered):
        return lowered
    ascii_text = _to_ascii(text).lower()
    name = _SEPARATORS.sub("-", _INNER_APOSTROPHE.sub(r"\1\2", ascii_text)).strip("-")
    return name or "node-" + hashlib.md5(text.encode("utf-8")).hexdigest()
