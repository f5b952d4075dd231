"""pto-plan-memory's verification between its stages (issue 10, compile
time).

The pass used to verify the whole module after each of its four stages;
now it verifies its output whole once, and between the stages only what a
stage can break (the ops it inserted, region ops and terminators:
``_verify_seams``). These tests break the IR inside a stage in both ways
and check that the seam check refuses it right after that stage -- before
the next one runs -- and that ``verify_stages=true`` still verifies whole
after every stage.
"""

from __future__ import annotations

import pytest
from xdsl.dialects import scf
from xdsl.dialects.builtin import IntAttr, StringAttr
from xdsl.rewriter import Rewriter
from xdsl.utils.exceptions import VerifyException
from xdsl_pto.dialects.tile.data_ops import AllocOp
from xdsl_pto.dialects.tile.types import MemRefAttr, TileType
from xdsl_pto.tools.session import make_context, parse_module
from xdsl_pto.transforms import plan_memory
from xdsl_pto.transforms.allocate_memory_addr import AllocateMemoryAddrPass
from xdsl_pto.transforms.init_memref import InitMemRefPass
from xdsl_pto.transforms.materialize_semantic_aliases import (
    MaterializeSemanticAliasesPass,
)
from xdsl_pto.transforms.memory_reuse import MemoryReusePass
from xdsl_pto.transforms.plan_memory import PlanMemoryPass

KERNEL = """
func.func @k(%a: memref<16x64xf32>, %o: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (!tile.tile<16x64xf32, vec>) {
    %y = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
    %s = tile.add %acc, %y : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
    scf.yield %s : !tile.tile<16x64xf32, vec>
  }
  tile.store %r, %o[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
  func.return
}
"""


def _plan(monkeypatch, breaker, **options):
    """Plan KERNEL with ``breaker(module)`` run right after init-memref;
    returns the stages that ran after it (pto-plan-memory runs each stage
    by its ``run``, with the one PassConfig it resolved)."""
    ran: list[str] = []
    init_run = InitMemRefPass.run

    def broken_init(self, op, config):
        init_run(self, op, config)
        breaker(op)

    def spy(cls):
        inner = cls.run

        def run(self, op, config):
            ran.append(self.name)
            inner(self, op, config)

        monkeypatch.setattr(cls, "run", run)

    monkeypatch.setattr(InitMemRefPass, "run", broken_init)
    spy(MaterializeSemanticAliasesPass)
    spy(MemoryReusePass)
    ctx = make_context()
    module = parse_module(KERNEL, "k.mlir", ctx)
    with pytest.raises(VerifyException):
        PlanMemoryPass("a3", **options).apply(ctx, module)
    return ran


def _bad_alloc(module):
    """Insert a tile.alloc its verifier refuses (size 0)."""
    fn = next(iter(module.body.block.ops))
    alloc = AllocOp.create(
        properties={"sym_name": StringAttr("bad"), "space": StringAttr("vec"), "size": IntAttr(0)}
    )
    fn.body.block.insert_op_before(alloc, fn.body.block.first_op)


def _retype_yielded(module):
    """Give the loop's yielded value another MemRef, leaving the iter_arg
    and the result as they were (a carry retyped on one side only)."""
    loop = next(op for op in module.walk() if isinstance(op, scf.ForOp))
    yielded = loop.body.block.last_op.operands[0]
    t = yielded.type
    assert isinstance(t, TileType)
    m = t.get_memref()
    Rewriter.replace_value_with_new_type(yielded, t.with_memref(MemRefAttr(m.root_name, 4096, m.size.data)))


@pytest.mark.parametrize("breaker", [_bad_alloc, _retype_yielded])
def test_an_invalid_stage_output_stops_the_pipeline_before_the_next_stage(monkeypatch, breaker):
    assert _plan(monkeypatch, breaker) == []


@pytest.mark.parametrize("breaker", [_bad_alloc, _retype_yielded])
def test_verify_stages_verifies_whole_after_every_stage(monkeypatch, breaker):
    calls = []
    whole = plan_memory.ModuleOp.verify

    def counting(self, *args, **kwargs):
        calls.append(self)
        return whole(self, *args, **kwargs)

    monkeypatch.setattr(plan_memory.ModuleOp, "verify", counting)
    assert _plan(monkeypatch, breaker, verify_stages=True) == []
    assert len(calls) == 2  # parse_module's, then the one right after init-memref (which refused it)


def test_the_output_is_verified_whole_once(monkeypatch):
    calls = []
    whole = plan_memory.ModuleOp.verify

    def counting(self, *args, **kwargs):
        calls.append(self)
        return whole(self, *args, **kwargs)

    monkeypatch.setattr(plan_memory.ModuleOp, "verify", counting)
    ctx = make_context()
    module = parse_module(KERNEL, "k.mlir", ctx)
    calls.clear()
    PlanMemoryPass("a3").apply(ctx, module)
    assert len(calls) == 1
    calls.clear()
    module = parse_module(KERNEL, "k.mlir", ctx)
    calls.clear()
    PlanMemoryPass("a3", verify_stages=True).apply(ctx, module)
    assert len(calls) == 4


def test_the_stages_run_with_the_one_config_the_pipeline_resolved(monkeypatch):
    """pto-plan-memory resolves its PassConfig once and hands that very
    object to every stage's ``run``; no stage resolves its own."""
    seen = []
    resolve = plan_memory.PassConfig.resolve

    def counting_resolve(*args, **kwargs):
        config = resolve(*args, **kwargs)
        seen.append(("resolve", config))
        return config

    def spy(cls):
        inner = cls.run

        def run(self, op, config):
            seen.append((self.name, config))
            inner(self, op, config)

        monkeypatch.setattr(cls, "run", run)

    monkeypatch.setattr(plan_memory.PassConfig, "resolve", staticmethod(counting_resolve))
    for cls in (InitMemRefPass, MaterializeSemanticAliasesPass, MemoryReusePass, AllocateMemoryAddrPass):
        spy(cls)
    ctx = make_context()
    module = parse_module(KERNEL, "k.mlir", ctx)
    PlanMemoryPass("a3").apply(ctx, module)
    assert [name for name, _ in seen] == [
        "resolve",
        "init-memref",
        "materialize-semantic-aliases",
        "memory-reuse",
        "allocate-memory-addr",
    ]
    config = seen[0][1]
    assert config.target == "a3" and config.planner.value == "pypto"
    assert all(c is config for _, c in seen)
