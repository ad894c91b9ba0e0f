"""Plain scalars read by ``yamlload`` compared with Symfony YAML, the CMS's parser, as Debian ships it
(``php-symfony-yaml``, 5.4; .ci/run installs it). The test skips where it is not installed.

One rule differs on purpose: Symfony 5.x reads an integer with a leading zero (``012``) as octal, 6.0
and later (what a composer install of Neos 8.3 or 9 gets) keep it as a string, as the studio does.
Those scalars are compared with the 6.x answer, written here.
"""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path

import pytest

from nodetype_studio.model.yamlload import load_yaml_text
from tests.php.conftest import run_php_script

SYMFONY_YAML = Path("/usr/share/php/Symfony/Component/Yaml/autoload.php")

# Answers [kind, text] per document "v: <scalar>"; "refused" where the parser throws.
_PARSE = r"""
require '%s';
$out = [];
foreach (json_decode(stream_get_contents(STDIN), true) as $scalar) {
    try {
        $value = @\Symfony\Component\Yaml\Yaml::parse('v: ' . $scalar)['v'];
    } catch (\Throwable $e) {
        $out[] = ['refused', ''];
        continue;
    }
    if (is_float($value)) {
        $out[] = ['float', is_nan($value) ? 'nan' : (is_infinite($value) ? ($value > 0 ? 'inf' : '-inf') : sprintf('%%.17g', $value))];
    } elseif (is_int($value)) {
        $out[] = ['int', (string)$value];
    } elseif (is_bool($value)) {
        $out[] = ['bool', $value ? 'true' : 'false'];
    } elseif ($value === null) {
        $out[] = ['null', ''];
    } else {
        $out[] = ['string', (string)$value];
    }
}
echo json_encode($out);
""" % SYMFONY_YAML

SCALARS = [
    "1", "-1", "+1", "0", "-0", "+0", "1000", "-1000", "9223372036854775807", "-9223372036854775808",
    "9223372036854775808", "-9223372036854775809", "99999999999999999999",
    "0o17", "-0o17", "+0o17", "0O17", "0o1_7", "0o8", "0x1A", "0x1a", "0X1A", "-0x1A", "0x1_A", "0x_", "0X_1", "0xFFFFFFFFFFFFFFFFFF",
    "1_000", "-1_000", "+1_000", "1_0.5", "1_000.5", "1__0",
    "1.5", "-1.5", "+1.5", ".5", "-.5", "+.5", "5.", "1e3", "1E3", "1e+3", "1e-3", "-1e3", "+1e3", "1.5e3", "1.e3",
    ".5e3", "1e", "e3", "1.2.3", "0.0", "-0.0", "1e999", "-1e999",
    ".inf", ".Inf", ".INF", "+.inf", "-.inf", "-.Inf", ".nan", ".NaN", ".NAN", "inf", "nan", "-inf",
    "true", "True", "TRUE", "false", "FALSE", "null", "Null", "NULL", "~", "yes", "no", "on", "off",
    "2024-01-31", "2024-1-5", "2024-01-31T10:00:00Z", "2024-01-31 10:00:00", "2024-01-31t10:00:00",
    "2024-01-31T10:00:00+02:00", "2024-01-31 10:00:00 +02", "20240131", "1:30", "1:30:00",
    "12abc", "0x", "0xG", "-.", "+.", "..", "1,000",
]
# Leading zeros: Symfony 6 keeps them as written (see the module docstring).
LEADING_ZERO = re.compile(r"^-?0[0-9]+$")
GENERATED = ["".join(parts) for parts in itertools.product(["", "-", "+"], ["0", "1", "12"], ["", "_3", ".", ".5"],
                                                           ["", "e2", "e-2"])]


def _ours(scalar: str) -> list[str]:
    loaded = load_yaml_text(f"v: {scalar}\n", "s.yaml")
    if not loaded.ok or not isinstance(loaded.data, dict):
        return ["refused", ""]
    value = loaded.data["v"]
    if isinstance(value, bool):
        return ["bool", "true" if value else "false"]
    if isinstance(value, int):
        return ["int", str(value)]
    if isinstance(value, float):
        if math.isnan(value):
            return ["float", "nan"]
        if math.isinf(value):
            return ["float", "inf" if value > 0 else "-inf"]
        return ["float", repr(value)]
    if value is None:
        return ["null", ""]
    return ["string", str(value)]


def _same(ours: list[str], theirs: list[str]) -> bool:
    if ours[0] == "float" == theirs[0] and ours[1] not in ("nan", "inf", "-inf"):
        return theirs[1] not in ("nan", "inf", "-inf") and float(ours[1]) == float(theirs[1])
    return ours == theirs


@pytest.mark.skipif(not SYMFONY_YAML.is_file(), reason="php-symfony-yaml is not installed (.ci/run installs it)")
def test_plain_scalars_agree_with_symfony_yaml():
    scalars = list(dict.fromkeys(SCALARS + GENERATED))
    answers = run_php_script(_PARSE, scalars)
    wrong = []
    for scalar, theirs in zip(scalars, answers):
        if LEADING_ZERO.match(scalar.replace("_", "")):
            theirs = ["string", scalar.replace("_", "")]  # Symfony 6+
        ours = _ours(scalar)
        if not _same(ours, theirs):
            wrong.append(f"{scalar!r}: studio {ours}, Symfony {theirs}")
    assert wrong == []


# Whole documents: the value as JSON (keys as strings), or "refused" where the parser throws.
_PARSE_DOCUMENTS = r"""
require '%s';
$out = [];
foreach (json_decode(stream_get_contents(STDIN), true) as $document) {
    try {
        $out[] = json_encode(@\Symfony\Component\Yaml\Yaml::parse($document), JSON_FORCE_OBJECT);
    } catch (\Throwable $e) {
        $out[] = 'refused';
    }
}
echo json_encode($out);
""" % SYMFONY_YAML

FLOW_KEYS = [
    "superTypes: {Neos.Neos:Content: true}",
    "superTypes: {'Neos.Neos:Content': true, \"Neos.Neos:Hidable\": false}",
    "constraints: {nodeTypes: {'*': false, Neos.Neos:Text: true}}",
    "v:\n  - {group:default}",
    "v: {a: 1, b:2}",
    "v: {a :1}",
    "v: {a : 1}",
    "v: {a: Neos.Neos:Content, b: 'x:y'}",
    "v: {http://x: 1}",
    "v: {1: a, 2: b}",
    "v: {true: a}",
    "v: {~: a}",
    "v: {null: a}",
    "v: {1.5: a}",
    "v: {.inf: a}",
    "v: {0x1A: a}",
    "v: {yes: a}",
    "v: {a: {b: c}}",
    "v: {a:\n  1}",
    "v: [a:1, {b: c}]",
    # a key ends at its first space; `? key` is the key `?`, the value the one after the next colon
    "v: {key with space: 1}", "v: {a b: 1, c: 2}", "v: {'a b': 1}", "v: {a  : 1}", "v: [a b: 1]",
    "v: {? a: 1}", "v: {?x: 1}", "v: {? : 1}", "v: {? x}", "v: [? a: 1, b]", "v: {? 'q': 1}", "v: {? a: 1, b: 2}",
]


def _ours_document(document: str) -> str:
    import json

    from nodetype_studio.diagnostics import Severity

    loaded = load_yaml_text(document, "s.yaml")
    if not loaded.ok or any(d.severity is Severity.ERROR for d in loaded.diagnostics):
        return "refused"

    def objects(value):
        if isinstance(value, dict):
            return {str(k): objects(v) for k, v in value.items()}
        if isinstance(value, list):
            return {str(i): objects(v) for i, v in enumerate(value)}
        return value

    return json.dumps(objects(loaded.data), separators=(",", ":"))


@pytest.mark.skipif(not SYMFONY_YAML.is_file(), reason="php-symfony-yaml is not installed (.ci/run installs it)")
def test_flow_mapping_keys_agree_with_symfony_yaml():
    import json

    answers = run_php_script(_PARSE_DOCUMENTS, FLOW_KEYS)
    wrong = []
    for document, theirs in zip(FLOW_KEYS, answers):
        ours = _ours_document(document)
        same = ours == theirs if "refused" in (ours, theirs) else json.loads(ours) == json.loads(theirs)
        if not same:
            wrong.append(f"{document!r}: studio {ours}, Symfony {theirs}")
    assert wrong == []


# Tags, repeated keys and explicit keys, where libyaml and Symfony YAML part ways: Symfony refuses every
# tag but `!!str`, `!!float`, `!!binary`, `!php/const` and `!php/object` (read as null without the
# constant and object flags, which Flow does not pass), and the whole file with them; it lets a later key
# replace an earlier one whose value is null (PHP's `isset`); it refuses `? key` (complex mappings).
# (`!php/enum` is left out: Symfony 5.4 refuses it, later versions read it as null, as the studio does.)
TAGS_AND_KEYS = [
    "a: !!int 3", "a: !!int '3'", "a: [!!int 3]", "a:\n  - !!int 3", "a: !!bool true", "a: !!null ''",
    "a: !!timestamp 2020-01-01", "a: !!map {b: 1}", "a: !!seq [1]", "a:\n  !!map\n  b: 1", "a: !!str [1]",
    "a: !!str\n  b: 1", "a: !custom x", "a: !custom\n  b: 1", "a: !!python/object/apply:os.system ['echo x']",
    "a: !!str 3", "a: !!str '3'", "a: !!str", "a: !!float 3", "a: !!float '3'", "a: !!float abc",
    "a: !!float 1e3x", "a: !!float  .5", "a: !!float 0x1A", "a: !!float -3.5e-2", "a: !!float", "a: [!!float 3]",
    "a: {b: !!float 3}", "a: &x !!float 3\nb: *x", "a: !!binary aGVsbG8=", "a: !!binary aGVsbG8",
    "a: !!binary |\n  aGVs\n  bG8=", "a: [!!binary aGVsbG8=]", "a: !!binary aGV*bG8=",
    "a: !php/const PHP_EOL", "a: [!php/const PHP_EOL]", "a: !php/object x", "a:\n  - !php/const X",
    "a: ~\na: 2", "a:\na: 2", "a: null\nb: 1\na: 3", "a: ~\na: ~\na: 4", "a: 1\na: 2", "a: ''\na: 1",
    "a: []\na: 1", "a: false\na: 1", "x: {a: ~, a: 1}", "x: {a: 1, a: 2}", "x:\n  a:\n  b: 1\n  a: {c: 2}",
    "? q\n: v", "a:\n  ? q", "a:\n  - ? q", "a:\n  - x\n  - ? q\n    : 1",
    # `- ` and `? ` after a key on its line: text for Symfony (with the lines it folds in), an error for libyaml
    "a: - x", "a: - x # c", "a: - x\n  - y", "a: - x\nb: 1", "a:  - x: y", "a: ? q", "a: - [1]", "a:\n  b: - x\n  c: 1",
    "- a: - x", "a: - x\n  b: 2", "a: - \"q\"", "a: - x\nb: ? y\nc:\n  d: - z",
]


@pytest.mark.skipif(not SYMFONY_YAML.is_file(), reason="php-symfony-yaml is not installed (.ci/run installs it)")
def test_tags_repeated_and_explicit_keys_agree_with_symfony_yaml():
    import json

    answers = run_php_script(_PARSE_DOCUMENTS.replace("JSON_FORCE_OBJECT", "JSON_FORCE_OBJECT | JSON_PRESERVE_ZERO_FRACTION"),
                             TAGS_AND_KEYS)
    wrong = []
    for document, theirs in zip(TAGS_AND_KEYS, answers):
        ours = _ours_document(document)
        same = ours == theirs if "refused" in (ours, theirs) else _typed(json.loads(ours)) == _typed(json.loads(theirs))
        if not same:
            wrong.append(f"{document!r}: studio {ours}, Symfony {theirs}")
    assert wrong == []


# Where the document starts with lines Symfony YAML's parser takes off first (`%YAML`, comments, `---`), it
# counts the document's lines without them but the lines of nested blocks with them: a block scalar ending a
# nested block within that many lines of the end is taken for the document's last line, and loses its final
# line break.
DOCUMENT_ENDS = [
    "# c\na:\n  b: |\n    text\nc: 1", "# c\na:\n  b: |\n    text\nc: 1\n", "# c\n# d\na:\n  b: |\n    text\nc: 1\n",
    "# c\n---\na:\n  b: |\n    text\nc: 1\n", "# c\na:\n  b: |+\n    text\n\nc: 1", "# c\na:\n  b: |\n    text\n\nc: 1",
    "# c\na:\n  b: |\n    text\n  # x\nc: 1", "---\na:\n  b:\n    c: |\n      t\n  d: 1", "---\n- a: |\n    t\n- b",
    "---\na:\n- |\n  t\nb: 1", "%YAML 1.2\n---\na:\n  b: |\n    text\nc: 1\n", "# c\na:\n  b: >\n    text\n    more\nc: 1",
    "# c\na:\n  b: |\n    text\nc: 1\n\n", "# c\na:\n  b: |\n    text\nc: |\n  x", "# c\na:\n  b: |-\n    text\nc: 1",
    "---\na:\n  b: |2\n      text\nc: 1", "# c\r\na:\r\n  b: |\r\n    text\r\nc: 1",
    "---\na:\n  b: |\n    text\n  c: 1\nd: 2", "---\na:\n  b: |+\n    text\n\n\nc: 1", "---\na:\n  b: |\n    text\n",
    "---\na: |\n  text\nb: 1", "#c\n#d\n#e\na:\n  b: |\n    t\nc: 1\n\n", "#c\n#d\n#e\na:\n  b: |\n    t\nc: 1\n\n\n\n",
]


@pytest.mark.skipif(not SYMFONY_YAML.is_file(), reason="php-symfony-yaml is not installed (.ci/run installs it)")
def test_block_scalars_ending_near_the_document_end_agree_with_symfony_yaml():
    import json

    answers = run_php_script(_PARSE_DOCUMENTS, DOCUMENT_ENDS)
    wrong = []
    for document, theirs in zip(DOCUMENT_ENDS, answers):
        ours = _ours_document(document)
        same = ours == theirs if "refused" in (ours, theirs) else json.loads(ours) == json.loads(theirs)
        if not same:
            wrong.append(f"{document!r}: studio {ours}, Symfony {theirs}")
    assert wrong == []


# Symfony YAML reads the spaces after a list's `- ` with PCRE's Unicode `\s`: a no-break space (U+00A0) there is
# taken off the item, as ordinary spaces are; libyaml keeps it as the first character of the item.
NO_BREAK_SPACES = [
    "a:\n  - \u00a0x", "a:\n  - \u00a0x\u00a0", "- \u00a0x", "a: \u00a0x", "a: [\u00a0x]", "- \u00a012", "- \u00a0'x'",
    "- \u00a0[a]", "-\u00a0x", "a:\n  -\u00a0x", "- \u00a0\u00a0x", "- \u00a0 \u00a0x", "- \u00a0key: v", "- - \u00a0x",
    "a:\n  - x\n  - \u00a0y\n  - z", "a: |\n  - \u00a0x\n", "a: '- \u00a0x'", "a: - \u00a0x", "a:\n  b: \u00a0\n  c: - \u00a0",
]


@pytest.mark.skipif(not SYMFONY_YAML.is_file(), reason="php-symfony-yaml is not installed (.ci/run installs it)")
def test_no_break_spaces_after_a_list_dash_agree_with_symfony_yaml():
    import json

    answers = run_php_script(_PARSE_DOCUMENTS, NO_BREAK_SPACES)
    wrong = []
    for document, theirs in zip(NO_BREAK_SPACES, answers):
        ours = _ours_document(document)
        same = ours == theirs if "refused" in (ours, theirs) else json.loads(ours) == json.loads(theirs)
        if not same:
            wrong.append(f"{document!r}: studio {ours}, Symfony {theirs}")
    assert wrong == []


# A bare `!` (the non-specific tag) as Symfony YAML reads it: followed by a comment, the comment is the value;
# followed by nothing, the file is refused; in a flow list, a plain value after it is text as written; in a
# flow mapping, a value after it is an empty array, and a key after it is refused.
BARE_TAGS = [
    "key: ! # comment\n", "key: !  # comment\nb: 1", "key: ! #it's  ", "- ! # c", "a:\n  - ! # c\n  - x", "key: !\n",
    "a: !\nb: 1", "- !\n- x", "a: !", "a: !\t# c", "key: ! x\n", "a: ! 12", "a: ! 'x'", "a: x ! y", "label: Hello !",
    "a: [! x]", "a: [! 12]", "a: [! x, y]", "a: [! 'x']", "a: [! [1]]", "a: [x, ! ]", "a: [!]", "a: [x !, y]",
    "a: {b: ! x}", "a: {b: ! 12, c: 1}", "a: {b: ! [1]}", "a: {b: ! 'q'}", "a: {b: ! x}\nc: 1", "a: {b: ! }",
    "a: {b: ! , c: 1}", "a: {! x: 1}", "a: {b: !x}",
]


@pytest.mark.skipif(not SYMFONY_YAML.is_file(), reason="php-symfony-yaml is not installed (.ci/run installs it)")
def test_bare_tags_agree_with_symfony_yaml():
    import json

    answers = run_php_script(_PARSE_DOCUMENTS.replace("JSON_FORCE_OBJECT", "JSON_FORCE_OBJECT | JSON_PRESERVE_ZERO_FRACTION"),
                             BARE_TAGS)
    wrong = []
    for document, theirs in zip(BARE_TAGS, answers):
        ours = _ours_document(document)
        same = ours == theirs if "refused" in (ours, theirs) else _typed(json.loads(ours)) == _typed(json.loads(theirs))
        if not same:
            wrong.append(f"{document!r}: studio {ours}, Symfony {theirs}")
    assert wrong == []


def _typed(value):
    """``value`` with each number paired with its type: 3 and 3.0 differ (Symfony reads `!!float 3` as 3.0)."""
    if isinstance(value, dict):
        return {key: _typed(item) for key, item in value.items()}
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return (type(value).__name__, value)
    return value


# Generated documents: block and flow mappings and lists of the scalars, keys and comments real NodeTypes
# files hold, and the odd ones (tags, block scalars with indicators, multi-line quoted and plain scalars,
# repeated keys, `- ` and `? ` after a key), nested and indented at random; seeded, so a failure repeats.
_VALUES = [
    "- not a list", "? q", "- [x]",
    "plain text", "'single ''q'' x'", '"double \\" \\n \\t \\u00e9 \\x41"', "a #b", "x # comment", "`tick`",
    "|\n  line1\n  line2\n", "|-\n  line1\n\n  line2\n", ">\n  fold1\n  fold2\n\n  para\n", ">-\n  a\n   b\n  c\n",
    "|+\n  keep\n\n", "|2\n    indented\n", "multi\n  line plain\n  scalar", "'multi\n  line single'",
    '"multi\n  line \\\n  double"', "[a, b, c]", "[a,\n  b]", "{a: 1, b: [x, y]}", "[]", "{}", "", "~", "null", "true",
    "12", "1.5", "0.0", "-1", "!!str 12", "!!int 3", "!!float 2", "!!binary aGVsbG8=", "!php/const X", "!x y",
    "2024-01-01", "'%x'", "Neos.Neos:Content", "i18n", "ClientEval:node.x ? 1 : 2", "${foo}", "a, b",
    "[a, [b, c], {d: e}]", '""', "''", "'  spaced  '", ">\n\n  leading blank\n", "|\n  # not a comment\n",
    '"\\/"', '"\\N\\_\\L\\P"', "0x1F", "1e3", ".5", "yes", "0o17", "1_000", "+1",
]
_KEYS = ["a", "key with space", "'quoted:key'", '"dq key"', "Neos.Neos:Content", "123", "'123'", "0", "a-b", "_x",
         "k.e.y", "üml", "x/y", "'true'", "position", "ui", "label"]


def _generated_document(rnd) -> str:
    def block(depth: int, indent: int) -> list[str]:
        lines = []
        for _ in range(rnd.randint(1, 4)):
            key, pad, roll = rnd.choice(_KEYS), " " * indent, rnd.random()
            if depth < 3 and roll < 0.3:
                lines.append(f"{pad}{key}:")
                if rnd.random() < 0.15:
                    lines.append(f"{pad}  # comment")
                lines += block(depth + 1, indent + rnd.choice([2, 4]))
            elif depth < 3 and roll < 0.45:
                lines.append(f"{pad}{key}:")
                at = indent + rnd.choice([0, 2])
                for _ in range(rnd.randint(1, 3)):
                    value = rnd.choice(_VALUES).replace("\n", "\n" + " " * (at + 2))
                    lines.append(f"{' ' * at}- {value}".rstrip())
            else:
                value = rnd.choice(_VALUES).replace("\n", "\n" + pad + "  ")
                lines.append(f"{pad}{key}:{rnd.choice([' ', ' ', '  '])}{value}".rstrip())
                if rnd.random() < 0.1:
                    lines[-1] += "   # trailing"
        return "\n".join(lines).split("\n")

    return ("---\n" if rnd.random() < 0.05 else "") + "\n".join(block(0, 0)) + rnd.choice(["\n", "", "\n\n", "\n# end\n"])


@pytest.mark.skipif(not SYMFONY_YAML.is_file(), reason="php-symfony-yaml is not installed (.ci/run installs it)")
def test_generated_documents_agree_with_symfony_yaml():
    import json
    import random

    rnd = random.Random(20261128)
    documents = [_generated_document(rnd) for _ in range(2000)]
    answers = run_php_script(_PARSE_DOCUMENTS.replace("JSON_FORCE_OBJECT", "JSON_FORCE_OBJECT | JSON_PRESERVE_ZERO_FRACTION"),
                             documents)
    wrong, refused = [], 0
    for document, theirs in zip(documents, answers):
        ours = _ours_document(document)
        refused += theirs == "refused"
        same = ours == theirs if "refused" in (ours, theirs) else _typed(json.loads(ours)) == _typed(json.loads(theirs))
        if not same:
            wrong.append(f"{document!r}: studio {ours}, Symfony {theirs}")
    assert wrong[:5] == []
    assert 0 < refused < len(documents) / 2  # both kinds of answer are compared
