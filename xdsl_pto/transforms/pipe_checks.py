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
* :func:`check_pipe_pairs`: the consumer buffer of every direction an
  initialize op enables is a reservation or an import, and every such pipe is
  initialized on both sides, once each, in two functions of the module that
  agree on its shape, as ptoas (v0.48) pairs them: a direction's consumer
  buffer names the pipe (the reserving function and the buffer's name; an
  import names its peer's reservation), and the two initialize ops of one
  pipe have equal ``dir_mask``, ``slot_size``, ``slot_num``,
  ``local_slot_num`` and ``id``, and the pushes, pops and frees of both
  kernels on it are all unsplit or all split;
* :func:`check_gm_slot_buffers`: on a2/a3 every initialize op names the
  pipe's GM slot buffer;
* :func:`check_reservations`: explicitly based reservations of one space do
  not overlap, and a space's reservations fit its capacity (under
  planner=ptoas pto-plan-memory checks them with it, and the lowering again;
  pypto / dsa_rp refuse the same in allocate-memory-addr). A reservation
  that is a pipe's ring gets the ring's settings named
  (:func:`~xdsl_pto.transforms.pipe_rings.ring_note`).
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, SSAValue

from xdsl_pto.backends import Backend
from xdsl_pto.diagnostics import PassError, op_location
from xdsl_pto.dialects.tile.cross_core_ops import INIT_OP_NAMES, init_ops, int_attr, pipe_ops
from xdsl_pto.dialects.tile.pipe_setup_ops import (
    ImportPeerBufferOp,
    ReserveBufferOp,
    reservations,
)
from xdsl_pto.dialects.tile.traits import A2A3
from xdsl_pto.dialects.tile.types import MemorySpace
from xdsl_pto.transforms.common import planned_reservation_bases
from xdsl_pto.transforms.pipe_rings import ring_note


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


#: The attributes both sides of one pipe must agree on (ptoas compares them
#: as written: an absent ``slot_num`` differs from ``slot_num = 2``).
PIPE_SHAPE_KEYS = ("id", "dir_mask", "slot_size", "slot_num", "local_slot_num")


def _pipe_name(fn: func.FuncOp, value: SSAValue) -> tuple[str, str] | None:
    """The pipe a consumer-buffer operand names: (reserving function, buffer
    name), or None for a value that is neither a reservation nor an import."""
    owner = value.owner
    if isinstance(owner, ReserveBufferOp):
        return (fn.sym_name.data, owner.reserved_name)
    if isinstance(owner, ImportPeerBufferOp):
        return (owner.peer, owner.imported_name)
    return None


def check_pipe_pairs(module: ModuleOp, pass_name: str) -> None:
    """Every enabled pipe direction has exactly two initialize ops, in two
    functions, that agree on the pipe's shape (see the module docstring).

    Raises:
        PassError: at the initialize op whose pipe has no peer (or a third
            side, or a peer in the same function), or at the one that
            disagrees with its peer.
    """
    sides: dict[tuple[str, str, int], list[tuple[func.FuncOp, Operation]]] = {}
    for fn in (f for f in module.ops if isinstance(f, func.FuncOp)):
        for init in init_ops(fn):
            mask = int_attr(init, "dir_mask") or 0
            for bit, operand in ((1, init.operands[0]), (2, init.operands[1])):
                if not mask & bit:
                    continue
                pipe = _pipe_name(fn, operand)
                if pipe is None:
                    key = "c2v_consumer_buf" if bit == 1 else "v2c_consumer_buf"
                    raise PassError(
                        f"{pass_name}: {init.name} in @{fn.sym_name.data}: dir_mask = {mask} "
                        f"enables the {'cube to vector' if bit == 1 else 'vector to cube'} pipe, "
                        f"so its {key} must be a tile.reserve_buffer or tile.import_peer_buffer "
                        "result: ptoas pairs the two sides of a pipe by that ring buffer",
                        init,
                    )
                sides.setdefault((*pipe, bit), []).append((fn, init))
    for (owner, name, bit), found in sides.items():
        direction = "cube to vector" if bit == 1 else "vector to cube"
        fn, init = found[0]
        where = f"{pass_name}: {init.name} in @{fn.sym_name.data}"
        if len(found) == 1 or len({f.sym_name.data for f, _ in found}) != 2 or len(found) > 2:
            others = ", ".join(f"@{f.sym_name.data}" for f, _ in found)
            raise PassError(
                f'{where}: the {direction} pipe through "{name}" (reserved in @{owner}) is '
                f"initialized by {len(found)} op(s) in {others}; ptoas pairs each pipe with "
                "exactly one initialize op in the peer function that imports (or reserves) "
                "that buffer -- the module needs both kernels of the pipe",
                init,
            )
        (fa, a), (fb, b) = found
        pipe = int_attr(a, "id") or 0
        splits = {(f, o): int_attr(o, "split") for f in (fa, fb) for o in pipe_ops(f, pipe)}
        unsplit = [k for k, v in splits.items() if v == 0]
        split = [k for k, v in splits.items() if v]
        if unsplit and split:
            (f0, o0), (f1, o1) = unsplit[0], split[0]
            raise PassError(
                f"{pass_name}: {o1.name} in @{f1.sym_name.data}: split = {int_attr(o1, 'split')} "
                f"on the pipe through \"{name}\", which the {o0.name} in @{f0.sym_name.data} at "
                f"{op_location(o0)} uses unsplit (split = 0); ptoas does not mix an unsplit use "
                "with a split one on one pipe, across its two kernels either",
                o1,
            )
        for key in PIPE_SHAPE_KEYS:
            va, vb = int_attr(a, key), int_attr(b, key)
            if va != vb:
                shown = lambda v: "absent" if v is None else str(v)  # noqa: E731
                raise PassError(
                    f"{pass_name}: {b.name} in @{fb.sym_name.data}: {key} = {shown(vb)} "
                    f"disagrees with {key} = {shown(va)} of the {a.name} in @{fa.sym_name.data} at "
                    f'{op_location(a)}, the other side of the pipe through "{name}"; ptoas needs '
                    "both sides to agree on id, dir_mask, slot_size, slot_num and local_slot_num",
                    b,
                )


def check_gm_slot_buffers(module: ModuleOp, backend: Backend, pass_name: str) -> None:
    """On a2/a3 every initialize op names its GM slot buffer
    (``gm_slot_buffer(%t : memref<...>)``): ptoas (v0.48) "requires
    'gm_slot_buffer' when lowering to a2/a3" (the reference passes its
    ``__gm_pipe_buffer`` parameter). a5 needs none.

    Raises:
        PassError: at the first initialize op without one.
    """
    if backend.name not in A2A3:
        return
    for fn in (f for f in module.ops if isinstance(f, func.FuncOp)):
        for init in init_ops(fn):
            if init.gm_slot_buffer is None:  # type: ignore[attr-defined]
                raise PassError(
                    f"{pass_name}: {init.name} in @{fn.sym_name.data}: on {backend.name} ptoas "
                    "needs the pipe's GM slot buffer: pass a GM tensor argument of the function "
                    "with gm_slot_buffer(%t : memref<...>) (the reference passes its "
                    "__gm_pipe_buffer parameter)",
                    init,
                )


def check_reservations(
    fn: func.FuncOp, backend: Backend | None, pass_name: str, *, ptoas: bool = False
) -> None:
    """No two explicitly based reservations of one space overlap (the
    wording of allocate-memory-addr's), per space the reservations fit
    the backend's capacity (the larger of the highest explicit window end
    and the sum of all reserved sizes), and -- under planner=ptoas
    (``ptoas``) -- no reservation has an explicit base: ptoas v0.48's
    PlanMemory refuses ``auto = false`` ("... with explicit 'base' is not
    supported in PlanMemory").

    Raises:
        PassError: at the second overlapping reservation, at the one that
            takes its space over the limit (naming every window of the space
            and, for each pipe ring there, its ``slot_num`` and
            ``slot_size``), or at the first explicitly based one under ptoas.
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
                f"is the reserved cross-core window(s) {names} (tile.reserve_buffer) alone"
                + ring_note(fn, space),
                r,
            )
    if ptoas:
        for r in reservations(fn):
            if r.base_addr is not None:
                raise PassError(
                    f'{pass_name}: the reservation "{r.reserved_name}" has an explicit base ({r.base_addr}), '
                    "which ptoas's PlanMemory does not take under planner=ptoas: drop its 'at "
                    f"{r.base_addr}' to let ptoas place it, or plan with planner=pypto or planner=dsa_rp",
                    r,
                )
