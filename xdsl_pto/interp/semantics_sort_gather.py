"""The meaning of issue 23's sort / gather / scatter ops as numpy functions,
registered with :func:`~xdsl_pto.interp.semantics.semantics` like every
other op's (reference/tile-op-semantics.md sections 6-7, whose formulas
follow the pto-isa CPU simulator).

These ops honour valid shapes, as the hardware does (it loops over the
valid region): what an op does not write of a fresh result is undefined --
the poison pattern, the same in both run modes -- and an in-place op
(``scatter``, ``scatter_mask``, ``scatter_update``, ``gather_row``) keeps
the rest of its destination.

Choices where the sheet leaves a reading open (the README lists them):

* sorting: a record is 8 bytes -- the value, then the 32-bit index in the
  last 4 bytes (an f16 record has 2 zero bytes between); blocks and merges
  order records by value, descending; equal values keep their order (the
  lower position, the earlier list first); NaN orders after every number;
* ``mrgsort_format1`` / ``_format2`` merge: repeatedly take the head with
  the largest value (ties: the earlier run), so unsorted runs are merged as
  the hardware would, not sorted; ``exhausted`` stops once a list has given
  its last record;
* ``gather``: an index outside the source reads 0 (the simulator's value);
  ``gatherb``: bytes past the source read 0;
* ``scatter``, ``scatter_update``, ``mscatter``: an index outside the
  destination is an error of the run; elements are written in row-major
  order, so the last writer wins;
* ``scatter_mask`` (ptoas v0.48's shapes, the source the wide tile):
  ``dst[i, k] = src[i, phase + k*stride]``;
* ``gather_compare``: the matching columns (plus ``offset``) in increasing
  order; NaN compares false;
* ``mgather`` with ``gather_oob = undefined`` (the default): an index
  outside the tensor is an error of the run; ``clamp`` / ``wrap`` / ``zero``
  clamp the index, wrap it, or read 0.
"""

from __future__ import annotations

import heapq
from typing import Any

import numpy as np

from xdsl_pto.dialects.tile import gather_ops as g
from xdsl_pto.dialects.tile import scatter_ops as sc
from xdsl_pto.dialects.tile import sort_ops as so
from xdsl_pto.dialects.tile.sort_gather_base import MASK_PATTERNS
from xdsl_pto.interp.errors import DataRangeError, InterpError
from xdsl_pto.interp.opinfo import OpMeta, tile_spec
from xdsl_pto.interp.semantics import gm_window, semantics
from xdsl_pto.interp.valid_region import result_spec, undefined

RECORD = so.RECORD_BYTES


def _ints(x: np.ndarray) -> np.ndarray:
    """Index elements as int64 (unsigned ones by value)."""
    return np.asarray(x).astype(np.int64)


def _valid(meta: OpMeta, i: int) -> tuple[int, int]:
    spec = meta.operands[i]
    assert spec is not None
    return spec.valid[0], spec.valid[1]


# ----- records -----------------------------------------------------------------


def to_records(values: np.ndarray, ids: np.ndarray) -> np.ndarray:
    """``(n, 8)`` bytes: each value at the start, its index (as u32) in the
    last 4 bytes, zeros between."""
    n, width = values.size, values.dtype.itemsize
    rec = np.zeros((n, RECORD), np.uint8)
    rec[:, :width] = np.ascontiguousarray(values).view(np.uint8).reshape(n, width)
    rec[:, 4:] = _ints(ids).astype(np.uint32).view(np.uint8).reshape(n, 4)
    return rec


def row_records(row: np.ndarray, count: int) -> np.ndarray:
    """The first ``count`` records of a tile row, as ``(count, 8)`` bytes."""
    return np.ascontiguousarray(row).view(np.uint8)[: count * RECORD].reshape(count, RECORD).copy()


def record_values(rec: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """The values of ``(n, 8)`` records of ``dtype`` values, as float64."""
    width = dtype.itemsize
    return np.ascontiguousarray(rec[:, :width]).view(dtype).reshape(-1).astype(np.float64)


def _order_key(value: float) -> float:
    """The merge's key: larger first, NaN after every number."""
    return np.inf if np.isnan(value) else -value


def merge(runs: list[np.ndarray], dtype: np.dtype, stop_when_exhausted: bool = False) -> np.ndarray:
    """Merge record runs (each ``(n, 8)``): take the head of largest value,
    the earlier run on ties; with ``stop_when_exhausted``, stop once any run
    has given its last record."""
    values = [record_values(r, dtype) for r in runs]
    heap = [(_order_key(v[0]), k, 0) for k, v in enumerate(values) if len(v)]
    heapq.heapify(heap)
    out: list[np.ndarray] = []
    while heap:
        _, k, pos = heapq.heappop(heap)
        out.append(runs[k][pos])
        if pos + 1 < len(values[k]):
            heapq.heappush(heap, (_order_key(values[k][pos + 1]), k, pos + 1))
        elif stop_when_exhausted:
            break
    return np.array(out, np.uint8).reshape(-1, RECORD)


def _put_records(out: np.ndarray, row: int, start_record: int, rec: np.ndarray) -> None:
    """Write records into row ``row`` of ``out`` from record ``start_record``."""
    view = out[row].view(np.uint8)
    view[start_record * RECORD : start_record * RECORD + rec.size] = rec.reshape(-1)


@semantics(so.Sort32Op)
def sort32(meta: OpMeta, src: np.ndarray, idx: np.ndarray) -> np.ndarray:
    """Each 32-element block of each valid row sorted into records."""
    out = undefined(result_spec(meta))
    vr, vc = _valid(meta, 0)
    for r in range(vr):
        for b in range(vc // 32):
            vals, ids = src[r, 32 * b : 32 * b + 32], idx[r, 32 * b : 32 * b + 32]
            keys = np.array([_order_key(float(v)) for v in vals])
            order = np.argsort(keys, kind="stable")
            _put_records(out, r, 32 * b, to_records(vals[order], ids[order]))
    return out


@semantics(so.MrgSortFormat1Op)
def mrgsort_format1(meta: OpMeta, src: np.ndarray, block_len: Any) -> np.ndarray:
    """Each repeat of 4 runs of ``block_len`` columns merged into one run."""
    bl = int(block_len)
    res = result_spec(meta)
    out = undefined(res)
    _, vc = _valid(meta, 0)
    if bl <= 0 or bl % 64 or vc % (4 * bl):
        raise InterpError(f"block_len {bl} does not split {vc} valid columns into repeats of 4 runs")
    per = RECORD // res.dtype.itemsize  # elements per record
    run = bl // per
    recs = row_records(src[0], vc // per)
    for rep in range(vc // (4 * bl)):
        base = rep * 4 * run
        runs = [recs[base + k * run : base + (k + 1) * run] for k in range(4)]
        _put_records(out, 0, base, merge(runs, res.dtype))
    return out


@semantics(so.MrgSortFormat2Op)
def mrgsort_format2(meta: OpMeta, *operands: np.ndarray) -> np.ndarray:
    """The lists (every operand but the last, tmp) merged into the result."""
    res = result_spec(meta)
    out = undefined(res)
    per = RECORD // res.dtype.itemsize
    runs = [row_records(x[0], _valid(meta, k)[1] // per) for k, x in enumerate(operands[:-1])]
    stop = meta.op.attributes.get("exhausted") is not None
    _put_records(out, 0, 0, merge(runs, res.dtype, stop))
    return out


# ----- gathers -------------------------------------------------------------------


@semantics(g.GatherOp)
def gather(meta: OpMeta, src: np.ndarray, idx: np.ndarray, tmp: np.ndarray) -> np.ndarray:
    """``dst[i, j] = src.flat[idx[i, j]]`` over idx's valid region (0 outside src)."""
    out = undefined(result_spec(meta))
    vr, vc = _valid(meta, 1)
    flat = src.reshape(-1)
    k = _ints(idx[:vr, :vc])
    inside = (k >= 0) & (k < flat.size)
    out[:vr, :vc] = np.where(inside, flat[np.clip(k, 0, flat.size - 1)], np.zeros((), src.dtype))
    return out


@semantics(g.GatherbOp)
def gatherb(meta: OpMeta, src: np.ndarray, off: np.ndarray) -> np.ndarray:
    """Result row ``i``, block ``j``: the 32 bytes of src at byte ``off[i, j]``."""
    out = undefined(result_spec(meta))
    vr, vc = _valid(meta, 1)
    data = np.concatenate([np.ascontiguousarray(src).view(np.uint8).reshape(-1), np.zeros(g.BLOCK_BYTES, np.uint8)])
    last = data.size - g.BLOCK_BYTES
    for i in range(vr):
        row = out[i].view(np.uint8)
        for j in range(vc):
            o = int(_ints(off[i, j]))
            block = data[o : o + g.BLOCK_BYTES] if 0 <= o <= last else np.zeros(g.BLOCK_BYTES, np.uint8)
            row[j * g.BLOCK_BYTES : (j + 1) * g.BLOCK_BYTES] = block
    return out


@semantics(g.GatherMaskOp)
def gather_mask(meta: OpMeta, src: np.ndarray) -> np.ndarray:
    """The pattern's columns of each valid row, compacted (bits kept)."""
    res = result_spec(meta)
    out = undefined(res)
    pattern = MASK_PATTERNS[meta.op.attributes["mask_pattern"].data]  # type: ignore[attr-defined]
    vr, _ = _valid(meta, 0)
    cols = pattern.columns(src.shape[1])
    out[:vr] = np.ascontiguousarray(src[:vr, cols]).view(res.dtype)
    return out


@semantics(g.GatherCompareOp)
def gather_compare(meta: OpMeta, src: np.ndarray, k: Any, tmp: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per valid row, the columns where ``cmp(src, k)`` holds (plus offset),
    compacted, and their count."""
    dst = undefined(result_spec(meta))
    count_spec = tile_spec(meta.op.results[1])
    assert count_spec is not None
    cnt = undefined(count_spec)
    vr, vc = _valid(meta, 0)
    mode = meta.op.attributes["cmp_mode"].data  # type: ignore[attr-defined]
    offset_attr = meta.op.attributes.get("offset")
    offset = offset_attr.value.data if offset_attr is not None else 0  # type: ignore[attr-defined]
    kv = np.asarray(k).astype(np.float64)
    for i in range(vr):
        row = src[i, :vc].astype(np.float64)
        hit = np.nonzero(row == kv if mode == "eq" else row > kv)[0]
        dst[i, : hit.size] = (hit + offset).astype(np.int64).astype(dst.dtype)
        cnt[0, i] = hit.size
    return dst, cnt


def _oob(k: np.ndarray, n: int, policy: str, what: str) -> tuple[np.ndarray, np.ndarray]:
    """Indices ``k`` into ``n`` items under ``policy``: the indices to read
    and a mask of those that read 0."""
    inside = (k >= 0) & (k < n)
    if policy == "clamp":
        return np.clip(k, 0, n - 1), np.zeros(k.shape, bool)
    if policy == "wrap":
        return np.mod(k, n), np.zeros(k.shape, bool)
    if policy == "zero":
        return np.clip(k, 0, n - 1), ~inside
    if not inside.all():
        bad = int(k[~inside].reshape(-1)[0])
        raise DataRangeError(f"{what}: index {bad} is outside the tensor's {n} {'rows' if what.endswith('row') else 'elements'}")
    return k, np.zeros(k.shape, bool)


@semantics(g.MgatherOp)
def mgather(meta: OpMeta, gm: np.ndarray, idx: np.ndarray) -> np.ndarray:
    """Rows (``coalesce = row``) or elements of a GM tensor by index."""
    res = result_spec(meta)
    mode = meta.op.attributes["coalesce"].data  # type: ignore[attr-defined]
    oob = meta.op.attributes.get("gather_oob")
    policy = oob.data if oob is not None else "undefined"  # type: ignore[attr-defined]
    if mode == "row":
        k, zero = _oob(_ints(idx).reshape(-1), gm.shape[0], policy, "tile.mgather row")
        out = np.array(gm[k], dtype=res.dtype).reshape(res.shape)
        out[zero] = 0
        return out
    flat = gm.reshape(-1)
    k, zero = _oob(_ints(idx), flat.size, policy, "tile.mgather element")
    out = np.array(flat[k], dtype=res.dtype).reshape(res.shape)
    out[zero] = 0
    return out


@semantics(g.GatherRowOp)
def gather_row(meta: OpMeta, dst: np.ndarray, gm: np.ndarray, dr: int, dc: int, sr: int, sc: int) -> np.ndarray:
    """``dst`` with the window at ``(dr, dc)`` loaded from ``gm`` at ``(sr, sc)``."""
    h, w = meta.op.window()  # type: ignore[attr-defined]
    out = dst.copy()
    window = gm_window(gm, [sr, sc], (h, w), "tile.gather_row")
    out[dr : dr + h, dc : dc + w] = gm[window]
    return out


# ----- scatters ------------------------------------------------------------------


def _scatter_into(flat: np.ndarray, keys: np.ndarray, values: np.ndarray, what: str) -> None:
    """``flat[keys] = values`` in order (the last writer wins).

    Raises:
        InterpError: for a key outside ``flat``.
    """
    keys, values = keys.reshape(-1), values.reshape(-1)
    bad = (keys < 0) | (keys >= flat.size)
    if bad.any():
        raise DataRangeError(f"{what}: index {int(keys[bad][0])} is outside the destination's {flat.size} elements")
    _, last = np.unique(keys[::-1], return_index=True)
    pick = keys.size - 1 - last
    flat[keys[pick]] = values[pick]


@semantics(sc.ScatterOp)
def scatter(meta: OpMeta, dst: np.ndarray, src: np.ndarray, idx: np.ndarray) -> np.ndarray:
    """``dst.flat[idx[i, j]] = src[i, j]`` over idx's valid region."""
    out = dst.copy()
    vr, vc = _valid(meta, 2)
    _scatter_into(out.reshape(-1), _ints(idx[:vr, :vc]), src[:vr, :vc], "tile.scatter")
    return out


@semantics(sc.ScatterMaskOp)
def scatter_mask(meta: OpMeta, dst: np.ndarray, src: np.ndarray) -> np.ndarray:
    """``dst[i, k] = src[i, phase + k*stride]`` over dst's valid region."""
    out = dst.copy()
    pattern = MASK_PATTERNS[meta.op.attributes["mask_pattern"].data]  # type: ignore[attr-defined]
    vr, vc = _valid(meta, 0)
    cols = pattern.columns(vc * pattern.stride)
    out[:vr, :vc] = src[:vr, cols]
    return out


@semantics(sc.ScatterUpdateOp)
def scatter_update(meta: OpMeta, inp: np.ndarray, index: np.ndarray, src: np.ndarray) -> np.ndarray:
    """``input[index.flat[k], :] = src[k, :]`` in order."""
    out = inp.copy()
    for k, r in enumerate(_ints(index).reshape(-1)):
        if not 0 <= r < out.shape[0]:
            raise DataRangeError(f"tile.scatter_update: row index {int(r)} is outside the input's {out.shape[0]} rows")
        out[r, :] = src[k, :]
    return out


@semantics(sc.MscatterOp)
def mscatter(meta: OpMeta, src: np.ndarray, idx: np.ndarray, gm: np.ndarray) -> None:
    """``gm.flat[idx[i, j]] = src[i, j]`` over src's valid region (in place)."""
    vr, vc = _valid(meta, 0)
    flat = gm.reshape(-1)
    if isinstance(gm, np.ndarray) and not np.shares_memory(flat, gm):  # pragma: no cover - GM arrays are contiguous
        raise InterpError("tile.mscatter: the GM tensor is not contiguous")
    _scatter_into(flat, _ints(idx[:vr, :vc]), src[:vr, :vc].astype(gm.dtype), "tile.mscatter")
