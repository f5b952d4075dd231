"""The pipeline-stage guard as a per-buffer index (issue 10, compile time)
changes no packing.

The guard's two rules used to be handed to the packers as root pairs
(:func:`gated_pairs`, :func:`legacy_pairs`: up to a quarter of the square
of the tagged roots, rebuilt for every depth the shed tries); the packers
now ask a :class:`StageRule` per buffer. These tests pin both packers'
results under a rule to their results under the rule's pairs, on random
roots and memberships.
"""

from __future__ import annotations

import random

from xdsl_pto.transforms.memory_reuse.lifetime import Interval
from xdsl_pto.transforms.memory_reuse.packing import Root, pack, pack_subranges
from xdsl_pto.transforms.memory_reuse.stages import (
    StageInfo,
    StageRule,
    gated_pairs,
    legacy_pairs,
)

from test_packing_index import members
from test_packing_index_subranges import placed

SPACES = ("vec", "vec", "mat", "left", "acc")


def random_problem(rng: random.Random):
    n = rng.randint(1, 70)
    roots = []
    for i in range(n):
        lo = rng.randrange(80)
        roots.append(
            Root(f"r{i}", rng.choice(SPACES), rng.choice((32, 64, 64, 128, 256)),
                 Interval(lo, lo + rng.choice((0, 1, 2, 3, 5, 8, 30))), pinned=rng.random() < 0.04)
        )  # fmt: skip
    info = StageInfo()
    seen: dict[int, set[int]] = {}
    groups = list(range(rng.randint(1, 3)))
    for r in roots:
        if rng.random() < 0.75:
            for g in rng.sample(groups, rng.randint(1, len(groups))):
                ks = set(rng.sample(range(5), rng.choice((1, 1, 1, 2))))
                info.stages.setdefault(r.name, {})[g] = ks
                seen.setdefault(g, set()).update(ks)
        if rng.random() < 0.4:
            info.loads.add(r.name)
    info.ordinal = {g: {k: i for i, k in enumerate(sorted(ks))} for g, ks in seen.items()}
    depth = {g: rng.randint(1, 4) for g in seen if rng.random() < 0.9}
    forbidden = {frozenset((f"r{rng.randrange(n)}", f"r{rng.randrange(n)}")) for _ in range(n // 4)}
    return roots, info, depth, forbidden


def test_rule_conflicts_are_the_pairs():
    for seed in range(200):
        rng = random.Random(seed)
        roots, info, depth, _ = random_problem(rng)
        for rule, pairs in (
            (StageRule(roots, info, depth), gated_pairs(roots, info, depth)),
            (StageRule(roots, info), legacy_pairs(roots, info)),
        ):
            got = {
                frozenset((a.name, b.name))
                for i, a in enumerate(roots)
                for b in roots[i + 1 :]
                if rule.conflicts(a, b)
            }
            assert got == pairs, seed


def test_packing_under_a_rule_equals_packing_under_its_pairs():
    for seed in range(300):
        rng = random.Random(seed)
        roots, info, depth, forbidden = random_problem(rng)
        # the packers are run per memory space, as plan_space does
        for space in sorted({r.space for r in roots}):
            mine = [r for r in roots if r.space == space]
            for rule, pairs in (
                (StageRule(mine, info, depth), gated_pairs(mine, info, depth)),
                (StageRule(mine, info), legacy_pairs(mine, info)),
            ):
                want = pack(mine, forbidden | pairs)
                assert members(pack(mine, forbidden, rule)) == members(want), seed
                want_sub = pack_subranges(mine, forbidden | pairs)
                assert placed(pack_subranges(mine, forbidden, rule=rule)) == placed(want_sub), seed
