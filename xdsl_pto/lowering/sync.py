"""The synchronization ops of ``pl.system`` in ``convert-tile-to-pto``
(:mod:`xdsl_pto.dialects.tile.sync_ops`), each in place (nothing moves
across a barrier), in the text ptoas v0.48 reads
(:mod:`xdsl_pto.dialects.pto.sync`):

==========================================  ==============================================
Tile                                        PTO
==========================================  ==============================================
``tile.pipe_barrier {pipe = "PIPE_V"}``     ``pto.barrier <PIPE_V>``
``tile.set_ffts %ws``                       ``pto.set_ffts %ws : memref<256xi64>``
``tile.sync_set`` / ``tile.sync_wait``      ``pto.sync.set <PIPE_X>, ID [{ffts_mode = M : i32}]`` / ``pto.sync.wait``
``tile.sync_src`` / ``tile.sync_dst``       ``pto.set_flag[<A>, <B>, <EVENT_IDn>]`` / ``pto.wait_flag``
``tile.syncall`` (hard)                     ``pto.syncall() mode = #pto.sync_all_mode<hard>, ...``
==========================================  ==============================================

ptoas v0.48 reads the FFTS workspace only as a ``memref``: a GM argument used
by ``tile.set_ffts`` alone keeps its ``memref`` type in the lowered signature
(and gets no tensor view: :func:`is_ffts_workspace`).

Refused, located at the op, naming ptoas v0.48 (the op has no form it takes,
and dropping it would silently lose an ordering the kernel asked for):

* ``tile.fence`` -- the reference's ``pto.fence.barrier_all`` is unknown to it;
* ``tile.cacheinvalid`` -- so is ``pto.cmo.cacheinvalid``;
* a soft ``tile.syncall`` -- it takes the soft barrier only with UB (and, for
  ``mix``, L1) scratch tiles besides the GM workspace ("expects soft mixed
  syncall to have gm_workspace, ub_workspace, l1_workspace"), which pypto's
  soft form does not have;
* on a5, a ``sync_set`` on a pipe other than ``PIPE_FIX`` / ``PIPE_MTE3`` and a
  ``sync_wait`` on one other than ``PIPE_FIX`` / ``PIPE_MTE1`` /
  ``PIPE_MTE2`` / ``PIPE_MTE3`` / ``PIPE_V`` (its verifier's lists);
* on a2/a3, an explicit event in a function without ``tile.set_ffts`` ("A3
  inter-core sync requires explicit `pto.set_ffts` in the same function");
* an FFTS workspace that another op also reads.
"""

from __future__ import annotations

from xdsl.dialects.builtin import MemRefType
from xdsl.ir import Operation, SSAValue

from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.pto import sync as pto_sync
from xdsl_pto.dialects.pto.comm import BarrierOp
from xdsl_pto.dialects.tile import sync_ops as so
from xdsl_pto.lowering.state import PASS, FunctionLowering, insert_before

#: The pipes ptoas v0.48 takes for a cross-core event on a5.
A5_EVENT_PIPES = {
    so.SyncSetOp: ("PIPE_FIX", "PIPE_MTE3"),
    so.SyncWaitOp: ("PIPE_FIX", "PIPE_MTE1", "PIPE_MTE2", "PIPE_MTE3", "PIPE_V"),
}

#: Why ptoas v0.48 cannot take an op (see the module doc).
UNSUPPORTED = {
    so.FenceOp: "ptoas v0.48 has no GM fence (the reference's pto.fence.barrier_all is an unknown op to it)",
    so.CacheInvalidOp: (
        "ptoas v0.48 has no cache maintenance op (the reference's pto.cmo.cacheinvalid is an unknown op to it)"
    ),
}
SOFT_SYNCALL = (
    "ptoas v0.48 takes a soft syncall only with UB (and, for mix, L1) scratch tiles besides the GM workspace, "
    "which pypto's soft form does not have"
)


def is_ffts_workspace(arg: SSAValue) -> bool:
    """True when GM argument ``arg`` is read by ``tile.set_ffts`` and
    nothing else (it stays a ``memref``, without a tensor view)."""
    return bool(arg.uses) and all(isinstance(u.operation, so.SetFftsOp) for u in arg.uses)


def _event(fl: FunctionLowering, op: so.SyncSetOp | so.SyncWaitOp) -> Operation:
    target = fl.backend.name
    pipe = op.pipe.data
    if target == "a5":
        allowed = A5_EVENT_PIPES[type(op)]
        if pipe not in allowed:
            raise PassError(
                f"{PASS}: {op.name} on a5: ptoas v0.48 takes a cross-core event there only on "
                f"{', '.join(allowed)}, got {pipe}",
                op,
            )
    elif not any(isinstance(o, so.SetFftsOp) for o in fl.fn.walk()):
        raise PassError(
            f"{PASS}: {op.name} on {target} needs a tile.set_ffts (pl.system.set_ffts(workspace)) in the "
            "same function, as ptoas v0.48 does",
            op,
        )
    event: int | SSAValue = op.event_id_dyn if op.event_id_dyn is not None else op.event_id.value.data  # type: ignore[union-attr]
    if isinstance(op, so.SyncSetOp):
        mode = op.ffts_mode.value.data if op.ffts_mode is not None else None
        return pto_sync.SyncSetOp(pipe, event, mode)
    return pto_sync.SyncWaitOp(pipe, event)


def lower_system_sync(fl: FunctionLowering, op: Operation) -> None:
    """Lower one op of ``SYSTEM_SYNC_OPS`` or ``tile.syncall`` right
    before it (see the module doc).

    Raises:
        PassError: for the forms the module doc lists as refused.
    """
    reason = UNSUPPORTED.get(type(op))
    if reason is not None:
        raise PassError(f"{PASS}: {op.name}: {reason}", op)
    new: Operation
    if isinstance(op, so.SyncAllOp):
        if op.is_soft:
            raise PassError(f"{PASS}: {op.name} (soft): {SOFT_SYNCALL}", op)
        new = pto_sync.SyncAllOp(op.core_type.data)
    elif isinstance(op, so.PipeBarrierOp):
        new = BarrierOp(op.pipe.data)
    elif isinstance(op, so.SetFftsOp):
        ws = op.workspace
        if not is_ffts_workspace(ws) or not isinstance(ws.type, MemRefType):
            raise PassError(
                f"{PASS}: {op.name}: its workspace is read by other ops too; ptoas v0.48 takes the FFTS "
                "workspace only as a memref argument, which no other op can read",
                op,
            )
        new = pto_sync.SetFftsOp(ws)
    elif isinstance(op, so.SyncSetOp | so.SyncWaitOp):
        new = _event(fl, op)
    else:
        assert isinstance(op, so.SyncSrcOp | so.SyncDstOp), op.name
        cls = pto_sync.SetFlagOp if isinstance(op, so.SyncSrcOp) else pto_sync.WaitFlagOp
        new = cls(op.set_pipe.data, op.wait_pipe.data, op.event_id.value.data)
    insert_before(new, op)


__all__ = ["is_ffts_workspace", "lower_system_sync"]
