"""The discardable attributes of pipeline loops, in one place.

* ``tile.pipeline_stages = F : i64`` on an ``scf.for`` marks it a pipeline
  loop of ``F`` stages (pypto-docs/28-lower_pipeline_loops.md; ``F = 1`` is
  the post-lowering marker);
* ``tile.pipeline_membership = [array<i64: group, stage>, ...]`` on a
  tile-producing op: the clone of which replicated loop it belongs to, one
  pair per enclosing replicated region. ``lower-pipeline-loops`` writes it,
  ``memory-reuse`` reads and removes it.
"""

from __future__ import annotations

from xdsl.dialects.builtin import ArrayAttr, DenseArrayBase
from xdsl.ir import Operation

PIPELINE_STAGES = "tile.pipeline_stages"
PIPELINE_MEMBERSHIP = "tile.pipeline_membership"


def memberships(op: Operation) -> list[tuple[int, int]]:
    """The ``(group, stage)`` pairs ``op`` is tagged with (empty if none).

    Raises:
        ValueError: when the attribute is not a list of two-integer arrays.
    """
    attr = op.attributes.get(PIPELINE_MEMBERSHIP)
    if attr is None:
        return []
    pairs: list[tuple[int, int]] = []
    if isinstance(attr, ArrayAttr):
        for item in attr.data:
            if not isinstance(item, DenseArrayBase):
                break
            values = item.get_values()
            if len(values) != 2 or not all(isinstance(v, int) for v in values):
                break
            pairs.append((int(values[0]), int(values[1])))
        else:
            return pairs
    raise ValueError(
        f"{PIPELINE_MEMBERSHIP} must be a list of [group, stage] pairs "
        f"(e.g. [array<i64: 0, 1>]), got {attr}"
    )
