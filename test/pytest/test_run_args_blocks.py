"""`xdsl-pto run --arg NAME=VALUE` and `--all-blocks` (issue 24, item 5):
argument values reach the kernel's GM offsets, user mistakes end in one
located line, and every SPMD block of a launch is checked."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from xdsl_pto.interp import InterpError, differential_check, make_inputs, run_function
from xdsl_pto.tools.session import parse_module, run_pipeline

from cli_runs import run_cli  # noqa: E402 (test/pytest/cli_runs.py)

ROW = """func.func @row(%in: memref<32x16xf32>, %r: index, %scale: f32, %flag: i1, %out: memref<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %at = arith.muli %r, %c8 : index
  %x = tile.load %in[%at, %c0] : memref<32x16xf32> -> !tile.tile<8x16xf32, vec>
  tile.store %x, %out[%c0, %c0] : !tile.tile<8x16xf32, vec>, memref<8x16xf32>
  func.return
}
"""

BLOCKS = """func.func @rows(%in: memref<24x16xf32>, %out: memref<24x16xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %b = tile.get_block_idx : index
  %row = arith.muli %b, %c8 : index
  %x = tile.load %in[%row, %c0] : memref<24x16xf32> -> !tile.tile<8x16xf32, vec>
  %y = tile.exp %x : (!tile.tile<8x16xf32, vec>) -> !tile.tile<8x16xf32, vec>
  tile.store %y, %out[%row, %c0] : !tile.tile<8x16xf32, vec>, memref<24x16xf32>
  func.return
}
"""


@pytest.fixture
def row(tmp_path: Path) -> Path:
    path = tmp_path / "row.mlir"
    path.write_text(ROW)
    return path




def test_a_value_set_by_name_reaches_the_gm_offsets(row: Path, capsys) -> None:
    module = parse_module(ROW, "row.mlir")
    inputs = make_inputs(module.body.block.first_op, 0, values={1: 3})
    assert int(inputs[1]) == 3
    out = run_function(module, "row", inputs, mode="logical").outputs[4]
    np.testing.assert_array_equal(out, inputs[0][24:32])
    assert run_cli(capsys, str(row), "--arg", "r=3") == (0, f"{row}: logical and physical runs agree (seed 0)\n", "")
    # one row further the window leaves the tensor: the value is the offset's
    assert run_cli(capsys, str(row), "--arg", "%r=4", "--arg", "scale=0.5", "--arg", "flag=true") == (
        1,
        "",
        f"{row}:5:8: error: tile.load: window [32, 40) on axis 0 is outside the tensor's 32 elements\n",
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--arg", "q=1"], "{f}:1:1: error: no function of the kernel has an argument %q (its scalar arguments: %flag, %r, %scale)"),
        (["--arg", "r=two"], "{f}:1:1: error: %r of @row is index; 'two' is not an integer"),
        (["--arg", "flag=2"], "{f}:1:1: error: %flag of @row is i1; 2 is outside [0, 1]"),
        (["--arg", "scale=x"], "{f}:1:1: error: %scale of @row is f32; 'x' is not a number"),
        (["--arg", "in=1"], "{f}:1:1: error: %in of @row is a GM tensor (memref<32x16xf32>); only scalar arguments take a value"),
        (["--arg", "r=1", "--arg", "r=2"], "xdsl-pto: error: --arg r is given twice"),
        (["--arg", "r"], "xdsl-pto: error: argument --arg: expected NAME=VALUE, got 'r'"),
    ],
)
def test_argument_mistakes_end_in_one_located_line(row: Path, capsys, argv: list[str], message: str) -> None:
    assert run_cli(capsys, str(row), *argv) == (1, "", message.format(f=row) + "\n")


def test_seeded_index_arguments_that_leave_a_tensor_fall_back_to_zero() -> None:
    # a 16-row tensor: only r = 0 and r = 1 keep the 8-row window inside; seed 3 draws r = 3
    text = ROW.replace("32x16", "16x16")
    module = parse_module(text, "row.mlir")
    assert int(make_inputs(module.body.block.first_op, 3)[1]) == 3
    planned = run_pipeline(module.clone(), "pto-plan-memory{backend=a3}")
    assert differential_check(module, planned, seed=3) == []
    # a value the caller sets is never changed
    with pytest.raises(InterpError) as err:
        differential_check(module, planned, seed=3, values={"r": "3"})
    assert str(err.value) == "row.mlir:5:8: tile.load: window [24, 32) on axis 0 is outside the tensor's 16 elements"


def test_all_blocks_checks_every_block_of_the_launch(tmp_path: Path, capsys) -> None:
    path = tmp_path / "rows.mlir"
    path.write_text(BLOCKS)
    assert run_cli(capsys, str(path), "--all-blocks", "--block-num", "3") == (
        0,
        f"{path}: logical and physical runs agree in all 3 blocks (seed 0)\n",
        "",
    )
    # a fourth block loads rows [24, 32) of a 24-row tensor: block 3 is run
    assert run_cli(capsys, str(path), "--all-blocks", "--block-num", "4") == (
        1,
        "",
        f"{path}:6:8: error: tile.load: window [24, 32) on axis 0 is outside the tensor's 24 elements\n",
    )
    assert run_cli(capsys, str(path), "--all-blocks", "--block-idx", "1", "--block-num", "4") == (
        1,
        "",
        "xdsl-pto: error: --all-blocks checks every block; --block-idx does not apply\n",
    )
    # without --block-num there is no launch to check: said, not block 0 of 1 in silence
    assert run_cli(capsys, str(path), "--all-blocks") == (
        1,
        "",
        "xdsl-pto: error: --all-blocks needs --block-num N, the launch's block count (blocks 0 .. N - 1 are checked)\n",
    )
    assert run_cli(capsys, str(path)) == (0, f"{path}: logical and physical runs agree (seed 0)\n", "")


def _bench():
    import importlib.util

    path = Path(__file__).resolve().parents[2] / "bench" / "real_kernels.py"
    spec = importlib.util.spec_from_file_location("real_kernels", path)
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def test_the_bench_runs_the_first_and_last_block_of_the_launch_that_fits() -> None:
    bench = _bench()
    # 24 rows of 8-row windows indexed by the block: a launch of 3 blocks
    assert bench.launch_blocks(parse_module(BLOCKS, "rows.mlir")) == (3, [0, 2])
    # a vector-only kernel whose windows fit any block: one block per vector core
    strided = BLOCKS.replace("%row = arith.muli %b, %c8 : index", "%row = arith.remui %b, %c8 : index").replace(
        "{\n  %c0", ' attributes {tile.function_kind = "aiv"} {\n  %c0', 1
    )
    assert bench.launch_blocks(parse_module(strided, "rows.mlir")) == (48, [0, 47])
    # no block query: block 0 of 1
    assert bench.launch_blocks(parse_module(ROW, "row.mlir")) == (1, [0])


DYN = """func.func @dyn(%in: memref<?x16xf32> {tile.dynamic_dims = ["M"]}, %r: index, %out: memref<?x16xf32> {tile.dynamic_dims = ["M"]}) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %at = arith.muli %r, %c8 : index
  %x = tile.load %in[%at, %c0] : memref<?x16xf32> -> !tile.tile<8x16xf32, vec>
  tile.store %x, %out[%at, %c0] : !tile.tile<8x16xf32, vec>, memref<?x16xf32>
  func.return
}
"""


PAGED = """func.func @paged(%cache: memref<32x16xf32>, %table: memref<4xi32>, %b: i32, %out: memref<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %bi = arith.index_cast %b : i32 to index
  %page = memref.load %table[%bi] : memref<4xi32>
  %pi = arith.index_cast %page : i32 to index
  %row = arith.muli %pi, %c8 : index
  %x = tile.load %cache[%row, %c0] : memref<32x16xf32> -> !tile.tile<8x16xf32, vec>
  tile.store %x, %out[%c0, %c0] : !tile.tile<8x16xf32, vec>, memref<8x16xf32>
  func.return
}
"""


def test_arg_sets_a_dynamic_extent_by_its_dynamic_dims_name(tmp_path: Path, capsys) -> None:
    path = tmp_path / "dyn.mlir"
    path.write_text(DYN)
    # unset, M grows to what the run touches (rows [24, 32) for r = 3)
    assert run_cli(capsys, str(path), "--arg", "r=3") == (0, f"{path}: logical and physical runs agree (seed 0)\n", "")
    assert run_cli(capsys, str(path), "--arg", "M=32", "--arg", "r=3") == (
        0, f"{path}: logical and physical runs agree (seed 0)\n", ""
    )
    # set, M is the tensors' length: r = 3 then addresses rows past it
    assert run_cli(capsys, str(path), "--arg", "M=24", "--arg", "r=3") == (
        1, "", f"{path}:5:8: error: tile.load: window [24, 32) on axis 0 is outside the tensor's 24 elements\n"
    )
    module = parse_module(DYN, "dyn.mlir")
    planned = run_pipeline(module.clone(), "pto-plan-memory{backend=a3}")
    with pytest.raises(InterpError) as err:
        differential_check(module, planned, values={"M": "16", "r": "2"})
    assert str(err.value) == "dyn.mlir:5:8: tile.load: window [16, 24) on axis 0 is outside the tensor's 16 elements"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--arg", "M=many"], "{f}:1:1: error: dynamic extent M takes a positive integer (a tensor length); 'many' is not an integer"),
        (["--arg", "M=0"], "{f}:1:1: error: dynamic extent M takes a positive integer (a tensor length); 0 is not"),
        (["--arg", "N=4"], "{f}:1:1: error: no function of the kernel has an argument %N (its scalar arguments: %r; its dynamic extents: M)"),
    ],
)
def test_dynamic_extent_mistakes_end_in_one_located_line(tmp_path: Path, capsys, argv: list[str], message: str) -> None:
    path = tmp_path / "dyn.mlir"
    path.write_text(DYN)
    assert run_cli(capsys, str(path), *argv) == (1, "", message.format(f=path) + "\n")


def test_a_window_before_a_tensor_or_past_any_dynamic_length_is_said_so(row: Path, tmp_path: Path, capsys) -> None:
    assert run_cli(capsys, str(row), "--arg", "r=-1") == (
        1, "", f"{row}:5:8: error: tile.load: window [-8, 0) on axis 0 starts 8 elements before the tensor (a negative offset)\n"
    )
    path = tmp_path / "dyn.mlir"
    path.write_text(DYN)
    # the probe that measures a dynamic axis: its stand-in length is no tensor's length
    assert run_cli(capsys, str(path), "--arg", "r=-2") == (
        1, "", f"{path}:5:8: error: tile.load: window [-16, -8) on axis 0 starts 16 elements before the tensor (a negative offset)\n"
    )
    assert run_cli(capsys, str(path), "--arg", f"r={1 << 28}") == (
        1,
        "",
        f"{path}:5:8: error: tile.load: window [2147483648, 2147483656) on axis 0 ends past 2147483648 elements, "
        "the longest the run can make a dynamic axis\n",
    )


def test_a_seeded_page_table_that_points_before_a_tensor_is_retried_non_negative() -> None:
    # the kernel's rows come from an i32 scalar and an i32 table (a paged
    # cache, as the qk_pv kernels of qwen3_14b): seed 1 draws a negative
    # entry, a window before the tensor; the retry sets %b to 0 and draws the
    # table in [0, 8] (issue 24)
    from xdsl_pto.interp.differential import logical_run

    module = parse_module(PAGED, "paged.mlir")
    fn = module.body.block.first_op
    seeded = make_inputs(fn, 1)
    assert int(seeded[2]) == 3 and seeded[1].tolist() == [-6, 4, 0, -3]
    with pytest.raises(InterpError) as err:
        run_function(module, "paged", seeded, mode="logical")
    assert str(err.value) == (
        "paged.mlir:8:8: tile.load: window [-24, -16) on axis 0 starts 24 elements before the tensor (a negative offset)"
    )
    inputs, ran = logical_run(module, fn, 1, {}, (0, 1), 10_000)
    assert int(inputs[2]) == 0 and inputs[1].tolist() == [1, 6, 4, 2]
    np.testing.assert_array_equal(ran.outputs[3], inputs[0][8:16])
    planned = run_pipeline(module.clone(), "pto-plan-memory{backend=a3}")
    assert differential_check(module, planned, seed=1) == []
