"""The PTO ops of cross-rank communication (distributed tensors, issue 24;
examples/reduce_step), in the text ptoas v0.48 reads::

    %p = pto.addptr %base, %n : !pto.ptr<i32> -> !pto.ptr<i32>
    pto.barrier <PIPE_ALL>
    pto.comm.tnotify(%sig, %v : !pto.partition_tensor_view<1x1xi32>, i32) {notifyOp = #pto<notify_op atomic_add>}
    pto.comm.twait(%sig, %v : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp ge>}

``pto.addptr`` moves a GM pointer by ``%n`` elements (an ``index``): the
lowering reaches a peer's copy of a distributed tensor by moving the local
base by the distance between the two ranks' windows. ``pto.barrier`` waits
for one pipe (``PIPE_ALL``: every pipe) to drain. ``tnotify`` writes (``set``)
or atomically adds (``atomic_add``) the i32 ``%v`` into one signal element
of a peer (the partition view points into the peer's window); ``twait``
blocks until this rank's signal element compares ``cmp`` to ``%v``
(pto-isa TNOTIFY / TWAIT).

The reference also emits ``pto.cmo.cacheinvalid`` and
``pto.fence.barrier_all``; ptoas v0.48 knows neither ("custom op ... is
unknown"), so they are not modelled.
"""

from __future__ import annotations

from xdsl.dialects.builtin import IndexType, IntegerType, StringAttr, i32
from xdsl.ir import SSAValue
from xdsl.irdl import IRDLOperation, attr_def, irdl_op_definition, operand_def, result_def
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.diagnostics import remember_parse_location

from .attrs import NotifyOpAttr, WaitCmpAttr
from .types import PartitionTensorViewType, PtrType

#: The pipes ``pto.barrier`` names (ptoas v0.48's ``PIPE`` enum, less the
#: virtual and bookkeeping values).
PIPES = (
    "PIPE_S",
    "PIPE_V",
    "PIPE_M",
    "PIPE_MTE1",
    "PIPE_MTE2",
    "PIPE_MTE3",
    "PIPE_ALL",
    "PIPE_MTE4",
    "PIPE_MTE5",
    "PIPE_V2",
    "PIPE_FIX",
)


@remember_parse_location
@irdl_op_definition
class AddPtrOp(IRDLOperation):
    """``%p = pto.addptr %base, %n : !pto.ptr<E> -> !pto.ptr<E>``: ``%base``
    moved by ``%n`` elements (an ``index``, may be negative).

    Verifier errors: a result type other than the operand's.
    """

    name = "pto.addptr"
    base = operand_def(PtrType)
    offset = operand_def(IndexType)
    result = result_def(PtrType)
    assembly_format = "$base `,` $offset attr-dict `:` type($base) `->` type($result)"

    def __init__(self, base: SSAValue, offset: SSAValue):
        super().__init__(operands=[base, offset], result_types=[base.type])

    def verify_(self) -> None:
        if self.result.type != self.base.type:
            raise VerifyException(
                f"the result type {self.result.type} must be the operand's pointer type {self.base.type}"
            )


@remember_parse_location
@irdl_op_definition
class BarrierOp(IRDLOperation):
    """``pto.barrier <PIPE_ALL>``: wait until the named pipe has drained.

    Verifier errors: a pipe outside :data:`PIPES`.
    """

    name = "pto.barrier"
    pipe = attr_def(StringAttr)

    def __init__(self, pipe: str = "PIPE_ALL"):
        super().__init__(attributes={"pipe": StringAttr(pipe)})

    def verify_(self) -> None:
        if self.pipe.data not in PIPES:
            raise VerifyException(f"pipe must be one of {', '.join(PIPES)}, got {self.pipe.data!r}")

    @classmethod
    def parse(cls, parser: Parser) -> BarrierOp:
        parser.parse_punctuation("<")
        pipe = parser.parse_identifier()
        parser.parse_punctuation(">")
        op = cls(pipe)
        op.attributes.update(parser.parse_optional_attr_dict())
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(f" <{self.pipe.data}>")
        printer.print_op_attributes({k: v for k, v in self.attributes.items() if k != "pipe"})


def _check_signal(signal: SSAValue, value: SSAValue) -> None:
    """A signal is an i32 GM partition view; the value an i32."""
    t = signal.type
    if not isinstance(t, PartitionTensorViewType) or t.element_type != i32:
        raise VerifyException(f"the signal must be an i32 !pto.partition_tensor_view, got {t}")
    if value.type != i32:
        raise VerifyException(f"the value must be i32, got {value.type}")


class _SignalOp(IRDLOperation):
    """``NAME(%signal, %value : T, i32) {key = ATTR}``, the form of
    ``pto.comm.tnotify`` and ``pto.comm.twait``."""

    @classmethod
    def parse(cls, parser: Parser) -> _SignalOp:
        parser.parse_punctuation("(")
        signal = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        value = parser.parse_unresolved_operand()
        parser.parse_punctuation(":")
        signal_t = parser.parse_type()
        parser.parse_punctuation(",")
        value_t = parser.parse_type()
        parser.parse_punctuation(")")
        attrs = parser.parse_optional_attr_dict()
        return cls.build(
            operands=[parser.resolve_operand(signal, signal_t), parser.resolve_operand(value, value_t)],
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        signal, value = self.operands
        printer.print_string("(")
        printer.print_operand(signal)
        printer.print_string(", ")
        printer.print_operand(value)
        printer.print_string(" : ")
        printer.print_attribute(signal.type)
        printer.print_string(", ")
        printer.print_attribute(value.type)
        printer.print_string(")")
        printer.print_op_attributes(self.attributes)


@remember_parse_location
@irdl_op_definition
class TNotifyOp(_SignalOp):
    """``pto.comm.tnotify(%sig, %v : !pto.partition_tensor_view<..xi32>, i32)
    {notifyOp = #pto<notify_op atomic_add>}``: set or atomically add ``%v``
    into the (peer's) signal element ``%sig`` views.

    Verifier errors: a signal that is no i32 partition view, a value that
    is not i32.
    """

    name = "pto.comm.tnotify"
    signal = operand_def(PartitionTensorViewType)
    value = operand_def(IntegerType)
    notify_op = attr_def(NotifyOpAttr, attr_name="notifyOp")

    def __init__(self, signal: SSAValue, value: SSAValue, op: NotifyOpAttr):
        super().__init__(operands=[signal, value], attributes={"notifyOp": op})

    def verify_(self) -> None:
        _check_signal(self.signal, self.value)


@remember_parse_location
@irdl_op_definition
class TWaitOp(_SignalOp):
    """``pto.comm.twait(%sig, %v : !pto.partition_tensor_view<..xi32>, i32)
    {cmp = #pto<wait_cmp ge>}``: block until the local signal element
    ``%sig`` views compares ``cmp`` to ``%v``.

    Verifier errors: as :class:`TNotifyOp`'s.
    """

    name = "pto.comm.twait"
    signal = operand_def(PartitionTensorViewType)
    value = operand_def(IntegerType)
    cmp = attr_def(WaitCmpAttr)

    def __init__(self, signal: SSAValue, value: SSAValue, cmp: WaitCmpAttr):
        super().__init__(operands=[signal, value], attributes={"cmp": cmp})

    def verify_(self) -> None:
        _check_signal(self.signal, self.value)


COMM_PTO_OPS = (AddPtrOp, BarrierOp, TNotifyOp, TWaitOp)
"""The op classes of this module."""
