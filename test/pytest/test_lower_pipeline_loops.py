"""lower-pipeline-loops keeps a kernel's meaning: the interpreter gives the
same outputs before and after replication, for static and runtime bounds,
steps 1 and 2, every remainder, empty ranges and nested pipelines; and the
lowered kernel still plans (pto-plan-memory with verify) and runs physically
to the same bytes."""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.context import Context
from xdsl.dialects import builtin
from xdsl.dialects.builtin import ModuleOp

from xdsl_pto.dialects.tile.data_ops import MoveOp
from xdsl_pto.dialects.tile.traits import is_cube_accumulator
from xdsl_pto.dialects.tile.types import MemorySpace, TileType
from xdsl_pto.interp import make_inputs, run_function
from xdsl_pto.interp.runner import find_function
from xdsl_pto.tools.session import make_context, parse_module
from xdsl_pto.transforms.lower_pipeline_loops import STAGES, LowerPipelineLoopsPass
from xdsl_pto.transforms.plan_memory import PlanMemoryPass

ROWS = 8  # rows of one iteration's tile
N = 16  # iterations the tensors have room for


def _ctx() -> Context:
    return make_context()


def _parse(text: str) -> ModuleOp:
    return parse_module(text, "kernel.mlir")


def _bound(kind: str, value: int | None) -> tuple[str, str]:
    """(definition line, SSA name) of a loop bound: a constant, or the
    function argument ``%lo``/``%hi`` when ``value`` is None."""
    if value is None:
        return "", f"%{kind}"
    return f"  %{kind}_c = arith.constant {value} : index\n", f"%{kind}_c"


def _kernel(lo: int | None, hi: int | None, step: int, factor: int) -> str:
    """A loop summing row blocks into a carried tile and storing exp of each
    block. Bounds given as None are the runtime arguments ``%lo``/``%hi``."""
    t = "!tile.tile<8x16xf32, vec>"
    m = f"memref<{ROWS * N}x16xf32>"
    lo_def, lb = _bound("lo", lo)
    hi_def, ub = _bound("hi", hi)
    return f"""
func.func @k(%a: {m}, %o: {m}, %s: memref<8x16xf32>, %lo: index, %hi: index) {{
  %c0 = arith.constant 0 : index
  %c8 = arith.constant {ROWS} : index
  %st = arith.constant {step} : index
  %zero = arith.constant 0.0 : f32
{lo_def}{hi_def}  %z = tile.full %zero : (f32) -> {t}
  %sum = scf.for %i = {lb} to {ub} step %st iter_args(%acc = %z) -> ({t}) {{
    %r = arith.muli %i, %c8 : index
    %x = tile.load %a[%r, %c0] : {m} -> {t}
    %e = tile.exp %x : ({t}) -> {t}
    tile.store %e, %o[%r, %c0] : {t}, {m}
    %n = tile.add %acc, %x : ({t}, {t}) -> {t}
    scf.yield %n : {t}
  }} {{{STAGES} = {factor} : i64}}
  tile.store %sum, %s[%c0, %c0] : {t}, memref<8x16xf32>
  func.return
}}
"""


def _lowered(module: ModuleOp) -> ModuleOp:
    out = module.clone()
    LowerPipelineLoopsPass().apply(_ctx(), out)
    out.verify()
    return out


def _same_outputs(module: ModuleOp, lowered: ModuleOp, inputs: list[np.ndarray]) -> None:
    want = run_function(module, "k", inputs, mode="logical").outputs
    got = run_function(lowered, "k", inputs, mode="logical").outputs
    for w, g in zip(want, got):
        assert w.tobytes() == g.tobytes()


def _inputs(module: ModuleOp, lo: int, hi: int) -> list[np.ndarray]:
    inputs = make_inputs(find_function(module, "k"), seed=7)
    inputs[3] = np.array(lo, dtype=np.int64)
    inputs[4] = np.array(hi, dtype=np.int64)
    return inputs


@pytest.mark.parametrize("factor", [2, 3, 4])
@pytest.mark.parametrize("step", [1, 2])
@pytest.mark.parametrize("lo,hi", [(0, 10), (1, 13), (3, 4), (0, 8), (5, 5), (7, 2)])
@pytest.mark.parametrize("mode", ["static", "dynamic-stop", "dynamic-both"])
def test_replication_preserves_outputs(factor: int, step: int, lo: int, hi: int, mode: str) -> None:
    module = _parse(_kernel(
        None if mode == "dynamic-both" else lo, hi if mode == "static" else None, step, factor
    ))
    lowered = _lowered(module)
    stages = [op.attributes[STAGES].value.data for op in lowered.walk() if STAGES in op.attributes]  # type: ignore[attr-defined]
    if mode == "static" and hi <= lo:  # an empty static range is only marked lowered
        assert str(lowered) == str(module).replace(
            f"tile.pipeline_stages = {factor} : i64", "tile.pipeline_stages = 1 : i64"
        )
    assert all(f == 1 for f in stages)
    _same_outputs(module, lowered, _inputs(module, lo, hi))


NESTED = """
func.func @k(%a: memref<128x16xf32>, %o: memref<128x16xf32>, %s: memref<8x16xf32>, %lo: index, %hi: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %z = tile.full %zero : (f32) -> !tile.tile<8x16xf32, vec>
  %sum = scf.for %j = %c0 to %hi step %c1 iter_args(%outer = %z) -> (!tile.tile<8x16xf32, vec>) {
    %base = arith.muli %j, %c32 : index
    %in = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %outer) -> (!tile.tile<8x16xf32, vec>) {
      %q = arith.muli %i, %c8 : index
      %r = arith.addi %base, %q : index
      %x = tile.load %a[%r, %c0] : memref<128x16xf32> -> !tile.tile<8x16xf32, vec>
      %e = tile.exp %x : (!tile.tile<8x16xf32, vec>) -> !tile.tile<8x16xf32, vec>
      tile.store %e, %o[%r, %c0] : !tile.tile<8x16xf32, vec>, memref<128x16xf32>
      %n = tile.add %acc, %x : (!tile.tile<8x16xf32, vec>, !tile.tile<8x16xf32, vec>) -> !tile.tile<8x16xf32, vec>
      scf.yield %n : !tile.tile<8x16xf32, vec>
    } {tile.pipeline_stages = 3 : i64}
    scf.yield %in : !tile.tile<8x16xf32, vec>
  } {tile.pipeline_stages = 2 : i64}
  tile.store %sum, %s[%c0, %c0] : !tile.tile<8x16xf32, vec>, memref<8x16xf32>
  func.return
}
"""


@pytest.mark.parametrize("hi", [0, 1, 2, 3, 4])
def test_nested_pipelines_preserve_outputs(hi: int) -> None:
    module = _parse(NESTED)
    _same_outputs(module, _lowered(module), _inputs(module, 0, hi))


@pytest.mark.parametrize("lo,hi,step,factor", [(0, 10, 1, 4), (1, 12, 2, 3)])
def test_lowered_kernel_plans_and_runs_physically(lo: int, hi: int, step: int, factor: int) -> None:
    module = _parse(_kernel(None, None, step, factor))
    lowered = _lowered(module)
    planned = lowered.clone()
    PlanMemoryPass("a3", verify=True).apply(_ctx(), planned)
    inputs = _inputs(module, lo, hi)
    want = run_function(module, "k", inputs, mode="logical").outputs
    got = run_function(planned, "k", inputs, mode="physical").outputs
    for w, g in zip(want, got):
        assert w.tobytes() == g.tobytes()


def test_rerun_is_a_no_op() -> None:
    once = _lowered(_parse(_kernel(None, None, 1, 4)))
    twice = _lowered(once)
    assert str(once) == str(twice)


def test_cube_accumulator_is_the_matmul_family() -> None:
    """Asked by trait (a result fixed to Acc), never by op name: data
    movements and creations in Acc are per-stage buffers, not accumulators."""
    module = _parse("""
func.func @k(%a: memref<16x16xf16>) {
  %c0 = arith.constant 0 : index
  %false = arith.constant false
  %m = tile.load %a[%c0, %c0] : memref<16x16xf16> -> !tile.tile<16x16xf16, mat>
  %l = tile.move %m : (!tile.tile<16x16xf16, mat>) -> !tile.tile<16x16xf16, left>
  %r = tile.move %m : (!tile.tile<16x16xf16, mat>) -> !tile.tile<16x16xf16, right>
  %acc = tile.matmul %l, %r : (!tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>) -> !tile.tile<16x16xf32, acc>
  %acc2 = tile.matmul_acc %acc, %l, %r, %false : (!tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>, i1) -> !tile.tile<16x16xf32, acc>
  %fresh = tile.create : !tile.tile<16x16xf32, acc>
  func.return
}
""")
    ops = {op.results[0].name_hint: op for op in module.walk() if op.results and op.results[0].name_hint}
    assert {n for n, op in ops.items() if is_cube_accumulator(op)} == {"acc", "acc2"}
    into_acc = MoveOp(ops["m"].results[0], TileType([16, 16], builtin.f16, MemorySpace.ACC))  # not verified
    assert not is_cube_accumulator(into_acc)
