"""The independent proof of a memory plan: ``verify-memory-plan`` (a planned
Tile module) and the address check of a lowered PTO module.

**Independence.** This package reads only the IR, the op definitions'
declared memory traits (:mod:`xdsl_pto.dialects.tile.traits`) and the
backend facts (:mod:`xdsl_pto.backends`); it imports nothing from
``xdsl_pto.transforms``, and no module of ``xdsl_pto.transforms`` imports
from it (``pto-plan-memory{verify=true}`` runs it by looking the pass up by
name in the registered pass universe). It re-derives, on its own:

* liveness (:mod:`.liveness`: statement numbering, lifetimes, path-sensitive
  interference);
* the must-alias classes and the window each definition fixes
  (:mod:`.aliasing`);
* every hazard: the no-alias and tmp/source rules from the traits, the
  Ascend910 load + tpop hazard, the written-workspace hazard and the
  runtime-slot rules (:mod:`.hazards`);

so a bug in one of the planner's rules cannot hide in the proof. The code
here therefore repeats, on purpose, what the planner's analyses compute
(``transforms/memory_reuse/lifetime.py``, ``hazards.py``,
``transforms/plan_liveness.py``, ``declared_allocs.py``): a duplicate-code
report pairing the two is expected and must not be merged.
``test/pytest/test_validator_independence.py`` proves it by mutation: each
hazard rule of the planner is switched off in turn, and the validator
catches the plan that results.

Modules: :mod:`.ir` (reading the IR), :mod:`.liveness`, :mod:`.aliasing`,
:mod:`.hazards`, :mod:`.memory_plan` (the checks and the pass),
:mod:`.pto_buffers` (lowered PTO: addresses only).
"""

from xdsl_pto.verify.memory_plan import Checked, VerifyMemoryPlanPass, verify_module

__all__ = ["Checked", "VerifyMemoryPlanPass", "verify_module"]
