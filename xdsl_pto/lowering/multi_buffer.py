"""Multi-slot declared allocations as ptoas regions (``planner=ptoas``).

pypto-docs/00-pto_codegen.md, "Multi-slot declarations become one ptoas
region": a pinned root with N slots becomes one ``pto.alloc_multi_tile`` (no
``addr``, the valid shape as constant operands) in the function head, and
each tile that selects a slot one ``pto.multi_tile_get %region[%slot]``,
whose operand is the slot index itself -- a constant, or ``arith.remsi %iv,
%cN`` for a runtime slot -- never a byte offset.

:func:`plan_regions` decides before the body is lowered, and refuses every
shape a region cannot describe (falling back to per-slot ``alloc_tile``\\ s
would let ptoas plan the slots on top of each other). Our tile types carry
only static valid shapes, so the reference's "runtime valid shape" refusal
has nothing to refuse here; "disagreeing slot counts" is refused where the
bindings are read (init-memref), and "a use that selects no slot" by the
window check every lowering runs first (a window on a slotted root names one
of its slots).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.dialects import func, scf
from xdsl.ir import Operation, SSAValue

from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.pto.types import (
    MAX_MULTI_TILE_COUNT,
    MIN_MULTI_TILE_COUNT,
    MULTI_TILE_LOCS,
    TileBufType,
)
from xdsl_pto.dialects.tile.data_ops import AllocOp
from xdsl_pto.dialects.tile.traits import view_source
from xdsl_pto.dialects.tile.types import MemorySpace, TileType
from xdsl_pto.lowering.tile_buf import tile_buf_type, tile_valid
from xdsl_pto.transforms.common import (
    allocs,
    defining_op,
    enclosing_for,
    memref_of,
    tile_values,
    value_anchor,
    value_name,
)
from xdsl_pto.transforms.memory_reuse.lifetime import ProgramOrder, def_point

#: The memory spaces a ptoas region may hold.
REGION_SPACES = tuple(MemorySpace(loc) for loc in MULTI_TILE_LOCS)


@dataclass
class Region:
    """One ptoas region: a pinned, slotted root of a function.

    Attributes:
        root: the ``tile.alloc`` it replaces.
        slot_type: the ``!pto.tile_buf`` of one slot, its valid shape given
            at run time (``v_row=?, v_col=?``) as the reference prints it.
        valid: the static valid shape (rows, cols) passed as operands.
        users: the non-view values on the root, in program order: the tiles
            that select a slot and the in-place updates of them.
    """

    root: AllocOp
    slot_type: TileBufType
    valid: tuple[int, int]
    users: list[SSAValue] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.root.sym_name.data

    @property
    def count(self) -> int:
        return self.root.slot_count


def plan_regions(fn: func.FuncOp, pass_name: str) -> dict[str, Region]:
    """The regions of ``fn``: one per pinned root (a declared allocation),
    by root name.

    Raises:
        PassError: naming the declaration and why ptoas cannot describe it:
            a slot count outside [2, 16] (a single-slot declaration), a space
            other than vec/mat/acc, a tile on it that does not start its slot, a slot carried out of an ``scf.for`` or
            ``scf.if`` (a phi), differently typed slots, different valid
            shapes, or two slots live at once inside a loop.
    """
    on_root: dict[str, list[SSAValue]] = {}
    for v in tile_values(fn):
        m = memref_of(v)
        if m is not None:
            on_root.setdefault(m.root_name, []).append(v)
    regions: dict[str, Region] = {}
    for name, root in allocs(fn).items():
        if not root.is_pinned:
            continue
        values = on_root.get(name, [])
        region = _region(root, values, pass_name)
        if region is None:
            continue  # nothing is bound to it: nothing to declare
        _check_one_slot_per_iteration(fn, region, values, pass_name)
        regions[name] = region
    return regions


def _region(root: AllocOp, values: list[SSAValue], pass_name: str) -> Region | None:
    name = root.sym_name.data
    at = value_anchor(values[0]) if values else root  # the root sits at the function head
    if not MIN_MULTI_TILE_COUNT <= root.slot_count <= MAX_MULTI_TILE_COUNT:
        raise PassError(
            f"{pass_name}: @{name} is a declared allocation with {root.slot_count} slot(s); "
            f"a ptoas region has {MIN_MULTI_TILE_COUNT} to {MAX_MULTI_TILE_COUNT} slots, and under planner=ptoas "
            "nothing else keeps a declared allocation apart -- declare it with slots = 2 or "
            "more, or use planner=pypto",
            at,
        )
    if root.memory_space not in REGION_SPACES:
        raise PassError(
            f"{pass_name}: @{name} is in {root.space.data}; a ptoas region holds "
            f"{', '.join(s.value for s in REGION_SPACES)} tiles only",
            at,
        )
    first: SSAValue | None = None
    region: Region | None = None
    for v in values:
        t = v.type
        assert isinstance(t, TileType)
        m = memref_of(v)
        assert m is not None
        op = defining_op(v)
        if op is None or op.regions:
            carrier = value_anchor(v)
            raise PassError(
                f"{pass_name}: {value_name(v)} is a slot of @{name} carried by an "
                f"{carrier.name} (a phi); a region slot is selected by each use, not carried "  # type: ignore[union-attr]
                "-- copy it into a tile of its own (tile.move) first",
                value_anchor(v),
            )
        if view_source(op) is not None:
            continue  # a pto.subview / pto.treshape of its source's slot
        k = m.slot_index
        assert k is not None  # check_windows: a window on a slotted root names its slot
        start = 0 if k == "iv" else k * root.slot_size  # type: ignore[operator]
        if m.offset.data != start:
            raise PassError(
                f"{pass_name}: {value_name(v)} starts at byte {m.offset.data - start} of its "
                f"slot of @{name}; a region slot holds one tile from its first byte",
                op,
            )
        buf = tile_buf_type(t)
        shape = tile_valid(t)
        slot_type = _with_runtime_valid(buf)
        if region is None:
            first, region = v, Region(root, slot_type, shape)  # type: ignore[arg-type]
        elif slot_type != region.slot_type:
            raise PassError(
                f"{pass_name}: {value_name(v)} is a {_describe(t)} tile but "
                f"{value_name(first)} (on the same region @{name}) is a "  # type: ignore[arg-type]
                f"{_describe(first.type)} tile; the slots of a region hold one tile type",  # type: ignore[union-attr,arg-type]
                op,
            )
        elif shape != region.valid:
            raise PassError(
                f"{pass_name}: {value_name(v)} has valid shape {shape[0]}x{shape[1]} but "
                f"{value_name(first)} (on the same region @{name}) has "  # type: ignore[arg-type]
                f"{region.valid[0]}x{region.valid[1]}; a region declares one valid shape "
                "for all its slots",
                op,
            )
        region.users.append(v)
    return region


def _with_runtime_valid(buf: TileBufType) -> TileBufType:
    """``buf`` with ``v_row=?, v_col=?`` (the region's valid shape is given
    by operands)."""
    return TileBufType(
        buf.loc,
        buf.dtype,
        buf.rows,
        buf.cols,
        None,
        None,
        blayout=buf.blayout,
        slayout=buf.slayout,
        fractal=buf.fractal,
        pad=buf.pad,
    )


def _describe(t: TileType) -> str:
    shape = "x".join(str(d) for d in t.get_shape())
    return f"{shape}x{t.element_type}"


def _check_one_slot_per_iteration(
    fn: func.FuncOp, region: Region, values: list[SSAValue], pass_name: str
) -> None:
    """Two tiles of one region that are not the same data may not be live
    at once inside one loop: ptoas guards only the first slot an iteration
    selects (pypto-docs/00-pto_codegen.md, "One slot per iteration";
    PTOAS#1118).

    Raises:
        PassError: at the later of the two definitions.
    """
    from xdsl_pto.transforms.plan_liveness import interfere, must_alias_classes

    same = must_alias_classes(fn)
    order = ProgramOrder.of(fn)
    for i, a in enumerate(values):
        for b in values[i + 1 :]:
            if same.find(a) is same.find(b):
                continue
            loop = _common_loop(a, b)
            if loop is None or not interfere(a, b, order):
                continue
            later = b if def_point(b, order) >= def_point(a, order) else a
            first = a if later is b else b
            raise PassError(
                f"{pass_name}: {value_name(first)} and {value_name(later)} are on two slots of "
                f"the region @{region.name} and live at once inside one loop; ptoas guards only "
                "the first slot an iteration selects (PTOAS#1118) -- use planner=pypto for "
                "this kernel",
                value_anchor(later),
            )


def _common_loop(a: SSAValue, b: SSAValue) -> scf.ForOp | None:
    """The innermost ``scf.for`` around both definitions, or None."""
    def loops(v: SSAValue) -> list[Operation]:
        op = value_anchor(v)
        out: list[Operation] = []
        cur = enclosing_for(op) if op is not None else None
        while cur is not None:
            out.append(cur)
            cur = enclosing_for(cur)
        return out

    mine = loops(a)
    for loop in loops(b):
        if loop in mine:
            return loop  # type: ignore[return-value]
    return None


__all__ = ["REGION_SPACES", "Region", "plan_regions"]
