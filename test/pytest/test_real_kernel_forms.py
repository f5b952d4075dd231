"""The import forms of the real model kernels (issue 24, the pypto-lib
sample) that have a meaning of their own in the interpreter: a Vec -> Vec
``tile.extract``, an atomic-add ``tile.store``, the barriers
``tile.syncall`` / ``tile.notify``. Each kernel runs logically and, planned
and proved, physically (:mod:`op_runs`), and the outputs are checked against
numpy."""

from __future__ import annotations

import ml_dtypes
import numpy as np

from op_runs import run


def test_vec_extract_copies_a_row_window():
    # row 2, columns [8, 16) of a [4, 16] Vec tile, doubled
    text = """func.func @k(%a: memref<4x16xf32>, %o: memref<1x8xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %x = tile.load %a[%c0, %c0] : memref<4x16xf32> -> !tile.tile<4x16xf32, vec>
  %w = tile.extract %x, %c2, %c8 : (!tile.tile<4x16xf32, vec>, index, index) -> !tile.tile<1x8xf32, vec>
  %d = tile.add %w, %w : (!tile.tile<1x8xf32, vec>, !tile.tile<1x8xf32, vec>) -> !tile.tile<1x8xf32, vec>
  tile.store %d, %o[%c0, %c0] : !tile.tile<1x8xf32, vec>, memref<1x8xf32>
  func.return
}
"""
    a = np.arange(64, dtype=np.float32).reshape(4, 16)
    out = run(text, [a, np.zeros((1, 8), np.float32)])
    np.testing.assert_array_equal(out[1], [[2.0 * v for v in range(40, 48)]])


def _atomic_kernel(dtype: str, cols: int = 16) -> str:
    return f"""func.func @k(%a: memref<2x{cols}x{dtype}>, %o: memref<4x{cols}x{dtype}>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = tile.load %a[%c0, %c0] : memref<2x{cols}x{dtype}> -> !tile.tile<2x{cols}x{dtype}, vec>
  tile.syncall {{core_type = "mix"}}
  tile.store %x, %o[%c1, %c0] {{atomic = "add"}} : !tile.tile<2x{cols}x{dtype}, vec>, memref<4x{cols}x{dtype}>
  func.return
}}
"""


def test_atomic_store_adds_into_the_window():
    # rows 1 and 2 of the output get the tile added; rows 0 and 3 keep theirs
    a = np.arange(32, dtype=np.float32).reshape(2, 16) * 0.5
    o = np.full((4, 16), 10.0, np.float32)
    out = run(_atomic_kernel("f32"), [a, o])
    np.testing.assert_array_equal(out[1][1:3], 10.0 + a)
    np.testing.assert_array_equal(out[1][[0, 3]], np.full((2, 16), 10.0, np.float32))


def test_atomic_store_of_bf16_rounds_the_f32_sum():
    # bf16 has 8 significant bits: above 256 its step is 2, so 256 + 1 and
    # 258 + 1 are ties, rounded to the even neighbours 256 and 260
    a = np.full((2, 16), 1.0, ml_dtypes.bfloat16)
    o = np.zeros((4, 16), ml_dtypes.bfloat16)
    o[1] = 256.0
    o[2] = 258.0
    out = run(_atomic_kernel("bf16"), [a, o])
    assert out[1][1].astype(np.float32).tolist() == [256.0] * 16
    assert out[1][2].astype(np.float32).tolist() == [260.0] * 16


def test_atomic_store_of_integers_wraps():
    a = np.full((2, 32), 100, np.int8)
    o = np.full((4, 32), 100, np.int8)
    out = run(_atomic_kernel("i8", 32), [a, o])
    assert out[1][1].tolist() == [-56] * 32  # 200 wraps to 200 - 256
