"""Valid regions in the semantics of ops that honour them (the hardware loops
over a tile's valid region): where an op reads and writes, and what the rest
of its result holds (undefined: the poison pattern, the same in both run
modes)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np

from xdsl_pto.interp.dtypes import poison
from xdsl_pto.interp.opinfo import OpMeta, TileSpec


def result_spec(meta: OpMeta) -> TileSpec:
    """The op's tile result."""
    assert meta.result is not None
    return meta.result


def valid_window(spec: TileSpec) -> tuple[slice, ...]:
    """The index of ``spec``'s static valid region (``[:VR, :VC]``)."""
    return tuple(slice(0, v) for v in spec.valid)


def undefined(spec: TileSpec) -> np.ndarray:
    """A result the op has not written yet: every byte the poison byte."""
    return poison(spec.shape, spec.dtype)


def source_region(meta: OpMeta, x: np.ndarray) -> np.ndarray:
    """Operand 0's valid region (the part a reduction reads)."""
    spec = meta.operands[0]
    assert spec is not None
    return x[valid_window(spec)]


def undefined_outside(spec: TileSpec | None, out: np.ndarray) -> np.ndarray:
    """``out`` (a result of ``spec``'s shape) with every element outside
    ``spec``'s valid region ``[:VR, :VC]`` undefined (the poison pattern);
    ``out`` itself when the region is the whole tile (or ``out`` is not a
    tile of that shape: a scalar, a tuple)."""
    if spec is None or not isinstance(out, np.ndarray) or out.shape != tuple(spec.shape):
        return out
    if not spec.valid or tuple(spec.valid) == tuple(spec.shape):
        return out
    kept = undefined(spec)
    window = valid_window(spec)
    kept[window] = out[window]
    return kept


def within_valid(fn: Callable[..., Any]) -> Callable[..., Any]:
    """The semantics ``fn`` of an op that computes its result element by
    element (or row / column vector by element) over the whole tile, made to
    write the result's valid region only: reference/tile-op-semantics.md
    section 0 (the hardware loops over the destination's valid rows and
    columns and leaves the rest as it was -- which the interpreter cannot
    know, so it is undefined: the poison pattern, the same in both run
    modes). The result's valid shape is the static one of its type, or the
    runtime one the run recorded for a ``?`` extent."""

    @functools.wraps(fn)
    def run(meta: OpMeta, *operands: Any) -> Any:
        return undefined_outside(meta.result, fn(meta, *operands))

    return run
