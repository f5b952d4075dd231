"""Tile type -> PTO ``!pto.tile_buf`` type (pypto-docs/00-pto_codegen.md,
"Tile Buffer Attributes"; reference/ptoas-form.md "Types")."""

from __future__ import annotations

from xdsl_pto.dialects.pto.types import TileBufType
from xdsl_pto.dialects.tile.types import TileType


def tile_buf_type(t: TileType) -> TileBufType:
    """The ``!pto.tile_buf`` declaring a tile of type ``t``.

    ``loc`` is the memory space; ``rows``/``cols`` the static shape (a 1-D
    tile ``[n]`` is ``1 x n``); ``v_row``/``v_col`` the valid shape, printed
    statically; the layout fields come from the tile type (whose defaults are
    :func:`xdsl_pto.dialects.tile.types.default_layout`).
    """
    shape = t.get_shape()
    valid = t.get_valid_shape()
    if len(shape) == 1:
        shape, valid = (1, shape[0]), (1, valid[0])
    return TileBufType(
        t.memory_space.value,
        t.element_type,
        shape[0],
        shape[1],
        valid[0],
        valid[1],
        blayout=t.blayout.data,
        slayout=t.slayout.data,
        fractal=t.fractal.data,
        pad=t.pad.data,
    )
