"""The one error the importer raises: a located message about a construct of
the dump.

Every refusal names the construct and where it is, so the command line prints
``dump.py:LINE:COL: error: MESSAGE`` (the project's diagnostics convention,
:mod:`xdsl_pto.diagnostics`) and exits 1 without a traceback.
"""

from __future__ import annotations

import ast


class PyptoImportError(Exception):
    """A construct of the dump the importer cannot translate.

    Attributes:
        message: the sentence after ``error:``.
        line: 1-based line of the construct (0 when unknown).
        col: 1-based column of the construct (0 when unknown).
        filename: the dump it is in, when several were imported together
            (None: the one the caller names).
    """

    def __init__(self, message: str, node: ast.AST | None = None, *, line: int = 0, col: int = 0):
        super().__init__(message)
        self.message = message
        self.line = getattr(node, "lineno", line) if node is not None else line
        self.col = getattr(node, "col_offset", col - 1) + 1 if node is not None else col
        self.filename: str | None = None

    def format(self, filename: str) -> str:
        """``filename:LINE:COL: error: MESSAGE`` (``filename: error: ...``
        without a position); the error's own ``filename`` wins when set."""
        filename = self.filename or filename
        if self.line <= 0:
            return f"{filename}: error: {self.message}"
        return f"{filename}:{self.line}:{max(self.col, 1)}: error: {self.message}"


def describe(node: ast.AST) -> str:
    """The source text of ``node`` (shortened to 60 characters), for messages."""
    text = ast.unparse(node)
    return text if len(text) <= 60 else text[:57] + "..."


def dotted(node: ast.AST) -> str | None:
    """``a.b.c`` for a chain of attribute accesses on a name, else None."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))
