"""Is a buffer still read after an op? The liveness question init-memref's
decisions ask (before a loop carries an init in place, an op updates an
operand in place, or an ``scf.if`` merges into an arm's buffer), answered
over its :class:`~xdsl_pto.transforms.draft.Draft`: the copies and carry
moves decided so far read buffers too.

Lifetimes as in MemoryReuse step 1 (seed 001/002;
:mod:`xdsl_pto.transforms.memory_reuse.lifetime`): pre-order statement
indices, a read inside a loop that the value is defined outside of counts
until the loop's end.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from xdsl.dialects import scf
from xdsl.ir import Operation

from xdsl_pto.transforms.draft import Draft, User, Value
from xdsl_pto.transforms.memory_reuse.lifetime import ProgramOrder


def buffer_live_past(
    draft: Draft,
    on_root: Mapping[str, Sequence[Value]],
    order: ProgramOrder,
    value: Value,
    op: Operation,
    *,
    from_end: bool = False,
) -> bool:
    """True when a value on a window overlapping ``value``'s, defined before
    ``op``, is still read after ``op`` starts (after it ends, with
    ``from_end``): later in program order, or -- through an enclosing loop
    that ``op`` is in and the value is not -- on a later iteration. A read in
    the other arm of an ``scf.if`` than ``op`` is not "after" it: only one
    arm runs. Writing ``value``'s buffer at ``op`` would otherwise clobber
    data someone still reads.

    Args:
        draft: the decisions so far (MemRefs, inserted moves, readers).
        on_root: root name -> the values decided onto it so far.
        order: the function's statement indices (before any edit).
        value: a value with a MemRef.
        op: an op of the function (not a decided move).
    """
    window = draft.memref(value)
    assert window is not None
    start = order.end[op] if from_end else order.start[op]
    for w in on_root.get(window.root_name, ()):
        m = draft.memref(w)
        assert m is not None and m.root_name == window.root_name
        if m.offset.data >= window.end or window.offset.data >= m.end:
            continue
        if draft.def_point(w, order) >= start:
            continue
        if any(_read_after(draft, w, user, op, start, order) for user in draft.users(w)):
            return True
    return False


def _read_after(draft: Draft, value: Value, user: User, op: Operation, start: float, order: ProgramOrder) -> bool:
    """Whether ``user``'s read of ``value`` can happen after ``op`` (position
    ``start``): see :func:`buffer_live_past`."""
    point = draft.position(user, order)
    at = draft.at(user)
    anc = at.parent_op()
    while anc is not None and anc in order.start:
        if isinstance(anc, scf.ForOp) and not draft.defined_inside(value, anc):
            if anc.is_ancestor(op):
                return True  # read again on the next iteration, after op
            point = max(point, order.end[anc])
        anc = anc.parent_op()
    return point > start and not _exclusive(op, at)


def _exclusive(a: Operation, b: Operation) -> bool:
    """True when ``a`` and ``b`` sit in different arms of one ``scf.if``."""
    arms: dict[Operation, object] = {}
    cur: Operation | None = a
    while cur is not None:
        parent = cur.parent_op()
        if isinstance(parent, scf.IfOp):
            arms[parent] = cur.parent_region()
        cur = parent
    cur = b
    while cur is not None:
        parent = cur.parent_op()
        if isinstance(parent, scf.IfOp) and parent in arms:
            return arms[parent] is not cur.parent_region()
        cur = parent
    return False


__all__ = ["buffer_live_past"]
