"""The xDSL plugin: registers the Tile and PTO dialects and our passes with
``xdsl-opt`` (entry point group ``xdsl.universe``).

Factories import lazily so ``xdsl-opt`` starts fast. Loading the plugin also
installs :func:`xdsl_pto.diagnostics.install_excepthook`, so a user mistake
(malformed input, invalid kernel, a pass refusing its input) prints one
``file:line:col: error: message`` line and exits 1 instead of a traceback,
:func:`xdsl_pto.xdsl_patches.install`, our fixes to xDSL's parser for
malformed input, and :func:`xdsl_pto.tools.opt_driver.install` (``-`` reads
standard input, ``-o`` is written atomically).
"""

from xdsl.universe import Universe

from xdsl_pto import xdsl_patches
from xdsl_pto.diagnostics import install_excepthook
from xdsl_pto.tools import opt_driver


def _tile():
    from xdsl_pto.dialects.tile import Tile

    return Tile


def _pto():
    from xdsl_pto.dialects.pto import PTO

    return PTO


def _pass(module: str, cls: str):
    def factory():
        import importlib

        return getattr(importlib.import_module(module), cls)

    return factory


XDSL_PTO_UNIVERSE = Universe(
    all_dialects={"tile": _tile, "pto": _pto},
    all_passes={
        "init-memref": _pass("xdsl_pto.transforms.init_memref", "InitMemRefPass"),
        "materialize-semantic-aliases": _pass(
            "xdsl_pto.transforms.materialize_semantic_aliases", "MaterializeSemanticAliasesPass"
        ),
        "memory-reuse": _pass("xdsl_pto.transforms.memory_reuse", "MemoryReusePass"),
        "allocate-memory-addr": _pass(
            "xdsl_pto.transforms.allocate_memory_addr", "AllocateMemoryAddrPass"
        ),
        "pto-plan-memory": _pass("xdsl_pto.transforms.plan_memory", "PlanMemoryPass"),
        "verify-memory-plan": _pass("xdsl_pto.verify.memory_plan", "VerifyMemoryPlanPass"),
        "lower-pipeline-loops": _pass(
            "xdsl_pto.transforms.lower_pipeline_loops", "LowerPipelineLoopsPass"
        ),
        "auto-tile-matmul-l0": _pass("xdsl_pto.transforms.auto_tile_matmul_l0", "AutoTileMatmulL0Pass"),
        "lower-pipeline-to-slots": _pass("xdsl_pto.transforms.lower_pipeline_to_slots", "LowerPipelineToSlotsPass"),
        "convert-tile-to-pto": _pass("xdsl_pto.lowering.tile_to_pto", "ConvertTileToPTOPass"),
        "expand-mixed-kernel": _pass("xdsl_pto.transforms.expand_mixed_kernel", "ExpandMixedKernelPass"),
        "pto-compile": _pass("xdsl_pto.transforms.compile", "CompilePass"),
        "lower-composite-ops": _pass("xdsl_pto.transforms.lower_composite_ops", "LowerCompositeOpsPass"),
    },
)

install_excepthook()
xdsl_patches.install()
opt_driver.install()
