"""The state of one function being imported: names in scope, where ops go,
the hoisted constants, the enclosing loops."""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass, field

from xdsl.dialects.builtin import FileLineColLoc, FunctionType, IntAttr, StringAttr
from xdsl.ir import Attribute, Block, BlockArgument, Operation, SSAValue

from xdsl_pto.dialects.tile.types import MemorySpace


@dataclass(frozen=True)
class Declaration:
    """An author-declared allocation, ``pl.MemRef("name", slots=N)``.

    Attributes:
        name: the declaration's symbol (the pinned ``tile.alloc``'s name).
        slots: slot count (1 for a plain declaration).
    """

    name: str
    slots: int = 1


#: What a Python name of the dump stands for: an SSA value (a tile, a scalar,
#: or -- for a tensor -- the memref argument it is an alias of) or a declared
#: allocation.
Binding = SSAValue | Declaration


@dataclass
class Program:
    """What every function of the program may refer to.

    Attributes:
        filename: the dump's name as given on the command line (locations).
        signatures: every function's ``func.func`` type, by name (for
            ``self.f(...)`` calls, which may name a function defined later).
    """

    filename: str
    signatures: dict[str, FunctionType] = field(default_factory=dict)


@dataclass
class FunctionContext:
    """One function under translation.

    Attributes:
        program: the enclosing program.
        name: the function's name.
        kind: ``"aic"``, ``"aiv"`` or ``"group"``.
        entry: the function's entry block (constants are hoisted there).
        block: the block ops are appended to.
        env: names in scope (a region gets a copy, so names it defines do not
            leak out; loop and if results are bound explicitly).
        loops: induction variables of the enclosing ``scf.for`` ops,
            innermost last.
        attributes: the function's ``pl.func_attr({...})`` entries.
        declared: the allocations declared by an assignment
            (``ping = pl.MemRef("x")``), by name: (variable, line).
        carried: names of tiles defined outside the loop or if bodies being
            translated that an in-place op (``pl.tile.write``) updates inside
            them: the enclosing ``scf.for`` / ``scf.if`` carry them out
            (:func:`.control_flow.in_place_targets`).
    """

    program: Program
    name: str
    kind: str
    entry: Block
    block: Block
    env: dict[str, Binding] = field(default_factory=dict)
    loops: list[SSAValue] = field(default_factory=list)
    attributes: dict[str, Attribute] = field(default_factory=dict)
    declared: dict[str, tuple[str, int]] = field(default_factory=dict)
    carried: set[str] = field(default_factory=set)
    _constants: dict[tuple[object, Attribute], SSAValue] = field(default_factory=dict)
    _constant_ops: list[Operation] = field(default_factory=list)

    def location(self, node: ast.AST) -> FileLineColLoc:
        """The ``file:line:col`` location of ``node`` (1-based column)."""
        return FileLineColLoc(
            StringAttr(self.program.filename),
            IntAttr(getattr(node, "lineno", 0)),
            IntAttr(getattr(node, "col_offset", 0) + 1),
        )

    def add(self, op: Operation, node: ast.AST) -> Operation:
        """Append ``op`` to the current block, located at ``node``."""
        op.location = self.location(node)
        self.block.add_op(op)
        return op

    def constant(self, key: object, make: callable, node: ast.AST) -> SSAValue:
        """The hoisted constant for ``key`` (a ``(python value, type)``
        pair), built once per function by ``make()``."""
        found = self._constants.get(key)  # type: ignore[arg-type]
        if found is None:
            op = make()
            op.location = self.location(node)
            self._constant_ops.append(op)
            found = op.results[0]
            self._constants[key] = found  # type: ignore[index]
        return found

    def finish(self) -> None:
        """Put the hoisted constants at the head of the entry block."""
        first = self.entry.first_op
        for op in self._constant_ops:
            if first is None:
                self.entry.add_op(op)
            else:
                self.entry.insert_op_before(op, first)

    @property
    def consumer_space(self) -> MemorySpace | None:
        """Where this function's pipe ring buffers live: Vec in a vector
        (AIV) function, Mat in a cube (AIC) one, None in a group."""
        return {"aiv": MemorySpace.VEC, "aic": MemorySpace.MAT}.get(self.kind)

    def is_parameter(self, value: SSAValue) -> bool:
        """True for an argument of this function's entry block."""
        return isinstance(value, BlockArgument) and value.block is self.entry


@dataclass
class Terminator:
    """How a statement list ended.

    Attributes:
        kind: ``"yield"``, ``"return"`` or None (fell off the end).
        node: the yield or return statement.
        values: a yield's values (translated) or a return's tensor (a
            memref parameter), empty for a bare return.
        value_nodes: the expressions of ``values``.
        targets: the names a yield's results are bound to (None without an
            assignment).
    """

    kind: str | None = None
    node: ast.stmt | None = None
    values: list[SSAValue] = field(default_factory=list)
    value_nodes: list[ast.expr] = field(default_factory=list)
    targets: list[str] | None = None


#: Translates a statement list into ``ctx.block``: ``(ctx, stmts, where)``
#: (:func:`xdsl_pto.frontends.pypto.blocks.translate_block`), handed to the
#: translators of nested regions so they need not import it.
BlockTranslator = Callable[[FunctionContext, list[ast.stmt], str], Terminator]


def bind(ctx: FunctionContext, name: str, value: Binding) -> None:
    """Bind ``name`` in the current scope (a value without a name hint takes
    ``name`` as its printed name when it is a valid one)."""
    if isinstance(value, SSAValue) and value.name_hint is None and SSAValue.is_valid_name(name):
        value.name_hint = name
    ctx.env[name] = value
