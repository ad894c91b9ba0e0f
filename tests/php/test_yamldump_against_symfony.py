"""``nodetype_studio.php.yamldump`` (what ``show`` prints) compared with Symfony YAML's own ``Yaml::dump($value, 99)``,
the call the CMS's ``./flow nodetypes:show`` makes, as Debian ships it (``php-symfony-yaml``; .ci/run installs it).
Values travel to PHP as JSON, so PHP holds them as the CMS does (``json_decode`` makes decimal keys integers);
floats JSON cannot spell are sent as markers."""

from __future__ import annotations

import json
import math
import os
import random
from pathlib import Path

import pytest

from nodetype_studio.php.yamldump import dump, inline, php_float
from tests.php.conftest import run_php_script

SYMFONY_YAML = Path("/usr/share/php/Symfony/Component/Yaml/autoload.php")

_DUMP = r"""
require '%s';
function unmark($v) {
    if (is_array($v)) {
        if (count($v) === 1 && array_key_exists('__float__', $v)) {
            return ['INF' => INF, '-INF' => -INF, 'NAN' => NAN][$v['__float__']];
        }
        foreach ($v as $k => $child) { $v[$k] = unmark($child); }
    }
    return $v;
}
$out = [];
foreach (json_decode(stream_get_contents(STDIN), true, 1024) as $value) {
    $out[] = \Symfony\Component\Yaml\Yaml::dump(unmark($value), 99);
}
echo json_encode($out, JSON_INVALID_UTF8_SUBSTITUTE);
"""

STRINGS = [
    "", " ", "a b", "null", "NULL", "~", "Yes", "off", "y", "N", "123", "12.5", "1e3", " 12", "12 ", "+1", "-", "- a",
    "a-b", "0x1A", "0X1a_f", "1_000", "2024-01-31", "2024-1-3 10:20:30", "2024-01-31T10:20:30Z",
    "2024-01-31 10:20:30.5 +01:00", "2024-01-31x", "a:b", "a: b", "http://x", "#x", "a#b", "a # b", "?x", "x?", "|x",
    ">x", "<x", "=x", "!x", "%x", "@x", "`x", "x`", "&x", "*x", "x,y", "[x", "{x", "x}", "it's", 'say "hi"',
    "back\\slash", 'q\\"', "tab\tx", "nl\nx", "two\n\nlines\n", "cr\rx", "nul\x00x", "bell\x07", "esc\x1b", "del\x7f",
    "nel\x85", "nbsp\xa0x", "\u2028", "\u2029", "\x01", "\x1f", "vt\x0b", "emsp\u2003x", "\u2003lead", "ideo\u3000",
    "\u180e", "zw\u200bx", "\u205f", "\u1680", "soft\u00adhy", "ümlaut", "日本語", "emoji 😀", "😀", ".5", ".", "1.",
    "+.5e-3", "1e", "inf", ".inf", "-.Inf", "NaN", ".nan", "true ", "TRUE", "on ", "...", "---", "a...b", "0", "00",
    "007", "-0", "1 2", "%", "Neos.Neos:Document", "Neos.Neos/Inspector/Editors/DateTimeEditor",
    "Neos\\Neos\\Service\\Mapping\\DateStringConverter", "ClientEval:node.properties.x ? 'a' : 'b'", "${q(node).get(0)}",
    "d-m-Y H:i", "i18n", "Acme.Site:Main:label", "resource://Acme.Site/Public/x.svg", "icon-file-o", "fas fa-file",
]
FLOATS = [0.0, -0.0, 1.0, 1.5, 0.1, 0.1 + 0.2, 1e14, 1e15, 123456789012345.0, 1e20, 1.5e-7, 0.0001, 0.00001, -2.5,
          math.pi, 1e300, 2.5e-300, 100.0, -7.0, 33.333333333333336, math.inf, -math.inf, math.nan]
INTS = [0, -1, 7, 255, 2**31, 2**63 - 1, -(2**63)]
KEYS = ["0", "1", "2", "-1", "01", "on", "a b", "", "null", "1.5", "9223372036854775808", "y", "label", "a:b",
        "Neos.Neos:Content", "Neos.Neos/Validation/StringLengthValidator", "'q'", "#", "- x", "x y", "true", "12"]


def _marked(value):
    """JSON for PHP: floats JSON has no spelling for become markers; keys stay strings (PHP reads them as keys)."""
    if isinstance(value, float) and not math.isfinite(value):
        return {"__float__": "NAN" if math.isnan(value) else "INF" if value > 0 else "-INF"}
    if isinstance(value, dict):
        return {key: _marked(child) for key, child in value.items()}
    if isinstance(value, list):
        return [_marked(child) for child in value]
    return value


def symfony_dump(values: list) -> list[str]:
    if not SYMFONY_YAML.is_file():
        pytest.skip("php-symfony-yaml is not installed (.ci/run installs it)")
    return run_php_script(_DUMP % SYMFONY_YAML, [_marked(v) for v in values])


def _compare(values: list) -> None:
    theirs = symfony_dump(values)
    ours = [dump(v) for v in values]
    wrong = [(v, o, t) for v, o, t in zip(values, ours, theirs) if o != t]
    assert not wrong, "\n".join(f"{v!r}\n  ours:    {o!r}\n  Symfony: {t!r}" for v, o, t in wrong[:8])


def test_scalars_as_symfony_spells_them():
    _compare(STRINGS + FLOATS + INTS + [None, True, False])


def test_every_scalar_as_a_key_and_inside_maps_and_lists():
    values = [{key: 1} for key in KEYS] + [{"k": s, "l": [s], "m": {"n": s}} for s in STRINGS + FLOATS]
    _compare(values)


def test_integer_keys_in_order_make_a_sequence():
    # PHP arrays: keys 0, 1, 2 in order are a list (Inline::isHash), whatever the YAML wrote
    values = [{"0": "a", "1": "b"}, {"1": "a", "0": "b"}, {"0": "a", "2": "b"}, {"0": "a", "x": "b"}, {"00": "a"},
              [], {}, [[]], [{}], {"a": []}, {"a": {}}, ["x", ["y", ["z"]], {"k": ["v"]}], [None, True, 1.0],
              {"-0": 1}, {"0": {"0": {"0": "deep"}}}]
    _compare(values)
    assert dump({"0": "a", "1": "b"}) == "- a\n- b\n"
    assert dump({"1": "a", "0": "b"}) == "1: a\n0: b\n"


def test_deeper_than_ninety_nine_levels_goes_inline():
    value: dict = {"leaf": ["a", {"b": None}], "empty": {}}
    for index in range(101):
        value = {f"k{index}": value}
    _compare([value])
    assert "k0: { leaf: [a, { b: null }], empty: {  } }" in dump(value)


def _random_value(rng: random.Random, depth: int):
    roll = rng.random()
    if depth >= 4 or roll < 0.45:
        return rng.choice(STRINGS + FLOATS[:-1] + INTS + [None, True, False])
    if roll < 0.7:
        return [_random_value(rng, depth + 1) for _ in range(rng.randrange(0, 4))]
    keys = rng.sample(KEYS, rng.randrange(0, 5))
    return {key: _random_value(rng, depth + 1) for key in keys}


def test_random_configurations():
    rng = random.Random(1327)
    _compare([_random_value(rng, 0) for _ in range(400)])


def test_php_float_string():
    assert [php_float(v) for v in (1e20, 1.5e-7, 0.1 + 0.2, -0.0, 1e15, 12345678901234567.0)] == [
        "1.0E+20", "1.5E-7", "0.3", "-0", "1.0E+15", "1.2345678901235E+16"]
    assert inline(100.0) == "100.0" and inline(math.inf) == ".Inf" and inline(-math.inf) == "-.Inf"


@pytest.mark.skipif(not os.environ.get("NODETYPE_STUDIO_CORPUS"), reason="NODETYPE_STUDIO_CORPUS is not set")
def test_resolved_corpus_types_print_as_symfony_prints_them():
    from nodetype_studio.model import load_project

    corpus = Path(os.environ["NODETYPE_STUDIO_CORPUS"])
    values = []
    for package in sorted(p for p in corpus.iterdir() if p.is_dir())[::3]:
        project = load_project(package)
        for nt in project.project_node_types()[:12]:
            values.append({nt.name: json.loads(json.dumps(nt.effective, default=str))})
    assert len(values) > 100
    _compare(values)


def test_show_prints_the_configuration_as_the_cms_command_does(tmp_path, capsys):
    # the body of `show` (below its `#` lines) is Yaml::dump([name => configuration], 99), as ./flow nodetypes:show
    from nodetype_studio.cli import main

    package = tmp_path / "Acme.Site"
    (package / "Configuration").mkdir(parents=True)
    (package / "Configuration" / "NodeTypes.yaml").write_text(
        "'Acme.Site:Page':\n"
        "  superTypes: {'Neos.Neos:Document': true}\n"
        "  ui: {label: 'Page: a title', icon: 'icon-file', help: {message: \"two\\nlines\"}}\n"
        "  properties:\n"
        "    count: {type: integer, defaultValue: 0, ui: {label: '12', inspector: {group: document}}}\n"
        "    ratio: {type: float, defaultValue: 2.0}\n"
        "    tags: {type: array, defaultValue: [a, 'b c', 'yes'], ui: {inspector: {editorOptions: {values: {}}}}}\n",
        encoding="utf-8")
    assert main(["show", str(package), "Acme.Site:Page", "--cms-version", "8.3"]) == 0
    text = capsys.readouterr().out
    assert main(["show", str(package), "Acme.Site:Page", "--cms-version", "8.3", "--json"]) == 0
    configuration = json.loads(capsys.readouterr().out)["configuration"]
    body = "".join(line + "\n" for line in text.splitlines() if not line.startswith("#"))
    assert body == symfony_dump([{"Acme.Site:Page": configuration}])[0]
    assert "        label: 'Page: a title'\n" in body and "            message: \"two\\nlines\"\n" in body
    assert "        ratio:\n            type: float\n            defaultValue: 2.0\n" in body
    assert "defaultValue:\n                - a\n                - 'b c'\n                - 'yes'\n" in body
