"""Analysis of one matmul for ``auto-tile-matmul-l0``: which form it is, where
its operands sit, and its problem shape.

Implements step 1 ("Filter") of pypto-docs/15-auto_tile_matmul_l0.md,
"Algorithm", for our IR: the three cube MADs (``tile.matmul``,
``tile.matmul_acc``, ``tile.matmul_bias``) with static 2-D operands.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from xdsl.dialects.arith import ConstantOp
from xdsl.dialects.builtin import IntegerAttr, IntegerType
from xdsl.ir import Operation, SSAValue

from xdsl_pto.backends import Backend
from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.tile.cube_ops import MatmulAccOp, MatmulBiasOp, MatmulOp
from xdsl_pto.dialects.tile.traits import L0_ROLE_SPACES, unstaged_l0_operands
from xdsl_pto.dialects.tile.types import TileType, element_bytes
from xdsl_pto.transforms.common import value_name

PASS = "auto-tile-matmul-l0"

#: The L0 space each matrix operand is read from, with its hardware name.
L0_SPACE = {role: (space, {"lhs": "L0A", "rhs": "L0B"}[role]) for role, space in L0_ROLE_SPACES.items()}


class Form(Enum):
    """Which cube MAD a site is (pypto-docs/15, "Algorithm" step 5)."""

    PLAIN = "tile.matmul"  # fresh accumulator
    ACC = "tile.matmul_acc"  # the caller's accumulator, predicated by init_cond
    BIAS = "tile.matmul_bias"  # fresh accumulator seeded by a [1, N] bias


@dataclass(frozen=True)
class Site:
    """One matmul and its roles.

    Attributes:
        op: the matmul.
        form: which MAD it is.
        lhs, rhs: the ``[M, K]`` and ``[K, N]`` matrix operands.
        acc, init: ``tile.matmul_acc``'s accumulator and i1 ``init_cond``.
        bias: ``tile.matmul_bias``'s ``[1, N]`` Bias tile.
    """

    op: Operation
    form: Form
    lhs: SSAValue
    rhs: SSAValue
    acc: SSAValue | None = None
    init: SSAValue | None = None
    bias: SSAValue | None = None

    @property
    def lhs_type(self) -> TileType:
        """The lhs tile type."""
        return self.lhs.type  # type: ignore[return-value]

    @property
    def rhs_type(self) -> TileType:
        """The rhs tile type."""
        return self.rhs.type  # type: ignore[return-value]

    @property
    def result_type(self) -> TileType:
        """The Acc result type ``[M, N]``."""
        return self.op.results[0].type  # type: ignore[return-value]

    @property
    def mnk(self) -> tuple[int, int, int]:
        """``(M, N, K)`` in elements."""
        (m, k), n = self.lhs_type.get_shape(), self.rhs_type.get_shape()[1]
        return m, n, k

    def operand_bytes(self) -> tuple[int, int, int]:
        """Element bytes of lhs, rhs and the accumulator."""
        return (
            element_bytes(self.lhs_type.element_type),
            element_bytes(self.rhs_type.element_type),
            element_bytes(self.result_type.element_type),
        )

    def acc_is_int32(self) -> bool:
        """True for an ``i32`` accumulator (its L0C rows align to 32 on A2/A3)."""
        e = self.result_type.element_type
        return isinstance(e, IntegerType) and e.width.data == 32

    def staged(self) -> bool:
        """True when both matrix operands already sit in Left / Right."""
        return not unstaged_l0_operands(self.op)

    def manual(self) -> list[str]:
        """The roles (``lhs``/``rhs``) whose operand the author placed in L0."""
        unstaged = {role for role, _, _ in unstaged_l0_operands(self.op)}
        return [role for role in L0_ROLE_SPACES if role not in unstaged]

    def init_constant(self) -> bool | None:
        """``init_cond`` as a Python bool when it is an ``arith.constant``,
        else None (a runtime predicate, or no init_cond)."""
        if self.init is None or not isinstance(self.init.owner, ConstantOp):
            return None
        v = self.init.owner.value
        return bool(v.value.data) if isinstance(v, IntegerAttr) else None


def site_of(op: Operation) -> Site | None:
    """The :class:`Site` of a cube MAD, else None."""
    if isinstance(op, MatmulOp):
        return Site(op, Form.PLAIN, op.lhs, op.rhs)
    if isinstance(op, MatmulAccOp):
        return Site(op, Form.ACC, op.lhs, op.rhs, acc=op.acc, init=op.init_cond)
    if isinstance(op, MatmulBiasOp):
        return Site(op, Form.BIAS, op.lhs, op.rhs, bias=op.bias)
    return None


def check_manual_operands(site: Site, backend: Backend) -> None:
    """An operand the author already placed in Left / Right is a manual L0
    decision and stays as written, but one that alone exceeds its space can
    never be allocated (pypto-docs/15, "Overview", second paragraph). The
    same holds for ``matmul_bias``'s Bias tile, which this pass never splits.

    Raises:
        PassError: at the matmul, naming the operand, its shape, dtype, the
            bytes it needs and the bytes its space has, and the fixes.
    """
    placed = [(role, site.lhs if role == "lhs" else site.rhs) for role in site.manual()]
    if site.bias is not None:
        placed.append(("bias", site.bias))
    for role, value in placed:
        t: TileType = value.type  # type: ignore[assignment]
        space = t.memory_space
        have = backend.capacity[space]
        if t.size_bytes <= have:
            continue
        hw = f" ({L0_SPACE[role][1]})" if role in L0_SPACE else ""
        fixes = (
            "keep the operand in mat and pass it to the matmul directly, so "
            "auto-tile-matmul-l0 picks L0 tiles that fit, or extract a smaller L0 tile by hand"
            if role in L0_SPACE
            else "split the matmul along N by hand, each part with a bias row that fits"
        )
        raise PassError(
            f"{PASS}: {site.op.name}: {role} {value_name(value)} is {list(t.get_shape())} "
            f"{t.element_type} in {space.value}: {t.size_bytes} bytes, but {space.value}{hw} "
            f"holds {have} bytes on {backend.name}; {fixes}",
            site.op,
        )


def static_full(t: TileType) -> bool:
    """True when ``t`` is 2-D and its valid shape is its whole shape."""
    return len(t.get_shape()) == 2 and t.get_valid_shape() == t.get_shape()
