"""Module-level checks of the cross-core pipe setup (pypto-docs/operators.md,
"CrossCoreOp"), run by ``convert-tile-to-pto``.

The function-local rules live in the op verifiers
(:mod:`xdsl_pto.dialects.tile.cross_core_ops`,
:mod:`xdsl_pto.dialects.tile.pipe_setup_ops`). Here are the rules that need
the whole module or the target:

* :func:`check_peers`: every ``tile.import_peer_buffer "N" from @P`` names a
  function ``@P`` of the module that reserves a buffer ``"N"``, and the
  initialize op consuming the import enables the same directions
  (``dir_mask``) as the peer's initialize op consuming the reservation.
* :func:`check_reservations`: explicitly based reservations of one space do
  not overlap, and a space's reservations fit its capacity (under
  planner=ptoas nothing else checks them; pypto / dsa_rp refuse the same in
  allocate-memory-addr).
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, SSAValue

from xdsl_pto.backends import Backend
from xdsl_pto.diagnostics import PassError, op_location
from xdsl_pto.dialects.tile.cross_core_ops import INIT_OP_NAMES, int_attr
from xdsl_pto.dialects.tile.pipe_setup_ops import (
    ImportPeerBufferOp,
    ReserveBufferOp,
    reservations,
)
from xdsl_pto.dialects.tile.types import MemorySpace
from xdsl_pto.transforms.common import planned_reservation_bases


def _consumer_init(value: SSAValue) -> Operation | None:
    """The initialize op taking ``value`` as an operand, if any."""
    names = set(INIT_OP_NAMES.values())
    for use in value.uses:
        if use.operation.name in names:
            return use.operation
    return None


def check_peers(module: ModuleOp, pass_name: str) -> None:
    """Peer functions exist, reserve the imported names, and agree on the
    pipe directions.

    Raises:
        PassError: at the offending import (or initialize) op.
    """
    fns = {f.sym_name.data: f for f in module.ops if isinstance(f, func.FuncOp)}
    for fn in fns.values():
        for op in fn.walk():
            if not isinstance(op, ImportPeerBufferOp):
                continue
            where = f"{pass_name}: {op.name} in @{fn.sym_name.data}"
            peer = fns.get(op.peer)
            if peer is None:
                raise PassError(
                    f"{where}: @{op.peer} is not a function of this module; the peer function "
                    f'must reserve "{op.imported_name}" with tile.reserve_buffer',
                    op,
                )
            reserved = [r for r in reservations(peer) if r.reserved_name == op.imported_name]
            if not reserved:
                names = ", ".join(f'"{r.reserved_name}"' for r in reservations(peer))
                raise PassError(
                    f'{where}: @{op.peer} reserves no buffer named "{op.imported_name}" '
                    + (f"(it reserves {names})" if names else "(it reserves none)"),
                    op,
                )
            mine, theirs = _consumer_init(op.result), _consumer_init(reserved[0].result)
            if mine is None or theirs is None:
                continue
            a, b = int_attr(mine, "dir_mask"), int_attr(theirs, "dir_mask")
            if a != b:
                raise PassError(
                    f"{pass_name}: {mine.name} in @{fn.sym_name.data}: dir_mask = {a} disagrees "
                    f"with dir_mask = {b} of the {theirs.name} in @{op.peer} at "
                    f'{op_location(theirs)}, which shares the buffer "{op.imported_name}"; both '
                    "sides of a pipe enable the same directions",
                    mine,
                )


def check_reservations(fn: func.FuncOp, backend: Backend | None, pass_name: str) -> None:
    """No two explicitly based reservations of one space overlap (the
    wording of allocate-memory-addr's), and per space the reservations fit
    the backend's capacity: the larger of the highest explicit window end
    and the sum of all reserved sizes.

    Raises:
        PassError: at the second overlapping reservation, or at the one that
            takes its space over the limit.
    """
    planned_reservation_bases(fn, pass_name)  # raises for overlapping explicit windows
    if backend is None:
        return
    total: dict[MemorySpace, int] = {}
    top: dict[MemorySpace, int] = {}
    seen: dict[MemorySpace, list[ReserveBufferOp]] = {}
    for r in reservations(fn):
        space = r.memory_space
        total[space] = total.get(space, 0) + r.size_bytes
        if r.base_addr is not None:
            top[space] = max(top.get(space, 0), r.base_addr + r.size_bytes)
        seen.setdefault(space, []).append(r)
        used = max(total[space], top.get(space, 0))
        limit = backend.capacity[space]
        if used > limit:
            names = ", ".join(
                f'"{w.reserved_name}" '
                + (f"[{w.base_addr}, {w.base_addr + w.size_bytes})" if w.base_addr is not None else f"({w.size_bytes} bytes, AUTO)")
                for w in seen[space]
            )
            raise PassError(
                f"{pass_name}: function '{fn.sym_name.data}': {space.value} buffer usage "
                f"({used} bytes) exceeds the {backend.name} limit ({limit} bytes); that count "
                f"is the reserved cross-core window(s) {names} (tile.reserve_buffer) alone",
                r,
            )
