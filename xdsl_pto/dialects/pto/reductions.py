"""PTO ops of the row / column reductions (issue 23): ``pto.trowprod``,
``pto.trowargmax`` / ``trowargmin``, ``pto.tcolsum`` / ``tcolmax`` /
``tcolmin`` / ``tcolprod`` and ``pto.tcolargmax`` / ``tcolargmin``, in the
form ptoas v0.48 reads (/work/notes/pto-op-forms §3)::

    pto.trowprod ins(%x, %tmp : T, Tt) outs(%d : TRx1)
    pto.tcolsum ins(%x : T) outs(%d : T1xC)
    pto.tcolsum ins(%x, %tmp {isBinary = true} : T, Tt) outs(%d : T1xC)

Each op carries its own :class:`~.dps.DpsSignature` (``SIGNATURE``); the
shared parsing, printing and verification are :class:`~.dps.PTODpsOp`'s.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IntegerAttr
from xdsl.irdl import irdl_op_definition
from xdsl.utils.exceptions import VerifyException

from .dps import DpsSignature, PTODpsOp, Slot

VEC_ONLY = ("vec",)


def vec_slot(role: str) -> Slot:
    """A Vec tile operand slot."""
    return Slot(role, "tile", VEC_ONLY)


#: ``ins(%src, %tmp) outs(%dst)``: the tmp is required (``expected ','``).
WITH_TMP = DpsSignature((vec_slot("src"), vec_slot("tmp")), vec_slot("dst"))
#: ``ins(%src) outs(%dst)``: a tmp does not parse (``expected ':'``).
SOURCE_ONLY = DpsSignature((vec_slot("src"),), vec_slot("dst"))


@irdl_op_definition
class TRowProdOp(PTODpsOp):
    """``pto.trowprod``: per-row product (src, tmp) -> ``[R, 1]`` dst."""

    name = "pto.trowprod"
    SIGNATURE: ClassVar[DpsSignature] = WITH_TMP


@irdl_op_definition
class TRowArgmaxOp(PTODpsOp):
    """``pto.trowargmax``: per-row index of the first maximum (src, tmp) ->
    ``[R, 1]`` i32/ui32 dst."""

    name = "pto.trowargmax"
    SIGNATURE: ClassVar[DpsSignature] = WITH_TMP


@irdl_op_definition
class TRowArgminOp(PTODpsOp):
    """``pto.trowargmin``: per-row index of the first minimum."""

    name = "pto.trowargmin"
    SIGNATURE: ClassVar[DpsSignature] = WITH_TMP


@irdl_op_definition
class TColSumOp(PTODpsOp):
    """``pto.tcolsum``: per-column sum; with a tmp (the binary-tree path) the
    ``{isBinary = true}`` attribute goes inside ``ins`` (``'pto.tcolsum' op
    tmp operand requires isBinary attribute``)."""

    name = "pto.tcolsum"
    SIGNATURE: ClassVar[DpsSignature] = DpsSignature(
        (vec_slot("src"), vec_slot("tmp")),
        vec_slot("dst"),
        optional_ins=1,
        attrs_in_ins=True,
        attr_types=(("isBinary", IntegerAttr),),
    )

    def verify_(self) -> None:
        super().verify_()
        if len(self.ins) == 2 and "isBinary" not in self.attributes:
            raise VerifyException("pto.tcolsum: a tmp operand requires the isBinary attribute")


@irdl_op_definition
class TColMaxOp(PTODpsOp):
    """``pto.tcolmax``: per-column maximum, src -> ``[1, C]`` dst."""

    name = "pto.tcolmax"
    SIGNATURE: ClassVar[DpsSignature] = SOURCE_ONLY


@irdl_op_definition
class TColMinOp(PTODpsOp):
    """``pto.tcolmin``: per-column minimum."""

    name = "pto.tcolmin"
    SIGNATURE: ClassVar[DpsSignature] = SOURCE_ONLY


@irdl_op_definition
class TColProdOp(PTODpsOp):
    """``pto.tcolprod``: per-column product."""

    name = "pto.tcolprod"
    SIGNATURE: ClassVar[DpsSignature] = SOURCE_ONLY


@irdl_op_definition
class TColArgmaxOp(PTODpsOp):
    """``pto.tcolargmax``: per-column index of the first maximum (src, tmp)
    -> ``[1, C]`` i32/ui32 dst."""

    name = "pto.tcolargmax"
    SIGNATURE: ClassVar[DpsSignature] = WITH_TMP


@irdl_op_definition
class TColArgminOp(PTODpsOp):
    """``pto.tcolargmin``: per-column index of the first minimum."""

    name = "pto.tcolargmin"
    SIGNATURE: ClassVar[DpsSignature] = WITH_TMP


REDUCTION_PTO_OPS: tuple[type[PTODpsOp], ...] = (
    TRowProdOp,
    TRowArgmaxOp,
    TRowArgminOp,
    TColSumOp,
    TColMaxOp,
    TColMinOp,
    TColProdOp,
    TColArgmaxOp,
    TColArgminOp,
)
