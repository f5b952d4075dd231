#!/usr/bin/env python3
"""Print the on-chip memory footprint of the example kernels, with and without
buffer reuse, as a Markdown table.

For every example (``examples/*.mlir`` by default) it runs ``xdsl-opt`` twice:

* planned:  ``auto-tile-matmul-l0{backend=B},lower-pipeline-loops,init-memref,
  materialize-semantic-aliases,memory-reuse{backend=B},allocate-memory-addr{backend=B}``
  (what ``auto-tile-matmul-l0{backend=B},lower-pipeline-loops,pto-plan-memory{backend=B}``
  runs; the first two passes are no-ops on kernels without Mat-resident matmuls
  or pipeline loops);
* no reuse: the same without ``memory-reuse``, so every tile that is not a
  view, an in-place result or a loop carry keeps a buffer of its own. This
  run passes no backend to allocate-memory-addr: the addresses are the same
  (32-byte alignment on every backend), but a kernel that only fits thanks to
  reuse would otherwise be rejected. The table marks such a space instead.

It reads the ``tile.alloc @name in SPACE size N addr A`` lines of each
function from the output and reports, per function and memory space, the
high-water mark ``max(addr + size)``. It also checks what it reads: every
``addr`` is 32-byte aligned and no two allocations of one function and space
overlap (allocate-memory-addr lays roots out one after another; reuse happens
by sharing a root, never by overlapping two).

Usage (from the repository root, with the project installed)::

    python examples/footprint.py                    # every example, backend a3
    python examples/footprint.py --backend a5 examples/softmax.mlir

Only the standard library is used here; ``xdsl-opt`` (with this project's
plugin) does the planning.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ALIGN = 32
SPACES = ("vec", "mat", "left", "right", "acc", "bias")
KIB = 1024
# Usable bytes per space (reference/backends.md; xdsl_pto/backends.py).
_A2A3 = {"vec": 184 * KIB, "mat": 512 * KIB, "left": 64 * KIB, "right": 64 * KIB, "acc": 128 * KIB, "bias": 1 * KIB}
_A5 = {"vec": 240 * KIB, "mat": 512 * KIB, "left": 64 * KIB, "right": 64 * KIB, "acc": 256 * KIB, "bias": 4 * KIB}
CAPACITY = {"a2": _A2A3, "a3": _A2A3, "a5": _A5}
FUNC_RE = re.compile(r"^\s*func\.func\s+@([\w.$-]+)\(")
ALLOC_RE = re.compile(
    r"^\s*tile\.alloc\s+@([\w.$-]+)\s+in\s+(\w+)\s+size\s+(\d+)\s+addr\s+(\d+)\s*$"
)


@dataclass(frozen=True)
class Alloc:
    """One ``tile.alloc`` of a planned function."""

    name: str
    space: str
    size: int
    addr: int

    @property
    def end(self) -> int:
        return self.addr + self.size


def xdsl_opt() -> str:
    """The ``xdsl-opt`` next to this Python interpreter, else the one on PATH."""
    local = Path(sys.executable).parent / "xdsl-opt"
    if local.exists():
        return str(local)
    found = shutil.which("xdsl-opt")
    if found is None:
        sys.exit("footprint.py: xdsl-opt not found (install the project, or put it on PATH)")
    return found


def pipeline(backend: str, reuse: bool) -> str:
    """The pass pipeline of one run; the capacity check only with reuse."""
    passes = [
        f"auto-tile-matmul-l0{{backend={backend}}}",
        "lower-pipeline-loops",
        "init-memref",
        "materialize-semantic-aliases",
    ]
    if reuse:
        passes += [f"memory-reuse{{backend={backend}}}", f"allocate-memory-addr{{backend={backend}}}"]
    else:
        passes.append("allocate-memory-addr")
    return ",".join(passes)


def run_plan(path: Path, backend: str, reuse: bool) -> dict[str, list[Alloc]]:
    """The planned allocations of each function of ``path``, by function name
    (in the order the functions appear)."""
    proc = subprocess.run(
        [xdsl_opt(), "-p", pipeline(backend, reuse), str(path)],
        capture_output=True,
        text=True,
    )
    if proc.returncode != 0:
        sys.exit(f"footprint.py: planning {path} failed:\n{proc.stderr.strip()}")
    out: dict[str, list[Alloc]] = {}
    current: str | None = None
    for line in proc.stdout.splitlines():
        m = FUNC_RE.match(line)
        if m:
            current = m.group(1)
            out[current] = []
            continue
        m = ALLOC_RE.match(line)
        if m:
            if current is None:
                sys.exit(f"footprint.py: tile.alloc outside a function in {path}")
            name, space, size, addr = m.groups()
            out[current].append(Alloc(name, space, int(size), int(addr)))
    return out


def check(path: Path, fn: str, allocs: list[Alloc]) -> None:
    """Exit with a message if an address is misaligned or two allocations of
    one space overlap."""
    for a in allocs:
        if a.addr % ALIGN:
            sys.exit(f"footprint.py: {path} @{fn}: @{a.name} at {a.addr} is not {ALIGN}-byte aligned")
    for space in {a.space for a in allocs}:
        ordered = sorted((a for a in allocs if a.space == space), key=lambda a: a.addr)
        for prev, nxt in zip(ordered, ordered[1:]):
            if nxt.addr < prev.end:
                sys.exit(
                    f"footprint.py: {path} @{fn}: @{prev.name} [{prev.addr}, {prev.end}) and "
                    f"@{nxt.name} [{nxt.addr}, {nxt.end}) overlap in {space}"
                )


def high_water(allocs: list[Alloc]) -> dict[str, int]:
    """``max(addr + size)`` per memory space."""
    out: dict[str, int] = {}
    for a in allocs:
        out[a.space] = max(out.get(a.space, 0), a.end)
    return out


def rows(paths: list[Path], backend: str) -> list[tuple[str, str, str, int, int]]:
    """(example, function, space, planned bytes, no-reuse bytes) rows."""
    table = []
    for path in paths:
        planned = run_plan(path, backend, reuse=True)
        naive = run_plan(path, backend, reuse=False)
        for fn, allocs in planned.items():
            check(path, fn, allocs)
            check(path, fn, naive.get(fn, []))
            hw, hw0 = high_water(allocs), high_water(naive.get(fn, []))
            for space in SPACES:
                if space in hw or space in hw0:
                    table.append((path.name, fn, space, hw.get(space, 0), hw0.get(space, 0)))
    return table


def markdown(table: list[tuple[str, str, str, int, int]], backend: str) -> str:
    cap = CAPACITY[backend]
    lines = [
        f"| example | function | space | planned (bytes) | no reuse (bytes) | saved | {backend} capacity |",
        "|---|---|---|---:|---:|---:|---:|",
    ]
    for example, fn, space, used, naive in table:
        saved = f"{100 * (naive - used) / naive:.0f}%" if naive else "-"
        over = " (over)" if naive > cap[space] else ""
        lines.append(
            f"| {example} | @{fn} | {space} | {used} | {naive}{over} | {saved} | {cap[space]} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    here = Path(__file__).resolve().parent
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", type=Path, help="kernels (default: examples/*.mlir)")
    ap.add_argument("--backend", default="a3", help="a2, a3 or a5 (default a3)")
    args = ap.parse_args(argv)
    if args.backend not in CAPACITY:
        ap.error(f"unknown backend '{args.backend}' (expected a2, a3 or a5)")
    paths = args.files or sorted(here.glob("*.mlir"))
    print(markdown(rows(paths, args.backend), args.backend))


if __name__ == "__main__":
    main()
