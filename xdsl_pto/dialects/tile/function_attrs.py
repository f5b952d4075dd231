"""Function-level Tile attributes.

``tile.split_mode = N : i64`` on a ``func.func`` says how the vector (AIV)
kernel splits a cross-core tile between its two lanes, coded as pto-isa's
``TileSplitAxis`` (the same code as the ``split`` of ``tile.tpop_*``):
0 no split, 1 up-down, 2 left-right, 3 / 4 the same over an odd extent.
Absent means 0. Seed 002 gates the Ascend910 load + tpop hazard on a split
vector function.
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import IntegerAttr

SPLIT_MODE = "tile.split_mode"
SPLIT_CODES = range(0, 5)


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
