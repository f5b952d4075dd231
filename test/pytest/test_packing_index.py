"""The packer's lifetime index (issue 10, compile time) changes no packing.

``pack`` used to test a root against every member of every open buffer
(quadratic); it now asks an index of each buffer's lifetimes and forbidden
partners. These tests pin the result to the plain first-fit-decreasing rule
written out directly: same buffers, same members, same order.
"""

from __future__ import annotations

import random

from xdsl_pto.transforms.memory_reuse.lifetime import Interval
from xdsl_pto.transforms.memory_reuse.packing import Buffer, Root, can_share, pack


def reference_pack(roots: list[Root], forbidden: set[frozenset[str]]) -> list[Buffer]:
    """First fit decreasing by the definition: a root joins the first open
    buffer (same space, neither side pinned) every member of which it can
    share with."""
    buffers: list[Buffer] = []
    for r in sorted(roots, key=lambda r: (-r.size, r.live.lo, r.name)):
        for b in buffers:
            rep = b.representative
            if r.pinned or rep.pinned or rep.space != r.space:
                continue
            if all(can_share(r, m, forbidden) for m in b.members):
                b.members.append(r)
                break
        else:
            buffers.append(Buffer([r]))
    return buffers


def random_roots(rng: random.Random, n: int) -> tuple[list[Root], set[frozenset[str]]]:
    roots = []
    for i in range(n):
        lo = rng.randrange(60)
        hi = lo + rng.choice((0, 0, 1, 2, 3, 5, 8, 20))  # empty lifetimes too
        roots.append(
            Root(
                f"r{i}",
                rng.choice(("vec", "vec", "mat")),
                rng.choice((32, 64, 64, 128, 256)),
                Interval(lo, hi),
                pinned=rng.random() < 0.05,
            )
        )
    forbidden = {
        frozenset((f"r{rng.randrange(n)}", f"r{rng.randrange(n)}")) for _ in range(n // 3)
    }
    return roots, forbidden


def members(buffers: list[Buffer]) -> list[list[str]]:
    return [[m.name for m in b.members] for b in buffers]


def test_pack_equals_first_fit_decreasing_by_definition_on_random_roots():
    for seed in range(300):
        rng = random.Random(seed)
        roots, forbidden = random_roots(rng, rng.randint(1, 60))
        assert members(pack(roots, forbidden)) == members(reference_pack(roots, forbidden)), seed


def test_touching_and_empty_lifetimes_share_a_buffer():
    # [0, 4] and [4, 9] touch; [4, 4] (written, never read) fits between
    # both; [3, 5] interferes with all three and opens a second buffer.
    roots = [
        Root("a", "vec", 128, Interval(0, 4)),
        Root("b", "vec", 128, Interval(4, 9)),
        Root("c", "vec", 64, Interval(4, 4)),
        Root("d", "vec", 64, Interval(3, 5)),
    ]
    assert members(pack(roots, set())) == [["a", "b", "c"], ["d"]]


def test_forbidden_pair_keeps_roots_apart():
    roots = [Root("a", "vec", 128, Interval(0, 1)), Root("b", "vec", 64, Interval(2, 3))]
    assert members(pack(roots, {frozenset(("a", "b"))})) == [["a"], ["b"]]
    assert members(pack(roots, set())) == [["a", "b"]]
