#!/usr/bin/env python3
"""What ``auto-tile-matmul-l0`` chooses for a few matmul shapes, and what the
planned kernel then occupies in L0.

For each shape ``M x N x K`` (f16 operands, f32 accumulator) it writes the
kernel a frontend would leave -- both operands loaded whole into Mat, one
``tile.matmul``, one ``tile.store`` -- and reports:

* the chooser's tile ``(m, n, k)``, schedule and modeled cycles
  (:func:`xdsl_pto.transforms.auto_tile_matmul_l0.chooser.choose_l0_tile`,
  the roofline of pypto-docs/15-auto_tile_matmul_l0.md);
* what the pass did (K-loop, M/N grid of how many sub-tiles);
* the bytes per L0 space after
  ``auto-tile-matmul-l0,lower-pipeline-loops,pto-plan-memory`` (the
  high-water mark ``max(addr + size)`` of the function's ``tile.alloc``s),
  against the backend's capacity;
* that the differential run agrees (the tiled, planned kernel stores the
  untiled kernel's numbers bit for bit, seed 0).

Usage (from the repository root, with the project installed)::

    python bench/auto_tile.py                 # backend a3
    python bench/auto_tile.py --backend a5

Prints a Markdown table. The search itself is timed too (wall seconds of
one ``choose_l0_tile`` call), since it is exhaustive.
"""

from __future__ import annotations

import argparse
import time

from xdsl_pto.backends import BACKENDS
from xdsl_pto.dialects.tile.data_ops import AllocOp
from xdsl_pto.dialects.tile.types import MemorySpace
from xdsl_pto.interp import differential_check
from xdsl_pto.tools.session import parse_module, run_pipeline
from xdsl_pto.transforms.auto_tile_matmul_l0.chooser import L0Problem, choose_l0_tile

SHAPES = [(128, 128, 512), (128, 128, 592), (256, 256, 256), (272, 272, 64), (256, 512, 128)]
L0 = (MemorySpace.LEFT, MemorySpace.RIGHT, MemorySpace.ACC)


def kernel(M: int, N: int, K: int) -> str:
    """The untiled kernel: A[M,K] and B[K,N] f16 loaded into Mat, one matmul."""
    a, b, c = f"{M}x{K}xf16", f"{K}x{N}xf16", f"{M}x{N}xf32"
    return f"""
func.func @mm(%a: memref<{a}>, %b: memref<{b}>, %c: memref<{c}>) {{
  %c0 = arith.constant 0 : index
  %a_l1 = tile.load %a[%c0, %c0] : memref<{a}> -> !tile.tile<{a}, mat>
  %b_l1 = tile.load %b[%c0, %c0] : memref<{b}> -> !tile.tile<{b}, mat>
  %r = tile.matmul %a_l1, %b_l1 : (!tile.tile<{a}, mat>, !tile.tile<{b}, mat>) -> !tile.tile<{c}, acc>
  tile.store %r, %c[%c0, %c0] : !tile.tile<{c}, acc>, memref<{c}>
  func.return
}}
"""


def high_water(module) -> dict[MemorySpace, int]:
    """Bytes per memory space: ``max(addr + size)`` over the ``tile.alloc``s."""
    out: dict[MemorySpace, int] = {}
    for op in module.walk():
        if isinstance(op, AllocOp) and op.addr is not None:
            space = MemorySpace(op.space.data)
            out[space] = max(out.get(space, 0), op.addr.data + op.size.data)
    return out


def row(M: int, N: int, K: int, backend_name: str) -> str:
    backend = BACKENDS[backend_name]
    start = time.perf_counter()
    choice = choose_l0_tile(L0Problem(M, N, K, 2, 2, 4), backend)
    search = time.perf_counter() - start
    assert choice is not None
    original = parse_module(kernel(M, N, K), f"{M}x{N}x{K}.mlir")
    planned = original.clone()
    run_pipeline(
        planned,
        f"auto-tile-matmul-l0{{backend={backend_name}}},lower-pipeline-loops,"
        f"pto-plan-memory{{backend={backend_name}}}",
    )
    tiles = -(-M // choice.m) * -(-N // choice.n)
    form = "K-loop" if tiles == 1 else f"{tiles}-tile grid"
    if choice.k == K:
        form += ", k = K"
    elif K % choice.k:
        form += f", K tail {K % choice.k}"
    used = high_water(planned)
    l0 = " / ".join(f"{used.get(s, 0)} of {backend.capacity[s]}" for s in L0)
    agree = "yes" if differential_check(original, planned, seed=0) == [] else "NO"
    sched = choice.stationarity.value + (", dbC" if choice.double_buffer_c else "")
    return (
        f"| {M}x{N}x{K} | ({choice.m}, {choice.n}, {choice.k}) | {sched} | {choice.cycles} "
        f"| {form} | {l0} | {agree} | {search:.3f} |"
    )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--backend", default="a3", choices=sorted(BACKENDS))
    args = p.parse_args()
    print(
        "| M x N x K | (m, n, k) | held | modeled cycles | emitted | "
        "L0 bytes left / right / acc (of capacity) | run agrees | search (s) |"
    )
    print("|---|---|---|---:|---|---|---|---:|")
    for M, N, K in SHAPES:
        print(row(M, N, K, args.backend))


if __name__ == "__main__":
    main()
