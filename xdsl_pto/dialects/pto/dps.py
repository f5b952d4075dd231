"""The core destination-passing compute and data-movement ops of the PTO
dialect (``pto.tload``, ``pto.tadd``, ``pto.tmatmul.acc``...): each a tiny
subclass of :class:`~.dps_base.PTODpsOp` (which parses, prints and verifies
``pto.NAME ins(...) outs(...)``), its operand signature in
:data:`~.dps_signatures.DPS_SIGNATURES`; ``pto.treshape`` also has a view
form. :data:`PTO_DPS_OPS` maps the short PTO name (``"tadd"``,
``"tmatmul.acc"``...) to the op class.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, opt_result_def
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from ._syntax import print_attr_dict
from .dps_base import PTODpsOp, _parse_dps_body, _short_name
from .dps_signatures import DPS_SIGNATURES
from .types import F4E2M1x2Type, TileBufType


@irdl_op_definition
class TLoadOp(PTODpsOp):
    """``pto.tload``: GM partition view -> tile (vec or mat)."""

    name = "pto.tload"


@irdl_op_definition
class TStoreOp(PTODpsOp):
    """``pto.tstore``: tile (vec, mat or acc) -> GM partition view."""

    name = "pto.tstore"


@irdl_op_definition
class TMovOp(PTODpsOp):
    """``pto.tmov``: copy a tile into another tile (any locations)."""

    name = "pto.tmov"


@irdl_op_definition
class TAddOp(PTODpsOp):
    """``pto.tadd``: dst = src0 + src1."""

    name = "pto.tadd"


@irdl_op_definition
class TSubOp(PTODpsOp):
    """``pto.tsub``: dst = src0 - src1."""

    name = "pto.tsub"


@irdl_op_definition
class TMulOp(PTODpsOp):
    """``pto.tmul``: dst = src0 * src1."""

    name = "pto.tmul"


@irdl_op_definition
class TDivOp(PTODpsOp):
    """``pto.tdiv``: dst = src0 / src1."""

    name = "pto.tdiv"


@irdl_op_definition
class TMaxOp(PTODpsOp):
    """``pto.tmax``: element-wise maximum."""

    name = "pto.tmax"


@irdl_op_definition
class TMinOp(PTODpsOp):
    """``pto.tmin``: element-wise minimum."""

    name = "pto.tmin"


@irdl_op_definition
class TAddSOp(PTODpsOp):
    """``pto.tadds``: dst = src + scalar."""

    name = "pto.tadds"


@irdl_op_definition
class TSubSOp(PTODpsOp):
    """``pto.tsubs``: dst = src - scalar."""

    name = "pto.tsubs"


@irdl_op_definition
class TMulSOp(PTODpsOp):
    """``pto.tmuls``: dst = src * scalar."""

    name = "pto.tmuls"


@irdl_op_definition
class TDivSOp(PTODpsOp):
    """``pto.tdivs``: dst = src / scalar."""

    name = "pto.tdivs"


@irdl_op_definition
class TMaxSOp(PTODpsOp):
    """``pto.tmaxs``: dst = max(src, scalar)."""

    name = "pto.tmaxs"


@irdl_op_definition
class TMinSOp(PTODpsOp):
    """``pto.tmins``: dst = min(src, scalar)."""

    name = "pto.tmins"


@irdl_op_definition
class TExpOp(PTODpsOp):
    """``pto.texp``: element-wise exp."""

    name = "pto.texp"


@irdl_op_definition
class TLogOp(PTODpsOp):
    """``pto.tlog``: element-wise natural log."""

    name = "pto.tlog"


@irdl_op_definition
class TSqrtOp(PTODpsOp):
    """``pto.tsqrt``: element-wise square root."""

    name = "pto.tsqrt"


@irdl_op_definition
class TRsqrtOp(PTODpsOp):
    """``pto.trsqrt``: element-wise 1/sqrt (optional scratch tile)."""

    name = "pto.trsqrt"


@irdl_op_definition
class TRecipOp(PTODpsOp):
    """``pto.trecip``: element-wise reciprocal."""

    name = "pto.trecip"


@irdl_op_definition
class TNegOp(PTODpsOp):
    """``pto.tneg``: element-wise negation."""

    name = "pto.tneg"


@irdl_op_definition
class TAbsOp(PTODpsOp):
    """``pto.tabs``: element-wise absolute value."""

    name = "pto.tabs"


@irdl_op_definition
class TReluOp(PTODpsOp):
    """``pto.trelu``: element-wise max(x, 0)."""

    name = "pto.trelu"


@irdl_op_definition
class TCvtOp(PTODpsOp):
    """``pto.tcvt``: dtype conversion (rounding mode as an attribute)."""

    name = "pto.tcvt"


@irdl_op_definition
class TRowSumOp(PTODpsOp):
    """``pto.trowsum``: per-row sum (src, tmp) -> dst."""

    name = "pto.trowsum"


@irdl_op_definition
class TRowMaxOp(PTODpsOp):
    """``pto.trowmax``: per-row maximum (src, tmp) -> dst."""

    name = "pto.trowmax"


@irdl_op_definition
class TRowMinOp(PTODpsOp):
    """``pto.trowmin``: per-row minimum (src, tmp) -> dst."""

    name = "pto.trowmin"


@irdl_op_definition
class TRowExpandOp(PTODpsOp):
    """``pto.trowexpand``: broadcast a column vector along rows."""

    name = "pto.trowexpand"


@irdl_op_definition
class TRowExpandAddOp(PTODpsOp):
    """``pto.trowexpandadd``: dst = src0 + row-broadcast(src1)."""

    name = "pto.trowexpandadd"


@irdl_op_definition
class TRowExpandSubOp(PTODpsOp):
    """``pto.trowexpandsub``: dst = src0 - row-broadcast(src1)."""

    name = "pto.trowexpandsub"


@irdl_op_definition
class TRowExpandMulOp(PTODpsOp):
    """``pto.trowexpandmul``: dst = src0 * row-broadcast(src1)."""

    name = "pto.trowexpandmul"


@irdl_op_definition
class TRowExpandDivOp(PTODpsOp):
    """``pto.trowexpanddiv``: dst = src0 / row-broadcast(src1)."""

    name = "pto.trowexpanddiv"


@irdl_op_definition
class TColExpandOp(PTODpsOp):
    """``pto.tcolexpand``: broadcast a row vector along columns."""

    name = "pto.tcolexpand"


@irdl_op_definition
class TColExpandAddOp(PTODpsOp):
    """``pto.tcolexpandadd``: dst = src0 + column-broadcast(src1)."""

    name = "pto.tcolexpandadd"


@irdl_op_definition
class TColExpandSubOp(PTODpsOp):
    """``pto.tcolexpandsub``: dst = src0 - column-broadcast(src1)."""

    name = "pto.tcolexpandsub"


@irdl_op_definition
class TColExpandMulOp(PTODpsOp):
    """``pto.tcolexpandmul``: dst = src0 * column-broadcast(src1)."""

    name = "pto.tcolexpandmul"


@irdl_op_definition
class TColExpandDivOp(PTODpsOp):
    """``pto.tcolexpanddiv``: dst = src0 / column-broadcast(src1)."""

    name = "pto.tcolexpanddiv"


@irdl_op_definition
class TRemOp(PTODpsOp):
    """``pto.trem``: dst = src0 mod src1, sign of the divisor (src0, src1, tmp)."""

    name = "pto.trem"


@irdl_op_definition
class TRemSOp(PTODpsOp):
    """``pto.trems``: dst = src mod scalar, sign of the divisor (src, scalar, tmp)."""

    name = "pto.trems"


@irdl_op_definition
class TFModOp(PTODpsOp):
    """``pto.tfmod``: dst = src0 - trunc(src0 / src1) * src1."""

    name = "pto.tfmod"


@irdl_op_definition
class TFModSOp(PTODpsOp):
    """``pto.tfmods``: dst = src - trunc(src / scalar) * scalar."""

    name = "pto.tfmods"


@irdl_op_definition
class TPreluOp(PTODpsOp):
    """``pto.tprelu``: dst = src > 0 ? src : slope * src (src, slope, tmp)."""

    name = "pto.tprelu"


@irdl_op_definition
class TSelOp(PTODpsOp):
    """``pto.tsel``: dst = mask ? src0 : src1 (optional scratch tile)."""

    name = "pto.tsel"


@irdl_op_definition
class TSelSOp(PTODpsOp):
    """``pto.tsels``: select between a tile and a scalar (mask, src, tmp, scalar)."""

    name = "pto.tsels"


@irdl_op_definition
class TCmpOp(PTODpsOp):
    """``pto.tcmp``: element-wise compare of two tiles (mode as an attribute)."""

    name = "pto.tcmp"


@irdl_op_definition
class TCmpSOp(PTODpsOp):
    """``pto.tcmps``: element-wise compare of a tile with a scalar."""

    name = "pto.tcmps"


@irdl_op_definition
class TTransOp(PTODpsOp):
    """``pto.ttrans``: transpose (src, tmp) -> dst."""

    name = "pto.ttrans"


@irdl_op_definition
class TExtractOp(PTODpsOp):
    """``pto.textract``: copy a window at (index_row, index_col) of a mat/acc tile."""

    name = "pto.textract"


@irdl_op_definition
class TFillPadOp(PTODpsOp):
    """``pto.tfillpad``: fill the area outside the valid shape with the pad value."""

    name = "pto.tfillpad"


@irdl_op_definition
class TExpandsOp(PTODpsOp):
    """``pto.texpands``: fill a tile with one scalar."""

    name = "pto.texpands"


@irdl_op_definition
class TMatmulOp(PTODpsOp):
    """``pto.tmatmul``: acc = left x right."""

    name = "pto.tmatmul"


@irdl_op_definition
class TMatmulAccOp(PTODpsOp):
    """``pto.tmatmul.acc``: acc += left x right (ins: acc_in, lhs, rhs)."""

    name = "pto.tmatmul.acc"


@irdl_op_definition
class TMatmulBiasOp(PTODpsOp):
    """``pto.tmatmul.bias``: acc = left x right + bias."""

    name = "pto.tmatmul.bias"


@irdl_op_definition
class TReshapeOp(PTODpsOp):
    """``pto.treshape``: reinterpret a tile with another shape/dtype (same bytes).

    Two forms parse and print:

    - destination-passing: ``pto.treshape ins(%src : T) outs(%dst : T2)``;
    - view (what ptoas's own tests and the reference compiler emit):
      ``%dst = pto.treshape %src : T -> T2``.

    Verifies one tile source and either one ``outs`` tile or one result tile
    (never both), in the same ``loc`` as the source.
    """

    name = "pto.treshape"

    result = opt_result_def(TileBufType)

    def __init__(
        self,
        ins: Sequence[SSAValue | Operation],
        outs: Sequence[SSAValue | Operation] = (),
        attributes: Mapping[str, Attribute] | None = None,
        result_type: TileBufType | None = None,
    ):
        """DPS form with ``outs``; view form with ``outs=()`` and ``result_type``."""
        IRDLOperation.__init__(
            self,
            operands=[list(ins), list(outs)],
            result_types=[[] if result_type is None else [result_type]],
            attributes=dict(attributes or {}),
        )

    @classmethod
    def view(
        cls,
        source: SSAValue | Operation,
        result_type: TileBufType,
        attributes: Mapping[str, Attribute] | None = None,
    ) -> TReshapeOp:
        """Build the view form ``%r = pto.treshape %src : T -> T2``."""
        return cls([source], (), attributes, result_type)

    @staticmethod
    def ptoas_refusal(source: TileBufType, result: TileBufType) -> str | None:
        """Why ptoas (v0.48) refuses a ``pto.treshape`` from ``source`` to
        ``result``, or None: it takes no packed fp4 tile
        (``!pto.f4E2M1x2``) on either side ("'pto.treshape' op dst: dtype
        '!pto.f4E2M1x2' is not supported by this op yet"; ``pto.bitcast``
        refuses the type as well)."""
        for side, buf in (("source", source), ("result", result)):
            if isinstance(buf.dtype, F4E2M1x2Type):
                return (
                    f"ptoas (v0.48) takes no {buf.dtype} tile in pto.treshape (the {side} here: "
                    f"\"dtype '{buf.dtype}' is not supported by this op yet\")"
                )
        return None

    @property
    def is_view_form(self) -> bool:
        return self.result is not None

    def verify_(self) -> None:
        sig = self.signature()
        has_out = self.result is None
        if not has_out and self.outs:
            raise VerifyException(
                "pto.treshape: the view form (with a result) takes no 'outs' operand"
            )
        self._verify_dps(sig, has_out=has_out)
        src = self.ins[0].type
        dst = self.outs[0].type if has_out else self.results[0].type
        assert isinstance(src, TileBufType) and isinstance(dst, TileBufType)
        if src.loc != dst.loc:
            raise VerifyException(
                f"pto.treshape: result loc={dst.loc} differs from the source's "
                f"loc={src.loc}"
            )

    @classmethod
    def parse(cls, parser: Parser) -> TReshapeOp:
        if parser.parse_optional_keyword("ins") is not None:
            ins, outs, attributes = _parse_dps_body(parser)
            return cls.build(
                operands=[ins, outs], result_types=[[]], attributes=attributes
            )
        source = parser.parse_unresolved_operand()
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        source_type = parser.parse_type()
        parser.parse_punctuation("->")
        result_type = parser.parse_type()
        return cls.build(
            operands=[[parser.resolve_operand(source, source_type)], []],
            result_types=[[result_type]],
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        if self.result is None:
            super().print(printer)
            return
        printer.print_string(" ")
        printer.print_operand(self.ins[0])
        print_attr_dict(printer, self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.ins[0].type)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)


DPS_OP_CLASSES: tuple[type[PTODpsOp], ...] = (
    TLoadOp,
    TStoreOp,
    TMovOp,
    TAddOp,
    TSubOp,
    TMulOp,
    TDivOp,
    TMaxOp,
    TMinOp,
    TAddSOp,
    TSubSOp,
    TMulSOp,
    TDivSOp,
    TMaxSOp,
    TMinSOp,
    TExpOp,
    TLogOp,
    TSqrtOp,
    TRsqrtOp,
    TRecipOp,
    TNegOp,
    TAbsOp,
    TReluOp,
    TCvtOp,
    TRowSumOp,
    TRowMaxOp,
    TRowMinOp,
    TRowExpandOp,
    TRowExpandAddOp,
    TRowExpandSubOp,
    TRowExpandMulOp,
    TRowExpandDivOp,
    TColExpandOp,
    TColExpandAddOp,
    TColExpandSubOp,
    TColExpandMulOp,
    TColExpandDivOp,
    TRemOp,
    TRemSOp,
    TFModOp,
    TFModSOp,
    TPreluOp,
    TSelOp,
    TSelSOp,
    TCmpOp,
    TCmpSOp,
    TTransOp,
    TReshapeOp,
    TExtractOp,
    TMatmulOp,
    TMatmulAccOp,
    TMatmulBiasOp,
    TFillPadOp,
    TExpandsOp,
)

PTO_DPS_OPS: dict[str, type[PTODpsOp]] = {
    _short_name(op.name): op for op in DPS_OP_CLASSES
}
"""Short PTO op name (``"tadd"``, ``"tmatmul.acc"``...) -> op class."""

assert set(PTO_DPS_OPS) == set(DPS_SIGNATURES), "every DPS op needs a signature"
