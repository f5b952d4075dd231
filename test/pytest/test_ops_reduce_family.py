"""Issue 23, the reduction / generator / scalar-access / fill family: every
op run by ``xdsl-pto run``'s interpreter (logically, and planned for a3 or
a5 on byte-addressed memory -- the two must agree bitwise), its result
checked against a numpy formula written here.

Valid regions are honoured: elements of a result outside its valid region
are not written (undefined), so only the valid region is compared."""

from __future__ import annotations

import functools

import numpy as np
import pytest

from xdsl_pto.interp import run_function
from xdsl_pto.interp.errors import InterpError
from xdsl_pto.tools.session import make_context, parse_module
from xdsl_pto.transforms.plan_memory import PlanMemoryPass


def kernel(args: str, body: str) -> str:
    """A vector kernel ``@k(args)`` with ``%c0``..``%c7`` index constants."""
    consts = "\n".join(f"  %c{i} = arith.constant {i} : index" for i in range(8))
    return f"func.func @k({args}) {{\n{consts}\n{body}\n  func.return\n}}\n"


def run_both(text: str, inputs: list[np.ndarray], backend: str = "a3", block: tuple[int, int] = (0, 1)) -> list[np.ndarray]:
    """``@k`` run logically and, planned for ``backend``, physically; the two
    must agree bitwise. Returns the logical outputs."""
    module = parse_module(text)
    logical = run_function(module, "k", inputs, mode="logical", block=block).outputs
    planned = module.clone()
    PlanMemoryPass(backend).apply(make_context(), planned)
    physical = run_function(planned, "k", inputs, mode="physical", block=block).outputs
    for want, got in zip(logical, physical):
        assert want.tobytes() == got.tobytes()
    return logical


def T(shape: str, elem: str = "f32", extra: str = "") -> str:
    return f"!tile.tile<{shape}x{elem}, vec{extra}>"


RNG = np.random.default_rng(23)


def uniform(shape: tuple[int, ...], lo: float, hi: float, dtype=np.float32) -> np.ndarray:
    return RNG.uniform(lo, hi, shape).astype(dtype)


# ----- reductions ---------------------------------------------------------------


def test_row_prod_of_the_valid_region_in_f32_order():
    x = uniform((8, 16), 0.5, 1.5)
    body = f"""  %x = tile.load %a[%c0, %c0] : memref<8x16xf32> -> {T("8x16", extra=", valid = 6x12")}
  %t = tile.create : {T("8x16")}
  %r = tile.row_prod %x, %t : ({T("8x16", extra=", valid = 6x12")}, {T("8x16")}) -> {T("8x1", extra=", valid = 6x1")}
  tile.store %r, %o[%c0, %c0] : {T("8x1", extra=", valid = 6x1")}, memref<8x1xf32>"""
    out = run_both(kernel("%a: memref<8x16xf32>, %o: memref<8x1xf32>", body), [x, np.zeros((8, 1), np.float32)])[1]
    want = functools.reduce(lambda acc, col: (acc * col).astype(np.float32), x[:6, :12].T)
    np.testing.assert_array_equal(out[:6, 0], want)


def test_row_prod_of_integers_wraps():
    x = np.full((8, 16), 3, np.int32)
    body = f"""  %x = tile.load %a[%c0, %c0] : memref<8x16xi32> -> {T("8x16", "i32")}
  %t = tile.create : {T("8x16", "i32")}
  %r = tile.row_prod %x, %t : ({T("8x16", "i32")}, {T("8x16", "i32")}) -> {T("8x1", "i32")}
  tile.store %r, %o[%c0, %c0] : {T("8x1", "i32")}, memref<8x1xi32>"""
    out = run_both(kernel("%a: memref<8x16xi32>, %o: memref<8x1xi32>", body), [x, np.zeros((8, 1), np.int32)])[1]
    np.testing.assert_array_equal(out[:, 0], np.full(8, (3**16) % 2**32, np.int64).astype(np.uint32).view(np.int32))


@pytest.mark.parametrize("with_tmp", [False, True])
def test_col_sum_adds_the_valid_rows_top_down(with_tmp):
    x = uniform((8, 16), -2, 2, np.float16)
    src = T("8x16", "f16", ", valid = 5x16")
    ops = "%x, %t" if with_tmp else "%x"
    tys = f"{src}, {T('8x16', 'f16')}" if with_tmp else src
    body = f"""  %x = tile.load %a[%c0, %c0] : memref<8x16xf16> -> {src}
  %t = tile.create : {T("8x16", "f16")}
  %r = tile.col_sum {ops} : ({tys}) -> {T("1x16", "f16")}
  tile.store %r, %o[%c0, %c0] : {T("1x16", "f16")}, memref<1x16xf16>"""
    out = run_both(kernel("%a: memref<8x16xf16>, %o: memref<1x16xf16>", body), [x, np.zeros((1, 16), np.float16)])[1]
    acc = np.zeros(16, np.float32)
    for row in x[:5].astype(np.float32):
        acc = acc + row
    np.testing.assert_array_equal(out[0], acc.astype(np.float16))


@pytest.mark.parametrize("op, fn", [("col_max", np.max), ("col_min", np.min)])
def test_col_max_and_min_of_the_valid_columns(op, fn):
    x = np.arange(8 * 16, dtype=np.int16).reshape(8, 16) * np.int16(-1) ** np.arange(16, dtype=np.int16)
    src = T("8x16", "i16", ", valid = 8x12")
    res = T("1x16", "i16", ", valid = 1x12")
    body = f"""  %x = tile.load %a[%c0, %c0] : memref<8x16xi16> -> {src}
  %r = tile.{op} %x : ({src}) -> {res}
  tile.store %r, %o[%c0, %c0] : {res}, memref<1x16xi16>"""
    out = run_both(kernel("%a: memref<8x16xi16>, %o: memref<1x16xi16>", body), [x, np.zeros((1, 16), np.int16)])[1]
    np.testing.assert_array_equal(out[0, :12], fn(x[:, :12], axis=0))


def test_col_prod_multiplies_down_the_columns():
    x = uniform((4, 8), 0.5, 2.0)
    body = f"""  %x = tile.load %a[%c0, %c0] : memref<4x8xf32> -> {T("4x8")}
  %r = tile.col_prod %x : ({T("4x8")}) -> {T("1x8")}
  tile.store %r, %o[%c0, %c0] : {T("1x8")}, memref<1x8xf32>"""
    out = run_both(kernel("%a: memref<4x8xf32>, %o: memref<1x8xf32>", body), [x, np.zeros((1, 8), np.float32)])[1]
    want = ((x[0] * x[1]).astype(np.float32) * x[2]).astype(np.float32) * x[3]
    np.testing.assert_array_equal(out[0], want.astype(np.float32))


ARG_X = np.array(
    [[1, 5, 5, -2, 0, 0, 0, 9], [7, 7, 7, 7, 7, 7, 7, 7], [-3, -1, -3, -1, 4, 4, 2, 2], [0, 0, 8, 8, -8, -8, 1, 9]]
    * 2,
    np.float32,
)


@pytest.mark.parametrize("op, fn", [("row_argmax", np.argmax), ("row_argmin", np.argmin)])
def test_row_arg_reductions_take_the_first_extreme_of_the_valid_columns(op, fn):
    src = T("8x8", extra=", valid = 8x7")
    body = f"""  %x = tile.load %a[%c0, %c0] : memref<8x8xf32> -> {src}
  %t = tile.create : {T("8x8")}
  %r = tile.{op} %x, %t : ({src}, {T("8x8")}) -> {T("8x1", "i32")}
  tile.store %r, %o[%c0, %c0] : {T("8x1", "i32")}, memref<8x1xi32>"""
    out = run_both(kernel("%a: memref<8x8xf32>, %o: memref<8x1xi32>", body), [ARG_X, np.zeros((8, 1), np.int32)])[1]
    want = [int(fn(row[:7])) for row in ARG_X]  # numpy's argmax/argmin: the first one
    assert want[:4] == ([1, 0, 4, 2] if op == "row_argmax" else [3, 0, 0, 4])
    np.testing.assert_array_equal(out[:, 0], want)


@pytest.mark.parametrize("op, fn", [("col_argmax", np.argmax), ("col_argmin", np.argmin)])
def test_col_arg_reductions_take_the_first_extreme_of_the_valid_rows(op, fn):
    src = T("8x8", extra=", valid = 3x8")
    body = f"""  %x = tile.load %a[%c0, %c0] : memref<8x8xf32> -> {src}
  %t = tile.create : {T("1x16")}
  %r = tile.{op} %x, %t : ({src}, {T("1x16")}) -> {T("1x8", "ui32")}
  tile.store %r, %o[%c0, %c0] : {T("1x8", "ui32")}, memref<1x8xui32>"""
    out = run_both(kernel("%a: memref<8x8xf32>, %o: memref<1x8xui32>", body), [ARG_X, np.zeros((1, 8), np.uint32)])[1]
    np.testing.assert_array_equal(out[0], fn(ARG_X[:3], axis=0))


# ----- generators ---------------------------------------------------------------


@pytest.mark.parametrize(
    "elem, start, attrs, want",
    [
        ("i32", 5, "", 5 + np.arange(64)),
        ("i32", 5, " {descending}", 5 - np.arange(64)),
        ("i16", 32760, "", ((32760 + np.arange(64) + 2**15) % 2**16) - 2**15),
        ("ui32", -1, "", (2**32 - 1 + np.arange(64)) % 2**32),
    ],
)
def test_ci_counts_from_start_and_wraps(elem, start, attrs, want):
    scalar = "i16" if elem == "i16" else "i32"
    np_elem = {"i32": np.int32, "i16": np.int16, "ui32": np.uint32}[elem]
    body = f"""  %s = arith.constant {start} : {scalar}
  %r = tile.ci %s{attrs} : ({scalar}) -> {T("1x64", elem)}
  tile.store %r, %o[%c0, %c0] : {T("1x64", elem)}, memref<1x64x{elem}>"""
    out = run_both(kernel(f"%o: memref<1x64x{elem}>", body), [np.zeros((1, 64), np_elem)])[0]
    np.testing.assert_array_equal(out[0], np.asarray(want, np.int64).astype(np_elem))


@pytest.mark.parametrize("attrs, d", [("", 0), ("", -2), (" {upper}", 1), (" {upper}", -3)])
def test_tri_is_one_on_its_side_of_the_diagonal(attrs, d):
    res = T("16x16", extra=", valid = 12x10")
    body = f"""  %d = arith.constant {d} : i32
  %r = tile.tri %d{attrs} : (i32) -> {res}
  tile.store %r, %o[%c0, %c0] : {res}, memref<16x16xf32>"""
    out = run_both(kernel("%o: memref<16x16xf32>", body), [np.zeros((16, 16), np.float32)])[0]
    i, j = np.meshgrid(np.arange(12), np.arange(10), indexing="ij")
    want = (j >= i + d) if attrs else (j <= i + d)
    np.testing.assert_array_equal(out[:12, :10], want.astype(np.float32))


def _philox_reference(ctr: list[int], key: list[int], rounds: int) -> list[int]:
    """Philox-4x32 written out per the Random123 paper, one counter at a time."""
    m = 0xFFFFFFFF
    c, k = list(ctr), list(key)
    for r in range(rounds):
        if r:
            k = [(k[0] + 0x9E3779B9) & m, (k[1] + 0xBB67AE85) & m]
        p0, p1 = c[0] * 0xD2511F53, c[2] * 0xCD9E8D57
        c = [(p1 >> 32) ^ c[1] ^ k[0], p1 & m, (p0 >> 32) ^ c[3] ^ k[1], p0 & m]
    return c


def test_philox_matches_the_random123_known_answers():
    assert _philox_reference([0] * 4, [0, 0], 10) == [0x6627E8D5, 0xE169C58D, 0xBC57AC4C, 0x9B00DBD8]
    ctr, key = [0x243F6A88, 0x85A308D3, 0x13198A2E, 0x03707344], [0xA4093822, 0x299F31D0]
    assert _philox_reference(ctr, key, 10) == [0xD16CFE09, 0x94FDCCEB, 0x5001E420, 0x24126EA1]


@pytest.mark.parametrize("rounds", [10, 7])
def test_random_lays_philox_words_out_by_chunk_word_and_lane(rounds):
    attrs = "" if rounds == 10 else " {rounds = 7 : i64}"
    res = T("2x512", "ui32", ", valid = 2x320")
    body = f"""  %k0 = arith.constant 7 : i32
  %k1 = arith.constant -1 : i32
  %c0i = arith.constant 4294967295 : i32
  %c1i = arith.constant 3 : i32
  %z = arith.constant 0 : i32
  %r = tile.random %k0, %k1, %c0i, %c1i, %z, %z{attrs} : (i32, i32, i32, i32, i32, i32) -> {res}
  tile.store %r, %o[%c0, %c0] : {res}, memref<2x512xui32>"""
    out = run_both(kernel("%o: memref<2x512xui32>", body), [np.zeros((2, 512), np.uint32)], backend="a5")[0]
    base = 0xFFFFFFFF + (3 << 32)  # c0 = 2**32 - 1: the first offset carries into c1
    for i in range(2):
        for j in range(320):
            chunk, word, lane = j // 256, (j % 256) // 64, j % 64
            n = base + (i * 2 + chunk) * 64 + lane
            words = _philox_reference([(n >> (32 * w)) & 0xFFFFFFFF for w in range(4)], [7, 0xFFFFFFFF], rounds)
            assert out[i, j] == words[word], (i, j)


# ----- scalar access ---------------------------------------------------------------


def test_read_returns_the_element_and_feeds_scalar_ops():
    x = uniform((8, 16), -2, 2)
    body = f"""  %x = tile.load %a[%c0, %c0] : memref<8x16xf32> -> {T("8x16")}
  %e = tile.read %x, %c3, %c5 : ({T("8x16")}, index, index) -> f32
  %c37 = arith.constant 37 : index
  %g = tile.read %x, %c37 : ({T("8x16")}, index) -> f32
  %s = arith.addf %e, %g : f32
  %r = tile.adds %x, %s : ({T("8x16")}, f32) -> {T("8x16")}
  tile.store %r, %o[%c0, %c0] : {T("8x16")}, memref<8x16xf32>"""
    out = run_both(kernel("%a: memref<8x16xf32>, %o: memref<8x16xf32>", body), [x, np.zeros((8, 16), np.float32)])[1]
    np.testing.assert_array_equal(out, x + (x[3, 5] + x.reshape(-1)[37]))


def test_read_of_a_column_vector_by_row():
    x = uniform((16, 1), -2, 2)
    body = f"""  %x = tile.load %a[%c0, %c0] : memref<16x1xf32> -> {T("16x1")}
  %e = tile.read %x, %c7, %c0 : ({T("16x1")}, index, index) -> f32
  %r = tile.full %e : (f32) -> {T("1x8")}
  tile.store %r, %o[%c0, %c0] : {T("1x8")}, memref<1x8xf32>"""
    out = run_both(kernel("%a: memref<16x1xf32>, %o: memref<1x8xf32>", body), [x, np.zeros((1, 8), np.float32)])[1]
    np.testing.assert_array_equal(out[0], np.full(8, x[7, 0]))


def test_write_sets_one_element_in_place_and_keeps_the_old_tile_when_read_later():
    x = uniform((8, 16), -2, 2)
    body = f"""  %x = tile.load %a[%c0, %c0] : memref<8x16xf32> -> {T("8x16")}
  %v = arith.constant 42.5 : f32
  %w = tile.write %x, %c2, %c7, %v : ({T("8x16")}, index, index, f32) -> {T("8x16")}
  tile.store %w, %o[%c0, %c0] : {T("8x16")}, memref<8x16xf32>
  tile.store %x, %p[%c0, %c0] : {T("8x16")}, memref<8x16xf32>"""
    args = "%a: memref<8x16xf32>, %o: memref<8x16xf32>, %p: memref<8x16xf32>"
    out = run_both(kernel(args, body), [x, np.zeros((8, 16), np.float32), np.zeros((8, 16), np.float32)])
    want = x.copy()
    want[2, 7] = 42.5
    np.testing.assert_array_equal(out[1], want)
    np.testing.assert_array_equal(out[2], x)  # init-memref copied %x before the in-place write


def test_write_of_a_signless_value_into_an_unsigned_tile_stores_its_bits():
    body = f"""  %z = arith.constant 0 : i32
  %t = tile.ci %z : (i32) -> {T("1x8", "ui32")}
  %v = arith.constant -2 : i32
  %w = tile.write %t, %c5, %v : ({T("1x8", "ui32")}, index, i32) -> {T("1x8", "ui32")}
  tile.store %w, %o[%c0, %c0] : {T("1x8", "ui32")}, memref<1x8xui32>"""
    out = run_both(kernel("%o: memref<1x8xui32>", body), [np.zeros((1, 8), np.uint32)])[0]
    np.testing.assert_array_equal(out[0], [0, 1, 2, 3, 4, 2**32 - 2, 6, 7])


def test_read_outside_the_tile_is_an_error_of_the_run():
    body = f"""  %x = tile.load %a[%c0, %c0] : memref<8x16xf32> -> {T("8x16")}
  %i = arith.muli %c7, %c7 : index
  %e = tile.read %x, %i, %c0 : ({T("8x16")}, index, index) -> f32"""
    module = parse_module(kernel("%a: memref<8x16xf32>", body), "k.mlir")
    with pytest.raises(InterpError, match=r"k.mlir:12:8: tile.read: index \[49, 0\] is outside the tile's shape \[8, 16\]"):
        run_function(module, "k", [np.zeros((8, 16), np.float32)], mode="logical")


def test_block_queries_give_the_runs_block():
    x = uniform((32, 8), -2, 2)
    body = f"""  %b = tile.get_block_idx : index
  %n = tile.get_block_num : index
  %off = arith.muli %b, %c7 : index
  %x = tile.load %a[%off, %c0] : memref<32x8xf32> -> {T("7x8")}
  tile.store %x, %o[%off, %c0] : {T("7x8")}, memref<32x8xf32>
  %n32 = arith.index_cast %n : index to i32
  %f = tile.full %n32 : (i32) -> {T("1x8", "i32")}
  tile.store %f, %q[%c0, %c0] : {T("1x8", "i32")}, memref<1x8xi32>"""
    args = "%a: memref<32x8xf32>, %o: memref<32x8xf32>, %q: memref<1x8xi32>"
    out = run_both(kernel(args, body), [x, np.zeros((32, 8), np.float32), np.zeros((1, 8), np.int32)], block=(3, 4))
    want = np.zeros((32, 8), np.float32)
    want[21:28] = x[21:28]
    np.testing.assert_array_equal(out[1], want)
    np.testing.assert_array_equal(out[2], np.full((1, 8), 4))


def test_a_block_outside_the_count_is_refused():
    module = parse_module(kernel("", "  %b = tile.get_block_idx : index"))
    with pytest.raises(InterpError, match="block index 4 is not one of the 4 blocks"):
        run_function(module, "k", [], mode="logical", block=(4, 4))


# ----- fill / pad ---------------------------------------------------------------


@pytest.mark.parametrize(
    "elem, pad, value",
    [("f32", 1, 0.0), ("f32", 2, np.inf), ("f32", 3, -np.inf), ("i16", 2, 32767), ("i16", 3, -32768), ("bf16", 3, -np.inf)],
)
def test_fillpad_pads_outside_the_valid_region(elem, pad, value):
    import ml_dtypes

    np_elem = {"f32": np.float32, "i16": np.int16, "bf16": ml_dtypes.bfloat16}[elem]
    x = (np.arange(8 * 32) % 50 - 25).reshape(8, 32).astype(np_elem)
    src = T("8x32", elem, ", valid = 5x20")
    res = T("8x32", elem, f", pad = {pad}")
    body = f"""  %x = tile.load %a[%c0, %c0] : memref<8x32x{elem}> -> {src}
  %r = tile.fillpad %x : ({src}) -> {res}
  tile.store %r, %o[%c0, %c0] : {res}, memref<8x32x{elem}>"""
    out = run_both(kernel(f"%a: memref<8x32x{elem}>, %o: memref<8x32x{elem}>", body), [x, np.zeros((8, 32), np_elem)])[1]
    want = np.full((8, 32), value).astype(np_elem)
    want[:5, :20] = x[:5, :20]
    np.testing.assert_array_equal(out, want)


@pytest.mark.parametrize("valid", [(6, 24), (0, 0)])
def test_fillpad_writes_its_results_valid_region_only(valid):
    """A fillpad whose result type has a smaller valid shape (the reference's
    idle vector lane: ``[0, 0]``) writes that region only -- the source's
    valid elements and the pad value there -- and leaves the rest undefined
    (the poison bytes), as the hardware loops over the destination's valid
    region (tile-op-semantics.md section 0). The store writes that valid
    region too, so the GM output keeps its zeros outside it."""
    x = uniform((8, 32), -2, 2)
    src = T("8x32", extra=", valid = 5x20")
    res = T("8x32", extra=f", valid = {valid[0]}x{valid[1]}, pad = 3")
    body = f"""  %x = tile.load %a[%c0, %c0] : memref<8x32xf32> -> {src}
  %r = tile.fillpad %x : ({src}) -> {res}
  tile.store %r, %o[%c0, %c0] : {res}, memref<8x32xf32>"""
    out = run_both(kernel("%a: memref<8x32xf32>, %o: memref<8x32xf32>", body), [x, np.zeros((8, 32), np.float32)])[1]
    want = np.zeros((8, 32), np.float32)
    want[: valid[0], : valid[1]] = -np.inf
    want[: min(5, valid[0]), : min(20, valid[1])] = x[: min(5, valid[0]), : min(20, valid[1])]
    assert out.tobytes() == want.tobytes()


def test_fillpad_inplace_fills_its_own_padding():
    x = uniform((8, 16), -2, 2)
    t = T("8x16", extra=", valid = 8x10, pad = 2")
    full = T("8x16", extra=", pad = 2")
    # (the store writes the valid region only: a full valid shape shows the padding)
    body = f"""  %x = tile.load %a[%c0, %c0] : memref<8x16xf32> -> {t}
  %r = tile.fillpad_inplace %x : ({t}) -> {t}
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %w = tile.set_validshape %r, %c8, %c16 : ({t}, index, index) -> {full}
  tile.store %w, %o[%c0, %c0] : {full}, memref<8x16xf32>"""
    out = run_both(kernel("%a: memref<8x16xf32>, %o: memref<8x16xf32>", body), [x, np.zeros((8, 16), np.float32)])[1]
    want = np.full((8, 16), np.inf, np.float32)
    want[:, :10] = x[:, :10]
    np.testing.assert_array_equal(out, want)


def test_fillpad_expand_copies_into_a_larger_padded_tile():
    x = uniform((4, 8), -2, 2)
    src = T("4x8", extra=", valid = 3x8")
    res = T("8x16", extra=", pad = 1")
    body = f"""  %x = tile.load %a[%c0, %c0] : memref<4x8xf32> -> {src}
  %r = tile.fillpad_expand %x : ({src}) -> {res}
  tile.store %r, %o[%c0, %c0] : {res}, memref<8x16xf32>"""
    out = run_both(kernel("%a: memref<4x8xf32>, %o: memref<8x16xf32>", body), [x, np.ones((8, 16), np.float32)])[1]
    want = np.zeros((8, 16), np.float32)
    want[:3, :8] = x[:3]
    np.testing.assert_array_equal(out, want)
