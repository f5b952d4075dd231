"""The bad-input corpus (issue 25): malformed or hostile inputs, each of which
must end in exactly one error line on stderr -- ``file:line:col: error:``, or
``file: error:`` for a problem of the whole file -- with exit code 1, no
traceback, nothing on stdout, no output file, in well under a minute.

Each file of ``bad_input/`` says how it is run and what it must print:

    // COMMAND: xdsl-opt -p 'pto-compile{backend=a3}' INPUT -o OUTPUT
    // ERROR: INPUT:12:5: error: ...

``INPUT`` is the file's path, ``OUTPUT`` a path in a fresh folder (which
must stay empty), ``< INPUT`` feeds the file on standard input.

The other tests here hold the answers the corpus format cannot: the ``-o``
file of a run that ends in a traceback or a SIGTERM.
"""

from __future__ import annotations

import glob
import os
import shlex
import signal
import subprocess
import sys
import textwrap
import time

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = sorted(glob.glob(os.path.join(HERE, "bad_input", "*.mlir")))
TIME_LIMIT = 30.0  # seconds: "well under a minute" on a busy machine


def _tool(name: str) -> str:
    """The console script ``name`` of the environment running the tests."""
    local = os.path.join(os.path.dirname(sys.executable), name)
    return local if os.path.exists(local) else name


def _directive(path: str, key: str) -> str:
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith(f"// {key}: "):
                return line[len(key) + 5 :].rstrip("\n")
    raise AssertionError(f"{path} has no '// {key}:' line")


def test_corpus_is_complete():
    assert len(CORPUS) == 16


@pytest.mark.parametrize("path", CORPUS, ids=os.path.basename)
def test_bad_input(path: str, tmp_path):
    rel = os.path.relpath(path)
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    output = str(out_dir / "result")
    words = shlex.split(_directive(path, "COMMAND").replace("OUTPUT", output))
    stdin = None
    if "<" in words:
        at = words.index("<")
        stdin = open(path, "rb")  # noqa: SIM115 - closed below
        words = words[:at] + words[at + 2 :]
    words = [_tool(words[0])] + [rel if w == "INPUT" else w for w in words[1:]]
    start = time.monotonic()
    try:
        done = subprocess.run(words, stdin=stdin, capture_output=True, text=True, timeout=120)
    finally:
        if stdin is not None:
            stdin.close()
    elapsed = time.monotonic() - start
    expected = _directive(path, "ERROR").replace("INPUT", rel)
    assert done.stderr == expected + "\n"
    assert done.returncode == 1
    assert done.stdout == ""
    assert os.listdir(out_dir) == []  # no output, not even a temporary file
    assert elapsed < TIME_LIMIT


# -- the -o file of a run that does not end in a handled error ---------------

_FAILING_PASS = textwrap.dedent(
    """
    import sys
    from dataclasses import dataclass
    from xdsl.passes import ModulePass
    from xdsl.xdsl_opt_main import xDSLOptMain

    @dataclass(frozen=True)
    class Boom(ModulePass):
        name = "boom"
        def apply(self, ctx, op):
            raise RuntimeError("an internal bug")

    class Main(xDSLOptMain):
        def register_all_passes(self):
            super().register_all_passes()
            self.register_pass("boom", lambda: Boom)

    Main(args=sys.argv[1:]).run()
    """
)


def test_traceback_leaves_no_output_file(tmp_path):
    """An internal bug keeps its traceback (it is a bug), but the ``-o`` file
    is neither created empty nor left from an earlier run."""
    src = tmp_path / "k.mlir"
    src.write_text("func.func @k() {\n  func.return\n}\n")
    out = tmp_path / "out.mlir"
    out.write_text("stale output of an earlier run\n")
    done = subprocess.run(
        [sys.executable, "-c", _FAILING_PASS, "-p", "boom", str(src), "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    assert "RuntimeError: an internal bug" in done.stderr
    assert sorted(os.listdir(tmp_path)) == ["k.mlir"]


def test_sigterm_leaves_no_output_file(tmp_path):
    """A run killed by SIGTERM (here: waiting on its standard input) writes
    no ``-o`` file and removes its temporary one."""
    out = tmp_path / "out.mlir"
    proc = subprocess.Popen(
        [_tool("xdsl-opt"), "-", "-o", str(out)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 60
        while not any(n.endswith(".tmp") for n in os.listdir(tmp_path)):  # it is running
            assert time.monotonic() < deadline and proc.poll() is None
            time.sleep(0.05)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=60) == 128 + signal.SIGTERM
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.communicate()
    assert os.listdir(tmp_path) == []


def test_successful_run_writes_whole_file(tmp_path):
    """The atomic write keeps the ordinary behaviour: the output appears
    with the usual permissions, and ``-o -`` is standard output."""
    src = tmp_path / "k.mlir"
    src.write_text("func.func @k() {\n  func.return\n}\n")
    out = tmp_path / "out.mlir"
    subprocess.run([_tool("xdsl-opt"), str(src), "-o", str(out)], check=True, timeout=120)
    assert out.read_text() == "builtin.module {\n  func.func @k() {\n    func.return\n  }\n}\n\n"
    umask = os.umask(0)
    os.umask(umask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~umask
    done = subprocess.run(
        [_tool("xdsl-opt"), str(src), "-o", "-"], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout == out.read_text()
    assert sorted(os.listdir(tmp_path)) == ["k.mlir", "out.mlir"]
