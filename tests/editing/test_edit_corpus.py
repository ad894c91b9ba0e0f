"""Acceptance over every corpus file (NODETYPE_STUDIO_CORPUS): byte-identical round trips, scalar edits that
change only their own lines, insertions and removals whose diff holds only the inserted/removed lines.

Every edit is undone again through its Edit record (which must restore the file exactly), so one loaded
document per file serves all its checks. Random choices come from hypothesis with a fixed seed. Files are handled in chunks: each hypothesis example
edits every file of its chunk once, and three examples run per chunk, so every file gets three edits of
each kind while the engine starts only a few dozen times. Node positions for the line checks are taken
independently of the editor, from PyYAML's composer.
"""

from __future__ import annotations

import shutil
import tempfile
from collections import Counter
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from nodetype_studio.editing import (
    AliasEditError,
    EditError,
    YamlDocument,
    YamlParseError,
)
from nodetype_studio.editing.datapath import with_inserted, with_set, with_unset
from nodetype_studio.editing.yamltree import same
from nodetype_studio.model.yamlload import load_yaml_text

pytestmark = pytest.mark.corpus

CHUNK = 40
EXAMPLES = settings(max_examples=3, database=None, deadline=None, suppress_health_check=list(HealthCheck))
SEED = 20240601

TRICKY = ["yes", "no", "on", "true", "Null", "~", "", "123", "0.5", "2024-01-31", "@x", "%y%", "a: b", "# c",
          "- d", "it's", 'say "hi"', "tab\tinside", "Neos.Neos:Content", "line one\nline two\n", "no end\nnewline",
          "ümlaut ✓", " padded ", "x" * 300]
SCALARS = st.one_of(
    st.sampled_from(TRICKY),
    st.text(st.characters(blacklist_categories=("Cs",)), max_size=20),
    st.integers(-10**9, 10**9),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
)
KEYS = st.one_of(st.sampled_from(["zzNew", "Neos.Neos:Content", "a.b", "with space", "123", "yes", "über"]),
                 st.text(st.characters(whitelist_categories=("Ll", "Lu", "Nd")), min_size=1, max_size=8))
VALUES = st.one_of(SCALARS, st.lists(SCALARS, max_size=3), st.dictionaries(KEYS, SCALARS, max_size=3),
                   st.dictionaries(KEYS, st.dictionaries(KEYS, SCALARS, max_size=2), max_size=2))


# -- helpers -------------------------------------------------------------------------------------------------

def corpus_files(corpus: Path) -> list[Path]:
    files = sorted(corpus.rglob("*.yaml"))
    assert len(files) > 100, "the corpus looks incomplete"
    return files


def _data(text: str):
    # The structure the edit wrote, read without one Symfony YAML quirk: in a file starting with a comment or
    # `---`, a block scalar that ends a nested block within that many lines of the end loses its final line
    # break (yamlload._symfony_document_end), so a key added at the end can change the CMS's reading of the
    # scalar before it. A blank first line (which the CMS does not take off) keeps that out of the comparison.
    loaded = load_yaml_text("\n" + text)
    assert loaded.ok, loaded.diagnostics
    return loaded.data


def _walk(data, path=()):
    yield path, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _walk(value, path + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _walk(value, path + (index,))


def _get(data, path):
    for name in path:
        data = data[name]
    return data


def _node_at(root, path):
    """The composed value node at ``path`` (None when the path is ambiguous or runs through an alias)."""
    node = root
    seen = set()
    for name in path:
        if id(node) in seen:
            return None
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            matches = [v for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == name]
            if len(matches) != 1:
                return None
            node = matches[0]
        elif isinstance(node, yaml.SequenceNode):
            node = node.value[name]
        else:
            return None
    return node


def _last_content_line(text: str, node) -> int:
    """0-based line of the last non-blank character of a node."""
    end = node.end_mark.index
    while end > node.start_mark.index and text[end - 1] in " \t\r\n":
        end -= 1
    return text.count("\n", 0, max(end - 1, 0))


def _common(old: list, new: list) -> tuple[int, int]:
    """Number of equal lines at the start and at the end of two line lists."""
    head = 0
    while head < min(len(old), len(new)) and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < min(len(old), len(new)) - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    return head, tail


class Sample:
    """One corpus file, parsed once: raw bytes, text, composed tree, data and candidate paths."""

    def __init__(self, path: Path, stats: Counter):
        self.path = path
        self.raw = path.read_bytes()
        try:
            self.text = YamlDocument(path, self.raw).text
        except YamlParseError:
            stats["unparsable (skipped)"] += 1
            self.text = None
            return
        self.root = yaml.compose(self.text, Loader=yaml.CSafeLoader)
        self.data = _data(self.text)
        walked = [(p, v) for p, v in _walk(self.data) if not p or _node_at(self.root, p) is not None]
        self.leaves = [p for p, v in walked if p and not isinstance(v, (dict, list))]
        self.mappings = [p for p, v in walked if isinstance(v, dict)]
        self.keys = [p for p, _ in walked if p and isinstance(p[-1], str)]

    def fresh(self) -> YamlDocument:
        """The file's document in its loaded state (reused: every check undoes its edit)."""
        if getattr(self, "_doc", None) is None:
            self._doc = YamlDocument(self.path, self.raw)
        assert self._doc.text == self.text
        return self._doc

    def undo(self, doc: YamlDocument, edit) -> None:
        doc.apply(edit.inverse())
        assert doc.text == self.text and not doc.dirty, ("undo did not restore the file", self.path)


def _chunks(corpus: Path, stats: Counter):
    files = corpus_files(corpus)
    for start in range(0, len(files), CHUNK):
        yield [s for s in (Sample(p, stats) for p in files[start:start + CHUNK]) if s.text is not None]


def _refused(stats: Counter, kind: str, sample: Sample, where, exc: EditError) -> None:
    if isinstance(exc, AliasEditError):
        stats[f"{kind} refused: alias"] += 1
        return
    assert "defined more than once" in str(exc), f"{sample.path} {where}: {exc}"
    stats[f"{kind} refused: duplicate key"] += 1


# -- checks ----------------------------------------------------------------------------------------------

def check_scalar_edit(sample: Sample, choice: tuple, value, stats: Counter) -> None:
    doc = sample.fresh()
    try:
        edit = doc.set(choice, value)
    except EditError as exc:
        _refused(stats, "edit", sample, choice, exc)
        return
    stats["edited"] += 1
    try:
        _check_scalar_lines(sample, doc, choice, value, stats)
    finally:
        sample.undo(doc, edit)


def _check_scalar_lines(sample: Sample, doc: YamlDocument, choice: tuple, value, stats: Counter) -> None:
    assert same(_data(doc.text), with_set(sample.data, choice, value)), (sample.path, choice, value)
    if same(_get(sample.data, choice), value):
        assert doc.text == sample.text
        return
    old_lines, new_lines = sample.text.split("\n"), doc.text.split("\n")
    head, tail = _common(old_lines, new_lines)
    node = _node_at(sample.root, choice)
    first = min(doc.line_of(choice) - 1, node.start_mark.line)
    last = max(_last_content_line(sample.text, node), first)
    assert head >= first, ("a line before the edited value changed", sample.path, choice)
    assert len(old_lines) - tail - 1 <= last, ("a line after the edited value changed", sample.path, choice)
    if "\n" not in str(value) and node.start_mark.line == last:
        assert len(old_lines) - head - tail == 1 == len(new_lines) - head - tail, (sample.path, choice)
        stats["edited: exactly one line"] += 1


def check_insertion(sample: Sample, parent: tuple, key: str, value, where: str, pick: int, stats: Counter) -> None:
    siblings = list(_get(sample.data, parent))
    if key in siblings:
        return
    anchor = siblings[pick % len(siblings)] if siblings and where != "end" else None
    before = anchor if where == "before" else None
    after = anchor if where == "after" else None
    doc = sample.fresh()
    try:
        edit = doc.insert_key(parent, key, value, before=before, after=after)
    except EditError as exc:
        _refused(stats, "insert", sample, parent, exc)
        return
    stats["inserted"] += 1
    try:
        _check_insertion_lines(sample, doc, parent, key, value, before, after, stats)
    finally:
        sample.undo(doc, edit)


def _check_insertion_lines(sample, doc, parent, key, value, before, after, stats) -> None:
    expected = with_inserted(sample.data, parent, key, value, before=before, after=after)
    assert same(_data(doc.text), expected), (sample.path, parent, key)
    old_lines, new_lines = sample.text.split("\n"), doc.text.split("\n")
    head, tail = _common(old_lines, new_lines)
    if len(old_lines) - head - tail == 0:
        stats["insert: only added lines"] += 1
        return
    # only a flow mapping or an empty parent is rewritten on its own line, or a final "|" at the end of a
    # file without a final newline gets its "-" (so it keeps its value)
    node = _node_at(sample.root, parent) if parent else sample.root
    assert node is None or node.flow_style or not node.value or not sample.text.endswith("\n"), (sample.path, parent)
    stats["insert: flow, empty or unterminated parent line rewritten"] += 1


def check_removal(sample: Sample, choice: tuple, stats: Counter) -> None:
    doc = sample.fresh()
    try:
        edit = doc.unset(choice)
    except EditError as exc:
        _refused(stats, "remove", sample, choice, exc)
        return
    stats["removed"] += 1
    try:
        _check_removal_lines(sample, doc, choice, stats)
    finally:
        sample.undo(doc, edit)


def _check_removal_lines(sample: Sample, doc: YamlDocument, choice: tuple, stats: Counter) -> None:
    after = _data(doc.text)
    expected = with_unset(sample.data, choice)
    assert same(after, expected) or (expected == {} and after is None), (sample.path, choice)
    old_lines, new_lines = sample.text.split("\n"), doc.text.split("\n")
    head, tail = _common(old_lines, new_lines)
    if len(new_lines) - head - tail == 0 or not doc.text.strip():
        stats["remove: only removed lines"] += 1
        return
    parent = _node_at(sample.root, choice[:-1]) if choice[:-1] else sample.root
    if _first_key_of_sequence_item(sample, choice, parent):
        # "- name: x" followed by "  element: y": the dash moves onto the next key's line, which is
        # the only line that changes besides the removed ones
        changed = new_lines[head:len(new_lines) - tail]
        assert len(changed) == 1 and changed[0].lstrip().startswith("- "), (sample.path, choice, changed)
        assert changed[0].lstrip()[2:].lstrip() in [line.strip() for line in old_lines[head:len(old_lines) - tail]]
        stats["remove: first key of a list item, dash moved to the next key"] += 1
        return
    assert parent.flow_style or len(parent.value) == 1, (sample.path, choice)
    stats["remove: flow or emptied parent written as {} on its line"] += 1


def _first_key_of_sequence_item(sample: Sample, choice: tuple, parent) -> bool:
    if len(choice) < 2 or not isinstance(choice[-2], int) or parent.flow_style or len(parent.value) < 2:
        return False
    return parent.value[0][0].value == choice[-1]


# -- tests -----------------------------------------------------------------------------------------------

def test_every_file_saves_byte_identical(corpus):
    # a real save of every file (temporary file, fsync, rename) into a RAM folder when there is one,
    # so the check stays fast; the bytes written are the ones a save anywhere writes
    base = "/dev/shm" if Path("/dev/shm").is_dir() else None
    count = 0
    with tempfile.TemporaryDirectory(dir=base) as folder:
        for index, source in enumerate(corpus_files(corpus)):
            target = Path(folder) / f"{index}.yaml"
            shutil.copyfile(source, target)
            raw = target.read_bytes()
            doc = YamlDocument.load(target)
            assert doc.encoded() == raw, source
            doc.save()
            assert target.read_bytes() == raw, source
            target.unlink()
            count += 1
    assert count == len(corpus_files(corpus))


def test_random_scalar_edits_change_only_their_lines(corpus):
    stats: Counter = Counter()
    for chunk in _chunks(corpus, stats):
        @seed(SEED)
        @EXAMPLES
        @given(st.data())
        def run(data):
            for sample in chunk:
                if sample.leaves:
                    check_scalar_edit(sample, data.draw(st.sampled_from(sample.leaves)), data.draw(SCALARS), stats)

        run()
    print(dict(stats))
    assert stats["edited"] > 2500, stats
    assert stats["edit refused: alias"] + stats["edit refused: duplicate key"] < stats["edited"] / 100, stats


def test_random_insertions_and_removals_touch_only_their_lines(corpus):
    stats: Counter = Counter()
    for chunk in _chunks(corpus, stats):
        @seed(SEED)
        @EXAMPLES
        @given(st.data())
        def run(data):
            for sample in chunk:
                if sample.keys:
                    check_removal(sample, data.draw(st.sampled_from(sample.keys)), stats)
                if sample.mappings:
                    check_insertion(sample, data.draw(st.sampled_from(sample.mappings)), data.draw(KEYS),
                                    data.draw(VALUES), data.draw(st.sampled_from(["end", "before", "after"])),
                                    data.draw(st.integers(0, 10**6)), stats)

        run()
    print(dict(stats))
    assert stats["inserted"] > 2500 and stats["removed"] > 2500, stats
    refused = sum(count for name, count in stats.items() if "refused" in name)
    assert refused < (stats["inserted"] + stats["removed"]) / 100, stats
    assert stats["insert: only added lines"] > 0.99 * stats["inserted"], stats
