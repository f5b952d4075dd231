"""``verify-memory-plan``: an independent check of a planned module.

It shares no code with the planner's decisions: it re-derives everything from
the IR after ``allocate-memory-addr`` -- each tile value's physical byte range
(its root's ``addr`` plus its MemRef offset, its MemRef size), its lifetime
(the MemoryReuse lifetime definition, recomputed here from the IR), and which
values are the same data -- and proves:

* no two values that are live at the same time occupy overlapping bytes of
  one memory space, unless they are a must-alias: a view and its source, an
  in-place result and its operand, the values of one loop carry (init,
  iter_arg, yielded value, result) or of one ``scf.if`` merge;
* every no-alias rule of the op traits holds on physical byte ranges;
* every root address is 32-byte aligned and, with a backend, every space fits
  its capacity.

A violation is an error naming both values, their byte ranges and the
program point where both are live (the later one's definition).

On a lowered PTO function only the buffer addresses can be checked (see
:mod:`xdsl_pto.transforms.verify_pto_buffers`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from xdsl.context import Context
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import SSAValue
from xdsl.passes import ModulePass

from xdsl_pto.backends import ALLOC_ALIGN, Backend, backend_for_pass
from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.tile.traits import (
    forbidden_alias_operands,
    reused_operand,
    view_source,
)
from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.transforms.common import (
    allocs,
    functions,
    has_tiles,
    memref_of,
    require_memrefs,
    tile_values,
    value_anchor,
    value_name,
)
from xdsl_pto.transforms.memory_reuse.lifetime import (
    Interval,
    ProgramOrder,
    value_lifetime,
)
from xdsl_pto.transforms.verify_pto_buffers import has_pto_buffers, verify_pto_function

PASS = "verify-memory-plan"


@dataclass(frozen=True)
class Placed:
    """One tile value's physical placement: space, byte range ``[lo, hi)``,
    live statement interval."""

    value: SSAValue
    space: str
    lo: int
    hi: int
    live: Interval


class _SameData:
    """Union-find over values that are must-aliases (the same data)."""

    def __init__(self) -> None:
        self.parent: dict[SSAValue, SSAValue] = {}

    def find(self, v: SSAValue) -> SSAValue:
        self.parent.setdefault(v, v)
        while self.parent[v] is not v:
            self.parent[v] = self.parent[self.parent[v]]
            v = self.parent[v]
        return v

    def union(self, a: SSAValue, b: SSAValue) -> None:
        self.parent[self.find(a)] = self.find(b)


def must_alias_classes(fn: func.FuncOp) -> _SameData:
    """Group the values that are the same data (see the module docstring)."""
    same = _SameData()
    for op in fn.walk():
        src = view_source(op) or reused_operand(op)
        if src is not None and op.results and isinstance(src.type, TileType):
            same.union(op.results[0], src)
        if isinstance(op, scf.ForOp):
            body = op.body.block
            yielded = body.last_op
            for i, res in enumerate(op.results):
                if isinstance(res.type, TileType):
                    same.union(res, op.iter_args[i])
                    same.union(res, body.args[1 + i])
                    same.union(res, yielded.operands[i])  # type: ignore[union-attr]
        if isinstance(op, scf.IfOp):
            for region in op.regions:
                if not region.blocks:  # an if without else has no results
                    continue
                y = region.block.last_op
                for i, res in enumerate(op.results):
                    if isinstance(res.type, TileType):
                        same.union(res, y.operands[i])  # type: ignore[union-attr]
    return same


def _placements(fn: func.FuncOp, order: ProgramOrder) -> list[Placed]:
    roots = allocs(fn)
    out = []
    for v in tile_values(fn):
        m = memref_of(v)
        assert m is not None
        root = roots[m.root_name]
        assert root.addr is not None  # check_roots ran
        lo = root.addr.data + m.offset.data
        out.append(Placed(v, root.space.data, lo, lo + m.size.data, value_lifetime(v, order)))
    return out


def _describe(p: Placed, own: bool = False) -> str:
    """``%name [lo, hi)``; an op's own unnamed result (``own``) is just its range."""
    if own and not p.value.name_hint:
        return f"[{p.lo}, {p.hi})"
    return f"{value_name(p.value)} [{p.lo}, {p.hi})"


def check_roots(fn: func.FuncOp, backend: Backend | None, pass_name: str) -> None:
    """Every ``tile.alloc`` has an address, 32-byte aligned, and -- with a
    backend -- ends within its space's capacity.

    Raises:
        PassError: prefixed with ``pass_name``, at the offending root.
    """
    for name, root in allocs(fn).items():
        if root.addr is None:
            raise PassError(
                f"{pass_name}: allocation @{name} has no address; run allocate-memory-addr "
                "(or pto-plan-memory) first",
                root,
            )
        if root.addr.data % ALLOC_ALIGN:
            raise PassError(
                f"{pass_name}: allocation @{name} address {root.addr.data} is not "
                f"{ALLOC_ALIGN}-byte aligned",
                root,
            )
        if backend is not None:
            limit = backend.capacity[root.memory_space]
            end = root.addr.data + root.size.data
            if end > limit:
                raise PassError(
                    f"{pass_name}: allocation @{name} ends at byte {end}, past the "
                    f"{backend.name} {root.space.data} capacity ({limit} bytes)",
                    root,
                )


def verify_function(fn: func.FuncOp, backend: Backend | None) -> int:
    """Check one planned Tile function; returns how many tile values it
    placed and checked.

    Raises:
        PassError: at the first violation, naming both values, their byte
            ranges (in their memory space) and where both are live (reported
            at the later value's definition).
    """
    require_memrefs(fn, PASS)
    check_roots(fn, backend, PASS)
    order = ProgramOrder.of(fn)
    placed = _placements(fn, order)
    same = must_alias_classes(fn)
    by_value = {p.value: p for p in placed}
    for i, a in enumerate(placed):
        for b in placed[i + 1 :]:
            if a.space != b.space or a.lo >= b.hi or b.lo >= a.hi:
                continue
            if not a.live.interferes(b.live) or same.find(a.value) is same.find(b.value):
                continue
            later = b if b.live.lo >= a.live.lo else a
            raise PassError(
                f"{PASS}: {_describe(a)} and {_describe(b)} overlap in {a.space} and are both "
                f"live where {value_name(later.value)} is defined",
                value_anchor(later.value),
            )
    for op in fn.walk():
        for f in forbidden_alias_operands(op):
            for res in op.results:
                if res not in by_value or f not in by_value:
                    continue
                r, s = by_value[res], by_value[f]
                if r.space == s.space and r.lo < s.hi and s.lo < r.hi:
                    raise PassError(
                        f"{PASS}: {op.name} result {_describe(r, own=True)} overlaps its operand "
                        f"{_describe(s)}, which the op forbids",
                        op,
                    )
    return len(placed)


class Checked(NamedTuple):
    """What was proved of one function: ``count`` tile values (``kind`` =
    "tile values", full proof) or PTO buffer handles (``kind`` = "pto
    buffers", addresses only)."""

    function: str
    kind: str
    count: int


def verify_module(module: ModuleOp, backend: Backend | None) -> list[Checked]:
    """Check every function of a planned Tile or lowered PTO module.

    Returns:
        One :class:`Checked` per function with tiles or PTO buffers.

    Raises:
        PassError: at the first violation (see :func:`verify_function` and
            :func:`~xdsl_pto.transforms.verify_pto_buffers.verify_pto_function`).
    """
    checked: list[Checked] = []
    for fn in functions(module):
        name = fn.sym_name.data
        if has_pto_buffers(fn):
            checked.append(Checked(name, "pto buffers", verify_pto_function(fn, backend, PASS)))
        elif has_tiles(fn):
            checked.append(Checked(name, "tile values", verify_function(fn, backend)))
    return checked


@dataclass(frozen=True)
class VerifyMemoryPlanPass(ModulePass):
    """Prove a planned module's placement safe (see the module docstring).

    Options:
        backend: ``a2``, ``a3`` or ``a5`` for the capacity check; empty = the
            module's ``pto.target_arch`` if any.
    """

    name = "verify-memory-plan"

    backend: str = ""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        verify_module(op, backend_for_pass(self.backend, op, PASS))
