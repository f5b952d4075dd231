"""Pipeline-stage memberships: which roots hold which clone of a replicated
pipeline loop, and the sharing they forbid.

``lower-pipeline-loops`` tags every tile-producing op of clone ``k`` of a
replicated loop with ``tile.pipeline_membership = [array<i64: group, k>, ...]``
(one pair per enclosing replicated region; pypto-docs/28-lower_pipeline_loops.md).
A root's membership is the union of the pairs of the ops producing its values.

Two sharing rules read them (seed 001/002, "Pipeline-stage guard"):

* the capacity-gated rule (:func:`gated_pairs`): with ``F_g`` the depth a
  group may afford in a space, a clone of stage ``k`` lands in residue
  ``ordinal(k) mod F_g`` (``ordinal`` = position among the group's distinct
  stage ids, so sparse ids such as {0, 2} stay apart); two roots of one group
  in different residues never share;
* the legacy rule (:func:`legacy_pairs`): two roots of one group in different
  stages never share when at least one holds a load and the space is not an
  L0 matmul space (Left, Right, Acc, Bias).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from xdsl.dialects import func
from xdsl.ir import Operation

from xdsl_pto.dialects.tile.pipeline_attrs import PIPELINE_MEMBERSHIP, memberships
from xdsl_pto.dialects.tile.traits import is_load
from xdsl_pto.dialects.tile.types import MemorySpace
from xdsl_pto.transforms.common import memref_of
from xdsl_pto.transforms.memory_reuse.packing import Root

#: Spaces the legacy rule never separates (the L0 matmul spaces).
_L0_MATMUL = {s.value for s in (MemorySpace.LEFT, MemorySpace.RIGHT, MemorySpace.ACC, MemorySpace.BIAS)}


@dataclass
class StageInfo:
    """Pipeline memberships of one function's roots.

    Attributes:
        stages: root name -> group -> the stage ids of that group on the root.
        loads: roots holding a value produced by a load.
        ordinal: group -> stage id -> its position among the group's
            distinct stage ids (0-based).
        anchor: group -> the first op tagged with it.
        root_anchor: root -> the first tagged op producing a value on it
            (where a diagnostic about that root's space points).
    """

    stages: dict[str, dict[int, set[int]]] = field(default_factory=dict)
    loads: set[str] = field(default_factory=set)
    ordinal: dict[int, dict[int, int]] = field(default_factory=dict)
    anchor: dict[int, Operation] = field(default_factory=dict)
    root_anchor: dict[str, Operation] = field(default_factory=dict)

    def depth(self, group: int) -> int:
        """The depth the group asked for: its number of distinct stages."""
        return len(self.ordinal[group])

    def groups(self, roots: Iterable[Root]) -> list[int]:
        """The groups with a member among ``roots``, ascending."""
        return sorted({g for r in roots for g in self.stages.get(r.name, {})})

    def residues(self, root: str, group: int, depth: int) -> set[int]:
        """Residues ``ordinal(k) mod depth`` of ``root``'s stages in ``group``."""
        return {self.ordinal[group][k] % depth for k in self.stages.get(root, {}).get(group, ())}


def stage_info(fn: func.FuncOp, pass_name: str = "memory-reuse") -> StageInfo:
    """Collect the memberships of ``fn``'s roots (see module doc).

    Raises:
        PassError: for a malformed ``tile.pipeline_membership`` attribute,
            prefixed with ``pass_name``.
    """
    from xdsl_pto.diagnostics import PassError

    info = StageInfo()
    seen: dict[int, set[int]] = {}
    for op in fn.walk():
        try:
            pairs = memberships(op)
        except ValueError as e:
            raise PassError(f"{pass_name}: {e}", op) from None
        for g, k in pairs:
            seen.setdefault(g, set()).add(k)
            info.anchor.setdefault(g, op)
        for res in op.results:
            m = memref_of(res)
            if m is None:
                continue
            if is_load(op):
                info.loads.add(m.root_name)
            if pairs:
                info.root_anchor.setdefault(m.root_name, op)
            for g, k in pairs:
                info.stages.setdefault(m.root_name, {}).setdefault(g, set()).add(k)
    info.ordinal = {g: {k: i for i, k in enumerate(sorted(ks))} for g, ks in seen.items()}
    return info


def gated_pairs(roots: list[Root], info: StageInfo, depth: dict[int, int]) -> set[frozenset[str]]:
    """Root pairs in different residues of a group, at the given per-group
    depths (a group at depth 1 separates nothing)."""
    pairs: set[frozenset[str]] = set()
    tagged = [r for r in roots if r.name in info.stages]
    for i, a in enumerate(tagged):
        for b in tagged[i + 1 :]:
            for g in info.stages[a.name].keys() & info.stages[b.name].keys():
                d = depth.get(g, 1)
                ra, rb = info.residues(a.name, g, d), info.residues(b.name, g, d)
                if len(ra | rb) > 1:
                    pairs.add(frozenset((a.name, b.name)))
                    break
    return pairs


def legacy_pairs(roots: list[Root], info: StageInfo) -> set[frozenset[str]]:
    """Root pairs the legacy rule keeps apart: same group, different stage,
    at least one a load, outside the L0 matmul spaces."""
    pairs: set[frozenset[str]] = set()
    tagged = [r for r in roots if r.name in info.stages and r.space not in _L0_MATMUL]
    for i, a in enumerate(tagged):
        for b in tagged[i + 1 :]:
            if a.name not in info.loads and b.name not in info.loads:
                continue
            sa, sb = info.stages[a.name], info.stages[b.name]
            if any(len(sa[g] | sb[g]) > 1 for g in sa.keys() & sb.keys()):
                pairs.add(frozenset((a.name, b.name)))
    return pairs


class StageRule:
    """One of the two sharing rules as a test the packers ask per buffer,
    instead of the root pairs :func:`gated_pairs` / :func:`legacy_pairs`
    spell out (as many as a quarter of the square of the tagged roots, and
    built again for every depth the guard tries).

    Each root gets, per group, a *label*: its residues at the group's depth
    (gated rule) or its stage ids (legacy rule). Two roots conflict when,
    in a group both have, the union of their labels has more than one
    element (for the legacy rule, only when one of them holds a load, and
    never in the L0 matmul spaces) -- the pairs' definition. A buffer keeps,
    per group, its members by label (:class:`StageMembers`), and a root is
    tested against each distinct label of the group once (a handful: the
    subsets of a group's residues or stages that occur), not against every
    member.
    """

    def __init__(self, roots: list[Root], info: StageInfo, depth: dict[int, int] | None = None):
        """The gated rule at ``depth`` (group -> depth, absent = 1), or the
        legacy rule when ``depth`` is None."""
        self.legacy = depth is None
        self.labels: dict[str, list[tuple[int, frozenset[int]]]] = {}
        self.loads: set[str] = set()
        for r in roots:
            groups = info.stages.get(r.name)
            if groups is None or (self.legacy and r.space in _L0_MATMUL):
                continue
            if depth is None:
                self.labels[r.name] = [(g, frozenset(ks)) for g, ks in groups.items()]
            else:
                self.labels[r.name] = [
                    (g, frozenset(info.residues(r.name, g, depth.get(g, 1)))) for g in groups
                ]
            if r.name in info.loads:
                self.loads.add(r.name)

    def members(self) -> StageMembers:
        """An empty buffer's view of its members under this rule."""
        return StageMembers(self)

    def conflicts(self, a: Root, b: Root) -> bool:
        """The pair rule itself (what the pairs functions enumerate)."""
        la, lb = self.labels.get(a.name), self.labels.get(b.name)
        if la is None or lb is None or a.name == b.name:
            return False
        if self.legacy and a.name not in self.loads and b.name not in self.loads:
            return False
        other = dict(lb)
        return any(g in other and len(lab | other[g]) > 1 for g, lab in la)


class StageMembers:
    """The members of one buffer as a :class:`StageRule` sees them."""

    def __init__(self, rule: StageRule):
        self.rule = rule
        # group -> label -> members; for the legacy rule also the load members
        self.all: dict[int, dict[frozenset[int], list[Root]]] = {}
        self.load: dict[int, dict[frozenset[int], list[Root]]] = {}

    def add(self, r: Root) -> None:
        labels = self.rule.labels.get(r.name)
        if labels is None:
            return
        is_load = r.name in self.rule.loads
        for g, lab in labels:
            self.all.setdefault(g, {}).setdefault(lab, []).append(r)
            if is_load:
                self.load.setdefault(g, {}).setdefault(lab, []).append(r)

    def _against(self, r: Root) -> Iterator[tuple[frozenset[int], dict[frozenset[int], list[Root]]]]:
        labels = self.rule.labels.get(r.name)
        if labels is None:
            return
        index = self.all if not self.rule.legacy or r.name in self.rule.loads else self.load
        for g, lab in labels:
            by_label = index.get(g)
            if by_label:
                yield lab, by_label

    def admits(self, r: Root) -> bool:
        """True when ``r`` conflicts with no member."""
        for lab, by_label in self._against(r):
            if any(len(lab | other) > 1 for other in by_label):
                return False
        return True

    def blocking(self, r: Root) -> Iterator[Root]:
        """The members ``r`` conflicts with (a member may come more than once)."""
        for lab, by_label in self._against(r):
            for other, members in by_label.items():
                if len(lab | other) > 1:
                    yield from members


def strip_memberships(fn: func.FuncOp) -> None:
    """Remove every ``tile.pipeline_membership`` (consumed by MemoryReuse;
    :class:`~xdsl_pto.transforms.patterns.DropAttribute`)."""
    from xdsl_pto.transforms.patterns import DropAttribute, apply_patterns

    apply_patterns(fn, DropAttribute(PIPELINE_MEMBERSHIP))


__all__ = [
    "StageInfo",
    "StageMembers",
    "StageRule",
    "gated_pairs",
    "legacy_pairs",
    "stage_info",
    "strip_memberships",
]
