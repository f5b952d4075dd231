"""Loops and ifs of a lowered function: PTO loops carry no tiles (PTO ops write
buffers in place), so each ``scf.for`` / ``scf.if`` is rebuilt without its
tile iter_args / results (:func:`drop_tile_carries`), their uses taking the
carried buffer's handle. Under ptoas, whose handles have no addresses, every
part of a carry must be one handle (:func:`check_carried_handles`).
"""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.ir import Operation, SSAValue
from xdsl.rewriter import Rewriter

from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.lowering.state import PASS, FunctionLowering, insert_before
from xdsl_pto.transforms.common import memref_of, value_name


def check_carried_handles(fl: FunctionLowering) -> None:
    """Under ptoas: every tile carry of an ``scf.for`` (init, iter_arg,
    yielded value, result) and every tile merge of an ``scf.if`` (both
    yields, the result) has one handle. PTO loops carry no tiles: the
    parts of a carry meet only by being one buffer, which without
    addresses means one handle.

    Raises:
        PassError: at the loop or if, naming the part that has a
            buffer of its own (e.g. a view, a ``pto.subview``).
    """
    for op in fl.fn.walk():
        if isinstance(op, scf.ForOp):
            body = op.body.block
            yielded = body.last_op
            assert yielded is not None
            for i, res in enumerate(op.results):
                if isinstance(res.type, TileType):
                    parts = [op.iter_args[i], body.args[1 + i], yielded.operands[i], res]
                    one_handle(fl, op, parts)
        elif isinstance(op, scf.IfOp):
            for i, res in enumerate(op.results):
                if isinstance(res.type, TileType):
                    arms = [r.block.last_op.operands[i] for r in (op.true_region, op.false_region)]  # type: ignore[union-attr]
                    one_handle(fl, op, [res, *arms])


def one_handle(fl: FunctionLowering, carrier: Operation, parts: list[SSAValue]) -> None:
    """Every value of ``parts`` (one carry or merge of ``carrier``) has the
    handle of the last one.

    Raises:
        PassError: at ``carrier``, naming the first part with another handle.
    """
    first = fl.handle[parts[-1]]
    for p in parts:
        if fl.handle[p] is not first:
            m = memref_of(p)
            assert m is not None
            raise PassError(
                f"{PASS}: under planner=ptoas the tile this {carrier.name} carries needs one "
                f"handle for all its parts, but {value_name(p)} has one of its own: its window "
                f"(bytes [{m.offset.data}, {m.offset.data + m.size.data}) of @{m.root_name}) "
                "is no pto.subview or pto.treshape of that root's tile (a boxed layout, or "
                "not whole rows or columns) -- copy it into a tile of its own (tile.move) "
                "first, or use planner=pypto",
                carrier,
            )


def rebuild_for(fl: FunctionLowering, op: scf.ForOp) -> None:
    """Replace ``op`` by a loop without its tile iter_args."""
    body = op.body.block
    tile_idx = [i for i, a in enumerate(body.args[1:]) if isinstance(a.type, TileType)]
    if not tile_idx:
        return
    for i in reversed(tile_idx):
        arg = body.args[1 + i]
        arg.replace_all_uses_with(fl.handle[arg])
        body.erase_arg(arg)
    inits = [v for i, v in enumerate(op.iter_args) if i not in tile_idx]
    region = op.detach_region(op.body)
    replace_carrier(fl, op, scf.ForOp(op.lb, op.ub, op.step, inits, region), tile_idx)


def rebuild_if(fl: FunctionLowering, op: scf.IfOp) -> None:
    """Replace ``op`` by an ``scf.if`` without its tile results."""
    tile_idx = [i for i, r in enumerate(op.results) if isinstance(r.type, TileType)]
    if not tile_idx:
        return
    types = [r.type for i, r in enumerate(op.results) if i not in tile_idx]
    then_r, else_r = op.true_region, op.false_region
    op.detach_region(then_r)
    op.detach_region(else_r)
    replace_carrier(fl, op, scf.IfOp(op.cond, types, then_r, else_r), tile_idx)


def replace_carrier(fl: FunctionLowering, old: Operation, new: Operation, tile_idx: list[int]) -> None:
    """Put ``new`` (``old`` without its tile results) in ``old``'s place:
    tile results become their buffers, the others ``new``'s results."""
    insert_before(new, old)
    kept = iter(new.results)
    for i, r in enumerate(old.results):
        r.replace_all_uses_with(fl.handle[r] if i in tile_idx else next(kept))
    old.detach()
    old.erase()


def drop_tile_carries(fl: FunctionLowering) -> None:
    """Drop the tile operands of every ``scf.yield``, then rebuild each loop
    and if without its tile carries (innermost first): their uses take the
    carried buffer's handle."""
    for op in list(fl.fn.walk()):
        if isinstance(op, scf.YieldOp):
            keep = [v for v in op.operands if not isinstance(v.type, TileType)]
            if len(keep) != len(op.operands):
                Rewriter.replace_op(op, scf.YieldOp(*keep))
    for op in reversed(list(fl.fn.walk())):
        if isinstance(op, scf.ForOp):
            rebuild_for(fl, op)
        elif isinstance(op, scf.IfOp):
            rebuild_if(fl, op)


__all__ = [
    "check_carried_handles",
    "drop_tile_carries",
]
