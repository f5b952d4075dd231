"""The subrange packer's arena index (issue 10, compile time) changes no
packing.

``pack_subranges`` used to test a root against every member of every arena
(quadratic); it now asks an index of each arena's lifetimes and forbidden
partners. These tests pin the result to the plain rule written out
directly: same arenas, same members in the same order, same offsets.
"""

from __future__ import annotations

import random

from xdsl_pto.backends import ALLOC_ALIGN
from xdsl_pto.transforms.memory_reuse.lifetime import Interval
from xdsl_pto.transforms.memory_reuse.packing import (
    Buffer,
    Root,
    _lowest_gap,
    can_share,
    pack_subranges,
)

from test_packing_index import members, random_roots


def reference_pack_subranges(
    roots: list[Root], forbidden: set[frozenset[str]], align: int = ALLOC_ALIGN
) -> list[Buffer]:
    """Subrange first fit decreasing by the definition: each member of each
    open arena it cannot share with blocks its bytes; the lowest aligned gap
    of the first arena that has one wins."""
    buffers: list[Buffer] = []
    for r in sorted(roots, key=lambda r: (-r.size, r.live.lo, r.name)):
        for b in buffers:
            rep = b.representative
            if r.pinned or rep.pinned or rep.space != r.space:
                continue
            blocked = sorted(
                (b.offset(m), b.offset(m) + m.size) for m in b.members if not can_share(r, m, forbidden)
            )
            at = _lowest_gap(blocked, r.size, rep.size, align)
            if at is not None:
                b.members.append(r)
                b.offsets[r.name] = at
                break
        else:
            buffers.append(Buffer([r]))
    return buffers


def placed(buffers: list[Buffer]) -> list[list[tuple[str, int]]]:
    return [[(m.name, b.offset(m)) for m in b.members] for b in buffers]


def test_pack_subranges_equals_the_definition_on_random_roots():
    for seed in range(300):
        rng = random.Random(seed)
        roots, forbidden = random_roots(rng, rng.randint(1, 80))
        got = pack_subranges(roots, forbidden)
        want = reference_pack_subranges(roots, forbidden)
        assert placed(got) == placed(want), seed
        assert members(got) == members(want), seed


def test_pack_subranges_equals_the_definition_with_long_lifetimes_and_small_align():
    # Long, overlapping lifetimes put many members of one arena side by side.
    for seed in range(100):
        rng = random.Random(1000 + seed)
        roots = []
        for i in range(rng.randint(1, 120)):
            lo = rng.randrange(200)
            roots.append(
                Root(f"r{i}", "vec", rng.choice((32, 64, 96, 128, 512, 1024)),
                     Interval(lo, lo + rng.randrange(120)), pinned=rng.random() < 0.02)
            )  # fmt: skip
        n = len(roots)
        forbidden = {frozenset((f"r{rng.randrange(n)}", f"r{rng.randrange(n)}")) for _ in range(n)}
        for align in (32, 64):
            got = pack_subranges(roots, forbidden, align=align)
            assert placed(got) == placed(reference_pack_subranges(roots, forbidden, align)), seed


def test_interfering_roots_take_disjoint_subranges():
    # b and c outlive a and go on its bytes; c and d interfere with b and
    # with each other, so each takes the next free aligned subrange.
    roots = [
        Root("a", "vec", 256, Interval(0, 2)),
        Root("b", "vec", 128, Interval(3, 10)),
        Root("c", "vec", 64, Interval(4, 6)),
        Root("d", "vec", 64, Interval(5, 8)),
    ]
    assert placed(pack_subranges(roots, set())) == [[("a", 0), ("b", 0), ("c", 128), ("d", 192)]]
    assert placed(pack_subranges(roots, {frozenset(("a", "b"))})) == [
        [("a", 0), ("c", 0), ("d", 64)],
        [("b", 0)],
    ]
