"""The placement engine of the DSA planner (issue 9, first step): exact
offsets for hand-worked problems, the LOAD bound, the penalty trade-off
against capacity, placement checking, and one public MiniMalloc instance."""

from __future__ import annotations

import csv
import os

import pytest

from xdsl_pto.placement import Buffer, Problem, evaluate, solve

BENCH = os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "bench-data", "minimalloc-challenging")


def test_disjoint_lifetimes_share_offset_zero():
    p = Problem([Buffer("a", 64, 0, 2), Buffer("b", 96, 2, 4)])
    assert solve(p).offsets == (0, 0) and solve(p).peak == 96
    assert p.load() == 96  # [0, 2) holds 64, [2, 4) holds 96: half-open, never both


def test_live_together_stack_at_aligned_tops():
    # 64 at 0, then 40 at the top of 64 (a multiple of 32): peak 104.
    p = Problem([Buffer("a", 40, 0, 4), Buffer("b", 64, 1, 3)])
    got = solve(p)
    assert got.offsets == (64, 0) and got.peak == 104 and p.load() == 104


def test_separation_keeps_lifetime_disjoint_buffers_apart():
    p = Problem([Buffer("a", 64, 0, 2), Buffer("b", 64, 2, 4)], separations={(0, 1)})
    assert solve(p).peak == 128


def test_penalty_moves_a_buffer_unless_capacity_forbids():
    bufs = [Buffer("a", 64, 0, 2), Buffer("b", 64, 2, 4)]
    free = solve(Problem(bufs, penalties={(0, 1): 1}))
    assert (free.cost, free.peak) == (0, 128)  # reuse would cost 1: b moves above a
    tight = solve(Problem(bufs, penalties={(0, 1): 1}, capacity=64))
    assert (tight.cost, tight.peak, tight.offsets) == (1, 64, (0, 0))  # fitting comes first


def test_evaluate_refuses_bad_placements():
    p = Problem([Buffer("a", 64, 0, 4), Buffer("b", 64, 1, 3)])
    with pytest.raises(ValueError, match=r"a \[0, 64\) and b \[32, 96\) may not share bytes"):
        evaluate(p, [0, 32])
    with pytest.raises(ValueError, match="b: offset 48 is negative or not a multiple of 32"):
        evaluate(p, [0, 48])
    assert evaluate(p, [64, 0]).peak == 128


@pytest.mark.skipif(not os.path.isdir(BENCH), reason="shared bench data not beside the checkout")
def test_minimalloc_instance_a_is_valid_and_near_first_fit_quality():
    with open(os.path.join(BENCH, "A.1048576.csv"), encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    p = Problem(
        [Buffer(r["id"], int(r["size"]), int(r["lower"]), int(r["upper"]), align=1) for r in rows],
        capacity=1048576,
    )
    got = solve(p, restarts=2)
    evaluate(p, got.offsets)  # valid
    assert p.load() == 1048576
    assert p.load() <= got.peak <= 1.35 * p.load()  # the published first fit: 1.34x geomean
