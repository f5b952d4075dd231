"""The plan measurements behind ``xdsl-pto report`` and ``xdsl-pto
memory-map`` (issue 10): the LOAD computation on hand-worked lifetimes, the
placements and allocation identities read from a planned module, and the
definition of "roots before reuse" checked against what
materialize-semantic-aliases actually leaves, on every example, the lit
inputs of the planning passes and generated kernels."""

from __future__ import annotations

import functools
import glob
import itertools
import os
import random

import pytest

from xdsl_pto.analysis.plan_stats import (
    Peak,
    UnplannedModule,
    analyze_plan,
    peak_live_bytes,
)
from xdsl_pto.diagnostics import LocatedError
from xdsl_pto.dialects.tile.data_ops import AllocOp
from xdsl_pto.dialects.tile.types import MemorySpace
from xdsl_pto.fuzz.generate import PRESETS, generate_kernel
from xdsl_pto.tools.session import parse_module, run_pipeline
from xdsl_pto.transforms.common import allocs, functions, has_tiles, reserved_floor
from xdsl_pto.transforms.memory_reuse.lifetime import Interval, root_intervals

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# pto-plan-memory expands the composite ops (tile.sin / tile.cos) before its
# stages; the stand-alone stages here must see the same ops (the fuzz
# generator emits sin / cos since issue 23)
PRE = "auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,lower-composite-ops,init-memref{backend=a3},materialize-semantic-aliases{backend=a3}"
PLAN = "auto-tile-matmul-l0{backend=a3},lower-pipeline-loops,pto-plan-memory{backend=a3%s}"

I = Interval


# --- LOAD on hand-worked lifetimes -------------------------------------------


@pytest.mark.parametrize(
    ("items", "expected"),
    [
        # nothing live
        ([], Peak(0, None)),
        # one value: live between its definition and its last use
        ([(I(2, 5), 100)], Peak(100, 2.5)),
        # touching lifetimes never count together (inputs are read first)
        ([(I(0, 2), 10), (I(2, 4), 20)], Peak(20, 2.5)),
        # nested: both live between 1 and 2
        ([(I(0, 3), 10), (I(1, 2), 5)], Peak(15, 1.5)),
        # the seeds' example (a): a [3, 5], b [4, 7], c [6, 8] of 16384 bytes
        ([(I(3, 5), 16384), (I(4, 7), 16384), (I(6, 8), 16384)], Peak(32768, 4.5)),
        # a chain a -> b -> c, each the next op's only input: one at a time
        ([(I(1, 2), 64), (I(2, 3), 64), (I(3, 4), 64)], Peak(64, 1.5)),
        # the peak is the heaviest point, not the most values
        ([(I(0, 10), 1000), (I(1, 2), 1), (I(1, 3), 1), (I(1, 4), 1)], Peak(1003, 1.5)),
        # a value written at 2 and never read, inside another's lifetime
        ([(I(0, 4), 10), (I(2, 2), 7)], Peak(17, 2.0)),
        # ... at the other's definition (the same op defines both): apart
        ([(I(2, 5), 10), (I(2, 2), 7)], Peak(10, 2.5)),
        # ... at the other's last use (its definer reads it first): apart
        ([(I(0, 2), 10), (I(2, 2), 7)], Peak(10, 0.5)),
        # two such values at one statement may share: only the larger counts
        ([(I(0, 6), 1), (I(3, 3), 5), (I(3, 3), 9)], Peak(10, 3.0)),
        # a dead value alone
        ([(I(4, 4), 32)], Peak(32, 4.0)),
    ],
)
def test_peak_live_bytes_hand_worked(items, expected):
    assert peak_live_bytes(items) == expected


def _clique_bound(items: list[tuple[Interval, int]]) -> int:
    """The heaviest set of pairwise-interfering lifetimes, by brute force."""
    best = 0
    for n in range(1, len(items) + 1):
        for subset in itertools.combinations(items, n):
            if all(a.interferes(b) for (a, _), (b, _) in itertools.combinations(subset, 2)):
                best = max(best, sum(size for _, size in subset))
    return best


@pytest.mark.parametrize("seed", range(40))
def test_peak_live_bytes_is_the_heaviest_interfering_set(seed):
    """LOAD is exactly the planner's interference bound (Interval.interferes)."""
    rng = random.Random(seed)
    items = []
    for _ in range(rng.randint(1, 8)):
        lo = rng.randint(0, 8)
        items.append((I(lo, lo + rng.choice([0, 0, 1, 2, 3, 5])), rng.choice([32, 64, 96, 1024])))
    assert peak_live_bytes(items).bytes == _clique_bound(items)


@pytest.mark.parametrize("bad", [(I(3, 2), 8), (I(1, 2), -1)])
def test_peak_live_bytes_rejects_nonsense(bad):
    with pytest.raises(ValueError, match="invalid lifetime"):
        peak_live_bytes([bad])


# --- a planned module --------------------------------------------------------

DOC_EXAMPLE = """
func.func @sharing_with_alloc_cleanup(%in: memref<64x64xf32>, %out: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %tile_a = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %tile_b = tile.add %tile_a, %tile_a : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  tile.store %tile_a, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  %tile_c = tile.load %in[%c0, %c0] : memref<64x64xf32> -> !tile.tile<64x64xf32, vec>
  tile.store %tile_b, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  tile.store %tile_c, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, memref<64x64xf32>
  func.return
}
"""

# A loop carry computed in place (exp), a view of it, and an if merge.
CARRY_VIEW_IF = """
func.func @k(%in: memref<32x32xf32>, %out: memref<16x32xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (!tile.tile<32x32xf32, vec>) {
    %e = tile.exp %acc : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    scf.yield %e : !tile.tile<32x32xf32, vec>
  }
  %top = tile.slice %r, %c0, %c0 : (!tile.tile<32x32xf32, vec>, index, index) -> !tile.tile<16x32xf32, vec>
  %m = scf.if %c -> (!tile.tile<16x32xf32, vec>) {
    %p = tile.exp %top : (!tile.tile<16x32xf32, vec>) -> !tile.tile<16x32xf32, vec>
    scf.yield %p : !tile.tile<16x32xf32, vec>
  } else {
    %q = tile.neg %top : (!tile.tile<16x32xf32, vec>) -> !tile.tile<16x32xf32, vec>
    scf.yield %q : !tile.tile<16x32xf32, vec>
  }
  tile.store %m, %out[%c0, %c0] : !tile.tile<16x32xf32, vec>, memref<16x32xf32>
  func.return
}
"""


def _planned(text: str, planner: str = "") -> object:
    module = parse_module(text, "kernel.mlir")
    run_pipeline(module, PLAN % (f" planner={planner}" if planner else ""))
    return module


def test_doc_example_placements():
    plan = analyze_plan(_planned(DOC_EXAMPLE))
    assert (plan.target, plan.planner) == ("a3", "pypto")
    (f,) = plan.functions
    assert f.statements == 10  # 2 allocs, constant, 3 loads/adds, 3 stores, return
    got = [(p.name, p.op, p.root, p.lo, p.hi, p.live, p.allocation) for p in f.values]
    assert got == [
        ("%tile_a", "tile.load", "mem_vec_0", 0, 16384, I(3, 5), 0),
        ("%tile_b", "tile.add", "mem_vec_1", 16384, 32768, I(4, 7), 1),
        ("%tile_c", "tile.load", "mem_vec_0", 0, 16384, I(6, 8), 2),
    ]
    assert [p.location for p in f.values] == ["kernel.mlir:4:13", "kernel.mlir:5:13", "kernel.mlir:7:13"]
    assert [(a.label, a.lo, a.hi, a.live) for a in f.allocations] == [
        ("%tile_a", 0, 16384, I(3, 5)),
        ("%tile_b", 16384, 32768, I(4, 7)),
        ("%tile_c", 0, 16384, I(6, 8)),
    ]
    (vec,) = f.spaces
    assert (vec.space, vec.capacity, vec.bytes_used, vec.load, vec.roots_before, vec.roots_after) == (
        "vec", 188416, 32768, Peak(32768, 4.5), 3, 2
    )
    assert (vec.ratio, vec.carry_moves) == (1.0, 0)


def test_doc_example_under_dsa_rp_keeps_every_root():
    (f,) = analyze_plan(_planned(DOC_EXAMPLE, "dsa_rp")).functions
    (vec,) = f.spaces
    assert (vec.load, vec.roots_before, vec.roots_after) == (Peak(32768, 5.5), 3, 3)


def test_carry_view_and_if_merge_are_one_allocation():
    """Statements: alloc 0, alloc 1, constants 2-4, %x 5, loop 6..9 (%acc
    at 6, %e 7, yield 8, %r at 9), %top 10, if 11..16 (%p 12, yield 13,
    %q 14, yield 15, %m at 16), store 17."""
    plan = analyze_plan(_planned(CARRY_VIEW_IF))
    (f,) = plan.functions
    members = {a.label: sorted(p.name for p in a.values) for a in f.allocations}
    assert members == {
        "%x": ["%acc", "%e", "%r", "%top", "%x"],
        "%p": ["%m", "%p", "%q"],
    }
    by_label = {a.label: (a.lo, a.hi, a.live) for a in f.allocations}
    # %x's 4096-byte buffer lives from the load to the if, which reads %top
    # in both arms; the merge buffer (2048 bytes) from %p to the store.
    assert by_label["%x"][1] - by_label["%x"][0] == 4096
    assert by_label["%x"][2] == I(5, 14)
    assert by_label["%p"][1] - by_label["%p"][0] == 2048
    assert by_label["%p"][2] == I(12, 17)
    (vec,) = f.spaces
    # Both live between 12 and 14 (the merge buffer is written in one arm
    # while the other arm's read of %top is still ahead in program order).
    assert (vec.load.bytes, vec.roots_before, vec.roots_after, vec.carry_moves) == (6144, 2, 2, 0)


@pytest.mark.parametrize(
    ("pipeline", "message"),
    [
        (None, "the module is not planned: %x has no MemRef; run pto-plan-memory first"),
        (
            "init-memref,materialize-semantic-aliases,memory-reuse",
            "the module is not planned: @mem_vec_0 has no address; run pto-plan-memory first",
        ),
        (
            "pto-plan-memory{planner=ptoas}",
            (
                "the module was planned with planner=ptoas, which leaves every address to ptoas; "
                "plan it with planner=pypto or planner=dsa_rp to measure its memory"
            ),
        ),
    ],
)
def test_unplanned_modules_are_refused(pipeline, message):
    module = parse_module(CARRY_VIEW_IF, "kernel.mlir")
    if pipeline:
        run_pipeline(module, pipeline)
    with pytest.raises(UnplannedModule) as err:
        analyze_plan(module)
    assert err.value.message == message


# --- "roots before reuse" is what materialize-semantic-aliases leaves --------


FUZZ_PRESETS = ("default", "pipelines", "targets")
FUZZ_SEEDS = range(12)


def _kernels() -> list[tuple[str, str | None]]:
    """``(name, text)`` of every kernel compared; a generated kernel's text
    is None here (made when its test runs: :func:`_text`, so collecting the
    suite generates nothing)."""
    paths = sorted(glob.glob(os.path.join(ROOT, "examples", "*.mlir")))
    for folder in ("init-memref", "materialize-semantic-aliases", "memory-reuse", "pto-plan-memory"):
        paths += sorted(glob.glob(os.path.join(ROOT, "test", "lit", folder, "*.mlir")))
    out: list[tuple[str, str | None]] = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for i, case in enumerate(f.read().split("// -----")):
                if "func.func" in case:
                    out.append((f"{os.path.relpath(path, ROOT)}#{i}", case))
    out += [(f"fuzz-{preset}-{s}", None) for preset in FUZZ_PRESETS for s in FUZZ_SEEDS]
    return out


KERNELS = _kernels()


@functools.cache
def _text(name: str, text: str | None) -> str:
    """The kernel's text; a generated one (``fuzz-<preset>-<seed>``) is made now."""
    if text is not None:
        return text
    preset, seed = name.removeprefix("fuzz-").rsplit("-", 1)
    return generate_kernel(int(seed), config=PRESETS[preset])


@functools.cache
def _compare(name: str, text: str | None) -> str:
    """Plan ``text`` three ways and check the invariants below; returns
    ``compared``, or why the kernel was left out: ``unparsed`` (error-test
    inputs that do not parse or verify on purpose), ``preplanned`` (inputs
    that already carry MemRefs) or ``rejected`` (a planner refuses it with
    a located error, or it has no tiles)."""
    try:
        pre = parse_module(_text(name, text), name)
    except Exception:  # noqa: BLE001 - error-test inputs
        return "unparsed"
    if any(isinstance(op, AllocOp) for op in pre.walk()):
        return "preplanned"
    pypto, dsa = pre.clone(), pre.clone()
    try:
        run_pipeline(pre, PRE)
        run_pipeline(pypto, PLAN % "")
        run_pipeline(dsa, PLAN % " planner=dsa_rp")
        plan, dplan = analyze_plan(pypto), analyze_plan(dsa)
    except LocatedError:
        return "rejected"
    pre_fns = [fn for fn in functions(pre) if has_tiles(fn)]
    assert len(pre_fns) == len(plan.functions) == len(dplan.functions)
    for fn, f, d in zip(pre_fns, plan.functions, dplan.functions):
        intervals = root_intervals(fn)
        used = {n: op for n, op in allocs(fn).items() if n in intervals}
        assert [s.space for s in f.spaces] == [s.space for s in d.spaces]
        for s, ds in zip(f.spaces, d.spaces):
            roots = [op for op in used.values() if op.space.data == s.space]
            expected = peak_live_bytes((intervals[op.sym_name.data], op.size.data) for op in roots)
            # A reserved floor (cross-core windows) is part of LOAD.
            floor = reserved_floor(f.fn).get(MemorySpace(s.space), 0)
            assert floor == reserved_floor(d.fn).get(MemorySpace(s.space), 0)
            assert (s.reserved_bytes, s.tile_load) == (floor, expected.bytes), (f.name, s.space)
            assert (s.roots_before, s.load.bytes) == (len(roots), floor + expected.bytes), (f.name, s.space)
            assert (ds.roots_before, ds.roots_after, ds.load.bytes) == (
                len(roots), len(roots), floor + expected.bytes
            ), (f.name, s.space)
            assert s.bytes_used >= s.load.bytes and ds.bytes_used >= ds.load.bytes
    return "compared"


@pytest.mark.parametrize(("name", "text"), KERNELS, ids=[n for n, _ in KERNELS])
def test_roots_before_reuse_and_load_match_the_unshared_plan(name, text):
    """For every kernel both planners accept: the allocation identities of
    the pypto plan are, space by space, the roots materialize-semantic-aliases
    leaves; LOAD is the peak over those roots' own intervals (root_intervals,
    the planner's input); dsa_rp keeps every identity as its own root; and
    neither plan uses fewer bytes than LOAD."""
    _compare(name, text)


def test_most_kernels_are_compared():
    """The parametrized test cannot pass by comparing nothing."""
    outcomes = [_compare(n, t) for n, t in KERNELS]
    compared = [n for n, o in zip(KERNELS, outcomes) if o == "compared"]
    assert len(compared) >= 80, f"only {len(compared)} of {len(KERNELS)} kernels were compared"
    assert sum(n.startswith("examples/") for n, _ in compared) == 10  # with flash_attention_pipes


def test_reserved_floor_is_part_of_load():
    """examples/flash_attention_pipes.mlir: each function reserves a 64 KiB
    ring at base 0 (mat for the cube, vec for the vector function) and every
    tile of that space sits above it, so LOAD = 65536 + the tiles' LOAD;
    the windows are listed on the function."""
    with open(os.path.join(ROOT, "examples", "flash_attention_pipes.mlir"), encoding="utf-8") as f:
        plan = analyze_plan(_planned(f.read()))
    aic, aiv = plan.functions
    mat = aic.spaces[0]
    assert (mat.space, mat.reserved_bytes, mat.tile_load, mat.load.bytes, mat.bytes_used) == (
        "mat", 65536, 16384, 81920, 81920
    )
    assert all(s.reserved_bytes == 0 and s.tile_load == s.load.bytes for s in aic.spaces[1:])
    (vec,) = aiv.spaces
    assert (vec.space, vec.reserved_bytes, vec.load.bytes - vec.tile_load) == ("vec", 65536, 65536)
    assert vec.bytes_used >= vec.load.bytes
    assert [(w.name, w.space.value, w.base, w.size) for w in aic.reserved] == [
        ("kernel_v2c_slot_buffer", "mat", 0, 65536)
    ]
    assert [(w.name, w.space.value, w.base, w.size) for w in aiv.reserved] == [
        ("kernel_c2v_slot_buffer", "vec", 0, 65536)
    ]
