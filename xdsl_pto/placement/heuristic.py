"""Greedy placement with several deterministic orders and seeded restarts
(pypto-docs/34-allocate_memory_addr.md, "DSA-RP policy": candidate offsets
are 0 and the aligned tops of already placed neighbours; a penalty-blind
first-fit incumbent is kept beside the penalty-aware runs).

The objective is lexicographic: fits the capacity, then the penalty paid,
then the peak (bytes).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from xdsl_pto.placement.problem import Placement, Problem, evaluate, overlaps


def _align_up(n: int, align: int) -> int:
    return (n + align - 1) // align * align


def place_in_order(problem: Problem, order: Sequence[int], conflicts: list[set[int]], penalty_aware: bool) -> list[int]:
    """Offsets (bytes, by buffer index) placing the buffers one by one in
    ``order``: each at the candidate (0, or the aligned top of a placed
    conflicting or penalised neighbour) that clears every placed conflict
    and is lowest -- or, when ``penalty_aware``, that adds the least penalty,
    then is lowest."""
    bufs = problem.buffers
    weights: list[dict[int, int]] = [{} for _ in bufs]
    if penalty_aware:
        for (i, j), w in problem.penalties.items():
            weights[i][j] = weights[i].get(j, 0) + w
            weights[j][i] = weights[j].get(i, 0) + w
    offsets = [-1] * len(bufs)
    for i in order:
        b = bufs[i]
        placed = [j for j in conflicts[i] if offsets[j] >= 0]
        near = placed + [j for j in weights[i] if offsets[j] >= 0]
        candidates = sorted({0} | {_align_up(offsets[j] + bufs[j].size, b.align) for j in near})
        best: tuple[int, int] | None = None
        for c in candidates:
            if any(overlaps(c, c + b.size, offsets[j], offsets[j] + bufs[j].size) for j in placed):
                continue
            if not penalty_aware:
                best = (0, c)
                break
            cost = sum(
                w for j, w in weights[i].items()
                if offsets[j] >= 0 and overlaps(c, c + b.size, offsets[j], offsets[j] + bufs[j].size)
            )
            if best is None or (cost, c) < best:
                best = (cost, c)
                if cost == 0:
                    break
        assert best is not None  # the top of the highest placed conflict always clears
        offsets[i] = best[1]
    return offsets


def _key(p: Placement, capacity: int | None) -> tuple[int, int, int]:
    return (0 if p.fits(capacity) else 1, p.cost, p.peak)


def solve(problem: Problem, restarts: int = 16, seed: int = 0) -> Placement:
    """The best placement over the deterministic orders (size descending,
    birth, penalty weight) penalty-blind and penalty-aware, plus
    ``restarts`` seeded random orders. Deterministic for a given ``seed``."""
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
            if best is None or _key(p, problem.capacity) < _key(best, problem.capacity):
                best = p
    return best if best is not None else Placement((), 0, 0)
