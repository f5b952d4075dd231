"""Synchronization ops of the PTO dialect, in the text the reference emits
and ptoas (v0.48) reads (pypto-docs/00-pto_codegen.md, ``system.syncall``)::

    pto.syncall() mode = #pto.sync_all_mode<hard>, core_type = #pto.sync_core_type<mix>

The hard (FFTS) barrier has no operands: the empty parentheses stay. ptoas
refuses a soft barrier without its workspaces ("expects soft mixed syncall
to have gm_workspace, ub_workspace, l1_workspace"), and so does the
verifier here.

The explicit cross-core events, their A3 setup and the intra-core flag pair
(``pl.system.sync_set`` / ``sync_wait`` / ``set_ffts`` / ``sync_src`` /
``sync_dst``), in the text ptoas v0.48 reads (found by trying it)::

    pto.set_ffts %ws : memref<256xi64>
    pto.sync.set <PIPE_MTE3>, 3 {ffts_mode = 2 : i32}
    pto.sync.set <PIPE_MTE3>, %e
    pto.sync.wait <PIPE_V>, 3
    pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]

ptoas v0.48 takes ``set_ffts``'s workspace only as a ``memref`` (not a
``!pto.ptr``: "invalid kind of type specified"); the id of ``sync.set`` /
``wait`` is a literal or an ``index`` value.
"""

from __future__ import annotations

from xdsl.dialects.builtin import IndexType, IntegerAttr, MemRefType, StringAttr, i32
from xdsl.ir import SSAValue
from xdsl.irdl import (
    IRDLOperation,
    attr_def,
    irdl_op_definition,
    operand_def,
    opt_attr_def,
    opt_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.diagnostics import remember_parse_location

from .attrs import SyncAllMode, SyncAllModeAttr, SyncCoreType, SyncCoreTypeAttr


@remember_parse_location
@irdl_op_definition
class SyncAllOp(IRDLOperation):
    """``pto.syncall() mode = #pto.sync_all_mode<hard>, core_type =
    #pto.sync_core_type<C>``: the cross-core barrier (``SYNCALL``).

    Verifier errors: ``mode`` soft (its workspaces are not modelled).
    """

    name = "pto.syncall"
    mode = attr_def(SyncAllModeAttr)
    core_type = attr_def(SyncCoreTypeAttr)

    def __init__(self, core_type: str, mode: str = "hard"):
        super().__init__(
            attributes={
                "mode": SyncAllModeAttr(SyncAllMode(mode)),
                "core_type": SyncCoreTypeAttr(SyncCoreType(core_type)),
            }
        )

    def verify_(self) -> None:
        if self.mode.data is not SyncAllMode.HARD:
            raise VerifyException("a soft syncall needs gm, ub and l1 workspaces, which this op does not take")

    @classmethod
    def parse(cls, parser: Parser) -> SyncAllOp:
        parser.parse_punctuation("(")
        parser.parse_punctuation(")")
        attrs = {}
        for i, key in enumerate(("mode", "core_type")):
            if i:
                parser.parse_punctuation(",")
            parser.parse_keyword(key)
            parser.parse_punctuation("=")
            attrs[key] = parser.parse_attribute()
        extra = parser.parse_optional_attr_dict()
        return cls.build(attributes={**attrs, **extra})

    def print(self, printer: Printer) -> None:
        printer.print_string("() mode = ")
        printer.print_attribute(self.mode)
        printer.print_string(", core_type = ")
        printer.print_attribute(self.core_type)
        rest = {k: v for k, v in self.attributes.items() if k not in ("mode", "core_type")}
        printer.print_op_attributes(rest)


@remember_parse_location
@irdl_op_definition
class SetFftsOp(IRDLOperation):
    """``pto.set_ffts %ws : memref<256xi64>``: the FFTS base address the
    explicit cross-core events of the function use (A3)."""

    name = "pto.set_ffts"
    workspace = operand_def(MemRefType)

    def __init__(self, workspace: SSAValue):
        super().__init__(operands=[workspace])

    @classmethod
    def parse(cls, parser: Parser) -> SetFftsOp:
        ws = parser.parse_unresolved_operand()
        parser.parse_punctuation(":")
        return cls(parser.resolve_operand(ws, parser.parse_type()))

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.workspace)
        printer.print_string(" : ")
        printer.print_attribute(self.workspace.type)


class _SyncEventOp(IRDLOperation):
    """``NAME <PIPE_X>, ID [{ffts_mode = M : i32}]`` with ``ID`` a literal
    (the ``event_id`` attribute) or an ``index`` value."""

    pipe = attr_def(StringAttr)
    event_id = opt_attr_def(IntegerAttr)
    event_id_dyn = opt_operand_def(IndexType)
    ffts_mode = opt_attr_def(IntegerAttr)

    def __init__(self, pipe: str, event_id: int | SSAValue, ffts_mode: int | None = None):
        attrs: dict = {"pipe": StringAttr(pipe)}
        operands: list[SSAValue] = []
        if isinstance(event_id, SSAValue):
            operands.append(event_id)
        else:
            attrs["event_id"] = IntegerAttr(event_id, 64)
        if ffts_mode is not None:
            attrs["ffts_mode"] = IntegerAttr(ffts_mode, i32)
        super().__init__(operands=[operands], attributes=attrs)

    def verify_(self) -> None:
        if (self.event_id is None) == (self.event_id_dyn is None):
            raise VerifyException("expected exactly one event id: a literal or an index value")

    @classmethod
    def parse(cls, parser: Parser):
        parser.parse_punctuation("<")
        pipe = parser.parse_identifier()
        parser.parse_punctuation(">")
        parser.parse_punctuation(",")
        literal = parser.parse_optional_integer()
        event: int | SSAValue
        if literal is None:
            event = parser.resolve_operand(parser.parse_unresolved_operand(), IndexType())
        else:
            event = literal
        attrs = parser.parse_optional_attr_dict()
        op = cls(pipe, event)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(f" <{self.pipe.data}>, ")
        if self.event_id_dyn is not None:
            printer.print_operand(self.event_id_dyn)
        else:
            assert self.event_id is not None
            printer.print_string(str(self.event_id.value.data))
        printer.print_op_attributes({k: v for k, v in self.attributes.items() if k not in ("pipe", "event_id")})


@remember_parse_location
@irdl_op_definition
class SyncSetOp(_SyncEventOp):
    """``pto.sync.set <PIPE_MTE3>, 3``: raise a cross-core event once the
    pipe drains (FFTS)."""

    name = "pto.sync.set"


@remember_parse_location
@irdl_op_definition
class SyncWaitOp(_SyncEventOp):
    """``pto.sync.wait <PIPE_V>, 3``: wait for a cross-core event."""

    name = "pto.sync.wait"


class _FlagOp(IRDLOperation):
    """``NAME[<PIPE_A>, <PIPE_B>, <EVENT_IDn>]``."""

    set_pipe = attr_def(StringAttr)
    wait_pipe = attr_def(StringAttr)
    event = attr_def(StringAttr)

    def __init__(self, set_pipe: str, wait_pipe: str, event_id: int):
        super().__init__(
            attributes={
                "set_pipe": StringAttr(set_pipe),
                "wait_pipe": StringAttr(wait_pipe),
                "event": StringAttr(f"EVENT_ID{event_id}"),
            }
        )

    @classmethod
    def parse(cls, parser: Parser):
        words = []
        parser.parse_punctuation("[")
        for i in range(3):
            if i:
                parser.parse_punctuation(",")
            parser.parse_punctuation("<")
            words.append(parser.parse_identifier())
            parser.parse_punctuation(">")
        parser.parse_punctuation("]")
        op = cls(words[0], words[1], 0)
        op.attributes["event"] = StringAttr(words[2])
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(f"[<{self.set_pipe.data}>, <{self.wait_pipe.data}>, <{self.event.data}>]")


@remember_parse_location
@irdl_op_definition
class SetFlagOp(_FlagOp):
    """``pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]``: set the flag
    from one pipe to another once the first drains."""

    name = "pto.set_flag"


@remember_parse_location
@irdl_op_definition
class WaitFlagOp(_FlagOp):
    """``pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]``: wait on the
    second pipe for that flag."""

    name = "pto.wait_flag"


SYNC_PTO_OPS = (SyncAllOp, SetFftsOp, SyncSetOp, SyncWaitOp, SetFlagOp, WaitFlagOp)
"""The op classes of this module."""
