"""The head and the signature of a lowered function: the prologue ops
(constants, then tensor views, then allocations -- the reference's order --
then, under ptoas, the tile views that give a carried window its one
handle), one ``pto.make_tensor_view`` per GM tensor argument
(:func:`make_tensor_views`), and the finished signature
(:func:`finish_signature`: the prologue inserted, GM tensors as
``!pto.ptr`` but the FFTS workspace, the kernel kind).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from xdsl.dialects import arith, func
from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    FunctionType,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.rewriter import Rewriter

from xdsl_pto.lowering.tile_buf import pto_element
from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.pto.attrs import KernelKind, KernelKindAttr, Layout, LayoutAttr
from xdsl_pto.dialects.pto.ops import MakeTensorViewOp
from xdsl_pto.dialects.pto.sync import SetFftsOp as PtoSetFftsOp
from xdsl_pto.dialects.pto.types import PtrType, TensorViewType, TileBufType
from xdsl_pto.dialects.tile.dim_expr import DimExprError, parse_dim
from xdsl_pto.dialects.tile.function_attrs import dynamic_dim_names
from xdsl_pto.dialects.tile.pipe_setup_ops import AicInitializePipeOp, AivInitializePipeOp
from xdsl_pto.dialects.tile.types import TileType, is_4bit
from xdsl_pto.dialects.tile.view_ops import constant_index
from xdsl_pto.lowering.state import PASS, FunctionLowering
from xdsl_pto.lowering.sync import is_ffts_workspace

#: The ops that take a pipe's GM slot buffer (a GM argument used only
#: there gets no tensor view).
PIPE_INIT_OPS = (AicInitializePipeOp, AivInitializePipeOp)


@dataclass
class Prologue:
    """The ops emitted at the head of the function: constants, then tensor
    views, then allocations (the reference's order), then -- under ptoas --
    the tile views that give a carried window its one handle."""

    constants: list[Operation] = field(default_factory=list)
    views: list[Operation] = field(default_factory=list)
    allocs: list[Operation] = field(default_factory=list)
    aliases: list[Operation] = field(default_factory=list)
    _const: dict[tuple[int, str], SSAValue] = field(default_factory=dict)

    def const(self, value: int, kind: str) -> SSAValue:
        """A deduplicated ``arith.constant`` (``kind``: "index" or "i64"),
        named like the reference (``%c32_index``, ``%c0_i64``)."""
        key = (value, kind)
        if key not in self._const:
            t: Attribute = IndexType() if kind == "index" else IntegerType(64)
            op = arith.ConstantOp(IntegerAttr(value, t))
            op.result.name_hint = f"c{value}_{kind}"
            self.constants.append(op)
            self._const[key] = op.result
        return self._const[key]

    def valid_operands(
        self, buf: TileBufType, valid: tuple[int, int] | None
    ) -> tuple[SSAValue | None, SSAValue | None]:
        """The ``index`` constants giving a ``v_row=?, v_col=?`` handle its
        valid shape (``valid``: :func:`.tile_buf.runtime_valid`); None, None
        for a static one."""
        if not buf.has_dynamic_valid_shape:
            return None, None
        assert valid is not None
        return self.const(valid[0], "index"), self.const(valid[1], "index")


def make_tensor_views(fl: FunctionLowering) -> None:
    """One ``pto.make_tensor_view`` per GM tensor argument (row-major
    strides, ``nd``; a ``[M, 1]`` column vector is ``dn`` with ``[1, M]``),
    except an argument used only as a pipe's ``gm_slot_buffer`` or as the
    FFTS workspace of ``tile.set_ffts``.

    A dynamic extent (``?``) takes its runtime value from trailing
    ``index`` parameters of the kernel, one per distinct free name of the
    ``tile.dynamic_dims`` expressions in first-use order
    (tile-op-semantics.md section 11, "Dynamic dims"; an unnamed ``?`` has
    a parameter of its own): a name is its parameter, an expression
    (``N * 2``) is computed from them by ``arith`` ops of the prologue
    (:func:`_dim_value`, once per distinct expression); a stride over a
    dynamic extent is an ``arith.muli`` of the prologue.

    Raises:
        PassError: located at the function: a ``tile.dynamic_dims`` entry
            that is not a supported expression
            (:func:`~xdsl_pto.dialects.tile.dim_expr.parse_dim`), or a
            4-bit tensor whose last extent is dynamic or odd."""
    entry = fl.fn.body.blocks[0]
    params: dict[str, SSAValue] = {}
    for index, arg in enumerate(list(entry.args)):
        t = arg.type
        if not isinstance(t, MemRefType):
            continue
        if arg.uses and all(isinstance(u.operation, PIPE_INIT_OPS) for u in arg.uses):
            continue  # only a pipe's GM slot buffer: ptoas takes the pointer itself
        if is_ffts_workspace(arg):
            continue  # only the FFTS setup's workspace: ptoas takes the memref itself
        shape = t.get_shape()
        if is_4bit(t.element_type):  # ptoas counts f4E2M1x2 pairs along the last axis
            if shape[-1] < 0 or shape[-1] % 2:
                raise PassError(
                    f"{PASS}: the {t.element_type} tensor argument {index} has last extent "
                    f"{'?' if shape[-1] < 0 else shape[-1]}; ptoas reads 4-bit tensors as pairs "
                    "(!pto.f4E2M1x2), so it must be static and even",
                    fl.fn,
                )
            shape = (*shape[:-1], shape[-1] // 2)
        names = iter(dynamic_dim_names(fl.fn, index))
        idx: list[SSAValue] = []
        for d in shape:
            if d >= 0:
                idx.append(fl.pro.const(d, "index"))
                continue
            name = next(names)
            if name is None:  # an unnamed extent: a parameter of its own
                key = f"{index}.{len(idx)}"
                params[key] = _dim_param(fl, entry, None)
                idx.append(params[key])
                continue
            try:
                dim = parse_dim(name)
            except DimExprError as err:
                raise PassError(
                    f"{PASS}: unsupported dynamic extent '{name}' of tensor argument {index} "
                    f"(tile.dynamic_dims): {err}",
                    fl.fn,
                ) from None
            for free in dim.names:
                if free not in params:
                    params[free] = _dim_param(fl, entry, free)
            key = f"={ast.unparse(dim.node)}"
            if key not in params:
                params[key] = _dim_value(fl, dim.node, params)
            idx.append(params[key])
        if len(shape) == 2 and shape[1] == 1:
            strides, layout = [fl.pro.const(1, "index"), idx[0]], "dn"
        else:
            strides = []
            acc: SSAValue = fl.pro.const(1, "index")
            for k in range(len(shape) - 1, -1, -1):
                strides.insert(0, acc)
                if k:
                    acc = _times(fl, acc, idx[k], shape[k])
            layout = mx_scale_layout(arg) or "nd"
        view = MakeTensorViewOp(
            arg,
            idx,
            strides,
            TensorViewType([None] * len(shape), pto_element(t.element_type)),
            layout=LayoutAttr(Layout(layout)),
        )
        fl.pro.views.append(view)
        fl.tensor_view[arg] = view.result
        fl.tensor_strides[arg] = strides


def _dim_param(fl: FunctionLowering, entry, name: str | None) -> SSAValue:
    """A new trailing ``index`` parameter of the kernel for one dynamic
    name (named after it when that is a valid SSA name; None: an unnamed
    extent)."""
    param = entry.insert_arg(IndexType(), len(entry.args))
    if name is not None and SSAValue.is_valid_name(name):
        param.name_hint = name
    attrs = fl.fn.arg_attrs
    if attrs is not None:
        fl.fn.arg_attrs = ArrayAttr([*attrs.data, DictionaryAttr({})])
    return param


def _dim_value(fl: FunctionLowering, node: ast.expr, params: dict[str, SSAValue]) -> SSAValue:
    """The ``index`` value of a dimension expression (a checked
    :class:`~xdsl_pto.dialects.tile.dim_expr.DimExpr` tree): a name is its
    parameter (``params``), a literal a prologue constant, ``+ - * //`` an
    ``arith.addi`` / ``subi`` / ``muli`` / ``floordivsi`` and ``a % b``
    the floor modulo ``a - floordivsi(a, b) * b`` (the importer's scalar
    ``%``, pypto's FloorMod), all placed with the prologue's constants."""
    if isinstance(node, ast.Constant):
        return fl.pro.const(int(node.value), "index")
    if not isinstance(node, ast.BinOp):
        return params[ast.unparse(node)]
    a, b = _dim_value(fl, node.left, params), _dim_value(fl, node.right, params)
    ops: list[Operation] = []
    if isinstance(node.op, ast.Mod):
        q = arith.FloorDivSIOp(a, b)
        m = arith.MuliOp(q.result, b)
        ops = [q, m, arith.SubiOp(a, m.result)]
    else:
        kind = {ast.Add: arith.AddiOp, ast.Sub: arith.SubiOp, ast.Mult: arith.MuliOp, ast.FloorDiv: arith.FloorDivSIOp}
        ops = [kind[type(node.op)](a, b)]
    fl.pro.constants.extend(ops)
    return ops[-1].results[0]


def _times(fl: FunctionLowering, acc: SSAValue, extent: SSAValue, static: int) -> SSAValue:
    """``acc * extent`` for a row-major stride: a constant when both are
    (``static``: the extent, -1 when dynamic), else an ``arith.muli`` placed
    with the prologue's constants."""
    known = constant_index(acc)
    if known is not None:
        if static >= 0:
            return fl.pro.const(known * static, "index")
        if known == 1:
            return extent
    mul = arith.MuliOp(acc, extent)
    fl.pro.constants.append(mul)
    return mul.result


def mx_scale_layout(arg: SSAValue) -> str | None:
    """The GM layout ptoas v0.48 infers for an e8m0 scale tensor from the
    Mat tile it is loaded into ("layout mismatch: user-specified layout=nd
    but inferred=mx_a_zz"): ``mx_a_zz`` for a row_major / row_major tile
    (the left-scale layout), ``mx_b_nn`` for a col_major / col_major one
    (the right-scale layout), None (``nd``) for any other layout or tensor
    (ptoas v0.48 infers ``nd`` for those, e.g. the default col_major /
    row_major Mat tile)."""
    t = arg.type
    if not isinstance(t, MemRefType) or str(t.element_type) != "f8E8M0FNU":
        return None
    for use in arg.uses:
        r = use.operation.results[0].type if use.operation.results else None
        if isinstance(r, TileType):
            return _MX_VIEWS.get((r.blayout.data, r.slayout.data))
    return None


#: The GM view ptoas v0.48 infers for an e8m0 load by the (blayout,
#: slayout) of the tile it fills; any other pair is ``nd``.
_MX_VIEWS = {("row_major", "row_major"): "mx_a_zz", ("col_major", "col_major"): "mx_b_nn"}


def finish_signature(fl: FunctionLowering, kind: str) -> None:
    """Insert the prologue, turn GM tensors into ``!pto.ptr`` arguments
    (all but a workspace only ``pto.set_ffts`` reads, a ``memref`` for ptoas
    v0.48) and set the kernel kind."""
    entry = fl.fn.body.blocks[0]
    first = entry.first_op
    for new in [*fl.pro.constants, *fl.pro.views, *fl.pro.allocs, *fl.pro.aliases]:
        new.location = fl.fn.location
        if first is None:
            entry.add_op(new)
        else:
            entry.insert_op_before(new, first)
    for arg in list(entry.args):
        if arg.uses and all(isinstance(u.operation, PtoSetFftsOp) for u in arg.uses):
            continue  # ptoas v0.48 reads the FFTS workspace as a memref (:mod:`.sync`)
        if isinstance(arg.type, MemRefType):
            Rewriter.replace_value_with_new_type(arg, PtrType(pto_element(arg.type.element_type)))
    fl.fn.function_type = FunctionType.from_lists(
        [a.type for a in entry.args], list(fl.fn.function_type.outputs)
    )
    fl.fn.attributes["pto.kernel_kind"] = KernelKindAttr(KernelKind(kind))
    drop_tile_arg_attrs(fl.fn)


def drop_tile_arg_attrs(fn: func.FuncOp) -> None:
    """Remove the Tile argument attributes (``tile.out``...) from ``fn``'s
    ``arg_attrs``; ptoas does not know them."""
    if fn.arg_attrs is None:
        return
    kept = [
        DictionaryAttr({k: v for k, v in d.data.items() if not k.startswith("tile.")})
        for d in fn.arg_attrs.data
    ]
    fn.arg_attrs = None if all(not d.data for d in kept) else ArrayAttr(kept)


__all__ = [
    "Prologue",
    "drop_tile_arg_attrs",
    "finish_signature",
    "make_tensor_views",
]
