"""What ``convert-tile-to-pto`` checks of the issue-23 vector ops before it
lowers a function (hooked from the pass, one call per function).

The ops themselves lower through the op-name table (:mod:`.op_names`):
each is a plain ``pto.<name> ins(...) outs(...)``; their target rules
(element types per target family, A2/A3 ``texpands`` writing row-major
tiles only) are declared on the op definitions
(:mod:`xdsl_pto.dialects.tile.ptoas_traits`) and checked with every other
op's (:func:`.ptoas_form.check_ptoas_rules`). What neither can say:

* a composite op (``tile.sin``, ``tile.cos``: trait
  :class:`~xdsl_pto.dialects.tile.traits.Composite`) has no PTO op: it is
  expanded before planning (``lower-composite-ops``, the first stage of
  ``pto-plan-memory``), and one left in a planned module is refused here
  with that advice.
"""

from __future__ import annotations

from xdsl.dialects import func

from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.tile.traits import composite_of


def check_vector_ops(fn: func.FuncOp, target: str, pass_name: str) -> None:
    """Refuse, with a located error, an op of ``fn`` that has no PTO op
    (``target``: the target the module is lowered for).

    Raises:
        PassError: ``<pass>: tile.sin has no PTO op ...`` for a composite op.
    """
    for op in fn.walk():
        if composite_of(op) is not None:
            raise PassError(
                f"{pass_name}: {op.name} has no PTO op; it is expanded into other tile ops "
                "before planning: plan the kernel with pto-plan-memory (or run "
                "lower-composite-ops before init-memref)",
                op,
            )
