#!/usr/bin/env python3
"""Bytes per memory space under the three pipeline-stage rules of
memory-reuse, for kernels with pipeline loops (issue 5).

Every column first runs ``lower-pipeline-loops``, then plans:

* "no separation": the membership tags removed before memory-reuse, so
  clones share whatever their lifetimes allow (what plain replication gives);
* "legacy rule": ``memory-reuse`` with no backend (capacity unknown): loads
  of different stages never share, L0 spaces exempt;
* "gated": ``memory-reuse{backend=B}``: every clone kept apart up to the
  depth the space affords (seed 001/002, "Pipeline-stage guard").

Addresses come from ``allocate-memory-addr`` without a capacity check, so an
overflow shows as a number past the capacity. Kernels with neither a
pipeline loop nor stage tags are skipped.

Usage (repository root, project installed)::

    python bench/stage_guard.py [--backend a3] [FILE.mlir ...]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys

from highwater import high_water, kernel_files

from xdsl_pto.backends import BACKENDS
from xdsl_pto.dialects.tile.pipeline_attrs import PIPELINE_MEMBERSHIP, PIPELINE_STAGES
from xdsl_pto.dialects.tile.types import MemorySpace
from xdsl_pto.tools.session import read_module, run_pipeline

FRONT = "init-memref,materialize-semantic-aliases"


def footprints(path: str, rule: str, backend: str) -> dict[tuple[str, str], int]:
    """(function, space) -> high-water mark in bytes under ``rule``
    (``none``, ``legacy`` or ``gated``)."""
    module = read_module(path)
    with contextlib.redirect_stderr(io.StringIO()):
        run_pipeline(module, "lower-pipeline-loops," + FRONT)
        if rule == "none":
            for op in module.walk():
                op.attributes.pop(PIPELINE_MEMBERSHIP, None)
        run_pipeline(module, f"memory-reuse{{backend={backend}}}" if rule == "gated" else "memory-reuse")
    return high_water(module)


def main(argv: list[str] | None = None) -> int:
    """Print the Markdown table; returns the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", default="a3", choices=sorted(BACKENDS))
    parser.add_argument("files", nargs="*")
    args = parser.parse_args(argv)
    files = kernel_files(args.files)
    capacity = BACKENDS[args.backend].capacity
    print(f"| kernel | function | space | no separation | legacy rule | gated ({args.backend}) | capacity |")
    print("|---|---|---|---:|---:|---:|---:|")
    for path in files:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if PIPELINE_STAGES not in text and PIPELINE_MEMBERSHIP not in text:
            continue
        cols = [footprints(path, rule, args.backend) for rule in ("none", "legacy", "gated")]
        for (fn, space), none in sorted(cols[0].items()):
            print(
                f"| {os.path.basename(path)} | @{fn} | {space} | {none} | {cols[1][(fn, space)]} | "
                f"{cols[2][(fn, space)]} | {capacity[MemorySpace(space)]} |"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
