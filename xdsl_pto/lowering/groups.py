"""Group functions (``tile.function_kind = "group"``): the ptoas entry of a
mixed kernel, which only calls its aic / aiv functions
(:func:`lower_group`); the callees become private
(:func:`privatize_callees`), as in PTOAS's own mixed-kernel tests.
"""

from __future__ import annotations

from xdsl.dialects import arith, func
from xdsl.dialects.builtin import FunctionType, MemRefType, ModuleOp, StringAttr, UnitAttr
from xdsl.ir import SSAValue
from xdsl.rewriter import Rewriter
from xdsl.traits import SymbolTable

from xdsl_pto.lowering.tile_buf import pto_element
from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.pto.types import PtrType
from xdsl_pto.dialects.tile.function_attrs import FUNCTION_KIND
from xdsl_pto.lowering.state import PASS
from xdsl_pto.transforms.common import functions
from xdsl_pto.lowering.prologue import drop_tile_arg_attrs


def lower_group(fn: func.FuncOp) -> None:
    """A ``tile.function_kind = "group"`` function: the ptoas entry
    (``attributes {pto.entry}``), GM tensors as ``!pto.ptr`` (but one its
    lowered callees all take as a ``memref``: the FFTS workspace of
    ``pto.set_ffts``, :mod:`.sync`), its
    ``func.call`` of the aic/aiv kernels kept, no kernel kind. The callees
    are made private, as in PTOAS's own mixed-kernel tests.

    Raises:
        PassError: when it holds anything but ``func.call``, ``func.return``
            and constants, or passes one tensor to a callee that takes a
            ``memref`` and to one that takes a ``!pto.ptr``.
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
        if isinstance(arg.type, MemRefType) and not _passed_as_memref(fn, arg):
            Rewriter.replace_value_with_new_type(arg, PtrType(pto_element(arg.type.element_type)))
    fn.function_type = FunctionType.from_lists(
        [a.type for a in entry.args], list(fn.function_type.outputs)
    )
    for key in [k for k in fn.attributes if k.startswith("tile.")]:
        del fn.attributes[key]
    fn.attributes["pto.entry"] = UnitAttr()
    drop_tile_arg_attrs(fn)


def _passed_as_memref(fn: func.FuncOp, arg: SSAValue) -> bool:
    """True when every (lowered) callee ``arg`` is passed to takes it as a
    ``memref``.

    Raises:
        PassError: when some callees take it as a ``memref`` and others not.
    """
    module = fn.parent_op()
    kinds = set()
    for use in arg.uses:
        call = use.operation
        callee = SymbolTable.lookup_symbol(module, call.callee) if isinstance(call, func.CallOp) and module else None
        if not isinstance(callee, func.FuncOp):
            return False
        kinds.add(isinstance(callee.function_type.inputs.data[use.index], MemRefType))
    if len(kinds) > 1:
        raise PassError(
            f"{PASS}: group function '{fn.sym_name.data}' passes %{arg.name_hint or 'arg'} to a kernel that takes "
            "it as a memref (the FFTS workspace of pto.set_ffts) and to one that takes a !pto.ptr",
            fn,
        )
    return kinds == {True}


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
