"""Helpers shared by the memory-planning passes: walking a function's tile
values, reading and rewriting their MemRefs, and finding allocation roots."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from xdsl.dialects import func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.rewriter import Rewriter

from xdsl_pto.backends import align_up
from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.tile.data_ops import AllocOp, MoveOp
from xdsl_pto.dialects.tile.pipe_setup_ops import ReserveBufferOp, reservations
from xdsl_pto.dialects.tile.traits import is_pipe_resident
from xdsl_pto.dialects.tile.types import MemorySpace, MemRefAttr, TileType


def is_kernel(fn: func.FuncOp) -> bool:
    """True when ``fn`` has something to plan: an op of the Tile dialect
    (a tile op, a declared allocation, a reservation or pipe setup) or a
    tile-typed value. A function without any -- an orchestration function
    that only calls kernels, a ``group`` function -- is not a kernel, and
    every planning pass leaves it as it is (the reference runs its memory
    passes on InCore functions only)."""
    for op in fn.walk():
        if op.name.startswith("tile."):
            return True
        if any(isinstance(r.type, TileType) for r in op.results):
            return True
        for region in op.regions:
            for block in region.blocks:
                if any(isinstance(a.type, TileType) for a in block.args):
                    return True
    return False


def kernels(module: ModuleOp) -> list[func.FuncOp]:
    """The functions of :func:`functions` that are kernels
    (:func:`is_kernel`): the ones the planning passes work on."""
    return [fn for fn in functions(module) if is_kernel(fn)]


def functions(module: ModuleOp) -> list[func.FuncOp]:
    """Every ``func.func`` with a body in ``module`` and the modules nested in
    it, in program order (declarations skipped). Only symbol tables hold
    functions, so function bodies are not searched."""
    out: list[func.FuncOp] = []
    for op in module.ops:
        if isinstance(op, func.FuncOp):
            if op.body.blocks:
                out.append(op)
        elif isinstance(op, ModuleOp):
            out.extend(functions(op))
    return out


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Run the body with Python's cyclic garbage collector paused (its state
    restored after; reference counting frees memory as always).

    A pass replaces thousands of values, types and ops; those allocations
    trigger collections, and each full one traverses the whole module and
    everything else alive: at 10k tile ops about a fifth of planning's time,
    for nothing -- the cycles a pass drops (an erased op and its values) are
    reclaimed at the next collection after it. No object's lifetime matters
    to the output."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def tile_values(fn: func.FuncOp) -> Iterator[SSAValue]:
    """Every tile-typed value of ``fn``'s body in program order: block
    arguments of nested blocks first, then each op's results."""

    def visit_block(block: Block) -> Iterator[SSAValue]:
        for a in block.args:
            if isinstance(a.type, TileType):
                yield a
        for op in block.ops:
            for region in op.regions:
                for b in region.blocks:
                    yield from visit_block(b)
            for r in op.results:
                if isinstance(r.type, TileType):
                    yield r

    for b in fn.body.blocks:
        yield from visit_block(b)


def buffer_values(fn: func.FuncOp) -> Iterator[SSAValue]:
    """The tile values of ``fn`` that need an on-chip buffer (a MemRef), in
    program order: every tile value except the pipe-resident ones (a tpop
    result and its views live in reserved pipe storage, seed 002)."""
    return (v for v in tile_values(fn) if not is_pipe_resident(v))


def memref_of(value: SSAValue) -> MemRefAttr | None:
    """The MemRef on ``value``'s tile type (None if absent or not a tile)."""
    t = value.type
    return t.get_memref() if isinstance(t, TileType) else None


def set_memref(value: SSAValue, memref: MemRefAttr | None) -> SSAValue:
    """Give ``value`` a new MemRef; returns the replacement value (all uses
    are rewired; the old value object must not be used afterwards)."""
    t = value.type
    assert isinstance(t, TileType)
    if t.get_memref() == memref:
        return value
    return Rewriter.replace_value_with_new_type(value, t.with_memref(memref))


def allocs(fn: func.FuncOp) -> dict[str, AllocOp]:
    """The function's allocation roots by symbol name."""
    return {op.sym_name.data: op for op in fn.walk() if isinstance(op, AllocOp)}


def has_tiles(fn: func.FuncOp) -> bool:
    """True when ``fn`` uses any on-chip tile."""
    return next(tile_values(fn), None) is not None


def is_strided(window: MemRefAttr, t: Attribute) -> bool:
    """True when ``window`` spans more bytes than a dense tile of type ``t``:
    a strided view such as a column slice, whose rows are not one run."""
    return isinstance(t, TileType) and window.size.data != t.size_bytes


def is_planned(module: ModuleOp) -> bool:
    """True when every tile value of ``module`` has a MemRef and every
    ``tile.alloc`` an address (the module went through allocate-memory-addr)
    -- or, for a module planned by ``planner=ptoas`` (which leaves the
    addresses to ptoas), every tile value has a MemRef."""
    from xdsl_pto.planners import Planner, recorded_planner

    ptoas = recorded_planner(module) is Planner.PTOAS
    fns = [fn for fn in functions(module) if has_tiles(fn)]
    return bool(fns) and all(
        all(memref_of(v) is not None for v in buffer_values(fn))
        and (ptoas or all(a.addr is not None for a in allocs(fn).values()))
        for fn in fns
    )


def require_memrefs(fn: func.FuncOp, pass_name: str) -> None:
    """Check that ``init-memref`` ran on ``fn``.

    Raises:
        PassError: at the first tile value without a MemRef, naming the pass
            to run first; when a MemRef names a root no ``tile.alloc``
            declares; or when a pipe-resident value (a tpop result or a view
            of one) carries a MemRef.
    """
    roots = allocs(fn)
    for v in tile_values(fn):
        m = memref_of(v)
        where = v.owner if isinstance(v.owner, Operation) else v.owner.parent_op()
        if is_pipe_resident(v):
            if m is not None:
                raise PassError(
                    f"{pass_name}: a tpop result and its views live in reserved pipe storage "
                    "and take no MemRef",
                    where,
                )
            continue
        if m is None:
            raise PassError(
                f"{pass_name}: tile value has no MemRef; run init-memref first", where
            )
        if m.root_name not in roots:
            raise PassError(
                f"{pass_name}: MemRef names @{m.root_name}, which no tile.alloc in "
                f"function '{fn.sym_name.data}' declares",
                where,
            )


def defined_inside(value: SSAValue, op: Operation) -> bool:
    """True when ``value`` is defined in one of ``op``'s regions (a block
    argument or the result of a nested op; ``op``'s own results are not)."""
    owner = value.owner
    return owner is not op and op.is_ancestor(owner)


def defining_op(value: SSAValue) -> Operation | None:
    """The op that defines ``value`` (None for block arguments)."""
    owner = value.owner
    return owner if isinstance(owner, Operation) else None


def value_anchor(value: SSAValue) -> Operation | None:
    """An op to report ``value`` at: its defining op, or the op owning its block."""
    op = defining_op(value)
    if op is not None:
        return op
    return value.owner.parent_op()  # type: ignore[union-attr]


def value_name(value: SSAValue) -> str:
    """``%name`` of ``value`` when it has a name hint, else a description."""
    if value.name_hint:
        return f"%{value.name_hint}"
    op = defining_op(value)
    return f"result of {op.name}" if op is not None else "block argument"


def remove_unused_allocs(fn: func.FuncOp) -> list[str]:
    """Erase every ``tile.alloc`` no tile value refers to (the decision
    here, the erasure by :class:`~xdsl_pto.transforms.patterns.EraseAllocs`);
    returns their names in program order (seed 001/002, MemoryReuse step 8)."""
    from xdsl_pto.transforms.patterns import EraseAllocs, apply_patterns

    used = {m.root_name for v in tile_values(fn) if (m := memref_of(v)) is not None}
    removed = [name for name in allocs(fn) if name not in used]
    if removed:
        apply_patterns(fn, EraseAllocs(set(removed)))
    return removed


def carry_moves(fn: func.FuncOp) -> list[MoveOp]:
    """The function's carry moves, innermost regions first (post-order)."""
    out: list[MoveOp] = []

    def visit(block: Block) -> None:
        for op in block.ops:
            for region in op.regions:
                for b in region.blocks:
                    visit(b)
        for op in block.ops:
            if isinstance(op, MoveOp) and op.carry is not None:
                out.append(op)

    for b in fn.body.blocks:
        visit(b)
    return out


def enclosing_for(op: Operation) -> scf.ForOp | None:
    """The innermost ``scf.for`` strictly around ``op``, or None."""
    cur = op.parent_op()
    while cur is not None and not isinstance(cur, scf.ForOp):
        cur = cur.parent_op()
    return cur


def loop_of(value: SSAValue) -> scf.ForOp | None:
    """The innermost ``scf.for`` whose induction variable ``value`` sees:
    the loop around its defining op, or -- for a block argument of an
    ``scf.for`` body -- that loop."""
    owner = value.owner
    if isinstance(owner, Operation):
        return enclosing_for(owner)
    parent = owner.parent_op()
    if isinstance(parent, scf.ForOp):
        return parent
    return enclosing_for(parent) if parent is not None else None


# ----- reserved cross-core windows (tile.reserve_buffer) ----------------------


@dataclass(frozen=True)
class ReservedWindow:
    """A ``tile.reserve_buffer`` with a base: ``[base, base + size)`` of
    ``space``."""

    name: str
    space: MemorySpace
    base: int
    size: int
    op: Operation

    @property
    def end(self) -> int:
        """One past the window's last byte."""
        return self.base + self.size


def reserved_windows(fn: func.FuncOp) -> list[ReservedWindow]:
    """The reservations of ``fn`` that have a base (explicit or resolved),
    in program order; AUTO ones not resolved yet are left out."""
    return [
        ReservedWindow(r.reserved_name, r.memory_space, r.base_addr, r.size_bytes, r)
        for r in reservations(fn)
        if r.base_addr is not None
    ]


def reserved_floor(fn: func.FuncOp) -> dict[MemorySpace, int]:
    """Per memory space, the 32-byte-aligned end of ``fn``'s reserved
    windows (the "floor": every tile root of that space is placed at or
    above it). Spaces without reservations are absent."""
    return _floor((w.space, w.end) for w in reserved_windows(fn))


def _floor(ends: Iterable[tuple[MemorySpace, int]]) -> dict[MemorySpace, int]:
    """Per memory space, the 32-byte-aligned largest of its window ends."""
    floor: dict[MemorySpace, int] = {}
    for space, end in ends:
        floor[space] = max(floor.get(space, 0), align_up(end))
    return floor


def planned_reservation_bases(fn: func.FuncOp, pass_name: str) -> dict[ReserveBufferOp, int]:
    """The base (bytes) every ``tile.reserve_buffer`` of ``fn`` has or will
    get (pypto-docs/34-allocate_memory_addr.md, "Resolve reserve buffers"):
    explicit bases are kept; per memory space, in program order, an AUTO one
    takes the lowest 32-byte-aligned address from 0 upward where it overlaps
    no explicitly based or earlier resolved reservation. Nothing is written.

    Raises:
        PassError: when two explicitly based reservations overlap.
    """
    ops = reservations(fn)
    bases: dict[ReserveBufferOp, int] = {}
    taken: dict[MemorySpace, list[tuple[int, int, str]]] = {}
    for r in ops:
        base = r.base_addr
        if base is None:
            continue
        for lo, hi, other in taken.get(r.memory_space, []):
            if base < hi and lo < base + r.size_bytes:
                raise PassError(
                    f'{pass_name}: the reserved {r.memory_space.value} windows "{other}" '
                    f'[{lo}, {hi}) and "{r.reserved_name}" [{base}, {base + r.size_bytes}) overlap',
                    r,
                )
        taken.setdefault(r.memory_space, []).append((base, base + r.size_bytes, r.reserved_name))
        bases[r] = base
    for r in ops:
        if r.base_addr is not None:
            continue
        windows = sorted(taken.get(r.memory_space, []))
        at = 0
        for lo, hi, _ in windows:
            if at + r.size_bytes <= lo:
                break
            at = max(at, align_up(hi))
        bases[r] = at
        taken.setdefault(r.memory_space, []).append((at, at + r.size_bytes, r.reserved_name))
    return bases


def planned_floor(fn: func.FuncOp, pass_name: str) -> dict[MemorySpace, int]:
    """Per memory space, the floor (bytes) ``fn``'s reservations will have
    once resolved (:func:`planned_reservation_bases`); memory-reuse's
    capacity checks run before the bases are written. Spaces without
    reservations are absent.

    Raises:
        PassError: as :func:`planned_reservation_bases`.
    """
    bases = planned_reservation_bases(fn, pass_name)
    return _floor((r.memory_space, base + r.size_bytes) for r, base in bases.items())


def resolve_reservations(fn: func.FuncOp, pass_name: str) -> dict[MemorySpace, int]:
    """Write the base :func:`planned_reservation_bases` gives onto every AUTO
    ``tile.reserve_buffer`` of ``fn``; returns :func:`reserved_floor`.

    Raises:
        PassError: when two explicitly based reservations overlap.
    """
    for r, base in planned_reservation_bases(fn, pass_name).items():
        if r.base_addr is None:
            r.set_base(base)
    return reserved_floor(fn)


def floor_note(fn: func.FuncOp, space: MemorySpace) -> str:
    """A sentence for a capacity error: how much of ``space`` the reserved
    cross-core windows of ``fn`` take (empty when none)."""
    windows = [w for w in reserved_windows(fn) if w.space is space]
    if not windows:
        return ""
    floor = _floor((w.space, w.end) for w in windows)[space]
    names = ", ".join(f'"{w.name}" [{w.base}, {w.end})' for w in windows)
    return (
        f"; that count includes the {floor} bytes below the reserved cross-core "
        f"window(s) {names} (tile.reserve_buffer), above which every {space.value} tile "
        "is placed"
    )
