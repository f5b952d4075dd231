"""Placing one memory space under DSA-RP: the engine's problem, the
strict-then-soft policy for pipeline intent, and the independent check of
every placement (pypto-docs/34-allocate_memory_addr.md, "DSA-RP policy").

1. Solve with every separation hard (pipeline stages included) and the
   cross-pipe penalties soft.
2. No fitting placement found: relax the pairs whose only reason is
   pipeline intent into unit penalties and solve again; each relaxed pair
   that ends up sharing bytes is reported (PH-DSA-001).
3. Still no fit: the caller reports a no-fit error -- a search failure,
   unless LOAD alone exceeds the capacity.

The policy itself is the engine's (:func:`xdsl_pto.placement.solve_strict_then_soft`);
this module builds its problem from a :class:`SpaceModel`. Every placement
is checked again by :func:`xdsl_pto.placement.evaluate` (which shares no
code with the search) against the problem rebuilt here before it is
returned.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl_pto.backends import ALLOC_ALIGN
from xdsl_pto.placement import Buffer, Problem, evaluate, solve_strict_then_soft
from xdsl_pto.transforms.dsa_rp.model import Pair, SpaceModel


@dataclass(frozen=True)
class SpacePlan:
    """The placement of one space.

    Attributes:
        offsets: root name -> byte offset in the space.
        peak: the bytes used, ``max(offset + size)``.
        load: the LOAD lower bound (bytes live at once, at most).
        cost: penalty paid (cross-pipe handoffs and relaxed stage pairs sharing bytes).
        fits: the peak is within the capacity (always without one).
        relaxed: stage pairs that had to share bytes (empty unless relaxed).
    """

    offsets: dict[str, int]
    peak: int
    load: int
    cost: int
    fits: bool
    relaxed: list[Pair] = field(default_factory=list)


def to_problem(model: SpaceModel, capacity: int | None, relax: bool = False) -> Problem:
    """The engine's problem for ``model``: one buffer per root (sizes in
    bytes, 32-byte alignment, lifetimes as statement indices), its hard
    pairs as separations -- or, with ``relax``, the pipeline-only ones as
    unit penalties -- the cross-pipe penalties and the streaming order."""
    index = {r.name: i for i, r in enumerate(model.roots)}
    buffers = [Buffer(r.name, r.size, r.live.lo, r.live.hi, ALLOC_ALIGN) for r in model.roots]
    soft = set(model.stage_only()) if relax else set()
    separations = {_ij(index, p) for p in model.hard if p not in soft}
    penalties: dict[tuple[int, int], int] = {}
    for p, w in list(model.penalties.items()) + [(p, 1) for p in sorted(soft, key=sorted)]:
        key = _ij(index, p)
        penalties[key] = penalties.get(key, 0) + w
    ordered = {(index[a], index[b]) for a, b in model.ordered}
    return Problem(buffers, separations, penalties, capacity, no_start_inside=ordered)


def _ij(index: dict[str, int], pair: Pair) -> tuple[int, int]:
    i, j = sorted(index[n] for n in pair)
    return i, j


#: The engine's deterministic improvement budget per solve (about 0.2 s of
#: search at most, twice when strict-then-soft retries; greedy, then CP-SAT
#: and the canonical search where they can still improve). Same input, same
#: placement.
EFFORT = 0.2
#: Spaces of more roots than this get no CP-SAT step (its model alone takes
#: seconds on hundreds of buffers): the greedy and the canonical search.
CP_LIMIT = 256


def place_space(model: SpaceModel, capacity: int | None) -> SpacePlan:
    """Place ``model`` within ``capacity`` bytes (None = unbounded) by the
    strict-then-soft policy (module doc); the best placement found, fitting
    or not.

    Raises:
        ValueError: when the engine returns a placement the independent
            check refuses (an internal error; never expected).
    """
    strict = to_problem(model, capacity)
    index = {r.name: i for i, r in enumerate(model.roots)}
    soft = {_ij(index, p) for p in model.stage_only()}
    out = solve_strict_then_soft(strict, soft, effort=EFFORT, cp_limit=CP_LIMIT)
    checked = to_problem(model, capacity, relax=out.relaxed)
    got = evaluate(checked, out.placement.offsets)
    names = [r.name for r in model.roots]
    return SpacePlan(
        dict(zip(names, got.offsets)),
        got.peak,
        strict.load(),
        got.cost,
        got.fits(capacity),
        [frozenset((names[i], names[j])) for i, j in out.overlapping],
    )


__all__ = ["CP_LIMIT", "EFFORT", "SpacePlan", "place_space", "to_problem"]
