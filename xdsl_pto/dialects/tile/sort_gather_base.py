"""What the sort, gather and scatter ops (issue 23) check alike: their tiles
are 2-D row-major Vec tiles, their element types are ptoas v0.48's, and the
mask-pattern ops name one of the hardware's seven column patterns.

Mask patterns (pypto-docs/operators.md, "Mask patterns"; the names read
right to left, the rightmost bit is column 0):

=========  ====  ==========================  ======
name       int   marks column ``c`` when      stride
=========  ====  ==========================  ======
``P0101``  1     ``c % 2 == 0``              2
``P1010``  2     ``c % 2 == 1``              2
``P0001``  3     ``c % 4 == 0``              4
``P0010``  4     ``c % 4 == 1``              4
``P0100``  5     ``c % 4 == 2``              4
``P1000``  6     ``c % 4 == 3``              4
``P1111``  7     always                      1
=========  ====  ==========================  ======
"""

from __future__ import annotations

from typing import NamedTuple

from xdsl.dialects.builtin import IntegerType, Signedness, StringAttr
from xdsl.ir import Attribute, Operation
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.dialects.tile.ptoas_traits import elements_nowhere
from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.dialects.tile.vector_ops import _in_vec


class MaskPattern(NamedTuple):
    """One hardware column pattern: its name, pypto's integer code, the
    stride between marked columns and the first marked column."""

    name: str
    code: int
    stride: int
    phase: int

    def columns(self, width: int) -> list[int]:
        """The marked columns among ``width`` columns, in order."""
        return list(range(self.phase, width, self.stride))


MASK_PATTERNS: dict[str, MaskPattern] = {
    p.name: p
    for p in (
        MaskPattern("P0101", 1, 2, 0),
        MaskPattern("P1010", 2, 2, 1),
        MaskPattern("P0001", 3, 4, 0),
        MaskPattern("P0010", 4, 4, 1),
        MaskPattern("P0100", 5, 4, 2),
        MaskPattern("P1000", 6, 4, 3),
        MaskPattern("P1111", 7, 1, 0),
    )
}
"""The seven patterns by name (``P0101``...)."""

PATTERN_BY_CODE = {p.code: p for p in MASK_PATTERNS.values()}
"""The patterns by pypto's integer code (1..7)."""


def mask_pattern(op: Operation) -> MaskPattern:
    """The pattern ``op``'s ``mask_pattern`` attribute names (a string).

    Raises:
        VerifyException: for a missing or unknown pattern.
    """
    attr = op.attributes.get("mask_pattern")
    if not isinstance(attr, StringAttr) or attr.data not in MASK_PATTERNS:
        raise VerifyException(
            f"mask_pattern must be one of {', '.join(MASK_PATTERNS)} (a string), got {attr}"
        )
    return MASK_PATTERNS[attr.data]


def row_major_vec(t: TileType, what: str) -> tuple[tuple[int, int], tuple[int, int]]:
    """A 2-D row-major Vec tile; returns its shape and valid shape.

    Raises:
        VerifyException: for another memory space, rank or block layout.
    """
    _in_vec(t, what)
    shape = t.get_shape()
    if len(shape) != 2:
        raise VerifyException(f"{what} must be a 2-D tile, got rank {len(shape)}")
    if t.blayout.data != "row_major":
        raise VerifyException(f"{what} must be row_major (the op reads rows), got {t.blayout.data}")
    valid = t.get_valid_shape()
    return (shape[0], shape[1]), (valid[0], valid[1])


def element_in(t: TileType, allowed: frozenset[str], what: str) -> None:
    """``t``'s element type (as the dialect prints it) is one of ``allowed``.

    Raises:
        VerifyException: ``<what> element type must be one of ..., got ...``.
    """
    name = str(t.element_type)
    if name not in allowed:
        raise VerifyException(f"{what} element type must be one of {', '.join(sorted(allowed))}, got {name}")


def signless_integer(t: Attribute, what: str) -> None:
    """``t`` is a signless integer type (ptoas takes no ``index`` there).

    Raises:
        VerifyException: for another type.
    """
    if not (isinstance(t, IntegerType) and t.signedness.data is Signedness.SIGNLESS and t.width.data > 1):
        raise VerifyException(f"{what} must be a signless integer (ptoas takes no index there), got {t}")


def check_ptoas_elements(op: Operation) -> None:
    """Some target's ptoas takes ``op``'s element type (its
    :class:`~xdsl_pto.dialects.tile.ptoas_traits.PtoasElements`); which one
    is ``convert-tile-to-pto``'s check.

    Raises:
        VerifyException: ``ptoas (v0.48) takes ... elements ..., not T``.
    """
    why = elements_nowhere(op)
    if why is not None:
        raise VerifyException(f"ptoas (v0.48) {why}")


def same_type(a: TileType, b: TileType, what_a: str, what_b: str) -> None:
    """``a`` and ``b`` have one shape, valid shape and element type.

    Raises:
        VerifyException: naming the first difference.
    """
    for field, get in (("shape", TileType.get_shape), ("valid shape", TileType.get_valid_shape)):
        if get(a) != get(b):
            raise VerifyException(f"{what_a} {field} {list(get(a))} differs from {what_b}'s {list(get(b))}")
    if a.element_type != b.element_type:
        raise VerifyException(f"{what_a} element type {a.element_type} differs from {what_b}'s {b.element_type}")


def same_extent(a: TileType, b: TileType, what_a: str, what_b: str) -> None:
    """``a`` has ``b``'s shape and valid shape (an index tile and its data).

    Raises:
        VerifyException: ``<a> must have <b>'s shape [..] and valid shape [..], got ...``.
    """
    if a.get_shape() != b.get_shape() or a.get_valid_shape() != b.get_valid_shape():
        raise VerifyException(
            f"{what_a} must have {what_b}'s shape {list(b.get_shape())} and valid shape "
            f"{list(b.get_valid_shape())}, got {list(a.get_shape())} valid {list(a.get_valid_shape())}"
        )


def expect_extent(t: TileType, shape: tuple[int, int], valid: tuple[int, int], what: str, why: str = "") -> None:
    """``t`` has ``shape`` and ``valid`` shape.

    Raises:
        VerifyException: ``<what> must be [..] valid [..] (<why>), got ...``.
    """
    if t.get_shape() != tuple(shape) or t.get_valid_shape() != tuple(valid):
        note = f" ({why})" if why else ""
        raise VerifyException(
            f"{what} must be {list(shape)} valid {list(valid)}{note}, got {list(t.get_shape())} "
            f"valid {list(t.get_valid_shape())}"
        )
