"""``init-memref``: give every on-chip tile value a MemRef and declare the roots.

Implements pypto-docs/31-init_memref.md ("Algorithm", "ForStmt Loop-Carry
Variables") for our IR:

* a fresh root ``@mem_<space>_<n>`` (``n`` counts per function, in program
  order) for every tile produced by an op with no must-alias trait;
* a view (``ViewOf``) shares its source's root at its own byte offset;
* an in-place result (``Reuses(i)``) shares operand i's window; when that
  buffer is still read after the op, operand i is first copied (and where no
  same-space copy exists, e.g. Acc, that is an error);
* ``scf.for``: iter_args share their init value's MemRef (the reference's
  group A). The yielded value keeps its own MemRef (group B); because our
  MemRefs live on types and ``scf.for`` requires the yield, iter_arg and
  result types to be equal, the two groups are joined by an explicit *carry
  move* (``tile.move {carry}``) before the ``scf.yield``, and the loop result
  takes group A's MemRef. ``materialize-semantic-aliases`` removes the move
  when the yielded value can be computed in the carried buffer. The moves of
  one yield are ordered so that the simultaneous rebinding holds (a swap goes
  through a scratch copy). An init whose buffer is still needed once the loop
  starts (read after it, inside it, or on a later iteration of an enclosing
  loop, directly or through a view) is first copied, so the loop never
  overwrites a buffer someone else still reads;
* ``scf.if``: results share the then-branch yield's MemRef (when computed in
  the then-branch; else the else-branch's, else a fresh root), with a carry
  move on any arm that yields another buffer;
* a tile bound to an author-declared allocation (``alloc = <@name ...>`` on
  its type) goes on that declaration's pinned root, at its slot; the root is
  sized from the largest bound tile (:mod:`.declared_allocs`) and the
  binding is removed from every type (the pass consumes it);
* a tpop result and its views live in reserved pipe storage (seed 002,
  "Ascend910 load + tpop_from_aic hazard"): no MemRef, no root. A pipe value
  used as a loop init or updated in place is first copied into a buffer;
  one yielded into a carry is written back by the carry move;
* one ``tile.alloc`` per root, hoisted to the head of the function body.

Under ``planner=ptoas`` a single-slot declared allocation is refused: ptoas
plans every buffer itself and nothing would keep that one apart; a
multi-slot one becomes a ptoas region (pypto-docs/00-pto_codegen.md,
"Multi-slot declarations become one ptoas region"), so one of more than 16
slots (the most a ``pto.alloc_multi_tile`` holds) is refused too. The other
planners take any slot count.

A kernel that already carries MemRefs everywhere is left unchanged.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import IntAttr, IntegerAttr, ModuleOp, StringAttr
from xdsl.ir import Block, Operation, SSAValue
from xdsl.passes import ModulePass

from xdsl_pto.backends import Backend, footprint_bytes, record_target
from xdsl_pto.diagnostics import PassError, report
from xdsl_pto.dialects.pto.types import MAX_MULTI_TILE_COUNT
from xdsl_pto.dialects.tile.data_ops import MOVE_ROUTES, AllocOp, MoveOp
from xdsl_pto.dialects.tile.pipeline_attrs import PIPELINE_STAGES
from xdsl_pto.dialects.tile.traits import (
    L0_ROLE_SPACES,
    is_pipe_resident,
    is_tpop,
    must_alias_source,
    reused_operand,
    unstaged_l0_operands,
    view_source,
)
from xdsl_pto.dialects.tile.types import MemorySpace, MemRefAttr, TileType
from xdsl_pto.dialects.tile.view_ops import SliceOp
from xdsl_pto.dialects.tile.windows import strided_in_memory
from xdsl_pto.pass_config import PassConfig
from xdsl_pto.planners import Planner, record_planner
from xdsl_pto.transforms.common import (
    buffer_values,
    defined_inside,
    is_strided,
    kernels,
    memref_of,
    set_memref,
    tile_values,
    value_anchor,
    value_name,
)
from xdsl_pto.transforms.declared_allocs import (
    Declaration,
    check_runtime_slots,
    collect_declarations,
)
from xdsl_pto.transforms.memory_reuse.lifetime import ProgramOrder, value_lifetime
from xdsl_pto.transforms.patterns import InsertAllocs, RetypeValues, apply_patterns

PASS = "init-memref"


@functools.cache
def _space_attr(space: MemorySpace) -> StringAttr:
    """The ``space`` property of a ``tile.alloc`` in ``space`` (one per space)."""
    return StringAttr(space.value)


class _InitMemRef:
    """One function's MemRef initialization (analysis and rewrite in one walk:
    each decision only depends on values defined before it)."""

    def __init__(self, fn: func.FuncOp, planner: Planner = Planner.PYPTO, backend: Backend | None = None):
        self.fn = fn
        self.planner = planner
        self.backend = backend
        self.counter = 0
        self.roots: list[AllocOp] = []
        self.root_block: dict[str, Block] = {}
        self.decls: dict[str, Declaration] = {}
        # What buffer_live_past asks about, kept as the walk goes instead of
        # rescanning and renumbering the function per question (which made
        # the pass quadratic in the function's size): the values placed on
        # each root so far, and the statement indices, taken once -- the pass
        # only inserts ops (copies and carry moves, without regions), which
        # keeps the order of the others, and each inserted op is numbered
        # between its neighbours (:meth:`inserted`).
        self.on_root: dict[str, list[SSAValue]] = {}
        self._order: ProgramOrder | None = None

    def place(self, value: SSAValue, memref: MemRefAttr | None) -> SSAValue:
        """Give ``value`` (which has no MemRef yet) ``memref``; returns the
        replacement value, recorded on its root."""
        value = set_memref(value, memref)
        self.placed(value)
        return value

    def placed(self, value: SSAValue) -> None:
        """Record a value that got its MemRef (a new move's result) on its root."""
        m = memref_of(value)
        if m is not None:
            self.on_root.setdefault(m.root_name, []).append(value)

    def order(self, ops: Iterable[Operation]) -> ProgramOrder:
        """Statement indices of the function that number every op of ``ops``
        (taken again when one is missing)."""
        if self._order is None or any(op not in self._order.start for op in ops):
            self._order = ProgramOrder.of(self.fn)
        return self._order

    def inserted(self, op: Operation) -> None:
        """Number ``op``, just inserted into the function (an op without
        regions, never last in its block), in the kept statement indices:
        strictly between what precedes it in pre-order (the end of the op
        before it in its block; for the first op of a block, the end of the
        last op of an earlier block of the same region op, else that op's
        start) and the start of the op after it. The indices stop being
        integers, which only matters to comparisons. When no number fits
        any more, they are dropped and taken again when next asked for."""
        order = self._order
        if order is None:
            return
        lo, nxt = _preceding_index(op, order), op.next_op
        if lo is None or nxt is None or nxt not in order.start:
            self._order = None
            return
        hi = order.start[nxt]
        at = (lo + hi) / 2
        if lo < at < hi:
            order.start[op] = order.end[op] = at  # type: ignore[assignment]
        else:
            self._order = None

    def run(self) -> None:
        have = [memref_of(v) is not None for v in buffer_values(self.fn)]
        if have and all(have):
            return
        if any(have):
            raise PassError(
                f"{PASS}: function '{self.fn.sym_name.data}' has tiles with and without "
                "MemRefs; give init-memref a kernel with none",
                self.fn,
            )
        for arg in self.fn.body.blocks[0].args:
            if isinstance(arg.type, TileType):
                raise PassError(
                    f"{PASS}: function '{self.fn.sym_name.data}' takes a tile argument; "
                    "kernels take GM tensors (memref) and load them",
                    self.fn,
                )
        if any(isinstance(t, TileType) for t in self.fn.function_type.outputs):
            raise PassError(
                f"{PASS}: function '{self.fn.sym_name.data}' returns a tile; kernels "
                "store their results to GM tensors (tile.store)",
                self.fn,
            )
        _refuse_unstaged_matmuls(self.fn)
        self.decls = collect_declarations(self.fn, PASS, self.backend)
        if self.planner is Planner.PTOAS:
            _refuse_non_region(self.decls.values())
        self.roots = [
            AllocOp(d.name, d.space, d.size, pinned=True, slots=d.slots)
            for d in self.decls.values()
        ]
        for block in self.fn.body.blocks:
            self.visit_block(block)
        check_runtime_slots(self.fn, PASS)
        # The bindings are consumed (each bound tile is on its declaration's
        # root now) and the roots go to the function's head.
        unbound = {
            v: v.type.with_binding(None)
            for v in tile_values(self.fn)
            if isinstance(v.type, TileType) and v.type.get_binding() is not None
        }
        for alloc in self.roots:
            alloc.location = self.fn.location
        apply_patterns(self.fn, RetypeValues(unbound), InsertAllocs(self.fn, self.roots))

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
        for op in list(block.ops):
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
        for res in list(op.results):
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
        body = op.body.block
        n_ctrl = len(op.operands) - len(op.iter_args)
        carried: list[MemRefAttr] = []
        for idx, arg in enumerate(body.args[1:]):
            if not isinstance(arg.type, TileType):
                continue
            init = op.iter_args[idx]
            window = memref_of(init)
            if window is None or (
                any(window.overlaps(c) for c in carried)
                or is_strided(window, arg.type)
                or strided_in_memory(init)
                or self.region_phi(window, arg.type)  # type: ignore[arg-type]
                or self.init_still_needed(init, op)
            ):
                # The loop writes the carried buffer: give it its own copy so
                # other readers of the init value keep theirs. A strided view
                # (a column window) is copied too: a carried buffer is dense,
                # as every value the body yields back into it; so is a
                # pipe-resident init (a tpop result), which has no buffer.
                init = self.private_copy(init, op, "the loop carries it in place")
                op.operands[n_ctrl + idx] = init
            carried.append(memref_of(init))  # type: ignore[arg-type]
            self.place(arg, memref_of(init))
        self.visit_block(body)
        yield_op = body.last_op
        assert yield_op is not None
        carries = [
            (idx, body.args[1 + idx].type)
            for idx, res in enumerate(op.results)
            if isinstance(res.type, TileType)
        ]
        self.write_back_all(yield_op, carries, op)  # type: ignore[arg-type]
        for idx, res in enumerate(list(op.results)):
            if isinstance(res.type, TileType):
                self.place(res, memref_of(body.args[1 + idx]))

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

    def init_still_needed(self, init: SSAValue, loop: scf.ForOp) -> bool:
        """True when the loop may not carry ``init``'s own buffer: the init is
        passed to two iter_args, or its buffer is still live once the loop
        starts (:meth:`buffer_live_past`). (Two inits that are views of one
        buffer are caught by the caller: each carry needs its own.)"""
        if sum(1 for u in init.uses if u.operation is loop) > 1:
            return True
        return self.buffer_live_past(init, loop)

    def buffer_live_past(self, value: SSAValue, op: Operation, *, from_end: bool = False) -> bool:
        """True when a value on a window overlapping ``value``'s, defined
        before ``op``, is still read after ``op`` starts (after it ends, with
        ``from_end``): later in program order, or -- through an enclosing loop
        that ``op`` is in and the value is not -- on a later iteration
        (lifetimes as in MemoryReuse step 1). A read in the other arm of an
        ``scf.if`` than ``op`` is not "after" it: only one arm runs. Writing
        ``value``'s buffer at ``op`` would otherwise clobber data someone
        still reads."""
        window = memref_of(value)
        assert window is not None
        near = []
        for w in self.on_root.get(window.root_name, ()):
            m = memref_of(w)
            assert m is not None and m.root_name == window.root_name
            if m.offset.data >= window.end or window.offset.data >= m.end:
                continue
            near.append(w)
        asked = [op]
        for w in near:
            asked.append(value_anchor(w))  # type: ignore[arg-type]
            asked.extend(use.operation for use in w.uses)
        order = self.order(asked)
        start = order.end[op] if from_end else order.start[op]
        for w in near:
            if value_lifetime(w, order).lo >= start:
                continue
            if any(_read_after(w, use.operation, op, start, order) for use in w.uses):
                return True
        return False

    def private_copy(self, value: SSAValue, before: Operation, why: str) -> SSAValue:
        """A copy of ``value`` in a fresh root, made right before ``before``.

        Raises:
            PassError: when the memory space has no same-space copy (Acc,
                Left, Right, Bias): ``value`` cannot be preserved.
        """
        t = value.type
        assert isinstance(t, TileType)
        space = t.memory_space
        if space not in MOVE_ROUTES[space]:
            raise PassError(
                f"{PASS}: {before.name} overwrites the {space.value} buffer of "
                f"{value_name(value)} ({why}), but that value is still read afterwards "
                f"and no {space.value}->{space.value} copy exists; stop reading it after "
                "this op, or start from a fresh tile",
                before,
            )
        copy = MoveOp(value, t.with_memref(self.fresh(t, before)))
        copy.location = before.location
        before.parent_block().insert_op_before(copy, before)  # type: ignore[union-attr]
        self.inserted(copy)
        self.placed(copy.result)
        return copy.result

    def write_back_all(self, yield_op: Operation, carries: list[tuple[int, TileType]], anchor: Operation) -> None:
        """Insert the carry moves of one ``scf.yield`` in an order that
        realizes its simultaneous rebinding (seed 002, MemoryReuse step 7):
        a move that reads a window another move writes runs first; a cycle
        (e.g. a swap) is broken by first copying one yielded value into a
        fresh scratch root and writing back from there."""
        todo: dict[int, TileType] = {}
        reads: dict[int, MemRefAttr | None] = {}  # None: read from pipe storage
        for idx, carry_t in carries:
            y = yield_op.operands[idx]
            if y.type != carry_t:
                todo[idx] = carry_t
                reads[idx] = memref_of(y)
        writes = {i: t.get_memref() for i, t in todo.items()}

        def blocks(i: int, j: int) -> bool:  # move i must wait for move j
            read = reads[j]
            return read is not None and writes[i].overlaps(read)  # type: ignore[union-attr]

        scratch: list[Operation] = []
        order: list[int] = []
        left = sorted(todo)
        while left:
            ready = [i for i in left if not any(blocks(i, j) for j in left if j != i)]
            if not ready:
                k = left[0]
                y = yield_op.operands[k]
                t = y.type
                assert isinstance(t, TileType)
                space = t.memory_space
                if space not in MOVE_ROUTES[space]:
                    names = ", ".join(value_name(yield_op.operands[i]) for i in left)
                    raise PassError(
                        f"{PASS}: this loop's yield exchanges {space.value} values ({names}) "
                        f"between carries in a cycle, which only a copy could break, and no "
                        f"{space.value}->{space.value} copy exists; keep each {space.value} "
                        "value in its own carry",
                        anchor,
                    )
                copy = MoveOp(y, t.with_memref(self.fresh(t, anchor)))
                scratch.append(copy)
                yield_op.operands[k] = copy.result
                reads[k] = memref_of(copy.result)  # type: ignore[assignment]
                continue
            order.append(ready[0])
            left.remove(ready[0])
        for copy in scratch:
            copy.location = yield_op.location
            yield_op.parent_block().insert_op_before(copy, yield_op)  # type: ignore[union-attr]
            self.inserted(copy)
            self.placed(copy.result)
        for idx in order:
            before = yield_op.operands[idx]
            _write_back(yield_op, idx, todo[idx])
            moved = yield_op.operands[idx]
            if moved is not before:  # the carry move's result
                self.inserted(moved.owner)  # type: ignore[arg-type]
                self.placed(moved)

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
        for region in op.regions:
            for b in region.blocks:
                self.visit_block(b)
        arms = [r.block for r in op.regions if r.blocks]
        yields = [b.last_op for b in arms]
        claimed: list[MemRefAttr] = []
        merged: list[tuple[int, TileType]] = []
        for idx, res in enumerate(list(op.results)):
            t = res.type
            if not isinstance(t, TileType):
                continue
            target = None
            arm_windows = [memref_of(y.operands[idx]) for y in yields]  # type: ignore[union-attr]
            for block, y in zip(arms, yields):
                m = memref_of(y.operands[idx])  # type: ignore[union-attr]
                if (
                    m is not None
                    and not is_strided(m, t)
                    and not strided_in_memory(y.operands[idx])  # type: ignore[union-attr]
                    and not self.region_phi(m, t)
                    and not any(m.overlaps(c) for c in claimed)
                    and not any(w != m and w is not None and m.overlaps(w) for w in arm_windows)
                    and (
                        _created_in(self.root_block.get(m.root_name), block)
                        or not self.buffer_live_past(y.operands[idx], op, from_end=True)  # type: ignore[union-attr]
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
            self.write_back_all(y, merged, op)  # type: ignore[arg-type]
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
            base = memref_of(src)
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
            if is_pipe_resident(reused) or self.buffer_live_past(reused, op):
                copy = self.private_copy(reused, op, "it updates it in place")
                op.operands[_operand_index(op, reused)] = copy
                reused = copy
            m = memref_of(reused)
            assert m is not None
            return m
        return self.fresh(t, op)


def _refuse_unstaged_matmuls(fn: func.FuncOp) -> None:
    """A cube MAD reads Left / Right only; one whose operand still sits in Mat
    or Vec has not been through ``auto-tile-matmul-l0`` (which stages it, or
    tiles the matmul when it does not fit L0), so it cannot be planned.

    Raises:
        PassError: at the first such matmul, naming the operand and its space.
    """
    for op in fn.walk():
        for role, value, space in unstaged_l0_operands(op):
            raise PassError(
                f"{PASS}: {op.name}: {role} {value_name(value)} is in {space.value}, but the cube "
                f"reads it from {L0_ROLE_SPACES[role].value}; stage it (tile.move or tile.extract), or run "
                "auto-tile-matmul-l0 first, which stages the operands or tiles the matmul to fit "
                "L0 (a matmul it cannot tile gets a remark saying why)",
                op,
            )


def _refuse_non_region(decls: Iterable[Declaration]) -> None:
    """Under ``planner=ptoas``: every declared allocation is a ptoas region,
    2 to 16 slots (``pto.alloc_multi_tile``'s bounds, pypto-docs/27,
    "Eligibility").

    Raises:
        PassError: at the first tile bound to a single-slot declaration or
            to one of more than 16 slots.
    """
    for d in decls:
        if d.slots > MAX_MULTI_TILE_COUNT:
            v = d.bound[0]
            raise PassError(
                f"{PASS}: {value_name(v)} is bound to @{d.name}, a declared allocation with "
                f"{d.slots} slots; under planner=ptoas it becomes a ptoas region "
                f"(pto.alloc_multi_tile), which holds at most {MAX_MULTI_TILE_COUNT} slots -- "
                f"declare it with {MAX_MULTI_TILE_COUNT} slots or fewer, or use planner=pypto",
                value_anchor(v),
            )
        if d.slots == 1:
            v = d.bound[0]
            raise PassError(
                f"{PASS}: {value_name(v)} is bound to @{d.name}, a declared allocation with "
                "one slot; under planner=ptoas, ptoas plans every alloc_tile itself and would "
                "not keep it apart -- declare it with slots = 2 or more (a ptoas region), or "
                "use planner=pypto",
                value_anchor(v),
            )


def _preceding_index(op: Operation, order: ProgramOrder) -> float | None:
    """The statement index that comes right before ``op`` in pre-order
    (see :meth:`_InitMemRef.inserted`); -1 before the function's first op;
    None when an op it needs is not numbered."""
    prev = op.prev_op
    if prev is not None:
        return order.end.get(prev)
    block = op.parent_block()
    around = op.parent_op()
    if block is None or around is None:
        return None
    blocks = [b for region in around.regions for b in region.blocks]
    for b in reversed(blocks[: blocks.index(block)]):
        if b.last_op is not None:
            return order.end.get(b.last_op)
    if around not in order.start:  # the function: its body's first op
        return -1 if isinstance(around, func.FuncOp) else None
    return order.start[around]


def _created_in(root_block: Block | None, block: Block) -> bool:
    """True when a root created in ``root_block`` was created inside ``block``."""
    return root_block is not None and block.is_ancestor(root_block)


def _read_after(value: SSAValue, user: Operation, op: Operation, start: int, order: ProgramOrder) -> bool:
    """Whether ``user``'s read of ``value`` can happen after ``op`` (position
    ``start``): see :meth:`_InitMemRef.buffer_live_past`."""
    point = order.start[user]
    anc = user.parent_op()
    while anc is not None and anc in order.start:
        if isinstance(anc, scf.ForOp) and not defined_inside(value, anc):
            if anc.is_ancestor(op):
                return True  # read again on the next iteration, after op
            point = max(point, order.end[anc])
        anc = anc.parent_op()
    return point > start and not _exclusive(op, user)


def _exclusive(a: Operation, b: Operation) -> bool:
    """True when ``a`` and ``b`` sit in different arms of one ``scf.if``."""
    arms: dict[Operation, object] = {}
    cur: Operation | None = a
    while cur is not None:
        parent = cur.parent_op()
        if isinstance(parent, scf.IfOp):
            arms[parent] = cur.parent_region()
        cur = parent
    cur = b
    while cur is not None:
        parent = cur.parent_op()
        if isinstance(parent, scf.IfOp) and parent in arms:
            return arms[parent] is not cur.parent_region()
        cur = parent
    return False


def _operand_index(op: Operation, value: SSAValue) -> int:
    return next(i for i, v in enumerate(op.operands) if v is value)



def _write_back(yield_op: Operation, idx: int, carry_type: TileType) -> None:
    """Make operand ``idx`` of ``yield_op`` land on ``carry_type``'s MemRef,
    inserting a carry move before the yield when it is elsewhere."""
    y = yield_op.operands[idx]
    if y.type == carry_type:
        return
    move = MoveOp(y, carry_type, carry=True)
    move.location = yield_op.location
    yield_op.parent_block().insert_op_before(move, yield_op)  # type: ignore[union-attr]
    yield_op.operands[idx] = move.result


@dataclass(frozen=True)
class InitMemRefPass(ModulePass):
    """Attach a MemRef to every tile value and declare the allocation roots
    (pypto-docs/31-init_memref.md).

    Options:
        planner: ``pypto`` (default), ``ptoas`` (refuses single-slot
            declared allocations; recorded as ``tile.memory_planner``);
            empty = the module's recorded planner.
        backend: ``a2``, ``a3`` or ``a5``; empty = the module's
            ``pto.target_arch``, else the A2/A3 rule. Sizes Acc roots by the
            target's L0C row padding.

    Raises:
        PassError: on a partially initialized function, an unsupported
            runtime-offset slice, a bad binding, or (ptoas) a single-slot
            declared allocation.
    """

    name = "init-memref"

    planner: str = ""
    backend: str = ""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        self.run(op, PassConfig.resolve(op, PASS, backend=self.backend, planner=self.planner))

    def run(self, op: ModuleOp, config: PassConfig) -> None:
        """Initialize ``op``'s MemRefs for ``config`` (resolved by the caller)."""
        record_planner(op, config.planner)
        record_target(op, config.backend, PASS)  # the roots are sized for it
        for fn in kernels(op):
            _InitMemRef(fn, config.planner, config.backend).run()
