"""The PNG memory map (issue 25): program points labelled with their op, every
allocation named (a narrow tile beside itself) and listed in a legend with its
colour, and a long legend cut short."""

from __future__ import annotations

import os

import pytest

from xdsl_pto.analysis.plan_stats import analyze_plan
from xdsl_pto.tools.memory_map import (
    PNG_MAX_TICKS,
    _colors,
    png_figure,
    point_labels,
    tick_points,
)
from xdsl_pto.tools.session import read_module, run_pipeline

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture(scope="module")
def softmax():
    module = read_module(os.path.join(ROOT, "examples", "softmax.mlir"))
    run_pipeline(module, "pto-plan-memory{backend=a3}")
    plan = analyze_plan(module)
    return plan, png_figure(plan, "softmax").axes[0]


def test_program_points_are_labelled_with_their_op(softmax):
    plan, ax = softmax
    expected = [
        "0 tile.alloc @mem_vec_0",
        "1 tile.alloc @mem_vec_1",
        "2 tile.alloc @mem_vec_2",
        "3 %c0 = arith.constant",
        "4 %x = tile.load",
        "5 %max_tmp = tile.create",
        "6 %row_max = tile.row_max",
        "7 %shifted = tile.row_expand_sub",
        "8 %exp_shifted = tile.exp",
        "9 %sum_tmp = tile.create",
        "10 %row_sum = tile.row_sum",
        "11 %result = tile.row_expand_div",
        "12 tile.store %result",
        "13 func.return",
    ]
    assert point_labels(plan.functions[0]) == expected
    assert [t.get_text() for t in ax.get_yticklabels()] == expected
    assert ax.get_ylabel() == "program point"


def test_legend_lists_every_allocation_with_its_colour(softmax):
    plan, ax = softmax
    legend = ax.get_legend()
    assert [t.get_text() for t in legend.get_texts()] == [
        "%x (1 value, 32768 B)",
        "%max_tmp (1 value, 32768 B)",
        "%row_max (1 value, 256 B)",
        "%shifted (1 value, 32768 B)",
        "%exp_shifted (1 value, 32768 B)",
        "%sum_tmp (1 value, 32768 B)",
        "%row_sum (1 value, 256 B)",
        "%result (1 value, 32768 B)",
        "capacity 188416 B",
        "high-water 65792 B",
        "LOAD 65536 B",
        "LOAD reached between statements 5 and 6",
    ]
    colors = _colors(len(plan.functions[0].allocations))
    from matplotlib.colors import to_hex

    patches = legend.get_patches()[:8]
    assert [to_hex(p.get_facecolor()) for p in patches] == colors[:8]


def test_every_allocation_is_named_narrow_ones_beside_their_tile(softmax):
    _, ax = softmax
    names = {t.get_text(): (t.get_ha(), t.get_position()) for t in ax.texts}
    assert sorted(names) == sorted(
        ["%x", "%max_tmp", "%row_max", "%shifted", "%exp_shifted", "%sum_tmp", "%row_sum", "%result"]
    )
    assert names["%x"] == ("center", (16384.0, 5.5))  # inside its 32 KiB tile
    # a [64, 1] row vector (256 bytes of a 184 KiB panel): just right of [65536, 65792)
    ha, (x, y) = names["%row_max"]
    assert ha == "left" and 65792 < x < 65792 + 188416 * 0.01 and y == 6.5


def test_long_functions_label_every_kth_point():
    assert tick_points(PNG_MAX_TICKS) == list(range(PNG_MAX_TICKS))
    assert tick_points(PNG_MAX_TICKS + 1) == list(range(0, PNG_MAX_TICKS + 1, 2))
    assert len(tick_points(1212)) <= PNG_MAX_TICKS


def test_long_legend_is_cut_short():
    """The 1k-op scaling kernel has 885 allocations in one panel: the legend
    shows what fits and says how many more there are."""
    import sys

    sys.path.insert(0, os.path.join(ROOT, "bench"))
    from gen_scaling import scaling_kernel

    from xdsl_pto.tools.session import parse_module

    module = parse_module(scaling_kernel(1000, 0), "scale.mlir")
    run_pipeline(module, "pto-plan-memory{backend=a3}")
    plan = analyze_plan(module)
    texts = [t.get_text() for t in png_figure(plan, "t").axes[0].get_legend().get_texts()]
    shown = len(texts) - 5  # the "more" line and four markers
    assert texts[shown] == f"... {len(plan.functions[0].allocations) - shown} more (each named in the HTML map)"
    assert texts[-4:-2] == ["capacity 188416 B", f"high-water {plan.functions[0].spaces[0].bytes_used} B"]
