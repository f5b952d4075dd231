"""Apply a packing: rebase every member root onto its buffer's representative
and drop the allocations nothing refers to any more (MemoryReuse steps 3-8)."""

from __future__ import annotations

from xdsl.dialects import func

from xdsl_pto.dialects.tile.types import MemRefAttr
from xdsl_pto.transforms.common import (
    memref_of,
    remove_unused_allocs,
    set_memref,
    tile_values,
)
from xdsl_pto.transforms.memory_reuse.packing import Buffer


def apply_sharing(fn: func.FuncOp, buffers: list[Buffer]) -> list[str]:
    """Move every value of a non-representative root onto its representative
    (its offset shifted by the root's place in the buffer, its size kept);
    returns the removed allocation names."""
    rebase = {
        m.name: (b.representative.name, b.offset(m)) for b in buffers for m in b.members[1:]
    }
    for v in list(tile_values(fn)):
        m = memref_of(v)
        if m is not None and m.root_name in rebase:
            root, shift = rebase[m.root_name]
            set_memref(v, MemRefAttr(root, m.offset.data + shift, m.size.data))
    return remove_unused_allocs(fn)
