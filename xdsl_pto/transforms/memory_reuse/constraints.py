"""Sharing constraints from op traits: which roots may never share a buffer.

Seed 002, "No-alias guard": an op whose result must not alias some of its
operands (``NotInplaceSafe``: all tile operands; ``NoAlias(i)``: operand i;
the target-aware ``NoAliasOn`` and ``CastNoAlias``, for the planning target)
forbids its result's root and each forbidden operand's root from sharing a
buffer. Operands are resolved to their root, so a forbidden operand reached
through a view or a loop carry is honoured. The pairs are symmetric.

The tile results of one op never share a buffer either: the op writes them
all (``tile.gather_compare``'s indices and counts), and a result nothing
reads is otherwise live nowhere, so its lifetime alone would not keep it
apart from its siblings.
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.ir import Operation, SSAValue

from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.tile.traits import (
    disjoint_operand_pairs,
    forbidden_alias_operands,
    pipe_source,
)
from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.transforms.common import memref_of, value_name


def no_alias_pairs(
    fn: func.FuncOp,
    target: str | None = None,
    forbidden_operands: list[tuple[Operation, list[SSAValue]]] | None = None,
) -> set[frozenset[str]]:
    """Unordered pairs of root names that must stay in different buffers on
    ``target`` (a2, a3, a5; None = unknown: every target's rule binds).
    ``forbidden_operands``: each op's :func:`forbidden_alias_operands` on
    ``target``, when the caller has them (:attr:`.hazards.Facts.forbidden_operands`)."""
    pairs: set[frozenset[str]] = set()
    if forbidden_operands is None:
        forbidden_operands = [(op, forbidden_alias_operands(op, target)) for op in fn.walk()]
    for op in fn.walk():
        for a, b in sibling_results(op):
            ma, mb = memref_of(a), memref_of(b)
            if ma is not None and mb is not None and ma.root_name != mb.root_name:
                pairs.add(frozenset((ma.root_name, mb.root_name)))
    for op, forbidden in forbidden_operands:
        if not forbidden:
            continue
        for res in op.results:
            rm = memref_of(res)
            if rm is None:
                continue
            for f in forbidden:
                fm = memref_of(f)
                if fm is not None and fm.root_name != rm.root_name:
                    pairs.add(frozenset((rm.root_name, fm.root_name)))
    return pairs


def sibling_results(op: Operation) -> list[tuple[SSAValue, SSAValue]]:
    """Pairs of distinct tile results of ``op`` (the op writes both: they
    must not share bytes); empty for an op with fewer than two, and for a
    loop or if (its results are the values its regions yield)."""
    if op.regions:
        return []
    tiles = [r for r in op.results if isinstance(r.type, TileType)]
    return [(a, b) for i, a in enumerate(tiles) for b in tiles[i + 1 :]]


def check_operand_overlaps(fn: func.FuncOp, target: str | None, pass_name: str) -> None:
    """Refuse an op whose tmp scratch shares bytes with a source it still
    reads, where ``target`` forbids it (``DisjointOperandsOn``; None = every
    target's rule): the planner never makes two operands of one op overlap,
    so only the author's aliasing can (a view of a source passed as tmp).

    Raises:
        PassError: at the op, naming the two operands and the target.
    """
    for op in fn.walk():
        for tmp, src in disjoint_operand_pairs(op, target):
            where = _shared_storage(tmp, src)
            if where is None:
                continue
            on = f"on {target}" if target else "on a2/a3 (no backend given)"
            raise PassError(
                f"{pass_name}: {op.name} writes its tmp {value_name(tmp)} while it still "
                f"reads {value_name(src)}, and their bytes overlap in {where}; "
                f"{on} they must be disjoint -- pass a tmp of its own",
                op,
            )


def _shared_storage(a: SSAValue, b: SSAValue) -> str | None:
    """Where ``a`` and ``b`` may share bytes -- ``@root`` of one allocation,
    or the pipe storage of one tpop (any two views of it count) -- else None."""
    pa, pb = pipe_source(a), pipe_source(b)
    if pa is not None or pb is not None:
        return "one tpop's pipe storage" if pa is pb else None
    ma, mb = memref_of(a), memref_of(b)
    return f"@{ma.root_name}" if ma is not None and mb is not None and ma.may_overlap(mb) else None
