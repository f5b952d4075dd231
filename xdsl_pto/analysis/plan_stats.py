"""What a memory plan costs: bytes used against the LOAD lower bound.

The figures behind ``xdsl-pto report`` and ``xdsl-pto memory-map``, read
from a planned Tile module (after ``pto-plan-memory`` under
``planner=pypto`` or ``planner=dsa_rp``: every ``tile.alloc`` has an
address). Nothing here plans or changes IR; program points, lifetimes and
must-aliases come from the planner's own analyses
(:mod:`xdsl_pto.transforms.memory_reuse.lifetime`,
:func:`xdsl_pto.transforms.plan_liveness.must_alias_classes`).

Units: addresses and sizes in bytes; program points are statement indices
of :class:`~xdsl_pto.transforms.memory_reuse.lifetime.ProgramOrder`
(pre-order over the function body, ``tile.alloc`` ops included; a region op
also takes a slot after its last nested op).

**Placed value.** Every tile value with a MemRef occupies, in its memory
space, the bytes ``[addr + offset, addr + offset + size)`` of its root
(a window on a runtime slot, ``slot = iv``, may be on any slot: it is taken
as the hull over all of them, as ``verify-memory-plan`` does), from its
definition to its last use (:func:`value_lifetime`). Pipe-resident values
(a tpop result and its views) own no on-chip bytes and are left out.

**Allocation identity** ("root before reuse"). The buffers a plan would
have without opportunistic reuse -- what ``materialize-semantic-aliases``
leaves for ``memory-reuse`` -- are the classes of the union of:

* the must-aliases of :func:`must_alias_classes` (a view and its source, an
  in-place result and its operand, a loop's init and iter_arg, its yielded
  value and result);
* a loop's iter_arg and the value yielded for it (different data, one
  carried buffer);
* an ``scf.if`` result and the value each arm yields for it (the if merge);
* all values on one declared (``pinned``) allocation, whatever slot they
  use: a declared allocation counts once.

An identity's bytes are the hull of its members' bytes, a member that
creates its buffer (not a view, not an in-place result) counting at least
its type's footprint (an Acc tile's rows pad
to the L0C row alignment, as init-memref sizes its root); a declared
allocation takes its whole root; its lifetime is the hull of its members'
lifetimes, as :func:`root_intervals` takes it for a root. Under
``planner=dsa_rp`` (no reuse) the identities are exactly the ``tile.alloc``
roots; under ``planner=pypto`` several identities may share a root.

**LOAD.** The largest number of bytes the identities of one memory space
hold at one program point (:func:`peak_live_bytes`), by the planner's
interference rule (:meth:`Interval.interferes`: a value read by an op may
share bytes with that op's result). No placement that keeps simultaneously
live identities apart can use fewer bytes, so ``bytes used / LOAD >= 1`` for
every valid plan, and 1 means the plan is optimal for that space.

**Reserved windows.** A space with cross-core reservations
(``tile.reserve_buffer`` with a base, explicit or resolved by
``allocate-memory-addr``) has a *floor*: the 32-byte-aligned end of its
windows (:func:`~xdsl_pto.transforms.common.reserved_floor`), below which
no tile root is placed. Those bytes are a fixed part of any placement the
planner may choose, so the space's LOAD is ``floor + the tiles' LOAD``:
every tile lives at or above the floor, so no such placement ends below
that. The floor is reported as ``reserved_bytes``; the windows themselves
(:class:`~xdsl_pto.transforms.common.ReservedWindow`) are kept on the
:class:`FunctionPlan`. A space with a reservation but no tile root is
still reported (used = LOAD = the floor).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import accumulate

from xdsl.dialects import func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, SSAValue

from xdsl_pto.backends import Backend, footprint_bytes, resolve_backend
from xdsl_pto.diagnostics import LocatedError, op_location
from xdsl_pto.dialects.tile.data_ops import MoveOp
from xdsl_pto.dialects.tile.traits import reused_operand, view_source
from xdsl_pto.dialects.tile.types import MemorySpace, TileType
from xdsl_pto.planners import Planner, recorded_planner
from xdsl_pto.transforms.allocate_memory_addr import high_water
from xdsl_pto.transforms.common import (
    ReservedWindow,
    allocs,
    buffer_values,
    carry_moves,
    functions,
    has_tiles,
    memref_of,
    require_memrefs,
    reserved_floor,
    reserved_windows,
    value_anchor,
    value_name,
)
from xdsl_pto.transforms.memory_reuse.lifetime import (
    Interval,
    ProgramOrder,
    value_lifetime,
)
from xdsl_pto.transforms.memory_reuse.pressure import allocation_identities


class UnplannedModule(LocatedError):
    """The module cannot be measured: not planned (a tile value without a
    MemRef, a ``tile.alloc`` without an address), planned by ``ptoas`` (no
    addresses), already lowered to PTO, or without tiles."""


@dataclass(frozen=True)
class Peak:
    """The LOAD of a set of lifetimes: ``bytes`` live at once, first reached
    at ``point`` -- ``p + 0.5`` for "between statements p and p+1", or an
    integer ``d`` for "at statement d" (see :func:`peak_live_bytes`); None
    when nothing is live anywhere."""

    bytes: int
    point: float | None


def peak_live_bytes(items: Iterable[tuple[Interval, int]]) -> Peak:
    """The largest total size (bytes) of lifetimes that are live at one
    program point (statement indices), by :meth:`Interval.interferes`.

    A lifetime ``[lo, hi]`` with ``lo < hi`` is live between statements p
    and p+1 for every ``lo <= p < hi``: its definition writes it at ``lo``,
    its last use reads it at ``hi``, and an op reads its inputs before it
    writes its results, so ``[a, b]`` and ``[b, c]`` never count together.
    A lifetime ``[d, d]`` (written and never read) is live at statement d,
    together with every lifetime with ``lo < d < hi``; of several such at
    one ``d`` only the largest counts, since ``Interval.interferes`` lets
    them share. The result is the heaviest set of pairwise-interfering
    lifetimes.

    Args:
        items: (lifetime, size in bytes) pairs; sizes must not be negative.

    Returns:
        The peak and the first point where it is reached.

    Raises:
        ValueError: for a negative size or a lifetime with ``lo > hi``.
    """
    spans: list[tuple[int, int, int]] = []
    single: dict[int, int] = {}
    for live, size in items:
        if size < 0 or live.lo > live.hi:
            raise ValueError(f"invalid lifetime {live} of {size} bytes")
        if live.lo < live.hi:
            spans.append((live.lo, live.hi, size))
        else:
            single[live.lo] = max(single.get(live.lo, 0), size)
    by_lo = sorted((lo, size) for lo, _, size in spans)
    by_hi = sorted((hi, size) for _, hi, size in spans)
    los = [lo for lo, _ in by_lo]
    his = [hi for hi, _ in by_hi]
    lo_sums = [0, *accumulate(size for _, size in by_lo)]
    hi_sums = [0, *accumulate(size for _, size in by_hi)]

    def across(x: float) -> int:
        """Bytes of the spans with ``lo < x < hi`` (x never equals a bound
        from the wrong side: half-points, or ``d`` with ``hi <= d`` excluded)."""
        return lo_sums[bisect_left(los, x)] - hi_sums[bisect_right(his, x)]

    candidates: list[tuple[float, int]] = [(lo + 0.5, across(lo + 0.5)) for lo in set(los)]
    candidates += [(float(d), across(d) + size) for d, size in single.items()]
    best = Peak(0, None)
    for point, total in sorted(candidates):
        if total > best.bytes:
            best = Peak(total, point)
    return best


@dataclass
class PlacedValue:
    """One tile value's bytes and lifetime in a planned function.

    Attributes:
        value: the SSA value.
        name: ``%name`` (or a description when it has no name).
        op: what defines it (``tile.add``, ``iter_arg of scf.for``, ...).
        location: ``file:line:col`` of its definition.
        space: its memory space (``vec``, ``mat``, ...).
        root: the ``tile.alloc`` it is on.
        lo, hi: physical bytes ``[lo, hi)`` in ``space``.
        live: lifetime in statement indices.
        allocation: index of its :class:`Allocation` in the function's list.
    """

    value: SSAValue
    name: str
    op: str
    location: str
    space: str
    root: str
    lo: int
    hi: int
    live: Interval
    allocation: int = -1

    @property
    def size(self) -> int:
        """Bytes the value occupies."""
        return self.hi - self.lo


@dataclass
class Allocation:
    """One allocation identity (a root before reuse; see the module doc).

    Attributes:
        index: its position in the function's list (program order of the
            first member).
        label: ``%name`` of its first member, or ``@root`` for a declared
            allocation.
        space: memory space.
        lo, hi: physical bytes ``[lo, hi)``: the hull of its members'.
        live: lifetime (statement indices): the hull of its members'.
        declared: True for an author-declared (pinned) allocation.
        values: its members, in program order.
    """

    index: int
    label: str
    space: str
    lo: int
    hi: int
    live: Interval
    declared: bool
    values: list[PlacedValue] = field(default_factory=list)

    @property
    def size(self) -> int:
        """Bytes of the identity's hull."""
        return self.hi - self.lo


@dataclass(frozen=True)
class SpaceStats:
    """The figures of one memory space of one function.

    Attributes:
        space: the memory space.
        capacity: the backend's usable bytes, or None when unknown.
        bytes_used: high-water mark, ``max(addr + size)`` over its
            ``tile.alloc`` ops, at least its reserved floor (bytes).
        load: the LOAD lower bound: its reserved floor plus the LOAD of
            its allocation identities (the point is where the latter is
            first reached).
        roots_before: allocation identities (roots before reuse).
        roots_after: ``tile.alloc`` ops (roots after reuse).
        carry_moves: ``tile.move {carry}`` ops writing into this space.
        reserved_bytes: the floor of its reserved cross-core windows
            (0 without any): part of ``load``.
    """

    space: str
    capacity: int | None
    bytes_used: int
    load: Peak
    roots_before: int
    roots_after: int
    carry_moves: int
    reserved_bytes: int = 0

    @property
    def tile_load(self) -> int:
        """The LOAD of the tiles alone (``load`` without the floor)."""
        return self.load.bytes - self.reserved_bytes

    @property
    def ratio(self) -> float | None:
        """``bytes_used / LOAD`` (None when LOAD is 0)."""
        return self.bytes_used / self.load.bytes if self.load.bytes else None


@dataclass
class FunctionPlan:
    """The measured plan of one function with tiles.

    Attributes:
        name: the function's symbol name.
        fn: the function.
        statements: how many statement indices its body has.
        values: every placed tile value, in program order.
        allocations: its allocation identities, in program order.
        spaces: per memory space with a ``tile.alloc`` or a reserved
            window, in MemorySpace order.
        reserved: its reserved cross-core windows with a base, in program
            order.
    """

    name: str
    fn: func.FuncOp
    statements: int
    values: list[PlacedValue]
    allocations: list[Allocation]
    spaces: list[SpaceStats]
    reserved: list[ReservedWindow] = field(default_factory=list)


@dataclass
class ModulePlan:
    """The measured plan of a module: its target (None when it records
    none), backend (capacities), planner, and each function with tiles."""

    target: str | None
    backend: Backend | None
    planner: str
    functions: list[FunctionPlan]


def analyze_plan(module: ModuleOp) -> ModulePlan:
    """Measure a planned module.

    Raises:
        UnplannedModule: (located) for a module lowered to PTO, one without
            tile functions, one planned by ``planner=ptoas``, or one not
            planned (a tile value without a MemRef, a ``tile.alloc``
            without an address); and for a ``pto.target_arch`` that names
            no backend.
        xdsl_pto.diagnostics.PassError: for a MemRef naming an undeclared
            root, or a pipe-resident value with a MemRef.
    """
    lowered = next((op for op in module.walk() if op.name.startswith("pto.")), None)
    if lowered is not None:
        raise UnplannedModule(
            f"the module is already lowered to PTO ({lowered.name}); give the planned Tile module",
            lowered,
        )
    fns = [fn for fn in functions(module) if has_tiles(fn)]
    if not fns:
        raise UnplannedModule("the module has no function with tiles to measure", module)
    planner = recorded_planner(module) or Planner.PYPTO
    for fn in fns:
        _require_planned(fn, planner)
    try:
        backend = resolve_backend("", module)
    except ValueError as e:
        raise UnplannedModule(f"pto.target_arch: {e}", module) from None
    target = backend.name if backend is not None else None
    return ModulePlan(target, backend, planner.value, [_measure(fn, backend) for fn in fns])


def _require_planned(fn: func.FuncOp, planner: Planner) -> None:
    """Raise :class:`UnplannedModule` unless ``fn`` has a MemRef on every
    buffer value and an address on every root (see :func:`analyze_plan`)."""
    roots = allocs(fn)
    if planner is Planner.PTOAS and roots:
        first = next(iter(roots.values()))
        raise UnplannedModule(
            "the module was planned with planner=ptoas, which leaves every address to ptoas; "
            "plan it with planner=pypto or planner=dsa_rp to measure its memory",
            first,
        )
    for v in buffer_values(fn):
        if memref_of(v) is None:
            raise UnplannedModule(
                f"the module is not planned: {value_name(v)} has no MemRef; run pto-plan-memory first",
                value_anchor(v),
            )
    for name, op in roots.items():
        if op.addr is None:
            raise UnplannedModule(
                f"the module is not planned: @{name} has no address; run pto-plan-memory first",
                op,
            )
    require_memrefs(fn, "plan measurement")


def _what_defines(value: SSAValue) -> str:
    owner = value.owner
    if isinstance(owner, Operation):
        return owner.name
    parent = owner.parent_op()
    kind = "iter_arg" if isinstance(parent, scf.ForOp) else "block argument"
    return f"{kind} of {parent.name}" if parent is not None else kind


def _measure(fn: func.FuncOp, backend: Backend | None) -> FunctionPlan:
    order = ProgramOrder.of(fn)
    roots = allocs(fn)
    values = list(buffer_values(fn))
    placed: list[PlacedValue] = []
    for v in values:
        m = memref_of(v)
        assert m is not None
        root = roots[m.root_name]
        assert root.addr is not None
        lo = root.addr.data + m.offset.data
        hi = lo + m.size.data
        if m.runtime_slot:  # any slot of the root: the hull over all of them
            hi += root.size.data - root.slot_size
        anchor = value_anchor(v)
        placed.append(
            PlacedValue(
                v,
                value_name(v),
                _what_defines(v),
                op_location(anchor),
                root.space.data,
                m.root_name,
                lo,
                hi,
                value_lifetime(v, order),
            )
        )
    rep = allocation_identities(fn, values, roots)
    allocations: list[Allocation] = []
    index_of: dict[SSAValue, int] = {}
    for p in placed:
        key = rep[p.value]
        i = index_of.get(key)
        root = roots[p.root]
        if i is None:
            i = index_of[key] = len(allocations)
            pinned = root.is_pinned
            allocations.append(
                Allocation(i, f"@{p.root}" if pinned else p.name, p.space, p.lo, p.hi, p.live, pinned)
            )
        a = allocations[i]
        p.allocation = i
        a.values.append(p)
        a.lo, a.hi, a.live = min(a.lo, p.lo), max(a.hi, _reserved_end(p, backend)), a.live.hull(p.live)
        if a.declared:
            assert root.addr is not None
            a.lo, a.hi = min(a.lo, root.addr.data), max(a.hi, root.addr.data + root.size.data)
    moves = carry_moves(fn)
    used = high_water(fn)  # the allocator's own measure: max(addr + size) per space, >= the floor
    floor = reserved_floor(fn)
    spaces = []
    for space in MemorySpace:
        mine = [op for op in roots.values() if op.space.data == space.value]
        if not mine and space not in floor:
            continue
        identities = [a for a in allocations if a.space == space.value]
        tiles = peak_live_bytes((a.live, a.size) for a in identities)
        reserved = floor.get(space, 0)
        spaces.append(
            SpaceStats(
                space.value,
                backend.capacity[space] if backend is not None else None,
                used.get(space, 0),
                Peak(reserved + tiles.bytes, tiles.point),
                len(identities),
                len(mine),
                sum(1 for m in moves if _space_of(m) == space.value),
                reserved,
            )
        )
    statements = max(order.end.values(), default=-1) + 1
    return FunctionPlan(
        fn.sym_name.data, fn, statements, placed, allocations, spaces, reserved_windows(fn)
    )


def _reserved_end(p: PlacedValue, backend: Backend | None) -> int:
    """Where the bytes ``p`` reserves end: its window, or -- for a value
    that creates its buffer (an op result that is neither a view nor an
    in-place result) -- its type's footprint if larger (an Acc tile's rows
    pad to the L0C row alignment: :func:`footprint_bytes`)."""
    owner = p.value.owner
    if not isinstance(owner, Operation) or view_source(owner) or reused_operand(owner):
        return p.hi
    t = p.value.type
    assert isinstance(t, TileType)
    return max(p.hi, p.lo + footprint_bytes(t, backend))


def _space_of(move: MoveOp) -> str:
    """The memory space a carry move writes into."""
    t = move.result.type
    assert isinstance(t, TileType)
    return t.memory_space.value


__all__ = [
    "Allocation",
    "FunctionPlan",
    "ModulePlan",
    "Peak",
    "PlacedValue",
    "SpaceStats",
    "UnplannedModule",
    "analyze_plan",
    "peak_live_bytes",
]
