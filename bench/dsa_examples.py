#!/usr/bin/env python3
"""Bytes used per memory space by each example kernel under planner=pypto and
planner=dsa_rp (issue 9; the table "planner=dsa_rp on the example kernels"
in bench/README.md).

Each example goes through ``auto-tile-matmul-l0``, ``lower-pipeline-loops``
and ``pto-plan-memory{planner=... backend=...}``; the bytes used in a space
are ``max(addr + size)`` over its ``tile.alloc`` lines.

Usage (from the repository root, with the project installed)::

    python bench/dsa_examples.py [--backend a3]
"""

from __future__ import annotations

import argparse
import glob
import os
import re
import subprocess

ALLOC = re.compile(r"tile\.alloc @\S+ in (\w+) size (\d+)(?: pinned)?(?: slots \d+)? addr (\d+)")
PLANNERS = ("pypto", "dsa_rp")


def bytes_used(example: str, planner: str, backend: str) -> dict[str, int]:
    """Space name -> bytes used (``max(addr + size)``) of ``example`` planned
    under ``planner`` for ``backend``."""
    pipe = (
        f"auto-tile-matmul-l0{{backend={backend}}},lower-pipeline-loops,"
        f"pto-plan-memory{{planner={planner} backend={backend}}}"
    )
    out = subprocess.run(["xdsl-opt", "-p", pipe, example], capture_output=True, text=True, check=True).stdout
    used: dict[str, int] = {}
    for m in ALLOC.finditer(out):
        space, size, addr = m.group(1), int(m.group(2)), int(m.group(3))
        used[space] = max(used.get(space, 0), addr + size)
    return used


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", default="a3", choices=("a2", "a3", "a5"))
    args = parser.parse_args()
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples")
    print(f"| example ({args.backend}) | space | " + " | ".join(f"planner={p}" for p in PLANNERS) + " |")
    print("|---|---|" + "---:|" * len(PLANNERS))
    for example in sorted(glob.glob(os.path.join(root, "*.mlir"))):
        used = {p: bytes_used(example, p, args.backend) for p in PLANNERS}
        for space in sorted(used["pypto"]):
            cells = " | ".join(str(used[p].get(space, 0)) for p in PLANNERS)
            print(f"| {os.path.basename(example)} | {space} | {cells} |")


if __name__ == "__main__":
    main()
