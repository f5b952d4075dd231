"""The part of ``verify-memory-plan`` that applies to a lowered PTO function.

A PTO function names its on-chip buffers by ``pto.alloc_tile addr = %a``
handles; several handles may cover the same bytes (views, reuse) and the PTO
text does not say which of them hold the same data, so liveness cannot be
re-derived from it -- that proof runs on the planned Tile module. What can be
proved here, from the PTO text alone:

* every ``pto.alloc_tile`` with an address has an ``arith.constant`` one
  (one without, as ``planner=ptoas`` emits them, is ptoas' to place: there
  is nothing to check);
* the address is 32-byte aligned (reference/backends.md, the allocator's
  alignment);
* with a backend, the handle's bytes ``[addr, addr + rows * cols * width)``
  end within its memory space's capacity;
* those bytes overlap no cross-core window the function reserves at a fixed
  base in the same memory space (``pto.reserve_buffer {..., location =
  #pto.address_space<L>, auto = false, base = B}``, bytes ``[B, B + size)``;
  an ``auto = true`` one is ptoas' to place).
"""

from __future__ import annotations

from xdsl.dialects import arith, func
from xdsl.dialects.builtin import IntegerAttr

from xdsl_pto.backends import ALLOC_ALIGN, Backend
from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.pto.ops import AllocTileOp
from xdsl_pto.dialects.pto.pipe_setup import ReserveBufferOp
from xdsl_pto.dialects.tile.types import MemorySpace, element_bytes


def has_pto_buffers(fn: func.FuncOp) -> bool:
    """True when ``fn`` declares PTO tile buffers (a lowered function)."""
    return any(isinstance(op, AllocTileOp) for op in fn.walk())


def _constant_addr(op: AllocTileOp) -> int | None:
    owner = op.addr.owner if op.addr is not None else None
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


def verify_pto_function(fn: func.FuncOp, backend: Backend | None, pass_name: str) -> int:
    """Check the address of every ``pto.alloc_tile`` in ``fn`` that has one;
    returns how many handles were checked.

    Raises:
        PassError: prefixed with ``pass_name``, at the offending
            ``pto.alloc_tile``: no constant address, misaligned, past the
            backend's capacity for its ``loc``, or overlapping a fixed
            ``pto.reserve_buffer`` window of its ``loc``.
    """
    windows: list[tuple[str, int, int, str]] = []  # (loc, base, end, name)
    for op in fn.walk():
        if isinstance(op, ReserveBufferOp) and op.fixed_window is not None:
            loc, base, size = op.fixed_window
            name = op.attributes["name"]
            windows.append((loc, base, base + size, name.data))  # type: ignore[attr-defined]
    checked = 0
    for op in fn.walk():
        if not isinstance(op, AllocTileOp):
            continue
        if op.addr is None:
            continue  # planner=ptoas: ptoas places it
        buf = op.result.type
        addr = _constant_addr(op)
        if addr is None:
            raise PassError(
                f"{pass_name}: pto.alloc_tile has no constant address; only planned PTO "
                "can be checked",
                op,
            )
        if addr % ALLOC_ALIGN:
            raise PassError(
                f"{pass_name}: pto.alloc_tile address {addr} is not {ALLOC_ALIGN}-byte aligned",
                op,
            )
        end = addr + buf.rows * buf.cols * element_bytes(buf.dtype)
        space = MemorySpace(buf.loc) if buf.loc in MemorySpace._value2member_map_ else None
        if backend is not None and space is not None and end > backend.capacity[space]:
            raise PassError(
                f"{pass_name}: pto.alloc_tile [{addr}, {end}) ends past the {backend.name} "
                f"{buf.loc} capacity ({backend.capacity[space]} bytes)",
                op,
            )
        for loc, base, w_end, name in windows:
            if loc == buf.loc and addr < w_end and base < end:
                raise PassError(
                    f"{pass_name}: pto.alloc_tile [{addr}, {end}) of {buf.loc} overlaps the "
                    f'reserved cross-core window "{name}" [{base}, {w_end}) '
                    "(pto.reserve_buffer auto = false); tiles must sit outside reserved windows",
                    op,
                )
        checked += 1
    return checked
