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
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.ir import SSAValue

from xdsl_pto.dialects.tile.traits import HwPipe, op_pipe
from xdsl_pto.transforms.common import defining_op, memref_of, tile_values
from xdsl_pto.transforms.memory_reuse.lifetime import ProgramOrder, def_point
from xdsl_pto.transforms.memory_reuse.packing import Root


def _last_access(members: list[SSAValue], hi: int, order: ProgramOrder) -> HwPipe | None:
    """The pipe of the op using or defining a value of the root at statement
    ``hi`` (the end of its lifetime), or None when no op is there (the
    lifetime ends at a loop's end) or it has no pipe (a view, a region op,
    ``tile.create``: not an access). One op per statement: at most one."""
    ops = {defining_op(v) for v in members} | {u.operation for v in members for u in v.uses}
    last = [op for op in ops if op is not None and order.start[op] == hi]
    return op_pipe(last[0]) if last else None


def _first_write(members: list[SSAValue], order: ProgramOrder) -> HwPipe | None:
    """The pipe of the op defining the root's earliest value, or None (a
    block argument, a region's result, ``tile.create``: no pipe writes it).
    The earliest value is never a view, so a write covers the whole root."""
    op = defining_op(min(members, key=lambda v: def_point(v, order)))
    return op_pipe(op) if op is not None else None


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
            read, write = last[early.name], first[late.name]
            if read is not None and write is not None and read is not write:
                out[tuple(sorted((a.name, b.name)))] = 1  # type: ignore[index]
    return out


__all__ = ["cross_pipe_pairs"]
