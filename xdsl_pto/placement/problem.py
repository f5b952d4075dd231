"""The placement problem of a DSA planner, without the IR: buffers with a
size, an alignment and a lifetime, pairs that must not share bytes, pairs
whose sharing costs a penalty, and a capacity (issue 9; pypto-docs/
34-allocate_memory_addr.md, "DSA-RP policy").

Units: sizes, alignments, offsets and capacities in bytes; lifetimes are
half-open ``[lo, hi)`` statement indices (a hull, never a union with holes).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Buffer:
    """One allocation identity: ``size`` bytes at an offset that is a
    multiple of ``align``, live on ``[lo, hi)``."""

    name: str
    size: int
    lo: int
    hi: int
    align: int = 32


def overlaps(a_lo: int, a_hi: int, b_lo: int, b_hi: int) -> bool:
    """True when the half-open intervals ``[a_lo, a_hi)`` and ``[b_lo, b_hi)`` meet."""
    return a_lo < b_hi and b_lo < a_hi


@dataclass
class Problem:
    """Buffers of one arena and their pairwise rules.

    Attributes:
        buffers: the buffers, in a fixed order (indices name them below).
        separations: extra index pairs ``(i, j)``, ``i < j``, that must not
            share bytes even when their lifetimes are apart (no-alias rules,
            target hazards, declared allocations, pipeline stages).
        penalties: index pairs with the cost of letting them share bytes
            (a cross-pipe handoff); only pairs whose lifetimes are apart
            matter, the others are separated anyway.
        capacity: the arena's bytes; None = unbounded.
        no_start_inside: index pairs ``(i, j)``: buffer ``j`` must not start
            strictly inside buffer ``i`` (``offset_i < offset_j < offset_i +
            size_i`` is forbidden; equal offsets, ``j`` below ``i`` and ``j``
            clear of ``i`` are fine), whatever the lifetimes -- an op reading
            ``i`` streams its result ``j`` front to back.

    Raises:
        ValueError: on construction, for a buffer with a negative size, an
            alignment below 1 or ``hi < lo``, a pair naming a buffer index
            out of range or one buffer twice, a negative penalty or a
            negative capacity.
    """

    buffers: list[Buffer]
    separations: set[tuple[int, int]] = field(default_factory=set)
    penalties: dict[tuple[int, int], int] = field(default_factory=dict)
    capacity: int | None = None
    no_start_inside: set[tuple[int, int]] = field(default_factory=set)

    def __post_init__(self) -> None:
        for b in self.buffers:
            if b.size < 0 or b.align < 1 or b.hi < b.lo:
                raise ValueError(
                    f"{b.name}: size {b.size}, alignment {b.align}, lifetime [{b.lo}, {b.hi}): "
                    "a size must be 0 or more, an alignment 1 or more, and hi at least lo"
                )
        n = len(self.buffers)
        for what, pairs in (
            ("separation", self.separations),
            ("penalty", self.penalties),
            ("no_start_inside pair", self.no_start_inside),
        ):
            for i, j in pairs:
                if not (0 <= i < n and 0 <= j < n) or i == j:
                    raise ValueError(f"{what} ({i}, {j}) does not name two of the {n} buffers")
        if any(w < 0 for w in self.penalties.values()):
            raise ValueError("a penalty must be 0 or more")
        if self.capacity is not None and self.capacity < 0:
            raise ValueError(f"capacity {self.capacity} is negative")

    def conflicts(self) -> list[set[int]]:
        """Per buffer, the buffers it may not share a byte with: lifetime
        interference or a separation."""
        n = len(self.buffers)
        out: list[set[int]] = [set() for _ in range(n)]
        order = sorted(range(n), key=lambda i: self.buffers[i].lo)
        active: list[int] = []
        for i in order:
            b = self.buffers[i]
            active = [j for j in active if self.buffers[j].hi > b.lo]
            for j in active:
                out[i].add(j)
                out[j].add(i)
            active.append(i)
        for i, j in self.separations:
            out[i].add(j)
            out[j].add(i)
        return out

    def load(self) -> int:
        """The largest total size alive at one moment: no placement's peak
        is below it (the LOAD lower bound)."""
        events: list[tuple[int, int]] = []
        for b in self.buffers:
            events.append((b.lo, b.size))
            events.append((b.hi, -b.size))
        best = cur = 0
        for _, delta in sorted(events, key=lambda e: (e[0], e[1])):  # frees before allocations
            cur += delta
            best = max(best, cur)
        return best


@dataclass(frozen=True)
class Placement:
    """Offsets (bytes, by buffer index), the peak ``max(offset + size)``
    and the penalty paid (the weights of penalty pairs sharing bytes).
    ``method`` names the search that produced it (informative only; not
    part of equality)."""

    offsets: tuple[int, ...]
    peak: int
    cost: int
    method: str = field(default="", compare=False)

    def fits(self, capacity: int | None) -> bool:
        """True when the peak is within ``capacity`` (always for None)."""
        return capacity is None or self.peak <= capacity


def evaluate(problem: Problem, offsets: list[int] | tuple[int, ...]) -> Placement:
    """The :class:`Placement` of ``offsets``.

    Raises:
        ValueError: when the offsets are not one per buffer, an offset is
            misaligned or negative, two conflicting buffers share a byte, or
            a ``no_start_inside`` pair ``(i, j)`` has ``j`` starting strictly
            inside ``i`` (each message names both buffers).
    """
    bufs = problem.buffers
    if len(offsets) != len(bufs):
        raise ValueError(f"{len(offsets)} offsets for {len(bufs)} buffers")
    for b, off in zip(bufs, offsets):
        if off < 0 or off % b.align:
            raise ValueError(f"{b.name}: offset {off} is negative or not a multiple of {b.align}")
    for i, near in enumerate(problem.conflicts()):
        for j in near:
            if i < j and overlaps(offsets[i], offsets[i] + bufs[i].size, offsets[j], offsets[j] + bufs[j].size):
                raise ValueError(
                    f"{bufs[i].name} [{offsets[i]}, {offsets[i] + bufs[i].size}) and {bufs[j].name} "
                    f"[{offsets[j]}, {offsets[j] + bufs[j].size}) may not share bytes"
                )
    for i, j in sorted(problem.no_start_inside):
        if offsets[i] < offsets[j] < offsets[i] + bufs[i].size:
            raise ValueError(
                f"{bufs[j].name} starts at {offsets[j]}, strictly inside {bufs[i].name} "
                f"[{offsets[i]}, {offsets[i] + bufs[i].size}): it may not start inside it"
            )
    cost = sum(
        w
        for (i, j), w in problem.penalties.items()
        if overlaps(offsets[i], offsets[i] + bufs[i].size, offsets[j], offsets[j] + bufs[j].size)
    )
    peak = max((off + b.size for b, off in zip(bufs, offsets)), default=0)
    return Placement(tuple(offsets), peak, cost)
