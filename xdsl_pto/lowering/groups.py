"""Group functions (``tile.function_kind = "group"``): the ptoas entry of a
mixed kernel, which only calls its aic / aiv functions
(:func:`lower_group`); the callees become private
(:func:`privatize_callees`), as in PTOAS's own mixed-kernel tests.
"""

from __future__ import annotations

from xdsl.dialects import arith, func
from xdsl.dialects.builtin import FunctionType, MemRefType, ModuleOp, StringAttr, UnitAttr
from xdsl.rewriter import Rewriter

from xdsl_pto.lowering.tile_buf import pto_element
from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.pto.types import PtrType
from xdsl_pto.dialects.tile.function_attrs import FUNCTION_KIND
from xdsl_pto.lowering.state import PASS
from xdsl_pto.transforms.common import functions
from xdsl_pto.lowering.prologue import drop_tile_arg_attrs


def lower_group(fn: func.FuncOp) -> None:
    """A ``tile.function_kind = "group"`` function: the ptoas entry
    (``attributes {pto.entry}``), GM tensors as ``!pto.ptr``, its
    ``func.call`` of the aic/aiv kernels kept, no kernel kind. The callees
    are made private, as in PTOAS's own mixed-kernel tests.

    Raises:
        PassError: when it holds anything but ``func.call``, ``func.return``
            and constants.
    """
    for op in fn.body.walk():
        if not isinstance(op, func.CallOp | func.ReturnOp | arith.ConstantOp):
            raise PassError(
                f"{PASS}: function '{fn.sym_name.data}' is a group function "
                f'({FUNCTION_KIND} = "group"), which holds only func.call of its aic/aiv '
                f"functions and func.return, but it has '{op.name}'",
                op,
            )
    entry = fn.body.blocks[0]
    for arg in list(entry.args):
        if isinstance(arg.type, MemRefType):
            Rewriter.replace_value_with_new_type(arg, PtrType(pto_element(arg.type.element_type)))
    fn.function_type = FunctionType.from_lists(
        [a.type for a in entry.args], list(fn.function_type.outputs)
    )
    for key in [k for k in fn.attributes if k.startswith("tile.")]:
        del fn.attributes[key]
    fn.attributes["pto.entry"] = UnitAttr()
    drop_tile_arg_attrs(fn)


def privatize_callees(module: ModuleOp) -> None:
    """Make every function a group function calls private."""
    called = {
        op.callee.root_reference.data
        for fn in functions(module)
        if "pto.entry" in fn.attributes
        for op in fn.walk()
        if isinstance(op, func.CallOp)
    }
    for fn in functions(module):
        if fn.sym_name.data in called:
            fn.sym_visibility = StringAttr("private")


__all__ = [
    "lower_group",
    "privatize_callees",
]
