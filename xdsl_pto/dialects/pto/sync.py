"""Synchronization ops of the PTO dialect, in the text the reference emits
and ptoas (v0.48) reads (pypto-docs/00-pto_codegen.md, ``system.syncall``)::

    pto.syncall() mode = #pto.sync_all_mode<hard>, core_type = #pto.sync_core_type<mix>

The hard (FFTS) barrier has no operands: the empty parentheses stay. ptoas
refuses a soft barrier without its workspaces ("expects soft mixed syncall
to have gm_workspace, ub_workspace, l1_workspace"), and so does the
verifier here.
"""

from __future__ import annotations

from xdsl.irdl import IRDLOperation, attr_def, irdl_op_definition
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


SYNC_PTO_OPS = (SyncAllOp,)
"""The op classes of this module."""
