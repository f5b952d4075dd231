"""Ctrl-C during `xdsl-opt` (issue 25, found by a fresh-user breaker): one
line, exit 130, no traceback, no output file."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time


def _xdsl_opt() -> str:
    here = os.path.join(os.path.dirname(sys.executable), "xdsl-opt")
    return here if os.path.exists(here) else (shutil.which("xdsl-opt") or "xdsl-opt")


def test_ctrl_c_ends_with_one_line(tmp_path) -> None:
    lines = ["func.func @k(%a: memref<64x64xf32>) {", "  %c0 = arith.constant 0 : index"]
    for i in range(40000):  # long enough to be interrupted while it works
        lines.append(f"  %x{i} = tile.load %a[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>")
        lines.append(f"  tile.store %x{i}, %a[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>")
    lines += ["  func.return", "}"]
    src, out = tmp_path / "big.mlir", tmp_path / "out.mlir"
    src.write_text("\n".join(lines) + "\n")
    proc = subprocess.Popen(
        [_xdsl_opt(), "-p", "pto-compile{backend=a3}", str(src), "-o", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as from a terminal
    )
    time.sleep(2.0)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert (proc.returncode, err.decode()) == (130, "xdsl-opt: interrupted\n")
    assert not out.exists()
