"""Author-declared allocations: what ``init-memref`` derives from the tiles
bound to them (pypto-docs/31-init_memref.md, "Declared allocations";
python_syntax.md, "Declared Allocations" and "Slots"; seed 001, "Declared
allocations").

A tile type's ``alloc = <@name[, slots = N, slot = k|iv]>`` binds the tile to
a declaration. This module gathers the declarations of one function, checks
the bindings and sizes each declaration; ``init-memref`` then creates one
pinned ``tile.alloc`` per declaration and puts every bound tile on it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from xdsl.dialects import func, scf
from xdsl.ir import Operation, SSAValue

from xdsl_pto.backends import Backend, align_up, footprint_bytes
from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.tile.traits import must_alias_source
from xdsl_pto.dialects.tile.types import (
    AllocBindingAttr,
    MemorySpace,
    MemRefAttr,
    TileType,
)
from xdsl_pto.dialects.tile.view_ops import constant_index
from xdsl_pto.transforms.common import (
    enclosing_for,
    loop_of,
    memref_of,
    tile_values,
    value_anchor,
    value_name,
)


@dataclass
class Declaration:
    """One declared allocation of a function.

    Attributes:
        name: the declaration's symbol (also the pinned root's name).
        space: the memory space every bound tile shares.
        slots: slot count (1 for a plain declaration).
        slot_size: bytes of one slot: the largest bound tile, rounded up to
            the 32-byte allocator alignment so every slot starts aligned.
        bound: the tiles bound to it by their own producer, in program order.
    """

    name: str
    space: MemorySpace
    slots: int
    slot_size: int = 0
    bound: list[SSAValue] = field(default_factory=list)

    @property
    def size(self) -> int:
        """Bytes of the whole allocation (all slots)."""
        return self.slots * self.slot_size

    def window(self, binding: AllocBindingAttr, t: TileType) -> MemRefAttr:
        """The MemRef of a tile of type ``t`` bound by ``binding``: its slot's
        start (slot 0's for a runtime slot) and the tile's own size."""
        k = binding.slot_index
        if self.slots == 1:
            return MemRefAttr(self.name, 0, t.size_bytes)
        offset = k * self.slot_size if isinstance(k, int) else 0
        return MemRefAttr(self.name, offset, t.size_bytes, k)


def _producer(value: SSAValue) -> Operation | None:
    owner = value.owner
    return owner if isinstance(owner, Operation) else None


def _source_binding(op: Operation) -> AllocBindingAttr | None:
    src = must_alias_source(op)
    if src is None or not isinstance(src.type, TileType):
        return None
    return src.type.get_binding()


def collect_declarations(
    fn: func.FuncOp, pass_name: str, backend: Backend | None = None
) -> dict[str, Declaration]:
    """The declarations ``fn``'s tiles are bound to, sized, by name in order
    of first binding. A slot holds the footprint of its largest tile (an Acc
    tile's rows padded for ``backend``, None: the A2/A3 rule;
    :func:`~xdsl_pto.backends.footprint_bytes`).

    Only a tile produced by an op with no must-alias trait binds itself; a
    view's or in-place result's binding must repeat its source's (it lands
    in its source's allocation), and loop/if results and iter_args take the
    binding their type shares with the carried value.

    Raises:
        PassError: a view or in-place result bound elsewhere than its source;
            tiles of one declaration in two memory spaces or with two slot
            counts; a runtime slot (``slot = iv``) outside any ``scf.for``.
    """
    decls: dict[str, Declaration] = {}
    for op in fn.walk():
        for res in op.results:
            t = res.type
            if not isinstance(t, TileType) or t.get_binding() is None:
                continue
            binding = t.get_binding()
            assert binding is not None
            if must_alias_source(op) is not None:
                source = _source_binding(op)
                if binding != source:
                    has = "is unbound" if source is None else f"is bound to {source}"
                    raise PassError(
                        f"{pass_name}: {value_name(res)} is the result of {op.name}, which "
                        f"lands in its source's buffer, so it cannot be bound to "
                        f"{binding} (its source {has}); repeat the source's binding, drop "
                        "it, or bind the source instead",
                        op,
                    )
                continue
            if isinstance(op, (scf.ForOp, scf.IfOp)):
                continue
            _bind(decls, res, op, binding, t, pass_name, backend)
    return decls


def _bind(
    decls: dict[str, Declaration],
    value: SSAValue,
    op: Operation,
    binding: AllocBindingAttr,
    t: TileType,
    pass_name: str,
    backend: Backend | None = None,
) -> None:
    name = binding.decl_name
    d = decls.get(name)
    if d is None:
        d = decls[name] = Declaration(name, t.memory_space, binding.slots.data)
    first = value_name(d.bound[0]) if d.bound else "its first tile"
    if t.memory_space is not d.space:
        raise PassError(
            f"{pass_name}: {value_name(value)} is bound to @{name} in {t.memory_space.value}, "
            f"but {first} puts @{name} in {d.space.value}; the tiles of one declared "
            "allocation share a memory space",
            op,
        )
    if binding.slots.data != d.slots:
        raise PassError(
            f"{pass_name}: {value_name(value)} declares @{name} with {binding.slots.data} "
            f"slot(s), but {first} declares it with {d.slots}",
            op,
        )
    if binding.slot_index == "iv" and enclosing_for(op) is None:
        raise PassError(
            f"{pass_name}: {value_name(value)} selects a runtime slot of @{name} "
            "(slot = iv) outside any scf.for; use a constant slot",
            op,
        )
    d.bound.append(value)
    d.slot_size = max(d.slot_size, align_up(footprint_bytes(t, backend)))


def check_runtime_slots(
    fn: func.FuncOp,
    pass_name: str,
    memref: Callable[[SSAValue], MemRefAttr | None] = memref_of,
) -> None:
    """Every value on a runtime slot (``slot = iv``) lives in the loop whose
    induction variable selects its slot: it is not carried by an ``scf.for``
    nor merged by an ``scf.if`` (its slot would change under it on the next
    iteration, or mean another loop's variable), and a view or in-place
    update of it is made in the same loop as its source.

    Args:
        memref: a value's MemRef (the one on its type; init-memref asks its
            decisions, before they are applied).

    Raises:
        PassError: naming the value and the declaration.
    """
    for v in tile_values(fn):
        m = memref(v)
        if m is None or not m.runtime_slot:
            continue
        owner = v.owner
        carrier = owner.parent_op() if not isinstance(owner, Operation) else owner
        if not isinstance(owner, Operation) or owner.regions:
            what = "carried by scf.for" if isinstance(carrier, scf.ForOp) else "merged by scf.if"
            raise PassError(
                f"{pass_name}: {value_name(v)} is on a runtime slot of @{m.root_name} "
                f"(slot = iv) and is {what}; its slot follows the loop's induction variable, "
                "so it cannot be a carry or a merge -- copy it into a tile of its own "
                "(tile.move) first",
                value_anchor(v),
            )
        src = must_alias_source(owner)
        if src is not None and enclosing_for(owner) is not loop_of(src):
            raise PassError(
                f"{pass_name}: {value_name(v)} views or updates {value_name(src)}, which is on a "
                f"runtime slot of @{m.root_name} (slot = iv), inside another loop than the one "
                "that selects its slot",
                owner,
            )


def reachable_slots(v: SSAValue, slots: int) -> set[int]:
    """The slots of an ``slots``-slot root that a value on a runtime slot
    (``slot = iv``) can occupy: ``iv mod slots`` over the constant range of
    the loop that selects it; every slot when the range is not constant."""
    loop = loop_of(v)
    bounds = [constant_index(x) for x in (loop.lb, loop.ub, loop.step)] if loop is not None else []
    if len(bounds) != 3 or any(b is None for b in bounds) or bounds[2] <= 0:  # type: ignore[operator]
        return set(range(slots))
    lb, ub, step = bounds  # type: ignore[misc]
    return {i % slots for i in range(lb, min(ub, lb + step * slots), step)}  # type: ignore[arg-type]


def may_share_bytes(a: SSAValue, b: SSAValue, slot_size: int, slots: int) -> bool:
    """Whether two values on one multi-slot root can occupy a common byte.

    Two values on runtime slots of the same loop are on the same slot at any
    time (one ``iv``); otherwise a runtime slot may be any slot it can reach
    (:func:`reachable_slots`). Windows are compared within the slot.
    """
    ma, mb = memref_of(a), memref_of(b)
    assert ma is not None and mb is not None

    def frame(v: SSAValue, m: MemRefAttr) -> tuple[set[int], int]:
        k = m.slot_index
        if k == "iv":
            return reachable_slots(v, slots), m.offset.data
        assert isinstance(k, int)
        return {k}, m.offset.data - k * slot_size

    if ma.runtime_slot and mb.runtime_slot and loop_of(a) is loop_of(b):
        sa = sb = {0}
        oa, ob = ma.offset.data, mb.offset.data
    else:
        (sa, oa), (sb, ob) = frame(a, ma), frame(b, mb)
    return bool(sa & sb) and oa < ob + mb.size.data and ob < oa + ma.size.data


__all__ = [
    "Declaration",
    "check_runtime_slots",
    "collect_declarations",
    "may_share_bytes",
    "reachable_slots",
]
