"""Decision of ``auto-tile-matmul-l0`` for one matmul: leave it, stage its
operands whole, K-tile it, or M/N-tile it -- and the performance hint when it
is left as written.

Implements pypto-docs/15-auto_tile_matmul_l0.md, "Algorithm" steps 1-4 and
6 (when the M/N grid applies) and its "Scope" table, for our IR. Hint texts
carry the reference's PerfHint codes (``[PH-AT-00x]``, "Diagnostics").
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum

from xdsl.ir import Operation

from xdsl_pto.backends import Backend, footprint_bytes
from xdsl_pto.dialects.tile.data_ops import StoreOp
from xdsl_pto.dialects.tile.types import MemorySpace, TileType
from xdsl_pto.transforms.auto_tile_matmul_l0.chooser import (
    L0Choice,
    L0Problem,
    choose_l0_tile,
)
from xdsl_pto.transforms.auto_tile_matmul_l0.sites import (
    L0_SPACE,
    Form,
    Site,
    check_manual_operands,
    static_full,
)


class Action(Enum):
    """What the pass does to one matmul."""

    LEAVE = "leave"  # as written (staged already, or a hint says why not)
    STAGE = "stage"  # fits L0: move each non-L0 operand there whole
    K_LOOP = "k-loop"  # the output fits L0C: one K reduction
    GRID = "grid"  # the output does not: [m, n] sub-tiles, each stored


@dataclass(frozen=True)
class Decision:
    """The action, the chosen L0 tile (K_LOOP / GRID), the store the grid
    replaces (GRID), and the hint to print when a matmul is left."""

    action: Action
    choice: L0Choice | None = None
    store: StoreOp | None = None
    hint: str | None = None


def decide(site: Site, backend: Backend, double_buffer_acc: bool) -> Decision:
    """Decide what to do with ``site`` on ``backend``.

    Raises:
        PassError: for a manual Left / Right operand or a Bias tile that
            alone exceeds its space (:func:`check_manual_operands`).
    """
    check_manual_operands(site, backend)
    if site.staged():
        return Decision(Action.LEAVE)
    if not all(static_full(t) for t in (site.lhs_type, site.rhs_type, site.result_type)):
        return _leave("an operand or the result has a valid shape smaller than its shape")
    if site.manual():
        return _stage_manual(site, backend)
    M, N, K = site.mnk
    a, b, c = site.operand_bytes()
    problem = L0Problem(
        M, N, K, a, b, c,
        acc_is_int32=site.acc_is_int32(),
        c_read=site.form is Form.ACC,
        full_n=site.form is Form.BIAS,
    )
    choice = choose_l0_tile(problem, backend, allow_double_buffer_c=double_buffer_acc)
    if choice is None:
        return _no_tile(site, backend)
    if (choice.m, choice.n) != (M, N) and _grid_blocker(site) is not None and _acc_fits(site, backend):
        # The model prefers sub-tiles, but no grid applies here and the whole
        # output fits L0C: tile K only.
        whole = dataclasses.replace(problem, full_m=True, full_n=True)
        choice = choose_l0_tile(whole, backend) or choice
    if (choice.m, choice.n, choice.k) == (M, N, K):
        return Decision(Action.STAGE, choice)
    if (choice.m, choice.n) == (M, N):
        return Decision(Action.K_LOOP, choice)
    return _grid(site, backend, choice)


def _acc_fits(site: Site, backend: Backend) -> bool:
    """True when the whole result fits L0C with its rows padded to the
    backend's L0C row alignment (:func:`~xdsl_pto.backends.footprint_bytes`)."""
    return footprint_bytes(site.result_type, backend) <= backend.capacity[MemorySpace.ACC]


def _leave(why: str) -> Decision:
    return Decision(Action.LEAVE, hint=why)


def _fits_whole(site: Site, backend: Backend) -> list[str]:
    """The roles whose whole operand does not fit its L0 space."""
    out = []
    for role, t in (("lhs", site.lhs_type), ("rhs", site.rhs_type)):
        if t.size_bytes > backend.capacity[L0_SPACE[role][0]]:
            out.append(role)
    return out


def _stage_manual(site: Site, backend: Backend) -> Decision:
    """One operand is the author's L0 tile: the other is staged whole if it
    fits, never subdivided (pypto-docs/15, "Overview")."""
    too_big = _fits_whole(site, backend)
    if too_big:
        role = too_big[0]
        t: TileType = site.lhs_type if role == "lhs" else site.rhs_type
        space, hw = L0_SPACE[role]
        return _leave(
            f"the other operand is the author's L0 tile, so the matmul is not subdivided, and "
            f"{role} ({list(t.get_shape())} {t.element_type}, {t.size_bytes} bytes) does not fit "
            f"{space.value} ({hw}, {backend.capacity[space]} bytes) whole"
        )
    if not _acc_fits(site, backend):
        return _leave(
            f"[PH-AT-006] {_acc_too_big(site, backend)}, and the author's L0 operand is not "
            "subdivided, so no M/N placement applies"
        )
    return Decision(Action.STAGE)


def _acc_too_big(site: Site, backend: Backend) -> str:
    rt = site.result_type
    return (
        f"the {list(rt.get_shape())} {rt.element_type} output does not fit acc (L0C, "
        f"{backend.capacity[MemorySpace.ACC]} bytes on {backend.name})"
    )


def _no_tile(site: Site, backend: Backend) -> Decision:
    """The chooser found no legal aligned tile: stage a matmul that fits L0
    whole anyway, else say why it is left."""
    M, N, K = site.mnk
    fractal = backend.cube.fractal_align
    if not _fits_whole(site, backend) and _acc_fits(site, backend):
        return Decision(Action.STAGE)
    if K % fractal:
        return _leave(
            f"[PH-AT-007] K = {K} is not a multiple of the cube fractal {fractal}: no "
            "fractal-aligned K tiling exists"
        )
    for dim, v in (("M", M), ("N", N)):
        if v % fractal:
            return _leave(
                f"{dim} = {v} is not a multiple of the cube fractal {fractal}: boundary tiles "
                "would need padding, which this pass does not do"
            )
    if site.form is Form.BIAS:
        return _leave(
            f"[PH-AT-011] no L0 tile with the whole N = {N} fits: the bias is a Bias tile, which "
            "cannot be split along N"
        )
    return _leave(f"[PH-AT-005] no legal L0 tile for M = {M}, N = {N}, K = {K} on {backend.name}")


def _grid(site: Site, backend: Backend, choice: L0Choice) -> Decision:
    """The output does not fit L0C: an M/N grid, for a fresh matmul whose
    only use is one ``tile.store`` in the same block (direct-store
    placement, pypto-docs/15 step 6); otherwise left with ``[PH-AT-006]``."""
    why = _grid_blocker(site)
    if why is not None:
        return _leave(f"[PH-AT-006] {_acc_too_big(site, backend)} and no M/N placement applies: {why}")
    store = next(iter(site.op.results[0].uses)).operation
    assert isinstance(store, StoreOp)
    return Decision(Action.GRID, choice, store=store)


def _grid_blocker(site: Site) -> str | None:
    """Why the M/N grid does not apply to ``site``, or None when it does."""
    if site.form is Form.ACC:
        return "the accumulator is the caller's (tile.matmul_acc)"
    if site.lhs_type.memory_space is MemorySpace.VEC:
        return "the left operand is in vec"
    uses = list(site.op.results[0].uses)
    if len(uses) != 1 or not isinstance(uses[0].operation, StoreOp):
        return "the result is not consumed by exactly one tile.store"
    user: Operation = uses[0].operation
    if user.parent_block() is not site.op.parent_block():
        return "the tile.store is in another block"
    return None
