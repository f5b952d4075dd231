"""xDSL ``InterpreterFunctions`` for the tile dialect, plus the few arith ops
xDSL's own arith interpreter lacks.

Every tile op class is registered with one dispatcher that hands the op to
the run's executor (:class:`~xdsl_pto.interp.execute.TileExecutor`), which
knows the mode.
"""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np
from xdsl.dialects import arith, func, memref
from xdsl.dialects.builtin import FloatAttr, IndexType, IntegerAttr, MemRefType
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    PythonValues,
    impl,
    register_impls,
)
from xdsl.interpreters.builtin import scalar_attr
from xdsl.ir import Block, BlockArgument, Operation

from xdsl_pto.dialects.tile import TILE_OPS
from xdsl_pto.diagnostics import op_location
from xdsl_pto.dialects.tile.function_attrs import dynamic_dim_names
from xdsl_pto.interp.dtypes import interp_scalar, numpy_dtype, scalar_value
from xdsl_pto.interp.errors import GMRangeError, InterpError
from xdsl_pto.interp.rounding import convert
from xdsl_pto.interp.semantics import SEMANTICS, Semantics


class Executor(Protocol):
    """Runs one tile op on interpreter values (see ``execute.py``)."""

    def execute(self, op: Operation, args: PythonValues) -> PythonValues: ...


class TileFunctions(InterpreterFunctions):
    """Implementations of every op in ``TILE_OPS``, delegated to ``executor``."""

    def __init__(self, executor: Executor):
        self.executor = executor

    def run_tile_op(self, interpreter: Interpreter, op: Operation, args: PythonValues) -> PythonValues:
        """Run ``op`` through the executor (which may read loop induction
        variables from ``interpreter``: a runtime slot's address)."""
        self.executor.interpreter = interpreter  # type: ignore[attr-defined]
        return self.executor.execute(op, args)


def _add_impl(op_type: type[Operation]) -> None:
    name = f"run_{op_type.name.replace('.', '_')}"
    setattr(TileFunctions, name, impl(op_type)(TileFunctions.run_tile_op))


for _cls in TILE_OPS:
    _add_impl(_cls)
register_impls(TileFunctions)


def register_tile_op(op_type: type[Operation], fn: Semantics) -> None:
    """Teach the interpreter a tile op outside ``TILE_OPS``: ``fn`` is its
    semantics (see :mod:`xdsl_pto.interp.semantics`); both modes run it like
    any other tile op, asking the op's traits (``ViewOf``, ``Workspace``,
    ``Reuses``) for its memory behaviour."""
    SEMANTICS[op_type] = fn
    _add_impl(op_type)
    register_impls(TileFunctions)


def _unsigned(op: Operation, args: PythonValues, fn: Any) -> IntegerAttr:
    """``fn`` on the operands read as unsigned integers of the result's width.

    Raises:
        InterpError: on a division by zero (undefined in arith).
    """
    typ = op.results[0].type
    width = 64 if isinstance(typ, IndexType) else typ.width.data  # type: ignore[attr-defined]
    a, b = (x.value.data % (1 << width) for x in args)
    if b == 0:
        raise InterpError(f"{op.name}: division by zero")
    return IntegerAttr(fn(a, b), typ)


def _float(value: float, typ: Any) -> FloatAttr:
    """A float result rounded to its type's precision."""
    return FloatAttr(float(np.asarray(value).astype(numpy_dtype(typ))), typ)


@register_impls
class ArithExtraFunctions(InterpreterFunctions):
    """arith ops that ``xdsl.interpreters.arith`` does not implement."""

    @impl(arith.DivfOp)
    def run_divf(self, interpreter: Interpreter, op: arith.DivfOp, args: PythonValues):
        a, b = (np.float64(x.value.data) for x in args)
        with np.errstate(all="ignore"):
            return (_float(a / b, op.result.type),)

    @impl(arith.NegfOp)
    def run_negf(self, interpreter: Interpreter, op: arith.NegfOp, args: PythonValues):
        return (FloatAttr(-args[0].value.data, op.result.type),)

    @impl(arith.MaxSIOp)
    def run_maxsi(self, interpreter: Interpreter, op: arith.MaxSIOp, args: PythonValues):
        return (max(args, key=lambda a: a.value.data),)

    @impl(arith.RemUIOp)
    def run_remui(self, interpreter: Interpreter, op: arith.RemUIOp, args: PythonValues):
        return (_unsigned(op, args, lambda a, b: a % b),)

    @impl(arith.DivUIOp)
    def run_divui(self, interpreter: Interpreter, op: arith.DivUIOp, args: PythonValues):
        return (_unsigned(op, args, lambda a, b: a // b),)

    @impl(arith.MinSIOp)
    def run_minsi(self, interpreter: Interpreter, op: arith.MinSIOp, args: PythonValues):
        return (min(args, key=lambda a: a.value.data),)

    @impl(arith.SIToFPOp)
    def run_sitofp(self, interpreter: Interpreter, op: arith.SIToFPOp, args: PythonValues):
        return (_float(args[0].value.data, op.result.type),)

    @impl(arith.FPToSIOp)
    def run_fptosi(self, interpreter: Interpreter, op: arith.FPToSIOp, args: PythonValues):
        v = convert(np.array([args[0].value.data]), numpy_dtype(op.result.type), "trunc")
        return (scalar_attr(int(v[0]), op.result.type, interpreter.index_bitwidth),)

    @impl(arith.ExtFOp)
    def run_extf(self, interpreter: Interpreter, op: arith.ExtFOp, args: PythonValues):
        return (_float(args[0].value.data, op.result.type),)

    @impl(arith.TruncFOp)
    def run_truncf(self, interpreter: Interpreter, op: arith.TruncFOp, args: PythonValues):
        return (_float(args[0].value.data, op.result.type),)



def _axis_names(op: Operation, ndim: int) -> list[str | None]:
    """The ``tile.dynamic_dims`` name of each axis of the GM tensor ``op``
    (a ``memref.load`` / ``memref.store``) indexes, None where there is none
    (a static axis, a tensor that is no function argument)."""
    ref = op.operands[0] if isinstance(op, memref.LoadOp) else op.operands[1]
    owner = ref.owner
    fn = owner.parent_op() if isinstance(owner, Block) else None
    if not isinstance(ref, BlockArgument) or not isinstance(fn, func.FuncOp) or not isinstance(ref.type, MemRefType):
        return [None] * ndim
    names = iter(dynamic_dim_names(fn, ref.index))
    return [next(names, None) if d < 0 else None for d in ref.type.get_shape()]


def outside_message(op: Operation, array: np.ndarray, at: tuple[int, ...]) -> str:
    """What is wrong with element index ``at`` of ``array`` (the GM tensor
    of ``op``): ``index [0, 3] is outside the tensor's shape [M, 2]: axis 1
    has 2 elements``. An axis of the probe run that measures how long a
    dynamic extent must be (``array.probe_axes``, 2**30 or 2**31 long) is
    said as its name (``?`` without one), never as that stand-in length."""
    probed = getattr(array, "probe_axes", frozenset())
    names = _axis_names(op, array.ndim)
    shape = ", ".join(
        (names[a] or "?") if a in probed else str(d) for a, d in enumerate(array.shape)
    )
    text = f"index {list(at)} is outside the tensor's shape [{shape}]"
    if len(at) != array.ndim:
        return f"{text}: {len(at)} indices for a rank-{array.ndim} tensor"
    for axis, (i, d) in enumerate(zip(at, array.shape)):
        if i < 0:
            return f"{text}: {i} on axis {axis} is negative"
        if i >= d and axis in probed:
            return f"{text}: {i} on axis {axis} is past the longest the run can make dynamic extent {names[axis] or '?'}"
        if i >= d:
            return f"{text}: axis {axis} has {d} elements"
    return text


@register_impls
class ScalarGMFunctions(InterpreterFunctions):
    """``memref.load`` / ``memref.store`` of one element of a GM tensor (the
    importer's ``pl.tensor.read`` / ``write``): the run's GM tensors are numpy
    arrays, read and written in place; an index outside the tensor is an
    error of the run, located at the op. ``stores`` counts the stores run
    (a run's work, :attr:`~xdsl_pto.interp.runner.RunResult.work`)."""

    def __init__(self) -> None:
        super().__init__()
        self.stores = 0

    @staticmethod
    def _at(op: Operation, array: np.ndarray, indices: tuple[Any, ...]) -> tuple[int, ...]:
        """The element index ``indices`` of GM tensor ``array``.

        Raises:
            GMRangeError: located at ``op``, when the index leaves the tensor:
                the shape is said with each axis of the probe run (whose
                stand-in length, :data:`~.inputs.PROBE_EXTENT`, is no
                tensor's) as its ``tile.dynamic_dims`` name, and which axis
                the index leaves and why (:func:`outside_message`).
        """
        at = tuple(int(getattr(getattr(i, "value", None), "data", i)) for i in indices)
        if len(at) != array.ndim or any(not 0 <= i < d for i, d in zip(at, array.shape)):
            err = GMRangeError(f"{op_location(op)}: {op.name}: {outside_message(op, array, at)}")
            err.op = op  # type: ignore[attr-defined]  # located: see execute.located
            raise err
        return at

    @impl(memref.LoadOp)
    def run_load(self, interpreter: Interpreter, op: memref.LoadOp, args: PythonValues):
        array, *indices = args
        return (interp_scalar(array[self._at(op, array, tuple(indices))], op.res.type),)

    @impl(memref.StoreOp)
    def run_store(self, interpreter: Interpreter, op: memref.StoreOp, args: PythonValues):
        value, array, *indices = args
        self.stores += 1
        v = scalar_value(value, op.value.type)
        array[self._at(op, array, tuple(indices))] = (
            np.asarray(v).view(array.dtype) if array.dtype.kind == "u" else np.asarray(v).astype(array.dtype)
        )
        return ()
