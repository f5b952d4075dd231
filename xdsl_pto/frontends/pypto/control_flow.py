"""Loops and ifs: ``pl.range`` / ``pl.pipeline`` -> ``scf.for``,
``if``/``else`` -> ``scf.if``, ``pl.yield_`` -> ``scf.yield``.

Tile and scalar carries become ``iter_args`` / results; so does a tile
defined before a body that an in-place op in it updates (an implicit carry,
:func:`in_place_targets`). A tensor carry is no
value in the Tile dialect: its name inside the body and the loop's result
name are aliases of the memref it starts as, and the body must yield that
same memref (else it is an error). The same holds for a tensor yielded by
both branches of an if.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from xdsl.dialects import func, scf
from xdsl.dialects.builtin import IndexType, IntegerAttr, MemRefType, i1, i64
from xdsl.ir import Block, SSAValue

from xdsl_pto.dialects.tile.pipeline_attrs import PIPELINE_STAGES
from xdsl_pto.frontends.pypto import annotations as ann
from xdsl_pto.frontends.pypto.context import (
    BlockTranslator,
    FunctionContext,
    Terminator,
    bind,
)
from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.frontends.pypto.errors import PyptoImportError, describe, dotted

#: The tile name a call updates in place, or None (:func:`.calls.in_place_target`,
#: handed in by :mod:`.blocks`).
InPlaceTarget = Callable[[ast.Call], str | None]
from xdsl_pto.frontends.pypto.scalars import constant, lookup, scalar

#: The loop iterators a dump may print (reference/tile-op-semantics.md, "Loops").
#: ``pl.parallel`` (independent iterations) and ``pl.unroll`` (expanded into
#: copies by the reference's UnrollLoops, normally before the dump) are
#: planned as ordinary sequential loops: running the iterations in order is
#: one of the executions each allows, and the memory passes do not
#: special-case either.
_LOOPS = ("pl.range", "pl.parallel", "pl.unroll", "pl.pipeline")


def _in_region(
    ctx: FunctionContext,
    body: BlockTranslator,
    block: Block,
    stmts: list[ast.stmt],
    where: str,
    iv: SSAValue | None = None,
    final: dict | None = None,
) -> Terminator:
    """Translate ``stmts`` into ``block`` with ``body`` (the importer's
    statement-list translator) in a child scope (names defined inside do
    not leak out); ``final``, when given, receives the names in scope at the
    body's end."""
    saved_block, saved_env = ctx.block, ctx.env
    ctx.block, ctx.env = block, dict(saved_env)
    if iv is not None:
        ctx.loops.append(iv)
    try:
        end = body(ctx, stmts, where)
        if final is not None:
            final.update(ctx.env)
        return end
    finally:
        if iv is not None:
            ctx.loops.pop()
        ctx.block, ctx.env = saved_block, saved_env


def in_place_targets(
    ctx: FunctionContext, stmts: list[ast.stmt], target_of: InPlaceTarget, exclude: tuple[str, ...] = ()
) -> list[str]:
    """The tiles defined before a loop or if body that an in-place op in it
    (``pl.tile.write(t, ...)``, ``pl.tile.fillpad_inplace(t)``, at any depth)
    updates (``target_of`` names it for a call): the body's loop or if
    carries each out as an extra iter_arg / result, so the name stands for
    the updated tile after it (the reference writes the tile's buffer in
    place; topk_select, greedy_sample). A name the body assigns, or in
    ``exclude`` (the loop's own names), is local."""
    assigned = {
        n.id for stmt in stmts for n in ast.walk(stmt) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
    }
    out: list[str] = []
    for stmt in stmts:
        for n in ast.walk(stmt):
            name = target_of(n) if isinstance(n, ast.Call) else None
            if name is None or name in out or name in assigned or name in exclude:
                continue
            v = ctx.env.get(name)
            if isinstance(v, SSAValue) and isinstance(v.type, TileType):
                out.append(name)
    return out


def translate_for(
    ctx: FunctionContext, node: ast.For, translate_body: BlockTranslator, target_of: InPlaceTarget
) -> None:
    """``for i, (a, b) in pl.range(start?, stop, step?, init_values=(x, y)):``
    (or ``pl.parallel`` / ``pl.unroll`` with the same arguments, or
    ``pl.pipeline(..., stage=F)``) -> ``scf.for`` on index bounds;
    ``pl.pipeline`` adds ``tile.pipeline_stages = F : i64``. The body is
    translated by ``translate_body`` (:func:`.blocks.translate_block`).

    Raises:
        PyptoImportError: for another iterator, a malformed target, a
            ``for ... else``, a carried loop that does not end in
            ``pl.yield_``, or a yield that does not fit the carries.
    """
    it = node.iter
    kind = dotted(it.func) if isinstance(it, ast.Call) else None
    if kind not in _LOOPS:
        raise PyptoImportError(f"unsupported loop iterator '{describe(it)}' (expected pl.range, pl.parallel, pl.unroll or pl.pipeline)", it)
    assert isinstance(it, ast.Call)
    if node.orelse:
        raise PyptoImportError("unsupported statement 'for ... else'", node.orelse[0])
    if not 1 <= len(it.args) <= 3:
        raise PyptoImportError(f"{kind} takes 1 to 3 positional arguments, got {len(it.args)}", it)
    inits: list[ast.expr] = []
    stages: int | None = None
    for kw in it.keywords:
        if kw.arg == "init_values" and isinstance(kw.value, ast.Tuple | ast.List):
            inits = list(kw.value.elts)
        elif kw.arg == "stage" and kind == "pl.pipeline":
            stages = ann.int_literal(kw.value)
            if stages is None or stages < 1:
                raise PyptoImportError(f"stage must be a positive integer literal, got '{describe(kw.value)}'", kw.value)
        else:
            raise PyptoImportError(f"unsupported {kind} argument '{kw.arg}={describe(kw.value)}'", kw.value)
    if kind == "pl.pipeline" and stages is None:
        raise PyptoImportError("pl.pipeline needs stage=F", it)
    if len(it.args) == 3:
        _check_step(kind, it.args[2])
    bounds = [scalar(ctx, a, IndexType()) for a in it.args]
    for a, b in zip(it.args, bounds):
        if not isinstance(b.type, IndexType):
            raise PyptoImportError(f"loop bounds are index values, '{describe(a)}' is {b.type}", a)
    one = constant(ctx, 1, IndexType(), it)
    if len(bounds) == 1:
        lb, ub, step = constant(ctx, 0, IndexType(), it), bounds[0], one
    elif len(bounds) == 2:
        lb, ub, step = bounds[0], bounds[1], one
    else:
        lb, ub, step = bounds

    iv_name, carry_names = _for_target(node.target, len(inits))
    init_values = [lookup(ctx, e) if isinstance(e, ast.Name) else scalar(ctx, e) for e in inits]
    carried = [v for v in init_values if not isinstance(v.type, MemRefType)]
    implicit = in_place_targets(ctx, node.body, target_of, (iv_name, *carry_names))
    implicit_inits = [lookup(ctx, ast.Name(id=n)) for n in implicit]
    body = Block(arg_types=[IndexType(), *(v.type for v in carried), *(v.type for v in implicit_inits)])
    iv = body.args[0]
    saved_env, saved_carried = ctx.env, ctx.carried
    ctx.env, ctx.carried = dict(saved_env), saved_carried | set(implicit)
    bind(ctx, iv_name, iv)
    args = iter(body.args[1:])
    inside: list[SSAValue] = []
    for name, v in zip(carry_names, init_values):
        inside.append(v if isinstance(v.type, MemRefType) else next(args))
        bind(ctx, name, inside[-1])
    for name in implicit:
        bind(ctx, name, next(args))
    final: dict = {}
    try:
        end = _in_region(ctx, translate_body, body, node.body, "region", iv, final)
    finally:
        ctx.env, ctx.carried = saved_env, saved_carried
    if inits and end.kind != "yield":
        raise PyptoImportError("a loop with init_values must end with pl.yield_(...)", node)
    if end.kind == "yield" and len(end.values) != len(inits):
        raise PyptoImportError(
            f"the loop carries {len(inits)} values, pl.yield_ gives {len(end.values)}", end.node
        )
    yielded = []
    for name, start, v, vnode in zip(carry_names, init_values, end.values, end.value_nodes):
        if isinstance(start.type, MemRefType):
            if v is not start:
                raise PyptoImportError(
                    f"tensor loop carry '{name}' must yield the same tensor it starts as, got '{describe(vnode)}'",
                    vnode,
                )
            continue
        if v.type != start.type:
            raise PyptoImportError(
                f"loop carry '{name}' starts as {start.type} but is yielded as {v.type}", vnode
            )
        yielded.append(v)
    yielded.extend(final[name] for name in implicit)
    y = scf.YieldOp(*yielded)
    y.location = ctx.location(end.node or node)
    body.add_op(y)
    loop = scf.ForOp(lb, ub, step, [*carried, *implicit_inits], body)
    if stages is not None:
        loop.attributes[PIPELINE_STAGES] = IntegerAttr(stages, i64)
    ctx.add(loop, node)
    results = iter(loop.results)
    explicit = [start if isinstance(start.type, MemRefType) else next(results) for start in init_values]
    if end.targets is not None:
        for name, value in zip(end.targets, explicit):
            bind(ctx, name, value)
    for name in implicit:  # the in-place updates, carried out
        bind(ctx, name, next(results))


def _check_step(kind: str, node: ast.expr) -> None:
    """A loop's step must be a positive integer literal: ``scf.for`` steps
    up by a positive amount (a step <= 0 would loop forever or never, and
    Python's ``range(3, -1, -1)`` counts down).

    Raises:
        PyptoImportError: for a literal <= 0, or a step that is not a literal
            (its sign is not known).
    """
    step = ann.int_literal(node)
    if step is None:
        raise PyptoImportError(
            f"the step of {kind} must be a positive integer literal: '{describe(node)}' is not known to be "
            "positive (scf.for needs a positive step)",
            node,
        )
    if step <= 0:
        raise PyptoImportError(
            f"the step of {kind} must be positive, got {step} (scf.for cannot count down or stand still)", node
        )


def _for_target(target: ast.expr, n: int) -> tuple[str, list[str]]:
    """(index name, carry names) of ``i`` or ``i, (a, b)``."""
    if isinstance(target, ast.Name):
        if n:
            raise PyptoImportError(f"the loop carries {n} values: write 'for i, (...) in ...'", target)
        return target.id, []
    if (
        isinstance(target, ast.Tuple)
        and len(target.elts) == 2
        and isinstance(target.elts[0], ast.Name)
        and isinstance(target.elts[1], ast.Tuple | ast.List)
        and all(isinstance(e, ast.Name) for e in target.elts[1].elts)
    ):
        names = [e.id for e in target.elts[1].elts]  # type: ignore[attr-defined]
        if len(names) != n:
            raise PyptoImportError(f"{len(names)} carry names for {n} init_values", target)
        return target.elts[0].id, names
    raise PyptoImportError(f"unsupported loop target '{describe(target)}'", target)


def translate_if(
    ctx: FunctionContext, node: ast.If, translate_body: BlockTranslator, target_of: InPlaceTarget, *, tail: bool
) -> None:
    """``if c: ... else: ...`` -> ``scf.if``; branches ending in
    ``pl.yield_`` give it results (bound to the yield's targets). With
    ``tail`` both branches end in the same ``return`` of a tensor parameter:
    an ``scf.if`` without results followed by ``func.return``.

    Raises:
        PyptoImportError: for a condition that is not i1, branches that
            yield different counts, names or types, or returns of different
            tensors.
    """
    cond = scalar(ctx, node.test, i1)
    if cond.type != i1:
        raise PyptoImportError(f"an if condition must be a boolean (i1), got {cond.type}", node.test)
    where = "tail" if tail else "region"
    then_block, else_block = Block(), Block()
    updated = in_place_targets(ctx, [*node.body, *node.orelse], target_of)
    # an if that ends the function has no "after": its arms update locally
    implicit = [] if tail else updated
    then_final: dict = {}
    else_final: dict = dict(ctx.env)  # no else: the tiles as they were
    saved_carried = ctx.carried
    ctx.carried = saved_carried | set(updated)
    try:
        then_end = _in_region(ctx, translate_body, then_block, node.body, where, final=then_final)
        else_end = (
            _in_region(ctx, translate_body, else_block, node.orelse, where, final=else_final)
            if node.orelse
            else Terminator()
        )
    finally:
        ctx.carried = saved_carried
    if tail:
        if [v for v in then_end.values] != [v for v in else_end.values]:
            raise PyptoImportError("both branches of an if that ends the function must return the same tensor", else_end.node or node)
        for b, end in ((then_block, then_end), (else_block, else_end)):
            y = scf.YieldOp()
            y.location = ctx.location(end.node or node)
            b.add_op(y)
        ctx.add(scf.IfOp(cond, [], [then_block], [else_block]), node)
        ctx.add(func.ReturnOp(), then_end.node or node)
        return
    if (then_end.kind == "yield") != (else_end.kind == "yield"):
        raise PyptoImportError("both branches of an if must end in pl.yield_, or neither", node)
    results_of: list[tuple[str | None, SSAValue | None]] = []
    then_vals, else_vals = [], []
    if then_end.kind == "yield":
        if len(then_end.values) != len(else_end.values):
            raise PyptoImportError(
                f"the branches yield {len(then_end.values)} and {len(else_end.values)} values", else_end.node
            )
        if then_end.targets is not None and else_end.targets is not None and then_end.targets != else_end.targets:
            raise PyptoImportError(
                f"the branches assign their yields to different names: {then_end.targets} and {else_end.targets}",
                else_end.node,
            )
        names = then_end.targets or else_end.targets
        for k, (a, b, anode) in enumerate(zip(then_end.values, else_end.values, else_end.value_nodes)):
            name = names[k] if names else None
            if isinstance(a.type, MemRefType) or isinstance(b.type, MemRefType):
                if a is not b:
                    raise PyptoImportError(
                        f"both branches must yield the same tensor, got '{describe(anode)}'", anode
                    )
                results_of.append((name, a))
                continue
            if a.type != b.type:
                raise PyptoImportError(f"the branches yield {a.type} and {b.type}", anode)
            then_vals.append(a)
            else_vals.append(b)
            results_of.append((name, None))
    then_vals.extend(then_final[name] for name in implicit)  # the in-place updates, carried out
    else_vals.extend(else_final[name] for name in implicit)
    for b, end, vals in ((then_block, then_end, then_vals), (else_block, else_end, else_vals)):
        y = scf.YieldOp(*vals)
        y.location = ctx.location(end.node or node)
        b.add_op(y)
    op = scf.IfOp(cond, [v.type for v in then_vals], [then_block], [else_block])
    ctx.add(op, node)
    results = iter(op.results)
    for name, alias in results_of:
        value = alias if alias is not None else next(results)
        if name is not None:
            bind(ctx, name, value)
    for name in implicit:
        bind(ctx, name, next(results))
