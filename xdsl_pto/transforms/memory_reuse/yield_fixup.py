"""Yield fixup: settle the carry moves that materialize-semantic-aliases could
not remove (seed 001/002, MemoryReuse step 7).

A remaining Vec (or Mat) carry move stays: it is the ``tile.move`` that writes
the yielded value into the carried buffer before each ``scf.yield``. One in a
space with no same-space copy is an error: nothing copies Acc to Acc (nor
Left, Right or Bias to themselves) on any target (reference/backends.md), so
such a value must be updated in place (e.g. ``tile.matmul_acc``).
"""

from __future__ import annotations

from xdsl.dialects import func, scf

from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.tile.data_ops import MOVE_ROUTES
from xdsl_pto.dialects.tile.types import MemorySpace, TileType
from xdsl_pto.transforms.common import carry_moves, memref_of, value_name

SPACE_NAMES = {
    MemorySpace.VEC: "Vec",
    MemorySpace.MAT: "Mat",
    MemorySpace.LEFT: "Left",
    MemorySpace.RIGHT: "Right",
    MemorySpace.ACC: "Acc",
    MemorySpace.BIAS: "Bias",
    MemorySpace.LEFT_SCALE: "LeftScale",
    MemorySpace.RIGHT_SCALE: "RightScale",
}


def check_carries(fn: func.FuncOp, pass_name: str) -> int:
    """Validate the remaining carry moves of ``fn``; returns how many stay.

    Raises:
        PassError: for a carry move no hardware copy implements (Acc, Left,
            Right and Bias have no same-space route: reference/backends.md and
            :data:`MOVE_ROUTES`), naming the yielded value's buffer and the
            carry's buffer.
    """
    kept = 0
    for move in carry_moves(fn):
        src_t, dst_t = move.source.type, move.result.type
        assert isinstance(src_t, TileType) and isinstance(dst_t, TileType)
        if dst_t.memory_space not in MOVE_ROUTES[src_t.memory_space]:
            src, dst = memref_of(move.source), memref_of(move.result)
            assert src is not None and dst is not None
            parent = move.parent_op()
            what = "loop-carried" if isinstance(parent, scf.ForOp) else "if-merged"
            noun = "accumulator" if dst_t.memory_space is MemorySpace.ACC else "tile"
            s, d = SPACE_NAMES[src_t.memory_space], SPACE_NAMES[dst_t.memory_space]
            raise PassError(
                f"{pass_name}: {what} {noun} {value_name(move.source)} is computed in "
                f"@{src.root_name} but must land in @{dst.root_name}, and no {s}->{d} copy "
                f"exists; update the carried {noun} in place"
                + (" (e.g. tile.matmul_acc)" if noun == "accumulator" else ""),
                move,
            )
        kept += 1
    return kept
