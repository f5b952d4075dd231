"""``pto-compile`` (issue 25): every example compiles under every planner,
and the output is exactly what the five stages print when run by name."""

from __future__ import annotations

import glob
import io
import os
import re

import pytest
from xdsl.printer import Printer

from xdsl_pto.tools.session import parse_module, run_pipeline

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = sorted(glob.glob(os.path.join(ROOT, "examples", "*.mlir")))
STAGES = (
    "auto-tile-matmul-l0{{backend={b}}},lower-pipeline-to-slots{{planner={p} backend={b}}},"
    "lower-pipeline-loops,pto-plan-memory{{planner={p} backend={b}}},"
    "convert-tile-to-pto{{planner={p} backend={b}}}"
)


def _compiled(path: str, spec: str) -> str:
    with open(path, encoding="utf-8") as f:
        module = parse_module(f.read(), path)
    run_pipeline(module, spec)
    out = io.StringIO()
    Printer(stream=out).print_op(module)
    return out.getvalue()


def test_every_example_is_covered():
    assert len(EXAMPLES) == 10


@pytest.mark.parametrize("planner", ["pypto", "dsa_rp", "ptoas"])
@pytest.mark.parametrize("path", EXAMPLES, ids=os.path.basename)
def test_example_compiles_as_the_stages_do(path: str, planner: str):
    got = _compiled(path, f"pto-compile{{backend=a3 planner={planner}}}")
    assert got == _compiled(path, STAGES.format(b="a3", p=planner))
    assert "tile." not in got  # fully lowered
    assert ("pto.alloc_tile addr =" in got) == (planner != "ptoas")


def _header(path: str) -> str:
    with open(path, encoding="utf-8") as f:
        return "".join(line for line in f if line.startswith("//"))


@pytest.mark.parametrize("path", EXAMPLES, ids=os.path.basename)
def test_example_header_names_shipped_files(path: str):
    """Issue 25: the headers pointed at shared/pypto-dumps/, which a clone
    does not have; every file a header names is in the checkout."""
    header = _header(path)
    assert "shared/" not in header
    named = re.findall(r"\bexamples/[\w./-]+\.(?:py|mlir)", header)
    assert named, "the header names the example (its commands) and its counterpart"
    for rel in named:
        assert os.path.isfile(os.path.join(ROOT, rel)), rel


@pytest.mark.parametrize("path", EXAMPLES, ids=os.path.basename)
def test_example_header_commands_run(path: str):
    """Every ``xdsl-opt -p '...' examples/FILE`` command in a header works."""
    commands = re.findall(r"xdsl-opt -p '([^']+)' (examples/[\w.]+)", _header(path))
    assert any(spec.startswith("pto-compile{") for spec, _ in commands)
    for spec, rel in commands:
        assert rel == os.path.relpath(path, ROOT)
        _compiled(path, spec)
