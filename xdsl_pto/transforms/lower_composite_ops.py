"""``lower-composite-ops``: replace every composite tile op by the tile ops it
stands for (the reference's LowerCompositeOps, which runs before its memory
planning; reference/tile-op-semantics.md section 1, "sin/cos").

An op with the :class:`~xdsl_pto.dialects.tile.traits.Composite` trait
(``tile.sin``, ``tile.cos``, ``tile.scatter_update``) has no PTO op. Its
trait builds the ops -- ``arith.constant`` scalars and ordinary tile ops --
which are inserted in its place, its result replaced by their
last one (the same type: a declared allocation of the result stays on it).
The pass asks the trait only; it knows no op by name. Running it twice
changes nothing (the expansion has no composite op).

``pto-plan-memory`` runs it first, under every planner, so the new ops are
planned like any others; the interpreter runs the same ops for a composite
op's meaning (:mod:`xdsl_pto.interp.semantics_vector`), so a planned kernel
computes bit-identically to the kernel as written.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriter, PatternRewriteWalker, RewritePattern

from xdsl_pto.dialects.tile.traits import composite_of
from xdsl_pto.dialects.tile.types import TileType


class ExpandComposite(RewritePattern):
    """Replace a :class:`~xdsl_pto.dialects.tile.traits.Composite` op by its
    expansion (each new op at the composite op's location)."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        trait = composite_of(op)
        if trait is None:
            return
        result = op.results[0]
        assert isinstance(result.type, TileType)
        ops, value = trait.expand(list(op.operands), result.type, result.name_hint)
        for new in ops:
            new.location = op.location
        rewriter.replace(op, ops, [value])


def lower_composite_ops(module: ModuleOp) -> None:
    """Expand every composite op of ``module`` in place (see the module doc)."""
    if not any(composite_of(op) is not None for op in module.walk()):
        return
    PatternRewriteWalker(ExpandComposite(), apply_recursively=False).rewrite_module(module)


@dataclass(frozen=True)
class LowerCompositeOpsPass(ModulePass):
    """Expand the composite tile ops (``tile.sin``, ``tile.cos``,
    ``tile.scatter_update``) into the
    tile ops they stand for; see the module doc. No options; raises nothing
    (a composite op's verifier already checked what its expansion needs)."""

    name = "lower-composite-ops"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        lower_composite_ops(op)
