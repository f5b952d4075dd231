"""The proof tools on every kernel the suite already has (issue 3).

Each example kernel and each ``// -----`` case of the lit tests of the
planning passes is planned with ``auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,
pto-plan-memory{backend=a3}`` (the first pass tiles Mat-resident matmuls, the second
replicates pipeline loops; both are no-ops elsewhere); every plan
the planner accepts must pass the independent validator, and its physical run
(bytes at the planned addresses) must produce exactly the GM outputs of the
logical run (one array per tile value). Cases the planner rejects with a
located error (the lit error tests) are counted, not proved.
"""

from __future__ import annotations

import functools
import glob
import os

import pytest

from xdsl_pto.backends import BACKENDS
from xdsl_pto.diagnostics import LocatedError
from xdsl_pto.dialects.pto.ops import AllocTileOp
from xdsl_pto.dialects.tile.data_ops import AllocOp
from xdsl_pto.interp import differential_check
from xdsl_pto.interp.errors import InterpError
from xdsl_pto.tools.session import parse_module, run_pipeline
from xdsl_pto.verify.memory_plan import verify_module

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PIPELINE = "auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{backend=a3}"
PLANNING_FOLDERS = (
    "auto-tile-matmul-l0",
    "lower-pipeline-loops",
    "init-memref",
    "materialize-semantic-aliases",
    "memory-reuse",
    "allocate-memory-addr",
    "pto-plan-memory",
    "verify-memory-plan",
    "convert-tile-to-pto",
)


def _cases() -> list[tuple[str, str]]:
    cases = []
    for path in sorted(glob.glob(os.path.join(ROOT, "examples", "*.mlir"))):
        with open(path, encoding="utf-8") as f:
            cases.append((os.path.relpath(path, ROOT), f.read()))
    for folder in PLANNING_FOLDERS:
        for path in sorted(glob.glob(os.path.join(ROOT, "test", "lit", folder, "*.mlir"))):
            with open(path, encoding="utf-8") as f:
                chunks = f.read().split("// -----")
            for i, chunk in enumerate(chunks):
                if "func.func" in chunk:
                    cases.append((f"{os.path.relpath(path, ROOT)}#{i}", chunk))
    return cases


CASES = _cases()


@functools.cache
def _plan(name: str, text: str):
    """(original, planned) modules, or 'unparsed' / 'preplanned' / 'rejected'
    for cases that are not kernels the planner accepts (error tests, planned
    or PTO inputs). Cached: :func:`test_most_cases_are_planned` counts what
    the parametrized test planned (neither changes the modules)."""
    try:
        original = parse_module(text, name)
    except Exception:  # error-test inputs that do not verify on purpose
        return "unparsed"
    if any(isinstance(op, (AllocOp, AllocTileOp)) for op in original.walk()):
        return "preplanned"  # inputs of the validator's and the lowering's own tests
    planned = original.clone()
    try:
        run_pipeline(planned, PIPELINE)
    except LocatedError:
        return "rejected"
    return original, planned


@pytest.mark.parametrize("name,text", CASES, ids=[c[0] for c in CASES])
def test_plan_is_proved(name: str, text: str) -> None:
    plan = _plan(name, text)
    if isinstance(plan, str):
        return
    original, planned = plan
    verify_module(planned, BACKENDS["a3"])
    if "RUN: not xdsl-pto run" in text:
        # an input its lit test says `xdsl-pto run` refuses (e.g. a dynamic
        # extent run cannot compute): the refusal is that test's answer
        with pytest.raises(InterpError):
            differential_check(original, planned, seed=7)
        return
    assert differential_check(original, planned, seed=7) == []


def test_most_cases_are_planned() -> None:
    """The parametrized test cannot pass by finding nothing to prove."""
    planned = [n for n, t in CASES if not isinstance(_plan(n, t), str)]
    assert len(planned) >= 45, f"only {len(planned)} of {len(CASES)} cases were planned"
    assert sum(n.startswith("examples/") for n in planned) == 10
