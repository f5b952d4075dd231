"""Gathering tile ops (issue 23; reference/tile-op-semantics.md section 6,
PTO forms and checks of ptoas v0.48 from /work/notes/pto-op-forms §6):
``gather`` (by flat index), ``gatherb`` (32-byte blocks by byte offset),
``gather_mask`` (the columns of a pattern), ``gather_compare`` (the columns
passing a comparison, with their count), ``mgather`` (GM rows or elements
by index) and ``gather_row`` (a GM window loaded into part of a tile).

Text forms::

    %d = tile.gather %src, %idx, %tmp : (Ts, Ti, Ti) -> Td
    %d = tile.gatherb %src, %off : (Ts, !tile.tile<16x8xui32, vec>) -> Td
    %d = tile.gather_mask %src {mask_pattern = "P0101"} : (T16x64) -> T16x32
    %d, %c = tile.gather_compare %src, %k, %tmp {cmp_mode = "gt", offset = 0 : i32} : (Ts, f32, Tu8) -> (Td, Tc)
    %d = tile.mgather %gm, %idx {coalesce = "row"} : (memref<1024x64xf32>, !tile.tile<1x16xi32, vec>) -> Td
    %r = tile.gather_row %dst, %gm, %dr, %dc, %sr, %sc {window = array<i64: 16, 64>} : (Td, memref, index x4) -> Td

Memory traits exactly as reference/tile-op-memory-traits.md gives them:
every gather is ``not_inplace_safe`` except ``gather_row`` (``reuses(0),
rw(0)``: it writes a window of its destination); ``gather``'s tmp is a
written workspace (seed 002, "written-workspace hazard"). Per-target
rules are :mod:`~xdsl_pto.dialects.tile.ptoas_traits` traits, checked by
``convert-tile-to-pto``.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import DenseArrayBase, IndexType, IntegerAttr, MemRefType, StringAttr, i32
from xdsl.ir import Operation
from xdsl.irdl import AnyAttr, irdl_op_definition, operand_def, result_def, traits_def, var_operand_def
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.dialects.tile.base import TileComputeOp, located_op, tile_type_of
from xdsl_pto.dialects.tile.ptoas_traits import ARITH, ARITH_A5, BF16, F16, F32, I32, PtoasCheck, PtoasElements, family
from xdsl_pto.dialects.tile.sort_gather_base import (
    check_ptoas_elements,
    element_in,
    expect_extent,
    mask_pattern,
    row_major_vec,
    same_extent,
)
from xdsl_pto.dialects.tile.traits import HwPipe, NotInplaceSafe, ReadsWrites, RunsOn, Workspace
from xdsl_pto.dialects.tile.types import MemorySpace, TileType, element_bytes
from xdsl_pto.dialects.tile.vector_ops import _V, _VEC, _in_vec
from xdsl_pto.dialects.tile.view_ops import constant_index

#: Index element types of an index-form gather (a5 also takes 16-bit ones).
GATHER_INDEX_TYPES = frozenset({"i32", "ui32", "i16", "ui16"})
#: ``'pto.tgather' op expects gather src/dst element type to be
#: i16/i32/f16/f32`` (a3), ``... i8/i16/i32/f16/f32`` (a5).
GATHER_ELEMENTS = PtoasElements(ARITH, ARITH_A5)
#: Mask-form tgather: element size 2 or 4 on A2/A3, also 1 on A5.
MASK_ELEMENTS = PtoasElements(ARITH | {BF16}, ARITH_A5 | {BF16})
#: Compare-form tgather sources: A2/A3 f16/f32 (i32 only with eq), A5
#: i16/i32/f16/f32 (read off operand 0).
COMPARE_ELEMENTS = PtoasElements(frozenset({F32, F16, I32}), ARITH, operand=0)
#: The comparisons compare-form tgather takes (``expects compare-form
#: tgather cmpMode to be eq or gt``).
COMPARE_MODES = ("eq", "gt")
#: mgather's modes and out-of-bounds policies.
COALESCE = ("row", "elem")
GATHER_OOB = ("undefined", "clamp", "wrap", "zero")


def _gather_index_rule(op: Operation, target: str) -> str | None:
    """:class:`PtoasCheck` of ``tile.gather``: A2/A3 takes 32-bit indices
    only (``'pto.tgather' op expects indices element type to be i32``)."""
    idx = op.operands[1].type
    if family(target) == "a2a3" and element_bytes(idx.element_type) != 4:  # type: ignore[attr-defined]
        return f"takes 32-bit gather indices only on {target}, not {idx.element_type}"  # type: ignore[attr-defined]
    return None


@located_op
@irdl_op_definition
class GatherOp(TileComputeOp):
    """``dst[i, j] = src.flat[idx[i, j]]`` over idx's valid region (the flat
    index runs over src's physical row-major buffer):
    ``%d = tile.gather %src, %idx, %tmp : (Ts, Ti, Tt) -> Td``.

    ``src`` is f16, f32, i16 or i32 (a5 also i8); ``idx`` is i32 / ui32, or
    i16 / ui16 for a 16-bit source (A5 only); ``tmp`` has idx's element
    type and valid shape (the A2/A3 rule, kept on every target: A5 ignores
    tmp). The result has idx's shape and valid shape and src's element
    type. Row-major Vec tiles. Not in-place safe; tmp is a written workspace
    (A2/A3 TGATHER writes it).
    """

    name = "tile.gather"
    src = operand_def(TileType)
    indices = operand_def(TileType)
    tmp = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(
        _V, _VEC, NotInplaceSafe(), Workspace(2), GATHER_ELEMENTS, PtoasCheck(_gather_index_rule)
    )

    def verify_(self) -> None:
        src, idx = tile_type_of(self.src, "src"), tile_type_of(self.indices, "indices")
        tmp, res = tile_type_of(self.tmp, "tmp"), tile_type_of(self.result, "result")
        row_major_vec(src, "src")
        row_major_vec(idx, "indices")
        element_in(idx, GATHER_INDEX_TYPES, "indices")
        if element_bytes(idx.element_type) == 2 and element_bytes(src.element_type) != 2:
            raise VerifyException(
                f"16-bit indices gather a 16-bit source only, got {src.element_type} with {idx.element_type}"
            )
        _in_vec(tmp, "tmp")
        if tmp.element_type != idx.element_type or tmp.get_valid_shape() != idx.get_valid_shape():
            raise VerifyException(
                f"tmp must have the indices' element type {idx.element_type} and valid shape "
                f"{list(idx.get_valid_shape())}, got {tmp.element_type} valid {list(tmp.get_valid_shape())}"
            )
        row_major_vec(res, "result")
        same_extent(res, idx, "result", "the indices")
        if res.element_type != src.element_type:
            raise VerifyException(f"result element type {res.element_type} differs from src's {src.element_type}")
        check_ptoas_elements(self)


#: Bytes of one gatherb block.
BLOCK_BYTES = 32


@located_op
@irdl_op_definition
class GatherbOp(TileComputeOp):
    """Gather 32-byte blocks: result row ``i``, block ``j`` is the 32 bytes
    of ``src`` at byte offset ``off[i, j]`` of its buffer:
    ``%d = tile.gatherb %src, %off : (Ts, To) -> Td``.

    ``off`` is ui32 (or i32), its valid columns a positive multiple of 8;
    the result's element type is any (the bytes are reinterpreted, pypto's
    ``output_dtype``), its shape ``[R, C * 32 / size]`` of off's ``[R, C]``,
    valid likewise. Row-major Vec tiles. Not in-place safe.
    """

    name = "tile.gatherb"
    src = operand_def(TileType)
    offset = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(_V, _VEC, NotInplaceSafe())

    def verify_(self) -> None:
        src, off = tile_type_of(self.src, "src"), tile_type_of(self.offset, "offset")
        res = tile_type_of(self.result, "result")
        row_major_vec(src, "src")
        (rows, cols), (vr, vc) = row_major_vec(off, "offset")
        element_in(off, frozenset({"ui32", "i32"}), "offset")
        if vc == 0 or vc % 8:
            raise VerifyException(f"offset valid columns must be a positive multiple of 8, got {vc}")
        row_major_vec(res, "result")
        per = BLOCK_BYTES // element_bytes(res.element_type)
        expect_extent(res, (rows, cols * per), (vr, vc * per), "result", f"{per} elements per 32-byte block")


@located_op
@irdl_op_definition
class GatherMaskOp(TileComputeOp):
    """The marked columns of each row, compacted:
    ``%d = tile.gather_mask %src {mask_pattern = "P0101"} : (T[R, C]) -> T'[R, C/s]``
    (``s`` the pattern's stride; :mod:`.sort_gather_base`).

    ``src`` is fully valid in its columns (``C`` a multiple of ``s``); the
    result has ``src``'s rows and valid rows, ``C / s`` columns, all valid
    (``'pto.tgather' op expects dst valid_shape[1] to equal dst cols``), and
    an element type of ``src``'s size (a bit reinterpretation, pypto's
    ``output_dtype``; ``... expects src and dst element sizes to match``).
    Element size 2 or 4 (A5 also 1). Not in-place safe.
    """

    name = "tile.gather_mask"
    src = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(_V, _VEC, NotInplaceSafe(), PtoasElements(MASK_ELEMENTS.a2a3, MASK_ELEMENTS.a5, 0))

    def verify_(self) -> None:
        pattern = mask_pattern(self)
        src, res = tile_type_of(self.src, "src"), tile_type_of(self.result, "result")
        (rows, cols), (vr, vc) = row_major_vec(src, "src")
        check_ptoas_elements(self)
        if vc != cols or cols % pattern.stride:
            raise VerifyException(
                f"src must be fully valid in its columns, a multiple of {pattern.name}'s stride "
                f"{pattern.stride}, got {cols} columns ({vc} valid)"
            )
        row_major_vec(res, "result")
        expect_extent(res, (rows, cols // pattern.stride), (vr, cols // pattern.stride), "result")
        if element_bytes(res.element_type) != element_bytes(src.element_type):
            raise VerifyException(
                f"result element type {res.element_type} must have src's size ({src.element_type})"
            )


def compare_tmp_bytes(src: TileType) -> int:
    """The bytes an A2/A3 compare-form gather needs in its tmp for ``src``
    ``[R, C]``: a bitmap of the compares, an i32 index per element and the
    converted compare value per row (``R*C/8 + R*C*4 + R*size``; the
    semantics sheet's packing, section 6)."""
    rows, cols = src.get_shape()
    return -(-rows * cols // 8) + rows * cols * 4 + rows * element_bytes(src.element_type)


def _gather_compare_a2a3(op: Operation, target: str) -> str | None:
    """:class:`PtoasCheck` of ``tile.gather_compare``: A2/A3 compares i32
    only for equality, and its tmp holds :func:`compare_tmp_bytes`."""
    if family(target) != "a2a3":
        return None
    src, tmp = op.operands[0].type, op.operands[2].type
    assert isinstance(src, TileType) and isinstance(tmp, TileType)
    mode = op.attributes["cmp_mode"].data  # type: ignore[attr-defined]
    if str(src.element_type) in ("i32", "ui32") and mode != "eq":
        return f"compares an i32 source on {target} only for eq, not {mode}"
    need = compare_tmp_bytes(src)
    if tmp.size_bytes < need:
        return f"needs a tmp of at least {need} bytes on {target} (a pto-isa rule), got {tmp.size_bytes}"
    return None


@located_op
@irdl_op_definition
class GatherCompareOp(TileComputeOp):
    """The columns where a comparison holds, per row, and their count:
    ``%d, %c = tile.gather_compare %src, %k, %tmp {cmp_mode = "gt"[, offset = N : i32]}
    : (Ts, E, Tu8) -> (Td, Tc)``.

    For each valid row ``i`` the columns ``j < VC`` with ``cmp(src[i, j], k)``
    (``eq`` or ``gt``: the only modes ptoas takes), plus ``offset``, are
    written compacted to ``d[i, 0:n]`` and ``c[0, i] = n``. ``src`` is
    f16, f32, i16 or i32 (A2/A3: f16/f32, i32 with ``eq`` only); ``k`` has
    its element type; ``tmp`` is a ui8 scratch tile. ``d`` is i32 ``[R, N]``
    with ``N`` at least ``src``'s valid columns, ``c`` i32 ``[1, R]`` (ptoas:
    cdst has dst's element type), both row-major and fully valid. Not
    in-place safe (both results).
    """

    name = "tile.gather_compare"
    src = operand_def(TileType)
    kvalue = operand_def(AnyAttr())
    tmp = operand_def(TileType)
    dst = result_def(TileType)
    count = result_def(TileType)
    traits = traits_def(_V, _VEC, NotInplaceSafe(), COMPARE_ELEMENTS, PtoasCheck(_gather_compare_a2a3))

    def verify_(self) -> None:
        src, tmp = tile_type_of(self.src, "src"), tile_type_of(self.tmp, "tmp")
        (rows, _), (_, vc) = row_major_vec(src, "src")
        check_ptoas_elements(self)
        mode = self.attributes.get("cmp_mode")
        if not isinstance(mode, StringAttr) or mode.data not in COMPARE_MODES:
            raise VerifyException(f'cmp_mode must be "eq" or "gt" (ptoas takes no other), got {mode}')
        offset = self.attributes.get("offset")
        if offset is not None and not (isinstance(offset, IntegerAttr) and offset.type == i32):
            raise VerifyException(f"offset must be an i32 integer, got {offset}")
        if self.kvalue.type != src.element_type:
            raise VerifyException(f"kvalue type {self.kvalue.type} differs from src's element type {src.element_type}")
        _in_vec(tmp, "tmp")
        element_in(tmp, frozenset({"ui8"}), "tmp")
        dst, cnt = tile_type_of(self.dst, "dst"), tile_type_of(self.count, "count")
        for t, what in ((dst, "dst"), (cnt, "count")):
            row_major_vec(t, what)
            element_in(t, frozenset({"i32"}), what)
            if t.get_valid_shape() != t.get_shape():
                raise VerifyException(f"{what} must be fully valid, got valid {list(t.get_valid_shape())}")
        if dst.get_shape()[0] != rows or dst.get_shape()[1] < vc:
            raise VerifyException(
                f"dst must have src's {rows} rows and at least its {vc} valid columns, got {list(dst.get_shape())}"
            )
        if cnt.get_shape() != (1, rows):
            raise VerifyException(f"count must be [1, {rows}] (one per src row), got {list(cnt.get_shape())}")


def _mgather_a2a3(op: Operation, target: str) -> str | None:
    """:class:`PtoasCheck` of ``tile.mgather``: A2/A3 row mode takes a
    ``[1, R]`` index and gathers 32-byte-aligned rows."""
    if family(target) != "a2a3" or op.attributes["coalesce"].data != "row":  # type: ignore[attr-defined]
        return None
    idx = op.operands[1].type
    res = op.results[0].type
    if idx.get_shape()[0] != 1:  # type: ignore[attr-defined]
        return f"takes a [1, R] row index on {target}, got {list(idx.get_shape())}"  # type: ignore[attr-defined]
    row = res.get_shape()[1] * element_bytes(res.element_type)  # type: ignore[attr-defined]
    if row % 32:
        return f"gathers 32-byte-aligned rows on {target}, got {row}-byte rows"
    return None


@located_op
@irdl_op_definition
class MgatherOp(TileComputeOp):
    """Gather from a GM tensor into a Vec tile:
    ``%d = tile.mgather %gm, %idx {coalesce = "row"|"elem"[, gather_oob = P]} : (memref, Ti) -> Td``.

    Row mode: ``d[r, :] = gm[idx[r], :]`` with ``idx`` i32/ui32 ``[1, R]``
    (or ``[R, 1]`` col_major, A5 only) and ``d`` ``[R, C]`` of the 2-D
    tensor's row length ``C``. Element mode: ``d[i, j] = gm.flat[idx[i, j]]``
    with ``idx`` of ``d``'s shape. ``gather_oob``: ``undefined`` (default),
    ``clamp``, ``wrap`` or ``zero``. ``d`` is row-major, fully valid, of the
    tensor's element type. Mat results (GM -> L1, NZ, a GM index) are not
    supported. Not in-place safe.
    """

    name = "tile.mgather"
    mem = operand_def(MemRefType)
    idx = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(RunsOn(HwPipe.MTE2), _VEC, NotInplaceSafe(), PtoasCheck(_mgather_a2a3))

    def verify_(self) -> None:
        mode = self.attributes.get("coalesce")
        if not isinstance(mode, StringAttr) or mode.data not in COALESCE:
            got = "none" if mode is None else mode
            raise VerifyException(f'coalesce must be "row" or "elem" (ptoas requires it), got {got}')
        oob = self.attributes.get("gather_oob")
        if oob is not None and not (isinstance(oob, StringAttr) and oob.data in GATHER_OOB):
            raise VerifyException(f"gather_oob must be one of {', '.join(GATHER_OOB)}, got {oob}")
        gm = self.mem.type
        assert isinstance(gm, MemRefType)
        res = tile_type_of(self.result, "result")
        if res.memory_space is not MemorySpace.VEC:
            raise VerifyException(f"mgather into {res.memory_space.value} is not supported (only vec)")
        (rows, cols), _ = row_major_vec(res, "result")
        if res.get_valid_shape() != res.get_shape():
            raise VerifyException(f"result must be fully valid, got valid {list(res.get_valid_shape())}")
        if gm.element_type != res.element_type or any(d < 0 for d in gm.get_shape()):
            raise VerifyException(f"the tensor must be static with the result's element type, got {gm}")
        idx = tile_type_of(self.idx, "idx")
        _in_vec(idx, "idx")
        element_in(idx, frozenset({"i32", "ui32"}), "idx")
        if idx.get_valid_shape() != idx.get_shape():
            raise VerifyException(f"idx must be fully valid, got valid {list(idx.get_valid_shape())}")
        if mode.data == "row":
            if len(gm.get_shape()) != 2 or gm.get_shape()[1] != cols:
                raise VerifyException(f"row mode gathers whole rows of a 2-D tensor of {cols} columns, got {gm}")
            ok = (idx.get_shape() == (1, rows) and idx.blayout.data == "row_major") or (
                idx.get_shape() == (rows, 1) and idx.blayout.data == "col_major"
            )
            if not ok:
                raise VerifyException(
                    f"row mode takes a [1, {rows}] row_major (or [{rows}, 1] col_major) index, got "
                    f"{list(idx.get_shape())} {idx.blayout.data}"
                )
        elif idx.get_shape() != res.get_shape() or idx.blayout.data != "row_major":
            raise VerifyException(
                f"elem mode takes a row_major index of the result's shape {[rows, cols]}, got {list(idx.get_shape())}"
            )


def _window(op: Operation) -> tuple[int, int]:
    """``gather_row``'s ``window`` attribute (rows, columns).

    Raises:
        VerifyException: when it is not two positive i64s.
    """
    w = op.attributes.get("window")
    values: Sequence[int] = w.get_values() if isinstance(w, DenseArrayBase) else ()  # type: ignore[assignment]
    if len(values) != 2 or min(values) <= 0:
        raise VerifyException(f"window must be array<i64: rows, cols> of two positive extents, got {w}")
    return int(values[0]), int(values[1])


@located_op
@irdl_op_definition
class GatherRowOp(TileComputeOp):
    """Load a GM window into part of a tile, in place:
    ``%r = tile.gather_row %dst, %gm, %dr, %dc, %sr, %sc {window = array<i64: H, W>}
    : (Td, memref, index, index, index, index) -> Td`` writes
    ``dst[dr:dr+H, dc:dc+W] = gm[sr:sr+H, sc:sc+W]`` and keeps the rest of
    ``dst``.

    ``dst`` is a Vec (row-major, unboxed) or Mat tile; the tensor is 2-D of
    its element type. The destination offsets are constants (the window is
    a ``pto.subview`` of the destination; in a boxed Mat tile the offsets and
    extents are whole boxes); the source offsets may be runtime indices.
    The result is ``dst`` (``reuses(0), rw(0)``).
    """

    name = "tile.gather_row"
    dst = operand_def(TileType)
    src = operand_def(MemRefType)
    offsets = var_operand_def(IndexType)
    result = result_def(TileType)
    traits = traits_def(RunsOn(HwPipe.MTE2), ReadsWrites(0))

    def window(self) -> tuple[int, int]:
        """The window's extent (rows, columns)."""
        return _window(self)

    def dst_offsets(self) -> tuple[int, int]:
        """The constant destination offsets (row, column)."""
        r, c = (constant_index(v) for v in self.offsets[:2])
        assert r is not None and c is not None
        return r, c

    def verify_(self) -> None:
        dst = tile_type_of(self.dst, "dst")
        if self.result.type != dst:
            raise VerifyException("result must have dst's type (the op writes dst in place)")
        if len(self.offsets) != 4:
            raise VerifyException(f"takes 4 index offsets (dst row, dst col, src row, src col), got {len(self.offsets)}")
        h, w = self.window()
        shape = dst.get_shape()
        if len(shape) != 2:
            raise VerifyException(f"dst must be a 2-D tile, got rank {len(shape)}")
        if dst.memory_space is MemorySpace.VEC:
            if dst.blayout.data != "row_major" or dst.slayout.data != "none_box":
                raise VerifyException("a vec dst must be row_major and none_box")
        elif dst.memory_space is not MemorySpace.MAT:
            raise VerifyException(f"dst must be in vec or mat, got {dst.memory_space.value}")
        r, c = (constant_index(v) for v in self.offsets[:2])
        if r is None or c is None:
            raise VerifyException("the dst offsets must be constants")
        if r < 0 or c < 0 or r + h > shape[0] or c + w > shape[1]:
            raise VerifyException(f"window {[h, w]} at {[r, c]} exceeds dst's shape {list(shape)}")
        if dst.slayout.data != "none_box":
            box_r, box_c = 16, max(1, 32 // element_bytes(dst.element_type))
            if any(x % box_r for x in (r, h)) or any(x % box_c for x in (c, w)):
                raise VerifyException(
                    f"in a boxed dst the window's offsets and extents must be whole {box_r}x{box_c} boxes"
                )
        gm = self.src.type
        assert isinstance(gm, MemRefType)
        if len(gm.get_shape()) != 2 or gm.element_type != dst.element_type:
            raise VerifyException(f"src must be a 2-D tensor of dst's element type, got {gm}")
        gs = gm.get_shape()
        for k, (v, extent, dim) in enumerate(zip(self.offsets[2:], (h, w), gs)):
            o = constant_index(v)
            if o is not None and (o < 0 or o + extent > dim):
                raise VerifyException(f"the window [{o}, {o + extent}) on src axis {k} is outside its {dim} elements")


GATHER_OPS = (GatherOp, GatherbOp, GatherMaskOp, GatherCompareOp, MgatherOp, GatherRowOp)
"""The ops of this module, in the order the dialect registers them."""

__all__ = [
    "BLOCK_BYTES",
    "GATHER_OPS",
    "GatherCompareOp",
    "GatherMaskOp",
    "GatherOp",
    "GatherRowOp",
    "GatherbOp",
    "MgatherOp",
    "compare_tmp_bytes",
]

