"""Link values as the link editor stores them, and what typed text can be offered as a link (Qt-free).

Stored values: ``node://<identifier>``, ``asset://<identifier>``, or a URI (``https://...``,
``mailto:...``, ``tel:...``, ``#anchor``). An anchor may follow a node link (``node://<id>#top``).
Typed text becomes a link suggestion when it is a URL (``http``/``https``/``ftp``/``news`` with a valid host),
a bare host name with a top-level domain (``acme.example/about`` -> ``https://acme.example/about``),
or a valid e-mail address (-> ``mailto:``).
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from email_validator import EmailNotValidError, validate_email

NODE_SCHEME = "node://"
ASSET_SCHEME = "asset://"
_LABEL = r"(?!-)[a-z0-9-]{1,63}(?<!-)"
_HOST_RE = re.compile(rf"^(?:{_LABEL}\.)+[a-z]{{2,63}}$", re.IGNORECASE)
_SINGLE_LABEL_RE = re.compile(rf"^(?=[a-z0-9-]*[a-z]){_LABEL}$", re.IGNORECASE)
_IPV4_RE = re.compile(r"^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)$")
_BARE_RE = re.compile(rf"^((?:{_LABEL}\.)+[a-z]{{2,63}})(:\d{{1,5}})?([/?#]\S*)?$", re.IGNORECASE)
_TEL_RE = re.compile(r"^tel:\+?[0-9][0-9 ()./-]{2,}$", re.IGNORECASE)
#: the schemes with a host that the Neos UI's link input takes as a URI (utils-helpers ``isUri``)
_URL_SCHEMES = ("http", "https", "ftp", "news")


@dataclass(frozen=True, slots=True)
class Suggestion:
    kind: str  # "url" | "email" | "phone" | "anchor"
    value: str  # what is stored
    label: str  # what the user is offered


@dataclass(frozen=True, slots=True)
class StoredLink:
    kind: str  # "node" | "asset" | "url" | "email" | "phone" | "anchor" | "empty"
    target: str  # identifier for node/asset, else the URI
    anchor: str = ""


def valid_host(host: str) -> bool:
    """A host name (a single label such as an intranet's ``wiki`` too), an IPv4 or a bracketed IPv6 address."""
    host = host.lower()
    if _HOST_RE.match(host) or _IPV4_RE.match(host) or _SINGLE_LABEL_RE.match(host):
        return True
    try:
        ipaddress.IPv6Address(host)
    except ValueError:
        return False
    return True


def valid_url(text: str) -> bool:
    try:
        parts = urlsplit(text)
        port_ok = parts.port is None or 0 < parts.port < 65536
    except ValueError:
        return False
    host = parts.hostname
    return parts.scheme.lower() in _URL_SCHEMES and bool(host) and valid_host(host or "") and port_ok and " " not in text


def email_address(text: str) -> str | None:
    """The normalised address when ``text`` is a valid e-mail address."""
    if "@" not in text or " " in text.strip():
        return None
    try:
        return validate_email(text.strip(), check_deliverability=False).normalized
    except EmailNotValidError:
        return None


def suggestion(text: str) -> Suggestion | None:
    """What typed ``text`` can be linked as, without searching: a URL, an e-mail address, a phone or anchor."""
    text = text.strip()
    if not text:
        return None
    lower = text.lower()
    if lower.startswith("mailto:"):
        # kept as typed, with any `?subject=…`: the CMS stores a typed URI verbatim
        typed = text[7:].split("?", 1)[0]
        return Suggestion("email", text, f"E-mail {typed}") if email_address(typed) else None
    if _TEL_RE.match(text):
        return Suggestion("phone", text, f"Call {text[4:]}")
    if text.startswith("#") and len(text) > 1 and " " not in text:
        return Suggestion("anchor", text, f"Anchor {text}")
    if "://" in text:
        return Suggestion("url", text, text) if valid_url(text) else None
    if email_address(text):  # the CMS offers `mailto:` + the text as typed (not normalised)
        return Suggestion("email", "mailto:" + text, f"E-mail {text}")
    if _BARE_RE.match(text):
        url = "https://" + text
        return Suggestion("url", url, f"Format as link: {url}") if valid_url(url) else None
    return None


def parse_stored(value: object) -> StoredLink:
    if not isinstance(value, str) or not value.strip():
        return StoredLink("empty", "")
    value = value.strip()
    for scheme, kind in ((NODE_SCHEME, "node"), (ASSET_SCHEME, "asset")):
        if value.startswith(scheme):
            target, _, anchor = value[len(scheme):].partition("#")
            return StoredLink(kind, target, anchor)
    lower = value.lower()
    if lower.startswith("mailto:"):
        return StoredLink("email", value)
    if lower.startswith("tel:"):
        return StoredLink("phone", value)
    if value.startswith("#"):
        return StoredLink("anchor", value)
    return StoredLink("url", value)
