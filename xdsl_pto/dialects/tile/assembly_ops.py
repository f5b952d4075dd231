"""Assembly ops of issue 23 (reference/tile-op-semantics.md section 9):
``tile.assemble`` writes a tile into a window of another in place,
``tile.concat`` joins two tiles side by side into a fresh one.

Text forms::

    %r = tile.assemble %target, %src, %row, %col : (!tile.tile<32x64xf32, vec>, !tile.tile<16x64xf32, vec>, index, index) -> !tile.tile<32x64xf32, vec>
    %c = tile.concat %a, %b : (!tile.tile<16x32xf32, vec>, !tile.tile<16x32xf32, vec>) -> !tile.tile<16x64xf32, vec>
"""

from __future__ import annotations

from xdsl.dialects.builtin import BFloat16Type, Float16Type, Float32Type, IndexType
from xdsl.ir import Operation
from xdsl.irdl import irdl_op_definition, operand_def, result_def, traits_def, var_operand_def
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.dialects.tile.base import TileComputeOp, located_op, tile_type_of
from xdsl_pto.dialects.tile.ptoas_traits import PtoasCheck, family
from xdsl_pto.dialects.tile.traits import HwPipe, NotInplaceSafe, ReadsWrites, ResultSpace, RunsOn
from xdsl_pto.dialects.tile.types import MemorySpace
from xdsl_pto.dialects.tile.view_ops import constant_index


def is_fixpipe_insert(src_space: MemorySpace, dst_space: MemorySpace) -> bool:
    """True for the Acc -> Mat form of ``tile.assemble`` (the cube's FIX pipe
    writes an accumulator into L1, converting f32 to bf16 / f16 on the way)."""
    return src_space is MemorySpace.ACC and dst_space is MemorySpace.MAT


@located_op
@irdl_op_definition
class AssembleOp(TileComputeOp):
    """``target[row:row+R, col:col+C] = source``, in place on ``target``:
    ``%r = tile.assemble %target, %src, %row, %col : (Tt, Ts, index, index) -> Tt``.

    ``rw(0)`` in the traits table: the result IS the target's buffer
    (:class:`~xdsl_pto.dialects.tile.traits.ReadsWrites`); the planner copies
    the target first when its old contents are read later. The result has
    the target's type (the written window must lie inside the target's valid
    region, so the union of the two is the target's). Source and target are
    in one space with one element type, or the source is an f32 Acc tile and
    the target a bf16 / f16 / f32 Mat tile (the FIX pipe's conversion).
    Offsets are in elements, one ``index`` per dimension.

    Raises (verifier):
        VerifyException: 1-D tiles, another result type, a pair of spaces or
            element types other than those, a window outside the target (or
            its valid region), a runtime valid shape.
    """

    name = "tile.assemble"
    target = operand_def()
    source = operand_def()
    offsets = var_operand_def(IndexType)
    result = result_def()
    traits = traits_def(ReadsWrites(0))

    def verify_(self) -> None:
        t = tile_type_of(self.target, "target")
        s = tile_type_of(self.source, "source")
        r = tile_type_of(self.result, "result")
        if len(t.get_shape()) != 2 or len(s.get_shape()) != 2:
            raise VerifyException("assemble takes 2-D tiles")
        if len(self.offsets) != 2:
            raise VerifyException(f"expected 2 offsets (row, col), got {len(self.offsets)}")
        if not r.same_data_type(t):
            raise VerifyException(f"the result has the target's type {t.with_memref(None).with_binding(None)}, got {r.with_memref(None).with_binding(None)}")
        if t.has_dynamic_valid or s.has_dynamic_valid:
            raise VerifyException("assemble of a tile with a runtime valid shape ('?') is not supported")
        if is_fixpipe_insert(s.memory_space, t.memory_space):
            if not isinstance(s.element_type, Float32Type) or not isinstance(
                t.element_type, Float32Type | Float16Type | BFloat16Type
            ):
                raise VerifyException(
                    f"an Acc -> Mat assemble converts f32 to f32, f16 or bf16, got {s.element_type} -> {t.element_type}"
                )
        elif s.memory_space is not t.memory_space or s.element_type != t.element_type:
            raise VerifyException(
                "source and target share the memory space and element type (or go acc f32 -> mat), got "
                f"{s.memory_space.value} {s.element_type} -> {t.memory_space.value} {t.element_type}"
            )
        for axis, (off, n, lim, valid) in enumerate(
            zip(self.offsets, s.get_shape(), t.get_shape(), t.get_valid_shape())
        ):
            c = constant_index(off)
            lo = 0 if c is None else c
            if lo < 0 or lo + n > lim:
                raise VerifyException(
                    f"the window {list(s.get_shape())} at offset {lo} on axis {axis} exceeds the target {list(t.get_shape())}"
                )
            if lo + n > valid:
                raise VerifyException(
                    f"the window ends at {lo + n} on axis {axis}, past the target's valid extent {valid}; "
                    "the result keeps the target's valid shape"
                )


def _concat_valid_on_a5(op: Operation, target: str) -> str | None:
    """pto-isa's A5 TCONCAT writes exactly the two valid widths: the result's
    valid width must be their sum, so both sources must be fully valid in
    their columns (the result is fully valid)."""
    if family(target) == "a2a3":
        return None
    a, b = (v.type.get_valid_shape()[1] for v in op.operands[:2])  # type: ignore[attr-defined]
    cols = op.results[0].type.get_valid_shape()[1]  # type: ignore[attr-defined]
    if a + b == cols:
        return None
    return f"takes a concat on a5 only when the valid widths add up to the result's ({a} + {b} != {cols})"


@located_op
@irdl_op_definition
class ConcatOp(TileComputeOp):
    """Two Vec tiles side by side:
    ``%c = tile.concat %a, %b : (!tile.tile<RxC0xT, vec>, !tile.tile<RxC1xT, vec>) -> !tile.tile<Rx(C0+C1)xT, vec>``.

    ``dst[:, :VC0] = a[:, :VC0]``, ``dst[:, VC0:VC0+VC1] = b[:, :VC1]``;
    the result is fully valid (columns past ``VC0+VC1`` are left
    undefined), or says exactly what was written: valid ``[VR, VC0+VC1]``
    when both sources have ``VR`` valid rows (the real kernels concat tiles
    of valid shape ``[0, 0]`` into one of ``[0, 0]``). Not in-place safe; on
    a5 the valid widths must add up to the result's width (pto-isa).

    Raises (verifier):
        VerifyException: tiles outside vec, 1-D tiles, another element type
            or row count, a result that is not ``[R, C0+C1]``, fully valid
            or valid ``[VR, VC0+VC1]``.
    """

    name = "tile.concat"
    src0 = operand_def()
    src1 = operand_def()
    result = result_def()
    traits = traits_def(
        NotInplaceSafe(), ResultSpace(MemorySpace.VEC), RunsOn(HwPipe.VECTOR),
        PtoasCheck(_concat_valid_on_a5, "pto-isa"),
    )

    def verify_(self) -> None:
        a = tile_type_of(self.src0, "src0")
        b = tile_type_of(self.src1, "src1")
        r = tile_type_of(self.result, "result")
        for what, t in (("src0", a), ("src1", b)):
            if t.memory_space is not MemorySpace.VEC:
                raise VerifyException(f"{what} must be in vec, got {t.memory_space.value}")
            if len(t.get_shape()) != 2:
                raise VerifyException(f"{what} must be 2-D, got {list(t.get_shape())}")
            if t.element_type != r.element_type:
                raise VerifyException(f"{what} has element type {t.element_type}, the result {r.element_type}")
            if t.has_dynamic_valid:
                raise VerifyException(f"{what} has a runtime valid shape ('?'), which concat does not take")
        (ra, ca), (rb, cb) = a.get_shape(), b.get_shape()
        if ra != rb:
            raise VerifyException(f"src0 and src1 need the same rows, got {ra} and {rb}")
        (vra, vca), (vrb, vcb) = a.get_valid_shape(), b.get_valid_shape()
        exact = (vra, vca + vcb) if vra == vrb else None
        if r.get_shape() != (ra, ca + cb) or r.get_valid_shape() not in (r.get_shape(), exact):
            also = f" or valid [{exact[0]}, {exact[1]}]" if exact is not None and exact != (ra, ca + cb) else ""
            raise VerifyException(f"result must be [{ra}, {ca + cb}] and fully valid{also}, got {r}")


ASSEMBLY_OPS = [AssembleOp, ConcatOp]
