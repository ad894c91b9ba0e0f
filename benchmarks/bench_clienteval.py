"""Re-evaluating a node type's 20 ClientEval expressions after one keystroke, against the floor of
the same 20 expressions evaluated in one batch call of the engine (in-process V8, no isolation).

    python benchmarks/bench_clienteval.py [--rounds 300]

Rows (median per operation; ratios against the floor and against the engine's own batch call):
  floor                one V8 batch call with all 20 expressions (sandbox, in this process)
  engine batch         ClientEvalEngine.evaluate_batch of the 20 (child process, limits, decoding)
  evaluate_config      the whole node type configuration re-evaluated (walk, batch, rebuild)
  keystroke (live)     LiveEvaluation.update after typing one character: only the expressions
                       reading the edited property are evaluated (the studio's code path)
  keystroke (live, in-process)  the same with the in-process engine
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nodetype_studio.clienteval import (
    ClientEvalEngine,
    LiveEvaluation,
    evaluated_strings,
    make_node,
)
from nodetype_studio.clienteval.sandbox import JsSandbox
from nodetype_studio.js.values import client_eval_expression as expression_of
from nodetype_studio.model import load_project

# 20 expressions over 8 properties; 3 of them read `headline`, the property being typed into.
PROPERTIES = ["headline", "mode", "size", "color", "image", "link", "columns", "layout"]
EXPRESSIONS = {
    "headline": ["ui.label:node.properties.headline ? 'Headline: ' + node.properties.headline : 'Headline'",
                 "ui.inspector.editorOptions.placeholder:(node.properties.headline || '').toUpperCase()",
                 "ui.help.message:'Length ' + (node.properties.headline || '').length"],
    "mode": ["ui.inspector.hidden:node.properties.mode === 'hidden'",
             "ui.label:node.properties.mode === 'custom' ? 'Custom mode' : 'Mode'"],
    "size": ["ui.inspector.hidden:!node.properties.mode",
             "ui.inspector.editorOptions.min:node.properties.size === 'large' ? 10 : 1",
             "ui.inspector.editorOptions.max:node.properties.size === 'large' ? 100 : 10"],
    "color": ["ui.inspector.hidden:node.properties.mode !== 'custom'",
              "ui.inspector.editorOptions.placeholder:node.properties.color || 'none'"],
    "image": ["ui.inspector.hidden:!!node.properties.link",
              "ui.label:node.properties.image ? 'Replace image' : 'Add image'"],
    "link": ["ui.inspector.hidden:!!node.properties.image",
             "ui.inspector.editorOptions.placeholder:node.parent"],
    "columns": ["ui.inspector.editorOptions.dataSourceAdditionalData.layout:node.properties.layout",
                "ui.inspector.editorOptions.dataSourceAdditionalData.list.0:node.properties.columns > 2 ? 'wide' : 'narrow'",
                "ui.inspector.hidden:node.properties.layout === 'single'"],
    "layout": ["ui.label:'Layout (' + node.properties.columns + ' columns)'",
               "ui.inspector.editorOptions.values.one.label:node.properties.columns == 1 ? 'One (current)' : 'One'",
               "ui.inspector.editorOptions.values.two.label:node.properties.columns == 2 ? 'Two (current)' : 'Two'"],
}


def _set(tree: dict, dotted: str, value) -> None:
    keys = dotted.split(".")
    for key in keys[:-1]:
        tree = tree.setdefault(key, {})
    tree[keys[-1]] = value


def write_fixture(root: Path) -> Path:
    properties: dict = {}
    for name in PROPERTIES:
        prop = {"type": "string", "ui": {"label": name, "inspector": {"group": "default"}}}
        for spec in EXPRESSIONS[name]:
            where, expression = spec.split(":", 1)
            _set(prop, where, "ClientEval:" + expression)
        list_holder = prop["ui"]["inspector"].get("editorOptions", {}).get("dataSourceAdditionalData", {})
        if "list" in list_holder:
            list_holder["list"] = [list_holder["list"]["0"], "fixed"]
        properties[name] = prop
    package = root / "Bench.Site" / "NodeTypes"
    package.mkdir(parents=True)
    data = {"Bench.Site:Box": {"superTypes": {"Neos.Neos:Content": True}, "properties": properties}}
    (package / "Box.yaml").write_text(json.dumps(data, indent=2), encoding="utf-8")  # JSON is YAML
    return root


def interleaved_medians(operations: list, rounds: int) -> list[float]:
    """Median ms per operation; operations take turns each round so machine load hits all alike."""
    times: list[list[float]] = [[] for _ in operations]
    for i in range(rounds):
        for slot, fn in enumerate(operations):
            start = time.perf_counter()
            fn(i)
            times[slot].append(time.perf_counter() - start)
    return [statistics.median(t) * 1000 for t in times]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=300)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp, JsSandbox() as sandbox, \
            ClientEvalEngine() as isolated, ClientEvalEngine(isolated=False) as in_process:
        project = load_project(write_fixture(Path(tmp)))
        nt = project.node_types["Bench.Site:Box"]
        sources = [expression_of(v) for _, v in evaluated_strings(nt.effective)]
        assert len(sources) == 20, len(sources)
        base = make_node(nt, {"mode": "custom", "columns": "2", "layout": "grid"})

        def typed(i: int) -> dict:
            return {"mode": "custom", "columns": "2", "layout": "grid", "headline": "Hello world"[: 1 + i % 11]}

        def node_at(i: int) -> dict:
            return dict(base, properties={**base["properties"], **typed(i)})

        def floor(i):
            payload = json.dumps({"node": node_at(i), "parent": None, "exprs": sources})
            status, _text = sandbox.run_window(payload, 0, len(sources), 0.1)
            assert status == "done"

        live_isolated = LiveEvaluation(isolated, nt.effective, base)
        live_in_process = LiveEvaluation(in_process, nt.effective, base)
        starts = (live_isolated.evaluations, live_in_process.evaluations)
        rows = [
            ("floor: one V8 batch call, 20 expressions", floor, lambda: 20),
            ("engine batch (child process), 20 expressions", lambda i: isolated.evaluate_batch(sources, node_at(i)), lambda: 20),
            ("evaluate_config, whole node type (child process)", lambda i: isolated.evaluate_config(nt.effective, node_at(i)), lambda: 20),
            ("keystroke: LiveEvaluation.update (child process)", lambda i: live_isolated.update(typed(i)),
             lambda: (live_isolated.evaluations - starts[0]) / args.rounds),
            ("keystroke: LiveEvaluation.update (in-process)", lambda i: live_in_process.update(typed(i)),
             lambda: (live_in_process.evaluations - starts[1]) / args.rounds),
        ]
        for _label, fn, _count in rows:  # warm up
            fn(0)
        starts = (live_isolated.evaluations, live_in_process.evaluations)
        gc.disable()
        medians = interleaved_medians([fn for _label, fn, _count in rows], args.rounds)
        gc.enable()

        print(f"ClientEval re-evaluation, node type with 20 expressions, median of {args.rounds} interleaved rounds")
        print(f"{'operation':52} {'ms':>8} {'evaluated':>10} {'x floor':>8} {'x engine batch':>15}")
        for (label, _fn, count), ms in zip(rows, medians):
            print(f"{label:52} {ms:8.3f} {count():10.1f} {ms / medians[0]:8.2f} {ms / medians[1]:15.2f}")
        print("no target is set for these ratios (reference figures): met / not met does not apply")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
