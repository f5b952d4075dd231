"""PTO ops of issue 23's views and assembly (reference/tile-op-semantics.md
section 9), in the forms ptoas v0.48 takes (each tried on the binary at
level 3 with addresses and level 2 without)::

    pto.set_validshape %t, %rows, %cols : T
    pto.tconcat ins(%a, %b : Ta, Tb) outs(%d : Td)
    pto.tinsert ins(%src, %row, %col : Ts, index, index) outs(%dst : Td)

``pto.set_validshape`` changes the valid shape of the handle ``%t`` in
place; ptoas requires ``T`` to have ``v_row=?, v_col=?`` ("expects source
tile_buf to have dynamic validShape (?, ?)") and ``%t`` not to be a
``pto.subview``. ``tinsert`` is the Acc -> Mat form of ``tile.assemble``.
"""

from __future__ import annotations

from xdsl.dialects.builtin import IndexType
from xdsl.ir import SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.diagnostics import remember_parse_location

from .dps_base import PTODpsOp
from .dps_signatures import DpsSignature, Slot
from .reductions import signed_dps_op, vec_slot
from .types import TileBufType


@remember_parse_location
@irdl_op_definition
class SetValidShapeOp(IRDLOperation):
    """``pto.set_validshape %t, %rows, %cols : T``: the handle ``%t`` (of a
    ``v_row=?, v_col=?`` type) gets the valid shape ``rows x cols``.

    Raises (verifier):
        VerifyException: for a handle whose type states its valid shape.
    """

    name = "pto.set_validshape"
    tile = operand_def(TileBufType)
    rows = operand_def(IndexType)
    cols = operand_def(IndexType)

    def __init__(self, tile: SSAValue, rows: SSAValue, cols: SSAValue):
        super().__init__(operands=[tile, rows, cols])

    def verify_(self) -> None:
        t = self.tile.type
        assert isinstance(t, TileBufType)
        if not t.has_dynamic_valid_shape:
            raise VerifyException(
                "pto.set_validshape: the tile's type must have v_row=?, v_col=? (ptoas: expects source "
                "tile_buf to have dynamic validShape (?, ?))"
            )

    @classmethod
    def parse(cls, parser: Parser) -> SetValidShapeOp:
        tile = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        rows = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        cols = parser.parse_unresolved_operand()
        parser.parse_punctuation(":")
        t = parser.parse_type()
        index = IndexType()
        return cls(
            parser.resolve_operand(tile, t), parser.resolve_operand(rows, index), parser.resolve_operand(cols, index)
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list([self.tile, self.rows, self.cols], printer.print_operand)
        printer.print_string(" : ")
        printer.print_attribute(self.tile.type)


_TABLE = (
    (
        "TConcatOp",
        "tconcat",
        DpsSignature((vec_slot("src0"), vec_slot("src1")), vec_slot("dst"), same_dtype=True),
        "src0's valid columns then src1's, side by side",
    ),
    (
        "TInsertOp",
        "tinsert",
        DpsSignature(
            (Slot("src", "tile"), Slot("row", "scalar"), Slot("col", "scalar")), Slot("dst", "tile")
        ),
        "src written into dst at (row, col) (an Acc tile into Mat, converted)",
    ),
)

VIEW_PTO_OPS: tuple[type[PTODpsOp] | type[IRDLOperation], ...] = (
    SetValidShapeOp,
    *(signed_dps_op(cls, short, sig, f"``pto.{short}``: {doc}.") for cls, short, sig, doc in _TABLE),
)
"""The op classes of this module."""
