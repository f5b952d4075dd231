"""The target hazards and declared-slot rules as the validator derives them
(seed 002, MemoryReuse: "Ascend910 load + tpop_from_aic 危害", "被写工作区危害";
python_syntax.md "Declared Allocations", "Slots").

* Load + tpop: in a split vector kernel on A2/A3 (or an unknown target), an
  op that reads a tpop-derived value must not write a result over the bytes
  of a load-derived operand. A value is tpop- (load-) derived when its data
  flows from a tpop (a load) through views, ``tile.move`` copies, loop
  carries and ``scf.if`` merges: the values reachable from the origins along
  those flows.
* Written workspace: an op's ``Workspace(i)`` operand is written on a pipe
  of the op's choosing; its bytes may hold nothing that died at or before
  the workspace's definition, and -- inside a loop -- nothing else at all.
* Runtime slots (``slot = iv``): such a value stays in the loop whose
  induction variable selects its slot, and may be on any slot that
  ``iv mod N`` reaches over the loop's constant range.
"""

from __future__ import annotations

from collections.abc import Iterator

from xdsl.dialects import func, scf
from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import Operation, SSAValue

from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.tile.data_ops import MoveOp
from xdsl_pto.dialects.tile.function_attrs import split_mode
from xdsl_pto.dialects.tile.traits import (
    A2A3,
    is_load,
    is_tile,
    is_tpop,
    must_alias_source,
    view_source,
)
from xdsl_pto.dialects.tile.types import MemorySpace, MemRefAttr
from xdsl_pto.dialects.tile.view_ops import constant_index
from xdsl_pto.verify.ir import (
    innermost_for,
    memref_of,
    selecting_loop,
    tile_values,
    value_anchor,
    value_name,
)


def _splits(fn: func.FuncOp) -> bool:
    """True when ``fn`` splits its cross-core tiles: its ``tile.split_mode``,
    or a tpop with a non-zero ``split``.

    Raises:
        ValueError: for a malformed ``tile.split_mode``.
    """
    if split_mode(fn):
        return True
    for op in fn.walk():
        split = op.attributes.get("split")
        if isinstance(split, IntegerAttr) and split.value.data and is_tpop(op):
            return True
    return False


def load_tpop_applies(fn: func.FuncOp, target: str | None) -> bool:
    """True when the load + tpop hazard binds ``fn`` on ``target``.

    Raises:
        ValueError: for a malformed ``tile.split_mode``.
    """
    if not _splits(fn):
        return False
    if target is not None and target not in A2A3:
        return False
    return all(v.type.memory_space is MemorySpace.VEC for v in tile_values(fn))  # type: ignore[attr-defined]


def _flows_into(value: SSAValue) -> list[SSAValue]:
    """The values whose data ``value`` continues: a view's or copy's
    source; a loop result's init and yields; a merge's yields; an
    iter_arg's init and yield."""
    owner = value.owner
    if not isinstance(owner, Operation):
        loop = owner.parent_op()
        if not isinstance(loop, scf.ForOp) or value.index == 0:  # type: ignore[attr-defined]
            return []
        i = value.index - 1  # type: ignore[attr-defined]
        term = loop.body.block.last_op
        assert term is not None
        return [loop.iter_args[i], term.operands[i]]
    src = view_source(owner)
    if src is not None:
        return [src]
    if isinstance(owner, MoveOp):
        return [owner.source]
    if isinstance(owner, (scf.ForOp, scf.IfOp)):
        i = value.index  # type: ignore[attr-defined]
        found = [r.block.last_op.operands[i] for r in owner.regions if r.blocks]  # type: ignore[union-attr]
        if isinstance(owner, scf.ForOp):
            found.append(owner.iter_args[i])
        return found
    return []


def _reached_from(fn: func.FuncOp, origin) -> set[SSAValue]:
    """The tile values of ``fn`` whose data comes from an op ``origin``
    accepts (reachability along :func:`_flows_into`)."""
    values = list(tile_values(fn))
    feeds: dict[SSAValue, list[SSAValue]] = {}
    for v in values:
        for src in _flows_into(v):
            feeds.setdefault(src, []).append(v)
    todo = [v for v in values if isinstance(v.owner, Operation) and origin(v.owner)]
    seen = set(todo)
    while todo:
        for nxt in feeds.get(todo.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def load_tpop_writes(fn: func.FuncOp, target: str | None) -> Iterator[tuple[Operation, SSAValue, SSAValue]]:
    """``(op, result, load operand)``: every tile result of an op (no
    regions, not a view) that reads a tpop-derived value, with each of its
    load-derived tile operands; nothing when the hazard does not bind.

    Raises:
        ValueError: for a malformed ``tile.split_mode``.
    """
    if not load_tpop_applies(fn, target):
        return
    popped, loaded = _reached_from(fn, is_tpop), _reached_from(fn, is_load)
    for op in fn.walk():
        if op.regions or view_source(op) is not None or not any(v in popped for v in op.operands):
            continue
        for res in op.results:
            for v in op.operands:
                if is_tile(res) and is_tile(v) and v in loaded:
                    yield op, res, v


def workspace_reason(looped: bool, other: str, workspace: str) -> str:
    """Why ``other`` may not share bytes with the workspace ``workspace``."""
    if looped:
        return "inside a loop a workspace shares its bytes with nothing"
    return f"{other} is last read at or before the definition of {workspace}"


def check_runtime_slot_scopes(fn: func.FuncOp, pass_name: str) -> None:
    """A value on a runtime slot is neither a loop carry nor an if merge,
    and a view or in-place update of it is made in the loop that selects
    its source's slot.

    Raises:
        PassError: prefixed with ``pass_name``, naming the value and root.
    """
    for v in tile_values(fn):
        m = memref_of(v)
        if m is None or not m.runtime_slot:
            continue
        owner = v.owner
        if not isinstance(owner, Operation) or owner.regions:
            carrier = owner if isinstance(owner, Operation) else owner.parent_op()
            what = "carried by scf.for" if isinstance(carrier, scf.ForOp) else "merged by scf.if"
            raise PassError(
                f"{pass_name}: {value_name(v)} is on a runtime slot of @{m.root_name} "
                f"(slot = iv) and is {what}; its slot follows the loop's induction variable, "
                "so it cannot be a carry or a merge -- copy it into a tile of its own "
                "(tile.move) first",
                value_anchor(v),
            )
        src = must_alias_source(owner)
        if src is not None and innermost_for(owner) is not selecting_loop(src):
            raise PassError(
                f"{pass_name}: {value_name(v)} views or updates {value_name(src)}, which is on a "
                f"runtime slot of @{m.root_name} (slot = iv), inside another loop than the one "
                "that selects its slot",
                owner,
            )


def _slots_reached(v: SSAValue, slots: int) -> set[int]:
    """The slots ``iv mod slots`` takes for the loop selecting ``v``'s slot
    (every slot when its range is not constant)."""
    loop = selecting_loop(v)
    if loop is None:
        return set(range(slots))
    lb, ub, step = (constant_index(x) for x in (loop.lb, loop.ub, loop.step))
    if lb is None or ub is None or step is None or step <= 0:
        return set(range(slots))
    return {i % slots for i in range(lb, min(ub, lb + step * slots), step)}


def slots_may_meet(a: SSAValue, b: SSAValue, slot_size: int, slots: int) -> bool:
    """Whether two values on one ``slots``-slot root can share a byte: two
    runtime slots of one loop are one slot; otherwise each value may be on
    any slot it reaches; windows compared within the slot."""
    ma, mb = memref_of(a), memref_of(b)
    assert ma is not None and mb is not None

    def in_slot(v: SSAValue, m: MemRefAttr) -> tuple[set[int], int]:
        k = m.slot_index
        if k == "iv":
            return _slots_reached(v, slots), m.offset.data
        assert isinstance(k, int)
        return {k}, m.offset.data - k * slot_size

    if ma.runtime_slot and mb.runtime_slot and selecting_loop(a) is selecting_loop(b):
        (sa, oa), (sb, ob) = ({0}, ma.offset.data), ({0}, mb.offset.data)
    else:
        (sa, oa), (sb, ob) = in_slot(a, ma), in_slot(b, mb)
    return bool(sa & sb) and oa < ob + mb.size.data and ob < oa + ma.size.data
