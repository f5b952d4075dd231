"""A fixed-seed fuzz campaign of Mat-resident matmuls (the ``matmuls`` preset
of :data:`xdsl_pto.fuzz.generate.PRESETS`, issue 8).

Each such kernel is planned with ``auto-tile-matmul-l0`` and the pipeline-loop
lowering first (:func:`xdsl_pto.fuzz.campaign.planning_spec`), under both
planners, validated, and its planned physical run compared bit for bit with
the logical run of the UNTILED kernel. The coverage test checks that the
kernels really take every path of the pass (K-loop, K tail, M/N grid,
staging, each matmul form), so the campaign cannot go quietly blind.
"""

from __future__ import annotations

import pytest

from xdsl_pto.fuzz import generate_kernel, run_campaign
from xdsl_pto.fuzz.campaign import (
    PLANNERS,
    planning_spec,
    rejection_reason,
    reproduce_command,
)
from xdsl_pto.fuzz.generate import PRESETS, GenConfig
from xdsl_pto.tools.session import make_context, parse_module, run_pipeline

SEEDS = range(120)
#: The campaign's kernels: seeds 20..49 (issue 25: 120 kernels -> 30; ``bench/run.sh``
#: runs seeds 0..119). Chosen over 0..29, which tile no M/N grid: 20..49 hold K-loops
#: (21, 25), K tails (32, 43), a grid (48), staged matmuls, matmul_acc and matmul_bias.
#: When written: 25 planned and proved, 5 rejected (3 mixed kernel, 2 unsupported
#: form), mutants 24 caught, 6 harmless, 0 missed.
CAMPAIGN = range(20, 50)


@pytest.fixture(scope="module")
def texts() -> list[str]:
    return [generate_kernel(s, config=PRESETS["matmuls"]) for s in SEEDS]


def test_campaign_of_mat_matmuls_is_clean(tmp_path):
    summary = run_campaign(
        count=len(CAMPAIGN), seed=CAMPAIGN.start, out_dir=str(tmp_path), progress=False, config="matmuls"
    )
    line = summary.line()
    # no crash, invalid plan, mismatch or missed plan mutant (a "gap")
    assert summary.clean and summary.written == [], line + "\n" + "\n".join(summary.written)
    assert summary.kinds["ok"] >= 21, line
    assert set(summary.reasons) <= {
        "capacity", "unsupported form", "no copy route", "untiled matmul", "mixed kernel", "ptoas form"
    }, line


def test_the_pass_takes_every_path(texts):
    """Tiled with A3, the corpus has K-loops, K tails, M/N grids, staged
    matmuls and every matmul form."""
    seen: set[str] = set()
    ctx = make_context()
    for text in texts:
        if "mat>" not in text:
            continue
        for form in ("tile.matmul_acc", "tile.matmul_bias"):
            if form in text:
                seen.add(form)
        module = parse_module(text, "k.mlir", ctx)
        run_pipeline(module, "auto-tile-matmul-l0{backend=a3}", ctx)
        out = str(module)
        if "tile.pipeline_stages = 2" in out:
            seen.add("k-loop")
        if "c_t1" in out:
            seen.add("grid")
        if "-> !tile.tile<" in out and "tile.extract" not in out and "left>" in out:
            seen.add("staged")
        if "%false" in out and "tile.extract" in out and "scf.for" in out:
            seen.add("tail or peel")
    assert seen >= {"tile.matmul_acc", "tile.matmul_bias", "k-loop", "grid", "staged", "tail or peel"}, seen


def test_other_presets_are_unchanged_by_the_knob():
    """auto_matmul_prob = 0 spends no random draw: the default kernels stay."""
    for seed in range(20):
        assert generate_kernel(seed, config=GenConfig(auto_matmul_prob=0.0)) == generate_kernel(seed)


def test_planning_spec_tiles_only_unstaged_matmuls():
    mat = "%r = tile.matmul %a, %b : (!tile.tile<64x64xf16, mat>, !tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf32, acc>"
    l0 = "%r = tile.matmul %a, %b : (!tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>) -> !tile.tile<64x64xf32, acc>"
    assert planning_spec("pypto", mat) == (
        "auto-tile-matmul-l0{{backend={backend}}},lower-pipeline-loops," + PLANNERS["pypto"]
    )
    assert planning_spec("ptoas", mat).startswith(
        "auto-tile-matmul-l0{{backend={backend}}},lower-pipeline-to-slots{{planner=ptoas backend={backend}}},"
    )
    assert planning_spec("pypto", l0) == PLANNERS["pypto"]
    # The default pipeline of xdsl-pto run tiles and lowers already.
    assert reproduce_command("k.mlir", 3, mat) == "xdsl-pto run k.mlir --seed 3"
    assert reproduce_command("k.mlir", 3, mat, planner="ptoas") == (
        "xdsl-pto run k.mlir --seed 3 --pipeline 'auto-tile-matmul-l0{backend=a3},"
        "lower-pipeline-to-slots{planner=ptoas backend=a3},lower-pipeline-loops,"
        "pto-plan-memory{planner=ptoas backend=a3}'"
    )


def test_refusals_of_untiled_and_mixed_kernels_are_expected():
    assert rejection_reason(
        "k.mlir:5:11: error: init-memref: tile.matmul: lhs %t1 is in vec, but the cube reads it from left; ..."
    ) == "untiled matmul"
    assert rejection_reason(
        "<stdin>: error: convert-tile-to-pto: function 'f' uses both vec and cube memory spaces (acc, vec); "
        "a kernel runs on one core kind"
    ) == "mixed kernel"
