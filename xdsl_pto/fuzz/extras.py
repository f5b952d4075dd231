"""Pipeline loops and declared allocations added to a generated kernel.

:func:`add_extras` takes the text of a kernel from the vector or cube
generator, parses it and, with its own random stream (so the kernel body is
the same as without the extras), adds

* **pipeline loops** -- each ``scf.for`` gets ``{tile.pipeline_stages = F :
  i64}`` (F uniform in 1..4) with probability ``pipeline_prob``;
* **declared allocations** -- tile values are bound to a few author-declared
  allocations (``alloc = <@dN>``, ``<@dN, slots = 2, slot = k>``, or a
  runtime slot ``slot = iv`` inside a loop) with probability
  ``declare_prob`` each.

Bindings respect the language rules: only a tile produced by a fresh-buffer
op (no view, no in-place update) binds itself; a view or in-place result is
bound only together with its source, to the same binding. ``scf`` requires
an init, its iter_arg, the yielded value and the loop result to have equal
types (an ``scf.if`` result and both arms' yields too), so such values form
one class that is bound as a whole. All tiles of one declaration share its
memory space and slot count. A runtime-slot declaration binds one tile of one
loop body, never a carried value (the planner does not check runtime slots
for overlap, so two of them live at once would be an unreported user error).

Two tiles on one static slot that are live at once are a user error the
planner reports ("are both bound to ... and live at once"); the campaign
counts that as an expected rejection (``declared slot overlap``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from xdsl.dialects import scf
from xdsl.dialects.builtin import IntegerAttr, ModuleOp, i64
from xdsl.ir import BlockArgument, Operation, SSAValue
from xdsl.rewriter import Rewriter

from xdsl_pto.dialects.tile.pipeline_attrs import PIPELINE_STAGES
from xdsl_pto.dialects.tile.traits import must_alias_source, reused_operand
from xdsl_pto.dialects.tile.types import AllocBindingAttr, TileType
from xdsl_pto.fuzz.minimize import print_module
from xdsl_pto.tools.session import parse_module
from xdsl_pto.transforms.common import enclosing_for
from xdsl_pto.transforms.lower_pipeline_loops import MAX_NEST_STAGES

#: Most pipeline stages a generated loop asks for.
MAX_STAGES = 4
#: Static declarations per kernel, and the chance a bound group takes a
#: runtime slot (when it can).
N_DECLS = 3
RUNTIME_SLOT_PROB = 0.3
#: Chance that a static binding avoids slots holding a tile live at the same
#: time (by a conservative estimate); the rest are random, so the planner's
#: "live at once" error path is exercised too.
CAREFUL_PROB = 0.95


def extras_rng(seed: int) -> random.Random:
    """The random stream of the extras of kernel ``seed`` (independent of the
    generator's, so a kernel keeps its body when extras are switched on)."""
    return random.Random(f"xdsl-pto-fuzz-extras-{seed}")


def add_extras(text: str, rng: random.Random, *, pipeline_prob: float, declare_prob: float) -> str:
    """``text`` with pipeline marks and declared-allocation bindings added
    (printed by xDSL); ``text`` unchanged when both probabilities are 0."""
    if pipeline_prob <= 0 and declare_prob <= 0:
        return text
    module = parse_module(text)
    if pipeline_prob > 0:
        mark_pipelines(module, rng, pipeline_prob)
    if declare_prob > 0:
        bind_declarations(module, rng, declare_prob)
    return print_module(module)


def mark_pipelines(module: ModuleOp, rng: random.Random, prob: float) -> int:
    """Mark each ``scf.for`` a pipeline loop of 1..MAX_STAGES stages with
    probability ``prob``; returns how many were marked. A loop's draw is
    lowered to keep the stages of its enclosing marked loops times its own
    within :data:`~xdsl_pto.transforms.lower_pipeline_loops.MAX_NEST_STAGES`
    (lower-pipeline-loops refuses a bigger nest); the random draws are the
    same either way."""
    n = 0
    nest: dict[scf.ForOp, int] = {}  # marked loop -> stages of its chain, itself included
    for op in module.walk():
        if isinstance(op, scf.ForOp) and rng.random() < prob:
            outer = op.parent_op()
            while outer is not None and outer not in nest:
                outer = outer.parent_op()
            above = nest[outer] if isinstance(outer, scf.ForOp) else 1
            stages = min(rng.randint(1, MAX_STAGES), MAX_NEST_STAGES // above)
            nest[op] = above * stages
            op.attributes[PIPELINE_STAGES] = IntegerAttr(stages, i64)
            n += 1
    return n


# ----- declared allocations ---------------------------------------------------------


class _Classes:
    """Union-find over tile values whose types ``scf`` requires to be equal."""

    def __init__(self) -> None:
        self.parent: dict[SSAValue, SSAValue] = {}
        self.order: list[SSAValue] = []

    def add(self, v: SSAValue) -> None:
        if v not in self.parent:
            self.parent[v] = v
            self.order.append(v)

    def find(self, v: SSAValue) -> SSAValue:
        self.add(v)
        while self.parent[v] is not v:
            self.parent[v] = self.parent[self.parent[v]]
            v = self.parent[v]
        return v

    def union(self, a: SSAValue, b: SSAValue) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra is not rb:
            self.parent[rb] = ra

    def groups(self) -> dict[SSAValue, list[SSAValue]]:
        out: dict[SSAValue, list[SSAValue]] = {}
        for v in self.order:
            out.setdefault(self.find(v), []).append(v)
        return out


def _tile(v: SSAValue) -> bool:
    return isinstance(v.type, TileType)


def _classes(module: ModuleOp) -> _Classes:
    uf = _Classes()
    for op in module.walk():
        for r in op.results:
            if _tile(r):
                uf.add(r)
        if isinstance(op, scf.ForOp):
            block = op.body.block
            ys = block.last_op.operands if isinstance(block.last_op, scf.YieldOp) else []
            for j, init in enumerate(op.iter_args):
                if not _tile(init):
                    continue
                for v in (block.args[1 + j], op.results[j], ys[j]):
                    uf.union(init, v)
        elif isinstance(op, scf.IfOp):
            for region in op.regions:
                if not region.blocks or not isinstance(region.blocks[0].last_op, scf.YieldOp):
                    continue
                for j, y in enumerate(region.blocks[0].last_op.operands):
                    if _tile(y):
                        uf.union(op.results[j], y)
    return uf


@dataclass(frozen=True)
class _Span:
    """Statements ``[lo, hi]`` (pre-order walk indices) a value group is live over."""

    lo: int
    hi: int

    def meets(self, other: _Span) -> bool:
        """True when both are live at once or touch (one's last read defines
        the other: allowed on one slot, unless the op forbids its result to
        alias that operand -- so a careful binding avoids it too)."""
        return self.lo <= other.hi and other.lo <= self.hi


class _Spans:
    """A conservative liveness estimate in pre-order walk indices: a value is
    live from its definition (an iter_arg: its loop) to the end of the last
    op of its own block that contains a use, extended over its views and
    in-place results."""

    def __init__(self, module: ModuleOp):
        self.index: dict[Operation, int] = {}
        self.end: dict[Operation, int] = {}
        for i, op in enumerate(module.walk()):
            self.index[op] = i
        for op in reversed(list(self.index)):
            last = self.index[op]
            for region in op.regions:
                for block in region.blocks:
                    for inner in block.ops:
                        last = max(last, self.end[inner])
            self.end[op] = last

    def _one(self, v: SSAValue) -> _Span:
        if isinstance(v, BlockArgument):
            block = v.block
            lo = self.index[block.parent_op()]  # type: ignore[index]
        else:
            block = v.owner.parent_block()  # type: ignore[union-attr]
            lo = self.index[v.owner]  # type: ignore[index]
        hi = lo
        for use in v.uses:
            op: Operation | None = use.operation
            while op is not None and op.parent_block() is not block:
                op = op.parent_op()
            if op is use.operation and isinstance(op, scf.ForOp) and use.index >= 3:
                hi = max(hi, self.index[op])  # a loop init: read as the loop starts
            else:
                hi = max(hi, self.end[op] if op is not None else max(self.end.values()))
            user = use.operation
            if not user.regions and must_alias_source(user) is v:
                for r in user.results:
                    hi = max(hi, self._one(r).hi)
        return _Span(lo, hi)

    def self_overlapping(self, values: list[SSAValue]) -> bool:
        """True when two of ``values`` that would be bound by their own
        producer (not an iter_arg, loop or if result, view or in-place
        result) are live at once or touch: ``scf`` makes them share one
        binding, so binding them may be a slot overlap."""
        own = [self._one(v) for v in values
               if not isinstance(v, BlockArgument) and not v.owner.regions  # type: ignore[union-attr]
               and must_alias_source(v.owner) is None]  # type: ignore[arg-type]
        return any(a.meets(b) for i, a in enumerate(own) for b in own[i + 1:])

    def of(self, values: list[SSAValue]) -> _Span:
        """The hull of the spans of ``values``."""
        spans = [self._one(v) for v in values]
        return _Span(min(s.lo for s in spans), max(s.hi for s in spans))


@dataclass
class _Decl:
    name: str
    space: str | None = None
    slots: int = 1
    runtime: bool = False


def bind_declarations(module: ModuleOp, rng: random.Random, prob: float) -> int:
    """Bind tile value classes to declared allocations (see the module
    docstring); returns how many values were bound."""
    uf = _classes(module)
    groups = uf.groups()
    inplace = _in_place_results(module, uf)
    bound: set[SSAValue] = set()  # class roots already bound
    decls = [_Decl(f"d{i}") for i in range(N_DECLS)]
    n_runtime = 0
    spans = _Spans(module)
    taken: dict[tuple[str, int], list[_Span]] = {}
    plan: list[tuple[list[SSAValue], AllocBindingAttr]] = []
    for root in groups:
        if root in bound or rng.random() >= prob:
            continue
        closure = _closure(uf, groups, root, inplace)
        if closure is None or any(r in bound for r in closure):
            continue
        values = [v for r in closure for v in groups[r]]
        if any(_in_pipeline(v) for v in values):
            continue  # lower-pipeline-loops refuses bindings in a body it replicates
        space = values[0].type.space.data  # type: ignore[attr-defined]
        single = len(values) == 1 and not isinstance(values[0], BlockArgument)
        loop = enclosing_for(values[0].owner) if single else None  # type: ignore[arg-type]
        if loop is not None and rng.random() < RUNTIME_SLOT_PROB:
            # A runtime-slot declaration of its own: one tile of one loop body.
            binding = AllocBindingAttr(f"r{n_runtime}", 2, "iv")
            n_runtime += 1
        else:
            careful = rng.random() < CAREFUL_PROB
            if careful and spans.self_overlapping(values):
                continue  # two of its own tiles live at once: never bindable
            span = spans.of(values)
            choices = []
            for d in decls:
                if d.space not in (None, space):
                    continue
                for slots in [d.slots] if d.space else [1, 2]:
                    choices += [(d, slots, k) for k in range(slots)]
            if careful:
                # Mostly keep two tiles of one slot from being live at once
                # (else the planner rightly refuses the kernel).
                choices = [c for c in choices
                           if not any(span.meets(o) for o in taken.get((c[0].name, c[2]), []))]
            if not choices:
                continue
            d, slots, k = rng.choice(choices)
            if d.space is None:
                d.space, d.slots = space, slots
            taken.setdefault((d.name, k), []).append(span)
            binding = AllocBindingAttr(d.name, d.slots, k)
        bound.update(closure)
        plan.append((values, binding))
    # Retype only now: a retyped value is a new SSA value the classes do not know.
    for values, binding in plan:
        for v in values:
            Rewriter.replace_value_with_new_type(v, v.type.with_binding(binding))  # type: ignore[attr-defined]
    return sum(len(values) for values, _ in plan)


def _in_pipeline(v: SSAValue) -> bool:
    """True when ``v`` is defined inside (or is an iter_arg of) an
    ``scf.for`` asking for more than one pipeline stage."""
    owner = v.owner
    op = owner.parent_op() if isinstance(v, BlockArgument) else owner
    while op is not None:
        stages = op.attributes.get(PIPELINE_STAGES) if isinstance(op, scf.ForOp) else None
        if isinstance(stages, IntegerAttr) and stages.value.data > 1:
            return True
        op = op.parent_op()
    return False


def _in_place_results(module: ModuleOp, uf: _Classes) -> dict[SSAValue, list[SSAValue]]:
    """Class root -> the class roots of the in-place results of ops that
    update a member of the class (such a result has its operand's type,
    binding included: ``tile.gather_row``'s verifier checks it)."""
    out: dict[SSAValue, list[SSAValue]] = {}
    for op in module.walk():
        src = reused_operand(op)
        if src is None or not _tile(src):
            continue
        for r in op.results:
            if _tile(r):
                out.setdefault(uf.find(src), []).append(uf.find(r))
    return out


def _closure(
    uf: _Classes, groups: dict[SSAValue, list[SSAValue]], root: SSAValue,
    inplace: dict[SSAValue, list[SSAValue]] | None = None,
) -> list[SSAValue] | None:
    """The class roots that must take one binding together with ``root``'s
    class: a view or in-place result binds only with its source, and a
    source with its in-place results (``inplace``, from
    :func:`_in_place_results`). None when some member cannot be bound (not
    a tile op result or iter_arg)."""
    out = [root]
    todo = [root]
    while todo:
        r = todo.pop()
        for d in (inplace or {}).get(r, []):
            if d not in out:
                out.append(d)
                todo.append(d)
        for v in groups[r]:
            if isinstance(v, BlockArgument):
                if not isinstance(v.block.parent_op(), scf.ForOp):
                    return None
                continue
            op = v.owner
            assert isinstance(op, Operation)
            if isinstance(op, (scf.ForOp, scf.IfOp)):
                continue
            src = must_alias_source(op)
            if src is None:
                continue
            if not _tile(src):
                return None
            s = uf.find(src)
            if s not in out:
                out.append(s)
                todo.append(s)
    return out
