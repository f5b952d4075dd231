"""Semantics of single-element tile access and the SPMD block identity
(issue 23; reference/tile-op-semantics.md section 4).

* ``read`` returns the element at the indices (one per dimension, or one
  flat row-major index) as a 0-d array of the tile's dtype; ``write``
  returns the tile with that element replaced (a signless value for an
  unsigned tile is stored by its bits). An index outside the tile is an
  error of the run (the hardware does not check it; the verifier refuses
  constant ones).
* ``get_block_idx`` / ``get_block_num`` return the block the run chose
  (``xdsl-pto run --block-idx I --block-num N``; 0 of 1 by default): the
  executor passes them as the operands.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from xdsl_pto.dialects.tile import scalar_access_ops as acc
from xdsl_pto.interp.errors import DataRangeError
from xdsl_pto.interp.opinfo import OpMeta
from xdsl_pto.interp.semantics import semantics


def element_index(tile: np.ndarray, indices: tuple[int, ...], what: str) -> tuple[int, ...]:
    """The numpy index of the element ``indices`` address in ``tile``.

    Raises:
        DataRangeError: when it is outside the tile (``what`` names the op).
    """
    if len(indices) == 1 and tile.ndim > 1:
        if not 0 <= indices[0] < tile.size:
            raise DataRangeError(f"{what}: flat index {indices[0]} is outside the tile's {tile.size} elements")
        return tuple(int(i) for i in np.unravel_index(indices[0], tile.shape))
    if any(not 0 <= i < d for i, d in zip(indices, tile.shape)):
        raise DataRangeError(f"{what}: index {list(indices)} is outside the tile's shape {list(tile.shape)}")
    return tuple(indices)


@semantics(acc.ReadOp)
def read(meta: OpMeta, tile: np.ndarray, *indices: int) -> np.ndarray:
    """The element at ``indices``."""
    return np.array(tile[element_index(tile, indices, "tile.read")])


@semantics(acc.WriteOp)
def write(meta: OpMeta, tile: np.ndarray, *rest: Any) -> np.ndarray:
    """The tile with the element at ``rest[:-1]`` set to ``rest[-1]``."""
    *indices, value = rest
    out = tile.copy()
    at = element_index(tile, tuple(indices), "tile.write")
    out[at] = np.asarray(value).astype(out.dtype) if out.dtype.kind != "u" else np.asarray(value).view(out.dtype)
    return out


@semantics(acc.GetBlockIdxOp)
def get_block_idx(meta: OpMeta, block_idx: int, block_num: int) -> int:
    """The run's block index."""
    return block_idx


@semantics(acc.GetBlockNumOp)
def get_block_num(meta: OpMeta, block_idx: int, block_num: int) -> int:
    """The run's block count."""
    return block_num
