"""The base class of the destination-passing PTO ops, :class:`PTODpsOp`:
parsing, printing and verification from the op's operand signature
(:mod:`.dps_signatures`).

Every DPS op prints as::

    pto.NAME ins(%a, %b : Ta, Tb) outs(%d : Td) {optional = attrs}

``ins`` lists all operands first, then ONE ``:`` and all their types in the same
order (ptoas rejects ``ins(%a : Ta, %b : Tb)``). Scalar operands (``f32``,
``i32``, ``index``...) may sit in ``ins``. There is exactly one ``outs``
operand.

Where ptoas's own grammar puts the attribute dictionary inside ``ins`` -- ``tcvt``,
``tcmp`` and ``tcmps``, e.g. ``pto.tcvt ins(%a {rmode = #pto<round_mode FLOOR>} : Ta)
outs(%d : Td)`` -- it is printed there; every other op prints it after ``outs``.
Either position parses for every op.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import AttrSizedOperandSegments, IRDLOperation, var_operand_def
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from ._syntax import print_attr_dict
from .dps_signatures import DPS_SIGNATURES, DpsSignature, Slot
from .types import PartitionTensorViewType, TileBufType, is_scalar_type


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

