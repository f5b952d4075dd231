"""Dynamic tensor dimensions as expressions over dynamic names.

A dimension of a GM tensor annotation is an int literal, a dynamic variable
or an expression over them (tile-op-semantics.md section 11, "Dynamic
dims": ``pl.Tensor[[N * 2, 256], pl.FP32]``). The importer keeps each
dynamic extent's source text in ``tile.dynamic_dims``
(:data:`~xdsl_pto.dialects.tile.function_attrs.DYNAMIC_DIMS`); this module
reads such a text back: its free names (each distinct one becomes one
trailing ``index`` parameter of the lowered kernel, in first-use order) and
its value for given values of the names.

Supported: names (``N``, a dotted ``cfg.N``), non-negative integer literals,
parentheses, and the binary operators ``+``, ``-``, ``*``, ``//`` (floor
division) and ``%`` (floor modulo, Python's: the sign of the divisor), the
scalar operators of pypto (python_syntax.md, "Binary Operations"). A
division or modulo by the literal 0 is refused.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from dataclasses import dataclass

#: The operators a dimension expression may use, with their spelling.
OPERATORS: dict[type, str] = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.FloorDiv: "//", ast.Mod: "%"}


class DimExprError(ValueError):
    """A dimension text that is not a supported expression; the message
    says which part is not (no location: the caller adds it)."""


@dataclass(frozen=True)
class DimExpr:
    """A parsed dynamic dimension: ``text`` (as written in
    ``tile.dynamic_dims``), ``names`` (its distinct free names in first-use
    order) and the expression tree (``node``, a Python ``ast`` expression of
    the supported forms only)."""

    text: str
    names: tuple[str, ...]
    node: ast.expr

    @property
    def is_name(self) -> bool:
        """True when the dimension is one dynamic name alone (``N``)."""
        return not isinstance(self.node, ast.BinOp | ast.Constant)

    def evaluate(self, values: Mapping[str, int]) -> int:
        """The extent for ``values`` (name -> integer; every name of
        :attr:`names` must be there): Python integer arithmetic, ``//`` and
        ``%`` floored (what the lowering's ``arith.floordivsi`` and
        ``a - floordivsi(a, b) * b`` compute).

        Raises:
            ZeroDivisionError: a ``//`` or ``%`` whose divisor is 0.
        """
        return _evaluate(self.node, values)


def parse_dim(text: str) -> DimExpr:
    """The :class:`DimExpr` of a dimension text (``"N"``, ``"N * 2"``,
    ``"(M + 1) // 2"``).

    Raises:
        DimExprError: the text is not a Python expression, or uses anything
            but names, non-negative integer literals and ``+ - * // %`` (the
            message quotes the offending part), or divides by the literal 0.
    """
    try:
        node = ast.parse(text.strip(), mode="eval").body
    except SyntaxError:
        raise DimExprError(f"'{text}' is not an expression") from None
    names: list[str] = []
    check_dim(node, names)
    return DimExpr(text, tuple(names), node)


def check_dim(node: ast.expr, names: list[str] | None = None) -> None:
    """Check that ``node`` is a supported dimension expression, appending
    its free names (first use, once each) to ``names``.

    Raises:
        DimExprError: as :func:`parse_dim` (``node`` of the message is the
            offending part, unparsed).
    """
    names = [] if names is None else names
    if isinstance(node, ast.BinOp):
        if type(node.op) not in OPERATORS:
            spelt = _spelling(node)
            raise DimExprError(f"operator '{spelt}' is not one of + - * // %")
        check_dim(node.left, names)
        check_dim(node.right, names)
        if isinstance(node.op, ast.FloorDiv | ast.Mod) and _is_zero(node.right):
            raise DimExprError(f"'{ast.unparse(node)}' divides by zero")
        return
    name = _name(node)
    if name is not None:
        if name not in names:
            names.append(name)
        return
    if isinstance(node, ast.Constant) and type(node.value) is int and node.value >= 0:
        return
    raise DimExprError(f"'{ast.unparse(node)}' is not a dynamic name or a non-negative integer literal")


def _name(node: ast.expr) -> str | None:
    """``N`` of a name, ``cfg.N`` of a dotted name, else None."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _name(node.value)
        return None if base is None else f"{base}.{node.attr}"
    return None


def _spelling(node: ast.BinOp) -> str:
    """The operator of ``node`` as written (``/``, ``**``, ``<<`` ...)."""
    return ast.unparse(ast.BinOp(ast.Name("a"), node.op, ast.Name("b")))[1:-1].strip()


def _is_zero(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value == 0


def _evaluate(node: ast.expr, values: Mapping[str, int]) -> int:
    if isinstance(node, ast.BinOp):
        a, b = _evaluate(node.left, values), _evaluate(node.right, values)
        op = type(node.op)
        if op is ast.Add:
            return a + b
        if op is ast.Sub:
            return a - b
        if op is ast.Mult:
            return a * b
        if op is ast.FloorDiv:
            return a // b
        return a % b
    if isinstance(node, ast.Constant):
        return int(node.value)
    return int(values[_name(node)])  # type: ignore[index]
