"""``xdsl-pto report FILE [--json]``: the cost of a memory plan.

Per function and memory space of a planned Tile module (``pto-plan-memory``
under ``planner=pypto`` or ``planner=dsa_rp``), in bytes:

* ``used``: the high-water mark, ``max(addr + size)`` over the space's
  ``tile.alloc`` ops;
* ``LOAD``: the most bytes the space's allocation identities hold at one
  program point, by the planner's liveness -- a lower bound on ``used``
  for any placement (:func:`xdsl_pto.analysis.plan_stats.peak_live_bytes`);
* ``used/LOAD``: their ratio (1.000 = no byte wasted);
* ``capacity``: the backend's usable bytes (``-`` without a
  ``pto.target_arch``);
* ``roots before``: the allocation identities, i.e. the roots
  ``materialize-semantic-aliases`` leaves before reuse (must-aliases,
  loop carries and if merges on one buffer, a declared allocation once;
  see :mod:`xdsl_pto.analysis.plan_stats`); ``roots after``: the
  ``tile.alloc`` ops of the plan (equal under ``planner=dsa_rp``);
* ``carry moves``: the ``tile.move {carry}`` copies the carry fixup kept.

A space with reserved cross-core windows (``tile.reserve_buffer`` with a
base) counts its floor -- the aligned end of the windows, below which no
tile is placed -- in ``LOAD``: floor + the tiles' LOAD (see
:mod:`xdsl_pto.analysis.plan_stats`). Under the function's table, one line
per window: ``  <space> reserved [<base>, <end>) "<name>"``; a function
without windows prints none.

``--json`` prints the same numbers as one JSON object (``ratio`` rounded to
4 decimals, ``null`` when LOAD is 0; ``capacity`` ``null`` when unknown).
A function with reserved windows also gets ``reserved_bytes`` (the floor,
0 for a space without windows) on each of its spaces and a ``reserved``
list of ``{name, space, base, size}`` windows; a function without any gets
neither, so the output of a module without reservations is unchanged.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from xdsl_pto.analysis.plan_stats import (
    FunctionPlan,
    ModulePlan,
    SpaceStats,
    analyze_plan,
)
from xdsl_pto.diagnostics import LocatedError, format_error

COLUMNS = ("space", "used", "LOAD", "used/LOAD", "capacity", "roots before", "roots after", "carry moves")


def add_parser(sub: Any) -> None:
    """Register ``report`` on the ``xdsl-pto`` subcommand parsers ``sub``."""
    r = sub.add_parser("report", help="bytes used against the LOAD lower bound of a planned module")
    r.add_argument("file", help="a planned Tile module (planner=pypto or dsa_rp); - for stdin")
    r.add_argument("--json", action="store_true", help="print the numbers as JSON")


def run(args: argparse.Namespace) -> int:
    """Run ``xdsl-pto report``; returns the exit code (1 for a module that
    is not planned, with a located error on stderr).

    Raises:
        OSError, UnicodeDecodeError, xdsl parse and verify errors: for a
            file that cannot be read or parsed (reported by the caller).
    """
    from xdsl_pto.tools.session import read_module

    shown = "<stdin>" if args.file == "-" else args.file
    module = read_module(args.file)
    try:
        plan = analyze_plan(module)
    except LocatedError as err:
        sys.stderr.write(f"{format_error(err, shown)}\n")
        return 1
    if args.json:
        print(json.dumps(to_json(plan, shown), indent=2))
    else:
        print(render_text(plan, shown), end="")
    return 0


def _space_json(s: SpaceStats, reserved: bool) -> dict[str, Any]:
    ratio = s.ratio
    out: dict[str, Any] = {
        "space": s.space,
        "bytes_used": s.bytes_used,
        "load": s.load.bytes,
        "ratio": None if ratio is None else round(ratio, 4),
        "capacity": s.capacity,
        "roots_before_reuse": s.roots_before,
        "roots_after_reuse": s.roots_after,
        "carry_moves": s.carry_moves,
    }
    if reserved:
        out["reserved_bytes"] = s.reserved_bytes
    return out


def _function_json(f: FunctionPlan) -> dict[str, Any]:
    out: dict[str, Any] = {
        "function": f.name,
        "spaces": [_space_json(s, bool(f.reserved)) for s in f.spaces],
    }
    if f.reserved:
        out["reserved"] = [
            {"name": w.name, "space": w.space.value, "base": w.base, "size": w.size} for w in f.reserved
        ]
    return out


def to_json(plan: ModulePlan, name: str) -> dict[str, Any]:
    """The report of ``plan`` (read from file ``name``) as a JSON-ready dict."""
    return {
        "file": name,
        "target": plan.target,
        "planner": plan.planner,
        "functions": [
_function_json(f) for f in plan.functions
        ],
    }


def render_text(plan: ModulePlan, name: str) -> str:
    """The report of ``plan`` (read from file ``name``) as aligned text."""
    lines = [f"{name}: target {plan.target or 'unknown'}, planner {plan.planner}; sizes in bytes"]
    for f in plan.functions:
        rows = [COLUMNS]
        for s in f.spaces:
            ratio = s.ratio
            rows.append(
                (
                    s.space,
                    str(s.bytes_used),
                    str(s.load.bytes),
                    "-" if ratio is None else f"{ratio:.3f}",
                    "-" if s.capacity is None else str(s.capacity),
                    str(s.roots_before),
                    str(s.roots_after),
                    str(s.carry_moves),
                )
            )
        widths = [max(len(r[i]) for r in rows) for i in range(len(COLUMNS))]
        lines.append(f"@{f.name}")
        for r in rows:
            cells = [r[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(r[1:], widths[1:])]
            lines.append("  " + "  ".join(cells).rstrip())
        for w in f.reserved:
            lines.append(f'  {w.space.value} reserved [{w.base}, {w.end}) "{w.name}"')
    return "\n".join(lines) + "\n"
