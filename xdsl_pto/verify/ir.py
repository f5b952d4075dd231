"""How the validator reads a planned Tile function: its tile values, their
MemRefs, its allocation roots and reserved windows, and how to name a value
in a diagnostic.

These are plain reads of the IR and of the op definitions, written here
again rather than imported from ``xdsl_pto.transforms`` (see the package
docstring: nothing of the planner's is trusted).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from xdsl.dialects import func, scf
from xdsl.dialects.builtin import IntegerAttr, ModuleOp
from xdsl.ir import Block, Operation, SSAValue

from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.tile.data_ops import AllocOp
from xdsl_pto.dialects.pto import pipe_setup as pto_pipe
from xdsl_pto.dialects.tile import pipe_setup_ops as tile_pipe
from xdsl_pto.dialects.tile.pipe_setup_ops import reservations
from xdsl_pto.dialects.tile.traits import is_pipe_resident
from xdsl_pto.dialects.tile.types import MemorySpace, MemRefAttr, TileType


def functions(module: ModuleOp) -> list[func.FuncOp]:
    """The ``func.func``s with a body of ``module`` and of the modules nested
    in it, in program order."""
    found: list[func.FuncOp] = []
    for op in module.ops:
        if isinstance(op, ModuleOp):
            found += functions(op)
        elif isinstance(op, func.FuncOp) and op.body.blocks:
            found.append(op)
    return found


def tile_values(fn: func.FuncOp) -> Iterator[SSAValue]:
    """Every tile-typed value of ``fn`` in program order: a block's arguments,
    then per op the values of its regions, then its results."""

    def block_values(block: Block) -> Iterator[SSAValue]:
        yield from (a for a in block.args if isinstance(a.type, TileType))
        for op in block.ops:
            for region in op.regions:
                for inner in region.blocks:
                    yield from block_values(inner)
            yield from (r for r in op.results if isinstance(r.type, TileType))

    for block in fn.body.blocks:
        yield from block_values(block)


def buffer_values(fn: func.FuncOp) -> Iterator[SSAValue]:
    """The tile values that own bytes of an on-chip buffer: all but the
    pipe-resident ones (a tpop result and its views, seed 002)."""
    for v in tile_values(fn):
        if not is_pipe_resident(v):
            yield v


def memref_of(value: SSAValue) -> MemRefAttr | None:
    """The MemRef of a tile value's type; None for a non-tile or none."""
    return value.type.get_memref() if isinstance(value.type, TileType) else None


def allocs(fn: func.FuncOp) -> dict[str, AllocOp]:
    """``tile.alloc`` ops of ``fn`` by symbol name (the last one of a name
    wins; duplicates are refused by the window check)."""
    return {op.sym_name.data: op for op in fn.walk() if isinstance(op, AllocOp)}


def has_tiles(fn: func.FuncOp) -> bool:
    """True when ``fn`` has a tile value."""
    return any(True for _ in tile_values(fn))


def defining_op(value: SSAValue) -> Operation | None:
    """The op whose result ``value`` is; None for a block argument."""
    return value.owner if isinstance(value.owner, Operation) else None


def value_anchor(value: SSAValue) -> Operation | None:
    """The op a diagnostic about ``value`` points at: its defining op, or
    the op whose region holds it as a block argument."""
    owner = value.owner
    return owner if isinstance(owner, Operation) else owner.parent_op()


def value_name(value: SSAValue) -> str:
    """``%name`` (the value's name hint), else ``result of OP`` or ``block argument``."""
    if value.name_hint:
        return "%" + value.name_hint
    if isinstance(value.owner, Operation):
        return "result of " + value.owner.name
    return "block argument"


def require_memrefs(fn: func.FuncOp, pass_name: str) -> None:
    """Every buffer value of ``fn`` has a MemRef on a declared root, and no
    pipe-resident value has one.

    Raises:
        PassError: prefixed with ``pass_name``, at the first value that
            breaks it (a missing MemRef names init-memref).
    """
    roots = allocs(fn)
    for v in tile_values(fn):
        m = memref_of(v)
        where = value_anchor(v)
        if is_pipe_resident(v):
            if m is None:
                continue
            raise PassError(
                f"{pass_name}: a tpop result and its views live in reserved pipe storage "
                "and take no MemRef",
                where,
            )
        if m is None:
            raise PassError(f"{pass_name}: tile value has no MemRef; run init-memref first", where)
        if m.root_name not in roots:
            raise PassError(
                f"{pass_name}: MemRef names @{m.root_name}, which no tile.alloc in "
                f"function '{fn.sym_name.data}' declares",
                where,
            )


@dataclass(frozen=True)
class Window:
    """A reserved cross-core window: bytes ``[base, end)`` of ``space``.
    ``note`` says why ``end`` passes the reservation's own size (a ring
    whose slots need more), else empty."""

    name: str
    space: MemorySpace
    base: int
    end: int
    note: str = ""


#: The initialize ops whose consumer operands name a pipe's ring (Tile and PTO).
_INIT_OPS = (
    tile_pipe.AicInitializePipeOp,
    tile_pipe.AivInitializePipeOp,
    pto_pipe.AicInitializePipeOp,
    pto_pipe.AivInitializePipeOp,
)


def _int(op: Operation, key: str) -> int | None:
    attr = op.attributes.get(key)
    return attr.value.data if isinstance(attr, IntegerAttr) else None


def ring_span(reserved: SSAValue) -> tuple[int, str]:
    """The bytes a pipe really uses of the ring ``reserved`` (a
    reservation's ``i32`` result) and how they were counted: for each
    initialize op that takes it as the consumer buffer of a direction its
    ``dir_mask`` enables, ``slot_size`` times the slots ptoas (v0.48) keeps
    there -- ``local_slot_num``, else ``slot_num``, else its default of 4
    per direction of a two-way pipe and 8 of a one-way one (ptoas's
    ``TPipe<id, DIR, slot_size, slot_num, local>``; pypto-docs/operators.md,
    CrossCoreOp). ``(0, "")`` when no initialize op takes it. Derived here
    again, not taken from the op verifiers, so a plan that trusts a ring too
    small for its slots is caught on its own."""
    best, why = 0, ""
    for use in reserved.uses:
        op = use.operation
        if not isinstance(op, _INIT_OPS):
            continue
        mask = _int(op, "dir_mask") or 0
        enabled = (mask & 1 and op.c2v_consumer_buf is reserved) or (
            mask & 2 and op.v2c_consumer_buf is reserved
        )
        size = _int(op, "slot_size")
        if not enabled or size is None:
            continue
        slots = _int(op, "local_slot_num") or _int(op, "slot_num") or (4 if mask == 3 else 8)
        if slots * size > best:
            best, why = slots * size, f"{slots} slots of {size} bytes (the {op.name})"
    return best, why


def fixed_windows(fn: func.FuncOp) -> list[Window]:
    """The ``tile.reserve_buffer`` windows of ``fn`` that have a base, in
    program order; a pipe's ring spans the larger of its size and the bytes
    its slots use (:func:`ring_span`)."""
    out = []
    for r in reservations(fn):
        if r.base_addr is None:
            continue
        span, why = ring_span(r.result)
        end = r.base_addr + max(r.size_bytes, span)
        note = f"{why}, past its declared {r.size_bytes}" if span > r.size_bytes else ""
        out.append(Window(r.reserved_name, r.memory_space, r.base_addr, end, note))
    return out


def innermost_for(op: Operation) -> scf.ForOp | None:
    """The closest ``scf.for`` strictly enclosing ``op``."""
    parent = op.parent_op()
    while parent is not None:
        if isinstance(parent, scf.ForOp):
            return parent
        parent = parent.parent_op()
    return None


def selecting_loop(value: SSAValue) -> scf.ForOp | None:
    """The loop whose induction variable a runtime slot of ``value`` means:
    the innermost ``scf.for`` around its definition (for an iter_arg, its
    own loop)."""
    owner = value.owner
    if isinstance(owner, Operation):
        return innermost_for(owner)
    parent = owner.parent_op()
    if parent is None or isinstance(parent, scf.ForOp):
        return parent
    return innermost_for(parent)
