"""Target hazards: sharing rules that come from how the hardware runs an op,
not from the op's no-alias table (seed 002, MemoryReuse).

* **Ascend910 load + tpop_from_aic hazard** ("Ascend910 load +
  tpop_from_aic 危害"): in a split vector kernel on A2/A3, an op whose
  operands include both a tpop-derived value and a load-derived tile must not
  write its result in place on that load-derived tile's buffer. Values are
  classified by identity: a load result / tpop result is derived from its
  kind, and so is a view of, a copy of (``tile.move``), or a loop carry or
  ``scf.if`` merge of a derived value. A carry is classified by everything
  that flows into it -- its init and what the body yields -- so a producer
  after its use in program order still taints it (``w = add(l, carry); p =
  tpop(); yield p``): :func:`_derived` iterates to a fixpoint, which the
  seed's two walks reach. The writer may still reuse any other buffer.
* **Written-workspace hazard** ("被写工作区危害"): an op writes its
  workspace operand (``Workspace(i)``) on a pipe of its choosing, unordered
  against vector reads still in flight on that buffer. A workspace value's
  root must not share bytes with a root whose lifetime ends at or before the
  workspace's definition point (a later value, such as the op's own result,
  may still join it); inside a loop the next iteration's write races this
  iteration's reads, so there the workspace's root shares with no root.
  Applied on every target (the op registry, not the backend, says which
  operand is written).

Both give unordered pairs of root names that must not share bytes, merged
with the no-alias pairs (:mod:`.constraints`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator

from xdsl.dialects import func, scf
from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import Operation, SSAValue

from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.tile.data_ops import AllocOp, MoveOp
from xdsl_pto.dialects.tile.function_attrs import split_mode
from xdsl_pto.dialects.tile.traits import (
    reused_operand,
    A2A3,
    forbidden_alias_operands,
    is_load,
    is_tile,
    is_tpop,
    view_source,
    workspace_operands,
)
from xdsl_pto.dialects.tile.types import MemorySpace, MemRefAttr
from xdsl_pto.transforms.common import allocs, memref_of, tile_values, value_name
from xdsl_pto.transforms.memory_reuse.declared import where_bound
from xdsl_pto.transforms.memory_reuse.lifetime import (
    ProgramOrder,
    def_point,
    value_lifetime,
)
from xdsl_pto.transforms.memory_reuse.packing import Root
from xdsl_pto.transforms.plan_liveness import must_alias_classes

Pairs = set[frozenset[str]]


def load_tpop_guard_active(fn: func.FuncOp, target: str | None) -> bool:
    """True when the load + tpop hazard applies to ``fn``: the target is A2/A3
    (or unknown: every target's rule binds), ``fn`` is a vector kernel (all
    its tiles in Vec) and it splits its tiles (``tile.split_mode`` not 0, or
    a tpop whose ``split`` is not 0).

    Raises:
        ValueError: for a malformed ``tile.split_mode``.
    """
    # (the attribute test first: cheaper than the trait lookup on every op)
    split = split_mode(fn) or any(_split_of(op) and is_tpop(op) for op in fn.walk())
    if not split or (target is not None and target not in A2A3):
        return False
    return all(v.type.memory_space is MemorySpace.VEC for v in tile_values(fn))  # type: ignore[attr-defined]


def _split_of(op: Operation) -> int:
    """A cross-core op's ``split`` code (0 when absent)."""
    attr = op.attributes.get("split")
    return attr.value.data if isinstance(attr, IntegerAttr) else 0


def _sources(value: SSAValue) -> list[SSAValue]:
    """The values whose data ``value`` is, as far as the hazard's
    classification goes: a view's or copy's source, a loop carry's init and
    yielded value, an ``scf.for``/``scf.if`` result's yielded values."""
    owner = value.owner
    if isinstance(owner, Operation):
        src = view_source(owner)
        if src is not None:
            return [src]
        if isinstance(owner, MoveOp):
            return [owner.source]
        if isinstance(owner, (scf.ForOp, scf.IfOp)):
            idx = value.index  # type: ignore[attr-defined]
            out = [r.block.last_op.operands[idx] for r in owner.regions if r.blocks]  # type: ignore[union-attr]
            if isinstance(owner, scf.ForOp):
                out.append(owner.iter_args[idx])
            return out
        return []
    loop = owner.parent_op()
    if isinstance(loop, scf.ForOp) and value.index > 0:  # type: ignore[attr-defined]
        idx = value.index - 1  # type: ignore[attr-defined]
        return [loop.iter_args[idx], loop.body.block.last_op.operands[idx]]  # type: ignore[union-attr]
    return []


def _derived(fn: func.FuncOp, is_origin: Callable[[Operation], bool]) -> set[SSAValue]:
    """Tile values of ``fn`` whose data comes from an op ``is_origin``
    accepts, through views, copies, carries and merges (a fixpoint)."""
    values = list(tile_values(fn))
    found: set[SSAValue] = {v for v in values if isinstance(v.owner, Operation) and is_origin(v.owner)}
    changed = True
    while changed:
        changed = False
        for v in values:
            if v not in found and any(s in found for s in _sources(v)):
                found.add(v)
                changed = True
    return found


def tpop_derived(fn: func.FuncOp) -> set[SSAValue]:
    """The tile values of ``fn`` that hold cross-core pop data (see the
    module doc)."""
    return _derived(fn, is_tpop)


def load_derived(fn: func.FuncOp) -> set[SSAValue]:
    """The tile values of ``fn`` that hold GM-load data (see the module doc)."""
    return _derived(fn, is_load)


def reads_tpop(op: Operation, tpop: set[SSAValue]) -> bool:
    """True when ``op`` is a writer the load + tpop hazard is about: an op
    without regions (``scf.for``/``scf.if`` only pass values on) that is not
    a view and reads a value of ``tpop`` (:func:`tpop_derived`)."""
    return not op.regions and view_source(op) is None and any(v in tpop for v in op.operands)


def load_tpop_conflicts(
    fn: func.FuncOp, target: str | None, skip: Collection[Operation] = (), active: bool | None = None
) -> Iterator[tuple[Operation, SSAValue, SSAValue]]:
    """``(writer, result, load operand)`` triples the Ascend910 load + tpop
    hazard forbids to share bytes: every tile result of an op that reads a
    tpop-derived value, with each of its load-derived tile operands. None
    when the guard is off (:func:`load_tpop_guard_active`); ``skip`` holds
    ops left out (carry moves removed, or about to be).

    Raises:
        ValueError: for a malformed ``tile.split_mode``.
    """
    if not (load_tpop_guard_active(fn, target) if active is None else active):
        return
    tpop, load = tpop_derived(fn), load_derived(fn)
    for op in fn.walk():
        if op in skip or not reads_tpop(op, tpop):
            continue
        for res in op.results:
            for v in op.operands:
                if is_tile(res) and is_tile(v) and v in load:
                    yield op, res, v


def load_tpop_pairs(
    fn: func.FuncOp,
    target: str | None,
    skip: Collection[Operation] = (),
    active: bool | None = None,
    memref: Callable[[SSAValue], MemRefAttr | None] = memref_of,
) -> Pairs:
    """Root pairs the load + tpop hazard keeps apart (the roots of
    :func:`load_tpop_conflicts`' results and load operands; ``active``:
    :func:`load_tpop_guard_active`, when the caller already knows it;
    ``memref``: a value's MemRef, as a pass that has not applied its
    decisions yet decided it)."""
    pairs: Pairs = set()
    for _, res, v in load_tpop_conflicts(fn, target, skip, active):
        rm, vm = memref(res), memref(v)
        if rm is not None and vm is not None and vm.root_name != rm.root_name:
            pairs.add(frozenset((rm.root_name, vm.root_name)))
    return pairs


def in_loop(op: Operation) -> bool:
    """True when ``op`` runs once per iteration of some ``scf.for`` or
    ``scf.while`` around it."""
    cur = op.parent_op()
    while cur is not None:
        if isinstance(cur, (scf.ForOp, scf.WhileOp)):
            return True
        cur = cur.parent_op()
    return False


def workspace_sites(fn: func.FuncOp, order: ProgramOrder) -> Iterator[tuple[Operation, SSAValue, bool, int]]:
    """``(op, workspace, in a loop, definition point)`` for every written
    workspace operand of ``fn`` (the definition point as a statement index
    of ``order``)."""
    for op in fn.walk():
        for w in workspace_operands(op):
            yield op, w, in_loop(op), def_point(w, order)


def workspace_clash(looped: bool, other: str, workspace: str) -> str:
    """Why a value named ``other`` may not share bytes with ``workspace``
    (the wording of both the planner's and the validator's error)."""
    if looped:
        return "inside a loop a workspace shares its bytes with nothing"
    return f"{other} is last read at or before the definition of {workspace}"


def workspace_pairs(fn: func.FuncOp, roots: list[Root], order: ProgramOrder | None = None) -> Pairs:
    """Root pairs the written-workspace hazard keeps apart (see the module
    doc): for each workspace operand's root, every root of its memory space
    that ends at or before the workspace's definition point (statement
    index), or every other root of the space when the op is inside a loop."""
    by_name = {r.name: r for r in roots}
    pairs: Pairs = set()
    for _, w, looped, born in workspace_sites(fn, order or ProgramOrder.of(fn)):
        wm = memref_of(w)
        mine = by_name.get(wm.root_name) if wm is not None else None
        if mine is None:
            continue
        for other in roots:
            if other.name == mine.name or other.space != mine.space:
                continue
            if looped or other.live.hi <= born:
                pairs.add(frozenset((mine.name, other.name)))
    return pairs


def check_fixed_sharing(
    fn: func.FuncOp, target: str | None, pass_name: str, facts: Facts | None = None
) -> None:
    """Refuse a hazard the packer cannot undo: two values already on one
    root -- bound by the author to one declared allocation, a loop carry,
    or an in-place retarget made for another target -- whose bytes a
    no-alias rule of ``target``, the load + tpop hazard or the
    written-workspace hazard keeps apart. (Between roots, the pairs above
    steer the packing.)

    ``facts``: what memory-reuse computes once for its checks and its
    packing (:class:`Facts`; taken here when None).

    Raises:
        PassError: at the op, naming both values and the rule.
    """
    facts = facts or Facts(fn, target)
    order = facts.order
    same = must_alias_classes(fn)
    pinned = {name for name, op in facts.allocs.items() if op.is_pinned}
    for op, forbidden in facts.forbidden_operands:
        for f in forbidden:
            for res in op.results:
                rm = memref_of(res)
                if rm is None or not _one_window(res, f):
                    continue
                if rm.root_name in pinned:  # the author bound both
                    tail = (f", but both are bound to {where_bound(rm)}; bind the result to another "
                            "slot or declaration")
                else:
                    on = f" on {target}" if target else ""
                    tail = (f"{on}, but both are already on one buffer (planned for another target, "
                            "or bound together); plan the unplanned kernel for this backend, or bind "
                            "the result elsewhere")
                raise PassError(
                    f"{pass_name}: {op.name} may not write its result over its operand "
                    f"{value_name(f)}{tail}",
                    op,
                )
    for op, res, v in load_tpop_conflicts(fn, target, active=facts.guard_active):
        if _one_window(res, v) and reused_operand(op) is v:
            # in place on an operand that holds both: no placement separates them
            raise PassError(
                f"{pass_name}: {op.name} computes in place on {value_name(v)}, which holds a "
                f"tpop value and a load-derived one (e.g. a loop carry of both): not supported "
                f"where the Ascend910 load + tpop hazard binds (a2/a3 split vector kernels); "
                f"let one value hold data of one kind only (a pop or a load, not both)",
                op,
            )
        if _one_window(res, v):
            raise PassError(
                f"{pass_name}: {op.name} reads a tpop value and writes its result over "
                f"the load-derived {value_name(v)}, which shares its buffer "
                f"(Ascend910 load + tpop hazard); give the result a buffer of its own",
                op,
            )
    for op, w, looped, born in workspace_sites(fn, order):
        for v in tile_values(fn):
            if v is w or same.find(v) is same.find(w) or not _one_window(v, w):
                continue
            if looped or value_lifetime(v, order).hi <= born:
                raise PassError(
                    f"{pass_name}: {op.name} writes its workspace {value_name(w)} over "
                    f"{value_name(v)}, which shares its buffer (written-workspace hazard: "
                    f"{workspace_clash(looped, value_name(v), value_name(w))}); pass a tmp of its own",
                    op,
                )


class Facts:
    """What memory-reuse's checks and its packing both ask about one
    function, taken once per run (each used to walk the function again:
    the statement numbering three times, the no-alias operands of every op
    and the load + tpop guard twice). Valid while the function is not
    changed; each fact is taken when first asked for."""

    def __init__(self, fn: func.FuncOp, target: str | None):
        self.fn = fn
        self.target = target
        self._order: ProgramOrder | None = None
        self._allocs: dict[str, AllocOp] | None = None
        self._forbidden: list[tuple[Operation, list[SSAValue]]] | None = None
        self._guard: bool | None = None

    @property
    def order(self) -> ProgramOrder:
        """The function's statement numbering."""
        if self._order is None:
            self._order = ProgramOrder.of(self.fn)
        return self._order

    @property
    def allocs(self) -> dict[str, AllocOp]:
        """The function's allocation roots by name (:func:`.common.allocs`)."""
        if self._allocs is None:
            self._allocs = allocs(self.fn)
        return self._allocs

    @property
    def forbidden_operands(self) -> list[tuple[Operation, list[SSAValue]]]:
        """``(op, forbidden_alias_operands(op, target))`` for every op of the
        function with some, in walk order."""
        if self._forbidden is None:
            self._forbidden = [
                (op, f) for op in self.fn.walk() if (f := forbidden_alias_operands(op, self.target))
            ]
        return self._forbidden

    @property
    def guard_active(self) -> bool:
        """:func:`load_tpop_guard_active` (may raise its ValueError)."""
        if self._guard is None:
            self._guard = load_tpop_guard_active(self.fn, self.target)
        return self._guard


def _one_window(a: SSAValue, b: SSAValue) -> bool:
    """True when ``a`` and ``b`` lie on one root with overlapping windows."""
    ma, mb = memref_of(a), memref_of(b)
    return ma is not None and mb is not None and ma.may_overlap(mb)
