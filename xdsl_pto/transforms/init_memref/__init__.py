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

Per function: analysis (the refusals below, the declarations), decision
(:class:`~xdsl_pto.transforms.init_memref.decide.MemRefDecisions`: one walk
in program order, each value decided from what was decided before it, into
a :class:`~xdsl_pto.transforms.draft.Draft`; its liveness question is
:mod:`~xdsl_pto.transforms.init_memref.live`), rewrite (the draft's
patterns -- the copies and carry moves inserted, every value retyped onto
its MemRef with its binding consumed -- and the roots inserted at the head).
A refused kernel is left as it was.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from xdsl_pto.backends import Backend, record_target
from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.pto.types import MAX_MULTI_TILE_COUNT
from xdsl_pto.dialects.tile.traits import L0_ROLE_SPACES, unstaged_l0_operands
from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.pass_config import PassConfig
from xdsl_pto.planners import Planner, record_planner
from xdsl_pto.transforms.common import (
    buffer_values,
    kernels,
    memref_of,
    tile_values,
    value_anchor,
    value_name,
)
from xdsl_pto.transforms.declared_allocs import (
    Declaration,
    check_runtime_slots,
    collect_declarations,
)
from xdsl_pto.transforms.init_memref.decide import PASS, MemRefDecisions
from xdsl_pto.transforms.patterns import InsertAllocs, apply_patterns


def init_memref(fn: func.FuncOp, planner: Planner = Planner.PYPTO, backend: Backend | None = None) -> None:
    """Give every tile value of ``fn`` a MemRef and declare its roots (see
    the module doc); a function whose tiles all have MemRefs is left as it is.

    Raises:
        PassError: on a partially initialized function, a tile argument or
            result, a matmul whose operands are not staged into L0, a bad binding or
            runtime slot, an unsupported view or region op, a value that
            would have to be copied in a space without a same-space copy,
            or (ptoas) a single-slot declared allocation.
    """
    have = [memref_of(v) is not None for v in buffer_values(fn)]
    if have and all(have):
        return
    if any(have):
        raise PassError(
            f"{PASS}: function '{fn.sym_name.data}' has tiles with and without "
            "MemRefs; give init-memref a kernel with none",
            fn,
        )
    for arg in fn.body.blocks[0].args:
        if isinstance(arg.type, TileType):
            raise PassError(
                f"{PASS}: function '{fn.sym_name.data}' takes a tile argument; "
                "kernels take GM tensors (memref) and load them",
                fn,
            )
    if any(isinstance(t, TileType) for t in fn.function_type.outputs):
        raise PassError(
            f"{PASS}: function '{fn.sym_name.data}' returns a tile; kernels "
            "store their results to GM tensors (tile.store)",
            fn,
        )
    _refuse_unstaged_matmuls(fn)
    decls = collect_declarations(fn, PASS, backend)
    if planner is Planner.PTOAS:
        _refuse_non_region(decls.values())
    decisions = MemRefDecisions(fn, decls, planner, backend)
    decisions.decide()
    draft = decisions.draft
    check_runtime_slots(fn, PASS, draft.memref)
    # The bindings are consumed (each bound tile is on its declaration's
    # root now) and the roots go to the function's head.
    for v in tile_values(fn):
        t = draft.type_of(v)
        if t.get_binding() is not None:
            draft.retype(v, t.with_binding(None))
    for moves in draft.inserted.values():
        for move in moves:
            if move.type.get_binding() is not None:
                move.type = move.type.with_binding(None)
    for alloc in decisions.roots:
        alloc.location = fn.location
    draft.apply()
    apply_patterns(fn, InsertAllocs(fn, decisions.roots))


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
            init_memref(fn, config.planner, config.backend)


__all__ = ["InitMemRefPass", "init_memref"]
