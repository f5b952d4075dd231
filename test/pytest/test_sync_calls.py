"""The pl.system synchronization calls of the pypto importer
(xdsl_pto/frontends/pypto/sync_calls.py): the argument forms the reference
documents (pypto-docs/operators.md "SyncOp" / "CrossCoreOp",
python_syntax.md), and the located refusal of every other form. The
accepted kernels, their lowering and ptoas's answer are in the lit tests
test/lit/xdsl-pto-import-pypto/system-sync.mlir and
test/lit/expand-mixed-kernel/sync.mlir."""

from __future__ import annotations

import textwrap

import pytest
from xdsl.printer import Printer

from xdsl_pto.frontends.pypto import PyptoImportError, import_source

_PROGRAM = """\
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def kernel(ffts: pl.Tensor[[256], pl.INT64], ws: pl.InOut[pl.Tensor[[32], pl.INT32]], t: pl.Tensor[[16, 64], pl.FP32], e: pl.Scalar[pl.INDEX], n: pl.Scalar[pl.INT32], f: pl.Scalar[pl.FP32]):
{body}
"""


def _import(body: str):
    return import_source(_PROGRAM.format(body=textwrap.indent(body, " " * 8)), "dump.py")


def _ops(body: str) -> list[str]:
    """The printed ops of the kernel body but the constants and the return."""
    out = []
    for op in _import(body).walk():
        if op.name.startswith("tile."):
            text = []
            Printer(stream=_Sink(text)).print_op(op)
            out.append("".join(text))
    return out


class _Sink:
    def __init__(self, parts: list[str]):
        self.parts = parts

    def write(self, s: str) -> None:
        self.parts.append(s)


@pytest.mark.parametrize(
    ("call", "printed"),
    [
        ("pl.system.bar_m()", 'tile.pipe_barrier {pipe = "PIPE_M"}'),
        ("pl.system.sync_src(pl.PipeType.MTE3, pl.PipeType.S, 7)", 'tile.sync_src {set_pipe = "PIPE_MTE3", wait_pipe = "PIPE_S", event_id = 7 : i64}'),
        ('pl.system.sync_dst(set_pipe="MTE1", wait_pipe="PIPE_M", event_id=1)', 'tile.sync_dst {set_pipe = "PIPE_MTE1", wait_pipe = "PIPE_M", event_id = 1 : i64}'),
        ("pl.system.sync_wait(event_id=e, pipe=pl.PipeType.FIX, core_type='aic')", 'tile.sync_wait %e {pipe = "PIPE_FIX", core_type = "aic"} : index'),
        ("pl.system.sync_set(0, pl.PipeType.MTE3, 1, 'aiv')", 'tile.sync_set {pipe = "PIPE_MTE3", event_id = 0 : i64, ffts_mode = 1 : i64, core_type = "aiv"}'),
        ("pl.system.syncall()", 'tile.syncall {core_type = "mix"}'),
        ('pl.system.syncall(core_type="aic_only", mode="hard")', 'tile.syncall {core_type = "aic_only"}'),
        ('pl.system.syncall(mode="soft", gm_workspace=ws, used_cores=0)', 'tile.syncall %ws {core_type = "mix", mode = "soft"} : memref<32xi32>'),
        ("pl.system.cacheinvalid(tensor=t, shapes=[16, 64], offsets=[e, 0])", "tile.cacheinvalid %t[%e, %c0] {shape = array<i64: 16, 64>} : memref<16x64xf32>"),
    ],
)
def test_accepted_forms(call, printed):
    assert _ops(call) == [printed]


@pytest.mark.parametrize(
    ("call", "message", "col"),
    [
        ("pl.system.bar_v(1)", "'pl.system.bar_v' takes at most 0 positional arguments, got 1", 9),
        ("pl.system.fence(scope='gm')", "unsupported keyword argument 'scope' of 'pl.system.fence'", 31),
        ("pl.system.sync_set(1)", "'pl.system.sync_set' needs 'pipe'", 9),
        ("pl.system.sync_set(1, pipe=pl.PipeType.V, event_id=2)", "'pl.system.sync_set' got 'event_id' twice", 60),
        ("pl.system.sync_wait(1, pipe=pl.PipeType.V, ffts_mode=0)", "unsupported keyword argument 'ffts_mode' of 'pl.system.sync_wait'", 62),
        ("pl.system.sync_set(-1, pipe=pl.PipeType.V)", "event_id of 'pl.system.sync_set' (14 and 15 are reserved) must be an integer literal in 0..13, got '-1'", 28),
        ("pl.system.sync_wait(f, pipe=pl.PipeType.V)", "a dynamic event_id of 'pl.system.sync_wait' must be a pl.INDEX scalar, 'f' is f32", 29),
        ("pl.system.sync_set(1, pipe=pl.PipeType.V, core_type='mix')", "core_type of 'pl.system.sync_set' must be one of 'aic', 'aiv', got 'mix'", 61),
        ("pl.system.set_ffts(ws)", "the workspace of 'pl.system.set_ffts' must be a one-dimensional INT64 tensor of at least 256 elements, got memref<32xi32>", 28),
        ("pl.system.set_ffts(e)", "the workspace of 'pl.system.set_ffts' must be a tensor name, got 'e'", 28),
        ('pl.system.syncall(core_type="mix", gm_workspace=ws)', "'gm_workspace' of 'pl.system.syncall' is the soft barrier's (mode=\"soft\")", 57),
        ('pl.system.syncall(mode="soft", gm_workspace=ws, used_cores=-1)', "used_cores of 'pl.system.syncall' must be an integer literal in 0..2147483647, got '-1'", 68),
        ('pl.system.syncall(mode="soft", gm_workspace=ws, used_cores=e)', "used_cores of 'pl.system.syncall' must be an INT32 scalar, 'e' is index", 68),
        ('pl.system.syncall(mode="polling")', "mode of 'pl.system.syncall' must be one of 'hard', 'soft', got 'polling'", 32),
        ("pl.system.cacheinvalid(t, [16, 64])", "'pl.system.cacheinvalid' takes a tensor, its shapes and offsets, or nothing; 'offsets' is missing", 9),
        ("pl.system.cacheinvalid(t, [16], [0])", "the shapes of 'pl.system.cacheinvalid' need 2 entries for a rank-2 tensor, got 1", 35),
        ("x: pl.Scalar[pl.INDEX] = pl.system.fence()", "'pl.system.fence' has no result to assign", 34),
    ],
)
def test_refused_forms(call, message, col):
    with pytest.raises(PyptoImportError) as info:
        _import(call)
    assert info.value.message == message
    assert (info.value.line, info.value.col) == (8, col)
