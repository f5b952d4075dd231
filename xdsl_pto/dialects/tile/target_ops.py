"""Vector (AIV) tile ops whose memory rules depend on the target: scalar
select, PReLU, remainder and truncated remainder.

Traits follow reference/tile-op-memory-traits.md and seed 002's no-alias
table (pypto-docs/33-memory_reuse.md):

* ``tile.sels``: the result never shares the mask's bytes; ``tmp`` is a
  written workspace (A2/A3 TSELS writes the scalar into it) that on A2/A3
  must not overlap the mask or the source.
* ``tile.prelu``: the result never shares ``src`` or ``slope``; on A2/A3 it
  must not share ``tmp`` either (TPRELU reads it there; A5 does not).
* ``tile.rem`` / ``tile.rems``: not in-place safe; on A2/A3 ``tmp`` must not
  overlap the dividend (nor, for ``rem``, the divisor).
* ``tile.fmod`` / ``tile.fmods``: not in-place safe (TFMOD writes the
  quotient into dst, then re-reads the dividend).
"""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerType
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import AnyAttr, irdl_op_definition, operand_def, result_def, traits_def
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.dialects.tile.base import TileComputeOp, located_op, tile_type_of
from xdsl_pto.dialects.tile.traits import (
    A2A3,
    DisjointOperandsOn,
    NoAlias,
    NoAliasOn,
    NotInplaceSafe,
    Workspace,
)
from xdsl_pto.dialects.tile.ptoas_traits import (
    ARITH,
    ARITH_A5,
    F32,
    FLOATS,
    I32,
    PtoasCheck,
    PtoasElements,
    PtoasSameValid,
    PtoasWholeRows,
    elementwise,
    family,
)
from xdsl_pto.dialects.tile.types import TileType, element_bytes
from xdsl_pto.dialects.tile.vector_ops import _V, _VEC, _Binary, _in_vec, _same, _Scalar


def _check_tmp(tmp: SSAValue, source: TileType) -> None:
    """``tmp`` is a Vec tile of at least ``source``'s bytes.

    Raises:
        VerifyException: ``tmp must be in vec, got ...`` or ``tmp (N bytes)
            is smaller than the source (M bytes)``.
    """
    t = tile_type_of(tmp, "tmp")
    _in_vec(t, "tmp")
    if t.size_bytes < source.size_bytes:
        raise VerifyException(
            f"tmp ({t.size_bytes} bytes) is smaller than the source ({source.size_bytes} bytes)"
        )


def _check_scalar(scalar: SSAValue, tile: TileType) -> None:
    """``scalar`` is a non-tile value of ``tile``'s element type (as
    ``tile.adds`` takes it).

    Raises:
        VerifyException: for a tile, or another type.
    """
    if isinstance(scalar.type, TileType):
        raise VerifyException("the scalar operand must not be a tile")
    if scalar.type != tile.element_type:
        raise VerifyException(
            f"scalar type {scalar.type} differs from element type {tile.element_type}"
        )


def _check_mask(mask: TileType, data: TileType, what: str) -> None:
    """A mask for a ``data`` tile: Vec, the same number of rows (a 1-D tile
    is one row), and either the data's shape (one element per data element)
    or, for an integer mask, at least one bit per data column in each row
    (packed, as ``tile.cmp`` writes it).

    Raises:
        VerifyException: naming the rule broken (``what`` names the data).
    """
    _in_vec(mask, "mask")
    ds, ms = data.get_shape(), mask.get_shape()
    if ms == ds:
        return
    if (1 if len(ms) == 1 else ms[0]) != (1 if len(ds) == 1 else ds[0]):
        raise VerifyException(f"mask rows differ from {what} rows")
    if not isinstance(mask.element_type, IntegerType):
        raise VerifyException(
            f"a {mask.element_type} mask must have the {what}'s shape {list(ds)}, got {list(ms)}"
        )
    bits = ms[-1] * element_bytes(mask.element_type) * 8
    if bits < ds[-1]:
        raise VerifyException(f"mask holds {bits} bits per row, {what} has {ds[-1]} columns")


@located_op
@irdl_op_definition
class SelsOp(TileComputeOp):
    """``mask ? src : scalar`` elementwise (Vec):
    ``%r = tile.sels %m, %s, %t, %c : (Tm, Ts, Tt, f32) -> Ts``.

    ``mask`` encodes the condition as ``tile.sel`` reads it (one non-zero /
    zero element per data element, or packed bits, least significant first);
    ``scalar`` has ``src``'s element type; ``tmp`` is a Vec scratch the op
    writes. The result has ``src``'s shape and element type.
    """

    name = "tile.sels"
    mask = operand_def(TileType)
    src = operand_def(TileType)
    tmp = operand_def(TileType)
    scalar = operand_def(AnyAttr())
    result = result_def(TileType)
    traits = traits_def(
        _V,
        _VEC,
        NoAlias(0),
        Workspace(2),
        DisjointOperandsOn(2, (0, 1), A2A3),
        PtoasElements(ARITH, ARITH_A5),
        # mask, src and result row-major (the tmp may stay column-major)
        elementwise(0, 1),
    )

    def verify_(self) -> None:
        st = tile_type_of(self.src, "src")
        _in_vec(st, "src")
        _same(st, tile_type_of(self.result, "result"), "src", "result")
        _check_mask(tile_type_of(self.mask, "mask"), st, "src")
        _in_vec(tile_type_of(self.tmp, "tmp"), "tmp")
        _check_scalar(self.scalar, st)


def prelu_tmp(op: Operation, target: str) -> str | None:
    """ptoas's a2/a3 rules for ``tprelu``: the tmp holds 8-bit integers
    ("expects A2/A3 tmp element type to be u8"), row-major, at least one row
    more than the result ("tmp shape[0] to be at least dst valid_shape[0] +
    1") and a bit per result column ("tmp valid_shape[1] to be at least
    ceil(dst valid_shape[1] / 8)"); on a3 the four operands are four
    different tiles ("expects A3 src0, src1, tmp, and dst to use different
    storage")."""
    if family(target) != "a2a3":
        return None
    src, slope, tmp = op.operands
    t, res = tmp.type, op.results[0].type
    assert isinstance(t, TileType) and isinstance(res, TileType)
    rows, cols = (1, res.get_shape()[0]) if len(res.get_shape()) == 1 else res.get_shape()
    tshape = t.get_shape() if len(t.get_shape()) == 2 else (1, t.get_shape()[0])
    need = (
        f"takes tprelu's tmp as 8-bit integers, row-major, of at least [{rows + 1}, "
        f"{-(-cols // 8)}] (one row more than the result, a bit per column)"
    )
    if not (isinstance(t.element_type, IntegerType) and t.element_type.width.data == 8):
        return f"{need}, not {t.element_type} elements"
    if t.blayout.data != "row_major":
        return f"{need}, not {t.blayout.data}"
    if tshape[0] < rows + 1 or t.get_valid_shape()[-1] < -(-cols // 8):
        return f"{need}, not {list(t.get_shape())}"
    if target == "a3" and len({id(src), id(slope), id(tmp)}) < 3:
        return "takes tprelu's src, slope and tmp as three different tiles"
    return None


@located_op
@irdl_op_definition
class PreluOp(TileComputeOp):
    """``src > 0 ? src : slope * src`` elementwise (Vec):
    ``%r = tile.prelu %x, %k, %t : (T, T, Tt) -> T``.

    ``slope`` has ``src``'s shape and element type; ``tmp`` is a Vec
    scratch. ptoas (v0.48) wants it, on a2/a3, of 8-bit integers, row-major,
    with at least one row more than the result and a bit per result column
    (:func:`prelu_tmp`; on a5 any Vec tile): convert-tile-to-pto checks it.
    """

    name = "tile.prelu"
    src = operand_def(TileType)
    slope = operand_def(TileType)
    tmp = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(
        _V,
        _VEC,
        NoAlias(0),
        NoAlias(1),
        NoAliasOn(2, A2A3),
        PtoasElements(FLOATS, FLOATS),
        PtoasCheck(prelu_tmp),
        PtoasWholeRows((0, 1)),
    )

    def verify_(self) -> None:
        st = tile_type_of(self.src, "src")
        kt = tile_type_of(self.slope, "slope")
        _in_vec(st, "src")
        _in_vec(kt, "slope")
        _same(st, kt, "src", "slope")
        _same(st, tile_type_of(self.result, "result"), "src", "result")
        _in_vec(tile_type_of(self.tmp, "tmp"), "tmp")


#: a2/a3 trem / trems take i32 or f32 only.
_REM = frozenset({F32, I32})


def rem_tmp(op: Operation, target: str) -> str | None:
    """ptoas on a2/a3 wants ``trem`` / ``trems``'s tmp of the result's element
    type ("expects tmp and dst to have the same element type")."""
    t, res = op.operands[2].type, op.results[0].type
    assert isinstance(t, TileType) and isinstance(res, TileType)
    if family(target) == "a2a3" and t.element_type != res.element_type:
        return f"takes t{op.name.split('.')[1]}'s tmp in the result's element type {res.element_type}, not {t.element_type}"
    return None


@located_op
@irdl_op_definition
class RemOp(_Binary):
    """Remainder with the sign of the divisor (numpy ``remainder``), Vec:
    ``%r = tile.rem %a, %b, %t : (T, T, Tt) -> T``; ``tmp`` is a Vec scratch
    of at least ``lhs``'s bytes."""

    name = "tile.rem"
    # Redeclared so tmp comes after the two sources.
    lhs = operand_def(TileType)
    rhs = operand_def(TileType)
    tmp = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(
        _V, _VEC, NotInplaceSafe(), DisjointOperandsOn(2, (0, 1), A2A3), PtoasElements(_REM, ARITH), PtoasCheck(rem_tmp)
    )

    def verify_(self) -> None:
        super().verify_()
        _check_tmp(self.tmp, tile_type_of(self.lhs, "lhs"))


@located_op
@irdl_op_definition
class RemsOp(_Scalar):
    """``lhs`` remainder a scalar, with the sign of the divisor (numpy
    ``remainder``), Vec: ``%r = tile.rems %a, %s, %t : (T, f32, Tt) -> T``;
    the scalar has the element type, ``tmp`` is a Vec scratch of at least
    ``lhs``'s bytes."""

    name = "tile.rems"
    lhs = operand_def(TileType)
    rhs = operand_def(AnyAttr())
    tmp = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(
        _V, _VEC, NotInplaceSafe(), DisjointOperandsOn(2, (0,), A2A3), PtoasElements(_REM, ARITH), PtoasCheck(rem_tmp)
    )

    def verify_(self) -> None:
        super().verify_()
        _check_tmp(self.tmp, tile_type_of(self.lhs, "lhs"))


@located_op
@irdl_op_definition
class FmodOp(_Binary):
    """Truncated remainder (numpy ``fmod``: the sign of the dividend), Vec:
    ``%r = tile.fmod %a, %b : (T, T) -> T``."""

    name = "tile.fmod"
    traits = traits_def(_V, _VEC, NotInplaceSafe(), PtoasElements(ARITH, ARITH), elementwise(0, 1), PtoasSameValid((0, 1)))


@located_op
@irdl_op_definition
class FmodsOp(_Scalar):
    """Truncated remainder by a scalar of the element type (numpy ``fmod``),
    Vec: ``%r = tile.fmods %a, %s : (T, f32) -> T``."""

    name = "tile.fmods"
    traits = traits_def(_V, _VEC, NotInplaceSafe(), PtoasElements(ARITH, ARITH), elementwise(0))
