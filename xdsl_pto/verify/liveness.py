"""The validator's own liveness (statement numbering, value lifetimes and
path-sensitive interference), derived from the IR alone.

Statement numbering: the function body in pre-order; an op with regions
takes one index before its nested ops and one after them.

* A value is defined at its op's index (at the later index for the results
  of an op with regions, at the earlier one for a block argument) and lives
  to its last use, a use inside a loop that does not define the value
  counting as the loop's last index (the next iteration reads it again).
* Two values interfere -- may hold live data at one time -- when the one
  defined first is still live just after the other's definition: some use
  of it can run later without passing its definition again. The arms of an
  ``scf.if`` are exclusive; inside an ``scf.for`` body a value defined
  outside the loop is live at every point of the body; an op reads its
  operands before it writes its results (a use by the defining op itself
  does not count).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import func, scf
from xdsl.ir import Block, BlockArgument, Operation, SSAValue


class Numbering:
    """Statement indices of one function: ``first[op]`` and ``last[op]``
    (equal for an op without regions)."""

    def __init__(self, fn: func.FuncOp) -> None:
        self.first: dict[Operation, int] = {}
        self.last: dict[Operation, int] = {}
        self._next = 0
        for block in fn.body.blocks:
            self._number(block)

    def _take(self) -> int:
        self._next += 1
        return self._next - 1

    def _number(self, block: Block) -> None:
        for op in block.ops:
            self.first[op] = self._take()
            for region in op.regions:
                for inner in region.blocks:
                    self._number(inner)
            self.last[op] = self._take() if op.regions else self.first[op]


@dataclass(frozen=True)
class Span:
    """Statement indices ``[lo, hi]`` in which a value is live."""

    lo: int
    hi: int


def born(value: SSAValue, order: Numbering) -> int:
    """The statement index at which ``value`` is defined."""
    owner = value.owner
    if isinstance(owner, Block):
        parent = owner.parent_op()
        assert parent is not None
        return order.first[parent]
    return order.last[owner] if owner.regions else order.first[owner]


def _defined_within(value: SSAValue, op: Operation) -> bool:
    """True when ``value`` is defined in a region of ``op`` (not one of
    ``op``'s own results)."""
    cur = value.owner.parent_op()
    while cur is not None:
        if cur is op:
            return True
        cur = cur.parent_op()
    return False


def lifetime(value: SSAValue, order: Numbering) -> Span:
    """Where ``value`` is live (see the module docstring)."""
    lo = born(value, order)
    hi = lo
    for use in value.uses:
        user = use.operation
        point = order.first[user]
        outer = user.parent_op()
        while outer is not None and outer in order.first:
            if isinstance(outer, (scf.ForOp, scf.WhileOp)) and not _defined_within(value, outer):
                point = max(point, order.last[outer])
            outer = outer.parent_op()
        hi = max(hi, point)
    return Span(lo, hi)


def _used_in(value: SSAValue, op: Operation) -> bool:
    """True when ``op`` or an op nested in it reads ``value``."""
    return any(u.operation is op or op.is_ancestor(u.operation) for u in value.uses)


def _live_after(value: SSAValue, block: Block, index: int) -> bool:
    """True when ``value`` may be read after the first ``index + 1`` ops of
    ``block`` ran (``index`` -1: from the block's start)."""
    while True:
        ops = list(block.ops)
        if any(_used_in(value, op) for op in ops[index + 1 :]):
            return True
        holder = block.parent_op()
        if holder is None or isinstance(holder, func.FuncOp):
            return False
        if isinstance(holder, scf.ForOp) and not _defined_within(value, holder):
            if any(_used_in(value, op) for op in ops[: index + 1]):
                return True  # read again on the next iteration
        outer = holder.parent_block()
        if outer is None:
            return False
        block, index = outer, list(outer.ops).index(holder)


def _comes_to_life(value: SSAValue) -> tuple[Block, int]:
    """(block, index): ``value`` exists after op ``index`` of ``block`` ran
    (-1: a block argument, from the block's start)."""
    if isinstance(value, BlockArgument):
        return value.block, -1
    op = value.owner
    assert isinstance(op, Operation)
    block = op.parent_block()
    assert block is not None
    return block, list(block.ops).index(op)


def _order_key(value: SSAValue, order: Numbering) -> float:
    """When ``value`` is defined, as a statement index; a block argument
    half a step after its op's first index."""
    if isinstance(value, BlockArgument):
        holder = value.block.parent_op()
        if holder is None:
            return -1
        return order.first.get(holder, -1) + 0.5
    op = value.owner
    assert isinstance(op, Operation)
    return order.last[op] if op.regions else order.first[op]


def interfere(a: SSAValue, b: SSAValue, order: Numbering) -> bool:
    """True when ``a`` and ``b`` may hold live data at one time (see the
    module docstring)."""
    if _order_key(a, order) <= _order_key(b, order):
        first, later = a, b
    else:
        first, later = b, a
    return _live_after(first, *_comes_to_life(later))


def in_loop(op: Operation) -> bool:
    """True when some ``scf.for`` or ``scf.while`` encloses ``op``."""
    cur = op.parent_op()
    while cur is not None and not isinstance(cur, (scf.ForOp, scf.WhileOp)):
        cur = cur.parent_op()
    return cur is not None
