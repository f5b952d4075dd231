"""The differential-execution interpreter (xdsl_pto.interp).

Logical runs of the examples are checked against numpy formulas computed
here; per-op tests check hand-computed arrays in both modes; every example's
plan passes the differential check; and corrupted plans (a buffer moved onto
a live one, a loop carry on the wrong buffer, a written workspace) are caught
with the corrupting op named."""

from __future__ import annotations

from pathlib import Path

import ml_dtypes
import numpy as np
import pytest
from xdsl.context import Context
from xdsl.dialects import arith, builtin, func, scf
from xdsl.dialects.builtin import IntAttr, ModuleOp
from xdsl.irdl import irdl_op_definition, operand_def, result_def, traits_def
from xdsl.parser import Parser
from xdsl.rewriter import InsertPoint, Rewriter

from xdsl_pto.dialects.tile import Tile
from xdsl_pto.dialects.tile.base import TileComputeOp
from xdsl_pto.dialects.tile.data_ops import AllocOp
from xdsl_pto.dialects.tile.traits import NoAlias, ResultSpace, Workspace
from xdsl_pto.dialects.tile.types import MemorySpace, TileType
from xdsl_pto.dialects.tile.vector_ops import SelOp
from xdsl_pto.interp import (
    InterpError,
    LayoutError,
    differential_check,
    make_inputs,
    run_function,
)
from xdsl_pto.interp.functions import register_tile_op
from xdsl_pto.interp.rounding import convert
from xdsl_pto.interp.runner import find_function
from xdsl_pto.interp.semantics import SEMANTICS, mask_condition, mask_tile
from xdsl_pto.transforms.auto_tile_matmul_l0 import AutoTileMatmulL0Pass
from xdsl_pto.transforms.lower_pipeline_loops import LowerPipelineLoopsPass
from xdsl_pto.transforms.plan_memory import PlanMemoryPass

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _ctx() -> Context:
    ctx = Context()
    for d in (builtin.Builtin, func.Func, arith.Arith, scf.Scf, Tile):
        ctx.load_dialect(d)
    return ctx


def _parse(text: str, name: str = "kernel.mlir") -> ModuleOp:
    module = Parser(_ctx(), text, name).parse_module()
    module.verify()
    return module


def _example(name: str) -> ModuleOp:
    path = EXAMPLES / name
    return _parse(path.read_text(), str(path))


def _plan(module: ModuleOp) -> ModuleOp:
    """``module`` planned for a3; Mat-resident matmuls are tiled first (a
    no-op on every other kernel)."""
    planned = module.clone()
    AutoTileMatmulL0Pass("a3").apply(_ctx(), planned)
    LowerPipelineLoopsPass().apply(_ctx(), planned)
    PlanMemoryPass("a3").apply(_ctx(), planned)
    return planned


def _run(module: ModuleOp, name: str, inputs, mode: str = "logical"):
    return run_function(module, name, inputs, mode=mode).outputs


def _both(text: str, name: str, inputs) -> list[np.ndarray]:
    """Run ``@name`` logically and, planned, physically; assert both agree
    bitwise and return the logical outputs."""
    module = _parse(text)
    logical = _run(module, name, inputs)
    physical = _run(_plan(module), name, inputs, "physical")
    for want, got in zip(logical, physical):
        assert want.tobytes() == got.tobytes()
    return logical


def _alloc(module: ModuleOp, name: str) -> AllocOp:
    return next(a for a in module.walk() if isinstance(a, AllocOp) and a.sym_name.data == name)


# ----- the examples, logically, against numpy ----------------------------------------


def test_softmax_matches_numpy():
    module = _example("softmax.mlir")
    inputs = make_inputs(find_function(module, "softmax"), seed=3)
    out = _run(module, "softmax", inputs)[1]
    x = inputs[0]
    e = np.exp(x - x.max(axis=1, keepdims=True))
    want = e / e.sum(axis=1, keepdims=True)
    assert out.dtype == np.float32
    np.testing.assert_allclose(out, want, rtol=1e-6, atol=0)
    np.testing.assert_allclose(out.sum(axis=1), np.ones(64), rtol=1e-5)


def test_elementwise_matches_its_formula():
    module = _example("elementwise.mlir")
    a, b, out = make_inputs(find_function(module, "elementwise"), seed=0)
    got = _run(module, "elementwise", [a, b, out])[2]
    # c = a + b; d = c * a; e = exp(d); f = e + b, each rounded to f32.
    want = np.exp((a + b) * a) + b
    np.testing.assert_array_equal(got, want)


def test_rmsnorm_matches_numpy():
    module = _example("rmsnorm.mlir")
    x, gamma, out = make_inputs(find_function(module, "rmsnorm"), seed=1)
    got = _run(module, "rmsnorm", [x, gamma, out])[2]
    inv_rms = 1.0 / np.sqrt((x.astype(np.float64) ** 2).mean(axis=1, keepdims=True) + 1e-6)
    np.testing.assert_allclose(got, x * inv_rms * gamma, rtol=1e-5)


def test_matmul_k_is_an_fp32_product():
    module = _example("matmul_k.mlir")
    a, b, c = make_inputs(find_function(module, "matmul_k"), seed=0)
    assert a.dtype == np.float16 and c.dtype == np.float32
    got = _run(module, "matmul_k", [a, b, c])[2]
    want = a.astype(np.float32) @ b.astype(np.float32)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-4)


def test_flash_attention_cube_blocks():
    module = _example("flash_attention.mlir")
    inputs = make_inputs(find_function(module, "flash_attn_cube"), seed=2)
    q, kt, v, p, _, _ = (x.astype(np.float32) for x in inputs)
    out = _run(module, "flash_attn_cube", inputs)
    np.testing.assert_allclose(out[4], q @ kt, rtol=1e-5, atol=1e-4)
    for j in range(4):
        block = slice(64 * j, 64 * j + 64)
        np.testing.assert_allclose(out[5][block], p[:, block] @ v[block], rtol=1e-5, atol=1e-4)


def test_flash_attention_vector_online_softmax():
    module = _example("flash_attention.mlir")
    s, o_part, p, out = make_inputs(find_function(module, "flash_attn_vec"), seed=4)
    got = _run(module, "flash_attn_vec", [s, o_part, p, out])
    # The kernel's recurrence over the 4 blocks, in f64: running row max m,
    # running row sum l of exp(s - m), output rescaled by alpha = exp(m_old - m).
    scaled = s.astype(np.float64) * np.float64(np.float32(0.0883883461))
    m_i, l_i, o_i = np.full((64, 1), -1e30), np.zeros((64, 1)), np.zeros((64, 128))
    for j in range(4):
        blk = scaled[:, 64 * j : 64 * j + 64]
        m_new = np.maximum(m_i, blk.max(axis=1, keepdims=True))
        alpha = np.exp(m_i - m_new)
        p_j = np.exp(blk - m_new)
        np.testing.assert_allclose(got[2][:, 64 * j : 64 * j + 64], p_j, rtol=1e-3)  # f16 P
        l_i = alpha * l_i + p_j.sum(axis=1, keepdims=True)
        o_i = o_i * alpha + o_part[64 * j : 64 * j + 64]
        m_i = m_new
    np.testing.assert_allclose(got[3], o_i / l_i, rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.mlir")))
def test_every_planned_example_passes_the_differential_check(name):
    module = _example(name)
    planned = _plan(module)
    for seed in (0, 1):
        assert differential_check(module, planned, seed=seed) == []


# ----- corrupted plans are caught, with the culprit named ------------------------------


def test_buffer_moved_onto_a_live_one_is_caught_and_named():
    module = _example("softmax.mlir")
    planned = _plan(module)
    # @mem_vec_2 (256 bytes: %row_max, later %row_sum) moved into %x's buffer
    # @mem_vec_0 (bytes [0, 32768)), 128 bytes in: row_max writes its result
    # over %x while it reads %x, and row_expand_sub reads %x afterwards.
    _alloc(planned, "mem_vec_2").addr = IntAttr(128)
    found = differential_check(module, planned)
    assert len(found) == 1
    m = found[0]
    assert (m.function, m.arg_index, m.arg_name) == ("softmax", 1, "output")
    assert m.index == (0, 0)
    assert m.expected != m.got
    assert m.store is not None and m.store.name == "tile.store"
    assert m.source is not None and m.source.name == "tile.row_expand_div"
    # The first read of corrupted bytes: row_max itself reading %x where its
    # own result (not in-place safe) lands.
    d = m.divergence
    assert d is not None
    assert d.reader.name == "tile.row_max" and d.value.name_hint == "x"
    assert d.index == (0, 32)  # byte 128 of %x = element [0, 32]
    assert d.writer is d.reader
    msg = m.message()
    assert msg.startswith("@softmax: %output[0, 0] expected ")
    assert "the stored bytes were last written by tile.row_expand_div (%result) at " in msg
    assert "first corrupted read: tile.row_max (%row_max) at " in msg
    assert "read %x[0, 32] = " in msg
    assert "those bytes were last written by tile.row_max (%row_max) at " in msg
    assert "softmax.mlir:25:" in msg  # the row_max line of examples/softmax.mlir


def test_result_on_a_forbidden_operand_is_caught():
    # tile.recip is not in-place safe: a plan that puts %r on %a's bytes
    # (what verify-memory-plan rejects) reads clobbered input.
    text = """
func.func @k(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  tile.alloc @mem_vec_0 in vec size 4096 addr 0
  tile.alloc @mem_vec_1 in vec size 4096 addr ADDR
  %c0 = arith.constant 0 : index
  %a = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>
  %r = tile.recip %a : (!tile.tile<32x32xf32, vec, memref = <@mem_vec_0, offset = 0, size = 4096>>) -> !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>
  tile.store %r, %out[%c0, %c0] : !tile.tile<32x32xf32, vec, memref = <@mem_vec_1, offset = 0, size = 4096>>, memref<32x32xf32>
  func.return
}
"""
    good = _parse(text.replace("ADDR", "4096"), "recip.mlir")
    assert differential_check(good, good) == []
    bad = _parse(text.replace("ADDR", "2048"), "recip.mlir")
    found = differential_check(good, bad)
    assert [(m.arg_name, m.index) for m in found] == [("out", (16, 0))]
    d = found[0].divergence
    assert d is not None and d.reader.name == "tile.recip" and d.writer is d.reader
    assert d.index == (16, 0)


CLOBBERED_STORE = """
func.func @clobber(%a: memref<8x8xf32>, %b: memref<8x8xf32>, %out: memref<8x8xf32>, %out2: memref<8x8xf32>) {
  tile.alloc @mem_vec_0 in vec size 256 addr 0
  tile.alloc @mem_vec_1 in vec size 256 addr 256
  tile.alloc @mem_vec_2 in vec size 256 addr 512
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<8x8xf32> -> !tile.tile<8x8xf32, vec, memref = <@mem_vec_0, offset = 0, size = 256>>
  %y = tile.load %b[%c0, %c0] : memref<8x8xf32> -> !tile.tile<8x8xf32, vec, memref = <@mem_vec_1, offset = 0, size = 256>>
  %s = tile.add %x, %y : (!tile.tile<8x8xf32, vec, memref = <@mem_vec_0, offset = 0, size = 256>>, !tile.tile<8x8xf32, vec, memref = <@mem_vec_1, offset = 0, size = 256>>) -> !tile.tile<8x8xf32, vec, memref = <@mem_vec_2, offset = 0, size = 256>>
  %e = tile.exp %y : (!tile.tile<8x8xf32, vec, memref = <@mem_vec_1, offset = 0, size = 256>>) -> !tile.tile<8x8xf32, vec, memref = <@mem_vec_BAD, offset = 0, size = 256>>
  tile.store %e, %out2[%c0, %c0] : !tile.tile<8x8xf32, vec, memref = <@mem_vec_BAD, offset = 0, size = 256>>, memref<8x8xf32>
  tile.store %s, %out[%c0, %c0] : !tile.tile<8x8xf32, vec, memref = <@mem_vec_2, offset = 0, size = 256>>, memref<8x8xf32>
  func.return
}
"""


def test_store_names_the_op_that_clobbered_its_bytes():
    correct = _parse(CLOBBERED_STORE.replace("mem_vec_BAD", "mem_vec_0"), "clobber.mlir")
    wrong = _parse(CLOBBERED_STORE.replace("mem_vec_BAD", "mem_vec_2"), "clobber.mlir")
    assert differential_check(correct, correct) == []
    found = differential_check(correct, wrong)
    assert [(m.arg_name, m.index) for m in found] == [("out", (0, 0))]
    m = found[0]
    assert m.source is not None and m.source.name == "tile.exp"
    # The first read of the clobbered bytes is the store itself.
    assert m.divergence is not None and m.divergence.reader is m.store
    assert m.divergence.value.name_hint == "s" and m.divergence.writer is m.source
    assert m.message().startswith("@clobber: %out[0, 0] expected ")
    assert "; the stored bytes were last written by tile.exp (%e) at clobber.mlir:10:" in m.message()


LOOP = """
func.func @loop(%a: memref<8x8xf32>, %out: memref<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %x = tile.load %a[%c0, %c0] : memref<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %x) -> (!tile.tile<8x8xf32, vec>) {
    %n = tile.add %acc, %x : (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec>
    scf.yield %n : !tile.tile<8x8xf32, vec>
  }
  tile.store %r, %out[%c0, %c0] : !tile.tile<8x8xf32, vec>, memref<8x8xf32>
  func.return
}
"""


def test_loop_carry_is_four_times_the_input():
    a = np.arange(64, dtype=np.float32).reshape(8, 8) / 8
    out = _both(LOOP, "loop", [a, np.zeros((8, 8), np.float32)])
    np.testing.assert_array_equal(out[1], 4 * a)


def test_iter_arg_on_another_buffer_than_its_init_is_caught():
    module = _parse(LOOP)
    planned = _plan(module)
    assert differential_check(module, planned) == []
    loop = next(op for op in planned.walk() if isinstance(op, scf.ForOp))
    acc = loop.body.block.args[1]
    spare = AllocOp("mem_vec_spare", MemorySpace.VEC, 256, 4096)
    first = next(op for op in planned.walk() if isinstance(op, AllocOp))
    Rewriter.insert_op(spare, InsertPoint.before(first))
    t = acc.type
    assert isinstance(t, TileType)
    Rewriter.replace_value_with_new_type(acc, t.with_memref(t.get_memref().with_root("mem_vec_spare")))
    found = differential_check(module, planned)
    assert len(found) == 1
    div = found[0].divergence
    assert div is not None and div.reader.name == "tile.add" and div.value.name_hint == "acc"
    assert div.writer is None  # the spare buffer was never written
    assert "never written" in found[0].message()


# A tile.sel whose tmp (operand 3) is a written workspace, defined here only:
# no dialect op declares Workspace today, so the interpreter must find it
# through the trait alone.
@irdl_op_definition
class SelWithWorkspaceOp(TileComputeOp):
    name = "tile.test_sel_ws"
    mask = operand_def(TileType)
    lhs = operand_def(TileType)
    rhs = operand_def(TileType)
    tmp = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(ResultSpace(MemorySpace.VEC), NoAlias(0), NoAlias(3), Workspace(3))


register_tile_op(SelWithWorkspaceOp, SEMANTICS[SelOp])

WORKSPACE = """
func.func @ws(%m: memref<8x8xf32>, %a: memref<8x8xf32>, %out: memref<8x8xf32>, %out2: memref<8x8xf32>) {
  tile.alloc @mem_vec_0 in vec size 256 addr 0
  tile.alloc @mem_vec_1 in vec size 256 addr 256
  tile.alloc @mem_vec_2 in vec size 256 addr 512
  %c0 = arith.constant 0 : index
  %mask = tile.load %m[%c0, %c0] : memref<8x8xf32> -> !tile.tile<8x8xf32, vec, memref = <@mem_vec_0, offset = 0, size = 256>>
  %x = tile.load %a[%c0, %c0] : memref<8x8xf32> -> !tile.tile<8x8xf32, vec, memref = <@mem_vec_1, offset = 0, size = 256>>
  %r = tile.sel %mask, %x, %mask, %x : (!tile.tile<8x8xf32, vec, memref = <@mem_vec_0, offset = 0, size = 256>>, !tile.tile<8x8xf32, vec, memref = <@mem_vec_1, offset = 0, size = 256>>, !tile.tile<8x8xf32, vec, memref = <@mem_vec_0, offset = 0, size = 256>>, !tile.tile<8x8xf32, vec, memref = <@mem_vec_1, offset = 0, size = 256>>) -> !tile.tile<8x8xf32, vec, memref = <@mem_vec_2, offset = 0, size = 256>>
  tile.store %r, %out[%c0, %c0] : !tile.tile<8x8xf32, vec, memref = <@mem_vec_2, offset = 0, size = 256>>, memref<8x8xf32>
  tile.store %x, %out2[%c0, %c0] : !tile.tile<8x8xf32, vec, memref = <@mem_vec_1, offset = 0, size = 256>>, memref<8x8xf32>
  func.return
}
"""


def _with_workspace_sel(module: ModuleOp) -> ModuleOp:
    sel = next(op for op in module.walk() if isinstance(op, SelOp))
    new = SelWithWorkspaceOp.create(operands=list(sel.operands), result_types=[sel.result.type])
    new.result.name_hint = sel.result.name_hint
    new.location = sel.location
    Rewriter.replace_op(sel, new)
    return module


def test_written_workspace_is_scribbled_and_blamed():
    plain = _parse(WORKSPACE, "ws.mlir")
    assert differential_check(plain, plain) == []  # tmp without Workspace: never written
    ws = _with_workspace_sel(_parse(WORKSPACE, "ws.mlir"))
    found = differential_check(plain, ws)
    # %r is right (the sel reads before it scribbles); %x, stored after the
    # sel scribbled its tmp bytes, is not.
    assert [(m.arg_name, m.index) for m in found] == [("out2", (0, 0))]
    assert found[0].source is not None and found[0].source.name == "tile.test_sel_ws"
    assert "last written by tile.test_sel_ws (%r)" in found[0].message()


# ----- per-op semantics, hand-computed, in both modes ------------------------------


def _vec_kernel(body: str, args: str) -> str:
    return f"func.func @k({args}) {{\n  %c0 = arith.constant 0 : index\n{body}\n  func.return\n}}\n"


def test_row_max_and_row_expand_sub():
    text = _vec_kernel(
        """  %c1 = arith.constant 1 : index
  %x = tile.load %a[%c0, %c0] : memref<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %tmp = tile.create : !tile.tile<8x8xf32, vec>
  %m = tile.row_max %x, %tmp : (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) -> !tile.tile<8x1xf32, vec>
  %d = tile.row_expand_sub %x, %m : (!tile.tile<8x8xf32, vec>, !tile.tile<8x1xf32, vec>) -> !tile.tile<8x8xf32, vec>
  tile.store %m, %om[%c0, %c0] : !tile.tile<8x1xf32, vec>, memref<8x1xf32>
  tile.store %d, %od[%c0, %c0] : !tile.tile<8x8xf32, vec>, memref<8x8xf32>""",
        "%a: memref<8x8xf32>, %om: memref<8x1xf32>, %od: memref<8x8xf32>",
    )
    a = np.zeros((8, 8), np.float32)
    a[:, 0] = np.arange(8)  # row i: i, 0, ..., 0 and a -1 at column 7
    a[:, 7] = -1
    a[3, 5] = 9.5
    out = _both(text, "k", [a, np.zeros((8, 1), np.float32), np.zeros((8, 8), np.float32)])
    want_max = np.array([[0], [1], [2], [9.5], [4], [5], [6], [7]], np.float32)
    np.testing.assert_array_equal(out[1], want_max)
    np.testing.assert_array_equal(out[2][3], [3 - 9.5, -9.5, -9.5, -9.5, -9.5, 0, -9.5, -10.5])
    np.testing.assert_array_equal(out[2][6], [0, -6, -6, -6, -6, -6, -6, -7])


CAST = _vec_kernel(
    """  %h = tile.cast %x {mode = "MODE"} : (!tile.tile<1x16xf32, vec>) -> !tile.tile<1x16xf16, vec>
  tile.store %h, %o[%c0, %c0] : !tile.tile<1x16xf16, vec>, memref<1x16xf16>""",
    "%a: memref<1x16xf32>, %o: memref<1x16xf16>",
).replace(
    "  %h =",
    "  %x = tile.load %a[%c0, %c0] : memref<1x16xf32> -> !tile.tile<1x16xf32, vec>\n  %h =",
)

ULP = 2.0**-10  # f16 spacing in [1, 2)
CAST_IN = [1 + ULP / 2, -(1 + ULP / 2), 1 + 3 * ULP / 2, 1 + ULP / 4, 70000.0, -2.5]


@pytest.mark.parametrize(
    "mode, want",
    [
        ("none", [1, -1, 1 + 2 * ULP, 1, np.inf, -2.5]),
        ("rint", [1, -1, 1 + 2 * ULP, 1, np.inf, -2.5]),
        ("round", [1 + ULP, -(1 + ULP), 1 + 2 * ULP, 1, np.inf, -2.5]),
        ("floor", [1, -(1 + ULP), 1 + ULP, 1, 65504, -2.5]),
        ("ceil", [1 + ULP, -1, 1 + 2 * ULP, 1 + ULP, np.inf, -2.5]),
        ("trunc", [1, -1, 1 + ULP, 1, 65504, -2.5]),
        ("odd", [1 + ULP, -(1 + ULP), 1 + ULP, 1 + ULP, 65504, -2.5]),
    ],
)
def test_cast_f32_to_f16_rounding_modes(mode, want):
    a = np.zeros((1, 16), np.float32)
    a[0, : len(CAST_IN)] = CAST_IN
    out = _both(CAST.replace("MODE", mode), "k", [a, np.zeros((1, 16), np.float16)])[1]
    np.testing.assert_array_equal(out[0, : len(want)], np.array(want, np.float16))


def test_casts_to_integers_and_bf16():
    x = np.array([2.5, -2.5, 3.7, -3.7, 300.0, np.nan], np.float32)
    assert convert(x, np.dtype(np.int8), "rint").tolist() == [2, -2, 4, -4, 127, 0]
    assert convert(x, np.dtype(np.int8), "round").tolist() == [3, -3, 4, -4, 127, 0]
    assert convert(x, np.dtype(np.int8), "floor").tolist() == [2, -3, 3, -4, 127, 0]
    assert convert(x, np.dtype(np.uint8), "trunc").tolist() == [2, 0, 3, 0, 255, 0]
    assert convert(x[:4], np.dtype(np.float32), "floor").tolist() == [2, -3, 3, -4]
    bf = convert(np.array([1 + 2.0**-8], np.float32), np.dtype(ml_dtypes.bfloat16), "ceil")
    assert bf.dtype == ml_dtypes.bfloat16 and float(bf[0]) == 1 + 2.0**-7


def test_slice_reads_a_strided_window():
    text = _vec_kernel(
        """  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %x = tile.load %a[%c0, %c0] : memref<8x16xf32> -> !tile.tile<8x16xf32, vec>
  %s = tile.slice %x, %c2, %c8 : (!tile.tile<8x16xf32, vec>, index, index) -> !tile.tile<4x8xf32, vec>
  %ss = tile.slice %s, %c1, %c0 : (!tile.tile<4x8xf32, vec>, index, index) -> !tile.tile<2x8xf32, vec>
  %n = tile.neg %ss : (!tile.tile<2x8xf32, vec>) -> !tile.tile<2x8xf32, vec>
  tile.store %s, %o[%c0, %c0] : !tile.tile<4x8xf32, vec>, memref<4x8xf32>
  tile.store %n, %o2[%c0, %c0] : !tile.tile<2x8xf32, vec>, memref<2x8xf32>""",
        "%a: memref<8x16xf32>, %o: memref<4x8xf32>, %o2: memref<2x8xf32>",
    )
    a = np.arange(128, dtype=np.float32).reshape(8, 16)
    out = _both(text, "k", [a, np.zeros((4, 8), np.float32), np.zeros((2, 8), np.float32)])
    np.testing.assert_array_equal(out[1], [list(range(16 * r + 8, 16 * r + 16)) for r in (2, 3, 4, 5)])
    np.testing.assert_array_equal(out[2], -a[3:5, 8:16])
    planned = _plan(_parse(text))
    ss = next(op for op in planned.walk() if op.results and op.results[0].name_hint == "ss")
    # Row 3, column 8 of the 64-byte-pitch root: byte (3 * 16 + 8) * 4 = 224.
    assert ss.results[0].type.get_memref().offset.data == 224


def test_transpose():
    text = _vec_kernel(
        """  %x = tile.load %a[%c0, %c0] : memref<8x16xf32> -> !tile.tile<8x16xf32, vec>
  %tmp = tile.create : !tile.tile<8x16xf32, vec>
  %t = tile.transpose %x, %tmp : (!tile.tile<8x16xf32, vec>, !tile.tile<8x16xf32, vec>) -> !tile.tile<16x8xf32, vec>
  tile.store %t, %o[%c0, %c0] : !tile.tile<16x8xf32, vec>, memref<16x8xf32>""",
        "%a: memref<8x16xf32>, %o: memref<16x8xf32>",
    )
    a = np.arange(128, dtype=np.float32).reshape(8, 16)
    out = _both(text, "k", [a, np.zeros((16, 8), np.float32)])[1]
    assert out[0].tolist() == [0, 16, 32, 48, 64, 80, 96, 112]
    assert out[15].tolist() == [15, 31, 47, 63, 79, 95, 111, 127]


MATMUL_ACC = """
func.func @k(%l: memref<16x16xf16>, %r: memref<16x16xf16>, %c: memref<16x16xf32>, %init: i1) {
  %c0 = arith.constant 0 : index
  %lm = tile.load %l[%c0, %c0] : memref<16x16xf16> -> !tile.tile<16x16xf16, mat>
  %rm = tile.load %r[%c0, %c0] : memref<16x16xf16> -> !tile.tile<16x16xf16, mat>
  %ll = tile.move %lm : (!tile.tile<16x16xf16, mat>) -> !tile.tile<16x16xf16, left>
  %rr = tile.move %rm : (!tile.tile<16x16xf16, mat>) -> !tile.tile<16x16xf16, right>
  %acc = tile.matmul %ll, %rr : (!tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>) -> !tile.tile<16x16xf32, acc>
  %acc2 = tile.matmul_acc %acc, %ll, %rr, %init : (!tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>, i1) -> !tile.tile<16x16xf32, acc>
  tile.store %acc2, %c[%c0, %c0] : !tile.tile<16x16xf32, acc>, memref<16x16xf32>
  func.return
}
"""


@pytest.mark.parametrize("init, factor", [(True, 1), (False, 2)])
def test_matmul_acc_init_cond(init, factor):
    lhs = np.eye(16, dtype=np.float16) * np.float16(1.5)
    rhs = np.arange(256, dtype=np.float16).reshape(16, 16) / np.float16(4)
    inputs = [lhs, rhs, np.zeros((16, 16), np.float32), np.array(init)]
    out = _both(MATMUL_ACC, "k", inputs)[2]
    # init_cond true: lhs @ rhs; false: acc + lhs @ rhs with acc = lhs @ rhs.
    np.testing.assert_array_equal(out, factor * 1.5 * rhs.astype(np.float32))


def test_cmp_packed_mask_and_select():
    shape = (2, 16)
    cond = np.zeros(shape, bool)
    cond[0, [0, 3, 9]] = True
    cond[1, 15] = True
    packed = mask_tile(cond, (2, 2), np.dtype(np.uint8))
    assert packed.tolist() == [[0b1001, 0b10], [0, 0b10000000]]
    np.testing.assert_array_equal(mask_condition(packed, shape), cond)
    with pytest.raises(InterpError, match="bits per row"):
        mask_condition(packed[:, :1], shape)
    text = _vec_kernel(
        """  %x = tile.load %a[%c0, %c0] : memref<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %y = tile.load %b[%c0, %c0] : memref<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %tmp = tile.create : !tile.tile<8x8xf32, vec>
  %m = tile.cmp %x, %y {cmp_mode = "gt"} : (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) -> !tile.tile<8x32xi8, vec>
  %mx = tile.sel %m, %x, %y, %tmp : (!tile.tile<8x32xi8, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec>
  tile.store %mx, %o[%c0, %c0] : !tile.tile<8x8xf32, vec>, memref<8x8xf32>""",
        "%a: memref<8x8xf32>, %b: memref<8x8xf32>, %o: memref<8x8xf32>",
    )
    module = _parse(text)
    a, b, o = make_inputs(find_function(module, "k"), seed=5)
    out = _both(text, "k", [a, b, o])[2]
    np.testing.assert_array_equal(out, np.maximum(a, b))


def test_integer_division_truncates_and_wraps():
    text = _vec_kernel(
        """  %x = tile.load %a[%c0, %c0] : memref<1x32xi8> -> !tile.tile<1x32xi8, vec>
  %y = tile.load %b[%c0, %c0] : memref<1x32xi8> -> !tile.tile<1x32xi8, vec>
  %q = tile.div %x, %y : (!tile.tile<1x32xi8, vec>, !tile.tile<1x32xi8, vec>) -> !tile.tile<1x32xi8, vec>
  %p = tile.mul %x, %y : (!tile.tile<1x32xi8, vec>, !tile.tile<1x32xi8, vec>) -> !tile.tile<1x32xi8, vec>
  tile.store %q, %oq[%c0, %c0] : !tile.tile<1x32xi8, vec>, memref<1x32xi8>
  tile.store %p, %op[%c0, %c0] : !tile.tile<1x32xi8, vec>, memref<1x32xi8>""",
        "%a: memref<1x32xi8>, %b: memref<1x32xi8>, %oq: memref<1x32xi8>, %op: memref<1x32xi8>",
    )
    a = np.zeros((1, 32), np.int8)
    b = np.ones((1, 32), np.int8)
    a[0, :4], b[0, :4] = [7, -7, 7, 100], [2, 2, 0, 3]
    z = np.zeros((1, 32), np.int8)
    q, p = _both(text, "k", [a, b, z, z.copy()])[2:]
    assert q[0, :4].tolist() == [3, -3, 0, 33]
    assert p[0, :4].tolist() == [14, -14, 0, 44]  # 100 * 3 = 300 wraps to 44


# ----- inputs, modes and errors -------------------------------------------------------


def test_make_inputs_is_seeded_and_typed():
    module = _example("matmul_k.mlir")
    fn = find_function(module, "matmul_k")
    first, again, other = make_inputs(fn, 7), make_inputs(fn, 7), make_inputs(fn, 8)
    assert [x.shape for x in first] == [(128, 512), (512, 128), (128, 128)]
    assert [x.dtype for x in first] == [np.float16, np.float16, np.float32]
    assert all(np.array_equal(x, y) for x, y in zip(first, again))
    assert not np.array_equal(first[0], other[0])
    assert -2 <= float(first[0].min()) and float(first[0].max()) <= 2
    scalars = make_inputs(_parse(MATMUL_ACC).body.block.first_op, 0)  # type: ignore[arg-type]
    assert scalars[3].shape == () and scalars[3].dtype == np.bool_


def test_run_function_copies_its_inputs():
    module = _example("elementwise.mlir")
    inputs = make_inputs(find_function(module, "elementwise"), 0)
    before = [x.copy() for x in inputs]
    result = run_function(module, "elementwise", inputs, mode="logical")
    assert all(np.array_equal(x, y) for x, y in zip(inputs, before))
    assert not np.array_equal(result.outputs[2], inputs[2])
    stored_by = result.writers.stored_by[2]
    assert stored_by is not None and (stored_by >= 0).all()
    assert result.writers.store_of(2, (5, 5)).name == "tile.store"  # type: ignore[union-attr]


def test_physical_mode_needs_a_planned_module():
    module = _example("softmax.mlir")
    inputs = make_inputs(find_function(module, "softmax"), 0)
    with pytest.raises(InterpError, match="needs a planned module.*%x.*pto-plan-memory"):
        run_function(module, "softmax", inputs, mode="physical")
    planned = _plan(module)
    for a in planned.walk():
        if isinstance(a, AllocOp):
            a.addr = None  # type: ignore[assignment]
    with pytest.raises(InterpError, match="has none .run allocate-memory-addr first"):
        run_function(planned, "softmax", inputs, mode="physical")


def test_physical_mode_takes_the_backend_from_the_module():
    module = _example("softmax.mlir")
    planned = _plan(module)
    assert planned.attributes["pto.target_arch"] == builtin.StringAttr("a3")
    inputs = make_inputs(find_function(module, "softmax"), 0)
    result = run_function(planned, "softmax", inputs, mode="physical")
    assert result.memory is not None and len(result.memory[MemorySpace.VEC]) == 184 * 1024
    a5 = run_function(planned, "softmax", inputs, mode="physical", backend="a5")
    assert a5.memory is not None and len(a5.memory[MemorySpace.VEC]) == 240 * 1024
    with pytest.raises(InterpError, match="unknown backend 'z9'"):
        run_function(planned, "softmax", inputs, mode="physical", backend="z9")


def test_tile_past_its_capacity_is_a_layout_error():
    module = _example("softmax.mlir")
    planned = _plan(module)
    _alloc(planned, "mem_vec_0").addr = IntAttr(184 * 1024 - 1024)
    inputs = make_inputs(find_function(module, "softmax"), 0)
    with pytest.raises(LayoutError, match="outside its capacity of 188416 bytes"):
        run_function(planned, "softmax", inputs, mode="physical")


def test_scf_while_and_unknown_ops_are_refused():
    text = """
func.func @w(%a: memref<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %r = scf.while (%i = %c0) : (index) -> index {
    %c = arith.cmpi slt, %i, %c0 : index
    scf.condition(%c) %i : index
  } do {
  ^bb0(%j: index):
    scf.yield %j : index
  }
  func.return
}
"""
    with pytest.raises(InterpError, match="scf.while is not supported"):
        run_function(_parse(text), "w", [np.zeros((8, 8), np.float32)], mode="logical")
    unknown = """
func.func @u(%a: memref<8x8xf32>, %n: index) {
  %c2 = arith.constant 2 : index
  %q = arith.ceildivsi %n, %c2 : index
  func.return
}
"""
    with pytest.raises(InterpError, match="no interpreter implementation for arith.ceildivsi"):
        run_function(_parse(unknown), "u", [np.zeros((8, 8), np.float32), np.array(3)], mode="logical")


def test_bad_inputs_and_windows_are_refused():
    module = _example("softmax.mlir")
    with pytest.raises(InterpError, match="takes 2 arguments, got 1"):
        run_function(module, "softmax", [np.zeros((64, 128), np.float32)], mode="logical")
    with pytest.raises(InterpError, match="memref<64x128xf32>, got an array float64"):
        run_function(module, "softmax", [np.zeros((64, 128)), np.zeros((64, 128))], mode="logical")
    with pytest.raises(InterpError, match="unknown mode"):
        run_function(module, "softmax", [], mode="quantum")
    text = """
func.func @win(%a: memref<16x8xf32>, %o: memref<16x8xf32>, %i: index) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%i, %c0] : memref<16x8xf32> -> !tile.tile<8x8xf32, vec>
  tile.store %x, %o[%c0, %c0] : !tile.tile<8x8xf32, vec>, memref<16x8xf32>
  func.return
}
"""
    z = np.zeros((16, 8), np.float32)
    assert _run(_parse(text), "win", [z, z, np.array(8)]) is not None
    with pytest.raises(InterpError, match=r"tile.load: window \[9, 17\) on axis 0 is outside"):
        run_function(_parse(text), "win", [z, z, np.array(9)], mode="logical")


def test_scalar_arith_feeds_tiles():
    text = """
func.func @k(%o: memref<8x8xf32>, %x: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  %h = arith.divf %x, %two : f32
  %m = arith.negf %h : f32
  %t = tile.full %m : (f32) -> !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> (!tile.tile<8x8xf32, vec>) {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %next = tile.adds %acc, %f : (!tile.tile<8x8xf32, vec>, f32) -> !tile.tile<8x8xf32, vec>
    scf.yield %next : !tile.tile<8x8xf32, vec>
  }
  tile.store %r, %o[%c0, %c0] : !tile.tile<8x8xf32, vec>, memref<8x8xf32>
  func.return
}
"""
    out = _both(text, "k", [np.zeros((8, 8), np.float32), np.array(3.0, np.float32), np.array(4)])
    np.testing.assert_array_equal(out[0], np.full((8, 8), -1.5 + 0 + 1 + 2 + 3, np.float32))


def test_row_sum_of_a_broadcast_rounds_alike_in_both_modes():
    """Found by the fuzzer: numpy's pairwise sum rounded a broadcast array
    (logical col_expand) differently from the same values in bytes (physical
    run), a false mismatch in the last bit. Both modes now reduce C-contiguous
    copies, so the row sums are bit-identical."""
    text = """
func.func @k(%a: memref<32x128xf32>, %b: memref<1x128xf32>, %out: memref<32x1xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<32x128xf32> -> !tile.tile<32x128xf32, vec>
  %r = tile.load %b[%c0, %c0] : memref<1x128xf32> -> !tile.tile<1x128xf32, vec>
  %e = tile.col_expand %x, %r : (!tile.tile<32x128xf32, vec>, !tile.tile<1x128xf32, vec>) -> !tile.tile<32x128xf32, vec>
  %tmp = tile.create : !tile.tile<32x128xf32, vec>
  %s = tile.row_sum %e, %tmp : (!tile.tile<32x128xf32, vec>, !tile.tile<32x128xf32, vec>) -> !tile.tile<32x1xf32, vec>
  tile.store %s, %out[%c0, %c0] : !tile.tile<32x1xf32, vec>, memref<32x1xf32>
  func.return
}
"""
    row = np.random.default_rng(29).uniform(-2, 2, (1, 128)).astype(np.float32)
    inputs = [np.zeros((32, 128), np.float32), row, np.zeros((32, 1), np.float32)]
    out = _both(text, "k", inputs)[2]
    want = np.ascontiguousarray(np.broadcast_to(row, (32, 128))).sum(axis=1, keepdims=True)
    assert out.tobytes() == want.astype(np.float32).tobytes()
