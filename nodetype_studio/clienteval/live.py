"""Keeping one node type's evaluated inspector configuration current while values are edited.

After the first full evaluation, a change of property values re-evaluates only the expressions
that read one of the changed properties (``jsdeps.property_reads``), in one engine call, and
reports which configuration paths got a different value, so a view can update just those.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass

from nodetype_studio.clienteval.engine import (
    ClientEvalEngine,
    EvalProblem,
    Outcome,
    replace_paths,
)
from nodetype_studio.clienteval.expressions import (
    Path,
    client_eval_expression,
    evaluated_strings,
)
from nodetype_studio.clienteval.jsdeps import Reads, property_reads
from nodetype_studio.clienteval.node import with_values

_UNSET = object()


#: The time all expressions of one update may take together; the rest are reported as not evaluated.
UPDATE_BUDGET_MS = 400


@dataclass
class _Expression:
    path: Path
    original: str  # the full ClientEval string
    source: str  # the JavaScript after the prefix
    reads: Reads
    outcome: Outcome | None = None


class LiveEvaluation:
    """The evaluated configuration of one node type for a node whose values change.

    ``node`` is the client-side node (see ``node.make_node``) without unapplied values;
    ``update(values)`` overlays the inspector's current values and re-evaluates what they affect.
    """

    def __init__(self, engine: ClientEvalEngine, config: Mapping, node: Mapping, parent: Mapping | None = None):
        self.engine = engine
        self.original = config
        self.base_node = node
        self.parent = parent
        self._values: dict = {}
        self._expressions = [
            _Expression(path, value, client_eval_expression(value), property_reads(client_eval_expression(value)))
            for path, value in evaluated_strings(config)
        ]
        self.config: dict = dict(config) if isinstance(config, Mapping) else config
        self.evaluations = 0  # expressions sent to the engine so far (for tests and benchmarks)
        self._evaluate(self._expressions)
        self._rebuild()

    @property
    def expressions(self) -> list[tuple[Path, str, Reads]]:
        return [(e.path, e.source, e.reads) for e in self._expressions]

    @property
    def problems(self) -> list[EvalProblem]:
        return [EvalProblem(e.path, e.source, e.outcome.kind, e.outcome.message)
                for e in self._expressions if e.outcome is not None and not e.outcome.ok]

    @property
    def node(self) -> dict:
        return with_values(self.base_node, self._values) if self._values else dict(self.base_node)

    def value_at(self, path: Path, default=None):
        """The evaluated configuration's value at ``path``."""
        return _lookup(self.config, path, default)

    def original_at(self, path: Path, default=None):
        """The unevaluated configuration's value at ``path``."""
        return _lookup(self.original, path, default)

    def update(self, values: Mapping) -> set[Path]:
        """Set the unapplied values (all of them); returns the paths whose evaluated value changed."""
        changed = {k for k in set(values) | set(self._values) if values.get(k, _UNSET) != self._values.get(k, _UNSET)}
        self._values = copy.deepcopy(dict(values))
        if not changed:
            return set()
        affected = [e for e in self._expressions if e.reads.depends_on(changed)]
        return self._reevaluate(affected)

    def refresh(self) -> set[Path]:
        """Re-evaluate everything (e.g. after the parent node or node fields changed)."""
        return self._reevaluate(self._expressions)

    def set_parent(self, parent: Mapping | None) -> set[Path]:
        self.parent = parent
        return self._reevaluate([e for e in self._expressions if e.reads.parent_all or e.reads.parent_properties])

    def _reevaluate(self, targets: list[_Expression]) -> set[Path]:
        if not targets:
            return set()
        before = {id(e): e.outcome for e in targets}
        self._evaluate(targets)
        changed = [e for e in targets if _shown(before[id(e)], e) != _shown(e.outcome, e)]
        if changed:
            # patch only the changed places into the current configuration
            self.config = replace_paths(self.config, {e.path: _current(e) for e in changed})
        return {e.path for e in changed}

    def _evaluate(self, targets: list[_Expression]) -> None:
        # one update (a keystroke) may not cost more than UPDATE_BUDGET_MS, however many expressions loop
        outcomes = self.engine.evaluate_batch([e.source for e in targets], self.node, self.parent,
                                              budget_ms=UPDATE_BUDGET_MS)
        self.evaluations += len(targets)
        for expression, outcome in zip(targets, outcomes):
            expression.outcome = outcome

    def _rebuild(self) -> None:
        self.config = replace_paths(self.original, {e.path: _current(e) for e in self._expressions})


def _current(expression: _Expression):
    """The configuration value for an expression: its result, or the original string on failure."""
    outcome = expression.outcome
    return outcome.value if outcome is not None and outcome.ok else expression.original


def _lookup(tree, path: Path, default=None):
    current = tree
    for key in path:
        try:
            current = current[key]
        except (KeyError, IndexError, TypeError):
            return default
    return current


def _shown(outcome: Outcome | None, expression: _Expression):
    """What the configuration holds for an outcome: the value, or the original string on failure."""
    if outcome is None or not outcome.ok:
        return ("original", expression.original, outcome.message if outcome else "")
    return ("value", type(outcome.value).__name__, outcome.value)
