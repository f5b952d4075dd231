"""The placement engine of the DSA planner (issue 9), usable without the IR:
:mod:`.problem` (buffers, separations, penalties, capacity; the LOAD lower
bound; checking a placement) and :mod:`.heuristic` (greedy placement over
several orders with seeded restarts)."""

from xdsl_pto.placement.heuristic import solve
from xdsl_pto.placement.problem import Buffer, Placement, Problem, evaluate

__all__ = ["Buffer", "Placement", "Problem", "evaluate", "solve"]
