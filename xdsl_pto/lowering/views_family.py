"""Lowering of issue 23's views, assembly and cross-core moves
(reference/tile-op-semantics.md section 9; forms tried on ptoas v0.48):

* ``tile.set_validshape`` -- ``pto.set_validshape %h, %rows, %cols : T`` on
  its source's handle, which the result shares. ptoas takes it only on a
  handle typed ``v_row=?, v_col=?`` that is no ``pto.subview``, so the
  source gets a ``pto.alloc_tile ... valid_row = %cR valid_col = %cC`` of
  its own right before the op that writes it (inside a loop, each
  iteration starts from the static valid shape again), and, since the call
  changes the handle in place, the source must not be read after it
  (:func:`set_validshape_sources`, :func:`check_set_validshape`);
* a value whose type has a ``?`` valid extent shares the handle it got it
  from: the set_validshape's source, or the operand an in-place op updates
  (:func:`dynamic_handle`);
* ``tile.reinterpret_view`` / ``tile.transpose_view`` -- views: with baked
  addresses an ``alloc_tile`` of their own type at their address (as the
  reference's planner gives them); under ptoas ``%v = pto.treshape %src :
  T -> T2`` (:mod:`.views`);
* ``tile.assemble`` -- in place on its target's handle: same space and
  element type, ``%w = pto.subview %dst[%r, %c] sizes [R, C]`` then
  ``pto.tmov ins(%src) outs(%w)`` (a2 / a3 only for whole rows of the
  target: ptoas, "expects A2/A3 non-mat tmov to use matching src/dst
  shapes"); Acc -> Mat ``pto.tinsert ins(%src, %r, %c : Ts, index, index)
  outs(%dst : Td)``; Mat -> Mat is refused (ptoas has no Mat -> Mat tmov);
* ``tile.concat`` -- ``pto.tconcat`` by the op-name table;
* ``tile.aiv_shard`` / ``tile.aic_gather`` -- refused: they stand for a push
  in one kernel and a pop in another; ``expand-mixed-kernel``
  (:mod:`xdsl_pto.transforms.expand_mixed_kernel`) makes that split, before
  planning, so the rings are planned with the consumer's tiles.
"""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.ir import Block, Operation, SSAValue

from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.pto import FAMILY_OPS, PTO_DPS_OPS
from xdsl_pto.dialects.pto.ops import AllocTileOp, SubviewOp
from xdsl_pto.dialects.pto.types import TileBufType
from xdsl_pto.dialects.tile.assembly_ops import AssembleOp, is_fixpipe_insert
from xdsl_pto.dialects.tile.cross_core_ops import AicGatherOp, AivShardOp
from xdsl_pto.dialects.tile.traits import is_pipe_resident, must_alias_source, reused_operand
from xdsl_pto.dialects.tile.types import MemorySpace, TileType
from xdsl_pto.dialects.tile.view_ops import SetValidShapeOp
from xdsl_pto.lowering.state import PASS, FunctionLowering, insert_before
from xdsl_pto.lowering.tile_buf import tile_buf_type, tile_valid
from xdsl_pto.lowering.valid_extents import is_view_validshape


def set_validshape_sources(fl: FunctionLowering) -> dict[SSAValue, SetValidShapeOp]:
    """The source of every ``tile.set_validshape`` of the function, checked
    (:func:`check_set_validshape`), with its op.

    Raises:
        PassError: the first source the lowering cannot give a handle of its
            own.
    """
    out: dict[SSAValue, SetValidShapeOp] = {}
    for op in fl.fn.walk():
        if isinstance(op, SetValidShapeOp) and not is_view_validshape(op):
            check_set_validshape(op)
            out.setdefault(op.source, op)
    return out


def check_set_validshape(op: SetValidShapeOp) -> None:
    """The source of ``op`` can carry a runtime valid shape in PTO: it is
    written by an op that gives it a buffer of its own (no view, in-place
    result, pop, argument or loop / if value -- ptoas refuses
    ``pto.set_validshape`` on a view, and a shared handle would change for
    its other values too), in ``op``'s block or in a block that holds
    ``op`` inside ``scf.if`` branches only (a loop between them would run
    the next iteration on the changed handle), and no op reads it after
    ``op`` (``pto.set_validshape`` changes its handle in place): neither
    later in ``op``'s block nor after the ``scf.if`` around ``op``; the
    other branch of that ``scf.if`` may read it (it runs instead of
    ``op``'s branch), as the reference's greedy_sample does.

    Raises:
        PassError: naming what the source is, or the op that reads it after
            ``op``, at that op.
    """
    src = op.source
    owner = src.owner
    why = None
    if not isinstance(owner, Operation):
        why = "a block argument (a loop's iter_arg or a function argument)"
    elif is_pipe_resident(src):
        why = "a tpop tile or a view of one (pipe storage)"
    elif must_alias_source(owner) is not None:
        why = f"the result of {owner.name}, which shares another tile's buffer (a view or an in-place result)"
    elif _if_path(op, owner.parent_block()) is None:
        why = (
            "defined in another block that holds the set_validshape inside a loop or not at all (each "
            "iteration would see the changed handle; scf.if branches are the only regions allowed between them)"
        )
    elif len(owner.results) != 1:
        why = f"a result of {owner.name}, which has several"
    if why is not None:
        raise PassError(
            f"{PASS}: tile.set_validshape changes the valid shape of its source's PTO handle in place, "
            f"which needs a source written by an op into a buffer of its own; this "
            f"source is {why}; copy it with tile.move first",
            op,
        )
    path = _if_path(op, owner.parent_block())  # type: ignore[union-attr]
    assert path is not None
    for use in src.uses:
        if use.operation is op:
            continue
        if _reads_after(path, use.operation):
            raise PassError(
                f"{PASS}: tile.set_validshape changes the valid shape of its source's PTO handle in place, "
                f"but {use.operation.name} reads the source after it; read the set_validshape's result "
                "instead, or copy the source with tile.move first",
                use.operation,
            )


def _if_path(op: Operation, block: Block | None) -> list[tuple[Block, Operation]] | None:
    """``(block, ancestor of op in it)`` from ``op``'s own block out to
    ``block``, when every op between them is an ``scf.if``; else None."""
    path: list[tuple[Block, Operation]] = []
    cur: Operation | None = op
    while cur is not None:
        inner = cur.parent_block()
        if inner is None:
            return None
        path.append((inner, cur))
        if inner is block:
            return path
        cur = cur.parent_op()
        if not isinstance(cur, scf.IfOp):
            return None
    return None


def _reads_after(path: list[tuple[Block, Operation]], user: Operation) -> bool:
    """True when ``user`` may run after the last op of ``path`` (the
    set_validshape): at the innermost block of ``path`` that holds
    ``user``, its ancestor there comes after the set_validshape's (the
    same ``scf.if``, in its other branch, runs instead)."""
    for block, at in path:
        mine = _ancestor_in(user, block)
        if mine is None:
            continue
        if mine is at:
            return False
        return _after(block, at, mine)
    return True


def _ancestor_in(op: Operation, block: Block) -> Operation | None:
    cur: Operation | None = op
    while cur is not None and cur.parent_block() is not block:
        cur = cur.parent_op()
    return cur


def _after(block: Block, first: Operation, other: Operation) -> bool:
    """True when ``other`` comes after ``first`` in ``block``."""
    for o in block.ops:
        if o is first:
            return True
        if o is other:
            return False
    return False


def dynamic_source_handle(fl: FunctionLowering, v: SSAValue, where: object) -> SSAValue:
    """A ``pto.alloc_tile`` of ``v``'s bytes typed ``v_row=?, v_col=?`` with
    ``v``'s static valid shape as operands, right before the op that writes
    ``v`` (``where``: the address under pypto / dsa_rp, else None)."""
    t = v.type
    assert isinstance(t, TileType) and isinstance(v.owner, Operation)
    buf = tile_buf_type(t, dynamic=True)
    rows, cols = tile_valid(t)
    addr = fl.pro.const(where, "i64") if isinstance(where, int) else None
    alloc = AllocTileOp(
        buf, addr=addr, valid_row=fl.pro.const(rows, "index"), valid_col=fl.pro.const(cols, "index")
    )
    if v.name_hint:
        alloc.result.name_hint = v.name_hint
    insert_before(alloc, v.owner)
    return alloc.result


def dynamic_handle(fl: FunctionLowering, v: SSAValue) -> SSAValue | None:
    """The handle of a value whose type has a ``?`` valid extent when it
    shares one: its set_validshape's source's (a source that is no view),
    or the one of the operand its op updates in place (whose type has the
    same ``?`` extents); None for any other such value, which gets a handle
    of its own (:func:`.valid_extents.runtime_valid_handle`)."""
    op = v.owner
    if isinstance(op, SetValidShapeOp) and not is_view_validshape(op):
        return fl.handle[op.source]
    src = reused_operand(op) if isinstance(op, Operation) else None
    if src is not None and src in fl.handle and src.type == v.type.with_memref(src.type.get_memref()):  # type: ignore[attr-defined]
        return fl.handle[src]
    return None


def lower_set_validshape(fl: FunctionLowering, op: SetValidShapeOp) -> None:
    """``pto.set_validshape %h, %rows, %cols : T`` on the source's handle;
    nothing for a set_validshape of a view, whose result's own handle
    carries the extents (:mod:`.valid_extents`)."""
    if is_view_validshape(op):
        return
    h = fl.handle[op.source]
    insert_before(FAMILY_OPS["set_validshape"](h, op.valid_rows, op.valid_cols), op)  # type: ignore[call-arg]


def check_cross_core_moves(fn: Operation) -> None:
    """Refuse the first ``tile.aiv_shard`` / ``tile.aic_gather`` of ``fn``
    (before the kernel-kind check, which would only say that the function
    mixes vec and cube spaces).

    Raises:
        PassError: naming the push / pop pair and the pipe the op needs.
    """
    for op in fn.walk():
        if isinstance(op, AivShardOp | AicGatherOp):
            refuse_cross_core_move(op)


def refuse_cross_core_move(op: Operation) -> None:
    """Raises the PassError of an aiv_shard / aic_gather (see the module doc)."""
    push, pop, mask = (
        ("tile.tpush_to_aiv", "tile.tpop_from_aic", 1)
        if isinstance(op, AivShardOp)
        else ("tile.tpush_to_aic", "tile.tpop_from_aiv", 2)
    )
    raise PassError(
        f"{PASS}: {op.name} has no PTO op: it is a {push} in the producing core's function and a "
        f"{pop} in the consuming core's, which needs the kernel split into an aic and an aiv "
        f"function joined by a pipe initialized with dir_mask {mask} or 3 "
        "(tile.aic_initialize_pipe / tile.aiv_initialize_pipe); this function is one kernel: run "
        "expand-mixed-kernel before pto-plan-memory (pto-compile does), which makes that split and "
        "its ring, or write the push / pop pair yourself",
        op,
    )


def lower_view_family_op(fl: FunctionLowering, op: Operation) -> bool:
    """Lower ``op`` when it is an assemble; False for any other op.

    Raises:
        PassError: an assemble whose form ptoas refuses.
    """
    if isinstance(op, AivShardOp | AicGatherOp):
        refuse_cross_core_move(op)
    if isinstance(op, AssembleOp):
        lower_assemble(fl, op)
        return True
    return False


def lower_assemble(fl: FunctionLowering, op: AssembleOp) -> None:
    """See the module doc (``tile.assemble``)."""
    dst = fl.handle[op.result]
    src = fl.handle[op.source]
    row, col = op.offsets
    s, t = op.source.type, op.target.type
    assert isinstance(s, TileType) and isinstance(t, TileType) and fl.backend is not None
    if is_fixpipe_insert(s.memory_space, t.memory_space):
        insert_before(FAMILY_OPS["tinsert"](ins=[src, row, col], outs=[dst]), op)  # type: ignore[call-arg]
        return
    if t.memory_space is not MemorySpace.VEC or t.blayout.data != "row_major" or s.blayout.data != "row_major":
        raise PassError(
            f"{PASS}: tile.assemble into a {t.memory_space.value} {t.blayout.data} tile has no PTO form "
            "ptoas (v0.48) takes: it copies a window with pto.tmov, which moves no tile from "
            "mat to mat and which we give row-major vec windows only",
            op,
        )
    rows, cols = s.get_shape()
    if fl.backend.name != "a5" and cols != t.get_shape()[1]:
        raise PassError(
            f"{PASS}: tile.assemble on {fl.backend.name}: the window is {cols} of the target's "
            f"{t.get_shape()[1]} columns; ptoas (v0.48) copies into a window of a2 / a3 tiles only "
            "when it is whole rows (expects A2/A3 non-mat tmov to use matching src/dst shapes)",
            op,
        )
    dbuf = dst.type
    assert isinstance(dbuf, TileBufType)
    view = TileBufType(
        dbuf.loc, dbuf.dtype, rows, cols, rows, cols,
        blayout=dbuf.blayout, slayout=dbuf.slayout, fractal=dbuf.fractal, pad=dbuf.pad,
    )
    sub = SubviewOp(dst, [row, col], (rows, cols), view)
    if op.result.name_hint:
        sub.results[0].name_hint = f"{op.result.name_hint}_window"
    insert_before(sub, op)
    insert_before(PTO_DPS_OPS["tmov"](ins=[src], outs=[sub.results[0]]), op)


__all__ = [
    "dynamic_handle",
    "dynamic_source_handle",
    "lower_set_validshape",
    "lower_view_family_op",
    "set_validshape_sources",
]
