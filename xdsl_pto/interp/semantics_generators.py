"""Semantics of the tile generators of issue 23 (reference/tile-op-semantics.md
section 4): ``ci``, ``tri`` and ``random``. Each writes its result's valid
region; elements outside it are not written (undefined: the poison pattern).

* ``ci``: ``r[0, k] = start + k`` (``start - k`` descending), wrapping in the
  element type (a signless start for an unsigned tile is read by its bits).
* ``tri``: ``r[i, j] = 1`` when ``j <= i + d`` (lower) / ``j >= i + d``
  (upper), else 0.
* ``random`` (*unconfirmed* layout, the most plausible reading of the
  sheet): Philox-4x32 with the Random123 round (multipliers ``0xD2511F53``
  on word 0 and ``0xCD9E8D57`` on word 2, key increments ``0x9E3779B9`` /
  ``0xBB67AE85`` between rounds) over the 128-bit counter ``(c0, c1, c2,
  c3)`` (``c0`` the low word) plus an offset: the tile is cut into chunks of
  256 columns (``ceil(C / 256)`` per row, C the static columns, counted
  across rows); column ``chunk * 256 + w * 64 + lane`` takes output word
  ``w`` of counter offset ``chunk_number * 64 + lane``. For a 256-column
  tile this is the sheet's "lane ``l`` runs on (row counter + l), the row
  counter advancing by RowStride / 4 per chunk"; for other widths the
  sheet's reading would reuse counters and this one does not.
"""

from __future__ import annotations

import numpy as np

from xdsl_pto.dialects.tile import generator_ops as gen
from xdsl_pto.interp.opinfo import OpMeta
from xdsl_pto.interp.semantics import semantics
from xdsl_pto.interp.valid_region import result_spec, undefined, valid_window

PHILOX_M0, PHILOX_M1 = 0xD2511F53, 0xCD9E8D57
PHILOX_W0, PHILOX_W1 = 0x9E3779B9, 0xBB67AE85
#: Columns per chunk and lanes (counters) per chunk of ``tile.random``.
CHUNK_COLUMNS, LANES = 256, 64
_U32 = np.uint64(0xFFFFFFFF)


def _bits(value: np.ndarray | int, dtype: np.dtype) -> np.ndarray:
    """Integers (int64, any sign) wrapped to ``dtype``'s width, as ``dtype``."""
    width = dtype.itemsize * 8
    wrapped = (np.asarray(value, dtype=np.int64) & ((1 << width) - 1)).astype(f"u{dtype.itemsize}")
    return wrapped.view(dtype)


@semantics(gen.CiOp)
def ci(meta: OpMeta, start: np.ndarray) -> np.ndarray:
    """``start + k`` (``start - k`` with ``descending``) along the row."""
    res = result_spec(meta)
    base = int(np.asarray(start).astype(np.int64))
    if res.dtype.kind == "u":  # a signless start's bits
        base &= (1 << (res.dtype.itemsize * 8)) - 1
    k = np.arange(res.shape[-1], dtype=np.int64)
    step = -1 if "descending" in meta.op.attributes else 1
    return _bits(base + step * k, res.dtype).reshape(res.shape)


@semantics(gen.TriOp)
def tri(meta: OpMeta, diagonal: np.ndarray) -> np.ndarray:
    """1 on and below (above, ``upper``) the diagonal ``j - i = d``, else 0,
    over the valid region."""
    res = result_spec(meta)
    out = undefined(res)
    vr, vc = res.valid
    i, j = np.ogrid[:vr, :vc]
    d = int(diagonal)
    mask = j >= i + d if "upper" in meta.op.attributes else j <= i + d
    out[valid_window(res)] = mask.astype(res.dtype)
    return out


def philox(counter: np.ndarray, key: tuple[int, int], rounds: int) -> np.ndarray:
    """Philox-4x32-``rounds`` of ``counter`` (``[..., 4]`` uint64 holding
    32-bit words, word 0 the lowest) under ``key``: ``[..., 4]`` words."""
    c = [counter[..., w].astype(np.uint64) for w in range(4)]
    k0, k1 = np.uint64(key[0] & 0xFFFFFFFF), np.uint64(key[1] & 0xFFFFFFFF)
    for r in range(rounds):
        if r:
            k0 = (k0 + np.uint64(PHILOX_W0)) & _U32
            k1 = (k1 + np.uint64(PHILOX_W1)) & _U32
        p0 = c[0] * np.uint64(PHILOX_M0)
        p1 = c[2] * np.uint64(PHILOX_M1)
        c = [(p1 >> np.uint64(32)) ^ c[1] ^ k0, p1 & _U32, (p0 >> np.uint64(32)) ^ c[3] ^ k1, p0 & _U32]
    return np.stack(c, axis=-1)


def philox_tile(shape: tuple[int, int], counter: tuple[int, int, int, int], key: tuple[int, int], rounds: int) -> np.ndarray:
    """The ``shape`` tile of 32-bit words ``tile.random`` writes (uint32),
    laid out as the module doc says."""
    rows, cols = shape
    chunks = -(-cols // CHUNK_COLUMNS)
    i, j = np.meshgrid(np.arange(rows), np.arange(cols), indexing="ij")
    chunk, within = j // CHUNK_COLUMNS, j % CHUNK_COLUMNS
    word, lane = within // LANES, within % LANES
    offset = (i * chunks + chunk) * LANES + lane
    base = sum((w & 0xFFFFFFFF) << (32 * n) for n, w in enumerate(counter))
    full = [(base + int(o)) % (1 << 128) for o in np.unique(offset)]
    words = np.array([[(v >> (32 * n)) & 0xFFFFFFFF for n in range(4)] for v in full], dtype=np.uint64)
    out = philox(words, key, rounds)
    index = np.searchsorted(np.unique(offset), offset)
    return out[index, word].astype(np.uint32)


@semantics(gen.RandomOp)
def random(meta: OpMeta, k0: np.ndarray, k1: np.ndarray, *counter: np.ndarray) -> np.ndarray:
    """Philox words over the valid region (see :func:`philox_tile`)."""
    res = result_spec(meta)
    out = undefined(res)
    words = philox_tile(
        res.shape,
        tuple(int(np.asarray(c).astype(np.int64)) for c in counter),  # type: ignore[arg-type]
        (int(np.asarray(k0).astype(np.int64)), int(np.asarray(k1).astype(np.int64))),
        meta.op.round_count,  # type: ignore[attr-defined]
    )
    window = valid_window(res)
    out[window] = words.view(res.dtype)[window]
    return out
