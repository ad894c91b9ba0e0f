"""EmailAddressValidator: isemail 3.2.0's rules (the CMS's browser library), checked case by case and
against the real library run by node where both are installed."""

import json
import os
import shutil
import subprocess

import pytest

from nodetype_studio.js.values import JsError
from nodetype_studio.validation import isemail
from tests.validation.email_inputs import generated_addresses
from tests.validation.vhelpers import THROWS, outcome, run

EMAIL = "emailAddressValidator.invalidEmail"


@pytest.mark.parametrize("address,valid", [
    # the issue's classes
    ('"a b"@example.com', False),                 # a space in a quoted local part: deprecated qtext
    ('"a\\ b"@example.com', True),                # ... quoted as a pair it is fine
    ('"a\tb"@example.com', False),                # a tab is folding white space
    ("a@[IPv6:1::2:3:4:5:6:7]", False),           # `::` standing for one group
    ("a@[IPv6:1::2:3:4:5:6]", True),              # ... for two groups
    ("a@[IPv6:1:2:3:4:5:6:7:8]", True),
    ("a@[IPv6:1:2:3:4:5:6:7]", False),            # too few groups without `::`
    ("a@[IPv6:::1]", True),
    ("a@[IPv6:1::2::3]", False),
    ("a@[IPv6:1:2:3:4:5:6:1.2.3.4]", True),       # an IPv4 tail counts as two groups
    ('"' + "a" * 63 + '"@example.com', False),    # 65 octets with the quotes
    ('"' + "a" * 62 + '"@example.com', True),     # 64
    ("é" * 33 + "@example.com", False),           # 66 UTF-8 octets
    ("é" * 32 + "@example.com", True),            # 64
    ("x" * 64 + "@example.com", True),
    ("x" * 65 + "@example.com", False),
    ("a@ab--c.de", True),                         # IDNA would refuse: not checked
    ("a@😀.com", True),
    ("a@xn--a.com", True),
    ("a@٠١.com", True),
    ("a@xn--.com", False),                        # ... but a label may not end with a hyphen
    ("a\u200b@example.com", True),                # invisible characters are ordinary above U+009F
    ("\u00a0@example.com", True),
    ("a\u3000b@example.com", True),
    ("a\u0085@example.com", False),               # ... but C1 controls are not
    ("a\x7f@example.com", False),
    # the CMS's own test cases (neos-facts §3.2)
    ("admin@mailserver1", True),
    ('"john..doe"@example.org', True),
    ("test@[192.168.230.1]", True),
    ("hellö@neos.io", True),
    ("Abc.example.com", False),
    ("A@b@c@example.com", False),
    # more
    ("a@1.2.3.4", True),                          # numeric TLD: still below the threshold
    ("a@[1.2.3.256]", False),                     # not an IPv4 literal: a general literal (RFC 5322 only)
    ("a@[mailserver]", False),
    ("a@[1.2.3.4].com", False),
    ("user@localhost", True),
    ("user@printer.local", True),
    ('""@example.org', True),
    ("@example.com", False),
    ("a@", False),
    ("a@b..com", False),
    (".a@b.com", False),
    ("a.@b.com", False),
    ("a..b@c.com", False),
    ("a(comment)@b.com", False),                  # comments are CFWS: above the threshold
    ("(c)a@b.com", False),
    (" a@b.com", False),
    ("a@b.com ", False),
    ("a@-b.com", False),
    ("a@b-.com", False),
    ("a@b_c.com", False),                         # `_` is not letter-digit-hyphen
    ("a@b~c.com", False),
    ("a@" + "b" * 63 + ".com", True),
    ("a@" + "b" * 64 + ".com", False),
    ("a@" + "ü" * 20 + ".com", True),             # xn-- + 27 = 31 octets
    ("a@" + "ü" * 60 + ".com", False),            # its punycode is longer than 63
    ("a" * 64 + "@" + ".".join(["b" * 63] * 3) + ".com", False),  # 260 octets > 254
    ("a+tag@example.com", True),
    ("!#$%&'*+-/=?^_`{|}~@example.com", True),
    ('"a"b@example.com', False),
    ('a."b"@example.com', False),                 # a quoted word after a dot: deprecated
    ("a@b.c\r\n d", False),
    ("e\u0301@example.com", True),                # NFC first
])
def test_verdicts(address, valid):
    assert outcome(run("EmailAddressValidator", address)) == ([] if valid else [EMAIL])


def test_empty_values_pass_and_non_strings_throw():
    assert outcome(run("EmailAddressValidator", None)) == []
    assert outcome(run("EmailAddressValidator", "")) == []
    assert outcome(run("EmailAddressValidator", 5)) == [THROWS]
    assert outcome(run("EmailAddressValidator", ["a@b.c"])) == [THROWS]


def test_a_label_punycode_cannot_encode_throws_as_in_the_browser():
    with pytest.raises(JsError, match="Overflow"):
        isemail.diagnose("a@" + "a" * 2000 + "\U0010FFFF.com")
    assert outcome(run("EmailAddressValidator", "a@" + "a" * 2000 + "\U0010FFFF.com")) == [THROWS]


@pytest.mark.parametrize("label,punycode", [("bücher", "bcher-kva"), ("ü", "tda"), ("😀", "e28h"),
                                            ("münchen", "mnchen-3ya")])
def test_punycode(label, punycode):
    assert isemail.punycode_encode([ord(c) for c in label]) == punycode


def test_diagnoses_of_the_issue_examples():
    assert isemail.diagnose('"a b"@example.com') == isemail.DEPRECATED_QTEXT
    assert isemail.diagnose("a@[IPv6:1::2:3:4:5:6:7]") == isemail.DEPRECATED_IPV6
    assert isemail.diagnose("é" * 33 + "@example.com") == isemail.RFC5322_LOCAL_TOO_LONG
    assert isemail.diagnose("a@1.2.3.4") == isemail.TLD_NUMERIC


# ---- the real library as the reference --------------------------------------------------------

_REFERENCE = """
const isemail = require('isemail');
const inputs = JSON.parse(require('fs').readFileSync(0, 'utf8'));
process.stdout.write(JSON.stringify(inputs.map((a) => {
  try { return isemail.validate(a, {errorLevel: true}); } catch (e) { return 'THROWS'; }
})));
"""


@pytest.fixture(scope="module")
def reference():
    """Diagnoses of the real isemail 3.2.0 (node + the npm package; `.ci/run` installs it into
    NODETYPE_STUDIO_NODE_MODULES)."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the isemail reference cannot run")
    modules = os.environ.get("NODETYPE_STUDIO_NODE_MODULES", "")
    env = {"PATH": os.environ.get("PATH", ""), "NODE_PATH": modules}
    probe = subprocess.run([node, "-e", "process.stdout.write(require('isemail/package.json').version)"],
                           capture_output=True, text=True, env=env, timeout=60)
    if probe.returncode != 0:
        pytest.skip("the npm package isemail is not installed (set NODETYPE_STUDIO_NODE_MODULES to a "
                    "node_modules folder holding isemail@3.2.0)")
    if probe.stdout != "3.2.0":
        pytest.skip(f"isemail {probe.stdout} is installed; the CMS uses 3.2.0")

    def diagnoses(addresses):
        done = subprocess.run([node, "-e", _REFERENCE], input=json.dumps(addresses), capture_output=True,
                              text=True, env=env, timeout=300)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    return diagnoses


def _ours(address):
    try:
        return isemail.diagnose(address)
    except JsError:
        return "THROWS"


def test_same_diagnosis_as_isemail_on_generated_addresses(reference):
    addresses = generated_addresses(20000)
    addresses += ['"a b"@example.com', "a@[IPv6:1::2:3:4:5:6:7]", "é" * 33 + "@example.com", "a@ab--c.de",
                  "a@😀.com", "a@xn--a.com", "a@٠١.com", "a\u200b@example.com", "\u00a0@example.com",
                  "a@" + "a" * 2000 + "\U0010FFFF.com", "a" * 64 + "@" + ".".join(["b" * 63] * 3) + ".com",
                  "a" * 100000 + "@b.com", "a@" + "b." * 50000 + "c", "a@[" + "1:" * 50000 + "]",
                  "a\ud83d(c)\ude00@b.com", "\ud83d\ude00" * 16 + "@b.com", "\ud83d\ude00" * 17 + "@b.com"]
    expected = reference(addresses)
    differ = [(a, ours, theirs) for a, theirs in zip(addresses, expected) if (ours := _ours(a)) != theirs]
    assert differ == []
    # the generated set reaches every band: valid, unusual, CFWS, deprecated, RFC 5322, errors, throws
    bands = {d if d == "THROWS" else next(b for b in (16, 32, 64, 128, 256) if d < b) for d in expected}
    assert bands == {16, 32, 64, 128, 256, "THROWS"}
