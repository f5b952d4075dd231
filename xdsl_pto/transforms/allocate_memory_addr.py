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
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import IntAttr, ModuleOp
from xdsl.passes import ModulePass

from xdsl_pto.backends import Backend, backend_for_pass, record_target
from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.tile.data_ops import AllocOp
from xdsl_pto.dialects.tile.types import MemorySpace
from xdsl_pto.planners import require_pypto
from xdsl_pto.transforms.common import allocs, functions, require_memrefs
from xdsl_pto.transforms.footprint import layout

PASS = "allocate-memory-addr"


def assign_addresses(fn: func.FuncOp) -> dict[MemorySpace, int]:
    """Set ``addr`` on every ``tile.alloc`` of ``fn``; returns each space's
    high-water mark in bytes (``max(addr + size)``), as
    :func:`~xdsl_pto.transforms.footprint.layout` computes it."""
    by_space: dict[MemorySpace, dict[str, AllocOp]] = {}
    for name, op in allocs(fn).items():
        by_space.setdefault(op.memory_space, {})[name] = op
    high: dict[MemorySpace, int] = {}
    for space, ops in by_space.items():
        addrs, high[space] = layout({name: op.size.data for name, op in ops.items()})
        for name, op in ops.items():
            op.addr = IntAttr(addrs[name])
    return high


def check_capacity(fn: func.FuncOp, high: dict[MemorySpace, int], backend: Backend) -> None:
    """Raises PassError when a space's high-water mark exceeds the backend's
    capacity for it."""
    for space, used in high.items():
        limit = backend.capacity[space]
        if used > limit:
            raise PassError(
                f"{PASS}: function '{fn.sym_name.data}': {space.value} buffer usage "
                f"({used} bytes) exceeds the {backend.name} limit ({limit} bytes)",
                fn,
            )


@dataclass(frozen=True)
class AllocateMemoryAddrPass(ModulePass):
    """Assign 32-byte-aligned addresses per memory space and check capacity.

    Options:
        backend: ``a2``, ``a3`` or ``a5`` (recorded as the module's
            ``pto.target_arch``); empty = the module's ``pto.target_arch`` if
            any, else capacity unknown (no check).
    """

    name = "allocate-memory-addr"

    backend: str = ""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        require_pypto(op, PASS)
        backend = backend_for_pass(self.backend, op, PASS)
        record_target(op, backend, PASS)
        for fn in functions(op):
            require_memrefs(fn, PASS)
            high = assign_addresses(fn)
            if backend is not None:
                check_capacity(fn, high, backend)
