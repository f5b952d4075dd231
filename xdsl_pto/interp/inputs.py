"""Seeded inputs for a function's arguments."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import AnyFloat, IndexType, IntegerType, MemRefType

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


def dynamic_dim_groups(func_op: func.FuncOp) -> dict[str, list[tuple[int, int]]]:
    """Name (``tile.dynamic_dims``) -> the (argument, axis) of every dynamic
    axis of ``func_op``'s memref arguments that bears it."""
    groups: dict[str, list[tuple[int, int]]] = {}
    for i, arg in enumerate(func_op.body.blocks.first.args):  # type: ignore[union-attr]
        t = arg.type
        if not isinstance(t, MemRefType):
            continue
        names = iter(dynamic_dim_names(func_op, i))
        for axis, d in enumerate(t.get_shape()):
            if d < 0:
                name = next(names)
                if name is not None:
                    groups.setdefault(name, []).append((i, axis))
    return groups


def dynamic_extents(func_op: func.FuncOp) -> dict[tuple[int, int], int]:
    """(argument, axis) -> the extent of each dynamic axis of ``func_op``'s
    memref arguments: :func:`dynamic_extent` of the largest tile window on
    that axis over the argument's direct uses (a tile operand or result of
    the using op, aligned on the trailing axes); axes that share a name in
    ``tile.dynamic_dims`` share the largest of their extents."""
    args = func_op.body.blocks.first.args  # type: ignore[union-attr]
    raw: dict[tuple[int, int], int] = {}
    named: dict[str, int] = {}
    keys: dict[tuple[int, int], str | None] = {}
    for i, arg in enumerate(args):
        t = arg.type
        if not isinstance(t, MemRefType) or all(d >= 0 for d in t.get_shape()):
            continue
        shape = t.get_shape()
        names = iter(dynamic_dim_names(func_op, i))
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
            name = next(names)
            keys[(i, axis)] = name
            if name is not None:
                named[name] = max(named.get(name, 0), raw[(i, axis)])
    return {k: named[keys[k]] if keys[k] is not None else v for k, v in raw.items()}


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
