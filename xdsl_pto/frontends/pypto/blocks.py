"""Statement lists: the importer's one dispatch table from a statement's
kind to its translator.

:func:`translate_block` walks a statement list (a function body, a loop
or if body): a ``pl.yield_`` or ``return`` ends it (where allowed), an
``if`` whose branches both return ends a function, and every other
statement goes to :data:`STATEMENTS` by its ``ast`` class. The
translators of nested regions (:mod:`.control_flow`) receive
:func:`translate_block` as an argument (and :func:`.calls.in_place_target`,
which finds the tiles a body updates in place), so no two of :mod:`.statements`,
:mod:`.control_flow` and :mod:`.calls` import each other: this module
imports them, and they import only the modules below them
(:mod:`.context`, :mod:`.annotations`, :mod:`.scalars`, :mod:`.errors`;
:mod:`.statements` also :mod:`.calls`).
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from xdsl_pto.frontends.pypto import calls, control_flow, statements
from xdsl_pto.frontends.pypto.context import FunctionContext, Terminator
from xdsl_pto.frontends.pypto.errors import PyptoImportError

#: The translator of each kind of statement that neither yields nor returns
#: (anything else: :func:`.statements.unsupported`).
STATEMENTS: dict[type[ast.stmt], Callable[[FunctionContext, ast.stmt], None]] = {
    ast.AnnAssign: statements.translate_ann_assign,  # type: ignore[dict-item]
    ast.Assign: statements.translate_assign,  # type: ignore[dict-item]
    ast.Expr: statements.translate_expression,  # type: ignore[dict-item]
    ast.Pass: statements.translate_pass,  # type: ignore[dict-item]
    ast.For: lambda ctx, stmt: control_flow.translate_for(ctx, stmt, translate_block, calls.in_place_target),  # type: ignore[arg-type]
    ast.If: lambda ctx, stmt: control_flow.translate_if(ctx, stmt, translate_block, calls.in_place_target, tail=False),  # type: ignore[arg-type]
}


def translate_statement(ctx: FunctionContext, stmt: ast.stmt) -> None:
    """Translate one statement that is not a yield or return.

    Raises:
        PyptoImportError: ``unsupported statement 'while'`` and the like, or
            the errors of the construct it translates.
    """
    STATEMENTS.get(type(stmt), statements.unsupported)(ctx, stmt)


def translate_block(ctx: FunctionContext, stmts: list[ast.stmt], where: str) -> Terminator:
    """Translate a statement list into ``ctx.block``.

    ``where`` is ``"function"`` (may end in a return, or in an if whose
    branches both return), ``"region"`` (a loop or if body: may end in a
    yield) or ``"tail"`` (an if branch at the end of a function: may end in
    a return).

    Raises:
        PyptoImportError: for a statement it does not support, a yield or
            return that is not the last statement or not allowed here.
    """
    for i, stmt in enumerate(stmts):
        last = i == len(stmts) - 1
        call = statements.is_yield(stmt)
        if call is not None:
            if where != "region":
                raise PyptoImportError("pl.yield_ outside a loop or if body", stmt)
            if not last:
                raise PyptoImportError("pl.yield_ must be the last statement of its body", stmt)
            return statements.translate_yield(ctx, stmt, call)
        if isinstance(stmt, ast.Return):
            if where == "region":
                raise PyptoImportError(
                    "a return inside a loop or if body is only supported when both branches of an if "
                    "that ends the function return",
                    stmt,
                )
            if not last:
                raise PyptoImportError("statements after a return", stmts[i + 1])
            return statements.translate_return(ctx, stmt)
        if (
            isinstance(stmt, ast.If)
            and last
            and where in ("function", "tail")
            and statements.returns(stmt.body)
            and statements.returns(stmt.orelse)
        ):
            control_flow.translate_if(ctx, stmt, translate_block, calls.in_place_target, tail=True)
            return Terminator("return", stmt)
        translate_statement(ctx, stmt)
    return Terminator()
