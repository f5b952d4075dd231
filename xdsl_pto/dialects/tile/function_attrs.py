"""Function-level Tile attributes.

``tile.split_mode = N : i64`` on a ``func.func`` says how the vector (AIV)
kernel splits a cross-core tile between its two lanes, coded as pto-isa's
``TileSplitAxis`` (the same code as the ``split`` of ``tile.tpop_*``):
0 no split, 1 up-down, 2 left-right, 3 / 4 the same over an odd extent.
Absent means 0. Seed 002 gates the Ascend910 load + tpop hazard on a split
vector function.

Set by the pypto importer (``xdsl-pto import-pypto``):

* ``tile.function_kind = "aic" | "aiv" | "group"`` (:data:`FUNCTION_KIND`):
  the reference's ``pl.FunctionType``. ``aic`` lowers to a cube kernel,
  ``aiv`` to a vector kernel; a ``group`` function holds no tile ops, only
  ``func.call`` of its aic/aiv functions and ``func.return``, and becomes the
  ptoas entry (``attributes {pto.entry}``).
* ``tile.func_attrs = {...}`` (:data:`FUNC_ATTRS`): the reference's
  ``pl.func_attr({...})`` dictionary (e.g. ``dual_aiv_dispatch = true``),
  kept for information; not lowered.
* ``tile.out`` (:data:`OUT_ARG`, a unit attribute in the ``arg_attrs`` of
  ``func.func``) on a ``pl.Out[...]`` parameter; not lowered.
* ``tile.inout`` (:data:`INOUT_ARG`, likewise) on a ``pl.InOut[...]``
  parameter: the kernel reads and writes it; not lowered.
* ``tile.distributed`` (:data:`DISTRIBUTED_ARG`, a unit attribute in the
  ``arg_attrs``) on a ``pld.DistributedTensor[...]`` parameter: this rank's
  slice of a communication window, whose peers' copies ``tile.notify`` /
  ``tile.remote_load`` reach. The lowering gives each such parameter, in
  parameter order, one trailing ``!pto.ptr<i64>`` communication-context
  parameter (tile-op-semantics.md section 11, "Distributed tensors").
* ``tile.dynamic_dims = ["N", ...]`` (:data:`DYNAMIC_DIMS`, an array of
  strings in the ``arg_attrs``) on a GM tensor with dynamic extents
  (``memref<?x5120xbf16>``): each ``?`` extent, in order, as a dynamic name
  (``"N"``) or the text of an expression over such names
  (``"N * 2"``, :mod:`~xdsl_pto.dialects.tile.dim_expr`). One name is one
  runtime value: the lowering gives each distinct free name one trailing
  ``index`` parameter in first-use order and computes an expression from them
  (tile-op-semantics.md section 11, "Dynamic dims"); an unnamed ``?`` gets a
  parameter of its own.

``convert-tile-to-pto`` drops these (ptoas does not know them).
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import ArrayAttr, IntegerAttr, MemRefType, StringAttr

SPLIT_MODE = "tile.split_mode"
SPLIT_CODES = range(0, 5)

#: ``func.func`` attribute: the reference's function type.
FUNCTION_KIND = "tile.function_kind"
#: The values of :data:`FUNCTION_KIND`.
FUNCTION_KINDS = ("aic", "aiv", "group")
#: ``func.func`` attribute: the reference's ``pl.func_attr({...})``.
FUNC_ATTRS = "tile.func_attrs"
#: Argument attribute (in ``arg_attrs``) of a ``pl.Out[...]`` parameter.
OUT_ARG = "tile.out"
#: Argument attribute of a ``pl.InOut[...]`` parameter (read and written).
INOUT_ARG = "tile.inout"
#: Argument attribute of a ``pld.DistributedTensor[...]`` parameter.
DISTRIBUTED_ARG = "tile.distributed"
#: Argument attribute: the names of a GM tensor's dynamic (``?``) extents.
DYNAMIC_DIMS = "tile.dynamic_dims"


def dynamic_dim_names(fn: func.FuncOp, index: int) -> list[str | None]:
    """The ``tile.dynamic_dims`` texts (a name or an expression over names)
    of the ``?`` extents of ``fn``'s argument ``index`` (a memref), in
    order; None for each extent :data:`DYNAMIC_DIMS` does not
    name (the attribute is absent, shorter, or not an array of strings)."""
    t = fn.function_type.inputs.data[index]
    count = sum(1 for d in t.get_shape() if d < 0) if isinstance(t, MemRefType) else 0
    names: list[str | None] = [None] * count
    if fn.arg_attrs is not None and index < len(fn.arg_attrs.data):
        attr = fn.arg_attrs.data[index].data.get(DYNAMIC_DIMS)
        if isinstance(attr, ArrayAttr):
            for i, a in enumerate(attr.data[:count]):
                if isinstance(a, StringAttr):
                    names[i] = a.data
    return names


def is_distributed(fn: func.FuncOp, index: int) -> bool:
    """True when ``fn``'s argument ``index`` carries :data:`DISTRIBUTED_ARG`."""
    if fn.arg_attrs is None or index >= len(fn.arg_attrs.data):
        return False
    return DISTRIBUTED_ARG in fn.arg_attrs.data[index].data


def split_mode(fn: func.FuncOp) -> int:
    """``fn``'s split code (0 when absent).

    Raises:
        ValueError: when the attribute is not an integer in 0..4 (the
            message says what it is).
    """
    attr = fn.attributes.get(SPLIT_MODE)
    if attr is None:
        return 0
    if not isinstance(attr, IntegerAttr) or attr.value.data not in SPLIT_CODES:
        raise ValueError(f"{SPLIT_MODE} must be an integer 0..4 (pto-isa TileSplitAxis), got {attr}")
    return attr.value.data


def function_kind(fn: func.FuncOp) -> str | None:
    """``fn``'s :data:`FUNCTION_KIND` (``"aic"``, ``"aiv"``, ``"group"``) or
    None when absent.

    Raises:
        ValueError: for any other value (the message says what it is).
    """
    attr = fn.attributes.get(FUNCTION_KIND)
    if attr is None:
        return None
    if not isinstance(attr, StringAttr) or attr.data not in FUNCTION_KINDS:
        raise ValueError(f'{FUNCTION_KIND} must be "aic", "aiv" or "group", got {attr}')
    return attr.data
