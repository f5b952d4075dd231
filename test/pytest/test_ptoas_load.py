"""The strict and touching lower bounds behind pto-plan-memory{planner=ptoas}'s
in-place warning (xdsl_pto.analysis.ptoas_load), against the reference
compiler's own figures (``load.touch`` / ``load.strict`` of its PTOAS
planner in ../shared/pypto-lib-sample/*/*/reference.json).

Every sample kernel the importer takes today is planned under ptoas; each
space's LOAD must equal the reference's, both ways. One kernel widens bf16 to
f32 with tile.cast: a widening cast never shares its input's bytes here
(seed 002), where the reference counts it in place, so that kernel's bounds
are the reference's plus the bf16 tile.
"""

from __future__ import annotations

import glob
import json
import os

import pytest

from xdsl_pto.analysis.ptoas_load import space_loads, strict_peak
from xdsl_pto.frontends.pypto import PyptoImportError, import_source
from xdsl_pto.tools.session import run_pipeline
from xdsl_pto.transforms.common import functions
from xdsl_pto.transforms.memory_reuse.lifetime import Interval

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAMPLE = os.path.join(os.path.dirname(ROOT), "shared", "pypto-lib-sample")
KERNELS = sorted(glob.glob(os.path.join(SAMPLE, "*", "*", "kernel.py")))

#: Kernels whose bounds exceed the reference's by a widening cast's input
#: (bytes per space).
WIDENING_CAST = {"post_rms_reduce": {"vec": 16384}}


def test_strict_counts_touching_lifetimes_together() -> None:
    a, b = Interval(0, 3), Interval(3, 5)  # b written where a is read last
    assert strict_peak([(a, 100), (b, 60)]).bytes == 160
    assert strict_peak([(a, 100), (Interval(4, 5), 60)]).bytes == 100


@pytest.mark.skipif(not KERNELS, reason="../shared/pypto-lib-sample is not beside the checkout")
def test_bounds_equal_the_reference() -> None:
    compared = 0
    for path in KERNELS:
        name = os.path.basename(os.path.dirname(path))
        with open(path, encoding="utf-8") as f:
            try:
                module = import_source(f.read(), path)
                module.verify()
            except (PyptoImportError, Exception):  # noqa: BLE001 - not importable yet
                continue
        run_pipeline(module, "pto-plan-memory{backend=a3 planner=ptoas}")
        with open(os.path.join(os.path.dirname(path), "reference.json"), encoding="utf-8") as f:
            ref = json.load(f)["planners"]["PTOAS"]["load"]
        for fn in functions(module):
            for load in space_loads(fn):
                want = ref[load.space.value.capitalize()]
                extra = WIDENING_CAST.get(name, {}).get(load.space.value, 0)
                assert (load.touch.bytes, load.strict.bytes) == (want["touch"] + extra, want["strict"] + extra), (
                    name,
                    load.space.value,
                )
                compared += 1
    assert compared >= 9
