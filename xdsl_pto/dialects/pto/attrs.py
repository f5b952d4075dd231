"""Attributes of the PTO dialect: ``#pto.kernel_kind<..>`` and ``#pto.layout<..>``."""

from __future__ import annotations

from xdsl.dialects.utils.enum_attribute import EnumAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.str_enum import StrEnum


class KernelKind(StrEnum):
    """Which core a kernel runs on: ``vector`` (AIV) or ``cube`` (AIC)."""

    VECTOR = "vector"
    CUBE = "cube"


class Layout(StrEnum):
    """GM tensor layout of a ``pto.make_tensor_view``."""

    ND = "nd"
    DN = "dn"
    NZ = "nz"


@irdl_attr_definition
class KernelKindAttr(EnumAttribute[KernelKind]):
    """``#pto.kernel_kind<vector>`` / ``#pto.kernel_kind<cube>``.

    Only the two enumerated values parse.
    """

    name = "pto.kernel_kind"

    def print_parameter(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string(self.data.value)

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> KernelKind:
        with parser.in_angle_brackets():
            return parser.parse_str_enum(KernelKind)


@irdl_attr_definition
class LayoutAttr(EnumAttribute[Layout]):
    """``#pto.layout<nd>`` / ``<dn>`` / ``<nz>``.

    Only the three enumerated values parse.
    """

    name = "pto.layout"

    def print_parameter(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string(self.data.value)

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> Layout:
        with parser.in_angle_brackets():
            return parser.parse_str_enum(Layout)
