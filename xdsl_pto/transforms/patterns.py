"""The rewrite step of the planning passes: one RewritePattern per rewrite
kind, applied by a PatternRewriteWalker (:func:`apply_patterns`).

A pass first analyses the IR and decides (plain code over the whole
function, as xDSL does for global analyses: lifetimes, packing, placement);
the decision is data -- which value gets which type, which root which
address -- and these patterns carry it out, each op visited once:

* :class:`RetypeValues` -- values onto their chosen MemRefs (or bindings):
  an op's results and its regions' block arguments get the decided type;
* :class:`SetAllocAddresses` -- a ``tile.alloc``'s ``addr`` written (or
  cleared);
* :class:`EraseAllocs` -- dead ``tile.alloc`` ops removed;
* :class:`InsertAllocs` -- new ``tile.alloc`` ops at a function's head;
* :class:`DropAttribute` -- a consumed discardable attribute removed
  (``tile.pipeline_membership``, ``tile.pipeline_stages``);
* :class:`InsertMoves` -- decided ``tile.move`` ops inserted before an op,
  each result taking the place of one of its operands (init-memref's
  copies, carry moves and if-arm moves);
* :class:`EraseMoves` -- decided ``tile.move`` ops removed, their readers
  reading their source (materialize-semantic-aliases' retargets).

A pattern never refuses its input: every check runs, and every error is
raised, while deciding (a pattern's exception would be re-reported by the
walker as a generic "Error while applying pattern").
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from xdsl.dialects import func
from xdsl.dialects.builtin import IntAttr
from xdsl.ir import Attribute, Operation, Region, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, PatternRewriteWalker, RewritePattern
from xdsl.rewriter import InsertPoint

from xdsl_pto.dialects.tile.data_ops import AllocOp, MoveOp
from xdsl_pto.dialects.tile.types import TileType


class RetypeValues(RewritePattern):
    """Give each value of ``types`` its decided type (a value already of
    that type is left alone): the results of the visited op and the block
    arguments of its regions.

    Args:
        types: value -> its new type (a tile type with the chosen MemRef,
            binding, ...).
    """

    def __init__(self, types: Mapping[SSAValue, Attribute]):
        self.types = types

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        for value in [*op.results, *(a for r in op.regions for b in r.blocks for a in b.args)]:
            new = self.types.get(value)
            if new is not None and value.type != new:
                rewriter.replace_value_with_new_type(value, new)


class SetAllocAddresses(RewritePattern):
    """Write each decided address: ``tile.alloc @name`` gets ``addr =
    addresses[name]`` (bytes; None clears it). Roots not named are left.

    Args:
        addresses: root name -> address in bytes, or None.
    """

    def __init__(self, addresses: Mapping[str, int | None]):
        self.addresses = addresses

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, AllocOp) or op.sym_name.data not in self.addresses:
            return
        addr = self.addresses[op.sym_name.data]
        new = None if addr is None else IntAttr(addr)
        if op.addr != new:
            op.addr = new
            rewriter.notify_op_modified(op)


class EraseAllocs(RewritePattern):
    """Remove the ``tile.alloc`` ops whose names are in ``names`` (roots no
    value refers to any more)."""

    def __init__(self, names: Collection[str]):
        self.names = names

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if isinstance(op, AllocOp) and op.sym_name.data in self.names:
            rewriter.erase(op)


class InsertAllocs(RewritePattern):
    """Put ``allocs`` (in order) at the head of ``fn``'s entry block: before
    the op that is first when the pattern is made."""

    def __init__(self, fn: func.FuncOp, allocs: Sequence[AllocOp]):
        self.head = fn.body.blocks[0].first_op
        self.allocs = allocs

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if op is self.head and self.allocs:
            rewriter.insert(list(self.allocs), InsertPoint.before(op))


class DropAttribute(RewritePattern):
    """Remove the discardable attribute ``name`` from every visited op (from
    the ops of ``only``, when given)."""

    def __init__(self, name: str, only: Collection[Operation] | None = None):
        self.name = name
        self.only = only

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if self.name in op.attributes and (self.only is None or op in self.only):
            del op.attributes[self.name]
            rewriter.notify_op_modified(op)


@dataclass(eq=False)
class MoveToInsert:
    """A ``tile.move`` decided to go right before ``before``, its result
    taking the place of ``before``'s operand ``index``.

    Attributes:
        source: what it copies: a value of the IR, or the result of another
            move decided before the same op.
        type: its result's type.
        before: the op it goes before.
        index: the operand of ``before`` its result replaces.
        carry: a carry move (``tile.move {carry}``: writes a yielded value
            back into the buffer a loop carries or an ``scf.if`` merges).
    """

    source: SSAValue | MoveToInsert
    type: TileType
    before: Operation
    index: int
    carry: bool = False


class InsertMoves(RewritePattern):
    """Insert the moves decided before the visited op, in their order, each
    at the op's location; each result replaces its operand of the op.

    Args:
        moves: op -> the moves that go before it (a move's source may be
            one of them, listed earlier).
    """

    def __init__(self, moves: Mapping[Operation, Sequence[MoveToInsert]]):
        self.moves = moves

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        planned = self.moves.get(op)
        if not planned:
            return
        made: dict[MoveToInsert, SSAValue] = {}
        for m in planned:
            source = made[m.source] if isinstance(m.source, MoveToInsert) else m.source
            move = MoveOp(source, m.type, carry=m.carry)
            move.location = op.location
            rewriter.insert(move, InsertPoint.before(op))
            op.operands[m.index] = made[m] = move.result
        rewriter.notify_op_modified(op)


class EraseMoves(RewritePattern):
    """Remove the visited ``tile.move`` when it is one of ``moves``: its
    result's readers read its source.

    Args:
        moves: the moves to remove.
        name_hints: a source's name hint once the moves are gone, where it
            had none (a removed result's: which one follows the order the
            removals were decided in, not this walk's).
    """

    def __init__(self, moves: Collection[MoveOp], name_hints: Mapping[SSAValue, str | None]):
        self.moves = moves
        self.name_hints = name_hints

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, MoveOp) or op not in self.moves:
            return
        source = op.source
        rewriter.replace_all_uses_with(op.result, source)
        rewriter.erase(op)
        if source in self.name_hints:
            source.name_hint = self.name_hints[source]


def apply_patterns(where: Operation | Region, *patterns: RewritePattern, post_order: bool = False,
                   reverse: bool = False) -> None:
    """Apply each of ``patterns`` in turn, one walk each, to every op nested
    in ``where`` (an op's regions, or a region); each op is visited once per
    walk (ops a pattern creates are not visited again).

    Args:
        post_order: visit an op's regions before the op (inner first).
        reverse: visit blocks and ops last to first.
    """
    regions = [where] if isinstance(where, Region) else list(where.regions)
    for pattern in patterns:
        walker = PatternRewriteWalker(
            pattern, walk_regions_first=post_order, apply_recursively=False, walk_reverse=reverse
        )
        for region in regions:
            walker.rewrite_region(region)


__all__ = [
    "DropAttribute",
    "EraseAllocs",
    "EraseMoves",
    "InsertAllocs",
    "InsertMoves",
    "MoveToInsert",
    "RetypeValues",
    "SetAllocAddresses",
    "apply_patterns",
]
