"""The interpreter's matmul: K accumulated in 16-wide fractal steps.

A compiler pass that splits a matmul's K dimension into a chain of
``matmul_acc`` blocks (or its M / N dimensions into sub-tiles) must leave
``xdsl-pto run``'s results bit-identical, so the summation order is fixed by
the math (xdsl_pto/interp/fractal.py), not by the tile shape. Checked here
on the op semantics (what both run modes call) and end to end on an untiled
kernel against its K-tiled ``tile.extract`` form.
"""

from __future__ import annotations

import numpy as np
import pytest

from xdsl_pto.dialects.tile.cube_ops import MatmulAccOp, MatmulBiasOp, MatmulOp
from xdsl_pto.interp import make_inputs, run_function
from xdsl_pto.interp.fractal import FRACTAL_K, fractal_matmul
from xdsl_pto.interp.opinfo import OpMeta, op_meta
from xdsl_pto.interp.runner import find_function
from xdsl_pto.interp.semantics import apply_semantics
from xdsl_pto.tools.session import parse_module, run_pipeline

M, K, N = 64, 512, 48


def _cube_metas(m: int, k: int, n: int) -> dict[type, OpMeta]:
    """The OpMeta of a matmul, a matmul_acc and a matmul_bias with Left
    ``[m, k]`` f16, Right ``[k, n]`` f16 and an Acc ``[m, n]`` f32."""
    left, right = f"!tile.tile<{m}x{k}xf16, left>", f"!tile.tile<{k}x{n}xf16, right>"
    acc, bias = f"!tile.tile<{m}x{n}xf32, acc>", f"!tile.tile<1x{n}xf32, bias>"
    text = f"""func.func @ops(%init: i1) {{
  %l = tile.create : {left}
  %r = tile.create : {right}
  %a = tile.create : {acc}
  %b = tile.create : {bias}
  %x = tile.matmul %l, %r : ({left}, {right}) -> {acc}
  %y = tile.matmul_acc %a, %l, %r, %init : ({acc}, {left}, {right}, i1) -> {acc}
  %z = tile.matmul_bias %l, %r, %b : ({left}, {right}, {bias}) -> {acc}
  func.return
}}"""
    module = parse_module(text, "ops.mlir")
    kinds = (MatmulOp, MatmulAccOp, MatmulBiasOp)
    return {type(op): op_meta(op) for op in module.walk() if isinstance(op, kinds)}


def matmul(lhs: np.ndarray, rhs: np.ndarray) -> np.ndarray:
    """``tile.matmul`` semantics on ``lhs`` ``[m, k]`` and ``rhs`` ``[k, n]``."""
    meta = _cube_metas(lhs.shape[0], lhs.shape[1], rhs.shape[1])[MatmulOp]
    return apply_semantics(meta, [lhs, rhs])


def matmul_acc(acc: np.ndarray, lhs: np.ndarray, rhs: np.ndarray, init: bool) -> np.ndarray:
    """``tile.matmul_acc`` semantics."""
    meta = _cube_metas(lhs.shape[0], lhs.shape[1], rhs.shape[1])[MatmulAccOp]
    return apply_semantics(meta, [acc, lhs, rhs, init])


def matmul_bias(lhs: np.ndarray, rhs: np.ndarray, bias: np.ndarray) -> np.ndarray:
    """``tile.matmul_bias`` semantics."""
    meta = _cube_metas(lhs.shape[0], lhs.shape[1], rhs.shape[1])[MatmulBiasOp]
    return apply_semantics(meta, [lhs, rhs, bias])


def _operands(seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """f16 ``[M, K]``, f16 ``[K, N]`` and an f32 ``[1, N]`` bias, drawn by
    ``make_inputs`` (uniform in [-2, 2], rounded to the dtype)."""
    module = parse_module(
        f"func.func @io(%a: memref<{M}x{K}xf16>, %b: memref<{K}x{N}xf16>, %c: memref<1x{N}xf32>) {{\n"
        "  func.return\n}",
        "io.mlir",
    )
    lhs, rhs, bias = make_inputs(find_function(module, "io"), seed)
    return lhs, rhs, bias


def _k_blocked(lhs: np.ndarray, rhs: np.ndarray, width: int) -> np.ndarray:
    """Block 0 by ``matmul``, blocks 1.. (the last may be shorter) by
    ``matmul_acc`` with init_cond false."""
    acc = matmul(lhs[:, :width], rhs[:width])
    for k0 in range(width, lhs.shape[1], width):
        acc = matmul_acc(acc, lhs[:, k0 : k0 + width], rhs[k0 : k0 + width], False)
    return acc


@pytest.mark.parametrize("width", [16, 48, 64, 256])
@pytest.mark.parametrize("seed", [0, 7])
def test_k_split_is_bit_identical(width: int, seed: int) -> None:
    lhs, rhs, _ = _operands(seed)
    whole = matmul(lhs, rhs)
    assert whole.dtype == np.float32 and whole.shape == (M, N)
    assert _k_blocked(lhs, rhs, width).tobytes() == whole.tobytes()
    # init_cond true starts from zero whatever the accumulator holds.
    garbage = np.full((M, N), np.nan, np.float32)
    assert matmul_acc(garbage, lhs, rhs, True).tobytes() == whole.tobytes()


def test_k_split_off_the_fractal_is_not_identical() -> None:
    """The rule is what makes the splits agree: a split at 40 (not a multiple
    of 16) regroups the sums and changes the last bits."""
    lhs, rhs, _ = _operands(0)
    whole = matmul(lhs, rhs)
    assert _k_blocked(lhs, rhs, 40).tobytes() != whole.tobytes()
    np.testing.assert_allclose(_k_blocked(lhs, rhs, 40), whole, rtol=1e-5, atol=1e-4)


@pytest.mark.parametrize("rows, cols", [(slice(16, 48), slice(16, 32)), (slice(0, 64), slice(32, 48)), (slice(48, 64), slice(0, 48))])
def test_m_n_sub_block_is_bit_identical(rows: slice, cols: slice) -> None:
    lhs, rhs, bias = _operands(3)
    whole = matmul(lhs, rhs)
    block = matmul(lhs[rows], rhs[:, cols])
    assert block.tobytes() == np.ascontiguousarray(whole[rows, cols]).tobytes()
    # ... also when the sub-block itself is K-split.
    acc = matmul(lhs[rows, :64], rhs[:64, cols])
    acc = matmul_acc(acc, lhs[rows, 64:], rhs[64:, cols], False)
    assert acc.tobytes() == block.tobytes()
    # ... and with a bias: the bias row's columns go with the block.
    biased = matmul_bias(lhs[rows], rhs[:, cols], bias[:, cols])
    assert biased.tobytes() == np.ascontiguousarray(matmul_bias(lhs, rhs, bias)[rows, cols]).tobytes()


def test_matmul_bias_is_a_bias_initialised_accumulation() -> None:
    lhs, rhs, bias = _operands(5)
    start = np.ascontiguousarray(np.broadcast_to(bias, (M, N)))
    got = matmul_bias(lhs, rhs, bias)
    assert got.tobytes() == matmul_acc(start, lhs, rhs, False).tobytes()
    # ... and a bias matmul split along K is its first block, then matmul_acc.
    acc = matmul_bias(lhs[:, :128], rhs[:128], bias)
    acc = matmul_acc(acc, lhs[:, 128:], rhs[128:], False)
    assert acc.tobytes() == got.tobytes()


def test_hand_computed_small_matmuls() -> None:
    lhs = np.array([[1, 2], [3, 4]], np.float16)
    rhs = np.array([[5, 6], [7, 8]], np.float16)
    assert fractal_matmul(np.zeros((), np.float32), lhs, rhs, np.dtype(np.float32)).tolist() == [[19, 22], [43, 50]]
    acc = np.array([[1, -1], [0.5, 0]], np.float32)
    assert fractal_matmul(acc, lhs, rhs, np.dtype(np.float32)).tolist() == [[20, 21], [43.5, 50]]
    bias = np.array([[0.25, -22]], np.float32)
    assert fractal_matmul(bias, lhs, rhs, np.dtype(np.float32)).tolist() == [[19.25, 0], [43.25, 28]]
    # Integers are exact (int64), wrapped to the accumulator type.
    ints = fractal_matmul(np.zeros((), np.int32), lhs.astype(np.int8), rhs.astype(np.int8), np.dtype(np.int32))
    assert ints.dtype == np.int32 and ints.tolist() == [[19, 22], [43, 50]]


def test_hand_computed_rounding_per_fractal_chunk() -> None:
    """One output element, K = 19: 2048 * 8192 = 2**24, then eighteen 1 * 1.

    The first chunk (16 products) sums exactly in f64 to 2**24 + 15, which
    is rounded to f32 -- the f32 spacing at 2**24 is 2, the tie goes to the
    even significand -- giving 2**24 + 16. The tail chunk adds 3 exactly:
    2**24 + 19, a tie again, to 2**24 + 20. The exact sum 2**24 + 18 is an
    f32, so the per-chunk rounding is visible; a sequential f32 sum would
    lose every 1 (2**24 + 1 rounds back to 2**24)."""
    assert FRACTAL_K == 16
    lhs = np.ones((1, 19), np.float16)
    rhs = np.ones((19, 1), np.float16)
    lhs[0, 0], rhs[0, 0] = 2048, 8192
    f32 = np.dtype(np.float32)
    got = fractal_matmul(np.zeros((), f32), lhs, rhs, f32)
    assert got.dtype == f32 and got.tolist() == [[2.0**24 + 20]]
    first = fractal_matmul(np.zeros((), f32), lhs[:, :16], rhs[:16], f32)
    assert first.tolist() == [[2.0**24 + 16]]
    assert fractal_matmul(first, lhs[:, 16:], rhs[16:], f32).tolist() == [[2.0**24 + 20]]
    # An f16 accumulator rounds to f16 per chunk: 2**24 overflows to inf.
    assert fractal_matmul(np.zeros((), np.float16), lhs, rhs, np.dtype(np.float16)).tolist() == [[np.inf]]


_UNTILED = """func.func @mm(%a: memref<64x512xf16>, %b: memref<512x48xf16>, %c: memref<64x48xf32>) {
  %c0 = arith.constant 0 : index
  %am = tile.load %a[%c0, %c0] : memref<64x512xf16> -> !tile.tile<64x512xf16, mat>
  %bm = tile.load %b[%c0, %c0] : memref<512x48xf16> -> !tile.tile<512x48xf16, mat>
  %l = tile.move %am : (!tile.tile<64x512xf16, mat>) -> !tile.tile<64x512xf16, left>
  %r = tile.move %bm : (!tile.tile<512x48xf16, mat>) -> !tile.tile<512x48xf16, right>
  %acc = tile.matmul %l, %r : (!tile.tile<64x512xf16, left>, !tile.tile<512x48xf16, right>) -> !tile.tile<64x48xf32, acc>
  tile.store %acc, %c[%c0, %c0] : !tile.tile<64x48xf32, acc>, memref<64x48xf32>
  func.return
}
"""

# The same product as the AutoTile pass writes it (pypto-docs/15-auto_tile_matmul_l0.md):
# a K-loop over two 192-wide blocks with per-iteration extracts (runtime
# offsets), then the 128-wide tail block peeled as a straight-line matmul_acc.
_K_TILED = """func.func @mm(%a: memref<64x512xf16>, %b: memref<512x48xf16>, %c: memref<64x48xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c192 = arith.constant 192 : index
  %c384 = arith.constant 384 : index
  %no = arith.constant false
  %am = tile.load %a[%c0, %c0] : memref<64x512xf16> -> !tile.tile<64x512xf16, mat>
  %bm = tile.load %b[%c0, %c0] : memref<512x48xf16> -> !tile.tile<512x48xf16, mat>
  %acc0 = tile.create : !tile.tile<64x48xf32, acc>
  %loop = scf.for %k = %c0 to %c2 step %c1 iter_args(%acc = %acc0) -> (!tile.tile<64x48xf32, acc>) {
    %ko = arith.muli %k, %c192 : index
    %l = tile.extract %am, %c0, %ko : (!tile.tile<64x512xf16, mat>, index, index) -> !tile.tile<64x192xf16, left>
    %r = tile.extract %bm, %ko, %c0 : (!tile.tile<512x48xf16, mat>, index, index) -> !tile.tile<192x48xf16, right>
    %first = arith.cmpi eq, %k, %c0 : index
    %next = tile.matmul_acc %acc, %l, %r, %first : (!tile.tile<64x48xf32, acc>, !tile.tile<64x192xf16, left>, !tile.tile<192x48xf16, right>, i1) -> !tile.tile<64x48xf32, acc>
    scf.yield %next : !tile.tile<64x48xf32, acc>
  }
  %lt = tile.extract %am, %c0, %c384 : (!tile.tile<64x512xf16, mat>, index, index) -> !tile.tile<64x128xf16, left>
  %rt = tile.extract %bm, %c384, %c0 : (!tile.tile<512x48xf16, mat>, index, index) -> !tile.tile<128x48xf16, right>
  %out = tile.matmul_acc %loop, %lt, %rt, %no : (!tile.tile<64x48xf32, acc>, !tile.tile<64x128xf16, left>, !tile.tile<128x48xf16, right>, i1) -> !tile.tile<64x48xf32, acc>
  tile.store %out, %c[%c0, %c0] : !tile.tile<64x48xf32, acc>, memref<64x48xf32>
  func.return
}
"""


@pytest.mark.parametrize("seed", [0, 11])
def test_k_tiled_kernel_stores_the_untiled_bits(seed: int) -> None:
    """End to end: the untiled kernel and its K-tiled extract form, each run
    logically and (planned for A3) physically, store the same bytes."""
    stored = []
    for name, text in (("untiled.mlir", _UNTILED), ("tiled.mlir", _K_TILED)):
        module = parse_module(text, name)
        inputs = make_inputs(find_function(module, "mm"), seed)
        planned = run_pipeline(module.clone(), "pto-plan-memory{backend=a3}")
        for mod, mode in ((module, "logical"), (planned, "physical")):
            stored.append(run_function(mod, "mm", inputs, mode=mode).outputs[2].tobytes())
    assert stored[0] == stored[1] == stored[2] == stored[3]
    lhs, rhs, _ = make_inputs(find_function(parse_module(_UNTILED), "mm"), seed)
    assert stored[0] == matmul(lhs, rhs).tobytes()
