"""Mutation check of the proof tools (issue 3, "Done means").

Each test plans a small kernel correctly, then moves one tile onto bytes
that are live -- a plain overlap, an overlap visible only through a view,
and one across a loop back-edge -- by retyping that one value onto another value's window.
The validator must reject each with an exact message naming both values;
the differential run must show a mismatch for the plain case.
"""

from __future__ import annotations

import pytest
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import SSAValue

from xdsl_pto.diagnostics import PassError, format_error
from xdsl_pto.dialects.tile.types import MemRefAttr
from xdsl_pto.tools.session import parse_module, run_pipeline
from xdsl_pto.transforms.common import set_memref
from xdsl_pto.verify.memory_plan import verify_module

PLAN = "pto-plan-memory{backend=a3 verify=true}"

PLAIN = """
func.func @plain(%in_a: memref<16x16xf32>, %in_b: memref<16x16xf32>, %out: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %a = tile.load %in_a[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %b = tile.load %in_b[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %c = tile.add %a, %b : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  tile.store %c, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  func.return
}
"""

# %x is dead after the slice; only its view %s (rows 8..15) stays live
# until the add, so %y may reuse %x's first half but not its second.
VIEW = """
func.func @view(%in_x: memref<16x16xf32>, %in_y: memref<8x16xf32>, %out: memref<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %x = tile.load %in_x[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %s = tile.slice %x, %c8, %c0 : (!tile.tile<16x16xf32, vec>, index, index) -> !tile.tile<8x16xf32, vec>
  %y = tile.load %in_y[%c0, %c0] : memref<8x16xf32> -> !tile.tile<8x16xf32, vec>
  %z = tile.add %s, %y : (!tile.tile<8x16xf32, vec>, !tile.tile<8x16xf32, vec>) -> !tile.tile<8x16xf32, vec>
  tile.store %z, %out[%c0, %c0] : !tile.tile<8x16xf32, vec>, memref<8x16xf32>
  func.return
}
"""

# %x is read at the top of every iteration; %t is defined after that read,
# so only the loop's back-edge (the next iteration's read) keeps %x live there.
LOOP = """
func.func @loop(%in_x: memref<16x16xf32>, %in: memref<64x16xf32>, %out: memref<64x16xf32>, %copy: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %x = tile.load %in_x[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  scf.for %i = %c0 to %c4 step %c1 {
    %row = arith.muli %i, %c16 : index
    %y = tile.add %x, %x : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    tile.store %y, %out[%row, %c0] : !tile.tile<16x16xf32, vec>, memref<64x16xf32>
    %t = tile.load %in[%row, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec>
    tile.store %t, %copy[%row, %c0] : !tile.tile<16x16xf32, vec>, memref<64x16xf32>
  }
  func.return
}
"""


def _planned(text: str) -> ModuleOp:
    return run_pipeline(parse_module(text, "k.mlir"), PLAN)


def _value(module: ModuleOp, name: str) -> SSAValue:
    for op in module.walk():
        for r in op.results:
            if r.name_hint == name:
                return r
    raise AssertionError(f"no value %{name}")


def _move(module: ModuleOp, victim: str, onto: str, extra: int = 0) -> None:
    """Retype ``%victim`` alone onto ``%onto``'s window, ``extra`` bytes in
    (its own size kept; every other value stays where the planner put it)."""
    v, o = _value(module, victim), _value(module, onto)
    window = o.type.get_memref()  # type: ignore[union-attr]
    size = v.type.get_memref().size.data  # type: ignore[union-attr]
    set_memref(v, MemRefAttr(window.root, window.offset.data + extra, size))


def _rejection(module: ModuleOp) -> str:
    with pytest.raises(PassError) as err:
        verify_module(module, None)
    line = format_error(err.value)
    assert line is not None
    return line


def test_correct_plans_are_valid() -> None:
    for text in (PLAIN, VIEW, LOOP):
        checked = verify_module(_planned(text), None)
        assert [c.kind for c in checked] == ["tile values"]


def test_plain_overlap_is_rejected() -> None:
    module = _planned(PLAIN)
    _move(module, "b", "a")
    assert _rejection(module) == (
        "k.mlir:5:8: error: verify-memory-plan: %a [0, 1024) and %b [0, 1024) overlap "
        "in vec and are both live where %b is defined"
    )


def test_overlap_through_a_view_is_rejected() -> None:
    module = _planned(VIEW)
    # A correct plan may put %y on %x's first half (dead); its second half is %s.
    _move(module, "y", "x", extra=512)
    assert _rejection(module) == (
        "k.mlir:7:8: error: verify-memory-plan: %s [512, 1024) and %y [512, 1024) overlap "
        "in vec and are both live where %y is defined"
    )


def test_overlap_across_the_loop_back_edge_is_rejected() -> None:
    module = _planned(LOOP)
    _move(module, "t", "x")
    assert _rejection(module) == (
        "k.mlir:12:10: error: verify-memory-plan: %x [0, 1024) and %t [0, 1024) overlap "
        "in vec and are both live where %t is defined"
    )


def test_plain_overlap_changes_the_result() -> None:
    from xdsl_pto.interp import differential_check

    original = parse_module(PLAIN, "k.mlir")
    module = _planned(PLAIN)
    assert differential_check(original, module, seed=1) == []
    _move(module, "b", "a")
    mismatches = differential_check(original, module, seed=1)
    assert len(mismatches) == 1
    assert mismatches[0].message().startswith("@plain: %out[0, 0] expected ")
    assert "tile.load (%b) at k.mlir:5:8" in mismatches[0].message()


def test_loop_init_on_another_window_than_its_iter_arg_is_rejected() -> None:
    """Only reachable in memory (scf.for's verifier forbids it in text): the
    fuzzer's plan mutants found the validator trusting the carry's types."""
    text = """
func.func @acc(%in: memref<16x16xf32>, %out: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %x = tile.load %in[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %y = tile.load %in[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %x) -> (!tile.tile<16x16xf32, vec>) {
    %n = tile.add %a, %y : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    scf.yield %n : !tile.tile<16x16xf32, vec>
  }
  tile.store %r, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  func.return
}
"""
    module = _planned(text)
    _move(module, "x", "y")
    assert _rejection(module) == (
        "k.mlir:8:8: error: verify-memory-plan: %r and %x are one loop carry or if merge "
        "but lie on different windows"
    )


RING = """
func.func @vec(%x: memref<16x64xf32>, %out: memref<16x64xf32>, %gm: memref<1xf32>) attributes {tile.function_kind = "aiv"} {
  %c2v = tile.reserve_buffer "c2v" size 8192 in vec
  %none = arith.constant 0 : i32
  tile.aiv_initialize_pipe %c2v, %none gm_slot_buffer(%gm : memref<1xf32>) {dir_mask = 1 : i64, slot_size = 4096 : i64, slot_num = 2 : i64}
  %c0 = arith.constant 0 : index
  %p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<16x64xf32, vec>
  %t = tile.load %x[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %s = tile.add %p, %t : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  tile.tfree_to_aic %p {split = 0 : i64} : !tile.tile<16x64xf32, vec>
  tile.store %s, %out[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}
"""


def test_a_tile_inside_a_rings_slots_is_rejected_past_its_declared_size() -> None:
    """Breaker 2, finding 1: the ring's reservation shrunk to 1024 bytes
    (its initialize op keeps 2 slots of 4096) and a root moved to 3072.
    The Tile verifier refuses such a ring in text, so only a module edited
    in memory reaches the proof; it models the ring as the 8192 bytes its
    slots use (verify/ir.py, ring_span), not the declared 1024."""
    from xdsl.dialects.builtin import IntAttr, IntegerAttr, i64

    from xdsl_pto.dialects.tile.data_ops import AllocOp
    from xdsl_pto.dialects.tile.pipe_setup_ops import ReserveBufferOp

    module = _planned(RING)
    assert [c.kind for c in verify_module(module, None)] == ["tile values"]
    ring = next(op for op in module.walk() if isinstance(op, ReserveBufferOp))
    root = next(op for op in module.walk() if isinstance(op, AllocOp))
    assert (ring.base_addr, ring.size_bytes, root.addr.data) == (0, 8192, 8192)  # type: ignore[union-attr]
    ring.attributes["size"] = IntegerAttr(1024, i64)
    assert [c.kind for c in verify_module(module, None)] == ["tile values"]  # 8192 is still clear
    root.addr = IntAttr(3072)
    assert _rejection(module) == (
        "k.mlir:2:1: error: verify-memory-plan: allocation @mem_vec_0 (bytes [3072, 7168) of vec) "
        'overlaps the reserved cross-core window "c2v" (bytes [0, 8192): 2 slots of 4096 bytes '
        "(the tile.aiv_initialize_pipe), past its declared 1024); tiles must stay clear of a "
        "pipe's ring buffer"
    )
