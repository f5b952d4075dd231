"""Vector (AIV) tile ops: elementwise, scalar, unary, reductions, broadcasts,
select and compare. Traits follow reference/tile-op-memory-traits.md."""

from __future__ import annotations

from xdsl.dialects.builtin import BFloat16Type, StringAttr
from xdsl.ir import Operation
from xdsl.irdl import (
    AnyAttr,
    irdl_op_definition,
    operand_def,
    opt_attr_def,
    opt_operand_def,
    result_def,
    traits_def,
)
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.dialects.tile.base import TileComputeOp, located_op, tile_type_of
from xdsl_pto.dialects.tile.traits import (
    CastNoAlias,
    HwPipe,
    NoAlias,
    NotInplaceSafe,
    ResultSpace,
    RunsOn,
)
from xdsl_pto.dialects.tile.ptoas_traits import (
    ARITH,
    ARITH_A5,
    BF16,
    F16,
    F32,
    FLOATS,
    I8,
    I32,
    PtoasCheck,
    PtoasElements,
    PtoasRowMajor,
    PtoasSameValid,
    PtoasWholeRows,
    elementwise,
    family,
)
from xdsl_pto.dialects.tile.types import MemorySpace, TileType, is_4bit

_VEC = ResultSpace(MemorySpace.VEC)
_V = RunsOn(HwPipe.VECTOR)
#: ptoas's rule of the elementwise tile-tile ops: lhs, rhs and the result
#: have one valid shape (:class:`PtoasSameValid`).
_SAME_VALID = PtoasSameValid((0, 1))


def _shape(t: TileType) -> list[int]:
    return list(t.get_shape())


def _same(a: TileType, b: TileType, what_a: str, what_b: str, *, dtype: bool = True) -> None:
    if a.get_shape() != b.get_shape():
        raise VerifyException(f"shape mismatch: {what_a} {_shape(a)} vs {what_b} {_shape(b)}")
    if dtype and a.element_type != b.element_type:
        raise VerifyException(
            f"element type mismatch: {what_a} {a.element_type} vs {what_b} {b.element_type}"
        )


def keeps_valid(src: TileType, res: TileType, what: str, axes: str = "all") -> None:
    """Where ``src`` has a runtime valid extent (``?``), the result ``res``
    has one too: the reference's result rule (tile-op-semantics.md section
    0: an elementwise or tile-scalar result has its first operand's valid
    shape; section 2: a broadcast keeps its tile's; section 3: a row
    reduction ``[R, 1]`` has valid ``[VR, 1]``, ``axes="rows"``: axis 0
    only). A pypto dump's annotations are printed from that deduction, so an
    imported annotation that drops a runtime extent is a contradiction,
    refused here. (Static extents are left to the ptoas rules: the dumps
    keep a ``[0, 0]`` valid shape through a row reduction.)

    Raises:
        VerifyException: ``result valid shape must have the W's runtime extent
            ('?') on axis A: [..], got [..]``.
    """
    kept = [0] if axes == "rows" else range(len(src.get_shape()))
    dyn, got = src.dynamic_valid(), res.dynamic_valid()
    for axis in kept:
        if dyn[axis] and not got[axis]:
            whose = f"the {what}'s valid rows" if axes == "rows" else f"the {what}'s valid shape"
            raise VerifyException(
                f"result valid shape must keep {whose} {src.valid_text()}: a runtime extent ('?') "
                f"on axis {axis}, got {res.valid_text()}"
            )


def _in_vec(t: TileType, what: str) -> None:
    if t.memory_space is not MemorySpace.VEC:
        raise VerifyException(f"{what} must be in vec, got {t.memory_space.value}")


class _Binary(TileComputeOp):
    """``lhs op rhs`` elementwise on Vec tiles of one shape and dtype."""

    lhs = operand_def(TileType)
    rhs = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(_V, _VEC)

    def verify_(self) -> None:
        lt, rt = tile_type_of(self.lhs, "lhs"), tile_type_of(self.rhs, "rhs")
        res = tile_type_of(self.result, "result")
        _in_vec(lt, "lhs")
        _in_vec(rt, "rhs")
        _same(lt, rt, "lhs", "rhs")
        _same(lt, res, "lhs", "result")
        keeps_valid(lt, res, "lhs")


@located_op
@irdl_op_definition
class AddOp(_Binary):
    """Elementwise ``lhs + rhs`` (Vec)."""

    name = "tile.add"
    traits = traits_def(_V, _VEC, PtoasElements(ARITH, ARITH_A5 | {BF16}), elementwise(0, 1), _SAME_VALID)


@located_op
@irdl_op_definition
class SubOp(_Binary):
    """Elementwise ``lhs - rhs`` (Vec)."""

    name = "tile.sub"
    traits = traits_def(_V, _VEC, PtoasElements(ARITH, ARITH_A5), elementwise(0, 1), _SAME_VALID)


@located_op
@irdl_op_definition
class MulOp(_Binary):
    """Elementwise ``lhs * rhs`` (Vec)."""

    name = "tile.mul"
    traits = traits_def(_V, _VEC, PtoasElements(ARITH, ARITH), elementwise(0, 1), _SAME_VALID)


@located_op
@irdl_op_definition
class DivOp(_Binary):
    """Elementwise ``lhs / rhs`` (Vec)."""

    name = "tile.div"
    traits = traits_def(_V, _VEC, PtoasElements(FLOATS, ARITH), elementwise(0, 1), _SAME_VALID)


@located_op
@irdl_op_definition
class MaximumOp(_Binary):
    """Elementwise maximum (Vec)."""

    name = "tile.maximum"
    traits = traits_def(_V, _VEC, PtoasElements(ARITH, ARITH_A5), elementwise(0, 1), _SAME_VALID)


@located_op
@irdl_op_definition
class MinimumOp(_Binary):
    """Elementwise minimum (Vec)."""

    name = "tile.minimum"
    traits = traits_def(_V, _VEC, PtoasElements(ARITH, ARITH_A5 | {BF16}), elementwise(0, 1), _SAME_VALID)


class _Scalar(TileComputeOp):
    """``tile op scalar`` elementwise; the scalar has the element type."""

    lhs = operand_def(TileType)
    rhs = operand_def(AnyAttr())
    result = result_def(TileType)
    traits = traits_def(_V, _VEC)

    def verify_(self) -> None:
        lt = tile_type_of(self.lhs, "lhs")
        _in_vec(lt, "lhs")
        _same(lt, tile_type_of(self.result, "result"), "lhs", "result")
        keeps_valid(lt, tile_type_of(self.result, "result"), "lhs")
        if isinstance(self.rhs.type, TileType):
            raise VerifyException("the scalar operand must not be a tile")
        if self.rhs.type != lt.element_type:
            raise VerifyException(
                f"scalar type {self.rhs.type} differs from element type {lt.element_type}"
            )


@located_op
@irdl_op_definition
class AddsOp(_Scalar):
    """``tile + scalar`` (Vec)."""

    name = "tile.adds"
    traits = traits_def(_V, _VEC, PtoasElements(ARITH, ARITH_A5 | {BF16}))


@located_op
@irdl_op_definition
class SubsOp(_Scalar):
    """``tile - scalar`` (Vec)."""

    name = "tile.subs"
    traits = traits_def(_V, _VEC, PtoasElements(ARITH, ARITH_A5 | {BF16}))


@located_op
@irdl_op_definition
class MulsOp(_Scalar):
    """``tile * scalar`` (Vec)."""

    name = "tile.muls"
    traits = traits_def(_V, _VEC, PtoasElements(ARITH, ARITH_A5 | {BF16}))


@located_op
@irdl_op_definition
class DivsOp(_Scalar):
    """``tile / scalar`` (Vec)."""

    name = "tile.divs"
    traits = traits_def(_V, _VEC, PtoasElements(ARITH, ARITH_A5))


class _Unary(TileComputeOp):
    """``op(tile)`` elementwise, result of the input's shape and dtype."""

    source = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(_V, _VEC)

    def verify_(self) -> None:
        st = tile_type_of(self.source, "source")
        _in_vec(st, "source")
        _same(st, tile_type_of(self.result, "result"), "source", "result")
        keeps_valid(st, tile_type_of(self.result, "result"), "source")


@located_op
@irdl_op_definition
class ExpOp(_Unary):
    """Elementwise exp (Vec)."""

    name = "tile.exp"
    traits = traits_def(_V, _VEC, PtoasElements(FLOATS, FLOATS), elementwise(0))


@located_op
@irdl_op_definition
class LogOp(_Unary):
    """Elementwise natural log (Vec)."""

    name = "tile.log"
    traits = traits_def(_V, _VEC, PtoasElements(FLOATS, FLOATS), elementwise(0))


@located_op
@irdl_op_definition
class SqrtOp(_Unary):
    """Elementwise square root (Vec)."""

    name = "tile.sqrt"
    traits = traits_def(_V, _VEC, PtoasElements(FLOATS, FLOATS), elementwise(0))


@located_op
@irdl_op_definition
class NegOp(_Unary):
    """Elementwise negation (Vec)."""

    name = "tile.neg"
    traits = traits_def(_V, _VEC, PtoasElements(ARITH, ARITH_A5 | {BF16}))


@located_op
@irdl_op_definition
class AbsOp(_Unary):
    """Elementwise absolute value (Vec)."""

    name = "tile.abs"
    traits = traits_def(_V, _VEC, PtoasElements(FLOATS, FLOATS), elementwise(0))


@located_op
@irdl_op_definition
class ReluOp(_Unary):
    """Elementwise max(x, 0) (Vec)."""

    name = "tile.relu"
    traits = traits_def(_V, _VEC, PtoasElements(frozenset({F32, F16, I32}), frozenset({F32, F16, I32})), elementwise(0))


@located_op
@irdl_op_definition
class RecipOp(_Unary):
    """Elementwise 1/x (Vec); not in-place safe."""

    name = "tile.recip"
    traits = traits_def(_V, _VEC, NotInplaceSafe(), PtoasElements(FLOATS, FLOATS), elementwise(0))


@located_op
@irdl_op_definition
class RsqrtOp(TileComputeOp):
    """Elementwise 1/sqrt(x) with an optional tmp scratch (Vec); not in-place safe."""

    name = "tile.rsqrt"
    source = operand_def(TileType)
    tmp = opt_operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(_V, _VEC, NotInplaceSafe(), PtoasElements(FLOATS, FLOATS), elementwise(0, 1))

    def verify_(self) -> None:
        st = tile_type_of(self.source, "source")
        _in_vec(st, "source")
        _same(st, tile_type_of(self.result, "result"), "source", "result")
        keeps_valid(st, tile_type_of(self.result, "result"), "source")


def cast_4bit_pair(op: Operation, target: str) -> str | None:
    """ptoas v0.48 converts a 4-bit tile to or from bf16 only ("expects A5
    tcvt low-precision type pairs to match PTO-ISA support" for f16, f32 and
    f8E4M3FN)."""
    src, dst = op.operands[0].type, op.results[0].type
    assert isinstance(src, TileType) and isinstance(dst, TileType)
    pair = (src.element_type, dst.element_type)
    four = [e for e in pair if is_4bit(e)]
    if not four or len(four) == 2 or any(isinstance(e, BFloat16Type) for e in pair):
        return None
    return f"converts {four[0]} to or from bf16 only, not {pair[0]} -> {pair[1]}"


@located_op
@irdl_op_definition
class CastOp(TileComputeOp):
    """Elementwise conversion to the result's element type (Vec), optional
    rounding ``mode`` (none, rint, round, floor, ceil, trunc, odd, cast_rint)."""

    name = "tile.cast"
    source = operand_def(TileType)
    result = result_def(TileType)
    mode = opt_attr_def(StringAttr)
    traits = traits_def(_V, _VEC, CastNoAlias(0), PtoasWholeRows((0,)), PtoasCheck(cast_4bit_pair))

    def verify_(self) -> None:
        st = tile_type_of(self.source, "source")
        _in_vec(st, "source")
        _same(st, tile_type_of(self.result, "result"), "source", "result", dtype=False)
        keeps_valid(st, tile_type_of(self.result, "result"), "source")
        if self.mode is not None and self.mode.data not in ROUND_MODES:
            raise VerifyException(f"mode must be one of {', '.join(ROUND_MODES)}, got '{self.mode.data}'")


class _RowReduce(TileComputeOp):
    """Row reduction ``[M, N] -> [M, 1]`` with a tmp scratch of the input's
    shape; not in-place safe (TROW* reads whole rows and tmp while writing)."""

    source = operand_def(TileType)
    tmp = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(_V, _VEC, NotInplaceSafe())

    def verify_(self) -> None:
        st = tile_type_of(self.source, "source")
        tt = tile_type_of(self.tmp, "tmp")
        rt = tile_type_of(self.result, "result")
        _in_vec(st, "source")
        _in_vec(tt, "tmp")
        if len(st.get_shape()) != 2:
            raise VerifyException("row reduction needs a 2-D source")
        m = st.get_shape()[0]
        if rt.get_shape() != (m, 1):
            raise VerifyException(f"result must be [{m}, 1], got {_shape(rt)}")
        if rt.element_type != st.element_type:
            raise VerifyException("result element type differs from source")
        keeps_valid(st, rt, "source", "rows")
        if self.tmp is self.source:
            raise VerifyException("tmp is scratch the op overwrites; it must not be the source")
        if tt.size_bytes < st.size_bytes:
            raise VerifyException(
                f"tmp ({tt.size_bytes} bytes) is smaller than the source ({st.size_bytes} bytes)"
            )


@located_op
@irdl_op_definition
class RowSumOp(_RowReduce):
    """Row sum ``[M, N] -> [M, 1]``."""

    name = "tile.row_sum"
    traits = traits_def(_V, _VEC, NotInplaceSafe(), PtoasElements(ARITH, ARITH), PtoasRowMajor((0,), result=False))


@located_op
@irdl_op_definition
class RowMaxOp(_RowReduce):
    """Row max ``[M, N] -> [M, 1]``."""

    name = "tile.row_max"
    traits = traits_def(_V, _VEC, NotInplaceSafe(), PtoasElements(ARITH, ARITH), PtoasRowMajor((0,), result=False))


@located_op
@irdl_op_definition
class RowMinOp(_RowReduce):
    """Row min ``[M, N] -> [M, 1]``."""

    name = "tile.row_min"
    traits = traits_def(_V, _VEC, NotInplaceSafe(), PtoasElements(ARITH, ARITH), PtoasRowMajor((0,), result=False))


class _RowExpand(TileComputeOp):
    """Broadcast a ``[M, 1]`` row vector (operand 1) across ``tile``'s rows;
    the result must not alias the vector (it is re-read for every row)."""

    tile = operand_def(TileType)
    vec = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(_V, _VEC, NoAlias(1))

    def verify_(self) -> None:
        t = tile_type_of(self.tile, "tile")
        v = tile_type_of(self.vec, "row vector")
        _in_vec(t, "tile")
        _in_vec(v, "row vector")
        _same(t, tile_type_of(self.result, "result"), "tile", "result")
        keeps_valid(t, tile_type_of(self.result, "result"), "tile")
        if len(t.get_shape()) != 2 or v.get_shape() != (t.get_shape()[0], 1):
            raise VerifyException(
                f"row vector must be [{t.get_shape()[0]}, 1], got {_shape(v)}"
            )
        if v.element_type != t.element_type:
            raise VerifyException("row vector element type differs from tile")


@located_op
@irdl_op_definition
class RowExpandOp(_RowExpand):
    """Broadcast the row vector to the target's shape."""

    name = "tile.row_expand"
    traits = traits_def(_V, _VEC, NoAlias(1), PtoasElements(ARITH | {BF16, I8}, ARITH | {BF16, I8}), PtoasRowMajor(()))


@located_op
@irdl_op_definition
class RowExpandSubOp(_RowExpand):
    """``tile - broadcast(row_vec)``."""

    name = "tile.row_expand_sub"
    traits = traits_def(_V, _VEC, NoAlias(1), PtoasElements(ARITH, ARITH_A5), PtoasRowMajor((0,)))


@located_op
@irdl_op_definition
class RowExpandMulOp(_RowExpand):
    """``tile * broadcast(row_vec)``."""

    name = "tile.row_expand_mul"
    traits = traits_def(_V, _VEC, NoAlias(1), PtoasElements(ARITH, ARITH_A5), PtoasRowMajor((0,)))


@located_op
@irdl_op_definition
class RowExpandDivOp(_RowExpand):
    """``tile / broadcast(row_vec)``."""

    name = "tile.row_expand_div"
    traits = traits_def(_V, _VEC, NoAlias(1), PtoasElements(FLOATS, ARITH_A5), PtoasRowMajor((0,)))


@located_op
@irdl_op_definition
class RowExpandAddOp(_RowExpand):
    """``tile + broadcast(row_vec)`` with an optional tmp (operand 2); the
    result aliases neither the vector nor tmp."""

    name = "tile.row_expand_add"
    # Redeclared so the optional tmp comes last in the operand order.
    tile = operand_def(TileType)
    vec = operand_def(TileType)
    tmp = opt_operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(_V, _VEC, NoAlias(1), NoAlias(2), PtoasElements(ARITH, ARITH_A5), PtoasRowMajor((0,)))


class _ColExpand(TileComputeOp):
    """Broadcast a ``[1, N]`` column tile (operand 1) down ``target``'s
    columns; the result must not alias it."""

    target = operand_def(TileType)
    vec = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(_V, _VEC, NoAlias(1))

    def verify_(self) -> None:
        t = tile_type_of(self.target, "target")
        v = tile_type_of(self.vec, "column tile")
        _in_vec(t, "target")
        _in_vec(v, "column tile")
        _same(t, tile_type_of(self.result, "result"), "target", "result")
        keeps_valid(t, tile_type_of(self.result, "result"), "target")
        if len(t.get_shape()) != 2 or v.get_shape() != (1, t.get_shape()[1]):
            raise VerifyException(
                f"column tile must be [1, {t.get_shape()[-1]}], got {_shape(v)}"
            )
        if v.element_type != t.element_type:
            raise VerifyException("column tile element type differs from target")


@located_op
@irdl_op_definition
class ColExpandOp(_ColExpand):
    """Broadcast the column tile to the target's shape."""

    name = "tile.col_expand"
    traits = traits_def(_V, _VEC, NoAlias(1), PtoasElements(ARITH | {BF16, I8}, ARITH | {BF16, I8}), PtoasRowMajor(()))


@located_op
@irdl_op_definition
class ColExpandAddOp(_ColExpand):
    """``target + broadcast(col)``."""

    name = "tile.col_expand_add"
    traits = traits_def(_V, _VEC, NoAlias(1), PtoasElements(ARITH, ARITH_A5), PtoasRowMajor((0,)), PtoasWholeRows((0, 1)))


@located_op
@irdl_op_definition
class ColExpandSubOp(_ColExpand):
    """``target - broadcast(col)``."""

    name = "tile.col_expand_sub"
    traits = traits_def(_V, _VEC, NoAlias(1), PtoasElements(ARITH, ARITH_A5), PtoasRowMajor((0,)), PtoasWholeRows((0, 1)))


@located_op
@irdl_op_definition
class ColExpandMulOp(_ColExpand):
    """``target * broadcast(col)``."""

    name = "tile.col_expand_mul"
    traits = traits_def(_V, _VEC, NoAlias(1), PtoasElements(ARITH, ARITH_A5), PtoasRowMajor((0,)), PtoasWholeRows((0, 1)))


@located_op
@irdl_op_definition
class ColExpandDivOp(_ColExpand):
    """``target / broadcast(col)``."""

    name = "tile.col_expand_div"
    traits = traits_def(_V, _VEC, NoAlias(1), PtoasElements(FLOATS, ARITH_A5), PtoasRowMajor((0,)), PtoasWholeRows((0, 1)))


@located_op
@irdl_op_definition
class SelOp(TileComputeOp):
    """``mask ? lhs : rhs`` with a tmp scratch; the result aliases neither the
    mask (operand 0) nor tmp (operand 3)."""

    name = "tile.sel"
    mask = operand_def(TileType)
    lhs = operand_def(TileType)
    rhs = operand_def(TileType)
    tmp = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(
        _V, _VEC, NoAlias(0), NoAlias(3), PtoasElements(ARITH | {BF16}, ARITH_A5 | {BF16}), elementwise(0, 1, 2)
    )

    def verify_(self) -> None:
        lt, rt = tile_type_of(self.lhs, "lhs"), tile_type_of(self.rhs, "rhs")
        _same(lt, rt, "lhs", "rhs")
        _same(lt, tile_type_of(self.result, "result"), "lhs", "result")
        m = tile_type_of(self.mask, "mask")
        if m.get_shape()[0] != lt.get_shape()[0]:
            raise VerifyException("mask rows differ from lhs rows")


ROUND_MODES = ("none", "rint", "round", "floor", "ceil", "trunc", "odd", "cast_rint")
CMP_MODES = ("eq", "ne", "lt", "le", "gt", "ge")


class _Cmp(TileComputeOp):
    """Compare to a mask tile; ``cmp_mode`` is one of eq, ne, lt, le, gt, ge."""

    lhs = operand_def(TileType)
    rhs = operand_def(AnyAttr())
    result = result_def(TileType)
    cmp_mode = opt_attr_def(StringAttr)
    traits = traits_def(_V, _VEC)

    def verify_(self) -> None:
        lt = tile_type_of(self.lhs, "lhs")
        _in_vec(lt, "lhs")
        rt = tile_type_of(self.result, "result")
        if rt.get_shape()[0] != lt.get_shape()[0]:
            raise VerifyException("mask rows differ from lhs rows")
        if self.cmp_mode is not None and self.cmp_mode.data not in CMP_MODES:
            raise VerifyException(f"cmp_mode must be one of {', '.join(CMP_MODES)}")


def cmp_mask_shape(op: Operation, target: str) -> str | None:
    """ptoas on a5 takes ``tcmp``'s mask in the compared tiles' shape (one
    element per compared pair; "expects src0, src1, and dst to have the same
    shape"), where a2/a3 also take a packed one."""
    lhs, mask = op.operands[0].type, op.results[0].type
    assert isinstance(lhs, TileType) and isinstance(mask, TileType)
    if family(target) == "a5" and mask.get_shape() != lhs.get_shape():
        return (
            f"takes tcmp's mask in the compared tiles' shape {list(lhs.get_shape())} (one "
            f"element per pair), not packed as {list(mask.get_shape())}"
        )
    return None


@located_op
@irdl_op_definition
class CmpOp(_Cmp):
    """Tile-tile compare into a mask."""

    name = "tile.cmp"
    traits = traits_def(
        _V,
        _VEC,
        PtoasElements(frozenset({F32, F16, I32}), ARITH_A5 | {BF16}, operand=0),
        PtoasCheck(cmp_mask_shape),
        PtoasWholeRows((0, 1), frozenset({"a5"})),
    )

    def verify_(self) -> None:
        super().verify_()
        _same(tile_type_of(self.lhs, "lhs"), tile_type_of(self.rhs, "rhs"), "lhs", "rhs")


@located_op
@irdl_op_definition
class CmpsOp(_Cmp):
    """Tile-scalar compare into a mask."""

    name = "tile.cmps"
    traits = traits_def(_V, _VEC, PtoasElements(ARITH, ARITH_A5, operand=0))
