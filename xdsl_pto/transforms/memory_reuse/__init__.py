"""``memory-reuse``: opportunistic buffer sharing for the PYPTO planner.

Seeds 001/002 (MemoryReuse). One module per stage, run in this order:

1. :mod:`.yield_fixup` -- settle carry moves (keep Vec, reject Acc);
2. :mod:`.lifetime` -- statement indices and root intervals;
3. :mod:`.constraints` -- no-alias pairs from the op traits;
4. :mod:`.packing` -- first-fit-decreasing packing per memory space; with a
   backend, a space whose exact allocator footprint
   (:func:`~xdsl_pto.transforms.footprint.layout`) overflows is packed again
   with subranges, kept when it then fits (seed 001/002 step 3);
5. :mod:`.rewrite` -- rebase roots, remove unreferenced ``tile.alloc``.

Addresses from an earlier ``allocate-memory-addr`` are dropped: they no longer
describe the shared buffers (run it again afterwards).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from xdsl_pto.backends import Backend, backend_for_pass, record_target
from xdsl_pto.dialects.tile.types import MemorySpace
from xdsl_pto.transforms.common import allocs, functions, require_memrefs
from xdsl_pto.transforms.footprint import layout
from xdsl_pto.transforms.memory_reuse.constraints import no_alias_pairs
from xdsl_pto.transforms.memory_reuse.lifetime import root_intervals
from xdsl_pto.transforms.memory_reuse.packing import Buffer, Root, pack, pack_subranges
from xdsl_pto.transforms.memory_reuse.rewrite import apply_sharing
from xdsl_pto.transforms.memory_reuse.yield_fixup import check_carries

PASS = "memory-reuse"


def plan_reuse(fn: func.FuncOp, backend: Backend | None = None) -> list[Buffer]:
    """The packing decision for ``fn`` (analysis only; nothing is changed).

    The legacy whole-buffer packing is kept byte for byte wherever it fits;
    with a ``backend``, each memory space whose footprint overflows its
    capacity is packed again with aligned subranges of existing arenas, and
    that packing is used when it fits (else the legacy one stays, and
    allocate-memory-addr reports the overflow).
    """
    intervals = root_intervals(fn)
    roots = [
        Root(name, op.space.data, op.size.data, intervals[name])
        for name, op in allocs(fn).items()
        if name in intervals
    ]
    forbidden = no_alias_pairs(fn)
    buffers = pack(roots, forbidden)
    if backend is None:
        return buffers
    out: list[Buffer] = []
    for space in sorted({r.space for r in roots}):
        mine = [b for b in buffers if b.representative.space == space]
        limit = backend.capacity[MemorySpace(space)]
        if _footprint(mine) > limit:
            retry = pack_subranges([r for r in roots if r.space == space], forbidden)
            if _footprint(retry) <= limit:
                mine = retry
        out.extend(mine)
    return out


def _footprint(buffers: list[Buffer]) -> int:
    return layout({b.representative.name: b.representative.size for b in buffers})[1]


def memory_reuse(fn: func.FuncOp, backend: Backend | None = None) -> list[str]:
    """Run MemoryReuse on one function; returns the removed root names.
    ``backend`` (capacities) enables the subrange fallback.

    Raises:
        PassError: without MemRefs (run init-memref first) or for an Acc carry
            that cannot stay in one buffer.
    """
    require_memrefs(fn, PASS)
    check_carries(fn, PASS)
    removed = apply_sharing(fn, plan_reuse(fn, backend))
    for op in allocs(fn).values():
        op.addr = None  # addresses, if any, no longer describe the buffers
    return removed


@dataclass(frozen=True)
class MemoryReusePass(ModulePass):
    """Share buffers between tiles whose lifetimes do not overlap (seed 001/002).

    Options:
        backend: ``a2``, ``a3`` or ``a5``; empty = the module's
            ``pto.target_arch`` if any. With a capacity known, a space that
            overflows is packed again with subranges (see :func:`plan_reuse`),
            and the backend is recorded as ``pto.target_arch``.
    """

    name = "memory-reuse"

    backend: str = ""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        backend = backend_for_pass(self.backend, op, PASS)
        record_target(op, backend)
        for fn in functions(op):
            memory_reuse(fn, backend)


__all__ = ["MemoryReusePass", "memory_reuse", "plan_reuse"]
