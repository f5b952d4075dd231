"""Shared machinery of tile ops: located diagnostics and the common text form.

Most tile ops print as a function-style op::

    %c = tile.add %a, %b : (!tile.tile<...>, !tile.tile<...>) -> !tile.tile<...>
    %z = tile.create : !tile.tile<...>
    %d, %n = tile.gather_compare %x, %k, %t : (...) -> (!tile.tile<...>, !tile.tile<...>)
    tile.mscatter %x, %i, %gm : (!tile.tile<...>, !tile.tile<...>, memref<...>)

(operands, an optional attribute dictionary, then the operand types and the
result type: a parenthesized list for several, nothing for none).
:class:`TileComputeOp` implements that form once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import IRDLOperation
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.diagnostics import (
    LocatedError,
    LocatedVerifyError,
    remember_parse_location,
)
from xdsl_pto.dialects.tile.types import TileType

OpT = TypeVar("OpT", bound=type[Operation])


def located_op(cls: OpT) -> OpT:
    """Class decorator (apply above ``@irdl_op_definition``).

    Parsed ops remember their source location, and every verifier failure --
    IRDL constraints, traits or the op's own checks -- is raised as a
    :class:`LocatedVerifyError` naming the op's ``file:line:col``.
    """
    remember_parse_location(cls)
    inner_verify = cls.verify_

    def verify_(self: Operation) -> None:
        try:
            check_rank(self)
            inner_verify(self)
        except LocatedError:
            raise
        except VerifyException as e:
            raise LocatedVerifyError(f"'{self.name}' op {e}", self) from None

    cls.verify_ = verify_  # type: ignore[method-assign]
    return cls


def check_rank(op: Operation) -> None:
    """Refuse a tile operand or result of rank 3 or more on an op without the
    :class:`~xdsl_pto.dialects.tile.traits.RankN` trait (issue 23: only the
    batched matmuls and the data movement feeding them take such tiles, as
    in the reference, whose FlattenTileNdTo2D unrolls them before codegen).

    Raises:
        VerifyException: naming the first such value and its rank.
    """
    from xdsl_pto.dialects.tile.traits import RankN

    if op.has_trait(RankN):
        return
    for what, values in (("operand", op.operands), ("result", op.results)):
        for i, v in enumerate(values):
            t = v.type
            if isinstance(t, TileType) and len(t.get_shape()) > 2:
                raise VerifyException(
                    f"{what} {i} is a rank-{len(t.get_shape())} tile; only tile.batch_matmul, "
                    "tile.batch_matmul_acc and the loads, moves, stores and creates that feed "
                    "them take tiles of rank 3 or more"
                )


def tile_type_of(value: SSAValue, what: str) -> TileType:
    """The tile type of ``value``.

    Raises:
        VerifyException: when ``value`` is not a tile (``what`` names it).
    """
    if not isinstance(value.type, TileType):
        raise VerifyException(f"{what} must be a tile, got {value.type}")
    return value.type


class TileComputeOp(IRDLOperation):
    """Base of tile ops with the function-style text form (usually one tile
    result; an op with several prints them as ``-> (T1, T2)``, one with none
    ends at its operand types).

    Subclasses declare their operands/result with IRDL and may override
    :meth:`verify_`.
    """

    @classmethod
    def parse(cls, parser: Parser):
        start = parser.pos
        operands = parse_optional_operands(parser)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        if operands:
            types = parser.parse_comma_separated_list(
                parser.Delimiter.PAREN, parser.parse_type
            )
            if parser.parse_optional_punctuation("->") is None:
                result_types = []
            elif parser.parse_optional_punctuation("(") is not None:
                result_types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
                parser.parse_punctuation(")")
            else:
                result_types = [parser.parse_type()]
        else:
            types = []
            result_types = [parser.parse_type()]
        if len(types) != len(operands):
            parser.raise_error(
                f"expected {len(operands)} operand types, got {len(types)}"
            )
        resolved = [parser.resolve_operand(o, t) for o, t in zip(operands, types)]
        expected = arity(cls)
        if not expected[0] <= len(resolved) <= expected[1]:
            want = str(expected[0]) if expected[0] == expected[1] else f"{expected[0]} to {expected[1]}"
            parser.raise_error(
                f"'{cls.name}' expects {want} operands, got {len(resolved)}", start, parser.pos
            )
        want = len(cls.get_irdl_definition().results)
        if len(result_types) != want:
            parser.raise_error(
                f"'{cls.name}' has {want} result{'s' if want != 1 else ''}, got {len(result_types)}", start, parser.pos
            )
        return cls.build(operands=_group(cls, resolved), result_types=result_types, attributes=attrs)

    def print(self, printer: Printer) -> None:
        if self.operands:
            printer.print_string(" ")
            printer.print_list(self.operands, printer.print_operand)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        if self.operands:
            printer.print_string("(")
            printer.print_list([o.type for o in self.operands], printer.print_attribute)
            printer.print_string(")")
            if not self.results:
                return
            printer.print_string(" -> ")
        if len(self.results) > 1:
            printer.print_string("(")
            printer.print_list([r.type for r in self.results], printer.print_attribute)
            printer.print_string(")")
        else:
            printer.print_list([r.type for r in self.results], printer.print_attribute)


def arity(cls: type[IRDLOperation]) -> tuple[int, int]:
    """(min, max) operand count of ``cls`` (max 99 for a variadic)."""
    from xdsl.irdl import OptionalDef, VariadicDef

    defs = [d for _, d in cls.get_irdl_definition().operands]
    fixed = sum(not isinstance(d, VariadicDef) for d in defs)
    if any(isinstance(d, VariadicDef) and not isinstance(d, OptionalDef) for d in defs):
        return fixed, 99
    return fixed, fixed + sum(isinstance(d, OptionalDef) for d in defs)


def _group(cls: type[IRDLOperation], values: Sequence[SSAValue]) -> list[SSAValue | list[SSAValue]]:
    """Split a flat operand list by ``cls``'s IRDL operand definitions.

    At most one operand may be variadic/optional; it takes what the fixed ones
    leave.
    """
    from xdsl.irdl import VariadicDef

    defs = [d for _, d in cls.get_irdl_definition().operands]
    n_var = sum(isinstance(d, VariadicDef) for d in defs)
    fixed = len(defs) - n_var
    out: list[SSAValue | list[SSAValue]] = []
    i = 0
    for d in defs:
        if isinstance(d, VariadicDef):
            take = len(values) - fixed
            out.append(list(values[i : i + take]))
            i += take
        else:
            out.append(values[i] if i < len(values) else values[-1])
            i += 1
    return out


def make_op(cls: type[IRDLOperation], operands: Sequence[SSAValue], result: Attribute | None, attributes: dict[str, Attribute] | None = None) -> IRDLOperation:
    """Build a ``cls`` op from a flat operand list and one result type."""
    return cls.build(
        operands=_group(cls, operands),
        result_types=[result] if result is not None else [],
        attributes=attributes or {},
    )


def parse_optional_operands(parser: Parser) -> list:
    """``%a, %b, ...`` or nothing: the unresolved operands of an op whose
    operand list may be empty (``tile.syncall`` with or without its
    workspace, the generic tile-op form)."""
    operands = []
    first = parser.parse_optional_unresolved_operand()
    if first is not None:
        operands.append(first)
        while parser.parse_optional_punctuation(",") is not None:
            operands.append(parser.parse_unresolved_operand())
    return operands
