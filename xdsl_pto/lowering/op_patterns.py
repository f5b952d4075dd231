"""The per-op step of ``convert-tile-to-pto``: every tile op of a function
lowered to its PTO ops, right before it, by one RewritePattern per rewrite
kind, all applied in one PatternRewriteWalker walk in program order
(:func:`lower_tile_ops`):

* :class:`LowerPipeSetup` -- the pipe setup ops (reservations, imports,
  initializations, tfrees, the sub-core index);
* :class:`LowerView` -- a view of a tpop tile (``pto.subview`` /
  ``pto.treshape`` of the pop's handle, :mod:`.views`); any other view,
  ``tile.alloc`` and ``tile.create`` emit nothing (their handles are made
  beforehand, :mod:`.handles`);
* :class:`LowerCrossCore` -- a cross-core push or pop;
* :class:`LowerDataMovement` -- ``tile.load`` / ``tile.store`` through a
  ``pto.partition_view``, ``tile.move`` as ``pto.tmov``;
* :class:`LowerComputeOp` -- every other op: ``tile.matmul_acc`` by its
  ``init_cond``, an op-family hook (:func:`.reduce_family.lower_family_op`),
  else the op-name table's ``pto.<op> ins(...) outs(...)`` (:mod:`.op_names`).

The patterns leave the tile ops in place (the function erases them once its
loops are rebuilt) and insert what they emit directly, not through the
rewriter, so no pattern sees another's output. The module-level and
function-level checks run before, as plain code (:mod:`.checks`); a check
that needs the handles (a column window, a transposition no one view
fits, an unplaced view's form) refuses here: the walker would re-report an
exception as a generic "Error while applying pattern", so a pattern keeps
the first :class:`~xdsl_pto.diagnostics.PassError`, the walk skips every
later op, and :func:`lower_tile_ops` raises it.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import arith, memref, scf
from xdsl.dialects.builtin import IndexType, IntegerAttr, MemRefType
from xdsl.ir import Block, Operation, SSAValue
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)

from xdsl_pto.lowering.tile_buf import pto_element
from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.pto import FAMILY_OPS, PTO_CROSS_CORE_OPS, PTO_DPS_OPS
from xdsl_pto.dialects.pto import pipe_setup as pto_pipe
from xdsl_pto.dialects.pto.attrs import AtomicType, AtomicTypeAttr
from xdsl_pto.dialects.pto.ops import PartitionViewOp
from xdsl_pto.dialects.pto.scalar_access import LoadScalarOp, StoreScalarOp
from xdsl_pto.dialects.pto.types import PartitionTensorViewType
from xdsl_pto.dialects.tile import TILE_OPS
from xdsl_pto.dialects.tile.cross_core_ops import pipe_attrs
from xdsl_pto.dialects.tile.cube_ops import MatmulAccOp
from xdsl_pto.dialects.tile.data_ops import AllocOp, CreateOp, LoadOp, MoveOp, StoreOp, store_atomic
from xdsl_pto.dialects.tile.pipe_setup_ops import (
    PIPE_SETUP_OPS,
    AicInitializePipeOp,
    GetSubblockIdxOp,
    ImportPeerBufferOp,
    ReserveBufferOp,
    TFreeToAicOp,
    TFreeToAivOp,
)
from xdsl_pto.dialects.tile.sync_ops import SIGNAL_OPS, SYNC_OPS, RemoteLoadOp
from xdsl_pto.dialects.tile.traits import is_pipe_resident, view_source
from xdsl_pto.dialects.tile.types import TileType, is_4bit
from xdsl_pto.dialects.tile.view_ops import constant_index
from xdsl_pto.lowering.comm import lower_comm_op
from xdsl_pto.lowering.sync import lower_system_sync
from xdsl_pto.lowering.op_names import PTO_INS, PTO_NAME, PTO_PIPE_NAME, pto_attributes
from xdsl_pto.lowering.ptoas_form import transposed_a5_move, whole_rows_problem
from xdsl_pto.lowering.sort_gather import lower_sort_gather_op
from xdsl_pto.lowering.reduce_family import lower_family_op
from xdsl_pto.lowering.state import PASS, FunctionLowering, insert_before
from xdsl_pto.lowering.tile_buf import runtime_valid, tile_buf_type
from xdsl_pto.lowering.valid_extents import window_sizes
from xdsl_pto.lowering.views import lower_unplaced_view, transposed_operands, transposed_view
from xdsl_pto.lowering.views_family import lower_set_validshape, lower_view_family_op
from xdsl_pto.dialects.tile.view_ops import SetValidShapeOp

#: Every Tile op class.
TILE_OP_TYPES = tuple(TILE_OPS)


@dataclass
class _Walk:
    """What the patterns of one walk share: the first refusal."""

    error: PassError | None = None


class LoweringPattern(RewritePattern):
    """One rewrite kind of the per-op step: :meth:`lower` each op that
    :meth:`matches`, until some op is refused (see the module doc).

    Args:
        fl: the function being lowered.
        walk: what the walk's patterns share.
    """

    def __init__(self, fl: FunctionLowering, walk: _Walk):
        self.fl = fl
        self.walk = walk

    @staticmethod
    def matches(op: Operation) -> bool:
        """True for the ops of this rewrite kind."""
        raise NotImplementedError

    def lower(self, op: Operation) -> None:
        """Emit ``op``'s PTO ops right before it.

        Raises:
            PassError: for a form the lowering refuses.
        """
        raise NotImplementedError

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if self.walk.error is not None or not self.matches(op):
            return
        try:
            self.lower(op)
        except PassError as err:
            self.walk.error = err


class LowerPipeSetup(LoweringPattern):
    """The pipe setup ops (:func:`lower_pipe_setup`)."""

    @staticmethod
    def matches(op: Operation) -> bool:
        return isinstance(op, PIPE_SETUP_OPS)

    def lower(self, op: Operation) -> None:
        lower_pipe_setup(self.fl, op)


class LowerSync(LoweringPattern):
    """A barrier (``tile.syncall`` and the other synchronization calls of
    ``pl.system``) -> its PTO op in place, nothing moves across it
    (:mod:`.sync`). The cross-rank ops (``tile.notify`` / ``wait`` /
    ``remote_load``) reach the peers through the communication contexts:
    :mod:`.comm`."""

    @staticmethod
    def matches(op: Operation) -> bool:
        return isinstance(op, SYNC_OPS)

    def lower(self, op: Operation) -> None:
        if isinstance(op, (*SIGNAL_OPS, RemoteLoadOp)):  # another rank's window
            lower_comm_op(self.fl, op)
            return
        lower_system_sync(self.fl, op)


class LowerView(LoweringPattern):
    """A view (and ``tile.alloc`` / ``tile.create``): only a view of a
    pipe-resident tile emits an op here (:func:`.views.lower_unplaced_view`);
    the others have their handles already."""

    @staticmethod
    def matches(op: Operation) -> bool:
        return isinstance(op, AllocOp | CreateOp) or view_source(op) is not None

    def lower(self, op: Operation) -> None:
        if isinstance(op, SetValidShapeOp):  # issue 23: the handle's valid shape, in place
            lower_set_validshape(self.fl, op)
            return
        src = view_source(op)
        if src is not None and is_pipe_resident(src):
            lower_unplaced_view(self.fl, op, src)


class LowerCrossCore(LoweringPattern):
    """A cross-core push or pop (:func:`lower_pipe_op`)."""

    @staticmethod
    def matches(op: Operation) -> bool:
        return op.name in PTO_PIPE_NAME

    def lower(self, op: Operation) -> None:
        lower_pipe_op(self.fl, op, PTO_PIPE_NAME[op.name])


class LowerDataMovement(LoweringPattern):
    """``tile.load`` / ``tile.store`` (``pto.tload`` / ``pto.tstore`` of a
    ``pto.partition_view``) and ``tile.move`` (:func:`lower_dps`)."""

    @staticmethod
    def matches(op: Operation) -> bool:
        return isinstance(op, LoadOp | StoreOp | MoveOp)

    def lower(self, op: Operation) -> None:
        fl = self.fl
        if isinstance(op, LoadOp):
            pv = partition(fl, op.source, list(op.offsets), op.result.type, op, tile=op.result)  # type: ignore[arg-type]
            insert_before(PTO_DPS_OPS["tload"](ins=[pv], outs=[fl.handle[op.result]]), op)
        elif isinstance(op, StoreOp):
            pv = partition(fl, op.dest, list(op.offsets), op.tile.type, op, valid=True, tile=op.tile)  # type: ignore[arg-type]
            attrs = {"atomicType": AtomicTypeAttr(AtomicType.ADD)} if store_atomic(op) == "add" else None
            insert_before(PTO_DPS_OPS["tstore"](ins=[fl.handle[op.tile]], outs=[pv], attributes=attrs), op)
        else:
            lower_dps(fl, op)


class LowerComputeOp(LoweringPattern):
    """Every other tile op: ``tile.matmul_acc`` (:func:`lower_matmul_acc`),
    an op of a family with forms of its own (the hooks below), else the
    op-name table's ``pto.<op> ins(...) outs(...)`` (:func:`lower_dps`)."""

    #: The rewrite kinds that take an op before this one.
    OTHER_KINDS: tuple[type[LoweringPattern], ...] = (
        LowerPipeSetup, LowerSync, LowerView, LowerCrossCore, LowerDataMovement
    )

    @staticmethod
    def matches(op: Operation) -> bool:
        return isinstance(op, TILE_OP_TYPES) and not any(k.matches(op) for k in LowerComputeOp.OTHER_KINDS)

    def lower(self, op: Operation) -> None:
        fl = self.fl
        if isinstance(op, MatmulAccOp):
            lower_matmul_acc(fl, op)
            return
        # Op-family hooks: a family whose ops need more than a row of the
        # op-name table lowers them here (one line per family).
        if lower_family_op(fl, op):  # issue 23: reductions, generators, scalar access, fills
            return
        if lower_sort_gather_op(fl, op):  # issue 23: sort, gather, scatter
            return
        if lower_view_family_op(fl, op):  # issue 23: assemble; aiv_shard / aic_gather refused
            return
        lower_dps(fl, op)


class LowerScalarGM(LoweringPattern):
    """``memref.load`` / ``memref.store`` of one element of a GM tensor
    argument -> ``pto.load_scalar`` / ``pto.store_scalar`` at the element's
    row-major flat index (``arith`` of the indices and the tensor view's
    strides) from the argument's base pointer (tile-op-semantics.md section
    11, "Scalar GM access"). The memref op is erased with the tile ops."""

    @staticmethod
    def matches(op: Operation) -> bool:
        return isinstance(op, SCALAR_GM_OPS)

    def lower(self, op: Operation) -> None:
        assert isinstance(op, SCALAR_GM_OPS)
        tensor = op.memref
        strides = self.fl.tensor_strides.get(tensor)
        if strides is None:
            raise PassError(f"{PASS}: {op.name} of a value that is not a GM tensor argument of the kernel", op)
        offset: SSAValue | None = None
        for index, stride in zip(op.indices, strides):
            term = index
            if constant_index(stride) != 1:
                mul = arith.MuliOp(index, stride)
                insert_before(mul, op)
                term = mul.result
            if offset is None:
                offset = term
            else:
                add = arith.AddiOp(offset, term)
                insert_before(add, op)
                offset = add.result
        if offset is None:  # a rank-0 tensor
            offset = self.fl.pro.const(0, "index")
        if isinstance(op, memref.LoadOp):
            new = LoadScalarOp.build(operands=[tensor, offset], result_types=[op.res.type])
            insert_before(new, op)
            self.fl.handle[op.res] = new.result
        else:
            insert_before(StoreScalarOp.build(operands=[op.value, tensor, offset]), op)


#: The scalar GM access ops (:class:`LowerScalarGM`).
SCALAR_GM_OPS = (memref.LoadOp, memref.StoreOp)

#: The per-op patterns, in the order they are tried on an op.
PATTERNS: tuple[type[LoweringPattern], ...] = (*LowerComputeOp.OTHER_KINDS, LowerComputeOp, LowerScalarGM)


def lower_tile_ops(fl: FunctionLowering) -> None:
    """Lower every tile op of ``fl.fn``, in program order (see the module
    doc); the tile ops stay in place.

    Raises:
        PassError: the first refusal of a pattern.
    """
    walk = _Walk()
    applier = GreedyRewritePatternApplier([p(fl, walk) for p in PATTERNS], dce_enabled=False)
    PatternRewriteWalker(applier, apply_recursively=False).rewrite_region(fl.fn.body)
    if walk.error is not None:
        raise walk.error


def lower_dps(fl: FunctionLowering, op: Operation) -> None:
    """``pto.<op> ins(...) outs(...)`` by the op-name table (:mod:`.op_names`),
    on transposed row-major views where ptoas reads column-major tiles so
    (:func:`.views.transposed_operands`; an a5 Vec ``tmov`` of column-major
    tiles with a runtime valid shape, :func:`.ptoas_form.transposed_a5_move`).

    Raises:
        PassError: for an op without a PTO lowering, or a column window where
            ptoas compares shapes by whole rows
            (:func:`.ptoas_form.whole_rows_problem`).
    """
    name = PTO_NAME.get(op.name)
    if name is None:
        raise PassError(f"{PASS}: no PTO lowering for '{op.name}' yet", op)
    operands = [fl.buf(v) for v in op.operands]
    out = fl.handle[op.results[0]]
    assert fl.backend is not None
    problem = whole_rows_problem(op, fl.backend.name, operands, out)
    if problem is not None:
        raise PassError(f"{PASS}: {op.name} on {fl.backend.name}: {problem}", op)
    for i in transposed_operands(fl, op):
        if i is None:
            out = transposed_view(fl, out, op)
        else:
            operands[i] = transposed_view(fl, operands[i], op)
    if isinstance(op, MoveOp) and transposed_a5_move(fl.backend.name, operands[0], out):
        operands[0], out = transposed_view(fl, operands[0], op), transposed_view(fl, out, op)
    ins = operands[PTO_INS.get(op.name, slice(None))]
    attrs = pto_attributes(op)
    cls = PTO_DPS_OPS.get(name) or FAMILY_OPS[name]
    insert_before(cls(ins=ins, outs=[out], attributes=attrs), op)


def lower_pipe_setup(fl: FunctionLowering, op: Operation) -> None:
    """The pipe setup ops (:mod:`xdsl_pto.dialects.pto.pipe_setup`):
    a reservation with its base (``auto = false, base = B``) or, without
    one (planner ptoas), ``auto = true``; the import with its symbol;
    the initializations with their attributes; a tfree as
    ``pto.tfree_from_aic`` / ``_aiv`` (the pipe attributes only: ptoas
    frees the slot of the last pop); the sub-core index as
    ``pto.get_subblock_idx`` (an i64) cast to ``index``."""
    new: Operation
    if isinstance(op, ReserveBufferOp):
        new = pto_pipe.ReserveBufferOp(
            op.reserved_name, op.size_bytes, op.memory_space.value, op.base_addr
        )
    elif isinstance(op, ImportPeerBufferOp):
        new = pto_pipe.ImportReservedBufferOp(op.imported_name, op.peer)
    elif isinstance(op, TFreeToAicOp | TFreeToAivOp):
        split, pipe_id = pipe_attrs(op)
        cls = pto_pipe.TFreeFromAicOp if isinstance(op, TFreeToAicOp) else pto_pipe.TFreeFromAivOp
        new = cls(split, pipe_id)
    elif isinstance(op, GetSubblockIdxOp):
        query = pto_pipe.GetSubblockIdxOp()
        insert_before(query, op)
        new = arith.IndexCastOp(query.result, IndexType())
    else:
        cls = (
            pto_pipe.AicInitializePipeOp
            if isinstance(op, AicInitializePipeOp)
            else pto_pipe.AivInitializePipeOp
        )
        gm = op.gm_slot_buffer  # type: ignore[attr-defined]
        new = cls(fl.buf(op.operands[0]), fl.buf(op.operands[1]), op.values(), gm)  # type: ignore[attr-defined]
    insert_before(new, op)
    if op.results:
        new.results[0].name_hint = op.results[0].name_hint
        fl.handle[op.results[0]] = new.results[0]


def lower_pipe_op(fl: FunctionLowering, op: Operation, name: str) -> None:
    """A cross-core pop (``%buf = pto.<name> {[id = I, ]split = N} -> T``,
    the result's handle) or push (``pto.<name>(%t : T) {...}``)."""
    split, pipe_id = pipe_attrs(op)
    cls = PTO_CROSS_CORE_OPS[name]
    if op.results:
        r = op.results[0]
        assert isinstance(r.type, TileType)
        buf = tile_buf_type(r.type)
        rows, cols = fl.pro.valid_operands(buf, runtime_valid(r.type))
        pop = cls(buf, split, pipe_id, valid_row=rows, valid_col=cols)  # type: ignore[call-arg]
        pop.results[0].name_hint = r.name_hint
        insert_before(pop, op)
        fl.handle[r] = pop.results[0]
        return
    insert_before(cls(fl.buf(op.operands[0]), split, pipe_id), op)  # type: ignore[call-arg]


def lower_matmul_acc(fl: FunctionLowering, op: MatmulAccOp) -> None:
    """``tmatmul`` / ``tmatmul.acc`` by a constant ``init_cond``, else both
    under ``scf.if %cond`` (reference/ptoas-form.md, "Checked details")."""
    acc, lhs, rhs = fl.handle[op.acc], fl.handle[op.lhs], fl.handle[op.rhs]
    out = fl.handle[op.result]
    fresh = PTO_DPS_OPS["tmatmul"]
    accum = PTO_DPS_OPS["tmatmul.acc"]
    c = op.init_cond.owner
    if isinstance(c, arith.ConstantOp) and isinstance(c.value, IntegerAttr):
        if c.value.value.data:
            insert_before(fresh(ins=[lhs, rhs], outs=[out]), op)
        else:
            insert_before(accum(ins=[acc, lhs, rhs], outs=[out]), op)
        return
    then_b = Block([fresh(ins=[lhs, rhs], outs=[out]), scf.YieldOp()])
    else_b = Block([accum(ins=[acc, lhs, rhs], outs=[out]), scf.YieldOp()])
    insert_before(scf.IfOp(op.init_cond, [], [then_b], [else_b]), op)


def partition(
    fl: FunctionLowering,
    tensor: SSAValue,
    offsets: list[SSAValue],
    t: TileType,
    before: Operation,
    valid: bool = False,
    tile: SSAValue | None = None,
    view: SSAValue | None = None,
) -> SSAValue:
    """A ``pto.partition_view`` of ``tensor`` at ``offsets`` with ``t``'s
    shape (leading dimensions of size 1), inserted before ``before``.

    ``valid``: the view has ``t``'s static valid shape instead, when no
    extent of it is 0 (a store writes the valid region: ptoas v0.48 refuses
    a ``tstore`` whose dst holds more elements than the src's static valid
    shape; a 0 extent takes the runtime-valid form, whose view is the whole
    shape). A tile with a runtime valid extent (``tile``: the loaded or
    stored value) moves its valid window only: the view's sizes are its
    valid extents, a ``?`` one an ``index`` value (:mod:`.valid_extents`).
    ``view``: the tensor view to partition (a peer's copy, :mod:`.comm`)
    instead of ``tensor``'s own."""
    gm = tensor.type
    assert isinstance(gm, MemRefType)
    rank = len(gm.get_shape())
    shape = list(t.get_shape())
    if valid and all(d > 0 for d in t.get_valid_shape()):
        shape = list(t.get_valid_shape())
    window: list[SSAValue | int] = list(shape)
    if tile is not None and t.has_dynamic_valid:
        window = window_sizes(fl, t, tile)
    sizes = [1] * (rank - len(window)) + window
    if is_4bit(gm.element_type):  # pairs along the last axis (!pto.f4E2M1x2)
        if not isinstance(sizes[-1], int):
            raise PassError(f"{PASS}: a 4-bit tile with a runtime valid column extent is not supported", before)
        offsets = [*offsets[:-1], _pair_offset(fl, offsets[-1], before)]
        sizes[-1] //= 2
    pv = PartitionViewOp(
        fl.tensor_view[tensor] if view is None else view,
        offsets,
        [fl.pro.const(s, "index") if isinstance(s, int) else s for s in sizes],
        PartitionTensorViewType([s if isinstance(s, int) else None for s in sizes], pto_element(gm.element_type)),
    )
    insert_before(pv, before)
    return pv.result


def _pair_offset(fl: FunctionLowering, offset: SSAValue, before: Operation) -> SSAValue:
    """A last-axis element offset into a 4-bit tensor as a pair offset.

    Raises:
        PassError: for an odd or runtime offset (a window must start on a
            byte: ptoas addresses f4E2M1x2 pairs).
    """
    c = constant_index(offset)
    if c is None or c % 2:
        at = "a runtime value" if c is None else str(c)
        raise PassError(
            f"{PASS}: {before.name} of a 4-bit tensor at last-axis offset {at}; ptoas addresses "
            "4-bit tensors by element pairs (!pto.f4E2M1x2), so the offset must be an even constant",
            before,
        )
    return fl.pro.const(c // 2, "index")


__all__ = [
    "PATTERNS",
    "LowerComputeOp",
    "LowerCrossCore",
    "LowerDataMovement",
    "LowerPipeSetup",
    "LowerSync",
    "LowerView",
    "LoweringPattern",
    "lower_tile_ops",
]
