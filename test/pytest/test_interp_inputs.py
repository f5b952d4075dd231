"""Seeded inputs of `xdsl-pto run` (issue 24): dynamic extents and the size limit."""

from __future__ import annotations

import pytest

from xdsl_pto.interp.errors import InterpError
from xdsl_pto.interp.inputs import dynamic_extents, make_inputs
from xdsl_pto.tools.session import parse_module

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


def test_inputs_over_the_limit_are_refused() -> None:
    fn = _fn(
        "func.func @big(%w: memref<152064x5120xbf16>) {\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %x = tile.load %w[%c0, %c0] : memref<152064x5120xbf16> -> !tile.tile<16x64xbf16, vec>\n"
        "  func.return\n}\n"
    )
    with pytest.raises(InterpError) as err:
        make_inputs(fn, 0)
    assert str(err.value) == (
        "@big's GM tensors hold 1,557,135,360 bytes; the interpreter makes inputs of at most "
        "268,435,456 bytes in all (each run keeps several copies)"
    )
