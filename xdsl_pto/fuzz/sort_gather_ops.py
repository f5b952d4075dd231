"""Emitters of issue 23's sort / gather / scatter ops, mixed into the vector
kernel generator next to :class:`~xdsl_pto.fuzz.vector.VectorOps` (each
``op_<kind>`` selected by the weight of ``<kind>`` in :attr:`GenConfig.weights
<xdsl_pto.fuzz.generate.GenConfig>`):

* ``sort`` -- ``sort32`` of a float value whose columns are whole blocks of
  32 (its indices a ``tile.ci`` row or a loaded i32 tile), then
  ``mrgsort_format1`` (one-row f32 records, when the row holds repeats of
  4 runs) or ``mrgsort_format2`` (two slices of sorted blocks merged into a
  tmp-shaped result); the values are taken back out with ``gather_mask``
  (data again, of the source's range) and the indices with ``gather_mask``
  to i32, stored at once;
* ``gather`` -- ``gather`` (indices from ``tile.ci``, or loaded: an index
  outside the source reads 0), ``gatherb`` (32-byte block offsets
  ``32 * ci``), ``mgather`` (rows by a ``ci`` index, or elements by a loaded
  index under a ``clamp`` / ``wrap`` / ``zero`` policy) and ``gather_row``
  (a GM window loaded into a data value, in place);
* ``gather_compare`` -- columns equal to / greater than a constant, with
  their counts (i32 with undefined tails: both stored at once, never data);
* ``scatter`` -- ``scatter`` of a row into a data value at distinct
  in-range ``ci`` indices, ``scatter_mask`` of a wide value's marked
  columns, ``mscatter`` of a row into a GM output at distinct ``ci``
  indices.

Everything stays within the ptoas rules of both a3 and a5: f32 / f16 data,
i32 indices, ``eq`` / ``gt`` compares with an A2/A3-sized ui8 tmp.
``scatter_update`` is not generated yet.
"""

from __future__ import annotations

from xdsl_pto.dialects.tile.gather_ops import compare_tmp_bytes
from xdsl_pto.dialects.tile.sort_gather_base import MASK_PATTERNS
from xdsl_pto.dialects.tile.types import MemorySpace, TileType
from xdsl_pto.fuzz.builder import ELEMS, INPUT_BOUND, Scope, TileTy, Val
from xdsl_pto.fuzz.vector import VectorOps

#: f32 records are 2 elements (value, index), f16 records 4.
RECORD_ELEMS = {"f32": 2, "f16": 4}


def _tile_type(ty: TileTy):
    from xdsl.dialects.builtin import Float16Type, Float32Type

    return TileType([ty.rows, ty.cols], Float32Type() if ty.elem == "f32" else Float16Type(), MemorySpace.VEC)


def _rowwise(v: Val) -> bool:
    """A row-major, unstrided value (an ``[M, 1]`` tile is col_major)."""
    return not v.strided and (v.ty.cols > 1 or v.ty.rows == 1)


class SortGatherOps(VectorOps):
    """Emitters over the :class:`~xdsl_pto.fuzz.vector.VectorOps` helpers."""

    def _row_ci(self, s: Scope, n: int, start: int, scale: int = 1, elem: str = "i32") -> str:
        """``tile.ci`` of ``[1, n]`` ``elem`` from ``start`` (times ``scale``,
        through ``tile.muls``)."""
        ty = TileTy(1, n, elem)
        ci = self.define(s, ty, start, start + n - 1, prefix="ci", scratch=True)
        self.kt.emit(f"{ci.name} = tile.ci {self.kt.scalar(start, elem)} : ({elem}) -> {ty.mlir()}")
        if scale == 1:
            return ci.name
        m = self.define(s, ty, start * scale, (start + n - 1) * scale, prefix="off", scratch=True)
        self.kt.emit(f"{m.name} = tile.muls {ci.name}, {self.kt.scalar(scale, 'i32')} : ({ty.mlir()}, i32) -> {ty.mlir()}")
        return m.name

    def _loaded_i32(self, s: Scope, ty: TileTy) -> str:
        """A fresh i32 load of ``ty``'s shape (GM inputs: [-8, 8])."""
        t = ty.with_(elem="i32")
        name = self.kt.fresh("idx")
        gm = self.kt.gm_arg("in", t.rows, t.cols, "i32")
        self.kt.emit(f"{name} = tile.load {gm}[{self.kt.index(0)}, {self.kt.index(0)}] : {t.memref()} -> {t.mlir()}")
        return name

    def _store_new(self, name: str, ty: TileTy) -> None:
        gm = self.kt.gm_arg("out", ty.rows, ty.cols, ty.elem)
        self.kt.emit(f"tile.store {name}, {gm}[{self.kt.index(0)}, {self.kt.index(0)}] : {ty.mlir()}, {ty.memref()}")

    def _fresh_load(self, s: Scope, ty: TileTy) -> Val:
        gm = self.kt.gm_arg("in", ty.rows, ty.cols, ty.elem)
        v = self.define(s, ty, -INPUT_BOUND, INPUT_BOUND, prefix="x")
        self.kt.emit(f"{v.name} = tile.load {gm}[{self.kt.index(0)}, {self.kt.index(0)}] : {ty.memref()} -> {ty.mlir()}")
        return v

    # ----- sort ------------------------------------------------------------------------
    def _extract(self, s: Scope, rec: str, rec_ty: TileTy, src: Val) -> None:
        """The values of records ``rec`` back as data (``gather_mask``), the
        indices (f32 records) as i32, stored."""
        per = RECORD_ELEMS[rec_ty.elem]
        vals_ty = rec_ty.with_(cols=rec_ty.cols // per)
        pattern = "P0101" if per == 2 else "P0001"
        self.compute(s, "gather_mask", [rec], [rec_ty.mlir()], vals_ty, src.lo, src.hi, attrs=f'mask_pattern = "{pattern}"')
        if per == 2 and self.rng.random() < 0.5:
            ids_ty = vals_ty.with_(elem="i32")
            ids = self.kt.fresh("ids")
            self.kt.emit(f'{ids} = tile.gather_mask {rec} {{mask_pattern = "P1010"}} : ({rec_ty.mlir()}) -> {ids_ty.mlir()}')
            self._store_new(ids, ids_ty)

    def op_sort(self, s: Scope) -> bool:
        """``sort32`` then maybe a merge, the values taken back out."""
        vals = self.float_data(s, lambda v: v.ty.elem in RECORD_ELEMS and v.ty.cols % 32 == 0 and _rowwise(v))
        if not vals:
            return False
        src = self.choose(vals)
        ty = src.ty
        per = RECORD_ELEMS[ty.elem]
        rec_ty = ty.with_(cols=ty.cols * per)
        if not rec_ty.valid() or rec_ty.nbytes > 64 * 1024:
            return False
        idx = self._row_ci(s, ty.cols, self.rng.randint(0, 1000)) if ty.rows == 1 else self._loaded_i32(s, ty)
        rec = self.define(s, rec_ty, 0.0, 0.0, prefix="rec", scratch=True)
        self.kt.emit(f"{rec.name} = tile.sort32 {src.name}, {idx} : ({ty.mlir()}, {ty.with_(elem='i32').mlir()}) -> {rec_ty.mlir()}")
        out, out_ty = rec.name, rec_ty
        choice = self.rng.random()
        if ty.rows == 1 and ty.elem == "f32" and rec_ty.cols % 256 == 0 and choice < 0.4:
            bl = self.rng.choice([b for b in (64, 256, 1024) if rec_ty.cols % (4 * b) == 0])
            m = self.define(s, rec_ty, 0.0, 0.0, prefix="mrg", scratch=True)
            self.kt.emit(f"{m.name} = tile.mrgsort_format1 {out}, {self.kt.scalar(bl, 'i32')} : ({rec_ty.mlir()}, i32) -> {rec_ty.mlir()}")
            out = m.name
        elif ty.rows == 1 and ty.elem == "f32" and rec_ty.cols >= 128 and choice < 0.8:
            lists = self.rng.choice([2, 3, 4][: max(1, rec_ty.cols // 64 - 1)])
            blk = TileTy(1, 64, "f32")
            parts = []
            for k in range(lists):
                v = self.define(s, blk, 0.0, 0.0, prefix="blk", scratch=True)
                self.kt.emit(f"{v.name} = tile.slice {out}, {self.kt.index(0)}, {self.kt.index(64 * k)} : "
                             f"({rec_ty.mlir()}, index, index) -> {blk.mlir()}")
                parts.append(v.name)
            out_ty = TileTy(1, 64 * lists, "f32")
            tmp = self.scratch(s, out_ty)
            attrs = " {exhausted}" if self.rng.random() < 0.3 else ""
            m = self.define(s, out_ty, 0.0, 0.0, prefix="mrg", scratch=True)
            self.kt.emit(f"{m.name} = tile.mrgsort_format2 {', '.join(parts)}, {tmp}{attrs} : "
                         f"({', '.join([blk.mlir()] * lists + [out_ty.mlir()])}) -> {out_ty.mlir()}")
            if attrs:  # records after the first exhausted list are undefined
                self._store_new(m.name, out_ty)
                return True
            out = m.name
        self._extract(s, out, out_ty, src)
        return True

    # ----- gathers -----------------------------------------------------------------------
    def op_gather(self, s: Scope) -> bool:
        """One of gather, gatherb, mgather, gather_row."""
        kind = self.rng.choice(["gather", "gatherb", "mgather", "gather_row"])
        return getattr(self, f"_emit_{kind}")(s)

    def _emit_gather(self, s: Scope) -> bool:
        vals = self.float_data(s, _rowwise)
        if not vals:
            return False
        src = self.choose(vals)
        size = src.ty.rows * src.ty.cols
        if self.rng.random() < 0.5:
            n = self.rng.choice([c for c in (8, 16, 32, 64) if TileTy(1, c, src.ty.elem).valid()] or [64])
            idx_ty = TileTy(1, n, "i32")
            idx = self._row_ci(s, n, self.rng.randint(0, max(0, size - n)))
        else:
            idx_ty = src.ty.with_(elem="i32")
            idx = self._loaded_i32(s, idx_ty)  # negative ones read 0
        tmp = self.scratch(s, idx_ty)
        res = idx_ty.with_(elem=src.ty.elem)
        if not res.valid():
            return False
        self.compute(s, "gather", [src.name, idx, tmp], [src.ty.mlir(), idx_ty.mlir(), idx_ty.mlir()], res,
                     min(src.lo, 0.0), max(src.hi, 0.0))
        return True

    def _emit_gatherb(self, s: Scope) -> bool:
        vals = self.float_data(s, _rowwise)
        if not vals:
            return False
        src = self.choose(vals)
        blocks = src.ty.nbytes // 32
        n = self.rng.choice([8, 16])
        if blocks < 1:
            return False
        off = self._row_ci(s, n, self.rng.randint(0, max(0, blocks - n)), scale=32)  # past the end reads 0
        per = 32 // ELEMS[src.ty.elem][0]
        res = TileTy(1, n * per, src.ty.elem)
        self.compute(s, "gatherb", [src.name, off], [src.ty.mlir(), TileTy(1, n, "i32").mlir()], res,
                     min(src.lo, 0.0), max(src.hi, 0.0))
        return True

    def _emit_mgather(self, s: Scope) -> bool:
        ty = self.rng.choice([p for p in self.palette if p.elem in RECORD_ELEMS and p.cols > 1] or [TileTy(8, 64)])
        if ty.cols * ELEMS[ty.elem][0] % 32 or not TileTy(1, ty.rows, "i32").valid():
            return False
        table_rows = ty.rows * self.rng.choice([2, 4])
        gm = self.kt.gm_arg("in", table_rows, ty.cols, ty.elem)
        if self.rng.random() < 0.5:
            idx_ty = TileTy(1, ty.rows, "i32")
            idx = self._row_ci(s, ty.rows, self.rng.randint(0, table_rows - ty.rows))
            attrs = 'coalesce = "row"'
        else:
            idx_ty = ty.with_(elem="i32")
            idx = self._loaded_i32(s, idx_ty)
            attrs = f'coalesce = "elem", gather_oob = "{self.rng.choice(["clamp", "wrap", "zero"])}"'
        self.compute(s, "mgather", [gm, idx], [f"memref<{table_rows}x{ty.cols}x{ty.elem}>", idx_ty.mlir()], ty,
                     -INPUT_BOUND, INPUT_BOUND, attrs=attrs)
        return True

    def _emit_gather_row(self, s: Scope) -> bool:
        vals = self.float_data(s, lambda v: _rowwise(v) and v.ty.rows > 1)
        if not vals:
            return False
        dst = self.choose(vals)
        ty = dst.ty
        h = self.rng.randint(1, ty.rows)
        r0 = self.rng.randint(0, ty.rows - h)
        g_rows = ty.rows * 2
        gm = self.kt.gm_arg("in", g_rows, ty.cols, ty.elem)
        sr = self.rng.randint(0, g_rows - h)
        res = self.define(s, ty, min(dst.lo, -INPUT_BOUND), max(dst.hi, INPUT_BOUND), prefix="gr")
        k = self.kt.index
        self.kt.emit(f"{res.name} = tile.gather_row {dst.name}, {gm}, {k(r0)}, {k(0)}, {k(sr)}, {k(0)} "
                     f"{{window = array<i64: {h}, {ty.cols}>}} : ({ty.mlir()}, {ty.memref(g_rows)}, index, index, index, index) -> {ty.mlir()}")
        return True

    def op_gather_compare(self, s: Scope) -> bool:
        """Matching columns and counts of a float value, stored at once."""
        vals = self.float_data(s, lambda v: v.ty.elem in RECORD_ELEMS and v.ty.rows % 8 == 0 and _rowwise(v))
        if not vals:
            return False
        src = self.choose(vals)
        ty = src.ty
        need = compare_tmp_bytes(_tile_type(ty))
        tmp_ty = TileTy(max(1, -(-need // 256)), 256, "ui8")
        tmp = self.scratch(s, tmp_ty)
        mode = self.rng.choice(["eq", "gt"])
        k = self.kt.scalar(self.rng.choice([0.0, 1.0, -0.5]), ty.elem)
        dst_ty, cnt_ty = ty.with_(elem="i32"), TileTy(1, ty.rows, "i32")
        if not dst_ty.valid() or not cnt_ty.valid():
            return False
        d, c = self.kt.fresh("hits"), self.kt.fresh("count")
        off = self.rng.choice([0, 3])
        self.kt.emit(f'{d}, {c} = tile.gather_compare {src.name}, {k}, {tmp} {{cmp_mode = "{mode}", offset = {off} : i32}} : '
                     f"({ty.mlir()}, {ty.elem}, {tmp_ty.mlir()}) -> ({dst_ty.mlir()}, {cnt_ty.mlir()})")
        self._store_new(d, dst_ty)
        if self.rng.random() < 0.7:
            self._store_new(c, cnt_ty)
        return True

    # ----- scatters ------------------------------------------------------------------------
    def op_scatter(self, s: Scope) -> bool:
        """One of scatter, scatter_mask, mscatter."""
        kind = self.rng.choice(["scatter", "scatter_mask", "mscatter"])
        return getattr(self, f"_emit_{kind}")(s)

    def _row_source(self, s: Scope, elem: str, limit: int) -> tuple[Val, int] | None:
        ns = [n for n in (8, 16, 32, 64) if n <= limit and TileTy(1, n, elem).valid()]
        if not ns:
            return None
        n = self.rng.choice(ns)
        return self._fresh_load(s, TileTy(1, n, elem)), n

    def _emit_scatter(self, s: Scope) -> bool:
        vals = self.float_data(s, _rowwise)
        if not vals:
            return False
        dst = self.choose(vals)
        size = dst.ty.rows * dst.ty.cols
        # 4-byte data scatter by i32 indices, 2-byte data by i16 ones
        elem = "i32" if ELEMS[dst.ty.elem][0] == 4 else "i16"
        limit = size if elem == "i32" else min(size, 2**15 - 1)
        got = self._row_source(s, dst.ty.elem, limit)
        if got is None or not TileTy(1, got[1], elem).valid():
            return False
        src, n = got
        idx = self._row_ci(s, n, self.rng.randint(0, limit - n), elem=elem)
        t = dst.ty
        self.compute(s, "scatter", [dst.name, src.name, idx], [t.mlir(), src.ty.mlir(), TileTy(1, n, elem).mlir()], t,
                     min(dst.lo, src.lo), max(dst.hi, src.hi))
        return True

    def _emit_scatter_mask(self, s: Scope) -> bool:
        vals = self.float_data(s, _rowwise)
        if not vals:
            return False
        dst = self.choose(vals)
        pattern = self.rng.choice(list(MASK_PATTERNS.values()))
        wide = dst.ty.with_(cols=dst.ty.cols * pattern.stride)
        if wide.nbytes > 64 * 1024:
            return False
        src = self._fresh_load(s, wide)
        self.compute(s, "scatter_mask", [dst.name, src.name], [dst.ty.mlir(), wide.mlir()], dst.ty,
                     min(dst.lo, src.lo), max(dst.hi, src.hi), attrs=f'mask_pattern = "{pattern.name}"')
        return True

    def _emit_mscatter(self, s: Scope) -> bool:
        vals = self.float_data(s, lambda v: v.ty.rows == 1 and _rowwise(v) and v.ty.elem in ("f32", "f16"))
        if vals and self.rng.random() < 0.7:
            src = self.choose(vals)
            n = src.ty.cols
        else:
            got = self._row_source(s, self.rng.choice(["f32", "f16"]), 64)
            if got is None:
                return False
            src, n = got
        rows = self.rng.choice([1, 2, 4])
        gm = self.kt.gm_arg("out", rows, n * 2, src.ty.elem)
        idx = self._row_ci(s, n, self.rng.randint(0, rows * n * 2 - n))
        self.kt.emit(f"tile.mscatter {src.name}, {idx}, {gm} : ({src.ty.mlir()}, {TileTy(1, n, 'i32').mlir()}, "
                     f"memref<{rows}x{n * 2}x{src.ty.elem}>)")
        return True
