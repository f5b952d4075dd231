"""Broadcast vector (AIV) tile ops of issue 23: the max / min / exp-difference
row and column expansions and ``tile.expands`` (reference/tile-op-semantics.md
section 2; PTO forms and target rules from the ptoas v0.48 fact sheet,
/work/notes/pto-op-forms §2).

Text forms::

    %r = tile.row_expand_max %t, %v : (!tile.tile<16x64xf32, vec>, !tile.tile<16x1xf32, vec>) -> !tile.tile<16x64xf32, vec>
    %r = tile.col_expand_expdif %t, %c : (!tile.tile<16x64xf32, vec>, !tile.tile<1x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
    %r = tile.expands %t, %s : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>

The expansions reuse the row / column broadcast checks of the existing
``row_expand_*`` / ``col_expand_*`` ops (a ``[M, 1]`` row vector, a ``[1, N]``
column tile, the result never on the vector's bytes: ``no_alias(1)``), and
add what ptoas checks of these: the full tile and the result row-major with
one valid shape, the vector's valid rows (columns) those of the result.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.irdl import AnyAttr, irdl_op_definition, operand_def, result_def, traits_def

from xdsl_pto.dialects.tile.base import located_op, tile_type_of
from xdsl_pto.dialects.tile.elementwise_ops import (
    VecElementwiseOp,
    check_elements,
    row_major,
    same_valid,
)
from xdsl_pto.dialects.tile.ptoas_traits import (
    ARITH,
    ARITH_A5,
    BF16,
    FLOATS,
    PtoasCheck,
    PtoasElements,
    row_major_result_on_a2a3,
)
from xdsl_pto.dialects.tile.traits import NoAlias
from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.dialects.tile.vector_ops import _V, _VEC, _ColExpand, _RowExpand
from xdsl.utils.exceptions import VerifyException

MINMAX = PtoasElements(ARITH, ARITH_A5)
EXPDIF = PtoasElements(FLOATS, FLOATS)
EXPANDS = PtoasElements(ARITH | {BF16}, ARITH_A5 | {BF16})


class _RowExpandBinary(_RowExpand):
    """``op(tile, broadcast(row_vec))`` of a ``[M, N]`` tile and an ``[M, 1]``
    vector; the tile and the result row-major with one valid shape, the
    vector's valid rows the result's."""

    def verify_(self) -> None:
        super().verify_()
        t, v = tile_type_of(self.tile, "tile"), tile_type_of(self.vec, "row vector")
        res = tile_type_of(self.result, "result")
        row_major(t, "tile")
        row_major(res, "result")
        same_valid(t, res, "tile", "result")
        if v.get_valid_shape()[0] != res.get_valid_shape()[0]:
            raise VerifyException(
                f"row vector valid rows {v.get_valid_shape()[0]} differ from the result's "
                f"{res.get_valid_shape()[0]}"
            )
        check_elements(self)


@located_op
@irdl_op_definition
class RowExpandMaxOp(_RowExpandBinary):
    """``maximum(tile, broadcast(row_vec))``."""

    name = "tile.row_expand_max"
    traits = traits_def(_V, _VEC, NoAlias(1), MINMAX)


@located_op
@irdl_op_definition
class RowExpandMinOp(_RowExpandBinary):
    """``minimum(tile, broadcast(row_vec))``."""

    name = "tile.row_expand_min"
    traits = traits_def(_V, _VEC, NoAlias(1), MINMAX)


@located_op
@irdl_op_definition
class RowExpandExpdifOp(_RowExpandBinary):
    """``exp(tile - broadcast(row_vec))`` (f16/f32)."""

    name = "tile.row_expand_expdif"
    traits = traits_def(_V, _VEC, NoAlias(1), EXPDIF)


class _ColExpandBinary(_ColExpand):
    """``op(target, broadcast(col_tile))`` of an ``[M, N]`` tile and a
    ``[1, N]`` tile; the full tile and the result row-major with one valid
    shape, the column tile's valid columns the result's. ptoas does not
    check the column tile's element type: the verifier does (it is the
    target's, as for every column expansion)."""

    def verify_(self) -> None:
        super().verify_()
        t, c = tile_type_of(self.target, "target"), tile_type_of(self.vec, "column tile")
        res = tile_type_of(self.result, "result")
        row_major(t, "target")
        row_major(res, "result")
        same_valid(t, res, "target", "result")
        if c.get_valid_shape()[1] != res.get_valid_shape()[1]:
            raise VerifyException(
                f"column tile valid columns {c.get_valid_shape()[1]} differ from the result's "
                f"{res.get_valid_shape()[1]}"
            )
        check_elements(self)


@located_op
@irdl_op_definition
class ColExpandMaxOp(_ColExpandBinary):
    """``maximum(target, broadcast(col_tile))``."""

    name = "tile.col_expand_max"
    traits = traits_def(_V, _VEC, NoAlias(1), MINMAX)


@located_op
@irdl_op_definition
class ColExpandMinOp(_ColExpandBinary):
    """``minimum(target, broadcast(col_tile))``."""

    name = "tile.col_expand_min"
    traits = traits_def(_V, _VEC, NoAlias(1), MINMAX)


@located_op
@irdl_op_definition
class ColExpandExpdifOp(_ColExpandBinary):
    """``exp(target - broadcast(col_tile))`` (f16/f32)."""

    name = "tile.col_expand_expdif"
    traits = traits_def(_V, _VEC, NoAlias(1), EXPDIF)


@located_op
@irdl_op_definition
class ExpandsOp(VecElementwiseOp):
    """A tile of ``target``'s type with every element ``scalar`` (Vec):
    ``%r = tile.expands %t, %s : (T, f32) -> T``. The target gives only the
    shape (its contents are not read); the scalar has the element type
    (ptoas: "expects scalar type == dst element type"). It lowers like
    ``tile.full``, to ``pto.texpands``, which on A2/A3 writes row-major
    tiles only (ptoas: "expects vec dst to use row-major layout on A2/A3")."""

    name = "tile.expands"
    target = operand_def(TileType)
    scalar = operand_def(AnyAttr())
    result = result_def(TileType)
    SAME: ClassVar[tuple[str, ...]] = ("target",)
    SCALAR: ClassVar[str | None] = "scalar"
    traits = traits_def(_V, _VEC, EXPANDS, PtoasCheck(row_major_result_on_a2a3))


BROADCAST_OPS = (
    RowExpandMaxOp, RowExpandMinOp, RowExpandExpdifOp,
    ColExpandMaxOp, ColExpandMinOp, ColExpandExpdifOp,
    ExpandsOp,
)
"""The ops of this module, in the order the dialect registers them."""
