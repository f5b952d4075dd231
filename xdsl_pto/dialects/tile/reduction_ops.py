"""Row and column reductions beyond row_sum/max/min (issue 23): ``row_prod``,
``col_sum``, ``col_max``, ``col_min``, ``col_prod`` and the arg-reductions
``row_argmax``, ``row_argmin``, ``col_argmax``, ``col_argmin``.

Shapes (reference/tile-op-semantics.md section 3): a row reduction of an
``[R, C]`` tile with valid ``[VR, VC]`` is ``[R, 1]`` (col_major) with valid
``[VR, 1]``; a column reduction is ``[1, C]`` (row_major) with valid
``[1, VC]``. The value reductions keep the source's element type, the
arg-reductions give i32 or ui32 indices. Every source is a row-major Vec tile
(``'pto.tcolmax' op expects src to use the row_major blayout``).

Memory traits follow reference/tile-op-memory-traits.md exactly:
``row_prod`` and the four arg-reductions are ``not_inplace_safe``; the
column value reductions (``col_sum`` with its optional tmp included) have no
trait. Element types follow ptoas v0.48 (/work/notes/pto-op-forms §3): the
verifier refuses a type no target accepts; the per-target rest is declared
with the ptoas rule traits (:class:`~xdsl_pto.dialects.tile.ptoas_traits.PtoasElements`,
:class:`~xdsl_pto.dialects.tile.ptoas_traits.PtoasCheck`), checked by
``convert-tile-to-pto``.
"""

from __future__ import annotations

import math
from typing import ClassVar

from xdsl.ir import Operation
from xdsl.irdl import irdl_op_definition, operand_def, opt_operand_def, result_def, traits_def
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.dialects.tile.base import TileComputeOp, located_op, tile_type_of
from xdsl_pto.dialects.tile.ptoas_traits import ALL, ARITH, BF16, PtoasCheck, PtoasElements, family
from xdsl_pto.dialects.tile.traits import NotInplaceSafe
from xdsl_pto.dialects.tile.types import TileType, element_bytes
from xdsl_pto.dialects.tile.vector_ops import _V, _VEC, _in_vec, _RowReduce

#: The element types the A2/A3 reductions take (f16/f32/i16/i32 and the
#: unsigned 16/32-bit forms): ``'pto.tcolsum' op expects A2/A3 tcolsum
#: element type to be f16/f32/i16/i32`` (ui16/ui32 pass, ptoas v0.48).
BASIC = frozenset({"f16", "f32", "i16", "i32", "ui16", "ui32"})
#: Every element type the A5 column reductions take.
ALL_NINE = BASIC | {"bf16", "i8", "ui8"}
#: ``tcolprod`` on A5: ``expects A5 tcolprod element type to be
#: i16/ui16/i32/ui32/f16/bf16/f32``.
COLPROD_A5 = BASIC | {"bf16"}
#: The index element types of an arg-reduction's result.
INDEX_TYPES = frozenset({"i32", "ui32"})
#: ``tcolargmax``'s A2/A3 sources (pto-isa; ptoas v0.48 does not check them).
COLARG_A2A3 = frozenset({"f16", "f32", "ui16", "ui32"})
#: The element kinds (:mod:`~xdsl_pto.dialects.tile.ptoas_traits`) the A2/A3
#: column reductions take (:data:`BASIC`), and the A5 ones
#: (:data:`ALL_NINE`; ``tcolprod``: :data:`COLPROD_A5`).
COLUMN_ELEMENTS = PtoasElements(ARITH, ALL, operand=0)
COLPROD_ELEMENTS = PtoasElements(ARITH, ARITH | {BF16}, operand=0)


def elem_name(t: TileType) -> str:
    """The element type of ``t`` as the dialect prints it (``f32``, ``ui16``)."""
    return str(t.element_type)


def check_elements(t: TileType, allowed: frozenset[str], what: str) -> None:
    """``t``'s element type is one of ``allowed``.

    Raises:
        VerifyException: ``<what> element type must be one of ..., got ...``.
    """
    if elem_name(t) not in allowed:
        raise VerifyException(
            f"{what} element type must be one of {', '.join(sorted(allowed))}, got {elem_name(t)}"
        )


def check_row_major_source(t: TileType) -> tuple[int, int, int, int]:
    """A 2-D row-major Vec source; returns ``(R, C, VR, VC)``.

    Raises:
        VerifyException: for another rank, memory space or block layout.
    """
    _in_vec(t, "source")
    if len(t.get_shape()) != 2:
        raise VerifyException(f"the source must be a 2-D tile, got rank {len(t.get_shape())}")
    if t.blayout.data != "row_major":
        raise VerifyException(f"the source must be row_major (ptoas reads rows), got {t.blayout.data}")
    (r, c), (vr, vc) = t.get_shape(), t.get_valid_shape()
    return r, c, vr, vc


def check_reduced(src: TileType, res: TileType, axis: str, index_result: bool) -> None:
    """``res`` is the reduction of ``src`` along ``axis`` (``row``: one value
    per row, ``[R, 1]`` valid ``[VR, 1]``; ``col``: one per column, ``[1, C]``
    valid ``[1, VC]``) in Vec, of ``src``'s element type or -- for an
    arg-reduction -- i32 / ui32.

    Raises:
        VerifyException: naming the shape, valid shape or element type wanted.
    """
    r, c, vr, vc = check_row_major_source(src)
    shape, valid = ((r, 1), (vr, 1)) if axis == "row" else ((1, c), (1, vc))
    if res.get_shape() != shape:
        raise VerifyException(f"result must be {list(shape)}, got {list(res.get_shape())}")
    dyn = src.dynamic_valid()
    want_dyn = (dyn[0], False) if axis == "row" else (False, dyn[1])
    if res.get_valid_shape() != valid or res.dynamic_valid() != want_dyn:
        want = "[" + ", ".join("?" if d else str(v) for v, d in zip(valid, want_dyn)) + "]"
        raise VerifyException(
            f"result valid shape must be {want} (the source's valid {'rows' if axis == 'row' else 'columns'}), "
            f"got {res.valid_text()}"
        )
    if index_result:
        check_elements(res, INDEX_TYPES, "result")
    elif res.element_type != src.element_type:
        raise VerifyException(
            f"result element type {res.element_type} differs from the source's {src.element_type}"
        )


class _ColReduce(TileComputeOp):
    """A column value reduction ``[R, C] -> [1, C]`` (no scratch); in-place
    safe (the traits table lists no trait)."""

    source = operand_def(TileType)
    result = result_def(TileType)

    #: Element types some target accepts (the verifier's check).
    ELEMENTS: ClassVar[frozenset[str]] = ALL_NINE

    def verify_(self) -> None:
        src = tile_type_of(self.source, "source")
        check_reduced(src, tile_type_of(self.result, "result"), "col", False)
        check_elements(src, self.ELEMENTS, "source")


@located_op
@irdl_op_definition
class ColMaxOp(_ColReduce):
    """Column maxima: ``%r = tile.col_max %x : (T) -> T1xC``
    (``max(x[:VR, :VC], axis=0)``, NaN propagates)."""

    name = "tile.col_max"
    traits = traits_def(_V, _VEC, COLUMN_ELEMENTS)


@located_op
@irdl_op_definition
class ColMinOp(_ColReduce):
    """Column minima: ``%r = tile.col_min %x : (T) -> T1xC``."""

    name = "tile.col_min"
    traits = traits_def(_V, _VEC, COLUMN_ELEMENTS)


@located_op
@irdl_op_definition
class ColProdOp(_ColReduce):
    """Column products: ``%r = tile.col_prod %x : (T) -> T1xC``."""

    name = "tile.col_prod"
    ELEMENTS: ClassVar[frozenset[str]] = COLPROD_A5
    traits = traits_def(_V, _VEC, COLPROD_ELEMENTS)


@located_op
@irdl_op_definition
class ColSumOp(_ColReduce):
    """Column sums: ``%r = tile.col_sum %x[, %tmp] : (T[, Tt]) -> T1xC``.

    With ``tmp`` (a Vec tile of the source's element type, at least as many
    columns as the source has valid columns) ptoas sums by a binary tree
    (``pto.tcolsum ins(%x, %tmp {isBinary = true} ...)``); the traits table
    lists no trait for it, so the planner may place the result on either
    operand.
    """

    name = "tile.col_sum"
    source = operand_def(TileType)
    tmp = opt_operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(_V, _VEC, COLUMN_ELEMENTS)

    def verify_(self) -> None:
        super().verify_()
        if self.tmp is None:
            return
        src, tmp = tile_type_of(self.source, "source"), tile_type_of(self.tmp, "tmp")
        _in_vec(tmp, "tmp")
        if tmp.element_type != src.element_type:
            raise VerifyException(
                f"tmp element type {tmp.element_type} differs from the source's {src.element_type}"
            )
        vc = src.get_valid_shape()[-1]
        if tmp.get_shape()[-1] < vc:
            raise VerifyException(
                f"tmp needs at least {vc} columns (the source's valid columns), got {tmp.get_shape()[-1]}"
            )


@located_op
@irdl_op_definition
class RowProdOp(_RowReduce):
    """Row products ``[R, C] -> [R, 1]`` with a tmp scratch (the row_sum
    rules): ``%r = tile.row_prod %x, %tmp : (T, Tt) -> TRx1``; not in-place
    safe. Element types f16, f32, i16, i32, ui16, ui32 on every target
    (``'pto.trowprod' op expects A2/A3 trowprod element type to be
    i16/i32/f16/f32``)."""

    name = "tile.row_prod"

    def verify_(self) -> None:
        super().verify_()
        src = tile_type_of(self.source, "source")
        check_reduced(src, tile_type_of(self.result, "result"), "row", False)
        check_elements(src, BASIC, "source")


class _ArgReduce(TileComputeOp):
    """An arg-reduction: the index of the first extreme element of each row
    (``AXIS = "row"``) or column, as i32 / ui32; ``tmp`` is a Vec scratch the
    PTO op requires; not in-place safe."""

    source = operand_def(TileType)
    tmp = operand_def(TileType)
    result = result_def(TileType)

    AXIS: ClassVar[str]
    #: Source element types some target accepts.
    ELEMENTS: ClassVar[frozenset[str]]

    def verify_(self) -> None:
        src = tile_type_of(self.source, "source")
        check_reduced(src, tile_type_of(self.result, "result"), self.AXIS, True)
        check_elements(src, self.ELEMENTS, "source")
        _in_vec(tile_type_of(self.tmp, "tmp"), "tmp")
        if self.tmp is self.source:
            raise VerifyException("tmp is scratch the op overwrites; it must not be the source")


class _RowArg(_ArgReduce):
    """Row arg-reduction ``[R, C] -> [R, 1]`` (i32/ui32); ``tmp`` has exactly
    the source's shape and element type (the reference's rule; ptoas v0.48
    asks A2/A3 for the element type and enough valid rows)."""

    AXIS: ClassVar[str] = "row"
    ELEMENTS: ClassVar[frozenset[str]] = BASIC
    traits = traits_def(_V, _VEC, NotInplaceSafe())

    def verify_(self) -> None:
        super().verify_()
        src, tmp = tile_type_of(self.source, "source"), tile_type_of(self.tmp, "tmp")
        if tmp.get_shape() != src.get_shape() or tmp.element_type != src.element_type:
            raise VerifyException(
                f"tmp must have the source's shape and element type "
                f"{list(src.get_shape())}x{src.element_type}, got {list(tmp.get_shape())}x{tmp.element_type}"
            )


@located_op
@irdl_op_definition
class RowArgmaxOp(_RowArg):
    """``%i = tile.row_argmax %x, %tmp : (T, T) -> !tile.tile<Rx1xi32, vec>``:
    per row, the column of the first maximum within the valid region."""

    name = "tile.row_argmax"


@located_op
@irdl_op_definition
class RowArgminOp(_RowArg):
    """``%i = tile.row_argmin %x, %tmp : (T, T) -> !tile.tile<Rx1xi32, vec>``:
    per row, the column of the first minimum within the valid region."""

    name = "tile.row_argmin"


def colarg_tmp_columns(src: TileType) -> int:
    """The valid columns an A2/A3 ``tcolargmax`` / ``tcolargmin`` needs in its
    tmp for ``src``: with ``b`` elements per 32-byte block and ``n`` 256-byte
    repeats covering the source's valid columns, ``b * (ceil(n / b) + ceil(2n
    / b))`` -- measured on ptoas v0.48 (f32: 16 columns up to 256, 24 for 512,
    40 for 520 and 768, 48 for 1024, 96 for 2048; f16: 32 up to 1024, 48 for
    2048): ``'pto.tcolargmax' op expects A2/A3 tmp valid_shape[1] to be at
    least 16 for src valid_shape[1] = 64``."""
    return colarg_tmp_width(src.get_valid_shape()[-1], element_bytes(src.element_type))


def colarg_tmp_width(columns: int, elem_bytes: int) -> int:
    """:func:`colarg_tmp_columns` for ``columns`` valid source columns of
    ``elem_bytes``-byte elements."""
    block = 32 // elem_bytes
    repeats = math.ceil(columns * elem_bytes / 256)
    return block * (math.ceil(repeats / block) + math.ceil(2 * repeats / block))


def _colarg_a2a3(op: Operation, target: str) -> str | None:
    """The A2/A3 rules of ``tcolargmax`` / ``tcolargmin`` (a
    :class:`~xdsl_pto.dialects.tile.ptoas_traits.PtoasCheck` whose phrase
    stands alone): a source of f16, f32, ui16 or ui32 (pto-isa), a tmp of
    the source's element type with :func:`colarg_tmp_columns` valid columns
    (ptoas v0.48)."""
    if family(target) != "a2a3":
        return None
    src, tmp = op.operands[0].type, op.operands[1].type
    assert isinstance(src, TileType) and isinstance(tmp, TileType)
    if elem_name(src) not in COLARG_A2A3:
        return f"the source must be f16, f32, ui16 or ui32, got {elem_name(src)}"
    if tmp.element_type != src.element_type:
        return f"tmp must have the source's element type {src.element_type}, got {tmp.element_type}"
    need = colarg_tmp_columns(src)
    if tmp.get_valid_shape()[-1] < need:
        return (
            f"tmp needs at least {need} valid columns for {src.get_valid_shape()[-1]} source "
            f"columns of {src.element_type}, got {tmp.get_valid_shape()[-1]}"
        )
    return None


class _ColArg(_ArgReduce):
    """Column arg-reduction ``[R, C] -> [1, C]`` (i32/ui32); ``tmp`` of any
    shape (the reference's rule), with the A2/A3 rules of
    :func:`_colarg_a2a3`."""

    AXIS: ClassVar[str] = "col"
    #: A5 takes any 8-, 16- or 32-bit source (pto-isa).
    ELEMENTS: ClassVar[frozenset[str]] = ALL_NINE
    traits = traits_def(_V, _VEC, NotInplaceSafe(), PtoasCheck(_colarg_a2a3, source=None))


@located_op
@irdl_op_definition
class ColArgmaxOp(_ColArg):
    """``%i = tile.col_argmax %x, %tmp : (T, Tt) -> !tile.tile<1xCxi32, vec>``:
    per column, the row of the first maximum within the valid region."""

    name = "tile.col_argmax"


@located_op
@irdl_op_definition
class ColArgminOp(_ColArg):
    """``%i = tile.col_argmin %x, %tmp : (T, Tt) -> !tile.tile<1xCxi32, vec>``:
    per column, the row of the first minimum within the valid region."""

    name = "tile.col_argmin"


REDUCTION_OPS = (
    RowProdOp,
    ColSumOp,
    ColMaxOp,
    ColMinOp,
    ColProdOp,
    RowArgmaxOp,
    RowArgminOp,
    ColArgmaxOp,
    ColArgminOp,
)
