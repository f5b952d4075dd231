"""Element comparison shared by the read checks and the differential check."""

from __future__ import annotations

import numpy as np

from xdsl_pto.interp.dtypes import is_float, uint_of


def differing(expected: np.ndarray, got: np.ndarray, rtol: float = 0.0) -> np.ndarray:
    """Boolean array: True where ``got`` differs from ``expected``.

    Integers (and booleans) compare bitwise. Floats compare bitwise with
    every NaN equal to every NaN; with ``rtol > 0`` floats within
    ``rtol * |expected|`` are equal too.
    """
    if expected.shape != got.shape or expected.dtype != got.dtype:
        raise ValueError(
            f"cannot compare {expected.dtype}{list(expected.shape)} with {got.dtype}{list(got.shape)}"
        )
    if expected.dtype == np.bool_:
        return expected != got
    u = uint_of(expected.dtype)
    diff = expected.view(u) != got.view(u)
    if is_float(expected.dtype):
        with np.errstate(all="ignore"):
            e64, g64 = expected.astype(np.float64), got.astype(np.float64)
            diff &= ~(np.isnan(e64) & np.isnan(g64))
            if rtol > 0:
                diff &= ~(np.abs(e64 - g64) <= rtol * np.abs(e64))
    return diff


def first_difference(expected: np.ndarray, got: np.ndarray, rtol: float = 0.0) -> tuple[int, ...] | None:
    """The first (row-major) index where the arrays differ, or None."""
    diff = differing(expected, got, rtol)
    if not diff.any():
        return None
    flat = int(np.argmax(diff.ravel()))
    return tuple(int(i) for i in np.unravel_index(flat, diff.shape))
