"""PTO ops of the tile generators (issue 23): ``pto.tci``, ``pto.ttri`` and
``pto.trandom``, in the forms ptoas v0.48 reads (/work/notes/pto-op-forms
§4)::

    pto.tci ins(%s : ui32) outs(%d : T) {descending = false}
    pto.ttri ins(%g {upperOrLower = 1 : i32} : i32) outs(%d : T)
    pto.trandom ins(%k0, %k1, %c0, %c1, %c2, %c3 : i32, ...) outs(%d : T)
    "pto.trandom"(%k0, %k1, %c0, %c1, %c2, %c3, %d) {rounds = 7 : i32} : (i32, ..., T) -> ()

``tci``'s attribute goes after ``outs`` (inside ``ins`` v0.48 fails
``expected ':'``); ``ttri``'s inside ``ins`` (after ``outs`` it fails
``expected operation name in quotes``; pypto prints the generic form, which
v0.48 also reads, but the grammar's custom form is what we print);
``trandom`` takes ``rounds`` only in the generic form, so a 7-round
``tile.random`` lowers to :class:`TRandomRoundsOp`, which prints generically
and parses back (as ``pto.trandom`` in generic form) to itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from xdsl.dialects.builtin import IntegerAttr, i32
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import IRDLOperation, attr_def, irdl_op_definition, var_operand_def
from xdsl.utils.exceptions import VerifyException

from .dps_base import PTODpsOp
from .dps_signatures import DpsSignature, Slot
from .reductions import vec_slot
from .types import TileBufType


@irdl_op_definition
class TCiOp(PTODpsOp):
    """``pto.tci``: ``dst[0, k] = start +/- k``; ``{descending = ...}`` after
    ``outs``; the scalar has exactly the dst's element type (``'pto.tci' op
    expects S and dst element type to be exactly the same type``)."""

    name = "pto.tci"
    SIGNATURE: ClassVar[DpsSignature] = DpsSignature(
        (Slot("start", "scalar"),), vec_slot("dst"), attr_types=(("descending", IntegerAttr),)
    )

    def verify_(self) -> None:
        super().verify_()
        dst = self.outs[0].type
        assert isinstance(dst, TileBufType)
        if self.ins[0].type != dst.dtype:
            raise VerifyException(
                f"pto.tci: the start scalar ({self.ins[0].type}) must have the dst's element type {dst.dtype}"
            )


@irdl_op_definition
class TTriOp(PTODpsOp):
    """``pto.ttri``: a triangular 0/1 mask; ``{upperOrLower = 0|1 : i32}``
    (0 lower, 1 upper) inside ``ins``; the diagonal is an i32."""

    name = "pto.ttri"
    SIGNATURE: ClassVar[DpsSignature] = DpsSignature(
        (Slot("diagonal", "scalar"),),
        vec_slot("dst"),
        attrs_in_ins=True,
        attr_types=(("upperOrLower", IntegerAttr),),
    )


_SEEDS = ("key0", "key1", "counter0", "counter1", "counter2", "counter3")


@irdl_op_definition
class TRandomOp(PTODpsOp):
    """``pto.trandom`` (A5 only): Philox words from two key and four counter
    i32 scalars, 10 rounds. The generic form (a 7-round one) is built as
    :class:`TRandomRoundsOp` by :meth:`create`, which the generic parser
    calls."""

    name = "pto.trandom"
    SIGNATURE: ClassVar[DpsSignature] = DpsSignature(
        tuple(Slot(s, "scalar") for s in _SEEDS), vec_slot("dst")
    )

    @classmethod
    def create(  # type: ignore[override]
        cls,
        *,
        operands: Sequence[SSAValue] = (),
        result_types: Sequence[Attribute] = (),
        properties: Mapping[str, Attribute] = {},  # noqa: B006 (as Operation.create)
        attributes: Mapping[str, Attribute] = {},  # noqa: B006
        **kwargs,
    ) -> Operation:
        """The generic form ``"pto.trandom"(seeds..., %d) {...}`` (no operand
        segment sizes) is a :class:`TRandomRoundsOp`; anything else this op."""
        make = TRandomRoundsOp.create if "operandSegmentSizes" not in properties else super().create
        return make(
            operands=operands, result_types=result_types, properties=properties, attributes=attributes, **kwargs
        )


@irdl_op_definition
class TRandomRoundsOp(IRDLOperation):
    """``pto.trandom`` with a ``rounds`` count, in the generic form ptoas
    v0.48 reads: ``"pto.trandom"(%k0, %k1, %c0, %c1, %c2, %c3, %d) {rounds =
    7 : i32} : (i32, i32, i32, i32, i32, i32, T) -> ()``. Not registered under
    its name (:class:`TRandomOp` is): it prints generically, and the parser
    builds it back through :meth:`TRandomOp.create`."""

    name = "pto.trandom"
    args = var_operand_def()
    rounds = attr_def(IntegerAttr)

    def __init__(self, seeds: Sequence[SSAValue], dst: SSAValue, rounds: int):
        super().__init__(operands=[[*seeds, dst]], attributes={"rounds": IntegerAttr(rounds, i32)})

    def verify_(self) -> None:
        if len(self.args) != 7:
            raise VerifyException(f"pto.trandom: expected 6 seed scalars and a dst tile, got {len(self.args)} operands")
        if not isinstance(self.args[-1].type, TileBufType):
            raise VerifyException(f"pto.trandom: the last operand must be the dst tile, got {self.args[-1].type}")


GENERATOR_PTO_OPS: tuple[type[PTODpsOp], ...] = (TCiOp, TTriOp, TRandomOp)
