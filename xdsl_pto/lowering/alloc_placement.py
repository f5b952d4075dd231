"""Where ``pto.alloc_tile`` ops go under planner=ptoas: each in the narrowest
scope that dominates all its uses (:func:`sink_allocations`), as the
reference's codegen places them.
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.ir import Block, Operation

from xdsl_pto.dialects.pto.ops import AllocTileOp


def sink_allocations(allocations: list[Operation]) -> None:
    """Under planner=ptoas, move each ``pto.alloc_tile`` from the function
    head to the narrowest scope that dominates all its uses: right before
    the first op of the innermost block holding every use (or an ancestor of
    it), as the reference's codegen places them. ptoas's PlanMemory lets a
    tile live from its ``alloc_tile`` to its last use, so a tile of a second
    loop allocated in that loop can take the bytes of the first loop's tiles.
    ``pto.alloc_multi_tile`` regions stay in the head; an allocation without
    a use (a carried root's tile whose parts all took views) is dropped:
    ptoas would only have to place it."""
    position: dict[Block, dict[Operation, int]] = {}

    def index_in(block: Block, op: Operation) -> int:
        if block not in position:
            position[block] = {o: i for i, o in enumerate(block.ops)}
        return position[block][op]

    for alloc in allocations:
        if not isinstance(alloc, AllocTileOp):
            continue
        users = [use.operation for use in alloc.result.uses]
        if not users:
            alloc.detach()
            alloc.erase()
            continue
        chains = [_ancestor_blocks(u) for u in users]
        common = None
        for depth in range(min(len(c) for c in chains)):
            level = {id(c[depth][0]) for c in chains}
            if len(level) != 1:
                break
            common = chains[0][depth][0]
        assert common is not None  # every user is in the function body
        first = min(
            (next(op for block, op in c if block is common) for c in chains),
            key=lambda op: index_in(common, op),
        )
        if first is alloc or alloc.next_op is first:
            continue
        old = alloc.parent_block()
        alloc.detach()
        common.insert_op_before(alloc, first)
        position.pop(common, None)
        if old is not None:
            position.pop(old, None)


def _ancestor_blocks(op: Operation) -> list[tuple[Block, Operation]]:
    """``(block, op in that block)`` from the function body down to ``op``'s
    own block: each block holding ``op`` and the ancestor of ``op`` in it."""
    out: list[tuple[Block, Operation]] = []
    cur: Operation | None = op
    while cur is not None and not isinstance(cur, func.FuncOp):
        block = cur.parent_block()
        if block is None:
            break
        out.append((block, cur))
        cur = block.parent_op()
    out.reverse()
    return out


__all__ = [
    "sink_allocations",
]
