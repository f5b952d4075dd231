"""The part of ``verify-memory-plan`` that applies to a lowered PTO function.

A PTO function names its on-chip buffers by ``pto.alloc_tile addr = %a``
handles; several handles may cover the same bytes (views, reuse) and the PTO
text does not say which of them hold the same data, so liveness cannot be
re-derived from it -- that proof runs on the planned Tile module. What can be
proved here, from the PTO text alone:

* every ``pto.alloc_tile`` with an address has an ``arith.constant`` one
  (one without, as ``planner=ptoas`` emits them, is ptoas' to place: there
  is nothing to check), or a runtime slot's address computed in the form the
  lowering emits, ``base + (iv mod F) * slot`` (``arith.addi`` of a constant
  base and ``arith.muli`` of the ``i64`` cast of ``arith.remsi %iv, F`` --
  or of the floor remainder ``remsi(addi(remsi(iv, F), F), F)`` -- by a
  constant slot size): each of its ``F`` addresses is checked below, since
  the handle may be any of its slots;
* the address is 32-byte aligned (reference/backends.md, the allocator's
  alignment);
* with a backend, the handle's bytes ``[addr, addr + rows * cols * width)``
  end within its memory space's capacity;
* those bytes overlap no cross-core window the function reserves at a fixed
  base in the same memory space (``pto.reserve_buffer {..., location =
  #pto.address_space<L>, auto = false, base = B}``, bytes ``[B, B + size)``,
  or for a pipe's ring up to the end of the slots its initialize op keeps
  there when they need more (:func:`~xdsl_pto.verify.ir.ring_span`); an
  ``auto = true`` one is ptoas' to place).
"""

from __future__ import annotations

from xdsl.dialects import arith, func
from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import SSAValue

from xdsl_pto.backends import ALLOC_ALIGN, Backend
from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.pto.ops import AllocTileOp
from xdsl_pto.dialects.pto.pipe_setup import ReserveBufferOp
from xdsl_pto.dialects.tile.types import MemorySpace, element_bytes
from xdsl_pto.verify.ir import ring_span
from xdsl_pto.dialects.pto.types import PTO_ELEMENT_TYPES


def has_pto_buffers(fn: func.FuncOp) -> bool:
    """True when ``fn`` declares PTO tile buffers (a lowered function)."""
    return any(isinstance(op, AllocTileOp) for op in fn.walk())


def _constant(v: SSAValue) -> int | None:
    owner = v.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


def _slot_count(v: SSAValue) -> int | None:
    """``F`` when ``v`` is ``arith.remsi %x, %cF`` (or the floor remainder
    ``remsi(addi(remsi(x, F), F), F)``), else None."""
    op = v.owner
    if not isinstance(op, arith.RemSIOp):
        return None
    n = _constant(op.rhs)
    inner = op.lhs.owner
    if isinstance(inner, arith.AddiOp) and isinstance(inner.lhs.owner, arith.RemSIOp):
        if _constant(inner.rhs) != n or _slot_count(inner.lhs) != n:
            return None
    return n if n is not None and n > 0 else None


def slot_addresses(op: AllocTileOp) -> list[int] | None:
    """The addresses a ``pto.alloc_tile`` may have: its constant address, or
    the ``F`` addresses ``base + k * slot`` of a runtime slot's computed
    one (the form in the module doc); None for any other address."""
    if op.addr is None:
        return None
    addr = _constant(op.addr)
    if addr is not None:
        return [addr]
    add = op.addr.owner
    if not isinstance(add, arith.AddiOp):
        return None
    base, mul = _constant(add.lhs), add.rhs.owner
    if base is None or not isinstance(mul, arith.MuliOp):
        return None
    slot, cast = _constant(mul.rhs), mul.lhs.owner
    if slot is None or not isinstance(cast, arith.IndexCastOp):
        return None
    count = _slot_count(cast.input)
    if count is None:
        return None
    return [base + k * slot for k in range(count)]


def verify_pto_function(fn: func.FuncOp, backend: Backend | None, pass_name: str) -> int:
    """Check the address of every ``pto.alloc_tile`` in ``fn`` that has one;
    returns how many handles were checked.

    Raises:
        PassError: prefixed with ``pass_name``, at the offending
            ``pto.alloc_tile``: no constant address, misaligned, past the
            backend's capacity for its ``loc``, or overlapping a fixed
            ``pto.reserve_buffer`` window of its ``loc``.
    """
    windows: list[tuple[str, int, int, str, str]] = []  # (loc, base, end, name, note)
    for op in fn.walk():
        if isinstance(op, ReserveBufferOp) and op.fixed_window is not None:
            loc, base, size = op.fixed_window
            name = op.attributes["name"].data  # type: ignore[attr-defined]
            span, why = ring_span(op.result)
            note = f": {why}, past its declared {size}" if span > size else ""
            windows.append((loc, base, base + max(size, span), name, note))
    checked = 0
    for op in fn.walk():
        if not isinstance(op, AllocTileOp):
            continue
        if op.addr is None:
            continue  # planner=ptoas: ptoas places it
        addresses = slot_addresses(op)
        if addresses is None:
            raise PassError(
                f"{pass_name}: pto.alloc_tile has no constant address (nor a runtime slot's "
                "base + (iv mod F) * slot); only planned PTO can be checked",
                op,
            )
        for addr in addresses:
            _check_address(op, addr, backend, windows, pass_name)
        checked += 1
    return checked


def pto_element_bytes(elem) -> int:
    """Bytes of one element of a ``!pto.tile_buf``: the PTO-only element
    types (``!pto.f8E8M0``, the fp4 pair ``!pto.f4E2M1x2``) are one byte
    each; a builtin type its own width."""
    if isinstance(elem, PTO_ELEMENT_TYPES):
        return 1
    return element_bytes(elem)


def _check_address(
    op: AllocTileOp,
    addr: int,
    backend: Backend | None,
    windows: list[tuple[str, int, int, str, str]],
    pass_name: str,
) -> None:
    """One address ``op`` may have: aligned, within the capacity, clear of
    the fixed reserved windows.

    Raises:
        PassError: at ``op``, as :func:`verify_pto_function` says.
    """
    buf = op.result.type
    if addr % ALLOC_ALIGN:
        raise PassError(
            f"{pass_name}: pto.alloc_tile address {addr} is not {ALLOC_ALIGN}-byte aligned",
            op,
        )
    end = addr + buf.rows * buf.cols * pto_element_bytes(buf.dtype)
    space = MemorySpace(buf.loc) if buf.loc in MemorySpace._value2member_map_ else None
    if backend is not None and space is not None and end > backend.capacity[space]:
        raise PassError(
            f"{pass_name}: pto.alloc_tile [{addr}, {end}) ends past the {backend.name} "
            f"{buf.loc} capacity ({backend.capacity[space]} bytes)",
            op,
        )
    for loc, base, w_end, name, note in windows:
        if loc == buf.loc and addr < w_end and base < end:
            raise PassError(
                f"{pass_name}: pto.alloc_tile [{addr}, {end}) of {buf.loc} overlaps the "
                f'reserved cross-core window "{name}" [{base}, {w_end}){note} '
                "(pto.reserve_buffer auto = false); tiles must sit outside reserved windows",
                op,
            )
