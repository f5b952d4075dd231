"""Scalar access to tiles and the SPMD block identity (issue 23):
``tile.read``, ``tile.write``, ``tile.get_block_idx``, ``tile.get_block_num``
(reference/tile-op-semantics.md section 4, /work/notes/pto-op-forms §4).

``read`` and ``write`` run on the scalar pipe (``pto.tgetval`` /
``pto.tsetval``). ``write`` is ``rw(0)`` in the traits table: it sets one
element of its tile in place, and its result IS that tile's buffer
(:class:`~xdsl_pto.dialects.tile.traits.ReadsWrites`).

Indices: one ``index`` per tile dimension, or one flat index (pypto's DSL
accepts both) counting elements in row-major order over the static shape
(of a row-major tile, or of a col_major one with one column).
The element is found in the tile's memory order: the PTO offset the
lowering computes is ``row * C + col`` for a row-major tile and
``col * R + row`` for a col-major one.
"""

from __future__ import annotations

from xdsl.dialects.builtin import IndexType, IntegerType, Signedness
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import AnyAttr, irdl_op_definition, operand_def, result_def, traits_def, var_operand_def
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.dialects.tile.base import TileComputeOp, located_op, tile_type_of
from xdsl_pto.dialects.tile.traits import HwPipe, ReadsWrites, RunsOn
from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.dialects.tile.vector_ops import _VEC, _in_vec
from xdsl_pto.dialects.tile.view_ops import constant_index

_S = RunsOn(HwPipe.SCALAR)


def check_element_access(tile: TileType, indices: tuple[SSAValue, ...]) -> None:
    """``indices`` address one element of ``tile``: a Vec tile without boxes
    (``'pto.tgetval' op expects src memory space to be vec``), one index per
    dimension or one flat index, constant ones inside the shape.

    Raises:
        VerifyException: naming the rule broken.
    """
    _in_vec(tile, "tile")
    if tile.slayout.data != "none_box":
        raise VerifyException(f"tile must not be boxed (slayout none_box), got {tile.slayout.data}")
    shape = tile.get_shape()
    if len(indices) not in (1, len(shape)):
        raise VerifyException(
            f"expected {len(shape)} indices (one per dimension) or one flat index, got {len(indices)}"
        )
    flat = len(indices) != len(shape)
    if flat and tile.blayout.data == "col_major" and min(shape) > 1:
        raise VerifyException(
            "a flat index counts elements in row-major order: index a col_major tile with one index per dimension"
        )
    bounds = (_numel(shape),) if flat else shape
    for axis, (v, n) in enumerate(zip(indices, bounds)):
        k = constant_index(v)
        if k is not None and not 0 <= k < n:
            raise VerifyException(f"index {k} is outside dimension {axis} of size {n}")


def _numel(shape: tuple[int, ...]) -> int:
    n = 1
    for d in shape:
        n *= d
    return n


def check_element_value(value: Attribute, elem: Attribute, what: str) -> None:
    """``value`` (a type) is ``elem``, or the signless integer of an
    unsigned ``elem``'s width (MLIR constants are signless; the lowering
    converts it).

    Raises:
        VerifyException: ``<what> type X differs from element type Y``.
    """
    if value == elem:
        return
    if (
        isinstance(value, IntegerType)
        and isinstance(elem, IntegerType)
        and elem.signedness.data is Signedness.UNSIGNED
        and value.signedness.data is Signedness.SIGNLESS
        and value.width == elem.width
    ):
        return
    raise VerifyException(f"{what} type {value} differs from element type {elem}")


@located_op
@irdl_op_definition
class ReadOp(TileComputeOp):
    """One element of a Vec tile as a scalar:
    ``%v = tile.read %t, %i, %j : (T, index, index) -> f32`` (scalar pipe).
    The result has the tile's element type."""

    name = "tile.read"
    tile = operand_def(TileType)
    indices = var_operand_def(IndexType)
    result = result_def(AnyAttr())
    traits = traits_def(_S)

    def verify_(self) -> None:
        t = tile_type_of(self.tile, "tile")
        check_element_access(t, tuple(self.indices))
        if self.result.type != t.element_type:
            raise VerifyException(f"result type {self.result.type} differs from element type {t.element_type}")


@located_op
@irdl_op_definition
class WriteOp(TileComputeOp):
    """One element of a Vec tile set in place:
    ``%t2 = tile.write %t, %i, %j, %v : (T, index, index, f32) -> T``
    (scalar pipe). ``rw(0)``: the result is ``%t``'s buffer with that one
    element replaced; ``%v`` has the element type."""

    name = "tile.write"
    tile = operand_def(TileType)
    indices = var_operand_def(IndexType)
    value = operand_def(AnyAttr())
    result = result_def(TileType)
    traits = traits_def(_S, _VEC, ReadsWrites(0))

    def verify_(self) -> None:
        t = tile_type_of(self.tile, "tile")
        check_element_access(t, tuple(self.indices))
        if isinstance(self.value.type, TileType):
            raise VerifyException("the value must be a scalar, not a tile")
        check_element_value(self.value.type, t.element_type, "value")
        if not t.same_data_type(tile_type_of(self.result, "result")):
            raise VerifyException("result type differs from the tile's (the op writes in place)")


class _BlockQuery(TileComputeOp):
    """An SPMD identity query: ``%b = tile.get_block_idx : index``. No
    operands; the lowering reads the kernel's hidden trailing i32 parameter
    (reference/tile-op-semantics.md section 4). Pure: no memory effect, the
    same value all through a kernel, so ``expand-mixed-kernel`` copies it into
    each core's function that reads it."""

    result = result_def(AnyAttr())
    traits = traits_def(Pure())

    def __init__(self) -> None:
        super().__init__(result_types=[IndexType()])

    def verify_(self) -> None:
        if not isinstance(self.result.type, IndexType):
            raise VerifyException(f"result must be index, got {self.result.type}")


@located_op
@irdl_op_definition
class GetBlockIdxOp(_BlockQuery):
    """The index of the SPMD block running this kernel (0 to num - 1)."""

    name = "tile.get_block_idx"


@located_op
@irdl_op_definition
class GetBlockNumOp(_BlockQuery):
    """The number of SPMD blocks of the current task."""

    name = "tile.get_block_num"


#: The block queries, whose value each run chooses (``xdsl-pto run --block-idx``).
BLOCK_QUERY_OPS = (GetBlockIdxOp, GetBlockNumOp)
SCALAR_ACCESS_OPS = (ReadOp, WriteOp, GetBlockIdxOp, GetBlockNumOp)
