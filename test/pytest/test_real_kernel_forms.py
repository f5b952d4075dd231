"""The import forms of the real model kernels (issue 24, the pypto-lib
sample) that have a meaning of their own in the interpreter: a Vec -> Vec
``tile.extract``, an atomic-add ``tile.store``, the barrier
``tile.syncall`` (a no-op on the one core a run is), in-place writes
carried out of the loops and ifs they are in. Each kernel runs logically and, planned
and proved, physically (:mod:`op_runs`), and the outputs are checked against
numpy."""

from __future__ import annotations

from pathlib import Path

import ml_dtypes
import numpy as np

from op_runs import run
from xdsl_pto.tools.session import parse_module


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


def test_write_inside_loops_and_ifs_reaches_past_them():
    """The in-place writes of carry_forms.py's loops and ifs (issue 24's
    implicit carries) are all in the tile stored after them: columns 0 and 1
    take the last row's value above 0.5 (else they stay 0), columns 8 to 11
    are 1, column 63 is 2; the pad-relabelled phi is the same tile."""
    from xdsl_pto.frontends.pypto import import_source
    from xdsl_pto.interp import run_function
    from xdsl_pto.tools.session import run_pipeline

    dump = Path(__file__).resolve().parents[1] / "lit" / "xdsl-pto-import-pypto" / "Inputs" / "carry_forms.py"
    text = str(import_source(dump.read_text(), str(dump)))
    x = np.zeros((4, 64), np.float32)
    x[1, 0], x[3, 0], x[2, 1] = 0.75, 0.25, 0.9
    inputs = [x, np.zeros((1, 64), np.float32), np.zeros((1, 64), np.float32)]
    want = np.zeros((1, 64), np.float32)
    want[0, 0], want[0, 1], want[0, 8:12], want[0, 63] = 0.75, 0.9, 1.0, 2.0
    logical = run_function(parse_module(text), "best_of", inputs, mode="logical").outputs
    planned = run_pipeline(parse_module(text), "pto-plan-memory{backend=a3 verify=true}")
    physical = run_function(planned, "best_of", inputs, mode="physical").outputs
    for outputs in (logical, physical):
        np.testing.assert_array_equal(outputs[1], want)
        np.testing.assert_array_equal(outputs[2], want)


def test_one_rank_runs_the_cross_rank_ops():
    """A notify leaves this rank's signal as it was (it writes the peer's),
    a wait is met, and a remote load reads the local tensor's window (the
    peers run the same kernel on the same inputs)."""
    text = """func.func @k(%data: memref<2x64xf32>, %flags: memref<4x1xi32>, %o: memref<1x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1 : i32
  tile.notify %flags[%c1, %c0] to %c3, %one {op = "atomic_add"} : memref<4x1xi32>, i32
  tile.wait %flags[%c3, %c0], %one {cmp = "ge"} : memref<4x1xi32>, i32
  %p = tile.remote_load %data[%c1, %c0] from %c3 : memref<2x64xf32> -> !tile.tile<1x64xf32, vec>
  tile.store %p, %o[%c0, %c0] : !tile.tile<1x64xf32, vec>, memref<1x64xf32>
  func.return
}
"""
    data = np.arange(128, dtype=np.float32).reshape(2, 64)
    flags = np.array([[5], [6], [7], [8]], np.int32)
    out = run(text, [data, flags, np.zeros((1, 64), np.float32)])
    np.testing.assert_array_equal(out[2], data[1:2])
    assert out[1].tolist() == [[5], [6], [7], [8]]
