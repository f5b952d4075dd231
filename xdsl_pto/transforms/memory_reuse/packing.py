"""First-fit-decreasing packing of allocation roots into shared buffers.

Seed 001/002, MemoryReuse step 3: within each memory space, roots are taken
largest first (ties: earlier first definition, then name); each joins the
first existing buffer all of whose members it can share with -- no lifetime
interference and no no-alias pair -- or opens a new buffer. A buffer's size is
its first (largest) member's, so admitting a smaller member later costs
nothing. Every check is symmetric, so the packing order cannot break a rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl_pto.transforms.memory_reuse.lifetime import Interval


@dataclass(frozen=True)
class Root:
    """One allocation root to pack: name, memory space, size (bytes), interval."""

    name: str
    space: str
    size: int
    live: Interval


@dataclass
class Buffer:
    """A packed buffer: its representative (largest) root and all members."""

    members: list[Root] = field(default_factory=list)

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


def pack(roots: list[Root], forbidden: set[frozenset[str]]) -> list[Buffer]:
    """Pack ``roots`` first-fit decreasing; returns the buffers in opening
    order (each buffer's members in joining order)."""
    ordered = sorted(roots, key=lambda r: (-r.size, r.live.lo, r.name))
    buffers: list[Buffer] = []
    for r in ordered:
        for b in buffers:
            if b.representative.space == r.space and all(
                can_share(r, m, forbidden) for m in b.members
            ):
                b.members.append(r)
                break
        else:
            buffers.append(Buffer([r]))
    return buffers
