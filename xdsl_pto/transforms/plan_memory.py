"""``pto-plan-memory``: the memory-planning pipeline of one planner.

Under every planner it first expands the composite tile ops (``tile.sin``,
``tile.cos``: ``lower-composite-ops``), which have no PTO op, and copies each
column-window slice that no view could lower into a tile of its own
(``tile.extract``: :mod:`xdsl_pto.transforms.slice_windows`).

With ``planner=pypto`` (the default) it runs init-memref,
materialize-semantic-aliases, memory-reuse and allocate-memory-addr in that
order (pypto-docs/00-pto_codegen.md, "Who plans memory", row PYPTO),
and verifies its output: the whole module once, after the last stage;
between two stages only what a stage can break is verified (the ops it
inserted, the region ops and terminators: :func:`_verify_seams`), and
``verify_stages=true`` verifies the whole module after every stage. allocate-memory-addr records the
backend as the module's ``pto.target_arch``, so the lowering and later tools
see the same target.

With ``planner=dsa_rp`` (row DSA_RP) it runs init-memref,
materialize-semantic-aliases and allocate-memory-addr with DSA placement:
memory-reuse is skipped, every allocation root stays its own buffer.

With ``planner=ptoas`` (row PTOAS) it runs init-memref and
materialize-semantic-aliases only: ptoas shares and places the buffers. What
the plan already fixes is still checked as memory-reuse checks it (a carry
move with no same-space copy, such as Acc to Acc; two values on one slot live
at once; a no-alias rule or target hazard between values bound together),
the reserved cross-core windows of a space must fit its capacity on their
own (:func:`~xdsl_pto.transforms.pipe_checks.check_reservations`, naming a
pipe ring's ``slot_num`` as pypto and dsa_rp do), and the planner and backend
are recorded (``tile.memory_planner``, ``pto.target_arch``). ptoas's planner
keeps an op's operands and result apart, so a space that fits only if a
result takes the bytes of an operand it reads for the last time would
overflow there: with a backend, such results are put on their operand's root
(:func:`xdsl_pto.transforms.ptoas_inplace.share_dying_operands`: only where
the op traits' no-alias rules and the target hazards allow it, between tiles
of one type, which the lowering then gives one ``pto.alloc_tile`` that ptoas
places as one tile; only as many as it takes for the space to fit; a remark
at each op). A space this cannot make fit gets a warning, one that fits
under no placement an error
(:func:`xdsl_pto.analysis.ptoas_load.check_ptoas_fit`); a kernel that fits
is left as it was.

A module that is already planned (every tile has a MemRef, every
``tile.alloc`` an address) keeps its plan: only allocate-memory-addr runs
again, re-checking the capacity of the requested backend. Re-running
memory-reuse could not reproduce it -- the pipeline-stage memberships that
kept concurrent clones apart were consumed by the first run -- so planning a
planned module changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.passes import ModulePass
from xdsl.traits import IsTerminator

from xdsl_pto.analysis.ptoas_load import check_ptoas_fit
from xdsl_pto.backends import Backend, record_target
from xdsl_pto.diagnostics import PassError, report
from xdsl_pto.dialects.tile.traits import is_tpop
from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.pass_config import PassConfig
from xdsl_pto.planners import Planner
from xdsl_pto.transforms.allocate_memory_addr import AllocateMemoryAddrPass
from xdsl_pto.transforms.common import allocs, gc_paused, is_planned, kernels
from xdsl_pto.transforms.init_memref import InitMemRefPass
from xdsl_pto.transforms.lower_composite_ops import lower_composite_ops
from xdsl_pto.transforms.materialize_semantic_aliases import (
    MaterializeSemanticAliasesPass,
)
from xdsl_pto.transforms.memory_reuse import MemoryReusePass, check_before_packing
from xdsl_pto.transforms.memory_reuse.hazards import load_tpop_guard_active
from xdsl_pto.transforms.external_calls import check_external_calls
from xdsl_pto.transforms.pipe_checks import check_reservations
from xdsl_pto.transforms.ptoas_inplace import share_dying_operands
from xdsl_pto.transforms.slice_windows import canonicalize_column_windows


@dataclass(frozen=True)
class PlanMemoryPass(ModulePass):
    """The four planning passes as one pipeline.

    Options:
        backend: ``a2``, ``a3`` or ``a5`` (capacity check and target); empty =
            the module's ``pto.target_arch`` if any.
        planner: ``pypto``, ``dsa_rp`` or ``ptoas``; empty = the module's ``tile.memory_planner``, else ``pypto``.
        verify: run the independent ``verify-memory-plan`` check at the end.
        verify_stages: verify the whole module after every stage, not only
            after the last (a debugging aid: at 10k tile ops each such
            verify costs about 0.3 s; the checks between the stages it
            replaces, :func:`_verify_seams`, about 0.2 s in all).

    Raises:
        PassError: from the stages, or for a bad option (see
            :func:`xdsl_pto.planners.planner_for_pass`).
    """

    name = "pto-plan-memory"

    backend: str = ""
    planner: str = ""
    verify: bool = False
    verify_stages: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        with gc_paused():
            self._apply(ctx, op)

    def _apply(self, ctx: Context, op: ModuleOp) -> None:
        config = PassConfig.resolve(op, self.name, backend=self.backend, planner=self.planner)
        backend, planner = config.backend, config.planner
        check_external_calls(op, self.name)
        stages: tuple[_Stage, ...] = (
            InitMemRefPass(planner.value, self.backend),
            MaterializeSemanticAliasesPass(self.backend),
            MemoryReusePass(self.backend),
            AllocateMemoryAddrPass(self.backend, planner.value),
        )
        if planner is Planner.PTOAS:
            stages = stages[:2]
        elif is_planned(op):
            stages = stages[-1:]
        elif planner is Planner.DSA_RP:
            stages = (stages[0], stages[1], stages[3])
        if not is_planned(op):
            lower_composite_ops(op)  # composite ops have no PTO op: expanded before planning
            target = backend.name if backend is not None else None
            canonicalize_column_windows(op, planner is Planner.PTOAS, target)
        before: set[Operation] | None = None  # the ops before the stage, when needed
        for i, stage in enumerate(stages):
            last = i == len(stages) - 1
            if before is None and not (last or self.verify_stages):
                before = set(_ops_below_functions(op))
            stage.run(op, config)  # the one PassConfig, resolved above
            if last or self.verify_stages:
                op.verify()  # the pass's output
            else:
                assert before is not None
                before = _verify_seams(op, before)
        if planner is Planner.PTOAS:
            record_target(op, backend, self.name)
            target = backend.name if backend is not None else None
            for fn in kernels(op):
                check_reservations(fn, backend, self.name, ptoas=True)  # before the tiles' room is computed
                check_before_packing(fn, target, self.name)
                _check_unaddressed_roots(fn, backend, self.name)
                _warn_unguarded_tpop(fn, target, self.name)
                share_dying_operands(fn, backend, self.name)
                check_ptoas_fit(fn, backend, self.name)
        if self.verify:
            _registered_pass("verify-memory-plan", backend=self.backend).apply(ctx, op)


_Stage = InitMemRefPass | MaterializeSemanticAliasesPass | MemoryReusePass | AllocateMemoryAddrPass


def _registered_pass(name: str, **options: str) -> ModulePass:
    """The pass registered as ``name`` in the project's pass universe (as
    ``xdsl-opt -p NAME`` finds it), built with ``options``. The planner
    reaches the independent validator this way only: no module of
    transforms/ imports xdsl_pto.verify."""
    from xdsl_pto.universe import XDSL_PTO_UNIVERSE

    return XDSL_PTO_UNIVERSE.all_passes[name]()(**options)


def _check_unaddressed_roots(fn: func.FuncOp, backend: Backend | None, pass_name: str) -> None:
    """The roots of a ``planner=ptoas`` plan: none has an address (ptoas'
    level 2 rejects one), and with a backend the pinned roots of a space
    (declared allocations and regions, which ptoas may not reuse) fit its
    capacity together (pypto-docs/27-lower_pipeline_to_slots.md, "Why the
    slots must fit on chip"). The planner's own check: ``verify-memory-plan``
    proves the same with its own code (:mod:`xdsl_pto.verify`).

    Raises:
        PassError: prefixed with ``pass_name``, at the root with an address
            or the pinned root that crosses the capacity.
    """
    pinned: dict[str, int] = {}
    for name, root in allocs(fn).items():
        if root.addr is not None:
            raise PassError(
                f"{pass_name}: allocation @{name} has an address, but under planner=ptoas "
                "ptoas places every buffer",
                root,
            )
        if not root.is_pinned or backend is None:
            continue
        space = root.space.data
        pinned[space] = pinned.get(space, 0) + root.size.data
        limit = backend.capacity[root.memory_space]
        if pinned[space] > limit:
            raise PassError(
                f"{pass_name}: the declared allocations of {space} up to @{name} pin "
                f"{pinned[space]} bytes, over the {backend.name} {space} capacity ({limit} "
                "bytes); ptoas may not reuse them",
                root,
            )


def _ops_below_functions(module: ModuleOp) -> Iterator[Operation]:
    """Every op nested in the module's functions (not the functions)."""
    for fn in module.body.block.ops:
        if isinstance(fn, func.FuncOp):
            for inner in fn.walk():
                if inner is not fn:
                    yield inner


def _verify_seams(module: ModuleOp, before: set[Operation]) -> set[Operation]:
    """The verification between two stages (``before``: the ops there were
    before the stage): each op the stage inserted, every region-holding op
    below the functions (``scf.for``, ``scf.if``, ...) and every block
    terminator (``scf.yield``, ``func.return``), each on its own (not its
    nested ops).

    What a planning stage changes is MemRefs on tile types (each type is
    verified when it is built; no tile op's verifier reads a MemRef) and the
    ops it inserts or erases. What it can break without an exception of its
    own is an inserted op (a copy, a carry move, a ``tile.alloc``) or the
    agreement of a loop's inits, iter_args, yielded values and results, or
    of an ``scf.if``'s arms and results, once a carry was retyped on one
    side only: that is checked here, right after the stage, for a fraction
    of a whole-module verify (the thousands of tile ops it leaves as they
    were are not verified again). The output of the last stage is verified
    whole.

    Returns the ops there are now (the next stage's ``before``).

    Raises:
        VerifyException: as ``Operation.verify``.
    """
    now: set[Operation] = set()
    for fn in module.body.block.ops:
        if isinstance(fn, func.FuncOp) and fn.body.blocks and any(isinstance(a.type, TileType) for a in fn.args):
            fn.verify(verify_nested_ops=False)  # its signature against its arguments
    for op in _ops_below_functions(module):
        now.add(op)
        if op not in before or op.regions or (op.next_op is None and op.has_trait(IsTerminator)):
            op.verify(verify_nested_ops=False)
    return now


def _warn_unguarded_tpop(fn: func.FuncOp, target: str | None, pass_name: str) -> None:
    """Under ptoas nothing here keeps an op reading a tpop value off a
    load-derived buffer (seed 002's Ascend910 load + tpop hazard): ptoas
    shares the buffers. Say so for a kernel the guard applies to, as the
    reference's compile() does (pypto-docs/00-pto_codegen.md, "Who plans
    memory", caveat)."""
    if any(is_tpop(op) for op in fn.walk()) and load_tpop_guard_active(fn, target):
        report(
            "warning",
            f"{pass_name}: planner=ptoas leaves the buffers of '{fn.sym_name.data}' to ptoas, "
            "which does not guard the Ascend910 load + tpop hazard of this split vector "
            "kernel; verify it on the device, or use planner=pypto",
            fn,
        )
