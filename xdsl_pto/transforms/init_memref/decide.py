"""init-memref's decisions for one function: every tile value's MemRef, the
roots, and the copies and carry moves to insert (pypto-docs/31-init_memref.md,
"Algorithm", "ForStmt Loop-Carry Variables"; the rules are listed in
:mod:`xdsl_pto.transforms.init_memref`).

One walk in program order decides each value from what was decided before
it (its operands' MemRefs, the copies already decided, who still reads a
buffer). It leaves the IR as it is: every decision goes into a
:class:`~xdsl_pto.transforms.draft.Draft`, which it asks back, and which the
pass applies when the walk is done.
"""

from __future__ import annotations

import functools

from xdsl.dialects import func, scf
from xdsl.dialects.builtin import IntAttr, IntegerAttr, StringAttr
from xdsl.ir import Block, Operation, SSAValue

from xdsl_pto.backends import Backend, footprint_bytes
from xdsl_pto.diagnostics import PassError, report
from xdsl_pto.dialects.tile.data_ops import MOVE_ROUTES, AllocOp
from xdsl_pto.dialects.tile.pipeline_attrs import PIPELINE_STAGES
from xdsl_pto.dialects.tile.traits import (
    is_pipe_resident,
    is_tpop,
    must_alias_source,
    reused_operand,
    view_source,
)
from xdsl_pto.dialects.tile.types import MemorySpace, MemRefAttr, TileType
from xdsl_pto.dialects.tile.view_ops import SliceOp
from xdsl_pto.dialects.tile.windows import strided_in_memory
from xdsl_pto.planners import Planner
from xdsl_pto.transforms.common import is_strided
from xdsl_pto.transforms.declared_allocs import Declaration
from xdsl_pto.transforms.draft import Draft, Value
from xdsl_pto.transforms.init_memref.live import buffer_live_past
from xdsl_pto.transforms.memory_reuse.lifetime import ProgramOrder

PASS = "init-memref"


@functools.cache
def _space_attr(space: MemorySpace) -> StringAttr:
    """The ``space`` property of a ``tile.alloc`` in ``space`` (one per space)."""
    return StringAttr(space.value)


class MemRefDecisions:
    """One function's decisions (see the module doc).

    Attributes:
        fn: the function.
        draft: the decided MemRefs and moves.
        roots: the ``tile.alloc`` ops to put at the function's head: the
            declared allocations' pinned roots, then one per fresh root in
            the order decided.
    """

    def __init__(
        self,
        fn: func.FuncOp,
        decls: dict[str, Declaration],
        planner: Planner = Planner.PYPTO,
        backend: Backend | None = None,
    ):
        self.fn = fn
        self.planner = planner
        self.backend = backend
        self.decls = decls
        self.draft = Draft(fn)
        self.counter = 0
        self.roots: list[AllocOp] = [
            AllocOp(d.name, d.space, d.size, pinned=True, slots=d.slots) for d in decls.values()
        ]
        self.root_block: dict[str, Block] = {}
        # What buffer_live_past asks about, kept as the walk goes instead of
        # rescanning the function per question (which made the pass
        # quadratic in the function's size): the values decided onto each
        # root so far, and the statement indices, taken once (the draft
        # numbers the moves it inserts between them).
        self.on_root: dict[str, list[Value]] = {}
        self._order: ProgramOrder | None = None

    def decide(self) -> None:
        """Walk the function's body (see the module doc).

        Raises:
            PassError: as :class:`~xdsl_pto.transforms.init_memref.InitMemRefPass`.
        """
        for block in self.fn.body.blocks:
            self.visit_block(block)

    def place(self, value: SSAValue, memref: MemRefAttr | None) -> None:
        """Decide ``value``'s MemRef and record it on its root."""
        self.draft.set_memref(value, memref)
        self.placed(value)

    def placed(self, value: Value) -> None:
        """Record a value whose MemRef is decided (a decided move's result)
        on its root."""
        m = self.draft.memref(value)
        if m is not None:
            self.on_root.setdefault(m.root_name, []).append(value)

    def live_past(self, value: Value, op: Operation, *, from_end: bool = False) -> bool:
        """:func:`~xdsl_pto.transforms.init_memref.live.buffer_live_past`
        with what is decided so far."""
        if self._order is None:
            self._order = ProgramOrder.of(self.fn)
        return buffer_live_past(self.draft, self.on_root, self._order, value, op, from_end=from_end)

    def fresh(self, t: TileType, anchor: Operation) -> MemRefAttr:
        """A new root ``@mem_<space>_<n>`` sized for ``t`` (its footprint: an
        Acc tile's rows padded to the backend's L0C row alignment,
        :func:`~xdsl_pto.backends.footprint_bytes`), created at ``anchor``."""
        name = f"mem_{t.memory_space.value}_{self.counter}"
        self.counter += 1
        while name in self.decls:  # a declaration may use our naming scheme
            name = f"mem_{t.memory_space.value}_{self.counter}"
            self.counter += 1
        # What AllocOp(name, space, size) builds, without the generic IRDL
        # argument handling of its __init__ (four fifths of its cost; one
        # alloc per root, so thousands in a large kernel).
        alloc = AllocOp.create(
            properties={
                "sym_name": StringAttr(name),
                "space": _space_attr(t.memory_space),
                "size": IntAttr(footprint_bytes(t, self.backend)),
            }
        )
        self.roots.append(alloc)
        block = anchor.parent_block()
        assert block is not None
        self.root_block[name] = block
        return MemRefAttr(name, 0, t.size_bytes)

    def visit_block(self, block: Block) -> None:
        for op in block.ops:
            self.visit_op(op)

    def visit_op(self, op: Operation) -> None:
        if isinstance(op, scf.ForOp):
            self.visit_for(op)
            return
        if isinstance(op, scf.IfOp):
            self.visit_if(op)
            return
        if op.regions and any(isinstance(v.type, TileType) for v in (*op.operands, *op.results)):
            raise PassError(
                f"{PASS}: {op.name} carrying tiles is not supported (use scf.for or scf.if)",
                op,
            )
        for region in op.regions:
            for b in region.blocks:
                self.visit_block(b)
        for res in op.results:
            t = res.type
            if not isinstance(t, TileType):
                continue
            self.place(res, self.memref_for(op, t))

    def visit_for(self, op: scf.ForOp) -> None:
        """Group A (init, iter_arg) and the loop result on one MemRef; the
        yielded value keeps its own and is written back by a carry move."""
        stages = op.attributes.get(PIPELINE_STAGES)
        if isinstance(stages, IntegerAttr) and stages.value.data > 1:
            report(
                "warning",
                f"{PASS}: this loop asks for {stages.value.data} pipeline stages but was not "
                "lowered; it is planned as one sequential loop (run lower-pipeline-loops first)",
                op,
            )
        draft = self.draft
        body = op.body.block
        n_ctrl = len(op.operands) - len(op.iter_args)
        carried: list[MemRefAttr] = []
        for idx, arg in enumerate(body.args[1:]):
            if not isinstance(arg.type, TileType):
                continue
            init = draft.operand(op, n_ctrl + idx)
            window = draft.memref(init)
            if window is None or (
                any(window.overlaps(c) for c in carried)
                or is_strided(window, arg.type)
                or strided_in_memory(init)
                or self.region_phi(window, arg.type)
                or self.init_still_needed(init, op)
            ):
                # The loop writes the carried buffer: give it its own copy so
                # other readers of the init value keep theirs. A strided view
                # (a column window) is copied too: a carried buffer is dense,
                # as every value the body yields back into it; so is a
                # pipe-resident init (a tpop result), which has no buffer.
                init = self.private_copy(op, n_ctrl + idx, "the loop carries it in place")
            m = draft.memref(init)
            assert m is not None
            carried.append(m)
            self.place(arg, m)
        self.visit_block(body)
        yield_op = body.last_op
        assert yield_op is not None
        carries = [
            (idx, draft.type_of(body.args[1 + idx]))
            for idx, res in enumerate(op.results)
            if isinstance(res.type, TileType)
        ]
        self.write_back_all(yield_op, carries, op)
        for idx, res in enumerate(op.results):
            if isinstance(res.type, TileType):
                self.place(res, draft.memref(body.args[1 + idx]))

    def region_phi(self, window: MemRefAttr, t: TileType) -> bool:
        """Under ``planner=ptoas``: a loop or ``scf.if`` whose own type the
        author did not bind must not carry or merge a slot of a declared
        allocation (a ptoas region selects its slot per use, it carries
        none): True when ``window`` is such a slot -- an unbound view of a
        bound tile can be one -- so the carry gets a buffer of its own."""
        return (
            self.planner is Planner.PTOAS
            and t.get_binding() is None
            and window.root_name in self.decls
        )

    def init_still_needed(self, init: Value, loop: scf.ForOp) -> bool:
        """True when the loop may not carry ``init``'s own buffer: the init is
        passed to two iter_args, or its buffer is still live once the loop
        starts (:meth:`live_past`). (Two inits that are views of one
        buffer are caught by the caller: each carry needs its own.)"""
        if sum(1 for user in self.draft.users(init) if user is loop) > 1:
            return True
        return self.live_past(init, loop)

    def private_copy(self, before: Operation, index: int, why: str) -> Value:
        """A copy of ``before``'s operand ``index`` in a fresh root, made right
        before ``before``, which reads the copy instead; returns the copy.

        Raises:
            PassError: when the memory space has no same-space copy (Acc,
                Left, Right, Bias): the value cannot be preserved.
        """
        draft = self.draft
        value = draft.operand(before, index)
        t = draft.type_of(value)
        space = t.memory_space
        if space not in MOVE_ROUTES[space]:
            raise PassError(
                f"{PASS}: {before.name} overwrites the {space.value} buffer of "
                f"{draft.name(value)} ({why}), but that value is still read afterwards "
                f"and no {space.value}->{space.value} copy exists; stop reading it after "
                "this op, or start from a fresh tile",
                before,
            )
        copy = draft.insert_move(before, index, t.with_memref(self.fresh(t, before)))
        self.placed(copy)
        return copy

    def write_back_all(self, yield_op: Operation, carries: list[tuple[int, TileType]], anchor: Operation) -> None:
        """Decide the carry moves of one ``scf.yield`` in an order that
        realizes its simultaneous rebinding (seed 002, MemoryReuse step 7):
        a move that reads a window another move writes runs first; a cycle
        (e.g. a swap) is broken by first copying one yielded value into a
        fresh scratch root and writing back from there. The scratch copies
        go before the yield, then the carry moves in that order."""
        draft = self.draft
        todo: dict[int, TileType] = {}
        reads: dict[int, MemRefAttr | None] = {}  # None: read from pipe storage
        for idx, carry_t in carries:
            y = draft.operand(yield_op, idx)
            if draft.type_of(y) != carry_t:
                todo[idx] = carry_t
                reads[idx] = draft.memref(y)
        writes = {i: t.get_memref() for i, t in todo.items()}

        def blocks(i: int, j: int) -> bool:  # move i must wait for move j
            read = reads[j]
            return read is not None and writes[i].overlaps(read)  # type: ignore[union-attr]

        scratch: list[Value] = []
        order: list[int] = []
        left = sorted(todo)
        while left:
            ready = [i for i in left if not any(blocks(i, j) for j in left if j != i)]
            if not ready:
                k = left[0]
                t = draft.type_of(draft.operand(yield_op, k))
                space = t.memory_space
                if space not in MOVE_ROUTES[space]:
                    names = ", ".join(draft.name(draft.operand(yield_op, i)) for i in left)
                    raise PassError(
                        f"{PASS}: this loop's yield exchanges {space.value} values ({names}) "
                        f"between carries in a cycle, which only a copy could break, and no "
                        f"{space.value}->{space.value} copy exists; keep each {space.value} "
                        "value in its own carry",
                        anchor,
                    )
                copy = draft.insert_move(yield_op, k, t.with_memref(self.fresh(t, anchor)))
                scratch.append(copy)
                reads[k] = draft.memref(copy)
                continue
            order.append(ready[0])
            left.remove(ready[0])
        for copy in scratch:
            self.placed(copy)
        for idx in order:
            if draft.type_of(draft.operand(yield_op, idx)) != todo[idx]:
                self.placed(draft.insert_move(yield_op, idx, todo[idx], carry=True))

    def visit_if(self, op: scf.IfOp) -> None:
        """Results on one canonical MemRef each: the then-yield's when its root
        is created inside the then-branch (or outside the if, but nothing
        reads that buffer after the if), else the else-yield's on the same
        terms, else a fresh root -- never a window an earlier result already
        took (an arm may yield one value twice). Each arm then copies what is
        not already in place, ordered as one parallel assignment (an arm may
        read a buffer another result's copy writes). A root from outside the
        if that is still read after it is never chosen: the other arm's copy
        would clobber it; nor is a window that another arm's yielded window
        partly overlaps (that arm's copy would read the bytes it writes), nor
        a strided view (the other arm's dense copy would not land on its
        rows)."""
        draft = self.draft
        for region in op.regions:
            for b in region.blocks:
                self.visit_block(b)
        arms = [r.block for r in op.regions if r.blocks]
        yields: list[Operation] = [b.last_op for b in arms]  # type: ignore[misc]
        claimed: list[MemRefAttr] = []
        merged: list[tuple[int, TileType]] = []
        for idx, res in enumerate(op.results):
            t = res.type
            if not isinstance(t, TileType):
                continue
            target = None
            arm_windows = [draft.memref(draft.operand(y, idx)) for y in yields]
            for block, y in zip(arms, yields):
                yielded = draft.operand(y, idx)
                m = draft.memref(yielded)
                if (
                    m is not None
                    and not is_strided(m, t)
                    and not strided_in_memory(yielded)
                    and not self.region_phi(m, t)
                    and not any(m.overlaps(c) for c in claimed)
                    and not any(w != m and w is not None and m.overlaps(w) for w in arm_windows)
                    and (
                        _created_in(self.root_block.get(m.root_name), block)
                        or not self.live_past(yielded, op, from_end=True)
                    )
                ):
                    target = m
                    break
            if target is None:
                target = self.fresh(t, op)
            claimed.append(target)
            merged.append((idx, t.with_memref(target)))
        for y in yields:
            # One arm's copies are a parallel assignment, like a loop's.
            self.write_back_all(y, merged, op)
        for idx, t in merged:
            self.place(op.results[idx], t.get_memref())

    def memref_for(self, op: Operation, t: TileType) -> MemRefAttr | None:
        """The MemRef of ``op``'s tile result of type ``t`` (view, in-place,
        declared or fresh); None for a tpop result or a view of one, which
        live in reserved pipe storage (seed 002).

        Raises:
            PassError: for a pipe-resident result bound to a declaration, or
                a view this pass cannot place.
        """
        draft = self.draft
        binding = t.get_binding()
        src = view_source(op)
        if is_tpop(op) or (src is not None and is_pipe_resident(src)):
            if binding is not None:
                raise PassError(
                    f"{PASS}: a tpop result and its views live in reserved pipe storage; "
                    f"they cannot be bound to @{binding.decl_name}",
                    op,
                )
            return None
        if binding is not None and must_alias_source(op) is None:
            return self.decls[binding.decl_name].window(binding, t)
        if src is not None:
            base = draft.memref(src)
            assert base is not None
            if isinstance(op, SliceOp):
                window = op.memref_window()
                if window is None:
                    raise PassError(
                        f"{PASS}: a tile.slice with runtime offsets is not supported yet", op
                    )
                off, size = window
                return base.shifted(off, size)
            if is_strided(base, src.type) or strided_in_memory(src):
                raise PassError(
                    f"{PASS}: {op.name} of a strided view (its rows are not one run of "
                    "bytes) is not supported; copy it with tile.move first",
                    op,
                )
            return base.shifted(0, t.size_bytes)
        reused = reused_operand(op)
        if reused is not None:
            new: Value = reused
            if is_pipe_resident(reused) or self.live_past(reused, op):
                index = next(i for i, v in enumerate(op.operands) if v is reused)
                new = self.private_copy(op, index, "it updates it in place")
            m = draft.memref(new)
            assert m is not None
            return m
        return self.fresh(t, op)


def _created_in(root_block: Block | None, block: Block) -> bool:
    """True when a root created in ``root_block`` was created inside ``block``."""
    return root_block is not None and block.is_ancestor(root_block)


__all__ = ["PASS", "MemRefDecisions"]
