"""The per-target rules of the ops' PTO forms, checked where the target is
known (``convert-tile-to-pto``): every :class:`~xdsl_pto.dialects.tile.traits.ElementTypesOn`
and :class:`~xdsl_pto.dialects.tile.traits.TargetRule` an op declares (what
ptoas v0.48 refuses on that target: an element type, a scratch tile's
width, an A5-only op), asked through
:func:`~xdsl_pto.dialects.tile.traits.target_rule_violations` -- no op is
named here."""

from __future__ import annotations

from xdsl.dialects import func

from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.tile.traits import target_rule_violations


def check_target_rules(fn: func.FuncOp, target: str, pass_name: str) -> None:
    """Every op of ``fn`` keeps its target rules on ``target`` (``a2``,
    ``a3``, ``a5``).

    Raises:
        PassError: at the first op that breaks one, e.g. ``convert-tile-to-pto:
            tile.col_sum on a3 needs a source of element type f16, f32, i16,
            i32, ui16 or ui32, got bf16``.
    """
    for op in fn.walk():
        broken = target_rule_violations(op, target)
        if broken:
            raise PassError(f"{pass_name}: {broken[0]}", op)
