"""Differential-execution interpreter for Tile-dialect kernels.

Two modes over one set of op semantics (:mod:`.semantics`):

* logical -- every tile value is its own numpy array (value semantics);
* physical -- every on-chip memory space is one byte array of the backend's
  capacity and every tile value lives at the bytes its type's MemRef names
  (root ``addr`` + offset), so a wrong memory plan corrupts data.

Public API: :func:`make_inputs`, :func:`run_function` (-> :class:`RunResult`),
:func:`differential_check` (-> list of :class:`Mismatch`), :class:`InterpError`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from xdsl_pto.interp.differential import Mismatch, differential_check
    from xdsl_pto.interp.errors import DataRangeError, InterpError, LayoutError
    from xdsl_pto.interp.inputs import make_inputs
    from xdsl_pto.interp.provenance import Divergence, Provenance
    from xdsl_pto.interp.runner import RunResult, run_function

#: Where each public name lives. They are imported on first use (PEP 562),
#: so importing ``xdsl_pto.interp.errors`` -- as every ``xdsl-pto`` command
#: does -- does not load numpy, ml_dtypes and xDSL's interpreters (about
#: 2 s of start-up).
_EXPORTS = {
    "DataRangeError": "errors",
    "Divergence": "provenance",
    "InterpError": "errors",
    "LayoutError": "errors",
    "Mismatch": "differential",
    "Provenance": "provenance",
    "RunResult": "runner",
    "differential_check": "differential",
    "make_inputs": "inputs",
    "run_function": "runner",
}


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


__all__ = sorted(_EXPORTS)
