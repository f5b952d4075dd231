"""The vector family of issue 23 in the interpreter: each op run in a one-op
kernel, logically and -- planned for the target -- physically (the two runs
must agree bit for bit, as ``xdsl-pto run`` checks), and its logical result
compared with a numpy formula written here.

The formulas are the semantics sheet's (reference/tile-op-semantics.md
sections 1-2) with the readings the README states: shifts by a count
outside ``[0, bits)`` give 0 (or -1 for ``>>`` of a negative value),
``subc`` is ``a - b + c``, ``lrelu`` is ``x > 0 ? x : x * slope``, the
partial ops take the union of the sources' valid regions.
"""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.dialects.builtin import ModuleOp

from xdsl_pto.interp import run_function
from xdsl_pto.tools.session import parse_module, run_pipeline

RNG = np.random.default_rng(23)
DTYPES = {"f32": np.float32, "f16": np.float16, "i32": np.int32, "i16": np.int16, "i8": np.int8, "ui16": np.uint16}


def _tile(shape: tuple[int, int], elem: str, valid: tuple[int, int] | None = None) -> str:
    v = f", valid = {valid[0]}x{valid[1]}" if valid else ""
    return f"!tile.tile<{shape[0]}x{shape[1]}x{elem}, vec{v}>"


def _kernel(op: str, tiles: list[tuple[tuple[int, int], str, tuple[int, int] | None]],
            scalars: list[tuple[int, str]], result: tuple) -> str:
    """A kernel that loads each of ``tiles`` (shape, element, valid shape)
    from a GM argument, applies ``tile.<op>`` to the tiles and scalars in
    ``op``'s operand order and stores its result. ``scalars`` are (operand
    position, type); the others are the tiles in order."""
    args, body, operands, types = [], [], [], []
    for i, (shape, elem, valid) in enumerate(tiles):
        args.append(f"%g{i}: memref<{shape[0]}x{shape[1]}x{elem}>")
        body.append(f"%t{i} = tile.load %g{i}[%c0, %c0] : memref<{shape[0]}x{shape[1]}x{elem}> -> {_tile(shape, elem, valid)}")
    n_ops = len(tiles) + len(scalars)
    tile_iter = iter(range(len(tiles)))
    scalar_at = dict(scalars)
    for pos in range(n_ops):
        if pos in scalar_at:
            args.append(f"%s{pos}: {scalar_at[pos]}")
            operands.append(f"%s{pos}")
            types.append(scalar_at[pos])
        else:
            i = next(tile_iter)
            operands.append(f"%t{i}")
            types.append(_tile(*tiles[i][:2], tiles[i][2]))
    rshape, relem = result[:2]
    args.append(f"%out: memref<{rshape[0]}x{rshape[1]}x{relem}>")
    rt = _tile(rshape, relem, result[2] if len(result) > 2 else None)
    body.append(f"%r = tile.{op} {', '.join(operands)} : ({', '.join(types)}) -> {rt}")
    body.append(f"tile.store %r, %out[%c0, %c0] : {rt}, memref<{rshape[0]}x{rshape[1]}x{relem}>")
    lines = "\n    ".join(["%c0 = arith.constant 0 : index", *body, "func.return"])
    return f"func.func @k({', '.join(args)}) {{\n    {lines}\n}}\n"


def run_op(op: str, tiles, scalars=(), result=None, *, inputs, backend: str = "a3") -> np.ndarray:
    """The result of ``tile.<op>`` on ``inputs`` (one array per tile, then
    one 0-d array per scalar, in argument order), run logically; the same
    kernel planned for ``backend`` (pto-plan-memory) must give the same
    bits physically."""
    text = _kernel(op, list(tiles), list(scalars), result or tiles[0][:2])
    module = parse_module(text)
    rshape, relem = (result or tiles[0])[:2]
    args = [*inputs, np.zeros(rshape, DTYPES[relem])]
    logical = run_function(module, "k", args, mode="logical").outputs[-1]
    planned: ModuleOp = run_pipeline(parse_module(text), f"pto-plan-memory{{backend={backend}}}")
    physical = run_function(planned, "k", args, mode="physical").outputs[-1]
    assert logical.tobytes() == physical.tobytes(), f"{op}: planned run differs"
    return logical


def _ints(shape, dtype, lo=None, hi=None):
    info = np.iinfo(dtype)
    return RNG.integers(info.min if lo is None else lo, (info.max if hi is None else hi) + 1, size=shape).astype(dtype)


def _floats(shape, dtype=np.float32, scale=4.0):
    return (RNG.standard_normal(shape) * scale).astype(dtype)


I16 = ((16, 128), "i16", None)


# ----- bitwise -----------------------------------------------------------------------


@pytest.mark.parametrize("op, fn", [("and", np.bitwise_and), ("or", np.bitwise_or)])
def test_and_or(op, fn):
    a, b = _ints((16, 128), np.int16), _ints((16, 128), np.int16)
    got = run_op(op, [I16, I16], inputs=[a, b])
    want = {"and": a & b, "or": a | b}[op]
    np.testing.assert_array_equal(got, want)


def test_xor_ignores_its_tmp():
    a, b, t = _ints((16, 128), np.int16), _ints((16, 128), np.int16), _ints((16, 128), np.int16)
    got = run_op("xor", [I16, I16, I16], inputs=[a, b, t])
    np.testing.assert_array_equal(got, a ^ b)


@pytest.mark.parametrize("op", ["ands", "ors"])
def test_ands_ors_take_the_scalar_as_the_element_type(op):
    a = _ints((16, 128), np.int16)
    s = np.array(0x12345, np.int32)  # truncated to the i16 bits 0x2345
    got = run_op(op, [I16], [(1, "i32")], inputs=[a, s])
    want = a & np.int16(0x2345) if op == "ands" else a | np.int16(0x2345)
    np.testing.assert_array_equal(got, want)


def test_xors():
    a, t = _ints((16, 128), np.int16), _ints((16, 128), np.int16)
    s = np.array(-1, np.int8)  # sign-extended: all ones
    got = run_op("xors", [I16, I16], [(1, "i8")], inputs=[a, t, s])
    np.testing.assert_array_equal(got, ~a)


def test_not_on_unsigned_and_signed():
    a = _ints((16, 128), np.int16)
    np.testing.assert_array_equal(run_op("not", [I16], inputs=[a]), ~a)
    u = _ints((16, 128), np.uint16)
    got = run_op("not", [((16, 128), "ui16", None)], inputs=[u], backend="a5")
    np.testing.assert_array_equal(got, (0xFFFF - u.astype(np.int64)).astype(np.uint16))


# ----- shifts ------------------------------------------------------------------------


def _shl(a: np.ndarray, n: np.ndarray, bits: int) -> np.ndarray:
    """``a << n`` in a's width; counts outside [0, bits) give 0."""
    wide = (a.astype(np.int64) << np.clip(n, 0, bits - 1).astype(np.int64)) & ((1 << bits) - 1)
    out = np.where((n >= 0) & (n < bits), wide, 0)
    return out.astype(np.uint64).astype(f"uint{bits}").view(a.dtype)


def _shr(a: np.ndarray, n: np.ndarray, bits: int) -> np.ndarray:
    """``a >> n``, arithmetic on a signed type; counts outside [0, bits)
    give the sign fill."""
    fill = np.where(a < 0, -1, 0) if np.issubdtype(a.dtype, np.signedinteger) else 0
    out = np.where((n >= 0) & (n < bits), a.astype(np.int64) >> np.clip(n, 0, bits - 1).astype(np.int64), fill)
    return out.astype(a.dtype)


def test_shl_and_shr_by_a_tile_of_counts():
    a = _ints((16, 128), np.int16)
    n = _ints((16, 128), np.int16, -3, 20)  # some counts out of range on purpose
    np.testing.assert_array_equal(run_op("shl", [I16, I16], inputs=[a, n]), _shl(a, n, 16))
    np.testing.assert_array_equal(run_op("shr", [I16, I16], inputs=[a, n]), _shr(a, n, 16))


def test_shr_of_an_unsigned_tile_is_logical():
    t = ((16, 128), "ui16", None)
    a, n = _ints((16, 128), np.uint16), _ints((16, 128), np.uint16, 0, 17)
    np.testing.assert_array_equal(run_op("shr", [t, t], inputs=[a, n]), (a.astype(np.int64) >> np.minimum(n, 15)).astype(np.uint16) * (n < 16))


@pytest.mark.parametrize("count", [0, 3, 15, 16, -1])
def test_shls_shrs_by_a_scalar(count):
    a = _ints((16, 128), np.int16)
    s = np.array(count, np.int32)
    n = np.full(a.shape, count)
    np.testing.assert_array_equal(run_op("shls", [I16], [(1, "i32")], inputs=[a, s]), _shl(a, n, 16))
    np.testing.assert_array_equal(run_op("shrs", [I16], [(1, "i32")], inputs=[a, s]), _shr(a, n, 16))


# ----- scalar max / min, lrelu, ternary ops ------------------------------------------------

F32 = ((16, 64), "f32", None)
F16 = ((16, 64), "f16", None)


@pytest.mark.parametrize("op, fn", [("maximums", np.maximum), ("minimums", np.minimum)])
def test_maximums_minimums(op, fn):
    a = _floats((16, 64))
    a[0, 0] = np.nan  # NaN propagates
    s = np.array(0.5, np.float32)
    got = run_op(op, [F32], [(1, "f32")], inputs=[a, s])
    np.testing.assert_array_equal(got, fn(a, np.float32(0.5)))
    i = _ints((16, 64), np.int32, -1000, 1000)
    k = np.array(-7, np.int32)
    got = run_op(op, [((16, 64), "i32", None)], [(1, "i32")], inputs=[i, k])
    np.testing.assert_array_equal(got, fn(i, np.int32(-7)))


@pytest.mark.parametrize("slope", [0.1, 1.5])  # above 1, max(x, slope * x) would differ
def test_lrelu_f32_and_f16_with_an_f32_slope(slope):
    a = _floats((16, 64))
    s = np.array(slope, np.float32)
    got = run_op("lrelu", [F32], [(1, "f32")], inputs=[a, s])
    np.testing.assert_array_equal(got, np.where(a > 0, a, a * np.float32(slope)))
    h = _floats((16, 64), np.float16)
    got = run_op("lrelu", [F16], [(1, "f32")], inputs=[h, s])
    f = h.astype(np.float32)
    np.testing.assert_array_equal(got, np.where(f > 0, f, f * np.float32(slope)).astype(np.float16))


@pytest.mark.parametrize("op, fn", [("addc", lambda a, b, c: a + b + c), ("subc", lambda a, b, c: a - b + c)])
def test_addc_subc(op, fn):
    a, b, c = _floats((16, 64)), _floats((16, 64)), _floats((16, 64))
    got = run_op(op, [F32, F32, F32], inputs=[a, b, c])
    np.testing.assert_array_equal(got, fn(a, b, c))
    h = [_floats((16, 64), np.float16) for _ in range(3)]
    got = run_op(op, [F16, F16, F16], inputs=h)
    np.testing.assert_array_equal(got, fn(*(x.astype(np.float32) for x in h)).astype(np.float16))  # one rounding
    i = [_ints((16, 64), np.int32) for _ in range(3)]
    got = run_op(op, [((16, 64), "i32", None)] * 3, inputs=i)
    with np.errstate(over="ignore"):
        np.testing.assert_array_equal(got, fn(*i))  # wraps


@pytest.mark.parametrize("op, fn", [("addsc", lambda a, s, c: a + s + c), ("subsc", lambda a, s, c: a - s + c)])
def test_addsc_subsc(op, fn):
    a, c = _floats((16, 64)), _floats((16, 64))
    s = np.array(1.75, np.float32)
    got = run_op(op, [F32, F32], [(1, "f32")], inputs=[a, c, s])
    np.testing.assert_array_equal(got, fn(a, np.float32(1.75), c))


# ----- partial ops --------------------------------------------------------------------------


def _partial(fn, a, b, va, vb):
    i, j = np.indices(a.shape)
    in0 = (i < va[0]) & (j < va[1])
    in1 = (i < vb[0]) & (j < vb[1])
    return np.where(in0 & in1, fn(a, b), np.where(in0, a, np.where(in1, b, 0))).astype(a.dtype)


@pytest.mark.parametrize("op, fn", [
    ("part_add", np.add), ("part_mul", np.multiply), ("part_max", np.maximum), ("part_min", np.minimum),
])
@pytest.mark.parametrize("va, vb", [((16, 64), (8, 64)), ((16, 32), (16, 64)), ((16, 64), (16, 64))])
def test_partial_ops_follow_the_valid_regions(op, fn, va, vb):
    a, b = _floats((16, 64)), _floats((16, 64))
    got = run_op(op, [((16, 64), "f32", va), ((16, 64), "f32", vb)], inputs=[a, b])
    np.testing.assert_array_equal(got, _partial(fn, a, b, va, vb))


@pytest.mark.parametrize("op, fn", [("part_add", np.add), ("part_max", np.maximum)])
def test_partial_ops_give_zero_where_no_source_is_valid(op, fn):
    """A result of valid shape [8, 64] in a [16, 64] tile: its last rows are
    no source's (0), and src1 covers only its first 32 columns."""
    a, b = _floats((16, 64)), _floats((16, 64))
    got = run_op(op, [((16, 64), "f32", (8, 64)), ((16, 64), "f32", (8, 32))],
                 result=((16, 64), "f32", (8, 64)), inputs=[a, b])
    np.testing.assert_array_equal(got, _partial(fn, a, b, (8, 64), (8, 32)))
    assert not got[8:].any()


# ----- not, sin, cos -------------------------------------------------------------------------


@pytest.mark.parametrize("op, fn", [("sin", np.sin), ("cos", np.cos)])
def test_sin_cos_are_within_2e7_of_numpy(op, fn):
    x = np.linspace(-40.0, 40.0, 16 * 64, dtype=np.float32).reshape(16, 64)
    got = run_op(op, [F32], inputs=[x])
    assert got.dtype == np.float32
    np.testing.assert_allclose(got, fn(x.astype(np.float64)), rtol=0, atol=2e-7)


# ----- expansions and expands -------------------------------------------------------------------


@pytest.mark.parametrize("op, fn", [
    ("row_expand_max", np.maximum),
    ("row_expand_min", np.minimum),
    ("row_expand_expdif", lambda t, v: np.exp(t - v)),
])
def test_row_expansions(op, fn):
    t, v = _floats((16, 64), scale=1.0), _floats((16, 1), scale=1.0)
    got = run_op(op, [F32, ((16, 1), "f32", None)], inputs=[t, v])
    np.testing.assert_array_equal(got, fn(t, v))


@pytest.mark.parametrize("op, fn", [
    ("col_expand_max", np.maximum),
    ("col_expand_min", np.minimum),
    ("col_expand_expdif", lambda t, c: np.exp(t - c)),
])
def test_col_expansions(op, fn):
    t, c = _floats((16, 64), scale=1.0), _floats((1, 64), scale=1.0)
    got = run_op(op, [F32, ((1, 64), "f32", None)], inputs=[t, c])
    np.testing.assert_array_equal(got, fn(t, c))


def test_expdif_of_f16_rounds_once():
    t, v = _floats((16, 64), np.float16, 1.0), _floats((16, 1), np.float16, 1.0)
    got = run_op("row_expand_expdif", [F16, ((16, 1), "f16", None)], inputs=[t, v])
    want = np.exp(t.astype(np.float32) - v.astype(np.float32)).astype(np.float16)
    np.testing.assert_array_equal(got, want)


def test_expands_fills_the_targets_shape():
    t = _floats((16, 64))
    got = run_op("expands", [F32], [(1, "f32")], inputs=[t, np.array(2.5, np.float32)])
    np.testing.assert_array_equal(got, np.full((16, 64), 2.5, np.float32))
    i = _ints((16, 64), np.int32)
    got = run_op("expands", [((16, 64), "i32", None)], [(1, "i32")], inputs=[i, np.array(-3, np.int32)])
    np.testing.assert_array_equal(got, np.full((16, 64), -3, np.int32))
