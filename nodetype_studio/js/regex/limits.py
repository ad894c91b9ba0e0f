"""The time bound of regular-expression evaluations and the errors evaluating raises (Qt-free).

Kept apart from the translator (``translate``), whose grammar and tables take a while to import:
the validation engine and the inspector name these on the way to the first preview, which needs the
translator only when a node type has a regular-expression validator.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

#: Seconds an evaluation may take by default: generous, because the browser has no limit at all – it
#: keeps matching (the page frozen) until the engine is done. A pattern V8 finishes in 0.3 s gets the
#: browser's verdict; past this budget the value is reported as freezing the browser.
BROWSER_BUDGET = 2.0
#: What a caller on the GUI thread allows before it hands the value to a background evaluation.
INTERACTIVE_BUDGET = 0.05
DEFAULT_TIMEOUT = BROWSER_BUDGET

_budget: ContextVar[float] = ContextVar("jsregex_budget", default=BROWSER_BUDGET)


def current_budget() -> float:
    """The seconds an evaluation may take here (BROWSER_BUDGET unless ``budget()`` set another)."""
    return _budget.get()


@contextmanager
def budget(seconds: float) -> Iterator[None]:
    """Evaluations in this block (this thread or task) may take ``seconds``."""
    token = _budget.set(seconds)
    try:
        yield
    finally:
        _budget.reset(token)


class RegexTimeout(Exception):
    """Evaluation did not finish in time (catastrophic backtracking on this value)."""


class CannotEvaluate(Exception):
    """The pattern cannot be evaluated faithfully here (untranslatable and no V8)."""
