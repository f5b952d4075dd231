"""Cross-core pipe setup ops of the Tile dialect (pypto-docs/operators.md,
"CrossCoreOp": "Pipe Initialization Operations", "Buffer Management
Operations", ``system.tfree_*``) and the sub-core query.

Text forms::

    %r = tile.reserve_buffer "c2v_slots" size 65536 in vec                 // base AUTO
    %r = tile.reserve_buffer "c2v_slots" size 65536 in vec at 0            // explicit base
    %p = tile.import_peer_buffer "v2c_slots" from @kernel_aic
    tile.aic_initialize_pipe %c2v, %v2c {dir_mask = 3 : i64, slot_size = 32768 : i64, slot_num = 2 : i64}
    tile.aiv_initialize_pipe %c2v, %v2c gm_slot_buffer(%gm : memref<1xf32>) {dir_mask = 3 : i64, slot_size = 32768 : i64}
    tile.tfree_to_aic %popped {split = 0 : i64} : !tile.tile<64x64xf32, vec>
    tile.tfree_to_aiv %popped {split = 0 : i64} : !tile.tile<64x64xf16, mat>
    %i = tile.get_subblock_idx : index

``reserve_buffer`` and ``import_peer_buffer`` produce an ``i32`` (the base
of the ring buffer), which the ``*_initialize_pipe`` ops take as their
``c2v_consumer_buf`` / ``v2c_consumer_buf`` operands: the consumer's ring of
each direction the ``dir_mask`` enables (any ``i32`` otherwise; the
reference passes 0). A pipe whose ring is such a buffer is a real pipe: every
tile popped from it must be freed. convert-tile-to-pto needs each enabled
direction's operand to be a reservation or an import and both sides of the
pipe in the module (ptoas pairs them by the ring's name). ``gm_slot_buffer(%t : memref<...>)`` names the GM
tensor argument the pipe's slots spill through, which ptoas (v0.48) needs on
a2/a3 (the reference passes its ``__gm_pipe_buffer`` parameter);
convert-tile-to-pto refuses an a2/a3 initialization without it. A reservation without
``at`` is AUTO (the reference's ``base = -1``): ``allocate-memory-addr``
(planner pypto or dsa_rp) resolves it to an explicit base and places every
tile of that space above the reserved window; under planner=ptoas it stays
AUTO and ptoas places it. The ring lives in the consuming core's memory:
``vec`` in a vector (AIV) function, ``mat`` in a cube (AIC) one.

``tfree_to_aic`` (vector kernel) / ``tfree_to_aiv`` (cube kernel) release
the pipe slot of a tile popped with ``tile.tpop_from_aic`` /
``tile.tpop_from_aiv``; the operand must be that pop's result (the
reference derives the freed slot from it) and ``split`` / ``id`` must match
the pop's.

The function-level attributes the pypto importer sets (``tile.function_kind``,
``tile.func_attrs``, ``tile.out``) live in
:mod:`xdsl_pto.dialects.tile.function_attrs`.
"""

from __future__ import annotations

import re
from typing import ClassVar

from xdsl.dialects import func, scf
from xdsl.dialects.builtin import (
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    StringAttr,
    SymbolRefAttr,
    i32,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    AnyAttr,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_attr_def,
    opt_operand_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.diagnostics import LocatedVerifyError, op_location
from xdsl_pto.dialects.tile.base import located_op, tile_type_of
from xdsl_pto.dialects.tile.cross_core_ops import (
    INIT_OP_NAMES,
    OneTileText,
    declared_side,
    enclosing_function,
    function_label,
    init_ops,
    int_attr,
    ring_slots,
    pipe_attrs,
    verify_pipe_attrs,
    verify_pipe_direction,
)
from xdsl_pto.dialects.tile.traits import TPop, WritesGm
from xdsl_pto.dialects.tile.types import MemorySpace

#: The memory spaces a reservation may live in (the consumer's memory).
RESERVE_SPACES = (MemorySpace.VEC, MemorySpace.MAT)

# The reference checks buffer names with CheckSafeIdentifier (letters,
# digits, underscore).
_SAFE = re.compile(r"[A-Za-z0-9_]+")


def _int(value: int) -> IntegerAttr:
    return IntegerAttr(value, i64)


def _int_of(op: Operation, key: str) -> int | None:
    attr = op.attributes.get(key)
    return attr.value.data if isinstance(attr, IntegerAttr) else None


def _check_name(what: str, name: str) -> None:
    if not name:
        raise VerifyException(f"{what} must not be empty")
    if not _SAFE.fullmatch(name):
        raise VerifyException(f"{what} must be letters, digits and '_' only, got \"{name}\"")


def _check_i32_result(op: Operation) -> None:
    t = op.results[0].type
    if t != i32:
        raise VerifyException(f"result must be i32, got {t}")


@located_op
@irdl_op_definition
class ReserveBufferOp(IRDLOperation):
    """Reserve a named window of the consuming core's memory for a
    cross-core ring buffer (``system.reserve_buffer``):
    ``%r = tile.reserve_buffer "N" size S in vec [at B]``.

    ``base`` absent = AUTO (the planner chooses); once resolved by
    allocate-memory-addr it is explicit. Verifies: a non-empty name of
    letters, digits and ``_``; ``size > 0``; space ``vec`` or ``mat``; a
    base (when given) ``>= 0`` and 32-byte aligned; an ``i32`` result; the
    op sits at the top level of a function body.
    """

    name = "tile.reserve_buffer"

    buffer_name = opt_attr_def(AnyAttr(), attr_name="name")
    size = opt_attr_def(AnyAttr())
    space = opt_attr_def(AnyAttr())
    base = opt_attr_def(AnyAttr())
    result = result_def(IntegerType)

    def __init__(self, name: str, size: int, space: MemorySpace | str, base: int | None = None):
        attrs: dict[str, Attribute] = {
            "name": StringAttr(name),
            "size": _int(size),
            "space": StringAttr(MemorySpace(space).value),
        }
        if base is not None:
            attrs["base"] = _int(base)
        super().__init__(result_types=[i32], attributes=attrs)

    # ----- accessors -------------------------------------------------------
    @property
    def reserved_name(self) -> str:
        """The buffer's name."""
        assert isinstance(self.buffer_name, StringAttr)
        return self.buffer_name.data

    @property
    def size_bytes(self) -> int:
        """The reserved bytes."""
        value = _int_of(self, "size")
        assert value is not None
        return value

    @property
    def memory_space(self) -> MemorySpace:
        """The space of the reserved window."""
        assert isinstance(self.space, StringAttr)
        return MemorySpace(self.space.data)

    @property
    def base_addr(self) -> int | None:
        """The explicit base, or None for AUTO."""
        return _int_of(self, "base")

    def set_base(self, base: int) -> None:
        """Make the reservation explicit at ``base`` (a resolved AUTO)."""
        self.attributes["base"] = _int(base)

    # ----- verification ----------------------------------------------------
    def verify_(self) -> None:
        if not isinstance(self.buffer_name, StringAttr):
            raise VerifyException(f"needs a string 'name', got {self.buffer_name}")
        _check_name("name", self.buffer_name.data)
        size = self.size
        if not isinstance(size, IntegerAttr) or size.value.data <= 0:
            got = size.value.data if isinstance(size, IntegerAttr) else size
            raise VerifyException(f"size must be a positive integer (bytes), got {got}")
        space = self.space.data if isinstance(self.space, StringAttr) else None
        if space not in ("vec", "mat"):
            raise VerifyException(
                "a reserved buffer lives in vec (vector kernel) or mat (cube kernel), got "
                f"{space if space is not None else self.space}"
            )
        base = self.base
        if base is not None:
            if not isinstance(base, IntegerAttr) or base.value.data < 0:
                raise VerifyException(f"base must be a non-negative integer, got {base}")
            if base.value.data % 32:
                raise VerifyException(f"base {base.value.data} is not 32-byte aligned")
        _check_i32_result(self)
        parent = self.parent_op()
        if parent is not None and not isinstance(parent, func.FuncOp):
            raise VerifyException(
                f"must be at the top level of a function body, not inside '{parent.name}'"
            )
        if isinstance(parent, func.FuncOp):
            for other in reservations(parent):
                if other is self:
                    break
                if other.buffer_name == self.buffer_name:
                    raise LocatedVerifyError(
                        f"{self.name} in {function_label(parent)}: the buffer name "
                        f'"{self.buffer_name.data}" is already reserved at {op_location(other)}; '
                        "a function reserves each name once",
                        self,
                    )

    # ----- text ------------------------------------------------------------
    @classmethod
    def parse(cls, parser: Parser):
        name = parser.parse_str_literal()
        parser.parse_keyword("size")
        size = parser.parse_integer(allow_boolean=False)
        parser.parse_keyword("in")
        at = parser.pos
        space = parser.parse_identifier()
        if space not in ("vec", "mat"):
            parser.raise_error(
                f"a reserved buffer lives in vec or mat, got '{space}'", at, parser.pos
            )
        base = None
        if parser.parse_optional_keyword("at") is not None:
            base = parser.parse_integer(allow_boolean=False)
        attrs = parser.parse_optional_attr_dict()
        op = cls(name, size, space, base)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_string_literal(self.reserved_name)
        printer.print_string(f" size {self.size_bytes} in {self.memory_space.value}")
        if self.base_addr is not None:
            printer.print_string(f" at {self.base_addr}")
        extra = {k: v for k, v in self.attributes.items() if k not in ("name", "size", "space", "base")}
        printer.print_op_attributes(extra)


@located_op
@irdl_op_definition
class ImportPeerBufferOp(IRDLOperation):
    """Import the buffer a peer function reserved (producer side,
    ``system.import_peer_buffer``):
    ``%p = tile.import_peer_buffer "N" from @peer``.

    Verifies: a non-empty name of letters, digits and ``_``; a symbol
    ``peer_func``; an ``i32`` result.
    """

    name = "tile.import_peer_buffer"

    buffer_name = opt_attr_def(AnyAttr(), attr_name="name")
    peer_func = opt_attr_def(AnyAttr())
    result = result_def(IntegerType)

    def __init__(self, name: str, peer_func: str):
        super().__init__(
            result_types=[i32],
            attributes={"name": StringAttr(name), "peer_func": SymbolRefAttr(peer_func)},
        )

    @property
    def imported_name(self) -> str:
        """The peer buffer's name."""
        assert isinstance(self.buffer_name, StringAttr)
        return self.buffer_name.data

    @property
    def peer(self) -> str:
        """The peer function's symbol name (without ``@``)."""
        assert isinstance(self.peer_func, SymbolRefAttr)
        return self.peer_func.root_reference.data

    def verify_(self) -> None:
        if not isinstance(self.buffer_name, StringAttr):
            raise VerifyException(f"needs a string 'name', got {self.buffer_name}")
        _check_name("name", self.buffer_name.data)
        if not isinstance(self.peer_func, SymbolRefAttr):
            raise VerifyException(f"needs a symbol 'peer_func' (@function), got {self.peer_func}")
        _check_name("peer_func", self.peer_func.root_reference.data)
        _check_i32_result(self)

    @classmethod
    def parse(cls, parser: Parser):
        name = parser.parse_str_literal()
        parser.parse_keyword("from")
        peer = parser.parse_symbol_name().data
        attrs = parser.parse_optional_attr_dict()
        op = cls(name, peer)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_string_literal(self.imported_name)
        printer.print_string(" from ")
        printer.print_symbol_name(self.peer)
        extra = {k: v for k, v in self.attributes.items() if k not in ("name", "peer_func")}
        printer.print_op_attributes(extra)


#: The integer attributes of an initialize_pipe op, in print order.
PIPE_INIT_KEYS = ("id", "dir_mask", "slot_size", "slot_num", "local_slot_num")


class _InitializePipe(IRDLOperation):
    """``tile.NAME %c2v, %v2c [gm_slot_buffer(%gm : memref<..>)] {dir_mask = D,
    slot_size = S[, slot_num = N][, local_slot_num = L][, id = I]}`` (i64
    attributes)."""

    c2v_consumer_buf = operand_def(IntegerType)
    v2c_consumer_buf = operand_def(IntegerType)
    gm_slot_buffer = opt_operand_def(MemRefType)
    dir_mask = opt_attr_def(AnyAttr())
    slot_size = opt_attr_def(AnyAttr())
    slot_num = opt_attr_def(AnyAttr())
    local_slot_num = opt_attr_def(AnyAttr())
    pipe_id = opt_attr_def(AnyAttr(), attr_name="id")
    # the pipe spills its slots through the GM buffer
    traits = traits_def(WritesGm("gm_slot_buffer"))

    def __init__(
        self,
        c2v_consumer_buf: SSAValue | Operation,
        v2c_consumer_buf: SSAValue | Operation,
        *,
        dir_mask: int,
        slot_size: int,
        slot_num: int | None = None,
        local_slot_num: int | None = None,
        pipe_id: int | None = None,
        gm_slot_buffer: SSAValue | None = None,
    ):
        values = {
            "dir_mask": dir_mask,
            "slot_size": slot_size,
            "slot_num": slot_num,
            "local_slot_num": local_slot_num,
            "id": pipe_id,
        }
        super().__init__(
            operands=[c2v_consumer_buf, v2c_consumer_buf, [] if gm_slot_buffer is None else [gm_slot_buffer]],
            attributes={k: _int(v) for k, v in values.items() if v is not None},
        )

    def values(self) -> dict[str, int]:
        """The integer attributes present, by key (:data:`PIPE_INIT_KEYS`)."""
        return {k: v for k in PIPE_INIT_KEYS if (v := _int_of(self, k)) is not None}

    def verify_(self) -> None:
        for what, v in (("c2v_consumer_buf", self.c2v_consumer_buf), ("v2c_consumer_buf", self.v2c_consumer_buf)):
            if v.type != i32:
                raise VerifyException(f"{what} must be i32, got {v.type}")
        for key in PIPE_INIT_KEYS:
            attr = self.attributes.get(key)
            if attr is not None and not isinstance(attr, IntegerAttr):
                raise VerifyException(f"{key} must be an integer, got {attr}")
        mask = _int_of(self, "dir_mask")
        if mask not in (1, 2, 3):
            raise VerifyException(
                f"dir_mask must be 1 (cube to vector), 2 (vector to cube) or 3 (both), got {mask}"
            )
        size = _int_of(self, "slot_size")
        if size is None or size <= 0:
            raise VerifyException(f"slot_size must be a positive integer (bytes), got {size}")
        num = _int_of(self, "slot_num")
        if num is not None and num <= 0:
            raise VerifyException(f"slot_num must be positive, got {num}")
        local = _int_of(self, "local_slot_num")
        if local is not None and (local <= 0 or (num is not None and local > num)):
            bound = f" and at most slot_num ({num})" if num is not None else ""
            raise VerifyException(f"local_slot_num must be positive{bound}, got {local}")
        pipe = _int_of(self, "id")
        if pipe is not None and pipe < 0:
            raise VerifyException(f"id must be a non-negative integer, got {pipe}")
        self.verify_in_function()
        self.verify_ring_sizes()

    def verify_ring_sizes(self) -> None:
        """Each ring this op's function reserves for an enabled direction
        (a ``tile.reserve_buffer`` operand) holds the slots the pipe keeps
        there: ``size >= slot_size * n``, ``n`` the consumer's slot count
        (:func:`~xdsl_pto.dialects.tile.cross_core_ops.ring_slots`:
        ``local_slot_num``, else ``slot_num``, else ptoas's default).
        pypto-docs/operators.md (CrossCoreOp) and python_syntax.md leave the
        sizing to the author ("a3 -> slot_size * local_slot_num, a5 ->
        slot_size * slot_num"); ptoas (v0.48) does not check it, and the
        planners place tiles above ``size`` bytes, so a smaller ring would
        put tiles inside the slots. An imported ring is checked by its
        reserving side, which agrees on the settings (pipe_checks).

        Raises:
            LocatedVerifyError: at this op, naming the ring and the bytes it
                needs.
        """
        mask = _int_of(self, "dir_mask") or 0
        size = _int_of(self, "slot_size") or 0
        fn = enclosing_function(self)
        where = f"{self.name} in {function_label(fn)}" if fn is not None else self.name
        for bit, value in ((1, self.c2v_consumer_buf), (2, self.v2c_consumer_buf)):
            ring = value.owner
            if not mask & bit or not isinstance(ring, ReserveBufferOp):
                continue
            slots, why = ring_slots(self)
            need = slots * size
            if ring.size_bytes >= need:
                continue
            direction = "cube to vector" if bit == 1 else "vector to cube"
            raise LocatedVerifyError(
                f'{where}: the {direction} ring "{ring.reserved_name}" (the tile.reserve_buffer at '
                f"{op_location(ring)}) has {ring.size_bytes} bytes, but the pipe keeps {slots} "
                f"slots of slot_size = {size} bytes in it ({why}): reserve at least {need} "
                "bytes, or lower the slot count or slot_size (pypto-docs/operators.md: size the "
                "reserved buffer slot_size x local_slot_num on a2/a3, slot_size x slot_num on a5)",
                self,
            )

    def verify_in_function(self) -> None:
        """The function-level rules: the initialize op of the function's
        declared side, and one initialize op per pipe ``id``."""
        fn = enclosing_function(self)
        if fn is None:
            return
        side = declared_side(fn)
        if side is not None and INIT_OP_NAMES[side] != self.name:
            core = "a vector kernel" if side == "aiv" else "a cube kernel"
            raise LocatedVerifyError(
                f'{self.name} in {function_label(fn)}: the function is declared tile.function_kind = "{side}" '
                f"({core}), which initializes its pipe with {INIT_OP_NAMES[side]}",
                self,
            )
        pipe = int_attr(self, "id") or 0
        for other in init_ops(fn):
            if other is self:
                break
            if (int_attr(other, "id") or 0) == pipe:
                raise LocatedVerifyError(
                    f"{self.name} in {function_label(fn)}: pipe id {pipe} is already initialized "
                    f"by the {other.name} at {op_location(other)}; a function initializes each "
                    "pipe id once",
                    self,
                )

    @classmethod
    def parse(cls, parser: Parser):
        a = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        b = parser.parse_unresolved_operand()
        gm: list[SSAValue] = []
        if parser.parse_optional_keyword("gm_slot_buffer") is not None:
            parser.parse_punctuation("(")
            g = parser.parse_unresolved_operand()
            parser.parse_punctuation(":")
            gm = [parser.resolve_operand(g, parser.parse_type())]
            parser.parse_punctuation(")")
        attrs = parser.parse_optional_attr_dict()
        return cls.build(
            operands=[parser.resolve_operand(a, i32), parser.resolve_operand(b, i32), gm],
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list([self.c2v_consumer_buf, self.v2c_consumer_buf], printer.print_operand)
        if self.gm_slot_buffer is not None:
            printer.print_string(" gm_slot_buffer(")
            printer.print_operand(self.gm_slot_buffer)
            printer.print_string(" : ")
            printer.print_attribute(self.gm_slot_buffer.type)
            printer.print_string(")")
        printer.print_op_attributes(self.attributes)


@located_op
@irdl_op_definition
class AicInitializePipeOp(_InitializePipe):
    """Initialize the cross-core pipe on the cube side
    (``system.aic_initialize_pipe``); operands ``c2v_consumer_buf`` (the
    vector core's reservation, imported) and ``v2c_consumer_buf`` (this
    kernel's own mat reservation). Verifies ``dir_mask`` in {1, 2, 3},
    ``slot_size > 0``, ``slot_num > 0``, ``0 < local_slot_num <= slot_num``,
    ``id >= 0``, i32 operands, and that each ring the function reserves
    holds the pipe's slots (:meth:`~_InitializePipe.verify_ring_sizes`)."""

    name = "tile.aic_initialize_pipe"


@located_op
@irdl_op_definition
class AivInitializePipeOp(_InitializePipe):
    """Initialize the cross-core pipe on the vector side
    (``system.aiv_initialize_pipe``); same operands and checks as
    :class:`AicInitializePipeOp`."""

    name = "tile.aiv_initialize_pipe"


class _TFree(OneTileText, IRDLOperation):
    """Release the slot of a popped tile:
    ``tile.NAME %t {split = N : i64[, id = I : i64]} : T``."""

    tile = operand_def()
    split = opt_attr_def(AnyAttr())
    pipe_id = opt_attr_def(AnyAttr(), attr_name="id")

    #: The pop whose result this op frees, and the kernel side it runs on.
    POP_NAME: ClassVar[str] = ""
    SPACE: ClassVar[MemorySpace] = MemorySpace.VEC

    def __init__(self, tile: SSAValue | Operation, split: int, pipe_id: int | None = None):
        attrs = {"split": _int(split)}
        if pipe_id is not None:
            attrs["id"] = _int(pipe_id)
        super().__init__(operands=[tile], attributes=attrs)

    def verify_(self) -> None:
        t = tile_type_of(self.tile, "tile")
        verify_pipe_attrs(self)
        owner = self.tile.owner
        if not isinstance(owner, Operation) or not owner.has_trait(TPop) or owner.name != self.POP_NAME:
            raise VerifyException(
                f"tile must be the result of a {self.POP_NAME} (a popped tile), got "
                + (f"a result of '{owner.name}'" if isinstance(owner, Operation) else "a block argument")
            )
        if t.memory_space is not self.SPACE:
            raise VerifyException(f"tile must be in {self.SPACE.value}, got {t.memory_space.value}")
        mine, theirs = pipe_attrs(self), pipe_attrs(owner)
        if mine[0] != theirs[0]:
            raise VerifyException(f"split {mine[0]} differs from the pop's split {theirs[0]}")
        if (mine[1] or 0) != (theirs[1] or 0):
            raise VerifyException(f"id {mine[1] or 0} differs from the pop's id {theirs[1] or 0}")
        verify_pipe_direction(self)
        self.verify_freed_once(owner)

    def verify_freed_once(self, pop: Operation) -> None:
        """The popped tile is freed once on any path: no other free of it
        comes before this one in this block or an enclosing one, and no loop
        between the pop and this free repeats it."""
        fn = enclosing_function(self)
        where = f"{self.name} in {function_label(fn)}" if fn is not None else self.name
        for use in self.tile.uses:
            other = use.operation
            if other is self or not is_tfree(other):
                continue
            cur: Operation | None = self
            while cur is not None:
                if cur.parent is other.parent and other.is_before_in_block(cur):
                    raise LocatedVerifyError(
                        f"{where}: the popped tile is already freed at {op_location(other)}; "
                        "a popped tile is freed once",
                        self,
                    )
                cur = cur.parent_op()
        cur = self.parent_op()
        while cur is not None and not cur.is_ancestor(pop) and not isinstance(cur, func.FuncOp):
            if isinstance(cur, scf.ForOp | scf.WhileOp):
                raise LocatedVerifyError(
                    f"{where}: the tile is popped once, outside the {cur.name} at "
                    f"{op_location(cur)}, but freed on each of its iterations; free it where it "
                    "is popped",
                    self,
                )
            cur = cur.parent_op()



@located_op
@irdl_op_definition
class TFreeToAicOp(_TFree):
    """Release a slot popped with ``tile.tpop_from_aic`` back to the cube
    producer (vector kernel; ``system.tfree_to_aic``):
    ``tile.tfree_to_aic %t {split = 0 : i64} : !tile.tile<..., vec>``."""

    name = "tile.tfree_to_aic"
    POP_NAME: ClassVar[str] = "tile.tpop_from_aic"
    SPACE: ClassVar[MemorySpace] = MemorySpace.VEC


@located_op
@irdl_op_definition
class TFreeToAivOp(_TFree):
    """Release a slot popped with ``tile.tpop_from_aiv`` back to the vector
    producer (cube kernel; ``system.tfree_to_aiv``):
    ``tile.tfree_to_aiv %t {split = 0 : i64} : !tile.tile<..., mat>``."""

    name = "tile.tfree_to_aiv"
    POP_NAME: ClassVar[str] = "tile.tpop_from_aiv"
    SPACE: ClassVar[MemorySpace] = MemorySpace.MAT


@located_op
@irdl_op_definition
class GetSubblockIdxOp(IRDLOperation):
    """The index of the vector sub-core (0 or 1) running this AIV kernel:
    ``%i = tile.get_subblock_idx : index``. Pure (no memory effect), so
    ``expand-mixed-kernel`` copies it into the function that reads it."""

    name = "tile.get_subblock_idx"

    result = result_def(IndexType)
    traits = traits_def(Pure())

    def __init__(self):
        super().__init__(result_types=[IndexType()])

    @classmethod
    def parse(cls, parser: Parser):
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        parser.parse_type()
        op = cls()
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)


def is_tfree(op: Operation) -> bool:
    """True for ``tile.tfree_to_aic`` / ``tile.tfree_to_aiv``."""
    return isinstance(op, _TFree)


def reservations(fn: func.FuncOp) -> list[ReserveBufferOp]:
    """The ``tile.reserve_buffer`` ops of ``fn``, in program order."""
    return [op for op in fn.walk() if isinstance(op, ReserveBufferOp)]


PIPE_SETUP_OPS = (
    ReserveBufferOp,
    ImportPeerBufferOp,
    AicInitializePipeOp,
    AivInitializePipeOp,
    TFreeToAicOp,
    TFreeToAivOp,
    GetSubblockIdxOp,
)
"""The op classes of this module."""
