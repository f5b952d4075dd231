"""Yield fixup: settle the carry moves that materialize-semantic-aliases could
not remove (seed 001/002, MemoryReuse step 7).

A remaining Vec carry move stays: it is the ``tile.move`` that writes the
yielded value into the carried buffer before each ``scf.yield``. An Acc one is
an error: nothing can copy Acc to Acc on any target (reference/backends.md),
so the accumulator must be updated in place (e.g. ``tile.matmul_acc``).
"""

from __future__ import annotations

from xdsl.dialects import func, scf

from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.tile.types import MemorySpace, TileType
from xdsl_pto.transforms.common import carry_moves, memref_of, value_name


def check_carries(fn: func.FuncOp, pass_name: str) -> int:
    """Validate the remaining carry moves of ``fn``; returns how many stay.

    Raises:
        PassError: for an Acc carry move, naming the yielded value's buffer and
            the carry's buffer.
    """
    kept = 0
    for move in carry_moves(fn):
        t = move.result.type
        assert isinstance(t, TileType)
        if t.memory_space is MemorySpace.ACC:
            src, dst = memref_of(move.source), memref_of(move.result)
            parent = move.parent_op()
            what = "loop-carried" if isinstance(parent, scf.ForOp) else "if-merged"
            raise PassError(
                f"{pass_name}: {what} accumulator {value_name(move.source)} is computed in "
                f"@{src.root_name} but must land in @{dst.root_name}, and no Acc->Acc copy "  # type: ignore[union-attr]
                "exists; update the carried accumulator in place (e.g. tile.matmul_acc)",
                move,
            )
        kept += 1
    return kept
