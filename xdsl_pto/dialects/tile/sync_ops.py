"""Synchronization ops of the Tile dialect: the cross-core barrier of
``pl.system.syncall`` (pypto-docs/operators.md, ``system.syncall``;
00-pto_codegen.md, "Cross-core all-participant barrier").

Text form::

    tile.syncall {core_type = "mix"}

``core_type`` names the cores that meet at the barrier: ``mix`` (every cube
and vector core of the launch), ``aiv_only`` or ``aic_only``. Only the
hardware (FFTS) barrier exists here; pypto's ``mode="soft"`` GM-polling
barrier takes workspaces the importer refuses. The op is a :class:`Barrier`:
no tile operand or result (the planner sees nothing), and no pass moves an
op across it. It lowers to ``pto.syncall() mode = #pto.sync_all_mode<hard>,
core_type = #pto.sync_core_type<C>``, which ptoas v0.48 takes in cube and
vector kernels on a2/a3 and a5. The interpreter runs one core, for which a
barrier has nothing to wait for: a no-op.

The cross-rank signals and loads of ``pld.system.notify`` / ``wait`` and
``pld.tile.remote_load`` (distributed tensors, pypto-docs/operators.md;
examples/reduce_step)::

    tile.notify %signal[%r, %c] to %peer, %v {op = "atomic_add"} : memref<2x1xi32>, i32
    tile.wait %signal[%r, %c], %v {cmp = "ge"} : memref<2x1xi32>, i32
    %t = tile.remote_load %data[%i, %j] from %peer : memref<1x256xf32> -> !tile.tile<1x256xf32, vec>

``notify`` adds ``%v`` to (or sets) one i32 element of rank ``%peer``'s
copy of a distributed tensor; ``wait`` blocks until this rank's element
compares ``cmp`` to ``%v``; both are barriers (:class:`Barrier`: no tile operand,
nothing moves across them). ``remote_load`` is a load from rank
``%peer``'s copy (a :class:`Load` like ``tile.load``). The interpreter runs
one rank and takes the others to run the same kernel on the same inputs (as
it takes the other vector lane for ``aic_gather``): a notify writes another
rank's tensor, which the run does not hold (no effect), a wait is met (the
peers, running the same code, notify), and a remote load reads what the
local tensor holds. The lowering (:mod:`xdsl_pto.lowering.comm`) reaches a
peer's copy through the communication context each distributed tensor
argument (``tile.distributed``) gets as a trailing ``!pto.ptr<i64>``
parameter, as the reference does.
"""

from __future__ import annotations

from xdsl.dialects.builtin import IndexType, IntegerType, MemRefType, StringAttr, i32
from xdsl.ir import SSAValue
from xdsl.irdl import (
    IRDLOperation,
    attr_def,
    irdl_op_definition,
    operand_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.dialects.tile.base import located_op, tile_type_of
from xdsl_pto.dialects.tile.traits import Barrier, Load, RankN, Transfer
from xdsl_pto.dialects.tile.types import MemorySpace, TileType

#: The cores a ``tile.syncall`` waits for (pypto's ``core_type``).
SYNC_CORE_TYPES = ("mix", "aiv_only", "aic_only")
#: The barrier kinds pypto names (``mode``); only ``hard`` is supported.
SYNC_MODES = ("hard",)


@located_op
@irdl_op_definition
class SyncAllOp(IRDLOperation):
    """A barrier of every core of the launch of one kind:
    ``tile.syncall {core_type = "mix"}`` (``pl.system.syncall``).

    Verifier errors: a ``core_type`` other than ``mix``, ``aiv_only``,
    ``aic_only``.
    """

    name = "tile.syncall"
    core_type = attr_def(StringAttr)
    traits = traits_def(Barrier())

    def __init__(self, core_type: str = "mix", mode: str = "hard"):
        """``core_type`` / ``mode`` as pypto's keywords.

        Raises:
            ValueError: for a ``mode`` other than ``"hard"`` (the GM-polling
                soft barrier needs workspaces this op does not take).
        """
        if mode not in SYNC_MODES:
            raise ValueError(f"mode must be 'hard' (the soft GM-polling barrier is not supported), got {mode!r}")
        super().__init__(attributes={"core_type": StringAttr(core_type)})

    def verify_(self) -> None:
        if self.core_type.data not in SYNC_CORE_TYPES:
            raise VerifyException(
                f"core_type must be one of {', '.join(SYNC_CORE_TYPES)}, got {self.core_type.data!r}"
            )

    @classmethod
    def parse(cls, parser: Parser) -> SyncAllOp:
        return cls.build(attributes=parser.parse_optional_attr_dict())

    def print(self, printer: Printer) -> None:
        printer.print_op_attributes(self.attributes)


#: ``tile.notify``'s update of the peer's signal (pypto's ``op``: 0, 1).
NOTIFY_OPS = ("atomic_add", "set")
#: ``tile.wait``'s comparison of the local signal against the value.
WAIT_CMPS = ("eq", "ne", "gt", "ge", "lt", "le")


def _signal_element(op: IRDLOperation, signal: SSAValue, offsets: tuple[SSAValue, ...], value: SSAValue) -> None:
    """A signal is one i32 element of an i32 GM tensor: one offset per
    dimension and an i32 value."""
    t = signal.type
    if not isinstance(t, MemRefType) or t.element_type != i32:
        raise VerifyException(f"the signal must be an i32 GM tensor, got {t}")
    if len(offsets) != len(t.get_shape()):
        raise VerifyException(f"expected {len(t.get_shape())} offsets for a rank-{len(t.get_shape())} signal, got {len(offsets)}")
    if value.type != i32:
        raise VerifyException(f"the value must be i32, got {value.type}")
    del op


def _parse_element(parser: Parser) -> tuple[object, list[object]]:
    tensor = parser.parse_unresolved_operand()
    offsets = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_unresolved_operand)
    return tensor, offsets


def _print_element(printer: Printer, tensor: SSAValue, offsets: tuple[SSAValue, ...]) -> None:
    printer.print_string(" ")
    printer.print_operand(tensor)
    printer.print_string("[")
    printer.print_list(offsets, printer.print_operand)
    printer.print_string("]")


def _parse_signal_tail(parser: Parser, signal: object, offsets: list[object], value: object) -> tuple[list, dict]:
    """The rest of a notify / wait after its value: ``{attrs} : memref<..>,
    i32``; returns (resolved signal, value, offsets) and the attributes."""
    attrs = parser.parse_optional_attr_dict()
    parser.parse_punctuation(":")
    signal_t = parser.parse_type()
    parser.parse_punctuation(",")
    value_t = parser.parse_type()
    idx = IndexType()
    resolved = [
        parser.resolve_operand(signal, signal_t),  # type: ignore[arg-type]
        parser.resolve_operand(value, value_t),  # type: ignore[arg-type]
        [parser.resolve_operand(o, idx) for o in offsets],  # type: ignore[arg-type]
    ]
    return resolved, attrs


def _print_signal_tail(printer: Printer, op: IRDLOperation, signal: SSAValue, value: SSAValue) -> None:
    """``, %v {attrs} : memref<..>, i32`` (the inverse of :func:`_parse_signal_tail`)."""
    printer.print_string(", ")
    printer.print_operand(value)
    printer.print_op_attributes(op.attributes)
    printer.print_string(" : ")
    printer.print_attribute(signal.type)
    printer.print_string(", ")
    printer.print_attribute(value.type)


@located_op
@irdl_op_definition
class NotifyOp(IRDLOperation):
    """Signal rank ``%peer``: ``tile.notify %signal[%r, %c] to %peer, %v
    {op = "atomic_add"} : memref<..xi32>, i32`` (``pld.system.notify``).

    Verifier errors: a signal that is no i32 tensor, offsets that do not
    match its rank, a value that is not i32, an ``op`` other than
    ``atomic_add`` / ``set``.
    """

    name = "tile.notify"
    signal = operand_def(MemRefType)
    peer = operand_def(IndexType)
    value = operand_def(IntegerType)
    offsets = var_operand_def(IndexType)
    op = attr_def(StringAttr)
    traits = traits_def(Barrier())

    def __init__(self, signal: SSAValue, offsets: list[SSAValue], peer: SSAValue, value: SSAValue, op: str):
        super().__init__(operands=[signal, peer, value, offsets], attributes={"op": StringAttr(op)})

    def verify_(self) -> None:
        if self.op.data not in NOTIFY_OPS:
            raise VerifyException(f"op must be one of {', '.join(NOTIFY_OPS)}, got {self.op.data!r}")
        _signal_element(self, self.signal, tuple(self.offsets), self.value)

    @classmethod
    def parse(cls, parser: Parser) -> NotifyOp:
        signal, offsets = _parse_element(parser)
        parser.parse_keyword("to")
        peer = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        value = parser.parse_unresolved_operand()
        (sig, val, offs), attrs = _parse_signal_tail(parser, signal, offsets, value)
        return cls.build(operands=[sig, parser.resolve_operand(peer, IndexType()), val, offs], attributes=attrs)

    def print(self, printer: Printer) -> None:
        _print_element(printer, self.signal, tuple(self.offsets))
        printer.print_string(" to ")
        printer.print_operand(self.peer)
        _print_signal_tail(printer, self, self.signal, self.value)


@located_op
@irdl_op_definition
class WaitOp(IRDLOperation):
    """Wait for a signal: ``tile.wait %signal[%r, %c], %v {cmp = "ge"} :
    memref<..xi32>, i32`` (``pld.system.wait``) blocks until this rank's
    element compares ``cmp`` to ``%v``.

    Verifier errors: as :class:`NotifyOp`'s, and a ``cmp`` other than
    ``eq ne gt ge lt le``.
    """

    name = "tile.wait"
    signal = operand_def(MemRefType)
    value = operand_def(IntegerType)
    offsets = var_operand_def(IndexType)
    cmp = attr_def(StringAttr)
    traits = traits_def(Barrier())

    def __init__(self, signal: SSAValue, offsets: list[SSAValue], value: SSAValue, cmp: str):
        super().__init__(operands=[signal, value, offsets], attributes={"cmp": StringAttr(cmp)})

    def verify_(self) -> None:
        if self.cmp.data not in WAIT_CMPS:
            raise VerifyException(f"cmp must be one of {', '.join(WAIT_CMPS)}, got {self.cmp.data!r}")
        _signal_element(self, self.signal, tuple(self.offsets), self.value)

    @classmethod
    def parse(cls, parser: Parser) -> WaitOp:
        signal, offsets = _parse_element(parser)
        parser.parse_punctuation(",")
        value = parser.parse_unresolved_operand()
        operands, attrs = _parse_signal_tail(parser, signal, offsets, value)
        return cls.build(operands=operands, attributes=attrs)

    def print(self, printer: Printer) -> None:
        _print_element(printer, self.signal, tuple(self.offsets))
        _print_signal_tail(printer, self, self.signal, self.value)


@located_op
@irdl_op_definition
class RemoteLoadOp(IRDLOperation):
    """GM of rank ``%peer`` -> Vec: ``%t = tile.remote_load %gm[%i, %j] from
    %peer : memref<..> -> !tile.tile<..>`` (``pld.tile.remote_load``): a
    :class:`Load` of the peer's copy of a distributed tensor, planned as
    ``tile.load`` is.

    Verifier errors: a result outside Vec, a window or element type that
    does not fit the tensor.
    """

    name = "tile.remote_load"
    source = operand_def(MemRefType)
    peer = operand_def(IndexType)
    offsets = var_operand_def(IndexType)
    result = result_def(TileType)
    traits = traits_def(Load(), Transfer(), RankN())

    def __init__(self, source: SSAValue, offsets: list[SSAValue], peer: SSAValue, result_type: TileType):
        super().__init__(operands=[source, peer, offsets], result_types=[result_type])

    def verify_(self) -> None:
        from xdsl_pto.dialects.tile.data_ops import _check_gm_window

        t = tile_type_of(self.result, "result")
        if t.memory_space is not MemorySpace.VEC:
            raise VerifyException(f"a remote load writes vec, got {t.memory_space.value}")
        _check_gm_window(self, self.source, tuple(self.offsets), t, "remote_load")

    @classmethod
    def parse(cls, parser: Parser) -> RemoteLoadOp:
        from xdsl_pto.dialects.tile.data_ops import parse_load_tail

        src, offsets = _parse_element(parser)
        parser.parse_keyword("from")
        peer = parser.parse_unresolved_operand()
        attrs, src_t, res_t = parse_load_tail(parser)
        idx = IndexType()
        op = cls(
            parser.resolve_operand(src, src_t),
            [parser.resolve_operand(o, idx) for o in offsets],
            parser.resolve_operand(peer, idx),
            res_t,  # type: ignore[arg-type]
        )
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        _print_element(printer, self.source, tuple(self.offsets))
        printer.print_string(" from ")
        printer.print_operand(self.peer)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.source.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)


#: The cross-rank signal ops: no effect on the one rank a run is.
SIGNAL_OPS = (NotifyOp, WaitOp)

SYNC_OPS = (SyncAllOp, NotifyOp, WaitOp, RemoteLoadOp)
"""The op classes of this module."""
