"""First-fit-decreasing packing of allocation roots into shared buffers.

Seed 001/002, MemoryReuse step 3: within each memory space, roots are taken
largest first (ties: earlier first definition, then name); each joins the
first existing buffer all of whose members it can share with -- no lifetime
interference and no no-alias pair -- or opens a new buffer. A buffer's size is
its first (largest) member's, so admitting a smaller member later costs
nothing. Every check is symmetric, so the packing order cannot break a rule.

:func:`pack_subranges` is the capacity-overflow retry (seed 001/002 step 3,
"Capacity-overflow subrange fallback"): a root may also take an aligned
subrange of an existing arena, clear of every member it cannot share bytes
with; arenas never grow.

A pinned root (an author-declared allocation, seed 001 "Declared
allocations") is closed: it opens its own buffer and no other root ever
joins it -- a per-buffer flag checked in the packing loop, not a pair rule.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from dataclasses import dataclass, field

from xdsl_pto.backends import ALLOC_ALIGN, align_up
from xdsl_pto.transforms.memory_reuse.lifetime import Interval


@dataclass(frozen=True)
class Root:
    """One allocation root to pack: name, memory space, size (bytes),
    interval, and whether it is pinned (declared by the author)."""

    name: str
    space: str
    size: int
    live: Interval
    pinned: bool = False


@dataclass
class Buffer:
    """A packed buffer: its representative (largest) root and all members,
    each at a byte offset into the representative (0 unless placed in a
    subrange)."""

    members: list[Root] = field(default_factory=list)
    offsets: dict[str, int] = field(default_factory=dict)

    def offset(self, root: Root) -> int:
        """Where ``root`` starts inside the buffer, in bytes."""
        return self.offsets.get(root.name, 0)

    @property
    def representative(self) -> Root:
        """The first (largest) member, whose root every member is rebased onto."""
        return self.members[0]


def can_share(a: Root, b: Root, forbidden: set[frozenset[str]]) -> bool:
    """True when roots ``a`` and ``b`` may occupy the same bytes."""
    if a.space != b.space:
        return False
    if a.live.interferes(b.live):
        return False
    return frozenset((a.name, b.name)) not in forbidden


class _Occupancy:
    """The members of one :func:`pack` buffer, indexed so that "can root
    ``r`` share with every member" (:func:`can_share` against each) costs a
    bisection and a set test instead of a scan of the members -- the scan
    made packing quadratic in the number of roots.

    The members' lifetimes pairwise do not interfere (each joined only if
    it shares with all before it), so sorted by ``(lo, hi)`` both ends are
    non-decreasing and each starts at or after the previous one's end: the
    members starting before ``r.live.hi`` are a prefix, and the last of them
    ends latest. All members are in the representative's memory space.
    """

    def __init__(self, first: Root):
        self.spans: list[tuple[int, int]] = [(first.live.lo, first.live.hi)]
        self.names: set[str] = {first.name}

    def admits(self, r: Root, partners: set[str]) -> bool:
        """True when ``r`` (same memory space) may share with every member:
        no lifetime interference, no member among ``partners`` (the roots
        ``r`` has a forbidden pair with)."""
        k = bisect_left(self.spans, (r.live.hi,))  # members with lo < r.live.hi
        if k and self.spans[k - 1][1] > r.live.lo:
            return False
        return partners.isdisjoint(self.names)

    def add(self, r: Root) -> None:
        insort(self.spans, (r.live.lo, r.live.hi))
        self.names.add(r.name)


def pack(roots: list[Root], forbidden: set[frozenset[str]]) -> list[Buffer]:
    """Pack ``roots`` first-fit decreasing; returns the buffers in opening
    order (each buffer's members in joining order). A root joins the first
    buffer all of whose members it :func:`can_share` with (checked through
    an index of each buffer's lifetimes, :class:`_Occupancy`: O(log n) per
    buffer)."""
    ordered = sorted(roots, key=lambda r: (-r.size, r.live.lo, r.name))
    partners: dict[str, set[str]] = {}
    for pair in forbidden:
        if len(pair) == 2:
            a, b = pair
            partners.setdefault(a, set()).add(b)
            partners.setdefault(b, set()).add(a)
    none: set[str] = set()
    buffers: list[Buffer] = []
    occupancy: dict[int, _Occupancy] = {}  # id(buffer) ->
    for r in ordered:
        mine = partners.get(r.name, none)
        for b in _open_buffers(buffers, r):
            if occupancy[id(b)].admits(r, mine):
                b.members.append(r)
                occupancy[id(b)].add(r)
                break
        else:
            buffers.append(Buffer([r]))
            occupancy[id(buffers[-1])] = _Occupancy(r)
    return buffers


def pack_subranges(
    roots: list[Root], forbidden: set[frozenset[str]], align: int = ALLOC_ALIGN
) -> list[Buffer]:
    """First-fit decreasing where a root may take any ``align``-aligned
    subrange of an existing arena (a buffer opened by a larger root) whose
    bytes no member it cannot share with occupies; the lowest such offset in
    the first arena that has one wins, else the root opens a new arena.
    Arenas never grow. Returns the buffers as :func:`pack` does, with each
    member's offset."""
    ordered = sorted(roots, key=lambda r: (-r.size, r.live.lo, r.name))
    buffers: list[Buffer] = []
    for r in ordered:
        for b in _open_buffers(buffers, r):
            rep = b.representative
            blocked = sorted(
                (b.offset(m), b.offset(m) + m.size)
                for m in b.members
                if not can_share(r, m, forbidden)
            )
            at = _lowest_gap(blocked, r.size, rep.size, align)
            if at is not None:
                b.members.append(r)
                b.offsets[r.name] = at
                break
        else:
            buffers.append(Buffer([r]))
    return buffers


def _open_buffers(buffers: list[Buffer], r: Root) -> list[Buffer]:
    """The buffers ``r`` may join: same space, neither side pinned."""
    if r.pinned:
        return []
    return [
        b for b in buffers if b.representative.space == r.space and not b.representative.pinned
    ]


def _lowest_gap(blocked: list[tuple[int, int]], size: int, limit: int, align: int) -> int | None:
    """The lowest ``align``-aligned start of ``size`` bytes inside ``[0,
    limit)`` that overlaps none of the sorted ``blocked`` ranges."""
    at = 0
    for lo, hi in blocked:
        if at + size <= lo:
            break
        at = max(at, align_up(hi, align))
    return at if at + size <= limit else None
