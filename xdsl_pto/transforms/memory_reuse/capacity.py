"""The packing decision for one memory space, capacity-aware (seed 001/002,
MemoryReuse step 3: "Capacity-overflow subrange fallback" and
"Pipeline-stage guard").

For a space with no pipeline membership the legacy whole-buffer packing is
kept whenever its exact footprint fits; an overflow is retried with aligned
subranges of existing arenas (:func:`fit`).

For a space holding clones of replicated pipeline loops (see :mod:`.stages`):

1. capacity unknown: the legacy stage rule;
2. else each group ``g`` gets the depth ``F_g = min(depth_g, C_s // slot_g)``
   (``slot_g``: the bytes one of its stages occupies in the space -- the
   largest footprint of one stage's roots packed on their own) and the space
   is packed with the gated rule;
3. while the footprint overflows, one group loses one residue -- the group
   whose shed leaves the smallest footprint (MaxRelief: most bytes freed;
   ties by lowest group id) -- and the space is re-packed;
4. when no group can shed any more, the space is re-packed from scratch
   with the legacy rule (a warning, unless one root alone exceeds the space).

A group left below its requested depth gets the PH-MR-001 performance hint.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.ir import Operation

from xdsl_pto.backends import ALLOC_ALIGN
from xdsl_pto.transforms.footprint import layout
from xdsl_pto.transforms.memory_reuse.packing import Buffer, Root, pack, pack_subranges
from xdsl_pto.transforms.memory_reuse.stages import StageInfo, StageRule

Pairs = set[frozenset[str]]


@dataclass(frozen=True)
class Diagnostic:
    """A remark or warning to report at ``op`` (see xdsl_pto.diagnostics.report)."""

    severity: str
    message: str
    op: Operation | None


def footprint(buffers: list[Buffer]) -> int:
    """The allocator's high-water mark (bytes) for ``buffers`` of one space."""
    return layout({b.representative.name: b.representative.size for b in buffers})[1]


def fit(
    roots: list[Root], forbidden: Pairs, limit: int | None, rule: StageRule | None = None
) -> list[Buffer]:
    """Whole-buffer packing, kept byte for byte when it fits ``limit``
    (bytes; None = unknown); else the subrange packing if that fits; else
    the whole-buffer one (allocate-memory-addr reports the overflow). A
    pipeline-stage ``rule`` separates what its pairs would."""
    buffers = pack(roots, forbidden, rule)
    if limit is None or footprint(buffers) <= limit:
        return buffers
    retry = pack_subranges(roots, forbidden, rule=rule)
    return retry if footprint(retry) <= limit else buffers


def plan_space(
    roots: list[Root], forbidden: Pairs, info: StageInfo, limit: int | None
) -> tuple[list[Buffer], list[Diagnostic]]:
    """Buffers for the roots of one memory space and the diagnostics to
    report (see module doc). ``limit`` is the space's capacity in bytes."""
    groups = info.groups(roots)
    if not groups:
        return fit(roots, forbidden, limit), []
    if limit is None:
        return pack(roots, forbidden, StageRule(roots, info)), []
    space = roots[0].space
    slot = {g: _stage_slot(roots, info, g, forbidden) for g in groups}
    depth = {g: max(1, min(info.depth(g), limit // slot[g])) for g in groups}

    def attempt(d: dict[int, int]) -> list[Buffer]:
        return fit(roots, forbidden, limit, StageRule(roots, info, d))

    buffers = attempt(depth)
    while footprint(buffers) > limit:
        options = []
        for g in groups:
            if depth[g] > 1:
                trial = {**depth, g: depth[g] - 1}
                packed = attempt(trial)
                options.append((footprint(packed), g, trial, packed))
        if not options:
            return _legacy_fallback(roots, forbidden, info, limit, space)
        _, _, depth, buffers = min(options, key=lambda o: (o[0], o[1]))
    hints = [
        Diagnostic(
            "remark",
            _depth_hint(g, info.depth(g), depth[g], slot[g], space, limit),
            _anchor(roots, info, g),
        )
        for g in groups
        if depth[g] < info.depth(g)
    ]
    return buffers, hints


def _depth_hint(group: int, asked: int, got: int, stage: int, space: str, limit: int) -> str:
    """The PH-MR-001 text: requested vs achieved depth and the fix -- one
    stage's tiles in at most ``C_s / stage`` bytes (32-byte aligned), or,
    when the stage tile is already that small and the rest of the space's
    buffers are what crowds it out, freeing room there; else a lower
    ``stage=``."""
    head = (
        f"PH-MR-001: pipeline group {group} gets {got} of the {asked} requested stage "
        f"buffers in {space} (one stage needs {stage} bytes, {space} holds {limit})"
    )
    fits = limit // asked // ALLOC_ALIGN * ALLOC_ALIGN
    if stage > fits:
        return (
            f"{head}; shrink one stage's tiles to at most {fits} bytes, or lower stage= to {got}"
        )
    return (
        f"{head}; the other {space} buffers leave too little room for {asked} stages: "
        f"free {space} space elsewhere, or lower stage= to {got}"
    )


def _stage_slot(roots: list[Root], info: StageInfo, group: int, forbidden: Pairs) -> int:
    """Bytes one stage of ``group`` occupies in this space: the largest
    footprint, over the group's stages, of that stage's roots packed on
    their own (so the tiles one stage reuses in place count once)."""
    by_stage: dict[int, list[Root]] = {}
    for r in roots:
        for k in info.stages.get(r.name, {}).get(group, ()):
            by_stage.setdefault(k, []).append(r)
    return max(footprint(pack(mine, forbidden)) for mine in by_stage.values())


def _legacy_fallback(
    roots: list[Root], forbidden: Pairs, info: StageInfo, limit: int, space: str
) -> tuple[list[Buffer], list[Diagnostic]]:
    buffers = fit(roots, forbidden, limit, StageRule(roots, info))
    biggest = max(roots, key=lambda r: r.size)
    if biggest.size > limit:
        return buffers, []  # impossible on its own: allocate-memory-addr says so
    groups = info.groups(roots)
    asked = ", ".join(f"group {g}: {info.depth(g)}" for g in groups)
    warning = Diagnostic(
        "warning",
        f"memory-reuse: {space} overflows its {limit} bytes at every pipeline depth "
        f"({asked} requested); re-packed with the legacy stage rule (only loads stay "
        f"apart across stages): {footprint(buffers)} bytes",
        _anchor(roots, info, groups[0]),
    )
    return buffers, [warning]


def _anchor(roots: list[Root], info: StageInfo, group: int) -> Operation | None:
    """Where a diagnostic about ``group`` in this space points: the first op
    that produces one of the group's tiles in the space."""
    mine = [r for r in roots if group in info.stages.get(r.name, {}) and r.name in info.root_anchor]
    if not mine:
        return info.anchor.get(group)
    return info.root_anchor[min(mine, key=lambda r: r.live.lo).name]


__all__ = ["Diagnostic", "fit", "footprint", "plan_space"]
