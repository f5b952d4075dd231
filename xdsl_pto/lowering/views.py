"""Views a lowered function emits as PTO ops: a view whose source has no
address to give it an ``alloc_tile`` of its own (a tpop tile, or any tile
under ptoas) is a ``pto.subview`` (slice) or ``pto.treshape`` (reshape) of
its source's handle (:func:`lower_unplaced_view`; a slice of a reshape:
:func:`lower_slice_of_reshape`), and the transposed row-major views an
elementwise op on column-major tiles runs on (:func:`transposed_view`).
"""

from __future__ import annotations

from xdsl.ir import Operation, SSAValue

from xdsl_pto.backends import ALLOC_ALIGN
from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.pto.dps import TReshapeOp
from xdsl_pto.dialects.pto.ops import SubviewOp
from xdsl_pto.dialects.pto.types import TileBufType
from xdsl_pto.dialects.tile.traits import is_pipe_resident
from xdsl_pto.dialects.tile.types import TileType, element_bytes
from xdsl_pto.dialects.tile.view_ops import ReinterpretViewOp, ReshapeOp, SliceOp, TransposeViewOp
from xdsl_pto.lowering.ptoas_form import transposed, transposed_buf
from xdsl_pto.lowering.tile_buf import runtime_valid, tile_buf_type
from xdsl_pto.lowering.state import PASS, FunctionLowering, insert_before
from xdsl_pto.transforms.slice_windows import why_kept


def lower_unplaced_view(fl: FunctionLowering, op: Operation, src: SSAValue) -> None:
    """A view whose source has no address to give the view an
    ``alloc_tile`` of its own (a pipe-resident tile, or any tile under
    ptoas): ``pto.subview`` of the source's handle for a slice (a 1-D
    slice at row 0), the view form of ``pto.treshape`` for a reshape.

    Raises:
        PassError: for a slice whose layout differs from its source's
            (``pto.subview`` keeps the layout) or that starts off a
            32-byte boundary, a reshape of a strided slice, or another
            kind of view.
    """
    res = op.results[0]
    assert isinstance(res.type, TileType) and isinstance(src.type, TileType)
    src_buf, res_buf = tile_buf_type(src.type), tile_buf_type(res.type)
    new: Operation
    if isinstance(op, SliceOp):
        for key in LAYOUT_FIELDS:
            if getattr(src_buf, key) != getattr(res_buf, key):
                raise PassError(
                    f"{PASS}: a slice of {unplaced(fl, src)} is a pto.subview, which keeps "
                    f"its source's layout, but this one has {key}={getattr(res_buf, key)} "
                    f"where the source has {key}={getattr(src_buf, key)}; a layout-changing "
                    f"view of {unplaced(fl, src)} is not supported yet (copy it with "
                    f"tile.move first){why_kept(res)}",
                    op,
                )
        window = op.byte_window()
        if window is not None and window[0] % ALLOC_ALIGN:
            raise PassError(
                f"{PASS}: this view starts at byte {window[0]} of its {unplaced(fl, src, 'source')}, not on a "
                f"{ALLOC_ALIGN}-byte boundary; PTO tiles start 32-byte aligned, so "
                "unaligned views are not supported",
                op,
            )
        if runtime_valid(res.type) is not None:
            raise PassError(
                f"{PASS}: this slice's valid shape has a 0 (an idle lane's tile), which "
                "ptoas (v0.48) cannot give a pto.subview: a constant valid extent must be a "
                "static result type, and a static 0 valid shape does not compile; slice the "
                "tile where its valid shape is known, or use the whole tile",
                op,
            )
        if isinstance(fl.handle[src].owner, TReshapeOp):
            lower_slice_of_reshape(fl, op, res_buf)
            return
        offsets = list(op.offsets)
        if len(offsets) == 1:
            offsets.insert(0, fl.pro.const(0, "index"))
        rows, cols = fl.pro.valid_operands(res_buf, runtime_valid(res.type))
        new = SubviewOp(
            fl.handle[src], offsets, (res_buf.rows, res_buf.cols), res_buf, valid_row=rows, valid_col=cols
        )
    elif isinstance(op, ReinterpretViewOp | TransposeViewOp):  # issue 23: the same bytes, another type
        new = treshape_view(fl, fl.handle[src], res_buf, op)
    elif isinstance(op, ReshapeOp):
        inner = src.owner
        if isinstance(inner, SliceOp) and not inner.is_contiguous():
            raise PassError(
                f"{PASS}: {op.name} of a strided view (its rows are not one run of bytes) "
                "is not supported; copy it with tile.move first",
                op,
            )
        new = treshape_view(fl, fl.handle[src], res_buf, op)
    else:
        raise PassError(f"{PASS}: no PTO lowering for '{op.name}' of {unplaced(fl, src)} yet", op)
    new.results[0].name_hint = res.name_hint
    insert_before(new, op)
    fl.handle[res] = new.results[0]


def lower_slice_of_reshape(fl: FunctionLowering, op: SliceOp, res_buf: TileBufType) -> None:
    """A slice of a reshaped tile (a ``pto.treshape`` handle): ptoas
    (v0.48) takes no ``pto.subview`` of a ``pto.treshape`` ("subview
    source must be lowered to memref first"), so the slice becomes a
    ``pto.subview`` of the tile the reshapes start from -- its bytes
    are whole rows there (whole columns of a column-major tile; part of
    a row would be a column window, which several ops refuse, see
    :class:`~xdsl_pto.dialects.tile.ptoas_traits.PtoasWholeRows`) --
    and, when that window has another shape, a ``pto.treshape`` of it.

    Raises:
        PassError: for a slice with a dynamic offset or a runtime valid
            shape, one that is not one run of bytes, or a run that is
            no such window of the tile the reshapes start from.
    """
    res = op.results[0]
    base = fl.handle[op.source]
    while isinstance(base.owner, TReshapeOp):
        base = base.owner.operands[0]
    whole = base.type
    assert isinstance(whole, TileBufType)
    window = op.byte_window()
    at = None
    if window is not None and op.is_contiguous() and not whole.has_dynamic_valid_shape:
        width = element_bytes(res_buf.dtype)
        at = _run_window(window[0] // width, window[1] // width, whole)
    if at is None or runtime_valid(res.type) is not None:
        raise PassError(
            f"{PASS}: ptoas (v0.48) takes no pto.subview of a reshaped tile (pto.treshape), "
            "and this slice of a reshape is not whole rows of the tile the reshape views; "
            "slice before reshaping, or copy the reshaped tile with tile.move first",
            op,
        )
    (row, col), (rows, cols) = at
    sub_buf = TileBufType(
        whole.loc, whole.dtype, rows, cols, rows, cols,
        blayout=whole.blayout, slayout=whole.slayout, fractal=whole.fractal, pad=whole.pad,
    )
    offsets = [fl.pro.const(row, "index"), fl.pro.const(col, "index")]
    new: Operation = SubviewOp(base, offsets, (rows, cols), sub_buf)
    insert_before(new, op)
    if sub_buf != res_buf:
        new = treshape_view(fl, new.results[0], res_buf, op)
        insert_before(new, op)
    new.results[0].name_hint = res.name_hint
    fl.handle[res] = new.results[0]


#: Why a view becomes a ``pto.treshape``, and what to do instead when
#: ptoas refuses it (:func:`treshape_view`).
_UNPLACED = (
    "a view of a tile with no address of its own (planner=ptoas, or a tpop tile) is a pto.treshape",
    "plan with planner=pypto or dsa_rp (the view is then an alloc_tile at its source's address), "
    "or load the data in the element type it is read as",
)
_TRANSPOSED = (
    "its column-major tiles run on transposed row-major views (pto.treshape)",
    "give it row-major tiles",
)


def treshape_view(
    fl: FunctionLowering, handle: SSAValue, buf: TileBufType, op: Operation, why: tuple[str, str] = _UNPLACED
) -> TReshapeOp:
    """``%v = pto.treshape %handle : T -> buf`` for the tile op ``op``
    (not inserted), when ptoas takes it
    (:meth:`~xdsl_pto.dialects.pto.dps.TReshapeOp.ptoas_refusal`);
    ``why``: why the lowering needs the treshape and what to do instead.

    Raises:
        PassError: at ``op`` when ptoas refuses that treshape (a packed fp4
            tile on either side), e.g. ``convert-tile-to-pto:
            tile.reinterpret_view on a5: a view of a tile with no address
            of its own (...) is a pto.treshape, and ptoas (v0.48) takes no
            !pto.f4E2M1x2 tile in pto.treshape (...); plan with ...``.
    """
    src = handle.type
    assert isinstance(src, TileBufType)
    reason = TReshapeOp.ptoas_refusal(src, buf)
    if reason is not None:
        target = fl.backend.name if fl.backend is not None else "this target"
        raise PassError(f"{PASS}: {op.name} on {target}: {why[0]}, and {reason}; {why[1]}", op)
    return TReshapeOp.view(handle, buf)


def unplaced(fl: FunctionLowering, src: SSAValue, noun: str = "result") -> str:
    """How error messages name the source of an unplaced view."""
    if is_pipe_resident(src):
        return "tpop tile" if noun == "source" else "a tpop result"
    if fl.addressed:  # a strided window: no one run of bytes for an alloc_tile
        return "source tile (a strided window)" if noun == "source" else "a tile (a strided window)"
    return "source tile (planner=ptoas)" if noun == "source" else "a tile under planner=ptoas"


def transposed_operands(fl: FunctionLowering, op: Operation) -> list[int | None]:
    """The values of ``op`` (operand indices, None for the result) to
    give ptoas as transposed row-major views (see
    :func:`.ptoas_form.transposed`).

    Raises:
        PassError: for column-major tiles no one transposition fits.
    """
    assert fl.backend is not None
    try:
        return transposed(op, fl.backend.name) or []
    except ValueError as err:
        raise PassError(f"{PASS}: {op.name} on {fl.backend.name}: {err}", op) from None


def transposed_view(fl: FunctionLowering, handle: SSAValue, before: Operation) -> SSAValue:
    """``%t = pto.treshape %h : T -> T'`` right before ``before``: the
    handle's bytes as the transposed, row-major tile."""
    buf = handle.type
    assert isinstance(buf, TileBufType)
    view = treshape_view(fl, handle, transposed_buf(buf), before, _TRANSPOSED)
    if handle.name_hint:
        view.results[0].name_hint = f"{handle.name_hint}_t"
    insert_before(view, before)
    return view.results[0]


def _run_window(start: int, count: int, whole: TileBufType) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """((row, col), (rows, cols)) of the window of an unboxed ``whole`` tile
    that holds its elements ``start .. start + count - 1`` (in memory
    order) when they are whole rows of a row-major tile or whole columns
    of a column-major one; None otherwise (or when ``whole`` is boxed)."""
    if whole.slayout != "none_box" or count <= 0:
        return None
    line = whole.cols if whole.blayout == "row_major" else whole.rows
    lines = whole.rows if whole.blayout == "row_major" else whole.cols
    first, rest = divmod(start, line)
    if rest or count % line or first + count // line > lines:
        return None
    if whole.blayout == "row_major":
        return (first, 0), (count // line, line)
    return (0, first), (line, count // line)


#: The tile_buf fields that describe how a tile's elements are laid out.
LAYOUT_FIELDS = ("blayout", "slayout", "fractal", "pad")


def same_layout(a: TileBufType, b: TileBufType) -> bool:
    """True when ``a`` and ``b`` lay their elements out alike."""
    return all(getattr(a, f) == getattr(b, f) for f in LAYOUT_FIELDS)


__all__ = [
    "LAYOUT_FIELDS",
    "lower_slice_of_reshape",
    "lower_unplaced_view",
    "same_layout",
    "transposed_operands",
    "transposed_view",
    "unplaced",
]
