#!/usr/bin/env python3
"""Bytes per memory space with and without the capacity-overflow subrange
fallback of memory-reuse, for the example kernels (issue 5).

"Whole-buffer" plans with ``memory-reuse`` given no backend (the legacy
packing, whatever the capacity); "with fallback" plans with
``memory-reuse{backend=B}``, which re-packs an overflowing space into
subranges. Both then run ``allocate-memory-addr`` without a capacity check,
so an overflow shows as a number past the capacity instead of an error.

Usage (repository root, project installed)::

    python bench/subrange.py [--backend a3] [FILE.mlir ...]
"""

from __future__ import annotations

import argparse
import glob
import os
import sys

from xdsl_pto.backends import BACKENDS
from xdsl_pto.dialects.tile.types import MemorySpace
from xdsl_pto.tools.session import read_module, run_pipeline
from xdsl_pto.transforms.common import allocs, functions

STAGES = "init-memref,materialize-semantic-aliases,memory-reuse{},allocate-memory-addr"


def footprints(path: str, backend: str | None) -> dict[tuple[str, str], int]:
    """(function, space) -> high-water mark in bytes after planning ``path``."""
    module = read_module(path)
    option = f"{{backend={backend}}}" if backend else ""
    run_pipeline(module, STAGES.format(option))
    out: dict[tuple[str, str], int] = {}
    for fn in functions(module):
        for op in allocs(fn).values():
            key = (fn.sym_name.data, op.space.data)
            out[key] = max(out.get(key, 0), op.addr.data + op.size.data)  # type: ignore[union-attr]
    return out


def main(argv: list[str] | None = None) -> int:
    """Print the Markdown table; returns the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", default="a3", choices=sorted(BACKENDS))
    parser.add_argument("files", nargs="*")
    args = parser.parse_args(argv)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    files = args.files or sorted(glob.glob(os.path.join(root, "examples", "*.mlir")))
    capacity = BACKENDS[args.backend].capacity
    print(f"| kernel | function | space | whole-buffer | with fallback | {args.backend} capacity |")
    print("|---|---|---|---:|---:|---:|")
    for path in files:
        legacy, fallback = footprints(path, None), footprints(path, args.backend)
        for (fn, space), before in sorted(legacy.items()):
            after = fallback[(fn, space)]
            print(
                f"| {os.path.basename(path)} | @{fn} | {space} | {before} | {after} | "
                f"{capacity[MemorySpace(space)]} |"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
