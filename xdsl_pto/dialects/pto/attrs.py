"""Attributes of the PTO dialect.

Printed as ptoas spells them:

- ``#pto.kernel_kind<vector>`` / ``<cube>``       -> :class:`KernelKindAttr`
- ``#pto.layout<nd>`` / ``<dn>`` / ``<nz>`` ...   -> :class:`LayoutAttr`
- ``#pto.address_space<vec>`` / ``<mat>`` ...     -> :class:`AddressSpaceAttr`
- ``#pto<round_mode CAST_RINT>`` (``tcvt``'s ``rmode``)       -> :class:`RoundModeAttr`
- ``#pto<saturation_mode OFF>`` (``tcvt``'s ``sat_mode``)      -> :class:`SaturationModeAttr`
- ``#pto<cmp lt>`` (``tcmp``/``tcmps``'s ``cmpMode``)            -> :class:`CmpModeAttr`
- ``#pto.mask_pattern<P0101>`` (mask-form ``tgather``/``tscatter``) -> :class:`MaskPatternAttr`
- ``#pto<coalesce row>`` (``mgather``'s ``coalesce``)              -> :class:`CoalesceAttr`
- ``#pto<gather_oob clamp>`` (``mgather``'s ``gatherOob``)         -> :class:`GatherOobAttr`
- ``#pto<acc_phase partial>`` (the gemv family's ``accPhase``)      -> :class:`AccPhaseAttr`

The last three use MLIR's default enum-attribute spelling (``#pto<mnemonic value>``);
their ``#pto.mnemonic<value>`` spelling is accepted when parsing too.
"""

from __future__ import annotations

from xdsl.dialects.utils.enum_attribute import EnumAttribute
from xdsl.ir import SpacedOpaqueSyntaxAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.str_enum import StrEnum

# --------------------------------------------------------------------------- enums


class KernelKind(StrEnum):
    """Which core a kernel runs on: ``vector`` (AIV) or ``cube`` (AIC)."""

    VECTOR = "vector"
    CUBE = "cube"


class Layout(StrEnum):
    """GM tensor layout of a ``pto.make_tensor_view``."""

    ND = "nd"
    DN = "dn"
    NZ = "nz"
    MX_A_ZZ = "mx_a_zz"
    MX_B_NN = "mx_b_nn"


class AddressSpace(StrEnum):
    """A memory space as ``pto.reserve_buffer``'s ``location`` names it."""

    GM = "gm"
    VEC = "vec"
    MAT = "mat"
    LEFT = "left"
    RIGHT = "right"
    ACC = "acc"
    BIAS = "bias"


class RoundMode(StrEnum):
    """Rounding mode of ``pto.tcvt`` (``rmode``); ptoas's default is ``CAST_RINT``."""

    NONE = "NONE"
    RINT = "RINT"
    ROUND = "ROUND"
    FLOOR = "FLOOR"
    CEIL = "CEIL"
    TRUNC = "TRUNC"
    ODD = "ODD"
    CAST_RINT = "CAST_RINT"


class SaturationMode(StrEnum):
    """Saturation of ``pto.tcvt`` (``sat_mode``); ptoas's default is ``OFF``."""

    ON = "ON"
    OFF = "OFF"


class CmpMode(StrEnum):
    """Comparison of ``pto.tcmp`` / ``pto.tcmps`` (``cmpMode``)."""

    EQ = "eq"
    NE = "ne"
    LT = "lt"
    LE = "le"
    GT = "gt"
    GE = "ge"


class MaskPattern(StrEnum):
    """A column pattern of mask-form ``pto.tgather`` / ``pto.tscatter``
    (``#pto<mask_pattern P0101>`` does not parse in ptoas v0.48: only
    ``#pto.mask_pattern<P0101>``)."""

    P0101 = "P0101"
    P1010 = "P1010"
    P0001 = "P0001"
    P0010 = "P0010"
    P0100 = "P0100"
    P1000 = "P1000"
    P1111 = "P1111"


class AccPhase(StrEnum):
    """``pto.tgemv``'s accumulation phase: more K chunks follow (``partial``)
    or this is the last (``final``)."""

    PARTIAL = "partial"
    FINAL = "final"


class Coalesce(StrEnum):
    """``pto.mgather``'s mode: whole rows or single elements."""

    ROW = "row"
    ELEM = "elem"


class GatherOob(StrEnum):
    """``pto.mgather``'s out-of-bounds index policy."""

    UNDEFINED = "undefined"
    CLAMP = "clamp"
    WRAP = "wrap"
    ZERO = "zero"


class AtomicType(StrEnum):
    """``pto.tstore``'s ``atomicType``: overwrite GM (``atomic_none``) or add
    into it (``atomic_add``)."""

    NONE = "atomic_none"
    ADD = "atomic_add"


class SyncAllMode(StrEnum):
    """``pto.syncall``'s barrier: the FFTS hardware one (``hard``, no
    operands) or GM polling (``soft``, with workspaces)."""

    HARD = "hard"
    SOFT = "soft"


class SyncCoreType(StrEnum):
    """The cores a ``pto.syncall`` waits for."""

    MIX = "mix"
    AIV_ONLY = "aiv_only"
    AIC_ONLY = "aic_only"


class NotifyOp(StrEnum):
    """``pto.comm.tnotify``'s update of the signal: add the value or store it."""

    ATOMIC_ADD = "atomic_add"
    SET = "set"


class WaitCmp(StrEnum):
    """``pto.comm.twait``'s comparison of the signal against the value."""

    EQ = "eq"
    NE = "ne"
    GT = "gt"
    GE = "ge"
    LT = "lt"
    LE = "le"


# --------------------------------------------------------------------------- #pto.x<v>


class _AngleEnum:
    """``#pto.name<value>`` text for an enum attribute (only enumerated values parse)."""

    def print_parameter(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string(self.data.value)  # type: ignore[attr-defined]

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> StrEnum:
        with parser.in_angle_brackets():
            return parser.parse_str_enum(cls.enum_type)  # type: ignore[attr-defined]


@irdl_attr_definition
class KernelKindAttr(_AngleEnum, EnumAttribute[KernelKind]):
    """``#pto.kernel_kind<vector>`` / ``#pto.kernel_kind<cube>`` (function attribute).

    Only the enumerated values parse.
    """

    name = "pto.kernel_kind"



@irdl_attr_definition
class LayoutAttr(_AngleEnum, EnumAttribute[Layout]):
    """``#pto.layout<nd>`` / ``<dn>`` / ``<nz>`` (and the MX scale layouts).

    Only the enumerated values parse.
    """

    name = "pto.layout"



@irdl_attr_definition
class AddressSpaceAttr(_AngleEnum, EnumAttribute[AddressSpace]):
    """``#pto.address_space<vec>`` (``pto.reserve_buffer``'s ``location``).

    Only the enumerated values parse.
    """

    name = "pto.address_space"


# --------------------------------------------------------------------------- #pto<x v>


class _OpaqueEnum:
    """Parsing of ``#pto<name VALUE>`` (and the ``#pto.name<VALUE>`` spelling)
    for an enum attribute; printing is EnumAttribute's opaque form."""

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> StrEnum:
        enum_type = cls.enum_type  # type: ignore[attr-defined]
        # `#pto<name VALUE>` reaches here at VALUE; `#pto.name<VALUE>` at `<`.
        if parser.parse_optional_punctuation("<") is not None:
            value = parser.parse_str_enum(enum_type)
            parser.parse_punctuation(">")
            return value
        return parser.parse_str_enum(enum_type)


@irdl_attr_definition
class RoundModeAttr(_OpaqueEnum, EnumAttribute[RoundMode], SpacedOpaqueSyntaxAttribute):
    """``#pto<round_mode CAST_RINT>``: ``pto.tcvt``'s rounding mode (``rmode``)."""

    name = "pto.round_mode"


@irdl_attr_definition
class SaturationModeAttr(_OpaqueEnum, EnumAttribute[SaturationMode], SpacedOpaqueSyntaxAttribute):
    """``#pto<saturation_mode OFF>``: ``pto.tcvt``'s saturation (``sat_mode``)."""

    name = "pto.saturation_mode"


@irdl_attr_definition
class CmpModeAttr(_OpaqueEnum, EnumAttribute[CmpMode], SpacedOpaqueSyntaxAttribute):
    """``#pto<cmp lt>``: the comparison of ``pto.tcmp``/``pto.tcmps`` (``cmpMode``)."""

    name = "pto.cmp"


@irdl_attr_definition
class MaskPatternAttr(_AngleEnum, EnumAttribute[MaskPattern]):
    """``#pto.mask_pattern<P0101>``: the columns a mask-form ``pto.tgather``
    or ``pto.tscatter`` touches (its ``maskPattern``, printed inside ``ins``)."""

    name = "pto.mask_pattern"


@irdl_attr_definition
class AccPhaseAttr(_OpaqueEnum, EnumAttribute[AccPhase], SpacedOpaqueSyntaxAttribute):
    """``#pto<acc_phase partial>``: the gemv family's ``accPhase``, printed
    after ``outs``."""

    name = "pto.acc_phase"


@irdl_attr_definition
class CoalesceAttr(_OpaqueEnum, EnumAttribute[Coalesce], SpacedOpaqueSyntaxAttribute):
    """``#pto<coalesce row>``: ``pto.mgather``'s required mode."""

    name = "pto.coalesce"


@irdl_attr_definition
class GatherOobAttr(_OpaqueEnum, EnumAttribute[GatherOob], SpacedOpaqueSyntaxAttribute):
    """``#pto<gather_oob clamp>``: ``pto.mgather``'s ``gatherOob`` policy."""

    name = "pto.gather_oob"


@irdl_attr_definition
class SyncAllModeAttr(_AngleEnum, EnumAttribute[SyncAllMode]):
    """``#pto.sync_all_mode<hard>``: ``pto.syncall``'s ``mode``."""

    name = "pto.sync_all_mode"


@irdl_attr_definition
class SyncCoreTypeAttr(_AngleEnum, EnumAttribute[SyncCoreType]):
    """``#pto.sync_core_type<mix>``: ``pto.syncall``'s ``core_type``."""

    name = "pto.sync_core_type"


@irdl_attr_definition
class AtomicTypeAttr(_OpaqueEnum, EnumAttribute[AtomicType], SpacedOpaqueSyntaxAttribute):
    """``#pto<atomic_type atomic_add>``: ``pto.tstore``'s ``atomicType``."""

    name = "pto.atomic_type"


@irdl_attr_definition
class NotifyOpAttr(_OpaqueEnum, EnumAttribute[NotifyOp], SpacedOpaqueSyntaxAttribute):
    """``#pto<notify_op atomic_add>``: ``pto.comm.tnotify``'s ``notifyOp``."""

    name = "pto.notify_op"


@irdl_attr_definition
class WaitCmpAttr(_OpaqueEnum, EnumAttribute[WaitCmp], SpacedOpaqueSyntaxAttribute):
    """``#pto<wait_cmp ge>``: ``pto.comm.twait``'s ``cmp``."""

    name = "pto.wait_cmp"
