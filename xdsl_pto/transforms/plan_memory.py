"""``pto-plan-memory``: the memory-planning pipeline of one planner.

With ``planner=pypto`` (the default) it runs init-memref,
materialize-semantic-aliases, memory-reuse and allocate-memory-addr in that
order (pypto-docs/00-pto_codegen.md, "Who plans memory", row PYPTO),
verifying the module after each of them. allocate-memory-addr records the
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
and the planner and backend are recorded
(``tile.memory_planner``, ``pto.target_arch``).

A module that is already planned (every tile has a MemRef, every
``tile.alloc`` an address) keeps its plan: only allocate-memory-addr runs
again, re-checking the capacity of the requested backend. Re-running
memory-reuse could not reproduce it -- the pipeline-stage memberships that
kept concurrent clones apart were consumed by the first run -- so planning a
planned module changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from xdsl_pto.backends import backend_for_pass, record_target
from xdsl_pto.diagnostics import report
from xdsl_pto.dialects.tile.traits import is_tpop
from xdsl_pto.planners import Planner, planner_for_pass
from xdsl_pto.transforms.allocate_memory_addr import AllocateMemoryAddrPass
from xdsl_pto.transforms.common import functions, is_planned
from xdsl_pto.transforms.init_memref import InitMemRefPass
from xdsl_pto.transforms.materialize_semantic_aliases import (
    MaterializeSemanticAliasesPass,
)
from xdsl_pto.transforms.memory_reuse import MemoryReusePass, check_before_packing
from xdsl_pto.transforms.memory_reuse.hazards import load_tpop_guard_active
from xdsl_pto.transforms.verify_memory_plan import (
    VerifyMemoryPlanPass,
    check_unaddressed_roots,
)


@dataclass(frozen=True)
class PlanMemoryPass(ModulePass):
    """The four planning passes as one pipeline.

    Options:
        backend: ``a2``, ``a3`` or ``a5`` (capacity check and target); empty =
            the module's ``pto.target_arch`` if any.
        planner: ``pypto``, ``dsa_rp`` or ``ptoas``; empty = the module's ``tile.memory_planner``, else ``pypto``.
        verify: run the independent ``verify-memory-plan`` check at the end.

    Raises:
        PassError: from the stages, or for a bad option (see
            :func:`xdsl_pto.planners.planner_for_pass`).
    """

    name = "pto-plan-memory"

    backend: str = ""
    planner: str = ""
    verify: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        backend = backend_for_pass(self.backend, op, self.name)  # a bad name, up front
        planner = planner_for_pass(self.planner, op, self.name)
        stages: tuple[ModulePass, ...] = (
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
        for stage in stages:
            stage.apply(ctx, op)
            op.verify()
        if planner is Planner.PTOAS:
            record_target(op, backend, self.name)
            target = backend.name if backend is not None else None
            for fn in functions(op):
                check_before_packing(fn, target, self.name)
                check_unaddressed_roots(fn, backend, self.name)
                _warn_unguarded_tpop(fn, target, self.name)
        if self.verify:
            VerifyMemoryPlanPass(self.backend).apply(ctx, op)


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
