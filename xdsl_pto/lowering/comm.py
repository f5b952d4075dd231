"""Cross-rank ops of ``convert-tile-to-pto`` (distributed tensors, issue 24;
examples/reduce_step): the communication-context parameters and the
lowering of ``tile.notify`` / ``tile.wait`` / ``tile.remote_load``.

**The ABI.** Every GM tensor argument marked ``tile.distributed`` (a
``pld.DistributedTensor`` parameter) gets one trailing ``!pto.ptr<i64>``
parameter, its communication context, in parameter order after every other
parameter (the dynamic-extent ``index`` ones included) -- the reference's
``reduce_step`` signature ends ``%arg5: !pto.ptr<i64>, %arg6: !pto.ptr<i64>``
for its two distributed tensors (tile-op-semantics.md section 11,
"Distributed tensors"). The context is read as i64 slots: slot
:data:`RANK_SLOT` holds this rank (its low 32 bits), slot
``WINDOWS_SLOT + r`` the base address of rank ``r``'s window (bytes).

**A peer's copy.** Rank ``p``'s copy of a distributed tensor is the local
base pointer moved by ``(window[p] - window[rank]) / element bytes``
elements (``pto.load_scalar`` of the three slots, ``arith``, ``pto.addptr``),
viewed by a ``pto.make_tensor_view`` with the local view's shape, strides
and layout; emitted right before the op that reads it, as the reference does.

* ``tile.remote_load`` -> ``pto.tload`` of a ``pto.partition_view`` of the
  peer's view;
* ``tile.notify`` -> ``pto.barrier <PIPE_ALL>`` (every earlier store has
  landed before the signal is raised) and ``pto.comm.tnotify`` of the peer's
  one-element partition view;
* ``tile.wait`` -> ``pto.comm.twait`` of the local one-element partition view.

The reference also invalidates the data cache (``pto.cmo.cacheinvalid``) and
fences GM (``pto.fence.barrier_all``) around these; ptoas v0.48 does not
know those ops, so nothing is emitted for them.
"""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, IndexType, MemRefType, i32, i64
from xdsl.ir import Operation, SSAValue

from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.pto import PTO_DPS_OPS
from xdsl_pto.dialects.pto.attrs import NotifyOp, NotifyOpAttr, WaitCmp, WaitCmpAttr
from xdsl_pto.dialects.pto.comm import AddPtrOp, BarrierOp, TNotifyOp, TWaitOp
from xdsl_pto.dialects.pto.ops import MakeTensorViewOp, PartitionViewOp
from xdsl_pto.dialects.pto.scalar_access import LoadScalarOp
from xdsl_pto.dialects.pto.types import PartitionTensorViewType, PtrType, TensorViewType
from xdsl_pto.dialects.tile.function_attrs import is_distributed
from xdsl_pto.dialects.tile.sync_ops import NotifyOp as TileNotifyOp
from xdsl_pto.dialects.tile.sync_ops import RemoteLoadOp, WaitOp
from xdsl_pto.dialects.tile.types import is_4bit
from xdsl_pto.lowering.state import PASS, FunctionLowering, insert_before
from xdsl_pto.lowering.tile_buf import pto_element

#: The i64 slot of the communication context holding this rank.
RANK_SLOT = 2
#: The i64 slot of rank 0's window base; rank r's is ``WINDOWS_SLOT + r``.
WINDOWS_SLOT = 4


def add_comm_contexts(fl: FunctionLowering) -> None:
    """Append one ``!pto.ptr<i64>`` parameter per ``tile.distributed`` GM
    tensor argument of ``fl.fn``, in argument order, and record it in
    ``fl.comm_ctx``. Call after the tensor views (their dynamic-extent
    parameters come first)."""
    entry = fl.fn.body.blocks[0]
    declared = list(entry.args)
    for index, arg in enumerate(declared):
        if not isinstance(arg.type, MemRefType) or not is_distributed(fl.fn, index):
            continue
        ctx = entry.insert_arg(PtrType(i64), len(entry.args))
        if arg.name_hint:
            ctx.name_hint = f"{arg.name_hint}_comm_ctx"
        fl.comm_ctx[arg] = ctx
    if fl.comm_ctx and fl.fn.arg_attrs is not None:
        extra = [DictionaryAttr({}) for _ in fl.comm_ctx]
        fl.fn.arg_attrs = ArrayAttr([*fl.fn.arg_attrs.data, *extra])


def _context(fl: FunctionLowering, tensor: SSAValue, op: Operation) -> SSAValue:
    """The communication context of ``tensor``.

    Raises:
        PassError: ``tensor`` is no ``tile.distributed`` argument of the kernel.
    """
    ctx = fl.comm_ctx.get(tensor)
    if ctx is None:
        raise PassError(
            f"{PASS}: {op.name} on a tensor that is no distributed tensor argument of the kernel "
            "(an argument marked tile.distributed: pld.DistributedTensor); ranks reach each "
            "other's copies through the communication context only such a tensor has",
            op,
        )
    return ctx


def _emit(op: Operation, before: Operation, hint: str | None = None) -> SSAValue:
    insert_before(op, before)
    if hint is not None:
        op.results[0].name_hint = hint
    return op.results[0]


def peer_view(fl: FunctionLowering, tensor: SSAValue, peer: SSAValue, before: Operation) -> SSAValue:
    """A ``pto.make_tensor_view`` of rank ``peer``'s copy of the distributed
    tensor argument ``tensor``, emitted before ``before`` (see the module
    doc).

    The distance is divided by the bytes of one element (of one pair of
    a 4-bit tensor, which ptoas addresses by pairs).

    Raises:
        PassError: ``tensor`` is no distributed argument.
    """
    ctx = _context(fl, tensor, before)
    t = tensor.type
    assert isinstance(t, MemRefType)
    elem = pto_element(t.element_type)
    # a 4-bit tensor is addressed by pairs (!pto.f4E2M1x2): one byte each
    width = 1 if is_4bit(t.element_type) else t.element_type.bitwidth // 8  # type: ignore[attr-defined]
    idx = IndexType()
    rank64 = _emit(LoadScalarOp(ctx, fl.pro.const(RANK_SLOT, "index")), before)
    rank32 = _emit(arith.TruncIOp(rank64, i32), before)
    rank = _emit(arith.IndexCastOp(rank32, idx), before)
    base = fl.pro.const(WINDOWS_SLOT, "index")
    mine = _emit(LoadScalarOp(ctx, _emit(arith.AddiOp(base, rank), before)), before)
    theirs = _emit(LoadScalarOp(ctx, _emit(arith.AddiOp(base, peer), before)), before)
    distance = _emit(arith.SubiOp(theirs, mine), before)
    elements = _emit(arith.DivSIOp(distance, fl.pro.const(width, "i64")), before)
    shift = _emit(arith.IndexCastOp(elements, idx), before)
    ptr = _emit(AddPtrOp.build(operands=[tensor, shift], result_types=[PtrType(elem)]), before)
    local = fl.tensor_view[tensor].owner
    assert isinstance(local, MakeTensorViewOp)
    view = MakeTensorViewOp(
        ptr,
        list(local.shape),
        list(local.strides),
        TensorViewType([None] * len(local.shape), elem),
        layout=local.layout,
    )
    return _emit(view, before)


def element_view(fl: FunctionLowering, view: SSAValue, offsets: list[SSAValue], before: Operation, hint: str) -> SSAValue:
    """A one-element ``pto.partition_view`` of ``view`` at ``offsets``."""
    assert isinstance(view.type, TensorViewType)
    one = fl.pro.const(1, "index")
    pv = PartitionViewOp(
        view,
        offsets,
        [one] * len(offsets),
        PartitionTensorViewType([1] * len(offsets), view.type.element_type),
    )
    return _emit(pv, before, hint)


def lower_comm_op(fl: FunctionLowering, op: Operation) -> None:
    """``tile.notify`` / ``tile.wait`` / ``tile.remote_load`` (see the module
    doc), right before ``op``.

    Raises:
        PassError: for a tensor that is no distributed argument of the kernel.
    """
    from xdsl_pto.lowering.op_patterns import partition  # (it imports this module)

    name = op.operands[0].name_hint or "tensor"
    if isinstance(op, TileNotifyOp):
        view = peer_view(fl, op.signal, op.peer, op)
        pv = element_view(fl, view, list(op.offsets), op, f"{name}_peer_pview")
        insert_before(BarrierOp("PIPE_ALL"), op)
        insert_before(TNotifyOp(pv, op.value, NotifyOpAttr(NotifyOp(op.op.data))), op)
    elif isinstance(op, WaitOp):
        _context(fl, op.signal, op)
        pv = element_view(fl, fl.tensor_view[op.signal], list(op.offsets), op, f"{name}_local_pview")
        insert_before(TWaitOp(pv, op.value, WaitCmpAttr(WaitCmp(op.cmp.data))), op)
    else:
        assert isinstance(op, RemoteLoadOp)
        view = peer_view(fl, op.source, op.peer, op)
        pv = partition(fl, op.source, list(op.offsets), op.result.type, op, view=view)  # type: ignore[arg-type]
        pv.name_hint = f"{name}_peer_pview"
        insert_before(PTO_DPS_OPS["tload"](ins=[pv], outs=[fl.handle[op.result]]), op)


__all__ = ["RANK_SLOT", "WINDOWS_SLOT", "add_comm_contexts", "lower_comm_op", "peer_view"]
