"""The cube's matmul arithmetic: K consumed in 16-element fractal steps.

The summation order of a float matmul is fixed by the math, not by the
shape of the tiles it is computed in, so that a matmul split along K (at
multiples of 16) into a chain of ``matmul_acc`` -- or split along M or N --
gives bit-identical results (the differential run of ``xdsl-pto run``
compares an untiled kernel with its tiled form bit for bit):

* the accumulator starts at a given value (zero, the old accumulator, or
  the bias row broadcast down the rows);
* K is consumed in consecutive chunks of :data:`FRACTAL_K` columns of the
  left operand / rows of the right one (the cube's K fractal, to which
  auto-tile-matmul-l0 aligns every K block: pypto-docs/15-auto_tile_matmul_l0.md,
  "Non-divisor K"; the last chunk may be shorter);
* for each chunk, the partial sum of its products is formed in float64 in
  sequential order over the chunk (``p0 + p1``, then ``+ p2``, ...), with
  no BLAS call (BLAS orders differ by shape);
* the chunk is added to the accumulator in float64 and the sum rounded to
  the accumulator's element type: ``acc = T(f64(acc) + partial)``.

Integer matmuls are exact in int64, so their order does not matter.
"""

from __future__ import annotations

import numpy as np

from xdsl_pto.interp.dtypes import is_float

#: Columns of K the cube consumes per step (its K fractal), in elements.
FRACTAL_K = 16


def chunk_partial(lhs64: np.ndarray, rhs64: np.ndarray, start: int, stop: int) -> np.ndarray:
    """The float64 sum of the products of K columns ``start <= k < stop``:
    ``lhs64[:, k] (outer) rhs64[k, :]`` added one ``k`` after another.

    Args:
        lhs64: ``[M, K]`` float64.
        rhs64: ``[K, N]`` float64.
        start, stop: the chunk's K range (elements), ``start < stop``.

    Returns:
        ``[M, N]`` float64.
    """
    partial = lhs64[:, start, None] * rhs64[None, start, :]
    for k in range(start + 1, stop):
        partial += lhs64[:, k, None] * rhs64[None, k, :]
    return partial


def fractal_matmul(start: np.ndarray, lhs: np.ndarray, rhs: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """``start + lhs @ rhs`` the way the cube accumulates (see the module doc).

    Args:
        start: the accumulator's initial value, ``[M, N]`` or broadcastable to
            it (a ``[1, N]`` bias row).
        lhs: ``[M, K]`` tile (float or integer).
        rhs: ``[K, N]`` tile of the same element type.
        dtype: the accumulator's element type (the result's).

    Returns:
        ``[M, N]`` array of ``dtype``. Float inputs: each K chunk of
        :data:`FRACTAL_K` is summed in float64 and the accumulator rounded to
        ``dtype`` after each chunk (to float32 when ``dtype`` is not a float,
        converting once at the end). Integer inputs: the exact int64 product
        plus ``start`` (as int64), wrapped to ``dtype``.
    """
    rows, depth = lhs.shape
    cols = rhs.shape[1]
    with np.errstate(all="ignore"):
        if not is_float(lhs.dtype):
            total = np.matmul(lhs.astype(np.int64), rhs.astype(np.int64))
            return (total + np.asarray(start).astype(np.int64)).astype(dtype)
        step_dtype = dtype if is_float(dtype) else np.dtype(np.float32)
        acc = np.array(np.broadcast_to(np.asarray(start).astype(step_dtype), (rows, cols)))
        lhs64, rhs64 = lhs.astype(np.float64), rhs.astype(np.float64)
        for k0 in range(0, depth, FRACTAL_K):
            partial = chunk_partial(lhs64, rhs64, k0, min(k0 + FRACTAL_K, depth))
            acc = (acc.astype(np.float64) + partial).astype(step_dtype)
        return acc.astype(dtype)
