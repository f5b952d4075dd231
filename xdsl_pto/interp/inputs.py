"""Seeded inputs for a function's arguments."""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import AnyFloat, IndexType, IntegerType, MemRefType

from xdsl_pto.diagnostics import op_location
from xdsl_pto.dialects.tile.dim_expr import DimExpr, DimExprError, parse_dim
from xdsl_pto.dialects.tile.function_attrs import dynamic_dim_names
from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.interp.dtypes import is_e8m0, is_float, numpy_dtype
from xdsl_pto.interp.errors import InterpError
from xdsl_pto.interp.lazy_gm import CHUNK, LazyTensor

FLOAT_RANGE = 2.0  # floats uniform in [-2, 2]
INT_RANGE = 8  # signed integers in [-8, 8], unsigned in [0, 16]
INDEX_RANGE = 4  # index / integer scalars in [0, 4)
#: The extent of every dynamic axis in the probe run that measures how long
#: the kernel needs it (:func:`xdsl_pto.interp.differential.kernel_inputs`):
#: longer than any real tensor axis, and the inputs are then made on demand.
PROBE_EXTENT = 1 << 31
#: The most bytes of GM inputs a run makes whole (all memref arguments
#: together): the interpreter keeps several copies of each (logical and
#: physical runs, the results), so a real model's weight matrix (152064 x 5120
#: bf16, 1.5 GB) would exhaust the machine. Above it the inputs are made on
#: demand (:mod:`xdsl_pto.interp.lazy_gm`), at most this many bytes touched
#: per tensor.
MAX_INPUT_BYTES = 256 << 20


def make_inputs(
    func_op: func.FuncOp,
    seed: int,
    *,
    values: dict[int, Any] | None = None,
    extents: dict[tuple[int, int], int] | None = None,
    nonneg_ints: bool = False,
    ranges: dict[int, tuple[int, int]] | None = None,
    tensors: dict[int, np.ndarray] | None = None,
) -> list[Any]:
    """One value per argument of ``func_op``, deterministic in ``seed``.

    Memref arguments: arrays of the memref's shape and element dtype, floats
    uniform in [-2, 2] (rounded to the dtype), signed integers in [-8, 8],
    unsigned in [0, 16]. Scalars (0-d arrays): ``index`` and integers in
    [0, 4), ``i1`` False/True, floats in [-2, 2].

    When the GM tensors hold more than :data:`MAX_INPUT_BYTES` together, every
    one is a :class:`~xdsl_pto.interp.lazy_gm.LazyTensor` instead: made on
    demand, chunk by chunk, with the same value ranges, deterministic in
    (seed, argument, element); a run may touch at most
    :data:`MAX_INPUT_BYTES` of each.

    Args:
        func_op: the kernel.
        seed: the seed of every value.
        values: argument position -> the value of that scalar argument,
            replacing the seeded one (the others keep theirs).
        extents: (argument, axis) -> the extent of a dynamic (``?``) axis;
            any other dynamic axis gets :func:`dynamic_extents`'s.
        nonneg_ints: signed integer tensors hold [0, 8] instead (a table of
            rows or pages, which a kernel turns into GM offsets: the
            differential check's retry, :func:`~xdsl_pto.interp.differential.logical_run`).
        ranges: argument position -> ``(low, high)``: that integer tensor
            holds integers uniform in [low, high) instead, drawn from a
            generator of its own (seed, position, low, high), so the other
            arguments keep the values they have without it (the input
            search, :mod:`xdsl_pto.interp.input_search`).
        tensors: argument position -> the contents of that GM tensor
            (``xdsl-pto run --input``), replacing the seeded ones; its
            dynamic axes must be in ``extents`` at the array's lengths.

    Raises:
        InterpError: for an unsupported argument type.
    """
    rng = np.random.default_rng(seed)
    out: list[Any] = []
    sized = dynamic_extents(func_op)
    sized.update(extents or {})
    args = func_op.body.blocks.first.args  # type: ignore[union-attr]
    shapes: dict[int, tuple[int, ...]] = {}
    total = 0
    for i, arg in enumerate(args):
        t = arg.type
        if isinstance(t, MemRefType):
            shapes[i] = tuple(sized.get((i, axis), d) for axis, d in enumerate(t.get_shape()))
            total += int(np.prod(shapes[i], dtype=np.int64)) * numpy_dtype(t.element_type).itemsize
    lazy = total > MAX_INPUT_BYTES
    name = func_op.sym_name.data
    for i, arg in enumerate(args):
        t = arg.type
        if isinstance(t, MemRefType):
            dtype = numpy_dtype(t.element_type)
            span = (ranges or {}).get(i)
            if lazy:
                label = f"%{arg.name_hint} of @{name}" if arg.name_hint else f"argument {i} of @{name}"
                fill = _chunk_fill(seed, i, dtype, nonneg_ints) if span is None else _range_fill(seed, i, dtype, span)
                out.append(LazyTensor(shapes[i], dtype, fill, MAX_INPUT_BYTES, label))
            else:
                out.append(_random(rng, shapes[i], dtype, nonneg_ints))
                if span is not None:
                    out[-1] = _in_range(np.random.default_rng([seed, i, *span]), shapes[i], dtype, span)
        elif isinstance(t, IndexType):
            out.append(np.array(rng.integers(0, INDEX_RANGE), dtype=np.int64))
        elif isinstance(t, IntegerType):
            dtype = numpy_dtype(t)
            hi = 2 if dtype == np.bool_ else INDEX_RANGE
            out.append(np.array(rng.integers(0, hi), dtype=np.int64).astype(dtype))
        elif isinstance(t, AnyFloat):
            out.append(_random(rng, (), numpy_dtype(t)))
        else:
            raise InterpError(f"argument {i} of @{name}: unsupported type {t}")
    for i, v in (values or {}).items():
        out[i] = np.array(v).astype(out[i].dtype)
    for i, array in (tensors or {}).items():
        out[i] = np.array(array, copy=True)
    return out


def _range_fill(seed: int, arg: int, dtype: np.dtype, span: tuple[int, int]) -> Callable[[int], np.ndarray]:
    """Chunk number -> the elements of that chunk of argument ``arg``,
    uniform in ``span`` (see ``ranges`` of :func:`make_inputs`)."""
    return lambda c: _in_range(np.random.default_rng([seed, arg, *span, c]), (CHUNK,), dtype, span)


def _in_range(rng: np.random.Generator, shape: tuple[int, ...], dtype: np.dtype, span: tuple[int, int]) -> np.ndarray:
    """Integers of ``dtype`` uniform in [low, high) (``span``), the range
    cut to what the dtype holds."""
    info = np.iinfo(dtype)
    low = max(span[0], int(info.min))
    high = max(low + 1, min(span[1], int(info.max) + 1))
    return rng.integers(low, high, shape).astype(dtype)


def _chunk_fill(seed: int, arg: int, dtype: np.dtype, nonneg: bool = False) -> Callable[[int], np.ndarray]:
    """Chunk number -> the seeded elements of that chunk of argument ``arg``."""
    return lambda c: _random(np.random.default_rng([seed, arg, c]), (CHUNK,), dtype, nonneg)


def dynamic_extent(window: int) -> int:
    """The extent the interpreter gives a dynamic (``?``) tensor axis whose
    largest tile window is ``window`` elements: ``window * INDEX_RANGE``,
    room for a window at any of the offsets a seeded ``index`` argument
    (in [0, INDEX_RANGE)) makes in whole windows; at least 1."""
    return max(window, 1) * INDEX_RANGE


#: A dynamic axis: (argument position, axis).
Axis = tuple[int, int]
#: The largest value :func:`solve_names` gives a dynamic name.
MAX_NAME_VALUE = 1 << 40


def dynamic_axes(func_op: func.FuncOp) -> dict[Axis, DimExpr]:
    """Every dynamic (``?``) axis of ``func_op``'s memref arguments -> its
    extent as a :class:`~xdsl_pto.dialects.tile.dim_expr.DimExpr` over
    dynamic names (``tile.dynamic_dims``: ``N``, ``N * 2``); an unnamed
    axis is a private name of its own, ``#I.AXIS`` (no ``--arg`` sets it).

    Raises:
        InterpError: located at the function: a ``tile.dynamic_dims``
            entry that is not a supported expression.
    """
    out: dict[Axis, DimExpr] = {}
    for i, arg in enumerate(func_op.body.blocks.first.args):  # type: ignore[union-attr]
        t = arg.type
        if not isinstance(t, MemRefType):
            continue
        names = iter(dynamic_dim_names(func_op, i))
        for axis, d in enumerate(t.get_shape()):
            if d >= 0:
                continue
            name = next(names)
            if name is None:
                private = f"#{i}.{axis}"
                out[(i, axis)] = DimExpr(private, (private,), ast.Name(private))
                continue
            try:
                out[(i, axis)] = parse_dim(name)
            except DimExprError as err:
                raise InterpError(
                    f"{op_location(func_op)}: unsupported dynamic extent '{name}' of argument {i} of "
                    f"@{func_op.sym_name.data}: {err}"
                ) from None
    return out


def is_private(name: str) -> bool:
    """True for the private name :func:`dynamic_axes` gives an unnamed axis."""
    return name.startswith("#")


def dynamic_dim_groups(func_op: func.FuncOp) -> dict[str, list[Axis]]:
    """Dynamic name (a free name of a ``tile.dynamic_dims`` expression) ->
    the (argument, axis) of every dynamic axis of ``func_op``'s memref
    arguments whose extent uses it; unnamed axes are left out."""
    groups: dict[str, list[Axis]] = {}
    for key, dim in dynamic_axes(func_op).items():
        for name in dim.names:
            if not is_private(name):
                groups.setdefault(name, []).append(key)
    return groups


def dynamic_needs(func_op: func.FuncOp) -> dict[Axis, int]:
    """(argument, axis) -> the length each dynamic axis of ``func_op``'s
    memref arguments needs: :func:`dynamic_extent` of the largest tile
    window on that axis over the argument's direct uses (a tile operand or
    result of the using op, aligned on the trailing axes)."""
    args = func_op.body.blocks.first.args  # type: ignore[union-attr]
    raw: dict[Axis, int] = {}
    for i, arg in enumerate(args):
        t = arg.type
        if not isinstance(t, MemRefType) or all(d >= 0 for d in t.get_shape()):
            continue
        shape = t.get_shape()
        for axis, d in enumerate(shape):
            if d >= 0:
                continue
            window = 1
            for use in arg.uses:
                op = use.operation
                for v in [*op.operands, *op.results]:
                    if isinstance(v.type, TileType):
                        ts = v.type.get_shape()
                        k = axis - (len(shape) - len(ts))
                        if 0 <= k < len(ts):
                            window = max(window, ts[k])
            raw[(i, axis)] = dynamic_extent(window)
    return raw


def solve_names(
    func_op: func.FuncOp, axes: dict[Axis, DimExpr], need: dict[Axis, int], fixed: dict[str, int] | None = None
) -> dict[str, int]:
    """Values of the dynamic names of ``axes`` (:func:`dynamic_axes`) that
    make every axis at least as long as ``need`` says (at least 1): the
    names ``fixed`` sets keep their values (an axis of those alone needs
    only be at least 1 long); a name that is an axis's whole
    extent starts at the largest need of such axes, the others at 1, and
    while an axis is too short, the free names of its expression are
    raised together (or, failing that, one alone: ``N // M``) to the least
    value (doubling, then bisection) that makes it long enough (sizing
    names, not expressions:
    tile-op-semantics.md section 11).

    Raises:
        InterpError: located at the function: an axis no value up to
            :data:`MAX_NAME_VALUE` makes long enough (``N % 4`` cannot be
            256 long), or an axis of fixed names only that is not at least
            1 long (``N - 64`` with ``N = 50``: ``... is -14 long with N =
            50; a tensor length is at least 1``).
    """
    fixed = dict(fixed or {})
    values = dict(fixed)
    # an axis of fixed names only is as long as they make it (at least 1)
    need = {k: n for k, n in need.items() if k in axes and not all(m in fixed for m in axes[k].names)}
    for key, dim in axes.items():
        for name in dim.names:
            if name not in fixed:
                start = need.get(key, 1) if dim.is_name else 1
                values[name] = max(values.get(name, 1), start)

    def short(key: Axis) -> bool:
        return _extent(axes[key], values) < max(need.get(key, 1), 1)

    for _ in range(4 * len(axes) + 1):
        unmet = [k for k in axes if short(k)]
        if not unmet:
            return values
        key = unmet[0]
        dim, want = axes[key], max(need.get(key, 1), 1)
        free = [n for n in dim.names if n not in fixed]
        lifted = None
        for group in [free, *([n] for n in free)] if len(free) > 1 else [free]:
            lifted = _lift(dim, values, group, want)
            if lifted is not None:
                break
        if lifted is None:
            break
        values = lifted
    bad = next((k for k in axes if short(k)), None)
    if bad is None:
        return values
    dim, want = axes[bad], max(need.get(bad, 1), 1)
    got = _extent(dim, values)
    setting = ", ".join(f"{n} = {values[n]}" for n in dim.names)
    i, axis = bad
    where = f"{op_location(func_op)}: dynamic extent {dim.text} (axis {axis} of argument {i} of @{func_op.sym_name.data})"
    if all(n in fixed for n in dim.names):
        raise InterpError(f"{where} is {got} long with {setting}; a tensor length is at least {want}")
    raise InterpError(f"{where} cannot be made {want} long by its names (at most {MAX_NAME_VALUE} each)")


def _lift(dim: DimExpr, values: dict[str, int], group: list[str], want: int) -> dict[str, int] | None:
    """``values`` with the names of ``group`` raised together to the least
    ``t`` (doubling, then bisection) that makes ``dim`` at least ``want``;
    None when no ``t`` up to :data:`MAX_NAME_VALUE` does."""

    def lifted(t: int) -> dict[str, int]:
        return {**values, **{n: max(values[n], t) for n in group}}

    hi = 1
    while group and hi <= MAX_NAME_VALUE and _extent(dim, lifted(hi)) < want:
        hi *= 2
    if not group or hi > MAX_NAME_VALUE:
        return None
    lo = hi // 2  # lifted(lo) is short (or lo is 0)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (lo, mid) if _extent(dim, lifted(mid)) >= want else (mid, hi)
    return lifted(hi)


def _extent(dim: DimExpr, values: dict[str, int]) -> int:
    """``dim``'s value, a division by zero counting as no length (-1)."""
    try:
        return dim.evaluate(values)
    except ZeroDivisionError:
        return -1


def axis_extents(axes: dict[Axis, DimExpr], values: dict[str, int]) -> dict[Axis, int]:
    """(argument, axis) -> the extent of each of ``axes`` for the names'
    ``values`` (every name of every axis must be there)."""
    return {key: _extent(dim, values) for key, dim in axes.items()}


def dynamic_extents(func_op: func.FuncOp, fixed: dict[str, int] | None = None) -> dict[Axis, int]:
    """(argument, axis) -> the extent of each dynamic axis of ``func_op``'s
    memref arguments: the extents :func:`solve_names` gives for the needs
    of :func:`dynamic_needs` (and the names ``fixed`` sets), so axes whose
    extent is one name share the largest of their needs, and an expression
    (``N * 2``) is computed from its names.

    Raises:
        InterpError: as :func:`dynamic_axes` and :func:`solve_names`.
    """
    axes = dynamic_axes(func_op)
    return axis_extents(axes, solve_names(func_op, axes, dynamic_needs(func_op), fixed))


def pipe_tile(shape: tuple[int, ...], dtype: np.dtype, key: tuple[int, ...]) -> np.ndarray:
    """The tile a cross-core pop receives: an array of ``shape``/``dtype``
    deterministic in ``key`` (non-negative integers; the interpreter uses
    ``(pipe seed, direction, pipe id, pops so far on that pipe)``), with the
    value ranges of :func:`make_inputs`."""
    return _random(np.random.default_rng(list(key)), shape, dtype)


def _random(rng: np.random.Generator, shape: tuple[int, ...], dtype: np.dtype, nonneg: bool = False) -> np.ndarray:
    if is_e8m0(dtype):
        # e8m0 holds powers of two only: scales 1/4 .. 4
        values = np.exp2(rng.integers(-2, 3, shape).astype(np.float64))
    elif is_float(dtype):
        values = rng.uniform(-FLOAT_RANGE, FLOAT_RANGE, shape)
    elif dtype == np.bool_:
        values = rng.integers(0, 2, shape)
    elif np.issubdtype(dtype, np.unsignedinteger):
        values = rng.integers(0, 2 * INT_RANGE + 1, shape)
    else:
        values = rng.integers(0 if nonneg else -INT_RANGE, INT_RANGE + 1, shape)
    return np.asarray(values).astype(dtype)
