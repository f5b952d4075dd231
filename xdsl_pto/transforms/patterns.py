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
  (``tile.pipeline_membership``, ``tile.pipeline_stages``).

A pattern never refuses its input: every check runs, and every error is
raised, while deciding (a pattern's exception would be re-reported by the
walker as a generic "Error while applying pattern").
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from xdsl.dialects import func
from xdsl.dialects.builtin import IntAttr
from xdsl.ir import Attribute, Operation, Region, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, PatternRewriteWalker, RewritePattern
from xdsl.rewriter import InsertPoint

from xdsl_pto.dialects.tile.data_ops import AllocOp


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
    "InsertAllocs",
    "RetypeValues",
    "SetAllocAddresses",
    "apply_patterns",
]
