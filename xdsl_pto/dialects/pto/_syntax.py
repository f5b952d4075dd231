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


def parse_keyword_operands(
    parser: Parser, keywords: Sequence[str], types: Sequence[Attribute]
) -> list[SSAValue | None]:
    """Parse the optional ``KEYWORD = %x`` clauses in order and resolve each
    with its type; a missing clause gives None."""
    out: list[SSAValue | None] = []
    for keyword, t in zip(keywords, types):
        operand = parse_optional_keyword_operand(parser, keyword)
        out.append(None if operand is None else parser.resolve_operand(operand, t))
    return out


def print_keyword_operands(
    printer: Printer, clauses: Sequence[tuple[str, SSAValue | None]]
) -> None:
    """Print `` KEYWORD = %x`` for each present operand, in order."""
    for keyword, operand in clauses:
        if operand is not None:
            printer.print_string(f" {keyword} = ")
            printer.print_operand(operand)


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
