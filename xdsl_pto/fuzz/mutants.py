"""Plan mutants: cross-examine the validator with the differential run.

The campaign only ever plans kernels with our own planner, so a validator
that accepts too much would never show. For each proved plan, one tile value
is moved onto another value's bytes in the same memory space (a plan the
planner would not make). Either the validator rejects the mutant (caught), or
it accepts it and the physical run must still agree with the logical one
(harmless: the two values were never live together). A mutant the validator
accepts but the run shows wrong -- or cannot even lay out -- is a gap in the
validator, reported as a failure.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import OpResult

from xdsl_pto.dialects.tile.traits import must_alias_source
from xdsl_pto.dialects.tile.types import MemRefAttr, TileType
from xdsl_pto.transforms.common import (
    allocs,
    functions,
    memref_of,
    set_memref,
    tile_values,
)


@dataclass(frozen=True)
class Mutant:
    """A mutated copy of a plan and what was moved where (one line)."""

    module: ModuleOp
    change: str


def mutate_plan(planned: ModuleOp, rng: random.Random) -> Mutant | None:
    """A copy of ``planned`` with one op result (not a view or in-place
    result) retyped onto the window of another value of its memory space
    that starts elsewhere and has room for it; None when no such pair exists.
    """
    module = planned.clone()
    pairs = []
    for fn in functions(module):
        roots = allocs(fn)
        values = [v for v in tile_values(fn) if memref_of(v) is not None]
        movable = [
            v for v in values if isinstance(v, OpResult) and must_alias_source(v.op) is None
        ]
        for v in movable:
            mv, tv = memref_of(v), v.type
            assert mv is not None and isinstance(tv, TileType)
            for w in values:
                mw = memref_of(w)
                assert mw is not None
                if (
                    w is not v
                    and w.type.memory_space is tv.memory_space  # type: ignore[union-attr]
                    and (mw.root_name, mw.offset.data) != (mv.root_name, mv.offset.data)
                    and mw.offset.data + mv.size.data <= roots[mw.root_name].size.data
                ):
                    pairs.append((v, w))
    if not pairs:
        return None
    v, w = pairs[rng.randrange(len(pairs))]
    mw, mv = memref_of(w), memref_of(v)
    assert mw is not None and mv is not None
    window = MemRefAttr(mw.root_name, mw.offset.data, mv.size.data)
    name = f"%{v.name_hint}" if v.name_hint else f"a {v.op.name} result"  # type: ignore[union-attr]
    other = f"%{w.name_hint}" if w.name_hint else "another value"
    set_memref(v, window)
    return Mutant(module, f"{name} moved onto {other}'s window @{mw.root_name}+{mw.offset.data}")
