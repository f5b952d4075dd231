"""Semantics of the reductions of issue 23 (reference/tile-op-semantics.md
section 3): ``row_prod``, ``col_sum`` / ``col_max`` / ``col_min`` /
``col_prod`` and the arg-reductions.

Valid shapes are honoured (the hardware loops over the valid region): a
reduction reads the source's static valid region ``[:VR, :VC]`` only and
writes the result's valid region; the result's other elements are not
written by the op, which the interpreter models as undefined (the poison
pattern, the same in both run modes). Choices where the sheet does not say:

* float sums and products accumulate in f32 (f16 / bf16 rounded once at
  the end), in index order (rows top to bottom for a column reduction,
  left to right for a row product); integers wrap;
* ``col_max`` / ``col_min`` propagate NaN;
* an arg-reduction gives the first (lowest) index of the extreme value
  (the simulator compares strictly); a NaN counts as the extreme (numpy's
  ``argmax`` / ``argmin``), so the first NaN wins;
* ``col_sum``'s tmp (the binary-tree path) is scratch: the sum is the same
  value with or without it;
* an empty valid region writes nothing.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from xdsl_pto.dialects.tile import reduction_ops as red
from xdsl_pto.interp.dtypes import compute_dtype, is_float
from xdsl_pto.interp.opinfo import OpMeta
from xdsl_pto.interp.semantics import semantics
from xdsl_pto.interp.valid_region import result_spec, source_region, undefined, valid_window


def _reduce(fn: Callable[..., np.ndarray], axis: int, accumulate: bool) -> Callable[..., np.ndarray]:
    """A value reduction along ``axis`` (1: per row, 0: per column) of the
    source's valid region into the result's valid region; ``accumulate``:
    floats in f32 (f16 / bf16) -- sums and products; else in the dtype."""

    def run(meta: OpMeta, x: np.ndarray, *tmp: np.ndarray) -> np.ndarray:
        res = result_spec(meta)
        out = undefined(res)
        region = source_region(meta, x)
        if region.size == 0:  # an empty valid region: nothing is written
            return out
        with np.errstate(all="ignore"):
            if accumulate and is_float(res.dtype):
                value = fn(region.astype(compute_dtype(res.dtype)), axis=axis, keepdims=True)
            elif accumulate:
                value = fn(region, axis=axis, keepdims=True, dtype=res.dtype)
            else:
                value = fn(region, axis=axis, keepdims=True)
        out[valid_window(res)] = value.astype(res.dtype)
        return out

    return run


def _sequential_prod(x: np.ndarray, axis: int, keepdims: bool, dtype: np.dtype | None = None) -> np.ndarray:
    """Products in index order along ``axis`` (``np.multiply.accumulate``'s
    last element: one rounding per step, in ``x``'s or ``dtype``'s type)."""
    acc = np.multiply.accumulate(x, axis=axis, dtype=dtype or x.dtype)
    return np.take(acc, [-1], axis=axis) if keepdims else np.take(acc, -1, axis=axis)


def _sequential_sum(x: np.ndarray, axis: int, keepdims: bool, dtype: np.dtype | None = None) -> np.ndarray:
    """Sums in index order along ``axis`` (``np.add.accumulate``'s last
    element), so no pairwise summation reorders the additions."""
    acc = np.add.accumulate(x, axis=axis, dtype=dtype or x.dtype)
    return np.take(acc, [-1], axis=axis) if keepdims else np.take(acc, -1, axis=axis)


semantics(red.RowProdOp)(_reduce(_sequential_prod, 1, True))
semantics(red.ColProdOp)(_reduce(_sequential_prod, 0, True))
semantics(red.ColSumOp)(_reduce(_sequential_sum, 0, True))
semantics(red.ColMaxOp)(_reduce(np.max, 0, False))
semantics(red.ColMinOp)(_reduce(np.min, 0, False))


def _arg(fn: Callable[..., np.ndarray], axis: int) -> Callable[..., np.ndarray]:
    """An arg-reduction along ``axis``: the first index of the extreme value
    of each row (1) or column (0) of the source's valid region."""

    def run(meta: OpMeta, x: np.ndarray, tmp: np.ndarray) -> np.ndarray:
        res = result_spec(meta)
        out = undefined(res)
        region = source_region(meta, x)
        if region.size == 0:
            return out
        index = fn(region, axis=axis, keepdims=True)
        out[valid_window(res)] = index.astype(res.dtype)
        return out

    return run


semantics(red.RowArgmaxOp)(_arg(np.argmax, 1))
semantics(red.RowArgminOp)(_arg(np.argmin, 1))
semantics(red.ColArgmaxOp)(_arg(np.argmax, 0))
semantics(red.ColArgminOp)(_arg(np.argmin, 0))
