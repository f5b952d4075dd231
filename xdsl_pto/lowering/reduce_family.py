"""``convert-tile-to-pto`` for the tile ops of issue 23's reduction /
generator / scalar-access / fill family that need more than an ``ins(...)
outs(...)`` line (the plain ones are rows of :mod:`.op_names`):

* ``tile.col_sum`` with a tmp -> ``pto.tcolsum ins(%x, %tmp {isBinary =
  true} : T, Tt) outs(%d : T1xC)``;
* ``tile.ci`` -> ``pto.tci ins(%s : E) outs(%d : T) {descending = false}``
  (the attribute always printed, as the reference does; a signless start
  for an unsigned tile first goes through ``builtin.unrealized_conversion_cast``
  to the tile's type, the reference's form);
* ``tile.tri`` -> ``pto.ttri ins(%d {upperOrLower = 0 : i32} : i32) outs(%t : T)``;
* ``tile.random`` -> ``pto.trandom ins(6 x i32) outs(%d : T)``, or the
  generic form with ``{rounds = 7 : i32}``;
* ``tile.read`` -> ``%v = pto.tgetval ins(%t, %off : T, index) outs : E`` and
  ``tile.write`` -> ``pto.tsetval ins(%off, %v : index, E) outs(%t : T)``:
  ``%off`` counts elements in the tile's memory order (``row * C + col``
  row-major, ``col * R + row`` col-major), one prologue ``%cN_index`` when
  the indices are constants, ``arith.muli`` / ``arith.addi`` before the op
  otherwise;
* ``tile.get_block_idx`` / ``get_block_num`` -> ``%r = arith.index_cast
  %__pypto_spmd_block_idx : i32 to index`` of two hidden trailing ``i32``
  parameters of the kernel, ``%__pypto_spmd_block_idx`` and
  ``%__pypto_spmd_block_num``, both added when the function uses either
  (reference/tile-op-semantics.md section 4; the reference dumps always
  have both) -- and passed on by every ``func.call`` of it
  (:func:`forward_spmd_params`).

The pass calls :func:`lower_family_op` for every tile op (one hook) and
:func:`forward_spmd_params` once per module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects import arith, func
from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    FunctionType,
    IndexType,
    IntegerAttr,
    ModuleOp,
    UnrealizedConversionCastOp,
    i1,
    i32,
)
from xdsl.ir import Block, BlockArgument, Operation, SSAValue

from xdsl_pto.dialects.pto import FAMILY_OPS
from xdsl_pto.dialects.pto.generators import TRandomRoundsOp
from xdsl_pto.dialects.pto.scalar_access import TGetValOp
from xdsl_pto.dialects.pto.ops import SubviewOp
from xdsl_pto.dialects.pto.types import TileBufType
from xdsl_pto.dialects.tile.generator_ops import CiOp, RandomOp, TriOp
from xdsl_pto.dialects.tile.reduction_ops import ColSumOp
from xdsl_pto.dialects.tile.scalar_access_ops import BLOCK_QUERY_OPS, GetBlockIdxOp, ReadOp, WriteOp
from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.dialects.tile.view_ops import constant_index

if TYPE_CHECKING:
    from xdsl_pto.lowering.state import FunctionLowering as _FunctionLowering

#: The hidden trailing kernel parameters of the SPMD block identity, in order.
SPMD_PARAMS = ("__pypto_spmd_block_idx", "__pypto_spmd_block_num")


def lower_family_op(fl: _FunctionLowering, op: Operation) -> bool:
    """Emit the PTO ops for ``op`` right before it when it is one of this
    module's ops (see the module doc); False for any other op."""
    if isinstance(op, ColSumOp) and op.tmp is not None:
        _emit(fl, op, "tcolsum", [fl.buf(op.source), fl.buf(op.tmp)], {"isBinary": IntegerAttr(1, i1)})
    elif isinstance(op, CiOp):
        start = _as_element(op.start, op.result.type, op)  # type: ignore[arg-type]
        _emit(fl, op, "tci", [start], {"descending": IntegerAttr(int(op.descending is not None), i1)})
    elif isinstance(op, TriOp):
        _emit(fl, op, "ttri", [op.diagonal], {"upperOrLower": IntegerAttr(int(op.upper is not None), i32)})
    elif isinstance(op, RandomOp):
        seeds = list(op.operands)
        if op.round_count == 10:
            _emit(fl, op, "trandom", seeds, {})
        else:
            _insert(TRandomRoundsOp(seeds, fl.handle[op.result], op.round_count), op)
    elif isinstance(op, ReadOp):
        get = TGetValOp(fl.handle[op.tile], element_offset(fl, op, op.tile.type, list(op.indices)))  # type: ignore[arg-type]
        get.result.name_hint = op.result.name_hint
        _insert(get, op)
        fl.handle[op.result] = get.result
    elif isinstance(op, WriteOp):
        off = element_offset(fl, op, op.tile.type, list(op.indices))  # type: ignore[arg-type]
        value = _as_element(op.value, op.tile.type, op)  # type: ignore[arg-type]
        _insert(FAMILY_OPS["tsetval"](ins=[off, value], outs=[fl.handle[op.result]]), op)
    elif isinstance(op, BLOCK_QUERY_OPS):
        params = spmd_params(fl.fn)
        cast = arith.IndexCastOp(params[0 if isinstance(op, GetBlockIdxOp) else 1], IndexType())
        cast.result.name_hint = op.result.name_hint
        _insert(cast, op)
        fl.handle[op.result] = cast.result
    else:
        return False
    return True


def _emit(fl: _FunctionLowering, op: Operation, name: str, ins: list[SSAValue], attrs: dict) -> None:
    """``pto.<name> ins(ins) outs(<op's result buffer>) {attrs}`` before ``op``."""
    _insert(FAMILY_OPS[name](ins=ins, outs=[fl.handle[op.results[0]]], attributes=attrs), op)


def _insert(new: Operation, before: Operation) -> None:
    new.location = before.location
    before.parent_block().insert_op_before(new, before)  # type: ignore[union-attr]


def _as_element(value: SSAValue, tile: TileType, before: Operation) -> SSAValue:
    """``value`` with ``tile``'s element type: itself, or -- a signless
    integer for an unsigned tile (the op verifiers allow it) -- a
    ``builtin.unrealized_conversion_cast`` of it, inserted before ``before``
    (``%c0_ui32 = builtin.unrealized_conversion_cast %1 : i32 to ui32`` in the
    reference's dumps)."""
    if value.type == tile.element_type:
        return value
    cast, result = UnrealizedConversionCastOp.cast_one(value, tile.element_type)
    _insert(cast, before)
    return result


def element_offset(fl: _FunctionLowering, op: Operation, tile: TileType, indices: list[SSAValue]) -> SSAValue:
    """The ``index`` offset of the element ``indices`` address in ``tile``'s
    memory order: a prologue constant when every index is one, else
    ``arith.muli`` / ``arith.addi`` inserted before ``op``. One flat index is
    a row-major count (the op verifier allows it on row-major tiles and
    one-column col_major ones, where it is the memory offset too)."""
    shape = _memory_shape(fl.handle[op.operands[0]], tile)
    if len(indices) == 1:
        return _index_value(fl, indices[0])
    row, col = indices
    if tile.blayout.data == "col_major":
        outer, inner, stride = col, row, shape[0]
    else:
        outer, inner, stride = row, col, shape[1]
    k_outer, k_inner = constant_index(outer), constant_index(inner)
    if k_outer is not None and k_inner is not None:
        return fl.pro.const(k_outer * stride + k_inner, "index")
    scaled = arith.MuliOp(_index_value(fl, outer), fl.pro.const(stride, "index"))
    total = arith.AddiOp(scaled.result, _index_value(fl, inner))
    _insert(scaled, op)
    _insert(total, op)
    return total.result


def _memory_shape(handle: SSAValue, tile: TileType) -> tuple[int, ...]:
    """The shape whose rows (columns, col_major) are the element strides of
    ``handle``'s bytes: a ``pto.subview`` keeps the layout of the buffer
    under it (ptoas addresses a column window with its base tile's row
    length), so the base of the subview chain; else ``tile``'s own shape."""
    base = handle
    while isinstance(base.owner, SubviewOp):
        base = base.owner.source
    if base is handle:
        return tile.get_shape()
    buf = base.type
    assert isinstance(buf, TileBufType)
    return (buf.rows, buf.cols)


def _index_value(fl: _FunctionLowering, v: SSAValue) -> SSAValue:
    """A constant index as the prologue's ``%cN_index``, any other as is."""
    k = constant_index(v)
    return fl.pro.const(k, "index") if k is not None else v


def spmd_params(fn: func.FuncOp) -> list[BlockArgument]:
    """``fn``'s two hidden SPMD parameters (:data:`SPMD_PARAMS`), appended to
    its entry block (and to its argument attributes) the first time."""
    entry = fn.body.blocks[0]
    found = [a for a in entry.args if a.name_hint in SPMD_PARAMS]
    if found:
        return found
    for name in SPMD_PARAMS:
        arg = entry.insert_arg(i32, len(entry.args))
        arg.name_hint = name
    if fn.arg_attrs is not None:
        fn.arg_attrs = ArrayAttr([*fn.arg_attrs.data, DictionaryAttr({}), DictionaryAttr({})])
    return list(entry.args[-2:])


def forward_spmd_params(module: ModuleOp) -> None:
    """Every ``func.call`` of a function with the hidden SPMD parameters
    passes its caller's (added to the caller when it has none): a group
    function hands its aic / aiv kernels the block identity it receives."""
    fns = {f.sym_name.data: f for f in module.walk() if isinstance(f, func.FuncOp)}
    changed = True
    while changed:  # a caller that gains the parameters may itself be called
        changed = False
        for caller in fns.values():
            for call in [o for o in caller.walk() if isinstance(o, func.CallOp)]:
                callee = fns.get(call.callee.root_reference.data)
                if callee is None or not _has_spmd(callee) or len(call.arguments) == len(callee.function_type.inputs.data):
                    continue
                had = _has_spmd(caller)
                params = spmd_params(caller)
                new = func.CallOp(call.callee, [*call.arguments, *params], [r.type for r in call.results])
                new.location = call.location
                block: Block = call.parent_block()  # type: ignore[assignment]
                block.insert_op_before(new, call)
                for old, res in zip(call.results, new.results):
                    old.replace_all_uses_with(res)
                call.detach()
                call.erase()
                caller.function_type = FunctionType.from_lists(
                    [a.type for a in caller.body.blocks[0].args], list(caller.function_type.outputs.data)
                )
                changed = changed or not had


def _has_spmd(fn: func.FuncOp) -> bool:
    return bool(fn.body.blocks) and any(a.name_hint in SPMD_PARAMS for a in fn.body.blocks[0].args)
