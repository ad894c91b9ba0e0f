"""Parsing only the edited node type's entry (``incremental._parse_entry``) gives exactly what parsing the
whole file gives (data, positions, findings, platform-prefix counts, the i18n flag), for random edits of
characters; where it cannot be sure it declines and the whole file is parsed."""

from __future__ import annotations

import random
from pathlib import Path

from nodetype_studio.model import incremental
from nodetype_studio.model import project as full
from nodetype_studio.model.nodetype import SourceFile

ENTRY = """\
# {i}: a comment above the entry
'Acme.Site:Type{i}':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'Type {i}'
    icon: icon-cube
    help:
      message: |
        Some help
        over lines
    inspector:
      groups:
        text: {{label: Text, position: 10}}
  properties:
    title:
      type: string
      defaultValue: "a"
      ui:
        label: i18n
        inspector: {{group: text, editorOptions: {{placeholder: 'Type'}}}}
    items:
      type: array
      defaultValue: [a, b, 1, true, null, 2.5]
"""
TEXT = "".join(ENTRY.format(i=i) for i in range(4))
PIECES = ["x", "'", '"', ":", " ", "#", "{", "}", "[", "]", "|", "-", "1", "null", "true", "Neos.Neos", "Cms.Cms",
          "i18n", "&a", "*a", "\n", "\t", "\u00e9", "\U0001F600", "  ", ""]


def _source(path: Path, text: str) -> tuple[SourceFile, full._Parsed]:
    parsed = full._parse_text(str(path), (), text, [])
    return SourceFile(path, "Acme.Site", parsed.loaded.data, i18n=parsed.i18n), parsed


def _edit(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    line = rng.randrange(len(lines))
    column = rng.randint(0, len(lines[line]))
    cut = rng.choice([0, 0, 1, 2])
    lines[line] = lines[line][:column] + rng.choice(PIECES) + lines[line][column + cut:]
    return "\n".join(lines)


def test_random_edits_parse_as_the_whole_file_does(tmp_path):
    path = tmp_path / "NodeTypes.yaml"
    path.write_text(TEXT, encoding="utf-8")
    rng = random.Random(21)
    taken = 0
    for _run in range(120):
        text = TEXT
        source, parsed = _source(path, text)
        for _step in range(15):
            new = _edit(text, rng)
            whole = full._parse_text(str(path), (), new, [])
            entry = incremental._parse_entry(path, source, text, new, parsed.prefix_counts) \
                if parsed.loaded.ok and not parsed.loaded.diagnostics else None
            if entry is not None:
                taken += 1
                assert incremental._same(entry.loaded.data, whole.loaded.data), new
                assert entry.loaded.diagnostics == whole.loaded.diagnostics == []
                assert entry.loaded.ok and whole.loaded.ok
                assert entry.prefix_counts == whole.prefix_counts
                assert entry.i18n == whole.i18n
            text, parsed = new, whole
            source = SourceFile(path, "Acme.Site", whole.loaded.data, i18n=whole.i18n)
    assert taken > 100  # many edits stay inside one entry's lines (until one breaks the file)


def test_typing_in_a_label_parses_one_entry(tmp_path, monkeypatch):
    path = tmp_path / "NodeTypes.yaml"
    path.write_text(TEXT, encoding="utf-8")
    source, parsed = _source(path, TEXT)
    parsed_sizes = []
    original = full._parse_text
    monkeypatch.setattr(full, "_parse_text", lambda key, sig, text, problems: (
        parsed_sizes.append(len(text.strip("\n"))), original(key, sig, text, problems))[1])
    text = TEXT
    for typed in ("Type 2!", "Type 2!!", "Type 2!!!"):
        new = text.replace(text[text.index("label: 'Type 2"):].split("\n")[0], f"label: '{typed}'")
        entry = incremental._parse_entry(path, source, text, new, parsed.prefix_counts)
        assert entry is not None and entry.loaded.data["Acme.Site:Type2"]["ui"]["label"] == typed
        assert entry.loaded.data["Acme.Site:Type1"] is source.data["Acme.Site:Type1"]  # the others are kept
        source = SourceFile(path, "Acme.Site", entry.loaded.data, i18n=entry.i18n)
        parsed, text = entry, new
    assert max(parsed_sizes) < len(TEXT) / 3  # entries only, never the file
    assert len(parsed_sizes) == 4  # the old entry once, then one entry per keystroke


def test_edits_it_declines(tmp_path):
    path = tmp_path / "NodeTypes.yaml"
    path.write_text(TEXT, encoding="utf-8")
    source, parsed = _source(path, TEXT)
    counts = parsed.prefix_counts
    declined = [
        TEXT.replace("label: 'Type 1'", "label: 'Type 1'\n    extra: 1"),  # a line more
        TEXT.replace("'Acme.Site:Type1':", "'Acme.Site:Renamed':"),  # the key
        TEXT.replace("label: 'Type 1'", "label: 'Type 1"),  # an open quote
        TEXT.replace("# 0: a comment", "# 0: a remark"),  # above the first entry
        TEXT.replace("label: 'Type 1'", "label: *x") .replace("icon: icon-cube", "icon: &x icon-cube", 1),
        TEXT.replace("# 1: a comment", "---"),
    ]
    for new in declined:
        assert incremental._parse_entry(path, source, TEXT, new, counts) is None, new


def test_the_i18n_flag_follows_the_only_entry_that_says_it(tmp_path):
    path = tmp_path / "NodeTypes.yaml"
    text = TEXT.replace("label: i18n", "label: Title")
    text = text.replace("'Acme.Site:Type2':\n", "'Acme.Site:Type2':\n  options: {i18n: true}\n")
    path.write_text(text, encoding="utf-8")
    source, parsed = _source(path, text)
    assert source.i18n
    new = text.replace("options: {i18n: true}", "options: {i1n: true}")
    entry = incremental._parse_entry(path, source, text, new, parsed.prefix_counts)
    assert entry is None or not entry.i18n
    back = incremental._parse_entry(path, SourceFile(path, "Acme.Site", full._parse_text(str(path), (), new, []).loaded.data),
                                    new, text, parsed.prefix_counts)
    assert back is not None and back.i18n is True
