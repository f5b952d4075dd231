"""The PTO ops of issue 23's sort / gather / scatter family, printed exactly
as ptoas v0.48 reads them (/work/notes/pto-op-forms §6-§7)::

    pto.tgather ins(%src, %idx, %tmp : Ts, Ti, Tt) outs(%d : Td)
    pto.tgather ins(%src, {maskPattern = #pto.mask_pattern<P0101>} : Ts) outs(%d : Td)
    pto.tgather ins(%src, %k, %tmp : Ts, f32, Tt) outs(%d, %c : Td, Tc) {cmpMode = #pto<cmp gt>, offset = 0 : i32}
    pto.tgatherb ins(%src, %off : Ts, To) outs(%d : Td)
    pto.tscatter ins(%src, %idx : Ts, Ti) outs(%dst : Td)
    pto.tscatter ins(%src, {maskPattern = #pto.mask_pattern<P0101>} : Ts) outs(%dst : Td)
    pto.mgather ins(%pv, %idx : PV, Ti) outs(%d : Td) {coalesce = #pto<coalesce row>}
    pto.mscatter ins(%src, %idx : Ts, Ti) outs(%pv : PV)
    pto.tsort32 ins(%src, %idx : Ts, Ti) outs(%d : Td)
    pto.tmrgsort ins(%src, %bl : T, i32) outs(%d : T)
    pto.tmrgsort ins(%a, %b, %tmp {exhausted = false} : T, T, Tt) outs(%d, %ex : Td, vector<4xi16>)

The mask forms carry no ``"row"`` token (pypto's ``ins(%s, {...} : T,
"row")`` fails ``expected ')'`` in v0.48). ``tgather``, ``tscatter`` and
``tmrgsort`` have several forms under one name: :class:`TGatherOp`,
:class:`TScatterOp` and :class:`TMrgSortOp` tell them apart by their
operands and attributes. The others are plain
:class:`~.dps.PTODpsOp`\\ s with a signature of their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import IntegerAttr, IntegerType, VectorType
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import irdl_op_definition
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from ._syntax import print_attr_dict
from .attrs import CmpModeAttr, CoalesceAttr, GatherOobAttr, MaskPatternAttr
from .dps_base import PTODpsOp, _check_slot, _print_group
from .dps_signatures import DpsSignature, Slot
from .reductions import signed_dps_op, vec_slot
from .types import TileBufType, is_scalar_type

_VIEW = Slot("pv", "view")


def _tile(name: str, where: str, value: SSAValue, role: str) -> None:
    _check_slot(name, where, Slot(role, "tile", ("vec",)), value.type)


class _MultiFormOp(PTODpsOp):
    """A PTO op whose forms differ in their operands; the subclass names the
    form (:meth:`form`), verifies it and says whether its attributes print
    inside ``ins`` (:meth:`attrs_inside`)."""

    def form(self) -> str:
        raise NotImplementedError

    def attrs_inside(self) -> bool:
        return False

    def print(self, printer: Printer) -> None:
        inside = self.attrs_inside()
        if "maskPattern" in self.attributes:
            # ptoas: "expected ',' after src operand in ins(...)".
            printer.print_string(" ins(")
            printer.print_list(self.ins, printer.print_operand)
            printer.print_string(",")
            print_attr_dict(printer, dict(self.attributes))
            printer.print_string(" : ")
            printer.print_list([v.type for v in self.ins], printer.print_attribute)
            printer.print_string(")")
        else:
            _print_group(printer, "ins", self.ins, self.attributes if inside else {})
        _print_group(printer, "outs", self.outs, {})
        if not inside:
            print_attr_dict(printer, self.attributes)


def _attr(op: PTODpsOp, name: str, cls: type[Attribute], required: bool = False) -> None:
    a = op.attributes.get(name)
    if a is None and required:
        raise VerifyException(f"{op.name}: requires attribute '{name}'")
    if a is not None and not isinstance(a, cls):
        raise VerifyException(f"{op.name}: attribute '{name}' must be a #{cls.name}, got {a}")


@irdl_op_definition
class TGatherOp(_MultiFormOp):
    """``pto.tgather`` in its three forms: by index (src, indices, tmp), by
    mask pattern (src with ``{maskPattern}`` inside ``ins``), by comparison
    (src, kValue, tmp -> dst, cdst, ``{cmpMode, offset}`` after ``outs``)."""

    name = "pto.tgather"
    SIGNATURE: ClassVar[DpsSignature] = DpsSignature((vec_slot("src"),), vec_slot("dst"))

    def form(self) -> str:
        if "maskPattern" in self.attributes:
            return "mask"
        return "compare" if len(self.outs) == 2 else "index"

    def attrs_inside(self) -> bool:
        return self.form() == "mask"

    def verify_(self) -> None:
        form = self.form()
        ins, outs = list(self.ins), list(self.outs)
        want = {"mask": (1, 1), "index": (3, 1), "compare": (3, 2)}[form]
        if (len(ins), len(outs)) != want:
            raise VerifyException(
                f"{self.name}: the {form} form takes {want[0]} 'ins' and {want[1]} 'outs' operands, "
                f"got {len(ins)} and {len(outs)}"
            )
        for k, v in enumerate(ins):
            if form == "compare" and k == 1:
                if not is_scalar_type(v.type):
                    raise VerifyException(f"{self.name}: kValue must be a scalar, got {v.type}")
                continue
            _tile(self.name, f"'ins' operand #{k}", v, "src")
        for v in outs:
            _tile(self.name, "'outs' operand", v, "dst")
        _attr(self, "maskPattern", MaskPatternAttr)
        _attr(self, "cmpMode", CmpModeAttr)
        _attr(self, "offset", IntegerAttr)


@irdl_op_definition
class TScatterOp(_MultiFormOp):
    """``pto.tscatter`` by index (src, indexes) or by mask pattern (src with
    ``{maskPattern}`` inside ``ins``); ``outs`` is the destination updated
    in place."""

    name = "pto.tscatter"
    SIGNATURE: ClassVar[DpsSignature] = DpsSignature((vec_slot("src"),), vec_slot("dst"))

    def form(self) -> str:
        return "mask" if "maskPattern" in self.attributes else "index"

    def attrs_inside(self) -> bool:
        return True

    def verify_(self) -> None:
        n = 1 if self.form() == "mask" else 2
        if len(self.ins) != n or len(self.outs) != 1:
            raise VerifyException(
                f"{self.name}: the {self.form()} form takes {n} 'ins' and 1 'outs' operands, "
                f"got {len(self.ins)} and {len(self.outs)}"
            )
        for k, v in enumerate([*self.ins, *self.outs]):
            _tile(self.name, f"operand #{k}", v, "src")
        _attr(self, "maskPattern", MaskPatternAttr)


#: ``tmrgsort``'s executed-count vector (format 2).
EXECUTED_TYPE = VectorType(IntegerType(16), [4])


@irdl_op_definition
class TMrgSortOp(_MultiFormOp):
    """``pto.tmrgsort``: format 1 (src, blockLen -> dst) or format 2 (2 to 4
    sorted lists then tmp, ``{exhausted}`` inside ``ins`` -> dst and the
    ``vector<4xi16>`` of executed counts)."""

    name = "pto.tmrgsort"
    SIGNATURE: ClassVar[DpsSignature] = DpsSignature((vec_slot("src"),), vec_slot("dst"))

    def form(self) -> str:
        return "format2" if len(self.outs) == 2 else "format1"

    def attrs_inside(self) -> bool:
        return True

    def verify_(self) -> None:
        ins, outs = list(self.ins), list(self.outs)
        if self.form() == "format1":
            if len(ins) != 2 or not isinstance(ins[1].type, IntegerType):
                raise VerifyException(f"{self.name}: format 1 takes ins(src, blockLen : T, iN)")
            _tile(self.name, "'ins' operand #0", ins[0], "src")
            _tile(self.name, "'outs' operand", outs[0], "dst")
            return
        if not 3 <= len(ins) <= 5:
            raise VerifyException(f"{self.name}: format 2 takes 2 to 4 lists and a tmp, got {len(ins)} 'ins'")
        for k, v in enumerate(ins):
            _tile(self.name, f"'ins' operand #{k}", v, "src")
        _tile(self.name, "'outs' operand #0", outs[0], "dst")
        if outs[1].type != EXECUTED_TYPE:
            raise VerifyException(f"{self.name}: format 2's executed counts must be vector<4xi16>, got {outs[1].type}")
        _attr(self, "exhausted", IntegerAttr)


@irdl_op_definition
class MGatherOp(PTODpsOp):
    """``pto.mgather``: rows or elements of a GM partition by index;
    ``{coalesce}`` (required) and ``{gatherOob}`` after ``outs``."""

    name = "pto.mgather"
    SIGNATURE: ClassVar[DpsSignature] = DpsSignature(
        (_VIEW, vec_slot("idx")),
        vec_slot("dst"),
        attr_types=(("coalesce", CoalesceAttr), ("gatherOob", GatherOobAttr)),
    )

    def verify_(self) -> None:
        super().verify_()
        _attr(self, "coalesce", CoalesceAttr, required=True)


#: The plain ones: (class, short name, signature, summary).
_TABLE: Sequence[tuple[str, str, DpsSignature, str]] = (
    (
        "TGatherBOp",
        "tgatherb",
        DpsSignature((vec_slot("src"), vec_slot("offset")), vec_slot("dst")),
        "32-byte blocks of src at the byte offsets",
    ),
    (
        "TSort32Op",
        "tsort32",
        DpsSignature((vec_slot("src"), vec_slot("idx")), vec_slot("dst")),
        "each 32-element block sorted descending into (value, index) records",
    ),
    (
        "MScatterOp",
        "mscatter",
        DpsSignature((vec_slot("src"), vec_slot("idx")), _VIEW),
        "src into a GM partition at flat indices",
    ),
)

SORT_GATHER_PTO_OPS: tuple[type[PTODpsOp], ...] = (
    TGatherOp,
    TScatterOp,
    TMrgSortOp,
    MGatherOp,
    *(signed_dps_op(cls, short, sig, f"``pto.{short}``: {doc}.") for cls, short, sig, doc in _TABLE),
)
"""The op classes of this module."""
