"""View and layout ops: slice, reshape, reinterpret_view, transpose_view and
set_validshape (views of their source's buffer) and transpose (a real copy
into a fresh buffer)."""

from __future__ import annotations

from xdsl.dialects.arith import ConstantOp
from xdsl.dialects.builtin import IndexType, IntegerAttr, NoneAttr
from xdsl.ir import SSAValue
from xdsl.irdl import irdl_op_definition, operand_def, result_def, traits_def, var_operand_def
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.dialects.tile.base import TileComputeOp, located_op, tile_type_of
from xdsl_pto.dialects.tile.ptoas_traits import ARITH_A5, BF16, PtoasElements
from xdsl_pto.dialects.tile.traits import NotInplaceSafe, ViewOf
from xdsl_pto.dialects.tile.types import MemorySpace, TileType, element_bits, element_bytes

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


class _ViewOp(TileComputeOp):
    """A view of its one operand's buffer (no data moves): one tile
    operand ``source``, one tile result, :class:`ViewOf`; the subclasses
    say which types the view may have (``verify_``)."""

    source = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(ViewOf())


@located_op
@irdl_op_definition
class ReshapeOp(_ViewOp):
    """The same bytes seen with another shape: ``%v = tile.reshape %t : (T) -> T2``
    (a view; element count and type are kept)."""

    name = "tile.reshape"

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


# ----- issue 23: reinterpret_view, transpose_view, set_validshape ------------
# (reference/tile-op-semantics.md section 9; each a view of operand 0's buffer)

#: The major-ness a transposed view gives each layout field.
_FLIP = {"row_major": "col_major", "col_major": "row_major", "none_box": "none_box"}


def contiguous_axis(t: TileType) -> int:
    """The axis whose elements are adjacent in memory: the last for a
    row-major tile (and any 1-D tile), the first for a column-major one."""
    if len(t.get_shape()) == 1 or t.blayout.data != "col_major":
        return len(t.get_shape()) - 1
    return 0


def _same_except(s: TileType, r: TileType, what: str, *, element: bool = True) -> None:
    """``r`` keeps ``s``'s memory space (and element type when ``element``)."""
    if s.memory_space is not r.memory_space:
        raise VerifyException(f"{what} keeps the memory space: {s.memory_space.value} vs {r.memory_space.value}")
    if element and s.element_type != r.element_type:
        raise VerifyException(f"{what} keeps the element type: {s.element_type} vs {r.element_type}")


@located_op
@irdl_op_definition
class ReinterpretViewOp(_ViewOp):
    """The same bytes read as another element type:
    ``%v = tile.reinterpret_view %t : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x128xf16, vec>``.

    A view of the source's buffer (no data moves). The source is unboxed
    (``slayout = none_box``) and without a runtime valid shape; the result
    keeps the memory space, the layout and the byte size. Its shape is the
    source's with the contiguous axis (:func:`contiguous_axis`) scaled by
    ``bits(src elem) / bits(dst elem)``, and so is its valid shape (a 4-bit
    side: row-major only, as two elements share a byte along the last axis).

    Raises (verifier):
        VerifyException: a boxed or runtime-valid source, another space or
            layout, or a shape / valid shape other than the scaled one.
    """

    name = "tile.reinterpret_view"

    def verify_(self) -> None:
        s = tile_type_of(self.source, "source")
        r = tile_type_of(self.result, "result")
        _same_except(s, r, "reinterpret_view", element=False)
        if s.slayout.data != "none_box":
            raise VerifyException(f"the source must be unboxed (slayout none_box), got {s.slayout.data}")
        if s.has_dynamic_valid or r.has_dynamic_valid:
            raise VerifyException("a runtime valid shape ('?') cannot be reinterpreted")
        for key in ("blayout", "slayout", "fractal", "pad"):
            if getattr(s, key) != getattr(r, key):
                raise VerifyException(f"reinterpret_view keeps the layout: {key} differs")
        want_shape, want_valid = reinterpreted(s, r.element_type)
        if r.get_shape() != want_shape or r.get_valid_shape() != want_valid:
            raise VerifyException(
                f"result must be {list(want_shape)} (valid {list(want_valid)}): the contiguous axis "
                f"scaled by {_ratio_text(element_bits(s.element_type), element_bits(r.element_type))}, "
                f"got {list(r.get_shape())} (valid {list(r.get_valid_shape())})"
            )


def reinterpreted(s: TileType, elem: object) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(shape, valid shape) of ``s``'s bytes read as ``elem`` elements: the
    contiguous axis scaled by the byte ratio.

    Raises:
        VerifyException: when the contiguous extent (or its valid part) is no
            whole number of the new elements.
    """
    src_b, dst_b = element_bits(s.element_type), element_bits(elem)  # type: ignore[arg-type]
    axis = contiguous_axis(s)
    shape, valid = list(s.get_shape()), list(s.get_valid_shape())
    if 4 in (src_b, dst_b) and axis != len(shape) - 1:
        raise VerifyException(
            "a 4-bit tile packs element pairs along its last axis: reinterpret it row-major"
        )
    for what, dims in (("extent", shape), ("valid extent", valid)):
        nbits = dims[axis] * src_b
        if nbits % dst_b:
            raise VerifyException(
                f"the contiguous {what} {dims[axis]} x {_bits_text(src_b)} is no whole number of "
                f"{_bits_text(dst_b)} elements"
            )
        dims[axis] = nbits // dst_b
    return tuple(shape), tuple(valid)


def _ratio_text(src_bits: int, dst_bits: int) -> str:
    """``4/2 bytes`` (or ``8/4 bits`` when a side is not whole bytes)."""
    if src_bits % 8 or dst_bits % 8:
        return f"{src_bits}/{dst_bits} bits"
    return f"{src_bits // 8}/{dst_bits // 8} bytes"


def _bits_text(bits: int) -> str:
    """``4 bits`` / ``2 bytes``: an element width as the messages say it."""
    return f"{bits} bits" if bits % 8 else f"{bits // 8} bytes"


@located_op
@irdl_op_definition
class TransposeViewOp(_ViewOp):
    """The same bytes read transposed:
    ``%v = tile.transpose_view %t : (!tile.tile<16x64xf32, vec>) -> !tile.tile<64x16xf32, vec, blayout = col_major>``.

    A view (no data moves): the last two dimensions and the valid extents
    swap, ``blayout`` and ``slayout`` flip their major-ness (row_major <->
    col_major; none_box stays); element type, fractal, pad and memory space
    are kept.

    Raises (verifier):
        VerifyException: a result that is not that transpose.
    """

    name = "tile.transpose_view"

    def verify_(self) -> None:
        s = tile_type_of(self.source, "source")
        r = tile_type_of(self.result, "result")
        _same_except(s, r, "transpose_view")
        want = transposed_view_type(s)
        if r.same_data_type(want):
            return
        raise VerifyException(
            f"result must be {want} (dimensions, valid extents and layouts swapped), got {r.with_memref(None).with_binding(None)}"
        )


def transposed_view_type(s: TileType) -> TileType:
    """The type :class:`TransposeViewOp` gives a view of a ``s`` tile.

    Raises:
        VerifyException: for a 1-D source, or when the transposed type is
            not a valid tile (a Vec column-major tile needs 32-byte columns).
    """
    shape = s.get_shape()
    if len(shape) != 2:
        raise VerifyException(f"transpose_view takes a 2-D tile, got shape {list(shape)}")
    raw = s.valid_shape
    valid = None
    if not isinstance(raw, NoneAttr):
        valid = [d.data for d in raw.data][::-1]
    t = TileType(
        shape[::-1],
        s.element_type,
        s.memory_space,
        valid_shape=valid,
        blayout=_FLIP[s.blayout.data],
        slayout=_FLIP[s.slayout.data],
        fractal=s.fractal.data,
        pad=s.pad.data,
    )
    t.verify()
    return t


@located_op
@irdl_op_definition
class SetValidShapeOp(TileComputeOp):
    """The same buffer with new valid extents:
    ``%v = tile.set_validshape %t, %rows, %cols : (!tile.tile<16x128xf32, vec>, index, index) -> !tile.tile<16x128xf32, vec, valid = 5x?>``.

    A view of the source's buffer (no data moves). The result keeps the
    source's shape, element type, space and layout; each of its valid
    extents is the operand's constant or ``?`` -- ``?`` where the operand
    is a runtime value. Constant extents must lie in ``[0, dimension]``.
    The PTO lowering (``pto.set_validshape``) changes the valid shape of
    the source's handle in place, so the source is not read after it
    (checked by ``convert-tile-to-pto``).

    Raises (verifier):
        VerifyException: a 1-D tile, another type apart from the valid
            shape, a constant extent out of bounds, or a result extent that
            does not say what the operand gives.
    """

    name = "tile.set_validshape"
    source = operand_def(TileType)
    valid_rows = operand_def(IndexType)
    valid_cols = operand_def(IndexType)
    result = result_def(TileType)
    traits = traits_def(ViewOf())

    def verify_(self) -> None:
        s = tile_type_of(self.source, "source")
        r = tile_type_of(self.result, "result")
        shape = s.get_shape()
        if len(shape) != 2:
            raise VerifyException(f"set_validshape takes a 2-D tile, got shape {list(shape)}")
        stripped = TileType(
            shape, r.element_type, r.memory_space, blayout=r.blayout.data, slayout=r.slayout.data,
            fractal=r.fractal.data, pad=r.pad.data,
        )
        if not stripped.same_data_type(
            TileType(shape, s.element_type, s.memory_space, blayout=s.blayout.data, slayout=s.slayout.data,
                     fractal=s.fractal.data, pad=s.pad.data)
        ) or r.get_shape() != shape:
            raise VerifyException("the result keeps the source's shape, element type, space and layout; only the valid shape changes")
        dynamic = r.dynamic_valid()
        for axis, (v, n, dyn, got) in enumerate(zip(self.operands[1:], shape, dynamic, r.get_valid_shape())):
            name = ("valid_rows", "valid_cols")[axis]
            c = constant_index(v)
            if c is not None and not 0 <= c <= n:
                raise VerifyException(f"{name} {c} is outside [0, {n}]")
            if c is None and not dyn:
                raise VerifyException(f"{name} is a runtime value: the result's valid extent {axis} must be '?', got {got}")
            if c is not None and not dyn and c != got:
                raise VerifyException(f"{name} is {c}: the result's valid extent {axis} must be {c} or '?', got {got}")

    def runtime_extents(self) -> tuple[SSAValue, SSAValue]:
        """The two index operands (rows, cols)."""
        return self.valid_rows, self.valid_cols

    def runtime_valid_extents(self) -> tuple[SSAValue, SSAValue]:
        """Per result dimension, the ``index`` operand giving its valid
        extent (:mod:`.valid_flow`)."""
        return self.valid_rows, self.valid_cols
