"""The views / assembly / cross-core family of issue 23 in the interpreter:
each op in a small kernel, run logically and -- planned for the target --
physically (bit for bit the same, every read checked against the logical
value), its logical result compared with a numpy formula written here
(reference/tile-op-semantics.md section 9, with the readings the README
states: aiv_shard gives lane 0 the first half; aic_gather takes lane 1's tile
to be lane 0's). set_validshape's extents are runtime values (arguments).
"""

from __future__ import annotations

import numpy as np
import pytest

from xdsl_pto.interp import InterpError, run_function
from xdsl_pto.tools.session import parse_module

from op_runs import run  # noqa: E402 (test/pytest/op_runs.py)

RNG = np.random.default_rng(2323)


def t(shape: tuple[int, int], elem: str, extra: str = "", space: str = "vec") -> str:
    return f"!tile.tile<{shape[0]}x{shape[1]}x{elem}, {space}{extra}>"


def m(shape: tuple[int, int], elem: str) -> str:
    return f"memref<{shape[0]}x{shape[1]}x{elem}>"


def one_op(op: str, src: tuple[int, int], out: tuple[int, int], elem_in: str, elem_out: str, out_type: str) -> str:
    """``@k(%a, %o)``: load ``%a``, ``%r = <op> %x : (...) -> out_type``, store ``%r``."""
    return f"""func.func @k(%a: {m(src, elem_in)}, %o: {m(out, elem_out)}) {{
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : {m(src, elem_in)} -> {t(src, elem_in)}
  %r = {op} %x : ({t(src, elem_in)}) -> {out_type}
  tile.store %r, %o[%c0, %c0] : {out_type}, {m(out, elem_out)}
  func.return
}}"""


@pytest.mark.parametrize("elem, dtype, cols", [("f16", np.float16, 128), ("i8", np.int8, 256), ("i32", np.int32, 64)])
def test_reinterpret_view_reads_the_bytes_as_another_type(elem, dtype, cols):
    x = RNG.standard_normal((16, 64)).astype(np.float32)
    text = one_op("tile.reinterpret_view", (16, 64), (16, cols), "f32", elem, t((16, cols), elem))
    got = run(text, [x, np.zeros((16, cols), dtype)])[-1]
    assert got.tobytes() == x.view(dtype).reshape(16, cols).tobytes()


def test_transpose_view_is_the_transpose():
    x = RNG.standard_normal((16, 64)).astype(np.float32)
    text = one_op("tile.transpose_view", (16, 64), (64, 16), "f32", "f32", t((64, 16), "f32", ", blayout = col_major"))
    got = run(text, [x, np.zeros((64, 16), np.float32)])[-1]
    assert np.array_equal(got, x.T)


@pytest.mark.parametrize("rows, cols", [(5, 37), (16, 64), (0, 3)])
def test_set_validshape_gives_fillpad_its_runtime_extents(rows, cols):
    x = RNG.standard_normal((16, 64)).astype(np.float32)
    vt = t((16, 64), "f32", ", valid = ?x?")
    text = f"""func.func @k(%a: {m((16, 64), 'f32')}, %o: {m((16, 64), 'f32')}, %vr: index, %vc: index) {{
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : {m((16, 64), 'f32')} -> {t((16, 64), 'f32')}
  %y = tile.exp %x : ({t((16, 64), 'f32')}) -> {t((16, 64), 'f32')}
  %v = tile.set_validshape %y, %vr, %vc : ({t((16, 64), 'f32')}, index, index) -> {vt}
  %f = tile.fillpad %v : ({vt}) -> {t((16, 64), 'f32', ', pad = 1')}
  tile.store %f, %o[%c0, %c0] : {t((16, 64), 'f32', ', pad = 1')}, {m((16, 64), 'f32')}
  func.return
}}"""
    got = run(text, [x, np.zeros((16, 64), np.float32), np.array(rows), np.array(cols)])[1]
    want = np.zeros((16, 64), np.float32)
    want[:rows, :cols] = np.exp(x[:rows, :cols])
    assert np.array_equal(got, want)


def test_set_validshape_refuses_an_extent_past_the_tile():
    vt = t((16, 64), "f32", ", valid = 5x?")
    text = f"""func.func @k(%a: {m((16, 64), 'f32')}, %vc: index) {{
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %x = tile.load %a[%c0, %c0] : {m((16, 64), 'f32')} -> {t((16, 64), 'f32')}
  %v = tile.set_validshape %x, %c5, %vc : ({t((16, 64), 'f32')}, index, index) -> {vt}
  func.return
}}"""
    with pytest.raises(InterpError, match=r"<input>:5:8: tile.set_validshape: valid extent 65 on axis 1 is outside \[0, 64\]"):
        run_function(parse_module(text), "k", [np.zeros((16, 64), np.float32), np.array(65)], mode="logical")


@pytest.mark.parametrize("row", [0, 9, 16])
def test_assemble_writes_the_source_into_its_window(row):
    x = RNG.standard_normal((16, 64)).astype(np.float32)
    y = RNG.standard_normal((32, 64)).astype(np.float32)
    text = f"""func.func @k(%a: {m((16, 64), 'f32')}, %b: {m((32, 64), 'f32')}, %o: {m((32, 64), 'f32')}, %r: index) {{
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : {m((16, 64), 'f32')} -> {t((16, 64), 'f32')}
  %y = tile.load %b[%c0, %c0] : {m((32, 64), 'f32')} -> {t((32, 64), 'f32')}
  %s = tile.assemble %y, %x, %r, %c0 : ({t((32, 64), 'f32')}, {t((16, 64), 'f32')}, index, index) -> {t((32, 64), 'f32')}
  tile.store %s, %o[%c0, %c0] : {t((32, 64), 'f32')}, {m((32, 64), 'f32')}
  tile.store %y, %b[%c0, %c0] : {t((32, 64), 'f32')}, {m((32, 64), 'f32')}
  func.return
}}"""
    outs = run(text, [x, y, np.zeros((32, 64), np.float32), np.array(row)])
    want = y.copy()
    want[row : row + 16] = x
    assert np.array_equal(outs[2], want)
    assert np.array_equal(outs[1], y)  # the target read after: the planner kept a copy


def test_concat_joins_the_valid_columns():
    a = RNG.standard_normal((16, 64)).astype(np.float32)
    b = RNG.standard_normal((16, 32)).astype(np.float32)
    pa = t((16, 64), "f32", ", valid = 16x48")
    text = f"""func.func @k(%a: {m((16, 64), 'f32')}, %b: {m((16, 32), 'f32')}, %o: {m((16, 96), 'f32')}) {{
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : {m((16, 64), 'f32')} -> {pa}
  %y = tile.load %b[%c0, %c0] : {m((16, 32), 'f32')} -> {t((16, 32), 'f32')}
  %c = tile.concat %x, %y : ({pa}, {t((16, 32), 'f32')}) -> {t((16, 96), 'f32')}
  %z = tile.slice %c, %c0, %c0 : ({t((16, 96), 'f32')}, index, index) -> {t((16, 96), 'f32', ', valid = 16x80')}
  tile.store %z, %o[%c0, %c0] : {t((16, 96), 'f32', ', valid = 16x80')}, {m((16, 96), 'f32')}
  func.return
}}"""
    got = run(text, [a, b, np.zeros((16, 96), np.float32)])[-1]
    assert np.array_equal(got[:, :80], np.concatenate([a[:, :48], b], axis=1))


@pytest.mark.parametrize("split, out", [(0, (32, 32)), (1, (16, 32)), (2, (32, 16))])
def test_aiv_shard_gives_lane_0_the_first_half(split, out):
    text = f"""func.func @k(%o: {m(out, 'f32')}) {{
  %c0 = arith.constant 0 : index
  %acc = tile.create : {t((32, 32), 'f32', space='acc')}
  %h = tile.aiv_shard %acc {{split = {split} : i64}} : ({t((32, 32), 'f32', space='acc')}) -> {t(out, 'f32')}
  tile.store %h, %o[%c0, %c0] : {t(out, 'f32')}, {m(out, 'f32')}
  func.return
}}"""
    # the Acc tile is made by tile.create (every byte 0xFF): compare with that
    module = parse_module(text)
    got = run_function(module, "k", [np.zeros(out, np.float32)], mode="logical").outputs[0]
    full = np.full((32, 32), 0xFF, np.uint8).repeat(4, axis=1).view(np.float32)
    assert got.tobytes() == np.ascontiguousarray(full[: out[0], : out[1]]).tobytes()


@pytest.mark.parametrize("split, out", [(1, (32, 32)), (2, (16, 64))])
def test_aic_gather_joins_two_lanes(split, out):
    x = RNG.standard_normal((16, 32)).astype(np.float16)
    text = one_op(
        "tile.aic_gather", (16, 32), out, "f16", "f16", t(out, "f16", space="mat")
    ).replace("%r = tile.aic_gather %x :", f"%r = tile.aic_gather %x {{split = {split} : i64}} :")
    got = run_function(parse_module(text), "k", [x, np.zeros(out, np.float16)], mode="logical").outputs[-1]
    assert np.array_equal(got, np.concatenate([x, x], axis=split - 1))
