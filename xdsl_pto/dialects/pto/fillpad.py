"""PTO ops of the fill / pad tile ops (issue 23) beyond ``pto.tfillpad``
(:mod:`.dps`): ``pto.tfillpad_inplace`` and ``pto.tfillpad_expand``, in the
form ptoas v0.48 reads (/work/notes/pto-op-forms §5)::

    pto.tfillpad_inplace ins(%t : T) outs(%t : T)
    pto.tfillpad_expand ins(%s : Ts) outs(%d : Td)

The pad value is the dst type's ``pad`` field (ptoas: ``expects dst PadVal
!= Null for tfillpad``).
"""

from __future__ import annotations

from .dps_base import PTODpsOp
from .reductions import SOURCE_ONLY, signed_dps_op


FILLPAD_PTO_OPS: tuple[type[PTODpsOp], ...] = (
    signed_dps_op(
        "TFillPadInplaceOp",
        "tfillpad_inplace",
        SOURCE_ONLY,
        "``pto.tfillpad_inplace``: the padding of a tile filled in place, one handle in "
        "``ins`` and ``outs`` whose type names the pad value.",
    ),
    signed_dps_op(
        "TFillPadExpandOp",
        "tfillpad_expand",
        SOURCE_ONLY,
        "``pto.tfillpad_expand``: a tile copied into a larger one whose other elements are "
        "the pad value the dst type names.",
    ),
)
TFillPadInplaceOp, TFillPadExpandOp = FILLPAD_PTO_OPS
