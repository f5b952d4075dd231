"""The PTO ops of issue 23's cube family, printed as ptoas v0.48 reads them
(each form fed to the v0.48 binary on a3 and a5)::

    pto.tgemv ins(%l, %r : Tl, Tr) outs(%d : Ta) [{accPhase = #pto<acc_phase partial>}]
    pto.tgemv.acc ins(%d, %l, %r : Ta, Tl, Tr) outs(%d : Ta)
    pto.tgemv.bias ins(%l, %r, %b : Tl, Tr, Tb) outs(%d : Ta)
    pto.tmatmul.mx ins(%l, %ls, %r, %rs : Tl, Ts, Tr, Ts) outs(%d : Ta)
    pto.tmatmul.mx.acc ins(%d, %l, %ls, %r, %rs : ...) outs(%d : Ta)
    pto.tmatmul.mx.bias ins(%l, %ls, %r, %rs, %b : ...) outs(%d : Ta)
    pto.tget_scale_addr ins(%l : Tl) outs(%ls : Ts)

The scale tiles are ``loc=scaling`` (one location for both sides in
ptoas). Each op is a plain :class:`~.dps.PTODpsOp` with a signature of its
own; ptoas's shape and element rules are checked on the Tile ops.
"""

from __future__ import annotations

from collections.abc import Sequence

from .attrs import AccPhaseAttr
from .dps_base import PTODpsOp
from .dps_signatures import DpsSignature, Slot
from .reductions import signed_dps_op

_L = Slot("lhs", "tile", ("left",))
_R = Slot("rhs", "tile", ("right",))
_ACC = Slot("dst", "tile", ("acc",))
_ACC_IN = Slot("acc_in", "tile", ("acc",))
_BIAS = Slot("bias", "tile", ("bias",))
_LS = Slot("lhs_scale", "tile", ("scaling",))
_RS = Slot("rhs_scale", "tile", ("scaling",))
_PHASE = (("accPhase", AccPhaseAttr),)

#: (class, short name, signature, summary).
_TABLE: Sequence[tuple[str, str, DpsSignature, str]] = (
    ("TGemvOp", "tgemv", DpsSignature((_L, _R), _ACC, attr_types=_PHASE), "a one-row lhs times rhs"),
    (
        "TGemvAccOp",
        "tgemv.acc",
        DpsSignature((_ACC_IN, _L, _R), _ACC, attr_types=_PHASE),
        "the accumulator plus a one-row lhs times rhs, in place",
    ),
    (
        "TGemvBiasOp",
        "tgemv.bias",
        DpsSignature((_L, _R, _BIAS), _ACC, attr_types=_PHASE),
        "a one-row lhs times rhs plus the bias row",
    ),
    ("TMatmulMxOp", "tmatmul.mx", DpsSignature((_L, _LS, _R, _RS), _ACC), "block-scaled (MX) lhs times rhs"),
    (
        "TMatmulMxAccOp",
        "tmatmul.mx.acc",
        DpsSignature((_ACC_IN, _L, _LS, _R, _RS), _ACC),
        "the accumulator plus the block-scaled product, in place",
    ),
    (
        "TMatmulMxBiasOp",
        "tmatmul.mx.bias",
        DpsSignature((_L, _LS, _R, _RS, _BIAS), _ACC),
        "the block-scaled product plus the bias row",
    ),
    (
        "TGetScaleAddrOp",
        "tget_scale_addr",
        DpsSignature((Slot("src", "tile", ("left", "right")),), Slot("dst", "tile", ("scaling",))),
        "binds a scale tile's address to its data tile's",
    ),
)

CUBE_FAMILY_PTO_OPS: tuple[type[PTODpsOp], ...] = tuple(
    signed_dps_op(cls, short, sig, f"``pto.{short}``: {doc}.") for cls, short, sig, doc in _TABLE
)
"""The op classes of this module."""
