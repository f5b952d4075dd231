"""Tile ops that declare, create, load, store, move and extract buffers."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import BFloat16Type, IndexType, IntAttr, MemRefType, StringAttr, UnitAttr
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    AnyAttr,
    AttrSizedOperandSegments,
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
from xdsl_pto.dialects.tile.traits import A2A3, WritesGm
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


#: ``tile.store``'s ``atomic`` attribute: how the stored elements meet the
#: GM ones (``add``: GM += tile, pypto's ``atomic=pl.AtomicType.Add``, a
#: split-K partial sum; ptoas's ``atomicType = #pto<atomic_type
#: atomic_add>``).
STORE_ATOMICS = ("add",)


def store_atomic(op: Operation) -> str | None:
    """The ``atomic`` mode of a ``tile.store`` (None: a plain store)."""
    a = op.attributes.get("atomic")
    return a.data if isinstance(a, StringAttr) else None


def atomic_store_dtype(op: Operation, target: str) -> str | None:
    """pto-isa's rule: an atomic-add store of bf16 elements exists on a2/a3
    only (tile-op-semantics.md section 11, ``pl.tile.store``); ptoas v0.48
    emits it for a5 too, so the refusal is the hardware's."""
    if store_atomic(op) is None or family(target) != "a5":
        return None
    dest = op.operands[1].type
    if isinstance(dest, MemRefType) and isinstance(dest.element_type, BFloat16Type):
        return "has no atomic-add store of bf16 on a5 (a2/a3 only)"
    return None


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


def _check_gm_window(
    op: Operation,
    tensor: SSAValue,
    offsets: tuple[SSAValue, ...],
    tile: TileType,
    verb: str,
    extents: tuple[int, ...] | None = None,
    fit: tuple[int, ...] | None = None,
) -> None:
    """The tile's window at ``offsets`` lies in the tensor where the offsets
    are constants (``extents``: the window's sizes where they are not the
    tile's shape -- a load's valid extents, 0 for a runtime one).

    ``fit``: the sizes that must fit in the tensor's static extents, where
    they are not the tile's shape (a store's: it writes the valid window
    only, so a static valid extent is the bound and a runtime one keeps the
    tile's extent)."""
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
    bound = tshape if fit is None else fit
    for t, g in zip(reversed(bound), reversed(gm_shape)):
        if g >= 0 and t > g:
            if tuple(bound) == tuple(tshape):
                raise VerifyException(f"tile shape {list(tshape)} does not fit in tensor shape {_dims(gm_shape)}")
            raise VerifyException(
                f"the window {list(bound)} the {verb} writes (the tile's valid shape; a runtime valid "
                f"extent counts as the tile's) does not fit in tensor shape {_dims(gm_shape)}"
            )
    window = [1] * (len(gm_shape) - len(tshape)) + list(extents if extents is not None else tshape)
    for axis, (off, n, g) in enumerate(zip(offsets, window, gm_shape)):
        c = constant_index(off)
        if c is not None and (c < 0 or (g >= 0 and c + n > g)):
            raise VerifyException(
                f"window [{c}, {c + n}) on axis {axis} is outside the tensor's {g} elements"
            )
    del op


def parse_load_tail(parser: Parser) -> tuple[dict[str, Attribute], Attribute, Attribute]:
    """The end of a load-like op's custom form, ``{attrs} : memref<..> ->
    !tile.tile<..>``: its attributes, source type and result type."""
    attrs = parser.parse_optional_attr_dict()
    parser.parse_punctuation(":")
    src_t = parser.parse_type()
    parser.parse_punctuation("->")
    return attrs, src_t, parser.parse_type()


@located_op
@irdl_op_definition
class LoadOp(IRDLOperation):
    """GM -> on-chip load: ``%t = tile.load %gm[%i, %j] : memref<..> -> !tile.tile<..>``.

    Offsets are ``index`` values, one per tensor dimension (elements). The
    tile's shape is the window's shape; its space is Vec or Mat (``pto.tload``
    writes only those; a bias reaches Bias through Mat and a ``tile.move``,
    pypto-docs/15-auto_tile_matmul_l0.md).

    A runtime valid shape (pypto's ``pl.tile.load(t, offsets, shape,
    [n, 256])`` with ``n`` a runtime value): ``%t = tile.load %gm[%i, %j]
    valid [%n, %c256] : memref<..> -> !tile.tile<8x256xbf16, vec, valid =
    ?x256>``, one ``index`` extent per tile dimension; each result extent is
    the operand's constant or ``?`` where the operand is a runtime value.
    The load reads the valid window only (the rows and columns past it may
    lie outside the tensor); the rest of the tile is undefined.

    Raises (verifier):
        VerifyException: a space other than Vec / Mat, a window outside the
            tensor, valid extents of another count than the tile's rank, a
            constant extent outside ``[0, dimension]`` or one the result
            type does not say.
    """

    name = "tile.load"
    source = operand_def(MemRefType)
    offsets = var_operand_def(IndexType)
    valid = var_operand_def(IndexType)
    result = result_def(TileType)
    traits = traits_def(Load(), Transfer(), PtoasCheck(load_layout), RankN("gm"))
    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        source: SSAValue,
        offsets: list[SSAValue],
        result_type: TileType,
        valid: Sequence[SSAValue] = (),
    ):
        super().__init__(operands=[source, offsets, list(valid)], result_types=[result_type])

    def verify_(self) -> None:
        t = tile_type_of(self.result, "result")
        if t.memory_space not in (MemorySpace.VEC, MemorySpace.MAT):
            raise VerifyException(
                f"cannot load from GM into memory space {t.memory_space.value} (only vec or mat)"
            )
        shape = t.get_shape()
        if not self.valid:
            if t.has_dynamic_valid:
                raise VerifyException("a result with a runtime valid extent ('?') needs the load's valid operands")
            _check_gm_window(self, self.source, tuple(self.offsets), t, "load")
            return
        if len(self.valid) != len(shape):
            raise VerifyException(f"expected {len(shape)} valid extents for a rank-{len(shape)} tile, got {len(self.valid)}")
        for axis, (v, n, dyn, got) in enumerate(zip(self.valid, shape, t.dynamic_valid(), t.get_valid_shape())):
            c = constant_index(v)
            if c is not None and not 0 <= c <= n:
                raise VerifyException(f"valid extent {c} on axis {axis} is outside [0, {n}]")
            if c is None and not dyn:
                raise VerifyException(f"valid extent {axis} is a runtime value: the result's must be '?', got {got}")
            if c is not None and not dyn and c != got:
                raise VerifyException(f"valid extent {axis} is {c}: the result's must be {c} or '?', got {got}")
        extents = tuple(constant_index(v) or 0 for v in self.valid)
        _check_gm_window(self, self.source, tuple(self.offsets), t, "load", extents)

    def runtime_valid_extents(self) -> tuple[SSAValue | None, ...] | None:
        """Per result dimension, the ``index`` operand giving its valid
        extent (None without valid operands)."""
        return tuple(self.valid) if self.valid else None

    @classmethod
    def parse(cls, parser: Parser) -> LoadOp:
        src = parser.parse_unresolved_operand()
        offs = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_unresolved_operand)
        valid = []
        if parser.parse_optional_keyword("valid") is not None:
            valid = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_unresolved_operand)
        attrs, src_t, res_t = parse_load_tail(parser)
        idx = IndexType()
        op = LoadOp(
            parser.resolve_operand(src, src_t),
            [parser.resolve_operand(o, idx) for o in offs],
            res_t,  # type: ignore[arg-type]
            [parser.resolve_operand(v, idx) for v in valid],
        )
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.source)
        printer.print_string("[")
        printer.print_list(self.offsets, printer.print_operand)
        printer.print_string("]")
        if self.valid:
            printer.print_string(" valid [")
            printer.print_list(self.valid, printer.print_operand)
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
    ``{atomic = "add"}`` adds the tile into the GM window instead of
    overwriting it (pypto's ``atomic=pl.AtomicType.Add``: split-K partial
    sums stored by several cores into one output; :data:`STORE_ATOMICS`).
    For the on-chip plan it is a store like any other: it reads its tile.

    Verifier errors: a tile outside Vec / Acc / Mat, a window outside the
    tensor, an ``atomic`` other than ``"add"``. Target rule (pto-isa): no
    bf16 atomic store on a5 (:func:`atomic_store_dtype`).
    """

    name = "tile.store"
    tile = operand_def(TileType)
    dest = operand_def(MemRefType)
    offsets = var_operand_def(IndexType)
    atomic = opt_attr_def(StringAttr)
    traits = traits_def(
        Transfer(),
        PtoasCheck(store_source),
        PtoasCheck(atomic_store_dtype, source="pto-isa"),
        RankN("gm"),
        WritesGm("dest"),
    )

    def __init__(self, tile: SSAValue, dest: SSAValue, offsets: list[SSAValue]):
        super().__init__(operands=[tile, dest, offsets])

    def verify_(self) -> None:
        t = tile_type_of(self.tile, "stored value")
        if t.memory_space not in (MemorySpace.VEC, MemorySpace.ACC, MemorySpace.MAT):
            raise VerifyException(f"cannot store to GM from memory space {t.memory_space.value}")
        if self.atomic is not None and self.atomic.data not in STORE_ATOMICS:
            raise VerifyException(
                f"atomic must be one of {', '.join(repr(a) for a in STORE_ATOMICS)}, got {self.atomic.data!r}"
            )
        # It writes its valid region only: a static valid extent bounds the
        # window; a runtime one is unknown here, and the tile's extent stays
        # its bound (tile-op-semantics.md, section 0: "Valid region").
        dyn, valid = t.dynamic_valid(), t.get_valid_shape()
        extents = tuple(0 if d else v for d, v in zip(dyn, valid))
        fit = tuple(n if d else v for d, v, n in zip(dyn, valid, t.get_shape()))
        _check_gm_window(self, self.dest, tuple(self.offsets), t, "store", extents, fit)

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
        if d.memory_space in SCALE_SPACES:
            _check_scale_layouts(s, d)


def _layout_text(t: TileType) -> str:
    return f"blayout = {t.blayout.data}, slayout = {t.slayout.data}, fractal = {t.fractal.data}"


def _check_scale_layouts(s: TileType, d: TileType) -> None:
    """A Mat -> LeftScale / RightScale move copies the scale's boxes as they
    are: the hardware fixes the scale layout (row_major / row_major, fractal
    32 on the left; col_major / col_major, 32 on the right), and the Mat
    source must have it too (pypto-docs/operators.md, "MX block-scale
    matmul": the source Mat tile and layout overrides must match exactly).
    ptoas v0.48 infers the GM view of an e8m0 load from the Mat tile's
    layout (``mx_a_zz`` / ``mx_b_nn`` for these two, ``nd`` for any other),
    so the default Mat layout (col_major / row_major) is no scale layout.

    Raises:
        VerifyException: naming the layout the source or result must have.
    """
    want = TileType(d.get_shape(), d.element_type, d.memory_space)
    for what, t in (("result", d), ("source mat tile", s)):
        if (t.blayout, t.slayout, t.fractal) != (want.blayout, want.slayout, want.fractal):
            raise VerifyException(
                f"a move into {d.memory_space.value} keeps the hardware scale layout "
                f"({_layout_text(want)}), but the {what} has {_layout_text(t)}: give it "
                f"{_layout_text(want)}"
            )


#: Where ``tile.extract`` may write from each source space: a Mat window
#: goes to the cube's L0 operand buffers, a Vec window to a fresh Vec tile
#: (the real kernels' row / half-row extracts, tile-op-semantics.md
#: section 11; the reference emits ``pto.textract`` vec -> vec).
EXTRACT_TARGETS = {
    MemorySpace.MAT: (MemorySpace.LEFT, MemorySpace.RIGHT),
    MemorySpace.VEC: (MemorySpace.VEC,),
}


@located_op
@irdl_op_definition
class ExtractOp(TileComputeOp):
    """Copy a window of a Mat tile into a fresh Left or Right tile, or of a
    Vec tile into a fresh Vec tile:
    ``%a = tile.extract %src, %row, %col : (T, index, index) -> T2``.

    ``source`` is a 2-D Mat or Vec tile ``[R, C]``; the result type gives the
    window's shape ``[r, c]`` (elements), element type and space (``left``
    or ``right`` from Mat, ``vec`` from Vec: the memory kwarg of
    reference/tile-op-memory-traits.md, row ``tile.extract``; the Vec form
    is the real kernels' row extract, tile-op-semantics.md section 11). ``index_row``/``index_col`` are the window's
    origin in elements; they may be runtime values (a K-loop's induction
    variable). Source and result never share a buffer (not_inplace_safe:
    ``pto.textract`` reads while it writes). This is the per-iteration
    operand extract of pypto-docs/15-auto_tile_matmul_l0.md (slice + move
    in one op, lowered to ``pto.textract``).

    Verifier errors: a source or result that is not 2-D, a source outside
    Mat and Vec, a Mat source's result outside Left/Right, a Vec source's
    result outside Vec, differing element types, a window
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
        targets = EXTRACT_TARGETS.get(s.memory_space)
        if targets is None:
            raise VerifyException(f"source must be in mat or vec, got {s.memory_space.value}")
        if r.memory_space not in targets:
            allowed = " or ".join(t.value for t in targets)
            raise VerifyException(
                f"result of a {s.memory_space.value} source must be in {allowed}, got {r.memory_space.value}"
            )
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
