"""Element type conversion with a rounding mode (``tile.cast``'s ``mode``).

Modes (the dialect's ``ROUND_MODES``): ``none`` / absent, ``rint``,
``cast_rint`` (round half to even), ``round`` (half away from zero),
``floor``, ``ceil``, ``trunc`` (toward zero), ``odd`` (round to odd: the
truncated value, with the lowest bit set when it was inexact).

* float -> narrower float: the correctly rounded value in the mode
  (``none`` = half to even);
* float -> the same float type: rounded to an integral value in the mode
  (``none`` and ``odd`` keep the value), as the target's vector cast does;
* float -> integer: rounded to an integral value in the mode (``none`` =
  half to even), saturated to the integer range, NaN -> 0;
* integer -> float: as float -> float from the exact value (through f64);
* integer -> integer: saturated to the target range (the mode is ignored).
"""

from __future__ import annotations

import numpy as np

from xdsl_pto.interp.dtypes import is_float, uint_of

NEAREST_EVEN = (None, "none", "rint", "cast_rint")


def convert(x: np.ndarray, dst: np.dtype, mode: str | None = None) -> np.ndarray:
    """``x`` converted to ``dst`` with rounding ``mode`` (a new array).

    Shapes are kept. Raises nothing: out-of-range values saturate (integers)
    or become infinities (floats, nearest modes).
    """
    src = x.dtype
    with np.errstate(all="ignore"):
        if is_float(dst):
            if src == dst:
                if mode in (None, "none", "odd"):
                    return x.copy()
                return round_integral(x.astype(np.float64), mode).astype(dst)
            return _to_float(x, dst, mode)
        if is_float(src):
            return _saturate(round_integral(x.astype(np.float64), mode), dst)
        return _saturate_int(x, dst)


def round_integral(v: np.ndarray, mode: str | None) -> np.ndarray:
    """f64 values rounded to integral values in ``mode`` (NaN/inf kept)."""
    if mode in NEAREST_EVEN:
        return np.rint(v)
    if mode == "floor":
        return np.floor(v)
    if mode == "ceil":
        return np.ceil(v)
    t = np.trunc(v)
    if mode == "trunc":
        return t
    frac = np.where(np.isfinite(v), v - t, 0.0)  # exact in f64
    if mode == "round":
        return t + np.where(np.abs(frac) >= 0.5, np.sign(v), 0.0)
    if mode == "odd":
        even = np.fmod(t, 2.0) == 0
        return t + np.where((frac != 0) & even, np.sign(v), 0.0)
    raise ValueError(f"unknown rounding mode {mode!r}")


def _saturate(v: np.ndarray, dst: np.dtype) -> np.ndarray:
    """f64 integral values -> integer ``dst``, saturating, NaN -> 0."""
    info = np.iinfo(dst)
    hi = v >= float(info.max)  # float(2**63 - 1) rounds up to 2**63
    lo = v <= float(info.min)
    mid = np.where(hi | lo | np.isnan(v), 0.0, v).astype(dst)
    return np.where(hi, info.max, np.where(lo, info.min, mid)).astype(dst)


def _saturate_int(x: np.ndarray, dst: np.dtype) -> np.ndarray:
    info = np.iinfo(dst)
    if x.dtype == np.uint64:
        return np.minimum(x, np.uint64(info.max)).astype(dst)
    wide = x.astype(np.int64)
    lo = max(int(info.min), -(1 << 63))
    hi = min(int(info.max), (1 << 63) - 1)
    return np.clip(wide, lo, hi).astype(dst)


def _to_float(x: np.ndarray, dst: np.dtype, mode: str | None) -> np.ndarray:
    """``x`` (any numeric dtype) -> float ``dst`` rounded in ``mode``."""
    near = x.astype(dst)  # round half to even (or exact)
    if mode in NEAREST_EVEN:
        return near
    exact = x.astype(np.float64)
    got = near.astype(np.float64)
    high = got > exact  # NaN compares False: NaNs are kept
    low = got < exact
    down, up = step_down(near), step_up(near)
    if mode == "floor":
        return np.where(high, down, near)
    if mode == "ceil":
        return np.where(low, up, near)
    toward_zero = np.where(high & (exact > 0), down, np.where(low & (exact < 0), up, near))
    if mode == "trunc":
        return toward_zero
    if mode == "round":
        other = np.where(high, down, np.where(low, up, near))
        tie = (high | low) & (np.abs(got - exact) == np.abs(other.astype(np.float64) - exact))
        away = np.abs(other.astype(np.float64)) > np.abs(got)
        return np.where(tie & away, other, near)
    if mode == "odd":
        inexact = (high | low)
        bits = toward_zero.view(uint_of(dst))
        odd = np.where(inexact & np.isfinite(exact), bits | 1, bits).astype(bits.dtype)
        return odd.view(dst)
    raise ValueError(f"unknown rounding mode {mode!r}")


def step_up(x: np.ndarray) -> np.ndarray:
    """The next representable value of float array ``x`` toward +inf
    (through its bits, so it works for bf16 too; +inf and NaN stay)."""
    u = uint_of(x.dtype)
    bits = x.view(u)
    zero_up = np.full_like(bits, 1)  # +-0 -> the smallest subnormal
    stepped = np.where(x > 0, bits + u.type(1), np.where(x < 0, bits - u.type(1), zero_up))
    keep = np.isnan(x.astype(np.float64)) | (x.astype(np.float64) == np.inf)
    return np.where(keep, bits, stepped).astype(u).view(x.dtype)


def step_down(x: np.ndarray) -> np.ndarray:
    """The next representable value of float array ``x`` toward -inf."""
    u = uint_of(x.dtype)
    bits = x.view(u)
    sign = u.type(1 << (u.itemsize * 8 - 1))
    zero_down = np.full_like(bits, sign | u.type(1))  # +-0 -> -smallest subnormal
    stepped = np.where(x > 0, bits - u.type(1), np.where(x < 0, bits + u.type(1), zero_down))
    keep = np.isnan(x.astype(np.float64)) | (x.astype(np.float64) == -np.inf)
    return np.where(keep, bits, stepped).astype(u).view(x.dtype)
