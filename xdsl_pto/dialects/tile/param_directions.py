"""Parameter directions and the written-parameter check.

A GM tensor parameter of a kernel is an input (no wrapper in a pypto dump,
no direction attribute on the ``func.func`` argument), ``pl.Out`` (written
only, the argument attribute ``tile.out``) or ``pl.InOut`` (read and
written, ``tile.inout``); tile-op-semantics.md section 11, "Param
directions": the direction drives dependency analysis and the
written-parameter verifier. pypto-docs/operators.md, "Argument effects",
says what goes wrong when a written parameter keeps direction In: no
read-after-write edge is emitted against the kernel that reads it, and the
reader may run first on stale data.

Which op writes which GM tensor is asked of the op definitions
(:func:`xdsl_pto.dialects.tile.traits.gm_written_operands`): a store (atomic
or not: a partial or accumulating write is still a write), a scatter, a
remote signal, a soft barrier's workspace, a pipe's GM spill buffer, a
``memref.store`` (``pl.tensor.write``). The rule checked here: a parameter
some op of the function writes is declared ``tile.out`` or ``tile.inout``;
the error is at the first op (in program order) that writes it.

A pypto dump states every parameter's direction, so the importer checks
every function it makes (:func:`check_param_directions`). Hand-written Tile
IR need not state them; its ``func.func`` verifier checks a function only
when the function states them (:func:`states_directions`).
"""

from __future__ import annotations

from xdsl.dialects import func, scf
from xdsl.dialects.builtin import MemRefType
from xdsl.ir import Block, BlockArgument, Operation, SSAValue

from xdsl_pto.dialects.tile.function_attrs import INOUT_ARG, OUT_ARG
from xdsl_pto.dialects.tile.traits import gm_written_operands


def direction(fn: func.FuncOp, index: int) -> str:
    """``"out"``, ``"inout"`` or ``"in"``: the declared direction of
    ``fn``'s argument ``index`` (its ``tile.out`` / ``tile.inout`` argument
    attribute; neither is an input). Raises IndexError for an index past
    the arguments."""
    if index >= len(fn.function_type.inputs.data):
        raise IndexError(f"@{fn.sym_name.data} has no argument {index}")
    if fn.arg_attrs is None or index >= len(fn.arg_attrs.data):
        return "in"
    attrs = fn.arg_attrs.data[index].data
    if INOUT_ARG in attrs:
        return "inout"
    if OUT_ARG in attrs:
        return "out"
    return "in"


def parameter_of(fn: func.FuncOp, value: SSAValue) -> int | None:
    """The index of the argument of ``fn`` that ``value`` is (through
    ``scf.for`` loop carries, back to their initial value), or None when it
    is no argument of ``fn``."""
    entry = fn.body.blocks.first
    seen = 0
    while isinstance(value, BlockArgument) and seen < 1000:
        seen += 1
        block: Block = value.block
        if block is entry:
            return value.index
        parent = block.parent_op()
        if isinstance(parent, scf.ForOp) and value.index >= 1:
            value = parent.iter_args[value.index - 1]
            continue
        return None
    return None


def first_writers(fn: func.FuncOp) -> dict[int, Operation]:
    """For each GM argument of ``fn`` some op writes
    (:func:`~xdsl_pto.dialects.tile.traits.gm_written_operands`), the first
    such op in program order, by argument index."""
    out: dict[int, Operation] = {}
    for op in fn.body.walk():
        for v in gm_written_operands(op):
            index = parameter_of(fn, v)
            if index is not None and index not in out:
                out[index] = op
    return out


def argument_name(fn: func.FuncOp, index: int) -> str:
    """``'NAME'`` (quoted) for an argument with a name, else ``#INDEX``."""
    entry = fn.body.blocks.first
    hint = entry.args[index].name_hint if entry is not None and index < len(entry.args) else None
    return f"'{hint}'" if hint else f"#{index}"


def states_directions(fn: func.FuncOp) -> bool:
    """True when ``fn`` declares a direction (``tile.out`` / ``tile.inout``)
    on an argument that is not a pipe's GM spill buffer only (an argument
    every use of which is an operand the op writes as its own storage:
    ``expand-mixed-kernel`` adds such an argument, marked ``tile.out``, to
    the halves of a kernel that stated nothing)."""
    if fn.arg_attrs is None:
        return False
    entry = fn.body.blocks.first
    for index in range(len(fn.arg_attrs.data)):
        if direction(fn, index) == "in":
            continue
        arg = entry.args[index] if entry is not None and index < len(entry.args) else None
        if arg is None or not _pipe_storage_only(arg):
            return True
    return False


def _pipe_storage_only(arg: SSAValue) -> bool:
    from xdsl_pto.dialects.tile.pipe_setup_ops import _InitializePipe

    uses = list(arg.uses)
    return bool(uses) and all(
        isinstance(u.operation, _InitializePipe) and u.operation.gm_slot_buffer is arg for u in uses
    )


def check_param_directions(fn: func.FuncOp) -> None:
    """Refuse a GM parameter of ``fn`` that an op writes while it is declared
    an input (section 11, "Param directions").

    Raises:
        LocatedVerifyError: at the first op writing such a parameter, naming
            the op, the parameter and what to declare.
    """
    from xdsl_pto.diagnostics import LocatedVerifyError

    inputs = fn.function_type.inputs.data
    for index, op in first_writers(fn).items():
        if not isinstance(inputs[index], MemRefType) or direction(fn, index) != "in":
            continue
        raise LocatedVerifyError(
            f"'{op.name}' writes parameter {argument_name(fn, index)} of @{fn.sym_name.data}, which is "
            "declared an input: a parameter the kernel writes must be pl.Out (tile.out, written only) "
            "or pl.InOut (tile.inout, read and written)",
            op,
        )
