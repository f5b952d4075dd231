"""Cube (AIC) tile ops: matmul and its accumulate / bias forms."""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerType
from xdsl.irdl import irdl_op_definition, operand_def, result_def, traits_def
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.dialects.tile.base import TileComputeOp, located_op, tile_type_of
from xdsl_pto.dialects.tile.traits import (
    HwPipe,
    L0Operands,
    ResultSpace,
    Reuses,
    RunsOn,
)
from xdsl_pto.dialects.tile.types import MemorySpace, TileType

_ACC = ResultSpace(MemorySpace.ACC)


#: Where the cube's operands may sit in the IR. The MAD reads Left / Right
#: only; a Mat (or, for lhs, Vec) operand is a matmul that
#: ``auto-tile-matmul-l0`` still has to stage or tile
#: (pypto-docs/15-auto_tile_matmul_l0.md, "Algorithm" step 1: the right
#: operand feeds L0B from Mat; a Vec left operand is staged through Mat).
LHS_SPACES = (MemorySpace.LEFT, MemorySpace.MAT, MemorySpace.VEC)
RHS_SPACES = (MemorySpace.RIGHT, MemorySpace.MAT)


def _check_mnk(
    op: TileComputeOp, lhs: TileType, rhs: TileType, res: TileType, lhs_spaces=LHS_SPACES
) -> None:
    if lhs.memory_space not in lhs_spaces:
        names = ", ".join(s.value for s in lhs_spaces)
        raise VerifyException(f"lhs must be in {names}, got {lhs.memory_space.value}")
    if rhs.memory_space not in RHS_SPACES:
        raise VerifyException(f"rhs must be in right or mat, got {rhs.memory_space.value}")
    ls, rs, os_ = lhs.get_shape(), rhs.get_shape(), res.get_shape()
    if len(ls) != 2 or len(rs) != 2 or len(os_) != 2:
        raise VerifyException("matmul operands and result must be 2-D")
    if ls[1] != rs[0]:
        raise VerifyException(f"contraction mismatch: lhs is {list(ls)}, rhs is {list(rs)}")
    if os_ != (ls[0], rs[1]):
        raise VerifyException(
            f"result must be [{ls[0]}, {rs[1]}] for lhs {list(ls)} and rhs {list(rs)}, got {list(os_)}"
        )
    if lhs.element_type != rhs.element_type:
        raise VerifyException(
            f"lhs and rhs element types differ: {lhs.element_type} vs {rhs.element_type}"
        )
    want = ACC_ELEMENT.get(str(lhs.element_type))
    if want is None or str(res.element_type) != want:
        pairs = ", ".join(f"{o} x {o} -> {a}" for o, a in ACC_ELEMENT.items())
        raise VerifyException(
            f"{lhs.element_type} x {rhs.element_type} -> {res.element_type} is no cube "
            f"multiply; the cube takes {pairs} (ptoas v0.48, every target)"
        )
    del op


#: Operand element type -> the accumulator's, the pairs the cube multiplies
#: (ptoas v0.48's ``pto.tmatmul`` rule: (i32, i8, i8), (f32, f16, f16),
#: (f32, bf16, bf16), (f32, f32, f32); a3 and a5 alike).
ACC_ELEMENT: dict[str, str] = {"i8": "i32", "f16": "f32", "bf16": "f32", "f32": "f32"}


@located_op
@irdl_op_definition
class MatmulOp(TileComputeOp):
    """``acc = lhs x rhs``: Left ``[M, K]`` times Right ``[K, N]`` into a fresh
    Acc ``[M, N]``."""

    name = "tile.matmul"
    lhs = operand_def(TileType)
    rhs = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(RunsOn(HwPipe.CUBE), _ACC, L0Operands(0, 1))

    def verify_(self) -> None:
        _check_mnk(self, tile_type_of(self.lhs, "lhs"), tile_type_of(self.rhs, "rhs"), tile_type_of(self.result, "result"))


@located_op
@irdl_op_definition
class MatmulAccOp(TileComputeOp):
    """``acc = (init_cond ? 0 : acc) + lhs x rhs``, in place on operand 0.

    ``init_cond`` (i1): when true the op starts a fresh accumulation (the old
    accumulator is not read), else it accumulates. The result is operand 0's
    buffer either way (reuses(0); reference/tile-op-memory-traits.md).
    """

    name = "tile.matmul_acc"
    acc = operand_def(TileType)
    lhs = operand_def(TileType)
    rhs = operand_def(TileType)
    init_cond = operand_def(IntegerType(1))
    result = result_def(TileType)
    traits = traits_def(RunsOn(HwPipe.CUBE), _ACC, Reuses(0), L0Operands(1, 2))

    def verify_(self) -> None:
        a = tile_type_of(self.acc, "acc")
        r = tile_type_of(self.result, "result")
        _check_mnk(self, tile_type_of(self.lhs, "lhs"), tile_type_of(self.rhs, "rhs"), r)
        if not a.same_data_type(r):
            raise VerifyException("accumulator and result types differ")


@located_op
@irdl_op_definition
class MatmulBiasOp(TileComputeOp):
    """``acc = lhs x rhs + bias`` into a fresh Acc tile; ``bias`` is ``[1, N]``."""

    name = "tile.matmul_bias"
    lhs = operand_def(TileType)
    rhs = operand_def(TileType)
    bias = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(RunsOn(HwPipe.CUBE), _ACC, L0Operands(0, 1))

    def verify_(self) -> None:
        r = tile_type_of(self.result, "result")
        _check_mnk(
            self, tile_type_of(self.lhs, "lhs"), tile_type_of(self.rhs, "rhs"), r,
            (MemorySpace.LEFT, MemorySpace.MAT),
        )
        b = tile_type_of(self.bias, "bias")
        if b.memory_space is not MemorySpace.BIAS:
            raise VerifyException(f"bias must be in bias, got {b.memory_space.value}")
        if b.get_shape() != (1, r.get_shape()[1]):
            raise VerifyException(f"bias must be [1, {r.get_shape()[1]}], got {list(b.get_shape())}")
