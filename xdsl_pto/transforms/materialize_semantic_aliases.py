"""``materialize-semantic-aliases``: compute loop-carried values in the carried
buffer.

Implements step 1 of pypto-docs/32-materialize_semantic_aliases.md (seed 000)
for our IR. ``init-memref`` leaves every loop carry (and if-merge) whose
yielded value lives in another buffer joined by a carry move
(``tile.move {carry}``). For each such move, this pass pushes the carried
MemRef onto the yielded value's whole allocation root -- the yielded value,
its in-place producers (``Reuses``) and views, which all share that root --
and deletes the move, so ``acc_next = tile.add(acc, x)`` writes the carried
buffer in place.

The retarget is a must-alias, so it is only done when it is safe:

* every value on the yielded root is defined inside the yielding block;
* the root's windows fit inside the carried root;
* nothing on the carried root is read after a value of the yielded root is
  written in that block, in pre-order at any nesting depth, unless the two
  are in different arms of one ``scf.if`` (a read *at* that op is fine:
  inputs are read before outputs are written), and
* no producer on the yielded root forbids aliasing (``NotInplaceSafe`` /
  ``NoAlias`` and the target-aware rules, for the module's
  ``pto.target_arch``; every target's rule when it has none) an operand that
  lives on the carried root, and the Ascend910 load + tpop hazard does not
  keep the two roots apart (a writer reading a tpop value may not update a
  load-derived carry in place). A carry move on the yielded root that the
  retarget turns into a copy of a window onto itself is no such producer:
  it is removed (an inner if's arm joined to an outer if's merged root, as
  when the peel below sits in an arm of an enclosing ``scf.if``: the loop
  carry then puts every arm on the carried buffer).

When that fails for a move inside an ``scf.if`` arm (the arm updates an
outside buffer in place while the other arm computes a fresh seed -- the
peeled ``if k == 0 { matmul } else { matmul_acc }`` idiom, seed 000 step 2),
the merged root is retargeted the other way, onto the updated buffer (see
:func:`_try_peel`). A move left copying a window onto itself is erased.

Otherwise the move stays; ``memory-reuse`` keeps it for Vec and rejects it for
Acc. Inner regions are handled before outer ones. The pass is a no-op when
there is nothing to retarget, and runs for every planner.

Per function: analysis and decision (:func:`materialize`: each carry move in
turn, each decision reading the MemRefs and readers the earlier ones left,
from a :class:`~xdsl_pto.transforms.draft.Draft` that keeps them without
changing the IR), then the rewrite (the draft's patterns: the removed moves
erased, every retargeted value retyped; the roots nothing refers to any more
erased by :class:`~xdsl_pto.transforms.patterns.EraseAllocs`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, OpResult, SSAValue
from xdsl.passes import ModulePass

from xdsl_pto.backends import record_target
from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.tile.data_ops import AllocOp, MoveOp
from xdsl_pto.dialects.tile.traits import (
    forbidden_alias_operands,
    is_tile,
    must_alias_source,
    view_source,
)
from xdsl_pto.dialects.tile.types import MemRefAttr
from xdsl_pto.pass_config import PassConfig
from xdsl_pto.planners import Planner
from xdsl_pto.transforms.common import (
    allocs,
    carry_moves,
    defining_op,
    is_strided,
    kernels,
    require_memrefs,
    tile_values,
    value_anchor,
)
from xdsl_pto.transforms.draft import Draft
from xdsl_pto.transforms.memory_reuse.hazards import (
    load_tpop_guard_active,
    load_tpop_pairs,
)
from xdsl_pto.transforms.memory_reuse.lifetime import ProgramOrder, value_lifetime
from xdsl_pto.transforms.patterns import EraseAllocs, apply_patterns

PASS = "materialize-semantic-aliases"


def _written(op: Operation, order: ProgramOrder) -> int:
    """When ``op``'s results are written: at the op, or -- for an op with
    regions (an ``scf.if``/``scf.for`` result) -- once it has finished."""
    return order.end[op] if op.regions else order.start[op]


def _exclusive(a: Operation, b: Operation) -> bool:
    """True when ``a`` and ``b`` lie in different regions of one ``scf.if``
    (no execution runs both)."""
    op = a.parent_op()
    while op is not None:
        if isinstance(op, scf.IfOp) and op.is_ancestor(b):
            ra = next(r for r in op.regions if r.is_ancestor(a))
            return not ra.is_ancestor(b)
        op = op.parent_op()
    return False


@dataclass
class _Roots:
    """What one :func:`materialize` run looks up per carry move, kept up to
    date as it decides instead of rescanning the function each time (which
    made the pass quadratic in the function's size): its decisions so far
    (the draft: every MemRef and reader is asked of it), the ``tile.alloc``
    ops by name (none is added or removed until the end of the run), the tile
    values on each root (a retarget moves values between roots and removes
    moves' results: both go through this index), and whether the load + tpop
    hazard applies at all (it depends on the function's split mode, its
    tpops and its memory spaces, none of which the pass changes; asked the
    first time a sharing rule is checked).

    Attributes:
        fn: the function.
        target_arch: a2, a3, a5, or None (unknown).
        draft: the decisions so far.
        allocs: the function's roots by symbol name.
        members: root name -> the tile values on it (insertion-ordered).
    """

    fn: func.FuncOp
    target_arch: str | None
    draft: Draft
    allocs: dict[str, AllocOp]
    members: dict[str, dict[SSAValue, None]] = field(default_factory=dict)
    _tpop_guard: bool | None = None

    @staticmethod
    def of(fn: func.FuncOp, target_arch: str | None) -> _Roots:
        """Index ``fn`` (one walk), with nothing decided yet."""
        roots = _Roots(fn, target_arch, Draft(fn), allocs(fn))
        for v in tile_values(fn):
            roots.add(v)
        return roots

    def tpop_guard(self) -> bool:
        """:func:`load_tpop_guard_active` for the function (computed once).

        Raises:
            ValueError: for a malformed ``tile.split_mode``.
        """
        if self._tpop_guard is None:
            self._tpop_guard = load_tpop_guard_active(self.fn, self.target_arch)
        return self._tpop_guard

    def on(self, root: str) -> list[SSAValue]:
        """Every tile value on allocation root ``root``."""
        return list(self.members.get(root, ()))

    def drop(self, v: SSAValue) -> None:
        """Forget ``v`` (about to be moved or removed)."""
        m = self.draft.memref(v)
        if m is not None:
            self.members.get(m.root_name, {}).pop(v, None)

    def add(self, v: SSAValue) -> None:
        """Record ``v`` on the root its decided MemRef names."""
        m = self.draft.memref(v)
        if m is not None:
            self.members.setdefault(m.root_name, {})[v] = None

    def unused(self) -> list[str]:
        """The roots no tile value is on any more, in program order (seed
        001/002, MemoryReuse step 8)."""
        return [name for name in self.allocs if not self.members.get(name)]


def _alias_refused(
    members: list[SSAValue],
    onto: MemRefAttr,
    shift: int,
    roots: _Roots,
    skip: Operation | None = None,
) -> bool:
    """True when putting ``members`` (one root) on ``onto``'s root (and
    slot), their offsets moved by ``shift`` bytes, would break a sharing
    rule: a producer of a member forbids aliasing an operand on that root
    (target-aware, seed 002 "No-alias guard"); a member would start inside
    an operand of its producer that lies on that root (ops read each element
    before writing the one at the same index, so a result may share an
    operand's start, never begin inside it); or the Ascend910 load + tpop
    hazard keeps the two roots apart. ``skip`` is an op whose rules do not
    count (the carry move being removed; the moves already decided away do
    not count either, nor a carry move the retarget turns into a copy of a
    window onto itself, which is removed right after it: see
    :func:`_becomes_self_move`). ``roots`` (the run's index and decisions)
    knows whether the load + tpop hazard applies to the function at all,
    sparing a walk of it when not."""
    draft, target = roots.draft, roots.target_arch
    selfish = {d for v in members if (d := defining_op(v)) is not None and _becomes_self_move(d, v, onto, shift, draft)}
    own = draft.memref(members[0]) if members else None
    if own is not None and roots.tpop_guard():
        gone = {*draft.erased, *selfish} | ({skip} if skip is not None else set())
        if frozenset((own.root_name, onto.root_name)) in load_tpop_pairs(roots.fn, target, gone, memref=draft.memref):
            return True
    for v in members:
        d = defining_op(v)
        if d is None or d is skip or d in selfish:
            continue
        for f in forbidden_alias_operands(d, target):
            fm = draft.memref(f)
            if fm is not None and fm.root_name == onto.root_name:
                return True
        if view_source(d) is not None:
            continue
        lo = draft.memref(v).offset.data + shift  # type: ignore[union-attr]
        for u in d.operands:
            um = draft.memref(u) if is_tile(u) else None
            if um is not None and um.root_name == onto.root_name and um.offset.data < lo < um.end:
                return True
    return False


def _becomes_self_move(d: Operation, v: SSAValue, onto: MemRefAttr, shift: int, draft: Draft) -> bool:
    """True when ``d`` is a carry move whose result ``v``, put on ``onto``'s
    root and slot with its offset moved by ``shift`` (as :func:`_move_onto`
    does), lands exactly on its source's window: a copy of a window onto
    itself, which :func:`_drop_self_moves` removes (the nested peel: the
    move that joined an inner if's continuation arm to the merged root of
    the enclosing if, once that root goes on the continuation's buffer)."""
    if not isinstance(d, MoveOp) or d.carry is None:
        return False
    m, src = draft.memref(v), draft.memref(d.source)
    assert m is not None
    return src == MemRefAttr(onto.root, m.offset.data + shift, m.size.data, onto.slot_index)


def _fits(draft: Draft, v: SSAValue, shift: int, size: int, lo: int = 0) -> bool:
    """True when ``v``'s window moved by ``shift`` bytes stays in ``[lo, size)``."""
    m = draft.memref(v)
    assert m is not None
    return m.offset.data + shift >= lo and m.end + shift <= size


def _move_onto(members: list[SSAValue], target: MemRefAttr, shift: int, roots: _Roots) -> list[SSAValue]:
    """Decide every value of ``members`` onto ``target``'s root (and slot),
    its offset moved by ``shift``; returns them (``roots`` updated)."""
    for v in members:
        m = roots.draft.memref(v)
        assert m is not None
        roots.drop(v)
        roots.draft.set_memref(v, MemRefAttr(target.root, m.offset.data + shift, m.size.data, target.slot_index))
        roots.add(v)
    return members


def _try_retarget(move: MoveOp, order: ProgramOrder, roots: _Roots) -> list[SSAValue] | None:
    """Decide to retarget the root of ``move``'s source onto its destination
    window and to remove the move; returns None (deciding nothing) when that
    is unsafe.

    Positions are pre-order statement indices (``order``), so a read of the
    carried buffer nested inside a region after a value of the yielded root
    is written is seen as the later read it is -- unless the two sit in
    different arms of one ``scf.if`` (only one of them runs).

    Returns the values put on the carried root (``roots`` updated), or None.
    """
    draft = roots.draft
    block = move.parent_block()
    assert block is not None
    src, target = draft.memref(move.source), draft.memref(move.result)
    assert target is not None
    if src is None:
        return None  # a pipe-resident value (tpop) is copied out of the pipe
    if src.root_name == target.root_name or roots.allocs[src.root_name].is_pinned:
        return None
    members = roots.on(src.root_name)
    shift = target.offset.data - src.offset.data
    writes: list[tuple[Operation, int]] = []  # (writer, when the root is written)
    for v in members:
        d = defining_op(v)
        if d is not None:
            writes.append((d, _written(d, order)))
        else:  # the iter_arg of a loop nested in the block: written from its start
            d = value_anchor(v)
            if d is None:
                return None
            writes.append((d, order.start[d]))
        if not block.is_ancestor(d):
            return None
        # Only the carried window is the loop's to write: bytes of the root
        # beyond it may hold other live values (a sibling view).
        if not _fits(draft, v, shift, target.end, target.offset.data):
            return None
    for v in roots.on(target.root_name):
        if v is move.result:
            continue
        for user in draft.users(v):
            assert isinstance(user, Operation)  # (this pass inserts no moves)
            if user is move or not block.is_ancestor(user):
                continue
            if any(order.start[user] > at and not _exclusive(d, user) for d, at in writes):
                return None
    if _alias_refused(members, target, shift, roots):
        return None
    moved = _move_onto(members, target, shift, roots)
    _erase_move(move, roots)
    return moved


def _erase_move(move: MoveOp, roots: _Roots) -> None:
    """Decide to remove ``move`` (its readers read its source)."""
    roots.drop(move.result)
    roots.draft.erase_move(move)


def _try_peel(move: MoveOp, order: ProgramOrder, roots: _Roots, no_region_phi: bool = False) -> list[SSAValue] | None:
    """Seed 000 step 2 (peeled accumulator phis), for our IR: ``move`` sits in
    one arm of an ``scf.if`` (the continuation arm, whose yielded value lives
    on the outside buffer it updates in place) and copies into the if's merged
    root, which the other arm (the seed arm) created. Retarget that merged
    root -- the seed, its in-arm aliases, the if result -- onto the
    continuation's window instead, so both arms write one buffer and the move
    goes (an Acc value has no other way: no Acc->Acc copy exists).

    Only when (the seed's preconditions):

    * every value on the merged root is defined inside the if, is one of its
      results, or comes after the if in its block (the merged value updated
      in place further on): the seed is local to its arm;
    * the continuation's buffer is not read in the seed arm once the seed
      root is first written, nor live after the if (read later, or again on a
      later iteration of an enclosing loop) except through the if's results
      (no independent post-if read of the reused input or its aliases);
    * the continuation's window is dense (a strided window is never a
      merged buffer);
    * no producer on the merged root forbids aliasing an operand on the
      continuation's buffer, and the merged windows fit in that root;
    * with ``no_region_phi`` (``planner=ptoas``), the continuation's buffer
      is not a slot of a multi-slot declaration: a ptoas region selects its
      slot per use, and the if result would carry one.

    Returns the values put on the continuation's root (``roots`` updated);
    None, deciding nothing, otherwise.
    """
    draft = roots.draft
    arm = move.parent_block()
    if_op = arm.parent_op() if arm is not None else None
    if not isinstance(if_op, scf.IfOp) or arm is None:
        return None
    merged, cont = draft.memref(move.result), draft.memref(move.source)
    assert merged is not None
    if cont is None:
        return None  # a pipe-resident value (tpop) is copied out of the pipe
    if merged.root_name == cont.root_name or is_strided(cont, draft.type_of(move.source)):
        return None  # (a strided window is never a merged buffer)
    if roots.allocs[merged.root_name].is_pinned:
        return None
    if no_region_phi and roots.allocs[cont.root_name].slot_count > 1:
        return None  # ptoas: the if result would carry a region slot (a phi)
    seed_arms = [r.block for r in if_op.regions if r.blocks and r.block is not arm]
    outer = if_op.parent_block()
    assert outer is not None
    members = roots.on(merged.root_name)
    shift = cont.offset.data - merged.offset.data
    cont_size = roots.allocs[cont.root_name].size.data
    first_in_seed: int | None = None
    for v in members:
        # a block argument: the iter_arg of a loop (a K-loop in the seed arm)
        d = defining_op(v) or value_anchor(v)
        after_if = outer.is_ancestor(d) and order.start[d] > order.end[if_op] if d else False
        # The whole root may be used (unlike a loop retarget): any other
        # value on it that is live after the if already refuses the peel.
        if d is None or not (if_op.is_ancestor(d) or after_if) or not _fits(draft, v, shift, cont_size):
            return None
        if any(b.is_ancestor(d) for b in seed_arms):
            s = order.start[d]
            first_in_seed = s if first_in_seed is None else min(first_in_seed, s)
    if _alias_refused(members, cont, shift, roots, skip=move):
        return None
    for v in roots.on(cont.root_name):
        if _merged_data(v, if_op):
            continue
        users = draft.users(v)
        if value_lifetime(v, order, users).hi > order.end[if_op]:  # type: ignore[arg-type]
            return None  # read after the if (or again on a later iteration)
        for user in users:
            assert isinstance(user, Operation)  # (this pass inserts no moves)
            in_seed = any(b.is_ancestor(user) for b in seed_arms)
            if in_seed and first_in_seed is not None and order.start[user] > first_in_seed:
                return None
    moved = _move_onto(members, cont, shift, roots)
    _erase_move(move, roots)
    return moved


def _merged_data(v: SSAValue, if_op: scf.IfOp) -> bool:
    """True when ``v`` holds ``if_op``'s merged data or data computed from it
    in place -- one of its results, a carry-move copy, a view or in-place
    update of one, the result of a loop or if that yields one -- rather than
    an independent value on the updated buffer."""
    if v in if_op.results:
        return True
    d = defining_op(v)
    if d is None:
        return False
    if isinstance(d, MoveOp) and d.carry is not None:
        return _merged_data(d.source, if_op)
    src = must_alias_source(d)
    if src is not None:
        return _merged_data(src, if_op)
    if isinstance(d, (scf.ForOp, scf.IfOp)) and isinstance(v, OpResult):
        return any(
            _merged_data(r.block.last_op.operands[v.index], if_op)  # type: ignore[union-attr]
            for r in d.regions
            if r.blocks
        )
    return False


def _drop_self_moves(moves: Iterable[MoveOp], roots: _Roots) -> int:
    """Decide to remove the carry moves of ``moves`` (in that order) whose
    source already is their destination window; moves already decided away
    are skipped."""
    draft = roots.draft
    dropped = 0
    for move in moves:
        if not draft.is_erased(move) and draft.memref(move.source) == draft.memref(move.result):
            _erase_move(move, roots)
            dropped += 1
    return dropped


def _touching(changed: list[SSAValue], position: dict[MoveOp, int], draft: Draft) -> list[MoveOp]:
    """The carry moves (``position``: each one's index in the function's
    list of them, whose order is kept) that define or read a value of
    ``changed``: the only ones whose source or destination window a
    retarget changed. (Found from the values' uses, not by a scan of every
    carry move per retarget, which made the pass quadratic in their number.)"""
    near: set[MoveOp] = set()
    for v in changed:
        if isinstance(v.owner, MoveOp):
            near.add(v.owner)
        near.update(user for user in draft.users(v) if isinstance(user, MoveOp))
    return sorted((m for m in near if m in position), key=position.__getitem__)


def materialize(fn: func.FuncOp, target_arch: str | None = None, ptoas: bool = False) -> int:
    """Run the pass on one function; returns how many carry moves it removed.
    ``target_arch`` (a2, a3, a5; None = unknown, every target's rule binds)
    selects the target-aware no-alias rules a retarget must keep; ``ptoas``
    (the module is planned by ptoas) keeps if results off region slots.

    Each carry move is decided in turn (post-order, as :func:`carry_moves`
    lists them) from what the earlier decisions left -- the IR itself is
    rewritten once, after the last. The statement indices are taken once:
    the pass only removes moves and retypes values, which keeps the
    relative order of every other op (all that the checks compare). After
    the first removal every carry move that copies a window onto itself is
    removed; after later ones only the moves next to the retargeted values
    are looked at (no other window changed).

    Raises:
        ValueError: for a malformed ``tile.split_mode`` (when a retarget is
            checked); the function is left as it was.
    """
    removed = 0
    moves = carry_moves(fn)
    position = {m: i for i, m in enumerate(moves)}
    order = ProgramOrder.of(fn)
    roots = _Roots.of(fn, target_arch)
    for move in moves:
        if roots.draft.is_erased(move):  # removed as a self-move below
            continue
        moved = _try_retarget(move, order, roots)
        if moved is None:
            moved = _try_peel(move, order, roots, ptoas)
        if moved is not None:
            removed += 1 + _drop_self_moves(
                moves if removed == 0 else _touching(moved, position, roots.draft), roots
            )
    if removed:
        roots.draft.apply()
        unused = roots.unused()
        if unused:
            apply_patterns(fn, EraseAllocs(set(unused)))
    return removed


@dataclass(frozen=True)
class MaterializeSemanticAliasesPass(ModulePass):
    """Compute loop-carried and if-merged values in place in the carried buffer.

    Options:
        backend: ``a2``, ``a3`` or ``a5``: the target whose no-alias rules a
            retarget keeps; empty = the module's ``pto.target_arch``, and
            every target's rules when it has none.

    Raises:
        PassError: when the kernel has no MemRefs yet (run init-memref
            first), or for an unknown backend.
    """

    name = "materialize-semantic-aliases"

    backend: str = ""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        self.run(op, PassConfig.resolve(op, PASS, backend=self.backend))

    def run(self, op: ModuleOp, config: PassConfig) -> None:
        """Retarget ``op``'s carries for ``config`` (resolved by the caller)."""
        backend = config.backend
        record_target(op, backend, PASS)
        ptoas = config.planner is Planner.PTOAS
        for fn in kernels(op):
            require_memrefs(fn, PASS)
            try:
                materialize(fn, backend.name if backend else None, ptoas)
            except ValueError as e:  # a malformed tile.split_mode
                raise PassError(f"{PASS}: {e}", fn) from None


__all__ = ["MaterializeSemanticAliasesPass", "materialize"]
