#!/usr/bin/env python3
"""Bytes per memory space with and without the capacity-overflow subrange
fallback of memory-reuse, for the example kernels (issue 5).

Both columns plan with ``lower-pipeline-loops`` and
``memory-reuse{backend=B}`` (so the pipeline-stage guard sees the same
capacity); "whole-buffer" has the subrange retry switched off (the retry
packs whole buffers again), "with fallback" is memory-reuse as shipped. Both
then run ``allocate-memory-addr`` without a capacity check, so an overflow
shows as a number past the capacity instead of an error. Remarks of the
stage guard are not printed.

Usage (repository root, project installed)::

    python bench/subrange.py [--backend a3] [FILE.mlir ...]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys

from highwater import high_water, kernel_files

from xdsl_pto.backends import BACKENDS
from xdsl_pto.dialects.tile.types import MemorySpace
from xdsl_pto.tools.session import read_module, run_pipeline
from xdsl_pto.transforms.memory_reuse import capacity

PLAN = "lower-pipeline-loops,init-memref,materialize-semantic-aliases,memory-reuse{{backend={}}}"


def footprints(path: str, backend: str, subranges: bool) -> dict[tuple[str, str], int]:
    """(function, space) -> high-water mark in bytes after planning ``path``
    (with the subrange retry, or with it switched off)."""
    module = read_module(path)
    saved = capacity.pack_subranges
    if not subranges:
        capacity.pack_subranges = lambda roots, forbidden: capacity.pack(roots, forbidden)
    try:
        with contextlib.redirect_stderr(io.StringIO()):
            run_pipeline(module, PLAN.format(backend))
    finally:
        capacity.pack_subranges = saved
    return high_water(module)


def main(argv: list[str] | None = None) -> int:
    """Print the Markdown table; returns the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", default="a3", choices=sorted(BACKENDS))
    parser.add_argument("files", nargs="*")
    args = parser.parse_args(argv)
    files = kernel_files(args.files)
    limits = BACKENDS[args.backend].capacity
    print(f"| kernel | function | space | whole-buffer | with fallback | {args.backend} capacity |")
    print("|---|---|---|---:|---:|---:|")
    for path in files:
        legacy = footprints(path, args.backend, subranges=False)
        fallback = footprints(path, args.backend, subranges=True)
        for (fn, space), before in sorted(legacy.items()):
            after = fallback[(fn, space)]
            print(
                f"| {os.path.basename(path)} | @{fn} | {space} | {before} | {after} | "
                f"{limits[MemorySpace(space)]} |"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
