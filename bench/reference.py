#!/usr/bin/env python3
"""Our plans against the reference compiler's on the same kernels (issue 11).

Every sample dump of ``examples/pypto/`` (kernels as hw-native-sys/pypto
prints them right before its InitMemRef pass) is imported with
``xdsl-pto import-pypto``, planned with ``pto-plan-memory{planner=P
backend=B}`` for each planner we have and lowered with
``convert-tile-to-pto``. Per function and memory space the script prints the
bytes used (``max(addr + size)`` over the space's ``tile.alloc`` ops, the
reserved cross-core window included) under ``pypto`` and ``dsa_rp``, LOAD
(the most bytes the space's allocation identities hold at one program point:
a lower bound for any placement) and, where we have it, the reference's own
result on the same dump (planner PYPTO, backend a3, bytes used after address
assignment; the numbers quoted in issue 11). ``planner=ptoas`` leaves the
addresses to ptoas, so it has no bytes column: the script only checks that
the dump plans and lowers under it.

A dump ending in ``_a5`` is planned for a5, every other one for a3 (the
backend it was printed for, examples/pypto/README.md).

Usage (repository root, project installed)::

    python bench/reference.py [--markdown]

Exit code 1 when a dump fails to import, plan or lower under some planner,
or when ours uses more bytes than the reference in a row that has a
reference number.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLANNERS = ("pypto", "dsa_rp", "ptoas")

#: The reference's bytes used per (dump, memory space) (planner PYPTO, a3),
#: as issue 11 quotes them. The dumps have one kernel function each.
REFERENCE: dict[str, dict[str, int]] = {
    "a_elementwise": {"vec": 49152},
    "b_softmax": {"vec": 65792},
    "c2_rmsnorm_256": {"vec": 99456},
    "d_matmul_k": {"mat": 65536, "left": 32768, "right": 32768, "acc": 65536},
    "f_pipeline": {"vec": 65536},
}


def tool(name: str) -> str:
    """The path of console script ``name`` of this environment."""
    here = os.path.join(os.path.dirname(sys.executable), name)
    return here if os.path.exists(here) else (shutil.which(name) or name)


def run(cmd: list[str]) -> subprocess.CompletedProcess[str]:
    """``cmd`` run to completion, its output captured."""
    return subprocess.run(cmd, capture_output=True, text=True, check=False)


def plan(dump: str, work: str) -> tuple[dict[str, dict], list[str]]:
    """Import ``dump``, plan and lower it under every planner.

    Returns ``(reports, failures)``: per addressing planner the ``xdsl-pto
    report --json`` object of its plan, and one line per failed step.
    """
    name = os.path.splitext(os.path.basename(dump))[0]
    backend = "a5" if name.endswith("_a5") else "a3"
    imported = os.path.join(work, f"{name}.mlir")
    step = run([tool("xdsl-pto"), "import-pypto", dump, "-o", imported])
    if step.returncode != 0:
        return {}, [f"{name}: import-pypto failed: {step.stderr.strip()}"]
    reports: dict[str, dict] = {}
    failures: list[str] = []
    for planner in PLANNERS:
        planned = os.path.join(work, f"{name}.{planner}.mlir")
        spec = f"pto-plan-memory{{planner={planner} backend={backend}}}"
        step = run([tool("xdsl-opt"), "-p", spec, imported, "-o", planned])
        if step.returncode != 0:
            failures.append(f"{name} ({planner}): pto-plan-memory failed: {step.stderr.strip()}")
            continue
        step = run([tool("xdsl-opt"), "-p", "convert-tile-to-pto", planned, "-o", os.devnull])
        if step.returncode != 0:
            failures.append(f"{name} ({planner}): convert-tile-to-pto failed: {step.stderr.strip()}")
            continue
        if planner == "ptoas":
            continue
        step = run([tool("xdsl-pto"), "report", planned, "--json"])
        if step.returncode != 0:
            failures.append(f"{name} ({planner}): report failed: {step.stderr.strip()}")
            continue
        reports[planner] = json.loads(step.stdout)
    return reports, failures


def rows(name: str, reports: dict[str, dict]) -> list[dict]:
    """One row per (function, space) of the dump's pypto plan: bytes used
    under each addressing planner, LOAD, and the reference's number."""
    by_planner: dict[str, dict[tuple[str, str], dict]] = {
        planner: {(f["function"], s["space"]): s for f in rep["functions"] for s in f["spaces"]}
        for planner, rep in reports.items()
    }
    keys = sorted({k for table in by_planner.values() for k in table})
    out = []
    for fn, space in keys:
        cells = {planner: table.get((fn, space)) for planner, table in by_planner.items()}
        any_cell = next(c for c in cells.values() if c is not None)
        out.append(
            {
                "dump": name,
                "function": fn,
                "space": space,
                "reference": REFERENCE.get(name, {}).get(space),
                "pypto": (cells.get("pypto") or {}).get("bytes_used"),
                "dsa_rp": (cells.get("dsa_rp") or {}).get("bytes_used"),
                "load": any_cell["load"],
            }
        )
    return out


def number(x: int | None) -> str:
    return "-" if x is None else f"{x:,}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    args = ap.parse_args()
    dumps = sorted(glob.glob(os.path.join(ROOT, "examples", "pypto", "*.py")))
    if not dumps:
        print("no dumps in examples/pypto/", file=sys.stderr)
        return 1
    table: list[dict] = []
    failures: list[str] = []
    with tempfile.TemporaryDirectory() as work:
        for dump in dumps:
            reports, failed = plan(dump, work)
            failures += failed
            table += rows(os.path.splitext(os.path.basename(dump))[0], reports)
    worse = [
        r for r in table if r["reference"] is not None and r["pypto"] is not None and r["pypto"] > r["reference"]
    ]
    header = ["dump", "function", "space", "reference (PYPTO)", "ours: pypto", "ours: dsa_rp", "LOAD"]
    lines = [[r["dump"], r["function"], r["space"], number(r["reference"]), number(r["pypto"]),
              number(r["dsa_rp"]), number(r["load"])] for r in table]
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * 3 + "---:|" * 4)
        for line in lines:
            print("| " + " | ".join(line) + " |")
    else:
        widths = [max(len(h), *(len(x[i]) for x in lines)) for i, h in enumerate(header)]
        for line in [header, *lines]:
            print("  ".join(cell.ljust(w) if i < 3 else cell.rjust(w) for i, (cell, w) in enumerate(zip(line, widths))))
    compared = [r for r in table if r["reference"] is not None and r["pypto"] is not None]
    lower = [r for r in compared if r["pypto"] < r["reference"]]
    print(
        f"\n{len(dumps)} dumps; {len(compared)} rows with a reference number: "
        f"{len(lower)} lower, {len(compared) - len(lower) - len(worse)} equal, {len(worse)} higher (pypto)"
    )
    for f in failures:
        print(f"FAILED: {f}", file=sys.stderr)
    for r in worse:
        print(f"HIGHER: {r['dump']} @{r['function']} {r['space']}: {r['pypto']} > {r['reference']}", file=sys.stderr)
    return 1 if failures or worse else 0


if __name__ == "__main__":
    sys.exit(main())
