"""The placement problem as an OR-Tools CP-SAT model.

One integer offset per buffer (a multiple of its alignment, below a strip
height), and:

* every lifetime-interfering pair apart: ``AddNoOverlap2D`` over (lifetime,
  bytes) rectangles for its energy reasoning, plus one boolean per pair
  ("i below j" / "j below i") for the search to branch on -- the two together
  solve the MiniMalloc instances E and H at their capacity, which either alone
  does not (bench/README.md);
* every separation apart by the same per-pair disjunction;
* every ``no_start_inside`` pair ``(i, j)``: ``offset_j <= offset_i`` or
  ``offset_j >= offset_i + size_i`` (one boolean);
* every penalty pair: two booleans "i below j" / "j below i" (at most one);
  the pair pays its weight unless one holds;
* the peak: at least every top, at most the strip height.

The objective is lexicographic: penalty paid, then peak (``cost * (height +
1) + peak``). Hints come from an incumbent placement. Determinism: a fixed
worker count, a fixed ``random_seed`` and a deterministic time limit give the
same answer on every run; an optional wall-clock limit (for benchmarks) does
not.

Units: bytes for sizes, offsets and heights; CP-SAT deterministic time units
(roughly seconds of work on a desktop core) for ``det_time``; seconds for
``time_limit``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ortools.sat.python import cp_model

from xdsl_pto.placement.problem import Problem


@dataclass(frozen=True)
class CpResult:
    """Outcome of :func:`cp_place`.

    Attributes:
        offsets: the best offsets found (bytes, by buffer index), or None.
        optimal: True when CP-SAT proved them optimal for the objective
            under the strip height (or, with ``decide``, proved a fit).
        infeasible: True when CP-SAT proved nothing fits under the height.
        det_time: deterministic time spent.
    """

    offsets: list[int] | None
    optimal: bool
    infeasible: bool
    det_time: float


def cp_place(
    problem: Problem,
    height: int,
    hint: Sequence[int] | None = None,
    *,
    decide: bool = False,
    det_time: float = 1.0,
    time_limit: float | None = None,
    seed: int = 0,
    workers: int = 1,
) -> CpResult:
    """Place ``problem``'s buffers below ``height`` bytes with CP-SAT.

    Args:
        problem: buffers and rules (its capacity is not read: ``height`` is
            the strip).
        height: every top must be at most this many bytes.
        hint: incumbent offsets (bytes); hinted only when every top fits.
        decide: stop at the first placement under ``height`` (no objective).
        det_time: CP-SAT ``max_deterministic_time``.
        time_limit: optional wall-clock seconds (``max_time_in_seconds``);
            breaks determinism, for benchmarks only.
        seed: CP-SAT ``random_seed``.
        workers: CP-SAT ``num_workers`` (fixed for determinism).

    Raises:
        ValueError: when ``height`` is negative.
    """
    if height < 0:
        raise ValueError(f"strip height {height} is negative")
    bufs = problem.buffers
    n = len(bufs)
    if n == 0:
        return CpResult([], True, False, 0.0)
    if any(b.size > height for b in bufs):
        return CpResult(None, False, True, 0.0)
    m = cp_model.CpModel()
    ys: list[cp_model.LinearExprT] = []
    ks = []
    for i, b in enumerate(bufs):
        a = max(1, b.align)
        k = m.new_int_var(0, (height - b.size) // a, f"k{i}")
        ks.append(k)
        ys.append(k * a if a > 1 else k)
    live = [i for i, b in enumerate(bufs) if b.hi > b.lo and b.size > 0]
    if len(live) > 1:
        m.add_no_overlap_2d(
            [m.new_fixed_size_interval_var(bufs[i].lo, bufs[i].hi - bufs[i].lo, f"t{i}") for i in live],
            [m.new_fixed_size_interval_var(ys[i], bufs[i].size, f"b{i}") for i in live],
        )
    use_hint = hint is not None and len(hint) == n and all(h + b.size <= height for h, b in zip(hint, bufs))
    conflicts = problem.conflicts()
    for i in range(n):
        for j in sorted(conflicts[i]):
            if i < j and bufs[i].size and bufs[j].size:
                below = m.new_bool_var(f"o{i}_{j}")
                m.add(ys[i] + bufs[i].size <= ys[j]).only_enforce_if(below)
                m.add(ys[j] + bufs[j].size <= ys[i]).only_enforce_if(~below)
                if use_hint:
                    m.add_hint(below, hint[i] + bufs[i].size <= hint[j])  # type: ignore[index]
    for i, j in sorted(problem.no_start_inside):
        if j in conflicts[i] or bufs[i].size <= 1:
            continue  # apart anyway, or nothing is strictly inside
        at_or_below = m.new_bool_var(f"s{i}_{j}")
        m.add(ys[j] <= ys[i]).only_enforce_if(at_or_below)
        m.add(ys[j] >= ys[i] + bufs[i].size).only_enforce_if(~at_or_below)
        if use_hint:
            m.add_hint(at_or_below, hint[j] <= hint[i])  # type: ignore[index]
    paid = []
    for (i, j), w in sorted(problem.penalties.items()):
        if w <= 0 or j in conflicts[i] or not bufs[i].size or not bufs[j].size:
            continue
        lo_i = m.new_bool_var(f"p{i}_{j}")
        lo_j = m.new_bool_var(f"q{i}_{j}")
        m.add_at_most_one(lo_i, lo_j)
        m.add(ys[i] + bufs[i].size <= ys[j]).only_enforce_if(lo_i)
        m.add(ys[j] + bufs[j].size <= ys[i]).only_enforce_if(lo_j)
        paid.append((w, lo_i, lo_j))
        if use_hint:
            hi_, hj = hint[i], hint[j]  # type: ignore[index]
            m.add_hint(lo_i, hi_ + bufs[i].size <= hj)
            m.add_hint(lo_j, hj + bufs[j].size <= hi_ and not hi_ + bufs[i].size <= hj)
    if use_hint:
        for i, b in enumerate(bufs):
            m.add_hint(ks[i], hint[i] // max(1, b.align))  # type: ignore[index]
    if not decide:
        peak = m.new_int_var(max(b.size for b in bufs), height, "peak")
        for i, b in enumerate(bufs):
            m.add(peak >= ys[i] + b.size)
        cost = sum(w * (1 - lo_i - lo_j) for w, lo_i, lo_j in paid)
        m.minimize(cost * (height + 1) + peak)
        if use_hint:
            m.add_hint(peak, max(h + b.size for h, b in zip(hint, bufs)))  # type: ignore[arg-type]
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = seed
    solver.parameters.max_deterministic_time = det_time
    # CP-SAT takes Ctrl-C to stop its search by default: a Ctrl-C meant for
    # the program (xdsl-pto fuzz) then only cut one solve short
    solver.parameters.catch_sigint_signal = False
    if time_limit is not None:
        solver.parameters.max_time_in_seconds = time_limit
    status = solver.solve(m)
    spent = solver.deterministic_time
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        offsets = [int(solver.value(k)) * max(1, b.align) for k, b in zip(ks, bufs)]
        return CpResult(offsets, status == cp_model.OPTIMAL, False, spent)
    return CpResult(None, False, status == cp_model.INFEASIBLE, spent)

