"""The placement engine of the DSA planner (issue 9), usable without the IR:
:mod:`.problem` (buffers, separations, penalties, ``no_start_inside`` pairs,
capacity; the LOAD lower bound; checking a placement), :mod:`.heuristic`
(greedy placement over several orders with seeded restarts),
:mod:`.canonical` (MiniMalloc-style branch-and-bound for "fits under a
height"), :mod:`.cpsat` (the OR-Tools CP-SAT model) and :mod:`.engine`
(:func:`solve` chaining them under a deterministic budget, and the
strict-then-soft policy for pipeline intent)."""

from xdsl_pto.placement.engine import (
    Relaxed,
    lower_bound,
    solve,
    solve_strict_then_soft,
)
from xdsl_pto.placement.problem import Buffer, Placement, Problem, evaluate

__all__ = ["Buffer", "Placement", "Problem", "Relaxed", "evaluate", "lower_bound", "solve", "solve_strict_then_soft"]
