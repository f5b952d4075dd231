"""Target facts: usable on-chip capacity per memory space and the address
alignment of the allocator (reference/backends.md).

Capacities are in bytes. ``a2``/``a3`` are the Ascend910B family, ``a5`` is
Ascend950. The reference's sequential allocator aligns every on-chip address
to 32 bytes on every backend, so :data:`ALLOC_ALIGN` is 32.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects.builtin import ModuleOp, StringAttr

from xdsl_pto.dialects.tile.types import MemorySpace

KIB = 1024
ALLOC_ALIGN = 32

_A2A3 = {
    MemorySpace.VEC: 184 * KIB,  # 192 KiB physical, top ~8 KiB reserved by the runtime
    MemorySpace.MAT: 512 * KIB,
    MemorySpace.LEFT: 64 * KIB,
    MemorySpace.RIGHT: 64 * KIB,
    MemorySpace.ACC: 128 * KIB,
    MemorySpace.BIAS: 1 * KIB,
}
_A5 = {
    MemorySpace.VEC: 240 * KIB,  # 248 KiB physical
    MemorySpace.MAT: 512 * KIB,
    MemorySpace.LEFT: 64 * KIB,
    MemorySpace.RIGHT: 64 * KIB,
    MemorySpace.ACC: 256 * KIB,
    MemorySpace.BIAS: 4 * KIB,
}


@dataclass(frozen=True)
class Backend:
    """One target: its name as PTO's ``pto.target_arch`` and its capacities."""

    name: str
    capacity: dict[MemorySpace, int]


BACKENDS: dict[str, Backend] = {
    "a2": Backend("a2", _A2A3),
    "a3": Backend("a3", _A2A3),
    "a5": Backend("a5", _A5),
}

TARGET_ATTR = "pto.target_arch"


def align_up(n: int, align: int = ALLOC_ALIGN) -> int:
    """``n`` rounded up to a multiple of ``align`` (bytes)."""
    return (n + align - 1) // align * align


def resolve_backend(option: str, module: ModuleOp) -> Backend | None:
    """The backend named by a pass option, else by the module's
    ``pto.target_arch`` attribute, else None (capacity unknown).

    Raises:
        ValueError: for a name that is not a2, a3 or a5 (the message lists them).
    """
    name = option
    if not name:
        attr = module.attributes.get(TARGET_ATTR)
        if isinstance(attr, StringAttr):
            name = attr.data
            if name == "a2a3":
                name = "a3"
    if not name:
        return None
    if name not in BACKENDS:
        raise ValueError(f"unknown backend '{name}' (expected one of a2, a3, a5)")
    return BACKENDS[name]


def backend_for_pass(option: str, module: ModuleOp, pass_name: str) -> Backend | None:
    """:func:`resolve_backend` for a pass: an unknown name is a PassError
    (``pass_name: unknown backend ...``) reported at the module."""
    from xdsl_pto.diagnostics import PassError

    try:
        return resolve_backend(option, module)
    except ValueError as e:
        raise PassError(f"{pass_name}: {e}", module) from None


def record_target(module: ModuleOp, backend: Backend | None, pass_name: str = "") -> None:
    """Write ``backend`` as the module's ``pto.target_arch`` (a pass that
    planned for a target records it, so later passes check the same
    capacities and sharing rules); nothing when the backend is unknown.

    Raises:
        PassError: (with ``pass_name``) when the module already records
            another target and is planned (its allocations have addresses):
            its sharing was decided under that target's rules and is not
            valid for this one -- plan the unplanned kernel again.
    """
    if backend is None:
        return
    old = resolve_backend("", module) if pass_name else None
    if old is not None and _family(old) != _family(backend) and has_addresses(module):
        from xdsl_pto.diagnostics import PassError

        raise PassError(
            f"{pass_name}: the module was planned for {old.name} ({TARGET_ATTR}), not "
            f"{backend.name}; its sharing decisions follow {old.name}'s rules -- plan the "
            "unplanned kernel for this backend",
            module,
        )
    module.attributes[TARGET_ATTR] = StringAttr(backend.name)


def _family(backend: Backend) -> str:
    """``a2a3`` for the Ascend910B family (one set of rules), else the name."""
    return "a2a3" if backend.name in ("a2", "a3") else backend.name


def has_addresses(module: ModuleOp) -> bool:
    """True when some ``tile.alloc`` of ``module`` has an address."""
    from xdsl_pto.dialects.tile.data_ops import AllocOp

    return any(isinstance(op, AllocOp) and op.addr is not None for op in module.walk())
