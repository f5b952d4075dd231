#!/usr/bin/env python3
"""The real model kernels of ../shared/pypto-lib-sample end to end (issue 24).

For every ``<group>/<kernel>/kernel.py`` (the reference compiler's print of a
pypto-lib kernel function right before its InitMemRef pass) the script
imports it (``xdsl-pto import-pypto``'s frontend) and then, under each planner
(pypto, dsa_rp, ptoas), for a3 (the reference printed them for Ascend910B):

1. plans it with the whole flow before codegen (auto-tile-matmul-l0,
   lower-pipeline-to-slots, lower-pipeline-loops, pto-plan-memory with
   ``verify=true``: the independent plan proof runs on the result);
2. runs it (pypto and dsa_rp, whose plans carry addresses): the imported
   kernel logically against the planned one physically on seeded inputs
   (:func:`xdsl_pto.interp.differential.differential_check`: scalar arguments
   seeded, dynamic axes as long as the kernel needs, tensors over 256 MiB made
   on demand); an SPMD kernel (one that asks ``tile.get_block_idx`` /
   ``get_block_num``) in the first and the last block of the launch a caller
   makes on Ascend910B (:func:`launch_blocks`: one block per core -- 24 for a
   cube or mixed kernel, 48 for a vector-only one -- or fewer when the kernel
   indexes its tensors by the block and fewer fit), every other kernel as
   block 0 of 1;
3. lowers it (convert-tile-to-pto) and, when a ptoas is found (``$PTOAS`` or
   PATH), hands the module to ptoas (level3 with baked addresses, level2 under
   planner=ptoas);

and prints per space the bytes used under pypto and dsa_rp (max addr + size
over the space's allocations, the reserved pipe window included) next to the
reference's ``bytes_used`` (reference.json, planners PYPTO / DSA_RP), and our
LOAD (the most bytes live at one program point: a lower bound for any
placement). A cell is ``ok`` or the first words of the error that stopped
the step. A row where ours is larger than the reference's is marked ``>``
and explained by :func:`explain_excess`: the kernel is planned again with
one rule relaxed at a time, and the first rule whose relaxation brings the
bytes down to the reference's is named. A plan that fails only because
its tiles exceed the a3 capacity is explained the same way
(:func:`plan_failure_why`: the first rule whose relaxation lets it fit), is
counted in the summary, and the line printed as each kernel ends names every
failed step (:func:`progress_line`) instead of ``ok``.

Usage (repository root, project installed)::

    python bench/real_kernels.py [--markdown] [--only NAME] [SAMPLE_DIR]

Exit code 0 always (this measures; the tests hold the answers).
"""

from __future__ import annotations

import argparse
import glob
import json
import re
import os
import shutil
import subprocess
import sys
import tempfile
import time

from xdsl_pto.analysis.plan_stats import analyze_plan
from xdsl_pto.frontends.pypto import import_source
from xdsl_pto.interp.differential import differential_check
from xdsl_pto.tools.session import make_context, parse_module, run_pipeline

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAMPLE = os.path.join(os.path.dirname(ROOT), "shared", "pypto-lib-sample")
PLANNERS = ("pypto", "dsa_rp", "ptoas")
REF_NAME = {"pypto": "PYPTO", "dsa_rp": "DSA_RP", "ptoas": "PTOAS"}
ARCH = "a3"


def flow(planner: str) -> str:
    """The flow before codegen for one planner, the plan proof on."""
    return (
        f"auto-tile-matmul-l0{{backend={ARCH}}},"
        f"lower-pipeline-to-slots{{planner={planner} backend={ARCH}}},"
        "lower-pipeline-loops,"
        f"pto-plan-memory{{backend={ARCH} planner={planner} verify=true}}"
    )


def short(err: BaseException | str, width: int = 70) -> str:
    """The first line of an error, without its location, cut to ``width``."""
    text = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
    if ": error: " in text:
        text = text.split(": error: ", 1)[1]
    text = re.sub(r"^\S+\.(py|mlir)(:\d+:\d+)?: ", "", text)
    return text if len(text) <= width else text[: width - 3] + "..."


def sibling(path: str) -> str | None:
    """The other half of a mixed kernel: ``X_aiv/kernel.py`` for
    ``X_aic/kernel.py`` and back (None when there is none)."""
    folder = os.path.dirname(path)
    for a, b in (("_aic", "_aiv"), ("_aiv", "_aic")):
        if folder.endswith(a):
            other = os.path.join(folder[: -len(a)] + b, "kernel.py")
            return other if os.path.exists(other) else None
    return None


#: The most blocks a caller launches an SPMD kernel on, Ascend910B (a2/a3):
#: one per AI core (24; each has a cube unit and two vector units) for a
#: kernel with a cube function, one per vector unit (48) for a vector-only one.
AI_CORES, VECTOR_CORES = 24, 48


def launch_blocks(module) -> tuple[int, list[int]]:
    """(block count, the blocks the bench runs) for ``module``: (1, [0]) when
    no function asks for its block. Else a caller launches one block per core
    (:data:`AI_CORES`, or :data:`VECTOR_CORES` when every function with tiles
    is ``aiv``) -- unless the kernel indexes its tensors by the block so that
    fewer fit: then the most blocks whose last one runs without a data-driven error (a GM
    window outside a tensor, ...; a binary search over logical runs of the last block, seed 0, as
    the differential check runs it). Of that launch the bench runs the first
    and the last block -- the two ends of every block-indexed window and
    block-strided loop (all 24 or 48 would multiply the bench's time)."""
    from xdsl.dialects import func

    from xdsl_pto.dialects.tile.function_attrs import function_kind
    from xdsl_pto.dialects.tile.scalar_access_ops import BLOCK_QUERY_OPS
    from xdsl_pto.interp.differential import logical_run, scalar_values
    from xdsl_pto.interp.errors import DataRangeError

    if not any(isinstance(op, BLOCK_QUERY_OPS) for op in module.walk()):
        return 1, [0]
    fns = [f for f in module.walk() if isinstance(f, func.FuncOp) and any(o.name.startswith("tile.") for o in f.walk())]
    cores = VECTOR_CORES if fns and all(function_kind(f) == "aiv" for f in fns) else AI_CORES
    values = scalar_values(fns, {})

    def fits(count: int) -> bool:
        try:
            for f in fns:
                logical_run(module, f, 0, values[f], (count - 1, count), 1_000_000)
        except DataRangeError:  # a GM window outside its tensor, a valid extent outside its tile, ...
            return False
        return True

    count = cores
    if not fits(cores):
        low, high = 1, cores  # block 0 alone is the launch when nothing larger fits
        while high - low > 1:
            mid = (low + high) // 2
            low, high = (mid, high) if fits(mid) else (low, mid)
        count = low
    return count, sorted({0, count - 1})


def find_ptoas() -> str | None:
    """``$PTOAS``, else ``ptoas`` on PATH."""
    return os.environ.get("PTOAS") or shutil.which("ptoas")


def ptoas_accepts(ptoas: str, text: str, planner: str) -> str:
    """``ok`` or ptoas's first error line for one lowered module."""
    level = "level2" if planner == "ptoas" else "level3"
    with tempfile.TemporaryDirectory() as d:
        src, out = os.path.join(d, "k.pto"), os.path.join(d, "k.cpp")
        with open(src, "w", encoding="utf-8") as f:
            f.write(text)
        p = subprocess.run(
            [ptoas, f"--pto-level={level}", f"--pto-arch={ARCH}", src, "-o", out],
            capture_output=True, text=True, check=False,
        )
        if p.returncode == 0 and os.path.exists(out) and os.path.getsize(out) > 0:
            return "ok"
        lines = [ln for ln in (p.stderr + p.stdout).splitlines() if "error" in ln]
        return "ptoas: " + short(lines[0] if lines else f"exit {p.returncode}", 60)


def kernel_row(path: str, ptoas: str | None) -> dict:
    """Every step of one kernel under every planner (see the module doc)."""
    name = os.path.relpath(os.path.dirname(path), SAMPLE)
    with open(os.path.join(os.path.dirname(path), "reference.json"), encoding="utf-8") as f:
        ref = json.load(f)["planners"]
    row: dict = {"kernel": name, "planners": {}, "bytes": []}
    with open(path, encoding="utf-8") as f:
        source = f.read()
    try:
        module = import_source(source, path)
        module.verify()
    except Exception as err:  # noqa: BLE001 - the importer's located refusal
        row["import"] = short(err)
        return row
    row["import"] = "ok"
    peer = sibling(path)
    if peer is not None:
        # the cube and vector halves of one mixed kernel: one module (as the
        # reference emits them), so the lowering sees both ends of each pipe
        try:
            with open(peer, encoding="utf-8") as f:
                other = import_source(f.read(), peer)
            for fn in list(other.body.block.ops):
                fn.detach()
                module.body.block.add_op(fn)
            module.verify()
            row["import"] = "ok (+ " + os.path.basename(os.path.dirname(peer)) + ")"
        except Exception as err:  # noqa: BLE001
            row["import"] = "ok; its sibling: " + short(err, 40)
    text = str(module)
    ctx = make_context()
    try:
        count, blocks = launch_blocks(parse_module(text, path, ctx))
    except Exception:  # noqa: BLE001 - the run cells below report the run's own error
        count, blocks = 1, [0]
    row["blocks"] = f"{', '.join(map(str, blocks))} of {count}"
    bytes_by_planner: dict[str, dict[str, tuple[int, int]]] = {}
    for planner in PLANNERS:
        cell = {"plan": "-", "run": "-", "lower": "-"}
        row["planners"][planner] = cell
        try:
            planned = run_pipeline(parse_module(text, path, ctx), flow(planner), ctx)
        except Exception as err:  # noqa: BLE001
            cell["plan"] = short(err)
            why = plan_failure_why(text, path, planner, str(err), ref.get(REF_NAME[planner]) or {})
            if why is not None:
                cell["capacity"], cell["why"] = why
            continue
        cell["plan"] = "ok"
        if planner != "ptoas":
            try:
                stats = analyze_plan(planned)
                bytes_by_planner[planner] = {
                    s.space: (s.bytes_used, s.load.bytes) for fn in stats.functions for s in fn.spaces
                }
            except Exception:  # noqa: BLE001 - no tiles (a scalar-only kernel): no bytes to show
                pass
            where = ""
            try:
                original = parse_module(text, path, ctx)
                cell["run"] = "ok"
                chosen: list[str] = []
                cell["inputs"] = chosen  # the JSON names the inputs the check's retry or search chose
                for b in blocks:
                    where = f" (block {b} of {count})" if count > 1 else ""
                    searched: list[str] = []
                    bad = differential_check(original, planned, backend=ARCH, block=(b, count), chosen=searched)
                    chosen += [f"block {b}: {c}" for c in searched]
                    if bad:
                        cell["run"] = f"{len(bad)} mismatches{where}"
                        break
                    if any(VACUOUS in c for c in searched):
                        cell.setdefault("vacuous", []).append(b)
                if cell["run"] == "ok" and "vacuous" in cell:
                    blocks_idle = ", ".join(map(str, cell["vacuous"]))
                    cell["run"] = f"ok (block {blocks_idle} of {count} ran no tile op)" if count > 1 else "ok (ran no tile op)"
            except Exception as err:  # noqa: BLE001
                cell["run"] = short(err) + where
        try:
            lowered = run_pipeline(parse_module(str(planned), path, ctx), f"convert-tile-to-pto{{planner={planner}}}", ctx)
        except Exception as err:  # noqa: BLE001
            cell["lower"] = short(err)
            continue
        cell["lower"] = ptoas_accepts(ptoas, str(lowered), planner) if ptoas else "ok (no ptoas)"
    spaces = sorted({s for b in bytes_by_planner.values() for s in b})
    for space in spaces:
        entry = {"space": space}
        for planner in ("pypto", "dsa_rp"):
            ours = bytes_by_planner.get(planner, {}).get(space)
            theirs = ((ref.get(REF_NAME[planner]) or {}).get("bytes_used") or {}).get(space.capitalize())
            entry[planner] = None if ours is None else ours[0]
            entry[f"ref_{planner}"] = theirs
            entry["load"] = ours[1] if ours is not None else entry.get("load")
        for planner in ("pypto", "dsa_rp"):
            ours, theirs = entry[planner], entry[f"ref_{planner}"]
            if ours is not None and theirs is not None and ours > theirs:
                entry[f"why_{planner}"] = explain_excess(text, path, planner, space, theirs, entry["load"])
        row["bytes"].append(entry)
    return row


#: The rules :func:`explain_excess` relaxes, in order: (name, what it says).
#: Each relaxation is an experiment of this script only (its own process),
#: never a product option.
RULES = (
    ("cast", "seed 002 No-alias guard (#2973): a narrowing tile.cast does not run in place on a2/a3"),
    ("handoff", "DSA-RP policy (pypto-docs/34): a cross-pipe handoff costs more than bytes within capacity"),
)


def _relaxed_bytes(text: str, path: str, planner: str, rule: str) -> dict[str, int]:
    """Bytes used per space when ``text`` is planned under ``planner`` with
    ``rule`` (of :data:`RULES`) switched off: ``cast`` plans every cast as
    a5 does (narrowing in place allowed), ``handoff`` gives DSA-RP no
    cross-pipe penalties. The plan proof is off (it would refuse the
    relaxed plan); the patch is undone before returning."""
    from unittest import mock

    from xdsl_pto.dialects.tile.traits import CastNoAlias
    from xdsl_pto.transforms.dsa_rp import model as dsa_model

    if rule == "cast":
        original = CastNoAlias.forbids
        patch = mock.patch.object(CastNoAlias, "forbids", lambda self, op, target: original(self, op, "a5"))
    else:
        patch = mock.patch.object(dsa_model, "cross_pipe_pairs", lambda *a, **k: {})
    ctx = make_context()
    with patch:
        planned = run_pipeline(parse_module(text, path, ctx), flow(planner).replace(" verify=true", ""), ctx)
    return {s.space: s.bytes_used for fn in analyze_plan(planned).functions for s in fn.spaces}


def explain_excess(text: str, path: str, planner: str, space: str, ref: int, load: int | None) -> str:
    """Why ours uses more bytes of ``space`` than the reference's ``ref``
    under ``planner``: the first rule of :data:`RULES` whose relaxation
    brings ours to ``ref`` or below; else, when ``ref`` is below our LOAD
    (no placement of this kernel fits in it), that the reference planned
    another IR; else ``unexplained``."""
    for rule, why in RULES:
        if rule == "handoff" and planner != "dsa_rp":
            continue
        try:
            got = _relaxed_bytes(text, path, planner, rule).get(space)
        except Exception:  # noqa: BLE001 - a relaxation the flow refuses explains nothing
            continue
        if got is not None and got <= ref:
            return f"{why} (relaxed: {got:,})"
    if load is not None and ref < load:
        return "the reference's bytes are below this kernel's LOAD: it planned another IR (see its .pto)"
    return "unexplained"


#: The located refusals of a plan that only say the tiles did not fit: the
#: space's name is the first group that matched.
CAPACITY_ERROR = re.compile(
    r"(\w+) buffer usage \(\d+ bytes\) exceeds the \w+ limit"
    r"|cannot place the \d+ (\w+) buffers within the \w+ capacity"
)


def plan_failure_why(text: str, path: str, planner: str, error: str, ref: dict) -> tuple[str, str] | None:
    """(space, why) for a plan of ``text`` under ``planner`` that failed with
    ``error`` only because a space's tiles exceed the a3 capacity
    (:data:`CAPACITY_ERROR`); None for any other failure. ``ref`` is the
    reference's entry for this planner in reference.json. ``why`` is, as
    for a byte cell (:func:`explain_excess`), the first rule of
    :data:`RULES` whose relaxation lets the plan fit (with its bytes and
    the reference's); else, when the reference failed too, that it did;
    else ``unexplained``."""
    found = CAPACITY_ERROR.search(error)
    if found is None:
        return None
    space = found.group(1) or found.group(2)
    theirs = (ref.get("bytes_used") or {}).get(space.capitalize())
    for rule, why in RULES:
        if rule == "handoff" and planner != "dsa_rp":
            continue
        try:
            got = _relaxed_bytes(text, path, planner, rule).get(space)
        except Exception:  # noqa: BLE001 - still over capacity (or refused): this rule explains nothing
            continue
        if got is not None:
            against = f"; reference {theirs:,}" if theirs is not None else ""
            against += "; the reference fails too" if ref.get("error") else ""
            return space, f"{why} (relaxed: {got:,} fits{against})"
    if ref.get("error"):
        return space, "the reference fails too: " + short(ref["error"], 60)
    return space, "unexplained"


def failures(row: dict) -> list[str]:
    """The steps of ``row`` that failed, as ``<step> <planner>`` (a failed
    plan over capacity with its space and whether :func:`plan_failure_why`
    explained it); a step that never ran (``-``) is no failure."""
    out = []
    for planner, cell in row["planners"].items():
        for step in ("plan", "run", "lower"):
            value = cell.get(step, "-")
            if value == "-" or value.startswith("ok"):
                continue
            note = ""
            if step == "plan" and "capacity" in cell:
                state = "unexplained" if cell["why"] == "unexplained" else "explained"
                note = f" ({ARCH} {cell['capacity']} capacity, {state})"
            out.append(f"{step} {planner}{note}")
    return out


def progress_line(row: dict) -> str:
    """The line printed as each kernel ends: its import cell, then ``ok``
    only when no step under any planner failed, else the failed steps
    (:func:`failures`)."""
    failed = failures(row)
    if not row["import"].startswith("ok") or not failed:
        return f"{row['kernel']}: {row['import']}"
    tail = "" if row["import"] == "ok" else f"; import {row['import']}"
    return f"{row['kernel']}: failed: {', '.join(failed)}{tail}"


def isolated_row(path: str, timeout: int) -> dict:
    """:func:`kernel_row` in a process of its own (a kernel that exhausts the
    interpreter's memory or time cannot take the others with it); a killed or
    timed-out kernel gets a row saying so."""
    name = os.path.relpath(os.path.dirname(path), SAMPLE)
    try:
        p = subprocess.run(
            [sys.executable, os.path.abspath(__file__), "--one", path],
            capture_output=True, text=True, timeout=timeout, check=False,
        )
    except subprocess.TimeoutExpired:
        return {"kernel": name, "import": f"timeout after {timeout} s", "planners": {}, "bytes": []}
    if p.returncode != 0 or not p.stdout.strip():
        tail = (p.stderr.strip().splitlines() or [f"exit {p.returncode}"])[-1]
        return {"kernel": name, "import": f"crashed: {short(tail, 60)}", "planners": {}, "bytes": []}
    return json.loads(p.stdout.strip().splitlines()[-1])


def number(x: int | None) -> str:
    """``x`` with thousands separators, ``-`` for None."""
    return "-" if x is None else f"{x:,}"


def print_markdown(rows: list[dict]) -> None:
    print("| kernel | import | plan pypto / dsa_rp / ptoas | run pypto / dsa_rp | lower + ptoas pypto / dsa_rp / ptoas |")
    print("|---|---|---|---|---|")
    for r in rows:
        p = r["planners"]
        cell = lambda key, planners: " / ".join(p.get(x, {}).get(key, "-") for x in planners)  # noqa: E731
        print(f"| {r['kernel']} | {r['import']} | {cell('plan', PLANNERS)} | {cell('run', PLANNERS[:2])} | {cell('lower', PLANNERS)} |")
    print()
    print("| kernel | space | pypto | reference PYPTO | dsa_rp | reference DSA_RP | LOAD |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for r in rows:
        for b in r["bytes"]:
            mark = lambda ours, theirs: (  # noqa: E731
                f"{number(ours)} >" if ours is not None and theirs is not None and ours > theirs else number(ours)
            )
            print(
                f"| {r['kernel']} | {b['space']} | {mark(b['pypto'], b['ref_pypto'])} | {number(b['ref_pypto'])} "
                f"| {mark(b['dsa_rp'], b['ref_dsa_rp'])} | {number(b['ref_dsa_rp'])} | {number(b['load'])} |"
            )
    above = [(r["kernel"], b["space"], x, b[f"why_{x}"]) for r in rows for b in r["bytes"] for x in ("pypto", "dsa_rp") if f"why_{x}" in b]
    above += [
        (r["kernel"], c["capacity"], x, f"plan over the {ARCH} capacity: {c['why']}")
        for r in rows for x, c in r["planners"].items() if "capacity" in c
    ]
    if above:
        print()
        print("| kernel | space | planner | why ours is larger (or does not fit) |")
        print("|---|---|---|---|")
        for kernel, space, planner, why in above:
            print(f"| {kernel} | {space} | {planner} | {why} |")


#: What :func:`~xdsl_pto.interp.differential.differential_check` says of a
#: run that did no tile work on any inputs it tried (a block a caller's
#: scalars would give work; the run agrees, but proves little).
VACUOUS = "ran no tile op"


def summary(rows: list[dict]) -> str:
    """The closing line: per planner the plans that passed (and failed, and
    how many of those over capacity), lowerings ptoas accepted and runs that
    agree; the byte cells above the reference and the plans over capacity,
    each with how many no rule explains."""
    n = len(rows)
    imported = sum(r["import"].startswith("ok") for r in rows)
    parts = [f"{n} kernels, {imported} imported"]
    for planner in PLANNERS:
        cells = [r["planners"].get(planner, {}) for r in rows]
        planned = sum(c.get("plan") == "ok" for c in cells)
        failed = sum(c.get("plan", "-") not in ("ok", "-") for c in cells)
        over = sum("capacity" in c for c in cells)
        lowered = sum(c.get("lower", "").startswith("ok") for c in cells)
        ran = sum(c.get("run", "").startswith("ok") for c in cells)
        idle = sum("vacuous" in c and c.get("run", "").startswith("ok") for c in cells)
        part = f"{planner}: {planned} planned"
        if failed:
            part += f" ({failed} failed, {over} of them over capacity)"
        part += f", {lowered} lowered and accepted"
        if planner != "ptoas":
            part += f", {ran} runs agree"
            if idle:
                part += f" ({idle} with a block that ran no tile op)"
        parts.append(part)
    larger = sum(
        1 for r in rows for b in r["bytes"] for x in ("pypto", "dsa_rp")
        if b[x] is not None and b[f"ref_{x}"] is not None and b[x] > b[f"ref_{x}"]
    )
    unexplained = sum(
        1 for r in rows for b in r["bytes"] for x in ("pypto", "dsa_rp") if b.get(f"why_{x}") == "unexplained"
    )
    parts.append(f"{larger} (kernel, space, planner) cells above the reference ({unexplained} unexplained)")
    over = [c for r in rows for c in r["planners"].values() if "capacity" in c]
    if over:
        lost = sum(c["why"] == "unexplained" for c in over)
        parts.append(f"{len(over)} (kernel, planner) plans over the {ARCH} capacity ({lost} unexplained)")
    return "; ".join(parts)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("sample", nargs="?", default=SAMPLE)
    ap.add_argument("--markdown", action="store_true", help="print the markdown tables")
    ap.add_argument("--only", help="only kernels whose path contains this")
    ap.add_argument("--json", help="write the rows as JSON here")
    ap.add_argument("--one", help=argparse.SUPPRESS)  # one kernel, its row as JSON on stdout
    ap.add_argument("--timeout", type=int, default=600, help="seconds per kernel (default 600)")
    args = ap.parse_args(argv)
    ptoas = find_ptoas()
    if args.one:
        print(json.dumps(kernel_row(args.one, ptoas)))
        return 0
    paths = sorted(glob.glob(os.path.join(args.sample, "*", "*", "kernel.py")))
    if args.only:
        paths = [p for p in paths if args.only in p]
    rows = []
    t0 = time.time()
    for path in paths:
        rows.append(isolated_row(path, args.timeout))
        print(progress_line(rows[-1]), file=sys.stderr, flush=True)
    if args.markdown:
        print_markdown(rows)
    print(f"\n{summary(rows)} ({time.time() - t0:.0f} s; ptoas: {ptoas or 'none'})")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
