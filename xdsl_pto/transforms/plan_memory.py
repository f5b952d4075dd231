"""``pto-plan-memory``: the default (PYPTO) memory-planning pipeline.

Runs init-memref, materialize-semantic-aliases, memory-reuse and
allocate-memory-addr in that order (pypto-docs/00-pto_codegen.md, "Who plans
memory", row PYPTO), verifying the module after each of them.
allocate-memory-addr records the backend as the module's ``pto.target_arch``,
so the lowering and later tools see the same target.

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
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from xdsl_pto.backends import backend_for_pass
from xdsl_pto.transforms.allocate_memory_addr import AllocateMemoryAddrPass
from xdsl_pto.transforms.common import is_planned
from xdsl_pto.transforms.init_memref import InitMemRefPass
from xdsl_pto.transforms.materialize_semantic_aliases import (
    MaterializeSemanticAliasesPass,
)
from xdsl_pto.transforms.memory_reuse import MemoryReusePass
from xdsl_pto.transforms.verify_memory_plan import VerifyMemoryPlanPass


@dataclass(frozen=True)
class PlanMemoryPass(ModulePass):
    """The four planning passes as one pipeline.

    Options:
        backend: ``a2``, ``a3`` or ``a5`` (capacity check and target); empty =
            the module's ``pto.target_arch`` if any.
        verify: run the independent ``verify-memory-plan`` check at the end.
    """

    name = "pto-plan-memory"

    backend: str = ""
    verify: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        backend_for_pass(self.backend, op, self.name)  # reject a bad name up front
        stages: tuple[ModulePass, ...] = (
            InitMemRefPass(),
            MaterializeSemanticAliasesPass(self.backend),
            MemoryReusePass(self.backend),
            AllocateMemoryAddrPass(self.backend),
        )
        if is_planned(op):
            stages = stages[-1:]
        for stage in stages:
            stage.apply(ctx, op)
            op.verify()
        if self.verify:
            VerifyMemoryPlanPass(self.backend).apply(ctx, op)
