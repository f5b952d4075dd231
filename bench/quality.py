#!/usr/bin/env python3
"""Plan quality: bytes used / LOAD per memory space, per planner (issue 10).

Every kernel of ``examples/`` and a corpus of generated kernels (the fuzz
generator, :func:`xdsl_pto.fuzz.generate.generate_kernel`, seeds
``SEED .. SEED + COUNT - 1``) is planned under each planner that assigns
addresses (``pypto``, ``dsa_rp``) with the pipeline the fuzz campaign uses
for it (:func:`xdsl_pto.fuzz.campaign.planning_spec`: ``auto-tile-matmul-l0``
and ``lower-pipeline-loops`` first where the kernel needs them), then
measured with :func:`xdsl_pto.analysis.plan_stats.analyze_plan`:

* bytes used: ``max(addr + size)`` over a space's ``tile.alloc`` ops (bytes);
* LOAD: the most bytes the space's allocation identities hold at one
  program point -- a lower bound on bytes used for any placement.

One sample is one (kernel, function, memory space) with LOAD > 0; its
ratio bytes used / LOAD is >= 1 (1: no byte wasted). Per planner the
script prints the geometric mean and the worst ratio, over every sample
and per memory space, for all kernels, for ``examples/`` alone and for the
generated kernels alone (and over the kernels BOTH planners planned when
the two planners refused different kernels: the fair comparison). A kernel a planner refuses (a located error: over
capacity, an unsupported form) is counted as rejected under that planner
and skipped; any other exception is a bug and stops the run.

Usage (repository root, project installed)::

    python bench/quality.py [--count 100] [--seed 0] [--preset default]
                            [--backend a3] [--rows]

``--rows`` also prints one table row per sample whose ratio exceeds 1.
Runtime: about a minute for the default corpus on one core.
"""

from __future__ import annotations

import argparse
import contextlib
import glob
import io
import math
import os
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass

from xdsl_pto.analysis.plan_stats import analyze_plan
from xdsl_pto.diagnostics import LocatedError
from xdsl_pto.fuzz.campaign import planning_spec, rejection_reason
from xdsl_pto.fuzz.generate import PRESETS, generate_kernel
from xdsl_pto.tools.session import make_context, parse_module, run_pipeline

PLANNERS = ("pypto", "dsa_rp")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@dataclass(frozen=True)
class Sample:
    """One measured (kernel, function, space): ``used`` and ``load`` in bytes."""

    kernel: str
    function: str
    space: str
    used: int
    load: int

    @property
    def ratio(self) -> float:
        """bytes used / LOAD (>= 1 for a valid plan)."""
        return self.used / self.load


def corpus(count: int, seed: int, preset: str) -> list[tuple[str, str]]:
    """(name, MLIR text) of every example, then ``count`` generated kernels
    (seeds ``seed ..``) of generator preset ``preset``."""
    kernels = []
    for path in sorted(glob.glob(os.path.join(ROOT, "examples", "*.mlir"))):
        with open(path, encoding="utf-8") as f:
            kernels.append((os.path.basename(path), f.read()))
    config = PRESETS[preset]
    for s in range(seed, seed + count):
        kernels.append((f"fuzz seed {s}", generate_kernel(s, config=config)))
    return kernels


def measure(name: str, text: str, planner: str, backend: str) -> list[Sample] | str:
    """The samples of ``text`` planned under ``planner``, or the rejection
    reason (``capacity``, ``unsupported form``, ...) when a pass refuses it.

    Raises:
        RuntimeError: a located error that is no expected rejection (a bug).
    """
    ctx = make_context()
    module = parse_module(text, name, ctx)
    try:
        with contextlib.redirect_stderr(io.StringIO()):  # stage-guard remarks
            run_pipeline(module, planning_spec(planner, text).format(backend=backend), ctx)
    except LocatedError as err:
        reason = rejection_reason(str(err))
        if reason is None:
            raise RuntimeError(f"{name} under {planner}: unexpected error: {err}") from err
        return reason
    plan = analyze_plan(module)
    return [
        Sample(name, fp.name, s.space, s.bytes_used, s.load.bytes)
        for fp in plan.functions
        for s in fp.spaces
        if s.load.bytes > 0
    ]


def geomean(xs: list[float]) -> float:
    """Geometric mean of positive numbers (nan for none)."""
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def summary_rows(samples: dict[str, list[Sample]], label: str) -> list[str]:
    """Markdown rows: per planner, all spaces then each space -- samples,
    samples at LOAD, geomean ratio, worst ratio and where."""
    rows = []
    for planner in PLANNERS:
        mine = samples[planner]
        groups = [("all", mine)] + [
            (space, [s for s in mine if s.space == space]) for space in sorted({s.space for s in mine})
        ]
        for space, group in groups:
            if not group:
                continue
            worst = max(group, key=lambda s: (s.ratio, s.kernel))
            at_load = sum(1 for s in group if s.used == s.load)
            rows.append(
                f"| {label} | {planner} | {space} | {len(group)} | {at_load} | {geomean([s.ratio for s in group]):.4f} "
                f"| {worst.ratio:.4f} | {worst.kernel} @{worst.function} ({worst.used} / {worst.load}) |"
            )
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=100, help="generated kernels (default 100)")
    ap.add_argument("--seed", type=int, default=0, help="first generator seed (default 0)")
    ap.add_argument("--preset", default="default", choices=sorted(PRESETS))
    ap.add_argument("--backend", default="a3", choices=("a2", "a3", "a5"))
    ap.add_argument("--rows", action="store_true", help="list every sample above LOAD")
    args = ap.parse_args()

    kernels = corpus(args.count, args.seed, args.preset)
    samples: dict[str, list[Sample]] = defaultdict(list)
    rejected: dict[str, Counter[str]] = defaultdict(Counter)
    planned: dict[str, set[str]] = defaultdict(set)
    for name, text in kernels:
        for planner in PLANNERS:
            got = measure(name, text, planner, args.backend)
            if isinstance(got, str):
                rejected[planner][got] += 1
            else:
                planned[planner].add(name)
                samples[planner].extend(got)

    n_ex = sum(1 for n, _ in kernels if n.endswith(".mlir"))
    print(
        f"corpus: {n_ex} examples + {len(kernels) - n_ex} generated kernels "
        f"(preset {args.preset}, seeds {args.seed}..{args.seed + args.count - 1}), backend {args.backend}"
    )
    for planner in PLANNERS:
        why = ", ".join(f"{n} {r}" for r, n in sorted(rejected[planner].items())) or "none"
        print(
            f"- {planner}: {len(planned[planner])} kernels planned, "
            f"{sum(rejected[planner].values())} rejected ({why}), {len(samples[planner])} samples"
        )
    both = planned["pypto"] & planned["dsa_rp"]
    print()
    print("| kernels | planner | space | samples | at LOAD | geomean used/LOAD | worst | worst sample (used / LOAD bytes) |")
    print("|---|---|---|---:|---:|---:|---:|---|")
    groups = [("all planned", lambda s: True)]
    if planned["pypto"] != planned["dsa_rp"]:
        groups.append((f"planned by both ({len(both)})", lambda s: s.kernel in both))
    groups += [
        ("examples/", lambda s: s.kernel.endswith(".mlir")),
        ("generated", lambda s: not s.kernel.endswith(".mlir")),
    ]
    for label, keep in groups:
        for row in summary_rows({p: [s for s in samples[p] if keep(s)] for p in PLANNERS}, label):
            print(row)
    if args.rows:
        print()
        print("| kernel | function | space | planner | used | LOAD | used/LOAD |")
        print("|---|---|---|---|---:|---:|---:|")
        for planner in PLANNERS:
            for s in samples[planner]:
                if s.used > s.load:
                    print(f"| {s.kernel} | @{s.function} | {s.space} | {planner} | {s.used} | {s.load} | {s.ratio:.4f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
