"""``xdsl-pto fuzz`` ends early on Ctrl-C, SIGTERM and ``--time-limit`` with a
summary of what ran, and reports progress without a terminal (issue 25:
it ignored Ctrl-C, had no time limit and printed nothing without a
terminal)."""

from __future__ import annotations

import io
import os
import re
import signal
import subprocess
import sys

import pytest

from xdsl_pto.fuzz.stopping import Progress

SUMMARY = re.compile(
    r"(\d+) kernels, 0 crashes, 0 invalid plans, 0 mismatches \(.*\); plan mutants: .* 0 missed; "
    r"stopped by (.*) after \1 of 1000 kernels\n"
)
PROGRESS = re.compile(r"fuzz: (\d+)/1000 kernels, 0 crashes, 0 invalid plans, 0 mismatches \(\d+ s\)\n")


def _fuzz(tmp_path, *extra: str) -> subprocess.Popen:
    tool = os.path.join(os.path.dirname(sys.executable), "xdsl-pto")
    return subprocess.Popen(
        [tool, "fuzz", "--count", "1000", "--out", str(tmp_path / "failures"), "--progress-every", "1", *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # as from a terminal: a test run started in the background (CI, nohup)
        # passes SIGINT on ignored, and the campaign rightly keeps it ignored
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


@pytest.mark.parametrize(("sig", "reason"), [(signal.SIGINT, "Ctrl-C"), (signal.SIGTERM, "SIGTERM")])
def test_signal_prints_summary(tmp_path, sig: int, reason: str):
    proc = _fuzz(tmp_path)
    try:
        assert proc.stderr is not None
        first = proc.stderr.readline()  # a progress line: one kernel is done
        assert PROGRESS.fullmatch(first), first
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 128 + sig
    m = SUMMARY.fullmatch(out)
    assert m is not None, out
    assert m.group(2) == reason
    assert int(m.group(1)) >= 1
    assert "Traceback" not in err
    assert all(PROGRESS.fullmatch(line + "\n") for line in err.splitlines())


def test_time_limit(tmp_path):
    proc = _fuzz(tmp_path, "--time-limit", "2")
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0  # a clean campaign that ran out of time
    m = SUMMARY.fullmatch(out)
    assert m is not None, out
    assert m.group(2) == "the time limit of 2 s"
    assert [int(PROGRESS.fullmatch(line + "\n").group(1)) for line in err.splitlines()] == list(
        range(1, int(m.group(1)) + 1)
    )


def test_progress_lines_without_terminal():
    stream = io.StringIO()
    p = Progress(25, every=10, stream=stream)
    for i in range(25):
        p.step(i // 20, 0, 0)
    p.close()
    lines = [re.sub(r"\(\d+ s\)", "(T s)", line) for line in stream.getvalue().splitlines()]
    assert lines == [
        "fuzz: 10/25 kernels, 0 crashes, 0 invalid plans, 0 mismatches (T s)",
        "fuzz: 20/25 kernels, 0 crashes, 0 invalid plans, 0 mismatches (T s)",
        "fuzz: 25/25 kernels, 1 crashes, 0 invalid plans, 0 mismatches (T s)",
    ]


def test_no_progress_prints_nothing():
    stream = io.StringIO()
    p = Progress(25, enabled=False, stream=stream)
    for _ in range(25):
        p.step(0, 0, 0)
    assert stream.getvalue() == ""
