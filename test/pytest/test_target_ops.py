"""The target-aware vector ops (sels, prelu, rem, rems, fmod, fmods) and the
cross-core pipe ops (tpop_from_aic/aiv, tpush_to_aic/aiv) in the
interpreter: exact values of the numpy semantics in both run modes, the
target-aware no-alias rules the physical mode follows, deterministic pops and
pushes compared by the differential check."""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.dialects.builtin import ModuleOp

from xdsl_pto.backends import BACKENDS
from xdsl_pto.dialects.tile.target_ops import FmodOp, PreluOp, RemOp, RemsOp, SelsOp
from xdsl_pto.interp import differential_check, make_inputs, run_function
from xdsl_pto.interp.inputs import pipe_tile
from xdsl_pto.interp.opinfo import op_meta
from xdsl_pto.interp.runner import find_function
from xdsl_pto.tools.session import parse_module, run_pipeline
from xdsl_pto.verify.memory_plan import verify_module

F32 = "!tile.tile<2x8xf32, vec>"
I32 = "!tile.tile<2x8xi32, vec>"


def _kernel(body: str, args: str) -> str:
    return f"func.func @k({args}) {{\n  %c0 = arith.constant 0 : index\n{body}\n  func.return\n}}\n"


def _plan(module: ModuleOp, backend: str) -> ModuleOp:
    planned = module.clone()
    run_pipeline(planned, f"pto-plan-memory{{backend={backend}}}")
    return planned


def _both(text: str, inputs: list[np.ndarray]) -> list[np.ndarray]:
    """Run ``@k`` logically and, planned for a3 and for a5, physically;
    assert all three agree bitwise (GM outputs and pushes) and return the
    logical outputs."""
    module = parse_module(text, "k.mlir")
    logical = run_function(module, "k", inputs, mode="logical")
    for backend in ("a3", "a5"):
        physical = run_function(_plan(module, backend), "k", inputs, mode="physical")
        for want, got in zip(logical.outputs, physical.outputs):
            assert want.tobytes() == got.tobytes()
        assert [p.tobytes() for p in logical.pushes] == [p.tobytes() for p in physical.pushes]
    return logical.outputs


def _binary_kernel(op: str, elem: str, cols: int = 8) -> str:
    g = f"memref<2x{cols}x{elem}>"
    t = f"!tile.tile<2x{cols}x{elem}, vec>"
    tmp = f"  %t = tile.create : {t}\n" if op == "rem" else ""
    extra, types = (", %t", f", {t}") if op == "rem" else ("", "")
    return _kernel(
        f"  %x = tile.load %a[%c0, %c0] : {g} -> {t}\n"
        f"  %y = tile.load %b[%c0, %c0] : {g} -> {t}\n{tmp}"
        f"  %r = tile.{op} %x, %y{extra} : ({t}, {t}{types}) -> {t}\n"
        f"  tile.store %r, %o[%c0, %c0] : {t}, {g}",
        f"%a: {g}, %b: {g}, %o: {g}",
    )


def _scalar_kernel(op: str, elem: str) -> str:
    t = f"!tile.tile<2x8x{elem}, vec>"
    tmp = f"  %t = tile.create : {t}\n" if op == "rems" else ""
    extra, types = (", %t", f", {t}") if op == "rems" else ("", "")
    return _kernel(
        f"  %x = tile.load %a[%c0, %c0] : memref<2x8x{elem}> -> {t}\n{tmp}"
        f"  %r = tile.{op} %x, %s{extra} : ({t}, {elem}{types}) -> {t}\n"
        f"  tile.store %r, %o[%c0, %c0] : {t}, memref<2x8x{elem}>",
        f"%a: memref<2x8x{elem}>, %s: {elem}, %o: memref<2x8x{elem}>",
    )


# Dividends and divisors covering every sign combination, a fractional
# remainder, a zero dividend, and an exact multiple.
A = np.array([[5, -5, 5, -5, 7.5, -7.5, 0, 6], [1, -1, 2.5, -2.5, 9, -9, 3, -3]], np.float32)
B = np.array([[3, 3, -3, -3, 2, 2, 5, 3], [4, 4, 1, 1, -4, -4, 2, 2]], np.float32)
REMAINDER = [[2, 1, -1, -2, 1.5, 0.5, 0, 0], [1, 3, 0.5, 0.5, -3, -1, 1, 1]]
FMOD = [[2, -2, 2, -2, 1.5, -1.5, 0, 0], [1, -1, 0.5, -0.5, 1, -1, 1, -1]]


def test_rem_takes_the_sign_of_the_divisor():
    out = _both(_binary_kernel("rem", "f32"), [A, B, np.zeros_like(A)])[2]
    assert out.tolist() == REMAINDER


def test_fmod_takes_the_sign_of_the_dividend():
    out = _both(_binary_kernel("fmod", "f32"), [A, B, np.zeros_like(A)])[2]
    assert out.tolist() == FMOD


@pytest.mark.parametrize(
    "op,divisor,want",
    [
        ("rems", 3.0, [[2, 1, 2, 1, 1.5, 1.5, 0, 0], [1, 2, 2.5, 0.5, 0, 0, 0, 0]]),
        ("rems", -3.0, [[-1, -2, -1, -2, -1.5, -1.5, 0, 0], [-2, -1, -0.5, -2.5, 0, 0, 0, 0]]),
        ("fmods", 3.0, [[2, -2, 2, -2, 1.5, -1.5, 0, 0], [1, -1, 2.5, -2.5, 0, 0, 0, 0]]),
        ("fmods", -3.0, [[2, -2, 2, -2, 1.5, -1.5, 0, 0], [1, -1, 2.5, -2.5, 0, 0, 0, 0]]),
    ],
)
def test_scalar_remainders(op: str, divisor: float, want: list[list[float]]):
    out = _both(_scalar_kernel(op, "f32"), [A, np.float32(divisor), np.zeros_like(A)])[2]
    assert out.tolist() == want


def test_integer_remainders_by_zero_are_zero():
    a = np.array([[7, -7, 7, -7, 0, 5, 9, -9], [1, 2, 3, 4, 5, 6, 7, 8]], np.int32)
    b = np.array([[2, 2, -2, -2, 3, 0, 4, 4], [0, 0, 0, 0, 5, 4, 3, 2]], np.int32)
    rem = _both(_binary_kernel("rem", "i32"), [a, b, np.zeros_like(a)])[2]
    fmod = _both(_binary_kernel("fmod", "i32"), [a, b, np.zeros_like(a)])[2]
    assert rem.tolist() == [[1, 1, -1, -1, 0, 0, 1, 3], [0, 0, 0, 0, 0, 2, 1, 0]]
    assert fmod.tolist() == [[1, -1, 1, -1, 0, 0, 1, -1], [0, 0, 0, 0, 0, 2, 1, 0]]


def test_f16_remainder_rounds_once():
    a = np.array([[1000.5, -1000.5, 3.3, 0, 1, 2, 3, 4] * 2] * 2, np.float16)
    b = np.array([[7, 7, 1.1, 1, 1, 1, 1, 1] * 2] * 2, np.float16)
    out = _both(_binary_kernel("fmod", "f16", cols=16), [a, b, np.zeros_like(a)])[2]
    # Computed in f32 on the f16 inputs (3.3 is 3.30078125, 1.1 is 1.099609375)
    # and rounded to f16 once.
    want = np.fmod(a.astype(np.float32), b.astype(np.float32)).astype(np.float16)
    assert out.tobytes() == want.tobytes()
    assert out[0, :3].tolist() == [6.5, -6.5, np.float16(np.float32(3.30078125) - 3 * np.float32(1.099609375))]


def test_prelu():
    src = np.array([[1, -2, 0, 3, -4, -0.5, 2, -8], [-1, -1, -1, -1, 1, 1, 1, 1]], np.float32)
    slope = np.array([[0.5, 0.5, 2, 2, 0.25, 4, -1, -0.125], [0, 1, -1, 3, 0, 1, -1, 3]], np.float32)
    text = _kernel(
        f"  %x = tile.load %a[%c0, %c0] : memref<2x8xf32> -> {F32}\n"
        f"  %k = tile.load %b[%c0, %c0] : memref<2x8xf32> -> {F32}\n"
        f"  %t = tile.create : {F32}\n"
        f"  %r = tile.prelu %x, %k, %t : ({F32}, {F32}, {F32}) -> {F32}\n"
        f"  tile.store %r, %o[%c0, %c0] : {F32}, memref<2x8xf32>",
        "%a: memref<2x8xf32>, %b: memref<2x8xf32>, %o: memref<2x8xf32>",
    )
    out = _both(text, [src, slope, np.zeros_like(src)])[2]
    assert out.tolist() == [[1, -1, 0, 3, -1, -2, 2, 1], [0, -1, 1, -3, 1, 1, 1, 1]]


def test_sels_with_an_elementwise_and_a_packed_mask():
    x = np.arange(1, 17, dtype=np.float32).reshape(2, 8)
    y = np.full((2, 8), 8.5, np.float32)
    flags = np.array([[1, 0, 1, 0, 0, 0, 7, -1], [0, 0, 0, 0, 1, 1, 1, 1]], np.int32)
    text = _kernel(
        f"  %x = tile.load %a[%c0, %c0] : memref<2x8xf32> -> {F32}\n"
        f"  %y = tile.load %b[%c0, %c0] : memref<2x8xf32> -> {F32}\n"
        f"  %f = tile.load %m[%c0, %c0] : memref<2x8xi32> -> {I32}\n"
        f"  %t = tile.create : {F32}\n"
        f"  %r0 = tile.sels %f, %x, %t, %s : ({I32}, {F32}, {F32}, f32) -> {F32}\n"
        f"  tile.store %r0, %o0[%c0, %c0] : {F32}, memref<2x8xf32>\n"
        f"  %p = tile.cmp %x, %y {{cmp_mode = \"lt\"}} : ({F32}, {F32}) -> !tile.tile<2x32xui8, vec>\n"
        f"  %r1 = tile.sels %p, %x, %t, %s : (!tile.tile<2x32xui8, vec>, {F32}, {F32}, f32) -> {F32}\n"
        f"  tile.store %r1, %o1[%c0, %c0] : {F32}, memref<2x8xf32>",
        "%a: memref<2x8xf32>, %b: memref<2x8xf32>, %m: memref<2x8xi32>, %s: f32, "
        "%o0: memref<2x8xf32>, %o1: memref<2x8xf32>",
    )
    z = np.zeros_like(x)
    out = _both(text, [x, y, flags, np.float32(-1), z, z])
    assert out[4].tolist() == [[1, -1, 3, -1, -1, -1, 7, 8], [-1, -1, -1, -1, 13, 14, 15, 16]]
    assert out[5].tolist() == [[1, 2, 3, 4, 5, 6, 7, 8], [-1] * 8]


# ----- target-aware no-alias rules ------------------------------------------------


def _target_module() -> ModuleOp:
    text = _kernel(
        f"  %x = tile.load %a[%c0, %c0] : memref<2x8xf32> -> {F32}\n"
        f"  %t = tile.create : {F32}\n"
        f"  %m = tile.cmp %x, %x : ({F32}, {F32}) -> !tile.tile<2x32xui8, vec>\n"
        f"  %r0 = tile.sels %m, %x, %t, %s : (!tile.tile<2x32xui8, vec>, {F32}, {F32}, f32) -> {F32}\n"
        f"  %r1 = tile.prelu %x, %x, %t : ({F32}, {F32}, {F32}) -> {F32}\n"
        f"  %r2 = tile.rem %x, %r1, %t : ({F32}, {F32}, {F32}) -> {F32}\n"
        f"  %r3 = tile.rems %x, %s, %t : ({F32}, f32, {F32}) -> {F32}\n"
        f"  %r4 = tile.fmod %r2, %r3 : ({F32}, {F32}) -> {F32}\n"
        f"  tile.store %r0, %o[%c0, %c0] : {F32}, memref<2x8xf32>\n"
        f"  tile.store %r4, %o2[%c0, %c0] : {F32}, memref<2x8xf32>",
        "%a: memref<2x8xf32>, %s: f32, %o: memref<2x8xf32>, %o2: memref<2x8xf32>",
    )
    return parse_module(text, "k.mlir")


@pytest.mark.parametrize(
    "op_type,target,forbidden",
    [
        (SelsOp, "a3", {0}),
        (SelsOp, "a5", {0}),
        (PreluOp, None, {0, 1, 2}),
        (PreluOp, "a2", {0, 1, 2}),
        (PreluOp, "a5", {0, 1}),
        (RemOp, "a5", {0, 1, 2}),
        (RemsOp, "a3", {0, 2}),
        (FmodOp, "a5", {0, 1}),
    ],
)
def test_op_meta_follows_the_target(op_type, target, forbidden):
    op = next(o for o in _target_module().walk() if isinstance(o, op_type))
    meta = op_meta(op, target)
    assert meta.forbidden == frozenset(forbidden)
    # tmp is scratch the semantics never read; sels also overwrites it.
    assert meta.scratch == (frozenset({2}) if op_type in (SelsOp, PreluOp, RemOp, RemsOp) else frozenset())
    assert meta.workspace == ((2,) if op_type is SelsOp else ())


@pytest.mark.parametrize("backend", ["a3", "a5"])
def test_planned_target_ops_are_proved(backend):
    module = _target_module()
    planned = _plan(module, backend)
    verify_module(planned, BACKENDS[backend])
    for seed in (0, 1):
        assert differential_check(module, planned, seed=seed) == []


IN_PLACE_CAST = """
module attributes {pto.target_arch = "TARGET"} {
  func.func @k(%in: memref<2x16xf32>, %out: memref<2x16xf16>) {
    tile.alloc @mem_vec_0 in vec size 128 addr 0
    %c0 = arith.constant 0 : index
    %x = tile.load %in[%c0, %c0] : memref<2x16xf32> -> !tile.tile<2x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 128>>
    %h = tile.cast %x : (!tile.tile<2x16xf32, vec, memref = <@mem_vec_0, offset = 0, size = 128>>) -> !tile.tile<2x16xf16, vec, memref = <@mem_vec_0, offset = 0, size = 64>>
    tile.store %h, %out[%c0, %c0] : !tile.tile<2x16xf16, vec, memref = <@mem_vec_0, offset = 0, size = 64>>, memref<2x16xf16>
    func.return
  }
}
"""


def test_physical_mode_takes_the_no_alias_rules_of_the_module_target():
    # A narrowing cast in place: A5 converts before it writes (allowed), A2/A3
    # do not ("a2a3", the reference's name for them, means a3).
    original = parse_module(IN_PLACE_CAST.replace("TARGET", "a5"), "cast.mlir")
    assert differential_check(original, original) == []
    a2a3 = parse_module(IN_PLACE_CAST.replace("TARGET", "a2a3"), "cast.mlir")
    found = differential_check(original, a2a3)
    assert [(m.arg_name, m.index) for m in found] == [("out", (0, 0))]
    assert found[0].source is not None and found[0].source.name == "tile.cast"


def test_fmod_in_place_reads_a_clobbered_dividend():
    text = """
func.func @k(%a: memref<2x8xf32>, %b: memref<2x8xf32>, %o: memref<2x8xf32>) {
  tile.alloc @mem_vec_0 in vec size 192 addr 0
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<2x8xf32> -> !tile.tile<2x8xf32, vec, memref = <@mem_vec_0, offset = 0, size = 64>>
  %y = tile.load %b[%c0, %c0] : memref<2x8xf32> -> !tile.tile<2x8xf32, vec, memref = <@mem_vec_0, offset = 64, size = 64>>
  %r = tile.fmod %x, %y : (!tile.tile<2x8xf32, vec, memref = <@mem_vec_0, offset = 0, size = 64>>, !tile.tile<2x8xf32, vec, memref = <@mem_vec_0, offset = 64, size = 64>>) -> !tile.tile<2x8xf32, vec, memref = <@mem_vec_0, offset = OFFSET, size = 64>>
  tile.store %r, %o[%c0, %c0] : !tile.tile<2x8xf32, vec, memref = <@mem_vec_0, offset = OFFSET, size = 64>>, memref<2x8xf32>
  func.return
}
"""
    # fmod is not in-place safe: a result on either source's bytes is written
    # while the op still reads that source.
    good = parse_module(text.replace("OFFSET", "128"), "fmod.mlir")
    assert differential_check(good, good) == []
    for offset, clobbered in (("0", "x"), ("64", "y")):
        found = differential_check(good, parse_module(text.replace("OFFSET", offset), "fmod.mlir"))
        assert [m.arg_name for m in found] == ["o"]
        d = found[0].divergence
        assert d is not None and d.reader.name == "tile.fmod" and d.writer is d.reader
        assert d.value.name_hint == clobbered and d.index == (0, 0)


# ----- cross-core pipes --------------------------------------------------------------

POP_LOOP = """
func.func @k(%o: memref<3x16x64xf32>, %o2: memref<16x64xf32>) {
  %pipe = arith.constant 0 : i32
  tile.aiv_initialize_pipe %pipe, %pipe {dir_mask = 3 : i64, slot_size = 4096 : i64}
  tile.aiv_initialize_pipe %pipe, %pipe {id = 1 : i64, dir_mask = 3 : i64, slot_size = 4096 : i64}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<16x64xf32, vec>
    %e = tile.adds %p, %one : (!tile.tile<16x64xf32, vec>, f32) -> !tile.tile<16x64xf32, vec>
    tile.store %e, %o[%i, %c0, %c0] : !tile.tile<16x64xf32, vec>, memref<3x16x64xf32>
    scf.yield
  }
  %q = tile.tpop_from_aic {id = 1 : i64, split = 0 : i64} : !tile.tile<16x64xf32, vec>
  tile.store %q, %o2[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}
"""


def _pop_loop() -> ModuleOp:
    return parse_module(POP_LOOP.replace("%one", "%c1f").replace(
        "  %c3 = arith.constant 3 : index\n",
        "  %c3 = arith.constant 3 : index\n  %c1f = arith.constant 1.0 : f32\n",
    ), "pop.mlir")


def test_tpop_is_deterministic_and_the_same_planned_and_unplanned():
    module = _pop_loop()
    inputs = make_inputs(find_function(module, "k"), 0)
    first = run_function(module, "k", inputs, mode="logical").outputs
    again = run_function(module, "k", inputs, mode="logical").outputs
    physical = run_function(_plan(module, "a3"), "k", inputs, mode="physical").outputs
    for a, b, c in zip(first, again, physical):
        assert a.tobytes() == b.tobytes() == c.tobytes()
    # The k-th pop of pipe 0 (from the cube) and the first pop of pipe 1.
    shape, f32 = (16, 64), np.dtype(np.float32)
    for k in range(3):
        want = pipe_tile(shape, f32, (0, 0, 0, k)) + np.float32(1)
        assert first[0][k].tobytes() == want.tobytes()
    assert first[1].tobytes() == pipe_tile(shape, f32, (0, 0, 1, 0)).tobytes()
    assert len({first[0][k].tobytes() for k in range(3)} | {first[1].tobytes()}) == 4
    # Another pipe seed, other tiles (the differential check passes its seed).
    other = run_function(module, "k", inputs, mode="logical", pipe_seed=7).outputs
    assert other[1].tobytes() == pipe_tile(shape, f32, (7, 0, 1, 0)).tobytes()
    assert other[1].tobytes() != first[1].tobytes()
    assert differential_check(module, _plan(module, "a3"), seed=2) == []


def test_tpop_from_aiv_is_another_pipe():
    text = """
func.func @k(%o: memref<32x32xf16>) {
  %pipe = arith.constant 0 : i32
  tile.aic_initialize_pipe %pipe, %pipe {dir_mask = 3 : i64, slot_size = 4096 : i64}
  %c0 = arith.constant 0 : index
  %m = tile.tpop_from_aiv {split = 0 : i64} : !tile.tile<32x32xf16, mat>
  tile.store %m, %o[%c0, %c0] : !tile.tile<32x32xf16, mat>, memref<32x32xf16>
  func.return
}
"""
    module = parse_module(text, "aiv.mlir")
    out = run_function(module, "k", [np.zeros((32, 32), np.float16)], mode="logical").outputs[0]
    assert out.tobytes() == pipe_tile((32, 32), np.dtype(np.float16), (0, 1, 0, 0)).tobytes()


def test_views_of_a_pop_stay_in_the_pipe_store():
    text = """
func.func @k(%o: memref<8x64xf32>, %o2: memref<4x128xf32>) {
  %pipe = arith.constant 0 : i32
  tile.aiv_initialize_pipe %pipe, %pipe {dir_mask = 3 : i64, slot_size = 4096 : i64}
  tile.alloc @mem_vec_0 in vec size 2048 addr 0
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %p = tile.tpop_from_aic {split = 1 : i64} : !tile.tile<16x64xf32, vec>
  %lo = tile.slice %p, %c8, %c0 : (!tile.tile<16x64xf32, vec>, index, index) -> !tile.tile<8x64xf32, vec>
  %flat = tile.reshape %lo : (!tile.tile<8x64xf32, vec>) -> !tile.tile<4x128xf32, vec>
  %e = tile.neg %lo : (!tile.tile<8x64xf32, vec>) -> !tile.tile<8x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 2048>>
  tile.store %e, %o[%c0, %c0] : !tile.tile<8x64xf32, vec, memref = <@mem_vec_0, offset = 0, size = 2048>>, memref<8x64xf32>
  tile.store %flat, %o2[%c0, %c0] : !tile.tile<4x128xf32, vec>, memref<4x128xf32>
  func.return
}
"""
    module = parse_module(text, "views.mlir")
    inputs = [np.zeros((8, 64), np.float32), np.zeros((4, 128), np.float32)]
    popped = pipe_tile((16, 64), np.dtype(np.float32), (0, 0, 0, 0))
    for mode in ("logical", "physical"):
        out = run_function(module, "k", inputs, mode=mode).outputs
        assert out[0].tobytes() == (-popped[8:]).tobytes()
        assert out[1].tobytes() == popped[8:].reshape(4, 128).tobytes()
    assert differential_check(module, module) == []


def test_tpush_is_an_output():
    text = _kernel(
        "  %pipe = arith.constant 0 : i32\n"
        "  tile.aiv_initialize_pipe %pipe, %pipe {dir_mask = 3 : i64, slot_size = 4096 : i64}\n"
        "  tile.aiv_initialize_pipe %pipe, %pipe {id = 1 : i64, dir_mask = 3 : i64, slot_size = 4096 : i64}\n"
        f"  %x = tile.load %a[%c0, %c0] : memref<2x8xf32> -> {F32}\n"
        f"  %y = tile.neg %x : ({F32}) -> {F32}\n"
        f"  tile.tpush_to_aic %y {{split = 0 : i64}} : {F32}\n"
        f"  tile.tpush_to_aic %x {{id = 1 : i64, split = 0 : i64}} : {F32}",
        "%a: memref<2x8xf32>",
    )
    module = parse_module(text, "push.mlir")
    _both(text, [A])
    pushes = run_function(module, "k", [A], mode="logical").pushes
    assert [p.tolist() for p in pushes] == [(-A).tolist(), A.tolist()]
    assert differential_check(module, _plan(module, "a3")) == []


CLOBBERED_PUSH = """
func.func @k(%a: memref<2x8xf32>, %b: memref<2x8xf32>, %o: memref<2x8xf32>) {
  %pipe = arith.constant 0 : i32
  tile.aiv_initialize_pipe %pipe, %pipe {dir_mask = 3 : i64, slot_size = 4096 : i64}
  tile.alloc @mem_vec_0 in vec size 128 addr 0
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<2x8xf32> -> !tile.tile<2x8xf32, vec, memref = <@mem_vec_0, offset = 0, size = 64>>
  %y = tile.load %b[%c0, %c0] : memref<2x8xf32> -> !tile.tile<2x8xf32, vec, memref = <@mem_vec_0, offset = YOFF, size = 64>>
  tile.tpush_to_aic %x {split = 0 : i64} : !tile.tile<2x8xf32, vec, memref = <@mem_vec_0, offset = 0, size = 64>>
  tile.store %y, %o[%c0, %c0] : !tile.tile<2x8xf32, vec, memref = <@mem_vec_0, offset = YOFF, size = 64>>, memref<2x8xf32>
  func.return
}
"""


def test_a_clobbered_push_is_a_mismatch_naming_the_writer():
    good = parse_module(CLOBBERED_PUSH.replace("YOFF", "64"), "push.mlir")
    bad = parse_module(CLOBBERED_PUSH.replace("YOFF", "0"), "push.mlir")
    assert differential_check(good, good) == []
    a, b, _ = make_inputs(find_function(good, "k"), 0)
    found = differential_check(good, bad)
    assert len(found) == 1
    m = found[0]
    assert (m.push, m.arg_index, m.index) == (0, -1, (0, 0))
    assert (m.expected, m.got) == (a[0, 0], b[0, 0])
    assert m.store is not None and m.store.name == "tile.tpush_to_aic"
    assert m.source is not None and m.source.name == "tile.load"
    # The first corrupted read is the push itself, so the message does not
    # repeat it.
    d = m.divergence
    assert d is not None and d.reader is m.store and d.writer is m.source
    assert m.message() == (
        f"@k: tpush #0[0, 0] expected {a[0, 0]!s} got {b[0, 0]!s}; the pushed bytes were last "
        "written by tile.load (%y) at push.mlir:8:8"
    )
