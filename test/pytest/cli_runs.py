"""Shared by the ``xdsl-pto run`` CLI tests: call the command in-process and
keep its exit code and output."""

from __future__ import annotations

from xdsl_pto.tools import cli


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    """``xdsl-pto run ARGV...`` in this process: (exit code, stdout, stderr);
    a usage error (argparse's SystemExit) gives its code."""
    try:
        code = cli.main(["run", *argv])
    except SystemExit as stop:
        code = int(stop.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err
