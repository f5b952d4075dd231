"""Which values the validator treats as the same data (must-aliases), and
which window each value's definition fixes.

Same data: a view and its source, an in-place result and its operand
(``Reuses``), a loop's init and its iter_arg, a loop's result and the value
yielded for it. Not the same data: a loop's iter_arg and the value yielded
for it (one buffer, but the new value may be written only once the old one
is dead), an ``scf.if`` result and its arms' values (the arms yield
different data, each dead once the if ends).
"""

from __future__ import annotations

from xdsl.dialects import func, scf
from xdsl.ir import Operation, OpResult, SSAValue

from xdsl_pto.dialects.tile.traits import reused_operand, view_source
from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.dialects.tile.view_ops import SliceOp
from xdsl_pto.verify.ir import memref_of


class DataClasses:
    """Disjoint sets of values that are the same data (union-find)."""

    def __init__(self) -> None:
        self._up: dict[SSAValue, SSAValue] = {}

    def find(self, v: SSAValue) -> SSAValue:
        """The representative of ``v``'s class."""
        root = v
        while self._up.get(root, root) is not root:
            root = self._up[root]
        while v is not root:  # path compression
            self._up[v], v = root, self._up[v]
        return root

    def join(self, a: SSAValue, b: SSAValue) -> None:
        """Make ``a`` and ``b`` one class."""
        ra, rb = self.find(a), self.find(b)
        if ra is not rb:
            self._up[ra] = rb

    def same(self, a: SSAValue, b: SSAValue) -> bool:
        """True when ``a`` and ``b`` are the same data."""
        return self.find(a) is self.find(b)


def _window_source(op: Operation) -> SSAValue | None:
    """The operand whose bytes ``op``'s result is (a view's source, an
    in-place result's operand), from the op's declared traits."""
    return view_source(op) or reused_operand(op)


def same_data(fn: func.FuncOp) -> DataClasses:
    """The must-alias classes of ``fn`` (see the module docstring)."""
    classes = DataClasses()
    for op in fn.walk():
        src = _window_source(op)
        if src is not None and op.results and isinstance(src.type, TileType):
            classes.join(op.results[0], src)
        if not isinstance(op, scf.ForOp):
            continue
        body = op.body.block
        yielded = body.last_op
        assert yielded is not None
        for i, res in enumerate(op.results):
            if isinstance(res.type, TileType):
                classes.join(body.args[1 + i], op.iter_args[i])
                classes.join(res, yielded.operands[i])
    return classes


def carry_partners(v: SSAValue) -> list[SSAValue]:
    """The values an ``scf.for`` / ``scf.if`` result ``v`` must share its
    window with: the loop's init, iter_arg and yielded value; each arm's
    yielded value."""
    if not isinstance(v, OpResult):
        return []
    op, i = v.op, v.index
    if isinstance(op, scf.ForOp):
        body = op.body.block
        assert body.last_op is not None
        return [op.iter_args[i], body.args[1 + i], body.last_op.operands[i]]
    if isinstance(op, scf.IfOp):
        out = []
        for region in op.regions:
            if region.blocks:
                term = region.block.last_op
                assert term is not None
                out.append(term.operands[i])
        return out
    return []


def expected_window(v: SSAValue) -> tuple[str, int, int] | None:
    """(root, offset, size) ``v``'s bytes must have by its definition: a
    slice's byte window within its source, a reshape at its source's start
    with its own size, an in-place result exactly on its operand's window,
    any other value dense (its own size at its own offset). None for a
    slice whose byte window is not one run (checked elsewhere)."""
    t = v.type
    m = memref_of(v)
    assert isinstance(t, TileType) and m is not None
    op = v.owner if isinstance(v.owner, Operation) else None
    src = _window_source(op) if op is not None else None
    base = memref_of(src) if src is not None and isinstance(src.type, TileType) else None
    if op is None or base is None:  # not a window of another (or of a pipe value)
        return (m.root_name, m.offset.data, t.size_bytes)
    if isinstance(op, SliceOp):
        window = op.memref_window()
        return None if window is None else (base.root_name, base.offset.data + window[0], window[1])
    if view_source(op) is not None:
        return (base.root_name, base.offset.data, t.size_bytes)
    return (base.root_name, base.offset.data, base.size.data)
