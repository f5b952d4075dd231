"""Seeded inputs of `xdsl-pto run` (issue 24): dynamic extents, argument
values, and GM tensors made on demand above the size limit."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

from xdsl_pto.interp import differential_check, run_function
from xdsl_pto.interp import inputs as inputs_module
from xdsl_pto.interp.differential import kernel_inputs, tensor_values
from xdsl_pto.interp.errors import InterpError
from xdsl_pto.interp.inputs import dynamic_extents, make_inputs
from xdsl_pto.interp.lazy_gm import CHUNK, LazyTensor, gm_first_difference
from xdsl_pto.tools.session import parse_module, run_pipeline

KERNEL = """
func.func @k(%a: memref<?x64xf32> {tile.dynamic_dims = ["N"]}, %b: memref<?x64xf32> {tile.dynamic_dims = ["N"]},
             %c: memref<?x32xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<?x64xf32> -> !tile.tile<16x64xf32, vec>
  %y = tile.load %b[%c0, %c0] : memref<?x64xf32> -> !tile.tile<32x64xf32, vec>
  %z = tile.load %c[%c0, %c0] : memref<?x32xf32> -> !tile.tile<8x32xf32, vec>
  tile.store %x, %a[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<?x64xf32>
  tile.store %y, %b[%c0, %c0] : !tile.tile<32x64xf32, vec>, memref<?x64xf32>
  tile.store %z, %c[%c0, %c0] : !tile.tile<8x32xf32, vec>, memref<?x32xf32>
  func.return
}
"""


def _fn(text: str):
    return parse_module(text, "k.mlir").body.block.first_op


def test_one_name_one_extent_the_largest_window_times_four() -> None:
    fn = _fn(KERNEL)
    # N: windows of 16 and 32 rows -> 32 x 4 for both; the unnamed one 8 x 4
    assert dynamic_extents(fn) == {(0, 0): 128, (1, 0): 128, (2, 0): 32}
    assert [x.shape for x in make_inputs(fn, 0)] == [(128, 64), (128, 64), (32, 32)]


BIG = """
func.func @big(%w: memref<152064x5120xbf16>, %r: index, %out: memref<16x64xbf16>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %row = arith.muli %r, %c64 : index
  %x = tile.load %w[%row, %c64] : memref<152064x5120xbf16> -> !tile.tile<16x64xbf16, vec>
  %y = tile.exp %x : (!tile.tile<16x64xbf16, vec>) -> !tile.tile<16x64xbf16, vec>
  tile.store %y, %out[%c0, %c0] : !tile.tile<16x64xbf16, vec>, memref<16x64xbf16>
  func.return
}
"""


def test_inputs_over_the_limit_are_made_on_demand_and_deterministic() -> None:
    fn = _fn(BIG)
    w, r, out = make_inputs(fn, 0)
    again = make_inputs(fn, 0)[0]
    assert isinstance(w, LazyTensor) and isinstance(out, LazyTensor)
    assert w.shape == (152064, 5120) and w.nbytes == 1_557_135_360 and w.held_bytes == 0
    # the same element whatever was touched before, and only its chunk is made
    assert again[100_000, 7] == w[100_000, 7]
    assert w.held_bytes == CHUNK * 2
    assert w[100_000, 7] != make_inputs(fn, 1)[0][100_000, 7]
    window = w[64:66, 0:3]
    assert window.dtype == ml_dtypes.bfloat16 and window.shape == (2, 3)
    assert np.abs(window.astype(np.float32)).max() <= 2.0


def test_a_kernel_over_a_1_5_gb_tensor_touching_one_window_runs_and_agrees() -> None:
    module = parse_module(BIG, "big.mlir")
    planned = run_pipeline(module.clone(), "pto-plan-memory{backend=a3}")
    assert differential_check(module, planned, seed=2, values={"r": "1000"}) == []
    fn = module.body.block.first_op
    inputs = make_inputs(fn, 2, values={1: 1000})
    ran = run_function(module, "big", inputs, mode="logical")
    w, out = ran.outputs[0], ran.outputs[2]
    want = np.exp(inputs[0][64000:64016, 64:128].astype(np.float32))
    np.testing.assert_allclose(out[0:16, 0:64].astype(np.float32), want, rtol=1 / 128)
    assert w.held_bytes <= 16 * CHUNK * 2  # 16 rows of 5120: one chunk of 16,384 elements each


def test_touching_more_than_the_limit_of_a_tensor_made_on_demand_is_refused(monkeypatch) -> None:
    monkeypatch.setattr(inputs_module, "MAX_INPUT_BYTES", 1 << 20)
    module = parse_module(
        "func.func @sweep(%w: memref<1024x1024xf32>, %out: memref<8x1024xf32>) {\n"
        "  %c0 = arith.constant 0 : index\n  %c8 = arith.constant 8 : index\n"
        "  %c1024 = arith.constant 1024 : index\n"
        "  scf.for %i = %c0 to %c1024 step %c8 {\n"
        "    %x = tile.load %w[%i, %c0] : memref<1024x1024xf32> -> !tile.tile<8x1024xf32, vec>\n"
        "    tile.store %x, %out[%c0, %c0] : !tile.tile<8x1024xf32, vec>, memref<8x1024xf32>\n"
        "  }\n  func.return\n}\n",
        "sweep.mlir",
    )
    inputs = make_inputs(module.body.block.first_op, 0)
    with pytest.raises(InterpError) as err:
        run_function(module, "sweep", inputs, mode="logical")
    assert str(err.value) == (
        "sweep.mlir:6:10: tile.load: the run touches more than 1,048,576 bytes of %w of @sweep "
        "(made on demand); the interpreter holds at most that much of one tensor"
    )


def test_tensors_made_on_demand_compare_over_the_touched_chunks() -> None:
    fill = lambda c: np.arange(c * CHUNK, (c + 1) * CHUNK, dtype=np.int64).astype(np.int32)  # noqa: E731
    a = LazyTensor((1 << 20, 64), np.dtype(np.int32), fill)
    b = a.copy()
    assert a[5, 3] == 5 * 64 + 3 and gm_first_difference(a, b) is None
    b[700_000, 9:12] = np.array([1, 2, 3])
    assert a[700_000, 10] == 700_000 * 64 + 10 and b[700_000, 10] == 2
    assert gm_first_difference(a, b) == (700_000, 9)
    flat = b.reshape(-1)
    assert flat[np.array([700_000 * 64 + 11, 3])].tolist() == [3, 3]
    assert b.reach == [700_001, 12]


DYN = """
func.func @rows(%in: memref<?x16xf32> {tile.dynamic_dims = ["N"]}, %out: memref<?x16xf32> {tile.dynamic_dims = ["N"]}) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c80 = arith.constant 80 : index
  scf.for %r = %c0 to %c80 step %c8 {
    %x = tile.load %in[%r, %c0] : memref<?x16xf32> -> !tile.tile<8x16xf32, vec>
    %y = tile.exp %x : (!tile.tile<8x16xf32, vec>) -> !tile.tile<8x16xf32, vec>
    tile.store %y, %out[%r, %c0] : !tile.tile<8x16xf32, vec>, memref<?x16xf32>
  }
  func.return
}
"""


def test_a_dynamic_axis_is_as_long_as_the_windows_the_kernel_touches() -> None:
    module = parse_module(DYN, "rows.mlir")
    fn = module.body.block.first_op
    # four windows of 8 rows (32) would end the loop at row 32; the probe finds 80
    assert dynamic_extents(fn) == {(0, 0): 32, (1, 0): 32}
    assert [x.shape for x in kernel_inputs(module, fn, 0)] == [(80, 16), (80, 16)]
    planned = run_pipeline(module.clone(), "pto-plan-memory{backend=a3}")
    assert differential_check(module, planned) == []


def test_the_probe_and_the_run_see_the_same_scalar_arguments() -> None:
    # the loop's trip count comes from %k: the extent follows the seeded k
    module = parse_module(
        DYN.replace("%out: memref<?x16xf32> {tile.dynamic_dims = [\"N\"]})", "%out: memref<?x16xf32> {tile.dynamic_dims = [\"N\"]}, %k: index)")
        .replace("%c80 = arith.constant 80 : index", "%c16 = arith.constant 16 : index\n  %k1 = arith.addi %k, %c8 : index\n  %c80 = arith.muli %k1, %c16 : index"),
        "rows.mlir",
    )
    fn = module.body.block.first_op
    for seed in range(4):
        k = int(make_inputs(fn, seed)[2])
        got = kernel_inputs(module, fn, seed)
        assert int(got[2]) == k and got[0].shape == ((k + 8) * 16, 16)


def test_a_tensor_with_three_dynamic_axes_is_probed_within_int64() -> None:
    module = parse_module(
        "func.func @cube(%a: memref<?x?x?xf32>) {\n  %c0 = arith.constant 0 : index\n"
        "  %c3 = arith.constant 3 : index\n"
        "  %x = tile.load %a[%c3, %c0, %c0] : memref<?x?x?xf32> -> !tile.tile<8x16xf32, vec>\n"
        "  tile.store %x, %a[%c0, %c0, %c0] : !tile.tile<8x16xf32, vec>, memref<?x?x?xf32>\n"
        "  func.return\n}\n",
        "cube.mlir",
    )
    fn = module.body.block.first_op
    # the leading axis takes one element per window: four of them, and the probe reaches row 4
    assert kernel_inputs(module, fn, 0)[0].shape == (4, 32, 64)


# DYN with %in's extent an expression of N
EXPR = DYN.replace('memref<?x16xf32> {tile.dynamic_dims = ["N"]}, %out', 'memref<?x16xf32> {tile.dynamic_dims = ["N * 2 + 1"]}, %out', 1)


def test_an_expression_extent_is_computed_from_its_sized_name() -> None:
    module = parse_module(EXPR, "rows.mlir")
    fn = module.body.block.first_op
    # N needs 32 rows for %out; %in is then N * 2 + 1 = 65 (it needs only 32)
    assert dynamic_extents(fn) == {(0, 0): 65, (1, 0): 32}
    assert dynamic_extents(fn, {"N": 5}) == {(0, 0): 11, (1, 0): 5}
    # the probe finds row 80 on both: N = 80 for %out, and %in 161 long
    assert [x.shape for x in kernel_inputs(module, fn, 0)] == [(161, 16), (80, 16)]


def test_an_expression_only_its_names_size_grows_them_to_its_need() -> None:
    fn = _fn(EXPR.replace('["N"]', "[]"))
    # %in alone names N: the least N with N * 2 + 1 >= 32 is 16; %out's unnamed axis is 32
    assert dynamic_extents(fn) == {(0, 0): 33, (1, 0): 32}


def test_an_expression_no_name_makes_long_enough_is_refused() -> None:
    fn = _fn(EXPR.replace("N * 2 + 1", "N % 4"))
    with pytest.raises(InterpError) as err:
        dynamic_extents(fn)
    assert str(err.value) == (
        "k.mlir:2:1: dynamic extent N % 4 (axis 0 of argument 0 of @rows) cannot be made 32 long by its "
        "names (at most 1099511627776 each)"
    )
    with pytest.raises(InterpError) as err:
        dynamic_extents(_fn(EXPR.replace("N * 2 + 1", "N - 64")), {"N": 50})
    assert str(err.value) == (
        "k.mlir:2:1: dynamic extent N - 64 (axis 0 of argument 0 of @rows) is -14 long with N = 50; "
        "a tensor length is at least 1"
    )


def test_an_array_on_an_expression_axis_sets_or_checks_its_name() -> None:
    fns = [_fn(EXPR)]
    rows = np.ones((21, 16), np.float32)
    # 21 = N * 2 + 1: N = 10
    assert tensor_values(fns, {"in": ("in.npy", rows)})[1][fns[0]] == {"N": 10}
    with pytest.raises(InterpError) as err:
        tensor_values(fns, {"in": ("in.npy", rows), "out": ("out.npy", np.ones((4, 16), np.float32))})
    assert str(err.value) == (
        "k.mlir:2:1: %in of @rows: in.npy makes dynamic extent N * 2 + 1 21 long; with N = 4 it is 9"
    )
    with pytest.raises(InterpError) as err:
        tensor_values(fns, {"in": ("in.npy", np.ones((20, 16), np.float32))})
    assert str(err.value) == "k.mlir:2:1: %in of @rows: in.npy makes dynamic extent N * 2 + 1 20 long, which no value of N gives"


def test_a_quotient_of_two_names_grows_its_dividend_alone() -> None:
    # N is 32 (%out); raising M and N together keeps M // N at most 1, so M
    # alone is raised, to 1024: M // N = 32
    assert dynamic_extents(_fn(EXPR.replace("N * 2 + 1", "M // N"))) == {(0, 0): 32, (1, 0): 32}
