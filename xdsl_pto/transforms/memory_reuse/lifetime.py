"""Lifetime analysis: statement indices, value lifetimes and root intervals.

Seed 001/002, MemoryReuse step 1. The function body is numbered in program
order (pre-order over nested regions); a region-holding op ``L`` occupies
``[start(L), end(L)]`` where ``end(L)`` is a slot after its last nested op.

* A value's definition point is its defining op's index (``end(L)`` for the
  results of a region op ``L``; ``start(L)`` for a block argument of ``L``).
* Its last use is the largest index of an op using it, extended to ``end(L)``
  for every loop ``L`` around that use which does not also contain the
  definition (a value defined outside a loop and used inside lives to the
  loop's end: it is read again on the next iteration).
* An allocation root's interval is the hull ``[min def, max last use]`` over
  every value on that root (views, in-place results and loop carries are
  members of their source's root).

Two intervals interfere when ``a.lo < b.hi and b.lo < a.hi``: touching is
allowed (``last_use == def`` can share, since an op reads its inputs before it
writes its output).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from xdsl.dialects import func, scf
from xdsl.ir import Block, Operation, SSAValue

from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.transforms.common import defined_inside, memref_of, tile_values


@dataclass
class ProgramOrder:
    """Statement indices of one function: ``start[op]`` and ``end[op]``."""

    start: dict[Operation, int] = field(default_factory=dict)
    end: dict[Operation, int] = field(default_factory=dict)

    @staticmethod
    def of(fn: func.FuncOp) -> ProgramOrder:
        """Number ``fn``'s body."""
        order = ProgramOrder()
        counter = 0

        def visit(block: Block) -> None:
            nonlocal counter
            for op in block.ops:
                order.start[op] = counter
                counter += 1
                for region in op.regions:
                    for b in region.blocks:
                        visit(b)
                if op.regions:
                    order.end[op] = counter
                    counter += 1
                else:
                    order.end[op] = order.start[op]

        for b in fn.body.blocks:
            visit(b)
        return order


@dataclass(frozen=True)
class Interval:
    """A closed statement-index range ``[lo, hi]`` in which a buffer is live."""

    lo: int
    hi: int

    def interferes(self, other: Interval) -> bool:
        """True when both are live at once (touching ends do not count)."""
        return self.lo < other.hi and other.lo < self.hi

    def hull(self, other: Interval) -> Interval:
        """The smallest interval containing both."""
        return Interval(min(self.lo, other.lo), max(self.hi, other.hi))


def def_point(value: SSAValue, order: ProgramOrder) -> int:
    """Where ``value`` is defined, as a statement index (see module doc)."""
    owner = value.owner
    if isinstance(owner, Operation):
        return order.end[owner] if owner.regions else order.start[owner]
    parent = owner.parent_op()
    assert parent is not None
    return order.start[parent]


def value_lifetime(value: SSAValue, order: ProgramOrder, users: Iterable[Operation] | None = None) -> Interval:
    """The statement interval in which ``value`` is live (see module doc).

    Args:
        users: the ops that read ``value`` (default: its uses' ops; a pass
            that has decided edits it has not applied yet gives the readers
            as they will be).
    """
    d = def_point(value, order)
    last = d
    for user in (use.operation for use in value.uses) if users is None else users:
        point = order.start[user]
        anc = user.parent_op()
        while anc is not None and anc in order.start:
            if isinstance(anc, (scf.ForOp, scf.WhileOp)) and not defined_inside(value, anc):
                point = max(point, order.end[anc])
            anc = anc.parent_op()
        last = max(last, point)
    return Interval(d, last)


def root_intervals(fn: func.FuncOp, order: ProgramOrder | None = None) -> dict[str, Interval]:
    """Live interval of every allocation root of ``fn`` (hull over its members)."""
    order = order or ProgramOrder.of(fn)
    out: dict[str, Interval] = {}
    for v in tile_values(fn):
        m = memref_of(v)
        if m is None:
            continue
        iv = value_lifetime(v, order)
        prev = out.get(m.root_name)
        out[m.root_name] = iv if prev is None else prev.hull(iv)
    return out


__all__ = ["Interval", "ProgramOrder", "TileType", "def_point", "root_intervals", "value_lifetime"]
