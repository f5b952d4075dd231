"""``lower-pipeline-to-slots``: turn pipeline loops into slot rotations.

Implements seed 004 (pypto-docs/27-lower_pipeline_to_slots.md) for our IR.
A pipeline loop is an ``scf.for`` carrying ``tile.pipeline_stages = F``.
Where ``lower-pipeline-loops`` gives each of the ``F`` stages its own copy of
the body, this pass keeps the one body and binds each per-stage load buffer
to a declared allocation of ``F`` slots, iteration ``iv`` using slot
``iv mod F``. Such a declaration becomes a ptoas region only when ptoas
plans the memory, so the pass acts under ``planner=ptoas`` alone; under any
other planner it returns the module as it came in. Both passes run, this
one first: a loop it declines keeps its attribute and is replicated as
before.

Behavior (seed 004, "Behavior"). For a loop with ``F > 1`` that passes
every gate below, each candidate load's tile type is rebound to a fresh
declaration of its own, ``alloc = <@pipe_x, slots = F, slot = iv>`` (named
after the value, ``pipe_<n>`` for an unnamed one, and unique among the
function's declarations, the author's included; the value is retyped once,
so the load and every use see the new type), and the
``tile.pipeline_stages`` attribute is removed. Nothing else changes: no op
is added, removed or moved, and the bounds, step and iter_args stay. A
loop with ``F == 1`` (written so, or left behind by
``lower-pipeline-loops``) and a loop without the attribute are not pipeline
loops to this pass: they keep what they have. ``F`` above 16 (the most
slots ptoas accepts) is an error of
:func:`~xdsl_pto.transforms.lower_pipeline_loops.stages_of`. The pass runs
before ``init-memref``: a pipeline loop whose top-level load already has a
MemRef is an error.

Which tiles take a slot (seed 004, "Which tiles take a slot"): every
``tile.load`` result that is a direct op of the loop body (not inside a
nested ``scf.for`` or ``scf.if``) and whose type the author has not bound.
Loads only -- compute results may still share buffers -- and no
loop-invariance filter. An author-bound load keeps its binding and does not
decline the loop.

Eligibility (seed 004, "Eligibility"). A loop is declined as a whole -- it
keeps its attribute and one remark at the loop says why -- when the first
of these gates, checked in this order, fails:

0. ``F`` is above 16, the most slots a ptoas region (``pto.alloc_multi_tile``)
   holds (seed 004, "Eligibility": ``F`` in ``[2, 16]``);
1. an enclosing ``F > 1`` loop stays replicated (declined, or left whole
   for want of a top-level load): its clones would each pick a slot of the
   same region in one body;
2. the step is not the constant 1, or
3. the start is not a constant, non-negative multiple of ``F`` -- otherwise
   ``iv mod F`` would not count the iterations (and a negative ``iv`` would
   make the lowering's ``arith.remsi`` slot index negative);
4. the induction variable is not an ``index`` (an ``i32`` counter, say):
   the slot index is computed on an ``index`` counter;
5. a candidate load, taken in program order, fails a tile gate, taken in
   this order: its memory space is not vec, mat or acc; its valid shape is
   not static; it is carried into a phi (it, or a value sharing its buffer
   through views and in-place results, is yielded by an ``scf.yield`` or
   seeds a loop's iter_args); it is consumed by a view or an in-place op.
   One such load declines the loop even when its siblings are fine: a
   surviving sibling would demote the loop and leave that load with
   neither a slot nor a replicated copy;
6. the slots do not fit: per memory space, the loop's candidates need
   ``F * align_up(size)`` bytes each, and with what the function already
   pins -- the author's declarations (``Declaration.size``) plus the
   regions of the loops slotted before this one -- they must stay within
   the backend's capacity (no backend: no space is gated).

A loop with no candidate load is decided as follows. Without any top-level
``tile.load`` it is left exactly as it is, before any gate and without a
remark: it has no load buffer to rotate, and replication still keeps apart
whatever its nested regions load, which demoting it would silently give up.
When its top-level loads are all author-bound it goes through the gates like
any other loop: passing them, it is demoted with nothing rebound (the
author's slots already rotate its load buffers, and ``lower-pipeline-loops``
would refuse a bound tile in a body it replicates); failing one, it is
declined with a remark. A loop left whole counts as replicated for the
loops nested in it (gate 1).

The analysis (:func:`plan_slots`) decides every loop of a function before
:func:`apply_slots` rewrites anything.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum

from xdsl.context import Context
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import IndexType, ModuleOp
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass

from xdsl_pto.backends import Backend, align_up, record_target
from xdsl_pto.diagnostics import PassError, report
from xdsl_pto.dialects.pto.types import MAX_MULTI_TILE_COUNT, MULTI_TILE_LOCS
from xdsl_pto.dialects.tile.data_ops import AllocOp, LoadOp
from xdsl_pto.dialects.tile.pipeline_attrs import PIPELINE_STAGES
from xdsl_pto.dialects.tile.traits import must_alias_source, view_source
from xdsl_pto.dialects.tile.types import AllocBindingAttr, MemorySpace, TileType
from xdsl_pto.dialects.tile.view_ops import constant_index
from xdsl_pto.pass_config import PassConfig
from xdsl_pto.planners import Planner, record_planner
from xdsl_pto.transforms.common import kernels, value_name
from xdsl_pto.transforms.declared_allocs import collect_declarations
from xdsl_pto.transforms.lower_pipeline_loops import stages_of
from xdsl_pto.transforms.patterns import DropAttribute, RetypeValues, apply_patterns

PASS = "lower-pipeline-to-slots"

#: The memory spaces a ptoas slot region may live in.
SLOT_SPACES = tuple(MemorySpace(loc) for loc in MULTI_TILE_LOCS)


# ----- analysis ---------------------------------------------------------------


class Outcome(str, Enum):
    """What the pass does with one ``F > 1`` pipeline loop."""

    SLOT = "slot"  # demote: rebind the candidates, drop the attribute
    DECLINE = "decline"  # keep the attribute, remark why
    KEEP = "keep"  # no top-level load: keep the attribute, no remark


@dataclass
class LoopPlan:
    """The decision about one pipeline loop.

    Attributes:
        loop: the ``scf.for``.
        stages: its ``F`` (> 1).
        outcome: see :class:`Outcome`.
        loads: the candidate loads to rebind (SLOT only), in program order.
        reason: why the loop is declined (DECLINE only), the text after
            ``stays replicated:``.
    """

    loop: scf.ForOp
    stages: int
    outcome: Outcome
    loads: list[SSAValue] = field(default_factory=list)
    reason: str = ""

    @property
    def remark(self) -> str:
        """The remark reported at a declined loop."""
        return f"{PASS}: this stage={self.stages} pipeline loop stays replicated: {self.reason}"


def top_level_loads(loop: scf.ForOp) -> list[LoadOp]:
    """The ``tile.load`` ops that are direct ops of ``loop``'s body block,
    in program order (loads inside a nested loop or if are not)."""
    return [op for op in loop.body.block.ops if isinstance(op, LoadOp)]


def candidate_loads(loop: scf.ForOp) -> list[SSAValue]:
    """The loads of ``loop`` that take a slot: top-level ``tile.load``
    results the author has not bound (seed 004, "Which tiles take a slot")."""
    out: list[SSAValue] = []
    for op in top_level_loads(loop):
        t = op.result.type
        if isinstance(t, TileType) and t.get_binding() is None:
            out.append(op.result)
    return out


def slot_bytes(load: SSAValue, stages: int) -> int:
    """Bytes the region of one candidate load pins: ``stages`` slots of the
    tile's size rounded up to the 32-byte allocator alignment."""
    t = load.type
    assert isinstance(t, TileType)
    return stages * align_up(t.size_bytes)


def _phi_of(user: Operation, value: SSAValue) -> str | None:
    """How ``user`` carries ``value`` into a phi (an ``scf.yield``, an
    ``scf.condition``, a loop's init operand), or None when it does not."""
    if isinstance(user, (scf.YieldOp, scf.ConditionOp)):
        parent = user.parent_op()
        return f"{parent.name if parent is not None else user.name} yields"
    if isinstance(user, scf.ForOp) and value in user.iter_args:
        return "seeds an iter_arg of scf.for"
    if isinstance(user, scf.WhileOp) and value in user.arguments:
        return "seeds an argument of scf.while"
    return None


def phi_reason(load: SSAValue, loop: scf.ForOp) -> str | None:
    """Why ``load`` is carried into a phi, or None when it is not.

    The load and every value sharing its buffer (the results of ops whose
    must-alias source -- view source or reused operand -- is in that set,
    transitively) are followed through ``loop``'s body in program order; the
    first that is yielded or seeds a loop's iter_args is reported.
    """
    aliases: dict[SSAValue, Operation | None] = {load: None}  # value -> op making it
    for op in loop.body.walk():
        for v in op.operands:
            if v not in aliases:
                continue
            how = _phi_of(op, v)
            if how is None:
                continue
            maker = aliases[v]
            if maker is None:
                if how.endswith("yields"):
                    return f"{value_name(load)} is carried into a phi ({how} it)"
                return f"{value_name(load)} is carried into a phi (it {how})"
            alias = f"{value_name(v)}, which shares its buffer through {maker.name}"
            if how.endswith("yields"):
                return f"{value_name(load)} is carried into a phi ({how} {alias})"
            return f"{value_name(load)} is carried into a phi ({alias}, {how})"
        src = must_alias_source(op)
        if src is not None and src in aliases:
            for r in op.results:
                if isinstance(r.type, TileType):
                    aliases[r] = op
    return None


def alias_use_reason(load: SSAValue, loop: scf.ForOp) -> str | None:
    """Why ``load`` cannot have a slot of its own because an op makes a
    result on its buffer (a view, or an in-place update), or None. The
    first such user in program order is reported."""
    for user in loop.body.walk():
        if must_alias_source(user) is not load:
            continue
        if view_source(user) is load:
            return f"{value_name(load)} is consumed by {user.name}, a view of its buffer"
        return f"{value_name(load)} is consumed by {user.name}, which updates its buffer in place"
    return None


def space_reason(load: SSAValue) -> str | None:
    """Why ``load``'s memory space cannot hold a slot region, or None."""
    t = load.type
    assert isinstance(t, TileType)
    if t.memory_space in SLOT_SPACES:
        return None
    spaces = ", ".join(s.value for s in SLOT_SPACES[:-1]) + f" or {SLOT_SPACES[-1].value}"
    return (
        f"{value_name(load)} is in {t.memory_space.value}, and a slot region lives only "
        f"in {spaces}"
    )


def valid_shape_reason(load: SSAValue) -> str | None:
    """Why ``load``'s valid shape is not static (a ``?`` extent, a runtime
    valid shape of issue 23), or None."""
    t = load.type
    assert isinstance(t, TileType)
    if not t.has_dynamic_valid:
        return None
    dims = "x".join("?" if dyn else str(d) for d, dyn in zip(t.get_valid_shape(), t.dynamic_valid()))
    return (
        f"{value_name(load)} has the dynamic valid shape {dims}, and a slot region "
        "declares one static extent for all its slots"
    )


def tile_reason(load: SSAValue, loop: scf.ForOp) -> str | None:
    """The first tile gate ``load`` fails, in the fixed order space, static
    valid shape, phi, view / in-place consumer; None when it passes all."""
    return (
        space_reason(load)
        or valid_shape_reason(load)
        or phi_reason(load, loop)
        or alias_use_reason(load, loop)
    )


def _bounds_reason(loop: scf.ForOp, stages: int) -> str | None:
    """Why ``iv mod stages`` does not count ``loop``'s iterations from slot
    0 (the step is not the constant 1, or the start not a constant,
    non-negative multiple of ``stages``: a negative ``iv`` would make the
    signed remainder the lowering computes a negative slot), or None."""
    step = constant_index(loop.step)
    if step != 1:
        got = "a runtime value" if step is None else str(step)
        return f"its step is {got}; a slot index iv mod {stages} needs the constant step 1"
    start = constant_index(loop.lb)
    if start is None or start < 0 or start % stages:
        got = "a runtime value" if start is None else str(start)
        return (
            f"its start is {got}; a slot index iv mod {stages} needs a constant start "
            f"that is a non-negative multiple of {stages}"
        )
    return None


def _counter_reason(loop: scf.ForOp) -> str | None:
    """Why ``loop``'s induction variable cannot index a slot (it is not an
    ``index``), or None."""
    iv_type = loop.body.block.args[0].type
    if isinstance(iv_type, IndexType):
        return None
    return f"its induction variable is {iv_type}; a slot index needs an index counter"


@dataclass
class _Budget:
    """Bytes pinned per memory space in one function, against the backend's
    capacities (None: no space is gated)."""

    backend: Backend | None
    used: dict[MemorySpace, int] = field(default_factory=dict)

    def over(self, loads: list[SSAValue], stages: int) -> str | None:
        """Why the regions of ``loads`` (``stages`` slots each) do not fit
        beside what is pinned already, or None; the first space over its
        capacity, in :class:`MemorySpace` order, is reported."""
        if self.backend is None:
            return None
        need: dict[MemorySpace, list[SSAValue]] = {}
        for v in loads:
            t = v.type
            assert isinstance(t, TileType)
            need.setdefault(t.memory_space, []).append(v)
        for space in MemorySpace:
            group = need.get(space)
            if not group:
                continue
            nbytes = sum(slot_bytes(v, stages) for v in group)
            cap = self.backend.capacity[space]
            used = self.used.get(space, 0)
            if used + nbytes <= cap:
                continue
            who = (
                f"its {space.value} load {value_name(group[0])} needs {stages} slots"
                if len(group) == 1
                else f"its {len(group)} {space.value} loads need {stages} slots each"
            )
            return (
                f"{who}, {nbytes} bytes, over the {max(cap - used, 0)} bytes of "
                f"{space.value} left ({cap} on {self.backend.name}, {used} already pinned "
                "by declared allocations and slotted loops)"
            )
        return None

    def take(self, loads: list[SSAValue], stages: int) -> None:
        """Pin the regions of ``loads`` (``stages`` slots each)."""
        for v in loads:
            t = v.type
            assert isinstance(t, TileType)
            self.used[t.memory_space] = self.used.get(t.memory_space, 0) + slot_bytes(v, stages)


def plan_slots(fn: func.FuncOp, backend: Backend | None) -> list[LoopPlan]:
    """Decide every ``F > 1`` pipeline loop of ``fn``, in pre-order (outer
    before inner, program order), without changing anything.

    The capacity budget (bytes, per memory space) starts from the author's
    declared allocations and grows with each loop slotted; ``backend`` None
    leaves every space ungated.

    Raises:
        PassError: a bad ``tile.pipeline_stages``; a malformed author
            binding (see :func:`collect_declarations`); a top-level load of
            a pipeline loop that already has a MemRef (``init-memref`` ran
            first).
    """
    budget = _Budget(backend)
    for d in collect_declarations(fn, PASS, backend).values():
        budget.used[d.space] = budget.used.get(d.space, 0) + d.size
    plans: list[LoopPlan] = []
    replicated: set[scf.ForOp] = set()  # F > 1 loops that keep their attribute
    for op in fn.walk():
        if not isinstance(op, scf.ForOp):
            continue
        stages = stages_of(op, PASS, limit=None)
        if stages is None or stages == 1:
            continue
        plan = _plan_loop(op, stages, replicated, budget)
        if plan.outcome is Outcome.SLOT:
            budget.take(plan.loads, stages)
        else:
            replicated.add(op)
        plans.append(plan)
    return plans


def _plan_loop(
    loop: scf.ForOp, stages: int, replicated: set[scf.ForOp], budget: _Budget
) -> LoopPlan:
    """The decision about one loop (the gates in the module docstring's order)."""

    def decline(reason: str) -> LoopPlan:
        return LoopPlan(loop, stages, Outcome.DECLINE, reason=reason)

    loads = top_level_loads(loop)
    if not loads:
        return LoopPlan(loop, stages, Outcome.KEEP)
    for load in loads:
        if load.result.type.get_memref() is not None:  # type: ignore[union-attr]
            raise PassError(
                f"{PASS}: this pipeline loop is already planned ({value_name(load.result)} "
                "has a MemRef); run lower-pipeline-to-slots before init-memref / "
                "pto-plan-memory",
                loop,
            )

    if stages > MAX_MULTI_TILE_COUNT:
        return decline(
            f"a ptoas slot region holds at most {MAX_MULTI_TILE_COUNT} slots, and this loop "
            f"asks for {stages} stages"
        )
    outer = loop.parent_op()
    while outer is not None and outer not in replicated:
        outer = outer.parent_op()
    if isinstance(outer, scf.ForOp):
        outer_stages = stages_of(outer, PASS, limit=None)
        return decline(f"the enclosing stage={outer_stages} pipeline loop stays replicated")
    reason = _bounds_reason(loop, stages) or _counter_reason(loop)
    if reason is not None:
        return decline(reason)
    candidates = candidate_loads(loop)
    for v in candidates:
        reason = tile_reason(v, loop)
        if reason is not None:
            return decline(reason)
    reason = budget.over(candidates, stages)
    if reason is not None:
        return decline(reason)
    return LoopPlan(loop, stages, Outcome.SLOT, loads=candidates)


# ----- rewrite ------------------------------------------------------------------


def _taken_names(fn: func.FuncOp) -> set[str]:
    """Every declaration and allocation name of ``fn``: the author's
    bindings (on any tile value) and ``tile.alloc`` symbols."""
    names: set[str] = set()
    for op in fn.walk():
        if isinstance(op, AllocOp):
            names.add(op.sym_name.data)
        for r in op.results:
            if isinstance(r.type, TileType) and (b := r.type.get_binding()) is not None:
                names.add(b.decl_name)
    return names


def fresh_name(value: SSAValue, taken: set[str]) -> str:
    """A declaration name for ``value``'s region, not in ``taken`` (which
    it is added to): ``pipe_<name hint>``, else ``pipe_<n>``; a taken name
    gets the first free ``_1``, ``_2``, ... suffix. The name is a bare
    identifier: every character of the hint outside ``[A-Za-z0-9_]`` (an
    SSA name may hold ``.``, ``$`` or ``-``) becomes ``_``."""
    if value.name_hint:
        base = "pipe_" + re.sub(r"[^A-Za-z0-9_]", "_", value.name_hint)
        name, k = base, 0
        while name in taken:
            k += 1
            name = f"{base}_{k}"
    else:
        k = 0
        while f"pipe_{k}" in taken:
            k += 1
        name = f"pipe_{k}"
    taken.add(name)
    return name


def apply_slots(fn: func.FuncOp, plans: list[LoopPlan]) -> None:
    """Carry out ``plans`` on ``fn``: each SLOT loop's candidates are bound
    to a fresh ``stages``-slot declaration on slot ``iv`` and the loop loses
    ``tile.pipeline_stages``; a declined loop gets its remark; a KEEP loop
    is left alone. The bindings and the slotted loops are decided here;
    :class:`~xdsl_pto.transforms.patterns.RetypeValues` and
    :class:`~xdsl_pto.transforms.patterns.DropAttribute` apply them."""
    taken = _taken_names(fn)
    bound: dict[SSAValue, TileType] = {}
    slotted: set[Operation] = set()
    for plan in plans:
        if plan.outcome is Outcome.DECLINE:
            report("remark", plan.remark, plan.loop)
            continue
        if plan.outcome is Outcome.KEEP:
            continue
        for v in plan.loads:
            t = v.type
            assert isinstance(t, TileType)
            binding = AllocBindingAttr(fresh_name(v, taken), plan.stages, "iv")
            bound[v] = t.with_binding(binding)
        slotted.add(plan.loop)
    if slotted:
        apply_patterns(fn, RetypeValues(bound), DropAttribute(PIPELINE_STAGES, slotted))


def lower_pipeline_to_slots(fn: func.FuncOp, backend: Backend | None) -> list[LoopPlan]:
    """Plan (:func:`plan_slots`) and rewrite (:func:`apply_slots`) one
    function; returns the decisions."""
    plans = plan_slots(fn, backend)
    apply_slots(fn, plans)
    return plans


@dataclass(frozen=True)
class LowerPipelineToSlotsPass(ModulePass):
    """Multi-buffer pipeline loops by rotating their loads through the slots
    of declared allocations (seed 004), under ``planner=ptoas`` only.

    Options:
        planner: ``pypto`` or ``ptoas`` (``dsa_rp`` is an error: not
            available yet); empty = the module's recorded
            ``tile.memory_planner``, else ``pypto``. Anything but ``ptoas``
            leaves the module untouched.
        backend: ``a2``, ``a3`` or ``a5``; empty = the module's
            ``pto.target_arch`` if any. Its capacities (bytes) bound the
            regions pinned per memory space; none known: no bound. An
            unknown name is an error under every planner.
    """

    name = "lower-pipeline-to-slots"

    planner: str = ""
    backend: str = ""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        # a bad backend name is an error under any planner
        config = PassConfig.resolve(op, PASS, backend=self.backend, planner=self.planner)
        if config.planner is not Planner.PTOAS:
            return
        backend = config.backend
        record_target(op, backend, PASS)
        record_planner(op, Planner.PTOAS)
        for fn in kernels(op):
            lower_pipeline_to_slots(fn, backend)


__all__ = [
    "PASS",
    "LoopPlan",
    "LowerPipelineToSlotsPass",
    "Outcome",
    "apply_slots",
    "candidate_loads",
    "fresh_name",
    "lower_pipeline_to_slots",
    "phi_reason",
    "plan_slots",
    "slot_bytes",
    "tile_reason",
]
