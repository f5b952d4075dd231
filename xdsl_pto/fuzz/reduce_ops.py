"""Emitters of issue 23's reduction / generator / scalar-access / fill ops
(mixed into the vector kernel generator next to
:class:`~xdsl_pto.fuzz.vector.VectorOps`; each ``op_<kind>`` is selected by
the weight of ``<kind>`` in :attr:`GenConfig.weights
<xdsl_pto.fuzz.generate.GenConfig>`):

* ``col_reduce`` -- ``col_sum`` (with or without a tmp), ``col_max``,
  ``col_min``, ``col_prod``;
* ``row_prod`` -- with its tmp scratch;
* ``arg_reduce`` -- ``row_argmax`` / ``row_argmin`` (tmp of the source's
  type) and ``col_argmax`` / ``col_argmin`` (a ``[1, W]`` tmp as wide as
  A2/A3 needs), giving i32 indices;
* ``scalar_access`` -- ``tile.read`` of an element (constant indices, a
  flat index or the loop's induction variable) used by ``tile.full``,
  ``tile.adds`` or ``tile.write`` (in place: on a value still read later the
  planner copies it first);
* ``fill`` -- ``fillpad`` / ``fillpad_expand`` / ``fillpad_inplace`` of a
  fresh partially valid load (its pad value in the result type) or of a
  visible value; the result is stored at once (its type names a pad value,
  which the other generators do not track);
* ``generate`` -- ``ci`` (i32 sequences) and ``tri`` (0/1 masks);
* ``block_load`` -- a load at the row ``tile.get_block_idx * rows`` (the
  campaign runs block 0 of 1).

Everything stays within the target rules of both a3 and a5 (f32 / f16
sources, i32 indices, no ``random``: A5 only), and within the generator's
numeric discipline: products read operands scaled below ``max^(1/n)``, sums
are bounded like ``row_sum``'s, pad values are 0 where the result is data.
"""

from __future__ import annotations

from xdsl_pto.dialects.tile.reduction_ops import colarg_tmp_width
from xdsl_pto.fuzz.builder import ELEMS, INPUT_BOUND, Scope, TileTy, Val, fits
from xdsl_pto.fuzz.vector import VectorOps

#: Source element types every target reduces (A2/A3: f16/f32/i16/i32; the
#: generator's data is float).
REDUCE_ELEMS = ("f32", "f16")


class ReduceFamilyOps(VectorOps):
    """Emitters over the :class:`~xdsl_pto.fuzz.vector.VectorOps` helpers."""

    def _reducible(self, s: Scope, pred) -> list[Val]:
        return self.float_data(s, lambda v: v.ty.elem in REDUCE_ELEMS and pred(v.ty))

    def _product_operand(self, s: Scope, ty: TileTy, n: int) -> Val | None:
        """A value of type ``ty`` whose product of ``n`` elements fits its
        type: every element at most ``max^(1/n)`` in magnitude (scaled down
        by a power of two when needed)."""
        limit = min(2.0, ELEMS[ty.elem][3] ** (1.0 / n))
        return self.bounded(s, ty, limit)

    # ----- reductions ---------------------------------------------------------------
    def op_col_reduce(self, s: Scope) -> bool:
        """``col_sum`` / ``col_max`` / ``col_min`` / ``col_prod`` ``[R, C] -> [1, C]``."""
        vals = self._reducible(s, lambda t: t.rows > 1 and t.with_(rows=1).valid())
        if not vals:
            return False
        a = self.choose(vals)
        op = self.rng.choice(["col_sum", "col_max", "col_min", "col_prod"])
        rows = a.ty.rows
        if op == "col_prod":
            b = self._product_operand(s, a.ty, rows)
            if b is None:
                return False
            a, m = b, b.mag**rows
            lo, hi = -m, m
        elif op == "col_sum":
            lo, hi = min(a.lo * rows, a.lo), max(a.hi * rows, a.hi)
        else:
            lo, hi = a.lo, a.hi
        if not fits(a.ty.elem, lo, hi):
            return False
        ops, tys = [a.name], [a.ty.mlir()]
        if op == "col_sum" and self.rng.random() < 0.5:
            ops.append(self.scratch(s, a.ty))
            tys.append(a.ty.mlir())
        self.compute(s, op, ops, tys, a.ty.with_(rows=1), lo, hi)
        return True

    def op_row_prod(self, s: Scope) -> bool:
        """``row_prod`` ``[R, C] -> [R, 1]`` with a tmp scratch."""
        vals = self._reducible(s, lambda t: t.cols > 1 and t.with_(cols=1).valid())
        if not vals:
            return False
        ty = self.choose(vals).ty
        a = self._product_operand(s, ty, ty.cols)
        if a is None:
            return False
        m = a.mag**a.ty.cols
        if not fits(a.ty.elem, -m, m):
            return False
        tmp = self.scratch(s, a.ty)
        t = a.ty.mlir()
        self.compute(s, "row_prod", [a.name, tmp], [t, t], a.ty.with_(cols=1), -m, m)
        return True

    def op_arg_reduce(self, s: Scope) -> bool:
        """``row_argmax`` / ``row_argmin`` ``[R, C] -> [R, 1]`` or
        ``col_argmax`` / ``col_argmin`` ``[R, C] -> [1, C]``, i32 indices."""
        row = self.rng.random() < 0.5
        if row:
            vals = self._reducible(s, lambda t: t.cols > 1 and t.with_(cols=1, elem="i32").valid())
        else:
            vals = self._reducible(s, lambda t: t.rows > 1 and t.with_(rows=1, elem="i32").valid())
        if not vals:
            return False
        a = self.choose(vals)
        kind = self.rng.choice(["argmax", "argmin"])
        if row:
            tmp_ty, res, n = a.ty, a.ty.with_(cols=1, elem="i32"), a.ty.cols
        else:
            width = colarg_tmp_width(a.ty.cols, ELEMS[a.ty.elem][0])
            tmp_ty = TileTy(self.rng.choice([1, 2]), width, a.ty.elem)
            res, n = a.ty.with_(rows=1, elem="i32"), a.ty.rows
        tmp = self.scratch(s, tmp_ty)
        op = f"{'row' if row else 'col'}_{kind}"
        self.compute(s, op, [a.name, tmp], [a.ty.mlir(), tmp_ty.mlir()], res, 0, n - 1)
        return True

    # ----- scalar access --------------------------------------------------------------
    def _indices(self, s: Scope, ty: TileTy) -> list[str]:
        """Indices of one element of a ``ty`` tile: constants, one flat index
        (row-major tiles), or an enclosing loop's induction variable where
        it stays inside the tile."""
        r, c = self.rng.randrange(ty.rows), self.rng.randrange(ty.cols)
        fits_iv = [(iv, n) for iv, n in s.loops if n <= ty.rows]
        if fits_iv and self.rng.random() < 0.4:
            return [self.rng.choice(fits_iv)[0], self.kt.index(c)]
        if self.rng.random() < 0.25 and not (ty.cols == 1 and ty.rows > 1):
            return [self.kt.index(r * ty.cols + c)]
        return [self.kt.index(r), self.kt.index(c)]

    def op_scalar_access(self, s: Scope) -> bool:
        """``%e = tile.read`` of a data element, then ``tile.full %e``,
        ``tile.adds %x, %e`` or ``tile.write %t, ..., %e`` (in place)."""
        vals = self.float_data(s)
        if not vals:
            return False
        a = self.choose(vals)
        idx = self._indices(s, a.ty)
        e = self.kt.fresh("e")
        self.kt.emit(f"{e} = tile.read {a.name}, {', '.join(idx)} : "
                     f"({a.ty.mlir()}, {', '.join(['index'] * len(idx))}) -> {a.ty.elem}")
        r = self.rng.random()
        targets = [v for v in s.data(lambda v: v.ty.space == "vec" and v.ty.elem == a.ty.elem)]
        if r < 0.45 and targets:
            t = self.choose(targets)
            at = self._indices(s, t.ty)
            w = self.define(s, t.ty, min(t.lo, a.lo), max(t.hi, a.hi), prefix="w", strided=t.strided)
            self.kt.emit(f"{w.name} = tile.write {t.name}, {', '.join(at)}, {e} : "
                         f"({t.ty.mlir()}, {', '.join(['index'] * len(at))}, {a.ty.elem}) -> {t.ty.mlir()}")
        elif r < 0.75:
            ty = self.rng.choice([p for p in self.palette if p.elem == a.ty.elem] or [a.ty])
            f = self.define(s, ty, a.lo, a.hi, prefix="f")
            self.kt.emit(f"{f.name} = tile.full {e} : ({ty.elem}) -> {ty.mlir()}")
        else:
            x = self.choose(s.of_type(a.ty))
            if not fits(a.ty.elem, x.lo + a.lo, x.hi + a.hi):
                return True
            self.compute(s, "adds", [x.name, e], [a.ty.mlir(), a.ty.elem], a.ty, x.lo + a.lo, x.hi + a.hi)
        return True

    # ----- fills ----------------------------------------------------------------------
    def op_fill(self, s: Scope) -> bool:
        """A fill of a partially valid fresh load or a visible value, stored
        at once (its result type names the pad value)."""
        kind = self.rng.choice(["fillpad", "fillpad_expand", "fillpad_inplace"])
        base = self.rng.choice(self.palette)
        pad = self.rng.choice([1, 2, 3])
        visible = self.float_data(s, lambda v: not v.strided)
        if kind != "fillpad_inplace" and visible and self.rng.random() < 0.5:
            src = self.choose(visible)
            ty, src_text = src.ty, src.ty.mlir()
        else:
            ty = base
            valid = f", valid = {ty.rows}x{self.rng.randint(1, ty.cols)}" if ty.cols > 1 else ""
            own = f", pad = {pad}" if kind == "fillpad_inplace" else ""
            src_text = f"!tile.tile<{ty.rows}x{ty.cols}x{ty.elem}, vec{valid}{own}>"
            gm = self.kt.gm_arg("in", ty.rows, ty.cols, ty.elem)
            name = self.kt.fresh("x")
            self.kt.emit(f"{name} = tile.load {gm}[{self.kt.index(0)}, {self.kt.index(0)}] : "
                         f"{ty.memref()} -> {src_text}")
            src = Val(name, ty)
        out_ty = ty
        if kind == "fillpad_expand":
            grown = [t for t in (ty.with_(rows=ty.rows * 2), ty.with_(cols=ty.cols * 2)) if t.valid()]
            out_ty = self.rng.choice(grown)
        res_text = src_text if kind == "fillpad_inplace" else f"!tile.tile<{out_ty.rows}x{out_ty.cols}x{ty.elem}, vec, pad = {pad}>"
        r = self.kt.fresh("p")
        self.kt.emit(f"{r} = tile.{kind} {src.name} : ({src_text}) -> {res_text}")
        gm = self.kt.gm_arg("out", out_ty.rows, out_ty.cols, ty.elem)
        self.kt.emit(f"tile.store {r}, {gm}[{self.kt.index(0)}, {self.kt.index(0)}] : {res_text}, {out_ty.memref()}")
        return True

    # ----- generators and the block identity ---------------------------------------------
    def op_generate(self, s: Scope) -> bool:
        """``tile.ci`` (an i32 row sequence) or ``tile.tri`` (a 0/1 mask of a
        palette type)."""
        if self.rng.random() < 0.5:
            ty = TileTy(1, self.rng.choice([p.cols for p in self.palette if p.cols > 1] or [8]), "i32")
            if ty.cols == 1 or not ty.valid():
                return False
            start = self.rng.randint(-100, 100)
            down = self.rng.random() < 0.5
            attrs = " {descending}" if down else ""
            lo, hi = (start - ty.cols, start) if down else (start, start + ty.cols)
            v = self.define(s, ty, lo, hi, prefix="ci")
            self.kt.emit(f"{v.name} = tile.ci {self.kt.scalar(start, 'i32')}{attrs} : (i32) -> {ty.mlir()}")
            return True
        rows = [p for p in self.palette if p.elem in REDUCE_ELEMS and (p.cols > 1 or p.rows == 1)]
        if not rows:
            return False
        ty = self.rng.choice(rows)  # row-major ('pto.ttri' op expects dst to use the row_major blayout)
        attrs = " {upper}" if self.rng.random() < 0.5 else ""
        d = self.kt.scalar(self.rng.randint(-3, 3), "i32")
        v = self.define(s, ty, 0.0, 1.0, prefix="tri")
        self.kt.emit(f"{v.name} = tile.tri {d}{attrs} : (i32) -> {ty.mlir()}")
        return True

    def op_block_load(self, s: Scope) -> bool:
        """A load whose row offset is ``tile.get_block_idx * rows`` (the
        kernel's SPMD block; the count is read too)."""
        ty = self.rng.choice(self.palette)
        b, n, off = self.kt.fresh("blk"), self.kt.fresh("nblk"), self.kt.fresh("off")
        self.kt.emit(f"{b} = tile.get_block_idx : index")
        self.kt.emit(f"{n} = tile.get_block_num : index")
        self.kt.emit(f"{off} = arith.muli {b}, {self.kt.index(ty.rows)} : index", op=False)
        gm = self.kt.gm_arg("in", ty.rows, ty.cols, ty.elem)
        v = self.define(s, ty, -INPUT_BOUND, INPUT_BOUND, prefix="x")
        self.kt.emit(f"{v.name} = tile.load {gm}[{off}, {self.kt.index(0)}] : {ty.memref()} -> {ty.mlir()}")
        return True
