"""Real node types with one node replaced by a value of the wrong shape never crash anything
(loading, checks, provenance, `check`/`show`, the inspector preview): see ``structure_fuzz``.

A few examples run with the suite; hunt longer with e.g.
``NODETYPE_STUDIO_STRUCTURE_FUZZ_EXAMPLES=2000 NODETYPE_STUDIO_CORPUS=... pytest tests/hostile/test_hostile_structure_fuzz.py``.
"""

from __future__ import annotations

import os
import traceback

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from structure_fuzz import (
    build_inspectors,
    mutated_type,
    run_commands,
    run_model_and_checks,
    surroundings,
    write_package,
)

EXAMPLES = int(os.environ.get("NODETYPE_STUDIO_STRUCTURE_FUZZ_EXAMPLES", "12"))


@settings(max_examples=EXAMPLES, deadline=None, derandomize=EXAMPLES <= 50, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                 HealthCheck.data_too_large])
@given(case=mutated_type(), around=surroundings(), version=st.sampled_from(["8.3", "9"]))
def test_mutated_node_types_never_crash(qtbot, tmp_path_factory, case, around, version):
    source, name, config, steps, others = case
    settings, child, more = around
    steps = steps + more
    package = write_package(tmp_path_factory.mktemp("structure"), name, config, version, settings, child, others)
    names = [name, "Acme.Fuzz:Child"]
    where = f"{name} of {source}, mutated: {steps}"
    try:
        run_model_and_checks(package, names)
    except Exception as exc:  # noqa: BLE001 - the finding of this test
        pytest.fail(f"model/checks raised {type(exc).__name__}: {exc}\n{where}\n{traceback.format_exc()[-3000:]}")
    problems = run_commands(package, names)
    assert not problems, f"{problems}\n{where}"
    try:
        problems = build_inspectors(qtbot, package, names)
    except Exception as exc:  # noqa: BLE001
        pytest.fail(f"inspector raised {type(exc).__name__}: {exc}\n{where}\n{traceback.format_exc()[-3000:]}")
    assert not problems, f"{problems}\n{where}"
