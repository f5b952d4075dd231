"""The sort / gather / scatter family of issue 23 in the interpreter: each op
in a small kernel, run logically and -- planned for the target --
physically (bit for bit the same, with every read checked against the
logical value), its logical result compared with a numpy formula written
here (reference/tile-op-semantics.md sections 6-7, with the readings the
README states: records of 8 bytes sorted by value descending, the earlier
one first on ties; an out-of-range gather index reads 0; the wide tile is
scatter_mask's source, as ptoas v0.48 requires).
"""

from __future__ import annotations

import numpy as np
import pytest

from xdsl_pto.interp import InterpError, run_function
from xdsl_pto.tools.session import parse_module

from op_runs import run  # noqa: E402 (test/pytest/op_runs.py)

RNG = np.random.default_rng(2323)


def t(shape: tuple[int, int], elem: str, extra: str = "") -> str:
    return f"!tile.tile<{shape[0]}x{shape[1]}x{elem}, vec{extra}>"


def m(shape: tuple[int, int], elem: str) -> str:
    return f"memref<{shape[0]}x{shape[1]}x{elem}>"


def records(values: np.ndarray, ids: np.ndarray) -> np.ndarray:
    """The 8-byte records of (value, u32 index) pairs, as bytes."""
    rec = np.zeros((values.size, 8), np.uint8)
    rec[:, : values.itemsize] = values.view(np.uint8).reshape(values.size, values.itemsize)
    rec[:, 4:] = ids.astype(np.uint32).view(np.uint8).reshape(-1, 4)
    return rec


def sorted_desc(values: np.ndarray, ids: np.ndarray) -> np.ndarray:
    """Records sorted by value descending, stable."""
    order = np.argsort(-values.astype(np.float64), kind="stable")
    return records(values[order], ids[order])


# ----- sort ----------------------------------------------------------------------------------


@pytest.mark.parametrize("elem, dtype, factor", [("f32", np.float32, 2), ("f16", np.float16, 4)])
def test_sort32_sorts_each_block_of_32_into_records(elem, dtype, factor):
    x = RNG.permutation(128).astype(dtype).reshape(2, 64)  # distinct values
    idx = np.arange(128, dtype=np.uint32).reshape(2, 64)
    out_shape = (2, 64 * factor)
    text = f"""func.func @k(%a: {m((2, 64), elem)}, %b: {m((2, 64), 'ui32')}, %o: {m(out_shape, elem)}) {{
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : {m((2, 64), elem)} -> {t((2, 64), elem)}
  %i = tile.load %b[%c0, %c0] : {m((2, 64), 'ui32')} -> {t((2, 64), 'ui32')}
  %p = tile.sort32 %x, %i : ({t((2, 64), elem)}, {t((2, 64), 'ui32')}) -> {t(out_shape, elem)}
  tile.store %p, %o[%c0, %c0] : {t(out_shape, elem)}, {m(out_shape, elem)}
  func.return
}}"""
    got = run(text, [x, idx, np.zeros(out_shape, dtype)])[-1]
    for r in range(2):
        want = np.concatenate([sorted_desc(x[r, b : b + 32], idx[r, b : b + 32]) for b in (0, 32)])
        assert got[r].view(np.uint8).tobytes() == want.tobytes()


def _runs_kernel(op_line: str, ins: list[tuple[str, tuple[int, int]]], out: tuple[int, int]) -> str:
    args = [f"%a{k}: {m(s, 'f32')}" for k, (_, s) in enumerate(ins)] + [f"%o: {m(out, 'f32')}"]
    loads = [f"%{n} = tile.load %a{k}[%c0, %c0] : {m(s, 'f32')} -> {t(s, 'f32')}" for k, (n, s) in enumerate(ins)]
    body = "\n  ".join(["%c0 = arith.constant 0 : index", *loads, op_line,
                        f"tile.store %r, %o[%c0, %c0] : {t(out, 'f32')}, {m(out, 'f32')}", "func.return"])
    return f"func.func @k({', '.join(args)}) {{\n  {body}\n}}"


def test_mrgsort_format1_merges_four_sorted_runs_per_repeat():
    # 2 repeats of 4 runs of 64 columns (32 f32 records each)
    vals = RNG.standard_normal(256).astype(np.float32)
    ids = np.arange(256, dtype=np.uint32)
    runs = [sorted_desc(vals[k * 32 : (k + 1) * 32], ids[k * 32 : (k + 1) * 32]) for k in range(8)]
    src = np.concatenate(runs).view(np.float32).reshape(1, 512)
    text = _runs_kernel(
        f"%bl = arith.constant 64 : i32\n  %r = tile.mrgsort_format1 %x, %bl : ({t((1, 512), 'f32')}, i32) -> {t((1, 512), 'f32')}",
        [("x", (1, 512))], (1, 512))
    got = run(text, [src, np.zeros((1, 512), np.float32)])[-1]
    want = np.concatenate([sorted_desc(vals[h * 128 : (h + 1) * 128], ids[h * 128 : (h + 1) * 128]) for h in (0, 1)])
    assert got.view(np.uint8).tobytes() == want.tobytes()


@pytest.mark.parametrize("exhausted", [False, True])
def test_mrgsort_format2_merges_the_lists(exhausted):
    a_vals, b_vals = np.sort(RNG.standard_normal(32))[::-1].astype(np.float32), np.sort(RNG.standard_normal(32))[::-1].astype(np.float32)
    a = records(a_vals, np.arange(32)).view(np.float32).reshape(1, 64)
    b = records(b_vals, np.arange(32, 64)).view(np.float32).reshape(1, 64)
    attr = " {exhausted}" if exhausted else ""
    text = _runs_kernel(
        f"%tm = tile.create : {t((1, 128), 'f32')}\n  %r = tile.mrgsort_format2 %x, %y, %tm{attr} : "
        f"({t((1, 64), 'f32')}, {t((1, 64), 'f32')}, {t((1, 128), 'f32')}) -> {t((1, 128), 'f32')}",
        [("x", (1, 64)), ("y", (1, 64))], (1, 128))
    got = run(text, [a, b, np.zeros((1, 128), np.float32)])[-1].view(np.uint8).reshape(-1, 8)
    merged = sorted_desc(np.concatenate([a_vals, b_vals]), np.arange(64))
    if exhausted:  # stop once a list gave its last record
        ids = merged[:, 4:].copy().view(np.uint32).reshape(-1)
        stop = min(np.nonzero(ids == 31)[0][0], np.nonzero(ids == 63)[0][0]) + 1
        assert got[:stop].tobytes() == merged[:stop].tobytes()
        assert (got[stop:] == 0xFF).all()  # not written: undefined
    else:
        assert got.tobytes() == merged.tobytes()


# ----- gathers -------------------------------------------------------------------------------


def test_gather_reads_the_flat_source_and_zero_outside():
    src = RNG.standard_normal((16, 64)).astype(np.float32)
    idx = RNG.integers(0, 1024, (16, 64)).astype(np.int32)
    idx[0, :4] = [-1, 1024, 5000, 3]
    text = f"""func.func @k(%a: {m((16, 64), 'f32')}, %b: {m((16, 64), 'i32')}, %o: {m((16, 64), 'f32')}) {{
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : {m((16, 64), 'f32')} -> {t((16, 64), 'f32')}
  %i = tile.load %b[%c0, %c0] : {m((16, 64), 'i32')} -> {t((16, 64), 'i32')}
  %tmp = tile.create : {t((16, 64), 'i32')}
  %r = tile.gather %x, %i, %tmp : ({t((16, 64), 'f32')}, {t((16, 64), 'i32')}, {t((16, 64), 'i32')}) -> {t((16, 64), 'f32')}
  tile.store %r, %o[%c0, %c0] : {t((16, 64), 'f32')}, {m((16, 64), 'f32')}
  func.return
}}"""
    got = run(text, [src, idx, np.zeros((16, 64), np.float32)])[-1]
    flat = src.reshape(-1)
    want = np.where((idx >= 0) & (idx < 1024), flat[np.clip(idx, 0, 1023)], 0)
    np.testing.assert_array_equal(got, want)


def test_gatherb_copies_32_byte_blocks_at_byte_offsets():
    src = RNG.standard_normal((16, 64)).astype(np.float32)
    off = (RNG.integers(0, 128, (16, 8)) * 32).astype(np.uint32)
    text = f"""func.func @k(%a: {m((16, 64), 'f32')}, %b: {m((16, 8), 'ui32')}, %o: {m((16, 64), 'f32')}) {{
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : {m((16, 64), 'f32')} -> {t((16, 64), 'f32')}
  %f = tile.load %b[%c0, %c0] : {m((16, 8), 'ui32')} -> {t((16, 8), 'ui32')}
  %r = tile.gatherb %x, %f : ({t((16, 64), 'f32')}, {t((16, 8), 'ui32')}) -> {t((16, 64), 'f32')}
  tile.store %r, %o[%c0, %c0] : {t((16, 64), 'f32')}, {m((16, 64), 'f32')}
  func.return
}}"""
    got = run(text, [src, off, np.zeros((16, 64), np.float32)])[-1]
    flat = src.reshape(-1)
    want = np.stack([np.concatenate([flat[o // 4 : o // 4 + 8] for o in row]) for row in off])
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("pattern, cols", [("P0101", slice(0, None, 2)), ("P1010", slice(1, None, 2)),
                                           ("P0100", slice(2, None, 4)), ("P1111", slice(None))])
def test_gather_mask_takes_the_marked_columns(pattern, cols):
    src = RNG.standard_normal((8, 64)).astype(np.float32)
    width = src[:, cols].shape[1]
    text = f"""func.func @k(%a: {m((8, 64), 'f32')}, %o: {m((8, width), 'i32')}) {{
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : {m((8, 64), 'f32')} -> {t((8, 64), 'f32')}
  %r = tile.gather_mask %x {{mask_pattern = "{pattern}"}} : ({t((8, 64), 'f32')}) -> {t((8, width), 'i32')}
  tile.store %r, %o[%c0, %c0] : {t((8, width), 'i32')}, {m((8, width), 'i32')}
  func.return
}}"""
    got = run(text, [src, np.zeros((8, width), np.int32)])[-1]
    np.testing.assert_array_equal(got, np.ascontiguousarray(src[:, cols]).view(np.int32))  # the bits


@pytest.mark.parametrize("mode, offset", [("gt", 0), ("eq", 7)])
def test_gather_compare_gives_the_matching_columns_and_their_count(mode, offset):
    src = RNG.integers(-3, 4, (16, 64)).astype(np.float32)
    k = np.array(1.0, np.float32)
    text = f"""func.func @k(%a: {m((16, 64), 'f32')}, %kv: f32, %o: {m((16, 64), 'i32')}, %oc: {m((1, 16), 'i32')}) {{
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : {m((16, 64), 'f32')} -> {t((16, 64), 'f32')}
  %tmp = tile.create : {t((32, 256), 'ui8')}
  %d, %n = tile.gather_compare %x, %kv, %tmp {{cmp_mode = "{mode}", offset = {offset} : i32}} : ({t((16, 64), 'f32')}, f32, {t((32, 256), 'ui8')}) -> ({t((16, 64), 'i32')}, {t((1, 16), 'i32')})
  tile.store %d, %o[%c0, %c0] : {t((16, 64), 'i32')}, {m((16, 64), 'i32')}
  tile.store %n, %oc[%c0, %c0] : {t((1, 16), 'i32')}, {m((1, 16), 'i32')}
  func.return
}}"""
    outs = run(text, [src, k, np.zeros((16, 64), np.int32), np.zeros((1, 16), np.int32)])
    dst, cnt = outs[2], outs[3]
    for i in range(16):
        hit = np.nonzero(src[i] > 1.0 if mode == "gt" else src[i] == 1.0)[0] + offset
        assert cnt[0, i] == hit.size
        np.testing.assert_array_equal(dst[i, : hit.size], hit)


@pytest.mark.parametrize("oob", ["clamp", "wrap", "zero"])
def test_mgather_rows_with_an_out_of_range_policy(oob):
    gm = RNG.standard_normal((64, 64)).astype(np.float32)
    idx = RNG.integers(0, 64, (1, 16)).astype(np.int32)
    idx[0, :2] = [70, -2]
    text = f"""func.func @k(%g: {m((64, 64), 'f32')}, %b: {m((1, 16), 'i32')}, %o: {m((16, 64), 'f32')}) {{
  %c0 = arith.constant 0 : index
  %i = tile.load %b[%c0, %c0] : {m((1, 16), 'i32')} -> {t((1, 16), 'i32')}
  %r = tile.mgather %g, %i {{coalesce = "row", gather_oob = "{oob}"}} : ({m((64, 64), 'f32')}, {t((1, 16), 'i32')}) -> {t((16, 64), 'f32')}
  tile.store %r, %o[%c0, %c0] : {t((16, 64), 'f32')}, {m((16, 64), 'f32')}
  func.return
}}"""
    got = run(text, [gm, idx, np.zeros((16, 64), np.float32)])[-1]
    k = idx[0].astype(np.int64)
    rows = {"clamp": np.clip(k, 0, 63), "wrap": np.mod(k, 64), "zero": np.clip(k, 0, 63)}[oob]
    want = gm[rows].copy()
    if oob == "zero":
        want[(k < 0) | (k >= 64)] = 0
    np.testing.assert_array_equal(got, want)


def test_mgather_elements_and_an_undefined_index_is_an_error():
    gm = RNG.standard_normal((32, 64)).astype(np.float32)
    idx = RNG.integers(0, 2048, (8, 64)).astype(np.int32)
    text = f"""func.func @k(%g: {m((32, 64), 'f32')}, %b: {m((8, 64), 'i32')}, %o: {m((8, 64), 'f32')}) {{
  %c0 = arith.constant 0 : index
  %i = tile.load %b[%c0, %c0] : {m((8, 64), 'i32')} -> {t((8, 64), 'i32')}
  %r = tile.mgather %g, %i {{coalesce = "elem"}} : ({m((32, 64), 'f32')}, {t((8, 64), 'i32')}) -> {t((8, 64), 'f32')}
  tile.store %r, %o[%c0, %c0] : {t((8, 64), 'f32')}, {m((8, 64), 'f32')}
  func.return
}}"""
    got = run(text, [gm, idx, np.zeros((8, 64), np.float32)])[-1]
    np.testing.assert_array_equal(got, gm.reshape(-1)[idx])
    idx[3, 3] = 2048
    with pytest.raises(InterpError, match="index 2048 is outside the tensor's 2048 elements"):
        run_function(parse_module(text), "k", [gm, idx, np.zeros((8, 64), np.float32)], mode="logical")


def test_gather_row_loads_a_window_in_place():
    gm = RNG.standard_normal((64, 64)).astype(np.float32)
    base = RNG.standard_normal((16, 64)).astype(np.float32)
    text = f"""func.func @k(%g: {m((64, 64), 'f32')}, %a: {m((16, 64), 'f32')}, %o: {m((16, 64), 'f32')}, %sr: index) {{
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %x = tile.load %a[%c0, %c0] : {m((16, 64), 'f32')} -> {t((16, 64), 'f32')}
  %r = tile.gather_row %x, %g, %c8, %c0, %sr, %c0 {{window = array<i64: 4, 64>}} : ({t((16, 64), 'f32')}, {m((64, 64), 'f32')}, index, index, index, index) -> {t((16, 64), 'f32')}
  tile.store %r, %o[%c0, %c0] : {t((16, 64), 'f32')}, {m((16, 64), 'f32')}
  func.return
}}"""
    got = run(text, [gm, base, np.zeros((16, 64), np.float32), np.array(21)])[2]
    want = base.copy()
    want[8:12] = gm[21:25]
    np.testing.assert_array_equal(got, want)


# ----- scatters ------------------------------------------------------------------------------


def test_scatter_writes_flat_indices_last_writer_wins():
    dst = RNG.standard_normal((16, 64)).astype(np.float32)
    src = RNG.standard_normal((8, 64)).astype(np.float32)
    idx = RNG.integers(0, 1024, (8, 64)).astype(np.int32)
    idx[0, 0] = idx[5, 7] = 77  # the later one wins
    text = f"""func.func @k(%a: {m((16, 64), 'f32')}, %b: {m((8, 64), 'f32')}, %c: {m((8, 64), 'i32')}, %o: {m((16, 64), 'f32')}) {{
  %c0 = arith.constant 0 : index
  %d = tile.load %a[%c0, %c0] : {m((16, 64), 'f32')} -> {t((16, 64), 'f32')}
  %s = tile.load %b[%c0, %c0] : {m((8, 64), 'f32')} -> {t((8, 64), 'f32')}
  %i = tile.load %c[%c0, %c0] : {m((8, 64), 'i32')} -> {t((8, 64), 'i32')}
  %r = tile.scatter %d, %s, %i : ({t((16, 64), 'f32')}, {t((8, 64), 'f32')}, {t((8, 64), 'i32')}) -> {t((16, 64), 'f32')}
  tile.store %r, %o[%c0, %c0] : {t((16, 64), 'f32')}, {m((16, 64), 'f32')}
  func.return
}}"""
    got = run(text, [dst, src, idx, np.zeros((16, 64), np.float32)])[-1]
    want = dst.copy().reshape(-1)
    for (i, j), k in np.ndenumerate(idx):
        want[k] = src[i, j]
    np.testing.assert_array_equal(got.reshape(-1), want)
    assert got.reshape(-1)[77] == src[5, 7]


def test_scatter_mask_takes_the_wide_source_s_marked_columns():
    dst = RNG.standard_normal((8, 32)).astype(np.float32)
    src = RNG.standard_normal((8, 64)).astype(np.float32)
    text = f"""func.func @k(%a: {m((8, 32), 'f32')}, %b: {m((8, 64), 'f32')}, %o: {m((8, 32), 'f32')}) {{
  %c0 = arith.constant 0 : index
  %d = tile.load %a[%c0, %c0] : {m((8, 32), 'f32')} -> {t((8, 32), 'f32', ', valid = 8x16')}
  %s = tile.load %b[%c0, %c0] : {m((8, 64), 'f32')} -> {t((8, 64), 'f32', ', valid = 8x32')}
  %r = tile.scatter_mask %d, %s {{mask_pattern = "P1010"}} : ({t((8, 32), 'f32', ', valid = 8x16')}, {t((8, 64), 'f32', ', valid = 8x32')}) -> {t((8, 32), 'f32', ', valid = 8x16')}
  %full = tile.reshape %r : ({t((8, 32), 'f32', ', valid = 8x16')}) -> {t((8, 32), 'f32')}
  tile.store %full, %o[%c0, %c0] : {t((8, 32), 'f32')}, {m((8, 32), 'f32')}
  func.return
}}"""
    got = run(text, [dst, src, np.zeros((8, 32), np.float32)])[-1]
    want = dst.copy()
    want[:, :16] = src[:, 1:32:2]
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize(
    "elem, dtype, ielem, idtype, ishape, rows, dup",
    [
        ("f32", np.float32, "i32", np.int32, (1, 8), 16, False),
        ("f32", np.float32, "i32", np.int32, (2, 8), 32, True),  # repeated rows: the last k wins
        ("f16", np.float16, "i16", np.int16, (2, 16), 64, False),
        ("f16", np.float16, "i32", np.int32, (2, 8), 64, False),  # index cast down to i16
        ("i32", np.int32, "i16", np.int16, (1, 16), 64, True),  # index cast up to i32
        ("i8", np.int8, "i16", np.int16, (1, 16), 64, False),
    ],
)
def test_scatter_update_overwrites_rows(elem, dtype, ielem, idtype, ishape, rows, dup):
    # Logically the op's formula; planned, lower-composite-ops's expansion
    # (ci / full / col_expand / muls / row_expand_add / scatter): run() holds
    # the two to the same bits, and the formula below holds the first.
    n = ishape[0] * ishape[1]
    inp = (RNG.standard_normal((rows, 64)) * 50).astype(dtype)
    src = (RNG.standard_normal((n, 64)) * 50).astype(dtype)
    picks = RNG.integers(0, rows // 2, n) if dup else RNG.permutation(rows)[:n]
    index = picks.astype(idtype).reshape(ishape)
    text = f"""func.func @k(%a: {m((rows, 64), elem)}, %b: {m(ishape, ielem)}, %c: {m((n, 64), elem)}, %o: {m((rows, 64), elem)}) {{
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : {m((rows, 64), elem)} -> {t((rows, 64), elem)}
  %i = tile.load %b[%c0, %c0] : {m(ishape, ielem)} -> {t(ishape, ielem)}
  %s = tile.load %c[%c0, %c0] : {m((n, 64), elem)} -> {t((n, 64), elem)}
  %r = tile.scatter_update %x, %i, %s : ({t((rows, 64), elem)}, {t(ishape, ielem)}, {t((n, 64), elem)}) -> {t((rows, 64), elem)}
  tile.store %r, %o[%c0, %c0] : {t((rows, 64), elem)}, {m((rows, 64), elem)}
  func.return
}}"""
    got = run(text, [inp, index, src, np.zeros((rows, 64), dtype)])[-1]
    want = inp.copy()
    for k, r in enumerate(index.reshape(-1)):
        want[r] = src[k]
    if dup:
        assert len(set(index.reshape(-1).tolist())) < n  # the case has repeats
    np.testing.assert_array_equal(got, want)


def test_mscatter_writes_the_gm_tensor():
    gm = RNG.standard_normal((32, 64)).astype(np.float32)
    src = RNG.standard_normal((8, 64)).astype(np.float32)
    idx = RNG.permutation(2048)[:512].astype(np.int32).reshape(8, 64)
    text = f"""func.func @k(%a: {m((8, 64), 'f32')}, %b: {m((8, 64), 'i32')}, %g: {m((32, 64), 'f32')}) {{
  %c0 = arith.constant 0 : index
  %s = tile.load %a[%c0, %c0] : {m((8, 64), 'f32')} -> {t((8, 64), 'f32')}
  %i = tile.load %b[%c0, %c0] : {m((8, 64), 'i32')} -> {t((8, 64), 'i32')}
  tile.mscatter %s, %i, %g : ({t((8, 64), 'f32')}, {t((8, 64), 'i32')}, {m((32, 64), 'f32')})
  func.return
}}"""
    got = run(text, [src, idx, gm])[-1]
    want = gm.copy().reshape(-1)
    want[idx.reshape(-1)] = src.reshape(-1)
    np.testing.assert_array_equal(got.reshape(-1), want)
