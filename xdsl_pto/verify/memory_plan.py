"""``verify-memory-plan``: an independent check of a planned module.

It shares no code with the planner (see :mod:`xdsl_pto.verify`): it
re-derives everything from the IR after ``allocate-memory-addr`` -- each
tile value's physical byte range (its root's ``addr`` plus its MemRef
offset, its MemRef size), whether two values can be live at once
(:mod:`.liveness`: path-sensitive SSA liveness, exclusive if arms, loop
back-edges), which values are the same data (:mod:`.aliasing`) and where
the target hazards bind (:mod:`.hazards`) -- and proves:

* every MemRef describes its value: one ``tile.alloc`` per root, the value in
  its root's memory space and inside the root, a view where its source's
  bytes are, an in-place result on its operand's window, every other value a
  dense window of its own size;
* no two values that can be live at the same time occupy overlapping bytes
  of one memory space, unless they are the same data: a view and its
  source, an in-place result and its operand, a loop's init and iter_arg, a
  loop's yielded value and result (a loop's iter_arg and the value yielded
  for it share a buffer but are different data: the new value may only be
  written once the old is dead; an ``scf.if``'s arms yield different data,
  each dead once the if ends);
* every no-alias rule of the op traits holds on physical byte ranges for the
  backend's target (every target's rule without a backend), no tmp overlaps
  a source its op forbids, no result starts inside an operand it
  overlaps (ops stream front to back), and the results of one op
  (``tile.gather_compare``'s two) share no byte;
* the target hazards of seed 002 hold on byte ranges: in a split vector
  kernel on A2/A3, an op reading a tpop value writes no byte of a
  load-derived operand; a written workspace shares no byte with a value that
  died at or before its definition, nor -- inside a loop -- with any other
  value;
* every root address is 32-byte aligned and, with a backend, every space fits
  its capacity; a pinned (author-declared) root shares no byte with any other
  root, and a window on a slotted root stays inside the slot it names.

A window on a runtime slot (``slot = iv``) may be any slot its loop's
``iv mod N`` reaches: it is placed on the whole root, and compared with the
other values of that root by the slots both can reach (two runtime slots of
one loop are always the same slot).

A violation is an error naming both values, their byte ranges and the
program point where both are live (the later one's definition); the check
stops at the first violation.

A module planned under ``planner=ptoas`` (``tile.memory_planner``) has no
addresses: ptoas places every root. There each root is its own buffer, so
the same checks run on byte ranges within a root (reported as
``@root [lo, hi)`` offsets), no root may have an address, and with a backend
the pinned (declared) roots of a space, which ptoas may not reuse, must fit
its capacity together.

On a lowered PTO function only the buffer addresses can be checked (see
:mod:`xdsl_pto.verify.pto_buffers`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple, TypeVar

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass

from xdsl_pto.backends import ALLOC_ALIGN, Backend, footprint_bytes
from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.tile.data_ops import AllocOp
from xdsl_pto.dialects.tile.pipe_setup_ops import reservations
from xdsl_pto.dialects.tile.traits import (
    disjoint_operand_pairs,
    forbidden_alias_operands,
    reused_operand,
    view_source,
    workspace_operands,
)
from xdsl_pto.dialects.tile.types import MemorySpace, MemRefAttr, TileType
from xdsl_pto.pass_config import PassConfig
from xdsl_pto.planners import Planner, recorded_planner
from xdsl_pto.verify.aliasing import (
    DataClasses,
    carry_partners,
    expected_window,
    same_data,
)
from xdsl_pto.verify.hazards import (
    check_runtime_slot_scopes,
    load_tpop_writes,
    slots_may_meet,
    workspace_reason,
)
from xdsl_pto.verify.ir import (
    allocs,
    buffer_values,
    defining_op,
    fixed_windows,
    functions,
    has_tiles,
    memref_of,
    require_memrefs,
    value_anchor,
    value_name,
)
from xdsl_pto.verify.liveness import Numbering, Span, born, in_loop, interfere, lifetime
from xdsl_pto.verify.pto_buffers import has_pto_buffers, verify_pto_function

PASS = "verify-memory-plan"

T = TypeVar("T")


@dataclass(frozen=True)
class Placed:
    """One tile value's physical placement: space, byte range ``[lo, hi)``,
    live statement interval."""

    value: SSAValue
    space: str
    lo: int
    hi: int
    live: Span


def _placements(fn: func.FuncOp, order: Numbering) -> list[Placed]:
    """Each buffer value's bytes: in its memory space at its root's address
    plus its offset; on an unaddressed root (planner=ptoas), within the
    root itself (``space`` is then ``@root``: roots never meet)."""
    roots = allocs(fn)
    out = []
    for v in buffer_values(fn):
        m = memref_of(v)
        assert m is not None
        root = roots[m.root_name]
        if root.addr is None:
            space, lo = f"@{m.root_name}", m.offset.data
        else:
            space, lo = root.space.data, root.addr.data + m.offset.data
        hi = lo + m.size.data
        if m.runtime_slot:  # any slot: the hull over all of them
            hi += root.size.data - root.slot_size
        out.append(Placed(v, space, lo, hi, lifetime(v, order)))
    return out


def _disjoint_slots(a: Placed, b: Placed, roots: dict[str, AllocOp]) -> bool:
    """True when two values of one root, one of them on a runtime slot (placed
    on the whole root), can never occupy a common byte: the slots they can
    reach differ, or their windows within the slot do not meet
    (:func:`~xdsl_pto.verify.hazards.slots_may_meet`)."""
    ma, mb = memref_of(a.value), memref_of(b.value)
    assert ma is not None and mb is not None
    if ma.root_name != mb.root_name or not (ma.runtime_slot or mb.runtime_slot):
        return False
    root = roots[ma.root_name]
    return not slots_may_meet(a.value, b.value, root.slot_size, root.slot_count)


def _describe(p: Placed, own: bool = False) -> str:
    """``%name [lo, hi)``; an op's own unnamed result (``own``) is just its range."""
    if own and not p.value.name_hint:
        return f"[{p.lo}, {p.hi})"
    return f"{value_name(p.value)} [{p.lo}, {p.hi})"


def check_roots(
    fn: func.FuncOp, backend: Backend | None, pass_name: str, addressed: bool = True
) -> None:
    """Every ``tile.alloc`` has an address, 32-byte aligned, and -- with a
    backend -- ends within its space's capacity. Unaddressed (a
    ``planner=ptoas`` plan): no ``tile.alloc`` has an address, and with a
    backend the pinned roots of each space fit its capacity together.

    Raises:
        PassError: prefixed with ``pass_name``, at the offending root.
    """
    if not addressed:
        check_unaddressed_roots(fn, backend, pass_name)
        return
    for name, root in allocs(fn).items():
        if root.addr is None:
            raise PassError(
                f"{pass_name}: allocation @{name} has no address; run allocate-memory-addr "
                "(or pto-plan-memory) first",
                root,
            )
        if root.addr.data % ALLOC_ALIGN:
            raise PassError(
                f"{pass_name}: allocation @{name} address {root.addr.data} is not "
                f"{ALLOC_ALIGN}-byte aligned",
                root,
            )
        if backend is not None:
            limit = backend.capacity[root.memory_space]
            end = root.addr.data + root.size.data
            if end > limit:
                raise PassError(
                    f"{pass_name}: allocation @{name} ends at byte {end}, past the "
                    f"{backend.name} {root.space.data} capacity ({limit} bytes)",
                    root,
                )
    check_reserved(fn, pass_name)
    _check_pinned_isolated(fn, pass_name)


def check_reserved(fn: func.FuncOp, pass_name: str) -> None:
    """An addressed plan and its reserved cross-core windows
    (``tile.reserve_buffer``): every reservation has a base (an AUTO one is
    resolved by allocate-memory-addr), and no allocation root shares a
    byte with a reserved window of its space.

    Raises:
        PassError: prefixed with ``pass_name``, at the unresolved
            reservation or at the overlapping root.
    """
    for r in reservations(fn):
        if r.base_addr is None:
            raise PassError(
                f'{pass_name}: the reserved buffer "{r.reserved_name}" has no base (AUTO) in a '
                "plan with addresses; run allocate-memory-addr (or pto-plan-memory), which "
                "resolves it",
                r,
            )
    windows = fixed_windows(fn)
    for name, root in allocs(fn).items():
        if root.addr is None:
            continue
        lo, hi = root.addr.data, root.addr.data + root.size.data
        for w in windows:
            if w.space is root.memory_space and lo < w.end and w.base < hi:
                raise PassError(
                    f"{pass_name}: allocation @{name} (bytes [{lo}, {hi}) of {w.space.value}) "
                    f'overlaps the reserved cross-core window "{w.name}" (bytes [{w.base}, '
                    f"{w.end}){': ' + w.note if w.note else ''}); tiles must stay clear of a "
                    "pipe's ring buffer",
                    root,
                )


def check_unaddressed_roots(fn: func.FuncOp, backend: Backend | None, pass_name: str) -> None:
    """The roots of a ``planner=ptoas`` plan: none has an address (ptoas'
    level 2 rejects one), and with a backend the pinned roots of a space
    (declared allocations and regions, which ptoas may not reuse) fit its
    capacity together (pypto-docs/27-lower_pipeline_to_slots.md, "Why the
    slots must fit on chip").

    Raises:
        PassError: prefixed with ``pass_name``, at the root with an address
            or the pinned root that crosses the capacity.
    """
    pinned: dict[str, int] = {}
    for name, root in allocs(fn).items():
        if root.addr is not None:
            raise PassError(
                f"{pass_name}: allocation @{name} has an address, but under planner=ptoas "
                "ptoas places every buffer",
                root,
            )
        if not root.is_pinned or backend is None:
            continue
        space = root.space.data
        pinned[space] = pinned.get(space, 0) + root.size.data
        limit = backend.capacity[root.memory_space]
        if pinned[space] > limit:
            raise PassError(
                f"{pass_name}: the declared allocations of {space} up to @{name} pin "
                f"{pinned[space]} bytes, over the {backend.name} {space} capacity ({limit} "
                "bytes); ptoas may not reuse them",
                root,
            )


def _check_pinned_isolated(fn: func.FuncOp, pass_name: str) -> None:
    """No root shares a byte with a pinned root of its memory space."""
    roots = list(allocs(fn).values())
    for p in roots:
        if not p.is_pinned:
            continue
        assert p.addr is not None
        lo, hi = p.addr.data, p.addr.data + p.size.data
        for q in roots:
            if q is p or q.space.data != p.space.data:
                continue
            assert q.addr is not None
            qlo, qhi = q.addr.data, q.addr.data + q.size.data
            if qlo < hi and lo < qhi:
                raise PassError(
                    f"{pass_name}: @{q.sym_name.data} [{qlo}, {qhi}) overlaps the declared "
                    f"allocation @{p.sym_name.data} [{lo}, {hi}) in {p.space.data}; nothing "
                    "else may share a declared allocation",
                    q,
                )


def check_acc_footprints(fn: func.FuncOp, backend: Backend | None, pass_name: str = PASS) -> None:
    """An Acc (L0C) tile occupies its rows padded to the backend's L0C row
    alignment (:func:`~xdsl_pto.backends.footprint_bytes`; unknown backend:
    the A2/A3 rule): its root must hold that footprint from the tile's
    offset, or the next root would sit in the padding (pypto-docs/15,
    "One physical-size contract"). Views and in-place results are windows of
    such a tile and are not checked on their own.

    Raises:
        PassError: prefixed with ``pass_name``, at the first tile whose root
            is too small.
    """
    roots = allocs(fn)
    for v in buffer_values(fn):
        t, m = v.type, memref_of(v)
        assert isinstance(t, TileType) and m is not None
        op = defining_op(v)
        if t.memory_space is not MemorySpace.ACC:
            continue
        if op is not None and (view_source(op) is not None or reused_operand(op) is not None):
            continue  # a window of another value (a view, an in-place result)
        need = footprint_bytes(t, backend)
        root = roots[m.root_name]
        if m.offset.data + need > root.size.data:
            target = backend.name if backend is not None else "an unknown target (the A2/A3 rule)"
            raise PassError(
                f"{pass_name}: {value_name(v)} ({list(t.get_shape())} {t.element_type} in acc) "
                f"occupies {need} bytes of L0C on {target}, its rows padded to the L0C row "
                f"alignment, but @{m.root_name} has {root.size.data - m.offset.data} bytes from "
                f"its offset {m.offset.data}",
                value_anchor(v),
            )


def check_windows(fn: func.FuncOp, pass_name: str = PASS) -> None:
    """Every MemRef describes its value's bytes: one ``tile.alloc`` per root
    name, the value in its root's memory space and inside the root, a view's
    window where its source's bytes are (a slice at its byte window, a
    reshape at its source's start), an in-place result on its operand's
    window, every other value a dense window of exactly its size.

    Raises:
        PassError: prefixed with ``pass_name``, at the first value (or
            duplicate root) that breaks this.
    """
    check_runtime_slot_scopes(fn, pass_name)
    seen: set[str] = set()
    for op in fn.walk():
        if isinstance(op, AllocOp):
            if op.sym_name.data in seen:
                raise PassError(f"{pass_name}: allocation @{op.sym_name.data} is declared twice", op)
            seen.add(op.sym_name.data)
    roots = allocs(fn)
    for v in buffer_values(fn):
        t, m = v.type, memref_of(v)
        assert isinstance(t, TileType) and m is not None
        root = roots[m.root_name]
        where = value_anchor(v)
        name = value_name(v)
        if root.memory_space is not t.memory_space:
            raise PassError(
                f"{pass_name}: {name} is a {t.memory_space.value} tile but @{m.root_name} is a "
                f"{root.space.data} allocation",
                where,
            )
        if m.offset.data < 0 or m.end > root.size.data:
            raise PassError(
                f"{pass_name}: {name} occupies [{m.offset.data}, {m.end}) of @{m.root_name}, "
                f"which has {root.size.data} bytes",
                where,
            )
        _check_slot(v, m, root, pass_name)
        for other in carry_partners(v):
            if memref_of(other) != m:
                raise PassError(
                    f"{pass_name}: {name} and {value_name(other)} are one loop carry or if merge "
                    f"but lie on different windows",
                    where,
                )
        want = expected_window(v)
        if want is not None and (m.root_name, m.offset.data, m.size.data) != want:
            raise PassError(
                f"{pass_name}: {name} has the window <@{m.root_name}, offset = {m.offset.data}, "
                f"size = {m.size.data}> but its bytes are <@{want[0]}, offset = {want[1]}, "
                f"size = {want[2]}>",
                where,
            )


def _check_slot(v: SSAValue, m: MemRefAttr, root: AllocOp, pass_name: str) -> None:
    """A window names a slot exactly when its root has slots, and stays
    inside that slot (slot 0's frame for a runtime slot)."""
    k, n, size = m.slot_index, root.slot_count, root.slot_size
    name = value_name(v)
    if (k is None) != (n == 1):
        says = "names no slot" if k is None else f"names slot {k}"
        raise PassError(
            f"{pass_name}: {name} {says} but @{m.root_name} has {n} slot(s)", value_anchor(v)
        )
    if k is None:
        return
    first = 0 if k == "iv" else k * size  # type: ignore[operator]
    if isinstance(k, int) and k >= n or m.offset.data < first or m.end > first + size:
        raise PassError(
            f"{pass_name}: {name} occupies [{m.offset.data}, {m.end}) of @{m.root_name}, "
            f"outside its slot {k} ([{first}, {first + size}) of {n} slots)",
            value_anchor(v),
        )


def verify_function(fn: func.FuncOp, backend: Backend | None, addressed: bool = True) -> int:
    """Check one planned Tile function; returns how many tile values it
    placed and checked. ``addressed`` False: a ``planner=ptoas`` plan,
    checked root by root (see the module docstring).

    Raises:
        PassError: at the first violation, naming both values, their byte
            ranges (in their memory space) and where both are live (reported
            at the later value's definition).
    """
    require_memrefs(fn, PASS)
    check_roots(fn, backend, PASS, addressed)
    check_windows(fn)
    check_acc_footprints(fn, backend)
    order = Numbering(fn)
    placed = _placements(fn, order)
    roots = allocs(fn)
    same = same_data(fn)
    for i, a in enumerate(placed):
        for b in placed[i + 1 :]:
            if a.space != b.space or a.lo >= b.hi or b.lo >= a.hi:
                continue
            if same.same(a.value, b.value) or _disjoint_slots(a, b, roots):
                continue
            if not interfere(a.value, b.value, order):
                continue
            later = b if b.live.lo >= a.live.lo else a
            raise PassError(
                f"{PASS}: {_describe(a)} and {_describe(b)} overlap in {a.space} and are both "
                f"live where {value_name(later.value)} is defined",
                value_anchor(later.value),
            )
    check_op_rules(fn, backend, placed, same, order)
    return len(placed)


def check_op_rules(
    fn: func.FuncOp,
    backend: Backend | None,
    placed: list[Placed] | None = None,
    same: DataClasses | None = None,
    order: Numbering | None = None,
    pass_name: str = PASS,
) -> None:
    """The per-op rules on physical byte ranges (see the module docstring):
    no-alias and tmp/source rules for ``backend``'s target (every target's
    without one), the load + tpop hazard, the written-workspace hazard, and
    front-to-back streaming. Also run by the lowering on the addresses it
    bakes in (seed 002: PTO codegen checks the cast rule on explicit
    addresses).

    Raises:
        PassError: prefixed with ``pass_name``, at the offending op.
    """
    order = order or Numbering(fn)
    placed = placed if placed is not None else _placements(fn, order)
    same = same or same_data(fn)
    by_value = {p.value: p for p in placed}
    target = backend.name if backend is not None else None
    hazard: dict[Operation, list[tuple[SSAValue, SSAValue]]] = {}
    for op, res, v in _guarded(lambda: list(load_tpop_writes(fn, target)), fn, pass_name):
        hazard.setdefault(op, []).append((res, v))
    for op in fn.walk():
        results = [r for r in op.results if r in by_value] if not op.regions else []
        for i, a in enumerate(results):
            for b in results[i + 1 :]:
                if _meet(by_value[a], by_value[b]):
                    raise PassError(
                        f"{pass_name}: {op.name} writes its results {_describe(by_value[a], own=True)} and "
                        f"{_describe(by_value[b], own=True)}, which overlap",
                        op,
                    )
        for f in forbidden_alias_operands(op, target):
            for res in op.results:
                if res not in by_value or f not in by_value:
                    continue
                r, s = by_value[res], by_value[f]
                if _meet(r, s):
                    raise PassError(
                        f"{pass_name}: {op.name} result {_describe(r, own=True)} overlaps its operand "
                        f"{_describe(s)}, which the op forbids{_on(target)}",
                        op,
                    )
        for tmp, src in disjoint_operand_pairs(op, target):
            if tmp in by_value and src in by_value and _meet(by_value[tmp], by_value[src]):
                raise PassError(
                    f"{pass_name}: {op.name} tmp {_describe(by_value[tmp])} overlaps its operand "
                    f"{_describe(by_value[src])}, which the op forbids{_on(target)}",
                    op,
                )
        for res, v in hazard.get(op, ()):
            if res in by_value and v in by_value and _meet(by_value[res], by_value[v]):
                raise PassError(
                    f"{pass_name}: {op.name} reads a tpop value and writes its result "
                    f"{_describe(by_value[res], own=True)} over the load-derived "
                    f"{_describe(by_value[v])} (Ascend910 load + tpop hazard{_on(target)}, "
                    "split vector kernel)",
                    op,
                )
        for w in workspace_operands(op):
            if w in by_value:
                _check_workspace(op, by_value[w], placed, same, order, pass_name)
        if view_source(op) is not None:
            continue
        # Ops stream front to back, reading each element before writing the
        # result element at the same index: a result may overlap an operand
        # it starts at or before (in place, a narrower result such as a packed
        # mask, a reused buffer below a view), never one it starts inside --
        # it would overwrite elements not yet read.
        for res in op.results:
            for operand in op.operands:
                if res not in by_value or operand not in by_value:
                    continue
                r, s = by_value[res], by_value[operand]
                if r.space == s.space and s.lo < r.lo < s.hi:
                    raise PassError(
                        f"{pass_name}: {op.name} result {_describe(r, own=True)} starts inside its "
                        f"operand {_describe(s)}; it would overwrite elements not yet read",
                        op,
                    )


def _meet(a: Placed, b: Placed) -> bool:
    """True when ``a`` and ``b`` share a byte of one memory space."""
    return a.space == b.space and a.lo < b.hi and b.lo < a.hi


def _on(target: str | None) -> str:
    """`` on a3`` for a known target; nothing when unknown (every rule binds)."""
    return f" on {target}" if target else ""


def _guarded(compute: Callable[[], T], fn: func.FuncOp, pass_name: str = PASS) -> T:
    """``compute()``, a malformed ``tile.split_mode`` (ValueError) reported
    as a PassError at ``fn``."""
    try:
        return compute()
    except ValueError as e:
        raise PassError(f"{pass_name}: {e}", fn) from None


def _check_workspace(
    op: Operation, w: Placed, placed: list[Placed], same: DataClasses, order: Numbering, pass_name: str = PASS
) -> None:
    """Seed 002, "Written-workspace hazard", on bytes: the workspace ``w`` of
    ``op`` shares no byte with another value that died at or before ``w``'s
    definition -- with no other value at all when ``op`` is in a loop.

    Raises:
        PassError: at ``op``, naming both values.
    """
    looped, defined = in_loop(op), born(w.value, order)
    for p in placed:
        if p.value is w.value or not _meet(p, w) or same.same(p.value, w.value):
            continue
        if looped or p.live.hi <= defined:
            why = workspace_reason(looped, value_name(p.value), value_name(w.value))
            raise PassError(
                f"{pass_name}: {op.name} writes its workspace {_describe(w)} over "
                f"{_describe(p)} (written-workspace hazard: {why})",
                op,
            )


class Checked(NamedTuple):
    """What was proved of one function: ``count`` tile values (``kind`` =
    "tile values", full proof) or PTO buffer handles (``kind`` = "pto
    buffers", addresses only)."""

    function: str
    kind: str
    count: int


def verify_module(module: ModuleOp, backend: Backend | None) -> list[Checked]:
    """Check every function of a planned Tile or lowered PTO module.

    Returns:
        One :class:`Checked` per function with tiles or PTO buffers.

    Raises:
        PassError: at the first violation (see :func:`verify_function` and
            :func:`~xdsl_pto.verify.pto_buffers.verify_pto_function`).
    """
    checked: list[Checked] = []
    addressed = recorded_planner(module) is not Planner.PTOAS
    for fn in functions(module):
        name = fn.sym_name.data
        if has_pto_buffers(fn):
            checked.append(Checked(name, "pto buffers", verify_pto_function(fn, backend, PASS)))
        elif has_tiles(fn):
            checked.append(Checked(name, "tile values", verify_function(fn, backend, addressed)))
    return checked


@dataclass(frozen=True)
class VerifyMemoryPlanPass(ModulePass):
    """Prove a planned module's placement safe (see the module docstring).

    Options:
        backend: ``a2``, ``a3`` or ``a5`` for the capacity check; empty = the
            module's ``pto.target_arch`` if any.
    """

    name = "verify-memory-plan"

    backend: str = ""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        verify_module(op, PassConfig.resolve(op, PASS, backend=self.backend).backend)
