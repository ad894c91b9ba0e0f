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
