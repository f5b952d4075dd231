"""``memory-reuse``: opportunistic buffer sharing for the PYPTO planner.

Seeds 001/002 (MemoryReuse). One module per stage, run in this order:

1. :mod:`.yield_fixup` -- settle carry moves (keep Vec, reject Acc);
2. :mod:`.lifetime` -- statement indices and root intervals;
3. :mod:`.constraints` -- no-alias pairs from the op traits;
4. :mod:`.packing` -- first-fit-decreasing packing per memory space;
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

from xdsl_pto.transforms.common import allocs, functions, require_memrefs
from xdsl_pto.transforms.memory_reuse.constraints import no_alias_pairs
from xdsl_pto.transforms.memory_reuse.lifetime import root_intervals
from xdsl_pto.transforms.memory_reuse.packing import Buffer, Root, pack
from xdsl_pto.transforms.memory_reuse.rewrite import apply_sharing
from xdsl_pto.transforms.memory_reuse.yield_fixup import check_carries

PASS = "memory-reuse"


def plan_reuse(fn: func.FuncOp) -> list[Buffer]:
    """The packing decision for ``fn`` (analysis only; nothing is changed)."""
    intervals = root_intervals(fn)
    roots = [
        Root(name, op.space.data, op.size.data, intervals[name])
        for name, op in allocs(fn).items()
        if name in intervals
    ]
    return pack(roots, no_alias_pairs(fn))


def memory_reuse(fn: func.FuncOp) -> list[str]:
    """Run MemoryReuse on one function; returns the removed root names.

    Raises:
        PassError: without MemRefs (run init-memref first) or for an Acc carry
            that cannot stay in one buffer.
    """
    require_memrefs(fn, PASS)
    check_carries(fn, PASS)
    removed = apply_sharing(fn, plan_reuse(fn))
    for op in allocs(fn).values():
        op.addr = None  # addresses, if any, no longer describe the buffers
    return removed


@dataclass(frozen=True)
class MemoryReusePass(ModulePass):
    """Share buffers between tiles whose lifetimes do not overlap (seed 001/002)."""

    name = "memory-reuse"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for fn in functions(op):
            memory_reuse(fn)


__all__ = ["MemoryReusePass", "memory_reuse", "plan_reuse"]
