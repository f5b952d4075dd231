"""Apply a packing: rebase every member root onto its buffer's representative
and drop the allocations nothing refers to any more (MemoryReuse steps 3-8).
The new types are decided here; :class:`~xdsl_pto.transforms.patterns.RetypeValues`
and :class:`~xdsl_pto.transforms.patterns.EraseAllocs` apply them."""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.ir import Attribute, SSAValue

from xdsl_pto.dialects.tile.types import MemRefAttr, TileType
from xdsl_pto.transforms.common import allocs, remove_unused_allocs, tile_values
from xdsl_pto.transforms.patterns import EraseAllocs, RetypeValues, apply_patterns
from xdsl_pto.transforms.memory_reuse.packing import Buffer

#: Position of the MemRef among a tile type's parameters.
_MEMREF = [name for name, _ in TileType.get_irdl_definition().parameters].index("memref")


def apply_sharing(fn: func.FuncOp, buffers: list[Buffer], members_only: bool = False) -> list[str]:
    """Move every value of a non-representative root onto its representative
    (its offset shifted by the root's place in the buffer, its size kept);
    returns the removed allocation names: every ``tile.alloc`` no value
    refers to any more (MemoryReuse step 8), or with ``members_only`` just
    the rebased roots (another unused one is left as it was)."""
    rebase = {
        m.name: (b.representative.name, b.offset(m)) for b in buffers for m in b.members[1:]
    }
    # Attributes are values: the windows and re-typed tile types a
    # function needs repeat (one root's values mostly share a window, its
    # values mostly a type), and building one -- its parameters verified --
    # cost most of this rewrite. Each distinct one is built once.
    windows: dict[tuple[str, int, int], MemRefAttr] = {}
    retyped: dict[tuple[Attribute, ...], TileType] = {}
    decided: dict[SSAValue, TileType] = {}
    for v in tile_values(fn):
        t = v.type
        m = t.get_memref() if isinstance(t, TileType) else None
        if m is not None and m.root_name in rebase:
            root, shift = rebase[m.root_name]
            key = (root, m.offset.data + shift, m.size.data)
            window = windows.get(key)
            if window is None:
                window = windows[key] = MemRefAttr(*key)
            if m == window:
                continue  # as set_memref: nothing to change
            # with_memref keeps every other parameter: they and the window
            # make the new type (the old MemRef, unique to a root, does not).
            params = t.parameters
            tkey = (*params[:_MEMREF], *params[_MEMREF + 1 :], window)
            new_type = retyped.get(tkey)
            if new_type is None:
                new_type = retyped[tkey] = t.with_memref(window)
            decided[v] = new_type
    if decided:
        apply_patterns(fn, RetypeValues(decided))
    if not members_only:
        return remove_unused_allocs(fn)
    gone = [name for name in allocs(fn) if name in rebase]
    if gone:
        apply_patterns(fn, EraseAllocs(set(gone)))
    return gone
