"""The DSA-RP allocation problem of one function, read off the IR
(pypto-docs/34-allocate_memory_addr.md, "DSA-RP policy"; seeds 001/002,
"Planner boundary").

Each allocation root left by materialize-semantic-aliases is one buffer:
its size (bytes), 32-byte alignment and the hull of its members' lifetimes
(statement indices, touching ends allowed, :mod:`..memory_reuse.lifetime`).
Each memory space is one arena. Beyond lifetime interference, a pair of
roots is kept apart -- a *hard separation* -- for one or more reasons:

* ``semantic no-alias``: an op's result may not share bytes with an
  operand (the op traits for the target, :func:`..memory_reuse.constraints.no_alias_pairs`);
* ``target hazard``: the Ascend910 load + tpop and the written-workspace
  hazards (:mod:`..memory_reuse.hazards`);
* ``declared allocation``: an author-declared root shares no byte with any
  other root of its space (a multi-slot declaration is one root covering
  all its slots);
* ``pipeline stage``: two roots holding different stages of one replicated
  pipeline loop, at the depth the loop asked for (:mod:`..memory_reuse.stages`);
* ``window inside its root``: an op reads a window of one root and writes
  a window of another, and one of them does not start at its root's start
  (ops stream front to back; see below).

Streaming: an op reads each element before it writes the result element at
the same index, so a result may start at or below an operand it overlaps,
never strictly inside it. When both windows start at their root's start
this is an *ordered pair* ``(operand root, result root)`` for the placement
engine (``Problem.no_start_inside``: the result root may not start strictly
inside the operand's whole root, which holds the operand window -- sound,
and it still lets a result take an operand's bytes from the same start);
a window further into its root is a hard separation. A workspace operand, which the op writes too, gets both
orders: its result may share it only from the same start (as MemoryReuse
lets the result join the workspace's buffer), or not at all. These are the same rules MemoryReuse and verify-memory-plan
apply; nothing here has its own list of ops.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from xdsl.dialects import func

from xdsl_pto.dialects.tile.traits import view_source, workspace_operands
from xdsl_pto.dialects.tile.types import MemorySpace
from xdsl_pto.transforms.common import allocs, memref_of
from xdsl_pto.transforms.dsa_rp.handoff import cross_pipe_pairs
from xdsl_pto.transforms.memory_reuse.constraints import no_alias_pairs
from xdsl_pto.transforms.memory_reuse.hazards import load_tpop_pairs, workspace_pairs
from xdsl_pto.transforms.memory_reuse.lifetime import ProgramOrder, root_intervals
from xdsl_pto.transforms.memory_reuse.packing import Root
from xdsl_pto.transforms.memory_reuse.stages import StageInfo, gated_pairs, stage_info

Pair = frozenset[str]


class Reason(str, Enum):
    """Why two roots are hard-separated (see the module doc)."""

    NO_ALIAS = "semantic no-alias"
    HAZARD = "target hazard"
    DECLARED = "declared allocation"
    STAGE = "pipeline stage"
    WINDOW = "window inside its root"


@dataclass
class SpaceModel:
    """The roots of one memory space and their pairwise rules.

    Attributes:
        space: the memory space (one arena).
        roots: its roots, in name order.
        hard: root pairs kept apart beyond lifetime interference, with
            every reason that applies.
        ordered: ``(operand root, result root)``: the result root may not
            start strictly inside the operand root.
        penalties: root pairs whose sharing is a cross-pipe handoff, with
            their weight (1 each).
    """

    space: MemorySpace
    roots: list[Root]
    hard: dict[Pair, set[Reason]] = field(default_factory=dict)
    ordered: set[tuple[str, str]] = field(default_factory=set)
    penalties: dict[Pair, int] = field(default_factory=dict)

    def separate(self, pair: Pair, reason: Reason) -> None:
        """Record ``reason`` for keeping ``pair`` apart."""
        self.hard.setdefault(pair, set()).add(reason)

    def stage_only(self) -> list[Pair]:
        """The pairs whose only hard reason is pipeline intent (the ones
        the strict-then-soft retry may relax), sorted."""
        return sorted((p for p, why in self.hard.items() if why == {Reason.STAGE}), key=sorted)


def build_models(
    fn: func.FuncOp, target: str | None, pass_name: str = "allocate-memory-addr"
) -> tuple[list[SpaceModel], StageInfo]:
    """One :class:`SpaceModel` per memory space holding a root of ``fn``
    (in space order), for ``target`` (a2, a3, a5; None = every target's
    rules), and the pipeline-stage memberships they were read from.

    Raises:
        ValueError: for a malformed ``tile.split_mode``.
        PassError: for a malformed ``tile.pipeline_membership`` (prefixed
            with ``pass_name``).
    """
    order = ProgramOrder.of(fn)
    intervals = root_intervals(fn, order)
    ops = allocs(fn)
    roots = [
        Root(name, op.space.data, op.size.data, intervals[name], op.is_pinned)
        for name, op in sorted(ops.items())
        if name in intervals
    ]
    by_space: dict[str, SpaceModel] = {}
    for r in roots:
        by_space.setdefault(r.space, SpaceModel(MemorySpace(r.space), [])).roots.append(r)
    space_of = {r.name: r.space for r in roots}

    def add(pairs: set[Pair], reason: Reason) -> None:
        for pair in pairs:
            a, b = sorted(pair)
            if a in space_of and b in space_of and space_of[a] == space_of[b]:
                by_space[space_of[a]].separate(pair, reason)

    add(no_alias_pairs(fn, target), Reason.NO_ALIAS)
    add(load_tpop_pairs(fn, target) | workspace_pairs(fn, roots, order), Reason.HAZARD)
    info = stage_info(fn, pass_name)
    for model in by_space.values():
        mine = model.roots
        add({frozenset((p.name, o.name)) for p in mine if p.pinned for o in mine if o is not p}, Reason.DECLARED)
        depth = {g: info.depth(g) for g in info.groups(mine)}
        add(gated_pairs(mine, info, depth), Reason.STAGE)
    _streaming(fn, by_space, space_of)
    for (a, b), w in cross_pipe_pairs(fn, roots, order).items():
        by_space[space_of[a]].penalties[frozenset((a, b))] = w
    return [by_space[s] for s in sorted(by_space)], info


def _streaming(fn: func.FuncOp, by_space: dict[str, SpaceModel], space_of: dict[str, str]) -> None:
    """Record the streaming rule (module doc) for every op that is not a
    view: each (operand, result) pair of windows on two roots of one space."""
    for op in fn.walk():
        if view_source(op) is not None:
            continue
        written = workspace_operands(op)
        for res in op.results:
            rm = memref_of(res)
            if rm is None or rm.root_name not in space_of:
                continue
            for operand in op.operands:
                om = memref_of(operand)
                if om is None or om.root_name == rm.root_name or om.root_name not in space_of:
                    continue
                if space_of[om.root_name] != space_of[rm.root_name]:
                    continue
                model = by_space[space_of[rm.root_name]]
                if rm.offset.data == 0 and om.offset.data == 0:
                    model.ordered.add((om.root_name, rm.root_name))
                    if operand in written:
                        model.ordered.add((rm.root_name, om.root_name))
                else:
                    model.separate(frozenset((om.root_name, rm.root_name)), Reason.WINDOW)


__all__ = ["Reason", "SpaceModel", "build_models"]
