"""Scattering tile ops (issue 23; reference/tile-op-semantics.md section 6,
ptoas v0.48's forms and checks from /work/notes/pto-op-forms §6):
``scatter`` (by flat index), ``scatter_mask`` (by column pattern),
``scatter_update`` (whole rows by row index) and ``mscatter`` (into a GM
tensor by flat index).

Text forms::

    %r = tile.scatter %dst, %src, %idx : (Td, Ts, Ti) -> Td
    %r = tile.scatter_mask %dst, %src {mask_pattern = "P0101"} : (T16x32, T16x64) -> T16x32
    %r = tile.scatter_update %input, %index, %src : (T[rows, d], Ti[b, s], T[b*s, d]) -> T[rows, d]
    tile.mscatter %src, %idx, %gm : (Ts, Ti, memref<...>)

``scatter_update`` has no PTO op: ``lower-composite-ops`` expands it into
``tile.scatter`` of computed flat indices (:func:`expand_scatter_update`).
The first three write their destination in place (``reuses(0), rw(0)``, the
traits table); ``mscatter`` writes a GM tensor and has no result (as
``tile.store``: GM is never planned, so its ``reuses(2), w(2)`` needs no
trait here).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerAttr, IntegerType, MemRefType
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import irdl_op_definition, operand_def, result_def, traits_def
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.dialects.tile.base import TileComputeOp, located_op, make_op, tile_type_of
from xdsl_pto.dialects.tile.data_ops import FullOp
from xdsl_pto.dialects.tile.generator_ops import CiOp
from xdsl_pto.dialects.tile.gather_ops import MASK_ELEMENTS
from xdsl_pto.dialects.tile.ptoas_traits import ARITH, BF16, F16, F32, I8, I16, I32, PtoasElements
from xdsl_pto.dialects.tile.sort_gather_base import (
    check_ptoas_elements,
    element_in,
    mask_pattern,
    row_major_vec,
    same_extent,
    same_type,
)
from xdsl_pto.dialects.tile.traits import Composite, HwPipe, ReadsWrites, RunsOn, WritesGm
from xdsl_pto.dialects.tile.types import MemorySpace, TileType, element_bytes
from xdsl_pto.dialects.tile.vector_ops import _V, _VEC, CastOp, ColExpandOp, MulsOp, RowExpandAddOp
from xdsl_pto.dialects.tile.view_ops import ReshapeOp

#: Index-form tscatter data (pypto: I8, I16, I32, FP16, FP32, BF16).
SCATTER_ELEMENTS = PtoasElements(
    frozenset({F32, F16, BF16, I8, I16, I32}), frozenset({F32, F16, BF16, I8, I16, I32})
)
#: ``'pto.mscatter'`` data (semantics sheet: f16, f32, i16, i32).
MSCATTER_ELEMENTS = PtoasElements(ARITH, ARITH, operand=0)


def scatter_index_types(data_bytes: int) -> frozenset[str]:
    """The index element types for data of ``data_bytes``-byte elements:
    ``'pto.tscatter' op expects indexes element size to match the documented
    scatter rule`` -- 32-bit for 4-byte data, 16-bit for 2- and 1-byte data."""
    return frozenset({"i32", "ui32"}) if data_bytes == 4 else frozenset({"i16", "ui16"})


@located_op
@irdl_op_definition
class ScatterOp(TileComputeOp):
    """``dst.flat[idx[i, j]] = src[i, j]`` for ``(i, j)`` in idx's valid
    region, in row-major order (the last writer wins), everything else of
    ``dst`` kept: ``%r = tile.scatter %dst, %src, %idx : (Td, Ts, Ti) -> Td``.

    ``src`` has ``dst``'s element type (f16, f32, bf16, i8, i16, i32), ``idx``
    ``src``'s shape and valid shape and the width the rule of
    :func:`scatter_index_types` gives. Row-major Vec tiles. The result is
    ``dst`` (in place).
    """

    name = "tile.scatter"
    dst = operand_def(TileType)
    src = operand_def(TileType)
    indexes = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(_V, _VEC, ReadsWrites(0), SCATTER_ELEMENTS)

    def verify_(self) -> None:
        dst, src = tile_type_of(self.dst, "dst"), tile_type_of(self.src, "src")
        idx, res = tile_type_of(self.indexes, "indexes"), tile_type_of(self.result, "result")
        row_major_vec(dst, "dst")
        row_major_vec(src, "src")
        row_major_vec(idx, "indexes")
        same_type(res, dst, "result", "dst")
        check_ptoas_elements(self)
        if src.element_type != dst.element_type:
            raise VerifyException(f"src element type {src.element_type} differs from dst's {dst.element_type}")
        same_extent(idx, src, "indexes", "src")
        element_in(idx, scatter_index_types(element_bytes(dst.element_type)), "indexes")


@located_op
@irdl_op_definition
class ScatterMaskOp(TileComputeOp):
    """The marked columns of ``src``, compacted into ``dst``:
    ``%r = tile.scatter_mask %dst, %src {mask_pattern = "P0101"} : (T[R, C], T[R, C*s]) -> T[R, C]``.

    ptoas v0.48 takes the *wide* tile as the source (``'pto.tscatter' op
    expects src valid cols to equal dst valid cols times the mask expansion
    factor``), the reverse of the semantics sheet's "dst cols = src cols x
    stride"; v0.48 wins. With those shapes the reading we take (unconfirmed)
    is ``dst[i, k] = src[i, phase + k*s]`` over dst's valid region, the rest
    of ``dst`` kept. One element type; row-major Vec tiles; the result is
    ``dst`` (in place).
    """

    name = "tile.scatter_mask"
    dst = operand_def(TileType)
    src = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(_V, _VEC, ReadsWrites(0), PtoasElements(MASK_ELEMENTS.a2a3, MASK_ELEMENTS.a5, 0))

    def verify_(self) -> None:
        pattern = mask_pattern(self)
        dst, src = tile_type_of(self.dst, "dst"), tile_type_of(self.src, "src")
        (_, _), (vr, vc) = row_major_vec(dst, "dst")
        (_, _), (svr, svc) = row_major_vec(src, "src")
        same_type(tile_type_of(self.result, "result"), dst, "result", "dst")
        check_ptoas_elements(self)
        if src.element_type != dst.element_type:
            raise VerifyException(f"src element type {src.element_type} differs from dst's {dst.element_type}")
        if svc != vc * pattern.stride or svr != vr:
            raise VerifyException(
                f"src valid shape must be [{vr}, {vc * pattern.stride}] (dst's valid rows, its valid columns "
                f"times {pattern.name}'s stride {pattern.stride}; ptoas v0.48's rule), got [{svr}, {svc}]"
            )


def expand_scatter_update(
    operands: Sequence[SSAValue], result_type: TileType, name: str | None
) -> tuple[list[Operation], SSAValue]:
    """The tile ops ``tile.scatter_update %input, %index, %src`` stands for
    (the reference's expansion, reference/tile-op-semantics.md section 6,
    with its blend folded: ``tile.scatter`` keeps what it does not write,
    so the rows go straight into ``input``). For ``input [rows, d]``,
    ``index [b, s]`` and ``N = b * s``, in the flat index type ``Tf`` of the
    data width (:func:`scatter_index_types`: i32 for 4-byte data, i16
    otherwise)::

        col  = tile.reshape %index         [N, 1]    index.flat[k] per row
        col  = tile.cast col               (to Tf; only when it differs)
        base = tile.muls col, d            [N, 1]    first element of row k
        ci   = tile.ci 0                   [1, d]    0 .. d - 1
        t    = tile.full 0                 [N, d]
        cols = tile.col_expand t, ci       [N, d]    c
        flat = tile.row_expand_add cols, base        index.flat[k] * d + c
        out  = tile.scatter %input, %src, flat       input.flat[flat[k, c]] = src[k, c]

    Returns the new ops in order and ``out`` (of ``result_type``);
    intermediates are named ``<name>_<step>`` when ``name`` is given.
    """
    inp, index, src = operands
    it, xt, st = inp.type, index.type, src.type
    assert isinstance(it, TileType) and isinstance(xt, TileType) and isinstance(st, TileType)
    n, d = st.get_shape()
    flat_t = IntegerType(32 if element_bytes(it.element_type) == 4 else 16)
    ops: list[Operation] = []

    def add(op: Operation, step: str | None) -> SSAValue:
        ops.append(op)
        if name:
            op.results[0].name_hint = name if step is None else f"{name}_{step}"
        return op.results[0]

    def vec(shape: tuple[int, int]) -> TileType:
        return TileType(list(shape), flat_t, MemorySpace.VEC)

    col = add(make_op(ReshapeOp, [index], TileType([n, 1], xt.element_type, MemorySpace.VEC)), "col")
    if xt.element_type != flat_t:
        col = add(make_op(CastOp, [col], vec((n, 1))), "idx")
    width = add(arith.ConstantOp(IntegerAttr(d, flat_t)), "d")
    base = add(make_op(MulsOp, [col, width], vec((n, 1))), "base")
    zero = add(arith.ConstantOp(IntegerAttr(0, flat_t)), "z")
    ci = add(make_op(CiOp, [zero], vec((1, d))), "ci")
    t = add(make_op(FullOp, [zero], vec((n, d))), "t")
    cols = add(make_op(ColExpandOp, [t, ci], vec((n, d))), "cols")
    flat = add(make_op(RowExpandAddOp, [cols, base], vec((n, d))), "flat")
    out = add(make_op(ScatterOp, [inp, src, flat], result_type), None)
    return ops, out


#: The largest element count whose flat indices fit a 16-bit index.
I16_INDEX_LIMIT = 1 << 15


@located_op
@irdl_op_definition
class ScatterUpdateOp(TileComputeOp):
    """Overwrite whole rows: ``input[index.flat[k], :] = src[k, :]`` for
    ``k < b*s``: ``%r = tile.scatter_update %input, %index, %src
    : (T[rows, d], Ti[b, s], T[b*s, d]) -> T[rows, d]`` (the 2-D form, pypto's
    ``dim = -2``).

    ``index`` is i32 (or i16), row-major; ``src`` has ``input``'s element
    type and row length, more than one column. Row-major Vec tiles, fully
    valid; with 2- or 1-byte data ``rows * d`` is at most 32768 (the flat
    index is 16-bit). The result is ``input`` (in place). It has no PTO op
    of its own: ``lower-composite-ops`` expands it
    (:func:`expand_scatter_update`); the interpreter runs the formula above.
    """

    name = "tile.scatter_update"
    input = operand_def(TileType)
    index = operand_def(TileType)
    src = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(_V, _VEC, ReadsWrites(0), Composite(expand_scatter_update))

    def verify_(self) -> None:
        inp, idx = tile_type_of(self.input, "input"), tile_type_of(self.index, "index")
        src = tile_type_of(self.src, "src")
        (rows, d), _ = row_major_vec(inp, "input")
        (b, s), _ = row_major_vec(idx, "index")
        row_major_vec(src, "src")
        same_type(tile_type_of(self.result, "result"), inp, "result", "input")
        element_in(idx, frozenset({"i32", "i16"}), "index")
        for t, what in ((inp, "input"), (idx, "index"), (src, "src")):
            if t.get_valid_shape() != t.get_shape():
                raise VerifyException(f"{what} must be fully valid, got valid {list(t.get_valid_shape())}")
        if src.get_shape() != (b * s, d) or src.element_type != inp.element_type:
            raise VerifyException(
                f"src must be [{b * s}, {d}] of {inp.element_type} (one row per index), got "
                f"{list(src.get_shape())} of {src.element_type}"
            )
        if d < 2:
            raise VerifyException(f"rows must have 2 or more elements (the expansion's tile.ci), got {d}")
        if element_bytes(inp.element_type) < 4 and rows * d > I16_INDEX_LIMIT:
            raise VerifyException(
                f"input has {rows * d} elements; with {inp.element_type} data the flat index is 16-bit "
                f"(tile.scatter's rule), so at most {I16_INDEX_LIMIT}"
            )


@located_op
@irdl_op_definition
class MscatterOp(TileComputeOp):
    """``gm.flat[idx[i, j]] = src[i, j]`` over src's valid region, row-major
    order (the last writer wins): ``tile.mscatter %src, %idx, %gm : (Ts, Ti, memref<...>)``.

    ``src`` is f16, f32, i16 or i32; ``idx`` signless i32 of ``src``'s shape
    and valid shape (``'pto.mscatter' op expects idx element type to be
    signless i32``); the tensor is static, of ``src``'s element type. No
    result: the GM tensor is written (as ``tile.store``).
    """

    name = "tile.mscatter"
    src = operand_def(TileType)
    idx = operand_def(TileType)
    output = operand_def(MemRefType)
    traits = traits_def(RunsOn(HwPipe.MTE3), MSCATTER_ELEMENTS, WritesGm("output"))

    def verify_(self) -> None:
        src, idx = tile_type_of(self.src, "src"), tile_type_of(self.idx, "idx")
        row_major_vec(src, "src")
        row_major_vec(idx, "idx")
        check_ptoas_elements(self)
        element_in(idx, frozenset({"i32"}), "idx")
        same_extent(idx, src, "idx", "src")
        gm = self.output.type
        assert isinstance(gm, MemRefType)
        if gm.element_type != src.element_type or any(d < 0 for d in gm.get_shape()):
            raise VerifyException(f"the output tensor must be static with src's element type, got {gm}")


SCATTER_OPS = (ScatterOp, ScatterMaskOp, ScatterUpdateOp, MscatterOp)
"""The ops of this module, in the order the dialect registers them."""
