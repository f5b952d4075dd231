"""Random valid Tile kernels and a delta-debugging minimizer, for fuzzing the
memory planner.

* :func:`generate_kernel` (``generate.py``) -- the MLIR text of a random
  valid kernel, deterministic per seed; :class:`GenConfig` holds the knobs
  (presets ``default``, ``pipelines``, ``targets``: the target-aware ops and
  the cross-core pipe of ``targets.py``, ``matmuls``: the Mat-resident
  matmuls of ``auto_matmul.py`` that auto-tile-matmul-l0 tiles first,
  ``cube``: cube kernels with the batched / gemv / MX matmuls of
  ``cube_family.py``, each op only for the targets that have it --
  ``GenConfig.target``, which a campaign sets to its backend).
* :func:`minimize` (``minimize.py``) -- shrink a failing kernel by delta
  debugging over its ops.
* :func:`check_kernel` / :func:`run_campaign` (``campaign.py``) -- plan a
  kernel with every planner, validate, run both ways, lower; a campaign over
  many seeds with minimized failures (``xdsl-pto fuzz``).
* :func:`features` (``features.py``) -- what a kernel exercises.
"""

from xdsl_pto.fuzz.campaign import Outcome, Summary, check_kernel, run_campaign
from xdsl_pto.fuzz.features import features
from xdsl_pto.fuzz.generate import GenConfig, GeneratorError, generate_kernel
from xdsl_pto.fuzz.minimize import minimize

__all__ = [
    "GenConfig",
    "GeneratorError",
    "Outcome",
    "Summary",
    "check_kernel",
    "features",
    "generate_kernel",
    "minimize",
    "run_campaign",
]
