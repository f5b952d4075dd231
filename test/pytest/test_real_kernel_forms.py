"""The import forms of the real model kernels (issue 24, the pypto-lib
sample) that have a meaning of their own in the interpreter: a Vec -> Vec
``tile.extract``, an atomic-add ``tile.store``, the barriers
``tile.syncall`` / ``tile.notify``. Each kernel runs logically and, planned
and proved, physically (:mod:`op_runs`), and the outputs are checked against
numpy."""

from __future__ import annotations

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
