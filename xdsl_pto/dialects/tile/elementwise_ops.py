"""Elementwise vector (AIV) tile ops of issue 23: bitwise and shift ops,
scalar maximum / minimum, leaky ReLU, the ternary add/sub ops, the partial
ops and ``not`` (reference/tile-op-semantics.md section 1; PTO forms and
target rules from the ptoas v0.48 fact sheet, /work/notes/pto-op-forms §1).

Text forms (the function-style form of every tile op)::

    %r = tile.and %a, %b : (T, T) -> T
    %r = tile.xor %a, %b, %tmp : (T, T, T) -> T
    %r = tile.ands %a, %s : (T, i32) -> T
    %r = tile.lrelu %x, %slope : (T, f32) -> T
    %r = tile.addsc %a, %s, %c : (T, f32, T) -> T
    %r = tile.part_add %a, %b : (T, T2) -> T

Every op reads and writes Vec tiles. The tiles an op combines element by
element have the result's shape, element type and valid shape (ptoas
compares valid shapes; the partial ops are the exception, see
:class:`_Partial`). Memory traits follow reference/tile-op-memory-traits.md;
the target-aware ones (``xor``'s tmp on A2/A3) follow the semantics sheet's
note that A2/A3 TXOR keeps an intermediate in tmp while it still reads the
sources.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import Float32Type, IntegerType, Signedness
from xdsl.ir import SSAValue
from xdsl.irdl import AnyAttr, irdl_op_definition, operand_def, result_def, traits_def
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.dialects.tile.base import TileComputeOp, located_op, tile_type_of
from xdsl_pto.dialects.tile.ptoas_traits import (
    ALL,
    ARITH,
    ARITH_A5,
    BF16,
    FLOATS,
    I8,
    I16,
    I32,
    INTS,
    PTOAS,
    PtoasCheck,
    PtoasElements,
    PtoasWholeRows,
    elements_problem,
    family,
)
from xdsl_pto.dialects.tile.traits import (
    A2A3,
    DisjointOperandsOn,
    NoAliasOn,
    NotInplaceSafe,
)
from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.dialects.tile.vector_ops import _V, _VEC, _in_vec, _same

#: ptoas's element kinds of each op group (a2/a3, a5).
BITWISE = PtoasElements(frozenset({I8, I16}), INTS)
SHIFT = PtoasElements(INTS, INTS)
SHIFT_RIGHT_SCALAR = PtoasElements(frozenset({I16, I32}), INTS)
NOT = PtoasElements(frozenset({I16}), INTS)
SCALAR_MINMAX = PtoasElements(ARITH, ARITH_A5 | {BF16})
LRELU = PtoasElements(FLOATS, FLOATS)
TERNARY = PtoasElements(ALL, ALL)
PARTIAL = PtoasElements(ARITH, ALL)


def same_valid(a: TileType, b: TileType, what_a: str, what_b: str) -> None:
    """``a`` and ``b`` have one valid shape: the same extents, and a runtime
    extent (``?``) on the same axes -- a ``?`` is not its full extent (the
    result keeps its operand's valid shape, tile-op-semantics.md section 0).

    Raises:
        VerifyException: ``valid shape mismatch: A [..] vs B [..]``.
    """
    if a.get_valid_shape() != b.get_valid_shape() or a.dynamic_valid() != b.dynamic_valid():
        raise VerifyException(f"valid shape mismatch: {what_a} {a.valid_text()} vs {what_b} {b.valid_text()}")


def row_major(t: TileType, what: str) -> None:
    """``t`` is a row-major tile (ptoas reads and writes the op's tiles row by row).

    Raises:
        VerifyException: ``X must be row_major (ptoas reads it row by row), got col_major``.
    """
    if t.blayout.data != "row_major":
        raise VerifyException(f"{what} must be row_major (ptoas reads it row by row), got {t.blayout.data}")


def check_elements(op: TileComputeOp) -> None:
    """``op``'s element type is one some target takes (its
    :class:`~xdsl_pto.dialects.tile.ptoas_traits.PtoasElements`); which
    target takes it is checked where the target is known (the lowering).

    Raises:
        VerifyException: ``ptoas (v0.48) takes ... on a2/a3 and ... on a5, not T``.
    """
    reason = elements_problem(op, None)
    if reason is not None:
        raise VerifyException(f"{PTOAS} {reason}")


def _scalar_type(value: SSAValue, kind: str, tile: TileType, what: str) -> None:
    """The scalar operand ``value`` has the type ``kind`` asks: ``element``
    (the tile's element type), ``int`` (a signless i8, i16 or i32: ptoas
    takes any of them as the bit pattern or the shift count) or ``f32``.

    Raises:
        VerifyException: for a tile, or another type.
    """
    t = value.type
    if isinstance(t, TileType):
        raise VerifyException(f"the {what} operand must be a scalar, not a tile")
    if kind == "element" and t != tile.element_type:
        raise VerifyException(f"{what} type {t} differs from element type {tile.element_type}")
    if kind == "int" and not (
        isinstance(t, IntegerType)
        and t.signedness.data is Signedness.SIGNLESS
        and t.width.data in (8, 16, 32)
    ):
        raise VerifyException(f"{what} must be a signless i8, i16 or i32, got {t}")
    if kind == "f32" and not isinstance(t, Float32Type):
        raise VerifyException(f"{what} must be f32 (ptoas takes the slope as f32), got {t}")


class VecElementwiseOp(TileComputeOp):
    """Base of the elementwise ops of this module, verified from class
    constants instead of code per op:

    * ``SAME`` -- tile operands (by operand name) that are Vec and have the
      result's shape, element type and valid shape;
    * ``ROW_MAJOR`` -- those tiles and the result must be row-major (where
      ptoas refuses a column-major one on every target);
    * ``SCALAR`` / ``SCALAR_KIND`` -- the scalar operand's name and what
      type it has (:func:`_scalar_type`);
    * ``INTEGER`` / ``F32_ONLY`` -- the element type is an integer / f32.

    The element types ptoas takes on no target are refused
    (:func:`check_elements`); the target's own set is the lowering's check.
    """

    SAME: ClassVar[tuple[str, ...]] = ()
    ROW_MAJOR: ClassVar[bool] = False
    SCALAR: ClassVar[str | None] = None
    SCALAR_KIND: ClassVar[str] = "element"
    INTEGER: ClassVar[bool] = False

    def verify_(self) -> None:
        res = tile_type_of(self.results[0], "result")
        _in_vec(res, "result")
        for name in self.SAME:
            t = tile_type_of(getattr(self, name), name)
            _in_vec(t, name)
            _same(t, res, name, "result")
            same_valid(t, res, name, "result")
            if self.ROW_MAJOR:
                row_major(t, name)
        if self.ROW_MAJOR:
            row_major(res, "result")
        if self.INTEGER and not isinstance(res.element_type, IntegerType):
            raise VerifyException(f"takes integer tiles, got {res.element_type}")
        if self.SCALAR is not None:
            _scalar_type(getattr(self, self.SCALAR), self.SCALAR_KIND, res, self.SCALAR)
        check_elements(self)


class _IntBinary(VecElementwiseOp):
    """``lhs op rhs`` on integer tiles, row-major."""

    lhs = operand_def(TileType)
    rhs = operand_def(TileType)
    result = result_def(TileType)
    SAME: ClassVar[tuple[str, ...]] = ("lhs", "rhs")
    ROW_MAJOR: ClassVar[bool] = True
    INTEGER: ClassVar[bool] = True


class _IntScalar(VecElementwiseOp):
    """``lhs op scalar`` on an integer tile; the scalar a signless i8, i16
    or i32 (printed with its type: ptoas takes all three)."""

    lhs = operand_def(TileType)
    rhs = operand_def(AnyAttr())
    result = result_def(TileType)
    SAME: ClassVar[tuple[str, ...]] = ("lhs",)
    ROW_MAJOR: ClassVar[bool] = True
    INTEGER: ClassVar[bool] = True
    SCALAR: ClassVar[str | None] = "rhs"
    SCALAR_KIND: ClassVar[str] = "int"


@located_op
@irdl_op_definition
class AndOp(_IntBinary):
    """Bitwise ``lhs & rhs`` (Vec, integers): ``%r = tile.and %a, %b : (T, T) -> T``."""

    name = "tile.and"
    traits = traits_def(_V, _VEC, BITWISE)


@located_op
@irdl_op_definition
class OrOp(_IntBinary):
    """Bitwise ``lhs | rhs`` (Vec, integers)."""

    name = "tile.or"
    traits = traits_def(_V, _VEC, BITWISE)


@located_op
@irdl_op_definition
class XorOp(_IntBinary):
    """Bitwise ``lhs ^ rhs`` with a tmp scratch of the result's type (Vec,
    integers): ``%r = tile.xor %a, %b, %tmp : (T, T, T) -> T``. A2/A3 TXOR
    computes ``(a | b) & ~(a & b)`` keeping ``a | b`` in tmp while it still
    reads the sources: there tmp overlaps neither source nor the result
    (semantics sheet, section 1, "xor tmp"); A5 ignores tmp."""

    name = "tile.xor"
    lhs = operand_def(TileType)
    rhs = operand_def(TileType)
    tmp = operand_def(TileType)
    result = result_def(TileType)
    SAME: ClassVar[tuple[str, ...]] = ("lhs", "rhs", "tmp")
    traits = traits_def(_V, _VEC, BITWISE, NoAliasOn(2, A2A3), DisjointOperandsOn(2, (0, 1), A2A3))


@located_op
@irdl_op_definition
class AndsOp(_IntScalar):
    """``lhs & scalar`` (Vec, integers); not in place (ptoas: "expects src
    and dst to use different storage")."""

    name = "tile.ands"
    traits = traits_def(_V, _VEC, BITWISE, NotInplaceSafe())


@located_op
@irdl_op_definition
class OrsOp(_IntScalar):
    """``lhs | scalar`` (Vec, integers); not in place."""

    name = "tile.ors"
    traits = traits_def(_V, _VEC, BITWISE, NotInplaceSafe())


@located_op
@irdl_op_definition
class XorsOp(_IntScalar):
    """``lhs ^ scalar`` with a tmp scratch of the tile's type (Vec,
    integers): ``%r = tile.xors %a, %s, %tmp : (T, i32, T) -> T``; not in
    place, and on A2/A3 tmp does not overlap the source."""

    name = "tile.xors"
    lhs = operand_def(TileType)
    rhs = operand_def(AnyAttr())
    tmp = operand_def(TileType)
    result = result_def(TileType)
    SAME: ClassVar[tuple[str, ...]] = ("lhs", "tmp")
    traits = traits_def(_V, _VEC, BITWISE, NotInplaceSafe(), DisjointOperandsOn(2, (0,), A2A3))


@located_op
@irdl_op_definition
class ShlOp(_IntBinary):
    """``lhs << rhs`` elementwise (Vec, integers; the result keeps lhs's type)."""

    name = "tile.shl"
    traits = traits_def(_V, _VEC, SHIFT)


@located_op
@irdl_op_definition
class ShrOp(_IntBinary):
    """``lhs >> rhs`` elementwise (Vec, integers; arithmetic on signed types)."""

    name = "tile.shr"
    traits = traits_def(_V, _VEC, SHIFT)


@located_op
@irdl_op_definition
class ShlsOp(_IntScalar):
    """``lhs << scalar`` (Vec, integers). ptoas checks no layout for
    ``pto.tshls``, so a column-major tile is taken."""

    name = "tile.shls"
    ROW_MAJOR: ClassVar[bool] = False
    traits = traits_def(_V, _VEC, SHIFT)


@located_op
@irdl_op_definition
class ShrsOp(_IntScalar):
    """``lhs >> scalar`` (Vec, integers; arithmetic on signed types)."""

    name = "tile.shrs"
    traits = traits_def(_V, _VEC, SHIFT_RIGHT_SCALAR)


class _ScalarMinMax(VecElementwiseOp):
    """``op(lhs, scalar)``, the scalar of the element type."""

    lhs = operand_def(TileType)
    rhs = operand_def(AnyAttr())
    result = result_def(TileType)
    SAME: ClassVar[tuple[str, ...]] = ("lhs",)
    SCALAR: ClassVar[str | None] = "rhs"
    traits = traits_def(_V, _VEC, SCALAR_MINMAX)


@located_op
@irdl_op_definition
class MaximumsOp(_ScalarMinMax):
    """``maximum(lhs, scalar)`` (Vec; NaN propagates):
    ``%r = tile.maximums %a, %s : (T, f32) -> T``."""

    name = "tile.maximums"


@located_op
@irdl_op_definition
class MinimumsOp(_ScalarMinMax):
    """``minimum(lhs, scalar)`` (Vec; NaN propagates)."""

    name = "tile.minimums"


@located_op
@irdl_op_definition
class LreluOp(VecElementwiseOp):
    """Leaky ReLU ``x > 0 ? x : x * slope`` (Vec, f16/f32; the ISA's
    formula): ``%r = tile.lrelu %x, %slope : (T, f32) -> T``; the slope is
    f32 for an f16 tile too (ptoas: "operand #1 must be 32-bit float")."""

    name = "tile.lrelu"
    tile = operand_def(TileType)
    slope = operand_def(AnyAttr())
    result = result_def(TileType)
    SAME: ClassVar[tuple[str, ...]] = ("tile",)
    SCALAR: ClassVar[str | None] = "slope"
    SCALAR_KIND: ClassVar[str] = "f32"
    traits = traits_def(_V, _VEC, LRELU)


class _Ternary(VecElementwiseOp):
    """Three tiles of one type: ``lhs op rhs + rhs2``."""

    lhs = operand_def(TileType)
    rhs = operand_def(TileType)
    rhs2 = operand_def(TileType)
    result = result_def(TileType)
    SAME: ClassVar[tuple[str, ...]] = ("lhs", "rhs", "rhs2")
    traits = traits_def(_V, _VEC, TERNARY)


@located_op
@irdl_op_definition
class AddcOp(_Ternary):
    """``lhs + rhs + rhs2`` (Vec): ``%r = tile.addc %a, %b, %c : (T, T, T) -> T``."""

    name = "tile.addc"


@located_op
@irdl_op_definition
class SubcOp(_Ternary):
    """``lhs - rhs + rhs2`` (Vec; the hardware's formula, where pypto's
    registry text says ``lhs - rhs - rhs2``)."""

    name = "tile.subc"


class _TernaryScalar(VecElementwiseOp):
    """``lhs op scalar + rhs2``, the scalar of the element type."""

    lhs = operand_def(TileType)
    rhs = operand_def(AnyAttr())
    rhs2 = operand_def(TileType)
    result = result_def(TileType)
    SAME: ClassVar[tuple[str, ...]] = ("lhs", "rhs2")
    SCALAR: ClassVar[str | None] = "rhs"
    traits = traits_def(_V, _VEC, TERNARY)


@located_op
@irdl_op_definition
class AddscOp(_TernaryScalar):
    """``lhs + scalar + rhs2`` (Vec): ``%r = tile.addsc %a, %s, %c : (T, f32, T) -> T``."""

    name = "tile.addsc"


@located_op
@irdl_op_definition
class SubscOp(_TernaryScalar):
    """``lhs - scalar + rhs2`` (Vec; the hardware's formula)."""

    name = "tile.subsc"


@located_op
@irdl_op_definition
class NotOp(VecElementwiseOp):
    """Bitwise ``~tile`` (Vec, integers, row-major): ``%r = tile.not %a : (T) -> T``."""

    name = "tile.not"
    tile = operand_def(TileType)
    result = result_def(TileType)
    SAME: ClassVar[tuple[str, ...]] = ("tile",)
    ROW_MAJOR: ClassVar[bool] = True
    INTEGER: ClassVar[bool] = True
    traits = traits_def(_V, _VEC, NOT)


def _one_dimension_smaller_on_a5(op: TileComputeOp, target: str) -> str | None:
    """A :class:`PtoasCheck` of the partial ops: A5 TPART* handles a source
    smaller than the destination in its rows or in its columns, not both
    (semantics sheet, section 1, "part_*"; ptoas itself does not check it)."""
    if family(target) != "a5":
        return None
    dst = op.results[0].type.get_valid_shape()  # type: ignore[attr-defined]
    for v in op.operands:
        vr, vc = v.type.get_valid_shape()  # type: ignore[attr-defined]
        if vr < dst[0] and vc < dst[1]:
            return (
                "runs a partial op on a5 only with each source smaller than the result in its "
                f"rows or its columns, not both (ptoas does not check it); a source has valid "
                f"shape [{vr}, {vc}] for a result of [{dst[0]}, {dst[1]}]"
            )
    return None


class _Partial(TileComputeOp):
    """``op(src0, src1)`` over the union of the two sources' valid regions
    (Vec, row-major): where both sources are valid the op, where one is
    that source, elsewhere 0 (semantics sheet, section 1, "part_*").

    The three tiles have one shape and element type; each source's valid
    shape fits in the result's and one of them equals it (pto-isa; ptoas
    checks only the fit). A2/A3 takes i16/i32/f16/f32, A5 all nine types.
    ptoas compares the three shapes by the rows a ``pto.subview`` has in
    memory, so a column window is refused on every target
    (:class:`~xdsl_pto.dialects.tile.ptoas_traits.PtoasWholeRows`; found by
    the issue-23 fuzz generator, default preset seed 20, planner=ptoas).
    """

    src0 = operand_def(TileType)
    src1 = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(
        _V, _VEC, PARTIAL, PtoasCheck(_one_dimension_smaller_on_a5, "pto-isa"), PtoasWholeRows((0, 1)),
    )

    def verify_(self) -> None:
        res = tile_type_of(self.result, "result")
        _in_vec(res, "result")
        row_major(res, "result")
        dst = res.get_valid_shape()
        if len(dst) != 2:
            raise VerifyException("a partial op needs 2-D tiles")
        fits = []
        for name in ("src0", "src1"):
            t = tile_type_of(getattr(self, name), name)
            _in_vec(t, name)
            row_major(t, name)
            _same(t, res, name, "result")
            valid = t.get_valid_shape()
            if valid[0] > dst[0] or valid[1] > dst[1]:
                raise VerifyException(
                    f"{name} valid shape {list(valid)} does not fit in the result's {list(dst)}"
                )
            fits.append(valid == dst)
        if not any(fits):
            raise VerifyException(
                f"one source's valid shape must equal the result's {list(dst)}; got "
                f"{list(self.src0.type.get_valid_shape())} and "  # type: ignore[attr-defined]
                f"{list(self.src1.type.get_valid_shape())}"  # type: ignore[attr-defined]
            )
        check_elements(self)


@located_op
@irdl_op_definition
class PartAddOp(_Partial):
    """Partial ``src0 + src1``: ``%r = tile.part_add %a, %b : (T, T2) -> T``."""

    name = "tile.part_add"


@located_op
@irdl_op_definition
class PartMulOp(_Partial):
    """Partial ``src0 * src1``."""

    name = "tile.part_mul"


@located_op
@irdl_op_definition
class PartMaxOp(_Partial):
    """Partial ``maximum(src0, src1)``."""

    name = "tile.part_max"


@located_op
@irdl_op_definition
class PartMinOp(_Partial):
    """Partial ``minimum(src0, src1)``."""

    name = "tile.part_min"


ELEMENTWISE_OPS = (
    AndOp, OrOp, XorOp, AndsOp, OrsOp, XorsOp,
    ShlOp, ShrOp, ShlsOp, ShrsOp,
    MaximumsOp, MinimumsOp, LreluOp,
    AddcOp, SubcOp, AddscOp, SubscOp,
    NotOp,
    PartAddOp, PartMulOp, PartMaxOp, PartMinOp,
)
"""The ops of this module, in the order the dialect registers them."""
