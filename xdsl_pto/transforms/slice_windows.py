"""Column-window slices become copies before planning (issue 24, item 4).

A ``tile.slice`` is a view: no data moves, its bytes are its source's. A
window that keeps part of each row of its source (part of each column of a
column-major one) -- a *column window* -- has rows shorter in memory than
they look. The lowering emits a view as a ``pto.subview`` of its source's
handle under planner=ptoas, for a view of a tpop tile, and under every
planner for a window that is not one run of bytes (a baked ``alloc_tile``
describes one run only); ptoas (v0.48) refuses a column-window subview
where an op compares shapes by the rows a tile has in memory
(:class:`~xdsl_pto.dialects.tile.ptoas_traits.PtoasWholeRows`, on the
targets that rule names) and as the source of a ``pto.treshape`` (a
reshape of the window), even for a one-row window.

As the reference's slice canonicalization does, such a slice with constant
offsets is replaced, before planning, by a ``tile.extract`` of the same
window at the same offsets into a tile of its own (Vec -> Vec,
``pto.textract``). SSA values are immutable, so the copy means what the view
meant; its readers now see a dense tile. :func:`extract_blocker` says why a
slice cannot become one; the lowering names that reason when it refuses the
slice. ``pto-plan-memory`` runs :func:`canonicalize_column_windows` under
every planner, after the composite ops are expanded.
"""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, SSAValue
from xdsl.traits import IsTerminator

from xdsl_pto.dialects.tile.data_ops import EXTRACT_TARGETS, ExtractOp, MoveOp
from xdsl_pto.dialects.tile.ptoas_traits import PtoasWholeRows
from xdsl_pto.dialects.tile.traits import is_pipe_resident, view_source
from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.dialects.tile.view_ops import SliceOp, constant_index


def is_column_window_slice(op: SliceOp) -> bool:
    """True when the 2-D slice ``op`` keeps part of each row of the tile its
    bytes lie in (each column when that tile is column-major): its line
    length differs from the line length in memory."""
    res, mem = op.result.type, op.memory_type()
    assert isinstance(res, TileType)
    if len(res.get_shape()) != 2 or len(mem.get_shape()) != 2:
        return False
    axis = 0 if mem.blayout.data == "col_major" else 1
    return res.get_shape()[axis] != mem.get_shape()[axis]


def extract_blocker(op: SliceOp) -> str | None:
    """Why the slice ``op`` cannot become a ``tile.extract`` (a phrase that
    reads after "it cannot be copied into a tile of its own: "), or None
    when it can: its offsets must be constants, its source in a space
    whose extract writes the slice's own space (Vec), and the slice must
    keep its source's block layout (``pto.textract`` copies element by
    element in that layout)."""
    src, res = op.source.type, op.result.type
    assert isinstance(src, TileType) and isinstance(res, TileType)
    if len(src.get_shape()) != 2 or len(res.get_shape()) != 2:
        return f"tile.extract takes 2-D tiles, and this slice's source is {len(src.get_shape())}-D"
    if any(constant_index(o) is None for o in op.offsets):
        return "its offsets are not constants"
    if res.memory_space not in EXTRACT_TARGETS.get(src.memory_space, ()):
        return f"no tile.extract writes a {res.memory_space.value} window of a {src.memory_space.value} tile"
    if src.blayout != res.blayout:
        return (
            f"its block layout ({res.blayout.data}) differs from its source's ({src.blayout.data}), "
            "and tile.extract keeps the layout"
        )
    return None


def _whole_rows_reader(value: SSAValue, target: str | None) -> bool:
    """True when some user of ``value`` reads it at an operand that
    :class:`PtoasWholeRows` covers on ``target`` (None: only rules that
    hold on every target) -- a loop init or a yield counts as the
    ``tile.move`` init-memref copies a carried window with -- or views it
    as another shape (a reshape: ptoas (v0.48) sizes a ``pto.treshape``
    source by the rows it has in memory, "expects src and dst to have the
    same total byte size"); a slice of it is followed (still a column
    window in memory)."""
    for use in value.uses:
        user = use.operation
        if isinstance(user, SliceOp):
            if _whole_rows_reader(user.result, target):
                return True
            continue
        if view_source(user) is value:
            return True
        if user.regions or user.has_trait(IsTerminator):
            # a loop init or a yield: init-memref copies a column window a
            # region carries into a dense buffer with a tile.move, which the
            # move's rule judges
            rule = MoveOp.get_trait(PtoasWholeRows)
        else:
            rule = user.get_trait(PtoasWholeRows)
            if rule is not None and use.index not in rule.operands:
                continue
        if rule is None:
            continue
        if rule.targets is None or (target is not None and target in rule.targets):
            return True
    return False


def _is_subview(op: SliceOp, ptoas: bool) -> bool:
    """True when the lowering emits ``op`` as a ``pto.subview``: every view
    under planner=ptoas, a view of a pipe-resident (tpop) tile, and a
    window that is not one run of bytes (one baked ``alloc_tile`` cannot
    describe it)."""
    base = op.source
    while isinstance(base.owner, SliceOp):
        base = base.owner.source
    return ptoas or is_pipe_resident(base) or not op.is_contiguous()


def needs_copy(op: SliceOp, ptoas: bool, target: str | None) -> bool:
    """True when the slice ``op`` is a column window that the lowering
    emits as a ``pto.subview`` (:func:`_is_subview`; ``ptoas`` True under
    planner=ptoas) and that is read where ptoas refuses a column window on
    ``target`` (:class:`PtoasWholeRows`, or a reshape of it)."""
    return is_column_window_slice(op) and _is_subview(op, ptoas) and _whole_rows_reader(op.result, target)


def canonicalize_column_windows(module: ModuleOp, ptoas: bool, target: str | None) -> int:
    """Replace each slice of ``module`` that :func:`needs_copy` and that
    :func:`extract_blocker` lets, by a ``tile.extract`` of the same window
    (same offsets, result type, name and location). A slice that cannot be
    replaced is kept: the lowering refuses it with the blocker's reason.

    Args:
        module: the module, before planning (tiles have no MemRef yet).
        ptoas: True under planner=ptoas (every view is a ``pto.subview``).
        target: the backend's name (``a2``, ``a3``, ``a5``) or None.

    Returns:
        How many slices were replaced.
    """
    done = 0
    for op in list(module.walk()):  # a source before its slices: a copied
        # window's own slices are then slices of a dense tile, asked anew
        if not isinstance(op, SliceOp) or not needs_copy(op, ptoas, target) or extract_blocker(op):
            continue
        row, col = op.offsets
        new = ExtractOp.create(operands=[op.source, row, col], result_types=[op.result.type])
        new.result.name_hint = op.result.name_hint
        new.location = op.location
        parent = op.parent_block()
        assert parent is not None
        parent.insert_op_before(new, op)
        op.result.replace_all_uses_with(new.result)
        parent.erase_op(op)
        done += 1
    return done


def why_kept(value: SSAValue) -> str:
    """Why the column-window slice under ``value`` (``value`` itself or the
    source of a chain of views ending in it) was not copied before
    planning, as a clause to append to a lowering refusal -- " (this slice
    stays a view: <blocker>)" -- or "" when no such slice is there or
    nothing blocked the copy."""
    op = value.owner
    while not isinstance(op, SliceOp) or not is_column_window_slice(op):
        source = view_source(op) if not isinstance(op, Block) else None
        if source is None:
            return ""
        op = source.owner
    reason = extract_blocker(op)
    return f" (this slice stays a view: {reason})" if reason else ""
