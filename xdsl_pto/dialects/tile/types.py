"""Types and attributes of the Tile dialect: the tile type and the MemRef it carries.

A tile is an on-chip buffer of a static 2-D (or 1-D) shape in one memory space.
Once ``init-memref`` has run, every tile value's type carries a :class:`MemRefAttr`
naming the allocation root (a ``tile.alloc`` in the function head) and the byte
window of that root the value occupies. This follows the reference compiler's
model (pypto-docs/31-init_memref.md): the MemRef lives on the type of every tile
value, so two values share memory exactly when their types name the same root
and overlapping windows.

Textual forms::

    !tile.tile<64x128xf32, vec>
    !tile.tile<64x1xf32, vec, blayout = col_major>
    !tile.tile<64x128xf32, vec, memref = <@mem_vec_0, offset = 0, size = 32768>>
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from enum import Enum
from io import StringIO

from xdsl.dialects.builtin import (
    ArrayAttr,
    IntAttr,
    IntegerType,
    NoneAttr,
    StringAttr,
    SymbolRefAttr,
)
from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException


def symbol_text(name: str) -> str:
    """``name`` as MLIR writes a symbol: ``@name`` when it is a bare
    identifier, else ``@"..."`` (a quoted, escaped string), so that the text
    parses back to ``name``."""
    out = StringIO()
    Printer(stream=out).print_symbol_name(name)
    return out.getvalue()


class MemorySpace(str, Enum):
    """On-chip memory spaces of an Ascend AI core (names as PTO's ``loc``)."""

    VEC = "vec"  # Unified Buffer (UB), vector core
    MAT = "mat"  # L1
    LEFT = "left"  # L0A
    RIGHT = "right"  # L0B
    ACC = "acc"  # L0C
    BIAS = "bias"
    # The MX scale buffers of the cube (A5 only; reference/backends.md,
    # LeftScale / RightScale): ptoas names both ``loc=scaling``.
    LEFT_SCALE = "left_scale"
    RIGHT_SCALE = "right_scale"

    @property
    def is_cube(self) -> bool:
        """True for the spaces owned by the cube (AIC) core."""
        return self is not MemorySpace.VEC


LAYOUTS = ("none_box", "row_major", "col_major")

#: A runtime valid extent (``?`` in ``valid = ?x128``), as stored in the type.
DYNAMIC_VALID = -1
FRACTALS = (16, 32, 512, 1024)


def default_layout(space: MemorySpace, shape: Sequence[int], elem: Attribute) -> tuple[str, str, int]:
    """The (blayout, slayout, fractal) a tile gets when its type does not say.

    Cube layouts follow the ones ptoas's own matmul tests use
    (reference/ptoas-form.md, "Checked details"): mat col_major/row_major/512,
    left row_major/row_major/512, right row_major/col_major/512, acc
    col_major/row_major/1024. A Vec column vector ``[M, 1]`` (M > 1) is
    col_major, as the reference prints it (00-pto_codegen.md, "Allocation
    Generation"): a row-major tile needs 32-byte rows, which one element is not.
    """
    if space is MemorySpace.VEC or space is MemorySpace.BIAS:
        if len(shape) == 2 and shape[1] == 1 and shape[0] > 1:
            return "col_major", "none_box", 512
        return "row_major", "none_box", 512
    if space is MemorySpace.MAT:
        return "col_major", "row_major", 512
    if space is MemorySpace.LEFT:
        return "row_major", "row_major", 512
    if space is MemorySpace.RIGHT:
        return "row_major", "col_major", 512
    # MX scale tiles: 32-byte boxes, row-major ZZ on the left, column-major
    # NN on the right (the layouts ptoas v0.48's tmatmul.mx demands on a5:
    # "expects b_scale to use the col_major blayout on A5").
    if space is MemorySpace.LEFT_SCALE:
        return "row_major", "row_major", 32
    if space is MemorySpace.RIGHT_SCALE:
        return "col_major", "col_major", 32
    return "col_major", "row_major", 1024


@functools.cache
def _allowed_elements() -> tuple[Attribute, ...]:
    """The element types a tile may have (built once: every tile type's
    verifier asks, and building them cost about a third of parsing a large
    kernel)."""
    from xdsl.dialects.builtin import (
        BFloat16Type,
        Float4E2M1FNType,
        Float8E4M3FNType,
        Float8E8M0FNUType,
        Float16Type,
        Float32Type,
        Signedness,
    )

    ints = [IntegerType(w) for w in (8, 16, 32, 64)]
    uints = [IntegerType(w, Signedness.UNSIGNED) for w in (8, 16, 32)]
    # The MX types (issue 23): fp8 e4m3 data, e8m0 scales, fp4 e2m1 data
    # (pypto-docs/operators.md, "MX block-scale matmul").
    mx = [Float8E4M3FNType(), Float8E8M0FNUType(), Float4E2M1FNType()]
    return (Float32Type(), Float16Type(), BFloat16Type(), *ints, *uints, *mx)


ELEMENT_NAMES = "f32, f16, bf16, i8, i16, i32, i64, ui8, ui16, ui32, f8E4M3FN, f8E8M0FNU, f4E2M1FN"


def element_bits(elem: Attribute) -> int:
    """Bits per element of a tile element type (4 for ``f4E2M1FN``; i1 masks
    count 8: a mask element takes one byte).

    Raises:
        VerifyException: for an element type with no known width.
    """
    width = getattr(elem, "bitwidth", None)
    if width is None and isinstance(elem, IntegerType):
        width = elem.width.data
    if width is None:
        raise VerifyException(f"tile element type {elem} has no known bit width")
    return 8 if width == 1 else width


def element_bytes(elem: Attribute) -> int:
    """Bytes per element of a tile element type (i1 masks count one byte; a
    4-bit type counts one, as every per-element rule that asks stores one
    element per byte at most -- sizes of 4-bit tiles come from
    :func:`bytes_of`).

    Raises:
        VerifyException: for an element type with no known width.
    """
    return max(1, element_bits(elem) // 8)


def bytes_of(count: int, elem: Attribute) -> int:
    """Bytes ``count`` elements of ``elem`` take: two 4-bit elements share a
    byte, an odd count rounds up (pypto-docs/operators.md: fp4 shapes count
    nibbles, the runtime carries them in pairs)."""
    return -(-count * element_bits(elem) // 8)


def is_4bit(elem: Attribute) -> bool:
    """True for a tile element type of 4 bits (two per byte)."""
    return element_bits(elem) == 4


#: Most dimensions a tile may have. Rank 3 and more is for the batched
#: matmul and the data movement that feeds it (``RankN`` on the op); every
#: other op takes rank 1 or 2 (:func:`check_rank`).
MAX_TILE_RANK = 4


@irdl_attr_definition
class MemRefAttr(ParametrizedAttribute):
    """A byte window of an allocation root: ``<@root, offset = B, size = B>``.

    ``root`` names a ``tile.alloc`` of the same function; ``offset`` (bytes) is
    the window's start relative to the root's base, ``size`` its length in
    bytes. A view (``tile.slice``) has a non-zero offset into its source's root.

    On a multi-slot declared allocation (``tile.alloc ... slots N``) the window
    also records which slot it is on (python_syntax.md, "Slots"): ``slot = k``
    (the offset already includes ``k`` times the slot size) or ``slot = iv``,
    a runtime slot -- the innermost enclosing ``scf.for``'s induction variable
    modulo N -- whose offset is relative to the start of that slot.
    """

    name = "tile.memref"

    root: SymbolRefAttr
    offset: IntAttr
    size: IntAttr
    slot: IntAttr | StringAttr | NoneAttr

    def __init__(self, root: str | SymbolRefAttr, offset: int, size: int, slot: int | str | None = None):
        if isinstance(root, str):
            root = SymbolRefAttr(root)
        slot_attr: Attribute = (
            NoneAttr() if slot is None else StringAttr(slot) if isinstance(slot, str) else IntAttr(slot)
        )
        super().__init__(root, IntAttr(offset), IntAttr(size), slot_attr)

    @property
    def slot_index(self) -> int | str | None:
        """The slot this window is on: an int, ``"iv"`` (runtime), or None
        when the root has no slots."""
        if isinstance(self.slot, NoneAttr):
            return None
        return self.slot.data

    @property
    def runtime_slot(self) -> bool:
        """True for a window on a runtime slot (``slot = iv``)."""
        return isinstance(self.slot, StringAttr)

    @property
    def root_name(self) -> str:
        """The allocation root's symbol name, without ``@``."""
        return self.root.root_reference.data

    @property
    def end(self) -> int:
        """One past the last byte of the window (relative to the root)."""
        return self.offset.data + self.size.data

    def with_root(self, root: str, offset_shift: int = 0) -> MemRefAttr:
        """This window moved onto another root, shifted by ``offset_shift``
        bytes (the slot is dropped: a moved window is on an ordinary root)."""
        return MemRefAttr(root, self.offset.data + offset_shift, self.size.data)

    def overlaps(self, other: MemRefAttr) -> bool:
        """True when both windows share a byte of one root (offsets taken as
        written: two windows on runtime slots of one root compare within
        the slot)."""
        return (
            self.root_name == other.root_name
            and self.offset.data < other.end
            and other.offset.data < self.end
        )

    def may_overlap(self, other: MemRefAttr) -> bool:
        """True when both windows may share a byte: one root, and either
        window on a runtime slot (it may reach any slot) or the windows
        meet (:meth:`overlaps`)."""
        if self.root_name != other.root_name:
            return False
        return self.runtime_slot or other.runtime_slot or self.overlaps(other)

    def shifted(self, offset: int, size: int) -> MemRefAttr:
        """A window of the same root and slot at ``offset`` (bytes, relative
        to this window's start) of ``size`` bytes: a view's window."""
        return MemRefAttr(self.root, self.offset.data + offset, size, self.slot_index)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            return _parse_memref_body(parser)

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            _print_memref_body(self, printer)

    def __str__(self) -> str:
        slot = "" if self.slot_index is None else f", slot {self.slot_index}"
        return f"{symbol_text(self.root_name)}[{self.offset.data}, +{self.size.data}{slot}]"


def _parse_slot_index(parser: AttrParser) -> int | str:
    if parser.parse_optional_keyword("iv") is not None:
        return "iv"
    at = parser.pos
    k = parser.parse_integer(allow_boolean=False)
    if k < 0:
        parser.raise_error(f"a slot index is 0 or more, got {k}", at, parser.pos)
    return k


def _parse_memref_body(parser: AttrParser) -> list[Attribute]:
    root = parser.parse_symbol_name()
    parser.parse_punctuation(",")
    parser.parse_keyword("offset")
    parser.parse_punctuation("=")
    offset = parser.parse_integer(allow_boolean=False)
    parser.parse_punctuation(",")
    parser.parse_keyword("size")
    parser.parse_punctuation("=")
    size = parser.parse_integer(allow_boolean=False)
    slot = None
    if parser.parse_optional_punctuation(",") is not None:
        parser.parse_keyword("slot")
        parser.parse_punctuation("=")
        slot = _parse_slot_index(parser)
    return MemRefAttr(root.data, offset, size, slot).parameters  # type: ignore[return-value]


def _print_memref_body(m: MemRefAttr, printer: Printer) -> None:
    printer.print_symbol_name(m.root_name)
    printer.print_string(f", offset = {m.offset.data}, size = {m.size.data}")
    if m.slot_index is not None:
        printer.print_string(f", slot = {m.slot_index}")


#: Most slots a declared allocation may have: a slot holds at least one
#: 32-byte-aligned tile, and no memory space of any target holds more than
#: 512 KiB (512 KiB / 32 bytes). The ptoas planner takes 2 to 16 (its
#: ``pto.alloc_multi_tile`` bound); that limit is checked where ptoas plans
#: (``init-memref{planner=ptoas}``, the lowering's regions), not here.
MAX_DECLARED_SLOTS = 16384


@irdl_attr_definition
class AllocBindingAttr(ParametrizedAttribute):
    """A tile's binding to an author-declared allocation (seed 001,
    "Declared allocations"; python_syntax.md, "Declared Allocations" and
    "Slots"): ``<@ping>``, ``<@l0c, slots = 2, slot = 1>`` or
    ``<@l0c, slots = 2, slot = iv>``.

    ``slots`` is the declaration's slot count (1 = a plain declaration);
    ``slot`` a constant index below it or ``iv``: the innermost enclosing
    ``scf.for``'s induction variable modulo ``slots``. ``init-memref``
    consumes the binding: the tile gets a MemRef on the pinned root named
    after the declaration.
    """

    name = "tile.alloc_binding"

    decl: SymbolRefAttr
    slots: IntAttr
    slot: IntAttr | StringAttr

    def __init__(self, decl: str, slots: int = 1, slot: int | str = 0):
        super().__init__(
            SymbolRefAttr(decl),
            IntAttr(slots),
            StringAttr(slot) if isinstance(slot, str) else IntAttr(slot),
        )

    @property
    def decl_name(self) -> str:
        """The declaration's name, without ``@``."""
        return self.decl.root_reference.data

    @property
    def slot_index(self) -> int | str:
        """The constant slot, or ``"iv"`` for a runtime one."""
        return self.slot.data

    def verify(self) -> None:
        n = self.slots.data
        if not 1 <= n <= MAX_DECLARED_SLOTS:
            raise VerifyException(f"a declared allocation has 1 to {MAX_DECLARED_SLOTS} slots, got {n}")
        k = self.slot.data
        if isinstance(k, int) and not 0 <= k < n:
            raise VerifyException(f"slot {k} is outside the {n} slots of @{self.decl_name}")
        if k == "iv" and n == 1:
            raise VerifyException(f"a runtime slot needs a multi-slot declaration (@{self.decl_name} has one slot)")

    def __str__(self) -> str:
        """The binding as written in a tile type: ``<@ping>``,
        ``<@l0c, slots = 2, slot = iv>``."""
        name = symbol_text(self.decl_name)
        if self.slots.data == 1:
            return f"<{name}>"
        return f"<{name}, slots = {self.slots.data}, slot = {self.slot.data}>"

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            return _parse_binding_body(parser)

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            _print_binding_body(self, printer)


def _parse_binding_body(parser: AttrParser) -> Sequence[Attribute]:
    at = parser.pos
    name = parser.parse_symbol_name().data
    slots, slot = 1, 0
    if parser.parse_optional_punctuation(",") is not None:
        parser.parse_keyword("slots")
        parser.parse_punctuation("=")
        slots = parser.parse_integer(allow_boolean=False)
        parser.parse_punctuation(",")
        parser.parse_keyword("slot")
        parser.parse_punctuation("=")
        slot = _parse_slot_index(parser)
    try:
        return AllocBindingAttr(name, slots, slot).parameters
    except VerifyException as e:
        parser.raise_error(str(e), at, parser.pos)


def _print_binding_body(b: AllocBindingAttr, printer: Printer) -> None:
    printer.print_symbol_name(b.decl_name)
    if b.slots.data != 1:
        printer.print_string(f", slots = {b.slots.data}, slot = {b.slot.data}")


@irdl_attr_definition
class TileType(ParametrizedAttribute, TypeAttribute):
    """An on-chip tile: static shape, element type, memory space, optional
    valid shape and layout, and (after ``init-memref``) its MemRef.

    ``valid_shape`` is the logical extent (``NoneAttr`` = the full shape).
    An extent may be ``?`` (stored as :data:`DYNAMIC_VALID`): a runtime
    value, which ``tile.set_validshape`` gives (issue 23 point 5; PTO's
    ``v_row=?, v_col=?`` handle). :meth:`get_valid_shape` reads a ``?`` as
    its dimension's full extent -- the bound planning works with -- and
    :meth:`dynamic_valid` says which extents are runtime ones.
    ``blayout``/``slayout``/``fractal``/``pad`` are the PTO tile_buf layout
    fields; when the text omits them they take :func:`default_layout`.
    """

    name = "tile.tile"

    shape: ArrayAttr[IntAttr]
    element_type: Attribute
    space: StringAttr
    valid_shape: ArrayAttr[IntAttr] | NoneAttr
    blayout: StringAttr
    slayout: StringAttr
    fractal: IntAttr
    pad: IntAttr
    memref: MemRefAttr | NoneAttr
    alloc: AllocBindingAttr | NoneAttr

    def __init__(
        self,
        shape: Sequence[int],
        element_type: Attribute,
        space: MemorySpace | str,
        *,
        valid_shape: Sequence[int] | None = None,
        blayout: str | None = None,
        slayout: str | None = None,
        fractal: int | None = None,
        pad: int = 0,
        memref: MemRefAttr | None = None,
        alloc: AllocBindingAttr | None = None,
    ):
        space = MemorySpace(space)
        d_b, d_s, d_f = default_layout(space, shape, element_type)
        super().__init__(
            ArrayAttr(IntAttr(d) for d in shape),
            element_type,
            StringAttr(space.value),
            NoneAttr() if valid_shape is None else ArrayAttr(IntAttr(d) for d in valid_shape),
            StringAttr(blayout or d_b),
            StringAttr(slayout or d_s),
            IntAttr(fractal or d_f),
            IntAttr(pad),
            NoneAttr() if memref is None else memref,
            NoneAttr() if alloc is None else alloc,
        )

    # ----- accessors -------------------------------------------------------
    def get_shape(self) -> tuple[int, ...]:
        """The static shape, in elements."""
        return tuple(d.data for d in self.shape.data)

    def get_valid_shape(self) -> tuple[int, ...]:
        """The valid (logical) shape; the full shape when none is given. A
        runtime (``?``) extent reads as its dimension's full extent: its
        static bound (see :meth:`dynamic_valid`)."""
        if isinstance(self.valid_shape, NoneAttr):
            return self.get_shape()
        return tuple(
            full if d.data == DYNAMIC_VALID else d.data
            for d, full in zip(self.valid_shape.data, self.get_shape())
        )

    def valid_text(self) -> str:
        """The valid shape as a message prints it, a runtime extent as
        ``?``: ``[?, 256]``."""
        return "[" + ", ".join("?" if d else str(v) for v, d in zip(self.get_valid_shape(), self.dynamic_valid())) + "]"

    def dynamic_valid(self) -> tuple[bool, ...]:
        """Per dimension, True when the valid extent is a runtime value
        (``?`` in the text)."""
        if isinstance(self.valid_shape, NoneAttr):
            return tuple(False for _ in self.shape.data)
        return tuple(d.data == DYNAMIC_VALID for d in self.valid_shape.data)

    @property
    def has_dynamic_valid(self) -> bool:
        """True when some valid extent is a runtime value (``?``)."""
        return any(self.dynamic_valid())

    @property
    def memory_space(self) -> MemorySpace:
        """The tile's memory space."""
        return MemorySpace(self.space.data)

    @property
    def size_bytes(self) -> int:
        """Bytes of the full (static) shape: the product of the dims times
        the element's bits, in bytes rounded up (a 4-bit tile of an odd
        element count takes its last byte whole)."""
        n = 1
        for d in self.get_shape():
            n *= d
        return bytes_of(n, self.element_type)

    def get_memref(self) -> MemRefAttr | None:
        """The MemRef this value occupies, or None before ``init-memref``."""
        return None if isinstance(self.memref, NoneAttr) else self.memref

    def get_binding(self) -> AllocBindingAttr | None:
        """The author-declared allocation this tile is bound to, if any
        (before ``init-memref``, which consumes it)."""
        return None if isinstance(self.alloc, NoneAttr) else self.alloc

    def with_memref(self, memref: MemRefAttr | None) -> TileType:
        """This type with its MemRef replaced (None removes it); the
        allocation binding is kept."""
        return self._rebuild(memref, self.get_binding())

    def with_binding(self, binding: AllocBindingAttr | None) -> TileType:
        """This type with its allocation binding replaced (None removes it)."""
        return self._rebuild(self.get_memref(), binding)

    def _rebuild(self, memref: MemRefAttr | None, binding: AllocBindingAttr | None) -> TileType:
        # The other parameters are taken as they are (they already are in
        # the form __init__ gives them); building them anew cost half the
        # time of a rebuild, which the planning passes do once per value.
        return TileType.new(
            (
                self.shape,
                self.element_type,
                self.space,
                self.valid_shape,
                self.blayout,
                self.slayout,
                self.fractal,
                self.pad,
                NoneAttr() if memref is None else memref,
                NoneAttr() if binding is None else binding,
            )
        )

    def same_data_type(self, other: TileType) -> bool:
        """Equal in everything but the MemRef and the allocation binding."""
        return self._rebuild(None, None) == other._rebuild(None, None)

    # ----- verification ----------------------------------------------------
    def verify(self) -> None:
        try:
            space = MemorySpace(self.space.data)
        except ValueError:
            names = ", ".join(s.value for s in MemorySpace)
            raise VerifyException(
                f"unknown memory space '{self.space.data}' (expected one of {names})"
            ) from None
        shape = self.get_shape()
        if not 1 <= len(shape) <= MAX_TILE_RANK:
            raise VerifyException(f"a tile has rank 1 to {MAX_TILE_RANK}, got rank {len(shape)}")
        if any(d <= 0 for d in shape):
            raise VerifyException(f"tile dimensions must be positive, got {list(shape)}")
        valid = self.get_valid_shape()
        raw = () if isinstance(self.valid_shape, NoneAttr) else tuple(d.data for d in self.valid_shape.data)
        if len(valid) != len(shape) or any(v < 0 or v > d for v, d in zip(valid, shape)) or any(
            v < 0 and v != DYNAMIC_VALID for v in raw
        ):
            raise VerifyException(
                f"valid shape {list(valid)} does not fit in tile shape {list(shape)}"
            )
        for key in ("blayout", "slayout"):
            value = getattr(self, key).data
            if value not in LAYOUTS:
                raise VerifyException(f"{key} must be one of {', '.join(LAYOUTS)}, got '{value}'")
        if self.fractal.data not in FRACTALS:
            raise VerifyException(f"fractal must be one of 16, 32, 512, 1024, got {self.fractal.data}")
        if not 0 <= self.pad.data <= 3:
            raise VerifyException(f"pad must be 0..3, got {self.pad.data}")
        if self.element_type not in _allowed_elements():
            raise VerifyException(
                f"tile element type must be one of {ELEMENT_NAMES}, got {self.element_type}"
            )
        if is_4bit(self.element_type) and shape[-1] % 2:
            raise VerifyException(
                f"a {self.element_type} tile packs two elements per byte: its last "
                f"dimension must be even, got {list(shape)}"
            )
        if space in (MemorySpace.LEFT_SCALE, MemorySpace.RIGHT_SCALE) and len(shape) != 2:
            raise VerifyException(f"a {space.value} tile is 2-D, got rank {len(shape)}")
        if space in (MemorySpace.VEC, MemorySpace.BIAS) and len(shape) == 2:
            # A row-major tile's rows (a col-major tile's columns) are 32-byte
            # aligned blocks in the PTO ISA.
            eb = element_bytes(self.element_type)
            lead = shape[1] if self.blayout.data != "col_major" else shape[0]
            if is_4bit(self.element_type):
                lead, eb = lead // 2, 1
            if lead * eb % 32:
                axis = "row" if self.blayout.data != "col_major" else "column"
                raise VerifyException(
                    f"a {self.blayout.data} {space.value} tile needs 32-byte {axis}s: "
                    f"{lead} x {eb} bytes = {lead * eb} bytes in shape {list(shape)}"
                )

    # ----- text ------------------------------------------------------------
    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            pos = parser.pos
            dims, elem = parser.parse_ranked_shape()
            if any(d < 0 for d in dims):
                parser.raise_error("tile shapes must be static (no '?')", pos, parser.pos)
            parser.parse_punctuation(",")
            space_at = parser.pos
            space_name = parser.parse_identifier()
            try:
                space = MemorySpace(space_name)
            except ValueError:
                names = ", ".join(s.value for s in MemorySpace)
                parser.raise_error(
                    f"unknown memory space '{space_name}' (expected one of {names})",
                    space_at,
                    parser.pos,
                )
            fields: dict[str, object] = {}
            while parser.parse_optional_punctuation(",") is not None:
                key = parser.parse_identifier()
                if key in fields:
                    parser.raise_error(f"duplicate tile type field '{key}'")
                parser.parse_punctuation("=")
                if key == "valid":
                    # '?' (a runtime extent) parses as xDSL's dynamic index
                    fields[key] = [
                        DYNAMIC_VALID if d < 0 else d for d in parser.parse_dimension_list()
                    ]
                elif key in ("blayout", "slayout"):
                    fields[key] = parser.parse_identifier()
                elif key in ("fractal", "pad"):
                    fields[key] = parser.parse_integer(allow_boolean=False)
                elif key == "memref":
                    with parser.in_angle_brackets():
                        fields[key] = MemRefAttr.new(_parse_memref_body(parser))
                elif key == "alloc":
                    with parser.in_angle_brackets():
                        fields[key] = AllocBindingAttr.new(_parse_binding_body(parser))
                else:
                    parser.raise_error(
                        f"unknown tile type field '{key}' (expected valid, blayout, "
                        "slayout, fractal, pad, memref or alloc)"
                    )
        try:
            t = TileType(
                dims,
                elem,
                space,
                valid_shape=fields.get("valid"),  # type: ignore[arg-type]
                blayout=fields.get("blayout"),  # type: ignore[arg-type]
                slayout=fields.get("slayout"),  # type: ignore[arg-type]
                fractal=fields.get("fractal"),  # type: ignore[arg-type]
                pad=fields.get("pad", 0),  # type: ignore[arg-type]
                memref=fields.get("memref"),  # type: ignore[arg-type]
                alloc=fields.get("alloc"),  # type: ignore[arg-type]
            )
        except VerifyException as e:
            parser.raise_error(str(e), pos, parser.pos)
        return t.parameters

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            shape = self.get_shape()
            printer.print_string("x".join(str(d) for d in shape) + "x")
            printer.print_attribute(self.element_type)
            printer.print_string(f", {self.space.data}")
            if not isinstance(self.valid_shape, NoneAttr):
                dims = (d.data for d in self.valid_shape.data)
                printer.print_string(", valid = " + "x".join("?" if d == DYNAMIC_VALID else str(d) for d in dims))
            d_b, d_s, d_f = default_layout(self.memory_space, shape, self.element_type)
            if self.blayout.data != d_b:
                printer.print_string(f", blayout = {self.blayout.data}")
            if self.slayout.data != d_s:
                printer.print_string(f", slayout = {self.slayout.data}")
            if self.fractal.data != d_f:
                printer.print_string(f", fractal = {self.fractal.data}")
            if self.pad.data != 0:
                printer.print_string(f", pad = {self.pad.data}")
            if isinstance(self.memref, MemRefAttr):
                printer.print_string(", memref = <")
                _print_memref_body(self.memref, printer)
                printer.print_string(">")
            if isinstance(self.alloc, AllocBindingAttr):
                printer.print_string(", alloc = <")
                _print_binding_body(self.alloc, printer)
                printer.print_string(">")
