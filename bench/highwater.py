"""Shared by the bench scripts: addresses without a capacity check, and the
high-water mark of every (function, memory space) of a planned module."""

from __future__ import annotations

import glob
import os

from xdsl.dialects.builtin import ModuleOp

from xdsl_pto.backends import TARGET_ATTR
from xdsl_pto.tools.session import run_pipeline
from xdsl_pto.transforms.common import allocs, functions


def high_water(module: ModuleOp) -> dict[tuple[str, str], int]:
    """Run ``allocate-memory-addr`` on ``module`` with no backend (an
    overflow shows as a number past the capacity, not as an error); returns
    (function, space) -> ``max(addr + size)`` in bytes."""
    module.attributes.pop(TARGET_ATTR, None)
    run_pipeline(module, "allocate-memory-addr")
    out: dict[tuple[str, str], int] = {}
    for fn in functions(module):
        for op in allocs(fn).values():
            key = (fn.sym_name.data, op.space.data)
            out[key] = max(out.get(key, 0), op.addr.data + op.size.data)  # type: ignore[union-attr]
    return out


def kernel_files(given: list[str]) -> list[str]:
    """``given``, or every ``examples/*.mlir`` of the repository."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return given or sorted(glob.glob(os.path.join(root, "examples", "*.mlir")))
