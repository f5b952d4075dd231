"""The DSA-RP problem read off the IR (xdsl_pto/transforms/dsa_rp/model.py,
handoff.py): the hard pairs with their reasons, the streaming order, the
cross-pipe penalties, and the pipe of each op from its definition. Every
expected value is worked out by hand from the kernels below."""

from __future__ import annotations

import pytest
from xdsl.dialects import func

from xdsl_pto.dialects.tile.traits import HwPipe, op_pipe
from xdsl_pto.tools.session import make_context, parse_module
from xdsl_pto.transforms.dsa_rp.model import Reason, build_models
from xdsl_pto.transforms.init_memref import InitMemRefPass
from xdsl_pto.transforms.materialize_semantic_aliases import (
    MaterializeSemanticAliasesPass,
)


def _planned(text: str) -> func.FuncOp:
    ctx = make_context()
    module = parse_module(text, "t.mlir", ctx)
    InitMemRefPass().apply(ctx, module)
    MaterializeSemanticAliasesPass().apply(ctx, module)
    return next(op for op in module.walk() if isinstance(op, func.FuncOp))


def _root(fn: func.FuncOp, name: str) -> str:
    for op in fn.walk():
        for r in op.results:
            if r.name_hint == name:
                return r.type.get_memref().root_name  # type: ignore[union-attr]
    raise KeyError(name)


CHAIN = """
func.func @k(%in: memref<16x16xf32>, %out: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %a = tile.load %in[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  tile.store %a, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  %b = tile.load %in[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %c = tile.exp %b : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  %d = tile.recip %c : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  tile.store %d, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  func.return
}
"""


def test_pipes_come_from_the_op_definitions():
    fn = _planned(CHAIN)
    got = [(op.name, op_pipe(op)) for op in fn.walk() if op.name.startswith("tile.") and op.name != "tile.alloc"]
    assert got == [
        ("tile.load", HwPipe.MTE2),
        ("tile.store", HwPipe.MTE3),
        ("tile.load", HwPipe.MTE2),
        ("tile.exp", HwPipe.VECTOR),
        ("tile.recip", HwPipe.VECTOR),
        ("tile.store", HwPipe.MTE3),
    ]


def test_chain_pairs_reasons_order_and_penalties():
    fn = _planned(CHAIN)
    (vec,), _ = build_models(fn, "a3")
    a, b, c, d = (_root(fn, n) for n in "abcd")
    # recip is not in-place safe: its result never shares with its operand.
    assert vec.hard == {frozenset((c, d)): {Reason.NO_ALIAS}}
    # Each op writing a fresh root from another root's whole window.
    assert vec.ordered == {(b, c), (c, d)}
    # a's last access is its store (MTE3): every later root whose first write
    # is on another pipe (b: load MTE2; c, d: vector) pays 1 to share with it.
    # b's last access is the exp (V): c (V) is free, d is its no-alias
    # partner only through c; b -> d (V after V) is free too.
    # c's last access is the recip (V) -> d (V): same pipe, free.
    assert vec.penalties == {frozenset((a, b)): 1, frozenset((a, c)): 1, frozenset((a, d)): 1}


DECLARED_AND_STAGES = """
func.func @k(%in: memref<64x64xf32>, %out: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %p = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec, alloc = <@keep>>
  tile.store %p, %out[%c0, %c0] : !tile.tile<64x64xf32, vec, alloc = <@keep>>, memref<64x64xf32>
  %s0 = tile.load %in[%c0, %c0] {tile.pipeline_membership = [array<i64: 0, 0>]} : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %e0 = tile.exp %s0 {tile.pipeline_membership = [array<i64: 0, 0>]} : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  tile.store %e0, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  %s1 = tile.load %in[%c0, %c0] {tile.pipeline_membership = [array<i64: 0, 1>]} : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  tile.store %s1, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}
"""


def test_declared_allocation_and_pipeline_stages_are_hard():
    fn = _planned(DECLARED_AND_STAGES)
    (vec,), info = build_models(fn, "a3")
    s0, e0, s1 = (_root(fn, n) for n in ("s0", "e0", "s1"))
    keep = "keep"
    assert vec.hard == {
        frozenset((keep, s0)): {Reason.DECLARED},
        frozenset((keep, e0)): {Reason.DECLARED},
        frozenset((keep, s1)): {Reason.DECLARED},
        frozenset((s0, s1)): {Reason.STAGE},
        frozenset((e0, s1)): {Reason.STAGE},
    }
    assert vec.stage_only() == sorted([frozenset((s0, s1)), frozenset((e0, s1))], key=sorted)
    assert info.depth(0) == 2


@pytest.mark.parametrize("target, expect", [("a3", True), ("a5", False)])
def test_narrowing_cast_is_a_no_alias_pair_on_a2_a3_only(target, expect):
    fn = _planned(
        """
func.func @k(%in: memref<16x16xf32>, %out: memref<16x16xf16>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %y = tile.cast %x {round_mode = "rint"} : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf16, vec>
  tile.store %y, %out[%c0, %c0] : !tile.tile<16x16xf16, vec>, memref<16x16xf16>
  func.return
}
"""
    )
    (vec,), _ = build_models(fn, target)
    pair = frozenset((_root(fn, "x"), _root(fn, "y")))
    assert (vec.hard.get(pair) == {Reason.NO_ALIAS}) is expect
    assert vec.ordered == {(_root(fn, "x"), _root(fn, "y"))}


def test_a_view_operand_is_a_partial_window():
    fn = _planned(
        """
func.func @k(%in: memref<32x16xf32>, %out: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %x = tile.load %in[%c0, %c0] : memref<32x16xf32> -> !tile.tile<32x16xf32, vec>
  %v = tile.slice %x, %c16, %c0 : (!tile.tile<32x16xf32, vec>, index, index) -> !tile.tile<16x16xf32, vec>
  %y = tile.exp %v : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  tile.store %y, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  func.return
}
"""
    )
    (vec,), _ = build_models(fn, "a3")
    x, y = _root(fn, "x"), _root(fn, "y")
    assert vec.hard == {frozenset((x, y)): {Reason.WINDOW}} and vec.ordered == set()


def test_a_workspace_and_its_result_are_ordered_both_ways():
    fn = _planned(
        """
func.func @k(%in: memref<64x64xf32>, %out: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %hi = arith.constant 6.0 : f32
  %x = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %m = tile.cmps %x, %hi {cmp_mode = "gt"} : (!tile.tile<64x64xf32, vec>, f32) -> !tile.tile<64x64xi8, vec>
  %t = tile.create : !tile.tile<64x64xf32, vec>
  %y = tile.sels %m, %x, %t, %hi : (!tile.tile<64x64xi8, vec>, !tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>, f32) -> !tile.tile<64x64xf32, vec>
  tile.store %y, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}
"""
    )
    (vec,), _ = build_models(fn, "a3")
    x, m, t, y = (_root(fn, n) for n in "xmty")
    # sels never aliases its mask (hard); the tmp is a workspace: y may sit
    # on t only from t's start (both orders), on x from x's start or below.
    assert vec.ordered == {(x, m), (m, y), (x, y), (t, y), (y, t)}
    # Every other root is still live at t's definition: no workspace hazard pair.
    assert vec.hard == {frozenset((m, y)): {Reason.NO_ALIAS}}


def test_only_pipeline_only_pairs_may_be_relaxed():
    fn = _planned(
        """
func.func @k(%in: memref<16x16xf32>, %out: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %e0 = tile.load %in[%c0, %c0] {tile.pipeline_membership = [array<i64: 0, 0>]} : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %r1 = tile.recip %e0 {tile.pipeline_membership = [array<i64: 0, 1>]} : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  tile.store %r1, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  %e1 = tile.load %in[%c0, %c0] {tile.pipeline_membership = [array<i64: 0, 1>]} : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  tile.store %e1, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  func.return
}
"""
    )
    (vec,), _ = build_models(fn, "a3")
    e0, r1, e1 = (_root(fn, n) for n in ("e0", "r1", "e1"))
    # recip never runs in place: that reason stays hard when the stages relax.
    assert vec.hard == {
        frozenset((e0, r1)): {Reason.NO_ALIAS, Reason.STAGE},
        frozenset((e0, e1)): {Reason.STAGE},
    }
    assert vec.stage_only() == [frozenset((e0, e1))]


def test_a_view_at_its_roots_start_is_ordered_not_separated():
    fn = _planned(
        """
func.func @k(%in: memref<32x16xf32>, %out: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<32x16xf32> -> !tile.tile<32x16xf32, vec>
  %v = tile.slice %x, %c0, %c0 : (!tile.tile<32x16xf32, vec>, index, index) -> !tile.tile<16x16xf32, vec>
  %y = tile.exp %v : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  tile.store %y, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  func.return
}
"""
    )
    (vec,), _ = build_models(fn, "a3")
    x, y = _root(fn, "x"), _root(fn, "y")
    # %y may not start strictly inside %x's root (which holds %v): it may
    # take %x's bytes from their start.
    assert vec.hard == {} and vec.ordered == {(x, y)}


ARMS_AND_LOOPS = """
func.func @k(%in: memref<16x16xf32>, %out: memref<16x16xf32>, %f: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.if %f {
    %a = tile.load %in[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
    tile.store %a, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  } else {
    %b = tile.load %in[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
    tile.store %b, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  }
  scf.for %i = %c0 to %c2 step %c1 {
    %c = tile.load %in[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
    tile.store %c, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  }
  %d = tile.load %in[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  tile.store %d, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  %e = tile.load %in[%c0, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  tile.store %e, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  func.return
}
"""


def test_a_handoff_counts_only_when_it_happens_on_every_path():
    # Each root ends at a store (MTE3) and starts at a load (MTE2): a
    # cross-pipe pair wherever the store runs before the load on every path.
    # a and b sit in the two arms of one scf.if, c in a loop body and d, e
    # after it: only d -> e (one block, the store before the load) and the
    # roots nested below a store's block after it qualify -- none here; the
    # arms, and the loop body against the code after the loop, pay nothing.
    fn = _planned(ARMS_AND_LOOPS)
    (vec,), _ = build_models(fn, "a3")
    d, e = (_root(fn, n) for n in "de")
    assert vec.penalties == {frozenset((d, e)): 1}
