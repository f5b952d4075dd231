#!/usr/bin/env python3
"""Time ``xdsl-pto memory-map`` (issue 25): whole processes, as a user runs it.

Two planned inputs: the flash-attention example planned for a3 (the README's
map, five panels) and the 1k-op scaling kernel (``gen_scaling.py``, one
panel of 1,028 tiles and 885 allocations). Each is drawn as ``.png`` and
``.html``, ``--repeat`` times; the minimum CPU seconds (user + system of the
child) and the minimum wall seconds are printed as a Markdown table.

``--pythonpath DIR`` runs another checkout's ``xdsl_pto`` (the same
environment otherwise), to measure a tree before a change.

Usage (repository root, project installed)::

    python bench/memory_map.py [--repeat 5] [--pythonpath ../old-checkout]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_scaling import scaling_kernel

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one run of ``cmd``.

    Raises:
        subprocess.CalledProcessError: when ``cmd`` fails.
    """
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=True, env=env)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--pythonpath", default=None, help="a checkout whose xdsl_pto is timed instead")
    args = ap.parse_args()
    bindir = os.path.dirname(sys.executable)
    env = dict(os.environ)
    if args.pythonpath:
        env["PYTHONPATH"] = os.path.abspath(args.pythonpath)
    work = tempfile.mkdtemp(prefix="pto-memory-map-")
    fa = os.path.join(work, "flash_attention.planned.mlir")
    subprocess.run(
        [os.path.join(bindir, "xdsl-opt"), "-p", "lower-pipeline-loops,pto-plan-memory{backend=a3}",
         os.path.join(ROOT, "examples", "flash_attention.mlir"), "-o", fa],
        check=True, env=env,
    )
    raw = os.path.join(work, "scale_1000.mlir")
    with open(raw, "w", encoding="utf-8") as f:
        f.write(scaling_kernel(1000, 0))
    big = os.path.join(work, "scale_1000.planned.mlir")
    subprocess.run(
        [os.path.join(bindir, "xdsl-opt"), "-p", "pto-plan-memory{backend=a3}", raw, "-o", big],
        check=True, env=env, stderr=subprocess.DEVNULL,
    )
    tool = os.path.join(bindir, "xdsl-pto")
    print("| input | format | CPU s (min) | wall s (min) |")
    print("|---|---|---:|---:|")
    for name, path in (("flash_attention (5 panels)", fa), ("scale_1000 (885 allocations)", big)):
        for ext in ("png", "html"):
            runs = [timed([tool, "memory-map", path, "-o", os.path.join(work, f"map.{ext}")], env)
                    for _ in range(args.repeat)]
            print(f"| {name} | .{ext} | {min(c for c, _ in runs):.2f} | {min(w for _, w in runs):.2f} |",
                  flush=True)


if __name__ == "__main__":
    main()
