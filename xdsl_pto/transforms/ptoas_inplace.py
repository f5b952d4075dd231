"""In-place sharing for ``pto-plan-memory{planner=ptoas}``: a result on the
buffer of an operand it reads for the last time, where ptoas needs it.

Under ``planner=ptoas`` every tile keeps a root of its own and ptoas's
PlanMemory places them; it keeps an op's operands and result apart, so a
space whose *strict* lower bound exceeds the room for tiles (the capacity
less the reserved pipe rings) overflows there, although the *touching* bound
fits (:mod:`xdsl_pto.analysis.ptoas_load`). ptoas does place one tile that an
op reads and writes (``pto.tadds ins(%x, %s) outs(%x)`` on a single
``pto.alloc_tile``), and the lowering gives two values one handle when they
are on one root at one offset with one tile_buf type
(:func:`xdsl_pto.lowering.handles.make_handles`). So
:func:`share_dying_operands` puts a result on the root of an operand the op
reads for the last time -- the reuse our planner (memory-reuse) would make --
as often as it takes for the strict bound to fit, and no more.

Which pairs may share (result ``r`` of op ``o``, operand ``x`` of ``o``):

* ``x``'s root ends at ``o`` and ``r``'s root starts there (the touching
  lifetimes of seed 001/002, MemoryReuse step 1), in one memory space;
* no rule keeps the two roots apart: the no-alias rules of the op traits for
  the target (seed 002, "No-alias guard", the ForbidAliasCollector's
  ``NotInplaceSafe`` ops, ``NoAlias`` / ``NoAliasOn`` operands and the
  widening / a2-a3 narrowing ``tile.cast``), the Ascend910 load + tpop hazard
  and the written-workspace hazard -- the pairs memory-reuse's packing keeps
  apart (:func:`~xdsl_pto.transforms.memory_reuse.forbidden_sharing`), never
  a list of op names;
* ``x`` and ``r`` have equal tile types but for the MemRef (so one
  ``!pto.tile_buf`` handle serves both), with static valid extents and rank
  at most 2 (one handle, no per-batch slabs), each covering its whole root,
  the two roots of one size and neither pinned (a declared allocation or
  region keeps its tiles);
* ``o`` holds no region (a loop's or if's results are its yields).

The pairs are taken greedily at the point where the strict bound peaks (the
largest first, then program order), the bound measured again after each, until
it fits; a space where the peak cannot be lowered so is left exactly as it
was, and :func:`~xdsl_pto.analysis.ptoas_load.check_ptoas_fit` warns as
before. A kernel that fits is not changed. Each shared pair gets a remark at
its op.

Units: bytes; program points are the statement indices of
:class:`~xdsl_pto.transforms.memory_reuse.lifetime.ProgramOrder`.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import func
from xdsl.ir import Operation, SSAValue

from xdsl_pto.analysis.ptoas_load import SpaceLoad, space_loads, strict_peak
from xdsl_pto.backends import Backend
from xdsl_pto.diagnostics import report
from xdsl_pto.dialects.tile.data_ops import AllocOp
from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.transforms.common import allocs, memref_of, value_name
from xdsl_pto.transforms.memory_reuse import forbidden_sharing
from xdsl_pto.transforms.memory_reuse.hazards import Facts
from xdsl_pto.transforms.memory_reuse.lifetime import Interval
from xdsl_pto.transforms.memory_reuse.packing import Buffer, Root
from xdsl_pto.transforms.memory_reuse.rewrite import apply_sharing


@dataclass(frozen=True)
class Shared:
    """One in-place reuse made: ``result`` of ``op`` on the root of
    ``operand``, which ``op`` reads for the last time (``size`` bytes)."""

    op: Operation
    operand: SSAValue
    result: SSAValue
    size: int


def share_dying_operands(fn: func.FuncOp, backend: Backend | None, pass_name: str) -> list[Shared]:
    """Make the in-place reuses ``fn`` needs to fit under ptoas (see the
    module doc): for each memory space whose strict LOAD exceeds the room
    for tiles while the touching LOAD fits, results are moved onto the
    roots of operands their op reads for the last time until the strict
    LOAD fits; then the emptied ``tile.alloc``s are removed (only those).
    Nothing without a backend (no capacity), nor in a space that fits, nor
    in one that cannot be made to fit this way. Each reuse gets a remark at its op
    (``file:line:col: remark: ...``).

    Returns the reuses made, in the order they were chosen.

    Raises:
        PassError: prefixed with ``pass_name``, for a malformed
            ``tile.split_mode`` (as memory-reuse).
    """
    if backend is None:
        return []
    over = [
        load
        for load in space_loads(fn)
        if load.touch.bytes <= _room(load, backend) < load.strict.bytes
    ]
    if not over:
        return []
    facts = Facts(fn, backend.name)
    roots_by_name = allocs(fn)
    roots = [
        Root(name, load.space.value, size, live, roots_by_name[name].is_pinned)
        for load in over
        for name, (live, size) in load.roots.items()
    ]
    forbidden = forbidden_sharing(fn, roots, facts, pass_name)
    at = _candidates(fn, facts, roots_by_name)
    by_name = {r.name: r for r in roots}
    made: list[Shared] = []
    buffers: list[Buffer] = []
    for load in over:
        chosen, classes = _fit_space(load, _room(load, backend), at, forbidden)
        if chosen is None:
            continue  # cannot fit this way: check_ptoas_fit warns as before
        made.extend(chosen)
        for rep, members in classes.items():
            if len(members) > 1:
                ordered = [rep, *sorted((m for m in members if m != rep), key=lambda m: by_name[m].live.lo)]
                buffers.append(Buffer([by_name[m] for m in ordered]))
        for s in chosen:
            report(
                "remark",
                f"{pass_name}: planner=ptoas: in '{fn.sym_name.data}' {value_name(s.result)} takes the "
                f"{load.space.value} buffer of {value_name(s.operand)}, which {s.op.name} reads here for "
                f"the last time ({s.size} bytes): apart, the {load.space.value} tiles would need "
                f"{load.strict.bytes} bytes, over the {_room(load, backend)} bytes {load.space.value} has "
                f"for tiles on {backend.name}; ptoas places the two as one tile",
                s.op,
            )
    if buffers:
        apply_sharing(fn, buffers, members_only=True)
    return made


def _room(load: SpaceLoad, backend: Backend) -> int:
    """Bytes the tiles of ``load``'s space may use: capacity less rings."""
    return backend.capacity[load.space] - load.reserved


#: Candidate pairs by the statement index of their op: (op, operand, result,
#: operand root, result root, size).
_Candidate = tuple[Operation, SSAValue, SSAValue, str, str, int]


def _candidates(fn: func.FuncOp, facts: Facts, roots: dict[str, AllocOp]) -> dict[int, list[_Candidate]]:
    """Every (operand, result) pair of an op of ``fn`` that one handle could
    serve (see the module doc; lifetimes and the no-alias pairs are asked
    later), by the op's statement index, the largest first."""
    order = facts.order
    out: dict[int, list[_Candidate]] = {}
    for op in fn.walk():
        if op.regions or op is fn:
            continue
        results = [r for r in op.results if _whole_root(r, roots)]
        if not results:
            continue
        for r in results:
            rm = memref_of(r)
            assert rm is not None and isinstance(r.type, TileType)
            seen: set[SSAValue] = set()
            for x in op.operands:
                if x in seen or not _whole_root(x, roots):
                    continue
                seen.add(x)
                xm = memref_of(x)
                assert xm is not None and isinstance(x.type, TileType)
                if xm.root_name == rm.root_name or xm.size != rm.size or not x.type.same_data_type(r.type):
                    continue
                out.setdefault(order.start[op], []).append((op, x, r, xm.root_name, rm.root_name, xm.size.data))
    for pairs in out.values():
        pairs.sort(key=lambda c: -c[5])  # stable: operand order among equals
    return out


def _whole_root(v: SSAValue, roots: dict[str, AllocOp]) -> bool:
    """True when ``v`` is a tile with a static valid shape, of rank at most
    2, covering the whole of an unpinned root's bytes."""
    t = v.type
    if not isinstance(t, TileType) or t.has_dynamic_valid or len(t.get_shape()) > 2:
        return False
    m = t.get_memref()
    root = roots.get(m.root_name) if m is not None else None
    return (
        root is not None
        and m is not None
        and not root.is_pinned
        and m.slot_index is None
        and m.offset.data == 0
        and m.size.data == root.size.data
    )


def _fit_space(
    load: SpaceLoad, room: int, at: dict[int, list[_Candidate]], forbidden: set[frozenset[str]]
) -> tuple[list[Shared] | None, dict[str, set[str]]]:
    """The reuses that bring ``load``'s strict LOAD within ``room``, chosen
    greedily at its peak, and the roots each surviving root then holds
    (itself included); ``None`` when the peak comes to a point no reuse
    lowers (the space is then left as it was)."""
    live: dict[str, Interval] = {name: iv for name, (iv, _) in load.roots.items()}
    size = {name: s for name, (_, s) in load.roots.items()}
    members: dict[str, set[str]] = {name: {name} for name in live}
    parent: dict[str, str] = {}

    def find(name: str) -> str:
        while name in parent:
            name = parent[name]
        return name

    chosen: list[Shared] = []
    while True:
        peak = strict_peak([(live[n], size[n]) for n in members])
        if peak.bytes <= room:
            return chosen, members
        point = peak.point
        if point is None or int(point) % 2:  # between two ops: no op's reuse lowers it
            return None, members
        d = int(point) // 2
        for op, x, r, xr, rr, nbytes in at.get(d, ()):
            cx, cr = find(xr), find(rr)
            if cx not in members or cr not in members or cx == cr:
                continue  # another space's roots, or one buffer already
            if not (live[cx].lo < live[cx].hi == d == live[cr].lo):
                continue
            if any(frozenset((a, b)) in forbidden for a in members[cx] for b in members[cr]):
                continue
            parent[cr] = cx
            live[cx] = live[cx].hull(live.pop(cr))
            members[cx] |= members.pop(cr)
            size.pop(cr)
            chosen.append(Shared(op, x, r, nbytes))
            break
        else:
            return None, members


__all__ = ["Shared", "share_dying_operands"]
