"""What plain ``xdsl-opt`` (and ``xdsl-pto-opt``) does differently once our
plugin is loaded (issue 25), installed by :func:`install`:

* ``-`` as the input file reads standard input, as every ``xdsl-pto``
  command does, and standard input is named ``<stdin>`` in locations by both
  tools (xDSL said ``stdin``); ``-o -`` writes standard output.
* ``-o FILE`` is written atomically (:mod:`xdsl_pto.tools.atomic`): the file
  appears only when the run succeeded. A failing run -- a located error, a
  traceback, Ctrl-C, a SIGTERM -- leaves no ``FILE``, also removing one left
  by an earlier run, so a build never mistakes it for this run's output.
* The input is parsed with the cyclic garbage collector paused, and the
  parsed module frozen out of later collections (a superlinear cost on
  large kernels: :func:`_parse_without_collecting`).
"""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import sys
import threading
from collections.abc import Iterator

from xdsl.tools.command_line_tool import CommandLineTool
from xdsl.xdsl_opt_main import xDSLOptMain

from xdsl_pto.tools.atomic import write_atomically

#: The name standard input has in diagnostics, in every tool.
STDIN_NAME = "<stdin>"

_installed = False


def install() -> None:
    """Patch xDSL's driver classes (once; later calls do nothing)."""
    global _installed
    if _installed:
        return
    _installed = True
    _read_stdin_dash()
    _atomic_output()
    _interrupt_quietly()
    _parse_without_collecting()


def _read_stdin_dash() -> None:
    get_stream = CommandLineTool.get_input_stream

    def get_input_stream(self):
        if self.args.input_file == "-":
            return sys.stdin.buffer, "mlir"
        return get_stream(self)

    def get_input_name(self):
        return STDIN_NAME if self.args.input_file in (None, "-") else self.args.input_file

    CommandLineTool.get_input_stream = get_input_stream  # type: ignore[method-assign]
    CommandLineTool.get_input_name = get_input_name  # type: ignore[method-assign]


def _atomic_output() -> None:
    run = xDSLOptMain.run

    def atomic_run(self):
        final = self.args.output_file
        if final is None:
            return run(self)
        if final == "-":
            self.args.output_file = None
            try:
                return run(self)
            finally:
                self.args.output_file = final
        folder = os.path.dirname(os.path.abspath(final))
        if not os.path.isdir(folder):
            return run(self)  # xDSL's own error names the missing folder

        def write(tmp: str) -> None:
            self.args.output_file = tmp
            try:
                run(self)
            finally:
                self.args.output_file = final

        try:
            with _sigterm_as_exit():  # from before the temporary file exists
                write_atomically(final, write)
        except BaseException:
            if os.path.isfile(final):
                os.remove(final)  # a stale output of an earlier run
            raise

    xDSLOptMain.run = atomic_run  # type: ignore[method-assign]


def _interrupt_quietly() -> None:
    """Ctrl-C (SIGINT) ends ``xdsl-opt`` with one line, ``xdsl-opt:
    interrupted``, and exit status 130, as the shell reports an interrupted
    command, instead of a KeyboardInterrupt traceback; the atomic output
    (above) has removed its temporary file by then."""
    run = xDSLOptMain.run

    def quiet_run(self):
        try:
            return run(self)
        except KeyboardInterrupt:
            sys.stderr.write("xdsl-opt: interrupted\n")
            sys.stderr.flush()
            raise SystemExit(130) from None

    xDSLOptMain.run = quiet_run  # type: ignore[method-assign]


def _parse_without_collecting() -> None:
    """Parse with Python's cyclic garbage collector paused, then freeze
    what was parsed (``gc.freeze``: later collections skip it).

    Parsing allocates millions of objects that all stay alive, and every
    full collection traverses all of them: at 50k tile ops that was 9 of 78
    CPU seconds, growing faster than the kernel (a tenth of a second at
    10k). The module lives until the process ends, so nothing is lost by
    never traversing it; the passes' own garbage is still collected. Only
    for the one-shot ``xdsl-opt`` process: a long-running caller (the fuzz
    campaign) parses through :mod:`xdsl_pto.tools.session`, untouched, and
    ``xdsl-pto-opt``'s ``main()``, the entry point for scripts that run the
    driver in their own process, unfreezes when the run ends (plain
    ``xdsl-opt`` exits instead)."""
    parse_chunk = xDSLOptMain.parse_chunk

    def parse(self, chunk, file_extension, start_offset=0):
        enabled = gc.isenabled()
        gc.disable()
        try:
            module = parse_chunk(self, chunk, file_extension, start_offset)
        finally:
            if enabled:
                gc.enable()
        gc.freeze()
        return module

    xDSLOptMain.parse_chunk = parse  # type: ignore[method-assign]


@contextlib.contextmanager
def _sigterm_as_exit() -> Iterator[None]:
    """While the body runs, a SIGTERM raises SystemExit(143) (so the
    temporary output is removed) instead of ending the process at once."""
    if threading.current_thread() is not threading.main_thread() or (
        signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL
    ):
        yield
        return

    def handler(signum, frame):
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
