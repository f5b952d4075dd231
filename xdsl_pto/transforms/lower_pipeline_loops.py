"""``lower-pipeline-loops``: replicate the body of each pipeline loop.

Implements pypto-docs/28-lower_pipeline_loops.md ("Behavior", "Constraints")
for our IR. A pipeline loop is an ``scf.for`` carrying the discardable
attribute ``tile.pipeline_stages = F``. For ``F > 1`` the pass

* builds a *main loop* with the same start, stride ``F * step`` and a body of
  ``F`` clones of the original body, clone ``k`` running at ``iv + k * step``
  (clone ``k + 1`` takes clone ``k``'s yielded values as its iter_args); the
  main loop keeps ``tile.pipeline_stages = 1`` as the post-lowering marker;
* runs the remaining iterations after it ("Static bounds"): with constant
  bounds, as straight-line clones; with runtime bounds ("Dynamic bounds"), in
  a cascade of ``scf.if`` on the remaining count (1, 2, ..., F-1 clones);
* tags every tile-producing op of clone ``k`` (``k``-th clone of the main
  loop body, or ``k``-th remainder clone), at any depth, with
  ``tile.pipeline_membership``: a list of ``array<i64: group, stage>`` pairs,
  one per enclosing replicated loop, innermost first ("Overview"). Cube
  accumulators (:func:`is_cube_accumulator`) and ops with regions (an
  ``scf.for``/``scf.if`` result is its carry's buffer, not a new one) are not
  tagged. Groups number a function's ``F > 1`` loops in pre-order.

Inner loops are lowered first, so an outer replication copies the inner
clones with their tags. ``F == 1`` loops (user-written, or already lowered)
are left as they are, so re-running the pass changes nothing. MemoryReuse
reads the tags to keep the clones' buffers apart.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseArrayBase,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    i64,
)
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern
from xdsl.rewriter import InsertPoint

from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.tile.pipeline_attrs import (
    PIPELINE_MEMBERSHIP,
    PIPELINE_STAGES,
    memberships,
)
from xdsl_pto.dialects.tile.traits import is_cube_accumulator, is_tile
from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.dialects.tile.view_ops import constant_index
from xdsl_pto.transforms.common import kernels, value_name
from xdsl_pto.transforms.patterns import apply_patterns

PASS = "lower-pipeline-loops"
STAGES = PIPELINE_STAGES
#: Most stages a pipeline loop may ask this pass for: a runtime remainder
#: needs F (F - 1) / 2 clones (F = 32: 496 clones, about 2.5 s of CPU
#: through pto-compile; F = 64: 2016, about 9 s). The reference sets no bound
#: (README, "Where we differ"). lower-pipeline-to-slots declines a loop of
#: more than 16 stages (ptoas regions hold 2 to 16 slots) and leaves it here.
MAX_STAGES = 32
#: Most stages a nest of pipeline loops may ask for in all: the product of
#: the stage counts along a chain of nested ``F > 1`` loops. A loop copies its
#: body, inner loops included, so a nest multiplies its loops' copies (issue
#: 25: two nested 32-stage loops with runtime bounds asked for 528 x 528
#: copies and ran for minutes). The bound is the per-loop one, so a nest costs
#: at most what one loop at the limit costs: with runtime bounds, F stages
#: make F (F + 1) / 2 copies, and a chain of product P makes no more than
#: P (P + 1) / 2 (528 for P = 32, the worst nest about 4 s through pto-compile
#: against 35 s for a nest of 512 copies in nine loops, whose memory planning
#: grows with the number of loops as well). The reference sets no bound
#: (README, "Where we differ").
MAX_NEST_STAGES = MAX_STAGES
MEMBERSHIP = PIPELINE_MEMBERSHIP


# ----- analysis ---------------------------------------------------------------


@dataclass(frozen=True)
class _Pipeline:
    """One loop to replicate: ``factor`` (> 1) clones per iteration,
    ``step`` its constant positive step, ``group`` its membership group id."""

    loop: scf.ForOp
    factor: int
    step: int
    group: int


def stages_of(loop: scf.ForOp, pass_name: str = PASS, limit: int | None = MAX_STAGES) -> int | None:
    """The loop's ``tile.pipeline_stages`` (a clone count), None when absent.

    ``limit`` is the most stages the asking pass takes (None: no bound;
    lower-pipeline-to-slots declines a loop it cannot slot instead).

    Raises:
        PassError: (prefixed with ``pass_name``) when the attribute is not an
            integer from 1 to ``limit`` (a positive integer when ``limit`` is
            None).
    """
    attr = loop.attributes.get(STAGES)
    if attr is None:
        return None
    ok = (
        isinstance(attr, IntegerAttr)
        and isinstance(attr.type, IntegerType)
        and attr.type.width.data > 1
        and 1 <= attr.value.data
        and (limit is None or attr.value.data <= limit)
    )
    if not ok:
        what = "a positive integer" if limit is None else f"an integer from 1 to {limit}"
        raise PassError(f"{pass_name}: {STAGES} must be {what}, got {attr}", loop)
    return attr.value.data  # type: ignore[union-attr]


def _check_body(loop: scf.ForOp, factor: int) -> None:
    """A body to replicate holds no tile with a MemRef (planning comes
    after this pass) and none bound to a declared allocation (every clone
    would land on the same buffer, and a runtime slot would no longer follow
    the original iterations) -- except a cube accumulator, which is one
    buffer for all clones anyway (it is not tagged either).

    Raises:
        PassError: naming the tile.
    """
    for op in loop.body.walk():
        for v in op.results:
            t = v.type
            if not isinstance(t, TileType):
                continue
            if t.get_memref() is not None:
                raise PassError(
                    f"{PASS}: this pipeline loop is already planned ({value_name(v)} has a "
                    "MemRef); run lower-pipeline-loops before init-memref / pto-plan-memory",
                    loop,
                )
            if t.get_binding() is not None and not is_cube_accumulator(op):
                raise PassError(
                    f"{PASS}: {value_name(v)} is bound to the declared allocation "
                    f"{t.get_binding()} inside a pipeline loop of {factor} stages; all "
                    f"{factor} clones would share it -- bind each stage's tile to an "
                    "allocation of its own after lowering, or drop the binding",
                    op,
                )


def pipelines(fn: func.FuncOp) -> list[_Pipeline]:
    """The loops of ``fn`` to replicate (``tile.pipeline_stages > 1``), in
    pre-order (outer before inner, program order). Group ids are numbered in
    that order, starting after the largest group already tagged in ``fn``
    (so from 0 on a fresh kernel).

    Raises:
        PassError: a bad ``tile.pipeline_stages``, a loop to replicate
            whose step is not a positive constant, or a nest asking for more
            than :data:`MAX_NEST_STAGES` stages in all
            (:func:`check_nest_stages`).
    """
    tagged = []
    for op in fn.walk():
        try:
            tagged.extend(g for g, _ in memberships(op))
        except ValueError as e:
            raise PassError(f"{PASS}: {e}", op) from None
    group = 1 + max(tagged, default=-1)
    out: list[_Pipeline] = []
    for op in fn.walk():
        if not isinstance(op, scf.ForOp):
            continue
        factor = stages_of(op)
        if factor is None or factor == 1:
            continue
        _check_body(op, factor)
        step = constant_index(op.step)
        if step is None or step <= 0:
            got = "a runtime value" if step is None else str(step)
            raise PassError(
                f"{PASS}: pipeline loop step must be a positive constant (got {got})", op
            )
        out.append(_Pipeline(op, factor, step, group))
        group += 1
    check_nest_stages(out)
    return out


def body_copies(p: _Pipeline) -> int:
    """How many copies of its body the lowering of ``p`` makes: with
    constant bounds and ``T`` iterations, ``F`` in the main loop (when
    ``T >= F``) plus ``T mod F`` straight-line ones (1 when ``T <= 0``: the
    loop stays as written); with a runtime bound, ``F`` in the main loop plus
    ``1 + 2 + ... + (F - 1)`` in the remainder cascade."""
    f = p.factor
    lb, ub = constant_index(p.loop.lb), constant_index(p.loop.ub)
    if lb is None or ub is None:
        return f + f * (f - 1) // 2
    trips = -((lb - ub) // p.step)
    if trips <= 0:
        return 1
    return (f if trips >= f else 0) + trips % f


def check_nest_stages(decided: list[_Pipeline], limit: int = MAX_NEST_STAGES) -> None:
    """Refuse, before anything is rewritten, a nest of pipeline loops whose
    stage counts multiply to more than ``limit``.

    A chain runs from a pipeline loop out through the ``F > 1`` loops
    enclosing it (other ops in between do not count). ``decided`` is in
    pre-order, so each loop's enclosing chain is known when it is reached.

    Raises:
        PassError: at the outermost loop of the first chain over ``limit``,
            naming its loop count, the stage counts (outer first) and their
            product, the copies of the innermost body the lowering would make
            (product of :func:`body_copies`), and the limit.
    """
    chains: dict[Operation, list[_Pipeline]] = {}
    for p in decided:
        outer = p.loop.parent_op()
        while outer is not None and outer not in chains:
            outer = outer.parent_op()
        chain = [*chains[outer], p] if outer is not None else [p]
        chains[p.loop] = chain
        total = copies = 1
        for q in chain:
            total *= q.factor
            copies *= body_copies(q)
        if total > limit:
            stages = " x ".join(str(q.factor) for q in chain)
            raise PassError(
                f"{PASS}: this nest of {len(chain)} pipeline loops asks for {stages} = "
                f"{total} stages and would make {copies} copies of its innermost body; "
                f"a nest takes at most {limit} stages in all (the product of its loops' "
                "tile.pipeline_stages) -- lower the stages of its loops",
                chain[0].loop,
            )


def _tag(op: Operation, group: int, stage: int) -> None:
    """Append ``(group, stage)`` to the membership of every tile-producing op
    in ``op`` (itself and nested). Ops with regions (``scf.for``/``scf.if``
    results share their carries' buffers) and cube accumulators are skipped."""
    pair = DenseArrayBase.from_list(i64, [group, stage])
    for inner in op.walk():
        if inner.regions or is_cube_accumulator(inner):
            continue
        if not any(is_tile(r) for r in inner.results):
            continue
        old = inner.attributes.get(MEMBERSHIP)
        pairs = list(old.data) if isinstance(old, ArrayAttr) else []
        inner.attributes[MEMBERSHIP] = ArrayAttr([*pairs, pair])


# ----- rewrite ------------------------------------------------------------------


class ReplicatePipelineLoop(RewritePattern):
    """The rewrite of :func:`pipelines`' decision: each decided loop is
    replaced by its replication (:class:`_Lowering`). Applied inner loops
    first (a post-order walk, last loop first), so an outer replication
    copies the lowered inner ones, tags included."""

    def __init__(self, decided: list[_Pipeline]):
        self.decided = {p.loop: p for p in decided}

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        p = self.decided.get(op)  # type: ignore[call-overload]
        if p is not None:
            _Lowering(p, rewriter).run()


class _Lowering:
    """The replication of one pipeline loop. New ops go right before the
    original loop (constants ahead of all others); the loop is then erased."""

    def __init__(self, p: _Pipeline, rewriter: PatternRewriter):
        self.p = p
        self.loop = p.loop
        self.rewriter = rewriter
        self.consts: dict[int, SSAValue] = {}
        self.first_new: Operation = p.loop  # constants go before it

    def run(self) -> None:
        lb, ub = constant_index(self.loop.lb), constant_index(self.loop.ub)
        if lb is not None and ub is not None:
            results = self.static(lb, ub)
            if results is None:  # never runs: nothing to replicate
                self.loop.attributes[STAGES] = IntegerAttr(1, i64)
                self.rewriter.notify_op_modified(self.loop)
                return
        else:
            results = self.dynamic()
        for old, new in zip(self.loop.results, results):
            self.rewriter.replace_all_uses_with(old, new)
        self.rewriter.erase(self.loop)

    # -- the two modes ("Static bounds", "Dynamic bounds") --

    def static(self, lb: int, ub: int) -> list[SSAValue] | None:
        """The main loop over the ``T // F`` whole groups of iterations (not
        emitted when there is none), then the ``T % F`` remaining iterations
        as straight-line clones at constant induction values. Returns the
        values replacing the loop's results; None (the loop stays, marked
        lowered) when the trip count ``T = ceil((ub - lb) / step)`` is <= 0."""
        f, s = self.p.factor, self.p.step
        trips = -((lb - ub) // s)
        if trips <= 0:
            return None
        carried = list(self.loop.iter_args)
        main_end = lb + (trips // f) * f * s
        if trips // f:
            carried = list(self.main_loop(self.const(main_end)).results)
        for j in range(trips % f):
            ops, carried = self.clone_body(self.const(main_end + j * s), carried, j)
            for op in ops:
                self.insert(op)
        return carried

    def dynamic(self) -> list[SSAValue]:
        """``main_end = lb + (trip / F) * (F * step)`` where ``trip`` is
        ``ub - lb`` (step 1) or ``(ub - lb + step - 1) / step``; the main loop
        up to ``main_end``; then ``rem`` (``ub - main_end``, or ``trip - (trip
        / F) * F``) and the ``scf.if`` cascade on it. Returns the cascade's
        results. Divisions truncate (``arith.divsi``): floor division for a
        non-negative trip count, and for an empty range (``ub < lb``)
        ``main_end <= lb`` and ``rem <= 0``, so nothing runs."""
        f, s = self.p.factor, self.p.step
        lb, ub = self.loop.lb, self.loop.ub
        if s == 1:
            trip = self.value(arith.SubiOp(ub, lb), "trip")
        else:
            span = self.value(arith.SubiOp(ub, lb), "span")
            rounded = self.value(arith.AddiOp(span, self.const(s - 1)))
            trip = self.value(arith.DivSIOp(rounded, self.const(s)), "trip")
        main_iters = self.value(arith.DivSIOp(trip, self.const(f)), "main_iters")
        main_len = self.value(arith.MuliOp(main_iters, self.const(f * s)))
        main_end = self.value(arith.AddiOp(lb, main_len), "main_end")
        main = self.main_loop(main_end)
        if s == 1:
            rem = self.value(arith.SubiOp(ub, main_end), "rem")
        else:
            done = self.value(arith.MuliOp(main_iters, self.const(f)))
            rem = self.value(arith.SubiOp(trip, done), "rem")
        cascade = self.remainder_if(rem, main_end, list(main.results), 1)
        for op in cascade:
            self.insert(op)
        return list(cascade[-1].results)

    # -- building blocks --

    def main_loop(self, ub: SSAValue) -> scf.ForOp:
        """The main loop from the original start to ``ub``, stride ``F *
        step``, ``F`` clones per iteration; inserted, and returned."""
        old_args = self.loop.body.block.args
        body = Block(arg_types=[a.type for a in old_args])
        for new, old in zip(body.args, old_args):
            new.name_hint = old.name_hint
        iv, carried = body.args[0], list(body.args[1:])
        for k in range(self.p.factor):
            ops, carried = self.clone_body(iv, carried, k, k * self.p.step)
            body.add_ops(ops)
        body.add_op(scf.YieldOp(*carried))
        stride = self.const(self.p.factor * self.p.step)
        main = scf.ForOp(self.loop.lb, ub, stride, list(self.loop.iter_args), body)
        main.attributes.update(self.loop.attributes)
        main.attributes[STAGES] = IntegerAttr(1, i64)
        for new, old in zip(main.results, self.loop.results):
            new.name_hint = old.name_hint
        self.insert(main)
        return main

    def remainder_if(
        self, rem: SSAValue, main_end: SSAValue, main_results: list[SSAValue], count: int
    ) -> list[Operation]:
        """``[cond, if]`` of one cascade level: ``rem == count`` runs
        ``count`` clones from ``main_end``; the else holds the next level, or
        at the last level (``count == F - 1``) yields ``main_results`` (and
        is absent when there are none)."""
        cond = arith.CmpiOp(rem, self.const(count), "eq")
        cond.result.name_hint = f"rem_is{count}"
        then_ops: list[Operation] = []
        carried = main_results
        for j in range(count):
            ops, carried = self.clone_body(main_end, carried, j, j * self.p.step)
            then_ops.extend(ops)
        then_ops.append(scf.YieldOp(*carried))
        if count + 1 < self.p.factor:
            inner = self.remainder_if(rem, main_end, main_results, count + 1)
            orelse = Region(Block([*inner, scf.YieldOp(*inner[-1].results)]))
        elif main_results:
            orelse = Region(Block([scf.YieldOp(*main_results)]))
        else:
            orelse = Region()  # rem == 0: nothing to do
        types = [v.type for v in main_results]
        return [cond, scf.IfOp(cond, types, Region(Block(then_ops)), orelse)]

    def clone_body(
        self, base: SSAValue, carried: list[SSAValue], stage: int, offset: int = 0
    ) -> tuple[list[Operation], list[SSAValue]]:
        """One clone of the loop body (without its ``scf.yield``), tagged
        with ``(group, stage)``, at induction value ``base + offset``
        (``offset`` in loop-index units; a non-zero one is added by an
        ``arith.addi`` ahead of the clone) with iter_args ``carried``.
        Returns the ops and the values the clone yields."""
        body = self.loop.body.block
        ops: list[Operation] = []
        iv = base
        if offset:
            add = arith.AddiOp(base, self.const(offset))
            add.result.name_hint = body.args[0].name_hint
            ops.append(add)
            iv = add.result
        mapper: dict[SSAValue, SSAValue] = {body.args[0]: iv, **dict(zip(body.args[1:], carried))}
        yields: list[SSAValue] = []
        for op in body.ops:
            if isinstance(op, scf.YieldOp):
                yields = [mapper.get(v, v) for v in op.operands]
                break
            clone = op.clone(mapper)
            _tag(clone, self.p.group, stage)
            ops.append(clone)
        return ops, yields

    def const(self, value: int) -> SSAValue:
        """``arith.constant value`` in the loop's index type, made once per
        loop, ahead of every other new op."""
        if value not in self.consts:
            op = arith.ConstantOp(IntegerAttr(value, self.loop.lb.type))  # type: ignore[arg-type]
            op.result.name_hint = f"c{value}" if value >= 0 else f"c_neg{-value}"
            self.rewriter.insert(op, InsertPoint.before(self.first_new))
            self.consts[value] = op.result
        return self.consts[value]

    def insert(self, op: Operation) -> None:
        """Insert ``op`` right before the original loop."""
        self.rewriter.insert(op, InsertPoint.before(self.loop))
        if self.first_new is self.loop:
            self.first_new = op

    def value(self, op: Operation, name: str | None = None) -> SSAValue:
        """Insert ``op`` (see :meth:`insert`) and return its result, named
        ``name`` when given."""
        self.insert(op)
        if name is not None:
            op.results[0].name_hint = name
        return op.results[0]


@dataclass(frozen=True)
class LowerPipelineLoopsPass(ModulePass):
    """Replicate every ``scf.for`` with ``tile.pipeline_stages = F > 1``
    ``F`` times per iteration and tag the clones' tiles with their stage
    (pypto-docs/28-lower_pipeline_loops.md). Inner loops are lowered first,
    so an outer replication copies them, tags included.

    Raises:
        PassError: a ``tile.pipeline_stages`` that is not an integer from
            1 to :data:`MAX_STAGES`, a loop to replicate whose step is not a
            positive constant, or a nest of such loops whose stage counts
            multiply to more than :data:`MAX_NEST_STAGES`. All loops are
            checked before anything is rewritten.
    """

    name = "lower-pipeline-loops"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        found = [(fn, pipelines(fn)) for fn in kernels(op)]  # every loop checked first
        for fn, loops in found:
            if loops:  # inner before outer, last loop first
                apply_patterns(fn, ReplicatePipelineLoop(loops), post_order=True, reverse=True)
