"""What ptoas (v0.48) accepts, checked where ``convert-tile-to-pto`` emits it.

The rules are declared on the Tile op definitions, one trait family
(:mod:`xdsl_pto.dialects.tile.ptoas_traits`); this module asks them -- all
of an op's rules for the target in :func:`op_problem`, every op of a
function in :func:`check_ptoas_rules`, the one check the lowering runs --
and knows the one type rule ptoas applies to every tile buffer
(:func:`tile_buf_problem`). The lowering refuses, with a located error,
what ptoas would refuse; an elementwise op on column-major tiles is not
refused but run on their transposed views (:func:`transposed`).

A refusal names its rule's source -- ``ptoas (v0.48) ...`` (or
``pto-isa ...``) -- so a reader (and the fuzz campaign) can tell it from the
lowering's own limits; a few op-specific rules quote ptoas's message
instead (``tile.random on a3: the op is only supported on a5 (...)``).
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.ir import Operation, SSAValue

from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.pto.ops import SubviewOp
from xdsl_pto.dialects.pto.types import TileBufType
from xdsl_pto.dialects.tile.ptoas_traits import (
    PTOAS,
    PtoasCheck,
    PtoasRowMajor,
    PtoasWholeRows,
    elements_problem,
    family,
    same_valid_problem,
)
from xdsl_pto.dialects.tile.types import TileType, element_bytes
from xdsl_pto.transforms.slice_windows import why_kept


def _tile_operands(op: Operation) -> list[SSAValue]:
    return [v for v in op.operands if isinstance(v.type, TileType)]


def op_problem(op: Operation, target: str) -> str | None:
    """Why ptoas refuses ``op``'s lowering on ``target`` -- its element type
    (:class:`~xdsl_pto.dialects.tile.ptoas_traits.PtoasElements`), a tile
    it reads or writes row-major that is not and cannot be transposed
    (:class:`~xdsl_pto.dialects.tile.ptoas_traits.PtoasRowMajor`), or an
    op-specific rule (:class:`~xdsl_pto.dialects.tile.ptoas_traits.PtoasCheck`)
    -- or None. (:class:`~xdsl_pto.dialects.tile.ptoas_traits.PtoasWholeRows`
    is a rule on the PTO handles: :func:`whole_rows_problem`.)"""
    reason = elements_problem(op, target)
    if reason is not None:
        return f"{PTOAS} {reason}"
    rule = op.get_trait(PtoasRowMajor)
    if rule is not None and rule.binds(target) and not rule.transposable:
        for i, v in _row_major_values(op, rule):
            if v.type.blayout.data != "row_major":  # type: ignore[attr-defined]
                what = "its result" if i is None else f"operand #{i}"
                return (
                    f"{PTOAS} reads and writes its tiles row-major, but {what} is "
                    f"{v.type.blayout.data}; copy it into a row-major tile first (tile.move)"  # type: ignore[attr-defined]
                )
    reason = same_valid_problem(op)
    if reason is not None:
        return f"{PTOAS} {reason}"
    for check in op.get_traits_of_type(PtoasCheck):
        reason = check.problem(op, target)
        if reason is not None:
            return reason
    return None


def check_ptoas_rules(fn: func.FuncOp, target: str, pass_name: str) -> None:
    """Every op of ``fn`` keeps the ptoas rules it declares on ``target``
    (``a2``, ``a3``, ``a5``): :func:`op_problem` of each op, in program
    order. No op is named here.

    Raises:
        PassError: at the first op that breaks one, e.g. ``convert-tile-to-pto:
            tile.col_sum on a3: ptoas (v0.48) takes it for f32, f16, i16, i32
            elements only, not bf16``.
    """
    for op in fn.walk():
        problem = op_problem(op, target)
        if problem is not None:
            raise PassError(f"{pass_name}: {op.name} on {target}: {problem}", op)


def _row_major_values(op: Operation, rule: PtoasRowMajor) -> list[tuple[int | None, SSAValue]]:
    """The (operand index or None for the result, value) pairs ``rule``
    names, tile values only (an absent optional operand is skipped)."""
    out: list[tuple[int | None, SSAValue]] = [
        (i, op.operands[i]) for i in rule.operands if i < len(op.operands) and isinstance(op.operands[i].type, TileType)
    ]
    if rule.result and op.results and isinstance(op.results[0].type, TileType):
        out.append((None, op.results[0]))
    return out


def transposed(op: Operation, target: str) -> list[int | None] | None:
    """Which values of ``op`` the lowering runs on transposed views: the
    operand indices (None: the result) of a transposable
    :class:`PtoasRowMajor` op on ``target`` whose tiles are column-major;
    None when nothing is transposed.

    Raises:
        ValueError: when some of those tiles are column-major and others are
            not, or their shapes differ (no one transposition fits them all),
            with the reason.
    """
    rule = op.get_trait(PtoasRowMajor)
    if rule is None or not rule.transposable or not rule.binds(target):
        return None
    values = _row_major_values(op, rule)
    cols = [v.type.blayout.data == "col_major" for _, v in values]  # type: ignore[attr-defined]
    if not any(cols):
        return None
    shapes = {tuple(v.type.get_shape()) for _, v in values}  # type: ignore[attr-defined]
    if not all(cols) or len(shapes) != 1:
        raise ValueError(
            f"{PTOAS} reads and writes its tiles row-major; column-major tiles run "
            "on their transposed views, but here some tiles are column-major and others are "
            "not (or their shapes differ), so no one transposition fits: copy them into tiles "
            "of one layout first (tile.move)"
        )
    return [i for i, _ in values]


def is_column_window(handle: SSAValue) -> bool:
    """True when ``handle`` is a ``pto.subview`` (of a subview ...) that
    keeps part of each row of the tile under it (each column of a
    column-major one): its rows are shorter in memory than they look."""
    while isinstance(handle.owner, SubviewOp):
        src, view = handle.owner.operands[0].type, handle.type
        assert isinstance(src, TileBufType) and isinstance(view, TileBufType)
        line = (lambda b: b.cols) if view.blayout == "row_major" else (lambda b: b.rows)
        if line(view) != line(src):
            return True
        handle = handle.owner.operands[0]
    return False


def whole_rows_problem(op: Operation, target: str, handles: list[SSAValue], out: SSAValue) -> str | None:
    """Why ptoas refuses ``op`` (:class:`PtoasWholeRows`) lowered with the
    PTO ``handles`` of its operands and ``out`` of its result: one of them
    is a column window (:func:`is_column_window`); None otherwise."""
    rule = op.get_trait(PtoasWholeRows)
    if rule is None or not rule.binds(target):
        return None
    named = [(f"operand #{i}", handles[i], op.operands[i]) for i in rule.operands]
    named.append(("its result", out, None))
    for what, h, value in named:
        if is_column_window(h):
            kept = why_kept(value) if value is not None else ""
            return (
                f"{PTOAS} compares {what}'s shape by the rows it has in memory, and it is a "
                "column window (a pto.subview keeping part of each row of the tile under it); "
                f"slice whole rows, or compute the window into a tile of its own first{kept}"
            )
    return None


def transposed_a5_move(target: str, src: SSAValue, dst: SSAValue) -> bool:
    """True when a ``tmov`` from handle ``src`` to ``dst`` must run on their
    transposed views (:func:`transposed_buf`): ptoas (v0.48) on a5 refuses a
    Vec tmov of column-major tiles one of which has a runtime valid shape (a
    region slot, ``v_row=?``: "'pto.set_validshape' op requires a locally
    bound tile source") and takes the same copy of their row-major views."""
    s, d = src.type, dst.type
    if family(target) != "a5" or not (isinstance(s, TileBufType) and isinstance(d, TileBufType)):
        return False
    return (
        s.loc == d.loc == "vec"
        and s.blayout == d.blayout == "col_major"
        and s.slayout == d.slayout == "none_box"
        and (s.rows, s.cols) == (d.rows, d.cols)
        and (s.has_dynamic_valid_shape or d.has_dynamic_valid_shape)
    )


_FLIP = {"row_major": "col_major", "col_major": "row_major", "none_box": "none_box"}


def transposed_buf(buf: TileBufType) -> TileBufType:
    """The same bytes seen transposed: ``[cols, rows]``, valid extents
    swapped, row_major block layout, the stripe layout flipped (none_box
    stays)."""
    return TileBufType(
        buf.loc,
        buf.dtype,
        buf.cols,
        buf.rows,
        buf.v_col,
        buf.v_row,
        blayout=_FLIP[buf.blayout],
        slayout=_FLIP[buf.slayout],
        fractal=buf.fractal,
        pad=buf.pad,
    )


def tile_buf_problem(t: TileType, buf: TileBufType) -> str | None:
    """ptoas's rule for a boxed tile buffer (``slayout`` not ``none_box``):
    its rows and columns are whole fractal boxes -- a box is 16 rows of
    ``fractal / 16`` bytes (row_major stripes) or the transpose
    (col_major) -- except that a Vec tile, a one-row tile or a 32-byte
    fractal may have a partial box of rows. None when the buffer is fine."""
    if buf.slayout == "none_box" or buf.fractal == 32:
        return None
    width = element_bytes(t.element_type)
    across = buf.fractal // (16 * width)
    if across <= 0:
        return f"{PTOAS} has no boxed layout of fractal {buf.fractal} for {t.element_type}"
    inner_rows, inner_cols = (16, across) if buf.slayout == "row_major" else (across, 16)
    if buf.loc != "vec" and buf.rows != 1 and buf.rows % inner_rows:
        return (
            f"{PTOAS} needs a boxed {buf.loc} tile's rows to be a multiple of {inner_rows}, "
            f"got {buf.rows}"
        )
    if buf.cols % inner_cols:
        return (
            f"{PTOAS} needs a boxed {buf.loc} tile's columns to be a multiple of {inner_cols}, "
            f"got {buf.cols}"
        )
    return None


__all__ = [
    "PTOAS",
    "check_ptoas_rules",
    "family",
    "is_column_window",
    "op_problem",
    "tile_buf_problem",
    "transposed",
    "transposed_a5_move",
    "transposed_buf",
    "whole_rows_problem",
]
