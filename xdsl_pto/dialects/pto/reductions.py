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

from .dps_base import PTODpsOp
from .dps_signatures import DpsSignature, Slot

VEC_ONLY = ("vec",)


def vec_slot(role: str) -> Slot:
    """A Vec tile operand slot."""
    return Slot(role, "tile", VEC_ONLY)


#: ``ins(%src, %tmp) outs(%dst)``: the tmp is required (``expected ','``).
WITH_TMP = DpsSignature((vec_slot("src"), vec_slot("tmp")), vec_slot("dst"))
#: ``ins(%src) outs(%dst)``: a tmp does not parse (``expected ':'``).
SOURCE_ONLY = DpsSignature((vec_slot("src"),), vec_slot("dst"))


def signed_dps_op(class_name: str, short: str, signature: DpsSignature, doc: str) -> type[PTODpsOp]:
    """A :class:`~.dps.PTODpsOp` named ``pto.<short>`` carrying its own
    ``signature`` (the ops of one shape, made from a table)."""
    namespace = {
        "name": f"pto.{short}",
        "SIGNATURE": signature,
        "__doc__": doc,
        "__module__": __name__,
        "__annotations__": {"SIGNATURE": ClassVar[DpsSignature]},
    }
    return irdl_op_definition(type(class_name, (PTODpsOp,), namespace))


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


#: The other reductions: (class, short name, signature, what dst holds).
_TABLE = (
    ("TRowProdOp", "trowprod", WITH_TMP, "per-row product (src, tmp) -> [R, 1] dst"),
    ("TRowArgmaxOp", "trowargmax", WITH_TMP, "per-row index of the first maximum (src, tmp) -> [R, 1] i32/ui32"),
    ("TRowArgminOp", "trowargmin", WITH_TMP, "per-row index of the first minimum (src, tmp) -> [R, 1] i32/ui32"),
    ("TColMaxOp", "tcolmax", SOURCE_ONLY, "per-column maximum, src -> [1, C] dst"),
    ("TColMinOp", "tcolmin", SOURCE_ONLY, "per-column minimum, src -> [1, C] dst"),
    ("TColProdOp", "tcolprod", SOURCE_ONLY, "per-column product, src -> [1, C] dst"),
    ("TColArgmaxOp", "tcolargmax", WITH_TMP, "per-column index of the first maximum (src, tmp) -> [1, C] i32/ui32"),
    ("TColArgminOp", "tcolargmin", WITH_TMP, "per-column index of the first minimum (src, tmp) -> [1, C] i32/ui32"),
)

REDUCTION_PTO_OPS: tuple[type[PTODpsOp], ...] = (
    TColSumOp,
    *(signed_dps_op(cls, short, sig, f"``pto.{short}``: {doc}.") for cls, short, sig, doc in _TABLE),
)
