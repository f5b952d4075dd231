"""The PTO handle of every tile value of a function (``fl.handle``), made
before its ops are lowered: one ``pto.alloc_tile`` per distinct (address,
tile_buf type) -- under ptoas per distinct (root, offset, tile_buf type),
without ``addr`` -- one ``pto.alloc_multi_tile`` region per declared
multi-slot allocation under ptoas (a tile on it a ``pto.multi_tile_get`` of
its slot), an in-place result its operand's handle, and under ptoas a
carried window one handle for all its parts (see
:mod:`xdsl_pto.lowering.tile_to_pto`).
"""

from __future__ import annotations

from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import IndexType
from xdsl.ir import Operation, SSAValue

from xdsl_pto.backends import ALLOC_ALIGN, footprint_bytes
from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.pto.dps import TReshapeOp
from xdsl_pto.dialects.pto.ops import AllocMultiTileOp, AllocTileOp, MultiTileGetOp, SubviewOp
from xdsl_pto.dialects.pto.types import MultiTileBufType, TileBufType
from xdsl_pto.dialects.tile.data_ops import AllocOp
from xdsl_pto.dialects.tile.traits import is_pipe_resident, reused_operand, view_source
from xdsl_pto.dialects.tile.types import TileType, element_bytes
from xdsl_pto.dialects.tile.windows import physical_offset, strided_in_memory
from xdsl_pto.dialects.tile.view_ops import SetValidShapeOp, SliceOp, constant_index
from xdsl_pto.lowering.multi_buffer import Region, plan_regions
from xdsl_pto.lowering.tile_buf import runtime_valid, tile_buf_type, tile_valid
from xdsl_pto.lowering.state import PASS, FunctionLowering, insert_before
from xdsl_pto.transforms.common import (
    allocs,
    enclosing_for,
    memref_of,
    tile_values,
    value_anchor,
    value_name,
)
from xdsl_pto.lowering.views import lower_unplaced_view, same_layout
from xdsl_pto.transforms.slice_windows import why_kept
from xdsl_pto.lowering.valid_extents import is_view_validshape, runtime_valid_handle
from xdsl_pto.lowering.views_family import dynamic_handle, dynamic_source_handle, set_validshape_sources


def make_handles(fl: FunctionLowering) -> None:
    """One ``pto.alloc_tile`` per distinct (address, tile_buf type) --
    under ptoas, per distinct (root, offset, tile_buf type), without
    ``addr`` -- and one region per declared multi-slot allocation under
    ptoas; maps every tile value with a buffer to its handle. A
    pipe-resident value (a tpop result or a view of one) gets its
    handle where it is lowered; under ptoas a view gets its
    ``pto.subview`` / ``pto.treshape`` here, in program order, unless it
    is on a carried window (:func:`share_carried_windows`), and an
    in-place result its operand's handle.

    Raises:
        PassError: (pypto) a strided slice, a runtime slot, an unaligned
            view; (ptoas) a declared allocation no region can describe
            (:func:`.multi_buffer.plan_regions`).
    """
    roots = allocs(fl.fn)
    regions = {} if fl.addressed else plan_regions(fl.fn, PASS)
    region_handle = {name: declare_region(fl, r) for name, r in regions.items()}
    by_key = fl.by_key
    if not fl.addressed:
        share_carried_windows(fl, regions)
    dynamic_sources = set_validshape_sources(fl)
    for v in tile_values(fl.fn):
        if is_pipe_resident(v):
            continue
        t = v.type
        assert isinstance(t, TileType)
        m = memref_of(v)
        assert m is not None
        if t.has_dynamic_valid:  # issues 23 / 24: runtime valid extents
            shared = dynamic_handle(fl, v)
            if shared is None:
                at = address_of(fl, v, roots) if fl.addressed else None
                shared = runtime_valid_handle(fl, v, at)
            fl.handle[v] = shared
            continue
        if v in dynamic_sources:
            carried = ((m.root_name, m.offset.data), tile_buf_type(t))
            if not fl.addressed and carried in fl.carried:  # the carry's one v_row=? handle
                fl.handle[v] = by_key[carried]
                continue
            where = address_of(fl, v, roots) if fl.addressed else None
            fl.handle[v] = dynamic_source_handle(fl, v, where)
            continue
        if not fl.addressed and is_view_validshape(v.owner):  # a slice's own subview
            fl.handle[v] = runtime_valid_handle(fl, v, None)
            continue
        if not fl.addressed and isinstance(v.owner, SetValidShapeOp):
            # ptoas places the buffer: no second alloc_tile can share the
            # source's bytes, and pto.set_validshape changes the source's
            # handle in place (the source is not read after it,
            # check_set_validshape), so the result is that handle.
            fl.handle[v] = fl.handle[v.owner.source]
            continue
        if not fl.addressed and _is_view(v):
            key = ((m.root_name, m.offset.data), tile_buf_type(t))
            if key in fl.carried:
                fl.handle[v] = by_key[key]
                continue
            # A view of a placed tile: its own op, right here; a later
            # tile on the same window takes its handle where the view
            # dominates it.
            lower_unplaced_view(fl, v.owner, view_source(v.owner))  # type: ignore[arg-type]
            by_key.setdefault(key, fl.handle[v])
            continue
        same = in_place_handle(fl, v)
        if same is not None:
            fl.handle[v] = same
            continue
        if m.root_name in regions:
            fl.handle[v] = select_slot(fl, v, regions[m.root_name], region_handle[m.root_name])
            continue
        if fl.addressed and m.runtime_slot:  # base + (iv mod F) * slot bytes
            refuse_strided(v)
            fl.handle[v] = fl.runtime_slots.handle(v, m, roots[m.root_name], tile_buf_type(t))
            continue
        if fl.addressed and _strided_view(fl, v):
            # One baked alloc_tile describes one run of bytes only: a
            # strided window is a pto.subview of its source's handle, as
            # under ptoas (the reference's form at level3, e.g. a row
            # window of an Acc tile pushed to the vector core).
            lower_unplaced_view(fl, v.owner, v.owner.source)  # type: ignore[union-attr]
            continue
        if fl.addressed:
            where: object = address_of(fl, v, roots)
        else:
            where = (m.root_name, m.offset.data)
        key = (where, tile_buf_type(t))
        valid = runtime_valid(t)
        # A type with v_row=? does not say the valid shape: the
        # operands do, so tiles sharing it share a handle only with it.
        lookup: object = key if valid is None else (key, valid)
        known = by_key.get(lookup)  # type: ignore[call-overload]
        if known is None or not _dominates(known, v):
            known = new_alloc(fl, key, v.name_hint, valid)
            by_key.setdefault(lookup, known)  # type: ignore[call-overload]
        fl.handle[v] = known


def new_alloc(
    fl: FunctionLowering, key: tuple[object, TileBufType], name: str | None, valid: tuple[int, int] | None = None
) -> SSAValue:
    """A prologue ``pto.alloc_tile`` for ``key`` (an address -- then
    ``addr`` -- or, under ptoas, a (root, offset) pair: no ``addr``),
    with ``valid_row = %cR valid_col = %cC`` after ``addr`` when the
    type has ``v_row=?, v_col=?`` (``valid``: :func:`runtime_valid`)."""
    where, buf = key
    addr = fl.pro.const(where, "i64") if isinstance(where, int) else None
    rows, cols = fl.pro.valid_operands(buf, valid)
    alloc = AllocTileOp(buf, addr=addr, valid_row=rows, valid_col=cols)
    if name:
        alloc.result.name_hint = name
    fl.pro.allocs.append(alloc)
    return alloc.result


def share_carried_windows(fl: FunctionLowering, regions: dict[str, Region]) -> None:
    """Under ptoas, give each window a loop or if carries one handle in
    the prologue -- the root's own ``alloc_tile`` when the window is the
    whole root, else a ``pto.treshape`` / ``pto.subview`` of it -- which
    every value on that window then shares, views included. PTO loops
    carry no tiles: the init, iter_arg, yielded value and result (an
    if's arms and result) meet only by being one handle, and a view
    made inside an arm or a body cannot be that handle. A window no view
    of its root can describe keeps the ordinary handles (and
    :func:`.carriers.check_carried_handles` refuses the carry if they differ).
    A whole root whose carried tile a ``tile.set_validshape`` trims (lm_head:
    the K-loop's accumulator, stored with the valid rows) gets a
    ``v_row=?, v_col=?`` handle with its static valid shape as operands, as
    the reference declares it: the carry and the trim are one handle."""
    keys: list[tuple[object, TileBufType]] = []
    carrier: dict[tuple[object, TileBufType], Operation] = {}
    for op in fl.fn.walk():
        if not isinstance(op, scf.ForOp | scf.IfOp):
            continue
        for r in op.results:
            m = memref_of(r) if isinstance(r.type, TileType) else None
            if m is None or m.root_name in regions:
                continue
            key = ((m.root_name, m.offset.data), tile_buf_type(r.type))  # type: ignore[arg-type]
            if key not in keys:
                keys.append(key)
                carrier[key] = op
    creators = _root_creators(fl.fn)
    trimmed = {
        ((m.root_name, m.offset.data), tile_buf_type(op.source.type))  # type: ignore[arg-type]
        for op in fl.fn.walk()
        if isinstance(op, SetValidShapeOp) and (m := memref_of(op.source)) is not None
    }
    for key in keys:
        (root, offset), buf = key  # type: ignore[misc]
        creator = creators.get(root)
        if creator is None:
            continue
        base_key = ((root, 0), tile_buf_type(creator.type))  # type: ignore[arg-type]
        if base_key not in fl.by_key and base_key in trimmed and key == base_key:
            dynamic = ((root, 0), tile_buf_type(creator.type, dynamic=True))  # type: ignore[arg-type]
            fl.by_key[base_key] = new_alloc(fl, dynamic, creator.name_hint, tile_valid(creator.type))  # type: ignore[arg-type]
        if base_key not in fl.by_key and creator.type.has_dynamic_valid:  # type: ignore[attr-defined]
            raise PassError(
                f"{PASS}: this {carrier[key].name} carries a window whose first tile has a runtime "
                "valid extent ('?'); under planner=ptoas a carried window is one handle made before "
                "the loop or if, which cannot know extents computed inside it -- carry the tile "
                "fully valid and set its valid shape where it is used",
                carrier[key],
            )
        if base_key not in fl.by_key:
            fl.by_key[base_key] = new_alloc(
                fl, base_key, creator.name_hint, runtime_valid(creator.type)  # type: ignore[arg-type]
            )
        handle = fl.by_key[base_key] if key == base_key else window_view(fl, base_key, key)
        if handle is not None:
            fl.by_key[key] = handle
            fl.carried.add(key)


def window_view(fl: FunctionLowering, base_key: tuple[object, TileBufType], key: tuple[object, TileBufType]) -> SSAValue | None:
    """A prologue view of the root's handle onto ``key``'s window: a
    ``pto.treshape`` for the whole root in another shape of the same
    element type; a ``pto.subview`` for whole rows (or part of one row)
    of a row-major root, whole columns (or part of one column) of a
    column-major one, both without boxes (``slayout=none_box``); None
    when neither describes it."""
    base = fl.by_key[base_key]
    (_, offset), buf = key  # type: ignore[misc]
    whole = base_key[1]
    if buf.dtype != whole.dtype:
        return None
    width = element_bytes(buf.dtype)
    op: Operation | None = None
    if offset == 0 and buf.rows * buf.cols == whole.rows * whole.cols:
        op = TReshapeOp.view(base, buf)
    elif same_layout(buf, whole) and whole.slayout == "none_box" and offset % width == 0:
        at = _window_origin(offset // width, buf, whole)
        if at is not None:
            offsets = [fl.pro.const(at[0], "index"), fl.pro.const(at[1], "index")]
            op = SubviewOp(base, offsets, (buf.rows, buf.cols), buf)
    if op is None:
        return None
    fl.pro.aliases.append(op)
    return op.results[0]


def refuse_strided(v: SSAValue) -> None:
    """Raises PassError when ``v`` is a slice (or an Acc window through
    one) whose bytes are not one run: one baked ``alloc_tile`` cannot
    describe it."""
    op = v.owner
    if (isinstance(op, SliceOp) and not op.is_contiguous()) or strided_in_memory(v):
        raise PassError(
            f"{PASS}: this tile.slice is not one contiguous run of its source's bytes "
            "(whole rows of a row-major tile, whole columns of a col-major one); "
            f"strided slices are not supported yet{why_kept(v)}",
            op if isinstance(op, SliceOp) else value_anchor(v),
        )


def address_of(fl: FunctionLowering, v: SSAValue, roots: dict[str, AllocOp]) -> int:
    """The byte address ``v`` starts at (pypto / dsa_rp: baked addresses;
    a runtime slot is :class:`.runtime_slots.RuntimeSlotAddresses`').

    Raises:
        PassError: for a strided slice or an unaligned view, neither of
            which one ``alloc_tile addr`` can describe.
    """
    m = memref_of(v)
    assert m is not None and not m.runtime_slot  # make_handles: RuntimeSlotAddresses
    refuse_strided(v)
    addr = roots[m.root_name].addr.data + physical_offset(v)  # type: ignore[union-attr]
    if addr % ALLOC_ALIGN:
        raise PassError(
            f"{PASS}: this view starts at byte {addr} of {v.type.memory_space.value}, not on a "  # type: ignore[attr-defined]
            f"{ALLOC_ALIGN}-byte boundary; PTO tiles start 32-byte aligned, so "
            "unaligned views are not supported",
            value_anchor(v),
        )
    return addr


def declare_region(fl: FunctionLowering, region: Region) -> SSAValue:
    """``%<name>_mb = pto.alloc_multi_tile valid_row = %cR valid_col = %cC``
    in the prologue (no ``addr``: ptoas places it)."""
    rows, cols = region.valid
    op = AllocMultiTileOp(
        MultiTileBufType(region.slot_type, region.count),
        fl.pro.const(rows, "index"),
        fl.pro.const(cols, "index"),
    )
    op.result.name_hint = f"{region.name}_mb"
    fl.pro.allocs.append(op)
    return op.result


def in_place_handle(fl: FunctionLowering, v: SSAValue) -> SSAValue | None:
    """Under ptoas, the handle of the operand ``v`` updates in place
    (``Reuses``), when ``v`` is on its window with its tile_buf type:
    without addresses, sharing the handle is what keeps them one buffer
    (a slot of a region, a view made in the same block). None otherwise,
    and always under pypto (the address decides)."""
    op = v.owner
    src = reused_operand(op) if isinstance(op, Operation) and not fl.addressed else None
    if src is None or src not in fl.handle or memref_of(src) != memref_of(v):
        return None
    # Every Reuses op's result has its operand's type (their verifiers).
    assert tile_buf_type(src.type) == tile_buf_type(v.type)  # type: ignore[arg-type]
    return fl.handle[src]


def select_slot(fl: FunctionLowering, v: SSAValue, region: Region, mb: SSAValue) -> SSAValue:
    """The handle of a tile that selects a slot of a region:
    ``pto.multi_tile_get %mb[%slot]`` right before its producer,
    ``%slot`` a constant or ``arith.remsi %iv, %cN`` (the literal
    ``iv mod N`` ptoas matches)."""
    op = v.owner
    assert isinstance(op, Operation)
    k = memref_of(v).slot_index  # type: ignore[union-attr]
    if isinstance(k, int):
        slot = fl.pro.const(k, "index")
    else:
        loop = enclosing_for(op)
        assert loop is not None  # init-memref checked it
        start = constant_index(loop.lb)
        if start is None or start < 0:
            at = "a runtime value" if start is None else str(start)
            raise PassError(
                f"{PASS}: {value_name(v)} selects slot iv mod {region.count} of the region "
                f"@{region.name} in a loop that starts at {at}; arith.remsi of a negative iv "
                "is no slot -- start the loop at a constant 0 or more",
                op,
            )
        iv: SSAValue = loop.body.block.args[0]
        if not isinstance(iv.type, IndexType):
            cast = arith.IndexCastOp(iv, IndexType())
            insert_before(cast, op)
            iv = cast.result
        rem = arith.RemSIOp(iv, fl.pro.const(region.count, "index"))
        insert_before(rem, op)
        slot = rem.result
    get = MultiTileGetOp(mb, slot)
    if v.name_hint:
        get.result.name_hint = v.name_hint
    insert_before(get, op)
    return get.result


def _window_origin(start: int, buf: TileBufType, whole: TileBufType) -> tuple[int, int] | None:
    """The (row, col) where a dense window of ``buf``'s shape starting at
    element ``start`` of an unboxed ``whole`` tile begins, when the window is
    a sub-rectangle of it: whole rows (or part of one row) of a row-major
    tile, whole columns (or part of one column) of a column-major one."""
    if whole.blayout == "row_major":
        row, col = divmod(start, whole.cols)
        fits = (col == 0 and buf.cols == whole.cols) or (buf.rows == 1 and col + buf.cols <= whole.cols)
        return (row, col) if fits and row + buf.rows <= whole.rows else None
    col, row = divmod(start, whole.rows)
    fits = (row == 0 and buf.rows == whole.rows) or (buf.cols == 1 and row + buf.rows <= whole.rows)
    return (row, col) if fits and col + buf.cols <= whole.cols else None


def _strided_view(fl: FunctionLowering, v: SSAValue) -> bool:
    """True when ``v`` is a slice with constant offsets whose bytes are not
    one run of its source's (:meth:`SliceOp.is_contiguous`) and whose
    source already has a handle: :func:`lower_unplaced_view` makes it a
    ``pto.subview`` of that handle."""
    op = v.owner
    return (
        isinstance(op, SliceOp)
        and op.byte_window() is not None
        and not op.is_contiguous()
        and op.source in fl.handle
    )


def _is_view(v: SSAValue) -> bool:
    """True for the result of a view op (a slice or reshape)."""
    return isinstance(v.owner, Operation) and view_source(v.owner) is not None


def _root_creators(fn: func.FuncOp) -> dict[str, SSAValue]:
    """Per root, the first value (in program order) that is not a view and
    fills the whole root: its type is the root's ``alloc_tile`` type."""
    sizes = {name: op.size.data for name, op in allocs(fn).items()}
    out: dict[str, SSAValue] = {}
    for v in tile_values(fn):
        m = memref_of(v)
        if m is None or m.root_name in out or _is_view(v) or is_pipe_resident(v):
            continue
        size = sizes.get(m.root_name)
        # fills the root: its bytes, up to an Acc tile's L0C row padding
        if m.offset.data == 0 and size is not None and v.type.size_bytes <= size <= footprint_bytes(v.type, None):  # type: ignore[attr-defined,arg-type]
            out[m.root_name] = v
    return out


def _dominates(handle: SSAValue, v: SSAValue) -> bool:
    """Whether ``handle`` -- a prologue allocation (not placed yet: visible
    everywhere) or a view op emitted earlier in program order -- is visible
    where ``v`` is defined: its block encloses ``v``'s definition."""
    owner = handle.owner
    block = owner.parent_block() if isinstance(owner, Operation) else None
    if block is None:
        return True
    anchor = value_anchor(v)
    while anchor is not None:
        if anchor.parent_block() is block:
            return True
        anchor = anchor.parent_op()
    return False


__all__ = [
    "make_handles",
]
