"""Run one function of a module in logical or physical mode."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import (
    AnyFloat,
    FloatAttr,
    IndexType,
    IntegerType,
    MemRefType,
    ModuleOp,
)
from xdsl.interpreter import Interpreter, InterpreterFunctions
from xdsl.interpreters.arith import ArithFunctions
from xdsl.interpreters.builtin import BuiltinFunctions, scalar_attr
from xdsl.interpreters.func import FuncFunctions
from xdsl.ir import Operation
from xdsl.utils.exceptions import InterpretationError

from xdsl_pto.backends import BACKENDS, resolve_backend
from xdsl_pto.diagnostics import op_location
from xdsl_pto.dialects.tile.data_ops import AllocOp
from xdsl_pto.dialects.tile.traits import is_pipe_resident
from xdsl_pto.dialects.tile.types import MemorySpace, TileType
from xdsl_pto.interp.dtypes import numpy_dtype
from xdsl_pto.interp.errors import InterpError
from xdsl_pto.interp.execute import LogicalExecutor, PhysicalExecutor, TileExecutor
from xdsl_pto.interp.lazy_gm import LazyTensor, is_gm_array
from xdsl_pto.interp.functions import ArithExtraFunctions, ScalarGMFunctions, TileFunctions
from xdsl_pto.interp.loops import DEFAULT_MAX_STEPS, BoundedScfFunctions
from xdsl_pto.interp.memory import PhysicalMemory
from xdsl_pto.interp.provenance import Provenance
from xdsl_pto.planners import Planner, recorded_planner
from xdsl_pto.transforms.common import tile_values

MODES = ("logical", "physical")
DEFAULT_BACKEND = "a3"


@dataclass
class RunResult:
    """What a run leaves behind.

    Attributes:
        outputs: one array per function argument, in order: the final
            contents of every GM tensor (memref) argument (a
            :class:`~xdsl_pto.interp.lazy_gm.LazyTensor` for one made on
            demand), and a copy of every scalar argument.
        writers: provenance (:class:`~xdsl_pto.interp.provenance.Provenance`):
            the tile.store behind every GM element and, in physical mode,
            the op that last wrote the on-chip bytes each element came from.
        memory: physical mode: the final bytes of every memory space used.
        pushes: every tile the run pushed to the other core
            (``tpush_to_aic``/``aiv``), in push order.
        work: the ops run that move or compute data: tile ops with a tile
            operand or result, and ``memref.store`` (0: a vacuous run, its
            loops ran no iteration). A failed run's error carries the count
            up to the failure as its ``work`` attribute.
    """

    outputs: list[np.ndarray]
    writers: Provenance
    memory: dict[Any, np.ndarray] | None = None
    pushes: list[np.ndarray] = field(default_factory=list)
    work: int = 0


def find_function(module: ModuleOp, name: str) -> func.FuncOp:
    """The ``func.func @name`` of ``module``.

    Raises:
        InterpError: when there is none.
    """
    for op in module.walk():
        if isinstance(op, func.FuncOp) and op.sym_name.data == name:
            return op
    raise InterpError(f"no function @{name} in the module")


def _reachable(module: ModuleOp, fn: func.FuncOp) -> list[func.FuncOp]:
    """``fn`` and every function it calls, transitively."""
    out, todo = [fn], [fn]
    while todo:
        for op in todo.pop().walk():
            if isinstance(op, func.CallOp):
                callee = find_function(module, op.callee.root_reference.data)
                if callee not in out:
                    out.append(callee)
                    todo.append(callee)
    return out


# xDSL's own implementations of the non-tile ops a kernel uses.
XDSL_FUNCTIONS: tuple[type[InterpreterFunctions], ...] = (
    ArithFunctions,
    ArithExtraFunctions,
    ScalarGMFunctions,
    BoundedScfFunctions,
    FuncFunctions,
    BuiltinFunctions,
)


def supported_ops() -> set[type[Operation]]:
    """Every op class the interpreter implements."""
    classes = (*XDSL_FUNCTIONS, TileFunctions)
    return {t for c in classes for t, _ in c._impls()}  # pyright: ignore[reportPrivateUsage]


def _check_supported(fns: list[func.FuncOp], supported: set[type[Operation]]) -> None:
    for fn in fns:
        for op in fn.body.walk():
            if isinstance(op, scf.WhileOp):
                raise InterpError(f"{op_location(op)}: scf.while is not supported by the interpreter")
            if type(op) not in supported:
                raise InterpError(f"{op_location(op)}: no interpreter implementation for {op.name}")


def _check_planned(fns: list[func.FuncOp]) -> None:
    """Raises InterpError unless every tile value that needs a buffer has a
    MemRef whose root is declared by a tile.alloc with an address
    (pipe-resident values -- tpop results and their views -- have none)."""
    for fn in fns:
        roots = {a.sym_name.data: a for a in fn.walk() if isinstance(a, AllocOp)}
        for v in tile_values(fn):
            if is_pipe_resident(v):
                continue
            where = v.owner if isinstance(v.owner, Operation) else v.owner.parent_op()
            m = v.type.get_memref()  # type: ignore[union-attr]
            name = f"%{v.name_hint}" if v.name_hint else "a tile value"
            if m is None:
                raise InterpError(
                    f"{op_location(where)}: physical mode needs a planned module, but {name} in "
                    f"@{fn.sym_name.data} has no MemRef (run pto-plan-memory first)"
                )
            root = roots.get(m.root_name)
            if root is None:
                raise InterpError(f"{op_location(where)}: {name}'s MemRef names @{m.root_name}, which no tile.alloc declares")
            if root.addr is None:
                raise InterpError(
                    f"{op_location(root)}: physical mode needs addresses, but tile.alloc "
                    f"@{m.root_name} has none (run allocate-memory-addr first)"
                )


def _place_for_ptoas(
    module: ModuleOp, func_name: str, capacity: dict[MemorySpace, int]
) -> tuple[ModuleOp, func.FuncOp, list[func.FuncOp]]:
    """A ``planner=ptoas`` plan has no addresses: ptoas places its roots.
    Run a copy with every root at an address of its own (laid out as
    allocate-memory-addr would, without sharing -- one placement ptoas may
    choose), so the physical run checks the sharing the plan itself fixes
    (views, in-place results, loop carries, declared slots). ``capacity``
    grows to fit the layout: the planner leaves the capacity to ptoas.

    Returns:
        The placed copy, its ``@func_name`` and the functions it reaches.
    """
    from xdsl_pto.transforms.allocate_memory_addr import assign_addresses

    placed = module.clone()
    fn = find_function(placed, func_name)
    fns = _reachable(placed, fn)
    for f in fns:
        for space, high in assign_addresses(f).items():
            capacity[space] = max(capacity[space], high)
    return placed, fn, fns


def _arguments(fn: func.FuncOp, inputs: list[np.ndarray]) -> tuple[list[Any], list[Any]]:
    """(interpreter values, GM/scalar copies) for ``inputs``.

    Raises:
        InterpError: wrong count, shape or dtype, or an unsupported argument type.
    """
    args = fn.body.blocks.first.args  # type: ignore[union-attr]
    if len(inputs) != len(args):
        raise InterpError(f"@{fn.sym_name.data} takes {len(args)} arguments, got {len(inputs)} inputs")
    values: list[Any] = []
    copies: list[Any] = []
    for i, (arg, x) in enumerate(zip(args, inputs)):
        t = arg.type
        what = f"argument {i} of @{fn.sym_name.data}"
        if isinstance(t, MemRefType):
            shape = tuple(t.get_shape())
            dtype = numpy_dtype(t.element_type)
            if isinstance(x, LazyTensor):  # made on demand: copied chunk by chunk
                fits = len(x.shape) == len(shape) and all(d < 0 or d == a for d, a in zip(shape, x.shape))
                if not fits or x.dtype != dtype:
                    raise InterpError(f"{what} is {t}, got a tensor {x.dtype}{list(x.shape)}")
                lazy = x.copy()
                values.append(lazy)
                copies.append(lazy)
                continue
            arr = np.asarray(x)
            fits = len(arr.shape) == len(shape) and all(d < 0 or d == a for d, a in zip(shape, arr.shape))
            if not fits or arr.dtype != dtype:
                raise InterpError(f"{what} is {t}, got an array {arr.dtype}{list(arr.shape)}")
            copy = np.array(arr, copy=True)
            values.append(copy)
            copies.append(copy)
            continue
        if isinstance(t, TileType):
            raise InterpError(f"{what}: tile arguments are not supported")
        scalar = np.array(x, copy=True)
        copies.append(scalar)
        if isinstance(t, (IndexType, IntegerType)):
            values.append(scalar_attr(int(scalar), t, 64))
        elif isinstance(t, AnyFloat):
            values.append(FloatAttr(float(scalar), t))
        else:
            raise InterpError(f"{what}: arguments of type {t} are not supported")
    return values, copies


def run_function(
    module: ModuleOp,
    func_name: str,
    inputs: list[np.ndarray],
    *,
    mode: str,
    backend: str | None = None,
    check_reads: bool = False,
    pipe_seed: int = 0,
    max_steps: int = DEFAULT_MAX_STEPS,
    block: tuple[int, int] = (0, 1),
) -> RunResult:
    """Run ``@func_name`` of ``module`` on copies of ``inputs``.

    Args:
        module: the module (unplanned or planned for logical mode; planned --
            every tile with a MemRef, every tile.alloc with an address -- for
            physical mode).
        func_name: the function's symbol name (without ``@``).
        inputs: one array per function argument (see ``make_inputs``):
            memref arguments as arrays of their exact shape and dtype (or
            :class:`~xdsl_pto.interp.lazy_gm.LazyTensor`), scalars as 0-d
            arrays.
        mode: ``"logical"`` (every tile its own array) or ``"physical"``
            (one byte array per memory space, tiles at their planned bytes).
        backend: ``a2``/``a3``/``a5`` for the capacities and the
            target-aware no-alias rules of physical mode; None = the
            module's ``pto.target_arch`` (``a2a3`` is ``a3``), else the ``a3``
            capacities with every target's no-alias rule.
        check_reads: physical mode: compare every on-chip read with the
            logical value and record the first difference in
            ``writers.divergence`` (about twice the work).
        pipe_seed: the seed of the tiles cross-core pops receive (the same
            seed gives the same tiles in both modes).
        max_steps: the run's budget of executed loop-body ops
            (:mod:`xdsl_pto.interp.loops`).
        block: the SPMD block the run is, ``(index, count)``
            (``tile.get_block_idx`` / ``get_block_num``); default block 0 of 1.

    Returns:
        A :class:`RunResult`.

    Raises:
        InterpError: an unsupported op (``scf.while``, an op without an
            implementation), an unplanned module in physical mode, inputs
            that do not match the arguments, an unknown backend or mode, a
            GM window outside its tensor, a loop whose step is not positive
            or that would overrun ``max_steps``; :class:`LayoutError` when a
            planned tile does not fit its root or memory space.
    """
    if mode not in MODES:
        raise InterpError(f"unknown mode '{mode}' (expected logical or physical)")
    if not 0 <= block[0] < block[1]:
        raise InterpError(f"block index {block[0]} is not one of the {block[1]} blocks (0 to count - 1)")
    fn = find_function(module, func_name)
    if not fn.body.blocks:
        raise InterpError(f"@{func_name} is a declaration")
    fns = _reachable(module, fn)
    _check_supported(fns, supported_ops())
    values, copies = _arguments(fn, inputs)
    executor: TileExecutor
    memory = None
    if mode == "logical":
        executor = LogicalExecutor(values, None, pipe_seed, block)
    else:
        try:
            target = resolve_backend(backend or "", module)
        except ValueError as e:
            raise InterpError(str(e)) from None
        capacity = dict((target or BACKENDS[DEFAULT_BACKEND]).capacity)
        if recorded_planner(module) is Planner.PTOAS:
            module, fn, fns = _place_for_ptoas(module, func_name, capacity)
        _check_planned(fns)
        target_name = target.name if target is not None else None
        memory = PhysicalMemory(capacity)
        executor = PhysicalExecutor(
            values, memory, check_reads=check_reads, target=target_name, pipe_seed=pipe_seed, block=block
        )
    interpreter = Interpreter(module, index_bitwidth=64)
    loops = BoundedScfFunctions(max_steps)
    scalar_gm = ScalarGMFunctions()
    xdsl_functions = (
        loops if c is BoundedScfFunctions else scalar_gm if c is ScalarGMFunctions else c() for c in XDSL_FUNCTIONS
    )
    for functions in (*xdsl_functions, TileFunctions(executor)):
        interpreter.register_implementations(functions)
    try:
        interpreter.call_op(fn, tuple(values))
    except InterpError as e:
        if hasattr(e, "__notes__"):
            del e.__notes__  # xDSL attaches a print of the whole module
        e.work = executor.work + scalar_gm.stores  # type: ignore[attr-defined]
        raise
    except InterpretationError as e:
        raise InterpError(f"@{func_name}: {e}") from None
    outputs = [c if is_gm_array(c) else np.asarray(c) for c in copies]
    return RunResult(
        outputs,
        executor.provenance,
        dict(memory.data) if memory is not None else None,
        executor.pushes,
        executor.work + scalar_gm.stores,
    )
