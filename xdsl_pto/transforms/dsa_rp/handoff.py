"""The cross-pipe handoff recognizer of DSA-RP: which lifetime-compatible
root pairs cost a synchronization when they share bytes
(pypto-docs/34-allocate_memory_addr.md, "DSA-RP policy", soft unit-weight
pairs).

Two roots A and B of one space whose lifetimes do not interfere, A ending
at or before B starts, may share bytes; then B's first write follows A's
last access. When the two issue on different hardware pipes -- a
write-after-read or write-after-write handoff between pipes -- the pipes
must be synchronized, so sharing costs 1.

Recognition is conservative and looks at the handoff endpoints only: A's
last access is the op at the end of A's lifetime (a read, or the write of
a value never read), B's first write the op defining B's earliest value,
on the whole root. Pipes come from the op definitions
(:func:`xdsl_pto.dialects.tile.traits.op_pipe`). No penalty when an
endpoint is missing or uncertain (a lifetime that ends at a loop's end, a
block argument, an op of no known pipe such as a cross-core push or a
view), or on the same pipe. A root's first value is never a view, so its
first write covers the whole root.

The handoff must also happen on every path: A's last access dominates B's
first write (it sits in B's block, or in the block of one of B's enclosing
ops, before it). Two roots in the two arms of one ``scf.if`` never meet
within one execution of the ``if``: linearly the else arm follows the then
arm, yet no path runs from one arm's access into the other's write except
around an enclosing loop, where each arm's own root already synchronizes
with itself -- sharing them costs no new synchronization, so no penalty
("complete access information", the same section).
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.ir import Operation, SSAValue

from xdsl_pto.dialects.tile.traits import op_pipe
from xdsl_pto.transforms.common import defining_op, memref_of, tile_values
from xdsl_pto.transforms.memory_reuse.lifetime import ProgramOrder, def_point
from xdsl_pto.transforms.memory_reuse.packing import Root


def _last_access(members: list[SSAValue], hi: int, order: ProgramOrder) -> Operation | None:
    """The op using or defining a value of the root at statement ``hi``
    (the end of its lifetime), or None when no op is there (the lifetime
    ends at a loop's end). One op per statement: at most one."""
    ops = {defining_op(v) for v in members} | {u.operation for v in members for u in v.uses}
    last = [op for op in ops if op is not None and order.start[op] == hi]
    return last[0] if last else None


def _first_write(members: list[SSAValue], order: ProgramOrder) -> Operation | None:
    """The op defining the root's earliest value, or None (a block
    argument). The earliest value is never a view, so a write covers the
    whole root."""
    return defining_op(min(members, key=lambda v: def_point(v, order)))


def _dominates(a: Operation, b: Operation) -> bool:
    """True when ``a`` runs before ``b`` on every path into ``b`` (structured
    control flow): ``a``'s block holds ``b`` or one of ``b``'s enclosing ops,
    after ``a``."""
    block = a.parent_block()
    if block is None:
        return False
    ancestor = block.find_ancestor_op_in_block(b)
    return ancestor is not None and ancestor is not a and a.is_before_in_block(ancestor)


def _handoff(read: Operation | None, write: Operation | None) -> bool:
    """True when sharing bytes from an access by ``read`` to a first write
    by ``write`` synchronizes two pipes on every path (module doc)."""
    if read is None or write is None:
        return False
    rp, wp = op_pipe(read), op_pipe(write)
    return rp is not None and wp is not None and rp is not wp and _dominates(read, write)


def cross_pipe_pairs(fn: func.FuncOp, roots: list[Root], order: ProgramOrder) -> dict[tuple[str, str], int]:
    """Unit penalties for the cross-pipe handoffs between ``roots`` of
    ``fn`` (module doc): ``(a, b)`` with ``a < b`` by name -> 1. Pinned roots
    are left out (they share with nothing anyway)."""
    members: dict[str, list[SSAValue]] = {}
    for v in tile_values(fn):
        m = memref_of(v)
        if m is not None:
            members.setdefault(m.root_name, []).append(v)
    free = [r for r in roots if not r.pinned and r.name in members]
    last = {r.name: _last_access(members[r.name], r.live.hi, order) for r in free}
    first = {r.name: _first_write(members[r.name], order) for r in free}
    out: dict[tuple[str, str], int] = {}
    for i, a in enumerate(free):
        for b in free[i + 1 :]:
            if a.space != b.space or a.live.interferes(b.live):
                continue
            early, late = (a, b) if a.live.lo <= b.live.lo else (b, a)
            if _handoff(last[early.name], first[late.name]):
                out[tuple(sorted((a.name, b.name)))] = 1  # type: ignore[index]
    return out


__all__ = ["cross_pipe_pairs"]
