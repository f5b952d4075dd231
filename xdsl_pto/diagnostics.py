"""User-facing diagnostics: ``file:line:col: error: message``.

Ops of our dialects remember where they were parsed (:func:`stamp_location`),
verifiers and passes raise :class:`LocatedError` naming the op, and
:func:`format_error` turns any parse, verify or pass error into the one line an
MLIR user expects. :func:`install_excepthook` makes plain ``xdsl-opt`` print
that line (and exit 1, without a traceback) when our plugin is loaded.
"""

from __future__ import annotations

import bisect
import functools
import os
import re
import sys
from types import TracebackType

from xdsl.dialects.builtin import FileLineColLoc, IntAttr, StringAttr
from xdsl.ir import Operation
from xdsl.utils.exceptions import (
    ArgSpecParseError,
    DiagnosticException,
    ParseError,
    PassFailedException,
    VerifyException,
)


class LocatedError(DiagnosticException):
    """An error about one op, reported at that op's source location.

    Attributes:
        message: the sentence after ``error:``.
        op: the op the error is about (its location is printed), or None.
    """

    def __init__(self, message: str, op: Operation | None = None):
        super().__init__(message)
        self.message = message
        self.op = op

    def __str__(self) -> str:
        return f"{op_location(self.op)}: error: {self.message}"


class LocatedVerifyError(LocatedError, VerifyException):
    """A verifier error of one of our ops."""


class PassError(LocatedError, PassFailedException):
    """A pass could not do its work on this input (a user-facing error)."""


def report(severity: str, message: str, op: Operation | None) -> None:
    """Print a non-fatal diagnostic about ``op`` on standard error:
    ``file:line:col: remark: message`` or ``...: warning: message``.

    This is the one channel passes use for remarks (performance hints such
    as PH-MR-001) and warnings; errors are raised as :class:`PassError`.

    Raises:
        ValueError: for a severity other than ``remark`` or ``warning``.
    """
    if severity not in ("remark", "warning"):
        raise ValueError(f"unknown diagnostic severity '{severity}'")
    print(f"{op_location(op)}: {severity}: {message}", file=sys.stderr, flush=True)


def op_location(op: Operation | None) -> str:
    """``file:line:col`` of ``op``, best effort.

    Ops of our dialects remember where they were parsed. For another op (a
    ``func.func``, an ``scf.for``) the location is recovered from the source:
    the nearest ``<op name>`` (``func.func @name`` for a function) at or
    before its first located nested op. Failing that: the nearest located op
    before it in its block (ops created by passes carry the location of the
    op they came from), then its parent's; else ``<unknown>``.
    """
    cur = op
    while cur is not None:
        loc = _own_location(cur)
        if loc is not None:
            return loc
        prev = cur.prev_op
        while prev is not None:
            loc = _own_location(prev)
            if loc is not None:
                if cur is op:
                    return _text_after(loc, op) or loc
                return loc
            prev = prev.prev_op
        cur = cur.parent_op()
    return "<unknown>"


def _text_after(loc: str, op: Operation) -> str | None:
    """The location of ``op``'s own text in the few source lines after
    ``loc`` (the located op before it): ``%name = op.name`` when its result
    is named, else ``op.name``; None when it is not found there."""
    path, line, _ = loc.rsplit(":", 2)
    text = _source_lines(path)
    if text is None or not line.isdigit():
        return None
    hint = op.results[0].name_hint if op.results else None
    needle = f"%{hint} = {op.name}" if hint else op.name
    for n in range(int(line), min(int(line) + 8, len(text))):
        code = text[n].split("//", 1)[0]
        col = code.find(needle)
        if col >= 0:  # report at the op name, as our own ops do
            return f"{path}:{n + 1}:{col + len(needle) - len(op.name) + 1}"
    return None


def _fmt(loc: FileLineColLoc) -> str:
    return f"{loc.filename.data}:{loc.line.data}:{loc.column.data}"


def _own_location(op: Operation) -> str | None:
    if isinstance(op.location, FileLineColLoc):
        return _fmt(op.location)
    inner = next(
        (o.location for o in op.walk() if isinstance(o.location, FileLineColLoc)), None
    )
    if not isinstance(inner, FileLineColLoc):
        return None
    text = _source_lines(inner.filename.data)
    if text is None:
        return None
    sym = op.attributes.get("sym_name") or getattr(op, "sym_name", None)
    needle = op.name if sym is None else f"@{getattr(sym, 'data', sym)}"
    for line in range(min(inner.line.data, len(text)), 0, -1):
        code = text[line - 1].split("//", 1)[0]  # never match inside a comment
        col = code.find(op.name)
        if col >= 0 and needle in code:
            return f"{inner.filename.data}:{line}:{col + 1}"
    return None


@functools.lru_cache(maxsize=8)
def _source_lines(path: str) -> list[str] | None:
    try:
        with open(path, encoding="utf-8") as f:
            return f.read().splitlines()
    except OSError:
        return None


def parsed_op_location(parser: object, op_name: str) -> FileLineColLoc | None:
    """Where the op named ``op_name`` that ``parser`` is parsing starts.

    Call it first thing in an op's custom ``parse`` (the op name was the
    parser's last consumed token). Best effort: None when it cannot tell.
    """
    try:
        inp = parser.lexer.input  # type: ignore[attr-defined]
        pos = parser._current_token.span.start  # type: ignore[attr-defined]
        at = inp.content.rfind(op_name, 0, pos)
        return None if at < 0 else file_line_col(inp, at)
    except Exception:  # pragma: no cover - locations are best effort
        return None


def file_line_col(inp: object, offset: int) -> FileLineColLoc | None:
    """The location of character ``offset`` of the parser input ``inp``
    (an xDSL ``Input``: its ``name`` and ``content``), counting the lines
    before it when the driver parses one ``// -----`` chunk of a file.
    None when it cannot tell."""
    try:
        text = inp.content  # type: ignore[attr-defined]
        name = inp.name  # type: ignore[attr-defined]
        if not isinstance(text, str):
            return None
        line = bisect.bisect_left(_newlines(text), offset) + 1 + _chunk_line_offset(name, text)
        col = offset - (text.rfind("\n", 0, offset) + 1) + 1
        return FileLineColLoc(_file_attr(name), IntAttr(line), IntAttr(col))
    except Exception:  # pragma: no cover - locations are best effort
        return None


@functools.lru_cache(maxsize=8)
def _file_attr(name: str) -> StringAttr:
    return StringAttr(name)


@functools.lru_cache(maxsize=8)
def _newlines(text: str) -> list[int]:
    """The character offsets of every newline of ``text``, ascending (built
    once per parsed input: counting the newlines before each op again made
    parsing quadratic in the file's length)."""
    out = []
    at = text.find("\n")
    while at >= 0:
        out.append(at)
        at = text.find("\n", at + 1)
    return out


def remember_parse_location(cls):
    """Class decorator (apply above ``@irdl_op_definition``) for an op with a
    custom ``parse``: the parsed op keeps its ``file:line:col`` as its
    location, so errors about it can point at it."""
    inner_parse = cls.parse.__func__

    def parse(c, parser):
        loc = parsed_op_location(parser, c.name)
        op = inner_parse(c, parser)
        if loc is not None and not isinstance(op.location, FileLineColLoc):
            op.location = loc
        return op

    cls.parse = classmethod(parse)
    return cls


@functools.lru_cache(maxsize=64)
def _chunk_line_offset(path: str, chunk: str) -> int:
    """Lines before ``chunk`` in the file at ``path`` (non-zero when the
    driver parses one ``// -----`` chunk of it, with --split-input-file)."""
    lines = _source_lines(path)
    if lines is None:
        return 0
    whole = "\n".join(lines)
    body = chunk.rstrip()
    if whole.startswith(body) or body.strip() == whole.strip():
        return 0
    at = whole.find(body)
    return whole.count("\n", 0, at) if at > 0 else 0


def _driver_error(err: BaseException) -> str | None:
    """The message for a mistake in the command line rather than the input:
    an unknown pass or option (raised while xDSL parses the pipeline), an
    input that cannot be read, an output that cannot be written."""
    frames = []
    tb = err.__traceback__
    while tb is not None:
        frames.append(tb.tb_frame.f_code.co_filename.replace("\\", "/"))
        tb = tb.tb_next
    in_xdsl_driver = any(
        f.endswith(("xdsl/passes.py", "xdsl/utils/arg_spec.py", "xdsl/xdsl_opt_main.py",
                    "xdsl/tools/command_line_tool.py"))
        for f in frames
    )
    if isinstance(err, UnicodeDecodeError):
        return "input is not UTF-8 text"
    if isinstance(err, OSError) and in_xdsl_driver:
        name = f": '{err.filename}'" if err.filename else ""
        return f"{err.strerror or err}{name}"
    if isinstance(err, ValueError) and in_xdsl_driver:
        return str(err).strip().replace("\n", " ")
    return None


#: xDSL parse messages that mislead, and what they mean.
_PARSE_MESSAGES = {
    # a string literal ends at its line's end, not the file's
    "End of file reached before closing string literal.": "missing closing quote: a string "
    "literal must end on the line it starts",
}


def format_error(err: BaseException, input_name: str | None = None) -> str | None:
    """The ``file:line:col: error: message`` line for a user-facing error.

    Returns None for exceptions that are not user errors (internal bugs keep
    their traceback).
    """
    if isinstance(err, LocatedError):
        loc = op_location(err.op)
        if loc == "<unknown>":
            loc = input_name or "<stdin>"
        return f"{loc}: error: {err.message}"
    if isinstance(err, ParseError):
        span = err.span
        line, col = _line_col(span)
        name = getattr(span.input, "name", input_name or "<stdin>")
        msg = _PARSE_MESSAGES.get(err.msg, err.msg)
        return f"{name}:{line}:{col}: error: {msg}"
    if isinstance(err, DiagnosticException):
        msg = str(err.args[0]) if err.args else str(err)
        msg = " ".join(msg.removeprefix("Operation does not verify: ").split())
        where = _verified_op_location(err, msg)
        return f"{where or input_name or '<stdin>'}: error: {msg}"
    if isinstance(err, RecursionError):
        where = _parsing_at(err)
        here = " here" if where else ""
        return (
            f"{where or input_name or '<stdin>'}: error: the input nests too deeply{here} for this "
            "compiler (Python's recursion limit was reached)"
        )
    if isinstance(err, ArgSpecParseError):
        return f"xdsl-opt: error: {_pipeline_message(err)}"
    driver = _driver_error(err)
    if driver is not None:
        where = input_name if isinstance(err, UnicodeDecodeError) and input_name else "xdsl-opt"
        return f"{where}: error: {driver}"
    return None


def _parsing_at(err: BaseException) -> str | None:
    """``file:line:col`` of the token a parser was at when ``err`` was
    raised (the innermost frame of an xDSL parser in its traceback), or
    None when no parser was running."""
    at = None
    tb = err.__traceback__
    while tb is not None:
        parser = tb.tb_frame.f_locals.get("self")
        token = getattr(parser, "_current_token", None)
        span = getattr(token, "span", None)
        if span is not None and hasattr(span, "input"):
            at = span
        tb = tb.tb_next
    if at is None:
        return None
    loc = file_line_col(at.input, at.start)
    return None if loc is None else _fmt(loc)


def _verified_op_location(err: BaseException, msg: str) -> str | None:
    """``file:line:col`` of the op whose verifier raised ``err`` (xDSL's
    dialects' verifiers too, :func:`xdsl_pto.xdsl_patches.verified_op`);
    a symbol defined twice is reported at its second definition. None when
    the op is unknown or has no location."""
    from xdsl_pto.xdsl_patches import verified_op

    op = verified_op(err)
    if op is None:
        return None
    twice = re.match(r'Redefinition of symbol "(.*)"$', msg)
    if twice is not None and op.regions and op.regions[0].blocks:
        seen = False
        for inner in op.regions[0].blocks[0].ops:
            sym = inner.get_attr_or_prop("sym_name")
            if isinstance(sym, StringAttr) and sym.data == twice.group(1):
                if seen:
                    op = inner
                    break
                seen = True
    loc = op_location(op)
    return None if loc == "<unknown>" else loc


def _pipeline_message(err: ArgSpecParseError) -> str:
    """One line for a malformed ``-p`` pipeline: xDSL's reason and the column
    (its message spans several lines: header, position, the spec, a caret)."""
    lines = [ln.strip() for ln in str(err).splitlines() if ln.strip()]
    reason = lines[-1] if lines else "malformed pass pipeline"
    where = next((ln for ln in lines if ln.startswith("pass-pipeline:")), None)
    col = where.rsplit(":", 1)[-1] if where else None
    spec = lines[2] if len(lines) >= 4 else None
    at = f" at column {col} of '{spec}'" if col and spec else ""
    return f"invalid pass pipeline{at}: {reason}"


def _line_col(span: object) -> tuple[int, int]:
    inp = span.input  # type: ignore[attr-defined]
    start = span.start  # type: ignore[attr-defined]
    text = inp.content if isinstance(inp.content, str) else inp.content.decode()
    line = text.count("\n", 0, start) + 1
    col = start - (text.rfind("\n", 0, start) + 1) + 1
    line += getattr(span, "line_offset", 0)
    return line, col


def _input_name_from_argv(argv: list[str]) -> str | None:
    for a in argv[1:]:
        if not a.startswith("-") and os.path.exists(a):
            return a
    return None


def _output_file_from_argv(argv: list[str]) -> str | None:
    for i, a in enumerate(argv):
        if a in ("-o", "--output-file") and i + 1 < len(argv):
            return argv[i + 1]
        if a.startswith("--output-file="):
            return a.split("=", 1)[1]
    return None


_installed = False


def install_excepthook() -> None:
    """Make an uncaught user-facing error print one diagnostic line and exit 1.

    Used so that plain ``xdsl-opt`` (which prints a traceback for parse and
    verify errors) reports our errors the way MLIR tools do. Any other
    exception keeps the default hook (a traceback: that is a bug). A partial
    ``-o`` output file is removed.
    """
    global _installed
    if _installed:
        return
    _installed = True
    previous = sys.excepthook

    def hook(kind: type[BaseException], err: BaseException, tb: TracebackType | None) -> None:
        line = format_error(err, _input_name_from_argv(sys.argv))
        if line is None:
            previous(kind, err, tb)
            return
        out = _output_file_from_argv(sys.argv)
        if out and out != "-" and os.path.isfile(out):
            try:
                os.remove(out)
            except OSError:
                pass
        sys.stderr.write(line + "\n")
        sys.stderr.flush()

    sys.excepthook = hook
