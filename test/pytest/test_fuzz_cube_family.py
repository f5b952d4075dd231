"""The fuzz generator's cube family (issue 23): the target rule per op --
the batched matmuls on every target, the gemv family on a2/a3 only, the MX
family on a5 only -- and one kernel of each template checked end to end
(planned by every planner, proved, run against the logical run, lowered).
The campaign figures are in bench/README.md (issue 23), not here."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from xdsl_pto.fuzz.campaign import check_kernel
from xdsl_pto.fuzz.cube_family import templates_for
from xdsl_pto.fuzz.generate import PRESETS, GenConfig, generate_kernel

ONLY_FAMILY = replace(PRESETS["cube"], cube_family_prob=1.0)


def test_templates_per_target():
    assert templates_for("a2") == ["batched", "gemv"]
    assert templates_for("a3") == ["batched", "gemv"]
    assert templates_for("a5") == ["batched", "mx"]
    assert templates_for(None) == ["batched"]


@pytest.mark.parametrize(
    "target, present, absent",
    [("a3", {"batch_matmul", "gemv"}, {"matmul_mx", "tget_scale_addr"}),
     ("a5", {"batch_matmul", "matmul_mx"}, {"gemv"}),
     (None, {"batch_matmul"}, {"gemv", "matmul_mx"})],
)
def test_generated_ops_follow_the_target(target, present, absent):
    seen: set[str] = set()
    for seed in range(24):
        text = generate_kernel(seed, config=replace(ONLY_FAMILY, target=target))
        for op in ("batch_matmul", "gemv", "matmul_mx", "tget_scale_addr"):
            if f"tile.{op} " in text:
                seen.add(op)
    assert present <= seen
    assert not (absent & seen)


def test_no_store_from_mat_on_a5():
    """ptoas v0.48 stores to GM from Vec / Acc only on a5: the older cube
    templates leave their stores from Mat out of an a5 kernel (the same
    draws: the a3 kernel of a seed is unchanged)."""
    store_from_mat = re.compile(r"tile\.store [^:]+: !tile\.tile<[^>]*, mat[,>]")
    for seed in range(40):
        assert not store_from_mat.search(generate_kernel(seed, config=replace(PRESETS["cube"], target="a5")))
    assert any(store_from_mat.search(generate_kernel(s, config=replace(PRESETS["cube"], target="a3"))) for s in range(40))
    cube_only = replace(PRESETS["default"], cube_prob=1.0)
    for seed in range(40):
        assert generate_kernel(seed, config=cube_only) == generate_kernel(seed, config=replace(cube_only, target="a3"))


def test_default_kernels_unchanged():
    """No cube-family draw without the knob: an a2 / a3 target changes no
    default kernel (an a5 one only drops the stores from Mat, above)."""
    for seed in range(40):
        assert generate_kernel(seed) == generate_kernel(seed, config=GenConfig(target="a3"))


@pytest.mark.parametrize("target, op", [("a3", "tile.gemv "), ("a5", "tile.matmul_mx "), ("a3", "tile.batch_matmul ")])
def test_one_kernel_of_each_template_checks(target, op):
    cfg = replace(ONLY_FAMILY, target=target)
    seed = next(s for s in range(50) if op in generate_kernel(s, config=cfg))
    outcome = check_kernel(generate_kernel(seed, config=cfg), seed=seed, backend=target)
    assert outcome.kind == "ok", outcome.detail
