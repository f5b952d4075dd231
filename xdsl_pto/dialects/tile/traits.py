"""Memory traits of tile ops: the one place where buffer semantics are declared.

Every tile op lists its traits on its definition (``traits = traits_def(...)``),
exactly as reference/tile-op-memory-traits.md gives them; passes ask these
helpers and never test op names.

Trait meanings (operand indices are positional operand numbers):

* :class:`ViewOf` -- the result is a view of operand 0's buffer (same root,
  own offset/shape); no data moves.
* :class:`Reuses` -- the result IS operand ``index``'s buffer (in-place /
  destination passing): a must-alias.
* :class:`NotInplaceSafe` -- the result must not share a buffer with any tile
  operand.
* :class:`NoAlias` -- the result must not share a buffer with operand ``index``.
* :class:`Workspace` -- operand ``index`` is scratch the op writes.
* :class:`Load` -- a GM -> on-chip load.
* :class:`ResultSpace` -- the result lives in a fixed memory space.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.ir import Operation, SSAValue
from xdsl.traits import OpTrait
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.dialects.tile.types import MemorySpace, TileType, element_bytes


@dataclass(frozen=True)
class ViewOf(OpTrait):
    """The single tile result is a view of operand 0's buffer."""


@dataclass(frozen=True)
class Reuses(OpTrait):
    """The tile result is operand ``index``'s buffer (a must-alias)."""

    index: int


@dataclass(frozen=True)
class NotInplaceSafe(OpTrait):
    """The result must not share a buffer with any tile operand."""


@dataclass(frozen=True)
class NoAlias(OpTrait):
    """The result must not share a buffer with operand ``index``."""

    index: int


@dataclass(frozen=True)
class NoAliasOnWidthChange(OpTrait):
    """The result must not share a buffer with operand ``index`` when their
    element widths differ (``tile.cast``: a widening cast never overlaps its
    input; a narrowing one must not on A2/A3 -- seed 002, no-alias table).
    Applied on every target until target-aware rules land (may-reuse on A5
    narrowing is a missed saving, never a miscompile)."""

    index: int

    def applies(self, op: Operation) -> bool:
        """True when the op changes the element width of operand ``index``."""
        src, res = op.operands[self.index].type, op.results[0].type
        if not isinstance(src, TileType) or not isinstance(res, TileType):
            return False
        return element_bytes(src.element_type) != element_bytes(res.element_type)


@dataclass(frozen=True)
class Workspace(OpTrait):
    """Operand ``index`` is scratch that the op writes."""

    index: int


@dataclass(frozen=True)
class Load(OpTrait):
    """A GM -> on-chip load."""


@dataclass(frozen=True)
class ResultSpace(OpTrait):
    """Every tile result lives in ``space``; checked by the op verifier."""

    space: MemorySpace

    def verify(self, op: Operation) -> None:
        for r in op.results:
            if isinstance(r.type, TileType) and r.type.memory_space is not self.space:
                raise VerifyException(
                    f"result must be in memory space {self.space.value}, "
                    f"got {r.type.memory_space.value}"
                )


# ----- queries used by the passes ----------------------------------------------


def is_tile(value: SSAValue) -> bool:
    """True when ``value`` is an on-chip tile."""
    return isinstance(value.type, TileType)


def view_source(op: Operation) -> SSAValue | None:
    """Operand 0 when ``op``'s result is a view of it, else None."""
    if op.has_trait(ViewOf) and op.operands:
        return op.operands[0]
    return None


def reused_operand(op: Operation) -> SSAValue | None:
    """The operand whose buffer ``op``'s result is (in-place), else None."""
    t = op.get_trait(Reuses)
    if t is None or t.index >= len(op.operands):
        return None
    return op.operands[t.index]


def must_alias_source(op: Operation) -> SSAValue | None:
    """The operand ``op``'s tile result must share memory with: a view source
    or an in-place reused operand; None when the result is a fresh buffer."""
    return view_source(op) or reused_operand(op)


def forbidden_alias_operands(op: Operation) -> list[SSAValue]:
    """Tile operands whose buffer ``op``'s result must not share.

    ``not_inplace_safe`` forbids every tile operand; each ``no_alias(i)``
    forbids operand i; a width-changing cast forbids its input (seed 001/002,
    "No-alias guard").
    """
    tiles = [v for v in op.operands if is_tile(v)]
    if op.has_trait(NotInplaceSafe):
        return tiles
    out: list[SSAValue] = []
    for t in op.get_traits_of_type(NoAlias):
        if t.index < len(op.operands) and is_tile(op.operands[t.index]):
            out.append(op.operands[t.index])
    for w in op.get_traits_of_type(NoAliasOnWidthChange):
        if w.applies(op):
            out.append(op.operands[w.index])
    return out


def is_load(op: Operation) -> bool:
    """True for a GM -> on-chip load."""
    return op.has_trait(Load)


def is_cube_accumulator(op: Operation) -> bool:
    """True when ``op`` is a cube MAD writing the accumulator (its results are
    fixed to Acc by :class:`ResultSpace`: the matmul family). A data movement
    into Acc (``tile.move``) or an Acc ``tile.create`` is not one."""
    t = op.get_trait(ResultSpace)
    return t is not None and t.space is MemorySpace.ACC
