"""Who plans memory: the ``planner`` option (pypto-docs/00-pto_codegen.md,
"Who plans memory").

* ``pypto`` (the default): init-memref, materialize-semantic-aliases,
  memory-reuse and allocate-memory-addr; the lowering bakes every address.
* ``ptoas``: init-memref and materialize-semantic-aliases only; the lowering
  omits every ``addr`` and ptoas' own PlanMemory (``--pto-level=level2``)
  shares and places the buffers. Multi-slot declared allocations become
  ``pto.alloc_multi_tile`` regions, and ``lower-pipeline-to-slots`` turns
  pipeline loops into slot rotations.
* ``dsa_rp``: init-memref, materialize-semantic-aliases and
  allocate-memory-addr with DSA placement; memory-reuse is skipped, so every
  allocation root stays its own buffer and the placement engine chooses all
  addresses of a memory space jointly (pypto-docs/34-allocate_memory_addr.md,
  "DSA-RP policy"). The lowering bakes every address, as under pypto.

A pass that plans under ``ptoas`` or ``dsa_rp`` records it as the module's
``tile.memory_planner`` attribute, so later passes default to it and a pass
asked for another planner refuses the module; no attribute means ``pypto``
(a pass resolves its planner once, :class:`xdsl_pto.pass_config.PassConfig`).
The lowering drops the attribute (ptoas does not know it).
"""

from __future__ import annotations

from enum import Enum

from xdsl.dialects.builtin import ModuleOp, StringAttr

PLANNER_ATTR = "tile.memory_planner"


class Planner(str, Enum):
    """A memory planner, by its option spelling."""

    PYPTO = "pypto"
    DSA_RP = "dsa_rp"
    PTOAS = "ptoas"


def recorded_planner(module: ModuleOp) -> Planner | None:
    """The planner the module records (``tile.memory_planner``), or None
    (also for a value that names no planner: a pass refuses that,
    :class:`xdsl_pto.pass_config.PassConfig`)."""
    attr = module.attributes.get(PLANNER_ATTR)
    if isinstance(attr, StringAttr) and attr.data in {p.value for p in Planner}:
        return Planner(attr.data)
    return None


def record_planner(module: ModuleOp, planner: Planner) -> None:
    """Write a non-default planner as the module's ``tile.memory_planner``
    (``pypto``, the default, is recorded by the attribute's absence)."""
    if planner is not Planner.PYPTO:
        module.attributes[PLANNER_ATTR] = StringAttr(planner.value)


__all__ = [
    "PLANNER_ATTR",
    "Planner",
    "record_planner",
    "recorded_planner",
]
