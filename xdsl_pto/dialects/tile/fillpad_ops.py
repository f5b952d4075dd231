"""Fill / pad (issue 23): ``tile.fillpad``, ``tile.fillpad_inplace`` and
``tile.fillpad_expand`` (reference/tile-op-semantics.md section 5,
/work/notes/pto-op-forms §5).

The pad value travels in the result tile type's ``pad`` field (1 zero,
2 max, 3 min; 0 is "no pad" and refused: ``expects dst PadVal != Null for
tfillpad``): ``dst = full(shape, P); dst[:VR, :VC] = src[:VR, :VC]``, with
``P`` +inf / -inf for floats and the type's largest / smallest value for
integers. ``fillpad`` and ``fillpad_expand`` give a fully valid result
as the reference deduces it; a result type with a smaller valid shape (the
reference's idle second vector lane prints ``valid_shape=[0, 0]`` on every
tile of its branch, a fill's result included) is honoured as the hardware
does: it loops over the destination's valid region only, so the fill writes
``[:VR', :VC']`` of the result (``VR', VC'`` its valid shape) and leaves the
rest untouched (undefined). ``fillpad_inplace`` keeps its tile's type, so
that type carries the pad.

Traits (reference/tile-op-memory-traits.md): ``fillpad`` none (its result
may take its input's bytes, seed 002), ``fillpad_inplace`` ``reuses(0),
rw(0)``, ``fillpad_expand`` ``not_inplace_safe``.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.irdl import irdl_op_definition, operand_def, result_def, traits_def
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.dialects.tile.base import TileComputeOp, located_op, tile_type_of
from xdsl_pto.dialects.tile.ptoas_traits import PtoasWholeRows
from xdsl_pto.dialects.tile.traits import NotInplaceSafe, ReadsWrites, Reuses
from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.dialects.tile.vector_ops import _V, _VEC, _in_vec

#: ``pad`` field values: the value padding elements get.
PAD_NAMES = {1: "zero", 2: "max", 3: "min"}
#: The layout fields a fill keeps.
_LAYOUT = ("blayout", "slayout", "fractal")


def check_pad(t: TileType, what: str) -> None:
    """``t`` names a pad value (``pad`` 1, 2 or 3).

    Raises:
        VerifyException: for ``pad = 0``.
    """
    if t.pad.data not in PAD_NAMES:
        raise VerifyException(
            f"{what} type must name the pad value (pad = 1 zero, 2 max or 3 min), got pad = {t.pad.data}"
        )


def check_filled(src: TileType, res: TileType, *, expand: bool) -> None:
    """``res`` is ``src`` filled: a Vec tile of ``src``'s element type and
    layout, naming a pad value, of ``src``'s shape (or, with ``expand``, at
    least as large in every dimension). Its valid shape is the region the
    fill writes (any, see the module doc).

    Raises:
        VerifyException: naming the rule broken.
    """
    _in_vec(src, "source")
    _in_vec(res, "result")
    if res.element_type != src.element_type:
        raise VerifyException(f"result element type {res.element_type} differs from the source's {src.element_type}")
    for key in _LAYOUT:
        if getattr(res, key) != getattr(src, key):
            raise VerifyException(
                f"result {key} {getattr(res, key).data} differs from the source's {getattr(src, key).data}"
            )
    ss, rs = src.get_shape(), res.get_shape()
    if expand:
        if len(rs) != len(ss) or any(r < s for r, s in zip(rs, ss)):
            raise VerifyException(f"result shape {list(rs)} must be at least the source's {list(ss)} in every dimension")
    elif rs != ss:
        raise VerifyException(f"result shape {list(rs)} differs from the source's {list(ss)}")
    check_pad(res, "result")


class _Fill(TileComputeOp):
    """``%r = tile.<fill> %t : (T) -> Tpad``."""

    source = operand_def(TileType)
    result = result_def(TileType)

    EXPAND: ClassVar[bool] = False

    def verify_(self) -> None:
        check_filled(tile_type_of(self.source, "source"), tile_type_of(self.result, "result"), expand=self.EXPAND)


@located_op
@irdl_op_definition
class FillpadOp(_Fill):
    """The source with every element outside its valid region set to the
    result type's pad value: ``%r = tile.fillpad %t : (!tile.tile<16x64xf32,
    vec, valid = 16x50>) -> !tile.tile<16x64xf32, vec, pad = 3>``."""

    name = "tile.fillpad"
    traits = traits_def(_V, _VEC, PtoasWholeRows((0,)))


@located_op
@irdl_op_definition
class FillpadExpandOp(_Fill):
    """The source copied into a larger tile whose other elements are the pad
    value: ``%r = tile.fillpad_expand %t : (!tile.tile<16x64xf32, vec, valid
    = 16x50>) -> !tile.tile<32x128xf32, vec, pad = 1>``; not in-place safe."""

    name = "tile.fillpad_expand"
    EXPAND: ClassVar[bool] = True
    traits = traits_def(_V, _VEC, NotInplaceSafe())


@located_op
@irdl_op_definition
class FillpadInplaceOp(TileComputeOp):
    """The padding of a tile filled in place (``reuses(0), rw(0)``):
    ``%r = tile.fillpad_inplace %t : (T) -> T`` where ``T`` names the pad
    value (``pad = 1|2|3``) and keeps its valid shape; the elements outside
    it get the pad value."""

    name = "tile.fillpad_inplace"
    source = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(_V, _VEC, Reuses(0), ReadsWrites(0))

    def verify_(self) -> None:
        t = tile_type_of(self.source, "source")
        _in_vec(t, "source")
        check_pad(t, "source")
        if not t.same_data_type(tile_type_of(self.result, "result")):
            raise VerifyException("result type differs from the source's (the op fills in place)")


FILLPAD_OPS = (FillpadOp, FillpadInplaceOp, FillpadExpandOp)
