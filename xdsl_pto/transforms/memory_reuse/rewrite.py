"""Apply a packing: rebase every member root onto its buffer's representative
and drop the allocations nothing refers to any more (MemoryReuse steps 3-8)."""

from __future__ import annotations

from xdsl.dialects import func

from xdsl_pto.dialects.tile.types import MemRefAttr
from xdsl_pto.transforms.common import memref_of, remove_unused_allocs, set_memref, tile_values
from xdsl_pto.transforms.memory_reuse.packing import Buffer


def apply_sharing(fn: func.FuncOp, buffers: list[Buffer]) -> list[str]:
    """Move every value of a non-representative root onto its representative
    (keeping its offset and size); returns the removed allocation names."""
    rebase = {
        m.name: b.representative.name for b in buffers for m in b.members[1:]
    }
    for v in list(tile_values(fn)):
        m = memref_of(v)
        if m is not None and m.root_name in rebase:
            set_memref(v, MemRefAttr(rebase[m.root_name], m.offset.data, m.size.data))
    return remove_unused_allocs(fn)
