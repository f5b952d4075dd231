"""The per-batch unrolling of tiles of rank 3 or more, the first step of
``convert-tile-to-pto`` (issue 23; the reference's FlattenTileNdTo2D,
reference/tile-op-semantics.md section 8): ptoas v0.48 has no tile of rank
above 2, so a planned tile ``[b..., R, C]`` becomes its 2-D *slabs*
``[R, C]``, one per batch index in row-major order, each on its own window
of the tile's bytes (batch-major, as the planner sized it and as
:func:`xdsl_pto.interp.layout.placement` stores it): slab ``k`` is
``<@root, offset + k * S, size = S>`` with ``S = R * C`` elements' bytes.

Every op on such a tile carries :class:`~xdsl_pto.dialects.tile.traits.RankN`,
which says how it unrolls (``per_batch``) and into which rank-2 op
(``slab_op``): a ``tile.load`` / ``tile.store`` is one per slab with the GM
offsets of the batch axes advanced; a ``tile.move`` / ``tile.create`` one per
slab; ``tile.batch_matmul`` one ``tile.matmul`` per index of the result's
batch shape with each operand at its broadcast index, and
``tile.batch_matmul_acc`` one ``tile.matmul_acc`` with ``init_cond = false``.
The rest of the lowering then sees rank-2 ops only (``pto.tmatmul`` /
``pto.tmatmul.acc`` on the slabs' handles).

Refused, located: a rank-3 tile carried by a loop or an if (or a block
argument), a slab whose valid shape differs between batches (a partly
valid batch axis), and an Acc slab whose rows the target pads (the next
slab would start inside the padding).
"""

from __future__ import annotations

import itertools

from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerAttr, IntegerType, MemRefType
from xdsl.ir import Operation, SSAValue

from xdsl_pto.backends import footprint_bytes
from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.tile import TILE_OPS
from xdsl_pto.dialects.tile.traits import RankN
from xdsl_pto.dialects.tile.types import MemRefAttr, TileType
from xdsl_pto.dialects.tile.view_ops import constant_index
from xdsl_pto.lowering.state import PASS, FunctionLowering, insert_before
from xdsl_pto.transforms.common import tile_values, value_anchor, value_name

#: Tile op name -> class (a RankN trait names its slab op).
_OP_CLASS = {cls.name: cls for cls in TILE_OPS}


#: Why a loop or if may not carry a batched tile.
_ONLY_OPS = (
    "the per-batch unrolling (FlattenTileNdTo2D) unrolls the ops that take rank-3 tiles "
    "(loads, moves, stores, creates, batched matmuls), not a loop or if carrying one -- "
    "carry the 2-D tiles of each batch"
)


def _is_batched(v: SSAValue) -> bool:
    return isinstance(v.type, TileType) and len(v.type.get_shape()) > 2


def slab_type(t: TileType, k: int, backend_name: str | None = None) -> TileType:
    """The type of slab ``k`` (row-major over the batch shape) of the
    batched tile type ``t``: its last two dims, its layout fields, valid
    shape and element type, and the ``k``-th slab window of its MemRef
    (none when ``t`` has none)."""
    shape = t.get_shape()
    valid = t.get_valid_shape()
    m = t.get_memref()
    slab = TileType(shape[-2:], t.element_type, t.memory_space, blayout=t.blayout.data,
                    slayout=t.slayout.data, fractal=t.fractal.data, pad=t.pad.data,
                    valid_shape=None if valid == shape else valid[-2:])
    if m is None:
        return slab
    size = slab.size_bytes
    window = MemRefAttr(m.root, m.offset.data + k * size, size, m.slot_index)
    return slab.with_memref(window)


def batch_shape(t: TileType) -> tuple[int, ...]:
    """The batch dims of a tile type (``()`` for rank 1 or 2)."""
    shape = t.get_shape()
    return shape[:-2] if len(shape) > 2 else ()


def unroll_batches(fl: FunctionLowering) -> None:
    """Replace every op on a tile of rank 3 or more in ``fl.fn`` by its
    per-batch rank-2 ops (see the module doc), in place.

    Raises:
        PassError: at the value or op, for the refused forms of the module doc.
    """
    batched = [v for v in tile_values(fl.fn) if _is_batched(v)]
    if not batched:
        return
    assert fl.backend is not None
    for v in batched:
        op = v.owner
        if not isinstance(op, Operation) or not op.has_trait(RankN):
            raise PassError(
                f"{PASS}: {value_name(v)} is a rank-{len(v.type.get_shape())} tile carried by a "  # type: ignore[union-attr]
                f"loop or an if (or a block argument); {_ONLY_OPS}",
                value_anchor(v),
            )
        for use in v.uses:
            if not use.operation.has_trait(RankN):
                raise PassError(
                    f"{PASS}: {value_name(v)} is a rank-{len(v.type.get_shape())} tile used by "  # type: ignore[union-attr]
                    f"{use.operation.name}; {_ONLY_OPS}",
                    use.operation,
                )
        _check_slabs(fl, v)
    slabs: dict[SSAValue, list[SSAValue]] = {}
    ops = []
    for op in fl.fn.walk():
        if op.has_trait(RankN) and any(_is_batched(v) for v in (*op.operands, *op.results)):
            ops.append(op)
    for op in ops:
        _unroll(fl, op, slabs)
    for op in reversed(ops):
        op.detach()
        op.erase()


def _check_slabs(fl: FunctionLowering, v: SSAValue) -> None:
    t = v.type
    assert isinstance(t, TileType) and fl.backend is not None
    shape, valid = t.get_shape(), t.get_valid_shape()
    if valid[:-2] != shape[:-2] or t.has_dynamic_valid:
        raise PassError(
            f"{PASS}: {value_name(v)} has valid shape {list(valid)} of shape {list(shape)}: a batched "
            "tile unrolls into 2-D slabs of one static valid shape, so its batch axes are fully valid",
            value_anchor(v),
        )
    slab = slab_type(t, 0)
    padded = footprint_bytes(slab, fl.backend)
    if padded != slab.size_bytes:
        raise PassError(
            f"{PASS}: {value_name(v)}'s 2-D slab {list(slab.get_shape())} takes {padded} bytes of "
            f"{t.memory_space.value} on {fl.backend.name} (its rows padded) but {slab.size_bytes} in the "
            "batched tile; the next batch would start inside the padding -- pad the rows of a batched "
            "accumulator to the target's row alignment",
            value_anchor(v),
        )


def _slabs_of(v: SSAValue, slabs: dict[SSAValue, list[SSAValue]]) -> list[SSAValue]:
    """The slabs of ``v`` (``[v]`` for a rank-2 tile: it serves every batch)."""
    return slabs.get(v, [v])


def _flat_index(idx: tuple[int, ...], shape: tuple[int, ...]) -> int:
    """Row-major index of ``idx`` (right-aligned, 1-extents broadcast) in ``shape``."""
    idx = idx[len(idx) - len(shape):] if shape else ()
    k = 0
    for i, n in zip(idx, shape):
        k = k * n + (0 if n == 1 else i)
    return k


def _unroll(fl: FunctionLowering, op: Operation, slabs: dict[SSAValue, list[SSAValue]]) -> None:
    trait = op.get_trait(RankN)
    assert trait is not None
    cls = _OP_CLASS[trait.slab_op] if trait.slab_op else type(op)
    result = op.results[0] if op.results else None
    if result is not None and _is_batched(result):
        batch = batch_shape(result.type)  # type: ignore[arg-type]
    else:  # a store: the stored tile's batch shape
        batch = batch_shape(op.operands[0].type)  # type: ignore[arg-type]
    out: list[SSAValue] = []
    for k, idx in enumerate(itertools.product(*(range(n) for n in batch))):
        operands: list[SSAValue] = []
        for v in op.operands:
            if isinstance(v.type, TileType):
                vb = batch_shape(v.type)
                operands.append(_slabs_of(v, slabs)[_flat_index(idx, vb) if trait.per_batch == "broadcast" else k])
            else:
                operands.append(v)
        if trait.per_batch == "gm":
            operands = _gm_offsets(fl, op, operands, idx)
        if _operand_names(cls)[len(operands):] == ["init_cond"]:
            false = arith.ConstantOp(IntegerAttr(0, IntegerType(1)))
            insert_before(false, op)
            fl.temporaries.append(false)
            operands.append(false.result)
        types = [slab_type(r.type, k) for r in op.results]  # type: ignore[arg-type]
        # the same op keeps its properties (a load's operand segment sizes)
        props = dict(op.properties) if cls is type(op) else {}
        new = cls.create(operands=operands, result_types=types, attributes=dict(op.attributes), properties=props)
        insert_before(new, op)
        if result is not None:
            if result.name_hint:
                new.results[0].name_hint = f"{result.name_hint}_b{k}"
            out.append(new.results[0])
    if result is not None:
        slabs[result] = out


def _operand_names(cls: type[Operation]) -> list[str]:
    """The names of the operands an IRDL op class declares, in order."""
    return [name for name, _ in cls.get_irdl_definition().operands]  # type: ignore[attr-defined]


def _gm_offsets(fl: FunctionLowering, op: Operation, operands: list[SSAValue], idx: tuple[int, ...]) -> list[SSAValue]:
    """``operands`` with the GM offsets of the batch axes advanced by
    ``idx`` (the tile's dims are the tensor's last ones)."""
    gm = next(i for i, v in enumerate(operands) if isinstance(v.type, MemRefType))
    rank = len(operands[gm].type.get_shape())  # type: ignore[union-attr]
    first = len(operands) - rank + (rank - 2 - len(idx))  # the first batch axis' offset
    out = list(operands)
    for j, step in enumerate(idx):
        if step == 0:
            continue
        off = out[first + j]
        c = constant_index(off)
        if c is not None:
            out[first + j] = fl.pro.const(c + step, "index")
        else:
            add = arith.AddiOp(off, fl.pro.const(step, "index"))
            insert_before(add, op)
            out[first + j] = add.result
    return out


__all__ = ["batch_shape", "slab_type", "unroll_batches"]
