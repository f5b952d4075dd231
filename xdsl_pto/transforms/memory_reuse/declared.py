"""The per-slot overlap check of declared allocations (seed 001, "Declared
allocations", "Overlap check"; pypto-docs/31-init_memref.md, fourth rule).

Two tiles bound independently to one slot of a pinned root must not be live
at once: the later one's write would destroy data the earlier one still
needs. Touching is allowed (a tile's last read may be the op producing the
next member), as in the packer. Only tiles bound by their own producer count
-- views, in-place results, loop/if results, iter_args and carry moves land
on the slot by inheritance -- but a bound tile stays live while a view or
in-place result of it is. A runtime slot (``slot = iv``) has no static slot
to attribute a tile to: it is skipped.
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.ir import Operation, SSAValue

from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.tile.data_ops import MoveOp
from xdsl_pto.dialects.tile.traits import must_alias_source
from xdsl_pto.transforms.common import allocs, memref_of, tile_values, value_name
from xdsl_pto.transforms.memory_reuse.lifetime import (
    Interval,
    ProgramOrder,
    value_lifetime,
)


def _bound_by_producer(value: SSAValue) -> bool:
    op = value.owner
    if not isinstance(op, Operation) or op.regions:
        return False
    if isinstance(op, MoveOp) and op.carry is not None:
        return False
    return must_alias_source(op) is None


def _with_aliases(value: SSAValue, order: ProgramOrder) -> Interval:
    """``value``'s lifetime extended over its views and in-place results."""
    live = value_lifetime(value, order)
    todo = [value]
    while todo:
        v = todo.pop()
        for use in v.uses:
            user = use.operation
            if not user.regions and must_alias_source(user) is v:
                for r in user.results:
                    live = live.hull(value_lifetime(r, order))
                    todo.append(r)
    return live


def check_slot_overlaps(fn: func.FuncOp, pass_name: str) -> None:
    """Reject two independently bound tiles live at once on one static slot
    of a pinned root of ``fn``.

    Raises:
        PassError: naming both tiles, the slot and both statement intervals.
    """
    pinned = {name for name, op in allocs(fn).items() if op.is_pinned}
    if not pinned:
        return
    order = ProgramOrder.of(fn)
    seen: dict[tuple[str, object], list[tuple[SSAValue, Interval]]] = {}
    for v in tile_values(fn):
        m = memref_of(v)
        if m is None or m.root_name not in pinned or m.runtime_slot or not _bound_by_producer(v):
            continue
        key = (m.root_name, m.slot_index)
        live = _with_aliases(v, order)
        for other, other_live in seen.get(key, []):
            if live.interferes(other_live):
                where = f"@{m.root_name}" if m.slot_index is None else f"slot {m.slot_index} of @{m.root_name}"
                raise PassError(
                    f"{pass_name}: {value_name(other)} and {value_name(v)} are both bound "
                    f"to {where} and live at once (statements {other_live.lo}-{other_live.hi} "
                    f"and {live.lo}-{live.hi}); the second write would destroy data the "
                    "first still needs -- bind one of them to another slot or declaration",
                    v.owner if isinstance(v.owner, Operation) else fn,
                )
        seen.setdefault(key, []).append((v, live))


__all__ = ["check_slot_overlaps"]
