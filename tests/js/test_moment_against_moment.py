"""format_moment against the real moment.js 2.29.4 run by node (`.ci/run` installs it into
NODETYPE_STUDIO_NODE_MODULES): random formats of moment's tokens, brackets, backslashes and other text, over
instants and offsets around the edges of weeks and years. Skips where node or moment is missing."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
from datetime import datetime, timedelta, timezone

import pytest

from nodetype_studio.js.moment import format_moment

VERSION = "2.29.4"
TOKENS = ["M", "Mo", "MM", "MMM", "MMMM", "Q", "Qo", "D", "Do", "DD", "DDD", "DDDo", "DDDD", "d", "do", "dd",
          "ddd", "dddd", "e", "E", "w", "wo", "ww", "W", "Wo", "WW", "YY", "YYYY", "YYYYYY", "Y", "gg", "gggg",
          "GG", "GGGG", "a", "A", "H", "HH", "h", "hh", "k", "kk", "m", "mm", "s", "ss", "S", "SS", "SSS",
          "Z", "ZZ", "X", "x", "L", "LL", "LLL", "LLLL", "l", "ll", "LT", "LTS", "hmm", "Hmmss"]
TEXT = ["-", " ", ":", "/", ".", ", ", "T", "[at]", "[", "]", "\\", "\\d", "\\H", "U", "q", "B", "\n", "ü"]


def _moment():
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: moment.js cannot run")
    env = {"PATH": os.environ.get("PATH", ""), "NODE_PATH": os.environ.get("NODETYPE_STUDIO_NODE_MODULES", "")}
    probe = subprocess.run([node, "-e", "process.stdout.write(require('moment/package.json').version)"],
                           capture_output=True, text=True, env=env, timeout=60)
    if probe.returncode != 0 or probe.stdout != VERSION:
        pytest.skip(f"moment {VERSION} is not installed in NODETYPE_STUDIO_NODE_MODULES")
    script = ("const moment = require('moment'); let input = '';"
              "process.stdin.on('data', c => input += c); process.stdin.on('end', () => {"
              "const out = JSON.parse(input).map(([ms, offset, fmt]) => {"
              "try { return moment(ms).utcOffset(offset).format(fmt); } catch (e) { return null; } });"
              "process.stdout.write(JSON.stringify(out)); });")
    return node, script, env


def test_formats_agree_with_moment():
    node, script, env = _moment()
    rng = random.Random(20261127)
    starts = [datetime(2023, 12, 28, tzinfo=timezone.utc), datetime(2024, 2, 28, tzinfo=timezone.utc),
              datetime(2020, 12, 31, 12, tzinfo=timezone.utc), datetime(2027, 1, 1, tzinfo=timezone.utc),
              datetime(1999, 6, 15, 23, 59, 59, tzinfo=timezone.utc)]
    cases = []
    for _ in range(600):
        instant = rng.choice(starts) + timedelta(seconds=rng.randrange(-4 * 86400, 4 * 86400),
                                                 milliseconds=rng.randrange(1000))
        offset = rng.choice([0, 60, 120, -300, -600, 330, 765, -210])
        fmt = "".join(rng.choice(TOKENS) if rng.random() < 0.6 else rng.choice(TEXT) for _ in range(rng.randrange(1, 7)))
        cases.append((instant, offset, fmt))
    done = subprocess.run([node, "-e", script], env=env, capture_output=True, text=True, timeout=120,
                          input=json.dumps([[int(i.timestamp() * 1000), o, f] for i, o, f in cases]))
    assert done.returncode == 0, done.stderr
    expected = json.loads(done.stdout)
    wrong = [(f, i.isoformat(), o, want, format_moment(i.astimezone(timezone(timedelta(minutes=o))), f))
             for (i, o, f), want in zip(cases, expected)
             if want is not None and format_moment(i.astimezone(timezone(timedelta(minutes=o))), f) != want]
    assert wrong == []
    assert sum(want is not None for want in expected) > 550  # (moment throws on a format of line breaks only)
