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
from typing import TYPE_CHECKING

from xdsl_pto.backends import ALLOC_ALIGN, align_up
from xdsl_pto.transforms.memory_reuse.lifetime import Interval

if TYPE_CHECKING:
    from xdsl_pto.transforms.memory_reuse.stages import StageMembers, StageRule


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


def pack(
    roots: list[Root], forbidden: set[frozenset[str]], rule: StageRule | None = None
) -> list[Buffer]:
    """Pack ``roots`` first-fit decreasing; returns the buffers in opening
    order (each buffer's members in joining order). A root joins the first
    buffer all of whose members it :func:`can_share` with (checked through
    an index of each buffer's lifetimes, :class:`_Occupancy`: O(log n) per
    buffer) and, with a pipeline-stage ``rule``, conflicts with under it
    with none (as if its pairs were in ``forbidden``)."""
    ordered = sorted(roots, key=lambda r: (-r.size, r.live.lo, r.name))
    partners = _partners(forbidden)
    none: set[str] = set()
    buffers: list[Buffer] = []
    occupancy: dict[int, _Occupancy] = {}  # id(buffer) ->
    staged: dict[int, StageMembers] = {}  # id(buffer) -> (with a rule)
    for r in ordered:
        mine = partners.get(r.name, none)
        for b in _open_buffers(buffers, r):
            if occupancy[id(b)].admits(r, mine) and (rule is None or staged[id(b)].admits(r)):
                b.members.append(r)
                occupancy[id(b)].add(r)
                if rule is not None:
                    staged[id(b)].add(r)
                break
        else:
            buffers.append(Buffer([r]))
            occupancy[id(buffers[-1])] = _Occupancy(r)
            if rule is not None:
                staged[id(buffers[-1])] = rule.members()
                staged[id(buffers[-1])].add(r)
    return buffers


def pack_subranges(
    roots: list[Root],
    forbidden: set[frozenset[str]],
    rule: StageRule | None = None,
    *,
    align: int = ALLOC_ALIGN,
) -> list[Buffer]:
    """First-fit decreasing where a root may take any ``align``-aligned
    subrange of an existing arena (a buffer opened by a larger root) whose
    bytes no member it cannot share with occupies; the lowest such offset in
    the first arena that has one wins, else the root opens a new arena.
    Arenas never grow. Returns the buffers as :func:`pack` does, with each
    member's offset. A pipeline-stage ``rule`` counts as its pairs in
    ``forbidden`` would.

    The members a root cannot share with are found through an index per
    arena (:class:`_ArenaIndex`: the members whose lifetimes interfere with
    the root's, and its forbidden partners among them), not by testing every
    member: the plain scan made the retry quadratic in the number of roots."""
    ordered = sorted(roots, key=lambda r: (-r.size, r.live.lo, r.name))
    partners = _partners(forbidden)
    none: set[str] = set()
    starts = sorted({r.live.lo for r in roots})
    buffers: list[Buffer] = []
    index: dict[int, _ArenaIndex] = {}  # id(buffer) ->
    staged: dict[int, StageMembers] = {}  # id(buffer) -> (with a rule)
    for r in ordered:
        mine = partners.get(r.name, none)
        for b in _open_buffers(buffers, r):
            rep = b.representative
            clash = index[id(b)].blocking(r, mine)
            if rule is not None:
                clash = list({m.name: m for m in (*clash, *staged[id(b)].blocking(r))}.values())
            blocked = sorted((b.offset(m), b.offset(m) + m.size) for m in clash)
            at = _lowest_gap(blocked, r.size, rep.size, align)
            if at is not None:
                b.members.append(r)
                b.offsets[r.name] = at
                index[id(b)].add(r)
                if rule is not None:
                    staged[id(b)].add(r)
                break
        else:
            buffers.append(Buffer([r]))
            index[id(buffers[-1])] = _ArenaIndex(starts, r)
            if rule is not None:
                staged[id(buffers[-1])] = rule.members()
                staged[id(buffers[-1])].add(r)
    return buffers


class _ArenaIndex:
    """The members of one :func:`pack_subranges` arena, indexed by lifetime
    so that "which members can ``r`` not share with" costs about
    ``O((k + 1) log n)`` for ``k`` such members instead of a scan of all.

    Members of an arena may interfere with each other (they sit at
    different offsets), so unlike :class:`_Occupancy` no ordering helps on
    its own: the members are kept in a sparse segment tree over the sorted
    distinct lifetime starts of all the roots being packed, each node
    holding the latest end below it. The members starting before ``r``
    ends are a prefix of the leaves; of those, the subtrees whose latest end
    is not after ``r``'s start are skipped (:meth:`blocking`).
    """

    def __init__(self, starts: list[int], first: Root):
        self.starts = starts
        self.width = 1 << max(0, (len(starts) - 1).bit_length())
        self.latest: dict[int, int] = {}  # node -> the latest end of a member below it
        self.leaves: dict[int, list[Root]] = {}  # leaf node -> members starting there
        self.by_name: dict[str, Root] = {}
        self.add(first)

    def add(self, r: Root) -> None:
        node = self.width + bisect_left(self.starts, r.live.lo)
        self.leaves.setdefault(node, []).append(r)
        self.by_name[r.name] = r
        while node:  # up to the root; an ancestor's latest end is never below a child's
            cur = self.latest.get(node)
            if cur is not None and cur >= r.live.hi:
                break
            self.latest[node] = r.live.hi
            node >>= 1

    def blocking(self, r: Root, partners: set[str]) -> list[Root]:
        """The members ``r`` cannot share bytes with (same memory space
        assumed): lifetimes that interfere (``m.lo < r.hi and r.lo <
        m.hi``), and the members among ``partners``; each once."""
        out: dict[str, Root] = {}
        limit = bisect_left(self.starts, r.live.hi)  # leaves with start < r.live.hi
        stack = [(1, 0, self.width)]  # node, covering leaves [lo, hi)
        while stack:
            node, lo, hi = stack.pop()
            if lo >= limit or self.latest.get(node, r.live.lo) <= r.live.lo:
                continue
            if hi - lo == 1:
                for m in self.leaves[node]:
                    if m.live.lo < r.live.hi and r.live.lo < m.live.hi:
                        out[m.name] = m
                continue
            mid = (lo + hi) // 2
            stack.append((2 * node + 1, mid, hi))
            stack.append((2 * node, lo, mid))
        for name in partners:
            m = self.by_name.get(name)
            if m is not None:
                out[name] = m
        return list(out.values())


def _partners(forbidden: set[frozenset[str]]) -> dict[str, set[str]]:
    """Each root's forbidden partners (pairs of two distinct names only)."""
    partners: dict[str, set[str]] = {}
    for pair in forbidden:
        if len(pair) == 2:
            a, b = pair
            partners.setdefault(a, set()).add(b)
            partners.setdefault(b, set()).add(a)
    return partners


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
