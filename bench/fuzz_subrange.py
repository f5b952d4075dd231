#!/usr/bin/env python3
"""A fuzz campaign with memory-reuse's subrange packing forced on every
memory space (issue 5's fallback, issue 25's full-size run).

memory-reuse packs a space with aligned subranges of existing arenas only
after the whole-buffer packing overflowed, which few generated kernels reach
in a form the fallback can rescue. Here ``capacity.pack`` is replaced by
``capacity.pack_subranges`` for the whole process, so every space of every
kernel is packed that way; each kernel of the default preset (seeds
``SEED .. SEED + COUNT - 1``, backend a3) then goes through
:func:`xdsl_pto.fuzz.check_kernel` as ``xdsl-pto fuzz`` checks it (every
planner, the validator, the differential run, one plan mutant, the lowering).

Prints one line per kernel that is not planned and proved (its seed, kind and
detail), then the campaign line ``xdsl-pto fuzz`` prints. Exits 1 if any
kernel crashed, was planned invalidly or mismatched. ``pytest``
(``test_fuzz_generate.py::test_subrange_packing_everywhere_is_still_proved``)
runs the first 25 seeds.

Usage (repository root, project installed)::

    python bench/fuzz_subrange.py [--count 100] [--seed 0]
"""

from __future__ import annotations

import argparse
import sys

import xdsl_pto.transforms.memory_reuse.capacity as capacity
from xdsl_pto.fuzz import check_kernel, generate_kernel
from xdsl_pto.fuzz.campaign import Summary


def main(argv: list[str] | None = None) -> int:
    """Run the forced-subrange campaign; 0 when it is clean, else 1."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=100, help="kernels to check (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first kernel (default 0)")
    args = parser.parse_args(argv)

    capacity.pack = capacity.pack_subranges
    summary = Summary(requested=args.count)
    for seed in range(args.seed, args.seed + args.count):
        outcome = check_kernel(generate_kernel(seed), seed=seed)
        summary.add(outcome)
        if outcome.kind != "ok":
            print(f"seed {seed}: {outcome.kind}: {outcome.detail}", flush=True)
    print(summary.line())
    return 0 if summary.clean else 1


if __name__ == "__main__":
    sys.exit(main())
