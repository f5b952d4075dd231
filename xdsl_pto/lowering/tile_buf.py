"""Tile type -> PTO ``!pto.tile_buf`` type (pypto-docs/00-pto_codegen.md,
"Tile Buffer Attributes"; reference/ptoas-form.md "Types")."""

from __future__ import annotations

import functools

from xdsl.ir import Attribute

from xdsl_pto.dialects.pto.types import F4E2M1x2Type, F8E8M0Type, TileBufType
from xdsl_pto.dialects.tile.types import MemorySpace, TileType, is_4bit

#: Memory spaces ptoas names otherwise: both MX scale buffers are its
#: ``loc=scaling`` (pypto-docs/operators.md, "MX / Ascend950: PTOAS
#: constraints").
PTO_LOC = {MemorySpace.LEFT_SCALE: "scaling", MemorySpace.RIGHT_SCALE: "scaling"}


def pto_element(elem: Attribute) -> Attribute:
    """The element type ptoas reads for a Tile element type: ``f8E8M0FNU``
    is ``!pto.f8E8M0``, ``f4E2M1FN`` the packed pair ``!pto.f4E2M1x2``; the
    others are the same builtin type."""
    name = str(elem)
    if name == "f8E8M0FNU":
        return F8E8M0Type()
    if name == "f4E2M1FN":
        return F4E2M1x2Type()
    return elem


def tile_valid(t: TileType) -> tuple[int, int]:
    """The static valid shape of ``t`` as ``(rows, cols)`` (a 1-D tile
    ``[n]`` with valid ``[v]`` is ``(1, v)``)."""
    valid = t.get_valid_shape()
    if len(valid) == 1:
        return (1, valid[0])
    return (valid[0], valid[1])


def runtime_valid(t: TileType) -> tuple[int, int] | None:
    """The valid shape ``t``'s handle receives as runtime operands, or None
    when its type states it.

    A valid shape with a 0 (the reference's idle second vector sub-core,
    ``pl.TileView(valid_shape=[0, 0])``) is printed ``v_row=?, v_col=?``
    with the extents given as operands (``pto.alloc_tile ... valid_row = %c0
    valid_col = %c0``, ``pto.tpop_from_aic(%c0, %c0)``, ``pto.subview ...
    valid [%c0, %c0]``): ptoas parses a static ``v_row=0``, but the pto-isa
    C++ it generates for it does not compile (no valid-row accessor for a
    static 0), and the reference compiler (pypto) emits the dynamic form.
    """
    valid = tile_valid(t)
    return valid if 0 in valid and not t.has_dynamic_valid else None


def tile_buf_type(t: TileType, dynamic: bool = False) -> TileBufType:
    """The ``!pto.tile_buf`` declaring a tile of type ``t``.

    ``loc`` is the memory space; ``rows``/``cols`` the static shape (a 1-D
    tile ``[n]`` is ``1 x n``); ``v_row``/``v_col`` the valid shape, printed
    statically, except ``v_row=?, v_col=?`` for a valid shape with a 0 (see
    :func:`runtime_valid`), and for a type with a runtime (``?``) extent or
    when ``dynamic`` (a ``tile.set_validshape`` source's handle); the layout
    fields come from the tile type (whose defaults are
    :func:`xdsl_pto.dialects.tile.types.default_layout`).
    """
    shape = t.get_shape()
    if len(shape) == 1:
        shape = (1, shape[0])
    valid: tuple[int | None, int | None] = (
        (None, None) if dynamic or t.has_dynamic_valid or runtime_valid(t) is not None else tile_valid(t)
    )
    elem = pto_element(t.element_type)
    if is_4bit(t.element_type):
        # two fp4 values per !pto.f4E2M1x2 element: the columns halve
        shape = (shape[0], shape[1] // 2)
        if valid[1] is not None:
            valid = (valid[0], -(-valid[1] // 2))
    return _tile_buf(
        PTO_LOC.get(t.memory_space, t.memory_space.value),
        elem,
        shape[0],
        shape[1],
        valid,
        (t.blayout.data, t.slayout.data, t.fractal.data, t.pad.data),
    )


@functools.lru_cache(maxsize=4096)
def _tile_buf(
    loc: str,
    elem: Attribute,
    rows: int,
    cols: int,
    valid: tuple[int | None, int | None],
    layout: tuple[str, str, int, int],
) -> TileBufType:
    """One ``TileBufType`` per distinct tile_buf (an attribute is immutable:
    the lowering asks for the same few thousand types many times)."""
    blayout, slayout, fractal, pad = layout
    return TileBufType(loc, elem, rows, cols, valid[0], valid[1], blayout=blayout, slayout=slayout, fractal=fractal, pad=pad)
