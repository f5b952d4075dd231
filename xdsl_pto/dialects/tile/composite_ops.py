"""``tile.sin`` and ``tile.cos``: f32 ops with no PTO op, each the sequence of
ordinary tile ops the reference's LowerCompositeOps expands it into
(reference/tile-op-semantics.md section 1, "sin/cos"; ptoas v0.48 has no
``pto.tsin`` / ``pto.tcos``).

Text form: ``%r = tile.sin %x : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>``.

The expansion (:func:`expand_sin_cos`, trait
:class:`~xdsl_pto.dialects.tile.traits.Composite`), in f32 tile ops of the
operand's shape and layout:

1. ``k = float(round(x * (1/pi)))`` for sin (``tile.cast`` to i32, mode
   ``round``: half away from zero), ``k = float(rint(x * (1/pi) + 0.5))``
   for cos (mode ``rint``);
2. ``t = x - k*PI_V2 - k*PI_C1 [+ PI/2 head] - k*PI_C2 - k*PI_C3 - k*PI_C4
   [+ PI/2 tail]``: a four-part Cody-Waite split of pi (cos adds pi/2 in two
   parts), one ``tile.muls`` and one ``tile.sub`` per part;
3. ``sign = floor(k / 2) * 4 - 2k + 1`` (= (-1)^k; the floor a ``tile.cast``
   to i32, mode ``floor``);
4. ``sign * (t * P(t*t))``, ``P(u) = (((R0 u + R1) u + R2) u + R3) u + 1``
   by Horner's rule.

The constants are the reference's f32 literals (its pass documentation).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects import arith
from xdsl.dialects.builtin import FloatAttr, Float32Type, StringAttr, f32, i32
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import irdl_op_definition, operand_def, result_def, traits_def
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.dialects.tile.base import located_op, make_op
from xdsl_pto.dialects.tile.elementwise_ops import VecElementwiseOp
from xdsl_pto.dialects.tile.traits import Composite
from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.dialects.tile.vector_ops import (
    _V,
    _VEC,
    AddOp,
    AddsOp,
    CastOp,
    MulOp,
    MulsOp,
    SubOp,
)

#: The reference's f32 constants (1/pi, the pi split, pi/2 for cos, the
#: sign step, the Horner coefficients).
PI_INV = 0.31830988732818603515625
PI_V2 = 3.140625
PI_C1 = 0.0009670257568359375
PI_C2 = 6.2771141529083251953125e-7
PI_C3 = 1.21644916362129151821e-10
PI_C4 = -1.0290623200529979163e-13
PI_HALF_HEAD = 1.57079637050628662109375
PI_HALF_TAIL = -4.371139000189375e-8
R0, R1, R2, R3 = 2.604926501e-6, -1.980894471e-4, 8.333049340e-3, -1.666665792e-1


def _retyped(t: TileType, elem: Attribute) -> TileType:
    """``t``'s shape, space, valid shape and layout with element type
    ``elem`` (no MemRef, no declared allocation: a fresh intermediate)."""
    valid = None if t.get_valid_shape() == t.get_shape() else list(t.get_valid_shape())
    return TileType(
        list(t.get_shape()),
        elem,
        t.memory_space,
        valid_shape=valid,
        blayout=t.blayout.data,
        slayout=t.slayout.data,
        fractal=t.fractal.data,
        pad=t.pad.data,
    )


class _Builder:
    """Appends the expansion's ops to ``ops``; intermediates are named
    ``<base>_<step>`` after the op's result when it has a name."""

    def __init__(self, source: SSAValue, base: str | None):
        t = source.type
        assert isinstance(t, TileType)
        self.f32 = _retyped(t, f32)
        self.i32 = _retyped(t, i32)
        self.ops: list[Operation] = []
        self.base = base

    def _add(self, op: Operation, step: str | None) -> SSAValue:
        """Append ``op``, its result named ``<base>_<step>`` (``<base>`` for
        the last step, ``step`` None)."""
        self.ops.append(op)
        if self.base:
            op.results[0].name_hint = self.base if step is None else f"{self.base}_{step}"
        return op.results[0]

    def const(self, value: float) -> SSAValue:
        """An f32 ``arith.constant`` (the value rounded to f32 once, so the
        printed constant parses back to the same f32)."""
        import numpy as np  # here only: the dialect (every xdsl-opt run) loads without numpy

        return self._add(arith.ConstantOp(FloatAttr(float(np.float32(value)), f32)), "c")

    def scalar(self, cls: type, x: SSAValue, c: float, step: str) -> SSAValue:
        return self._add(make_op(cls, [x, self.const(c)], self.f32), step)

    def binary(
        self, cls: type, a: SSAValue, b: SSAValue, step: str | None, result: TileType | None = None
    ) -> SSAValue:
        return self._add(make_op(cls, [a, b], result or self.f32), step)

    def cast(self, x: SSAValue, to: TileType, mode: str | None, step: str) -> SSAValue:
        attrs = {"mode": StringAttr(mode)} if mode else None
        return self._add(make_op(CastOp, [x], to, attrs), step)


def expand_sin_cos(
    source: SSAValue, result_type: TileType, name: str | None, *, cos: bool
) -> tuple[list[Operation], SSAValue]:
    """The tile ops computing ``sin(source)`` (``cos(source)`` with ``cos``)
    the reference's way (see the module doc): the new ops in order and the
    value of type ``result_type`` they end in; intermediates are named
    ``<name>_<step>`` when ``name`` is given."""
    b = _Builder(source, name)
    x = source
    xs = b.scalar(MulsOp, x, PI_INV, "xpi")
    if cos:
        xs = b.scalar(AddsOp, xs, 0.5, "xpih")
    ki = b.cast(xs, b.i32, "rint" if cos else "round", "ki")
    k = b.cast(ki, b.f32, None, "k")
    t = x
    for i, part in enumerate((PI_V2, PI_C1, PI_C2, PI_C3, PI_C4)):
        t = b.binary(SubOp, t, b.scalar(MulsOp, k, part, f"kp{i}"), f"t{i}")
        if cos and i == 1:
            t = b.scalar(AddsOp, t, PI_HALF_HEAD, "th")
    if cos:
        t = b.scalar(AddsOp, t, PI_HALF_TAIL, "tt")
    half = b.scalar(MulsOp, k, 0.5, "hk")
    fl = b.cast(b.cast(half, b.i32, "floor", "fki"), b.f32, None, "fk")
    sign = b.binary(AddOp, b.scalar(MulsOp, fl, 4.0, "fk4"), b.scalar(MulsOp, k, -2.0, "k2"), "sp")
    sign = b.scalar(AddsOp, sign, 1.0, "sign")
    u = b.binary(MulOp, t, t, "u")
    p = b.scalar(MulsOp, u, R0, "p0")
    for i, coef in enumerate((R1, R2, R3, 1.0)):
        p = b.scalar(AddsOp, p, coef, f"p{i + 1}")
        if i < 3:
            p = b.binary(MulOp, p, u, f"pu{i + 1}")
    tp = b.binary(MulOp, t, p, "tp")
    out = b.binary(MulOp, sign, tp, None, result_type)
    return b.ops, out


def _expand_sin(operands: Sequence[SSAValue], result_type: TileType, name: str | None) -> tuple[list[Operation], SSAValue]:
    return expand_sin_cos(operands[0], result_type, name, cos=False)


def _expand_cos(operands: Sequence[SSAValue], result_type: TileType, name: str | None) -> tuple[list[Operation], SSAValue]:
    return expand_sin_cos(operands[0], result_type, name, cos=True)


class _Trig(VecElementwiseOp):
    """An f32 elementwise op with no PTO op (see the module doc)."""

    tile = operand_def(TileType)
    result = result_def(TileType)
    SAME: ClassVar[tuple[str, ...]] = ("tile",)

    def verify_(self) -> None:
        super().verify_()
        elem = self.result.type.element_type  # type: ignore[attr-defined]
        if not isinstance(elem, Float32Type):
            raise VerifyException(f"takes f32 tiles only (the reference expands it in f32), got {elem}")


@located_op
@irdl_op_definition
class SinOp(_Trig):
    """Elementwise sine (Vec, f32), expanded before planning."""

    name = "tile.sin"
    traits = traits_def(_V, _VEC, Composite(_expand_sin))


@located_op
@irdl_op_definition
class CosOp(_Trig):
    """Elementwise cosine (Vec, f32), expanded before planning."""

    name = "tile.cos"
    traits = traits_def(_V, _VEC, Composite(_expand_cos))


COMPOSITE_OPS = (SinOp, CosOp)
"""The ops of this module, in the order the dialect registers them."""
