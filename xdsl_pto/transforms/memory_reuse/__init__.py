"""``memory-reuse``: opportunistic buffer sharing for the PYPTO planner.

Seeds 001/002 (MemoryReuse). One module per stage, run in this order:

1. :mod:`.yield_fixup` -- settle carry moves (keep Vec, reject Acc);
   :mod:`.declared` -- two tiles bound to one slot of a declared allocation
   must not be live at once;
2. :mod:`.lifetime` -- statement indices and root intervals;
3. :mod:`.constraints` -- no-alias pairs from the op traits for the target
   (and the refusal of a tmp aliased to a source it must not overlap);
   :mod:`.hazards` -- the Ascend910 load + tpop pairs and the
   written-workspace pairs;
   :mod:`.stages` -- pipeline-stage memberships and the roots they separate
   (a per-buffer rule the packers ask, :class:`.stages.StageRule`);
4. :mod:`.packing` -- first-fit-decreasing packing (pinned roots closed),
   driven per memory space by :mod:`.capacity`: the subrange fallback on an
   overflow, the pipeline-stage guard with its depth shed and legacy
   fallback, and their diagnostics (seed 001/002 step 3);
5. :mod:`.rewrite` -- rebase roots, remove unreferenced ``tile.alloc``;
   strip the consumed ``tile.pipeline_membership`` tags.

Addresses from an earlier ``allocate-memory-addr`` are dropped: they no longer
describe the shared buffers (run it again afterwards).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from xdsl_pto.backends import Backend, record_target
from xdsl_pto.diagnostics import PassError, report
from xdsl_pto.dialects.tile.types import MemorySpace
from xdsl_pto.pass_config import PassConfig
from xdsl_pto.planners import Planner
from xdsl_pto.transforms.common import kernels, planned_floor, require_memrefs
from xdsl_pto.transforms.memory_reuse.capacity import Diagnostic, plan_space
from xdsl_pto.transforms.memory_reuse.constraints import (
    check_operand_overlaps,
    no_alias_pairs,
)
from xdsl_pto.transforms.memory_reuse.declared import check_slot_overlaps
from xdsl_pto.transforms.memory_reuse.hazards import (
    Facts,
    check_fixed_sharing,
    load_tpop_pairs,
    workspace_pairs,
)
from xdsl_pto.transforms.memory_reuse.lifetime import root_intervals
from xdsl_pto.transforms.memory_reuse.packing import Buffer, Root
from xdsl_pto.transforms.memory_reuse.rewrite import apply_sharing
from xdsl_pto.transforms.memory_reuse.stages import stage_info, strip_memberships
from xdsl_pto.transforms.memory_reuse.yield_fixup import check_carries
from xdsl_pto.transforms.patterns import SetAllocAddresses, apply_patterns

PASS = "memory-reuse"


def plan_reuse(
    fn: func.FuncOp, backend: Backend | None = None, facts: Facts | None = None
) -> tuple[list[Buffer], list[Diagnostic]]:
    """The packing decision for ``fn`` and the diagnostics it raises
    (analysis only; nothing is changed or printed).

    Each memory space is planned by :func:`.capacity.plan_space`: the
    legacy whole-buffer packing is kept byte for byte wherever it fits; with
    a ``backend``, an overflowing space is packed again with aligned
    subranges of existing arenas; pipeline clones are kept apart up to the
    depth each space affords.

    Sharing is refused (seed 002) between lifetimes that interfere, for the
    no-alias rules of ``backend``'s target (every target's when None), the
    Ascend910 load + tpop hazard and the written-workspace hazard.

    ``facts``: what the checks before it already took (:class:`.hazards.Facts`,
    for the same target; taken here when None).

    Raises:
        PassError: for a malformed ``tile.pipeline_membership`` or
            ``tile.split_mode``.
    """
    target = backend.name if backend is not None else None
    facts = facts or Facts(fn, target)
    intervals = root_intervals(fn, facts.order)
    roots = [
        Root(name, op.space.data, op.size.data, intervals[name], op.is_pinned)
        for name, op in facts.allocs.items()
        if name in intervals
    ]
    forbidden = forbidden_sharing(fn, roots, facts, PASS)
    info = stage_info(fn)
    buffers: list[Buffer] = []
    notes: list[Diagnostic] = []
    # Reserved cross-core windows take the bottom of their space: the tiles
    # get what is left above them.
    floor = planned_floor(fn, PASS) if backend is not None else {}
    for space in sorted({r.space for r in roots}):
        limit = None
        if backend is not None:
            limit = backend.capacity[MemorySpace(space)] - floor.get(MemorySpace(space), 0)
        mine, said = plan_space([r for r in roots if r.space == space], forbidden, info, limit)
        buffers.extend(mine)
        notes.extend(said)
    return buffers, notes


def forbidden_sharing(fn: func.FuncOp, roots: list[Root], facts: Facts, pass_name: str) -> set[frozenset[str]]:
    """Unordered pairs of root names of ``fn`` that must never share bytes
    on ``facts.target`` (None: every target's rule binds), whatever their
    lifetimes: the no-alias rules of the op traits (seed 002, "No-alias
    guard": ``NotInplaceSafe``, ``NoAlias``, ``NoAliasOn``, ``CastNoAlias``,
    and sibling results), the Ascend910 load + tpop hazard and the
    written-workspace hazard (``roots``: the roots with their lifetimes,
    which that hazard reads). What memory-reuse's packing keeps apart, and
    what ``pto-plan-memory{planner=ptoas}`` asks before it lets a result
    take its dying operand's buffer (:mod:`xdsl_pto.transforms.ptoas_inplace`).

    Raises:
        PassError: prefixed with ``pass_name``, for a malformed
            ``tile.split_mode``.
    """
    target = facts.target
    try:
        return (
            no_alias_pairs(fn, target, facts.forbidden_operands)
            | load_tpop_pairs(fn, target, active=facts.guard_active)
            | workspace_pairs(fn, roots, facts.order)
        )
    except ValueError as e:  # a malformed tile.split_mode
        raise PassError(f"{pass_name}: {e}", fn) from None


def check_before_packing(
    fn: func.FuncOp, target: str | None, pass_name: str, facts: Facts | None = None
) -> None:
    """What ``fn`` already fixes before any packing holds up: every carry
    move left has a same-space copy (no Acc/Left/Right/Bias one), and the
    sharing it already has -- the author's bindings, loop carries, in-place
    retargets -- keeps ``target``'s rules: no no-alias rule, load + tpop or
    written-workspace hazard between two values on one root, no two values
    on one slot of a declared allocation live at once. (Run by memory-reuse,
    and by ``pto-plan-memory`` under ``planner=ptoas``, where ptoas plans
    the rest.)

    Raises:
        PassError: prefixed with ``pass_name`` (see
            :func:`.yield_fixup.check_carries`,
            :func:`.hazards.check_fixed_sharing` and
            :func:`.declared.check_slot_overlaps`), or for a malformed
            ``tile.split_mode``.
    """
    check_carries(fn, pass_name)
    try:
        check_fixed_sharing(fn, target, pass_name, facts)
    except ValueError as e:  # a malformed tile.split_mode
        raise PassError(f"{pass_name}: {e}", fn) from None
    check_slot_overlaps(fn, pass_name)


def memory_reuse(fn: func.FuncOp, backend: Backend | None = None) -> list[str]:
    """Run MemoryReuse on one function; returns the removed root names.
    ``backend`` (capacities) enables the subrange fallback and the
    capacity-gated pipeline-stage guard; their remarks and warnings go to
    standard error (:func:`xdsl_pto.diagnostics.report`).

    Raises:
        PassError: without MemRefs (run init-memref first), for an Acc carry
            that cannot stay in one buffer, or for two tiles bound to one
            slot of a declared allocation and live at once, for a tmp
            that overlaps a source the target forbids it to, or for a
            target hazard between two values already on one root.
    """
    require_memrefs(fn, PASS)
    target = backend.name if backend is not None else None
    facts = Facts(fn, target)  # shared by the checks and the packing (nothing changes in between)
    check_before_packing(fn, target, PASS, facts)
    check_operand_overlaps(fn, target, PASS)
    buffers, notes = plan_reuse(fn, backend, facts)
    kept = dict(facts.allocs)
    removed = apply_sharing(fn, buffers)
    strip_memberships(fn)
    for name in removed:
        del kept[name]
    # addresses, if any, no longer describe the buffers
    apply_patterns(fn, SetAllocAddresses({name: None for name, op in kept.items() if op.addr is not None}))
    for note in notes:
        report(note.severity, note.message, note.op)
    return removed


@dataclass(frozen=True)
class MemoryReusePass(ModulePass):
    """Share buffers between tiles whose lifetimes do not overlap (seed 001/002).

    Options:
        backend: ``a2``, ``a3`` or ``a5``; empty = the module's
            ``pto.target_arch`` if any. With a capacity known, a space that
            overflows is packed again with subranges (see :func:`plan_reuse`),
            and the backend is recorded as ``pto.target_arch``.
    """

    name = "memory-reuse"

    backend: str = ""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        self.run(op, PassConfig.resolve(op, PASS, backend=self.backend, belongs_to=Planner.PYPTO))

    def run(self, op: ModuleOp, config: PassConfig) -> None:
        """Share ``op``'s buffers for ``config`` (resolved by the caller)."""
        record_target(op, config.backend, PASS)
        for fn in kernels(op):
            memory_reuse(fn, config.backend)


__all__ = ["MemoryReusePass", "check_before_packing", "forbidden_sharing", "memory_reuse", "plan_reuse"]
