"""Simple statements of a function body: assignments, calls, yields and
returns (:mod:`.blocks` dispatches to them; loops and ifs are
:mod:`.control_flow`'s).

Tensors are not SSA values in the Tile dialect: a tensor name is bound to
the memref argument it stands for, so ``pl.tile.store``'s result, a plain
``x: pl.Tensor = y`` and tensor loop carries are aliases of that argument.
"""

from __future__ import annotations

import ast

from xdsl.dialects.builtin import (
    AnyFloat,
    DictionaryAttr,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    StringAttr,
    f64,
    i1,
    i64,
)
from xdsl.ir import Attribute, SSAValue

from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.dialects.tile.view_ops import ReshapeOp
from xdsl_pto.frontends.pypto import annotations as ann
from xdsl_pto.frontends.pypto import calls
from xdsl_pto.frontends.pypto.context import (
    Declaration,
    FunctionContext,
    Terminator,
    bind,
)
from xdsl_pto.frontends.pypto.errors import PyptoImportError, describe, dotted
from xdsl_pto.frontends.pypto.scalars import lookup, scalar

#: How an unsupported statement is named in its error message.
STATEMENT_NAMES = {
    ast.While: "while",
    ast.With: "with",
    ast.AsyncWith: "async with",
    ast.AsyncFor: "async for",
    ast.Try: "try",
    ast.Raise: "raise",
    ast.Assert: "assert",
    ast.Delete: "del",
    ast.Break: "break",
    ast.Continue: "continue",
    ast.Global: "global",
    ast.Nonlocal: "nonlocal",
    ast.Import: "import",
    ast.ImportFrom: "from-import",
    ast.AugAssign: "augmented assignment",
    ast.FunctionDef: "nested def",
    ast.ClassDef: "nested class",
    ast.Match: "match",
}


#: Calls that are scalar expressions (:func:`.scalars.scalar`), not ops.
SCALAR_CALLS = ("pl.const", "pl.cast", "pl.min", "pl.max")


def is_yield(stmt: ast.stmt) -> ast.Call | None:
    """The ``pl.yield_(...)`` call of a yield statement, else None."""
    value = getattr(stmt, "value", None)
    if isinstance(stmt, ast.Assign | ast.AnnAssign | ast.Expr) and isinstance(value, ast.Call):
        if dotted(value.func) == "pl.yield_":
            return value
    return None


def returns(stmts: list[ast.stmt]) -> bool:
    """True when ``stmts`` ends in a ``return``."""
    return bool(stmts) and isinstance(stmts[-1], ast.Return)


def translate_return(ctx: FunctionContext, stmt: ast.Return) -> Terminator:
    """A return: nothing, a tensor parameter (or an alias of one), or a
    tuple of them (``return a, b``: an InCore kernel's returned tensors are
    its stored Out / InOut parameters, tile-op-semantics.md section 11,
    "Tuple returns"). A scalar name in the tuple (qk_norm returns a column
    offset beside its tensors) is the caller's value: the kernel the
    reference emits has no output for it, and neither has ours (dropped)."""
    if stmt.value is None:
        return Terminator("return", stmt)
    items = stmt.value.elts if isinstance(stmt.value, ast.Tuple) else [stmt.value]
    values: list[SSAValue] = []
    for item in items:
        b = ctx.env.get(item.id) if isinstance(item, ast.Name) else None
        if isinstance(stmt.value, ast.Tuple) and isinstance(b, SSAValue) and _is_scalar(b.type):
            continue
        if not (isinstance(b, SSAValue) and isinstance(b.type, MemRefType) and ctx.is_parameter(b)):
            raise PyptoImportError(
                f"can only return tensor parameters (or aliases of them), got '{describe(item)}'", item
            )
        values.append(b)
    return Terminator("return", stmt, values, list(items))


def _is_scalar(t: Attribute) -> bool:
    """An index, integer or float type (a ``pl.Scalar``)."""
    return isinstance(t, IndexType | IntegerType | AnyFloat)


def translate_yield(ctx: FunctionContext, stmt: ast.stmt, call: ast.Call) -> Terminator:
    """A ``pl.yield_(...)`` statement (maybe assigned to names)."""
    if call.keywords:
        raise PyptoImportError(
            f"pl.yield_ takes positional arguments only, got keyword argument '{call.keywords[0].arg}'",
            call.keywords[0].value,
        )
    values = [lookup(ctx, a) if isinstance(a, ast.Name) else scalar(ctx, a) for a in call.args]
    targets: list[str] | None = None
    if isinstance(stmt, ast.AnnAssign):
        targets = [_name(stmt.target)]
        if len(values) == 1:
            values[0] = _relabel_pad(ctx, stmt.annotation, values[0], call)
            _check_annotation(
                ctx, stmt.annotation, values[0], stmt.annotation, f"'{targets[0]}' (the yield of '{describe(call.args[0])}')"
            )
    elif isinstance(stmt, ast.Assign):
        if len(stmt.targets) != 1:
            raise PyptoImportError("chained assignment is not supported", stmt)
        t = stmt.targets[0]
        targets = [_name(e) for e in t.elts] if isinstance(t, ast.Tuple | ast.List) else [_name(t)]
    if targets is not None and len(targets) != len(values):
        raise PyptoImportError(f"pl.yield_ of {len(values)} values assigned to {len(targets)} names", stmt)
    return Terminator("yield", stmt, values, list(call.args), targets)


def _name(node: ast.expr) -> str:
    if not isinstance(node, ast.Name):
        raise PyptoImportError(f"unsupported assignment target '{describe(node)}'", node)
    return node.id


def translate_ann_assign(ctx: FunctionContext, stmt: ast.AnnAssign) -> None:
    """``name: T = value``: bind ``name`` (see :func:`_assigned`)."""
    target = _name(stmt.target)
    if stmt.value is None:
        raise PyptoImportError(f"'{target}' is declared without a value", stmt)
    bind(ctx, target, _assigned(ctx, stmt.value, stmt.annotation, target))


def translate_assign(ctx: FunctionContext, stmt: ast.Assign) -> None:
    """``name = value`` or ``a, b = x, y`` (every right-hand side is
    evaluated before any name is bound)."""
    if len(stmt.targets) != 1:
        raise PyptoImportError("chained assignment is not supported", stmt)
    t = stmt.targets[0]
    if isinstance(t, ast.Tuple | ast.List) and isinstance(stmt.value, ast.Call):
        # ``d, c = pl.tile.gather_compare(...)``: an op with several results
        names = [_name(te) for te in t.elts]
        results = calls.translate(ctx, stmt.value, None)
        if not isinstance(results, tuple) or len(results) != len(names):
            got = len(results) if isinstance(results, tuple) else (0 if results is None else 1)
            raise PyptoImportError(
                f"'{calls.call_name(stmt.value)}' gives {got} result{'s' if got != 1 else ''}, assigned to {len(names)} names",
                stmt,
            )
        for name, value in zip(names, results):
            bind(ctx, name, value)
    elif isinstance(t, ast.Tuple | ast.List):
        if not isinstance(stmt.value, ast.Tuple | ast.List) or len(stmt.value.elts) != len(t.elts):
            raise PyptoImportError(f"unsupported tuple assignment '{describe(stmt)}'", stmt)
        # Python evaluates every right-hand side before it binds any
        # name (``x, y = y, x`` swaps).
        names = [_name(te) for te in t.elts]
        values = [_assigned(ctx, ve, None, name) for ve, name in zip(stmt.value.elts, names)]
        for name, value in zip(names, values):
            bind(ctx, name, value)
    else:
        name = _name(t)
        bind(ctx, name, _assigned(ctx, stmt.value, None, name))


def translate_expression(ctx: FunctionContext, stmt: ast.Expr) -> None:
    """A call statement (``pl.func_attr({...})`` or an op without a used
    result), or a docstring; any other expression is unsupported."""
    if isinstance(stmt.value, ast.Call):
        if dotted(stmt.value.func) == "pl.func_attr":
            _func_attr(ctx, stmt.value)
        else:
            calls.translate(ctx, stmt.value, None)
    elif not (isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str)):
        unsupported(ctx, stmt)


def translate_pass(ctx: FunctionContext, stmt: ast.Pass) -> None:
    """``pass``: nothing."""


def unsupported(ctx: FunctionContext, stmt: ast.stmt) -> None:
    """A statement the importer does not translate.

    Raises:
        PyptoImportError: ``unsupported statement 'while'`` and the like.
    """
    what = STATEMENT_NAMES.get(type(stmt), type(stmt).__name__.lower())
    raise PyptoImportError(f"unsupported statement '{what}'", stmt)


def _assigned(ctx: FunctionContext, value: ast.expr, annotation: ast.expr | None, target: str) -> SSAValue | Declaration:
    """What an assignment binds its target to."""
    if isinstance(value, ast.Call) and dotted(value.func) == "pl.MemRef":
        if annotation is not None:
            raise PyptoImportError("a declared allocation takes no annotation", annotation)
        decl = ann.declaration(value, target)
        first = ctx.declared.get(decl.name)
        if first is not None:
            raise PyptoImportError(
                f"allocation '{decl.name}' is declared twice ('{first[0]}' on line {first[1]} declares it too): "
                "one declaration per name",
                value,
            )
        ctx.declared[decl.name] = (target, value.lineno)
        return decl
    if isinstance(value, ast.Call) and dotted(value.func) not in SCALAR_CALLS:
        result = calls.translate(ctx, value, annotation)
        if result is None:
            raise PyptoImportError(f"'{calls.call_name(value)}' has no result to assign", value)
        if isinstance(result, tuple):
            raise PyptoImportError(
                f"'{calls.call_name(value)}' has {len(result)} results: assign them as 'a, b = ...'", value
            )
        return result
    if isinstance(value, ast.Name):
        b = ctx.env.get(value.id)
        if isinstance(b, Declaration):
            raise PyptoImportError(
                f"'{value.id}' is a declared allocation: reach it through one name only", value
            )
        v = lookup(ctx, value)
        if annotation is not None:
            _check_annotation(ctx, annotation, v, value)
        return v
    want = ann.scalar_type(annotation) if annotation is not None else None
    if annotation is not None and want is None:
        raise PyptoImportError(
            f"a scalar expression needs a pl.Scalar annotation, got '{describe(annotation)}'", annotation
        )
    v = scalar(ctx, value, want)
    if want is not None and v.type != want:
        raise PyptoImportError(f"the expression is {v.type}, the annotation says {want}", value)
    return v


def _relabel_pad(ctx: FunctionContext, annotation: ast.expr, value: SSAValue, call: ast.Call) -> SSAValue:
    """A fully valid tile yielded where the annotation differs from its type
    in the ``pad`` field alone (greedy_sample: one arm sorts a padded tile,
    the other an unpadded one, into one phi of ``pad=min``): the pad value
    names what fills the tile outside its valid shape, and a fully valid
    tile has no such elements, so the yield takes a same-shape
    ``tile.reshape`` view of it with the annotation's type (no data moves).
    Any other value is returned as it is."""
    t = value.type
    if not isinstance(t, TileType) or ann.is_tensor(annotation) or ann.scalar_type(annotation) is not None:
        return value
    want = ann.tile_annotation(ctx, annotation)
    if want.pad == t.pad or t.has_dynamic_valid or t.get_valid_shape() != t.get_shape():
        return value
    relabelled = TileType.new([*t.parameters[:7], want.pad, *t.parameters[8:]])
    if not relabelled.same_data_type(want):
        return value
    op = ReshapeOp.build(operands=[value], result_types=[relabelled])
    ctx.add(op, call)
    return op.results[0]


def _check_annotation(
    ctx: FunctionContext, annotation: ast.expr, value: SSAValue, node: ast.expr, what: str | None = None
) -> None:
    """The annotation of an alias or yield target must be the value's type
    (``what`` names the value in the message; default: ``node``'s text)."""
    if ann.is_tensor(annotation):
        want: Attribute | None = ann.tensor_type(annotation).type
    elif ann.scalar_type(annotation) is not None:
        want = ann.scalar_type(annotation)
    else:
        want = ann.tile_annotation(ctx, annotation)
    if isinstance(want, TileType) and isinstance(value.type, TileType):
        if want.same_data_type(value.type):
            return
    if want != value.type:
        what = what or f"'{describe(node)}'"
        raise PyptoImportError(f"{what} is {value.type}, the annotation says {want}", node)


def _func_attr(ctx: FunctionContext, call: ast.Call) -> None:
    """``pl.func_attr({"key": value, ...})`` -> entries of the function's
    ``tile.func_attrs`` dictionary: a bool -> ``true``/``false`` (i1), an
    int -> i64, a float -> f64, a str -> a string."""
    if len(call.args) != 1 or call.keywords or not isinstance(call.args[0], ast.Dict):
        raise PyptoImportError("pl.func_attr takes one dict literal", call)
    d = call.args[0]
    for k, v in zip(d.keys, d.values):
        if not (isinstance(k, ast.Constant) and isinstance(k.value, str)):
            raise PyptoImportError("pl.func_attr keys must be string literals", k or d)
        ctx.attributes[k.value] = _func_attr_value(v)


def _func_attr_value(node: ast.expr) -> Attribute:
    lit = calls._literal(node)
    if isinstance(lit, bool):
        return IntegerAttr(int(lit), i1)
    if isinstance(lit, int):
        if not -(2**63) <= lit < 2**63:
            raise PyptoImportError(f"pl.func_attr value {lit} does not fit in i64", node)
        return IntegerAttr(lit, i64)
    if isinstance(lit, float):
        return FloatAttr(lit, f64)
    if isinstance(lit, str):
        return StringAttr(lit)
    raise PyptoImportError(f"unsupported pl.func_attr value '{describe(node)}'", node)


def func_attrs(ctx: FunctionContext) -> DictionaryAttr | None:
    """The ``tile.func_attrs`` dictionary (None when the function has none)."""
    return DictionaryAttr(ctx.attributes) if ctx.attributes else None
