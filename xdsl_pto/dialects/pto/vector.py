"""The PTO ops of issue 23's vector family: bitwise and shift ops, scalar
max / min, leaky ReLU, the ternary and partial ops, ``tnot`` and the
max / min / exp-difference row and column expansions.

Each is a destination-passing op (one base class,
:class:`~xdsl_pto.dialects.pto.dps_base.PTODpsOp`) printed exactly as ptoas
v0.48 reads it (/work/notes/pto-op-forms §1-§2)::

    pto.tand ins(%a, %b : T, T) outs(%d : T)
    pto.txor ins(%a, %b, %tmp : T, T, T) outs(%d : T)
    pto.tands ins(%a, %s : T, i32) outs(%d : T)
    pto.tlrelu ins(%a, %slope : T, f32) outs(%d : T)
    pto.taddsc ins(%a, %s, %c : T, f32, T) outs(%d : T)
    pto.trowexpandmax ins(%t, %v : T, Tcol) outs(%d : T)

The ops are made from one table (:data:`VECTOR_SIGNATURES`: name, operand
signature, summary); the signature rides on the class
(:attr:`~xdsl_pto.dialects.pto.dps_base.PTODpsOp.DPS_SIGNATURE`). Tile operands
share one dtype except in the expansions, whose vector operand ptoas does not
compare (the Tile verifiers do).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.irdl import irdl_op_definition

from .dps_base import PTODpsOp
from .dps_signatures import (
    _BINARY,
    _EXPAND_BINARY,
    _TILE_SCALAR,
    _UNARY,
    DpsSignature,
    _scalar,
    _vec,
)

_TERNARY = DpsSignature((_vec("src0"), _vec("src1"), _vec("src2")), _vec("dst"), same_dtype=True)
_TERNARY_SCALAR = DpsSignature((_vec("src0"), _scalar("scalar"), _vec("src2")), _vec("dst"), same_dtype=True)
_BINARY_TMP = DpsSignature((_vec("src0"), _vec("src1"), _vec("tmp")), _vec("dst"), same_dtype=True)
_SCALAR_TMP = DpsSignature((_vec("src"), _scalar("scalar"), _vec("tmp")), _vec("dst"), same_dtype=True)

#: short name -> (signature, what the op computes).
VECTOR_SIGNATURES: dict[str, tuple[DpsSignature, str]] = {
    "tand": (_BINARY, "dst = src0 & src1"),
    "tor": (_BINARY, "dst = src0 | src1"),
    "txor": (_BINARY_TMP, "dst = src0 ^ src1 (A2/A3 keeps src0 | src1 in tmp)"),
    "tands": (_TILE_SCALAR, "dst = src & scalar"),
    "tors": (_TILE_SCALAR, "dst = src | scalar"),
    "txors": (_SCALAR_TMP, "dst = src ^ scalar"),
    "tshl": (_BINARY, "dst = src0 << src1"),
    "tshr": (_BINARY, "dst = src0 >> src1"),
    "tshls": (_TILE_SCALAR, "dst = src << scalar"),
    "tshrs": (_TILE_SCALAR, "dst = src >> scalar"),
    "tlrelu": (_TILE_SCALAR, "dst = src > 0 ? src : src * slope (an f32 slope)"),
    "taddc": (_TERNARY, "dst = src0 + src1 + src2"),
    "tsubc": (_TERNARY, "dst = src0 - src1 + src2"),
    "taddsc": (_TERNARY_SCALAR, "dst = src0 + scalar + src2"),
    "tsubsc": (_TERNARY_SCALAR, "dst = src0 - scalar + src2"),
    "tpartadd": (_BINARY, "dst = src0 + src1 where both are valid, else the valid one, else 0"),
    "tpartmul": (_BINARY, "dst = src0 * src1 where both are valid, else the valid one, else 0"),
    "tpartmax": (_BINARY, "dst = max(src0, src1) where both are valid, else the valid one, else 0"),
    "tpartmin": (_BINARY, "dst = min(src0, src1) where both are valid, else the valid one, else 0"),
    "tnot": (_UNARY, "dst = ~src"),
    "trowexpandmax": (_EXPAND_BINARY, "dst = max(src0, broadcast of the row vector src1)"),
    "trowexpandmin": (_EXPAND_BINARY, "dst = min(src0, broadcast of the row vector src1)"),
    "trowexpandexpdif": (_EXPAND_BINARY, "dst = exp(src0 - broadcast of the row vector src1)"),
    "tcolexpandmax": (_EXPAND_BINARY, "dst = max(src0, broadcast of the column tile src1)"),
    "tcolexpandmin": (_EXPAND_BINARY, "dst = min(src0, broadcast of the column tile src1)"),
    "tcolexpandexpdif": (_EXPAND_BINARY, "dst = exp(src0 - broadcast of the column tile src1)"),
}


def _define(short: str, signature: DpsSignature, summary: str) -> type[PTODpsOp]:
    """The IRDL op class ``pto.<short>`` with ``signature``."""
    cls_name = "T" + short[1:].capitalize() + "Op"
    cls = type(
        cls_name,
        (PTODpsOp,),
        {
            "__doc__": f"``pto.{short}``: {summary}.",
            "__module__": __name__,
            "__annotations__": {"DPS_SIGNATURE": ClassVar[DpsSignature]},
            "name": f"pto.{short}",
            "DPS_SIGNATURE": signature,
        },
    )
    return irdl_op_definition(cls)


VECTOR_DPS_OPS: tuple[type[PTODpsOp], ...] = tuple(
    _define(short, sig, summary) for short, (sig, summary) in VECTOR_SIGNATURES.items()
)
"""The op classes, in :data:`VECTOR_SIGNATURES` order."""

globals().update({cls.__name__: cls for cls in VECTOR_DPS_OPS})
__all__ = ["VECTOR_DPS_OPS", "VECTOR_SIGNATURES", *(cls.__name__ for cls in VECTOR_DPS_OPS)]
