"""ClientEval: the browser-side evaluation of ``ClientEval:`` strings in inspector configuration.

* ``ClientEvalEngine`` - a sandboxed V8 context (in a child process) with time and memory limits;
  ``evaluate_config`` / ``evaluate_value`` / ``evaluate_batch``.
* ``LiveEvaluation`` - one node type's evaluated configuration kept current as values change,
  re-evaluating only the expressions that read a changed property.
* ``find_expressions``, ``property_reads`` - where expressions are and what they read.
* ``make_node`` / ``make_parent_node`` - the ``node`` / ``parentNode`` objects of the preview.
* ``check_clienteval(project)`` - checker findings (syntax, unknown properties, not evaluated).

Nothing here imports Qt.
"""

from nodetype_studio.clienteval.checker import ClientEvalStats, check_clienteval
from nodetype_studio.clienteval.engine import (
    ClientEvalEngine,
    EvalProblem,
    Outcome,
    replace_paths,
)
from nodetype_studio.clienteval.expressions import (
    PREFIX,
    classify_all,
    evaluated_strings,
    find_expressions,
    is_client_eval,
)
from nodetype_studio.clienteval.jsdeps import Reads, property_reads
from nodetype_studio.clienteval.live import LiveEvaluation
from nodetype_studio.clienteval.node import (
    ConfiguredType,
    make_node,
    make_parent_node,
    make_transient_node,
    with_values,
)
from nodetype_studio.js.values import truthy as js_truthy

__all__ = [
    "PREFIX",
    "ClientEvalEngine",
    "ClientEvalStats",
    "ConfiguredType",
    "EvalProblem",
    "LiveEvaluation",
    "Outcome",
    "Reads",
    "check_clienteval",
    "classify_all",
    "evaluated_strings",
    "find_expressions",
    "is_client_eval",
    "js_truthy",
    "make_node",
    "make_parent_node",
    "make_transient_node",
    "property_reads",
    "replace_paths",
    "with_values",
]
