"""The placement engine's entry points: :func:`solve` (greedy, then an
optional exact / improvement search) and :func:`solve_strict_then_soft`
(the planner's pipeline-intent policy).

Search pipeline of :func:`solve` (each step only replaces the incumbent when
it is lexicographically better: fits the capacity, then penalty paid, then
peak):

1. the greedy of :mod:`.heuristic` (always; the default stops here);
2. small problems (at most ``exact_limit`` buffers): CP-SAT on the full
   objective, hinted with the incumbent -- "exact" when it proves optimality;
3. the canonical branch-and-bound of :mod:`.canonical`: fit under the
   capacity when the incumbent does not fit, else under the LOAD bound;
4. CP-SAT with the capacity as the strip height (a decision when the
   incumbent does not fit, else minimising penalty then peak), hinted;
5. when still nothing fits: CP-SAT minimising the peak below the incumbent's.

Budgets: ``effort`` is deterministic (canonical search nodes and CP-SAT
deterministic time; same input and options, same placement);
``time_limit`` is wall-clock seconds (benchmarks; not deterministic).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

from xdsl_pto.placement.canonical import fit_under
from xdsl_pto.placement.heuristic import greedy, key
from xdsl_pto.placement.problem import Placement, Problem, evaluate, overlaps

#: Canonical search nodes per unit of effort (about one second of search on
#: the development machine).
NODES_PER_EFFORT = 15_000
#: CP-SAT deterministic time per unit of effort.
DET_PER_EFFORT = 1.0
#: Problems with at most this many buffers get the exact CP-SAT step first.
EXACT_LIMIT = 64
#: Shares of the budget: canonical search, then the CP-SAT strip step (the
#: last CP-SAT step gets whatever is left).
_CANONICAL_SHARE = 0.35
_STRIP_SHARE = 0.45


class _Budget:
    """What is left of ``effort`` units and of a wall-clock ``time_limit``."""

    def __init__(self, effort: float, time_limit: float | None) -> None:
        self.effort = effort
        self.wall = time_limit
        self.deadline = None if time_limit is None else time.monotonic() + time_limit

    def share(self, fraction: float) -> tuple[float, float | None]:
        """(effort units, wall seconds or None) for a step taking
        ``fraction`` of what remains."""
        wall = None if self.deadline is None else max(0.0, (self.deadline - time.monotonic()) * fraction)
        return self.effort * fraction, wall

    def spend(self, effort: float) -> None:
        self.effort = max(0.0, self.effort - effort)

    def left(self) -> bool:
        if self.deadline is not None:
            return time.monotonic() < self.deadline - 0.05
        return self.effort > 1e-6


def lower_bound(problem: Problem) -> int:
    """No placement's peak is below this (bytes): the LOAD bound, and the
    largest buffer."""
    return max([problem.load()] + [b.size for b in problem.buffers])


def solve(
    problem: Problem,
    restarts: int = 16,
    seed: int = 0,
    *,
    effort: float = 0.0,
    time_limit: float | None = None,
    workers: int = 1,
    exact_limit: int = EXACT_LIMIT,
    cp_limit: int | None = None,
) -> Placement:
    """The best placement found for ``problem`` (lexicographic: fits the
    capacity, penalty paid, peak). When nothing fits, the best non-fitting
    one (the caller reports the no-fit).

    Args:
        problem: the buffers and rules.
        restarts: seeded random orders in the greedy step.
        seed: the greedy's and CP-SAT's random seed.
        effort: deterministic improvement budget; 0 = greedy only (fast,
            the default). One unit is about a second of work on the
            development machine: ``NODES_PER_EFFORT`` canonical search nodes
            and ``DET_PER_EFFORT`` CP-SAT deterministic time, shared between
            the steps.
        time_limit: wall-clock seconds for the improvement steps instead of
            (or on top of) ``effort``; when given, the result may depend on
            the machine's speed. Benchmarks only.
        workers: CP-SAT worker threads (keep fixed for determinism).
        exact_limit: problems with at most this many buffers get the exact
            CP-SAT step.
        cp_limit: no CP-SAT step at all for more buffers than this (None:
            no limit). Building and presolving the model costs seconds on
            hundreds of buffers whatever the deterministic budget, so a
            compiler pass that must stay fast sets it.

    Returns:
        a :class:`Placement` that :func:`evaluate` accepts, with ``method``
        naming the step that produced it: "greedy", "canonical", "cp-sat",
        or "exact" (CP-SAT proved it optimal); "... (proved optimal)" when
        the exact step proved an earlier step's placement optimal.

    Raises:
        ValueError: when ``effort`` or ``time_limit`` is negative.
    """
    if effort < 0 or (time_limit is not None and time_limit < 0):
        raise ValueError(f"negative budget: effort={effort}, time_limit={time_limit}")
    best = replace(greedy(problem, restarts, seed), method="greedy")
    if not problem.buffers or (effort == 0 and time_limit is None):
        return best
    if time_limit is not None and effort == 0:
        effort = float("inf")  # the clock is the only limit
    cap = problem.capacity
    lb = lower_bound(problem)
    budget = _Budget(effort, time_limit)

    def better(offsets: list[int] | None, method: str) -> None:
        nonlocal best
        if offsets is None:
            return
        p = replace(evaluate(problem, offsets), method=method)
        if key(p, cap) < key(best, cap):
            best = p

    def settled() -> bool:
        return best.fits(cap) and best.cost == 0 and best.peak <= lb

    def cp_step(height: int, decide: bool, fraction: float, method: str) -> bool:
        """One CP-SAT call; True when it proved its answer optimal."""
        # OR-Tools (and the pandas it loads) costs a quarter second to import:
        # only when a search step runs, not in every xdsl-opt process.
        from xdsl_pto.placement.cpsat import cp_place

        nonlocal best
        if cp_limit is not None and len(problem.buffers) > cp_limit:
            return False
        units, wall = budget.share(fraction)
        det = min(units * DET_PER_EFFORT, 1e9)
        res = cp_place(problem, height, list(best.offsets), decide=decide, det_time=det, time_limit=wall, seed=seed, workers=workers)
        budget.spend(res.det_time / DET_PER_EFFORT)
        before = best
        better(res.offsets, method if res.optimal or method != "exact" else "cp-sat")
        if res.optimal and not decide and best is before:
            best = replace(best, method=f"{best.method} (proved optimal)")
        return res.optimal

    n = len(problem.buffers)
    fit_height = cap if cap is not None and cap >= lb else None  # None: nothing can fit
    # Without a fit, lower cost beats lower peak: only the total size bounds
    # the strip when penalties are at stake.
    loose_height = best.peak if not problem.penalties else max(best.peak, sum(b.size for b in problem.buffers))
    if n <= exact_limit and not settled() and budget.left():
        if fit_height is not None:
            if cp_step(fit_height, decide=False, fraction=_STRIP_SHARE, method="exact") and best.fits(cap):
                return _checked(problem, best)
        elif cp_step(loose_height, decide=False, fraction=_STRIP_SHARE, method="exact"):
            return _checked(problem, best)
    if not settled() and budget.left():
        target = cap if cap is not None and not best.fits(cap) else lb
        if lb <= target < best.peak:
            units, wall = budget.share(_CANONICAL_SHARE)
            deadline = None if wall is None else time.monotonic() + wall
            res = fit_under(problem, target, int(min(units * NODES_PER_EFFORT, 1e15)), deadline=deadline)
            budget.spend(res.nodes / NODES_PER_EFFORT)
            better(res.offsets, "canonical")
    if not settled() and budget.left() and fit_height is not None:
        if best.fits(cap):
            cp_step(fit_height, decide=False, fraction=1.0, method="cp-sat")
        else:
            cp_step(fit_height, decide=True, fraction=_STRIP_SHARE / (1 - _CANONICAL_SHARE), method="cp-sat")
            if best.fits(cap) and not settled() and budget.left():
                cp_step(fit_height, decide=False, fraction=1.0, method="cp-sat")
    if not settled() and budget.left() and not best.fits(cap):
        cp_step(loose_height, decide=False, fraction=1.0, method="cp-sat")
    return _checked(problem, best)


def _checked(problem: Problem, p: Placement) -> Placement:
    """``p`` once :func:`evaluate` accepted it again (keeps ``method``)."""
    return replace(evaluate(problem, p.offsets), method=p.method)


@dataclass(frozen=True)
class Relaxed:
    """Outcome of :func:`solve_strict_then_soft`.

    Attributes:
        placement: the placement chosen.
        relaxed: True when the soft retry was needed (nothing fitted with
            every separation hard) and its placement was kept.
        overlapping: the relaxed pairs (buffer indices) whose bytes meet in
            ``placement`` (each one deserves a PH-DSA-001 hint).
    """

    placement: Placement
    relaxed: bool
    overlapping: list[tuple[int, int]]


def solve_strict_then_soft(problem: Problem, soft: set[tuple[int, int]], **options: object) -> Relaxed:
    """The planner's strict-then-soft policy for pipeline intent: solve with
    every separation hard; when that does not fit the capacity, turn the
    separations in ``soft`` (pairs whose only reason is pipeline intent)
    into unit penalties and solve again. ``options`` go to :func:`solve`.

    When neither fits, the strict placement comes back (``relaxed`` False,
    valid under every rule); a no-fit is a search failure, not a proof that
    nothing fits.

    Raises:
        ValueError: when a pair in ``soft`` is not a separation of
            ``problem``.
    """
    norm = {(min(i, j), max(i, j)) for i, j in soft}
    seps = {(min(i, j), max(i, j)) for i, j in problem.separations}
    if not norm <= seps:
        raise ValueError(f"soft pairs that are not separations: {sorted(norm - seps)}")
    strict = solve(problem, **options)  # type: ignore[arg-type]
    if strict.fits(problem.capacity) or not norm:
        return Relaxed(strict, False, [])
    penalties = dict(problem.penalties)
    for pair in sorted(norm):
        penalties[pair] = penalties.get(pair, 0) + 1
    loose = Problem(
        problem.buffers, {s for s in problem.separations if (min(s), max(s)) not in norm},
        penalties, problem.capacity, set(problem.no_start_inside),
    )
    soft_p = solve(loose, **options)  # type: ignore[arg-type]
    if not soft_p.fits(problem.capacity):
        return Relaxed(strict, False, [])  # valid under every rule; the caller reports the no-fit
    bufs = problem.buffers
    touching = [
        (i, j) for i, j in sorted(norm)
        if overlaps(soft_p.offsets[i], soft_p.offsets[i] + bufs[i].size, soft_p.offsets[j], soft_p.offsets[j] + bufs[j].size)
    ]
    return Relaxed(soft_p, True, touching)
