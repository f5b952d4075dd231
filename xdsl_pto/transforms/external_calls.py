"""Function declarations a kernel module may hold (``func.func private
@ext(...)`` without a body): the planning passes and the lowering leave a
declaration of scalars and GM tensors as it is, and refuse, at the first
offending op, what no PTO kernel can be:

* a declaration with a tile parameter or result -- a tile lives in one
  kernel's on-chip memory and is passed to no other function;
* a call of a declaration from a kernel (a function the passes plan) -- ptoas links no
  external function into a kernel, and the kernel's GM tensors become
  ``!pto.ptr`` where the declaration still names memrefs.

Found by a fresh-user breaker (the lowering left ``!tile.tile`` in the PTO
module, or failed with an operand type mismatch naming a type the user
never wrote).
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp

from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.transforms.common import is_kernel


def check_external_calls(module: ModuleOp, pass_name: str) -> None:
    """Refuse a tile-typed declaration and any call of a declaration.

    Raises:
        PassError: ``PASS: the declaration @f takes or returns a tile ...``
            at the declaration, or ``PASS: @g calls the declaration @f ...``
            at the call.
    """
    declared: dict[str, func.FuncOp] = {}
    for op in module.walk():
        if isinstance(op, func.FuncOp) and not op.body.blocks:
            declared[op.sym_name.data] = op
            types = [*op.function_type.inputs.data, *op.function_type.outputs.data]
            if any(isinstance(t, TileType) for t in types):
                raise PassError(
                    f"{pass_name}: the declaration @{op.sym_name.data} takes or returns a tile; a tile "
                    "lives in one kernel's on-chip memory and is passed to no other function",
                    op,
                )
    if not declared:
        return
    for op in module.walk():
        if isinstance(op, func.CallOp) and op.callee.string_value() in declared:
            caller = op.parent_op()
            while caller is not None and not isinstance(caller, func.FuncOp):
                caller = caller.parent_op()
            if caller is None or not is_kernel(caller):
                continue  # a function the passes leave alone (issue 26, item 5)
            name = caller.sym_name.data
            raise PassError(
                f"{pass_name}: @{name} calls the declaration @{op.callee.string_value()}, which has no "
                "body here: a PTO kernel calls no external function (define it in the module, or "
                "inline it)",
                op,
            )
