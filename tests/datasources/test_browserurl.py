"""The request URL of a data-source identifier, compared with what the WHATWG URL parser makes of it (Node's
``URL``, the standard's parser as browsers implement it): neos-ui joins route and identifier as text and
fetch() parses the result."""

import json
import random
import shutil
import subprocess

import pytest

from nodetype_studio.datasources.browserurl import browser_href
from nodetype_studio.datasources.query import url_with_params

ROUTE = "http://cms.local:8081/neos/service/data-source"
QUERY = "node=%2Fsites%2Fs%40user-admin"
PIECES = ["acme", "Acme.Site", "a/b", "a,b", "a;b", "a=b", "a b", "a?b", "a#b", "a%2Fb", "a%zz", ".", "..", "%2e",
          "%2E%2e", "a\\b", "\t", "\n", "\r", '"', "<", ">", "`", "{", "}", "^", "|", "[", "]", "'", "é", "€", "😀",
          "\x7f", "\x01", "~", "!", "$", "&", "(", ")", "*", "+", ":", "@", "?", "#", " ", "/", ""]


def _node_hrefs(urls: list[str]) -> list[str]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: no WHATWG URL parser to compare with")
    script = ("let input = ''; process.stdin.on('data', c => input += c); process.stdin.on('end', () => {"
              "const out = JSON.parse(input).map(s => {"
              "const full = s + (new URL(s).search === '' ? '?' : '&') + " + json.dumps(QUERY) + ";"
              "const url = new URL(full); url.hash = ''; return url.href; });"
              "process.stdout.write(JSON.stringify(out)); });")
    done = subprocess.run([node, "-e", script], input=json.dumps(urls), capture_output=True, text=True,
                          timeout=120, check=True)
    return json.loads(done.stdout)


def _ours(url: str) -> str:
    return browser_href(url_with_params(url, QUERY))


def test_identifiers_are_requested_as_the_browser_requests_them():
    rng = random.Random(20261128)
    identifiers = list(PIECES) + ["".join(rng.choice(PIECES) for _ in range(rng.randint(1, 5))) for _ in range(1500)]
    urls = [f"{ROUTE}/{identifier}" for identifier in identifiers]
    expected = _node_hrefs(urls)
    differ = [(i, _ours(u), e) for i, u, e in zip(identifiers, urls, expected, strict=True) if _ours(u) != e]
    assert differ == []


def test_characters_the_browser_leaves_alone_stay_as_written():
    assert _ours(f"{ROUTE}/a/b,c;d=e") == f"{ROUTE}/a/b,c;d=e?{QUERY}"
    assert _ours(f"{ROUTE}/Grüße €") == f"{ROUTE}/Gr%C3%BC%C3%9Fe%20%E2%82%AC?{QUERY}"
    assert _ours(f"{ROUTE}/a#b") == f"{ROUTE}/a"  # the rest is a fragment, the query too: never sent
