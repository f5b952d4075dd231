"""Sorting tile ops (issue 23; reference/tile-op-semantics.md section 7, PTO
forms of ptoas v0.48 from /work/notes/pto-op-forms §7): ``sort32``,
``mrgsort_format1`` and ``mrgsort_format2``.

They sort *records*: a record is 8 bytes, a value of the tile's element
type (f16 or f32) at its start and a 32-bit index in its last 4 bytes (an
f16 record has 2 zero bytes between). A row of ``C`` f32 elements holds
``C / 2`` records, of f16 elements ``C / 4`` (:func:`record_elements`).
Sorting is by value, descending.

Text forms::

    %p = tile.sort32 %x, %i : (!tile.tile<1x512xf32, vec>, !tile.tile<1x512xui32, vec>) -> !tile.tile<1x1024xf32, vec>
    %m = tile.mrgsort_format1 %p, %bl : (!tile.tile<1x1024xf32, vec>, i32) -> !tile.tile<1x1024xf32, vec>
    %r = tile.mrgsort_format2 %a, %b, %tmp {exhausted} : (T1x64, T1x64, T1x128) -> T1x128

Memory traits (reference/tile-op-memory-traits.md): all three are
``not_inplace_safe`` (seed 002: the merge intrinsic needs src != dst).
"""

from __future__ import annotations

from xdsl.dialects.builtin import UnitAttr
from xdsl.irdl import AnyAttr, irdl_op_definition, operand_def, opt_attr_def, result_def, traits_def, var_operand_def
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.dialects.tile.base import TileComputeOp, located_op, tile_type_of
from xdsl_pto.dialects.tile.ptoas_traits import FLOATS, PtoasElements
from xdsl_pto.dialects.tile.sort_gather_base import (
    check_ptoas_elements,
    element_in,
    expect_extent,
    row_major_vec,
    same_extent,
    same_type,
    signless_integer,
)
from xdsl_pto.dialects.tile.traits import NotInplaceSafe
from xdsl_pto.dialects.tile.types import TileType, element_bytes
from xdsl_pto.dialects.tile.vector_ops import _V, _VEC
from xdsl_pto.dialects.tile.view_ops import constant_index

#: ``'pto.tsort32' op expects src and dst element type to be f16 or f32``,
#: ``'pto.tmrgsort' op expects element type to be f16 or f32`` (both targets).
SORT_ELEMENTS = PtoasElements(FLOATS, FLOATS)
#: ``'pto.tsort32' op expects idx element type to be i32/u32``.
SORT_INDEX_TYPES = frozenset({"i32", "ui32"})
#: Bytes of one (value, index) record.
RECORD_BYTES = 8


def record_elements(t: TileType) -> int:
    """Tile elements per 8-byte record: 2 for f32, 4 for f16."""
    return RECORD_BYTES // element_bytes(t.element_type)


@located_op
@irdl_op_definition
class Sort32Op(TileComputeOp):
    """Sort each 32-element block of each row, descending, into records:
    ``%p = tile.sort32 %src, %idx : (T[R, C], Ti[R, C]) -> T[R, C*f]``.

    ``src`` is f16 or f32, ``idx`` i32 or ui32 of ``src``'s shape and valid
    shape (the index the hardware pairs with each value). Valid columns are
    a multiple of 32 (no tail scratch: pypto never passes one). The result
    has ``f`` = :func:`record_elements` times the columns -- 2 for f32 (the
    reference's doubling) and 4 for f16 (pto-isa's expansion factor; pypto
    doubles every type, semantics sheet section 7 "f16 sizing is suspect");
    valid ``[VR, VC * f]``. Row-major Vec tiles; not in-place safe.
    """

    name = "tile.sort32"
    src = operand_def(TileType)
    idx = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(_V, _VEC, NotInplaceSafe(), SORT_ELEMENTS)

    def verify_(self) -> None:
        src, idx = tile_type_of(self.src, "src"), tile_type_of(self.idx, "idx")
        res = tile_type_of(self.result, "result")
        (rows, cols), (vr, vc) = row_major_vec(src, "src")
        check_ptoas_elements(self)
        row_major_vec(idx, "idx")
        element_in(idx, SORT_INDEX_TYPES, "idx")
        same_extent(idx, src, "idx", "src")
        if vc % 32:
            raise VerifyException(f"src valid columns must be a multiple of 32 (whole blocks), got {vc}")
        row_major_vec(res, "result")
        if res.element_type != src.element_type:
            raise VerifyException(f"result element type {res.element_type} differs from src's {src.element_type}")
        f = record_elements(src)
        expect_extent(res, (rows, cols * f), (vr, vc * f), "result", f"one {RECORD_BYTES}-byte record per element")


@located_op
@irdl_op_definition
class MrgSortFormat1Op(TileComputeOp):
    """Merge runs of records: ``%m = tile.mrgsort_format1 %src, %bl : (T, i32) -> T``.

    Each repeat of ``4 * bl`` valid columns holds four runs of ``bl``
    columns, each sorted descending; the result holds each repeat merged
    into one run. ``src`` is one row (``'pto.tmrgsort' op expects src rows
    == 1``) of f16 or f32; ``bl`` is a signless integer (``index`` is
    refused by ptoas), a constant one positive and a multiple of 64 with the
    valid columns a multiple of ``4 * bl`` (1 to 255 repeats). The result
    has ``src``'s type. Not in-place safe (seed 002: src != dst).
    """

    name = "tile.mrgsort_format1"
    src = operand_def(TileType)
    block_len = operand_def(AnyAttr())
    result = result_def(TileType)
    traits = traits_def(_V, _VEC, NotInplaceSafe(), SORT_ELEMENTS)

    def verify_(self) -> None:
        src = tile_type_of(self.src, "src")
        (rows, _), (_, vc) = row_major_vec(src, "src")
        check_ptoas_elements(self)
        if rows != 1:
            raise VerifyException(f"src must be one row (ptoas: src rows == 1), got {rows}")
        signless_integer(self.block_len.type, "block_len")
        res = tile_type_of(self.result, "result")
        row_major_vec(res, "result")
        same_type(res, src, "result", "src")
        bl = constant_index(self.block_len)
        if bl is None:
            return
        if bl <= 0 or bl % 64:
            raise VerifyException(f"block_len must be positive and a multiple of 64, got {bl}")
        if vc % (4 * bl) or not 1 <= vc // (4 * bl) <= 255:
            raise VerifyException(
                f"src valid columns ({vc}) must be 1 to 255 repeats of 4 * block_len = {4 * bl}"
            )


@located_op
@irdl_op_definition
class MrgSortFormat2Op(TileComputeOp):
    """Merge 2 to 4 sorted record lists:
    ``%r = tile.mrgsort_format2 %a, %b[, %c, %d], %tmp [{exhausted}] : (...) -> T``.

    Every list is one row of f16 or f32 (one element type) whose valid
    columns hold its records, sorted descending; ``tmp`` (one row of that
    type) is the merge's scratch and gives the result's type: its columns
    hold every list's records (at least the sum of their valid columns).
    With ``exhausted`` the merge stops when one list runs out. Not in-place
    safe.
    """

    name = "tile.mrgsort_format2"
    src0 = operand_def(TileType)
    src1 = operand_def(TileType)
    more = var_operand_def(TileType)
    tmp = operand_def(TileType)
    exhausted = opt_attr_def(UnitAttr)
    result = result_def(TileType)
    traits = traits_def(_V, _VEC, NotInplaceSafe(), SORT_ELEMENTS)

    def sources(self) -> list:
        """The 2 to 4 lists, in order."""
        return [self.src0, self.src1, *self.more]

    def verify_(self) -> None:
        if len(self.more) > 2:
            raise VerifyException(f"takes 2 to 4 lists, got {2 + len(self.more)}")
        first = tile_type_of(self.src0, "src0")
        total = 0
        for i, v in enumerate(self.sources()):
            t = tile_type_of(v, f"src{i}")
            (rows, _), (_, vc) = row_major_vec(t, f"src{i}")
            if rows != 1:
                raise VerifyException(f"src{i} must be one row, got {rows}")
            if t.element_type != first.element_type:
                raise VerifyException(f"src{i} element type {t.element_type} differs from src0's {first.element_type}")
            total += vc
        tmp, res = tile_type_of(self.tmp, "tmp"), tile_type_of(self.result, "result")
        row_major_vec(tmp, "tmp")
        row_major_vec(res, "result")
        check_ptoas_elements(self)
        if tmp.element_type != first.element_type:
            raise VerifyException(f"tmp element type {tmp.element_type} differs from src0's {first.element_type}")
        if res.element_type != first.element_type or res.get_shape() != tmp.get_shape():
            raise VerifyException(
                f"result must have tmp's shape {list(tmp.get_shape())} and the lists' element type "
                f"{first.element_type}, got {list(res.get_shape())} {res.element_type}"
            )
        if res.get_valid_shape()[1] < total:
            raise VerifyException(
                f"result valid columns ({res.get_valid_shape()[1]}) must hold every list's records "
                f"({total} columns)"
            )


SORT_OPS = (Sort32Op, MrgSortFormat1Op, MrgSortFormat2Op)
"""The ops of this module, in the order the dialect registers them."""
