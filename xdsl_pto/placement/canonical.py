"""Canonical branch-and-bound: does a placement fit under a given height?

The decision version of the placement problem ("fit every buffer below
``height`` bytes"), searched the way MiniMalloc (Moffitt, ASPLOS 2023)
describes its solver, implemented here from the published ideas:

* *Canonical placements.* Buffers are placed in non-decreasing offset order,
  each at the lowest offset its already placed conflicts leave it (the top of
  the highest placed conflict, aligned). Any placement can be pushed down into
  such a form, so nothing is lost for plain lifetime problems; ties at one
  offset are broken by a static order (no permutation is visited twice).
* *Dynamic order.* At each node the candidates are the unplaced buffers by
  (lowest offset, static rank); the static rank comes from a preordering
  heuristic (see :data:`HEURISTICS`).
* *Dominance.* A buffer is not placed at or above the lowest top any unplaced
  buffer could reach: that buffer would fit in the gap below, first.
* *Section inference.* Time is cut into sections at every lifetime end point;
  in each section the unplaced buffers must still fit on top of the
  section's floor, which is at least the current offset (offsets only grow)
  and at least the lowest offset of any unplaced buffer living there.

Separations, alignment and ``no_start_inside`` pairs are honoured (the search
stays sound: every placement it returns is valid), but with separations or
``no_start_inside`` pairs a "not found" is no proof of infeasibility.
Penalties are ignored here (the caller weighs them).

Units: bytes for sizes, offsets and heights; node counts for budgets.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from xdsl_pto.placement.problem import Problem

#: Static preorderings, tried round robin (MiniMalloc's three defaults plus
#: one by size). Letters, most significant first, each descending:
#: ``W`` lifetime width (statements), ``A`` area (bytes x statements),
#: ``T`` the largest section total the buffer lives in (bytes), ``Z`` size.
HEURISTICS: tuple[str, ...] = ("WAT", "TAW", "TWA", "ZWA")


class _Abort(Exception):
    """The node budget (or the wall-clock deadline) ran out."""


@dataclass(frozen=True)
class FitResult:
    """Outcome of :func:`fit_under`.

    Attributes:
        offsets: byte offsets by buffer index, every top ``<= height``; None
            when none was found.
        proved: True when the search space was exhausted without a fit (a
            proof only for problems with no separations and no
            ``no_start_inside`` pairs).
        nodes: search nodes visited (the deterministic work measure).
        heuristic: the preordering that found ``offsets`` (or "" when none).
    """

    offsets: list[int] | None
    proved: bool
    nodes: int
    heuristic: str = ""


class _Search:
    """One canonical search state over a problem and a height (bytes)."""

    def __init__(self, problem: Problem, height: int) -> None:
        bufs = problem.buffers
        n = len(bufs)
        self.n = n
        self.height = height
        self.size = np.array([b.size for b in bufs], dtype=np.int64)
        self.align = np.array([max(1, b.align) for b in bufs], dtype=np.int64)
        self.any_align = bool((self.align > 1).any())
        points = sorted({b.lo for b in bufs} | {b.hi for b in bufs})
        where = {t: k for k, t in enumerate(points)}
        self.span = [(where[b.lo], where[b.hi]) if b.hi > b.lo else (0, 0) for b in bufs]
        n_sec = max(len(points) - 1, 0)
        self.n_sec = n_sec
        total = np.zeros(n_sec, dtype=np.int64)
        members: list[list[int]] = [[] for _ in range(n_sec)]
        for i, (s0, s1) in enumerate(self.span):
            total[s0:s1] += bufs[i].size
            for s in range(s0, s1):
                members[s].append(i)
        self.total0 = total
        # Section members, flattened for one vectorised min per section; each
        # segment ends with the sentinel index n (never placed, offset huge).
        flat: list[int] = []
        starts: list[int] = []
        for m in members:
            starts.append(len(flat))
            flat.extend(m)
            flat.append(n)
        self.flat = np.array(flat, dtype=np.int64)
        self.starts = np.array(starts, dtype=np.int64)
        self.s0s = np.array([s0 for s0, _ in self.span], dtype=np.int64)
        self.s1s = np.array([s1 for _, s1 in self.span], dtype=np.int64)
        cut0 = np.zeros(n_sec + 1, dtype=np.int64)
        for s0, s1 in self.span:
            cut0[s0 + 1:s1] += 1
        self.cut0 = cut0
        # Time decomposition is only sound when lifetimes are the only link.
        self.decompose = not problem.separations and not problem.no_start_inside
        # Buffers with an empty lifetime and no rule sit at 0 from the start.
        conflicts = problem.conflicts()
        self.loose = [i for i, (s0, s1) in enumerate(self.span) if s0 == s1 and not conflicts[i]] if self.decompose else []
        self.adj = [np.array(sorted(c), dtype=np.int64) for c in conflicts]
        self.overlaps = [len(c) for c in conflicts]
        self.inside_of: list[list[int]] = [[] for _ in range(n)]  # j -> the i it may not start inside
        for i, j in problem.no_start_inside:
            self.inside_of[j].append(i)
        self.width = [b.hi - b.lo for b in bufs]
        self.area = [b.size * (b.hi - b.lo) for b in bufs]
        self.sec_total = [int(total[s0:s1].max()) if s1 > s0 else 0 for s0, s1 in self.span]

    def rank(self, heuristic: str) -> np.ndarray:
        """Static rank (0 first) of every buffer under ``heuristic``."""
        keys = {"W": self.width, "A": self.area, "T": self.sec_total, "Z": self.size.tolist()}

        def key(i: int) -> tuple[int, ...]:
            return tuple(-int(keys[c][i]) for c in heuristic) + (i,)

        order = sorted(range(self.n), key=key)
        rank = np.empty(self.n, dtype=np.int64)
        rank[order] = np.arange(self.n)
        return rank

    def run(self, heuristic: str, node_limit: int, deadline: float | None) -> tuple[list[int] | None, bool, int]:
        """Depth-first search under one preordering.

        Returns:
            (offsets or None, exhausted, nodes visited).
        """
        n, height = self.n, self.height
        size, align = self.size, self.align
        rank = self.rank(heuristic)
        key_scale = n + 1
        big = np.int64(1) << 60
        # mo[n] is a sentinel that keeps every section's segment non-empty.
        mo = np.zeros(n + 1, dtype=np.int64)  # lowest offset each unplaced buffer may take
        mo[n] = big
        free = np.ones(n + 1, dtype=bool)
        free[n] = False
        off = [-1] * n
        rest = self.total0.copy()
        if (rest > height).any() or (size > height).any():
            return None, True, 0
        nodes = 0
        span, adj, inside_of = self.span, self.adj, self.inside_of
        flat, starts = self.flat, self.starts
        s0s, s1s = self.s0s, self.s1s
        any_align = self.any_align
        n_sec = self.n_sec
        cut = self.cut0.copy()  # unplaced buffers crossing each section boundary
        split = self.decompose
        trail: list[tuple[int, np.ndarray, np.ndarray]] = []

        def lift(j: int, o: int) -> int:
            """``o`` raised past every placed buffer ``j`` may not start inside."""
            moved = True
            while moved:
                moved = False
                for i in inside_of[j]:
                    oi = off[i]
                    if oi >= 0 and oi < o < oi + int(size[i]):
                        a = int(align[j])
                        o = (oi + int(size[i]) + a - 1) // a * a
                        moved = True
            return o

        def place(b: int, o: int) -> None:
            top = o + int(size[b])
            free[b] = False
            off[b] = o
            a = adj[b]
            a = a[free[a]]
            old_mo = mo[a]
            new_mo = np.maximum(old_mo, top)
            if any_align:
                al = align[a]
                new_mo = (new_mo + al - 1) // al * al
            mo[a] = new_mo
            s0, s1 = span[b]
            rest[s0:s1] -= size[b]
            cut[s0 + 1:s1] -= 1
            trail.append((b, a, old_mo))

        def undo_to(mark: int) -> None:
            while len(trail) > mark:
                b, a, old_mo = trail.pop()
                s0, s1 = span[b]
                cut[s0 + 1:s1] += 1
                rest[s0:s1] += size[b]
                mo[a] = old_mo
                off[b] = -1
                free[b] = True

        def parts(bufs: np.ndarray, lo: int, hi: int) -> list[tuple[np.ndarray, int, int]]:
            """The unplaced ``bufs`` of sections ``[lo, hi)`` split at every
            boundary no unplaced buffer crosses (independent subproblems)."""
            bufs = bufs[free[bufs]]
            if not split or bufs.size == 0:
                return [(bufs, lo, hi)] if bufs.size else []
            zero = np.flatnonzero(cut[lo + 1:hi] == 0) + lo + 1
            if zero.size == 0:
                return [(bufs, lo, hi)]
            bounds = [lo, *zero.tolist(), hi]
            which = np.searchsorted(zero, s0s[bufs], side="right")
            out = []
            for k in range(len(bounds) - 1):
                sub = bufs[which == k]
                if sub.size:
                    out.append((sub, bounds[k], bounds[k + 1]))
            return out

        def solve_parts(ps: list[tuple[np.ndarray, int, int]]) -> bool:
            mark = len(trail)
            for bufs, lo, hi in ps:
                if not dfs(bufs, lo, hi, -1, -1):
                    undo_to(mark)
                    return False
            return True

        def dfs(bufs: np.ndarray, lo: int, hi: int, last_off: int, last_rank: int) -> bool:
            """Place the unplaced ``bufs`` (living in sections ``[lo, hi)``)
            above ``last_off``; True (state kept) when all fit."""
            nonlocal nodes
            idx = bufs[free[bufs]]
            if idx.size == 0:
                return True
            if nodes >= node_limit or (deadline is not None and nodes % 256 == 0 and time.monotonic() > deadline):
                raise _Abort
            nodes += 1
            mo_u = mo[idx]
            min_height = int((mo_u + size[idx]).min())
            r_u = rank[idx]
            ok = (mo_u < min_height) & ((mo_u > last_off) | ((mo_u == last_off) & (r_u > last_rank)))
            cand = idx[ok]
            if cand.size == 0:
                return False
            # Sections a candidate does not live in keep their unplaced bytes:
            # the candidate's offset (the new floor everywhere) must leave room.
            need = height - rest[lo:hi]
            pre = np.empty(hi - lo + 1, dtype=np.int64)
            pre[0] = big
            np.minimum.accumulate(need, out=pre[1:])
            suf = np.empty(hi - lo + 1, dtype=np.int64)
            suf[hi - lo] = big
            suf[:hi - lo] = np.minimum.accumulate(need[::-1])[::-1]
            allowed = np.minimum(pre[s0s[cand] - lo], suf[s1s[cand] - lo])
            cand = cand[mo[cand] <= allowed]
            if cand.size == 0:
                return False
            cand = cand[np.argsort(mo[cand] * key_scale + rank[cand], kind="stable")]
            for b in cand.tolist():
                o = int(mo[b])
                if inside_of[b]:
                    o = lift(b, o)
                    if o >= min_height:
                        continue
                if o + int(size[b]) > height:
                    continue
                mark = len(trail)
                place(b, o)
                # Each section's unplaced buffers stack above the lowest
                # offset any of them may take, and above ``o``. (A section
                # with none left sees its sentinel, capped to height.)
                low = np.minimum.reduceat(np.where(free[flat], mo[flat], big), starts)[lo:hi]
                np.minimum(low, height, out=low)
                if bool((np.maximum(low, o) + rest[lo:hi] <= height).all()):
                    s0, s1 = span[b]
                    if split and s1 - s0 > 1 and (cut[s0 + 1:s1] == 0).any():
                        if solve_parts(parts(idx, lo, hi)):
                            return True
                    elif dfs(idx, lo, hi, o, int(rank[b])):
                        return True
                undo_to(mark)
            return False

        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 4 * n + 1000))
        try:
            for b in self.loose:
                place(b, 0)
            found = solve_parts(parts(np.arange(n, dtype=np.int64), 0, n_sec))
        except _Abort:
            return None, False, nodes
        finally:
            sys.setrecursionlimit(limit)
        return (list(off) if found else None), not found, nodes


def fit_under(
    problem: Problem,
    height: int,
    node_budget: int,
    heuristics: Sequence[str] = HEURISTICS,
    deadline: float | None = None,
) -> FitResult:
    """Search for a placement whose peak is at most ``height`` bytes.

    The preorderings in ``heuristics`` are tried round robin with a node limit
    that starts at twice the buffer count and doubles each round, until one
    finds a placement, one exhausts its search space (a proof of
    infeasibility for plain lifetime problems), or ``node_budget`` nodes have
    been spent in total. Deterministic for a given budget unless a wall-clock
    ``deadline`` (a :func:`time.monotonic` value) cuts it short.

    Args:
        problem: the buffers and rules (penalties are ignored).
        height: the bytes every buffer's top must stay within.
        node_budget: total search nodes allowed (>= 0).
        heuristics: preordering letter strings (see :data:`HEURISTICS`).
        deadline: optional :func:`time.monotonic` time to stop at.

    Raises:
        ValueError: when ``heuristics`` is empty or uses an unknown letter.
    """
    if not heuristics or any(c not in "WATZ" for h in heuristics for c in h):
        raise ValueError(f"preordering heuristics must be non-empty strings over W, A, T, Z: {heuristics!r}")
    if not problem.buffers:
        return FitResult([], False, 0)
    search = _Search(problem, height)
    spent = 0
    limit = 2 * max(search.n, 1)
    while spent < node_budget:
        for h in heuristics:
            room = node_budget - spent
            if room <= 0:
                break
            offsets, exhausted, nodes = search.run(h, min(limit, room), deadline)
            spent += nodes
            if offsets is not None:
                return FitResult(offsets, False, spent, h)
            if exhausted:
                return FitResult(None, True, spent)
            if deadline is not None and time.monotonic() > deadline:
                return FitResult(None, False, spent)
        limit *= 2
    return FitResult(None, False, spent)
