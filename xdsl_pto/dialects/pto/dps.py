"""Destination-passing compute and data-movement ops of the PTO dialect.

Every op here prints as::

    pto.NAME ins(%a, %b : Ta, Tb) outs(%d : Td) {optional = attrs}

``ins`` lists all operands first, then ONE ``:`` and all their types in the same
order (ptoas rejects ``ins(%a : Ta, %b : Tb)``). Scalar operands (``f32``,
``i32``, ``index``...) may sit in ``ins``. There is exactly one ``outs``
operand.

Where ptoas's own grammar puts the attribute dictionary inside ``ins`` -- ``tcvt``,
``tcmp`` and ``tcmps``, e.g. ``pto.tcvt ins(%a {rmode = #pto<round_mode FLOOR>} : Ta)
outs(%d : Td)`` -- it is printed there; every other op prints it after ``outs``.
Either position parses for every op.

One shared base class, :class:`PTODpsOp`, implements parsing, printing and
verification; each op is a tiny subclass whose operand signature lives in
:data:`DPS_SIGNATURES`. :data:`PTO_DPS_OPS` maps the short PTO name
(``"tadd"``, ``"tmatmul.acc"``...) to the op class.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal

from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    opt_result_def,
    var_operand_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from ._syntax import print_attr_dict
from .attrs import CmpModeAttr, RoundModeAttr, SaturationModeAttr
from .types import PartitionTensorViewType, TileBufType, is_scalar_type

# --------------------------------------------------------------------------- signatures

SlotKind = Literal["tile", "scalar", "view"]


@dataclass(frozen=True)
class Slot:
    """One operand position of a DPS op.

    ``kind``: ``"tile"`` (a ``!pto.tile_buf``), ``"scalar"`` (integer, float or
    index) or ``"view"`` (a ``!pto.partition_tensor_view``). ``locs`` restricts
    the ``loc`` of a tile (``None``: any location).
    """

    role: str
    kind: SlotKind = "tile"
    locs: tuple[str, ...] | None = None


@dataclass(frozen=True)
class DpsSignature:
    """Operand signature of a DPS op.

    ``ins`` lists the operand slots in order; the last ``optional_ins`` of them
    may be omitted. ``same_dtype`` requires every tile operand (ins and out) to
    have the same ``dtype``. ``attrs_in_ins`` prints the attribute dictionary
    inside ``ins(...)`` before the ``:`` (where ptoas expects it for ``tcvt``,
    ``tcmp`` and ``tcmps``) instead of after ``outs(...)``. ``attr_types`` maps
    known attribute names to the attribute class they must have.
    """

    ins: tuple[Slot, ...]
    out: Slot
    optional_ins: int = 0
    same_dtype: bool = False
    attrs_in_ins: bool = False
    attr_types: tuple[tuple[str, type[Attribute]], ...] = ()

    @property
    def min_ins(self) -> int:
        return len(self.ins) - self.optional_ins


_VEC = ("vec",)


def _vec(role: str) -> Slot:
    return Slot(role, "tile", _VEC)


def _scalar(role: str) -> Slot:
    return Slot(role, "scalar")


_UNARY = DpsSignature((_vec("src"),), _vec("dst"), same_dtype=True)
_BINARY = DpsSignature((_vec("src0"), _vec("src1")), _vec("dst"), same_dtype=True)
_TILE_SCALAR = DpsSignature(
    (_vec("src"), _scalar("scalar")), _vec("dst"), same_dtype=True
)
_REDUCE = DpsSignature((_vec("src"), _vec("tmp")), _vec("dst"))
_EXPAND = DpsSignature((_vec("src"),), _vec("dst"))
_EXPAND_BINARY = DpsSignature((_vec("src0"), _vec("src1")), _vec("dst"))

DPS_SIGNATURES: dict[str, DpsSignature] = {
    # data movement
    "tload": DpsSignature(
        (Slot("src", "view"),), Slot("dst", "tile", ("vec", "mat"))
    ),
    "tstore": DpsSignature(
        (Slot("src", "tile", ("vec", "mat", "acc")),), Slot("dst", "view")
    ),
    "tmov": DpsSignature((Slot("src"),), Slot("dst")),
    # element-wise tile (x) tile
    "tadd": _BINARY,
    "tsub": _BINARY,
    "tmul": _BINARY,
    "tdiv": _BINARY,
    "tmax": _BINARY,
    "tmin": _BINARY,
    # element-wise tile (x) scalar
    "tadds": _TILE_SCALAR,
    "tsubs": _TILE_SCALAR,
    "tmuls": _TILE_SCALAR,
    "tdivs": _TILE_SCALAR,
    "tmaxs": _TILE_SCALAR,
    "tmins": _TILE_SCALAR,
    # unary
    "texp": _UNARY,
    "tlog": _UNARY,
    "tsqrt": _UNARY,
    "trsqrt": DpsSignature(
        (_vec("src"), _vec("tmp")), _vec("dst"), optional_ins=1, same_dtype=True
    ),
    "trecip": _UNARY,
    "tneg": _UNARY,
    "tabs": _UNARY,
    "trelu": _UNARY,
    "tcvt": DpsSignature(
        (_vec("src"), _vec("tmp")),
        _vec("dst"),
        optional_ins=1,
        attrs_in_ins=True,
        attr_types=(("rmode", RoundModeAttr), ("sat_mode", SaturationModeAttr)),
    ),
    # reductions (with the scratch tile)
    "trowsum": _REDUCE,
    "trowmax": _REDUCE,
    "trowmin": _REDUCE,
    # broadcasts
    "trowexpand": _EXPAND,
    "trowexpandadd": _EXPAND_BINARY,
    "trowexpandsub": _EXPAND_BINARY,
    "trowexpandmul": _EXPAND_BINARY,
    "trowexpanddiv": _EXPAND_BINARY,
    "tcolexpand": _EXPAND,
    "tcolexpandadd": _EXPAND_BINARY,
    "tcolexpandsub": _EXPAND_BINARY,
    "tcolexpandmul": _EXPAND_BINARY,
    "tcolexpanddiv": _EXPAND_BINARY,
    # remainders (rem/rems: A2/A3 scratch tile last)
    "trem": DpsSignature((_vec("src0"), _vec("src1"), _vec("tmp")), _vec("dst")),
    "trems": DpsSignature((_vec("src"), _scalar("scalar"), _vec("tmp")), _vec("dst")),
    "tfmod": _BINARY,
    "tfmods": _TILE_SCALAR,
    "tprelu": DpsSignature((_vec("src"), _vec("slope"), _vec("tmp")), _vec("dst")),
    # select / compare
    "tsel": DpsSignature(
        (_vec("mask"), _vec("src0"), _vec("src1"), _vec("tmp")),
        _vec("dst"),
        optional_ins=1,
    ),
    "tsels": DpsSignature(
        (_vec("mask"), _vec("src"), _vec("tmp"), _scalar("scalar")), _vec("dst")
    ),
    "tcmp": DpsSignature(
        (_vec("src0"), _vec("src1")),
        _vec("dst"),
        attrs_in_ins=True,
        attr_types=(("cmpMode", CmpModeAttr),),
    ),
    "tcmps": DpsSignature(
        (_vec("src"), _scalar("scalar")),
        _vec("dst"),
        attrs_in_ins=True,
        attr_types=(("cmpMode", CmpModeAttr),),
    ),
    # layout
    "ttrans": DpsSignature((_vec("src"), _vec("tmp")), _vec("dst")),
    "treshape": DpsSignature((Slot("src"),), Slot("dst")),
    "textract": DpsSignature(
        (
            Slot("src", "tile", ("mat", "acc")),
            _scalar("index_row"),
            _scalar("index_col"),
        ),
        Slot("dst"),
    ),
    "tfillpad": DpsSignature((_vec("src"),), _vec("dst")),
    "texpands": DpsSignature((_scalar("scalar"),), _vec("dst")),
    # cube
    "tmatmul": DpsSignature(
        (Slot("lhs", "tile", ("left",)), Slot("rhs", "tile", ("right",))),
        Slot("dst", "tile", ("acc",)),
    ),
    "tmatmul.acc": DpsSignature(
        (
            Slot("acc_in", "tile", ("acc",)),
            Slot("lhs", "tile", ("left",)),
            Slot("rhs", "tile", ("right",)),
        ),
        Slot("dst", "tile", ("acc",)),
    ),
    "tmatmul.bias": DpsSignature(
        (
            Slot("lhs", "tile", ("left",)),
            Slot("rhs", "tile", ("right",)),
            Slot("bias", "tile", ("bias",)),
        ),
        Slot("dst", "tile", ("acc",)),
    ),
}
"""Operand signature of each DPS op, keyed by its short PTO name."""


# --------------------------------------------------------------------------- base class


def _short_name(op_name: str) -> str:
    return op_name.split(".", 1)[1]


def _check_slot(op_name: str, where: str, slot: Slot, attr: Attribute) -> None:
    what = f"{op_name}: {where} ({slot.role})"
    if slot.kind == "tile":
        if not isinstance(attr, TileBufType):
            raise VerifyException(f"{what} must be a !pto.tile_buf, got {attr}")
        if slot.locs is not None and attr.loc not in slot.locs:
            raise VerifyException(
                f"{what} must be a tile with loc="
                + " or loc=".join(slot.locs)
                + f", got loc={attr.loc}"
            )
    elif slot.kind == "view":
        if not isinstance(attr, PartitionTensorViewType):
            raise VerifyException(
                f"{what} must be a !pto.partition_tensor_view, got {attr}"
            )
    elif not is_scalar_type(attr):
        raise VerifyException(
            f"{what} must be a scalar (integer, float or index), got {attr}"
        )


class PTODpsOp(IRDLOperation):
    """Base of the destination-passing PTO ops: ``ins(...) outs(...) {attrs}``.

    Verifies the ``ins`` count, exactly one ``outs`` operand, the kind (tile,
    scalar, partition view) and tile ``loc`` of each operand, and, where the op
    requires it, equal ``dtype`` across tile operands — all from the op's
    :class:`DpsSignature`; known attributes (``rmode``, ``sat_mode``,
    ``cmpMode``) must have their PTO attribute type, other attributes are kept
    as given.
    """

    ins = var_operand_def()
    outs = var_operand_def()

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        ins: Sequence[SSAValue | Operation],
        outs: Sequence[SSAValue | Operation],
        attributes: Mapping[str, Attribute] | None = None,
    ):
        super().__init__(
            operands=[list(ins), list(outs)],
            attributes=dict(attributes or {}),
        )

    #: The op's operand signature, when the op module declares it on the
    #: class (the op families added after this module: :mod:`.vector`).
    DPS_SIGNATURE: ClassVar[DpsSignature | None] = None

    @classmethod
    def signature(cls) -> DpsSignature:
        """The operand signature of this op: :attr:`DPS_SIGNATURE` or its own
        ``SIGNATURE`` class constant when it declares one (the ops of the other
        PTO modules), else its entry of :data:`DPS_SIGNATURES`."""
        own = cls.DPS_SIGNATURE or getattr(cls, "SIGNATURE", None)
        return own if isinstance(own, DpsSignature) else DPS_SIGNATURES[_short_name(cls.name)]

    # ---- verification
    def verify_(self) -> None:
        self._verify_dps(self.signature(), has_out=True)

    def _verify_dps(self, sig: DpsSignature, *, has_out: bool) -> None:
        n_ins = len(self.ins)
        if not sig.min_ins <= n_ins <= len(sig.ins):
            roles = ", ".join(
                s.role + ("?" if i >= sig.min_ins else "")
                for i, s in enumerate(sig.ins)
            )
            count = (
                str(len(sig.ins))
                if sig.optional_ins == 0
                else f"{sig.min_ins} to {len(sig.ins)}"
            )
            raise VerifyException(
                f"{self.name}: expected {count} 'ins' operands ({roles}), got {n_ins}"
            )
        if has_out and len(self.outs) != 1:
            raise VerifyException(
                f"{self.name}: expected exactly 1 'outs' operand, got {len(self.outs)}"
            )
        for i, (value, slot) in enumerate(zip(self.ins, sig.ins)):
            _check_slot(self.name, f"'ins' operand #{i}", slot, value.type)
        out_types = [v.type for v in self.outs] + [r.type for r in self.results]
        for out_type in out_types:
            _check_slot(self.name, "'outs' operand", sig.out, out_type)
        for attr_name, attr_type in sig.attr_types:
            attr = self.attributes.get(attr_name)
            if attr is not None and not isinstance(attr, attr_type):
                raise VerifyException(
                    f"{self.name}: attribute '{attr_name}' must be a "
                    f"#{attr_type.name}, got {attr}"
                )
        if sig.same_dtype:
            tiles = [
                v.type for v in self.ins if isinstance(v.type, TileBufType)
            ] + [t for t in out_types if isinstance(t, TileBufType)]
            dtypes = {t.dtype for t in tiles}
            if len(dtypes) > 1:
                raise VerifyException(
                    f"{self.name}: all tile operands must share one dtype, got "
                    + ", ".join(str(t.dtype) for t in tiles)
                )

    # ---- textual form
    @classmethod
    def parse(cls, parser: Parser) -> PTODpsOp:
        parser.parse_keyword("ins")
        ins, outs, attributes = _parse_dps_body(parser)
        return cls.build(operands=[ins, outs], attributes=attributes)

    def print(self, printer: Printer) -> None:
        inline = self.signature().attrs_in_ins
        _print_group(printer, "ins", self.ins, self.attributes if inline else {})
        _print_group(printer, "outs", self.outs, {})
        if not inline:
            print_attr_dict(printer, self.attributes)


def _parse_dps_body(
    parser: Parser,
) -> tuple[list[SSAValue], list[SSAValue], dict[str, Attribute]]:
    """Parse ``(ins...) outs(...) {attrs}?`` after the ``ins`` keyword.

    The attribute dictionary is accepted inside ``ins(...)`` (before the ``:``)
    or after ``outs(...)``, not both.
    """
    ins, inline_attrs = _parse_group(parser, "ins", allow_attrs=True)
    parser.parse_keyword("outs", " after 'ins(...)'")
    outs, _ = _parse_group(parser, "outs", allow_attrs=False)
    pos = parser.pos
    trailing_attrs = parser.parse_optional_attr_dict()
    if inline_attrs and trailing_attrs:
        parser.raise_error(
            "attribute dictionary given twice (inside 'ins(...)' and after "
            "'outs(...)')",
            pos,
        )
    return ins, outs, inline_attrs or trailing_attrs


def _parse_group(
    parser: Parser, keyword: str, *, allow_attrs: bool
) -> tuple[list[SSAValue], dict[str, Attribute]]:
    """Parse ``(%a, %b {attrs}? : Ta, Tb)`` (the keyword is already consumed)."""
    parser.parse_punctuation("(", f" after '{keyword}'")
    start = parser.pos
    operands: list[UnresolvedOperand] = [parser.parse_unresolved_operand()]
    while parser.parse_optional_punctuation(",") is not None:
        # `ins(%src, {maskPattern = ...} : T)`: the mask-form tgather /
        # tscatter put the attributes after a comma.
        if allow_attrs and (nxt := parser.parse_optional_unresolved_operand()) is None:
            break
        operands.append(nxt if allow_attrs else parser.parse_unresolved_operand())
    attributes: dict[str, Attribute] = {}
    if allow_attrs:
        attributes = parser.parse_optional_attr_dict()
    parser.parse_punctuation(
        ":",
        f" after the '{keyword}' operands (list all operands, then one ':' and "
        "their types)",
    )
    types: list[Attribute] = []
    while True:
        if (stray := parser.parse_optional_unresolved_operand()) is not None:
            parser.raise_error(
                f"expected a type in '{keyword}(...)', found an operand: list all "
                f"operands first, then one ':' and all their types in the same "
                f"order, e.g. {keyword}(%a, %b : Ta, Tb)",
                stray.span,
            )
        types.append(parser.parse_type())
        if parser.parse_optional_punctuation(",") is None:
            break
    end = parser.pos
    parser.parse_punctuation(")", f" at the end of '{keyword}(...)'")
    if len(types) != len(operands):
        parser.raise_error(
            f"'{keyword}(...)' has {len(operands)} operands but {len(types)} types",
            start,
            end,
        )
    values = [parser.resolve_operand(o, t) for o, t in zip(operands, types)]
    return values, attributes


def _print_group(
    printer: Printer,
    keyword: str,
    values: Sequence[SSAValue],
    attributes: Mapping[str, Attribute],
) -> None:
    printer.print_string(f" {keyword}(")
    printer.print_list(values, printer.print_operand)
    print_attr_dict(printer, dict(attributes))
    printer.print_string(" : ")
    printer.print_list([v.type for v in values], printer.print_attribute)
    printer.print_string(")")


# --------------------------------------------------------------------------- ops


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
