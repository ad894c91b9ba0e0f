"""E-mail addresses as the CMS's browser validator judges them: the rules of the npm `isemail` 3.2.0
library (BSD-3-Clause) with its default options, re-implemented here.

The library reads an address character by character through a small set of contexts (local part,
domain, domain literal, quoted string, quoted pair, comment, folding white space) and records a
*diagnosis* number for everything unusual; the highest one counts. Diagnoses fall into bands:

    0            valid
    1..15        valid for SMTP, unusual (quoted local part, IP literal, numeric TLD)
    16..31       CFWS: comments or folding white space
    32..63       deprecated forms (quoted characters in odd places, a `::` eliding one IPv6 group)
    64..127      only RFC 5322's broad syntax (non-LDH domain characters, lengths over SMTP limits)
    128..        errors

`EmailAddressValidator` calls `validate(value)` without options, which answers true when the
highest diagnosis is below 16 (the library's default threshold). So quoted strings and address
literals pass; comments, folding white space, deprecated forms and everything after are refused.

What follows from the rules and surprises people (each has a test):

* A space inside a quoted local part is refused (`"a b"@example.com`): the library files the space
  among the C0 controls, a deprecated quoted character.
* Only ASCII is policed. Any character from U+00A0 up is an ordinary character in the local part
  and a letter in a domain label: `a\\u200b@example.com`, `\\u00a0@example.com`, `a@😀.com`,
  `a@٠١.com` are valid, and IDNA's rules (hyphens in positions 3–4, `xn--` labels that do not decode,
  bidi, joiners) are not applied. Punycode is only used to measure lengths.
* Lengths are UTF-8 octets: the local part at most 64 (quotes, backslashes and all), a domain label
  at most 63 in its punycode form, the domain at most 255, the whole address at most 254.
* `IPv6:` literals follow RFC 5321 strictly: `::` must stand for at least two groups.
* The string is NFC-normalised first, and read as the browser stores it: UTF-16 code units, an
  astral character being one token (except right after folding white space, where the library
  resumes on its second half, as it does).
"""

from __future__ import annotations

import re
import unicodedata

from nodetype_studio.js import values as jsvalue
from nodetype_studio.js.regex.parse import code_units  # UTF-16, as the browser stores strings

THRESHOLD = 16  # `validate(email)` without options: valid below this diagnosis

# The diagnoses used below (the library's numbering; the band is what matters for the verdict).
VALID = 0
TLD_NUMERIC = 10
QUOTED_STRING = 11
ADDRESS_LITERAL = 12
CFWS_COMMENT = 17
CFWS_FWS = 18
DEPRECATED_LOCAL_PART = 33
DEPRECATED_FWS = 34
DEPRECATED_QTEXT = 35
DEPRECATED_QP = 36
DEPRECATED_COMMENT = 37
DEPRECATED_CTEXT = 38
DEPRECATED_IPV6 = 39
DEPRECATED_CFWS_NEAR_AT = 49
RFC5322_DOMAIN = 65
RFC5322_TOO_LONG = 66
RFC5322_LOCAL_TOO_LONG = 67
RFC5322_DOMAIN_TOO_LONG = 68
RFC5322_LABEL_TOO_LONG = 69
RFC5322_DOMAIN_LITERAL = 70
RFC5322_DOMAIN_LITERAL_OBS_DTEXT = 71
IPV6_GROUP_COUNT = 72
IPV6_2X2X_COLON = 73
IPV6_BAD_CHARACTER = 74
IPV6_MAX_GROUPS = 75
IPV6_COLON_START = 76
IPV6_COLON_END = 77
ERR_EXPECTING_DTEXT = 129
ERR_NO_LOCAL_PART = 130
ERR_NO_DOMAIN = 131
ERR_CONSECUTIVE_DOTS = 132
ERR_ATEXT_AFTER_CFWS = 133
ERR_ATEXT_AFTER_QS = 134
ERR_ATEXT_AFTER_DOMAIN_LITERAL = 135
ERR_EXPECTING_QPAIR = 136
ERR_EXPECTING_ATEXT = 137
ERR_EXPECTING_QTEXT = 138
ERR_EXPECTING_CTEXT = 139
ERR_BACKSLASH_END = 140
ERR_DOT_START = 141
ERR_DOT_END = 142
ERR_DOMAIN_HYPHEN_START = 143
ERR_DOMAIN_HYPHEN_END = 144
ERR_UNCLOSED_QUOTED_STRING = 145
ERR_UNCLOSED_COMMENT = 146
ERR_UNCLOSED_DOMAIN_LITERAL = 147
ERR_FWS_CRLF_X2 = 148
ERR_FWS_CRLF_END = 149
ERR_CR_NO_LF = 150
ERR_DOT_AFTER_DOMAIN_LITERAL = 162

_FATAL_FROM = 128  # above the RFC 5322 band: reading stops
_SPECIALS = frozenset(map(ord, '()<>[]:;@\\,."'))

# contexts
LOCAL, DOMAIN, LITERAL, COMMENT, FWS, QUOTED, QPAIR = range(7)

_IPV4_TAIL = re.compile(r"\b(?:(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)\.){3}(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)\Z",
                        re.ASCII)
_IPV6_GROUP = re.compile(r"[0-9a-fA-F]{0,4}")
_LABEL_DOTS = re.compile("[\u3002\uff0e\uff61]")


def _c0(cp: int) -> bool:
    """The library's C0 table: U+0000–U+0020 (the space included)."""
    return cp < 33


def _c1(cp: int) -> bool:
    """The library's C1 table: U+007F–U+009F."""
    return 127 <= cp < 160


def _not_atext(cp: int) -> bool:
    return cp in _SPECIALS or _c0(cp) or _c1(cp)


def _utf8_octets(units: str) -> int:
    """UTF-8 length of a UTF-16 string; a lone surrogate counts as U+FFFD (3 octets), as Buffer does."""
    if len(units) == 1:
        cp = ord(units)
        return 1 if cp < 0x80 else 2 if cp < 0x800 else 3
    total, i, n = 0, 0, len(units)
    while i < n:
        cp = ord(units[i])
        if 0xD800 <= cp <= 0xDBFF and i + 1 < n and 0xDC00 <= ord(units[i + 1]) <= 0xDFFF:
            total += 4
            i += 2
            continue
        total += 1 if cp < 0x80 else 2 if cp < 0x800 else 3
        i += 1
    return total


def _code_points(units: str) -> list[int]:
    """UTF-16 units to code points (pairs joined, lone surrogates kept), as punycode's ucs2decode."""
    out, i, n = [], 0, len(units)
    while i < n:
        cp = ord(units[i])
        if 0xD800 <= cp <= 0xDBFF and i + 1 < n and 0xDC00 <= ord(units[i + 1]) <= 0xDFFF:
            cp = 0x10000 + ((cp - 0xD800) << 10) + (ord(units[i + 1]) - 0xDC00)
            i += 1
        out.append(cp)
        i += 1
    return out


# ---- punycode (RFC 3492), only to measure labels as the library does ---------------------------

_MAX_INT = 0x7FFFFFFF
_OVERFLOW = "RangeError: Overflow: input needs wider integers to process"


def _adapt(delta: int, points: int, first: bool) -> int:
    delta = delta // 700 if first else delta // 2
    delta += delta // points
    k = 0
    while delta > 455:  # ((base - tmin) * tmax) // 2
        delta //= 35
        k += 36
    return k + 36 * delta // (delta + 38)


def _digit(d: int) -> str:
    return chr(d + 22 + 75 * (d < 26))


def punycode_encode(cps: list[int]) -> str:
    """The punycode of a label's code points; raises jsvalue.JsError where punycode.js overflows."""
    out = [chr(c) for c in cps if c < 0x80]
    basic = handled = len(out)
    if basic:
        out.append("-")
    n, delta, bias = 128, 0, 72
    while handled < len(cps):
        m = min(c for c in cps if c >= n)
        if m - n > (_MAX_INT - delta) // (handled + 1):
            raise jsvalue.JsError(_OVERFLOW)
        delta += (m - n) * (handled + 1)
        n = m
        for c in cps:
            if c < n:
                delta += 1
                if delta > _MAX_INT:
                    raise jsvalue.JsError(_OVERFLOW)
            elif c == n:
                q, k = delta, 36
                while True:
                    t = 1 if k <= bias else 26 if k >= bias + 26 else k - bias
                    if q < t:
                        break
                    out.append(_digit(t + (q - t) % (36 - t)))
                    q = (q - t) // (36 - t)
                    k += 36
                out.append(_digit(q))
                bias = _adapt(delta, handled + 1, handled == basic)
                delta = 0
                handled += 1
        delta += 1
        n += 1
    return "".join(out)


def ascii_length(domain_units: str) -> int:
    """`punycode.toASCII(domain).length`: labels split at `.` and its ideographic/full-width forms;
    a label with any non-ASCII character becomes `xn--` + its punycode."""
    if "@" in domain_units:
        head, _, rest = domain_units.partition("@")
        return len(head) + 1 + ascii_length(rest.split("@")[0])
    labels = _LABEL_DOTS.sub(".", domain_units).split(".")
    total = len(labels) - 1
    for label in labels:
        if any(ord(c) > 0x7F for c in label):
            total += 4 + len(punycode_encode(_code_points(label)))
        else:
            total += len(label)
    return total


# ---- the reader ------------------------------------------------------------------------------

class _Text:
    """A growing UTF-16 string with its UTF-8 length kept up to date (linear for long input)."""

    __slots__ = ("pieces", "octets", "_last")

    def __init__(self):
        self.pieces: list[str] = []
        self.octets = 0
        self._last = 0

    def add(self, text: str) -> None:
        if 0xDC00 <= ord(text[0]) <= 0xDFFF and 0xD800 <= self._last <= 0xDBFF:
            self.octets -= 2  # two halves meeting at the join are one 4-octet character, not 3 + 3
        self.octets += _utf8_octets(text)
        self.pieces.append(text)
        self._last = ord(text[-1])

    def __bool__(self) -> bool:
        return bool(self.pieces)

    def text(self) -> str:
        return "".join(self.pieces)

    def first_code_point(self) -> int | None:
        return _code_points(self.text()[:2])[0] if self.pieces else None


class _Reader:
    def __init__(self, units: str):
        self.s = units
        self.worst = VALID
        self.now = LOCAL
        self.prev = LOCAL
        self.stack = [LOCAL]
        self.prev_token = ""
        self.local = _Text()
        self.domain = _Text()
        self.literal = _Text()
        self.domains = [_Text()]  # the domain's atoms (labels, or a literal with its brackets)
        self.count = 0  # element (atom) number
        self.length = 0  # octets of the current element
        self.crlf = 0
        self.hyphen = False
        self.assert_end = False
        self.handlers = (self._local, self._domain, self._literal, self._comment, self._fws, self._quoted,
                         self._qpair)

    def note(self, diagnosis: int) -> None:
        if diagnosis > self.worst:
            self.worst = diagnosis

    def enter(self, context: int) -> None:
        self.stack.append(self.now)
        self.now = context

    def leave(self) -> None:
        self.prev = self.now
        self.now = self.stack.pop()

    def token_at(self, i: int) -> str:
        s = self.s
        c = s[i]
        if "\ud800" <= c <= "\udbff" and i + 1 < len(s) and "\udc00" <= s[i + 1] <= "\udfff":
            return s[i:i + 2]
        return c

    def crlf_at(self, i: int) -> tuple[int, bool]:
        """After a CR at ``i``: the new index and whether an LF follows (else ERR_CR_NO_LF is noted)."""
        i += 1
        if i == len(self.s) or self.s[i] != "\n":
            self.note(ERR_CR_NO_LF)
            return i, False
        return i, True

    def read(self) -> str:
        i, token = 0, ""
        while i < len(self.s):
            token = self.token_at(i)
            i = self.handlers[self.now](token, i) + len(token)
            if self.worst > 127:
                break
        return token

    @staticmethod
    def cp(token: str) -> int:
        if len(token) == 1:
            return ord(token)
        return 0x10000 + ((ord(token[0]) - 0xD800) << 10) + (ord(token[1]) - 0xDC00)

    # -- contexts: each returns the index the token was read at (moved on by a CR LF, back by one
    #    where the token is read again in the enclosing context)

    def _start_fws(self, token: str) -> None:
        self.enter(FWS)
        self.prev_token = token

    def _atext_after_end(self, other: int) -> None:
        if self.prev in (COMMENT, FWS):
            self.note(ERR_ATEXT_AFTER_CFWS)
        elif self.prev == other:
            self.note(ERR_ATEXT_AFTER_QS if other == QUOTED else ERR_ATEXT_AFTER_DOMAIN_LITERAL)
        else:  # the library throws here; no input reaches it
            raise jsvalue.JsError("Error: more atext found where none is allowed, but unrecognized prev context")

    def _local(self, token: str, i: int) -> int:
        if token == "(":
            if self.length == 0:
                self.note(CFWS_COMMENT if self.count == 0 else DEPRECATED_COMMENT)
            else:
                self.note(CFWS_COMMENT)
                self.assert_end = True
            self.enter(COMMENT)
        elif token == ".":
            if self.length == 0:
                self.note(ERR_DOT_START if self.count == 0 else ERR_CONSECUTIVE_DOTS)
            else:
                if self.assert_end:
                    self.note(DEPRECATED_LOCAL_PART)
                self.assert_end = False
                self.length = 0
                self.count += 1
                self.local.add(token)
        elif token == '"':
            if self.length == 0:
                self.note(QUOTED_STRING if self.count == 0 else DEPRECATED_LOCAL_PART)
                self._add_local(token)
                self.assert_end = True
                self.enter(QUOTED)
            else:
                self.note(ERR_EXPECTING_ATEXT)
        elif token in ("\r", " ", "\t"):
            if token == "\r":
                i, ok = self.crlf_at(i)
                if not ok:
                    return i
            if self.length == 0:
                self.note(CFWS_FWS if self.count == 0 else DEPRECATED_FWS)
            else:
                self.assert_end = True
            self._start_fws(token)
        elif token == "@":
            if not self.local:
                self.note(ERR_NO_LOCAL_PART)
            elif self.length == 0:
                self.note(ERR_DOT_END)
            elif self.local.octets > 64:
                self.note(RFC5322_LOCAL_TOO_LONG)
            elif self.prev in (COMMENT, FWS):
                self.note(DEPRECATED_CFWS_NEAR_AT)
            self.now = DOMAIN
            self.stack[0] = DOMAIN
            self.count = 0
            self.length = 0
            self.assert_end = False
        elif self.assert_end:
            self._atext_after_end(QUOTED)
        else:
            self.prev = self.now
            if _not_atext(self.cp(token)):
                self.note(ERR_EXPECTING_ATEXT)
            self._add_local(token)
        return i

    def _add_local(self, token: str) -> None:
        self.local.add(token)
        self.length += _utf8_octets(token)

    def _add_domain(self, token: str) -> None:
        self.domain.add(token)
        self.domains[self.count].add(token)
        self.length += _utf8_octets(token)

    def _domain(self, token: str, i: int) -> int:
        if token == "(":
            if self.length == 0:
                self.note(DEPRECATED_CFWS_NEAR_AT if self.count == 0 else DEPRECATED_COMMENT)
            else:
                self.assert_end = True
                self.note(CFWS_COMMENT)
            self.enter(COMMENT)
        elif token == ".":
            label_length = ascii_length(self.domains[self.count].text())
            if self.length == 0:
                self.note(ERR_DOT_START if self.count == 0 else ERR_CONSECUTIVE_DOTS)
            elif self.hyphen:
                self.note(ERR_DOMAIN_HYPHEN_END)
            elif label_length > 63:
                self.note(RFC5322_LABEL_TOO_LONG)
            self.assert_end = False
            self.length = 0
            self.count += 1
            self.domains.append(_Text())
            self.domain.add(token)
        elif token == "[":
            if not self.domains[self.count]:
                if self.domain:
                    self.note(ERR_DOT_AFTER_DOMAIN_LITERAL)
                self.assert_end = True
                self.length += 1
                self.enter(LITERAL)
                self.domain.add(token)
                self.domains[self.count].add(token)
                self.literal = _Text()
            else:
                self.note(ERR_EXPECTING_ATEXT)
        elif token in ("\r", " ", "\t"):
            if token == "\r":
                i, ok = self.crlf_at(i)
                if not ok:
                    return i
            if self.length == 0:
                self.note(DEPRECATED_CFWS_NEAR_AT if self.count == 0 else DEPRECATED_FWS)
            else:
                self.note(CFWS_FWS)
                self.assert_end = True
            self._start_fws(token)
        else:
            if self.assert_end:
                self._atext_after_end(LITERAL)
            cp = self.cp(token)
            self.hyphen = False
            if _not_atext(cp):
                self.note(ERR_EXPECTING_ATEXT)
            elif token == "-":
                if self.length == 0:
                    self.note(ERR_DOMAIN_HYPHEN_START)
                self.hyphen = True
            elif cp < 48 or 122 < cp < 192 or 57 < cp < 65 or 90 < cp < 97:
                self.note(RFC5322_DOMAIN)  # not letter-digit-hyphen: RFC 5322 only
            self._add_domain(token)
        return i

    def _literal(self, token: str, i: int) -> int:
        if token == "]":
            if self.worst < 63:
                self.note(address_literal_diagnosis(self.literal.text()))
            else:
                self.note(RFC5322_DOMAIN_LITERAL)
            self._add_domain(token)
            self.leave()
        elif token == "\\":
            self.note(RFC5322_DOMAIN_LITERAL_OBS_DTEXT)
            self.enter(QPAIR)
        elif token in ("\r", " ", "\t"):
            if token == "\r":
                i, ok = self.crlf_at(i)
                if not ok:
                    return i
            self.note(CFWS_FWS)
            self._start_fws(token)
        else:
            cp = self.cp(token)
            if (cp != 127 and _c1(cp)) or cp == 0 or token == "[":
                self.note(ERR_EXPECTING_DTEXT)
                return i
            if _c0(cp) or cp == 127:
                self.note(RFC5322_DOMAIN_LITERAL_OBS_DTEXT)
            self.literal.add(token)
            self._add_domain(token)
        return i

    def _quoted(self, token: str, i: int) -> int:
        if token == "\\":
            self.enter(QPAIR)
        elif token in ("\r", "\t"):  # a space is not folding white space here: see qtext below
            if token == "\r":
                i, ok = self.crlf_at(i)
                if not ok:
                    return i
            self.local.add(" ")
            self.length += 1
            self.note(CFWS_FWS)
            self._start_fws(token)
        elif token == '"':
            self._add_local(token)
            self.leave()
        else:
            cp = self.cp(token)
            if (cp != 127 and _c1(cp)) or cp == 0 or cp == 10:
                self.note(ERR_EXPECTING_QTEXT)
            elif _c0(cp) or cp == 127:
                self.note(DEPRECATED_QTEXT)  # the space included
            self._add_local(token)
        return i

    def _qpair(self, token: str, i: int) -> int:
        cp = self.cp(token)
        if cp != 127 and _c1(cp):
            self.note(ERR_EXPECTING_QPAIR)
        elif (cp < 31 and cp != 9) or cp == 127:
            self.note(DEPRECATED_QP)
        self.leave()
        pair = "\\" + token
        if self.now == QUOTED:
            self.local.add(pair)
            self.length += 2
        elif self.now == LITERAL:
            self.domain.add(pair)
            self.domains[self.count].add(pair)
            self.length += 2
        return i

    def _comment(self, token: str, i: int) -> int:
        if token == "(":
            self.enter(COMMENT)
        elif token == ")":
            self.leave()
        elif token == "\\":
            self.enter(QPAIR)
        elif token in ("\r", " ", "\t"):
            if token == "\r":
                i, ok = self.crlf_at(i)
                if not ok:
                    return i
            self.note(CFWS_FWS)
            self._start_fws(token)
        else:
            cp = self.cp(token)
            if cp == 0 or cp == 10 or (cp != 127 and _c1(cp)):
                self.note(ERR_EXPECTING_CTEXT)
            elif _c0(cp) or cp == 127:
                self.note(DEPRECATED_CTEXT)
        return i

    def _fws(self, token: str, i: int) -> int:
        if self.prev_token == "\r":
            if token == "\r":
                self.note(ERR_FWS_CRLF_X2)
                return i
            self.crlf += 1
            if self.crlf > 1:
                self.note(DEPRECATED_FWS)
            else:
                self.crlf = 1
        if token == "\r":
            i, _ = self.crlf_at(i)
        elif token not in (" ", "\t"):
            if self.prev_token == "\r":
                self.note(ERR_FWS_CRLF_END)
            self.crlf = 0
            self.leave()
            i -= 1  # read this token again in the enclosing context (an astral one: its second half)
        self.prev_token = token
        return i

    def finish(self, last_token: str) -> int:
        if self.worst < 127:
            domain_length = ascii_length(self.domain.text())
            if self.now == QUOTED:
                self.note(ERR_UNCLOSED_QUOTED_STRING)
            elif self.now == QPAIR:
                self.note(ERR_BACKSLASH_END)
            elif self.now == COMMENT:
                self.note(ERR_UNCLOSED_COMMENT)
            elif self.now == LITERAL:
                self.note(ERR_UNCLOSED_DOMAIN_LITERAL)
            elif last_token == "\r":
                self.note(ERR_FWS_CRLF_END)
            elif not self.domain:
                self.note(ERR_NO_DOMAIN)
            elif self.length == 0:
                self.note(ERR_DOT_END)
            elif self.hyphen:
                self.note(ERR_DOMAIN_HYPHEN_END)
            elif domain_length > 255:
                self.note(RFC5322_DOMAIN_TOO_LONG)
            elif self.local.octets + domain_length + 1 > 254:
                self.note(RFC5322_TOO_LONG)
            elif self.length > 63:
                self.note(RFC5322_LABEL_TOO_LONG)
            elif _literal_then_atom(self.domains):
                self.note(ERR_DOT_AFTER_DOMAIN_LITERAL)
        if self.worst < 7:
            first = self.domains[self.count].first_code_point() if self.count < len(self.domains) else None
            if first is not None and first <= 57:
                self.note(TLD_NUMERIC)
        return self.worst


def _literal_then_atom(domains: list[_Text]) -> bool:
    seen_literal = False
    for atom in domains:
        if atom.pieces and atom.pieces[0][:1] == "[":
            seen_literal = True
        elif seen_literal:
            return True
    return False


def address_literal_diagnosis(literal: str) -> int:
    """The diagnosis of a domain literal's content: IPv4, `IPv6:` (RFC 5321's forms) or other."""
    ipv4 = _IPV4_TAIL.search(literal)
    at = ipv4.start() if ipv4 else -1
    if at == 0:
        return ADDRESS_LITERAL
    if at > 0:
        literal = literal[:at] + "0:0"  # an IPv4 tail stands for two IPv6 groups
    if literal[:5].lower() != "ipv6:":
        return RFC5322_DOMAIN_LITERAL
    address = literal[5:]
    groups = address.split(":")
    worst = VALID
    elided = address.find("::")
    if elided == -1:
        if len(groups) != 8:
            worst = IPV6_GROUP_COUNT
    elif elided != address.rfind("::"):
        worst = IPV6_2X2X_COLON
    else:
        most = 9 if elided == 0 or elided == len(address) - 2 else 8
        if len(groups) > most:
            worst = IPV6_MAX_GROUPS
        elif len(groups) == most:
            worst = DEPRECATED_IPV6  # `::` standing for a single group
    if address[:1] == ":" and address[1:2] != ":":
        shape = IPV6_COLON_START
    elif address[-1:] == ":" and address[-2:-1] != ":":
        shape = IPV6_COLON_END
    elif all(_IPV6_GROUP.fullmatch(g) for g in groups):
        shape = ADDRESS_LITERAL
    else:
        shape = IPV6_BAD_CHARACTER
    return max(worst, shape)


def diagnose(address: str) -> int:
    """The highest diagnosis isemail 3.2.0 records for ``address`` (NFC-normalised first).
    Raises jsvalue.JsError where the library throws (a label too long for punycode's integers)."""
    units = code_units(unicodedata.normalize("NFC", address))
    reader = _Reader(units)
    last = reader.read()
    return reader.finish(last)


def is_valid(address: str) -> bool:
    """`isemail.validate(address)` with the default options, as the CMS calls it."""
    return diagnose(address) < THRESHOLD
