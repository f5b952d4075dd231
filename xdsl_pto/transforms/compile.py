"""``pto-compile``: a Tile kernel to the PTO module ptoas reads, in one pass.

The reference's default flow before codegen (pypto-docs/00-pto_codegen.md),
as the stages this project has, in its order:

0. ``expand-mixed-kernel`` -- a mixed kernel's aiv_shard / aic_gather as
   an aic and an aiv function joined by a pipe (nothing to do without them);
1. ``auto-tile-matmul-l0{backend}`` -- L0 tiling of Mat-resident matmuls
   (nothing to do, and no backend needed, in a kernel without one);
2. ``lower-pipeline-to-slots{planner backend}`` -- pipeline loops as slot
   rotations; under any planner but ptoas it leaves the module unchanged;
3. ``lower-pipeline-loops`` -- the pipeline loops left, replicated;
4. ``pto-plan-memory{backend planner verify}`` -- the planner's pipeline;
5. ``convert-tile-to-pto{backend planner}`` -- the PTO module.

Each stage is the registered pass itself (its options passed on), so the
stages stay the one implementation; ``xdsl-opt -p`` with the six names
does the same work.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from xdsl_pto.diagnostics import PassError
from xdsl_pto.lowering.tile_to_pto import ConvertTileToPTOPass
from xdsl_pto.pass_config import PassConfig
from xdsl_pto.transforms.auto_tile_matmul_l0 import AutoTileMatmulL0Pass
from xdsl_pto.transforms.expand_mixed_kernel import ExpandMixedKernelPass
from xdsl_pto.transforms.lower_pipeline_loops import LowerPipelineLoopsPass
from xdsl_pto.transforms.lower_pipeline_to_slots import LowerPipelineToSlotsPass
from xdsl_pto.transforms.plan_memory import PlanMemoryPass


@dataclass(frozen=True)
class CompilePass(ModulePass):
    """The whole flow from a Tile kernel to PTO (see the module docstring).

    Options:
        backend: ``a2``, ``a3`` or ``a5``; empty = the module's
            ``pto.target_arch`` (the lowering needs one of the two).
        planner: ``pypto``, ``dsa_rp`` or ``ptoas``; empty = the module's
            ``tile.memory_planner``, else ``pypto``.
        verify: prove the plan with ``verify-memory-plan`` before lowering.

    Raises:
        PassError: no backend known, an unknown backend or planner
            (``pto-compile: ...``, before any stage runs), or
            what a stage raises, prefixed with that stage's name.
    """

    name = "pto-compile"

    backend: str = ""
    planner: str = ""
    verify: bool = False

    def stages(self) -> tuple[ModulePass, ...]:
        """The passes run, in order, with this pass's options."""
        return (
            ExpandMixedKernelPass(),
            AutoTileMatmulL0Pass(backend=self.backend),
            LowerPipelineToSlotsPass(planner=self.planner, backend=self.backend),
            LowerPipelineLoopsPass(),
            PlanMemoryPass(backend=self.backend, planner=self.planner, verify=self.verify),
            ConvertTileToPTOPass(backend=self.backend, planner=self.planner),
        )

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        # a bad option is this pass's mistake, reported before any stage runs
        config = PassConfig.resolve(op, self.name, backend=self.backend, planner=self.planner)
        if config.backend is None:
            raise PassError(
                f"{self.name}: no target: give {{backend=a2|a3|a5}} (or a module "
                "pto.target_arch); the capacities, the L0 tiling and the PTO text are per target",
                op,
            )
        for stage in self.stages():
            stage.apply(ctx, op)
        op.verify()
