"""Unit tests of lower-pipeline-to-slots (seed 004) for what the lit tests
cannot reach or pin as directly: the declaration names, the slot sizes, the
dynamic valid shape gate (our tile type has no dynamic extent to parse), the
in-place gate on a verified kernel (the one in-place tile op works on Acc,
which tile.load cannot write), and the analysis leaving the IR alone."""

from __future__ import annotations

import pytest
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import ModuleOp, f32
from xdsl.ir import Dialect
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    result_def,
    traits_def,
)

from xdsl_pto.dialects.tile.traits import Reuses
from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.tools.session import make_context, parse_module
from xdsl_pto.transforms.lower_pipeline_to_slots import (
    LowerPipelineToSlotsPass,
    Outcome,
    candidate_loads,
    fresh_name,
    plan_slots,
    slot_bytes,
    tile_reason,
)


def _fn(module: ModuleOp) -> func.FuncOp:
    return next(op for op in module.walk() if isinstance(op, func.FuncOp))


def _loop(module: ModuleOp) -> scf.ForOp:
    return next(op for op in module.walk() if isinstance(op, scf.ForOp))


def _kernel(body: str, t: str = "!tile.tile<16x16xf32, vec>", gm: str = "memref<64x16xf32>") -> str:
    return f"""
func.func @k(%a: {gm}) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {{
    %x = tile.load %a[%i, %c0] : {gm} -> {t}
{body}
  }} {{tile.pipeline_stages = 2 : i64}}
  func.return
}}
"""


# ----- names ---------------------------------------------------------------------


def test_names_follow_the_value_and_avoid_every_taken_name() -> None:
    module = parse_module(
        _kernel(
            "    %0 = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>\n"
            "    %1 = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>"
        )
    )
    x, n0, n1 = candidate_loads(_loop(module))
    taken = {"pipe_x", "pipe_x_1", "pipe_0"}
    assert fresh_name(x, taken) == "pipe_x_2"
    assert fresh_name(n0, taken) == "pipe_1"
    assert fresh_name(n1, taken) == "pipe_2"
    assert {"pipe_x_2", "pipe_1", "pipe_2"} <= taken


def test_every_slotted_load_gets_its_own_declaration() -> None:
    module = parse_module(
        _kernel("    %y = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>")
    )
    LowerPipelineToSlotsPass(planner="ptoas").apply(make_context(), module)
    # once bound they are no longer candidates: read them off the loads
    loads = [op.results[0] for op in _loop(module).body.block.ops if op.name == "tile.load"]
    bindings = [v.type.get_binding() for v in loads]
    assert [b.decl_name for b in bindings] == ["pipe_x", "pipe_y"]
    assert all(b.slots.data == 2 and b.slot_index == "iv" for b in bindings)
    assert "tile.pipeline_stages" not in _loop(module).attributes


# ----- sizes ---------------------------------------------------------------------


def test_slot_bytes_round_each_slot_up_to_32_bytes() -> None:
    module = parse_module(_kernel("", "!tile.tile<1x16xf16, vec>", "memref<64x16xf16>"))
    (x,) = candidate_loads(_loop(module))
    assert x.type.size_bytes == 32
    assert slot_bytes(x, 2) == 64
    module = parse_module(_kernel("", "!tile.tile<16x16xf16, mat>", "memref<64x16xf16>"))
    (x,) = candidate_loads(_loop(module))
    assert slot_bytes(x, 3) == 3 * 512


# ----- the dynamic valid shape gate ------------------------------------------------


def test_dynamic_valid_shape_declines() -> None:
    # a runtime valid extent (issue 23's `valid = 16x?`)
    text = _kernel("", t="!tile.tile<16x16xf32, vec, valid = 4x?>")
    # a '?' result takes its extents from the load's valid operands
    module = parse_module(text.replace("%a[%i, %c0] :", "%a[%i, %c0] valid [%c4, %i] :"))
    loop = _loop(module)
    (x,) = candidate_loads(loop)
    assert tile_reason(x, loop) == (
        "%x has the dynamic valid shape 4x?, and a slot region declares one "
        "static extent for all its slots"
    )


def test_a_negative_valid_extent_other_than_dynamic_is_refused() -> None:
    with pytest.raises(Exception, match="does not fit in tile shape"):
        TileType([16, 16], f32, "vec", valid_shape=[16, -2])


# ----- the in-place gate on a verified kernel -------------------------------------------


@irdl_op_definition
class _UpdateOp(IRDLOperation):
    """A vec op updating its operand in place (Reuses(0)), for the test."""

    name = "testip.update"
    src = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(Reuses(0))


def test_an_in_place_consumer_declines_the_loop(capsys: pytest.CaptureFixture[str]) -> None:
    ctx = make_context()
    ctx.load_dialect(Dialect("testip", [_UpdateOp], []))
    text = _kernel(
        '    %u = "testip.update"(%x) : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>\n'
        "    tile.store %u, %a[%i, %c0] : !tile.tile<16x16xf32, vec>, memref<64x16xf32>"
    )
    module = parse_module(text, "k.mlir", ctx)
    before = str(module)
    LowerPipelineToSlotsPass(planner="ptoas").apply(ctx, module)
    assert str(module) == before.replace(
        "builtin.module {", 'builtin.module attributes {tile.memory_planner = "ptoas"} {'
    )
    err = capsys.readouterr().err
    assert err.rstrip().endswith(
        "remark: lower-pipeline-to-slots: this stage=2 pipeline loop stays replicated: "
        "%x is consumed by testip.update, which updates its buffer in place"
    )
    assert err.count("remark:") == 1


def test_an_in_place_result_that_is_yielded_is_a_phi() -> None:
    ctx = make_context()
    ctx.load_dialect(Dialect("testip", [_UpdateOp], []))
    text = """
func.func @k(%a: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %init = tile.load %a[%c0, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (!tile.tile<16x16xf32, vec>) {
    %x = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
    %u = "testip.update"(%x) : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    scf.yield %u : !tile.tile<16x16xf32, vec>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}
"""
    module = parse_module(text, "k.mlir", ctx)
    (plan,) = plan_slots(_fn(module), None)
    assert plan.outcome is Outcome.DECLINE
    assert plan.reason == (
        "%x is carried into a phi (scf.for yields %u, which shares its buffer through testip.update)"
    )


# ----- analysis and rewrite ----------------------------------------------------------


def test_the_analysis_changes_nothing() -> None:
    module = parse_module(_kernel(""))
    before = str(module)
    (plan,) = plan_slots(_fn(module), None)
    assert plan.outcome is Outcome.SLOT and plan.stages == 2
    assert [v.name_hint for v in plan.loads] == ["x"]
    assert str(module) == before


def test_a_loop_without_top_level_loads_is_kept_silently() -> None:
    module = parse_module(
        """
func.func @k(%a: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c2 {
    %x = tile.create : !tile.tile<16x16xf32, vec>
    tile.store %x, %a[%i, %c0] : !tile.tile<16x16xf32, vec>, memref<64x16xf32>
  } {tile.pipeline_stages = 2 : i64}
  func.return
}
"""
    )
    (plan,) = plan_slots(_fn(module), None)
    # not declined for its step: it has nothing this pass could slot
    assert plan.outcome is Outcome.KEEP and plan.reason == ""


def test_names_are_bare_identifiers_whatever_the_ssa_name() -> None:
    # %x.1, %x$y and %x-z are valid SSA names; a character outside
    # [A-Za-z0-9_] becomes _, and the result is uniquified as usual
    module = parse_module(
        _kernel(
            "    %x.1 = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>\n"
            "    %x$y = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>\n"
            "    %x-z = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>"
        )
    )
    x, dot, dollar, dash = candidate_loads(_loop(module))
    assert [v.name_hint for v in (dot, dollar, dash)] == ["x.1", "x$y", "x-z"]
    taken = {"pipe_x_y"}
    assert fresh_name(dot, taken) == "pipe_x_1"
    assert fresh_name(dollar, taken) == "pipe_x_y_1"
    assert fresh_name(dash, taken) == "pipe_x_z"
    assert fresh_name(x, taken) == "pipe_x"
    # the pass's declarations print bare, and the module parses back
    module = parse_module(
        _kernel(
            "    %x.1 = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>\n"
            "    %x$y = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>\n"
            "    %x-z = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>"
        )
    )
    LowerPipelineToSlotsPass(planner="ptoas").apply(make_context(), module)
    loads = [op.results[0] for op in _loop(module).body.block.ops if op.name == "tile.load"]
    assert [v.type.get_binding().decl_name for v in loads] == [
        "pipe_x",
        "pipe_x_1",
        "pipe_x_y",
        "pipe_x_z",
    ]
    text = str(module)
    assert "alloc = <@pipe_x_1, slots = 2, slot = iv>" in text
    assert str(parse_module(text)) == text
