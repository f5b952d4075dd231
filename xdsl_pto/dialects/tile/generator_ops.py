"""Tile generators (issue 23): ``tile.ci`` (an integer sequence),
``tile.tri`` (a triangular 0/1 mask) and ``tile.random`` (Philox random
words). They read no tile; their result is a fresh Vec tile, so the traits
table lists no memory trait for them (reference/tile-op-semantics.md
section 4, /work/notes/pto-op-forms §4).

Scalars: an integer scalar whose width is the tile element's may be
signless for an unsigned tile (MLIR's ``arith.constant`` makes only
signless integers); the lowering then converts it to the tile's type with
``builtin.unrealized_conversion_cast``, as the reference does, because
``pto.tci`` wants ``S and dst element type to be exactly the same type``.
"""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerAttr, UnitAttr, i32
from xdsl.ir import Operation
from xdsl.irdl import AnyAttr, irdl_op_definition, operand_def, opt_attr_def, result_def, traits_def
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.dialects.tile.base import TileComputeOp, located_op, tile_type_of
from xdsl_pto.dialects.tile.ptoas_traits import ALL, ARITH, PtoasCheck, PtoasElements, family
from xdsl_pto.dialects.tile.reduction_ops import ALL_NINE, check_elements, elem_name
from xdsl_pto.dialects.tile.scalar_access_ops import check_element_value
from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.dialects.tile.vector_ops import _V, _VEC, _in_vec

#: ``pto.tci`` element types: ``'pto.tci' op expects dst element type to be
#: i16/i32`` (ui16/ui32 pass too, ptoas v0.48).
CI_TYPES = frozenset({"i16", "i32", "ui16", "ui32"})
#: ``pto.trandom`` element types: ``expects dst element type to be i32 or ui32``.
RANDOM_TYPES = frozenset({"i32", "ui32"})
#: The Philox round counts ``tile.random`` takes (10 is the default).
ROUNDS = (7, 10)


def check_generated(t: TileType, allowed: frozenset[str]) -> tuple[int, int]:
    """A generated result: a 2-D row-major Vec tile of one of ``allowed``;
    returns its shape.

    Raises:
        VerifyException: naming what is wrong.
    """
    _in_vec(t, "result")
    shape = t.get_shape()
    if len(shape) != 2:
        raise VerifyException(f"result must be a 2-D tile, got rank {len(shape)}")
    if t.blayout.data != "row_major":
        raise VerifyException(f"result must be row_major, got {t.blayout.data}")
    check_elements(t, allowed, "result")
    return shape[0], shape[1]


@located_op
@irdl_op_definition
class CiOp(TileComputeOp):
    """A contiguous integer sequence ``[1, N]``:
    ``%r = tile.ci %start {descending} : (i32) -> !tile.tile<1xNxi32, vec>``
    with ``r[0, k] = start + k`` (``start - k`` with ``descending``),
    wrapping in the element type.

    The result is ``[1, N]`` (N > 1), fully valid, of i16, i32, ui16 or
    ui32; ``start`` has that type (or is the signless integer of its width).
    """

    name = "tile.ci"
    start = operand_def(AnyAttr())
    descending = opt_attr_def(UnitAttr)
    result = result_def(TileType)
    traits = traits_def(_V, _VEC)

    def verify_(self) -> None:
        t = tile_type_of(self.result, "result")
        rows, cols = check_generated(t, CI_TYPES)
        if rows != 1 or cols == 1:
            raise VerifyException(f"result must be [1, N] with N > 1, got {[rows, cols]}")
        if t.get_valid_shape() != t.get_shape():
            raise VerifyException(f"result must be fully valid, got valid {list(t.get_valid_shape())}")
        check_element_value(self.start.type, t.element_type, "start")


@located_op
@irdl_op_definition
class TriOp(TileComputeOp):
    """A triangular 0/1 mask: ``%r = tile.tri %d {upper} : (i32) -> T``.

    Over the result's valid region, ``r[i, j] = 1`` when ``j <= i + d``
    (lower; ``j >= i + d`` with ``upper``), else 0; elements outside the
    valid region are not written (undefined). ``d`` is an i32 (a runtime
    value is fine); the result a row-major Vec tile (a partial static valid
    shape is fine) of f16, f32, i16, i32, ui16 or ui32 on every target, also
    bf16, i8 or ui8 on a5 (``'pto.ttri' op expects A2/A3 dst element type to
    be f16/f32/i16/i32/u16/u32``).
    """

    name = "tile.tri"
    diagonal = operand_def(AnyAttr())
    upper = opt_attr_def(UnitAttr)
    result = result_def(TileType)
    traits = traits_def(_V, _VEC, PtoasElements(ARITH, ALL))

    def verify_(self) -> None:
        check_generated(tile_type_of(self.result, "result"), ALL_NINE)
        if self.diagonal.type != i32:
            raise VerifyException(f"diagonal must be i32, got {self.diagonal.type}")


def _a5_only(op: Operation, target: str) -> str | None:
    """A :class:`~xdsl_pto.dialects.tile.ptoas_traits.PtoasCheck` whose
    phrase stands alone: ``'pto.trandom' op trandom is only supported for A5
    targets`` on a2/a3."""
    if family(target) != "a2a3":
        return None
    return "the op is only supported on a5 ('pto.trandom' op trandom is only supported for A5 targets)"


@located_op
@irdl_op_definition
class RandomOp(TileComputeOp):
    """Philox-4x32 random words (A5 only):
    ``%r = tile.random %k0, %k1, %c0, %c1, %c2, %c3 {rounds = 7 : i64} :
    (i32, i32, i32, i32, i32, i32) -> !tile.tile<RxCxui32, vec>``.

    Two key words and four counter words (i32 each), ``rounds`` 7 or 10
    (default 10); the result a row-major Vec tile of i32 or ui32 (a partial
    static valid shape is fine; elements outside it are not written). The
    word layout over the tile is :func:`xdsl_pto.interp.semantics_generators.philox_tile`'s.
    """

    name = "tile.random"
    key0 = operand_def(AnyAttr())
    key1 = operand_def(AnyAttr())
    counter0 = operand_def(AnyAttr())
    counter1 = operand_def(AnyAttr())
    counter2 = operand_def(AnyAttr())
    counter3 = operand_def(AnyAttr())
    rounds = opt_attr_def(IntegerAttr)
    result = result_def(TileType)
    traits = traits_def(_V, _VEC, PtoasCheck(_a5_only, source=None))

    def verify_(self) -> None:
        check_generated(tile_type_of(self.result, "result"), RANDOM_TYPES)
        for v, name in zip(self.operands, ("key0", "key1", "counter0", "counter1", "counter2", "counter3")):
            if v.type != i32:
                raise VerifyException(f"{name} must be i32, got {v.type}")
        if self.rounds is not None and self.rounds.value.data not in ROUNDS:
            raise VerifyException(f"rounds must be 7 or 10, got {self.rounds.value.data}")

    @property
    def round_count(self) -> int:
        """The Philox rounds (10 unless ``rounds`` says otherwise)."""
        return 10 if self.rounds is None else self.rounds.value.data


GENERATOR_OPS = (CiOp, TriOp, RandomOp)

__all__ = ["CiOp", "TriOp", "RandomOp", "GENERATOR_OPS", "CI_TYPES", "RANDOM_TYPES", "elem_name"]
