"""Fuzzing every command with mutated real NodeTypes files (seeded, bounded in time).

Each round takes a file of the shared corpus, mutates it (bytes flipped, lines cut, duplicated or
shuffled, brackets, aliases, tabs, tags, odd scalars and deep nesting inserted, the text truncated),
writes it into a package with a composer.json and a `.nodetype-studio.yaml` that are mutated too,
and runs every command in-process. No exception may escape, and none may be caught by the command
line's last resort ("could not run: <exception>"): every bad input needs a proper message.
"""

from __future__ import annotations

import os
import random
import time
from pathlib import Path

import pytest

from nodetype_studio.cli import main

SEED = int(os.environ.get("NODETYPE_STUDIO_FUZZ_SEED", "20"))
BUDGET_S = float(os.environ.get("NODETYPE_STUDIO_FUZZ_SECONDS", "30"))
MIN_ROUNDS = 3

INSERTS = [
    "[", "]", "{", "}", "&a ", "*a", "<<: *a\n", "\t", "!!python/object:os.system ", "? ", ": ", "- ", "'", '"',
    "%", "@", "`", "~", ".nan", "-.inf", "0x1F", "2024-01-31", "ClientEval:", "ClientEval:node.properties.",
    "\x00", "\ufeff", "\r", "\u2028", "\\", "#", "---\n", "...\n", "superTypes:\n  'X:Y': true\n",
    "ClientEval:(() => { while (true) {} })()", "ClientEval:10n ** 5000n",
    "[" * 300 + "]" * 300, "- " * 400 + "x", "a: &b [" + "*b," * 5 + "]",
    "[" * 30_000, "{a: " * 30_000, "- " * 30_000 + "x",  # past the C composer's stack
]


def _mutate(rng: random.Random, text: str) -> str:
    lines = text.splitlines(keepends=True) or [""]
    for _ in range(rng.randint(1, 6)):
        kind = rng.randrange(8)
        if kind == 0 and lines:  # flip bytes
            i = rng.randrange(len(lines))
            chars = list(lines[i])
            if chars:
                chars[rng.randrange(len(chars))] = chr(rng.randrange(1, 0x250))
            lines[i] = "".join(chars)
        elif kind == 1 and len(lines) > 1:  # cut a line
            del lines[rng.randrange(len(lines))]
        elif kind == 2:  # duplicate a block of lines
            i = rng.randrange(len(lines))
            lines[i:i] = lines[i:i + rng.randint(1, 8)]
        elif kind == 3:  # insert something hostile inside a line
            i = rng.randrange(len(lines))
            at = rng.randint(0, len(lines[i]))
            lines[i] = lines[i][:at] + rng.choice(INSERTS) + lines[i][at:]
        elif kind == 4:  # re-indent a line
            i = rng.randrange(len(lines))
            lines[i] = " " * rng.choice([0, 1, 3, 7, 40]) + lines[i].lstrip(" ")
        elif kind == 5 and len(lines) > 2:  # swap two lines
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == 6:  # truncate
            joined = "".join(lines)
            lines = [joined[: rng.randint(0, len(joined))]]
        else:  # a value replaced by a hostile scalar
            i = rng.randrange(len(lines))
            if ": " in lines[i]:
                key = lines[i].split(": ", 1)[0]
                lines[i] = f"{key}: {rng.choice(INSERTS)}\n"
    return "".join(lines)


def _corpus_files(corpus: Path) -> list[Path]:
    files = sorted(p for p in corpus.rglob("NodeTypes*.yaml") if p.is_file() and p.stat().st_size < 200_000)
    files += sorted(p for p in corpus.rglob("NodeTypes/**/*.yaml") if p.is_file() and p.stat().st_size < 200_000)
    return files


def _names(text: str) -> list[str]:
    return [line.split(":")[0].strip("'\" ") + ":" + line.split(":")[1].strip("'\" ")
            for line in text.splitlines() if line[:1] in ("'", '"') and line.count(":") >= 2][:3] or ["Acme.Site:Page"]


def _commands(package: Path, name: str, out: Path) -> list[list[str]]:
    p = str(package)
    return [
        ["list", p], ["list", p, "--json"],
        ["show", p, name], ["show", p, name, "--json", "--provenance"], ["show", p, name, "--provenance"],
        ["check", p], ["check", p, "--format", "sarif"], ["check", p, "--format", "json", "--select", "yaml,clienteval"],
        ["validate", p, name, "title", "x"], ["validate", p, name, "title", "[unclosed"],
        ["set", p, name, "ui.label", "Fuzzed", "--dry-run"], ["set", p, name, "properties.fuzz", "{type: string}"],
        ["unset", p, name, "ui.icon"],
        ["content", p, "--search", "a"],
        ["render", p, name, "--out", str(out)],
    ]


def test_mutated_corpus_files_never_crash_a_command(corpus, tmp_path, capsys, monkeypatch):
    rng = random.Random(SEED)
    files = _corpus_files(corpus)
    assert files, "no NodeTypes files in the corpus"
    monkeypatch.chdir(tmp_path)
    deadline = time.monotonic() + BUDGET_S
    rounds = runs = 0
    while rounds < MIN_ROUNDS or time.monotonic() < deadline:
        source = rng.choice(files)
        original = source.read_text(encoding="utf-8", errors="replace")
        mutated = _mutate(rng, original)
        package = tmp_path / f"round{rounds}" / "Acme.Fuzz"
        conf = package / "Configuration"
        conf.mkdir(parents=True)
        (conf / "NodeTypes.Fuzz.yaml").write_bytes(mutated.encode("utf-8", errors="surrogatepass"))
        (package / "composer.json").write_text(
            _mutate(rng, '{"name": "acme/fuzz", "type": "neos-site", "require": {"neos/neos": "*"},\n'
                         ' "extra": {"neos": {"package-key": "Acme.Fuzz"}}}\n'), encoding="utf-8")
        if rng.random() < 0.3:
            (package / ".nodetype-studio.yaml").write_text(_mutate(rng, "select: [yaml, editor]\nignore: compat\n"),
                                                           encoding="utf-8")
        names = _names(mutated)
        commands = _commands(package, rng.choice(names), tmp_path / f"round{rounds}.png")
        for argv in commands:
            if argv[0] == "render" and rng.random() < 0.7:
                continue  # the slowest command: a sample of the rounds
            try:
                code = main(argv)
            except SystemExit as exc:  # argparse usage errors: exit 2 by design
                code = exc.code
            except BaseException as exc:  # noqa: BLE001 - the finding of this test
                pytest.fail(f"{argv[0]} raised {type(exc).__name__}: {exc} (seed {SEED}, round {rounds}, "
                            f"mutation of {source})")
            err = capsys.readouterr().err
            assert code in (0, 1, 2), (argv, code)
            assert "could not run:" not in err, f"{argv}: {err[-2000:]} (seed {SEED}, round {rounds}, {source})"
            runs += 1
        rounds += 1
    print(f"fuzz: {rounds} rounds, {runs} command runs in {BUDGET_S:g} s (seed {SEED})")
