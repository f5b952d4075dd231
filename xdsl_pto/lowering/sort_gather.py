"""``convert-tile-to-pto`` for the sort / gather / scatter ops of issue 23
that need more than an ``ins(...) outs(...)`` row of :mod:`.op_names`
(``gather``, ``gatherb``, ``scatter``, ``sort32`` and ``mrgsort_format1``
are rows there). The forms are ptoas v0.48's (/work/notes/pto-op-forms
§6-§7):

* ``tile.gather_mask`` / ``tile.scatter_mask`` -> ``pto.tgather`` /
  ``pto.tscatter ins(%src, {maskPattern = #pto.mask_pattern<P0101>} : Ts)
  outs(%d : Td)`` (no ``"row"`` token);
* ``tile.gather_compare`` -> ``pto.tgather ins(%src, %k, %tmp : ...)
  outs(%d, %c : Td, Tc) {cmpMode = #pto<cmp gt>, offset = 0 : i32}``;
* ``tile.mrgsort_format2`` -> ``%ex = arith.constant dense<0> :
  vector<4xi16>`` (in the prologue) and ``pto.tmrgsort ins(%a, %b, %tmp
  {exhausted = false} : ...) outs(%d, %ex : Td, vector<4xi16>)``;
* ``tile.mgather`` -> a full-extent ``pto.partition_view`` of the tensor and
  ``pto.mgather ins(%pv, %idx : PV, Ti) outs(%d : Td) {coalesce =
  #pto<coalesce row>[, gatherOob = #pto<gather_oob clamp>]}``;
* ``tile.mscatter`` -> a full-extent partition and ``pto.mscatter ins(%src,
  %idx : Ts, Ti) outs(%pv : PV)``;
* ``tile.gather_row`` -> ``pto.subview`` of the destination at the window,
  a ``pto.partition_view`` of the source window, ``pto.tload`` between them.

The pass calls :func:`lower_sort_gather_op` for every tile op (one hook).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects import arith
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, IntegerAttr, MemRefType, StringAttr, i1, i32
from xdsl.ir import Operation, SSAValue

from xdsl_pto.dialects.pto import FAMILY_OPS, PTO_DPS_OPS
from xdsl_pto.dialects.pto.attrs import (
    CmpMode,
    CmpModeAttr,
    Coalesce,
    CoalesceAttr,
    GatherOob,
    GatherOobAttr,
    MaskPattern,
    MaskPatternAttr,
)
from xdsl_pto.dialects.pto.ops import PartitionViewOp, SubviewOp
from xdsl_pto.dialects.pto.sort_gather import EXECUTED_TYPE
from xdsl_pto.dialects.pto.types import PartitionTensorViewType, TileBufType
from xdsl_pto.dialects.tile.gather_ops import GatherCompareOp, GatherMaskOp, GatherRowOp, MgatherOp
from xdsl_pto.dialects.tile.scatter_ops import MscatterOp, ScatterMaskOp
from xdsl_pto.dialects.tile.sort_ops import MrgSortFormat2Op

if TYPE_CHECKING:
    from xdsl_pto.lowering.state import FunctionLowering as _FunctionLowering


def lower_sort_gather_op(fl: _FunctionLowering, op: Operation) -> bool:
    """Emit the PTO ops for ``op`` right before it when it is one of this
    module's ops (see the module doc); False for any other op."""
    if isinstance(op, GatherMaskOp | ScatterMaskOp):
        pattern = MaskPatternAttr(MaskPattern(op.attributes["mask_pattern"].data))  # type: ignore[attr-defined]
        name = "tgather" if isinstance(op, GatherMaskOp) else "tscatter"
        _insert(FAMILY_OPS[name](ins=[fl.buf(op.src)], outs=[fl.handle[op.results[0]]], attributes={"maskPattern": pattern}), op)
    elif isinstance(op, GatherCompareOp):
        attrs = {
            "cmpMode": CmpModeAttr(CmpMode(op.attributes["cmp_mode"].data)),  # type: ignore[attr-defined]
            "offset": op.attributes.get("offset") or IntegerAttr(0, i32),
        }
        outs = [fl.handle[op.dst], fl.handle[op.count]]
        _insert(FAMILY_OPS["tgather"](ins=[fl.buf(v) for v in op.operands], outs=outs, attributes=attrs), op)
    elif isinstance(op, MrgSortFormat2Op):
        attrs = {"exhausted": IntegerAttr(int(op.exhausted is not None), i1)}
        outs = [fl.handle[op.result], executed_counts(fl)]
        _insert(FAMILY_OPS["tmrgsort"](ins=[fl.buf(v) for v in op.operands], outs=outs, attributes=attrs), op)
    elif isinstance(op, MgatherOp):
        attrs = {"coalesce": CoalesceAttr(Coalesce(op.attributes["coalesce"].data))}  # type: ignore[attr-defined]
        oob = op.attributes.get("gather_oob")
        if isinstance(oob, StringAttr):
            attrs["gatherOob"] = GatherOobAttr(GatherOob(oob.data))
        ins = [whole_tensor(fl, op.mem, op), fl.buf(op.idx)]
        _insert(FAMILY_OPS["mgather"](ins=ins, outs=[fl.handle[op.result]], attributes=attrs), op)
    elif isinstance(op, MscatterOp):
        pv = whole_tensor(fl, op.output, op)
        _insert(FAMILY_OPS["mscatter"](ins=[fl.buf(op.src), fl.buf(op.idx)], outs=[pv]), op)
    elif isinstance(op, GatherRowOp):
        lower_gather_row(fl, op)
    else:
        return False
    return True


def _insert(new: Operation, before: Operation) -> None:
    new.location = before.location
    before.parent_block().insert_op_before(new, before)  # type: ignore[union-attr]


def executed_counts(fl: _FunctionLowering) -> SSAValue:
    """The prologue's ``%executed = arith.constant dense<0> : vector<4xi16>``
    (one per function): format-2 ``tmrgsort``'s second ``outs`` operand,
    whose counts nothing reads back (as in the reference)."""
    for c in fl.pro.constants:
        if c.results[0].type == EXECUTED_TYPE:
            return c.results[0]
    const = arith.ConstantOp(DenseIntOrFPElementsAttr.from_list(EXECUTED_TYPE, [0]))
    const.result.name_hint = "executed"
    fl.pro.constants.append(const)
    return const.result


def whole_tensor(fl: _FunctionLowering, tensor: SSAValue, before: Operation) -> SSAValue:
    """A ``pto.partition_view`` of all of GM tensor ``tensor`` (offsets 0,
    sizes its shape), inserted before ``before``."""
    gm = tensor.type
    assert isinstance(gm, MemRefType)
    shape = list(gm.get_shape())
    pv = PartitionViewOp(
        fl.tensor_view[tensor],
        [fl.pro.const(0, "index") for _ in shape],
        [fl.pro.const(d, "index") for d in shape],
        PartitionTensorViewType(shape, gm.element_type),
    )
    _insert(pv, before)
    return pv.result


def lower_gather_row(fl: _FunctionLowering, op: GatherRowOp) -> None:
    """``%v = pto.subview %dst[%r, %c] sizes [H, W]``, the source window's
    ``pto.partition_view`` and ``pto.tload ins(%pv) outs(%v)``."""
    dst = fl.handle[op.result]
    buf = dst.type
    assert isinstance(buf, TileBufType)
    (r, c), (h, w) = op.dst_offsets(), op.window()
    view_t = TileBufType(
        buf.loc, buf.dtype, h, w, h, w, blayout=buf.blayout, slayout=buf.slayout, fractal=buf.fractal, pad=buf.pad
    )
    sub = SubviewOp(dst, [fl.pro.const(r, "index"), fl.pro.const(c, "index")], (h, w), view_t)
    if dst.name_hint:
        sub.result.name_hint = f"{dst.name_hint}_win"
    _insert(sub, op)
    gm = op.src.type
    assert isinstance(gm, MemRefType)
    pv = PartitionViewOp(
        fl.tensor_view[op.src],
        list(op.offsets[2:]),
        [fl.pro.const(h, "index"), fl.pro.const(w, "index")],
        PartitionTensorViewType([h, w], gm.element_type),
    )
    _insert(pv, op)
    _insert(PTO_DPS_OPS["tload"](ins=[pv.result], outs=[sub.result]), op)
