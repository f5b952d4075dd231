"""The ``import-pypto`` subcommand of ``xdsl-pto``."""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Callable
from typing import Any

from xdsl.printer import Printer

from xdsl_pto.diagnostics import format_error
from xdsl_pto.tools.atomic import write_text_atomically, write_texts_together
from xdsl_pto.frontends.pypto.driver import import_source, import_sources
from xdsl_pto.frontends.pypto.errors import PyptoImportError


def add_parser(sub: Any) -> None:
    """Register ``import-pypto`` on the ``xdsl-pto`` subcommand parsers ``sub``."""
    p = sub.add_parser(
        "import-pypto", help="translate a pypto IR dump (Python source, before InitMemRef) to the Tile dialect"
    )
    p.add_argument(
        "files",
        nargs="+",
        metavar="file",
        help="the dump (a .py file as pypto prints it); - for stdin; several: one .mlir each in -o DIR, "
        "or one module of all their functions with -o FILE.mlir (the two halves of a mixed kernel)",
    )
    p.add_argument(
        "-o",
        "--output",
        default=None,
        help="write the module here (default: stdout); with several files, the folder "
        "(created if missing) that gets FILE.mlir for each FILE.py, or a FILE.mlir that gets "
        "one module of them all",
    )


def convert(source: str, filename: str) -> str:
    """The verified Tile module of ``source`` as MLIR text.

    Raises:
        PyptoImportError: for a construct the importer does not support.
        xdsl VerifyException (located at the dump's line): for ops the Tile
            dialect rejects (e.g. mismatched shapes in the dump).
    """
    return _text(import_source(source, filename))


def convert_together(dumps: list[tuple[str, str]]) -> str:
    """The verified Tile module of the functions of several dumps
    (``(source, filename)`` pairs) as MLIR text (:func:`import_sources`).

    Raises:
        PyptoImportError, xdsl VerifyException: as :func:`convert`, located
            in the dump they are about.
    """
    return _text(import_sources(dumps))


def _text(module: Any) -> str:
    """``module`` verified, as MLIR text ending in a newline."""
    module.verify()
    out = io.StringIO()
    Printer(stream=out).print_op(module)
    return out.getvalue() + "\n"


def run(args: argparse.Namespace) -> int:
    """Run ``xdsl-pto import-pypto``; returns the exit code.

    One file: its module on stdout, or in the ``-o`` file. Several files
    with ``-o FILE.mlir``: one module of all their functions (the two halves
    of a mixed kernel, which the reference prints separately, lower only
    together). Several files with ``-o DIR``: each ``NAME.py`` becomes
    ``DIR/NAME.mlir``, all or none: every file that fails is reported, and
    then nothing is written (exit code 1). On an error nothing is written
    (an existing output is left as it was); an output that cannot be
    written is ``OUT: error: cannot write: REASON``.

    Raises:
        OSError, UnicodeDecodeError: for a single input that cannot be read
            (reported by the caller as ``FILE: error: ...``).
    """
    args.file = args.files[0]  # the caller names the file in read errors
    if len(args.files) == 1:
        return _import_one(args.files[0], args.output)
    problem = _batch_problem(args.files, args.output)
    if problem is None and args.output.lower().endswith(".mlir"):
        return _import_together(args.files, args.output)
    if problem is not None:
        sys.stderr.write(f"xdsl-pto: error: import-pypto: {problem}\n")
        return 1
    return _import_into_folder(args.files, args.output)


def _import_into_folder(paths: list[str], folder: str) -> int:
    """Import each dump of ``paths`` to ``folder/NAME.mlir``; returns the
    exit code. Every file is imported first and each failure reported (one
    located line each); only when all succeed is the folder made and every
    output written, together (:func:`~xdsl_pto.tools.atomic.write_texts_together`).
    After a failure nothing is written -- no folder, no file, an existing
    output left as it was -- and a last line says so (breaker 2, DETAILS 6c:
    a failed batch left the files before it behind)."""
    outputs: list[tuple[str, str]] = []
    failed = 0
    for path in paths:
        try:
            text = _converted(path)
        except (OSError, UnicodeDecodeError) as err:
            what = "input is not UTF-8 text" if isinstance(err, UnicodeDecodeError) else (
                err.strerror or str(err)
            )
            sys.stderr.write(f"{path}: error: {what}\n")
            text = None
        if text is None:
            failed += 1
        else:
            outputs.append((os.path.join(folder, _stem(path) + ".mlir"), text))
    if failed:
        sys.stderr.write(
            f"xdsl-pto: error: import-pypto: {failed} of {len(paths)} files failed; nothing was "
            f"written to {folder}\n"
        )
        return 1
    made = not os.path.isdir(folder)
    try:
        os.makedirs(folder, exist_ok=True)
        write_texts_together(outputs)
    except OSError as err:
        if made and os.path.isdir(folder) and not os.listdir(folder):
            os.rmdir(folder)
        shown = err.filename if isinstance(err.filename, str) else folder
        sys.stderr.write(f"{shown}: error: cannot write: {err.strerror or err}\n")
        return 1
    return 0


def _stem(path: str) -> str:
    return os.path.splitext(os.path.basename(path))[0]


def _batch_problem(files: list[str], output: str | None) -> str | None:
    """Why several ``files`` cannot be imported into ``output``, or None:
    no ``-o``, standard input among them, ``-o -`` (standard output: one
    module only), an existing folder named ``.mlir`` (an ``-o`` ending in
    ``.mlir`` is the one module of them all), an ``-o`` that is a file, or
    two inputs with one output name."""
    if output is None:
        return f"{len(files)} files need -o DIR (each FILE.py becomes DIR/FILE.mlir)"
    if "-" in files:
        return "standard input (-) can only be imported alone"
    if output == "-":
        return "-o -: with several files -o names a folder, not standard output; import one file to print it"
    if output.lower().endswith(".mlir"):
        if os.path.isdir(output):
            return f"-o {output}: a folder; several files go into one FILE.mlir or a folder not named .mlir"
        return None  # one module of them all
    if os.path.exists(output) and not os.path.isdir(output):
        return f"-o {output}: with several files -o names a folder, and this is a file"
    seen: dict[str, str] = {}
    for path in files:
        name = _stem(path) + ".mlir"
        if name in seen:
            return f"{seen[name]} and {path} would both be written to {os.path.join(output, name)}"
        seen[name] = path
    return None


def _import_together(paths: list[str], output: str) -> int:
    """Import the dumps at ``paths`` into the one module ``output``;
    returns the exit code. Nothing is written on an error (an unreadable
    file, a construct of any dump, a function two dumps define)."""
    dumps = []
    for path in paths:
        try:
            with open(path, encoding="utf-8-sig") as f:
                dumps.append((f.read(), path))
        except (OSError, UnicodeDecodeError) as err:
            what = "input is not UTF-8 text" if isinstance(err, UnicodeDecodeError) else (err.strerror or str(err))
            sys.stderr.write(f"{path}: error: {what}\n")
            return 1
    text = _reported(lambda: convert_together(dumps), paths[0])
    return 1 if text is None else _write(output, text)


def _reported(convert_source: Callable[[], str], shown: str) -> str | None:
    """The module text ``convert_source`` makes, or None after writing its
    error to stderr as one located line (a construct the importer refuses,
    a verifier error; ``shown`` names the input when the error has no file
    of its own). Raises what is no user error (a bug) unchanged."""
    try:
        return convert_source()
    except PyptoImportError as err:
        sys.stderr.write(err.format(shown) + "\n")
        return None
    except Exception as err:  # noqa: BLE001 - located verifier errors become one line
        line = format_error(err, shown)
        if line is None:
            raise
        sys.stderr.write(line + "\n")
        return None


def _write(output: str, text: str) -> int:
    """Write ``text`` to ``output`` whole (nothing on a failure); the exit
    code."""
    try:
        write_text_atomically(output, text)
    except OSError as err:
        sys.stderr.write(f"{output}: error: cannot write: {err.strerror or err}\n")
        return 1
    return 0


def _converted(path: str) -> str | None:
    """The module text of the dump at ``path`` (``-``: stdin), or None
    after reporting its error on stderr.

    Raises:
        OSError, UnicodeDecodeError: ``path`` cannot be read.
    """
    shown = "<stdin>" if path == "-" else path
    if path == "-":
        source = sys.stdin.read().removeprefix("\ufeff")
    else:
        with open(path, encoding="utf-8-sig") as f:  # a UTF-8 BOM is no part of the source
            source = f.read()
    return _reported(lambda: convert(source, shown), shown)


def _import_one(path: str, output: str | None) -> int:
    """Import the dump at ``path`` (``-``: stdin) to ``output`` (None:
    stdout); returns the exit code, errors reported on stderr."""
    text = _converted(path)
    if text is None:
        return 1
    if output is None:
        sys.stdout.write(text)
        return 0
    return _write(output, text)
