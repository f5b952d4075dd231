"""Scalar expressions of the dump -> ``arith`` ops.

Index arithmetic on loop indices and constants (``k * 128``,
``(i + 1) * 64``, ``i // 2``, ``i % 2``) becomes ``arith.addi`` /
``subi`` / ``muli`` / ``floordivsi`` on ``index`` (or on the
operands' common integer type); ``%`` is Python's floor modulo,
``a - floordivsi(a, b) * b`` (``(i - 1) % 4`` is 3 at ``i = 0``); comparisons (``k == 0``, ``<``, ``<=``,
``>``, ``>=``, ``!=``) become ``arith.cmpi`` with a signed predicate and an
``i1`` result. Literals become ``arith.constant`` ops hoisted to the
function's entry (one per value and type).
"""

from __future__ import annotations

import ast
import math

from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    AnyFloat,
    BFloat16Type,
    Float16Type,
    Float32Type,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    Signedness,
    i1,
)
from xdsl.ir import Attribute, SSAValue

from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.frontends.pypto.context import Declaration, FunctionContext
from xdsl_pto.frontends.pypto.annotations import dtype
from xdsl_pto.frontends.pypto.errors import PyptoImportError, describe, dotted

_BINARY = {
    ast.Add: (arith.AddiOp, "+"),
    ast.Sub: (arith.SubiOp, "-"),
    ast.Mult: (arith.MuliOp, "*"),
    ast.FloorDiv: (arith.FloorDivSIOp, "//"),
    ast.Mod: (None, "%"),  # floor modulo: see _floor_mod
}

#: Float scalar arithmetic (``amax / 127.0``): ``+ - * /`` on two floats of
#: one type.
_FLOAT_BINARY = {
    ast.Add: arith.AddfOp,
    ast.Sub: arith.SubfOp,
    ast.Mult: arith.MulfOp,
    ast.Div: arith.DivfOp,
}

#: The largest finite value of each float type a literal may take (a
#: literal beyond it would become infinity).
_FLOAT_MAX = {Float16Type: 65504.0, BFloat16Type: 3.3895313892515355e38, Float32Type: 3.4028234663852886e38}

#: Float comparisons as Python evaluates them: ordered (false when either
#: side is NaN) except ``!=`` (true when either is).
_FLOAT_COMPARE = {
    ast.Eq: "oeq",
    ast.NotEq: "une",
    ast.Lt: "olt",
    ast.LtE: "ole",
    ast.Gt: "ogt",
    ast.GtE: "oge",
}

_COMPARE = {
    ast.Eq: "eq",
    ast.NotEq: "ne",
    ast.Lt: "slt",
    ast.LtE: "sle",
    ast.Gt: "sgt",
    ast.GtE: "sge",
}


def constant(ctx: FunctionContext, value: int | float | bool, type_: Attribute, node: ast.AST) -> SSAValue:
    """The hoisted ``arith.constant value : type_``.

    ``type_`` is ``index``, an integer type (``i1`` for a bool) or a float
    type (an int literal is converted).

    Raises:
        PyptoImportError: ``cannot use X as a value of type T`` (a float for
            an integer type, a value a type cannot hold).
    """
    if isinstance(type_, AnyFloat):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise PyptoImportError(f"cannot use {value!r} as a value of type {type_}", node)
        try:
            v = float(value)
        except OverflowError:
            v = math.inf
        limit = _FLOAT_MAX.get(type(type_))
        if not math.isfinite(v) or (limit is not None and abs(v) > limit):
            raise PyptoImportError(f"{value} does not fit in {type_}", node)
        return ctx.constant((v, type_), lambda: _named(arith.ConstantOp(FloatAttr(v, type_)), "cst"), node)
    if isinstance(type_, IndexType | IntegerType) and isinstance(value, int):
        v = int(value)
        width = 64 if isinstance(type_, IndexType) else type_.width.data
        unsigned = isinstance(type_, IntegerType) and type_.signedness.data == Signedness.UNSIGNED
        lo, hi = (0, 2**width) if unsigned or type_ == i1 else (-(2 ** (width - 1)), 2 ** (width - 1))
        if not lo <= v < hi:  # a signless integer is signed, as pypto's INT types are
            raise PyptoImportError(f"{value} does not fit in {type_}", node)
        if type_ == i1 and v not in (0, 1):
            raise PyptoImportError(f"cannot use {value} as a value of type i1", node)
        if type_ != i1 and isinstance(value, bool):
            raise PyptoImportError(f"cannot use {value} as a value of type {type_}", node)
        try:
            attr = IntegerAttr(v, type_)
        except Exception:  # noqa: BLE001 - xDSL rejects an out-of-range literal
            raise PyptoImportError(f"{value} does not fit in {type_}", node) from None
        hint = ("true" if v else "false") if type_ == i1 else f"c{v}" if v >= 0 else f"c_neg{-v}"
        return ctx.constant((v, type_), lambda: _named(arith.ConstantOp(attr), hint), node)
    raise PyptoImportError(f"cannot use {value!r} as a value of type {type_}", node)


def _named(op: arith.ConstantOp, hint: str) -> arith.ConstantOp:
    op.results[0].name_hint = hint
    return op


def lookup(ctx: FunctionContext, node: ast.Name) -> SSAValue:
    """The SSA value a name stands for.

    Raises:
        PyptoImportError: ``undefined name 'x'`` or ``'x' is a declared
            allocation, not a value``.
    """
    b = ctx.env.get(node.id)
    if b is None:
        raise PyptoImportError(f"undefined name '{node.id}'", node)
    if isinstance(b, Declaration):
        raise PyptoImportError(f"'{node.id}' is a declared allocation, not a value", node)
    return b


def scalar(ctx: FunctionContext, node: ast.expr, want: Attribute | None = None) -> SSAValue:
    """The value of a scalar expression; a literal gets type ``want``
    (``index`` when None and it is an int, ``i1`` for a bool).

    Raises:
        PyptoImportError: for a tile or tensor operand, operands of different
            types, a chained comparison, or any other expression
            (``unsupported scalar expression 'X'``).
    """
    if isinstance(node, ast.Constant) and isinstance(node.value, bool | int | float):
        if want is None:
            want = i1 if isinstance(node.value, bool) else IndexType()
        return constant(ctx, node.value, want, node)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant):
        v = node.operand.value
        if isinstance(v, int | float) and not isinstance(v, bool):
            return constant(ctx, -v, want or IndexType(), node)
    if isinstance(node, ast.Name):
        value = lookup(ctx, node)
        if isinstance(value.type, TileType | MemRefType):
            what = "tile" if isinstance(value.type, TileType) else "tensor"
            raise PyptoImportError(f"'{node.id}' is a {what}, not a scalar", node)
        return value
    if isinstance(node, ast.BinOp) and type(node.op) in _FLOAT_BINARY and _is_float_expr(ctx, node, want):
        lhs, rhs = _operands(ctx, node.left, node.right, want)
        if not isinstance(lhs.type, AnyFloat):
            raise PyptoImportError(f"'{describe(node)}' needs float operands, got {lhs.type}", node)
        return ctx.add(_FLOAT_BINARY[type(node.op)](lhs, rhs), node).results[0]
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        lhs, rhs = _operands(ctx, node.left, node.right, want)
        cls, sym = _BINARY[type(node.op)]
        if not isinstance(lhs.type, IndexType | IntegerType) or lhs.type == i1:
            raise PyptoImportError(f"'{sym}' needs index or integer operands, got {lhs.type}", node)
        if isinstance(node.op, ast.FloorDiv | ast.Mod) and _is_zero(node.right):
            raise PyptoImportError(f"'{describe(node)}' divides by zero", node)
        if cls is None:
            return _floor_mod(ctx, lhs, rhs, node)
        return ctx.add(cls(lhs, rhs), node).results[0]
    if isinstance(node, ast.Call) and dotted(node.func) in ("pl.const", "pl.cast"):
        return _const_or_cast(ctx, node, want)
    if isinstance(node, ast.Call) and dotted(node.func) in ("pl.min", "pl.max"):
        return _min_max(ctx, node, want)
    if isinstance(node, ast.Compare):
        if len(node.ops) != 1 or type(node.ops[0]) not in _COMPARE:
            raise PyptoImportError(f"unsupported comparison '{describe(node)}'", node)
        lhs, rhs = _operands(ctx, node.left, node.comparators[0], None)
        if isinstance(lhs.type, AnyFloat):  # Python's meaning: NaN equals nothing, differs from all
            return ctx.add(arith.CmpfOp(lhs, rhs, _FLOAT_COMPARE[type(node.ops[0])]), node).results[0]
        if not isinstance(lhs.type, IndexType | IntegerType):
            raise PyptoImportError(f"comparisons need index, integer or float operands, got {lhs.type}", node)
        return ctx.add(arith.CmpiOp(lhs, rhs, _COMPARE[type(node.ops[0])]), node).results[0]
    raise PyptoImportError(f"unsupported scalar expression '{describe(node)}'", node)


def _const_or_cast(ctx: FunctionContext, node: ast.Call, want: Attribute | None) -> SSAValue:
    """``pl.const(literal, pl.T)`` -> a constant of ``T``, and ``pl.cast(x,
    pl.T)`` between index and integer types -> ``arith.index_cast``, from an
    integer to a float -> ``arith.sitofp`` (or x itself when it already has
    the type). An unsigned ``T`` is its
    signless integer: MLIR constants and casts are signless (the tile ops
    take a signless scalar of an unsigned tile's width).

    Raises:
        PyptoImportError: for other arguments or a cast the importer does
            not make (a float one).
    """
    what = dotted(node.func)
    if len(node.args) != 2 or node.keywords:
        raise PyptoImportError(f"{what} takes a value and a pl data type", node)
    to = dtype(node.args[1])
    if isinstance(to, IntegerType) and to.signedness.data == Signedness.UNSIGNED:
        to = IntegerType(to.width.data)
    if what == "pl.const":
        return scalar(ctx, node.args[0], to)
    value = scalar(ctx, node.args[0], want if want is not None and _is_literal(node.args[0]) else None)
    if value.type == to:
        return value
    ints = (IndexType, IntegerType)
    if isinstance(value.type, ints) and isinstance(to, ints) and (isinstance(value.type, IndexType) != isinstance(to, IndexType)):
        return ctx.add(arith.IndexCastOp(value, to), node).results[0]
    if isinstance(value.type, IntegerType) and value.type != i1 and isinstance(to, AnyFloat):
        return ctx.add(arith.SIToFPOp(value, to), node).results[0]
    raise PyptoImportError(f"unsupported cast of {value.type} to {to} in '{describe(node)}'", node)


def _min_max(ctx: FunctionContext, node: ast.Call, want: Attribute | None) -> SSAValue:
    """``pl.min(a, b)`` / ``pl.max(a, b)`` of two scalars of one type:
    ``arith.minsi`` / ``maxsi`` for index and integer operands (the
    importer's integers are signless, as MLIR's constants), ``arith.minimumf``
    / ``maximumf`` for floats (tile-op-semantics.md section 11, "Scalar
    min/max").

    Raises:
        PyptoImportError: for another argument count, keywords, operands of
            different types or of type ``i1``.
    """
    what = dotted(node.func)
    if len(node.args) != 2 or node.keywords:
        raise PyptoImportError(f"{what} takes two scalar arguments", node)
    lhs, rhs = _operands(ctx, node.args[0], node.args[1], want)
    is_min = what == "pl.min"
    if isinstance(lhs.type, IndexType) or (isinstance(lhs.type, IntegerType) and lhs.type != i1):
        cls = arith.MinSIOp if is_min else arith.MaxSIOp
    elif isinstance(lhs.type, AnyFloat):
        cls = arith.MinimumfOp if is_min else arith.MaximumfOp
    else:
        raise PyptoImportError(f"{what} needs index, integer or float operands, got {lhs.type}", node)
    return ctx.add(cls(lhs, rhs), node).results[0]


def _is_float_expr(ctx: FunctionContext, node: ast.BinOp, want: Attribute | None) -> bool:
    """True when a binary expression is float arithmetic: ``/`` always, else
    when ``want`` is a float type or a side is a float literal or a float
    scalar name."""
    if isinstance(node.op, ast.Div) or isinstance(want, AnyFloat):
        return True
    for side in (node.left, node.right):
        if isinstance(side, ast.Constant) and isinstance(side.value, float):
            return True
        if isinstance(side, ast.Name):
            v = ctx.env.get(side.id)
            if isinstance(v, SSAValue) and isinstance(v.type, AnyFloat):
                return True
    return False


def _is_zero(node: ast.expr) -> bool:
    """True for the literal 0 (possibly parenthesised or signed)."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        node = node.operand
    return isinstance(node, ast.Constant) and type(node.value) is int and node.value == 0


def _floor_mod(ctx: FunctionContext, a: SSAValue, b: SSAValue, node: ast.AST) -> SSAValue:
    """Python's (and pypto's) ``a % b``: the remainder of the floor division,
    with the sign of ``b`` (``-1 % 4 == 3``), as ``a - floordivsi(a, b) * b``
    (``arith.remsi`` truncates: it would give -1)."""
    q = ctx.add(arith.FloorDivSIOp(a, b), node).results[0]
    m = ctx.add(arith.MuliOp(q, b), node).results[0]
    return ctx.add(arith.SubiOp(a, m), node).results[0]


def _is_literal(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) or (
        isinstance(node, ast.UnaryOp) and isinstance(node.operand, ast.Constant)
    )


def _operands(ctx: FunctionContext, left: ast.expr, right: ast.expr, want: Attribute | None) -> tuple[SSAValue, SSAValue]:
    """Both operands of a binary expression, a literal taking the other
    side's type.

    Raises:
        PyptoImportError: ``operand types differ: A vs B``.
    """
    if _is_literal(left) and not _is_literal(right):
        rhs = scalar(ctx, right, want)
        lhs = scalar(ctx, left, rhs.type)
    else:
        lhs = scalar(ctx, left, want)
        rhs = scalar(ctx, right, lhs.type)
    if lhs.type != rhs.type:
        raise PyptoImportError(f"operand types differ: {lhs.type} vs {rhs.type}", right)
    return lhs, rhs
