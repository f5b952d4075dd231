"""``expand-mixed-kernel``: a mixed kernel's ``tile.aiv_shard`` /
``tile.aic_gather`` as a cube (AIC) and a vector (AIV) function joined by a
cross-core pipe (reference/tile-op-semantics.md section 9; the reference's
ExpandMixedKernel, pypto-docs/00-pto_codegen.md).

A function holding either op (and no ``tile.function_kind``) is cut in
three, named after it ``@F``:

* ``@F_aic`` -- every tile op whose tiles all live in the cube's spaces
  (mat, left, right, acc, bias, the scale buffers); an ``aiv_shard`` becomes
  ``tile.tpush_to_aiv %src {split}``, an ``aic_gather`` becomes ``%r =
  tile.tpop_from_aiv {split}`` freed (``tile.tfree_to_aiv``) right after its
  last reader in its block;
* ``@F_aiv`` -- every tile op whose tiles all live in vec; an ``aiv_shard``
  becomes ``%r = tile.tpop_from_aic {split}`` (freed likewise with
  ``tile.tfree_to_aic``), an ``aic_gather`` ``tile.tpush_to_aic %src
  {split}``; a non-zero split is the function's ``tile.split_mode``;
* ``@F`` -- a ``group`` function calling both.

Ops with no tile and no effect (constants, index arithmetic, the block
queries) are copied into each side that reads them; a synchronization op
of ``pl.system`` goes where its :class:`CoreLane` says (an explicit event
to its ``core_type``, ``bar_v`` to the vector side, ``bar_m`` to the cube
side, ``bar_all`` / ``set_ffts`` / a ``mix`` syncall to both); ``scf.for`` loops (no iter_args) into each side with an op
inside. Each function gets one more argument, ``%gm_pipe: memref<1xf32>
{tile.out}``, the GM slot buffer the pipe spills through (ptoas needs it on
a2/a3). Pipe id 0: the ring of each direction used is reserved in the
consumer's space (cube to vector: vec in ``@F_aiv``, ``"F_c2v_slot_buffer"``;
vector to cube: mat in ``@F_aic``, ``"F_v2c_slot_buffer"``) and imported by
the producer; both sides initialize it with ``dir_mask`` 1, 2 or 3,
``slot_num = 2`` (:data:`SLOT_NUM`) and ``slot_size`` the largest tile a
slot carries (:func:`slot_bytes`). The push carries the whole tile, the pop
its lane's part, as the semantics sheet says.

It runs before planning (``pto-compile`` runs it first), so the rings are
planned with the consumer's tiles and the plan proof and ptoas see the split
kernel. The interpreter (``xdsl-pto run``) runs the unsplit kernel: it does
not model the two cores' data flow, so a ``--pipeline`` with this pass is not
compared against the kernel as written.

Refused, located at the op (``expand-mixed-kernel: ...``): a tile op whose
tiles span both cores' spaces, a value of one side read on the other but
through the two moves, an op with effects and no tile (a call, ...), a
region op but ``scf.for`` without iter_args, a function that already
declares a ``tile.function_kind``, moves of a split and an unsplit kind in
one function (ptoas does not mix them on one pipe), a name already taken.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    StringAttr,
    UnitAttr,
    f32,
    i32,
    i64,
)
from xdsl.dialects.arith import ConstantOp
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import is_side_effect_free

from xdsl_pto.diagnostics import PassError, op_location
from xdsl_pto.dialects.tile.cross_core_ops import (
    AicGatherOp,
    AivShardOp,
    TPopFromAicOp,
    TPopFromAivOp,
    TPushToAicOp,
    TPushToAivOp,
    pipe_attrs,
)
from xdsl_pto.dialects.tile.function_attrs import FUNCTION_KIND, SPLIT_MODE
from xdsl_pto.dialects.tile.pipe_setup_ops import (
    AicInitializePipeOp,
    AivInitializePipeOp,
    ImportPeerBufferOp,
    ReserveBufferOp,
    TFreeToAicOp,
    TFreeToAivOp,
)
from xdsl_pto.dialects.tile.traits import BOTH_LANES, CoreLane
from xdsl_pto.dialects.tile.types import MemorySpace, TileType

PASS = "expand-mixed-kernel"
AIC, AIV = "aic", "aiv"
#: The slots of each generated ring.
SLOT_NUM = 2
_MOVES = (AivShardOp, AicGatherOp)


def side_of_space(space: MemorySpace) -> str:
    """``"aiv"`` for vec, ``"aic"`` for every cube space."""
    return AIV if space is MemorySpace.VEC else AIC


def is_mixed(fn: func.FuncOp) -> bool:
    """True when ``fn`` holds a ``tile.aiv_shard`` or ``tile.aic_gather``."""
    return any(isinstance(o, _MOVES) for o in fn.walk())


def _tile_spaces(op: Operation) -> set[MemorySpace]:
    values = [*op.operands, *op.results]
    return {v.type.memory_space for v in values if isinstance(v.type, TileType)}


def _refuse(message: str, op: Operation) -> PassError:
    return PassError(f"{PASS}: {message}", op)


@dataclass
class _Plan:
    """Which side each op of a mixed function runs on."""

    side: dict[Operation, str]  # tile ops (the moves are not in it)
    shared: set[Operation]  # ops with no tile and no effect, copied by need
    split: int
    both: set[Operation]  # tile-free ops each side keeps (CoreLane: both)

    def needed(self, fn: func.FuncOp, which: str) -> set[Operation]:
        """The ops ``which`` keeps: its tile ops, its half of each move, the
        loops around them and the shared ops they read (transitively)."""
        keep: set[Operation] = set()
        work: list[Operation] = [
            o for o in fn.walk() if self.side.get(o) == which or o in self.both or isinstance(o, _MOVES)
        ]
        while work:
            op = work.pop()
            if op in keep:
                continue
            keep.add(op)
            parent = op.parent_op()
            if parent is not None and parent is not fn:
                work.append(parent)
            operands = op.operands
            if isinstance(op, _MOVES):  # the pop side reads nothing
                pusher = AIC if isinstance(op, AivShardOp) else AIV
                operands = op.operands if which == pusher else ()
            for v in operands:
                owner = v.owner
                if isinstance(owner, Operation):
                    if owner in self.shared:
                        work.append(owner)
                    elif self.side.get(owner, which) != which and not isinstance(owner, _MOVES):
                        raise _refuse(
                            f"{op.name} runs on the {_core(which)} but reads a value of "
                            f"{owner.name}, which runs on the {_core(self.side[owner])}; only "
                            "tile.aiv_shard / tile.aic_gather cross between the cores",
                            op,
                        )
        return keep


def _core(side: str) -> str:
    return "cube core (aic)" if side == AIC else "vector core (aiv)"


def plan_sides(fn: func.FuncOp) -> _Plan:
    """Give each op of ``fn`` its side (see the module docstring).

    Raises:
        PassError: what the module docstring lists as refused.
    """
    side: dict[Operation, str] = {}
    shared: set[Operation] = set()
    both: set[Operation] = set()
    moves: list[Operation] = []
    for op in fn.walk():
        if op is fn:
            continue
        if isinstance(op, _MOVES):
            moves.append(op)
            continue
        if isinstance(op, (func.ReturnOp, scf.YieldOp)):
            if op.operands:
                raise _refuse(f"{op.name} with operands is not split (the kernel returns nothing)", op)
            continue
        if isinstance(op, scf.ForOp):
            if op.iter_args:
                raise _refuse(
                    "an scf.for with iter_args is not split (each value would have to go to one core); "
                    "only loops without loop-carried values are split",
                    op,
                )
            shared.add(op)
            continue
        if op.regions:
            raise _refuse(f"{op.name} is not split: only scf.for loops are", op)
        spaces = _tile_spaces(op)
        lane = op.get_trait(CoreLane)
        if not spaces and lane is not None:
            which = lane.of(op)
            if which is None:
                raise _refuse(
                    f"{op.name} names no core, so it belongs to neither; give it core_type = \"aic\" or "
                    "\"aiv\" (or, for a flag pair, a pipe of one core)",
                    op,
                )
            if which == BOTH_LANES:
                both.add(op)
            else:
                side[op] = which
            continue
        if not spaces:
            if not is_side_effect_free(op):
                raise _refuse(
                    f"{op.name} has effects and no tile, so it belongs to neither core; "
                    "only ops without effects are copied into both",
                    op,
                )
            shared.add(op)
            continue
        sides = {side_of_space(s) for s in spaces}
        if len(sides) > 1:
            names = ", ".join(sorted(s.value for s in spaces))
            raise _refuse(
                f"{op.name} has tiles in {names}, which span the cube and the vector core; "
                "hand a tile across with tile.aiv_shard / tile.aic_gather",
                op,
            )
        side[op] = sides.pop()
    split = 0
    if moves:
        split = pipe_attrs(moves[0])[0]
        for later in moves[1:]:
            theirs = pipe_attrs(later)[0]
            if theirs == split:
                continue
            why = (
                "ptoas does not mix an unsplit and a split use of one pipe"
                if 0 in (split, theirs)
                else "the vector function has one split mode"
            )
            raise _refuse(
                f"{later.name} uses split = {theirs} but the {moves[0].name} at {op_location(moves[0])} "
                f"uses split = {split}; {why}",
                later,
            )
    return _Plan(side, shared, split, both)


def _i64(v: int) -> IntegerAttr:
    return IntegerAttr(v, i64)


def slot_bytes(fn: func.FuncOp, cls: type) -> int:
    """The bytes one slot of the pipe carrying ``fn``'s ``cls`` moves
    needs (0 without such a move): per move the larger of the popped tile
    and one lane's part of the pushed tile (half an Acc tile a split shard
    divides; which side of the FIX pipe converts a shard's element type is
    unconfirmed, so the slot holds either)."""
    sizes = []
    for o in fn.walk():
        if isinstance(o, cls):
            lanes = 2 if isinstance(o, AivShardOp) and pipe_attrs(o)[0] else 1
            sizes.append(max(o.result.type.size_bytes, o.source.type.size_bytes // lanes))
    return max(sizes, default=0)


class _Cloner:
    """Copies the ops one side keeps into a new function body."""

    def __init__(self, plan: _Plan, which: str, keep: set[Operation]):
        self.plan, self.which, self.keep = plan, which, keep
        self.pops: list[Operation] = []

    def body(self, src: Block, dst: Block, vmap: dict[SSAValue, SSAValue]) -> None:
        for op in src.ops:
            if isinstance(op, func.ReturnOp):
                dst.add_op(func.ReturnOp())
            elif isinstance(op, scf.YieldOp):
                dst.add_op(scf.YieldOp())
            elif op not in self.keep:
                continue
            elif isinstance(op, _MOVES):
                dst.add_op(self.move(op, vmap))
            elif isinstance(op, scf.ForOp):
                loop = scf.ForOp(
                    vmap[op.lb], vmap[op.ub], vmap[op.step], [], Region(Block(arg_types=[op.body.block.args[0].type]))
                )
                inner = dict(vmap)
                inner[op.body.block.args[0]] = loop.body.block.args[0]
                loop.body.block.args[0].name_hint = op.body.block.args[0].name_hint
                self.body(op.body.block, loop.body.block, inner)
                dst.add_op(loop)
                vmap.update({k: v for k, v in inner.items() if k not in vmap})
            else:
                copy = op.clone(value_mapper=vmap)
                dst.add_op(copy)
                vmap.update(zip(op.results, copy.results))

    def move(self, op: Operation, vmap: dict[SSAValue, SSAValue]) -> Operation:
        split = self.plan.split
        attrs = {"split": _i64(split)}
        shard = isinstance(op, AivShardOp)
        push_side = AIC if shard else AIV
        if self.which == push_side:
            cls = TPushToAivOp if shard else TPushToAicOp
            return cls.build(operands=[vmap[op.operands[0]]], attributes=attrs)
        cls = TPopFromAicOp if shard else TPopFromAivOp
        pop = cls.build(result_types=[op.results[0].type], attributes=attrs)
        pop.results[0].name_hint = op.results[0].name_hint
        vmap[op.results[0]] = pop.results[0]
        self.pops.append(pop)
        return pop


def _free_pops(pops: list[Operation], split: int) -> None:
    """Insert the free of each pop after its last reader in its block."""
    for pop in pops:
        block = pop.parent_block()
        assert block is not None
        last: Operation = pop
        order = {o: i for i, o in enumerate(block.ops)}
        for use in pop.results[0].uses:
            at: Operation | None = use.operation
            while at is not None and at.parent_block() is not block:
                at = at.parent_op()
            if at is not None and order[at] > order[last]:
                last = at
        cls = TFreeToAicOp if isinstance(pop, TPopFromAicOp) else TFreeToAivOp
        Rewriter.insert_op(cls(pop.results[0], split), InsertPoint.after(last))


def expand_function(module: ModuleOp, fn: func.FuncOp) -> None:
    """Cut the mixed function ``fn`` of ``module`` in an aic, an aiv and a
    group function (the module docstring).

    Raises:
        PassError: located, for each form the module docstring refuses.
    """
    name = fn.sym_name.data
    if FUNCTION_KIND in fn.attributes:
        raise _refuse(
            f"@{name} declares tile.function_kind; a tile.aiv_shard / tile.aic_gather needs a mixed "
            "function (no tile.function_kind), which this pass cuts into an aic and an aiv function",
            next(o for o in fn.walk() if isinstance(o, _MOVES)),
        )
    taken = {o.sym_name.data for o in module.ops if isinstance(o, func.FuncOp)}
    for suffix in ("_aic", "_aiv"):
        if name + suffix in taken:
            raise _refuse(f"@{name}{suffix} exists; the cube / vector halves of @{name} take that name", fn)
    plan = plan_sides(fn)
    c2v = slot_bytes(fn, AivShardOp)
    v2c = slot_bytes(fn, AicGatherOp)
    dir_mask = (1 if c2v else 0) | (2 if v2c else 0)
    slot_size = max(c2v, v2c)
    names = {AIC: f"{name}_aic", AIV: f"{name}_aiv"}
    rings = {AIV: f"{name}_c2v_slot_buffer", AIC: f"{name}_v2c_slot_buffer"}
    gm_type = MemRefType(f32, [1])
    arg_types = [*fn.function_type.inputs.data, gm_type]
    arg_attrs = list(fn.arg_attrs.data) if fn.arg_attrs is not None else [DictionaryAttr({})] * (len(arg_types) - 1)
    arg_attrs.append(DictionaryAttr({"tile.out": UnitAttr()}))
    halves: list[func.FuncOp] = []
    for which in (AIC, AIV):
        keep = plan.needed(fn, which)
        block = _arg_block(fn, arg_types)
        gm = block.args[-1]
        ring_ops: dict[str, SSAValue] = {}
        # the consumer's ring per direction: c2v lives in vec, v2c in mat
        for direction, consumer, bit in (("c2v", AIV, 1), ("v2c", AIC, 2)):
            if not dir_mask & bit:
                zero = ConstantOp(IntegerAttr(0, i32))
                block.add_op(zero)
                ring_ops[direction] = zero.result
                continue
            ring = rings[consumer]
            if which == consumer:
                space = MemorySpace.VEC if consumer == AIV else MemorySpace.MAT
                r = ReserveBufferOp(ring, slot_size * SLOT_NUM, space)
            else:
                r = ImportPeerBufferOp(ring, names[consumer])
            block.add_op(r)
            ring_ops[direction] = r.result
        init = AicInitializePipeOp if which == AIC else AivInitializePipeOp
        block.add_op(
            init(ring_ops["c2v"], ring_ops["v2c"], dir_mask=dir_mask, slot_size=slot_size, slot_num=SLOT_NUM, gm_slot_buffer=gm)
        )
        cloner = _Cloner(plan, which, keep)
        cloner.body(fn.body.block, block, dict(zip(fn.body.block.args, block.args)))
        _free_pops(cloner.pops, plan.split)
        half = func.FuncOp(names[which], (arg_types, []), Region(block), arg_attrs=ArrayAttr(arg_attrs))
        half.attributes[FUNCTION_KIND] = StringAttr(which)
        if which == AIV and plan.split:
            half.attributes[SPLIT_MODE] = _i64(plan.split)
        halves.append(half)
    group_block = _arg_block(fn, arg_types)
    for half in halves:
        group_block.add_op(func.CallOp(half.sym_name.data, list(group_block.args), []))
    group_block.add_op(func.ReturnOp())
    group = func.FuncOp(name, (arg_types, []), Region(group_block), arg_attrs=ArrayAttr(arg_attrs))
    for key, value in fn.attributes.items():
        if key not in ("sym_name", "function_type", "arg_attrs", "res_attrs"):
            group.attributes[key] = value
    group.attributes[FUNCTION_KIND] = StringAttr("group")
    Rewriter.insert_op(halves, InsertPoint.before(fn))
    Rewriter.replace_op(fn, group)


def _arg_block(fn: func.FuncOp, arg_types: list) -> Block:
    """A block of ``arg_types`` keeping ``fn``'s argument names, the last
    one named ``gm_pipe``."""
    block = Block(arg_types=arg_types)
    for new, old in zip(block.args, fn.body.block.args):
        new.name_hint = old.name_hint
    block.args[-1].name_hint = "gm_pipe"
    return block


@dataclass(frozen=True)
class ExpandMixedKernelPass(ModulePass):
    """Cut each mixed function (one holding ``tile.aiv_shard`` /
    ``tile.aic_gather``) into an aic and an aiv function joined by a pipe,
    and a group function calling both (module docstring). Functions without
    either op are left as they are.

    Raises:
        PassError: ``expand-mixed-kernel: ...`` at the op it cannot place.
    """

    name = "expand-mixed-kernel"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for fn in [f for f in op.ops if isinstance(f, func.FuncOp)]:
            if not fn.is_declaration and is_mixed(fn):
                expand_function(op, fn)
        op.verify()
