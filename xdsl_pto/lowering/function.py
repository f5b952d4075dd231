"""``convert-tile-to-pto`` for one planned function, in place
(:func:`lower_function`): the steps in order, each in the module named after
it.

0. tiles of rank 3 or more unrolled into their 2-D slabs, per batch
   (:mod:`.batch_unroll`);
1. checks, plain code over the planned IR (:mod:`.checks`): the plan, the
   ptoas rules the ops declare, the tile buffers, the kernel kind;
2. the prologue's tensor views (:mod:`.prologue`), the communication
   contexts of the distributed tensors (:mod:`.comm`) and every tile value's
   handle (:mod:`.handles`);
3. the per-op step: every tile op lowered by the RewritePatterns of
   :mod:`.op_patterns`, one per rewrite kind, in one PatternRewriteWalker
   walk;
4. loops and ifs rebuilt without tile carries (:mod:`.carriers`), the tile
   ops erased, the ``tile.*`` attributes dropped;
5. the prologue and the signature (:func:`.prologue.finish_signature`) and,
   under planner=ptoas, each ``pto.alloc_tile`` sunk to where it is used
   (:mod:`.alloc_placement`).
"""

from __future__ import annotations

from xdsl_pto.backends import Backend
from xdsl_pto.lowering.alloc_placement import sink_allocations
from xdsl_pto.lowering.batch_unroll import unroll_batches
from xdsl_pto.lowering.carriers import check_carried_handles, drop_tile_carries
from xdsl_pto.lowering.comm import add_comm_contexts
from xdsl_pto.lowering.checks import check_planned, check_tile_buffers, kernel_kind
from xdsl_pto.lowering.handles import make_handles
from xdsl_pto.lowering.op_patterns import SCALAR_GM_OPS, TILE_OP_TYPES, lower_tile_ops
from xdsl_pto.lowering.prologue import finish_signature, make_tensor_views
from xdsl_pto.lowering.state import FunctionLowering


def lower_function(fl: FunctionLowering, backend: Backend) -> None:
    """Lower ``fl.fn`` for ``backend`` (see the module doc).

    Raises:
        PassError: for an unplanned function or a plan the target refuses
            (:mod:`.checks`), a form the lowering refuses (a handle, a view,
            an op), or (ptoas) a carry with no one handle.
    """
    fl.backend = backend
    unroll_batches(fl)
    check_planned(fl, backend)
    check_tile_buffers(fl)
    kind = kernel_kind(fl)
    make_tensor_views(fl)
    add_comm_contexts(fl)
    make_handles(fl)
    tile_ops = [op for op in fl.fn.walk() if isinstance(op, (*TILE_OP_TYPES, *SCALAR_GM_OPS))]
    lower_tile_ops(fl)
    if not fl.addressed:
        check_carried_handles(fl)
    drop_tile_carries(fl)
    for op in reversed(tile_ops):
        for r in op.results:
            r.replace_all_uses_with(fl.handle.get(r, r))
        op.detach()
        op.erase()
    for op in fl.temporaries:
        op.detach()
        op.erase()
    for op in fl.fn.walk():  # e.g. a pipeline loop's tile.pipeline_stages
        for key in [k for k in op.attributes if k.startswith("tile.")]:
            del op.attributes[key]
    finish_signature(fl, kind)
    if not fl.addressed:
        sink_allocations(fl.pro.allocs)


__all__ = ["lower_function"]
