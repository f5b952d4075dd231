"""``materialize-semantic-aliases``: compute loop-carried values in the carried
buffer.

Implements step 1 of pypto-docs/32-materialize_semantic_aliases.md (seed 000)
for our IR. ``init-memref`` leaves every loop carry (and if-merge) whose
yielded value lives in another buffer joined by a carry move
(``tile.move {carry}``). For each such move, this pass pushes the carried
MemRef onto the yielded value's whole allocation root -- the yielded value,
its in-place producers (``Reuses``) and views, which all share that root --
and deletes the move, so ``acc_next = tile.add(acc, x)`` writes the carried
buffer in place.

The retarget is a must-alias, so it is only done when it is safe:

* every value on the yielded root is defined inside the yielding block;
* the root's windows fit inside the carried root;
* nothing on the carried root is read after the yielded root's first
  definition in that block, in pre-order at any nesting depth (a read *at*
  that op is fine: inputs are read before outputs are written), and
* no producer on the yielded root forbids aliasing (``NotInplaceSafe`` /
  ``NoAlias``) an operand that lives on the carried root.

Otherwise the move stays; ``memory-reuse`` keeps it for Vec and rejects it for
Acc. Inner regions are handled before outer ones. The pass is a no-op when
there is nothing to retarget, and runs for every planner.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from xdsl_pto.dialects.tile.data_ops import MoveOp
from xdsl_pto.dialects.tile.traits import forbidden_alias_operands
from xdsl_pto.dialects.tile.types import MemRefAttr
from xdsl_pto.transforms.common import (
    allocs,
    carry_moves,
    defining_op,
    functions,
    memref_of,
    remove_unused_allocs,
    require_memrefs,
    set_memref,
    tile_values,
)
from xdsl_pto.transforms.memory_reuse.lifetime import ProgramOrder

PASS = "materialize-semantic-aliases"


def _try_retarget(fn: func.FuncOp, move: MoveOp, order: ProgramOrder) -> bool:
    """Retarget the root of ``move``'s source onto its destination window and
    erase the move; returns False (changing nothing) when that is unsafe.

    Positions are pre-order statement indices (``order``), so a read of the
    carried buffer nested inside a region after the yielded root's first
    definition is seen as the later read it is.
    """
    block = move.parent_block()
    assert block is not None
    src, target = memref_of(move.source), memref_of(move.result)
    assert src is not None and target is not None
    if src.root_name == target.root_name:
        return False
    members = [v for v in tile_values(fn) if memref_of(v).root_name == src.root_name]  # type: ignore[union-attr]
    shift = target.offset.data - src.offset.data
    target_size = allocs(fn)[target.root_name].size.data
    first: int | None = None
    for v in members:
        d = defining_op(v)
        if d is None or not block.is_ancestor(d):
            return False
        first = order.start[d] if first is None else min(first, order.start[d])
        m = memref_of(v)
        assert m is not None
        if m.offset.data + shift < 0 or m.end + shift > target_size:
            return False
    assert first is not None
    for v in tile_values(fn):
        m = memref_of(v)
        if m is None or m.root_name != target.root_name or v is move.result:
            continue
        for use in v.uses:
            user = use.operation
            if user is not move and block.is_ancestor(user) and order.start[user] > first:
                return False
    for v in members:
        d = defining_op(v)
        assert d is not None
        for f in forbidden_alias_operands(d):
            fm = memref_of(f)
            if fm is not None and fm.root_name == target.root_name:
                return False
    for v in members:
        m = memref_of(v)
        assert m is not None
        set_memref(v, MemRefAttr(target.root_name, m.offset.data + shift, m.size.data))
    move.result.replace_all_uses_with(move.source)
    move.detach()
    move.erase()
    return True


def materialize(fn: func.FuncOp) -> int:
    """Run the pass on one function; returns how many carry moves it removed."""
    removed = 0
    for move in carry_moves(fn):
        if _try_retarget(fn, move, ProgramOrder.of(fn)):
            removed += 1
    if removed:
        remove_unused_allocs(fn)
    return removed


@dataclass(frozen=True)
class MaterializeSemanticAliasesPass(ModulePass):
    """Compute loop-carried and if-merged values in place in the carried buffer.

    Raises:
        PassError: when the kernel has no MemRefs yet (run init-memref first).
    """

    name = "materialize-semantic-aliases"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for fn in functions(op):
            require_memrefs(fn, PASS)
            materialize(fn)


__all__ = ["MaterializeSemanticAliasesPass", "materialize"]
