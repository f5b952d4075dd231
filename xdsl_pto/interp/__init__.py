"""Differential-execution interpreter for Tile-dialect kernels.

Two modes over one set of op semantics (:mod:`.semantics`):

* logical -- every tile value is its own numpy array (value semantics);
* physical -- every on-chip memory space is one byte array of the backend's
  capacity and every tile value lives at the bytes its type's MemRef names
  (root ``addr`` + offset), so a wrong memory plan corrupts data.

Public API: :func:`make_inputs`, :func:`run_function` (-> :class:`RunResult`),
:func:`differential_check` (-> list of :class:`Mismatch`), :class:`InterpError`.
"""

from xdsl_pto.interp.differential import Mismatch, differential_check
from xdsl_pto.interp.errors import InterpError, LayoutError
from xdsl_pto.interp.inputs import make_inputs
from xdsl_pto.interp.provenance import Divergence, Provenance
from xdsl_pto.interp.runner import RunResult, run_function

__all__ = [
    "Divergence",
    "InterpError",
    "LayoutError",
    "Mismatch",
    "Provenance",
    "RunResult",
    "differential_check",
    "make_inputs",
    "run_function",
]
