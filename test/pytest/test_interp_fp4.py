"""fp4 (``f4E2M1FN``) in the interpreter (issue 23 point 4): numpy holds a
value per byte (``ml_dtypes.float4_e2m1fn``), on chip two share a byte --
element ``2j`` in the low nibble of byte ``j``, ``2j + 1`` in the high one
(our reading; ptoas's ``!pto.f4E2M1x2``). Each kernel runs logically and,
planned, physically (the packed bytes), bit for bit the same; the results
are checked against numpy formulas written here.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

from xdsl_pto.interp.dtypes import pack_nibbles, unpack_nibbles
from xdsl_pto.tools.session import parse_module, run_pipeline

from op_runs import run  # noqa: E402 (test/pytest/op_runs.py)

FP4 = np.dtype(ml_dtypes.float4_e2m1fn)
RNG = np.random.default_rng(2325)
#: Every fp4 value, by its 4-bit code.
VALUES = [0, 0.5, 1, 1.5, 2, 3, 4, 6, -0.0, -0.5, -1, -1.5, -2, -3, -4, -6]


def fp4(shape: tuple[int, int]) -> np.ndarray:
    """Random fp4 values (every code can occur)."""
    return RNG.integers(0, 16, shape).astype(np.uint8).view(FP4)


def test_nibble_order():
    codes = np.array([[1, 2, 15, 0]], np.uint8).view(FP4)
    assert pack_nibbles(codes).tolist() == [[0x21, 0x0F]]
    assert unpack_nibbles(np.array([[0x21, 0x0F]], np.uint8), FP4).view(np.uint8).tolist() == [[1, 2, 15, 0]]


@pytest.mark.parametrize("backend", ["a3", "a5"])
def test_fp4_load_cast_round_store(backend):
    x = fp4((16, 64))
    text = """func.func @k(%a: memref<16x64xf4E2M1FN>, %o: memref<16x64xf32>, %p: memref<16x64xf4E2M1FN>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf4E2M1FN> -> !tile.tile<16x64xf4E2M1FN, vec>
  %y = tile.cast %x : (!tile.tile<16x64xf4E2M1FN, vec>) -> !tile.tile<16x64xf32, vec>
  %k = arith.constant 1.5 : f32
  %z = tile.muls %y, %k : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>
  %w = tile.cast %z {mode = "rint"} : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf4E2M1FN, vec>
  tile.store %y, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  tile.store %w, %p[%c0, %c0] : !tile.tile<16x64xf4E2M1FN, vec>, memref<16x64xf4E2M1FN>
  func.return
}"""
    _, y, w = run(text, [x, np.zeros((16, 64), np.float32), np.zeros((16, 64), FP4)], backend)
    want_y = np.array(VALUES, np.float32)[x.view(np.uint8)]
    np.testing.assert_array_equal(y, want_y)
    # x 1.5, rounded to the nearest fp4, a tie to the even code (mantissa
    # bit 0: 0.75 -> 1, 2.25 -> 2, 4.5 -> 4), saturating at +-6
    grid = np.array(VALUES[:8], np.float64)
    mag = np.abs(want_y.astype(np.float64) * 1.5)
    dist = np.abs(mag[..., None] - grid) - (np.arange(8) % 2 == 0) * 1e-9  # even codes win ties
    nearest = grid[np.argmin(dist, axis=-1)]
    want_w = np.where(want_y < 0, -nearest, nearest)
    np.testing.assert_array_equal(w.astype(np.float64), want_w)
    assert {0.75, 2.25, 4.5} <= set(np.unique(mag).tolist())  # the ties occur


@pytest.mark.parametrize("backend", ["a3", "a5"])
def test_fp4_packs_two_per_byte(backend):
    """A byte tile reinterpreted as fp4: byte j of a row holds elements 2j
    (low nibble) and 2j + 1 (high nibble); the planned run reads the loaded
    bytes as a packed fp4 tile of 512 bytes."""
    b = RNG.integers(0, 256, (16, 32)).astype(np.uint8)
    text = """func.func @k(%a: memref<16x32xui8>, %o: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x32xui8> -> !tile.tile<16x32xui8, vec>
  %f = tile.reinterpret_view %x : (!tile.tile<16x32xui8, vec>) -> !tile.tile<16x64xf4E2M1FN, vec>
  %y = tile.cast %f : (!tile.tile<16x64xf4E2M1FN, vec>) -> !tile.tile<16x64xf32, vec>
  tile.store %y, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}"""
    _, y = run(text, [b, np.zeros((16, 64), np.float32)], backend)
    table = np.array(VALUES, np.float32)
    want = np.empty((16, 64), np.float32)
    want[:, 0::2] = table[b & 0x0F]
    want[:, 1::2] = table[b >> 4]
    np.testing.assert_array_equal(y, want)
    planned = run_pipeline(parse_module(text), f"pto-plan-memory{{backend={backend}}}")
    sizes = [op.size.data for op in planned.walk() if op.name == "tile.alloc"]  # type: ignore[attr-defined]
    assert 512 in sizes


def test_fp4_reinterpret_to_bytes():
    """The other way: fp4 [16, 64] -> ui8 [16, 32], each byte the pair."""
    x = fp4((16, 64))
    text = """func.func @k(%a: memref<16x64xf4E2M1FN>, %o: memref<16x32xui8>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf4E2M1FN> -> !tile.tile<16x64xf4E2M1FN, vec>
  %b = tile.reinterpret_view %x : (!tile.tile<16x64xf4E2M1FN, vec>) -> !tile.tile<16x32xui8, vec>
  %c = tile.move %b : (!tile.tile<16x32xui8, vec>) -> !tile.tile<16x32xui8, vec>
  tile.store %c, %o[%c0, %c0] : !tile.tile<16x32xui8, vec>, memref<16x32xui8>
  func.return
}"""
    _, got = run(text, [x, np.zeros((16, 32), np.uint8)], "a3")
    codes = x.view(np.uint8)
    np.testing.assert_array_equal(got, codes[:, 0::2] | (codes[:, 1::2] << 4))
