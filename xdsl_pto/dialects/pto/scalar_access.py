"""PTO ops of single-element tile access (issue 23): ``pto.tgetval`` and
``pto.tsetval``, in the forms ptoas v0.48 reads (/work/notes/pto-op-forms
§4)::

    %v = pto.tgetval ins(%t, %off : T, index) outs : f32
    pto.tsetval ins(%off, %v : index, f32) outs(%t : T)

The offset is an ``index`` counting elements in the tile's memory order
(an integer offset fails ``invalid kind of type specified``); the tile is a
Vec tile (``'pto.tgetval' op expects src memory space to be vec``). Both run
on the scalar pipe.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IndexType
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, result_def, var_operand_def
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from .dps_base import PTODpsOp, _parse_group, _print_group
from .dps_signatures import DpsSignature, Slot
from .reductions import vec_slot
from .types import PtrType, TileBufType


@irdl_op_definition
class TGetValOp(IRDLOperation):
    """``%v = pto.tgetval ins(%t, %off : T, index) outs : E``: the element at
    offset ``%off`` of Vec tile ``%t``; ``E`` is the tile's element type
    (``'pto.tgetval' op expects dst type to match src element type``)."""

    name = "pto.tgetval"
    ins = var_operand_def()
    result = result_def()

    def __init__(self, tile: SSAValue, offset: SSAValue):
        assert isinstance(tile.type, TileBufType)
        super().__init__(operands=[[tile, offset]], result_types=[tile.type.dtype])

    def verify_(self) -> None:
        if len(self.ins) != 2:
            raise VerifyException(f"pto.tgetval: expected 2 'ins' operands (src, offset), got {len(self.ins)}")
        tile, offset = self.ins[0].type, self.ins[1].type
        if not isinstance(tile, TileBufType) or tile.loc != "vec":
            raise VerifyException(f"pto.tgetval: 'ins' operand #0 (src) must be a tile with loc=vec, got {tile}")
        if not isinstance(offset, IndexType):
            raise VerifyException(f"pto.tgetval: 'ins' operand #1 (offset) must be an index, got {offset}")
        if self.result.type != tile.dtype:
            raise VerifyException(
                f"pto.tgetval: the result type {self.result.type} must be the tile's element type {tile.dtype}"
            )

    @classmethod
    def parse(cls, parser: Parser) -> TGetValOp:
        parser.parse_keyword("ins")
        ins, attributes = _parse_group(parser, "ins", allow_attrs=False)
        parser.parse_keyword("outs", " after 'ins(...)'")
        parser.parse_punctuation(":", " after 'outs' (pto.tgetval prints its result type there)")
        result: Attribute = parser.parse_type()
        op = cls.build(operands=[ins], result_types=[result])
        op.attributes.update(attributes)
        return op

    def print(self, printer: Printer) -> None:
        _print_group(printer, "ins", self.ins, {})
        printer.print_string(" outs : ")
        printer.print_attribute(self.result.type)


@irdl_op_definition
class TSetValOp(PTODpsOp):
    """``pto.tsetval ins(%off, %v : index, E) outs(%t : T)``: the element at
    offset ``%off`` of Vec tile ``%t`` set to ``%v`` (the tile is the ``outs``
    operand; tile first in ``ins`` fails ``expected ':'``)."""

    name = "pto.tsetval"
    SIGNATURE: ClassVar[DpsSignature] = DpsSignature(
        (Slot("offset", "scalar"), Slot("value", "scalar")), vec_slot("dst")
    )


@irdl_op_definition
class LoadScalarOp(IRDLOperation):
    """``%v = pto.load_scalar %ptr[%off] : !pto.ptr<E> -> E``: one element of
    a GM tensor, ``%off`` its row-major flat index (elements) from the
    tensor's base pointer (tile-op-semantics.md section 11, "Scalar GM
    access"; accepted by ptoas v0.48)."""

    name = "pto.load_scalar"
    ptr = operand_def(PtrType)
    offset = operand_def(IndexType)
    result = result_def()
    assembly_format = "$ptr `[` $offset `]` attr-dict `:` type($ptr) `->` type($result)"

    def __init__(self, ptr: SSAValue, offset: SSAValue):
        assert isinstance(ptr.type, PtrType)
        super().__init__(operands=[ptr, offset], result_types=[ptr.type.element_type])

    def verify_(self) -> None:
        assert isinstance(self.ptr.type, PtrType)
        if self.result.type != self.ptr.type.element_type:
            raise VerifyException(
                f"the result type {self.result.type} must be the pointer's element type {self.ptr.type.element_type}"
            )


@irdl_op_definition
class StoreScalarOp(IRDLOperation):
    """``pto.store_scalar %v, %ptr[%off] : !pto.ptr<E>, E``: write one element
    of a GM tensor (``%off`` as for :class:`LoadScalarOp`)."""

    name = "pto.store_scalar"
    value = operand_def()
    ptr = operand_def(PtrType)
    offset = operand_def(IndexType)
    assembly_format = "$value `,` $ptr `[` $offset `]` attr-dict `:` type($ptr) `,` type($value)"

    def __init__(self, value: SSAValue, ptr: SSAValue, offset: SSAValue):
        super().__init__(operands=[value, ptr, offset])

    def verify_(self) -> None:
        assert isinstance(self.ptr.type, PtrType)
        if self.value.type != self.ptr.type.element_type:
            raise VerifyException(
                f"the value type {self.value.type} must be the pointer's element type {self.ptr.type.element_type}"
            )


SCALAR_ACCESS_PTO_OPS: tuple[type[IRDLOperation], ...] = (TGetValOp, TSetValOp, LoadScalarOp, StoreScalarOp)
