"""Semantics of issue 23's views, assembly and cross-core moves
(reference/tile-op-semantics.md section 9):

* ``reinterpret_view``: the source's bytes in its memory order, read as the
  result's element type and laid out in the result's memory order (a 4-bit
  side packed two per byte, :func:`~.dtypes.pack_nibbles`);
* ``transpose_view``: ``x.T`` (the flipped layout keeps the bytes where
  they are);
* ``set_validshape``: the same data; the executors record its operands as
  the result's runtime valid extents (:func:`runtime_valid_after`), which
  later ops that honour valid regions read in place of a ``?``;
* ``assemble``: ``target`` with ``source`` written at ``(row, col)``
  (converted, round half to even, on the Acc -> Mat path);
* ``concat``: ``dst[:, :VC0] = a[:, :VC0]``, ``dst[:, VC0:VC0+VC1] =
  b[:, :VC1]``, every other element undefined (the poison pattern);
* ``aiv_shard``: the run is vector lane 0 (as ``tile.get_subblock_idx``
  gives), which takes the first half along the split axis (the sheet's
  presumption, unconfirmed), converted to the result's element type;
* ``aic_gather``: lane 0's tile first, then lane 1's; the run models lane 0
  only and takes lane 1's tile to be the same (our choice: the other lane
  runs the same program on the same inputs).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from xdsl.ir import Operation, SSAValue

from xdsl_pto.dialects.tile import assembly_ops as asm
from xdsl_pto.dialects.tile import cross_core_ops as cross
from xdsl_pto.dialects.tile import view_ops as view
from xdsl_pto.dialects.tile.traits import must_alias_source
from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.dialects.tile.valid_flow import NoExtentSource, Operand, Scaled, extent_sources, scaled
from xdsl_pto.interp.dtypes import is_packed, pack_nibbles, poison, unpack_nibbles
from xdsl_pto.interp.errors import DataRangeError, InterpError
from xdsl_pto.interp.opinfo import OpMeta
from xdsl_pto.interp.provenance import describe_value
from xdsl_pto.interp.rounding import convert
from xdsl_pto.interp.semantics import semantics, window
from xdsl_pto.interp.valid_region import result_spec


def _operand(meta: OpMeta, i: int):
    spec = meta.operands[i]
    assert spec is not None
    return spec


@semantics(view.ReinterpretViewOp)
def reinterpret_view(meta: OpMeta, src: np.ndarray) -> np.ndarray:
    """The source's bytes (in its memory order) as the result's elements."""
    res, spec = result_spec(meta), _operand(meta, 0)
    if is_packed(src.dtype):  # two 4-bit elements per byte, along the last axis (row-major)
        src = pack_nibbles(src)
    flat = np.ascontiguousarray(src.ravel(order="F" if spec.col_major else "C"))
    if is_packed(res.dtype):
        return unpack_nibbles(flat.view(np.uint8).reshape(*res.shape[:-1], res.shape[-1] // 2), res.dtype)
    return flat.view(res.dtype).reshape(res.shape, order="F" if res.col_major else "C").copy()


@semantics(view.TransposeViewOp)
def transpose_view(meta: OpMeta, src: np.ndarray) -> np.ndarray:
    """``src.T``."""
    return np.ascontiguousarray(src.T)


@semantics(view.SetValidShapeOp)
def set_validshape(meta: OpMeta, src: np.ndarray, rows: int, cols: int) -> np.ndarray:
    """The same data (the new extents are checked where they are recorded,
    :func:`runtime_valid_after`)."""
    return src.copy()


@semantics(asm.AssembleOp)
def assemble(meta: OpMeta, target: np.ndarray, source: np.ndarray, row: int, col: int) -> np.ndarray:
    """``target`` with ``source`` (converted to the target's type) at ``(row, col)``.

    Raises:
        InterpError: when the window leaves the target (a runtime offset).
    """
    out = target.copy()
    rows, cols = source.shape
    for o, n, d in zip((row, col), source.shape, target.shape):
        if o < 0 or o + n > d:
            raise DataRangeError(f"tile.assemble: window [{o}, {o + n}) exceeds the target's {d} elements")
    out[row : row + rows, col : col + cols] = convert(source, out.dtype)
    return out


@semantics(asm.ConcatOp)
def concat(meta: OpMeta, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The two sources' valid columns side by side, every row."""
    res = result_spec(meta)
    va, vb = _operand(meta, 0).valid[1], _operand(meta, 1).valid[1]
    out = poison(res.shape, res.dtype).copy()
    out[:, :va] = a[:, :va]
    out[:, va : va + vb] = b[:, :vb]
    return out


def _split(op: Operation) -> int | None:
    split, _ = cross.pipe_attrs(op)
    return cross.shard_axis(split)


@semantics(cross.AivShardOp)
def aiv_shard(meta: OpMeta, src: np.ndarray) -> np.ndarray:
    """Lane 0's part: the first half along the split axis (all of it for
    ``split = 0``), converted to the result's element type."""
    res = result_spec(meta)
    return convert(window(src, (0, 0), res.shape, "tile.aiv_shard"), res.dtype)


@semantics(cross.AicGatherOp)
def aic_gather(meta: OpMeta, src: np.ndarray) -> np.ndarray:
    """Lane 0's tile then lane 1's (taken equal to lane 0's) along the split
    axis; ``split = 0`` passes the tile on."""
    axis = _split(meta.op)
    return src.copy() if axis is None else np.concatenate([src, src], axis=axis)


def runtime_valid_after(op: Operation, args: Sequence[object], known: dict[SSAValue, tuple[int, ...]]) -> None:
    """Record in ``known`` the runtime valid extents of ``op``'s tile results
    whose types have a ``?`` extent, by the rules of
    :func:`~xdsl_pto.dialects.tile.valid_flow.extent_sources`: an ``index``
    operand's value (``args``: the operands as the semantics take them), an
    operand tile's recorded extent, or a reshape's scaled count; the
    result of a view or an in-place op of the same shape shares its
    source's extents. The executors call it before running ``op``, whose
    semantics then see the result's extents.

    Raises:
        InterpError: an extent outside ``[0, dimension]``, or a ``?`` result
            whose extents nothing gives.
    """
    for r in op.results:
        t = r.type
        if not isinstance(t, TileType) or not t.has_dynamic_valid:
            continue
        src = must_alias_source(op)
        if src is not None and src in known and src.type.get_shape() == t.get_shape() and not isinstance(  # type: ignore[attr-defined]
            op, view.SetValidShapeOp
        ):
            known[r] = known[src]
            continue
        try:
            sources = extent_sources(r)
        except NoExtentSource as e:
            raise InterpError(str(e)) from None
        extents: list[int] = []
        for axis, (how, bound) in enumerate(zip(sources, t.get_valid_shape())):
            if how is None:
                extents.append(bound)
            elif isinstance(how, Operand):
                extents.append(int(args[list(op.operands).index(how.value)]))  # type: ignore[call-overload]
            else:
                base = known.get(how.tile)
                if base is None:
                    raise InterpError(
                        f"{describe_value(how.tile)} has a runtime valid extent ('?') that no op gave"
                    )
                v = base[how.axis]
                try:
                    extents.append(scaled(v, how) if isinstance(how, Scaled) else v)
                except NoExtentSource as e:
                    raise InterpError(str(e)) from None
        for axis, (v, n) in enumerate(zip(extents, t.get_shape())):
            if not 0 <= v <= n:
                raise DataRangeError(f"valid extent {v} on axis {axis} is outside [0, {n}]")
        known[r] = tuple(extents)
