"""A fixed-seed fuzz campaign with pipeline loops and declared allocations
(the ``pipelines`` preset of :data:`xdsl_pto.fuzz.generate.PRESETS`).

Kernels get ``{tile.pipeline_stages = F}`` on their loops and tiles bound to
declared allocations (``alloc = <@dN[, slots = 2, slot = k | iv]>``);
``check_kernel`` lowers the pipeline loops, plans, validates, and compares the
planned physical run of the lowered kernel with the logical run of the
original. The campaign must be clean; the coverage tests make sure the knobs
really produce what they promise (so the campaign cannot go quietly blind).
"""

from __future__ import annotations

import re

import pytest

from xdsl_pto.fuzz import GenConfig, generate_kernel, run_campaign
from xdsl_pto.fuzz.campaign import rejection_reason
from xdsl_pto.fuzz.generate import PRESETS
from xdsl_pto.tools.session import make_context, parse_module, run_pipeline

PRESET = PRESETS["pipelines"]
SEEDS = range(150)
#: The campaign's kernels: seeds 60..79 (issue 25: 150 -> 60 -> 20 kernels;
#: ``bench/run.sh`` runs 2 x 1,000). Chosen over 0..19 (3 replicated pipeline loops,
#: no ``slot = iv``): 60..79 replicate 9 loops (5 of them planned and proved) and
#: bind runtime slots (61, 71). When written: 12 planned and proved, 8 rejected
#: (2 capacity, 2 declared slot overlap, 4 unsupported form), mutants 14 caught,
#: 2 harmless, 0 missed.
CAMPAIGN = range(60, 80)


@pytest.fixture(scope="module")
def texts() -> list[str]:
    return [generate_kernel(s, config=PRESET) for s in SEEDS]


def test_campaign_with_pipelines_and_declarations_is_clean(tmp_path):
    summary = run_campaign(
        count=len(CAMPAIGN), seed=CAMPAIGN.start, out_dir=str(tmp_path), progress=False, config="pipelines"
    )
    line = summary.line()
    assert line.startswith(f"{len(CAMPAIGN)} kernels, 0 crashes, 0 invalid plans, 0 mismatches ("), (
        line + "\n" + "\n".join(summary.written)
    )
    assert summary.written == []
    assert line.endswith(" 0 missed"), line
    # Most kernels are planned and proved; the refusals are expected ones.
    assert summary.kinds["ok"] >= 10, line
    assert set(summary.reasons) <= {
        "capacity", "unsupported form", "no copy route", "declared slot overlap", "ptoas form"
    }, line
    # Kernels that bind two live tiles to one slot on purpose are refused as a
    # user error ("declared slot overlap", allowed above); seeds 62 and 63 are
    # two when written, but a change of the mix may move them, so the refusal's
    # exact answer is pinned by the lit tests (memory-reuse/declared.mlir,
    # err-declared-no-alias.mlir) and the full-size campaign of bench/run.sh.


def test_knobs_really_produce_pipelines_and_bindings(texts):
    pipelined = [t for t in texts if "tile.pipeline_stages" in t]
    bound = [t for t in texts if "alloc = <@" in t]
    runtime = [t for t in texts if "slot = iv" in t]
    multi = [t for t in texts if re.search(r"slots = 2, slot = [01]>", t)]
    stages = {int(f) for t in texts for f in re.findall(r"tile\.pipeline_stages = (\d+) : i64", t)}
    assert len(pipelined) >= 40, len(pipelined)
    assert len(bound) >= 100, len(bound)
    # (4 of the 150 since issue 23's sort / gather / scatter kinds joined the default mix)
    assert len(runtime) >= 4, len(runtime)
    assert len(multi) >= 30, len(multi)
    assert stages == {1, 2, 3, 4}, stages
    # Carried bindings (scf type equality) and bound cube accumulators occur.
    assert any(re.search(r"iter_args\(.*\) -> \([^)]*alloc = <@", t) for t in texts)
    assert any(re.search(r"acc, alloc = <@", t) for t in texts)


def test_pipelined_kernels_really_replicate(texts):
    """lower-pipeline-loops tags clones in many of the pipelined kernels (F > 1
    on a loop that runs): the campaign does plan replicated bodies."""
    ctx = make_context()
    replicated = 0
    for t in texts:
        if "tile.pipeline_stages" not in t:
            continue
        module = parse_module(t, ctx=ctx)
        run_pipeline(module, "lower-pipeline-loops", ctx)
        if any("tile.pipeline_membership" in op.attributes for op in module.walk()):
            replicated += 1
    assert replicated >= 25, replicated


def _ops(text: str) -> list[str]:
    return re.findall(r"= (tile\.\w+|scf\.\w+)", text)


def test_default_config_is_unchanged_by_the_new_knobs():
    """Both knobs at 0 give the plain generator's text; switching them on keeps
    the kernel body (the extras use a random stream of their own)."""
    for seed in range(20):
        plain = generate_kernel(seed)
        assert generate_kernel(seed, config=GenConfig(pipeline_prob=0.0, declare_prob=0.0)) == plain
        extra = generate_kernel(seed, config=PRESET)
        assert _ops(extra) == _ops(plain)


def test_slot_overlap_is_an_expected_rejection():
    msg = (
        "k.mlir:3:8: error: memory-reuse: %x and %y are both bound to slot 1 of @buf and live at once "
        "(statements 2-5 and 3-4); the second write would destroy data the first still needs"
    )
    assert rejection_reason(msg) == "declared slot overlap"
    assert rejection_reason(msg.replace("slot 1 of @buf", "@ping")) == "declared slot overlap"
    assert rejection_reason(
        "k.mlir:5:8: error: memory-reuse: %acc and %t are both on @d0 and live at once where %t is defined; "
        "it would destroy data the other still needs"
    ) == "declared slot overlap"
    assert rejection_reason(
        "k.mlir:5:8: error: memory-reuse: tile.recip may not write its result over its operand %p, but both "
        "are bound to slot 1 of @d0; bind the result to another slot or declaration"
    ) == "declared slot overlap"


def test_an_in_place_result_takes_its_source_binding():
    # Pipelines seed 46 (issue 23's mix): %t4 is bound to a declaration and
    # tile.gather_row then updates it in place. The in-place result must get
    # the same binding (the op's verifier compares the two types); before,
    # only a result's class pulled in its source, so the kernel did not verify.
    text = generate_kernel(46, config=PRESETS["pipelines"])
    line = next(ln for ln in text.splitlines() if "= tile.gather_row %t4," in ln)
    bound = "!tile.tile<32x128xf32, vec, alloc = <@d0>>"
    assert f": ({bound}, memref<64x128xf32>, index, index, index, index) -> {bound}" in line, line
