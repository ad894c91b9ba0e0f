"""What typed text the link editor offers as a link, and how stored link values read."""

import pytest

from nodetype_studio.content.links import parse_stored, suggestion


@pytest.mark.parametrize("text, value, kind", [
    ("https://acme.example/about?x=1#top", "https://acme.example/about?x=1#top", "url"),
    ("http://localhost:8080/", "http://localhost:8080/", "url"),
    ("acme.example", "https://acme.example", "url"),
    ("www.acme.example/team", "https://www.acme.example/team", "url"),
    ("hello@acme.example", "mailto:hello@acme.example", "email"),
    # a typed URI is stored as typed (the Neos UI's link input applies its search term verbatim)
    ("mailto:Hello@Acme.Example", "mailto:Hello@Acme.Example", "email"),
    ("mailto:team@acme.example?subject=Order%2042", "mailto:team@acme.example?subject=Order%2042", "email"),
    ("Team@Acme.Example", "mailto:Team@Acme.Example", "email"),
    ("news://news.acme.example/comp.lang.python", "news://news.acme.example/comp.lang.python", "url"),
    ("ftp://files.acme.example/price.pdf", "ftp://files.acme.example/price.pdf", "url"),
    # hosts without a top-level domain are valid in a URL, and the CMS takes any http(s):// text
    ("http://intranet/wiki/Start", "http://intranet/wiki/Start", "url"),
    ("http://[::1]:8080/", "http://[::1]:8080/", "url"),
    ("tel:+49 30 1234567", "tel:+49 30 1234567", "phone"),
    ("#contact", "#contact", "anchor"),
])
def test_links_offered_for_typed_text(text, value, kind):
    offered = suggestion(text)
    assert offered is not None and offered.value == value and offered.kind == kind


@pytest.mark.parametrize("text", ["", "team", "acme", "https://", "https://bad_host/", "http://a b.de", "http://999.1.1.1/",
                                  "http://-intranet/", "http://[::1/",
                                  "foo@example", "x y@z.de", "mailto:nobody", "ftp:/x", "#", "1.2"])
def test_no_link_for_other_text(text):
    assert suggestion(text) is None


def test_stored_values():
    stored = parse_stored("node://abc#intro")
    assert (stored.kind, stored.target, stored.anchor) == ("node", "abc", "intro")
    assert parse_stored("asset://f00").kind == "asset"
    assert parse_stored("mailto:a@b.co").kind == "email"
    assert parse_stored("https://x.org").kind == "url"
    assert parse_stored("").kind == "empty" and parse_stored(None).kind == "empty"
