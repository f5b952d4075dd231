"""The meaning of issue 23's vector ops (bitwise, shifts, scalar max / min,
leaky ReLU, the ternary and partial ops, ``not``, sin / cos, the max / min /
exp-difference expansions, ``expands``) as numpy functions, registered with
:func:`~xdsl_pto.interp.semantics.semantics` like every other op's
(reference/tile-op-semantics.md sections 1-2, whose formulas follow the
pto-isa CPU simulator).

Choices where the sheet leaves a reading open (each one place below; the
README lists them):

* arithmetic follows :mod:`.semantics`: f16 / bf16 computed in f32 and
  rounded once per op (``addc`` rounds ``a + b + c`` once), integers wrap;
* a scalar of a bitwise op (``ands``...) is taken as the tile's element type
  (two's complement truncation or sign extension);
* shifts: a count in ``[0, bits)`` shifts; a larger or negative count gives
  0 (``<<``, and ``>>`` of an unsigned or non-negative value) or -1 (``>>``
  of a negative value); ``>>`` of a signed type is arithmetic (unconfirmed:
  the CPU simulator uses C++ ``>>``);
* ``subc`` / ``subsc`` are ``a - b + c`` / ``a - s + c`` (the hardware's
  formula; pypto's registry text says ``a - b - c``);
* ``lrelu`` is ``x > 0 ? x : x * slope`` (the ISA's; pypto describes
  ``max(x, slope * x)``, the same for slopes up to 1);
* the partial ops honour the valid shapes: at element ``(i, j)``, ``src0``
  counts when ``i < VR0 and j < VC0`` (the same for ``src1``); both count:
  the op, one: that source, none: 0. Elements outside the result's valid
  region get the same rule (the hardware leaves them as they were; the run
  keeps them defined, its choice since issue 23);
* every other op here computes element by element and writes its result's
  valid region only, the rest undefined (the poison pattern), as in
  :mod:`.semantics` (:func:`~.valid_region.within_valid`);
* ``sin`` / ``cos`` are the tile ops of their expansion
  (:func:`~xdsl_pto.dialects.tile.composite_ops.expand_sin_cos`), run one by
  one with their own semantics: a kernel and its planned, expanded form
  compute the same bits (to about 1e-6 of ``np.sin`` / ``np.cos``).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

import numpy as np
from xdsl.dialects import arith
from xdsl.ir import Block, Operation, SSAValue

from xdsl_pto.dialects.tile import broadcast_ops as bc
from xdsl_pto.dialects.tile import elementwise_ops as ew
from xdsl_pto.dialects.tile.composite_ops import COMPOSITE_OPS
from xdsl_pto.dialects.tile.traits import composite_of
from xdsl_pto.interp.dtypes import scalar_value
from xdsl_pto.interp.opinfo import OpMeta, op_meta
from xdsl_pto.interp.valid_region import within_valid
from xdsl_pto.interp.semantics import (
    SEMANTICS,
    Semantics,
    _result,
    apply_semantics,
    elementwise,
    semantics,
)

# ----- bitwise and shifts -------------------------------------------------------


def _as_elements(x: Any, dtype: np.dtype) -> np.ndarray:
    """``x`` (a tile or a scalar) as ``dtype`` elements, bit pattern kept
    (truncated or sign-extended to the width)."""
    return np.asarray(x).astype(dtype)


def _bitwise(fn: Callable[[Any, Any], Any]) -> Semantics:
    @within_valid
    def run(meta: OpMeta, a: np.ndarray, b: Any, *tmp: np.ndarray) -> np.ndarray:
        dtype = _result(meta).dtype
        return fn(_as_elements(a, dtype), _as_elements(b, dtype)).astype(dtype)

    return run


for _ops, _fn in (
    ((ew.AndOp, ew.AndsOp), np.bitwise_and),
    ((ew.OrOp, ew.OrsOp), np.bitwise_or),
    ((ew.XorOp, ew.XorsOp), np.bitwise_xor),
):
    for _op in _ops:
        SEMANTICS[_op] = _bitwise(_fn)


@semantics(ew.NotOp)
@within_valid
def not_(meta: OpMeta, x: np.ndarray) -> np.ndarray:
    """``~x``."""
    return np.invert(x).astype(_result(meta).dtype)


def shift(a: np.ndarray, count: Any, left: bool) -> np.ndarray:
    """``a << count`` or ``a >> count`` in ``a``'s dtype (wrapping); a count
    outside ``[0, bits)`` shifts everything out: 0, or -1 for ``>>`` of a
    negative value (arithmetic shift of signed types)."""
    n = np.asarray(count).astype(np.int64)
    bits = a.dtype.itemsize * 8
    ok = (n >= 0) & (n < bits)
    safe = np.where(ok, n, 0).astype(a.dtype)
    with np.errstate(all="ignore"):
        if left:
            return np.where(ok, np.left_shift(a, safe), 0).astype(a.dtype)
        fill = np.where(a < 0, -1, 0) if np.issubdtype(a.dtype, np.signedinteger) else 0
        return np.where(ok, np.right_shift(a, safe), fill).astype(a.dtype)


def _shift(left: bool) -> Semantics:
    @within_valid
    def run(meta: OpMeta, a: np.ndarray, count: Any) -> np.ndarray:
        return shift(a.astype(_result(meta).dtype), count, left)

    return run


for _ops, _left in (((ew.ShlOp, ew.ShlsOp), True), ((ew.ShrOp, ew.ShrsOp), False)):
    for _op in _ops:
        SEMANTICS[_op] = _shift(_left)


# ----- arithmetic ------------------------------------------------------------------


def _computed(fn: Callable[..., Any]) -> Semantics:
    """The op ``fn(*operands)`` (tmp scratch dropped), computed in the
    compute dtype of the result and rounded once."""

    @within_valid
    def run(meta: OpMeta, *xs: Any) -> np.ndarray:
        return elementwise(fn, _result(meta).dtype, *xs)

    return run


def _add_sub_add(a: Any, b: Any, c: Any) -> Any:
    return a - b + c


def _add3(a: Any, b: Any, c: Any) -> Any:
    return a + b + c


def _lrelu(x: Any, slope: Any) -> Any:
    return np.where(x > 0, x, x * slope)


def _expdif(a: Any, b: Any) -> Any:
    return np.exp(a - b)


for _ops, _fn in (
    ((ew.MaximumsOp, bc.RowExpandMaxOp, bc.ColExpandMaxOp), np.maximum),
    ((ew.MinimumsOp, bc.RowExpandMinOp, bc.ColExpandMinOp), np.minimum),
    ((bc.RowExpandExpdifOp, bc.ColExpandExpdifOp), _expdif),
    ((ew.LreluOp,), _lrelu),
    ((ew.AddcOp, ew.AddscOp), _add3),
    ((ew.SubcOp, ew.SubscOp), _add_sub_add),
):
    for _op in _ops:
        SEMANTICS[_op] = _computed(_fn)


@semantics(bc.ExpandsOp)
@within_valid
def expands(meta: OpMeta, target: np.ndarray, scalar: Any) -> np.ndarray:
    """A tile of the result's type, every element ``scalar`` (``target`` is
    not read)."""
    res = _result(meta)
    return np.full(res.shape, scalar, dtype=res.dtype)


# ----- partial ops ---------------------------------------------------------------------


def _valid_region(meta: OpMeta, i: int, shape: tuple[int, ...]) -> np.ndarray:
    """A boolean ``shape`` array: True inside operand ``i``'s valid region
    (static, or the runtime extents the run recorded for a ``?``)."""
    spec = meta.operands[i]
    assert spec is not None
    vr, vc = spec.valid
    rows = np.arange(shape[0])[:, None] < vr
    cols = np.arange(shape[1])[None, :] < vc
    return rows & cols


def _partial(fn: Callable[[Any, Any], Any]) -> Semantics:
    def run(meta: OpMeta, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        res = _result(meta)
        in0 = _valid_region(meta, 0, res.shape)
        in1 = _valid_region(meta, 1, res.shape)
        both = elementwise(fn, res.dtype, a, b)
        zero = np.zeros((), res.dtype)
        out = np.where(in0 & in1, both, np.where(in0, a, np.where(in1, b, zero)))
        return out.astype(res.dtype)

    run.__doc__ = "The partial op: the op where both sources are valid, else the valid one, else 0."
    return run


for _op, _fn in (
    (ew.PartAddOp, np.add),
    (ew.PartMulOp, np.multiply),
    (ew.PartMaxOp, np.maximum),
    (ew.PartMinOp, np.minimum),
):
    SEMANTICS[_op] = _partial(_fn)


# ----- composite ops (sin, cos) -----------------------------------------------------------

#: op -> (block arguments standing for its operands, expansion ops, result), built once.
_EXPANSIONS: weakref.WeakKeyDictionary[Operation, tuple[tuple[SSAValue, ...], list[Operation], SSAValue]] = (
    weakref.WeakKeyDictionary()
)


def run_expansion(op: Operation, *xs: np.ndarray) -> np.ndarray:
    """The value of composite ``op`` on its operands' values ``xs``: its
    expansion's ops (built on detached block arguments, so the kernel's IR
    is not touched) run one by one with their own semantics."""
    built = _EXPANSIONS.get(op)
    if built is None:
        trait = composite_of(op)
        assert trait is not None
        args = Block(arg_types=[v.type for v in op.operands]).args
        ops, result = trait.expand(list(args), op.results[0].type, None)  # type: ignore[arg-type]
        built = _EXPANSIONS[op] = (tuple(args), ops, result)
    args, ops, result = built
    env: dict[SSAValue, Any] = dict(zip(args, xs))
    for step in ops:
        if isinstance(step, arith.ConstantOp):
            env[step.result] = scalar_value(step.value, step.result.type)
            continue
        env[step.results[0]] = apply_semantics(op_meta(step), [env[v] for v in step.operands])
    return env[result]


@semantics(*COMPOSITE_OPS)
@within_valid
def composite(meta: OpMeta, x: np.ndarray) -> np.ndarray:
    """``sin`` / ``cos`` as the ops of their expansion compute it."""
    return run_expansion(meta.op, x)
