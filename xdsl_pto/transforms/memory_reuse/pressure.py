"""Why a memory space overflows: the program point of peak pressure, the
tiles live there and the rules that keep them apart (issue 24: capacity
errors that explain themselves).

Used by the capacity errors of ``allocate-memory-addr`` under
``planner=pypto`` and ``planner=dsa_rp`` (:func:`overflow_note`). Nothing
here plans or changes IR.

**Tiles.** What the note counts are *allocation identities*, the buffers a
plan would have without opportunistic reuse (:func:`allocation_identities`; the same
classes :mod:`xdsl_pto.analysis.plan_stats` measures): a view, an in-place
result, a loop carry and an ``scf.if`` merge count with the value they
alias; all values on one declared allocation count once. Each identity
has the bytes of its members' windows (a declared allocation: its whole
root) and the hull of their lifetimes
(:func:`~.lifetime.value_lifetime`, statement indices).

**Kept apart.** Two identities conflict when their lifetimes interfere
(:meth:`~.lifetime.Interval.interferes`: an op's result may take the bytes
of an operand it reads for the last time), or when a rule forbids them to
share bytes although they only touch (:func:`separations`): a no-alias
trait of the op for the target (seed 002, "No-alias guard", the text of
:func:`~xdsl_pto.dialects.tile.traits.no_alias_rule`), the tile results of
one op, the Ascend910 load + tpop and written-workspace hazards
(:mod:`.hazards`), a declared allocation.

**Peak.** The heaviest set of pairwise-conflicting identities found at one
point: the LOAD of the lifetimes alone (:func:`~xdsl_pto.analysis.plan_stats.peak_live_bytes`,
exact), and at every statement where a rule keeps a touching pair apart,
the identities live across it plus, greedily by size, those born or read
for the last time there that conflict with all already taken. Every pair
of the set needs bytes of its own, so no placement under these rules uses
fewer bytes than the set's total.

Units: bytes; program points are statement indices of
:class:`~.lifetime.ProgramOrder`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.dialects import func, scf
from xdsl.ir import Block, Operation, SSAValue

from xdsl_pto.dialects.tile.data_ops import AllocOp
from xdsl_pto.dialects.tile.traits import forbidden_alias_operands, no_alias_rule
from xdsl_pto.dialects.tile.types import MemorySpace
from xdsl_pto.transforms.common import allocs, buffer_values, memref_of, value_name
from xdsl_pto.transforms.memory_reuse.constraints import sibling_results
from xdsl_pto.transforms.memory_reuse.hazards import (
    load_tpop_conflicts,
    workspace_clash,
    workspace_sites,
)
from xdsl_pto.transforms.memory_reuse.lifetime import Interval, ProgramOrder, value_lifetime
from xdsl_pto.transforms.plan_liveness import must_alias_classes

#: How many tiles a note names before it sums up the rest.
LISTED = 6


def allocation_identities(fn: func.FuncOp, values: list[SSAValue], roots: dict[str, AllocOp]) -> dict[SSAValue, SSAValue]:
    """Each buffer value of ``values`` (all with a MemRef) mapped to its
    identity's representative: the classes of :func:`must_alias_classes`
    joined with a loop's iter_arg and the value yielded for it, an
    ``scf.if`` result and its arms' values, and every value on one declared
    (``pinned``) root of ``roots``."""
    same = must_alias_classes(fn)
    members = set(values)

    def join(a: SSAValue, b: SSAValue) -> None:
        if a in members and b in members:
            same.union(a, b)

    for op in fn.walk():
        if isinstance(op, scf.ForOp):
            body: Block = op.body.block
            yielded = body.last_op
            assert yielded is not None
            for i in range(len(op.results)):
                join(body.args[1 + i], yielded.operands[i])
        elif isinstance(op, scf.IfOp):
            for region in op.regions:
                for block in region.blocks:
                    yielded = block.last_op
                    if isinstance(yielded, scf.YieldOp):
                        for res, arm in zip(op.results, yielded.operands):
                            join(res, arm)
    declared: dict[str, SSAValue] = {}
    for v in values:
        m = memref_of(v)
        assert m is not None
        if roots[m.root_name].is_pinned:
            same.union(v, declared.setdefault(m.root_name, v))
    return {v: same.find(v) for v in values}


@dataclass
class Tile:
    """One allocation identity of a memory space (see the module doc).

    Attributes:
        label: ``%name`` of its first member (``@root`` for a declared one).
        size: its bytes.
        live: its lifetime (statement indices).
        first: its first member, in program order.
        declared: True for an author-declared (pinned) allocation.
    """

    label: str
    size: int
    live: Interval
    first: SSAValue
    declared: bool = False


@dataclass
class Pressure:
    """The peak of one memory space (see the module doc).

    Attributes:
        bytes: the total of ``tiles``.
        tiles: the identities kept apart there, largest first.
        at: the op at that point (None: none found, report the function).
        rules: ``(a, b, why)`` for each pair of ``tiles`` whose lifetimes
            alone would let them share, and the rule that does not.
        declared: the space's declared allocations (each keeps its bytes
            for the whole function, whether live at the peak or not).
    """

    bytes: int
    tiles: list[Tile]
    at: Operation | None
    rules: list[tuple[Tile, Tile, str]] = field(default_factory=list)
    declared: list[Tile] = field(default_factory=list)


def _tiles(fn: func.FuncOp, space: MemorySpace, order: ProgramOrder) -> tuple[list[Tile], dict[SSAValue, Tile]]:
    """The identities of ``space`` in ``fn`` and each member's identity."""
    roots = allocs(fn)
    values = [v for v in buffer_values(fn) if (m := memref_of(v)) is not None and m.root_name in roots]
    rep = allocation_identities(fn, values, roots)
    spans: dict[SSAValue, tuple[int, int, str]] = {}
    tiles: dict[SSAValue, Tile] = {}
    of: dict[SSAValue, Tile] = {}
    for v in values:
        m = memref_of(v)
        assert m is not None
        root = roots[m.root_name]
        if root.space.data != space.value:
            continue
        key = rep[v]
        lo, hi = m.offset.data, m.offset.data + m.size.data
        if root.is_pinned:
            lo, hi = 0, root.size.data
        live = value_lifetime(v, order)
        t = tiles.get(key)
        if t is None:
            label = f"@{m.root_name}" if root.is_pinned else value_name(v)
            t = tiles[key] = Tile(label, hi - lo, live, v, root.is_pinned)
            spans[key] = (lo, hi, m.root_name)
        else:
            a, b, r = spans[key]
            if r == m.root_name:
                a, b = min(a, lo), max(b, hi)
                spans[key] = (a, b, r)
                t.size = b - a
            else:  # one identity on two roots (not made by the planner): its largest window
                t.size = max(t.size, hi - lo)
            t.live = t.live.hull(live)
        of[v] = t
    return list(tiles.values()), of


def separations(
    fn: func.FuncOp, space: MemorySpace, target: str | None, order: ProgramOrder | None = None
) -> tuple[list[Tile], dict[tuple[int, int], str]]:
    """The identities of ``space`` in ``fn`` and, for each pair a rule keeps
    apart on ``target`` (None: every target's rule), the first rule's text;
    a pair is keyed by the identities' ``id()``, smaller first."""
    order = order or ProgramOrder.of(fn)
    tiles, of = _tiles(fn, space, order)
    why: dict[tuple[int, int], str] = {}

    def keep(a: SSAValue, b: SSAValue, text: str) -> None:
        ta, tb = of.get(a), of.get(b)
        if ta is None or tb is None or ta is tb:
            return
        why.setdefault((min(id(ta), id(tb)), max(id(ta), id(tb))), text)

    for op in fn.walk():
        for f in forbidden_alias_operands(op, target):
            text = no_alias_rule(op, f, target) or f"{op.name} may not write its result over {value_name(f)}"
            for res in op.results:
                keep(res, f, text)
        for a, b in sibling_results(op):
            keep(a, b, f"{op.name} writes both")
    try:
        for op, res, v in load_tpop_conflicts(fn, target):
            keep(
                res,
                v,
                f"{op.name} reads a tpop value, so its result may not take the bytes of the "
                f"load-derived {value_name(v)} (seed 002, Ascend910 load + tpop hazard)",
            )
    except ValueError:  # a malformed tile.split_mode: reported by the planner itself
        pass
    for op, w, looped, born in workspace_sites(fn, order):
        tw = of.get(w)
        if tw is None:
            continue
        for v, t in of.items():
            if t is not tw and (looped or t.live.hi <= born) and v is t.first:
                keep(
                    w,
                    v,
                    f"{op.name} writes its workspace {value_name(w)} "
                    f"({workspace_clash(looped, t.label, value_name(w))}; seed 002, written-workspace hazard)",
                )
    roots = allocs(fn)
    for t in tiles:
        m = memref_of(t.first)
        if m is not None and roots[m.root_name].is_pinned:
            for o in tiles:
                keep(
                    t.first,
                    o.first,
                    f"{t.label} is a declared allocation, which shares its bytes with no other tile",
                )
    return tiles, why


def peak_pressure(fn: func.FuncOp, space: MemorySpace, target: str | None) -> Pressure | None:
    """The peak of ``space`` in ``fn`` on ``target`` (see the module doc);
    None when the space holds no tile of ``fn``."""
    from xdsl_pto.analysis.plan_stats import peak_live_bytes  # (it imports allocate-memory-addr)

    order = ProgramOrder.of(fn)
    tiles, why = separations(fn, space, target, order)
    if not tiles:
        return None
    base = peak_live_bytes((t.live, t.size) for t in tiles)
    best = Pressure(base.bytes, _live_at(tiles, base.point), _op_near(order, base.point))

    def apart(a: Tile, b: Tile) -> bool:
        return a.live.interferes(b.live) or _key(a, b) in why

    points = set()
    for ta in tiles:
        for tb in tiles:
            if id(ta) < id(tb) and _key(ta, tb) in why and not ta.live.interferes(tb.live):
                d = max(ta.live.lo, tb.live.lo)
                if d == min(ta.live.hi, tb.live.hi):
                    points.add(d)
    for d in sorted(points):
        chosen = [t for t in tiles if t.live.lo < d < t.live.hi]
        rest = [t for t in tiles if t.live.lo <= d <= t.live.hi and not t.live.lo < d < t.live.hi]
        for t in sorted(rest, key=lambda t: -t.size):
            if all(apart(t, c) for c in chosen):
                chosen.append(t)
        total = sum(t.size for t in chosen)
        if total > best.bytes:
            best = Pressure(total, chosen, _op_near(order, d))
    best.tiles.sort(key=lambda t: (-t.size, t.live.lo))
    best.declared = [t for t in tiles if t.declared]
    for i, a in enumerate(best.tiles):
        for b in best.tiles[i + 1 :]:
            if not a.live.interferes(b.live) and _key(a, b) in why:
                first, second = (a, b) if a.live.lo <= b.live.lo else (b, a)
                best.rules.append((second, first, why[_key(a, b)]))
    return best


def overflow_note(fn: func.FuncOp, space: MemorySpace, target: str | None, room: int) -> tuple[str, Operation | None]:
    """A sentence for a capacity error of ``space`` (``room``: the bytes
    its tiles may use) and the op to locate it at: where the peak is, the
    tiles live there with their bytes, the rule that keeps two of them
    from sharing, and whether they alone are past ``room``; ("", None)
    when the space holds no tile."""
    peak = peak_pressure(fn, space, target)
    if peak is None:
        return "", None
    _name_as_printed(fn, [*peak.tiles, *peak.declared])
    where = f"this {peak.at.name}" if peak.at is not None else "one point"
    named = ", ".join(f"{t.label} ({t.size} bytes)" for t in peak.tiles[:LISTED])
    rest = peak.tiles[LISTED:]
    if rest:
        named += f" and {len(rest)} more ({sum(t.size for t in rest)} bytes)"
    kind = "kept apart" if peak.rules else "live together"
    text = f"; at {where} {peak.bytes} bytes of {space.value} tiles are {kind}: {named}"
    for later, earlier, rule in peak.rules[:2]:
        text += f"; {later.label} may not take the bytes of {earlier.label}: {rule}"
    if peak.bytes > room:
        text += f"; they alone are past the {room} bytes for tiles: shrink these tiles (or split the work into smaller ones)"
        return text, peak.at
    text += f"; they fit in the {room} bytes for tiles: the overflow comes from how tiles live at different points were packed, not from one point"
    if peak.declared:
        labels = ", ".join(f"{t.label} ({t.size} bytes)" for t in peak.declared[:LISTED])
        if len(peak.declared) > LISTED:
            labels += f" and {len(peak.declared) - LISTED} more"
        text += f"; a declared allocation shares its bytes with no other tile: {labels}"
    return text, peak.at


def _name_as_printed(fn: func.FuncOp, tiles: list[Tile]) -> None:
    """Label each undeclared tile by the name its first member prints with
    in ``fn``'s text. The parser keeps ``%acc_b_1`` as the hint ``acc_b``
    (xDSL strips a ``_N`` suffix and the printer adds it back to tell
    values apart), so two tiles of one hint would otherwise both read
    ``%acc_b`` (breaker 2, DETAILS 6b). Prints ``fn`` once; error path
    only."""
    from io import StringIO

    from xdsl.printer import Printer

    if len({t.label for t in tiles}) == len(tiles):
        return
    printer = Printer(stream=StringIO())
    printer.print_op(fn)
    names = printer._ssa_values  # noqa: SLF001 (the printer's own value -> name table)
    for t in tiles:
        if not t.declared and t.first in names:
            t.label = f"%{names[t.first]}"


def _key(a: Tile, b: Tile) -> tuple[int, int]:
    return (min(id(a), id(b)), max(id(a), id(b)))


def _live_at(tiles: list[Tile], point: float | None) -> list[Tile]:
    """The identities :func:`peak_live_bytes` counts at ``point``."""
    if point is None:
        return []
    if point != int(point):  # between statements p and p + 1
        p = int(point)
        return [t for t in tiles if t.live.lo <= p < t.live.hi]
    d = int(point)
    out = [t for t in tiles if t.live.lo < d < t.live.hi]
    single = [t for t in tiles if t.live.lo == t.live.hi == d]
    if single:
        out.append(max(single, key=lambda t: t.size))
    return out


def _op_near(order: ProgramOrder, point: float | None) -> Operation | None:
    """The op at statement ``point`` (between p and p + 1: the op at p,
    which writes the last of the tiles live there); a region op's closing
    slot names the region op."""
    if point is None:
        return None
    d = int(point)
    for op, i in order.start.items():
        if i == d:
            return op
    for op, i in order.end.items():
        if i == d:
            return op
    return None


__all__ = ["LISTED", "Pressure", "Tile", "allocation_identities", "overflow_note", "peak_pressure", "separations"]
