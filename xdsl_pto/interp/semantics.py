"""The meaning of every tile op, once, as numpy functions.

Each function takes the op's :class:`~xdsl_pto.interp.opinfo.OpMeta` and its
operands in order -- tiles as numpy arrays of their logical shape, GM
tensors as numpy arrays, ``index`` as int, ``i1`` as bool, other scalars as
0-d arrays of their type -- and returns the result array (None for
``tile.store``, which writes its GM operand). Both run modes call these; they
differ only in where operands come from and where results go.

Choices where the dialect does not say (each is one place below):

* valid shapes (``valid = RxC``, or the runtime extents a ``?`` gets) are
  honoured as reference/tile-op-semantics.md section 0 says: an op writes
  its result's valid region ``[:VR, :VC]`` only, and the rest of the result
  is undefined (the poison pattern, the same in both run modes; the
  hardware leaves it as it was, which a run cannot know). Elementwise ops
  and broadcasts compute the whole tile and keep its valid region
  (:func:`~.valid_region.within_valid`); ``row_sum`` / ``row_max`` /
  ``row_min`` read the source's valid columns only (section 3; the PTO op
  gets ``v_col``); a load with valid operands reads its valid window only
  and a store writes its tile's valid region only. Views (``slice``, ``reshape``) are the
  source's bytes, so they keep whatever those hold. The families of issue
  23 (:mod:`.semantics_reductions`, :mod:`.semantics_generators`,
  :mod:`.semantics_fillpad`, :mod:`.semantics_scalar_access`, ... registered
  at the end of this module) say in their own modules what they read and
  write;
* f16/bf16 arithmetic is carried out in f32 and rounded once per op (row
  sums accumulate in f32, pairwise); f32 in f32;
* integer arithmetic wraps; integer division truncates toward zero and
  ``x / 0`` is 0; exp/log/sqrt/rsqrt/recip of an integer tile are computed
  in f64, then truncated and saturated;
* ``rsqrt`` is ``1 / sqrt(x)`` (two roundings); ``relu``, ``maximum``,
  ``minimum``, ``row_max``/``row_min`` propagate NaN;
* matmul accumulates the way the cube does (:mod:`~xdsl_pto.interp.fractal`):
  the accumulator starts at 0 (``matmul``; ``matmul_acc`` with ``init_cond``
  true, which does not read ``acc``), at the old accumulator (``matmul_acc``
  with ``init_cond`` false) or at the bias row broadcast down the rows
  (``matmul_bias``: the bias initialises L0C); K is consumed in consecutive
  chunks of 16 (the last may be shorter), each chunk's products summed in
  f64 in sequential order, then ``acc = T(f64(acc) + chunk)`` rounded to
  the accumulator's type ``T`` per chunk. The order is fixed by the math, so
  splitting K at multiples of 16 into a ``matmul_acc`` chain, or splitting M
  or N, gives bit-identical results. Integer inputs are exact in int64,
  wrapped to the accumulator's type;
* ``tile.extract`` copies the window of the result's shape at
  (``index_row``, ``index_col``) of its Mat source;
* ``tile.move`` to another element type (from Acc) converts, round half to
  even;
* ``cmp``/``cmps`` default to ``eq``; a mask tile with the data's shape holds
  0/1 per element, a narrower one packed bits, row by row, least significant
  bit first (``sel`` reads both encodings);
* ``tile.create`` is every byte 0xFF (a NaN / -1 / the maximum);
* ``rem``/``rems`` take the sign of the divisor (numpy ``remainder``),
  ``fmod``/``fmods`` of the dividend (numpy ``fmod``); an integer remainder
  by 0 is 0, a float one NaN; ``prelu`` is ``src > 0 ? src : slope * src``
  (NaN propagates);
* ``tpop_from_aic``/``aiv`` return the tile the other core pushed: the
  ``count``-th tile of pipe ``id`` in that direction is seeded data
  (:func:`~xdsl_pto.interp.inputs.pipe_tile`), the same in both modes;
  ``tpush_to_aic``/``aiv`` return a copy of the pushed tile, which the
  executors record as an output.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from xdsl.ir import Operation

from xdsl_pto.dialects.tile import cross_core_ops as cross
from xdsl_pto.dialects.tile import cube_ops as cube
from xdsl_pto.dialects.tile import data_ops as data
from xdsl_pto.dialects.tile import sync_ops as sync
from xdsl_pto.dialects.tile import target_ops as target
from xdsl_pto.dialects.tile import vector_ops as vec
from xdsl_pto.dialects.tile import view_ops as view
from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.interp.dtypes import compute_dtype, is_float, poison
from xdsl_pto.interp.errors import DataRangeError, GMRangeError, InterpError
from xdsl_pto.interp.fractal import fractal_matmul
from xdsl_pto.interp.inputs import pipe_tile
from xdsl_pto.interp.opinfo import OpMeta
from xdsl_pto.interp.rounding import convert
from xdsl_pto.interp.valid_region import undefined, within_valid

Semantics = Callable[..., "np.ndarray | None"]
SEMANTICS: dict[type[Operation], Semantics] = {}


def semantics(*op_types: type[Operation]) -> Callable[[Semantics], Semantics]:
    """Register a function as the semantics of ``op_types``."""

    def register(fn: Semantics) -> Semantics:
        for t in op_types:
            SEMANTICS[t] = fn
        return fn

    return register


def apply_semantics(meta: OpMeta, operands: Sequence[Any]) -> Any:
    """Run ``meta.op``'s semantics on ``operands``, each array made
    C-contiguous first: numpy's reductions (pairwise sums) round differently
    on strided or broadcast views, and the two modes must see one layout
    (a 0-d scalar stays 0-d)."""
    vals = [np.ascontiguousarray(v) if isinstance(v, np.ndarray) and v.ndim else v for v in operands]
    return SEMANTICS[type(meta.op)](meta, *vals)


def _result(meta: OpMeta):
    assert meta.result is not None
    return meta.result


# ----- helpers ---------------------------------------------------------------


def elementwise(fn: Callable[..., Any], dtype: np.dtype, *xs: Any) -> np.ndarray:
    """``fn`` on ``xs`` (arrays / 0-d arrays, broadcast) computed in
    :func:`compute_dtype` of ``dtype`` and rounded to ``dtype``."""
    cd = compute_dtype(dtype)
    with np.errstate(all="ignore"):
        out = fn(*(np.asarray(x).astype(cd, copy=False) for x in xs))
        return np.asarray(out).astype(dtype)


def via_float64(fn: Callable[..., Any], dtype: np.dtype, x: np.ndarray) -> np.ndarray:
    """A transcendental ``fn`` on an integer tile: computed in f64, then
    truncated toward zero and saturated to ``dtype`` (NaN -> 0)."""
    with np.errstate(all="ignore"):
        return convert(fn(x.astype(np.float64)), dtype, "trunc")


def int_div(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Integer division truncating toward zero; ``x / 0`` is 0."""
    with np.errstate(all="ignore"):
        a, b = np.broadcast_arrays(np.asarray(a), np.asarray(b))
        safe = np.where(b == 0, np.ones_like(b), b)
        q = np.floor_divide(a, safe)
        rem = a - q * safe
        fix = (rem != 0) & ((a < 0) != (safe < 0))
        q = np.where(fix, q + np.ones_like(q), q)
        return np.where(b == 0, np.zeros_like(q), q).astype(a.dtype)


def divide(dtype: np.dtype, a: Any, b: Any) -> np.ndarray:
    """``a / b`` in ``dtype`` (IEEE for floats, :func:`int_div` for ints)."""
    if is_float(dtype):
        return elementwise(np.divide, dtype, a, b)
    return int_div(np.asarray(a, dtype=dtype), np.asarray(b, dtype=dtype))


def _binary_of(fn: Callable[[Any, Any], Any]) -> Callable[[np.dtype, Any, Any], np.ndarray]:
    return lambda dtype, a, b: elementwise(fn, dtype, a, b)


_ADD, _SUB, _MUL = _binary_of(np.add), _binary_of(np.subtract), _binary_of(np.multiply)
_MAX, _MIN = _binary_of(np.maximum), _binary_of(np.minimum)


# ----- data ops --------------------------------------------------------------


def gm_window(gm: np.ndarray, offsets: list[int], shape: tuple[int, ...], what: str) -> tuple[slice, ...]:
    """The index of the ``shape`` window at ``offsets`` of GM tensor ``gm``
    (leading tensor dims beyond the tile's rank take one element).

    Raises:
        GMRangeError: when the window is outside the tensor (``what`` names
            the op): a negative offset is said as such; on an axis of
            ``gm.probe_axes`` (a dynamic axis of the probe run that measures
            how long the tensor must be, :func:`~xdsl_pto.interp.differential.kernel_inputs`)
            its length is the most the run can give, not the tensor's.
    """
    window = (1,) * (gm.ndim - len(shape)) + tuple(shape)
    if len(offsets) != gm.ndim:
        raise InterpError(f"{what}: {len(offsets)} offsets for a rank-{gm.ndim} tensor")
    probed = getattr(gm, "probe_axes", frozenset())
    for axis, (o, n, g) in enumerate(zip(offsets, window, gm.shape)):
        if o < 0:
            raise GMRangeError(
                f"{what}: window [{o}, {o + n}) on axis {axis} starts {-o} elements before the tensor "
                "(a negative offset)"
            )
        if o + n > g and axis in probed:
            raise GMRangeError(
                f"{what}: window [{o}, {o + n}) on axis {axis} ends past {g} elements, the longest "
                "the run can make a dynamic axis"
            )
        if o + n > g:
            raise GMRangeError(
                f"{what}: window [{o}, {o + n}) on axis {axis} is outside the tensor's {g} elements"
            )
    return tuple(slice(o, o + n) for o, n in zip(offsets, window))


@semantics(data.LoadOp)
def load(meta: OpMeta, gm: np.ndarray, *operands: int) -> np.ndarray:
    """The GM window at the offsets as a tile; with valid operands (a
    runtime valid shape) only the valid window is read, the rest of the
    tile is undefined (the poison pattern). Without them the whole window
    is read, valid shape or not (the lowering's ``pto.partition_view`` of
    the load has the tile's full sizes)."""
    op = meta.op
    offsets = list(operands[: len(op.offsets)])  # type: ignore[attr-defined]
    return read_window(meta, gm, offsets, bool(op.valid), "tile.load")  # type: ignore[attr-defined]


def read_window(meta: OpMeta, gm: np.ndarray, offsets: list[int], partial: bool, what: str) -> np.ndarray:
    """The tile a load-like op (``meta``, result spec ``_result(meta)``)
    reads from ``gm`` at ``offsets``: the whole window, or with ``partial``
    only the result's valid window (the rest the poison pattern).

    Raises:
        InterpError: when the window is outside the tensor (``what`` names the op).
    """
    res = _result(meta)
    if not partial:
        idx = gm_window(gm, offsets, res.shape, what)
        return np.array(gm[idx], dtype=res.dtype).reshape(res.shape)
    valid = tuple(res.valid)
    out = poison(res.shape, res.dtype).copy()
    idx = gm_window(gm, offsets, valid, what)
    out[tuple(slice(0, v) for v in valid)] = np.array(gm[idx], dtype=res.dtype).reshape(valid)
    return out


def stored_shape(meta: OpMeta, tile: np.ndarray) -> tuple[int, ...]:
    """The window a ``tile.store`` writes: the tile's valid region, static
    or runtime (the lowering's partition view has those sizes); the whole
    tile when its type gives no valid shape."""
    spec = meta.operands[0]
    t = meta.op.operands[0].type
    if spec is not None and isinstance(t, TileType) and spec.valid:
        return tuple(spec.valid)
    return tuple(tile.shape)


@semantics(sync.RemoteLoadOp)
def remote_load(meta: OpMeta, gm: np.ndarray, peer: int, *offsets: int) -> np.ndarray:
    """The window of rank ``peer``'s copy of a distributed tensor, which (the
    ranks running one kernel on the same inputs) holds what the local one
    does: the local window."""
    del peer
    return read_window(meta, gm, list(offsets), False, "tile.remote_load")


@semantics(data.StoreOp)
def store(meta: OpMeta, tile: np.ndarray, gm: np.ndarray, *offsets: int) -> None:
    """Write ``tile`` into GM tensor ``gm`` at ``offsets`` (in place); a
    tile with a valid shape smaller than its shape writes its valid region only; with
    ``atomic = "add"`` add it to what the window holds: floats summed in f32
    and rounded (half to even) to the tensor's type, integers in the
    tensor's type, wrapping."""
    shape = stored_shape(meta, tile)
    idx = gm_window(gm, list(offsets), shape, "tile.store")
    values = tile[tuple(slice(0, n) for n in shape)].reshape(gm[idx].shape)
    if meta.attrs.get("atomic") == "add":
        if np.issubdtype(gm.dtype, np.integer):
            values = (gm[idx] + values.astype(gm.dtype)).astype(gm.dtype)
        else:
            values = (gm[idx].astype(np.float32) + values.astype(np.float32)).astype(gm.dtype)
    gm[idx] = values


@semantics(data.CreateOp)
def create(meta: OpMeta) -> np.ndarray:
    """Undefined contents: every byte is the poison byte."""
    res = _result(meta)
    return poison(res.shape, res.dtype)


@semantics(data.FullOp)
@within_valid
def full(meta: OpMeta, value: np.ndarray) -> np.ndarray:
    """A tile filled with the scalar."""
    res = _result(meta)
    return np.full(res.shape, value, dtype=res.dtype)


@semantics(data.MoveOp)
@within_valid
def move(meta: OpMeta, src: np.ndarray) -> np.ndarray:
    """A copy; an Acc source of another element type is converted (round half
    to even, integers saturate)."""
    res = _result(meta)
    if src.dtype == res.dtype:
        return src.copy()
    return convert(src, res.dtype, None)


def window(src: np.ndarray, offsets: Sequence[int], shape: tuple[int, ...], what: str) -> np.ndarray:
    """A copy of the ``shape`` window of ``src`` at ``offsets`` (elements).

    Raises:
        InterpError: when the window is outside ``src`` (``what`` names the op).
    """
    for o, n, d in zip(offsets, shape, src.shape):
        if o < 0 or o + n > d:
            raise DataRangeError(f"{what}: window [{o}, {o + n}) exceeds the source's {d} elements")
    return src[tuple(slice(o, o + n) for o, n in zip(offsets, shape))].copy()


@semantics(data.ExtractOp)
@within_valid
def extract(meta: OpMeta, src: np.ndarray, row: int, col: int) -> np.ndarray:
    """The ``[r, c]`` window (the result's shape) at ``(row, col)`` of a Mat
    tile copied into the result (Left or Right), or of a Vec tile into a
    Vec result."""
    res = _result(meta)
    return window(src, (row, col), res.shape, "tile.extract").astype(res.dtype, copy=False)


# ----- elementwise -----------------------------------------------------------


@semantics(vec.AddOp, vec.AddsOp)
@within_valid
def add(meta: OpMeta, a: Any, b: Any) -> np.ndarray:
    """``a + b`` (tile-tile or tile-scalar)."""
    return _ADD(_result(meta).dtype, a, b)


@semantics(vec.SubOp, vec.SubsOp)
@within_valid
def sub(meta: OpMeta, a: Any, b: Any) -> np.ndarray:
    """``a - b``."""
    return _SUB(_result(meta).dtype, a, b)


@semantics(vec.MulOp, vec.MulsOp)
@within_valid
def mul(meta: OpMeta, a: Any, b: Any) -> np.ndarray:
    """``a * b``."""
    return _MUL(_result(meta).dtype, a, b)


@semantics(vec.DivOp, vec.DivsOp)
@within_valid
def div(meta: OpMeta, a: Any, b: Any) -> np.ndarray:
    """``a / b`` (integers: toward zero, x / 0 = 0)."""
    return divide(_result(meta).dtype, a, b)


@semantics(vec.MaximumOp)
@within_valid
def maximum(meta: OpMeta, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Elementwise maximum (NaN propagates)."""
    return _MAX(_result(meta).dtype, a, b)


@semantics(vec.MinimumOp)
@within_valid
def minimum(meta: OpMeta, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Elementwise minimum (NaN propagates)."""
    return _MIN(_result(meta).dtype, a, b)


def _unary_float(fn: Callable[[Any], Any]) -> Semantics:
    @within_valid
    def run(meta: OpMeta, x: np.ndarray, *tmp: np.ndarray) -> np.ndarray:
        dtype = _result(meta).dtype
        if is_float(dtype):
            return elementwise(fn, dtype, x)
        return via_float64(fn, dtype, x)

    return run


def _rsqrt(x: np.ndarray) -> np.ndarray:
    return np.reciprocal(np.sqrt(x))


SEMANTICS[vec.ExpOp] = _unary_float(np.exp)
SEMANTICS[vec.LogOp] = _unary_float(np.log)
SEMANTICS[vec.SqrtOp] = _unary_float(np.sqrt)
SEMANTICS[vec.RsqrtOp] = _unary_float(_rsqrt)
SEMANTICS[vec.RecipOp] = _unary_float(np.reciprocal)


@semantics(vec.NegOp)
@within_valid
def neg(meta: OpMeta, x: np.ndarray) -> np.ndarray:
    """``-x`` (integers wrap)."""
    return elementwise(np.negative, _result(meta).dtype, x)


@semantics(vec.AbsOp)
@within_valid
def abs_(meta: OpMeta, x: np.ndarray) -> np.ndarray:
    """``|x|`` (the most negative integer wraps to itself)."""
    return elementwise(np.abs, _result(meta).dtype, x)


@semantics(vec.ReluOp)
@within_valid
def relu(meta: OpMeta, x: np.ndarray) -> np.ndarray:
    """``max(x, 0)`` (NaN propagates)."""
    dtype = _result(meta).dtype
    return elementwise(np.maximum, dtype, x, np.zeros((), dtype))


@semantics(vec.CastOp)
@within_valid
def cast(meta: OpMeta, x: np.ndarray) -> np.ndarray:
    """Conversion to the result element type in the op's rounding ``mode``
    (see :mod:`xdsl_pto.interp.rounding`)."""
    return convert(x, _result(meta).dtype, meta.attrs.get("mode"))


# ----- reductions and broadcasts ----------------------------------------------


def _valid_columns(meta: OpMeta, x: np.ndarray) -> np.ndarray:
    """The valid columns ``[:, :VC]`` of a row reduction's source (static or
    runtime VC), every row, C-contiguous (so a sum rounds the same way in
    both run modes); rows past VR are reduced too and then left undefined
    by :func:`within_valid` (the result's valid rows are the source's)."""
    spec = meta.operands[0]
    assert spec is not None
    cols = spec.valid[-1] if spec.valid else x.shape[-1]
    return np.ascontiguousarray(x[..., :cols])


def _row_reduction(fn: Callable[[np.ndarray, np.dtype], np.ndarray]) -> Semantics:
    """A row reduction ``[M, N] -> [M, 1]`` of the source's valid region
    ``[:VR, :VC]`` into the result's valid rows (tile-op-semantics.md
    sections 0 and 3: the hardware reads the valid columns only, the PTO op
    gets ``v_col``); an empty valid region writes nothing (as
    :mod:`.semantics_reductions`)."""

    @within_valid
    def run(meta: OpMeta, x: np.ndarray, tmp: np.ndarray) -> np.ndarray:
        res = _result(meta)
        region = _valid_columns(meta, x)
        if region.shape[-1] == 0:
            return undefined(res)
        with np.errstate(all="ignore"):
            return fn(region, res.dtype)

    run.__doc__ = fn.__doc__
    return run


def _sum_rows(x: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """Row sums of the valid region (floats accumulate in f32 or wider,
    pairwise; integers wrap)."""
    if is_float(dtype):
        return np.sum(x.astype(compute_dtype(dtype)), axis=1, keepdims=True).astype(dtype)
    return np.sum(x, axis=1, keepdims=True, dtype=dtype)


def _max_rows(x: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """Row maxima of the valid region (NaN propagates)."""
    return np.max(x, axis=1, keepdims=True).astype(dtype)


def _min_rows(x: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """Row minima of the valid region (NaN propagates)."""
    return np.min(x, axis=1, keepdims=True).astype(dtype)


SEMANTICS[vec.RowSumOp] = _row_reduction(_sum_rows)
SEMANTICS[vec.RowMaxOp] = _row_reduction(_max_rows)
SEMANTICS[vec.RowMinOp] = _row_reduction(_min_rows)


@semantics(vec.RowExpandOp, vec.ColExpandOp)
@within_valid
def expand(meta: OpMeta, target: np.ndarray, v: np.ndarray) -> np.ndarray:
    """``v`` (``[M, 1]`` or ``[1, N]``) broadcast to the target's shape."""
    res = _result(meta)
    return np.array(np.broadcast_to(v, res.shape), dtype=res.dtype)


def _expand_with(binary: Callable[[np.dtype, Any, Any], np.ndarray]) -> Semantics:
    @within_valid
    def run(meta: OpMeta, target: np.ndarray, v: np.ndarray, *tmp: np.ndarray) -> np.ndarray:
        return binary(_result(meta).dtype, target, v)

    return run


for _ops, _fn in (
    ((vec.RowExpandAddOp, vec.ColExpandAddOp), _ADD),
    ((vec.RowExpandSubOp, vec.ColExpandSubOp), _SUB),
    ((vec.RowExpandMulOp, vec.ColExpandMulOp), _MUL),
    ((vec.RowExpandDivOp, vec.ColExpandDivOp), divide),
):
    for _op in _ops:
        SEMANTICS[_op] = _expand_with(_fn)


# ----- select / compare --------------------------------------------------------


def mask_condition(mask: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """The boolean condition a mask tile encodes for a ``shape`` tile.

    A mask with one element per data element means ``element != 0``; a
    narrower mask is packed bits, row by row, least significant bit first.

    Raises:
        InterpError: when the mask holds fewer bits per row than needed.
    """
    rows, cols = (1, shape[0]) if len(shape) == 1 else shape
    if mask.shape == tuple(shape):
        return mask != 0
    if is_float(mask.dtype):
        raise InterpError(f"a float mask of shape {list(mask.shape)} cannot select {list(shape)}")
    as_bytes = np.ascontiguousarray(mask).reshape(rows, -1).view(np.uint8)
    bits = np.unpackbits(as_bytes, axis=1, bitorder="little")
    if bits.shape[1] < cols:
        raise InterpError(
            f"mask of shape {list(mask.shape)} has {bits.shape[1]} bits per row, {cols} needed"
        )
    return bits[:, :cols].astype(bool).reshape(shape)


def mask_tile(cond: np.ndarray, shape: tuple[int, ...], dtype: np.dtype) -> np.ndarray:
    """A mask tile of ``shape``/``dtype`` for boolean ``cond`` (the inverse of
    :func:`mask_condition`)."""
    if cond.shape == tuple(shape):
        return cond.astype(dtype)
    if is_float(dtype):
        raise InterpError(f"a float mask of shape {list(shape)} cannot hold {list(cond.shape)}")
    rows = shape[0] if len(shape) == 2 else 1
    per_row = (shape[-1] * dtype.itemsize * 8)
    flat = cond.reshape(rows, -1)
    if flat.shape[1] > per_row:
        raise InterpError(
            f"mask of shape {list(shape)} holds {per_row} bits per row, {flat.shape[1]} needed"
        )
    padded = np.zeros((rows, per_row), dtype=bool)
    padded[:, : flat.shape[1]] = flat
    packed = np.packbits(padded, axis=1, bitorder="little")
    return np.ascontiguousarray(packed).view(dtype).reshape(shape)


@semantics(vec.SelOp)
@within_valid
def sel(meta: OpMeta, mask: np.ndarray, lhs: np.ndarray, rhs: np.ndarray, tmp: np.ndarray) -> np.ndarray:
    """``mask ? lhs : rhs`` elementwise."""
    res = _result(meta)
    return np.where(mask_condition(mask, lhs.shape), lhs, rhs).astype(res.dtype)


_COMPARE = {
    "eq": np.equal, "ne": np.not_equal, "lt": np.less,
    "le": np.less_equal, "gt": np.greater, "ge": np.greater_equal,
}


@semantics(vec.CmpOp, vec.CmpsOp)
@within_valid
def cmp(meta: OpMeta, lhs: np.ndarray, rhs: Any) -> np.ndarray:
    """``lhs <cmp_mode> rhs`` (default ``eq``) as a mask tile: one 0/1 element
    per lhs element when the result has lhs's shape, else packed bits."""
    res = _result(meta)
    fn = _COMPARE[meta.attrs.get("cmp_mode", "eq")]
    cd = compute_dtype(lhs.dtype)
    cond = fn(lhs.astype(cd), np.asarray(rhs).astype(cd))
    return mask_tile(cond, res.shape, res.dtype)


@semantics(target.SelsOp)
@within_valid
def sels(meta: OpMeta, mask: np.ndarray, src: np.ndarray, tmp: np.ndarray, scalar: Any) -> np.ndarray:
    """``mask ? src : scalar`` elementwise (the mask read as ``sel`` reads it)."""
    res = _result(meta)
    return np.where(mask_condition(mask, src.shape), src, np.asarray(scalar, dtype=res.dtype)).astype(res.dtype)


@semantics(target.PreluOp)
@within_valid
def prelu(meta: OpMeta, src: np.ndarray, slope: np.ndarray, tmp: np.ndarray) -> np.ndarray:
    """``src > 0 ? src : slope * src`` (computed in :func:`compute_dtype`)."""
    return elementwise(lambda x, k: np.where(x > 0, x, k * x), _result(meta).dtype, src, slope)


@semantics(target.RemOp, target.RemsOp)
@within_valid
def rem(meta: OpMeta, a: np.ndarray, b: Any, tmp: np.ndarray) -> np.ndarray:
    """``a mod b`` with the sign of ``b`` (numpy ``remainder``; integers:
    ``x mod 0`` is 0)."""
    return elementwise(np.remainder, _result(meta).dtype, a, b)


@semantics(target.FmodOp, target.FmodsOp)
@within_valid
def fmod(meta: OpMeta, a: np.ndarray, b: Any) -> np.ndarray:
    """``a - trunc(a / b) * b``, the sign of ``a`` (numpy ``fmod``; integers:
    ``x fmod 0`` is 0)."""
    return elementwise(np.fmod, _result(meta).dtype, a, b)


# ----- cross-core pipes --------------------------------------------------------


def _tpop(direction: int) -> Semantics:
    def run(meta: OpMeta, seed: int, count: int) -> np.ndarray:
        res = _result(meta)
        _, pipe_id = cross.pipe_attrs(meta.op)
        return pipe_tile(res.shape, res.dtype, (seed, direction, pipe_id or 0, count))

    run.__doc__ = (
        "The ``count``-th tile popped from pipe ``id`` in this direction of a run "
        "with pipe seed ``seed`` (deterministic, see ``pipe_tile``)."
    )
    return run


SEMANTICS[cross.TPopFromAicOp] = _tpop(0)
SEMANTICS[cross.TPopFromAivOp] = _tpop(1)


@semantics(cross.TPushToAicOp, cross.TPushToAivOp)
def tpush(meta: OpMeta, tile: np.ndarray) -> np.ndarray:
    """The pushed tile (a copy): what the other core receives."""
    return tile.copy()


# ----- views and layout --------------------------------------------------------


@semantics(view.SliceOp)
def slice_(meta: OpMeta, src: np.ndarray, *offsets: int) -> np.ndarray:
    """The window of the result's shape at ``offsets`` (a copy)."""
    return window(src, offsets, _result(meta).shape, "tile.slice")


@semantics(view.ReshapeOp)
def reshape(meta: OpMeta, src: np.ndarray) -> np.ndarray:
    """The same bytes with the result's shape: the source's elements in its
    memory order, refilled in the result's memory order."""
    res = _result(meta)
    src_spec = meta.operands[0]
    assert src_spec is not None
    flat = src.ravel(order="F" if src_spec.col_major else "C")
    return flat.reshape(res.shape, order="F" if res.col_major else "C").copy()


@semantics(view.TransposeOp)
@within_valid
def transpose(meta: OpMeta, src: np.ndarray, tmp: np.ndarray) -> np.ndarray:
    """``[M, N] -> [N, M]``."""
    return np.ascontiguousarray(src.T).astype(_result(meta).dtype)


# ----- cube --------------------------------------------------------------------


@semantics(cube.MatmulOp)
@within_valid
def matmul(meta: OpMeta, lhs: np.ndarray, rhs: np.ndarray) -> np.ndarray:
    """``lhs @ rhs`` from a zero accumulator, K in fractal steps
    (:func:`~xdsl_pto.interp.fractal.fractal_matmul`)."""
    dtype = _result(meta).dtype
    return fractal_matmul(np.zeros((), dtype), lhs, rhs, dtype)


@semantics(cube.MatmulAccOp)
@within_valid
def matmul_acc(meta: OpMeta, acc: np.ndarray, lhs: np.ndarray, rhs: np.ndarray, init: bool) -> np.ndarray:
    """``lhs @ rhs`` from a zero accumulator when ``init`` (the old one is
    not read), else accumulated onto ``acc``; K in fractal steps."""
    dtype = _result(meta).dtype
    return fractal_matmul(np.zeros((), dtype) if init else acc, lhs, rhs, dtype)


@semantics(cube.MatmulBiasOp)
@within_valid
def matmul_bias(meta: OpMeta, lhs: np.ndarray, rhs: np.ndarray, bias: np.ndarray) -> np.ndarray:
    """``bias + lhs @ rhs``: the accumulator starts at the ``[1, N]`` bias row
    broadcast down the rows (converted to the accumulator's type), then K in
    fractal steps."""
    return fractal_matmul(bias, lhs, rhs, _result(meta).dtype)


def semantically_read(meta: OpMeta, args: tuple[Any, ...]) -> list[int]:
    """Indices of the tile operands whose contents ``meta.op`` reads when run
    with ``args`` (not tmp scratch; not matmul_acc's accumulator when its
    ``init_cond`` is true)."""
    out = [i for i, s in enumerate(meta.operands) if s is not None and i not in meta.scratch]
    if isinstance(meta.op, cube.MatmulAccOp) and bool(args[3]):
        out = [i for i in out if i != 0]
    return out


# The semantics of issue 23's reductions, generators, scalar access and
# fills register themselves here (they use ``semantics`` above).
from xdsl_pto.interp import (  # noqa: E402
    semantics_fillpad,  # noqa: F401
    semantics_generators,  # noqa: F401
    semantics_reductions,  # noqa: F401
    semantics_scalar_access,  # noqa: F401
)
# The op families of issue 23 register their semantics in modules of their own.
import xdsl_pto.interp.semantics_vector  # noqa: E402,F401  (registers on import)
import xdsl_pto.interp.semantics_sort_gather  # noqa: E402,F401  (registers on import)
import xdsl_pto.interp.semantics_cube_family  # noqa: E402,F401  (registers on import)
import xdsl_pto.interp.semantics_views  # noqa: E402,F401  (registers on import)
