"""Issue 23's cube family: the batched matmuls, the gemv family, the MX
(block-scaled) matmuls and the scale-address binding
(reference/tile-op-semantics.md section 8; traits exactly as
reference/tile-op-memory-traits.md lists them).

* ``batch_matmul(lhs, rhs)`` / ``batch_matmul_acc(acc, lhs, rhs)``: Left
  ``[..., M, K]`` times Right ``[..., K, N]`` with the leading (batch)
  dimensions broadcast, into Acc ``[batch..., M, N]``; the only compute ops
  that take tiles of rank 3 or more (:class:`~.traits.RankN`).
* ``gemv``, ``gemv_acc``, ``gemv_bias``: a one-row Left ``[1, K]`` times
  Right ``[K, N]`` into an Acc of 16 physical rows, valid ``[1, N]``
  (pypto-docs/operators.md, "Tile-only GEMV family"); optional
  ``acc_phase = "partial" | "final"``.
* ``matmul_mx``, ``matmul_mx_acc``, ``matmul_mx_bias``: fp8 e4m3 Left
  ``[M, K]`` and Right ``[K, N]``, each with its e8m0 scales (LeftScale
  ``[M, K/32]``, RightScale ``[K/32, N]``) into f32 Acc ``[M, N]``; A5 only.
* ``tget_scale_addr(dst_scale, src)``: binds the scale tile's address to its
  data tile's; the result is ``dst_scale``'s buffer (reuses(0)).
"""

from __future__ import annotations

from xdsl.dialects.builtin import StringAttr
from xdsl.ir import Operation
from xdsl.irdl import irdl_op_definition, operand_def, opt_attr_def, result_def, traits_def
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.dialects.tile.base import TileComputeOp, located_op, tile_type_of
from xdsl_pto.dialects.tile.cube_ops import ACC_ELEMENT
from xdsl_pto.dialects.tile.ptoas_traits import PtoasCheck, family
from xdsl_pto.dialects.tile.traits import (
    HwPipe,
    RankN,
    ReadsWrites,
    ResultSpace,
    Reuses,
    RunsOn,
)
from xdsl_pto.dialects.tile.types import MemorySpace, TileType

_ACC = ResultSpace(MemorySpace.ACC)

#: The gemv family's phases (``unspecified`` is the default: no attribute).
ACC_PHASES = ("unspecified", "partial", "final")
#: Largest K and N of a gemv (pypto-docs/operators.md; tile-op-semantics.md s8).
GEMV_MAX = 4095
#: Rows an Acc gemv result has in memory (the cube's padded contract).
GEMV_ACC_ROWS = 16
#: Elements that share one e8m0 scale along K.
MX_GROUP = 32
#: The MX alignment of M, K and N (pypto-docs/operators.md, "MX / Ascend950").
MX_ALIGN = (16, 64, 32)
MX_DATA = "f8E4M3FN"
MX_SCALE = "f8E8M0FNU"


def _space(t: TileType, what: str, *spaces: MemorySpace) -> None:
    if t.memory_space not in spaces:
        names = " or ".join(s.value for s in spaces)
        raise VerifyException(f"{what} must be in {names}, got {t.memory_space.value}")


def _cube_pair(lhs: TileType, rhs: TileType, res: TileType) -> None:
    if lhs.element_type != rhs.element_type or ACC_ELEMENT.get(str(lhs.element_type)) != str(res.element_type):
        pairs = ", ".join(f"{o} x {o} -> {a}" for o, a in ACC_ELEMENT.items())
        raise VerifyException(
            f"{lhs.element_type} x {rhs.element_type} -> {res.element_type} is no cube "
            f"multiply; the cube takes {pairs}"
        )


# ----------------------------------------------------------------- batched


def broadcast_batch(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...] | None:
    """The broadcast of two batch shapes (numpy's rule: aligned from the
    right, a 1 stretches), or None when they do not broadcast."""
    n = max(len(a), len(b))
    a, b = (1,) * (n - len(a)) + a, (1,) * (n - len(b)) + b
    out = []
    for x, y in zip(a, b):
        if x != y and 1 not in (x, y):
            return None
        out.append(max(x, y))
    return tuple(out)


def _check_batched(lhs: TileType, rhs: TileType, res: TileType) -> None:
    _space(lhs, "lhs", MemorySpace.LEFT)
    _space(rhs, "rhs", MemorySpace.RIGHT)
    ls, rs, os_ = lhs.get_shape(), rhs.get_shape(), res.get_shape()
    if len(ls) < 2 or len(rs) < 2:
        raise VerifyException(f"lhs and rhs have rank 2 or more, got {list(ls)} and {list(rs)}")
    if ls[-1] != rs[-2]:
        raise VerifyException(f"contraction mismatch: lhs is {list(ls)}, rhs is {list(rs)}")
    batch = broadcast_batch(ls[:-2], rs[:-2])
    if batch is None:
        raise VerifyException(f"batch dimensions {list(ls[:-2])} and {list(rs[:-2])} do not broadcast")
    want = (*batch, ls[-2], rs[-1])
    if os_ != want:
        raise VerifyException(f"result must be {list(want)} for lhs {list(ls)} and rhs {list(rs)}, got {list(os_)}")
    for what, t in (("lhs", lhs), ("rhs", rhs), ("result", res)):
        if t.get_valid_shape() != t.get_shape():
            raise VerifyException(f"a batched matmul's {what} is fully valid, got valid {list(t.get_valid_shape())}")
    _cube_pair(lhs, rhs, res)


@located_op
@irdl_op_definition
class BatchMatmulOp(TileComputeOp):
    """``acc[b] = lhs[b] x rhs[b]`` for every batch index ``b`` of the
    broadcast batch shape: Left ``[..., M, K]``, Right ``[..., K, N]``,
    fresh Acc ``[batch..., M, N]`` (i8 -> i32, f16 / bf16 / f32 -> f32)."""

    name = "tile.batch_matmul"
    lhs = operand_def(TileType)
    rhs = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(RunsOn(HwPipe.CUBE), _ACC, RankN("broadcast", "tile.matmul"))

    def verify_(self) -> None:
        _check_batched(tile_type_of(self.lhs, "lhs"), tile_type_of(self.rhs, "rhs"), tile_type_of(self.result, "result"))


@located_op
@irdl_op_definition
class BatchMatmulAccOp(TileComputeOp):
    """``acc[b] += lhs[b] x rhs[b]``, in place on operand 0 (reuses(0),
    rw(0)); ``acc``'s batch dimensions are the broadcast batch shape
    exactly. There is no ``init_cond`` (the reference refuses one above
    rank 2)."""

    name = "tile.batch_matmul_acc"
    acc = operand_def(TileType)
    lhs = operand_def(TileType)
    rhs = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(RunsOn(HwPipe.CUBE), _ACC, ReadsWrites(0), RankN("broadcast", "tile.matmul_acc"))

    def verify_(self) -> None:
        a = tile_type_of(self.acc, "acc")
        r = tile_type_of(self.result, "result")
        _check_batched(tile_type_of(self.lhs, "lhs"), tile_type_of(self.rhs, "rhs"), r)
        if not a.same_data_type(r):
            raise VerifyException("accumulator and result types differ")


# ----------------------------------------------------------------- gemv


def gemv_target(op: Operation, target: str) -> str | None:
    """A :class:`PtoasCheck`: the reference documents the gemv family for
    a2/a3 only (ptoas v0.48 would take ``tgemv`` on a5 too; pypto's status
    table: "A5 hardware validation is pending")."""
    if family(target) == "a2a3":
        return None
    return (
        f"the reference (pypto) has {op.name} on a2/a3 only (ptoas v0.48 parses pto.tgemv "
        "on a5, but its a5 form is not validated); use tile.matmul with a 16-row lhs on a5"
    )


def _check_gemv(op: TileComputeOp, lhs: TileType, rhs: TileType, res: TileType) -> None:
    _space(lhs, "lhs", MemorySpace.LEFT)
    _space(rhs, "rhs", MemorySpace.RIGHT)
    ls, rs, os_ = lhs.get_shape(), rhs.get_shape(), res.get_shape()
    if len(ls) != 2 or ls[0] != 1:
        raise VerifyException(f"a gemv lhs is one row [1, K], got {list(ls)}")
    if len(rs) != 2 or rs[0] != ls[1]:
        raise VerifyException(f"contraction mismatch: lhs is {list(ls)}, rhs is {list(rs)}")
    k, n = rs
    if not (1 <= k <= GEMV_MAX and 1 <= n <= GEMV_MAX):
        raise VerifyException(f"a gemv's K and N are 1..{GEMV_MAX}, got K = {k}, N = {n}")
    if os_ != (GEMV_ACC_ROWS, n) or res.get_valid_shape() != (1, rhs.get_valid_shape()[1]):
        raise VerifyException(
            f"a gemv result is [{GEMV_ACC_ROWS}, {n}] with valid 1x{rhs.get_valid_shape()[1]} "
            f"(16 physical rows, one logical), got {list(os_)} valid {list(res.get_valid_shape())}"
        )
    if lhs.get_valid_shape()[1] != rhs.get_valid_shape()[0]:
        raise VerifyException(
            f"lhs valid K ({lhs.get_valid_shape()[1]}) differs from rhs valid K ({rhs.get_valid_shape()[0]})"
        )
    _cube_pair(lhs, rhs, res)
    phase = op.attributes.get("acc_phase")
    if phase is not None and (not isinstance(phase, StringAttr) or phase.data not in ACC_PHASES):
        raise VerifyException(f"acc_phase must be one of {', '.join(ACC_PHASES)}, got {phase}")


@located_op
@irdl_op_definition
class GemvOp(TileComputeOp):
    """``acc[0, :] = lhs[0, :] x rhs``: Left ``[1, K]``, Right ``[K, N]``,
    fresh Acc ``[16, N]`` valid ``[1, N]``; A2/A3."""

    name = "tile.gemv"
    lhs = operand_def(TileType)
    rhs = operand_def(TileType)
    result = result_def(TileType)
    acc_phase = opt_attr_def(StringAttr)
    traits = traits_def(RunsOn(HwPipe.CUBE), _ACC, PtoasCheck(gemv_target, None))

    def verify_(self) -> None:
        _check_gemv(self, tile_type_of(self.lhs, "lhs"), tile_type_of(self.rhs, "rhs"), tile_type_of(self.result, "result"))


@located_op
@irdl_op_definition
class GemvAccOp(TileComputeOp):
    """``acc[0, :] += lhs[0, :] x rhs`` in place on operand 0 (reuses(0),
    rw(0)); no ``init_cond``."""

    name = "tile.gemv_acc"
    acc = operand_def(TileType)
    lhs = operand_def(TileType)
    rhs = operand_def(TileType)
    result = result_def(TileType)
    acc_phase = opt_attr_def(StringAttr)
    traits = traits_def(RunsOn(HwPipe.CUBE), _ACC, ReadsWrites(0), PtoasCheck(gemv_target, None))

    def verify_(self) -> None:
        a = tile_type_of(self.acc, "acc")
        r = tile_type_of(self.result, "result")
        _check_gemv(self, tile_type_of(self.lhs, "lhs"), tile_type_of(self.rhs, "rhs"), r)
        if not a.same_data_type(r):
            raise VerifyException("accumulator and result types differ")


@located_op
@irdl_op_definition
class GemvBiasOp(TileComputeOp):
    """``acc[0, :] = bias[0, :] + lhs[0, :] x rhs``; ``bias`` is a Bias
    tile with the result's columns and element type."""

    name = "tile.gemv_bias"
    lhs = operand_def(TileType)
    rhs = operand_def(TileType)
    bias = operand_def(TileType)
    result = result_def(TileType)
    acc_phase = opt_attr_def(StringAttr)
    traits = traits_def(RunsOn(HwPipe.CUBE), _ACC, PtoasCheck(gemv_target, None))

    def verify_(self) -> None:
        r = tile_type_of(self.result, "result")
        _check_gemv(self, tile_type_of(self.lhs, "lhs"), tile_type_of(self.rhs, "rhs"), r)
        _check_bias(tile_type_of(self.bias, "bias"), r)


def _check_bias(b: TileType, r: TileType) -> None:
    _space(b, "bias", MemorySpace.BIAS)
    n = r.get_shape()[1]
    if b.get_shape() != (1, n):
        raise VerifyException(f"bias must be [1, {n}], got {list(b.get_shape())}")
    if b.element_type != r.element_type:
        raise VerifyException(f"bias element type {b.element_type} differs from the result's {r.element_type}")
    if b.get_valid_shape()[1] < r.get_valid_shape()[1]:
        raise VerifyException(
            f"bias valid columns ({b.get_valid_shape()[1]}) do not cover the result's ({r.get_valid_shape()[1]})"
        )


# ----------------------------------------------------------------- MX


def a5_only(op: Operation, target: str) -> str | None:
    """A :class:`PtoasCheck`: the MX family and the scale binding exist on
    a5 only (ptoas v0.48: "tmatmul.mx is only supported on A5 targets",
    "tget_scale_addr is only supported on A5"; the reference's 910B backend
    does not register them)."""
    if target == "a5":
        return None
    return f"takes {op.name} on a5 only, not {target}"


def _check_scales(lhs: TileType, ls: TileType, rhs: TileType, rs: TileType) -> None:
    m, k = lhs.get_shape()
    n = rhs.get_shape()[1]
    groups = -(-k // MX_GROUP)
    for what, t, space, want in (
        ("lhs_scale", ls, MemorySpace.LEFT_SCALE, (m, groups)),
        ("rhs_scale", rs, MemorySpace.RIGHT_SCALE, (groups, n)),
    ):
        _space(t, what, space)
        if str(t.element_type) != MX_SCALE:
            raise VerifyException(f"{what} must be {MX_SCALE}, got {t.element_type}")
        if t.get_shape() != want or t.get_valid_shape() != want:
            raise VerifyException(f"{what} must be a fully valid {list(want)} for lhs {[m, k]} and rhs {[k, n]}, got {list(t.get_shape())}")


def _check_mx(lhs: TileType, ls: TileType, rhs: TileType, rs: TileType, res: TileType) -> None:
    _space(lhs, "lhs", MemorySpace.LEFT)
    _space(rhs, "rhs", MemorySpace.RIGHT)
    for what, t in (("lhs", lhs), ("rhs", rhs)):
        if str(t.element_type) != MX_DATA:
            raise VerifyException(
                f"{what} must be {MX_DATA} (the reference's MX pair; cast fp4 data to it first), got {t.element_type}"
            )
    if str(res.element_type) != "f32":
        raise VerifyException(f"an MX matmul accumulates in f32, got {res.element_type}")
    ls_, rs_, os_ = lhs.get_shape(), rhs.get_shape(), res.get_shape()
    if len(ls_) != 2 or len(rs_) != 2 or ls_[1] != rs_[0]:
        raise VerifyException(f"contraction mismatch: lhs is {list(ls_)}, rhs is {list(rs_)}")
    m, k, n = ls_[0], ls_[1], rs_[1]
    if os_ != (m, n):
        raise VerifyException(f"result must be [{m}, {n}] for lhs {list(ls_)} and rhs {list(rs_)}, got {list(os_)}")
    for name, dim, align in zip("MKN", (m, k, n), MX_ALIGN):
        if dim % align:
            raise VerifyException(f"an MX matmul's {name} is a multiple of {align}, got {dim}")
    for what, t in (("lhs", lhs), ("rhs", rhs), ("result", res)):
        if t.get_valid_shape() != t.get_shape():
            raise VerifyException(f"an MX matmul's {what} is fully valid, got valid {list(t.get_valid_shape())}")
    _check_scales(lhs, ls, rhs, rs)


@located_op
@irdl_op_definition
class MatmulMxOp(TileComputeOp):
    """``acc[m, n] = sum_k lhs[m, k] * ls[m, k // 32] * rhs[k, n] *
    rs[k // 32, n]`` into a fresh f32 Acc ``[M, N]``; A5 only."""

    name = "tile.matmul_mx"
    lhs = operand_def(TileType)
    lhs_scale = operand_def(TileType)
    rhs = operand_def(TileType)
    rhs_scale = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(RunsOn(HwPipe.CUBE), _ACC, PtoasCheck(a5_only))

    def verify_(self) -> None:
        _check_mx(*(tile_type_of(v, w) for v, w in (
            (self.lhs, "lhs"), (self.lhs_scale, "lhs_scale"), (self.rhs, "rhs"),
            (self.rhs_scale, "rhs_scale"), (self.result, "result"),
        )))


@located_op
@irdl_op_definition
class MatmulMxAccOp(TileComputeOp):
    """``acc += `` the block-scaled product, in place on operand 0
    (reuses(0), rw(0)); A5 only."""

    name = "tile.matmul_mx_acc"
    acc = operand_def(TileType)
    lhs = operand_def(TileType)
    lhs_scale = operand_def(TileType)
    rhs = operand_def(TileType)
    rhs_scale = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(RunsOn(HwPipe.CUBE), _ACC, ReadsWrites(0), PtoasCheck(a5_only))

    def verify_(self) -> None:
        r = tile_type_of(self.result, "result")
        _check_mx(*(tile_type_of(v, w) for v, w in (
            (self.lhs, "lhs"), (self.lhs_scale, "lhs_scale"), (self.rhs, "rhs"), (self.rhs_scale, "rhs_scale"),
        )), r)
        if not tile_type_of(self.acc, "acc").same_data_type(r):
            raise VerifyException("accumulator and result types differ")


@located_op
@irdl_op_definition
class MatmulMxBiasOp(TileComputeOp):
    """``acc = bias + `` the block-scaled product; ``bias`` is f32 Bias
    ``[1, N]``; A5 only."""

    name = "tile.matmul_mx_bias"
    lhs = operand_def(TileType)
    lhs_scale = operand_def(TileType)
    rhs = operand_def(TileType)
    rhs_scale = operand_def(TileType)
    bias = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(RunsOn(HwPipe.CUBE), _ACC, PtoasCheck(a5_only))

    def verify_(self) -> None:
        r = tile_type_of(self.result, "result")
        _check_mx(*(tile_type_of(v, w) for v, w in (
            (self.lhs, "lhs"), (self.lhs_scale, "lhs_scale"), (self.rhs, "rhs"), (self.rhs_scale, "rhs_scale"),
        )), r)
        _check_bias(tile_type_of(self.bias, "bias"), r)


@located_op
@irdl_op_definition
class TGetScaleAddrOp(TileComputeOp):
    """Binds ``dst_scale``'s address to its data tile ``src``'s (the
    hardware derives a scale buffer's address from its data buffer's):
    a LeftScale ``[M, ceil(K/32)]`` to a Left ``[M, K]``, a RightScale
    ``[ceil(K/32), N]`` to a Right ``[K, N]``. No data moves; the result is
    ``dst_scale``'s buffer (reuses(0), w(0)); A5 only. The reference inserts
    it (InsertMxScaleAddr) and ptoas orders it before the scale's fill."""

    name = "tile.tget_scale_addr"
    dst_scale = operand_def(TileType)
    src = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(RunsOn(HwPipe.SCALAR), Reuses(0), PtoasCheck(a5_only))

    def verify_(self) -> None:
        d = tile_type_of(self.dst_scale, "dst_scale")
        s = tile_type_of(self.src, "src")
        r = tile_type_of(self.result, "result")
        if not d.same_data_type(r):
            raise VerifyException("dst_scale and result types differ")
        pair = {MemorySpace.LEFT_SCALE: MemorySpace.LEFT, MemorySpace.RIGHT_SCALE: MemorySpace.RIGHT}
        _space(d, "dst_scale", *pair)
        _space(s, "src", pair[d.memory_space])
        if str(d.element_type) != MX_SCALE:
            raise VerifyException(f"dst_scale must be {MX_SCALE}, got {d.element_type}")
        if len(s.get_shape()) != 2:
            raise VerifyException(f"src must be 2-D, got {list(s.get_shape())}")
        a, b = s.get_shape()
        want = (a, -(-b // MX_GROUP)) if d.memory_space is MemorySpace.LEFT_SCALE else (-(-a // MX_GROUP), b)
        if d.get_shape() != want:
            raise VerifyException(f"dst_scale must be {list(want)} for src {[a, b]}, got {list(d.get_shape())}")


CUBE_FAMILY_OPS = [
    BatchMatmulOp, BatchMatmulAccOp, GemvOp, GemvAccOp, GemvBiasOp,
    MatmulMxOp, MatmulMxAccOp, MatmulMxBiasOp, TGetScaleAddrOp,
]
