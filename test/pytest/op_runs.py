"""Shared by the op-family interpreter tests: run a kernel logically and,
planned, physically, and hold the two to the same bits."""

from __future__ import annotations

import numpy as np

from xdsl_pto.interp import run_function
from xdsl_pto.tools.session import parse_module, run_pipeline


def run(text: str, inputs: list[np.ndarray], backend: str = "a3") -> list[np.ndarray]:
    """The function arguments after ``@k`` ran on ``inputs``, logically; the
    kernel planned for ``backend`` (with the plan proof) must give the same
    bits physically, every on-chip read checked."""
    module = parse_module(text)
    logical = run_function(module, "k", inputs, mode="logical").outputs
    planned = run_pipeline(parse_module(text), f"pto-plan-memory{{backend={backend} verify=true}}")
    done = run_function(planned, "k", inputs, mode="physical", check_reads=True)
    assert done.writers.divergence is None, done.writers.divergence
    for a, b in zip(logical, done.outputs):
        assert a.tobytes() == b.tobytes(), "planned run differs"
    return logical
