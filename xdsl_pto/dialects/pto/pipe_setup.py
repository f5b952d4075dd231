"""Cross-core pipe setup ops of the PTO dialect, in the text the reference
compiler emits and ptoas reads (pypto-docs/00-pto_codegen.md, "Cross-Core
Operations -> PTO Instructions"; checked against PTOAS's own tests, e.g.
test/basic/test_tpush_tpop_roundtrip_nosplit_a5.pto)::

    %r = pto.reserve_buffer {name = "c2v", size = 4096, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
    %r = pto.reserve_buffer {name = "c2v", size = 4096, location = #pto.address_space<vec>, auto = true} -> i32
    %p = pto.import_reserved_buffer {name = "v2c", peer_func = @kernel_aic} -> i32
    pto.aic_initialize_pipe {dir_mask = 3, slot_size = 1024, slot_num = 2} (c2v_consumer_buf = %p : i32, v2c_consumer_buf = %r : i32)
    pto.aiv_initialize_pipe {id = 1, dir_mask = 1, slot_size = 1024} (gm_slot_buffer = %gm : !pto.ptr<f32>, c2v_consumer_buf = %r : i32, v2c_consumer_buf = %c0 : i32)
    pto.tfree_from_aic {split = 0}
    pto.tfree_from_aiv {id = 1, split = 0}
    %i = pto.get_subblock_idx

A reservation with a base is ``auto = false, base = B`` (planners pypto and
dsa_rp resolved it); without one ``auto = true`` and no ``base`` (planner
ptoas: ptoas places it, and rejects both together). ``get_subblock_idx``
returns an ``i64`` (ptoas's op; its type is not printed).

What ptoas (v0.48) refuses, the verifiers refuse too: an initialize op
without ``gm_slot_buffer`` in an a2/a3 module (``pto.target_arch``), an
enabled direction whose consumer buffer is no ``reserve_buffer`` /
``import_reserved_buffer`` result, and (in :mod:`.cross_core`) a push, pop
or free with no initialize op of its ``id`` in its function.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import (
    BoolAttr,
    IntegerAttr,
    IntegerType,
    StringAttr,
    SymbolRefAttr,
    i32,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.diagnostics import remember_parse_location

from .attrs import AddressSpace, AddressSpaceAttr
from .types import PtrType

#: The ``pto.target_arch`` values of the A2/A3 family (ptoas spells a3 and
#: also accepts the reference's "a2a3").
A2A3_ARCHS = ("a2", "a3", "a2a3")


def module_arch(op: Operation) -> str | None:
    """The ``pto.target_arch`` of the module holding ``op`` (None when no
    enclosing module states one)."""
    from xdsl.dialects.builtin import ModuleOp

    cur = op.parent_op()
    while cur is not None:
        if isinstance(cur, ModuleOp):
            arch = cur.attributes.get("pto.target_arch")
            if isinstance(arch, StringAttr):
                return arch.data
        cur = cur.parent_op()
    return None


def _int(value: int) -> IntegerAttr:
    return IntegerAttr(value, i64)


def _int_of(op: Operation, key: str) -> int | None:
    attr = op.attributes.get(key)
    if isinstance(attr, IntegerAttr) and isinstance(attr.type, IntegerType) and attr.type.width.data > 1:
        return attr.value.data
    return None


def _parse_i32_result(parser: Parser) -> None:
    parser.parse_punctuation("->")
    at = parser.pos
    t = parser.parse_type()
    if t != i32:
        parser.raise_error(f"expected i32, got {t}", at, parser.pos)


@remember_parse_location
@irdl_op_definition
class ReserveBufferOp(IRDLOperation):
    """``pto.reserve_buffer {name, size, location, auto[, base]} -> i32``."""

    name = "pto.reserve_buffer"
    result = result_def(i32)

    def __init__(self, name: str, size: int, location: str, base: int | None = None):
        attrs: dict[str, Attribute] = {
            "name": StringAttr(name),
            "size": _int(size),
            "location": AddressSpaceAttr(AddressSpace(location)),
            "auto": BoolAttr(base is None, IntegerType(1)),
        }
        if base is not None:
            attrs["base"] = _int(base)
        super().__init__(result_types=[i32], attributes=attrs)

    @property
    def fixed_window(self) -> tuple[str, int, int] | None:
        """``(location, base, size)`` of a reservation with ``auto = false``
        (its bytes ``[base, base + size)`` of ``location``); None for an
        ``auto = true`` one, which ptoas places."""
        auto = self.attributes.get("auto")
        base, size = _int_of(self, "base"), _int_of(self, "size")
        location = self.attributes.get("location")
        if not isinstance(auto, IntegerAttr) or auto.value.data or base is None or size is None:
            return None
        assert isinstance(location, AddressSpaceAttr)
        return (location.data.value, base, size)

    def verify_(self) -> None:
        if not isinstance(self.attributes.get("name"), StringAttr):
            raise VerifyException(f"{self.name}: needs a string 'name'")
        size = _int_of(self, "size")
        if size is None or size <= 0:
            raise VerifyException(f"{self.name}: 'size' must be a positive integer")
        if not isinstance(self.attributes.get("location"), AddressSpaceAttr):
            raise VerifyException(f"{self.name}: 'location' must be a #pto.address_space")
        auto = self.attributes.get("auto")
        if not isinstance(auto, IntegerAttr) or auto.type != IntegerType(1):
            raise VerifyException(f"{self.name}: 'auto' must be true or false")
        base = _int_of(self, "base")
        if auto.value.data and "base" in self.attributes:
            raise VerifyException(f"{self.name}: 'auto = true' takes no 'base'")
        if not auto.value.data and (base is None or base < 0):
            raise VerifyException(f"{self.name}: 'auto = false' needs a non-negative 'base'")

    @classmethod
    def parse(cls, parser: Parser):
        attrs = parser.parse_optional_attr_dict()
        _parse_i32_result(parser)
        return cls.build(result_types=[i32], attributes=attrs)

    def print(self, printer: Printer) -> None:
        name = self.attributes["name"]
        assert isinstance(name, StringAttr)
        printer.print_string(" {name = ")
        printer.print_string_literal(name.data)
        printer.print_string(f", size = {_int_of(self, 'size')}, location = ")
        printer.print_attribute(self.attributes["location"])
        base = _int_of(self, "base")
        auto = self.attributes["auto"]
        assert isinstance(auto, IntegerAttr)
        if auto.value.data:
            printer.print_string(", auto = true")
        else:
            printer.print_string(f", auto = false, base = {base}")
        printer.print_string("} -> i32")


@remember_parse_location
@irdl_op_definition
class ImportReservedBufferOp(IRDLOperation):
    """``pto.import_reserved_buffer {name = "N", peer_func = @F} -> i32``."""

    name = "pto.import_reserved_buffer"
    result = result_def(i32)

    def __init__(self, name: str, peer_func: str):
        super().__init__(
            result_types=[i32],
            attributes={"name": StringAttr(name), "peer_func": SymbolRefAttr(peer_func)},
        )

    def verify_(self) -> None:
        if not isinstance(self.attributes.get("name"), StringAttr):
            raise VerifyException(f"{self.name}: needs a string 'name'")
        if not isinstance(self.attributes.get("peer_func"), SymbolRefAttr):
            raise VerifyException(f"{self.name}: 'peer_func' must be a symbol (@function)")

    @classmethod
    def parse(cls, parser: Parser):
        attrs = parser.parse_optional_attr_dict()
        _parse_i32_result(parser)
        return cls.build(result_types=[i32], attributes=attrs)

    def print(self, printer: Printer) -> None:
        name, peer = self.attributes["name"], self.attributes["peer_func"]
        assert isinstance(name, StringAttr) and isinstance(peer, SymbolRefAttr)
        printer.print_string(" {name = ")
        printer.print_string_literal(name.data)
        printer.print_string(", peer_func = ")
        printer.print_symbol_name(peer.root_reference.data)
        printer.print_string("} -> i32")


#: The attributes of an initialize_pipe op, in the order they print.
INIT_KEYS = ("id", "dir_mask", "slot_size", "slot_num", "local_slot_num")


class _InitializePipeOp(IRDLOperation):
    """``pto.X_initialize_pipe {[id = I, ]dir_mask = D, slot_size = S[, slot_num = N]
    [, local_slot_num = L]} ([gm_slot_buffer = %g : !pto.ptr<T>, ]c2v_consumer_buf = %a : i32,
    v2c_consumer_buf = %b : i32)``."""

    gm_slot_buffer = opt_operand_def(PtrType)
    c2v_consumer_buf = operand_def(i32)
    v2c_consumer_buf = operand_def(i32)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        c2v: SSAValue | Operation,
        v2c: SSAValue | Operation,
        values: dict[str, int],
        gm_slot_buffer: SSAValue | Operation | None = None,
    ):
        super().__init__(
            operands=[[] if gm_slot_buffer is None else [gm_slot_buffer], c2v, v2c],
            attributes={k: _int(v) for k, v in values.items() if k in INIT_KEYS},
        )

    def verify_(self) -> None:
        for key in ("dir_mask", "slot_size"):
            if _int_of(self, key) is None:
                raise VerifyException(f"{self.name}: needs an integer '{key}'")
        extra = sorted(set(self.attributes) - set(INIT_KEYS))
        if extra:
            raise VerifyException(f"{self.name}: unexpected attribute '{extra[0]}'")
        mask = _int_of(self, "dir_mask") or 0
        for bit, key, v in ((1, "c2v_consumer_buf", self.c2v_consumer_buf), (2, "v2c_consumer_buf", self.v2c_consumer_buf)):
            if mask & bit and not isinstance(v.owner, ReserveBufferOp | ImportReservedBufferOp):
                raise VerifyException(
                    f"{self.name}: dir_mask = {mask} uses '{key}', which must come from "
                    "pto.reserve_buffer or pto.import_reserved_buffer"
                )
        if self.gm_slot_buffer is None and module_arch(self) in A2A3_ARCHS:
            raise VerifyException(f"{self.name}: requires 'gm_slot_buffer' when lowering to a2/a3")

    @classmethod
    def parse(cls, parser: Parser):
        attrs = parser.parse_optional_attr_dict()
        operands: list[SSAValue] = []
        gm: list[SSAValue] = []
        parser.parse_punctuation("(")
        if parser.parse_optional_keyword("gm_slot_buffer") is not None:
            parser.parse_punctuation("=")
            o = parser.parse_unresolved_operand()
            parser.parse_punctuation(":")
            gm = [parser.resolve_operand(o, parser.parse_type())]
            parser.parse_punctuation(",")
        for i, key in enumerate(("c2v_consumer_buf", "v2c_consumer_buf")):
            if i:
                parser.parse_punctuation(",")
            parser.parse_keyword(key)
            parser.parse_punctuation("=")
            o = parser.parse_unresolved_operand()
            parser.parse_punctuation(":")
            operands.append(parser.resolve_operand(o, parser.parse_type()))
        parser.parse_punctuation(")")
        return cls.build(operands=[gm, *operands], attributes=attrs)

    def print(self, printer: Printer) -> None:
        parts = [f"{k} = {v}" for k in INIT_KEYS if (v := _int_of(self, k)) is not None]
        printer.print_string(" {" + ", ".join(parts) + "} (")
        if self.gm_slot_buffer is not None:
            printer.print_string("gm_slot_buffer = ")
            printer.print_operand(self.gm_slot_buffer)
            printer.print_string(" : ")
            printer.print_attribute(self.gm_slot_buffer.type)
            printer.print_string(", ")
        printer.print_string("c2v_consumer_buf = ")
        printer.print_operand(self.c2v_consumer_buf)
        printer.print_string(" : i32, v2c_consumer_buf = ")
        printer.print_operand(self.v2c_consumer_buf)
        printer.print_string(" : i32)")


@remember_parse_location
@irdl_op_definition
class AicInitializePipeOp(_InitializePipeOp):
    """``pto.aic_initialize_pipe``: the cube side's pipe setup."""

    name = "pto.aic_initialize_pipe"


@remember_parse_location
@irdl_op_definition
class AivInitializePipeOp(_InitializePipeOp):
    """``pto.aiv_initialize_pipe``: the vector side's pipe setup."""

    name = "pto.aiv_initialize_pipe"


INIT_OP_NAMES = ("pto.aic_initialize_pipe", "pto.aiv_initialize_pipe")


def verify_initialized(op: Operation) -> None:
    """ptoas's frontend pipe rule: a push, pop or free needs exactly one
    initialize op of its ``id`` (absent: 0) in its ``func.func``.

    Raises:
        VerifyException: in ptoas's words (``expects 'id' = N to match a
            frontend initialize_pipe op in the same function``).
    """
    from xdsl.dialects import func

    fn = op.parent_op()
    while fn is not None and not isinstance(fn, func.FuncOp):
        fn = fn.parent_op()
    if fn is None:
        return
    pipe = _int_of(op, "id") or 0
    found = [o for o in fn.walk() if o.name in INIT_OP_NAMES and (_int_of(o, "id") or 0) == pipe]
    if len(found) != 1:
        which = "a" if not found else "exactly one"
        raise VerifyException(
            f"{op.name}: expects 'id' = {pipe} to match {which} frontend initialize_pipe op in "
            "the same function"
        )


class _TFreeOp(IRDLOperation):
    """``pto.tfree_from_X {[id = I, ]split = N}``: release the consumer
    slot of the last pop (no operand: ptoas tracks the pipe)."""

    KEYS: ClassVar[tuple[str, ...]] = ("id", "split")

    def __init__(self, split: int, pipe_id: int | None = None):
        attrs = {} if pipe_id is None else {"id": _int(pipe_id)}
        attrs["split"] = _int(split)
        super().__init__(attributes=attrs)

    def verify_(self) -> None:
        split = _int_of(self, "split")
        if split is None or split not in range(5):
            raise VerifyException(f"{self.name}: 'split' must be 0..4 (pto-isa TileSplitAxis)")
        verify_initialized(self)

    @classmethod
    def parse(cls, parser: Parser):
        return cls.build(attributes=parser.parse_optional_attr_dict())

    def print(self, printer: Printer) -> None:
        parts = [f"{k} = {v}" for k in self.KEYS if (v := _int_of(self, k)) is not None]
        printer.print_string(" {" + ", ".join(parts) + "}")


@remember_parse_location
@irdl_op_definition
class TFreeFromAicOp(_TFreeOp):
    """``pto.tfree_from_aic``: a vector kernel frees a slot it popped from the cube."""

    name = "pto.tfree_from_aic"


@remember_parse_location
@irdl_op_definition
class TFreeFromAivOp(_TFreeOp):
    """``pto.tfree_from_aiv``: a cube kernel frees a slot it popped from the vector core."""

    name = "pto.tfree_from_aiv"


@remember_parse_location
@irdl_op_definition
class GetSubblockIdxOp(IRDLOperation):
    """``%i = pto.get_subblock_idx`` (an ``i64``: the vector sub-core, 0 or 1)."""

    name = "pto.get_subblock_idx"
    result = result_def(i64)

    def __init__(self):
        super().__init__(result_types=[i64])

    @classmethod
    def parse(cls, parser: Parser):
        return cls.build(result_types=[i64], attributes=parser.parse_optional_attr_dict())

    def print(self, printer: Printer) -> None:
        printer.print_op_attributes(self.attributes)


PIPE_SETUP_OPS = (
    ReserveBufferOp,
    ImportReservedBufferOp,
    AicInitializePipeOp,
    AivInitializePipeOp,
    TFreeFromAicOp,
    TFreeFromAivOp,
    GetSubblockIdxOp,
)
"""The op classes of this module."""
