"""Path-sensitive liveness and must-alias classes of a function with
MemRefs, for the planner's checks of what the plan already fixes (two
values bound to one declared slot, a workspace on a carried buffer) and
for the ptoas regions of the lowering. (``verify-memory-plan`` derives its
own: :mod:`xdsl_pto.verify`.)

Interference is the textbook SSA rule: two values interfere when the one defined first is still
live just after the other's definition. "Live just after op D" means some
use of the value can still execute after D without passing its definition
again:

* a later op in D's block uses it (at any nesting depth, including the
  block's ``scf.yield``);
* failing that, the same question one level up, just after the op holding
  D's block: the arms of an ``scf.if`` are exclusive, so a use in a sibling
  arm does not count;
* when D's block is an ``scf.for`` body and the value is defined outside
  that loop, every use in the body counts (the next iteration runs it), D's
  own use included.

A use by D itself does not make the value live after D: an op reads its
inputs before it writes its results (the seeds' touching rule).

Must-aliases (the same data): a view and its source, an in-place result and
its operand, a loop's init and iter_arg, a loop's yielded value and result;
not a loop's iter_arg and the value yielded for it (one buffer, different
data), nor an ``scf.if`` result and its arms' values.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects import func, scf
from xdsl.ir import Block, BlockArgument, Operation, SSAValue

from xdsl_pto.dialects.tile.traits import must_alias_source
from xdsl_pto.dialects.tile.types import TileType

if TYPE_CHECKING:
    from xdsl_pto.transforms.memory_reuse.lifetime import ProgramOrder


class SameData:
    """Union-find over values that are must-aliases (the same data)."""

    def __init__(self) -> None:
        self.parent: dict[SSAValue, SSAValue] = {}

    def find(self, v: SSAValue) -> SSAValue:
        """The representative of ``v``'s class."""
        self.parent.setdefault(v, v)
        while self.parent[v] is not v:
            self.parent[v] = self.parent[self.parent[v]]
            v = self.parent[v]
        return v

    def union(self, a: SSAValue, b: SSAValue) -> None:
        """Join the classes of ``a`` and ``b``."""
        self.parent[self.find(a)] = self.find(b)


def must_alias_classes(fn: func.FuncOp) -> SameData:
    """Group ``fn``'s values that are the same data (see the module docstring)."""
    same = SameData()
    for op in fn.walk():
        src = must_alias_source(op)
        if src is not None and op.results and isinstance(src.type, TileType):
            same.union(op.results[0], src)
        if isinstance(op, scf.ForOp):
            body = op.body.block
            yielded = body.last_op
            for i, res in enumerate(op.results):
                if isinstance(res.type, TileType):
                    same.union(body.args[1 + i], op.iter_args[i])
                    same.union(res, yielded.operands[i])  # type: ignore[union-attr]
    return same


def _uses_within(value: SSAValue, op: Operation) -> bool:
    return any(use.operation is op or op.is_ancestor(use.operation) for use in value.uses)


def _defined_inside(value: SSAValue, op: Operation) -> bool:
    owner = value.owner
    if isinstance(owner, Block):
        return op.is_ancestor(owner.parent_op()) if owner.parent_op() is not None else False  # type: ignore[arg-type]
    return op.is_ancestor(owner)


def live_after(value: SSAValue, block: Block, index: int) -> bool:
    """True when ``value`` may still be read after the first ``index + 1``
    ops of ``block`` have run (``index = -1``: at the block's start)."""
    while True:
        ops = list(block.ops)
        if any(_uses_within(value, op) for op in ops[index + 1 :]):
            return True
        parent = block.parent_op()
        if parent is None or isinstance(parent, func.FuncOp):
            return False
        if isinstance(parent, scf.ForOp) and not _defined_inside(value, parent):
            if any(_uses_within(value, op) for op in ops[: index + 1]):
                return True
        outer = parent.parent_block()
        if outer is None:
            return False
        block, index = outer, list(outer.ops).index(parent)


def definition_point(value: SSAValue) -> tuple[Block, int]:
    """Where ``value`` comes to life: just after its defining op, or at the
    start of the block whose argument it is."""
    if isinstance(value, BlockArgument):
        return value.block, -1
    op = value.owner
    assert isinstance(op, Operation)
    block = op.parent_block()
    assert block is not None
    return block, list(block.ops).index(op)


def interfere(a: SSAValue, b: SSAValue, order: ProgramOrder) -> bool:
    """True when ``a`` and ``b`` may hold live data at the same time: the one
    defined first is live just after the other's definition."""
    first, later = (a, b) if _start(a, order) <= _start(b, order) else (b, a)
    return live_after(first, *definition_point(later))


def _start(value: SSAValue, order: ProgramOrder) -> float:
    """When ``value`` is defined, in statement indices: a block argument just
    after its op starts, a result of an op with regions when the op ends."""
    if isinstance(value, BlockArgument):
        parent = value.block.parent_op()
        return order.start.get(parent, -1) + 0.5 if parent is not None else -1  # type: ignore[arg-type]
    op = value.owner
    assert isinstance(op, Operation)
    return order.end[op] if op.regions else order.start[op]
