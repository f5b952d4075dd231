"""Tests of the random kernel generator, the delta-debugging minimizer
(xdsl_pto.fuzz) and a fixed-seed fuzz campaign of the whole pipeline.

Every generated kernel must parse and verify. The campaign plans 25 kernels
with every planner, proves each plan with the validator and the differential
run, lowers it, and must report 0 crashes, 0 invalid plans, 0 mismatches; the
only refusals allowed are expected ones (capacity, unsupported forms).
"""

from __future__ import annotations

import collections
import re

import pytest

from xdsl_pto.fuzz import GenConfig, generate_kernel, run_campaign
from xdsl_pto.fuzz.features import features
from xdsl_pto.fuzz.minimize import minimize
from xdsl_pto.tools.session import parse_module

SEEDS = range(300)


class Kernel:
    """One generated kernel: its text and features (or the error that kept
    it from parsing)."""

    def __init__(self, seed: int):
        self.seed = seed
        self.text = generate_kernel(seed, check=False)
        self.error: Exception | None = None
        self.features: set[str] = set()
        try:
            module = parse_module(self.text)
        except Exception as e:  # noqa: BLE001 - reported by the test
            self.error = e
            return
        self.features = features(module)


@pytest.fixture(scope="module")
def corpus() -> list[Kernel]:
    return [Kernel(seed) for seed in SEEDS]


# ----- (a) validity, and the whole pipeline on 80 kernels ------------------------------


def test_every_kernel_parses_and_verifies(corpus):
    bad = [f"seed {k.seed}: {k.error}" for k in corpus if k.error is not None]
    assert not bad, "\n".join(bad[:5])


#: The campaign's kernels: seeds 0..24 (issue 25: 200 -> 80 -> 25; ``bench/run.sh``
#: runs 2,000). When written: 21 planned and proved, 4 rejected (1 capacity:
#: seed 15; 3 unsupported form), mutants 22 caught, 2 harmless, 0 missed.
CAMPAIGN = 25


def test_fixed_seed_campaign_is_clean(tmp_path):
    summary = run_campaign(count=CAMPAIGN, seed=0, out_dir=str(tmp_path), progress=False)
    line = summary.line()
    assert line.startswith(f"{CAMPAIGN} kernels, 0 crashes, 0 invalid plans, 0 mismatches ("), (
        line + "\n" + "\n".join(summary.written)
    )
    assert summary.written == []
    # Most kernels go all the way; some are too big for A3 on purpose.
    assert summary.kinds["ok"] >= 18, line
    assert 1 <= summary.reasons["capacity"] <= 5, line
    assert set(summary.reasons) <= {"capacity", "unsupported form", "no copy route"}, line
    # Every proved plan also yields a mutant (a value moved onto another's
    # bytes): the validator must catch it or the run must show it harmless.
    assert summary.kinds["gap"] == 0, line
    assert summary.mutants["caught"] >= 19, line
    assert line.endswith(" 0 missed"), line


# ----- (b) feature coverage -----------------------------------------------------------

REQUIRED = [
    # straight-line vector ops
    *(f"op:{o}" for o in ("add", "sub", "mul", "div", "maximum", "minimum", "adds", "subs", "muls", "divs",
                          "exp", "log", "sqrt", "rsqrt", "recip", "neg", "abs", "relu", "full", "move",
                          "row_sum", "row_max", "row_min", "row_expand", "row_expand_add", "row_expand_sub",
                          "row_expand_mul", "row_expand_div", "col_expand", "col_expand_add",
                          "col_expand_sub", "col_expand_mul", "col_expand_div", "sel", "cmp", "cmps",
                          "transpose", "create", "load", "store")),
    "rsqrt_tmp", "row_expand_add_tmp",
    # loops and ifs
    "for_depth_1", "for_depth_2", "for_depth_3", "for_iter_args_1", "for_iter_args_2", "for_iter_args_3",
    "for_shift_register", "for_swap", "for_yield_unchanged", "for_yield_twice", "for_yield_outer_value",
    "for_shared_init", "if_results", "if_no_results", "if_without_else", "if_yields_iter_arg",
    "if_yield_twice", "if_yields_outer_value", "loop_indexed_load",
    # views
    "op:slice", "op:reshape", "slice_of_slice", "strided_slice",
    # casts
    "cast_f32_f16", "cast_f16_f32", "cast_f32_bf16", "cast_bf16_f32", "cast_f32_i32", "cast_i32_f32",
    "cast_f32_i16", "cast_f32_i8", "cast_widening", "cast_narrowing", "cast_same_width",
    # cube (no Mat -> Mat move: ptoas has no such tmov)
    "op:matmul", "op:matmul_acc", "op:matmul_bias", "init_cond_cmpi", "init_cond_const", "acc_carry",
    "load_mat", "move_mat_left", "move_mat_right", "move_acc_mat", "move_mat_bias",
    "move_vec_vec", "store_acc", "store_mat", "store_vec", "multiple_outputs",
]


def test_feature_coverage(corpus):
    counts = collections.Counter(f for k in corpus for f in k.features)
    print("\nfeature counts over seeds 0..299:")
    for name in REQUIRED:
        print(f"  {name:26s} {counts[name]}")
    missing = [f for f in REQUIRED if counts[f] == 0]
    assert not missing, missing


def test_text_forms(corpus):
    texts = [k.text for k in corpus]
    for form in ("iter_args(", "scf.if", "scf.yield", "tile.slice", "tile.matmul_acc", "tile.cast",
                 "arith.cmpi eq", 'mode = "', "cmp_mode", "-> (!tile.tile", "#1"):
        assert any(form in t for t in texts), form


# ----- (c) minimizer ---------------------------------------------------------------------


def _tile_ops(text: str) -> int:
    return len(re.findall(r"^\s*(%\S+ = )?tile\.", text, re.MULTILINE))


def _verifies(text: str) -> bool:
    try:
        parse_module(text)
    except Exception:  # noqa: BLE001
        return False
    return True


def test_minimize_to_a_few_ops(corpus):
    kernel = next(k for k in corpus if "tile.exp" in k.text and _tile_ops(k.text) >= 15)
    calls = []

    def fails(t: str) -> bool:
        calls.append(t)
        return "tile.exp" in t and _verifies(t)

    small = minimize(kernel.text, fails, max_steps=300)
    assert "tile.exp" in small and _verifies(small)
    assert _tile_ops(small) <= 4, small
    assert len(calls) <= 300
    assert minimize(kernel.text, fails, max_steps=300) == small  # deterministic


def test_minimize_inlines_loops_and_ifs(corpus):
    # a nested-loop kernel with an if and a unary op (which one depends on the mix)
    unary = ("tile.exp ", "tile.abs ", "tile.neg ", "tile.sqrt ", "tile.relu ")
    kernel, op = next(
        (k, u) for k in corpus if {"for_depth_2", "if_results"} <= k.features for u in unary if u in k.text
    )
    small = minimize(kernel.text, lambda t: op in t)
    assert "scf." not in small, small
    assert _verifies(small)


def test_minimize_keeps_structure_the_predicate_needs(corpus):
    def fails(t: str) -> bool:
        return "iter_args" in t and "tile.add " in t

    kernel = next(
        k for k in corpus if "for_iter_args_2" in k.features and "acc_carry" not in k.features and fails(k.text)
    )

    small = minimize(kernel.text, fails)
    assert fails(small) and _verifies(small)
    assert small.count("scf.for") == 1 and small.count("scf.if") == 0, small
    assert _tile_ops(small) <= 4, small


def test_minimize_respects_the_step_budget(corpus):
    kernel = max(corpus[:50], key=lambda k: _tile_ops(k.text))
    calls = []

    def fails(t: str) -> bool:
        calls.append(t)
        return len(calls) % 3 == 0  # erratic, so many candidates are tried

    minimize(kernel.text, fails, max_steps=25)
    assert len(calls) <= 25


# ----- (d) determinism and knobs ------------------------------------------------------------


def test_same_seed_same_text(corpus):
    for k in corpus[:40]:
        assert generate_kernel(k.seed, check=False) == k.text
    assert len({k.text for k in corpus}) == len(corpus)


def test_config_knobs():
    flat = GenConfig(cube_prob=0.0, weights={**GenConfig().weights, "for": 0.0, "if": 0.0})
    for seed in range(20):
        text = generate_kernel(seed, config=flat)
        assert "scf." not in text and "acc>" not in text
    cube = GenConfig(cube_prob=1.0)
    for seed in range(20):
        assert "tile.matmul" in generate_kernel(seed, config=cube)


#: Kernels of the forced-subrange campaign: seeds 25..49 (issue 25: 0..99 -> 25
#: kernels; ``bench/fuzz_subrange.py`` in ``bench/run.sh`` runs 0..99), not the
#: default campaign's 0..24 again. When written: 21 planned and proved, 4 rejected
#: (seed 42 capacity; 30, 33, 35 unsupported form). With issue 23's ops in the
#: mix (kernels changed): 17 planned and proved, 8 rejected (seed 42 capacity;
#: 26, 30, 33, 38, 44 strided slices, 41, 47 unaligned views: unsupported form).
SUBRANGE_SEEDS = range(25, 50)


def test_subrange_packing_everywhere_is_still_proved(monkeypatch):
    """The subrange fallback only runs on an overflow, which few generated
    kernels reach in a form it can rescue; forcing it for every space shows
    its placements valid and correct on 25 kernels."""
    import xdsl_pto.transforms.memory_reuse.capacity as capacity
    from xdsl_pto.fuzz import check_kernel

    monkeypatch.setattr(capacity, "pack", capacity.pack_subranges)
    kinds = collections.Counter()
    for seed in SUBRANGE_SEEDS:
        outcome = check_kernel(generate_kernel(seed), seed=seed)
        assert not outcome.failed, (seed, outcome)
        kinds[outcome.kind] += 1
    assert kinds["ok"] >= 16, kinds
