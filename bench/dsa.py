#!/usr/bin/env python3
"""The placement engine (:mod:`xdsl_pto.placement`) on the public DSA
benchmark sets in ``../shared/bench-data/`` (issue 9).

* ``minimalloc-challenging``: 11 CSV instances ``id,lower,upper,size``
  (half-open lifetimes, byte sizes, no alignment), capacity in the file name.
  Prints per instance the peak, LOAD, peak/LOAD and the seconds taken, then
  the geomean.
* ``pypto-dsa``: 273 JSON problems (``dsa-problem-v1``) captured from the
  reference compiler's kernels, solved per pool with their separations and
  cross-pipe reuse penalties. Prints how many pools reach LOAD, how many beat
  or tie a plain first fit (birth order, lowest offset, penalties ignored),
  and the penalty paid.

Usage (from the repository root, with the project installed)::

    python bench/dsa.py [--restarts N] [--data DIR]
"""

from __future__ import annotations

import argparse
import csv
import glob
import json
import math
import os
import time

from xdsl_pto.placement import Buffer, Problem, evaluate, solve
from xdsl_pto.placement.heuristic import place_in_order

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "..", "shared", "bench-data")


def minimalloc(data: str, restarts: int) -> None:
    print("| instance | buffers | peak | LOAD | peak/LOAD | seconds |")
    print("|---|---:|---:|---:|---:|---:|")
    ratios = []
    for path in sorted(glob.glob(os.path.join(data, "minimalloc-challenging", "*.csv"))):
        with open(path, encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
        cap = int(os.path.basename(path).split(".")[1])
        p = Problem([Buffer(r["id"], int(r["size"]), int(r["lower"]), int(r["upper"]), align=1) for r in rows], capacity=cap)
        start = time.perf_counter()
        got = solve(p, restarts=restarts)
        took = time.perf_counter() - start
        ratios.append(got.peak / p.load())
        name = os.path.basename(path).split(".")[0]
        print(f"| {name} | {len(rows)} | {got.peak} | {p.load()} | {got.peak / p.load():.3f} | {took:.1f} |")
    print(f"\ngeomean peak/LOAD: {math.exp(sum(map(math.log, ratios)) / len(ratios)):.3f}\n")


def pools(path: str) -> list[Problem]:
    """One :class:`Problem` per pool of a ``dsa-problem-v1`` file."""
    with open(path, encoding="utf-8") as f:
        pr = json.load(f)["problem"]
    out = []
    for pool in pr["pools"]:
        ids = [b["id"] for b in pr["buffers"] if pool["id"] in b["allowed_pools"]]
        if not ids:
            continue
        index = {bid: k for k, bid in enumerate(ids)}
        by_id = {b["id"]: b for b in pr["buffers"]}
        bufs = []
        for bid in ids:
            b = by_id[bid]
            lo = min(iv["lower"] for iv in b["live_intervals"])
            hi = max(iv["upper"] for iv in b["live_intervals"])  # a hull
            bufs.append(Buffer(b["name"], b["size"], lo, hi, b["alignment"]))
        seps = {
            tuple(sorted((index[s["first"]], index[s["second"]])))
            for s in pr["constraints"]["separations"]
            if s["first"] in index and s["second"] in index
        }
        pens: dict[tuple[int, int], int] = {}
        for r in pr.get("cost_model", {}).get("reuse_penalties", []):
            if r["first"] in index and r["second"] in index:
                key = tuple(sorted((index[r["first"]], index[r["second"]])))
                pens[key] = pens.get(key, 0) + r["cost"]  # type: ignore[index]
        out.append(Problem(bufs, seps, pens, pool["capacity"]))  # type: ignore[arg-type]
    return out


def pypto_dsa(data: str, restarts: int) -> None:
    files = sorted(
        f for f in glob.glob(os.path.join(data, "pypto-dsa", "**", "*.json"), recursive=True)
        if os.sep + "schemas" + os.sep not in f
    )
    n = at_load = not_worse = fits = 0
    cost = ff_cost = 0
    start = time.perf_counter()
    for path in files:
        for p in pools(path):
            n += 1
            got = solve(p, restarts=restarts)
            birth = sorted(range(len(p.buffers)), key=lambda i: (p.buffers[i].lo, i))
            ff = evaluate(p, place_in_order(p, birth, p.conflicts(), penalty_aware=False))
            at_load += got.peak == p.load()
            not_worse += got.peak <= ff.peak or got.cost < ff.cost
            fits += got.fits(p.capacity)
            cost += got.cost
            ff_cost += ff.cost
    took = time.perf_counter() - start
    print(f"pypto-dsa: {len(files)} problems, {n} pools, {took:.1f} s")
    print(f"- peak == LOAD: {at_load} of {n} pools; fits capacity: {fits}")
    print(f"- not worse than first fit (peak, or a lower penalty): {not_worse} of {n}")
    print(f"- penalty paid: {cost} (first fit: {ff_cost})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--restarts", type=int, default=16)
    ap.add_argument("--data", default=DATA)
    args = ap.parse_args()
    minimalloc(args.data, args.restarts)
    pypto_dsa(args.data, args.restarts)


if __name__ == "__main__":
    main()
