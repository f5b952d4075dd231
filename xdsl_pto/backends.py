"""Target facts: usable on-chip capacity per memory space and the address
alignment of the allocator (reference/backends.md).

Capacities are in bytes. ``a2``/``a3`` are the Ascend910B family, ``a5`` is
Ascend950. The reference's sequential allocator aligns every on-chip address
to 32 bytes on every backend, so :data:`ALLOC_ALIGN` is 32.

Each backend also carries its cube roofline constants (:class:`CubeCostModel`),
the inputs of the L0 tile chooser (pypto-docs/15-auto_tile_matmul_l0.md,
"Cost model & design space").
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.dialects.builtin import IntegerType, ModuleOp, StringAttr

from xdsl_pto.dialects.tile.types import MemorySpace, TileType, element_bytes

KIB = 1024
ALLOC_ALIGN = 32

_A2A3 = {
    MemorySpace.VEC: 184 * KIB,  # 192 KiB physical, top ~8 KiB reserved by the runtime
    MemorySpace.MAT: 512 * KIB,
    MemorySpace.LEFT: 64 * KIB,
    MemorySpace.RIGHT: 64 * KIB,
    MemorySpace.ACC: 128 * KIB,
    MemorySpace.BIAS: 1 * KIB,
    # No MX scale buffers on the Ascend910B family: a tile there is over
    # capacity (the MX ops are refused on a2/a3 by their target rule too).
    MemorySpace.LEFT_SCALE: 0,
    MemorySpace.RIGHT_SCALE: 0,
}
_A5 = {
    MemorySpace.VEC: 240 * KIB,  # 248 KiB physical
    MemorySpace.MAT: 512 * KIB,
    MemorySpace.LEFT: 64 * KIB,
    MemorySpace.RIGHT: 64 * KIB,
    MemorySpace.ACC: 256 * KIB,
    MemorySpace.BIAS: 4 * KIB,
    MemorySpace.LEFT_SCALE: 4 * KIB,
    MemorySpace.RIGHT_SCALE: 4 * KIB,
}


@dataclass(frozen=True)
class CubeCostModel:
    """Roofline constants of one backend's cube unit, used to score L0 GEMM
    tiles (pypto-docs/15-auto_tile_matmul_l0.md, "Cost model & design space").

    Units: bandwidths in bytes per cycle, times in cycles, sizes in bytes,
    alignments and dimensions in elements.
    """

    bw_l0a: float  # L1 -> L0A (Left) load bandwidth
    bw_l0b: float  # L1 -> L0B (Right) load bandwidth
    bw_drain: float  # FIXPIPE L0C write-back throughput per M-row
    drain_fixed: float  # per-drain issue overhead, independent of the tile shape
    drain_row: float  # per-M-row floor of a drain (dominates narrow n)
    drain_penalty: float  # per-M-row cost of each extra serial pass of a non-power-of-2 fractal count
    drain_c0_bytes: int  # width in bytes of one NZ fractal row of the accumulator
    mad_head: int  # issue overhead of one cube MAD instruction
    mad_k_fractal_bytes: int  # width in bytes of one cube K-fractal
    mad_fp32_passes: int  # cube passes per K-fractal for a 4-byte (fp32) input
    fractal_align: int  # m, n, k of an L0 tile are multiples of this
    min_tile_dim: int  # smallest legal m, n, k
    l0c_align_m: int  # rows an L0C accumulator is padded to
    l0c_align_m_int32: int  # the same for an int32 accumulator

    def l0c_m_alignment(self, acc_is_int32: bool) -> int:
        """Physical M-row alignment (elements) of an L0C accumulator."""
        return self.l0c_align_m_int32 if acc_is_int32 else self.l0c_align_m


# Ascend910B (a2/a3). Source: the reference's 910B backend handler
# (GetL0CostModel, GetL0FractalAlignment, GetMinL0TileDim, GetL0cMAlignment).
A2A3_CUBE = CubeCostModel(
    bw_l0a=129.7,  # a2a3 on-device MTE1 sweep
    bw_l0b=85.4,  # a2a3 on-device MTE1 sweep (~1.52x slower than L0A)
    bw_drain=118.0,  # a2a3 on-device FIXPIPE sweep (throughput regime, wide n)
    drain_fixed=164.0,  # a2a3 on-device FIXPIPE sweep
    drain_row=4.45,  # a2a3 on-device FIXPIPE sweep (floor regime, narrow n)
    drain_penalty=2.6,  # a2a3 on-device FIXPIPE sweep (misaligned fractal count)
    drain_c0_bytes=32,  # ISA: NZ fractal C0
    mad_head=21,  # a2a3 on-device cube sweep
    mad_k_fractal_bytes=32,  # ISA: cube K-fractal
    mad_fp32_passes=2,  # a2a3 on-device cube sweep (fp32 MMAD)
    fractal_align=16,  # ISA: cube fractal
    min_tile_dim=16,  # ISA: cube fractal
    l0c_align_m=16,  # reference handler: fractal alignment
    l0c_align_m_int32=32,  # reference handler: int32 accumulator rows pad to 32 on 910B
)

# Ascend950 (a5). Source: the reference's 950 backend handler, whose roofline
# constants are fitted on the a5 simulator (no a5 device data).
A5_CUBE = CubeCostModel(
    bw_l0a=206.3,  # a5-sim MTE1 sweep
    bw_l0b=223.8,  # a5-sim MTE1 sweep
    bw_drain=30.0,  # a5-sim FIXPIPE sweep (the reference notes a ~4x sim-vs-device gap)
    drain_fixed=343.4,  # a5-sim FIXPIPE sweep
    drain_row=4.59,  # a5-sim FIXPIPE sweep
    drain_penalty=0.26,  # a5-sim FIXPIPE sweep
    drain_c0_bytes=32,  # ISA: NZ fractal C0
    mad_head=25,  # a5-sim cube sweep
    mad_k_fractal_bytes=32,  # ISA: cube K-fractal
    mad_fp32_passes=8,  # a5-sim cube sweep (fp32 MMAD ~4x a2a3 per fractal)
    fractal_align=16,  # ISA: cube fractal
    min_tile_dim=16,  # ISA: cube fractal
    l0c_align_m=16,  # reference handler: fractal alignment
    l0c_align_m_int32=16,  # reference handler: no int32 row padding on 950
)


@dataclass(frozen=True)
class Backend:
    """One target: its name as PTO's ``pto.target_arch``, its capacities
    (bytes) and its cube roofline constants."""

    name: str
    capacity: dict[MemorySpace, int]
    cube: CubeCostModel = field(default=A2A3_CUBE)


BACKENDS: dict[str, Backend] = {
    "a2": Backend("a2", _A2A3, A2A3_CUBE),
    "a3": Backend("a3", _A2A3, A2A3_CUBE),
    "a5": Backend("a5", _A5, A5_CUBE),
}

TARGET_ATTR = "pto.target_arch"


def align_up(n: int, align: int = ALLOC_ALIGN) -> int:
    """``n`` rounded up to a multiple of ``align`` (bytes)."""
    return (n + align - 1) // align * align


def footprint_bytes(t: TileType, backend: Backend | None) -> int:
    """Bytes tile type ``t`` occupies in its memory space: its logical bytes,
    except for an Acc (L0C) tile, whose rows pad to the backend's L0C row
    alignment (32 for an i32 accumulator on A2/A3, else 16), as the chooser
    budgets them (pypto-docs/15-auto_tile_matmul_l0.md, "One physical-size
    contract"). An unknown backend (None) takes the A2/A3 rule, the
    strictest."""
    if t.memory_space is not MemorySpace.ACC or len(t.get_shape()) != 2:
        return t.size_bytes
    cube = (backend or BACKENDS["a3"]).cube
    elem = t.element_type
    is_i32 = isinstance(elem, IntegerType) and elem.width.data == 32
    align = cube.l0c_m_alignment(is_i32)
    rows, cols = t.get_shape()
    return -(-rows // align) * align * cols * element_bytes(elem)


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
