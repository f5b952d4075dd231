"""View and layout ops: slice, reshape (views of their source's buffer) and
transpose (a real copy into a fresh buffer)."""

from __future__ import annotations

from xdsl.dialects.arith import ConstantOp
from xdsl.dialects.builtin import IndexType, IntegerAttr
from xdsl.ir import SSAValue
from xdsl.irdl import irdl_op_definition, operand_def, result_def, traits_def, var_operand_def
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.dialects.tile.base import TileComputeOp, located_op, tile_type_of
from xdsl_pto.dialects.tile.ptoas_traits import ARITH_A5, BF16, PtoasElements
from xdsl_pto.dialects.tile.traits import NotInplaceSafe, ViewOf
from xdsl_pto.dialects.tile.types import MemorySpace, TileType, element_bytes

#: ttrans moves elements of 1, 2 or 4 bytes ("expects transpose element size
#: to be 1, 2, or 4 bytes").
_TRANS = ARITH_A5 | {BF16}


def constant_index(value: SSAValue) -> int | None:
    """The integer of an ``arith.constant`` index/integer value, else None."""
    op = value.owner
    if isinstance(op, ConstantOp) and isinstance(op.value, IntegerAttr):
        return op.value.value.data
    return None


@located_op
@irdl_op_definition
class SliceOp(TileComputeOp):
    """A window of a tile: ``%v = tile.slice %t, %row, %col : (T, index, index) -> T2``.

    The result is a view of the source's buffer (no data moves); its shape is
    the window's. Offsets are in elements.
    """

    name = "tile.slice"
    source = operand_def(TileType)
    offsets = var_operand_def(IndexType)
    result = result_def(TileType)
    traits = traits_def(ViewOf())

    def verify_(self) -> None:
        s = tile_type_of(self.source, "source")
        r = tile_type_of(self.result, "result")
        if len(self.offsets) != len(s.get_shape()):
            raise VerifyException(f"expected {len(s.get_shape())} offsets, got {len(self.offsets)}")
        if s.memory_space is not r.memory_space or s.element_type != r.element_type:
            raise VerifyException("a slice keeps its source's memory space and element type")
        for off, n, dim in zip(self.offsets, r.get_shape(), s.get_shape()):
            c = constant_index(off)
            lo = c if c is not None else 0
            if lo < 0:
                raise VerifyException(f"slice offsets must be non-negative, got {lo}")
            if n > dim or lo + n > dim:
                raise VerifyException(
                    f"slice window {list(r.get_shape())} at offset {lo} exceeds source shape {list(s.get_shape())}"
                )

    def memory_type(self) -> TileType:
        """The type of the first source up the chain of slices that is not
        itself a slice: its shape and layout are how the bytes lie in memory
        (a column slice of a row-major tile is typed ``[M, 1]``, col-major by
        default, yet its elements stay one row pitch apart)."""
        base = self.source
        while isinstance(base.owner, SliceOp):
            base = base.owner.source
        return tile_type_of(base, "source")

    def pitch(self) -> int:
        """Elements between consecutive rows (row-major) or columns
        (col-major) of the source *in memory*: the leading dimension of
        :meth:`memory_type`."""
        t = self.memory_type()
        shape = t.get_shape()
        if len(shape) == 1:
            return shape[0]
        return shape[0] if t.blayout.data == "col_major" else shape[1]

    def byte_window(self) -> tuple[int, int] | None:
        """(offset, size) in bytes of the window relative to the source's
        start, for constant offsets; None when an offset is dynamic.

        Row-major: offset = (row * pitch + col) * elem_bytes, where pitch is
        the row stride in memory (:meth:`pitch`, so a slice of a slice keeps
        the root's stride); the size spans from the first to the last touched
        byte (a hull: a column window of a wider tile covers the skipped
        bytes too). Col-major is the same with rows and columns swapped.
        """
        s = tile_type_of(self.source, "source")
        r = tile_type_of(self.result, "result")
        offs = [constant_index(o) for o in self.offsets]
        if any(o is None for o in offs):
            return None
        eb = element_bytes(s.element_type)
        win = r.get_shape()
        if len(win) == 1:
            return offs[0] * eb, win[0] * eb  # type: ignore[operator]
        pitch = self.pitch()
        (r0, c0), (nr, nc) = offs, win
        if self.memory_type().blayout.data == "col_major":
            r0, c0, nr, nc = c0, r0, nc, nr  # type: ignore[assignment]
        start = r0 * pitch + c0  # type: ignore[operator]
        last = (r0 + nr - 1) * pitch + c0 + nc - 1  # type: ignore[operator]
        return start * eb, (last - start + 1) * eb

    def memref_window(self) -> tuple[int, int] | None:
        """(offset, size) in bytes of the window's MemRef relative to its
        source's MemRef, for constant offsets; None when an offset is
        dynamic.

        For a tile in Acc (L0C) it is the window's *linear* bytes: the
        row-major bytes of its elements in the root's index space,
        ``offset = (row * C + col) * elem_bytes`` and
        ``size = ((rows - 1) * C + cols) * elem_bytes`` with ``C`` the
        columns of the tile the slices start from -- rows 16..31 of a
        32x128 i32 Acc tile: offset 8192, size 8192 -- as the reference's
        InitMemRef computes it (pypto-docs/34, "a view at row k sits at
        slot_base + k * row_stride"). That is bookkeeping: it over-approximates
        which elements two windows of one root share, the question planners and
        the validator ask of it. Where the bytes physically are (the cube's
        column-major NZ storage) is :meth:`byte_window`, which the lowering and
        the interpreter use (:func:`~xdsl_pto.dialects.tile.windows.physical_offset`).
        Every other space: :meth:`byte_window`.
        """
        s = tile_type_of(self.source, "source")
        if s.memory_space is not MemorySpace.ACC or len(s.get_shape()) != 2:
            return self.byte_window()
        r = tile_type_of(self.result, "result")
        offs = [constant_index(o) for o in self.offsets]
        if any(o is None for o in offs):
            return None
        eb = element_bytes(s.element_type)
        cols = self.memory_type().get_shape()[1]
        (r0, c0), (nr, nc) = offs, r.get_shape()
        start = r0 * cols + c0  # type: ignore[operator]
        return start * eb, ((nr - 1) * cols + nc) * eb

    def is_contiguous(self) -> bool:
        """True when the window is one run of bytes (whole rows in memory)."""
        r = tile_type_of(self.result, "result")
        if len(r.get_shape()) == 1:
            return True
        window = self.byte_window()
        return window is not None and window[1] == r.size_bytes


@located_op
@irdl_op_definition
class ReshapeOp(TileComputeOp):
    """The same bytes seen with another shape: ``%v = tile.reshape %t : (T) -> T2``
    (a view; element count and type are kept)."""

    name = "tile.reshape"
    source = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(ViewOf())

    def verify_(self) -> None:
        s = tile_type_of(self.source, "source")
        r = tile_type_of(self.result, "result")
        if s.size_bytes != r.size_bytes or s.element_type != r.element_type:
            raise VerifyException(
                f"reshape must keep the element type and byte size: {s.size_bytes} bytes of "
                f"{s.element_type} vs {r.size_bytes} bytes of {r.element_type}"
            )
        if s.memory_space is not r.memory_space:
            raise VerifyException("reshape keeps the memory space")


@located_op
@irdl_op_definition
class TransposeOp(TileComputeOp):
    """Transpose ``[M, N] -> [N, M]`` into a fresh buffer, with a tmp scratch;
    not in-place safe (pto.ttrans reads src while writing dst)."""

    name = "tile.transpose"
    source = operand_def(TileType)
    tmp = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(NotInplaceSafe(), PtoasElements(_TRANS, _TRANS))

    def verify_(self) -> None:
        s = tile_type_of(self.source, "source")
        r = tile_type_of(self.result, "result")
        if tuple(reversed(s.get_shape())) != r.get_shape():
            raise VerifyException(
                f"result must be {list(reversed(s.get_shape()))}, got {list(r.get_shape())}"
            )
        if s.element_type != r.element_type:
            raise VerifyException("transpose keeps the element type")
