"""The validator is independent of the planner, proved by mutation (issue 22).

Each case plants a bug in one of the planner's rules -- the rule is
monkeypatched off, as a slip in the planner's code would turn it off -- and
plans a kernel where that rule decides the plan. The planner then makes a
wrong plan without complaint, and ``verify-memory-plan`` (``xdsl_pto.verify``,
which shares no code with the planner) must reject it, naming the rule. The
same kernel planned with the rule on is proved valid (the control).

A validator that imported the planner's rule would be switched off with it
and accept the wrong plan: these tests fail on that design.
"""

from __future__ import annotations

import os

import pytest

from xdsl_pto.backends import BACKENDS
from xdsl_pto.diagnostics import PassError
from xdsl_pto.tools.session import parse_module, run_pipeline
from xdsl_pto.transforms.memory_reuse.lifetime import Interval
from xdsl_pto.verify import verify_module

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PYPTO = "pto-plan-memory{backend=a3}"
DSA_RP = "pto-plan-memory{planner=dsa_rp backend=a3}"


def _point_lifetimes(fn, order=None):
    """A planted liveness bug: every root is live at one statement only."""
    from xdsl_pto.transforms.memory_reuse import lifetime

    return {name: Interval(iv.lo, iv.lo) for name, iv in lifetime.root_intervals(fn, order).items()}


def _no_pairs(*args, **kwargs):
    return set()


def _nothing(*args, **kwargs):
    return None


# (planted bug, object to patch, attribute, replacement, lit input, pipeline,
#  what the validator's error must say)
CASES = [
    ("pypto lifetimes", "xdsl_pto.transforms.memory_reuse", "root_intervals", _point_lifetimes,
     "examples/softmax.mlir", PYPTO, "are both live where"),
    ("pypto no-alias rule", "xdsl_pto.transforms.memory_reuse", "no_alias_pairs", _no_pairs,
     "test/lit/memory-reuse/target-cast.mlir", PYPTO, "which the op forbids on a3"),
    ("pypto load + tpop hazard", "xdsl_pto.transforms.memory_reuse", "load_tpop_pairs", _no_pairs,
     "test/lit/memory-reuse/tpop-hazard.mlir", PYPTO, "Ascend910 load + tpop hazard on a3"),
    ("pypto written-workspace hazard", "xdsl_pto.transforms.memory_reuse", "workspace_pairs", _no_pairs,
     "test/lit/memory-reuse/workspace-hazard.mlir", PYPTO, "written-workspace hazard"),
    ("pypto workspace inside a loop", "xdsl_pto.transforms.memory_reuse.hazards", "in_loop",
     lambda op: False, "test/lit/memory-reuse/workspace-hazard.mlir", PYPTO,
     "inside a loop a workspace shares its bytes with nothing"),
    ("pypto declared slot overlap", "xdsl_pto.transforms.memory_reuse", "check_slot_overlaps", _nothing,
     "test/lit/memory-reuse/err-declared-slot-overlap.mlir", "pto-plan-memory", "are both live where %y is defined"),
    ("pypto hazard between values on one root", "xdsl_pto.transforms.memory_reuse", "check_fixed_sharing",
     _nothing, "test/lit/memory-reuse/err-declared-tpop-hazard.mlir", PYPTO, "Ascend910 load + tpop hazard"),
    ("dsa_rp lifetimes", "xdsl_pto.transforms.dsa_rp.model", "root_intervals", _point_lifetimes,
     "examples/softmax.mlir", DSA_RP, "are both live where"),
    ("dsa_rp no-alias rule", "xdsl_pto.transforms.dsa_rp.model", "no_alias_pairs", _no_pairs,
     "test/lit/memory-reuse/target-cast.mlir", DSA_RP, "which the op forbids on a3"),
    ("dsa_rp load + tpop hazard", "xdsl_pto.transforms.dsa_rp.model", "load_tpop_pairs", _no_pairs,
     "test/lit/memory-reuse/tpop-hazard.mlir", DSA_RP, "Ascend910 load + tpop hazard on a3"),
    ("dsa_rp written-workspace hazard", "xdsl_pto.transforms.dsa_rp.model", "workspace_pairs", _no_pairs,
     "test/lit/memory-reuse/workspace-hazard.mlir", DSA_RP, "written-workspace hazard"),
]


def _plan(path: str, pipeline: str):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        module = parse_module(f.read(), path)
    return run_pipeline(module, pipeline)


@pytest.mark.parametrize(
    ("where", "attr", "planted", "path", "pipeline", "says"),
    [pytest.param(*case[1:], id=case[0]) for case in CASES],
)
def test_planted_planner_bug_is_caught(monkeypatch, where, attr, planted, path, pipeline, says):
    # Control: the rule on, the plan is proved.
    if "declared slot overlap" not in says and "err-declared" not in path:
        verify_module(_plan(path, pipeline), BACKENDS["a3"])
    monkeypatch.setattr(f"{where}.{attr}", planted)
    planned = _plan(path, pipeline)  # the planner does not notice its own bug
    with pytest.raises(PassError) as err:
        verify_module(planned, BACKENDS["a3"])
    assert "verify-memory-plan: " in err.value.message
    assert says in err.value.message


def test_the_planner_refuses_what_the_planted_bugs_let_through():
    """The control for the two refusal rules: with the rule on, the planner
    itself refuses those kernels (so the validator never sees them)."""
    for path, says in [
        ("test/lit/memory-reuse/err-declared-slot-overlap.mlir", "%x and %y are both on @ping and live at once"),
        ("test/lit/memory-reuse/err-declared-tpop-hazard.mlir", "Ascend910 load + tpop hazard"),
    ]:
        with pytest.raises(PassError) as err:
            _plan(path, PYPTO)
        assert says in err.value.message
