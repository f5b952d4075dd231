"""What one pass run works for: its target (backend and capacities) and its
memory planner, resolved once from the pass's options and the module.

Every pass of the project resolves its options here, once per run, into
one :class:`PassConfig`, and hands that value to its stages: a pass's
``apply`` resolves it and its ``run(module, config)`` works from it (a
pipeline pass such as ``pto-plan-memory`` resolves it once and hands it to
each stage's ``run``).
The rules (pypto-docs/00-pto_codegen.md, "Who plans memory";
``backends.md``):

* **backend**: the pass's ``backend`` option, else the module's
  ``pto.target_arch``, else unknown (None: no capacity is checked and every
  target's sharing rule binds). An unknown name is an error.
* **planner**: the pass's ``planner`` option, else the module's
  ``tile.memory_planner`` record, else ``pypto``; an option that disagrees
  with the record, or a planner asked of a module another planner already
  shaped, is an error (:func:`_planner_option`). A pass that belongs to one
  planner (memory-reuse) refuses a module recorded for another.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects.builtin import ModuleOp

from xdsl_pto.backends import Backend, has_addresses, resolve_backend
from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.tile.types import MemorySpace, TileType
from xdsl_pto.planners import PLANNER_ATTR, Planner, recorded_planner


@dataclass(frozen=True)
class PassConfig:
    """The target and planner one pass run works for.

    Attributes:
        backend: the target (``a2``, ``a3``, ``a5``) with its capacities, or
            None when unknown.
        planner: the memory planner.
    """

    backend: Backend | None
    planner: Planner

    @property
    def target(self) -> str | None:
        """The target's name (``pto.target_arch``), None when unknown."""
        return self.backend.name if self.backend is not None else None

    @property
    def capacity(self) -> dict[MemorySpace, int] | None:
        """Bytes per memory space on the target, None when unknown."""
        return self.backend.capacity if self.backend is not None else None

    @staticmethod
    def resolve(
        module: ModuleOp,
        pass_name: str,
        *,
        backend: str = "",
        planner: str | None = None,
        belongs_to: Planner | None = None,
    ) -> PassConfig:
        """Resolve a pass's options against ``module`` (see the module
        docstring): first the backend, then the planner.

        Args:
            module: the module the pass runs on.
            pass_name: prefixes every error.
            backend: the ``backend`` option ("" = not given).
            planner: the ``planner`` option ("" = not given); None for a
                pass without one (it works for the recorded planner).
            belongs_to: the one planner the pass belongs to, if any.

        Raises:
            PassError: at the module, for an unknown backend or planner
                name, a planner option that disagrees with the module's
                record or with what other passes already planned, a module
                already lowered to PTO, or a module recorded for another
                planner than ``belongs_to``.
        """
        try:
            target = resolve_backend(backend, module)
        except ValueError as e:
            raise PassError(f"{pass_name}: {e}", module) from None
        if belongs_to is not None:
            chosen = _belongs_to(module, pass_name, belongs_to)
        elif planner is None:
            chosen = recorded_planner(module) or Planner.PYPTO
        else:
            chosen = _planner_option(planner, module, pass_name)
        return PassConfig(target, chosen)


def _checked_record(module: ModuleOp, pass_name: str) -> Planner | None:
    """The module's planner record, for a pass that plans or lowers.

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


def _planner_option(option: str, module: ModuleOp, pass_name: str) -> Planner:
    """The planner a pass works for: its ``planner`` option, else the one the
    module records, else ``pypto``.

    Raises:
        PassError: for a name other than pypto, dsa_rp or ptoas; for an
            option that disagrees with the planner the module records; for
            ``ptoas`` on a module that a pypto pass already planned (MemRefs,
            maybe addresses, and no ptoas record); for ``dsa_rp`` on a module
            with pypto addresses (no dsa_rp record); see also
            :func:`_checked_record`.
    """
    recorded = _checked_record(module, pass_name)
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
    return any(
        isinstance(r.type, TileType) and r.type.get_memref() is not None
        for op in module.walk()
        for r in op.results
    )


def _belongs_to(module: ModuleOp, pass_name: str, planner: Planner) -> Planner:
    """``planner``, for a pass of that planner's pipeline only: a module
    recorded for another planner is refused.

    Raises:
        PassError: naming the recorded planner (and what
            :func:`_checked_record` raises).
    """
    recorded = _checked_record(module, pass_name)
    if recorded is not None and recorded is not planner:
        what = {
            Planner.PTOAS: "leaves sharing and addresses to ptoas",
            Planner.DSA_RP: "keeps every allocation root for the DSA placement",
            Planner.PYPTO: "plans sharing and addresses itself",
        }[recorded]
        raise PassError(
            f"{pass_name}: the module is planned by planner={recorded.value} "
            f"({PLANNER_ATTR}), which {what}; {pass_name} belongs to planner={planner.value}",
            module,
        )
    return planner


__all__ = ["PassConfig"]
