"""The checks of declared allocations that need lifetimes (seed 001,
"Declared allocations", "Overlap check"; pypto-docs/31-init_memref.md,
fourth rule).

Nothing is ever packed into or out of a pinned root, so whatever shares its
bytes was put there by the author's bindings. Two values on one slot that
are live at once and are not the same data (a view and its source, an
in-place result and its operand, a loop carry, an if merge) mean the later
write destroys data the earlier one still needs; touching is allowed (a
tile's last read may be the op producing the next one). Liveness is the
path-sensitive SSA rule of :mod:`xdsl_pto.transforms.plan_liveness`, so a
loop's iter_arg, live round the back-edge, counts too. A runtime slot
(``slot = iv``) is compared by the slots it can reach
(:func:`~xdsl_pto.transforms.declared_allocs.may_share_bytes`): two runtime
slots of one loop are always the same slot; otherwise ``iv mod N`` over the
loop's constant range, or any slot. (The reference skips runtime slots; a
fresh-user breaker showed the resulting plans computing wrong numbers.)

An op whose result may not share its operand's buffer (the op traits'
no-alias rules) may not have both bound to one slot either.
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.ir import SSAValue

from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.tile.types import MemRefAttr
from xdsl_pto.transforms.common import (
    allocs,
    memref_of,
    tile_values,
    value_anchor,
    value_name,
)
from xdsl_pto.transforms.declared_allocs import may_share_bytes
from xdsl_pto.transforms.memory_reuse.lifetime import ProgramOrder, def_point
from xdsl_pto.transforms.plan_liveness import interfere, must_alias_classes


def where_bound(m: MemRefAttr) -> str:
    """``@name`` of a declaration, or ``slot k of @name`` for a slotted one."""
    return f"@{m.root_name}" if m.slot_index is None else f"slot {m.slot_index} of @{m.root_name}"


def check_slot_overlaps(fn: func.FuncOp, pass_name: str) -> None:
    """Reject two values on one static slot of a pinned root of ``fn`` that
    are live at once and not the same data. (A no-alias op whose result and
    forbidden operand are bound to one slot is refused by
    :func:`.hazards.check_fixed_sharing`.)

    Raises:
        PassError: naming both values and the slot.
    """
    roots = allocs(fn)
    pinned = {name for name, op in roots.items() if op.is_pinned}
    if not pinned:
        return
    on_root: dict[str, list[SSAValue]] = {}
    for v in tile_values(fn):
        m = memref_of(v)
        if m is not None and m.root_name in pinned:
            on_root.setdefault(m.root_name, []).append(v)
    order = ProgramOrder.of(fn)
    same = must_alias_classes(fn)
    for name, values in on_root.items():
        root = roots[name]
        for i, a in enumerate(values):
            for b in values[i + 1 :]:
                ma, mb = memref_of(a), memref_of(b)
                assert ma is not None and mb is not None
                if same.find(a) is same.find(b):
                    continue
                if root.slot_count == 1:
                    if not ma.overlaps(mb):
                        continue
                elif not may_share_bytes(a, b, root.slot_size, root.slot_count):
                    continue
                if interfere(a, b, order):
                    later = b if def_point(b, order) >= def_point(a, order) else a
                    first = a if later is b else b
                    where = where_bound(ma) if ma.slot_index == mb.slot_index else f"@{name}"
                    raise PassError(
                        f"{pass_name}: {value_name(first)} and {value_name(later)} are both on "
                        f"{where} and live at once where {value_name(later)} is defined; "
                        "it would destroy data the other still needs -- bind one of them to "
                        "another slot or declaration",
                        value_anchor(later),
                    )


__all__ = ["check_slot_overlaps"]
