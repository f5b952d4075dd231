"""The runtime valid extents of tiles in the lowered function, and the PTO
handle of a tile whose valid shape has a ``?`` extent that no in-place
``pto.set_validshape`` gives (issue 24).

The extents are ``index`` values of the function (a load's or a
set_validshape's operands, ``arith.constant`` for a static extent, an
``arith.muli`` / ``arith.divui`` for a reshape's count), found by the rules of
:mod:`xdsl_pto.dialects.tile.valid_flow`, which the interpreter follows too.

Such a tile's handle carries them as the reference's do
(pypto-lib-sample, ``reference.*.pto``): with baked addresses a
``pto.alloc_tile addr = A valid_row = %r valid_col = %c`` of its own right
before the op that writes it; under ptoas a slice's is a ``pto.subview
... valid [%r, %c]`` of its source's handle (also when a set_validshape
gives a slice its extents), a reshape's a ``pto.treshape`` of its source's
handle, any other tile's a ``pto.alloc_tile valid_row = %r valid_col = %c``
right before its op. The loads and stores of such tiles move the valid
window only: their ``pto.partition_view`` has those sizes
(:func:`window_sizes`).
"""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.ir import Operation, SSAValue

from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.pto.ops import AllocTileOp, SubviewOp
from xdsl_pto.dialects.pto.types import TileBufType
from xdsl_pto.dialects.tile.traits import view_source
from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.dialects.tile.valid_flow import NoExtentSource, Operand, SameAxis, extent_sources
from xdsl_pto.dialects.tile.view_ops import ReshapeOp, SetValidShapeOp, SliceOp
from xdsl_pto.lowering.state import PASS, FunctionLowering, insert_before
from xdsl_pto.lowering.views import treshape_view
from xdsl_pto.lowering.tile_buf import runtime_valid, tile_buf_type, tile_valid


def axis_extent(fl: FunctionLowering, v: SSAValue, axis: int, cache: dict) -> SSAValue:
    """The valid extent of tile ``v`` on ``axis`` as an ``index`` value (a
    constant for a static one); arith ops a reshape needs are inserted
    right before ``v``'s op.

    Raises:
        PassError: for a ``?`` extent no rule gives, at ``v``'s op.
    """
    t = v.type
    assert isinstance(t, TileType)
    if not t.dynamic_valid()[axis]:
        return fl.pro.const(t.get_valid_shape()[axis], "index")
    key = (v, axis)
    if key in cache:
        return cache[key]
    op = v.owner
    try:
        how = extent_sources(v)[axis]
    except NoExtentSource as e:
        where = op if isinstance(op, Operation) else op.parent_op()  # type: ignore[union-attr]
        raise PassError(f"{PASS}: {e}", where) from None  # type: ignore[arg-type]
    assert how is not None and isinstance(op, Operation)
    if isinstance(how, Operand):
        out = how.value
    elif isinstance(how, SameAxis):
        out = axis_extent(fl, how.tile, how.axis, cache)
    else:
        out = axis_extent(fl, how.tile, how.axis, cache)
        if how.mul != 1:
            mul = arith.MuliOp(out, fl.pro.const(how.mul, "index"))
            insert_before(mul, op)
            out = mul.result
        if how.div != 1:
            div = arith.DivUIOp(out, fl.pro.const(how.div, "index"))
            insert_before(div, op)
            out = div.result
    cache[key] = out
    return out


def runtime_extents(fl: FunctionLowering, v: SSAValue, cache: dict) -> tuple[SSAValue, SSAValue]:
    """``(rows, cols)`` of tile ``v`` (a 1-D tile: ``(1, n)``)."""
    t = v.type
    assert isinstance(t, TileType)
    if len(t.get_shape()) == 1:
        return fl.pro.const(1, "index"), axis_extent(fl, v, 0, cache)
    return axis_extent(fl, v, 0, cache), axis_extent(fl, v, 1, cache)


def window_sizes(fl: FunctionLowering, t: TileType, v: SSAValue) -> list[SSAValue | int]:
    """The sizes of a load's or store's GM window for tile ``v`` of type
    ``t`` with a runtime valid extent: its valid extents (values where they
    are ``?``, ints where static)."""
    cache = fl.valid_extents
    out: list[SSAValue | int] = []
    for axis, (dyn, n) in enumerate(zip(t.dynamic_valid(), t.get_valid_shape())):
        out.append(axis_extent(fl, v, axis, cache) if dyn else n)
    return out


def is_view_validshape(op: object) -> bool:
    """A ``tile.set_validshape`` of a view (a slice): its result gets a
    handle of its own with the extents, the source's stays as it is."""
    return isinstance(op, SetValidShapeOp) and view_source(op.source.owner) is not None  # type: ignore[arg-type]


def runtime_valid_handle(fl: FunctionLowering, v: SSAValue, addr: int | None) -> SSAValue:
    """The handle of ``v``, whose type has a ``?`` extent no in-place
    ``pto.set_validshape`` gives, or (ptoas) the result of a constant
    set_validshape of a slice (see the module doc); ``addr`` its byte
    address with baked addresses, else None.

    Raises:
        PassError: for an extent no rule gives, or (ptoas) a view other than
            a slice or reshape.
    """
    cache = fl.valid_extents
    t = v.type
    assert isinstance(t, TileType)
    buf = tile_buf_type(t)
    rows: SSAValue | None
    cols: SSAValue | None
    if t.has_dynamic_valid:  # (a block argument is refused here)
        rows, cols = runtime_extents(fl, v, cache)
    else:  # a constant set_validshape of a slice (ptoas): static, or 0 extents as operands
        rows, cols = fl.pro.valid_operands(buf, runtime_valid(t))
    op = v.owner
    assert isinstance(op, Operation)
    new: Operation
    if addr is None and (isinstance(op, SliceOp) or is_view_validshape(op)):
        sl = op if isinstance(op, SliceOp) else op.source.owner  # type: ignore[union-attr]
        assert isinstance(sl, SliceOp)
        offsets = list(sl.offsets)
        if len(offsets) == 1:
            offsets.insert(0, fl.pro.const(0, "index"))
        # ptoas matches a constant valid operand against a static extent
        # of the view's type ("expects result valid_shape[1] to match
        # inferred/explicit valid_col"): only the runtime ones are '?'
        dyn = t.dynamic_valid() if len(t.get_shape()) == 2 else (False, t.dynamic_valid()[0])
        static = (buf.rows, buf.cols) if not t.has_dynamic_valid else tile_valid(t)
        view = TileBufType(
            buf.loc, buf.dtype, buf.rows, buf.cols,
            None if dyn[0] or rows is not None and not t.has_dynamic_valid else static[0],
            None if dyn[1] or cols is not None and not t.has_dynamic_valid else static[1],
            blayout=buf.blayout, slayout=buf.slayout, fractal=buf.fractal, pad=buf.pad,
        )
        new = SubviewOp(fl.handle[sl.source], offsets, (buf.rows, buf.cols), view, valid_row=rows, valid_col=cols)
    elif addr is None and isinstance(op, ReshapeOp):
        new = treshape_view(fl, fl.handle[op.source], buf, op)
    elif addr is None and view_source(op) is not None:
        raise PassError(
            f"{PASS}: under planner=ptoas a {op.name} of a tile with a runtime valid extent ('?') has no "
            "PTO view that carries the extent; copy the tile with tile.move first",
            op,
        )
    else:
        at = fl.pro.const(addr, "i64") if addr is not None else None
        new = AllocTileOp(buf, addr=at, valid_row=rows, valid_col=cols)
    if v.name_hint:
        new.results[0].name_hint = v.name_hint
    insert_before(new, op)
    return new.results[0]


__all__ = ["axis_extent", "is_view_validshape", "runtime_extents", "runtime_valid_handle", "window_sizes"]
