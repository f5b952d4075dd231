"""Who wrote what during a run: the ``tile.store`` behind every GM element,
the op that last wrote the on-chip bytes it stored (physical mode), and the
first on-chip read that saw bytes differing from their logical value."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
from xdsl.ir import Operation, SSAValue

from xdsl_pto.diagnostics import op_location

NONE = -1


def describe_op(op: Operation) -> str:
    """``tile.exp (%e) at file.mlir:27:3`` (the name hint part only when the
    op's first result has one; a carry move reads ``tile.move {carry}``)."""
    hint = next((r.name_hint for r in op.results if r.name_hint), None)
    name = f"{op.name} {{carry}}" if "carry" in op.attributes else op.name
    name = f"{name} (%{hint})" if hint else name
    return f"{name} at {op_location(op)}"


def describe_value(value: SSAValue) -> str:
    """``%name`` of a value, else ``a value``."""
    return f"%{value.name_hint}" if value.name_hint else "a value"


def format_index(index: tuple[int, ...]) -> str:
    """``[3, 5]``."""
    return "[" + ", ".join(str(i) for i in index) + "]"


def format_scalar(x: Any) -> str:
    """The shortest text of a numpy scalar (``1.5``, ``nan``, ``-3``)."""
    return str(x.item() if isinstance(x, np.generic) and np.issubdtype(x.dtype, np.integer) else x)


@dataclass
class Divergence:
    """The first on-chip read (physical mode with read checks) whose bytes
    differ from the value the logical semantics gives the same SSA value.

    Attributes:
        reader: the op that read the bytes.
        value: the operand it read.
        index: the first differing element (tile coordinates).
        expected: the logical element value.
        got: the element the bytes held.
        writer: the op that last wrote those bytes (None: never written).
    """

    reader: Operation
    value: SSAValue
    index: tuple[int, ...]
    expected: Any
    got: Any
    writer: Operation | None

    def message(self) -> str:
        """One line naming the reader, the element and the last writer."""
        who = describe_op(self.writer) if self.writer is not None else "no op (never written)"
        return (
            f"{describe_op(self.reader)} read {describe_value(self.value)}{format_index(self.index)} = "
            f"{format_scalar(self.got)} where {format_scalar(self.expected)} was expected; "
            f"those bytes were last written by {who}"
        )


@dataclass
class Provenance:
    """Writers recorded by one run.

    Attributes:
        ops: every op the run executed, by op index (the numbers below).
        stored_by: per function argument, an int32 array of the argument's
            shape: the index of the ``tile.store`` that last wrote each
            element (-1: never stored); None for non-memref arguments (a
            :class:`~xdsl_pto.interp.lazy_gm.LazyTensor` table for a GM
            tensor made on demand).
        stored_from: same shape, physical mode only: the index of the op that
            last wrote the first on-chip byte of each stored element at the
            time of the store (-1: never written); None in logical mode.
        divergence: the first corrupted on-chip read, when the run checked
            reads (physical mode, ``check_reads=True``); else None.
        pushed_by: per pushed tile (in push order), the index of the
            ``tpush`` op.
        pushed_from: per pushed tile, physical mode only: an int32 array of
            the tile's shape, the op that last wrote each element on chip
            (or the pop behind a popped tile); None in logical mode.
    """

    ops: list[Operation] = field(default_factory=list)
    stored_by: list[np.ndarray | None] = field(default_factory=list)
    stored_from: list[np.ndarray | None] = field(default_factory=list)
    divergence: Divergence | None = None
    pushed_by: list[int] = field(default_factory=list)
    pushed_from: list[np.ndarray | None] = field(default_factory=list)

    def op(self, index: int) -> Operation | None:
        """The op numbered ``index`` (None for -1)."""
        return None if index == NONE else self.ops[index]

    def store_of(self, arg: int, index: tuple[int, ...]) -> Operation | None:
        """The ``tile.store`` that last wrote element ``index`` of argument ``arg``."""
        table = self.stored_by[arg]
        return None if table is None else self.op(int(table[index]))

    def push_source_of(self, push: int, index: tuple[int, ...]) -> Operation | None:
        """The op that last wrote element ``index`` of the ``push``-th pushed
        tile (physical mode; else None)."""
        table = self.pushed_from[push]
        return None if table is None else self.op(int(table[index]))

    def source_of(self, arg: int, index: tuple[int, ...]) -> Operation | None:
        """The op that last wrote the on-chip bytes stored to element
        ``index`` of argument ``arg`` (physical mode; else None)."""
        table = self.stored_from[arg]
        return None if table is None else self.op(int(table[index]))
