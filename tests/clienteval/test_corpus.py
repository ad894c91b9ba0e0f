"""Every ClientEval expression of the real-world corpus is found, parsed and evaluated.

Run with ``-s`` to see the counts. Needs NODETYPE_STUDIO_CORPUS.
"""

import re
from collections import Counter
from pathlib import Path

from nodetype_studio.clienteval import (
    ClientEvalStats,
    check_clienteval,
    evaluated_strings,
    make_node,
)
from nodetype_studio.clienteval.checker import _collect_sites
from nodetype_studio.model import load_project

# A YAML value starting with the prefix (not e.g. a plugin's own `SidekickClientEval:`).
RAW = re.compile(r"""(?:['"]|:\s+)ClientEval:""")


def _raw_occurrences(corpus: Path) -> set[tuple[str, int]]:
    found = set()
    for path in corpus.rglob("*.yaml"):
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if RAW.search(line) and not line.lstrip().startswith("#"):
                found.add((str(path), number))
    return found


def _projects(corpus: Path, raw: set[tuple[str, int]]):
    """Each top-level folder; then, one by one, files the folder discovery did not load."""
    loaded: set[str] = set()
    for folder in sorted(p for p in corpus.iterdir() if p.is_dir()):
        project = load_project(folder)
        loaded.update(str(f.path) for f in project.files)
        yield project
    for file in sorted({f for f, _ in raw} - loaded):
        yield load_project(Path(file))


def test_corpus_clienteval_counts(corpus, engine):
    corpus = corpus.resolve()  # the model names files by their real paths (a symlinked corpus too)
    raw = _raw_occurrences(corpus)
    stats = ClientEvalStats()
    codes: Counter = Counter()
    runtime: Counter = Counter()
    runtime_messages: Counter = Counter()
    seen_lines: set[tuple[str, int]] = set()
    projects = 0
    for project in _projects(corpus, raw):
        projects += 1
        seen_lines.update((s.location.file, s.location.line) for s in _collect_sites(project))
        for finding in check_clienteval(project, stats):
            codes[finding.code] += 1
        for nt in project.node_types.values():
            if nt.abstract or nt.from_baseline or not any(True for _ in evaluated_strings(nt.effective)):
                continue
            _config, problems = engine.evaluate_config(nt.effective, make_node(nt))
            runtime["evaluated"] += sum(1 for _ in evaluated_strings(nt.effective))
            for problem in problems:
                runtime[problem.kind] += 1
                runtime_messages[problem.message] += 1

    print(f"\nClientEval in the corpus ({projects} projects opened):")
    print(f"  raw occurrences in YAML files: {len(raw)}")
    print(f"  distinct expression sites:     {stats.expressions}")
    print(f"  parsed:                        {stats.parsed}")
    print(f"  failing to parse:              {stats.failing}")
    print(f"  unknown-property findings:     {stats.property_findings}")
    print(f"  mixin-property hints:          {stats.mixin_hints}")
    print(f"  not evaluated by the CMS:      {stats.not_evaluated}")
    print(f"  findings by code:              {dict(sorted(codes.items()))}")
    print(f"  evaluated with a preview node (per concrete type): {dict(runtime)}")
    for message, count in runtime_messages.most_common():
        print(f"    {count:3d} x {message}")

    missing = sorted(raw - seen_lines)
    assert missing == [], f"ClientEval strings not found through the model: {missing[:5]}"
    assert stats.parsed + stats.failing == stats.expressions
    assert stats.expressions >= len(raw)
    assert codes["clienteval-syntax"] == stats.failing
    # the one real typo of the corpus is found
    assert codes["clienteval-unknown-property"] == stats.property_findings >= 1
