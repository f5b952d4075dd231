"""Greedy placement with several deterministic orders and seeded restarts
(pypto-docs/34-allocate_memory_addr.md, "DSA-RP policy": candidate offsets
are 0 and the aligned tops of already placed neighbours; a penalty-blind
first-fit incumbent is kept beside the penalty-aware runs).

The objective is lexicographic: fits the capacity, then the penalty paid,
then the peak (bytes).
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Sequence

from xdsl_pto.placement.problem import Placement, Problem, evaluate, overlaps


def _align_up(n: int, align: int) -> int:
    return (n + align - 1) // align * align


class _Occupied:
    """Byte ranges ``[lo, hi)`` (non-empty), merged, for O(log n) tests."""

    def __init__(self, ranges: list[tuple[int, int]]) -> None:
        merged: list[list[int]] = []
        for lo, hi in sorted(ranges):
            if merged and lo <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], hi)
            else:
                merged.append([lo, hi])
        self.starts = [lo for lo, _ in merged]
        self.ends = [hi for _, hi in merged]

    def meets(self, lo: int, hi: int) -> bool:
        """True when the non-empty ``[lo, hi)`` shares a byte with a range."""
        k = bisect.bisect_right(self.starts, lo) - 1
        if k >= 0 and self.ends[k] > lo:
            return True
        return k + 1 < len(self.starts) and self.starts[k + 1] < hi


class _Penalties:
    """The penalised neighbours already placed, as weighted byte ranges
    ``[lo, hi)``: the weight a candidate ``[c, c + size)`` pays is every
    range's minus those ending at or before ``c`` and those starting at or
    after ``c + size`` -- two bisections over prefix sums, O(log n) per
    candidate instead of a pass over every neighbour."""

    def __init__(self, ranges: list[tuple[int, int, int]]) -> None:
        self.ranges = ranges
        self.total = sum(w for _, _, w in ranges)
        by_end = sorted((hi, w) for _, hi, w in ranges)
        by_start = sorted((lo, w) for lo, _, w in ranges)
        self.ends = [hi for hi, _ in by_end]
        self.starts = [lo for lo, _ in by_start]
        self.ended = [0]  # ended[k]: weight of the k ranges ending first
        for _, w in by_end:
            self.ended.append(self.ended[-1] + w)
        self.started = [0]  # started[k]: weight of the k ranges starting first
        for _, w in by_start:
            self.started.append(self.started[-1] + w)

    def cost(self, lo: int, hi: int) -> int:
        """The weight of the ranges that share a byte with ``[lo, hi)``
        (:func:`overlaps`' rule, zero-size ranges included)."""
        if lo == hi:  # an empty candidate at a zero-size range's point: counted on both sides
            return sum(w for a, b, w in self.ranges if overlaps(lo, hi, a, b))
        before = self.ended[bisect.bisect_right(self.ends, lo)]
        k = bisect.bisect_left(self.starts, hi)
        after = self.started[-1] - self.started[k]
        return self.total - before - after


def place_in_order(problem: Problem, order: Sequence[int], conflicts: list[set[int]], penalty_aware: bool) -> list[int]:
    """Offsets (bytes, by buffer index) placing the buffers one by one in
    ``order``: each at the candidate (0, the aligned top of a placed
    conflicting, penalised or ``no_start_inside`` neighbour, or the offset of
    a placed buffer it may not start inside) that clears every placed
    conflict, respects every ``no_start_inside`` pair with a placed buffer and
    is lowest -- or, when ``penalty_aware``, that adds the least penalty, then
    is lowest. ``conflicts`` is ``problem.conflicts()``."""
    bufs = problem.buffers
    n = len(bufs)
    weights: list[dict[int, int]] = [{} for _ in bufs]
    if penalty_aware:
        for (i, j), w in problem.penalties.items():
            weights[i][j] = weights[i].get(j, 0) + w
            weights[j][i] = weights[j].get(i, 0) + w
    inside_of: list[list[int]] = [[] for _ in range(n)]  # j -> the i it may not start inside
    holds: list[list[int]] = [[] for _ in range(n)]  # i -> the j that may not start inside it
    for i, j in problem.no_start_inside:
        inside_of[j].append(i)
        holds[i].append(j)
    offsets = [-1] * n
    # Zero-size buffers meet others in a subtler way: keep the plain scan.
    fast = all(b.size > 0 for b in bufs)
    for x in order:
        b = bufs[x]
        placed = [j for j in conflicts[x] if offsets[j] >= 0]
        outer = [i for i in inside_of[x] if offsets[i] >= 0]
        inner = [j for j in holds[x] if offsets[j] >= 0]
        near = placed + [j for j in weights[x] if offsets[j] >= 0] + outer + inner
        # (The highest aligned top clears every conflict and containment.)
        tops = {_align_up(offsets[j] + bufs[j].size, b.align) for j in near}
        starts = {offsets[i] for i in outer if offsets[i] % b.align == 0}
        candidates = sorted({0} | tops | starts)
        best: tuple[int, int] | None = None
        blocked = _Occupied([(offsets[j], offsets[j] + bufs[j].size) for j in placed]) if fast else None
        paid = _Penalties(
            [(offsets[j], offsets[j] + bufs[j].size, w) for j, w in weights[x].items() if offsets[j] >= 0]
        )
        for c in candidates:
            if blocked is not None:
                if blocked.meets(c, c + b.size):
                    continue
            elif any(overlaps(c, c + b.size, offsets[j], offsets[j] + bufs[j].size) for j in placed):
                continue
            if any(offsets[i] < c < offsets[i] + bufs[i].size for i in outer):
                continue
            if any(c < offsets[j] < c + b.size for j in inner):
                continue
            if not penalty_aware:
                best = (0, c)
                break
            cost = paid.cost(c, c + b.size)
            if best is None or (cost, c) < best:
                best = (cost, c)
                if cost == 0:
                    break
        assert best is not None  # the top of the highest placed neighbour always clears
        offsets[x] = best[1]
    return offsets


def key(p: Placement, capacity: int | None) -> tuple[int, int, int]:
    """The lexicographic objective of ``p``: (0 if it fits ``capacity``
    else 1, penalty paid, peak bytes); lower is better."""
    return (0 if p.fits(capacity) else 1, p.cost, p.peak)


def first_fit(problem: Problem) -> Placement:
    """The plain first fit: birth order, lowest candidate offset, penalties
    ignored (the baseline the DSA planner must never be worse than)."""
    bufs = problem.buffers
    birth = sorted(range(len(bufs)), key=lambda i: (bufs[i].lo, i))
    return evaluate(problem, place_in_order(problem, birth, problem.conflicts(), penalty_aware=False))


def greedy(problem: Problem, restarts: int = 16, seed: int = 0) -> Placement:
    """The best placement over the deterministic orders (size descending,
    birth, penalty weight, area) penalty-blind and penalty-aware, plus
    ``restarts`` seeded random orders. Deterministic for a given ``seed``.
    Every placement returned has passed :func:`evaluate`."""
    n = len(problem.buffers)
    bufs = problem.buffers
    conflicts = problem.conflicts()
    weight = [0] * n
    for (i, j), w in problem.penalties.items():
        weight[i] += w
        weight[j] += w
    orders = [
        sorted(range(n), key=lambda i: (-bufs[i].size, bufs[i].lo, i)),
        sorted(range(n), key=lambda i: (bufs[i].lo, -bufs[i].size, i)),
        sorted(range(n), key=lambda i: (-weight[i], -bufs[i].size, i)),
        sorted(range(n), key=lambda i: (-(bufs[i].hi - bufs[i].lo) * bufs[i].size, i)),
    ]
    rng = random.Random(seed)
    for _ in range(restarts):
        o = list(range(n))
        rng.shuffle(o)
        orders.append(o)
    best: Placement | None = None
    for k, order in enumerate(orders):
        for aware in ((False, True) if k < 2 else (True,)):  # blind first fit by size and by birth kept
            p = evaluate(problem, place_in_order(problem, order, conflicts, aware))
            if best is None or key(p, problem.capacity) < key(best, problem.capacity):
                best = p
    return best if best is not None else Placement((), 0, 0)
