"""The pipeline-stage guard's rules on hand-built roots (seed 001/002,
MemoryReuse "Pipeline-stage guard"): residues, the legacy rule, MaxRelief
and its tie-break. The lit tests under test/lit/memory-reuse/pipeline-*.mlir
pin the same rules end to end."""

from __future__ import annotations

from xdsl_pto.transforms.memory_reuse.capacity import footprint, plan_space
from xdsl_pto.transforms.memory_reuse.lifetime import Interval
from xdsl_pto.transforms.memory_reuse.packing import Root
from xdsl_pto.transforms.memory_reuse.stages import StageInfo, gated_pairs, legacy_pairs

KIB = 1024


def _info(stages: dict[str, dict[int, set[int]]], loads: set[str] = frozenset()) -> StageInfo:
    seen: dict[int, set[int]] = {}
    for groups in stages.values():
        for g, ks in groups.items():
            seen.setdefault(g, set()).update(ks)
    info = StageInfo(stages=stages, loads=set(loads))
    info.ordinal = {g: {k: i for i, k in enumerate(sorted(ks))} for g, ks in seen.items()}
    info.anchor = {g: None for g in seen}  # type: ignore[misc]
    return info


def _roots(names: list[str], size: int = 64 * KIB, space: str = "vec") -> list[Root]:
    # one after the other: no two are live at once
    return [Root(n, space, size, Interval(2 * i, 2 * i + 1)) for i, n in enumerate(names)]


def _pair(a: str, b: str) -> frozenset[str]:
    return frozenset((a, b))


def test_residues_at_depth_two_separate_odd_from_even_stages():
    info = _info({f"s{k}": {0: {k}} for k in range(4)})
    pairs = gated_pairs(_roots([f"s{k}" for k in range(4)]), info, {0: 2})
    assert pairs == {_pair("s0", "s1"), _pair("s0", "s3"), _pair("s1", "s2"), _pair("s2", "s3")}


def test_depth_one_separates_nothing_and_full_depth_everything():
    info = _info({f"s{k}": {0: {k}} for k in range(3)})
    roots = _roots(["s0", "s1", "s2"])
    assert gated_pairs(roots, info, {0: 1}) == set()
    assert len(gated_pairs(roots, info, {0: 3})) == 3


def test_sparse_stage_ids_use_their_dense_ordinal():
    info = _info({"a": {0: {0}}, "b": {0: {2}}})
    assert gated_pairs(_roots(["a", "b"]), info, {0: 2}) == {_pair("a", "b")}


def test_different_groups_never_conflict():
    info = _info({"a": {0: {0}}, "b": {1: {1}}})
    assert gated_pairs(_roots(["a", "b"]), info, {0: 2, 1: 2}) == set()


def test_legacy_rule_needs_a_load_and_spares_the_l0_spaces():
    info = _info({"x": {0: {0}}, "y": {0: {1}}, "z": {0: {2}}}, loads={"x"})
    assert legacy_pairs(_roots(["x", "y", "z"]), info) == {_pair("x", "y"), _pair("x", "z")}
    assert legacy_pairs(_roots(["x", "y", "z"], space="left"), info) == set()


def test_unknown_capacity_uses_the_legacy_rule_and_says_nothing():
    info = _info({"x": {0: {0}}, "y": {0: {1}}}, loads={"x", "y"})
    buffers, notes = plan_space(_roots(["x", "y"]), set(), info, None)
    assert [[m.name for m in b.members] for b in buffers] == [["x"], ["y"]]
    assert notes == []


def test_shed_continues_until_the_space_fits():
    # %keep (64 KiB) lives throughout; groups 0 and 1 each have two 48 KiB
    # stages, one after the other. At depth 2 each, a0/b0 and a1/b1 pair up:
    # 64 + 2 x 48 = 160 KiB, over a 150 KiB space. Shedding one group alone
    # frees nothing (the other group's stages still need two buffers), so
    # both are shed, group 0 first (equal relief: lowest id), to 112 KiB.
    keep = Root("keep", "vec", 64 * KIB, Interval(0, 100))
    stages = _roots(["a0", "a1", "b0", "b1"], size=48 * KIB)
    info = _info({"a0": {0: {0}}, "a1": {0: {1}}, "b0": {1: {0}}, "b1": {1: {1}}})
    buffers, notes = plan_space([keep, *stages], set(), info, 150 * KIB)
    assert footprint(buffers) == 112 * KIB
    assert [[m.name for m in b.members] for b in buffers] == [["keep"], ["a0", "a1", "b0", "b1"]]
    assert [n.message for n in notes] == [
        f"PH-MR-001: pipeline group {g} gets 1 of the 2 requested stage buffers in vec "
        "(one stage needs 49152 bytes, vec holds 153600); the other vec buffers leave "
        "too little room for 2 stages: free vec space elsewhere, or lower stage= to 1"
        for g in (0, 1)
    ]
