"""The PTO text issue 23's lit tests (test/lit/tile-ops/: reductions,
generators, scalar access, fills; sort, gather, scatter) lower to is
accepted by the real ptoas v0.48: at level3 with the baked addresses
(planner=pypto), at level2 without them (planner=ptoas), on the targets each
test lowers for. Skipped where the binary is not installed."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from xdsl_pto.tools.session import parse_module, run_pipeline

PTOAS = Path(os.environ.get("PTOAS", "/opt/ptoas-v0.48/bin/ptoas"))
LIT = Path(__file__).resolve().parents[1] / "lit" / "tile-ops"

CASES = [
    ("reductions.mlir", "a3", "pypto"),
    ("reductions.mlir", "a5", "pypto"),
    ("reductions.mlir", "a3", "ptoas"),
    ("generators.mlir", "a5", "pypto"),
    ("generators.mlir", "a5", "ptoas"),
    ("scalar-access.mlir", "a3", "pypto"),
    ("scalar-access.mlir", "a5", "ptoas"),
    ("fillpad.mlir", "a3", "pypto"),
    ("fillpad.mlir", "a5", "ptoas"),
    ("reductions-target.mlir", "a5", "pypto"),
    # sort / gather / scatter: every planner on both targets; the a5-only forms
    *(
        (name, target, planner)
        for name in ("sort.mlir", "gather.mlir", "scatter.mlir")
        for target in ("a3", "a5")
        for planner in ("pypto", "ptoas")
    ),
    ("sort-gather-target.mlir", "a5", "pypto"),
    ("sort-gather-target.mlir", "a5", "ptoas"),
    # cube family: gemv on a2/a3, MX on a5, each under both planners
    ("gemv.mlir", "a3", "pypto"),
    ("gemv.mlir", "a3", "ptoas"),
    ("mx.mlir", "a5", "pypto"),
    ("mx.mlir", "a5", "ptoas"),
]


def _chunks(path: Path) -> list[str]:
    """The ``// -----`` separated modules of a lit input."""
    return [c for c in path.read_text().split("// -----") if "func.func" in c]


@pytest.mark.skipif(not PTOAS.exists(), reason="ptoas v0.48 is not installed")
@pytest.mark.parametrize("name, target, planner", CASES)
def test_ptoas_accepts_the_lowered_lit_inputs(tmp_path: Path, name: str, target: str, planner: str):
    level = "level2" if planner == "ptoas" else "level3"
    for k, text in enumerate(_chunks(LIT / name)):
        module = parse_module(text, name)
        run_pipeline(module, f"pto-plan-memory{{backend={target} planner={planner}}},convert-tile-to-pto")
        pto = tmp_path / f"k{k}.pto"
        pto.write_text(str(module))
        done = subprocess.run(
            [str(PTOAS), f"--pto-level={level}", f"--pto-arch={target}", str(pto), "-o", str(tmp_path / "k.cpp")],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, f"{name} chunk {k} ({target}, {planner}): {done.stderr or done.stdout}"
        assert (tmp_path / "k.cpp").stat().st_size > 0
