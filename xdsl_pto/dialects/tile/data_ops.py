"""Tile ops that declare, create, load, store, move and extract buffers."""

from __future__ import annotations

from xdsl.dialects.builtin import IndexType, IntAttr, MemRefType, StringAttr, UnitAttr
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    AnyAttr,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_attr_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.dialects.tile.base import TileComputeOp, located_op, tile_type_of
from xdsl_pto.dialects.tile.traits import (
    HwPipe,
    Load,
    NotInplaceSafe,
    RankN,
    ResultSpace,
    RunsOn,
    Transfer,
)
from xdsl_pto.dialects.tile.ptoas_traits import (
    ARITH,
    ARITH_A5,
    BF16,
    PtoasCheck,
    PtoasElements,
    PtoasWholeRows,
    elementwise,
    family,
)
from xdsl_pto.dialects.tile.traits import A2A3
from xdsl_pto.dialects.tile.types import MAX_DECLARED_SLOTS, MemorySpace, TileType
from xdsl_pto.dialects.tile.view_ops import constant_index


def _is_zn(t: TileType) -> bool:
    """A Vec tile in the ZN layout (row_major blocks of col_major boxes)."""
    return t.blayout.data == "row_major" and t.slayout.data == "col_major"


def _a5_vec_layout(t: TileType, what: str, target: str) -> str | None:
    if family(target) == "a5" and t.memory_space is MemorySpace.VEC and _is_zn(t):
        return (
            f"moves a vec tile to or from GM only in the ND, DN or NZ layout, but the {what} is "
            "ZN (blayout = row_major, slayout = col_major)"
        )
    return None


def load_layout(op: Operation, target: str) -> str | None:
    """ptoas on a5 loads into a Vec tile only in the ND, DN or NZ layout
    ("expects A5 tload vec dst layout to be ND, DN, or NZ")."""
    t = op.results[0].type
    assert isinstance(t, TileType)
    return _a5_vec_layout(t, "loaded tile", target)


def store_source(op: Operation, target: str) -> str | None:
    """ptoas on a5 stores from Vec or Acc only ("expects A5 tstore src to
    use loc=vec or loc=acc"), a Vec tile only in the ND, DN or NZ layout."""
    t = op.operands[0].type
    assert isinstance(t, TileType)
    if family(target) == "a5" and t.memory_space not in (MemorySpace.VEC, MemorySpace.ACC):
        return f"stores to GM from vec or acc only, not from {t.memory_space.value}"
    return _a5_vec_layout(t, "stored tile", target)


def move_route(op: Operation, target: str) -> str | None:
    """ptoas has no Mat -> Mat ``tmov`` on any target ("expects a supported
    tmov address-space pair for this target")."""
    src, dst = op.operands[0].type, op.results[0].type
    assert isinstance(src, TileType) and isinstance(dst, TileType)
    if src.memory_space is MemorySpace.MAT and dst.memory_space is MemorySpace.MAT:
        if "carry" in op.attributes:
            return (
                "has no mat -> mat tmov, and this loop carry or if merge needs one (the "
                "compiler's copy into the carried buffer): carry or merge a Mat value that is "
                "one buffer on every path, or use a space with a copy route"
            )
        return "has no mat -> mat tmov; use the tile where it is (or a view of it)"
    return None


@located_op
@irdl_op_definition
class AllocOp(IRDLOperation):
    """Declares one allocation root of a function: ``tile.alloc @mem_vec_0 in vec
    size 16384 [addr 0]``.

    ``size`` is in bytes. ``addr`` (bytes, in the memory space) is set by
    ``allocate-memory-addr``. Tile types name the root by its symbol in their
    MemRef. InitMemRef places every alloc at the head of the function body
    (pypto-docs/31-init_memref.md, step 6).

    ``pinned`` marks an author-declared allocation (seed 001, "Declared
    allocations"): MemoryReuse never packs anything into or out of it.
    ``slots N`` (N >= 2) splits it into N contiguous slots of ``size / N``
    bytes each: ``tile.alloc @l0c in acc size 131072 slots 2 pinned``.
    """

    name = "tile.alloc"

    sym_name = prop_def(StringAttr)
    space = prop_def(StringAttr)
    size = prop_def(IntAttr)
    addr = opt_prop_def(IntAttr)
    slots = opt_prop_def(IntAttr)
    pinned = opt_prop_def(UnitAttr)

    def __init__(
        self,
        sym_name: str,
        space: MemorySpace,
        size: int,
        addr: int | None = None,
        *,
        pinned: bool = False,
        slots: int = 1,
    ):
        props: dict[str, Attribute] = {
            "sym_name": StringAttr(sym_name),
            "space": StringAttr(space.value),
            "size": IntAttr(size),
        }
        if addr is not None:
            props["addr"] = IntAttr(addr)
        if slots != 1:
            props["slots"] = IntAttr(slots)
        if pinned:
            props["pinned"] = UnitAttr()
        super().__init__(properties=props)

    @property
    def is_pinned(self) -> bool:
        """True for an author-declared allocation."""
        return self.pinned is not None

    @property
    def slot_count(self) -> int:
        """Number of slots (1 for an ordinary allocation)."""
        return 1 if self.slots is None else self.slots.data

    @property
    def slot_size(self) -> int:
        """Bytes of one slot (the whole size for a one-slot allocation)."""
        return self.size.data // self.slot_count

    @property
    def memory_space(self) -> MemorySpace:
        """The memory space the root lives in."""
        return MemorySpace(self.space.data)

    def verify_(self) -> None:
        try:
            MemorySpace(self.space.data)
        except ValueError:
            raise VerifyException(f"unknown memory space '{self.space.data}'") from None
        if self.size.data <= 0:
            raise VerifyException(f"size must be positive, got {self.size.data}")
        if self.addr is not None and self.addr.data < 0:
            raise VerifyException(f"addr must be non-negative, got {self.addr.data}")
        n = self.slot_count
        if not 1 <= n <= MAX_DECLARED_SLOTS:
            raise VerifyException(f"slots must be 1 to {MAX_DECLARED_SLOTS}, got {n}")
        if self.size.data % n:
            raise VerifyException(f"size {self.size.data} is not a multiple of its {n} slots")

    @classmethod
    def parse(cls, parser: Parser) -> AllocOp:
        name = parser.parse_symbol_name().data
        parser.parse_keyword("in")
        space = parser.parse_identifier()
        try:
            ms = MemorySpace(space)
        except ValueError:
            parser.raise_error(f"unknown memory space '{space}'")
        parser.parse_keyword("size")
        size = parser.parse_integer(allow_boolean=False, allow_negative=False)
        slots = 1
        if parser.parse_optional_keyword("slots") is not None:
            slots = parser.parse_integer(allow_boolean=False, allow_negative=False)
        pinned = parser.parse_optional_keyword("pinned") is not None
        addr = None
        if parser.parse_optional_keyword("addr") is not None:
            addr = parser.parse_integer(allow_boolean=False, allow_negative=False)
        return AllocOp(name, ms, size, addr, pinned=pinned, slots=slots)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        printer.print_string(f" in {self.space.data} size {self.size.data}")
        if self.slots is not None:
            printer.print_string(f" slots {self.slots.data}")
        if self.pinned is not None:
            printer.print_string(" pinned")
        if self.addr is not None:
            printer.print_string(f" addr {self.addr.data}")


def _dims(shape: tuple[int, ...]) -> str:
    """A tensor shape as text, a dynamic extent as ``?`` (``[?, 16]``)."""
    return "[" + ", ".join("?" if d < 0 else str(d) for d in shape) + "]"


def _check_gm_window(op: Operation, tensor: SSAValue, offsets: tuple[SSAValue, ...], tile: TileType, verb: str) -> None:
    if not isinstance(tensor.type, MemRefType):
        raise VerifyException(f"{verb} needs a memref (GM tensor), got {tensor.type}")
    gm_shape = tensor.type.get_shape()  # a dynamic extent ('?') is -1: no bound to check
    if len(offsets) != len(gm_shape):
        raise VerifyException(
            f"expected {len(gm_shape)} offsets for a rank-{len(gm_shape)} tensor, got {len(offsets)}"
        )
    if tensor.type.element_type != tile.element_type:
        raise VerifyException(
            f"element type mismatch: tensor has {tensor.type.element_type}, tile has {tile.element_type}"
        )
    tshape = tile.get_shape()
    if len(tshape) > len(gm_shape):
        raise VerifyException(f"tile rank {len(tshape)} exceeds tensor rank {len(gm_shape)}")
    for t, g in zip(reversed(tshape), reversed(gm_shape)):
        if g >= 0 and t > g:
            raise VerifyException(f"tile shape {list(tshape)} does not fit in tensor shape {_dims(gm_shape)}")
    window = [1] * (len(gm_shape) - len(tshape)) + list(tshape)
    for axis, (off, n, g) in enumerate(zip(offsets, window, gm_shape)):
        c = constant_index(off)
        if c is not None and (c < 0 or (g >= 0 and c + n > g)):
            raise VerifyException(
                f"window [{c}, {c + n}) on axis {axis} is outside the tensor's {g} elements"
            )
    del op


@located_op
@irdl_op_definition
class LoadOp(IRDLOperation):
    """GM -> on-chip load: ``%t = tile.load %gm[%i, %j] : memref<..> -> !tile.tile<..>``.

    Offsets are ``index`` values, one per tensor dimension (elements). The
    tile's shape is the window's shape; its space is Vec or Mat (``pto.tload``
    writes only those; a bias reaches Bias through Mat and a ``tile.move``,
    pypto-docs/15-auto_tile_matmul_l0.md).
    """

    name = "tile.load"
    source = operand_def(MemRefType)
    offsets = var_operand_def(IndexType)
    result = result_def(TileType)
    traits = traits_def(Load(), Transfer(), PtoasCheck(load_layout), RankN("gm"))

    def __init__(self, source: SSAValue, offsets: list[SSAValue], result_type: TileType):
        super().__init__(operands=[source, offsets], result_types=[result_type])

    def verify_(self) -> None:
        t = tile_type_of(self.result, "result")
        if t.memory_space not in (MemorySpace.VEC, MemorySpace.MAT):
            raise VerifyException(
                f"cannot load from GM into memory space {t.memory_space.value} (only vec or mat)"
            )
        _check_gm_window(self, self.source, tuple(self.offsets), t, "load")

    @classmethod
    def parse(cls, parser: Parser) -> LoadOp:
        src = parser.parse_unresolved_operand()
        offs = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_unresolved_operand)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        src_t = parser.parse_type()
        parser.parse_punctuation("->")
        res_t = parser.parse_type()
        idx = IndexType()
        op = LoadOp(
            parser.resolve_operand(src, src_t),
            [parser.resolve_operand(o, idx) for o in offs],
            res_t,  # type: ignore[arg-type]
        )
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.source)
        printer.print_string("[")
        printer.print_list(self.offsets, printer.print_operand)
        printer.print_string("]")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.source.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)


@located_op
@irdl_op_definition
class StoreOp(IRDLOperation):
    """On-chip -> GM store: ``tile.store %t, %gm[%i, %j] : !tile.tile<..>, memref<..>``.

    Has no result: the GM tensor is written in place (GM is never planned).
    """

    name = "tile.store"
    tile = operand_def(TileType)
    dest = operand_def(MemRefType)
    offsets = var_operand_def(IndexType)
    traits = traits_def(Transfer(), PtoasCheck(store_source), RankN("gm"))

    def __init__(self, tile: SSAValue, dest: SSAValue, offsets: list[SSAValue]):
        super().__init__(operands=[tile, dest, offsets])

    def verify_(self) -> None:
        t = tile_type_of(self.tile, "stored value")
        if t.memory_space not in (MemorySpace.VEC, MemorySpace.ACC, MemorySpace.MAT):
            raise VerifyException(f"cannot store to GM from memory space {t.memory_space.value}")
        _check_gm_window(self, self.dest, tuple(self.offsets), t, "store")

    @classmethod
    def parse(cls, parser: Parser) -> StoreOp:
        tile = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        dst = parser.parse_unresolved_operand()
        offs = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_unresolved_operand)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        tile_t = parser.parse_type()
        parser.parse_punctuation(",")
        dst_t = parser.parse_type()
        idx = IndexType()
        op = StoreOp(
            parser.resolve_operand(tile, tile_t),
            parser.resolve_operand(dst, dst_t),
            [parser.resolve_operand(o, idx) for o in offs],
        )
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.tile)
        printer.print_string(", ")
        printer.print_operand(self.dest)
        printer.print_string("[")
        printer.print_list(self.offsets, printer.print_operand)
        printer.print_string("]")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.tile.type)
        printer.print_string(", ")
        printer.print_attribute(self.dest.type)


@located_op
@irdl_op_definition
class CreateOp(TileComputeOp):
    """A fresh tile with undefined contents (scratch, accumulator seed):
    ``%t = tile.create : !tile.tile<..>``."""

    name = "tile.create"
    result = result_def(TileType)
    traits = traits_def(RankN())


@located_op
@irdl_op_definition
class FullOp(TileComputeOp):
    """A Vec tile filled with a scalar: ``%t = tile.full %v : (f32) -> !tile.tile<..>``."""

    name = "tile.full"
    value = operand_def(AnyAttr())
    result = result_def(TileType)
    traits = traits_def(
        RunsOn(HwPipe.VECTOR),
        ResultSpace(MemorySpace.VEC),
        PtoasElements(ARITH | {BF16}, ARITH_A5 | {BF16}),
        # a2/a3 texpands writes row-major only; a column vector is filled
        # through its transposed view (any element order fills the same bytes)
        elementwise(targets=A2A3),
    )

    def verify_(self) -> None:
        t = tile_type_of(self.result, "result")
        if self.value.type != t.element_type:
            raise VerifyException(
                f"fill value type {self.value.type} differs from element type {t.element_type}"
            )


# Legal tile.move routes (source space -> destination spaces). No Acc -> Acc
# copy exists on any target (reference/backends.md).
MOVE_ROUTES: dict[MemorySpace, tuple[MemorySpace, ...]] = {
    MemorySpace.VEC: (MemorySpace.VEC, MemorySpace.MAT),
    MemorySpace.MAT: (
        MemorySpace.LEFT, MemorySpace.RIGHT, MemorySpace.BIAS, MemorySpace.MAT, MemorySpace.VEC,
        MemorySpace.LEFT_SCALE, MemorySpace.RIGHT_SCALE,
    ),
    MemorySpace.ACC: (MemorySpace.MAT, MemorySpace.VEC),
    MemorySpace.LEFT: (),
    MemorySpace.RIGHT: (),
    MemorySpace.BIAS: (),
    MemorySpace.LEFT_SCALE: (),
    MemorySpace.RIGHT_SCALE: (),
}

#: The scale spaces: a Mat ``ui8`` tile may move into one as ``f8E8M0FNU``
#: (pto-isa's ``CommonCheckMX``; ptoas v0.48 takes the ui8 -> e8m0 ``tmov``).
SCALE_SPACES = (MemorySpace.LEFT_SCALE, MemorySpace.RIGHT_SCALE)


@located_op
@irdl_op_definition
class MoveOp(TileComputeOp):
    """Copy a tile into a new buffer, possibly in another space or layout:
    ``%b = tile.move %a : (T) -> T2``. Source and destination never share a
    buffer (not_inplace_safe: TMOV needs distinct addresses).

    With the unit attribute ``carry`` it is a *carry writeback*: the copy that
    makes a loop-carried or if-merged value land in the carry's buffer, placed
    by ``init-memref`` right before the ``scf.yield``. ``materialize-semantic-
    aliases`` removes it when the yielded value can be computed in place;
    ``memory-reuse`` keeps a Vec one and rejects an Acc one (no Acc -> Acc copy
    exists), which is the only case an Acc -> Acc move verifies.
    """

    name = "tile.move"
    source = operand_def(TileType)
    result = result_def(TileType)
    carry = opt_attr_def(UnitAttr)
    traits = traits_def(NotInplaceSafe(), Transfer(), PtoasCheck(move_route), PtoasWholeRows((0,), A2A3), RankN())

    def __init__(self, source: SSAValue, result_type: TileType, *, carry: bool = False):
        super().__init__(
            operands=[source],
            result_types=[result_type],
            attributes={"carry": UnitAttr()} if carry else {},
        )

    def verify_(self) -> None:
        s = tile_type_of(self.source, "source")
        d = tile_type_of(self.result, "result")
        pending_acc_carry = self.carry is not None and s.memory_space is d.memory_space
        if d.memory_space not in MOVE_ROUTES[s.memory_space] and not pending_acc_carry:
            raise VerifyException(
                f"no move from {s.memory_space.value} to {d.memory_space.value} exists"
            )
        if s.get_shape() != d.get_shape():
            raise VerifyException(
                f"shape mismatch: source {list(s.get_shape())}, result {list(d.get_shape())}"
            )
        ui8_scale = (
            d.memory_space in SCALE_SPACES
            and str(s.element_type) == "ui8"
            and str(d.element_type) == "f8E8M0FNU"
        )
        if s.element_type != d.element_type and s.memory_space is not MemorySpace.ACC and not ui8_scale:
            raise VerifyException(
                f"element type mismatch: source {s.element_type}, result {d.element_type}"
            )


#: Where ``tile.extract`` may write: the cube's L0 operand buffers.
EXTRACT_TARGETS = (MemorySpace.LEFT, MemorySpace.RIGHT)


@located_op
@irdl_op_definition
class ExtractOp(TileComputeOp):
    """Copy a window of a Mat tile into a fresh Left or Right tile:
    ``%a = tile.extract %src, %row, %col : (T, index, index) -> T2``.

    ``source`` is a 2-D Mat tile ``[R, C]``; the result type gives the
    window's shape ``[r, c]`` (elements), element type and space (``left``
    or ``right``: the memory kwarg of reference/tile-op-memory-traits.md,
    row ``tile.extract``). ``index_row``/``index_col`` are the window's
    origin in elements; they may be runtime values (a K-loop's induction
    variable). Source and result never share a buffer (not_inplace_safe:
    ``pto.textract`` reads while it writes). This is the per-iteration
    operand extract of pypto-docs/15-auto_tile_matmul_l0.md (slice + move
    in one op, lowered to ``pto.textract``).

    Verifier errors: a source or result that is not 2-D, a source outside
    Mat, a result outside Left/Right, differing element types, a window
    larger than the source, a negative constant offset, or a constant
    offset that puts the window outside the source.
    """

    name = "tile.extract"
    source = operand_def(TileType)
    index_row = operand_def(IndexType)
    index_col = operand_def(IndexType)
    result = result_def(TileType)
    traits = traits_def(NotInplaceSafe(), Transfer())

    def verify_(self) -> None:
        s = tile_type_of(self.source, "source")
        r = tile_type_of(self.result, "result")
        src_shape, win = s.get_shape(), r.get_shape()
        if len(src_shape) != 2 or len(win) != 2:
            raise VerifyException(
                f"extract needs a 2-D source and result, got source {list(src_shape)} "
                f"and result {list(win)}"
            )
        if s.memory_space is not MemorySpace.MAT:
            raise VerifyException(f"source must be in mat, got {s.memory_space.value}")
        if r.memory_space not in EXTRACT_TARGETS:
            raise VerifyException(f"result must be in left or right, got {r.memory_space.value}")
        if s.element_type != r.element_type:
            raise VerifyException(
                f"element type mismatch: source {s.element_type}, result {r.element_type}"
            )
        if any(n > dim for n, dim in zip(win, src_shape)):
            raise VerifyException(
                f"extract window {list(win)} exceeds source shape {list(src_shape)}"
            )
        for axis, off, n, dim in zip(("row", "column"), (self.index_row, self.index_col), win, src_shape):
            c = constant_index(off)
            if c is None:
                continue
            if c < 0:
                raise VerifyException(f"extract offsets must be non-negative, got {c}")
            if c + n > dim:
                raise VerifyException(
                    f"extract window {list(win)} at {axis} {c} exceeds source shape {list(src_shape)}"
                )
