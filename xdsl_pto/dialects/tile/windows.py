"""Where a tile value's bytes physically start within its root, when that
differs from its MemRef offset.

A MemRef window is the planners' bookkeeping. For a slice of an Acc (L0C)
tile it is the slice's linear (row-major) bytes in the root
(:meth:`~xdsl_pto.dialects.tile.view_ops.SliceOp.memref_window`, the
reference's rule), while the cube stores Acc tiles column-major: rows 16..31
of a 32x128 i32 Acc tile are MemRef offset 8192 but start at byte 64. The
lowering (a baked ``pto.alloc_tile`` address) and the interpreter (its
physical run) therefore ask :func:`physical_offset`, which adds, for every
Acc slice on the value's chain of views, in-place updates, loop carries and
if merges, the difference between the slice's physical and MemRef offsets.
For every value not in Acc it is the MemRef offset.
"""

from __future__ import annotations

from collections.abc import Iterator

from xdsl.dialects import scf
from xdsl.ir import Block, Operation, SSAValue

from xdsl_pto.dialects.tile.traits import must_alias_source
from xdsl_pto.dialects.tile.types import MemorySpace, TileType
from xdsl_pto.dialects.tile.view_ops import SliceOp


def _carried_from(value: SSAValue) -> SSAValue | None:
    """The value a loop carry or if merge takes its buffer from: an
    ``scf.for`` iter_arg's or result's init, an ``scf.if`` result's
    then-yield; None otherwise."""
    owner = value.owner
    if isinstance(owner, Block):
        loop = owner.parent_op()
        if isinstance(loop, scf.ForOp) and value in owner.args[1:]:
            return loop.iter_args[owner.args.index(value) - 1]
        return None
    if isinstance(owner, scf.ForOp):
        return owner.iter_args[owner.results.index(value)]
    if isinstance(owner, scf.IfOp):
        term = owner.true_region.block.last_op
        return term.operands[owner.results.index(value)] if term is not None else None
    return None


def _acc_slices(value: SSAValue) -> Iterator[SliceOp]:
    """The slices on ``value``'s chain to its root, nearest first, when
    ``value`` is an Acc tile (none otherwise): through slices, must-alias
    results (views, in-place ops) and loop carries / if merges; a chain that
    cannot be followed further ends there."""
    t = value.type
    if not isinstance(t, TileType) or t.memory_space is not MemorySpace.ACC:
        return
    seen: set[SSAValue] = set()
    cur: SSAValue | None = value
    while cur is not None and cur not in seen:
        seen.add(cur)
        op = cur.owner
        if isinstance(op, SliceOp):
            yield op
            cur = op.source
        elif isinstance(op, Operation) and not op.regions:
            cur = must_alias_source(op)
        else:
            cur = _carried_from(cur)


def physical_delta(value: SSAValue) -> int:
    """Bytes to add to ``value``'s MemRef offset to get where its first
    element is within the root: 0 except on a chain through an Acc slice
    whose linear MemRef window differs from its physical one (see the
    module doc). A chain that cannot be followed (a runtime offset) adds 0.
    """
    delta = 0
    for op in _acc_slices(value):
        phys, book = op.byte_window(), op.memref_window()
        if phys is not None and book is not None:
            delta += phys[0] - book[0]
    return delta


def strided_in_memory(value: SSAValue) -> bool:
    """True when ``value`` is an Acc window whose bytes are not one run in
    memory: its chain (:func:`_acc_slices`) passes a slice that is not
    contiguous (:meth:`SliceOp.is_contiguous`), e.g. a row band of a
    column-major Acc tile, whose linear MemRef window looks dense. Such a
    window is never a carried or merged buffer (init-memref), and has no
    baked address (the lowering)."""
    return any(not op.is_contiguous() for op in _acc_slices(value))


def physical_offset(value: SSAValue) -> int:
    """Where ``value``'s first element is within its root (bytes): its
    MemRef offset plus :func:`physical_delta`. ``value`` must have a MemRef."""
    t = value.type
    assert isinstance(t, TileType)
    m = t.get_memref()
    assert m is not None
    return m.offset.data + physical_delta(value)


__all__ = ["physical_delta", "physical_offset", "strided_in_memory"]
