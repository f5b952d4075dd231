"""``xdsl-pto run`` follows valid regions (reference/tile-op-semantics.md
sections 0 and 3; the breaker's finding 2 of issue 24): ``row_sum`` /
``row_max`` / ``row_min`` reduce the source's valid columns ``[:VR, :VC]``
only -- the lowered ``pto.trowsum`` gets ``v_col`` -- for a static valid
shape and a runtime one; an elementwise result is undefined (the poison
pattern) outside its valid region; a column reduction adds the valid rows
only. Each kernel runs logically and, planned for a3 with the plan proof,
physically with every on-chip read checked (``op_runs.run``); the values
are numpy's, bit for bit.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

from op_runs import run  # noqa: E402 (test/pytest/op_runs.py)

BF16 = ml_dtypes.bfloat16
STATIC = "!tile.tile<8x256xf32, vec, valid = 8x100>"
TMP = "!tile.tile<8x256xf32, vec>"
ROW = "!tile.tile<8x1xf32, vec>"


def _row_kernel(op: str) -> str:
    """An 8x256 tile loaded whole whose type says valid 8x100, reduced by
    ``op`` per row (the breaker's ``vs_rowsum_static.py``)."""
    return f"""func.func @k(%x: memref<8x1024xf32>, %y: memref<8x1xf32>) {{
  %c0 = arith.constant 0 : index
  %a = tile.load %x[%c0, %c0] : memref<8x1024xf32> -> {STATIC}
  %tmp = tile.create : {TMP}
  %s = tile.{op} %a, %tmp : ({STATIC}, {TMP}) -> {ROW}
  tile.store %s, %y[%c0, %c0] : {ROW}, memref<8x1xf32>
  func.return
}}"""


def _input(tail: float) -> np.ndarray:
    """Seeded values in the 100 valid columns, ``tail`` in every other one
    (which a reduction of the whole tile would meet)."""
    x = np.random.default_rng(2).standard_normal((8, 1024)).astype(np.float32)
    x[:, 100:] = tail
    return x


@pytest.mark.parametrize(
    ("op", "tail", "numpy_fn"),
    [("row_sum", 1e6, np.sum), ("row_max", 1e30, np.max), ("row_min", -1e30, np.min)],
)
def test_a_row_reduction_of_a_static_valid_8x100_of_8x256_reads_the_100_columns(op, tail, numpy_fn):
    x = _input(tail)
    out = run(_row_kernel(op), [x, np.zeros((8, 1), np.float32)])[1]
    want = numpy_fn(np.ascontiguousarray(x[:, :100]), axis=1, keepdims=True)
    assert out.tobytes() == want.tobytes()
    # the numbers themselves, for the sum: rows of the breaker's oracle
    if op == "row_sum":
        np.testing.assert_allclose(out[:3, 0], [-0.8419394, -10.222724, -2.1145806], rtol=1e-6)


RUNTIME = "!tile.tile<8x256xf32, vec, valid = 8x?>"
RUNTIME_KERNEL = f"""func.func @k(%x: memref<8x1024xf32>, %k: index, %y: memref<8x1xf32>) {{
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %a = tile.load %x[%c0, %c0] valid [%c8, %k] : memref<8x1024xf32> -> {RUNTIME}
  %tmp = tile.create : {TMP}
  %s = tile.row_sum %a, %tmp : ({RUNTIME}, {TMP}) -> {ROW}
  tile.store %s, %y[%c0, %c0] : {ROW}, memref<8x1xf32>
  func.return
}}"""


@pytest.mark.parametrize("k", [100, 1, 256])
def test_row_sum_of_a_runtime_valid_width_adds_its_k_columns(k):
    """The breaker's ``vs_rowsum.py``: ``valid [8, k]``; the columns past
    ``k`` were the load's undefined bytes (NaN), which the run used to add."""
    x = _input(1e6)
    out = run(RUNTIME_KERNEL, [x, np.array(k), np.zeros((8, 1), np.float32)])[2]
    want = np.sum(np.ascontiguousarray(x[:, :k]), axis=1, keepdims=True)
    assert out.tobytes() == want.tobytes()


SOFTMAX_ROWS = """func.func @k(%x: memref<8x1024xbf16>, %k: index, %y: memref<8x1xf32>, %z: memref<8x256xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %a = tile.load %x[%c0, %c0] valid [%c8, %k] : memref<8x1024xbf16> -> !tile.tile<8x256xbf16, vec, valid = 8x?>
  %f = tile.cast %a {mode = "round"} : (!tile.tile<8x256xbf16, vec, valid = 8x?>) -> !tile.tile<8x256xf32, vec, valid = 8x?>
  %e = tile.exp %f : (!tile.tile<8x256xf32, vec, valid = 8x?>) -> !tile.tile<8x256xf32, vec, valid = 8x?>
  %tmp = tile.create : !tile.tile<8x256xf32, vec>
  %s = tile.row_sum %e, %tmp : (!tile.tile<8x256xf32, vec, valid = 8x?>, !tile.tile<8x256xf32, vec>) -> !tile.tile<8x1xf32, vec>
  %d = tile.row_expand_div %e, %s : (!tile.tile<8x256xf32, vec, valid = 8x?>, !tile.tile<8x1xf32, vec>) -> !tile.tile<8x256xf32, vec, valid = 8x?>
  tile.store %s, %y[%c0, %c0] : !tile.tile<8x1xf32, vec>, memref<8x1xf32>
  tile.store %d, %z[%c0, %c0] : !tile.tile<8x256xf32, vec, valid = 8x?>, memref<8x256xf32>
  func.return
}"""


def test_a_runtime_valid_width_through_cast_exp_row_sum_and_a_broadcast_division():
    """The breaker's ``vs_cols.py`` (k = 100): every output was NaN; now the
    row sums are numpy's over the 100 columns, the quotients fill the valid
    columns and the output keeps its columns past them."""
    x = (np.random.default_rng(2).standard_normal((8, 1024)) * 0.5).astype(BF16)
    z = np.full((8, 256), -7, np.float32)
    out = run(SOFTMAX_ROWS, [x, np.array(100), np.zeros((8, 1), np.float32), z])
    e = np.exp(x[:, :100].astype(np.float32))
    s = np.sum(e, axis=1, keepdims=True)
    want_z = z.copy()
    want_z[:, :100] = e / s
    assert out[2].tobytes() == s.tobytes()
    assert out[3].tobytes() == want_z.tobytes()


def test_an_elementwise_result_is_undefined_outside_its_valid_region():
    """exp of a tile valid 8x100, read back whole through a reshape to a
    fully valid type: the 100 columns are exp's, every byte past them the
    poison byte 0xFF (the hardware leaves them as they were, which a run
    cannot know), the same in both run modes."""
    text = f"""func.func @k(%x: memref<8x1024xf32>, %o: memref<8x256xf32>) {{
  %c0 = arith.constant 0 : index
  %a = tile.load %x[%c0, %c0] : memref<8x1024xf32> -> {STATIC}
  %e = tile.exp %a : ({STATIC}) -> {STATIC}
  %w = tile.reshape %e : ({STATIC}) -> {TMP}
  tile.store %w, %o[%c0, %c0] : {TMP}, memref<8x256xf32>
  func.return
}}"""
    x = _input(0.5)
    out = run(text, [x, np.zeros((8, 256), np.float32)])[1]
    assert out[:, :100].tobytes() == np.exp(x[:, :100]).tobytes()
    assert set(out[:, 100:].view(np.uint8).ravel().tolist()) == {0xFF}


def test_col_sum_of_a_runtime_valid_height_adds_its_rows_top_down():
    """A column reduction of ``valid [n, 256]``: the rows past ``n`` (the
    load's undefined bytes) are not added."""
    v = "!tile.tile<8x256xf32, vec, valid = ?x256>"
    col = "!tile.tile<1x256xf32, vec>"
    text = f"""func.func @k(%x: memref<8x256xf32>, %n: index, %o: memref<1x256xf32>) {{
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %a = tile.load %x[%c0, %c0] valid [%n, %c256] : memref<8x256xf32> -> {v}
  %s = tile.col_sum %a : ({v}) -> {col}
  tile.store %s, %o[%c0, %c0] : {col}, memref<1x256xf32>
  func.return
}}"""
    x = np.random.default_rng(3).standard_normal((8, 256)).astype(np.float32)
    out = run(text, [x, np.array(5), np.zeros((1, 256), np.float32)])[2]
    want = x[0] + x[1] + x[2] + x[3] + x[4]
    assert out.tobytes() == want[None, :].tobytes()


def test_bytes_past_a_valid_region_are_neither_read_nor_compared():
    """A hand-made plan puts a live 1x64 tile on bytes 512..768 of an 8x256
    tile valid 8x100 (row 0's columns 128..191: outside its valid region).
    The physical run's row maxima read the 100 valid columns only, so they
    are the logical run's, and the check of each on-chip read compares the
    valid region of the operand read, so it records no divergence."""
    from xdsl_pto.interp import run_function
    from xdsl_pto.tools.session import parse_module

    t = "!tile.tile<8x256xf32, vec, valid = 8x100, memref = <@mem_vec_0, offset = 0, size = 8192>>"
    b = "!tile.tile<1x64xf32, vec, memref = <@mem_vec_1, offset = 0, size = 256>>"
    tmp = "!tile.tile<8x256xf32, vec, memref = <@mem_vec_2, offset = 0, size = 8192>>"
    r = "!tile.tile<8x1xf32, vec, memref = <@mem_vec_3, offset = 0, size = 32>>"
    text = f"""builtin.module attributes {{pto.target_arch = "a3"}} {{
  func.func @k(%x: memref<8x256xf32>, %y: memref<1x64xf32>, %o: memref<8x1xf32>, %p: memref<1x64xf32>) {{
    tile.alloc @mem_vec_0 in vec size 8192 addr 0
    tile.alloc @mem_vec_1 in vec size 256 addr 512
    tile.alloc @mem_vec_2 in vec size 8192 addr 8448
    tile.alloc @mem_vec_3 in vec size 32 addr 16640
    %c0 = arith.constant 0 : index
    %a = tile.load %x[%c0, %c0] : memref<8x256xf32> -> {t}
    %b = tile.load %y[%c0, %c0] : memref<1x64xf32> -> {b}
    %tmp = tile.create : {tmp}
    %s = tile.row_max %a, %tmp : ({t}, {tmp}) -> {r}
    tile.store %s, %o[%c0, %c0] : {r}, memref<8x1xf32>
    tile.store %b, %p[%c0, %c0] : {b}, memref<1x64xf32>
    func.return
  }}
}}"""
    x = np.random.default_rng(5).standard_normal((8, 256)).astype(np.float32)
    y = np.full((1, 64), 1e30, np.float32)
    args = lambda: [x.copy(), y.copy(), np.zeros((8, 1), np.float32), np.zeros((1, 64), np.float32)]  # noqa: E731
    module = parse_module(text)
    logical = run_function(module, "k", args(), mode="logical").outputs
    physical = run_function(module, "k", args(), mode="physical", check_reads=True)
    assert physical.writers.divergence is None
    assert physical.outputs[2].tobytes() == logical[2].tobytes() == np.max(x[:, :100], axis=1, keepdims=True).tobytes()
    assert physical.outputs[3].tobytes() == y.tobytes()
