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

``convert-tile-to-pto`` drops these three (ptoas does not know them).
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import IntegerAttr, StringAttr

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
