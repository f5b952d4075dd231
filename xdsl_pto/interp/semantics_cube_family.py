"""Semantics of issue 23's cube family (reference/tile-op-semantics.md
section 8), with the cube's accumulation order of :mod:`.fractal`.

* ``batch_matmul`` / ``batch_matmul_acc``: one :func:`fractal_matmul` per
  batch index of the broadcast batch shape (numpy's broadcasting of the
  leading dimensions).
* the gemv family: row 0 of the ``[16, N]`` result is the product of the
  one-row lhs; rows 1..15 are undefined (the poison pattern), so a store of
  the whole tile carries them equally in both run modes. ``gemv_acc`` keeps
  the accumulator's other rows.
* the MX family: ``acc[m, n] = sum_k (lhs[m, k] * ls[m, k // 32]) *
  (rhs[k, n] * rs[k // 32, n])``; an e8m0 scale is the power of two it
  stores (OCP MX; the sheet marks the role *unconfirmed*). The scaled
  operands are exact in float64 and go through :func:`fractal_matmul`.
* the batch and MX products write their result's valid region (as
  ``tile.matmul`` does, :func:`~.valid_region.within_valid`), the rest
  undefined;
* ``tget_scale_addr``: no data; the result is ``dst_scale`` as it is (its
  buffer, reuses(0)). Unconfirmed choice: ptoas moves the binding ahead of
  the scale's fill, so the values a kernel moved in are the values used.
"""

from __future__ import annotations

import numpy as np

from xdsl_pto.dialects.tile import cube_family_ops as cf
from xdsl_pto.interp.dtypes import poison
from xdsl_pto.interp.fractal import fractal_matmul
from xdsl_pto.interp.opinfo import OpMeta
from xdsl_pto.interp.semantics import semantics
from xdsl_pto.interp.valid_region import within_valid


def _batched(start: np.ndarray | None, lhs: np.ndarray, rhs: np.ndarray, shape: tuple[int, ...], dtype: np.dtype) -> np.ndarray:
    batch = shape[:-2]
    lhs_b = np.broadcast_to(lhs, (*batch, *lhs.shape[-2:]))
    rhs_b = np.broadcast_to(rhs, (*batch, *rhs.shape[-2:]))
    out = np.empty(shape, dtype)
    for idx in np.ndindex(*batch):
        init = np.zeros((), dtype) if start is None else start[idx]
        out[idx] = fractal_matmul(init, lhs_b[idx], rhs_b[idx], dtype)
    return out


@semantics(cf.BatchMatmulOp)
@within_valid
def batch_matmul(meta: OpMeta, lhs: np.ndarray, rhs: np.ndarray) -> np.ndarray:
    """``out[b] = lhs[b] @ rhs[b]`` over the broadcast batch shape."""
    assert meta.result is not None
    return _batched(None, lhs, rhs, meta.result.shape, meta.result.dtype)


@semantics(cf.BatchMatmulAccOp)
@within_valid
def batch_matmul_acc(meta: OpMeta, acc: np.ndarray, lhs: np.ndarray, rhs: np.ndarray) -> np.ndarray:
    """``out[b] = acc[b] + lhs[b] @ rhs[b]``."""
    assert meta.result is not None
    return _batched(acc, lhs, rhs, meta.result.shape, meta.result.dtype)


def _gemv(start: np.ndarray, base: np.ndarray | None, lhs: np.ndarray, rhs: np.ndarray, meta: OpMeta) -> np.ndarray:
    res = meta.result
    assert res is not None
    out = poison(res.shape, res.dtype) if base is None else np.array(base)
    spec = meta.operands[len(meta.operands) - 2 if isinstance(meta.op, cf.GemvBiasOp) else -1]
    k = spec.valid[0] if spec is not None and spec.valid else rhs.shape[0]  # rhs's valid K
    out[0:1, :] = fractal_matmul(start, lhs[:, :k], rhs[:k, :], res.dtype)
    return out


@semantics(cf.GemvOp)
def gemv(meta: OpMeta, lhs: np.ndarray, rhs: np.ndarray) -> np.ndarray:
    """Row 0 is ``lhs @ rhs``; the other 15 rows undefined."""
    return _gemv(np.zeros((), meta.result.dtype), None, lhs, rhs, meta)  # type: ignore[union-attr]


@semantics(cf.GemvAccOp)
def gemv_acc(meta: OpMeta, acc: np.ndarray, lhs: np.ndarray, rhs: np.ndarray) -> np.ndarray:
    """Row 0 is ``acc[0] + lhs @ rhs``; the other rows kept."""
    return _gemv(acc[0:1, :], acc, lhs, rhs, meta)


@semantics(cf.GemvBiasOp)
def gemv_bias(meta: OpMeta, lhs: np.ndarray, rhs: np.ndarray, bias: np.ndarray) -> np.ndarray:
    """Row 0 is ``bias + lhs @ rhs``; the other 15 rows undefined."""
    return _gemv(bias[0:1, :], None, lhs, rhs, meta)


def _scaled(lhs: np.ndarray, ls: np.ndarray, rhs: np.ndarray, rs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    k = lhs.shape[1]
    g = cf.MX_GROUP
    a = lhs.astype(np.float64) * np.repeat(ls.astype(np.float64), g, axis=1)[:, :k]
    b = rhs.astype(np.float64) * np.repeat(rs.astype(np.float64), g, axis=0)[:k, :]
    return a, b


@semantics(cf.MatmulMxOp)
@within_valid
def matmul_mx(meta: OpMeta, lhs: np.ndarray, ls: np.ndarray, rhs: np.ndarray, rs: np.ndarray) -> np.ndarray:
    """The block-scaled product into a fresh f32 accumulator."""
    a, b = _scaled(lhs, ls, rhs, rs)
    return fractal_matmul(np.zeros((), np.float32), a, b, meta.result.dtype)  # type: ignore[union-attr]


@semantics(cf.MatmulMxAccOp)
@within_valid
def matmul_mx_acc(meta: OpMeta, acc: np.ndarray, lhs: np.ndarray, ls: np.ndarray, rhs: np.ndarray, rs: np.ndarray) -> np.ndarray:
    """``acc +`` the block-scaled product."""
    a, b = _scaled(lhs, ls, rhs, rs)
    return fractal_matmul(acc, a, b, meta.result.dtype)  # type: ignore[union-attr]


@semantics(cf.MatmulMxBiasOp)
@within_valid
def matmul_mx_bias(meta: OpMeta, lhs: np.ndarray, ls: np.ndarray, rhs: np.ndarray, rs: np.ndarray, bias: np.ndarray) -> np.ndarray:
    """``bias +`` the block-scaled product."""
    a, b = _scaled(lhs, ls, rhs, rs)
    return fractal_matmul(bias, a, b, meta.result.dtype)  # type: ignore[union-attr]


@semantics(cf.TGetScaleAddrOp)
def tget_scale_addr(meta: OpMeta, dst_scale: np.ndarray, src: np.ndarray) -> np.ndarray:
    """``dst_scale`` unchanged (an address binding, no data)."""
    del meta, src
    return np.array(dst_scale)
