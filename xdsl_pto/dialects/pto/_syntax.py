"""Small parsing/printing helpers shared by the PTO op definitions."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.ir import Attribute, SSAValue
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException


def parse_operand_list(parser: Parser) -> list[UnresolvedOperand]:
    """Parse ``[%a, %b, ...]`` (possibly empty) into unresolved operands."""
    return parser.parse_comma_separated_list(
        parser.Delimiter.SQUARE, parser.parse_unresolved_operand
    )


def parse_keyword_operand_list(parser: Parser, keyword: str) -> list[UnresolvedOperand]:
    """Parse ``KEYWORD = [%a, %b, ...]``."""
    parser.parse_keyword(keyword)
    parser.parse_punctuation("=", f" after '{keyword}'")
    return parse_operand_list(parser)


def parse_optional_keyword_operand(
    parser: Parser, keyword: str
) -> UnresolvedOperand | None:
    """Parse ``KEYWORD = %x`` if the keyword is next."""
    if parser.parse_optional_keyword(keyword) is None:
        return None
    parser.parse_punctuation("=", f" after '{keyword}'")
    return parser.parse_unresolved_operand()


def print_operand_list(printer: Printer, values: Sequence[SSAValue]) -> None:
    """Print ``[%a, %b]``."""
    with printer.in_square_brackets():
        printer.print_list(values, printer.print_operand)


def print_attr_dict(printer: Printer, attributes: dict[str, Attribute]) -> None:
    """Print ``` {k = v, ...}`` when there is anything to print."""
    printer.print_op_attributes(attributes)


def require_type(what: str, attr: Attribute, cls: type, spelled: str) -> None:
    """Raise ``VerifyException`` unless ``attr`` is an instance of ``cls``."""
    if not isinstance(attr, cls):
        raise VerifyException(f"{what} must be {spelled}, got {attr}")
