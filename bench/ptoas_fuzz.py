"""Generated kernels through a real ptoas (issue 21).

For each fuzz preset and backend, every kernel of the seeds is planned under
every planner as the fuzz campaign plans it (``planning_spec``), lowered with
``convert-tile-to-pto`` and, when that succeeds, fed to ptoas with the level
and arch the module asks for (``test/ptoas/ptoas_corpus.py``: ``judge``).
Prints, per preset and backend, how many modules ptoas accepted, rejected
(with ptoas's message, its numbers masked, and the first seed and planner)
and how many kernels did not lower (a refusal of ours: capacity, an
unsupported form, a ptoas rule, a pipe without a peer kernel).

Usage (repository root, project installed, a ptoas via ``$PTOAS`` or PATH)::

    python bench/ptoas_fuzz.py [--presets default,targets,matmuls,pipelines]
                               [--count 100] [--backends a3,a5]

(``--presets cube`` too: issue 23's cube family, generated per backend as
the campaign does -- gemv on a2/a3, MX on a5.)

About 10 minutes for the defaults on the project's machine.
"""

from __future__ import annotations

import argparse
import collections
from dataclasses import replace
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test", "ptoas"))

import ptoas_corpus as corpus  # noqa: E402

from xdsl_pto.fuzz import generate_kernel  # noqa: E402
from xdsl_pto.fuzz.campaign import LOWERING, PLANNERS, planning_spec  # noqa: E402
from xdsl_pto.fuzz.generate import PRESETS  # noqa: E402
from xdsl_pto.tools.session import make_context, parse_module, run_pipeline  # noqa: E402


def run(preset: str, count: int, backend: str, ptoas: str) -> tuple[collections.Counter, dict[str, list]]:
    """(counts of accepted / rejected / not lowered modules, rejection
    message -> [count, first seed, planner]) of ``count`` kernels of
    ``preset`` planned for ``backend``."""
    counts: collections.Counter = collections.Counter()
    why: dict[str, list] = {}
    for seed in range(count):
        text = generate_kernel(seed, config=replace(PRESETS[preset], target=backend))
        for planner in PLANNERS:
            ctx = make_context()
            try:
                module = parse_module(text, "fuzz.mlir", ctx)
                run_pipeline(module, planning_spec(planner, text).format(backend=backend), ctx)
                run_pipeline(module, LOWERING, ctx)
            except Exception:  # noqa: BLE001 - a refusal of ours, counted
                counts["not lowered"] += 1
                continue
            ok, reason = corpus.judge(ptoas, corpus.print_module(module), f"{preset}-{seed}-{planner}")
            counts["accepted" if ok else "rejected"] += 1
            if not ok:
                key = re.sub(r"\d+", "N", reason.split("error:", 1)[-1].strip())[:160]
                why.setdefault(key, [0, seed, planner])[0] += 1
    return counts, why


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--presets", default="default,targets,matmuls,pipelines")
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--backends", default="a3,a5")
    args = ap.parse_args(argv)
    ptoas = corpus.find_ptoas()
    if ptoas is None:
        print("ptoas not found ($PTOAS, PATH)")
        return 1
    rejected = 0
    print("| preset | backend | kernels x planners | accepted | rejected | not lowered |")
    print("|---|---|---:|---:|---:|---:|")
    notes = []
    for preset in args.presets.split(","):
        for backend in args.backends.split(","):
            counts, why = run(preset, args.count, backend, ptoas)
            rejected += counts["rejected"]
            total = args.count * len(PLANNERS)
            print(
                f"| {preset} | {backend} | {total} | {counts['accepted']} | {counts['rejected']} "
                f"| {counts['not lowered']} |"
            )
            notes += [f"{preset} {backend}: {n} x {k} (seed {s}, {p})" for k, (n, s, p) in why.items()]
    for line in notes:
        print(line)
    return 1 if rejected else 0


if __name__ == "__main__":
    sys.exit(main())
