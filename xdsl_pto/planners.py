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
asked for another planner refuses the module; no attribute means ``pypto``.
The lowering drops the attribute (ptoas does not know it).
"""

from __future__ import annotations

from enum import Enum

from xdsl.dialects.builtin import ModuleOp, StringAttr

from xdsl_pto.backends import has_addresses
from xdsl_pto.diagnostics import PassError

PLANNER_ATTR = "tile.memory_planner"


class Planner(str, Enum):
    """A memory planner, by its option spelling."""

    PYPTO = "pypto"
    DSA_RP = "dsa_rp"
    PTOAS = "ptoas"


def recorded_planner(module: ModuleOp) -> Planner | None:
    """The planner the module records (``tile.memory_planner``), or None
    (also for a value that names no planner: :func:`checked_record`
    refuses that)."""
    attr = module.attributes.get(PLANNER_ATTR)
    if isinstance(attr, StringAttr) and attr.data in {p.value for p in Planner}:
        return Planner(attr.data)
    return None


def checked_record(module: ModuleOp, pass_name: str) -> Planner | None:
    """:func:`recorded_planner` for a pass that plans or lowers: the module
    must be a Tile module, and its record, if any, must name a planner.

    Raises:
        PassError: for a module already lowered to PTO (it has ``pto.*``
            ops), or a ``tile.memory_planner`` that names no planner.
    """
    lowered = next((op for op in module.walk() if op.name.startswith("pto.")), None)
    if lowered is not None:
        raise PassError(
            f"{pass_name}: the module is already lowered to PTO (it has {lowered.name}); "
            "give it the Tile kernel",
            module,
        )
    attr = module.attributes.get(PLANNER_ATTR)
    if attr is not None and recorded_planner(module) is None:
        names = ", ".join(p.value for p in Planner)
        raise PassError(
            f"{pass_name}: {PLANNER_ATTR} = {attr} names no planner (expected one of {names})",
            module,
        )
    return recorded_planner(module)


def planner_for_pass(option: str, module: ModuleOp, pass_name: str) -> Planner:
    """The planner a pass works for: its ``planner`` option, else the one the
    module records, else ``pypto``.

    Raises:
        PassError: (reported at the module, prefixed with ``pass_name``) for
            a name other than pypto, dsa_rp or ptoas; for an option that
            disagrees with the planner the module records; for ``ptoas`` on
            a module that a pypto pass already planned (MemRefs, maybe
            addresses, and no ptoas record); for ``dsa_rp`` on a module with
            pypto addresses (no dsa_rp record); see also
            :func:`checked_record`.
    """
    recorded = checked_record(module, pass_name)
    if not option:
        planner = recorded or Planner.PYPTO
    else:
        names = [p.value for p in Planner]
        if option not in names:
            raise PassError(
                f"{pass_name}: unknown planner '{option}' (expected one of {', '.join(names)})",
                module,
            )
        planner = Planner(option)
        if recorded is not None and recorded is not planner:
            raise PassError(
                f"{pass_name}: the module is planned by planner={recorded.value} "
                f"({PLANNER_ATTR}) but planner={planner.value} was asked for; plan the "
                "unplanned kernel with one planner",
                module,
            )
    if planner is Planner.DSA_RP and recorded is None and has_addresses(module):
        raise PassError(
            f"{pass_name}: planner=dsa_rp takes an unplanned kernel or one planned under "
            "dsa_rp, but this module already has addresses from planner=pypto passes; plan "
            "the unplanned kernel with planner=dsa_rp",
            module,
        )
    if planner is Planner.PTOAS and recorded is None and _has_memrefs(module):
        what = "MemRefs and addresses" if has_addresses(module) else "MemRefs"
        raise PassError(
            f"{pass_name}: planner=ptoas takes an unplanned kernel or one planned under ptoas, "
            f"but this module already has {what} from planner=pypto passes; plan the "
            "unplanned kernel with planner=ptoas",
            module,
        )
    return planner


def _has_memrefs(module: ModuleOp) -> bool:
    """True when some tile value of ``module`` carries a MemRef."""
    from xdsl_pto.dialects.tile.types import TileType

    return any(
        isinstance(r.type, TileType) and r.type.get_memref() is not None
        for op in module.walk()
        for r in op.results
    )


def require_pypto(module: ModuleOp, pass_name: str) -> None:
    """A pass of the pypto pipeline only (memory-reuse) refuses a module
    planned by another planner.

    Raises:
        PassError: naming the recorded planner.
    """
    recorded = checked_record(module, pass_name)
    if recorded is not None and recorded is not Planner.PYPTO:
        what = {
            Planner.PTOAS: "leaves sharing and addresses to ptoas",
            Planner.DSA_RP: "keeps every allocation root for the DSA placement",
        }[recorded]
        raise PassError(
            f"{pass_name}: the module is planned by planner={recorded.value} "
            f"({PLANNER_ATTR}), which {what}; {pass_name} belongs to planner=pypto",
            module,
        )


def record_planner(module: ModuleOp, planner: Planner) -> None:
    """Write a non-default planner as the module's ``tile.memory_planner``
    (``pypto``, the default, is recorded by the attribute's absence)."""
    if planner is not Planner.PYPTO:
        module.attributes[PLANNER_ATTR] = StringAttr(planner.value)


__all__ = [
    "PLANNER_ATTR",
    "Planner",
    "checked_record",
    "planner_for_pass",
    "record_planner",
    "recorded_planner",
    "require_pypto",
]
