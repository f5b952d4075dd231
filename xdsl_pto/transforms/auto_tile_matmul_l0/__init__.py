"""``auto-tile-matmul-l0``: L0 tiling of Mat-resident matmuls.

Implements pypto-docs/15-auto_tile_matmul_l0.md for our IR, with seed 003's
K-loop body. For every static 2-D ``tile.matmul``, ``tile.matmul_acc`` and
``tile.matmul_bias`` whose matrix operands are in Mat (the left one may be in
Vec: it is moved to Mat once, before the loop):

* the chooser (:mod:`.chooser`) picks the L0 tile ``(m, n, k)`` for the
  backend by an exhaustive roofline search;
* ``(m, n, k) == (M, N, K)``: the matmul fits L0; each operand gets one
  ``tile.move`` into Left / Right (the reference leaves this to
  InferTileMemorySpace, which this project does not have);
* ``m == M, n == N``: one K reduction (:mod:`.emit`): an ``scf.for`` over the
  full K blocks marked ``tile.pipeline_stages = 2``, whose body extracts the
  ``[m, k]`` / ``[k, n]`` slabs into Left / Right and accumulates into an
  Acc iter_arg with ONE predicated ``tile.matmul_acc`` (``init_cond = ko ==
  0`` for a fresh matmul); a ``K % k`` tail as a straight-line
  ``matmul_acc``; ``matmul_bias`` applies its bias once, on block 0, peeled
  before the loop;
* otherwise an M/N grid (:mod:`.grid`) for a fresh matmul whose only use is
  one ``tile.store``.

Operands already in Left / Right are the author's: left as they are (an
operand that alone exceeds its space is an error). A matmul the pass leaves
gets a remark saying why. Module structure: analysis (:mod:`.sites`),
decision (:mod:`.decide`, :mod:`.chooser`), rewrite (:mod:`.emit`,
:mod:`.grid`), driven by one rewrite pattern.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)

from xdsl_pto.backends import Backend, record_target
from xdsl_pto.pass_config import PassConfig
from xdsl_pto.diagnostics import PassError, report
from xdsl_pto.dialects.tile.traits import L0Operands
from xdsl_pto.transforms.auto_tile_matmul_l0.decide import Action, decide
from xdsl_pto.transforms.auto_tile_matmul_l0.emit import (
    Emitter,
    Reduction,
    Window,
    stage_vec_lhs,
    stage_whole,
)
from xdsl_pto.transforms.auto_tile_matmul_l0.grid import emit_grid
from xdsl_pto.transforms.auto_tile_matmul_l0.sites import PASS, site_of
from xdsl_pto.transforms.common import value_name


@dataclass
class TileMatmul(RewritePattern):
    """Rewrites one cube MAD as :func:`decide` says."""

    backend: Backend
    double_buffer_acc: bool

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        site = site_of(op)
        if site is None:
            return
        d = decide(site, self.backend, self.double_buffer_acc)
        if d.action is Action.LEAVE:
            if d.hint is not None:
                name = value_name(op.results[0])
                report("remark", f"{PASS}: {op.name} {name} left as written: {d.hint}", op)
            return
        em = Emitter(op if d.store is None else d.store, origin=op)
        if d.action is Action.STAGE:
            new = list(op.operands)
            t = op.get_trait(L0Operands)
            assert t is not None
            new[t.lhs], new[t.rhs] = stage_whole(em, site)
            op.operands = new
            rewriter.handle_operation_modification(op)
            return
        assert d.choice is not None
        if d.action is Action.K_LOOP:
            M, N, _ = site.mnk
            red = Reduction(site, stage_vec_lhs(em, site), site.rhs, d.choice.k)
            result = red.emit(em, Window(0, 0, M, N), op.results[0].name_hint or "c")
            rewriter.replace_all_uses_with(op.results[0], result)
            rewriter.erase(op)
            return
        assert d.store is not None
        emit_grid(em, site, d.choice, d.store)
        rewriter.erase(d.store)
        rewriter.erase(op)


@dataclass(frozen=True)
class AutoTileMatmulL0Pass(ModulePass):
    """L0 tiling of Mat-resident matmuls (see the module docstring).

    Options:
        backend: ``a2``, ``a3`` or ``a5``; empty = the module's
            ``pto.target_arch``. Required when the module has a matmul (the
            L0 capacities and the cost model are the backend's); recorded as
            the module's ``pto.target_arch``, so the later passes plan for it.
        dbc: let the chooser double-buffer the accumulator of an M/N grid
            (two sub-tiles live at once, each at most half of L0C); off by
            default, as under the reference's PYPTO planner.

    Raises:
        PassError: for an unknown backend, a missing one (at the first
            matmul), a module planned for another target family, or a manual
            L0 / Bias operand too large for its space.
    """

    name = "auto-tile-matmul-l0"

    backend: str = ""
    dbc: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        backend = PassConfig.resolve(op, self.name, backend=self.backend).backend  # a bad name, up front
        first = next((o for o in op.walk() if site_of(o) is not None), None)
        if first is None:
            return  # nothing to tile: no backend needed
        if backend is None:
            raise PassError(
                f"{self.name}: no backend for this matmul: the L0 capacities and cost model "
                "are per target; give backend=a2|a3|a5 or a module pto.target_arch",
                first,
            )
        record_target(op, backend, self.name)
        walker = PatternRewriteWalker(TileMatmul(backend, self.dbc), apply_recursively=False)
        walker.rewrite_module(op)
        op.verify()
