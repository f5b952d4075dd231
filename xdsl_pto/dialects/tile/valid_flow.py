"""Where a runtime valid extent (``?`` in ``valid = ?x256``) comes from.

A tile type says only that an extent is a runtime value; which value it is
follows from the op that made the tile (issue 24: the real kernels load a
tile whose valid rows are ``min(n - i, 8)`` and carry that extent through
casts, products, row sums, reshapes and broadcasts to the store):

* an op with explicit extents -- ``tile.load ... valid [%r, %c]``,
  ``tile.set_validshape %t, %r, %c`` -- names one ``index`` operand per
  dimension (their ``runtime_valid_extents()``);
* ``tile.reshape`` keeps the number of valid elements, which must be a
  leading run of the tile in row-major order on both sides: every axis but
  one ``?`` axis fully valid (``[8, 1]`` valid ``?x1`` -> ``[1, 8]`` valid
  ``1x?``: the same count); the result's ``?`` extent is that count over
  the product of its other dimensions (:class:`Scaled`);
* every other op takes a ``?`` result extent from its first tile operand
  with a ``?`` on the same axis and the same dimension there: the
  reference's result rule (tile-op-semantics.md section 0: an elementwise
  result has its first operand's valid shape; a row reduction keeps its
  rows, a column reduction its columns; a cast, a fill or a broadcast of a
  row or column keeps the first operand's).

The interpreter (:mod:`xdsl_pto.interp.semantics_views`) and the PTO
lowering (:mod:`xdsl_pto.lowering.valid_extents`) both ask
:func:`extent_sources`, so a run and the lowered kernel agree on every
extent.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.ir import Operation, SSAValue

from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.dialects.tile.view_ops import ReshapeOp


@dataclass(frozen=True)
class Operand:
    """The extent is the ``index`` value ``value``."""

    value: SSAValue


@dataclass(frozen=True)
class SameAxis:
    """The extent is tile ``tile``'s valid extent on axis ``axis``."""

    tile: SSAValue
    axis: int


@dataclass(frozen=True)
class Scaled:
    """The extent is ``tile``'s valid extent on ``axis`` times ``mul``
    divided by ``div`` (a reshape: ``mul`` the product of the source's other
    dimensions, ``div`` the result's)."""

    tile: SSAValue
    axis: int
    mul: int
    div: int


Source = Operand | SameAxis | Scaled


class NoExtentSource(Exception):
    """A ``?`` extent no rule gives (the message says which and why)."""


def extent_sources(result: SSAValue) -> tuple[Source | None, ...]:
    """Per dimension of ``result`` (a tile whose type has a ``?`` extent),
    where its valid extent comes from; None for a static extent.

    Raises:
        NoExtentSource: for a ``?`` extent no rule gives (a block argument,
            a reshape that is no leading run, an op whose tile operands have
            no ``?`` on that axis).
    """
    t = result.type
    assert isinstance(t, TileType)
    dyn = t.dynamic_valid()
    op = result.owner
    if not isinstance(op, Operation):
        raise NoExtentSource(
            "a loop's iter_arg or a function argument has a runtime valid extent ('?'), which no op gives"
        )
    explicit = getattr(op, "runtime_valid_extents", None)
    named = explicit() if explicit is not None else None
    if named is not None:
        return tuple(Operand(v) if d else None for v, d in zip(named, dyn))
    if isinstance(op, ReshapeOp):
        return _reshape_sources(op, t)
    out: list[Source | None] = []
    for axis, d in enumerate(dyn):
        if not d:
            out.append(None)
            continue
        src = next(
            (
                v
                for v in op.operands
                if isinstance(v.type, TileType)
                and len(v.type.get_shape()) == len(dyn)
                and v.type.dynamic_valid()[axis]
                and v.type.get_shape()[axis] == t.get_shape()[axis]
            ),
            None,
        )
        if src is None:
            raise NoExtentSource(
                f"the result of {op.name} has a runtime valid extent ('?') on axis {axis}, "
                "which no tile operand of the same dimension has"
            )
        out.append(SameAxis(src, axis))
    return tuple(out)


def _leading_run_axis(t: TileType) -> int | None:
    """The one ``?`` axis of ``t`` when every other axis is fully valid
    (its valid elements are then a leading run in row-major order only if
    the ``?`` axis is the first one that is not 1; see :func:`_reshape_sources`)."""
    dyn = t.dynamic_valid()
    if sum(dyn) != 1:
        return None
    axis = dyn.index(True)
    shape, valid = t.get_shape(), t.get_valid_shape()
    if any(valid[i] != shape[i] for i in range(len(shape)) if i != axis):
        return None
    if any(shape[i] != 1 for i in range(axis)):
        return None
    return axis


def _reshape_sources(op: ReshapeOp, t: TileType) -> tuple[Source | None, ...]:
    s = op.source.type
    assert isinstance(s, TileType)
    sa, ra = _leading_run_axis(s), _leading_run_axis(t)
    if sa is None or ra is None:
        raise NoExtentSource(
            "tile.reshape of a runtime valid shape ('?') keeps its valid elements only when they are a "
            "leading run on both sides: one '?' axis, every axis before it of size 1, every other "
            "axis fully valid"
        )
    mul = 1
    for i, n in enumerate(s.get_shape()):
        if i != sa:
            mul *= n
    div = 1
    for i, n in enumerate(t.get_shape()):
        if i != ra:
            div *= n
    return tuple(Scaled(op.source, sa, mul, div) if i == ra else None for i in range(len(t.get_shape())))


def scaled(extent: int, src: Scaled) -> int:
    """A :class:`Scaled` extent's value from its tile's extent.

    Raises:
        NoExtentSource: when the count does not fill whole result rows.
    """
    count = extent * src.mul
    if count % src.div:
        raise NoExtentSource(
            f"tile.reshape: {count} valid elements are not a whole number of rows of {src.div}"
        )
    return count // src.div


__all__ = ["NoExtentSource", "Operand", "SameAxis", "Scaled", "Source", "extent_sources", "scaled"]
