"""``allocate-memory-addr``: give every allocation root a byte address.

PYPTO policy of pypto-docs/34-allocate_memory_addr.md ("Sequential PYPTO
policy"): each memory space is its own address space starting at 0; roots
are taken in name order and each start is aligned to 32 bytes
(``next = align32(addr + size)``). Name order is *natural* (``mem_vec_2``
before ``mem_vec_10``), where the reference compares strings; the footprint is
the same either way. Views keep their offset relative to their root, so a
tile's address is its root's ``addr`` plus its MemRef offset.

With a backend (option ``backend`` or the module's ``pto.target_arch``), a
space whose high-water mark exceeds its capacity is an error naming the
function, the space, the bytes used and the limit.

With ``planner=dsa_rp`` (option ``planner`` or the module's
``tile.memory_planner``) the roots are placed by the DSA-RP policy instead
(:mod:`xdsl_pto.transforms.dsa_rp`): jointly per memory space, within the
capacity, every placement checked by the engine's independent validator
before it is written (``pto-plan-memory{verify=true}`` also proves the
written plan with verify-memory-plan). A module whose roots all have
addresses keeps them (only the capacity is checked again).

Reserved cross-core windows (``tile.reserve_buffer``, pypto-docs/34-allocate_memory_addr.md,
"Resolve reserve buffers"): per function and memory space, every AUTO
reservation gets an explicit base first -- in program order, 32-byte
aligned, from 0 upward around the explicitly based ones -- and every tile
root of that space is placed at or above the aligned end of the
reservations (the floor), under both planners. The capacity check counts
the floor, and its error names the reserved windows.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from xdsl_pto.backends import Backend, record_target
from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.tile.data_ops import AllocOp
from xdsl_pto.dialects.tile.types import MemorySpace
from xdsl_pto.pass_config import PassConfig
from xdsl_pto.planners import Planner, record_planner
from xdsl_pto.transforms.common import (
    allocs,
    floor_note,
    kernels,
    require_memrefs,
    reserved_floor,
    resolve_reservations,
)
from xdsl_pto.transforms.footprint import layout
from xdsl_pto.transforms.patterns import SetAllocAddresses, apply_patterns
from xdsl_pto.transforms.pipe_rings import ring_note

PASS = "allocate-memory-addr"


def assign_addresses(fn: func.FuncOp, floor: dict[MemorySpace, int] | None = None) -> dict[MemorySpace, int]:
    """Set ``addr`` on every ``tile.alloc`` of ``fn``; returns each space's
    high-water mark in bytes (``max(addr + size)``), as
    :func:`~xdsl_pto.transforms.footprint.layout` computes it, shifted up
    by the space's ``floor`` (the aligned end of its reserved cross-core
    windows; a space with only reservations has the floor as its mark)."""
    floor = floor or {}
    by_space: dict[MemorySpace, dict[str, AllocOp]] = {}
    for name, op in allocs(fn).items():
        by_space.setdefault(op.memory_space, {})[name] = op
    high: dict[MemorySpace, int] = dict(floor)
    addresses: dict[str, int] = {}
    for space, ops in by_space.items():
        base = floor.get(space, 0)
        addrs, top = layout({name: op.size.data for name, op in ops.items()})
        high[space] = base + top
        addresses.update((name, base + addrs[name]) for name in ops)
    apply_patterns(fn, SetAllocAddresses(addresses))
    return high


def high_water(fn: func.FuncOp) -> dict[MemorySpace, int]:
    """Each space's high-water mark (bytes, ``max(addr + size)``) of the
    addresses ``fn``'s roots already have, at least the floor of its
    reserved cross-core windows (:func:`reserved_floor`)."""
    high: dict[MemorySpace, int] = reserved_floor(fn)
    for op in allocs(fn).values():
        assert op.addr is not None
        high[op.memory_space] = max(high.get(op.memory_space, 0), op.addr.data + op.size.data)
    return high


def check_capacity(fn: func.FuncOp, high: dict[MemorySpace, int], backend: Backend) -> None:
    """Raises PassError when a space's high-water mark exceeds the backend's
    capacity for it: located at the op where the space's tiles peak, it
    names that point, the tiles live there with their bytes and the rule
    that keeps two of them from sharing
    (:func:`~xdsl_pto.transforms.memory_reuse.pressure.overflow_note`; at
    the function when the space holds no tile)."""
    for space, used in high.items():
        limit = backend.capacity[space]
        if used > limit:
            note, at = "", None
            if limit > 0:
                from xdsl_pto.transforms.memory_reuse.pressure import overflow_note

                room = max(0, limit - reserved_floor(fn).get(space, 0))
                note, at = overflow_note(fn, space, backend.name, room)
            raise PassError(
                f"{PASS}: function '{fn.sym_name.data}': {space.value} buffer usage "
                f"({used} bytes) exceeds the {backend.name} limit ({limit} bytes)"
                + floor_note(fn, space)
                + note
                + ring_note(fn, space)
                + ("; it has no such buffer: the MX scale spaces are a5's" if limit == 0 else ""),
                at if at is not None else fn,
            )


def _spaces(fn: func.FuncOp) -> set[MemorySpace]:
    return {a.memory_space for a in allocs(fn).values()}


@dataclass(frozen=True)
class AllocateMemoryAddrPass(ModulePass):
    """Assign 32-byte-aligned addresses per memory space and check capacity.

    Options:
        backend: ``a2``, ``a3`` or ``a5`` (recorded as the module's
            ``pto.target_arch``); empty = the module's ``pto.target_arch`` if
            any, else capacity unknown (no check).
        planner: ``pypto`` (sequential addresses after memory-reuse) or
            ``dsa_rp`` (DSA placement, recorded as ``tile.memory_planner``);
            empty = the module's record, else ``pypto``. ``ptoas`` is an
            error: ptoas assigns the addresses.

    Raises:
        PassError: without MemRefs, for a space over its capacity (pypto),
            for a space with no placement found within it (dsa_rp), and see
            :func:`xdsl_pto.transforms.dsa_rp.plan_dsa_rp`.
    """

    name = "allocate-memory-addr"

    backend: str = ""
    planner: str = ""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        self.run(op, PassConfig.resolve(op, PASS, backend=self.backend, planner=self.planner))

    def run(self, op: ModuleOp, config: PassConfig) -> None:
        """Place ``op``'s roots for ``config`` (resolved by the caller)."""
        planner, backend = config.planner, config.backend
        if planner is Planner.PTOAS:
            raise PassError(
                f"{PASS}: planner=ptoas leaves the addresses to ptoas; {PASS} belongs to "
                "planner=pypto or planner=dsa_rp",
                op,
            )
        record_target(op, backend, PASS)
        record_planner(op, planner)
        for fn in kernels(op):
            require_memrefs(fn, PASS)
            floor = resolve_reservations(fn, PASS)
            if planner is Planner.PYPTO:
                high = assign_addresses(fn, floor)
            elif all(a.addr is not None for a in allocs(fn).values()):
                high = high_water(fn)  # a plan of its own: kept
            else:
                # here only: the DSA engine loads numpy, which no pypto run needs
                from xdsl_pto.transforms.dsa_rp import plan_dsa_rp

                plan_dsa_rp(fn, backend, PASS, floor)
                if backend is not None:  # a space with reservations and no tiles
                    check_capacity(fn, {s: f for s, f in floor.items() if s not in _spaces(fn)}, backend)
                continue
            if backend is not None:
                check_capacity(fn, high, backend)
