"""Runtime valid shapes through a kernel (issue 24: the real kernels' last
row block of ``min(n - i, 8)`` tokens): ``tile.load ... valid [%r, %c]``
reads the valid window only, the ``?`` extent travels through a cast, a
product, a row sum, a reshape and a broadcast product by the rules of
:mod:`xdsl_pto.dialects.tile.valid_flow`, and the store writes the valid
rows only. Each kernel runs logically and, planned for a3 with the plan
proof, physically (the same bits); the values are numpy's.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

from xdsl_pto.interp import InterpError, run_function
from xdsl_pto.tools.session import parse_module

from op_runs import run  # noqa: E402 (test/pytest/op_runs.py)

BF16 = ml_dtypes.bfloat16
V = "!tile.tile<8x256x{e}, vec, valid = ?x256>"

KERNEL = f"""func.func @k(%a: memref<10x256xbf16>, %g: memref<1x256xf32>, %o: memref<10x256xbf16>, %s: memref<1x8xf32>, %n: index) {{
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %x = tile.load %a[%c4, %c0] valid [%n, %c256] : memref<10x256xbf16> -> {V.format(e="bf16")}
  %f = tile.cast %x {{mode = "round"}} : ({V.format(e="bf16")}) -> {V.format(e="f32")}
  %sq = tile.mul %f, %f : ({V.format(e="f32")}, {V.format(e="f32")}) -> {V.format(e="f32")}
  %tmp = tile.create : !tile.tile<8x256xf32, vec>
  %rs = tile.row_sum %sq, %tmp : ({V.format(e="f32")}, !tile.tile<8x256xf32, vec>) -> !tile.tile<8x1xf32, vec, valid = ?x1>
  %rr = tile.reshape %rs : (!tile.tile<8x1xf32, vec, valid = ?x1>) -> !tile.tile<1x8xf32, vec, valid = 1x?>
  %zero = arith.constant 0.0 : f32
  %z = tile.full %zero : (f32) -> !tile.tile<1x8xf32, vec>
  %sum = tile.add %z, %rr : (!tile.tile<1x8xf32, vec>, !tile.tile<1x8xf32, vec, valid = 1x?>) -> !tile.tile<1x8xf32, vec>
  tile.store %sum, %s[%c0, %c0] : !tile.tile<1x8xf32, vec>, memref<1x8xf32>
  %gm = tile.load %g[%c0, %c0] : memref<1x256xf32> -> !tile.tile<1x256xf32, vec>
  %y = tile.col_expand_mul %f, %gm : ({V.format(e="f32")}, !tile.tile<1x256xf32, vec>) -> {V.format(e="f32")}
  %b = tile.cast %y {{mode = "round"}} : ({V.format(e="f32")}) -> {V.format(e="bf16")}
  tile.store %b, %o[%c4, %c0] : {V.format(e="bf16")}, memref<10x256xbf16>
  func.return
}}"""


@pytest.mark.parametrize("n", [6, 1, 0])
def test_a_runtime_valid_row_count_flows_from_the_load_to_the_stores(n):
    """Rows 4.. of a 10-row tensor: the 8-row window would pass its end, the
    valid ``n <= 6`` rows do not. The row sums of the valid rows reach the
    1x8 accumulator through the reshape (its other columns add the row
    sums' undefined rows: not compared); the output keeps its rows past
    ``4 + n``."""
    rng = np.random.default_rng(24)
    a = rng.uniform(-2, 2, (10, 256)).astype(BF16)
    g = rng.uniform(-2, 2, (1, 256)).astype(np.float32)
    o = np.full((10, 256), 7, BF16)
    s = np.zeros((1, 8), np.float32)
    out = run(KERNEL, [a, g, o, s, np.array(n)])
    x = a[4 : 4 + n].astype(np.float32)
    want_o = o.copy()
    want_o[4 : 4 + n] = (x * g).astype(BF16)
    assert out[2].tobytes() == want_o.tobytes()
    np.testing.assert_allclose(out[3][0, :n], (x * x).sum(axis=1), rtol=1e-6)


def test_a_valid_extent_past_the_tile_is_refused():
    rng = np.random.default_rng(1)
    args = [rng.uniform(-1, 1, (10, 256)).astype(BF16), np.ones((1, 256), np.float32),
            np.zeros((10, 256), BF16), np.zeros((1, 8), np.float32), np.array(9)]
    with pytest.raises(InterpError, match=r"<input>:5:8: tile.load: valid extent 9 on axis 0 is outside \[0, 8\]"):
        run_function(parse_module(KERNEL), "k", args, mode="logical")
