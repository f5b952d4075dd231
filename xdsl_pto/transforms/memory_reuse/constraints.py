"""Sharing constraints from op traits: which roots may never share a buffer.

Seed 001/002, "No-alias guard": an op whose result must not alias some of its
operands (``NotInplaceSafe``: all tile operands; ``NoAlias(i)``: operand i)
forbids its result's root and each forbidden operand's root from sharing a
buffer. Operands are resolved to their root, so a forbidden operand reached
through a view is honoured. The pairs are symmetric.
"""

from __future__ import annotations

from xdsl.dialects import func

from xdsl_pto.dialects.tile.traits import forbidden_alias_operands
from xdsl_pto.transforms.common import memref_of


def no_alias_pairs(fn: func.FuncOp) -> set[frozenset[str]]:
    """Unordered pairs of root names that must stay in different buffers."""
    pairs: set[frozenset[str]] = set()
    for op in fn.walk():
        forbidden = forbidden_alias_operands(op)
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
