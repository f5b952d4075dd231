"""The ``import-pypto`` subcommand of ``xdsl-pto``."""

from __future__ import annotations

import argparse
import io
import os
import sys
import tempfile
from typing import Any

from xdsl.printer import Printer

from xdsl_pto.diagnostics import format_error
from xdsl_pto.frontends.pypto.driver import import_source
from xdsl_pto.frontends.pypto.errors import PyptoImportError


def add_parser(sub: Any) -> None:
    """Register ``import-pypto`` on the ``xdsl-pto`` subcommand parsers ``sub``."""
    p = sub.add_parser(
        "import-pypto", help="translate a pypto IR dump (Python source, before InitMemRef) to the Tile dialect"
    )
    p.add_argument("file", help="the dump (a .py file as pypto prints it); - for stdin")
    p.add_argument("-o", "--output", default=None, help="write the module here (default: stdout)")


def convert(source: str, filename: str) -> str:
    """The verified Tile module of ``source`` as MLIR text.

    Raises:
        PyptoImportError: for a construct the importer does not support.
        xdsl VerifyException (located at the dump's line): for ops the Tile
            dialect rejects (e.g. mismatched shapes in the dump).
    """
    module = import_source(source, filename)
    module.verify()
    out = io.StringIO()
    Printer(stream=out).print_op(module)
    return out.getvalue() + "\n"


def run(args: argparse.Namespace) -> int:
    """Run ``xdsl-pto import-pypto``; returns the exit code. On an error
    nothing is written (an existing ``-o`` file is left as it was); an
    output that cannot be written is ``OUT: error: cannot write: REASON``.

    Raises:
        OSError, UnicodeDecodeError: for an input that cannot be read
            (reported by the caller as ``FILE: error: ...``).
    """
    shown = "<stdin>" if args.file == "-" else args.file
    if args.file == "-":
        source = sys.stdin.read().removeprefix("\ufeff")
    else:
        with open(args.file, encoding="utf-8-sig") as f:  # a UTF-8 BOM is no part of the source
            source = f.read()
    try:
        text = convert(source, shown)
    except PyptoImportError as err:
        sys.stderr.write(err.format(shown) + "\n")
        return 1
    except Exception as err:  # noqa: BLE001 - located verifier errors become one line
        line = format_error(err, shown)
        if line is None:
            raise
        sys.stderr.write(line + "\n")
        return 1
    if args.output is None:
        sys.stdout.write(text)
        return 0
    try:
        _write_atomically(args.output, text)
    except OSError as err:
        sys.stderr.write(f"{args.output}: error: cannot write: {err.strerror or err}\n")
        return 1
    return 0


def _write_atomically(path: str, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same
    folder, so no partial file is ever left."""
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".import-pypto-", suffix=".mlir", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise
