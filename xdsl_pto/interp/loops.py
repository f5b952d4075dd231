"""``scf.for`` for the tile interpreter, with a step budget (issue 25).

xDSL's own ``scf.for`` runs ``range(lb, ub, step)``: a step of 0 was a
ValueError traceback, and a loop of 10^9 trips ran for days. Here a loop
whose step is not positive is refused (scf.for requires a positive step),
and every run has a budget of executed ops: each iteration spends the
number of ops in the loop body (a nested loop spends its own when it runs).
A loop whose trips would overrun what is left of the budget is refused
before its first iteration, so a runaway loop fails at once.
"""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.interpreter import Interpreter, PythonValues, impl, register_impls
from xdsl.interpreters.builtin import scalar_attr
from xdsl.interpreters.scf import ScfFunctions

from xdsl_pto.diagnostics import op_location
from xdsl_pto.interp.errors import InterpError

#: The default budget of one run, in executed loop-body ops: the examples
#: and fuzz kernels spend at most a few thousand; one million is minutes of
#: numpy work on small tiles.
DEFAULT_MAX_STEPS = 1_000_000


@register_impls
class BoundedScfFunctions(ScfFunctions):
    """xDSL's scf interpreter functions with :func:`run_for` checked and
    budgeted (``max_steps`` executed loop-body ops per run)."""

    def __init__(self, max_steps: int = DEFAULT_MAX_STEPS):
        super().__init__()
        self.max_steps = max_steps
        self.steps = 0

    @impl(scf.ForOp)
    def run_for(self, interpreter: Interpreter, op: scf.ForOp, args: PythonValues) -> PythonValues:
        """Run the loop, as xDSL does, after the checks above.

        Raises:
            InterpError: a step that is not positive, or trips that would
                overrun the budget (both located at the loop).
        """
        lb, ub, step, *packed_args = args
        lo, hi, by = lb.value.data, ub.value.data, step.value.data
        if by <= 0:
            raise InterpError(f"{op_location(op)}: scf.for step must be positive, got {by}")
        trips = len(range(lo, hi, by))
        cost = len(op.body.block.ops)
        left = self.max_steps - self.steps
        if trips * cost > left:
            raise InterpError(
                f"{op_location(op)}: scf.for would run {trips} iterations of {cost} ops, past the "
                f"run's budget of {self.max_steps} executed ops ({left} left); raise it with "
                "--max-steps"
            )
        self.steps += trips * cost
        loop_args = tuple(packed_args)
        for i in range(lo, hi, by):
            loop_args = interpreter.run_ssacfg_region(
                op.body,
                (scalar_attr(i, op.lb.type, interpreter.index_bitwidth), *loop_args),
                "for_loop",
            )
        return loop_args
