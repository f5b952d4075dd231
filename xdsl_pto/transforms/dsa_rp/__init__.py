"""The DSA-RP planner's address assignment (``allocate-memory-addr`` with
``planner=dsa_rp``; pypto-docs/34-allocate_memory_addr.md, "DSA-RP
policy"; seeds 001/002, "Planner boundary").

MemoryReuse does not run: every allocation root left by
materialize-semantic-aliases stays its own buffer, and the placement engine
(:mod:`xdsl_pto.placement`) chooses every root's address jointly, per
memory space, within the backend's capacity, preferring placements that
avoid cross-pipe handoffs. The stages:

1. :mod:`.model` -- analysis: roots, hard separations with their reasons,
   the streaming order; :mod:`.handoff` -- the cross-pipe penalties;
2. :mod:`.place` -- decision: the strict-then-soft search, each placement
   checked independently;
3. here -- rewrite: the addresses on the ``tile.alloc`` ops, the consumed
   ``tile.pipeline_membership`` tags removed, the PH-DSA-001 hints.
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.ir import Operation

from xdsl_pto.backends import Backend
from xdsl_pto.diagnostics import PassError, report
from xdsl_pto.dialects.tile.types import MemorySpace
from xdsl_pto.transforms.common import remove_unused_allocs, require_memrefs
from xdsl_pto.transforms.dsa_rp.model import SpaceModel, build_models
from xdsl_pto.transforms.dsa_rp.place import SpacePlan, place_space
from xdsl_pto.transforms.memory_reuse import check_before_packing
from xdsl_pto.transforms.memory_reuse.constraints import check_operand_overlaps
from xdsl_pto.transforms.memory_reuse.stages import StageInfo, strip_memberships
from xdsl_pto.transforms.patterns import SetAllocAddresses, apply_patterns
from xdsl_pto.transforms.pipe_rings import ring_note


def plan_dsa_rp(
    fn: func.FuncOp,
    backend: Backend | None,
    pass_name: str,
    floor: dict[MemorySpace, int] | None = None,
) -> dict[str, SpacePlan]:
    """Place every root of ``fn`` and write its address; returns the plan
    of each memory space (by space name, offsets relative to the space's
    floor). Remarks (PH-DSA-001) go to standard error.

    ``floor`` (bytes per space, the aligned end of its reserved cross-core
    windows): the space's roots are placed at or above it, within the
    capacity left above it.

    Raises:
        PassError: prefixed with ``pass_name``: without MemRefs; for what
            the kernel already fixes against the rules (see
            :func:`xdsl_pto.transforms.memory_reuse.check_before_packing`);
            for a malformed ``tile.split_mode`` or pipeline membership; for
            a space whose buffers found no placement within the capacity.
    """
    require_memrefs(fn, pass_name)
    remove_unused_allocs(fn)  # a root no value is on any more (MemoryReuse step 8)
    target = backend.name if backend is not None else None
    check_before_packing(fn, target, pass_name)
    check_operand_overlaps(fn, target, pass_name)
    try:
        models, info = build_models(fn, target, pass_name)
    except ValueError as e:  # a malformed tile.split_mode
        raise PassError(f"{pass_name}: {e}", fn) from None
    floor = floor or {}
    plans: dict[str, SpacePlan] = {}
    for model in models:
        base = floor.get(model.space, 0)
        capacity = backend.capacity[model.space] if backend is not None else None
        room = max(0, capacity - base) if capacity is not None else None
        plan = place_space(model, room)
        if not plan.fits:
            assert backend is not None and capacity is not None
            message, at = _no_fit(fn, model, plan, backend, capacity, pass_name, base)
            raise PassError(message, at if at is not None else fn)
        plans[model.space.value] = plan
        if plan.relaxed:
            _hint(model, plan, info, room)
    addresses = {
        name: floor.get(MemorySpace(space), 0) + offset
        for space, plan in plans.items()
        for name, offset in plan.offsets.items()
    }
    apply_patterns(fn, SetAllocAddresses(addresses))
    strip_memberships(fn)
    return plans


def _no_fit(
    fn: func.FuncOp,
    model: SpaceModel,
    plan: SpacePlan,
    backend: Backend,
    capacity: int,
    pass_name: str,
    base: int = 0,
) -> tuple[str, Operation | None]:
    """The no-fit error and the op to locate it at: a proof when LOAD alone
    exceeds the capacity left above the reserved windows, or when the
    tiles a rule keeps apart at one point do; else a search failure (the
    policy's wording). Either way it names the peak point, the tiles live
    there and the rule that keeps two of them apart
    (:func:`~xdsl_pto.transforms.memory_reuse.pressure.overflow_note`)."""
    from xdsl_pto.transforms.memory_reuse.pressure import overflow_note, peak_pressure

    space = model.space.value
    head = (
        f"{pass_name}: function '{fn.sym_name.data}': planner=dsa_rp cannot place the "
        f"{len(model.roots)} {space} buffers within the {backend.name} capacity ({capacity} bytes)"
    )
    past = base > capacity  # the reserved windows alone: no tile fits above them
    if past:
        head += (
            f": the reserved cross-core ring buffers (tile.reserve_buffer) alone end at "
            f"{base} bytes, past the capacity, leaving no bytes for tiles"
        )
        capacity = 0
    elif base:
        head += (
            f", of which the first {base} bytes are reserved for cross-core ring buffers "
            f"(tile.reserve_buffer), leaving {max(0, capacity - base)} bytes for tiles"
        )
        capacity = max(0, capacity - base)
    rings = ring_note(fn, model.space)
    note, at = ("", None) if past else overflow_note(fn, model.space, backend.name, capacity)
    if plan.load > capacity:
        return f"{head}: {plan.load} bytes are live at one point (LOAD), so no placement exists{note}{rings}", at
    peak = peak_pressure(fn, model.space, backend.name)
    if peak is not None and peak.bytes > capacity:
        return (
            f"{head}: no placement exists (LOAD {plan.load} bytes, but a rule keeps more "
            f"apart){note}{rings}",
            at,
        )
    relaxed = " with pipeline stages allowed to share" if model.stage_only() else ""
    return (
        f"{head}: the best placement found{relaxed} needs {plan.peak} bytes (LOAD {plan.load} "
        "bytes); this is a search failure, not a proof that none exists -- try planner=pypto, "
        f"or shrink the tiles live together{note}{rings}",
        at,
    )


def _hint(model: SpaceModel, plan: SpacePlan, info: StageInfo, capacity: int | None) -> None:
    """PH-DSA-001 for a space whose pipeline stages had to share bytes."""
    a, b = sorted(plan.relaxed[0])
    groups = sorted(info.stages.get(a, {}).keys() & info.stages.get(b, {}).keys())
    where = f"pipeline group {groups[0]}" if groups else "a pipeline group"
    anchor = info.root_anchor.get(a) or info.root_anchor.get(b)
    report(
        "remark",
        f"PH-DSA-001: {model.space.value} cannot keep every requested pipeline stage apart "
        f"within {capacity} bytes: planner=dsa_rp lets {len(plan.relaxed)} pair(s) of stage "
        f"buffers share bytes (first: @{a} and @{b}, {where}), so those stages overlap less; "
        "shrink one stage's tiles or lower stage=",
        anchor,
    )


__all__ = ["plan_dsa_rp"]
