"""Emitters of the vector ops issue 23 added to the default mix (mixed into
the vector kernel generator next to :class:`~xdsl_pto.fuzz.vector.VectorOps`;
each ``op_<kind>`` is selected by the weight of ``<kind>`` in
:attr:`GenConfig.weights <xdsl_pto.fuzz.generate.GenConfig>`):

* ``bitwise`` -- ``and`` / ``or`` / ``xor`` (with its tmp) / ``not`` and the
  scalar forms ``ands`` / ``ors`` / ``xors`` on integer tiles;
* ``shift`` -- ``shl`` / ``shr`` by a tile of small amounts (``ands x, 3``
  or ``expands`` of a constant) and ``shls`` / ``shrs`` by a constant;
* ``scalar_minmax`` -- ``maximums`` / ``minimums``;
* ``lrelu`` -- with an f32 slope in (0, 1);
* ``ternary`` -- ``addc`` / ``subc`` / ``addsc`` / ``subsc``;
* ``partial`` -- ``part_add`` / ``part_mul`` / ``part_max`` / ``part_min``,
  of two fully valid tiles or with a second source made partly valid by
  ``set_validshape`` (fewer rows: the form both a3 and a5 run);
* ``trig`` -- ``sin`` / ``cos`` (f32; expanded before planning);
* ``expand_minmax`` -- ``row_expand_max|min|expdif`` and
  ``col_expand_max|min|expdif``;
* ``expands`` -- a tile of a constant shaped like a visible value;
* ``reinterpret`` -- ``reinterpret_view`` of a dense value as an integer
  type of the same or a narrower width (its elements then span that type);
* ``assemble`` -- a value of fewer rows written into a larger one of the
  same columns at a row offset (in place on the larger one);
* ``concat`` -- two values of one row count side by side;
* ``transpose_view`` -- a column-major view of a dense float value, read by
  ``neg`` or ``abs`` (elementwise ops take column-major tiles) and stored
  at once, the view too now and then (the generator's values are row-major,
  so neither joins the scope).

Integer operands are visible integer data, a new integer load (GM inputs
are within ``[-8, 8]``) or a cast of float data. Every op is one both a3
and a5 take (:func:`~xdsl_pto.fuzz.builder.ptoas_takes`) and keeps the
numeric discipline of :mod:`xdsl_pto.fuzz.vector`: bitwise results stay in
the two's complement range of their operands, shifts neither overflow nor
shift by a negative amount, ``row_expand_expdif`` exponentiates at most 8.
"""

from __future__ import annotations

import math

from xdsl_pto.fuzz.builder import ELEMS, Scope, TileTy, Val, elem_bytes, fits, is_float, ptoas_takes
from xdsl_pto.fuzz.vector import VectorOps, _corners

#: Integer element types the integer emitters load or cast to.
INT_ELEMS = ("i16", "i32", "i8")


def bit_range(*vals: tuple[float, float]) -> tuple[float, float]:
    """Bounds of ``&``, ``|`` or ``^`` of integers within the given
    intervals: ``[0, 2^k - 1]`` when all are non-negative, else
    ``[-2^k, 2^k - 1]``, for the smallest ``k`` holding every interval."""
    k = 0
    for lo, hi in vals:
        while not (-(2**k) <= lo and hi <= 2**k - 1):
            k += 1
    if all(lo >= 0 for lo, _ in vals):
        return 0.0, float(2**k - 1)
    return float(-(2**k)), float(2**k - 1)


def row_major(ty: TileTy) -> bool:
    """True unless ``ty`` is an ``[M, 1]`` column vector (M > 1), which the
    dialect lays out column-major."""
    return not (ty.cols == 1 and ty.rows > 1)


class MoreVectorOps(VectorOps):
    """Emitters over the :class:`~xdsl_pto.fuzz.vector.VectorOps` helpers."""

    # ----- integer operands -------------------------------------------------------------
    def int_data(self, s: Scope, op: str) -> Val | None:
        """An integer vec value ``tile.<op>`` takes: a visible one (usually),
        else a new integer load or a cast of float data; None when none fits."""
        vals = s.data(lambda v: v.ty.space == "vec" and not is_float(v.ty.elem) and row_major(v.ty)
                      and ptoas_takes(op, v.ty.elem))
        if vals and self.rng.random() < 0.7:
            return self.choose(vals)
        elems = [e for e in INT_ELEMS if ptoas_takes(op, e)]
        if not elems:
            return None
        elem = self.rng.choice(elems)
        if self.rng.random() < 0.5:
            ty = self.rng.choice(self.palette).with_(elem=elem)
            if not ty.valid() or not row_major(ty):
                return None
            self.op_load(s, ty)
            return s.vals[-1]
        src = self.float_data(s, lambda v: not v.strided and row_major(v.ty))
        if not src:
            return None
        a = self.choose(src)
        got = self.cast_range(a, elem)
        if got is None:
            return None
        ty, lo, hi = got
        return self.compute(s, "cast", [a.name], [a.ty.mlir()], ty, lo, hi, attrs='mode = "rint"')

    def _int_scalar(self, c: int) -> str:
        """An i32 constant (the integer ops' scalar operand)."""
        return self.kt.scalar(c, "i32")

    # ----- bitwise and shifts -----------------------------------------------------------
    def op_bitwise(self, s: Scope) -> bool:
        """and / or / xor (tmp) / not / ands / ors / xors on an integer tile."""
        op = self.rng.choice(["and", "or", "xor", "not", "ands", "ors", "xors"])
        a = self.int_data(s, op)
        if a is None:
            return False
        t = a.ty.mlir()
        if op == "not":
            self.compute(s, op, [a.name], [t], a.ty, -a.hi - 1, -a.lo - 1)
            return True
        if op in ("ands", "ors", "xors"):
            c = self.rng.choice([1, 3, 5, 7, 15, -2, -4])
            lo, hi = bit_range((a.lo, a.hi), (c, c))
            if op == "ands" and c >= 0:
                lo, hi = 0.0, float(c)
            if not fits(a.ty.elem, lo, hi):
                return False
            ops, tys = [a.name, self._int_scalar(c)], [t, "i32"]
            if op == "xors":
                ops.append(self.scratch(s, a.ty))
                tys.append(t)
            self.compute(s, op, ops, tys, a.ty, lo, hi)
            return True
        b = self.choose(s.of_type(a.ty))
        lo, hi = bit_range((a.lo, a.hi), (b.lo, b.hi))
        if not fits(a.ty.elem, lo, hi):
            return False
        ops, tys = [a.name, b.name], [t, t]
        if op == "xor":
            ops.append(self.scratch(s, a.ty))
            tys.append(t)
        self.compute(s, op, ops, tys, a.ty, lo, hi)
        return True

    def _amounts(self, s: Scope, ty: TileTy) -> Val | None:
        """A ``ty`` tile of shift amounts in [0, 3]: ``ands x, 3`` of a
        visible value, or ``expands`` of a constant."""
        xs = s.of_type(ty)
        if xs and ptoas_takes("ands", ty.elem) and self.rng.random() < 0.6:
            x = self.choose(xs)
            return self.compute(s, "ands", [x.name, self._int_scalar(3)], [ty.mlir(), "i32"], ty, 0, 3)
        if not ptoas_takes("expands", ty.elem) or not xs:
            return None
        k = self.rng.randint(0, 3)
        x = self.choose(xs)
        return self.compute(s, "expands", [x.name, self.kt.scalar(k, ty.elem)], [ty.mlir(), ty.elem], ty, k, k)

    def op_shift(self, s: Scope) -> bool:
        """shl / shr by a tile of amounts in [0, 3], shls / shrs by a constant."""
        op = self.rng.choice(["shl", "shr", "shls", "shrs"])
        a = self.int_data(s, op)
        if a is None:
            return False
        t = a.ty.mlir()
        if op in ("shl", "shr"):
            b = self._amounts(s, a.ty)
            if b is None:
                return False
            n, operand, oty = 3, b.name, t
        else:
            n = self.rng.randint(0, 3)
            operand, oty = self._int_scalar(n), "i32"
        if op.startswith("shl"):
            lo, hi = min(a.lo, a.lo * 2**n), max(a.hi, a.hi * 2**n)
        else:
            lo, hi = min(a.lo, 0.0, math.floor(a.lo / 2**n)), max(a.hi, 0.0)
        if not fits(a.ty.elem, lo, hi):
            return False
        self.compute(s, op, [a.name, operand], [t, oty], a.ty, lo, hi)
        return True

    # ----- scalar min / max, leaky relu, ternaries ------------------------------------------
    def op_scalar_minmax(self, s: Scope) -> bool:
        """``maximums`` / ``minimums`` with a constant of the element type."""
        op = self.rng.choice(["maximums", "minimums"])
        vals = self.taking(s, [op])
        if not vals:
            return False
        a = self.choose(vals)
        if not ptoas_takes(op, a.ty.elem):
            return False
        c = self.rng.choice([0.0, 1.0, -2.0, 0.5] if is_float(a.ty.elem) else [0, 1, -2, 3])
        lo, hi = (max(a.lo, c), max(a.hi, c)) if op == "maximums" else (min(a.lo, c), min(a.hi, c))
        self.compute(s, op, [a.name, self.kt.scalar(c, a.ty.elem)], [a.ty.mlir(), a.ty.elem], a.ty, lo, hi)
        return True

    def op_lrelu(self, s: Scope) -> bool:
        """``lrelu`` (f16/f32) with a slope in (0, 1) (an f32 scalar)."""
        vals = self.float_data(s, lambda v: ptoas_takes("lrelu", v.ty.elem))
        if not vals:
            return False
        a = self.choose(vals)
        k = self.rng.choice([0.1, 0.25, 0.5])
        lo = a.lo * k if a.lo < 0 else a.lo
        hi = a.hi if a.hi > 0 else a.hi * k
        self.compute(s, "lrelu", [a.name, self.kt.scalar(k, "f32")], [a.ty.mlir(), "f32"], a.ty, lo, hi)
        return True

    def op_ternary(self, s: Scope) -> bool:
        """``addc`` / ``subc`` (``a + b + c``, ``a - b + c``) and ``addsc`` /
        ``subsc`` (``a + k + c``, ``a - k + c``)."""
        op = self.rng.choice(["addc", "subc", "addsc", "subsc"])
        vals = self.taking(s, [op]) or [self.any_data(s)]
        a = self.choose(vals)
        if not ptoas_takes(op, a.ty.elem):
            return False
        c = self.choose(s.of_type(a.ty))
        t = a.ty.mlir()
        if op in ("addc", "subc"):
            b = self.choose(s.of_type(a.ty))
            lo, hi = (a.lo + b.lo, a.hi + b.hi) if op == "addc" else (a.lo - b.hi, a.hi - b.lo)
            operands, tys = [a.name, b.name, c.name], [t, t, t]
        else:
            k = self.rng.choice([1.0, 2.0, -3.0, 0.5] if is_float(a.ty.elem) else [1, 2, -3])
            lo, hi = (a.lo + k, a.hi + k) if op == "addsc" else (a.lo - k, a.hi - k)
            operands, tys = [a.name, self.kt.scalar(k, a.ty.elem), c.name], [t, a.ty.elem, t]
        lo, hi = lo + c.lo, hi + c.hi
        if not fits(a.ty.elem, lo, hi):
            return False
        self.compute(s, op, operands, tys, a.ty, lo, hi)
        return True

    # ----- partial ops ------------------------------------------------------------------
    def op_partial(self, s: Scope) -> bool:
        """``part_add|mul|max|min`` of two values of one type; now and then
        the second is a copy narrowed to fewer valid rows by
        ``tile.set_validshape`` (there the result is the first source)."""
        op = self.rng.choice(["part_add", "part_mul", "part_max", "part_min"])
        vals = [v for v in self.taking(s, [op]) if not v.strided and row_major(v.ty) and ptoas_takes(op, v.ty.elem)]
        if not vals:
            return False
        a = self.choose(vals)
        b = self.choose(s.of_type(a.ty))
        lo, hi = {
            "part_add": (a.lo + b.lo, a.hi + b.hi),
            "part_mul": _corners(a, b, lambda x, y: x * y),
            "part_max": (max(a.lo, b.lo), max(a.hi, b.hi)),
            "part_min": (min(a.lo, b.lo), min(a.hi, b.hi)),
        }[op]
        t = a.ty.mlir()
        b_name, b_text = b.name, t
        if a.ty.rows > 1 and self.rng.random() < 0.4:
            # a copy, so that nothing reads the narrowed source afterwards
            cp = self.kt.fresh("cp")
            self.kt.emit(f"{cp} = tile.move {b.name} : ({t}) -> {t}")
            rows = self.rng.randint(1, a.ty.rows - 1)
            b_text = t[:-1] + f", valid = {rows}x{a.ty.cols}>"
            b_name = self.kt.fresh("vs")
            self.kt.emit(f"{b_name} = tile.set_validshape {cp}, {self.kt.index(rows)}, {self.kt.index(a.ty.cols)} : "
                         f"({t}, index, index) -> {b_text}")
            lo, hi = min(lo, a.lo), max(hi, a.hi)
        if not fits(a.ty.elem, lo, hi):
            return False
        self.compute(s, op, [a.name, b_name], [t, b_text], a.ty, lo, hi)
        return True

    # ----- trig, broadcasts -------------------------------------------------------------
    def op_trig(self, s: Scope) -> bool:
        """``sin`` / ``cos`` of an f32 value."""
        vals = self.float_data(s, lambda v: v.ty.elem == "f32")
        if not vals:
            return False
        a = self.choose(vals)
        self.compute(s, self.rng.choice(["sin", "cos"]), [a.name], [a.ty.mlir()], a.ty, -1.0, 1.0)
        return True

    def op_expand_minmax(self, s: Scope) -> bool:
        """``row_expand_max|min|expdif`` by an ``[M, 1]`` vector or
        ``col_expand_max|min|expdif`` by a ``[1, N]`` one."""
        kind = self.rng.choice(["max", "min", "expdif"])
        if self.rng.random() < 0.5:
            vals = self.float_data(s, lambda v: v.ty.cols > 1 and v.ty.with_(cols=1).valid())
            if not vals:
                return False
            t = self.choose(vals)
            v = self.row_vector(s, t.ty)
            op = f"row_expand_{kind}"
        else:
            vals = self.float_data(s, lambda v: v.ty.rows > 1 and v.ty.with_(rows=1).valid())
            if not vals:
                return False
            t = self.choose(vals)
            v = self.col_vector(s, t.ty)
            op = f"col_expand_{kind}"
        if v is None or not ptoas_takes(op, t.ty.elem):
            return False
        if kind == "expdif":
            if t.hi - v.lo > 8.0:
                t = self.bounded(s, t.ty, 4.0) or t
                if t.mag > 4.0:
                    return False
                # the softmax form: the target less its own row / column maximum
                red = "row_max" if op.startswith("row") else "col_max"
                vty = t.ty.with_(cols=1) if red == "row_max" else t.ty.with_(rows=1)
                ops, tys = [t.name], [t.ty.mlir()]
                if red == "row_max":
                    ops.append(self.scratch(s, t.ty))
                    tys.append(t.ty.mlir())
                v = self.compute(s, red, ops, tys, vty, t.lo, t.hi)
            lo, hi = math.exp(t.lo - v.hi), math.exp(t.hi - v.lo)
        elif kind == "max":
            lo, hi = max(t.lo, v.lo), max(t.hi, v.hi)
        else:
            lo, hi = min(t.lo, v.lo), min(t.hi, v.hi)
        if not fits(t.ty.elem, lo, hi):
            return False
        self.compute(s, op, [t.name, v.name], [t.ty.mlir(), v.ty.mlir()], t.ty, lo, hi)
        return True

    def op_expands(self, s: Scope) -> bool:
        """``expands`` of a constant, shaped like a visible value (whose
        contents it does not read)."""
        vals = s.data(lambda v: v.ty.space == "vec" and not v.strided and row_major(v.ty)
                      and ptoas_takes("expands", v.ty.elem))
        if not vals:
            return False
        a = self.choose(vals)
        c = self.rng.choice([0.0, 1.0, -2.0, 0.5, 3.0] if is_float(a.ty.elem) else [0, 1, -2, 3])
        self.compute(s, "expands", [a.name, self.kt.scalar(c, a.ty.elem)], [a.ty.mlir(), a.ty.elem], a.ty, c, c)
        return True

    # ----- views and assembly ------------------------------------------------------------
    def op_reinterpret(self, s: Scope) -> bool:
        """``reinterpret_view`` of a dense value as an integer type of the
        same or a narrower width (the columns scaled); the view's elements
        may be any value of that type."""
        vals = s.data(lambda v: v.ty.space == "vec" and not v.strided and row_major(v.ty) and v.ty.cols > 1)
        if not vals:
            return False
        a = self.choose(vals)
        eb = elem_bytes(a.ty.elem)
        opts = []
        for e in ("i32", "i16", "i8"):
            b = elem_bytes(e)
            if b <= eb and e != a.ty.elem and (ty := a.ty.with_(elem=e, cols=a.ty.cols * eb // b)).valid():
                opts.append(ty)
        if not opts:
            return False
        ty = self.rng.choice(opts)
        _, _, lo, hi = ELEMS[ty.elem]
        v = self.define(s, ty, lo, hi, prefix="v")
        self.kt.emit(f"{v.name} = tile.reinterpret_view {a.name} : ({a.ty.mlir()}) -> {ty.mlir()}")
        return True

    def op_assemble(self, s: Scope) -> bool:
        """``assemble`` of a value with fewer rows into a larger one of the
        same element type and columns (whole rows: the window a3's ``tmov``
        copies; a5 would take narrower ones too), row-major both, in place
        on the larger."""
        pairs = []
        for big in s.data(lambda v: v.ty.space == "vec" and not v.strided and row_major(v.ty) and v.ty.rows > 1):
            for small in s.data(lambda v: v.ty.space == "vec" and v.ty.elem == big.ty.elem and not v.strided
                                and row_major(v.ty) and v.ty.rows < big.ty.rows and v.ty.cols == big.ty.cols):
                pairs.append((big, small))
        if not pairs:
            return False
        big, small = self.rng.choice(pairs[-12:] if self.rng.random() < 0.5 else pairs)
        step = 32 // elem_bytes(big.ty.elem)
        r0 = self.rng.randint(0, big.ty.rows - small.ty.rows)
        c0 = self.rng.randint(0, (big.ty.cols - small.ty.cols) // step) * step if small.ty.cols < big.ty.cols else 0
        if c0 + small.ty.cols > big.ty.cols:
            return False
        self.compute(s, "assemble", [big.name, small.name, self.kt.index(r0), self.kt.index(c0)],
                     [big.ty.mlir(), small.ty.mlir(), "index", "index"], big.ty,
                     min(big.lo, small.lo), max(big.hi, small.hi))
        return True

    def op_concat(self, s: Scope) -> bool:
        """``concat`` of two values of one row count and element type."""
        vals = s.data(lambda v: v.ty.space == "vec" and not v.strided and row_major(v.ty) and v.ty.cols > 1)
        if not vals:
            return False
        a = self.choose(vals)
        bs = [v for v in vals if v.ty.rows == a.ty.rows and v.ty.elem == a.ty.elem]
        b = self.choose(bs)
        ty = a.ty.with_(cols=a.ty.cols + b.ty.cols)
        if not ty.valid() or ty.nbytes > 64 * 1024:
            return False
        self.compute(s, "concat", [a.name, b.name], [a.ty.mlir(), b.ty.mlir()], ty,
                     min(a.lo, b.lo), max(a.hi, b.hi))
        return True

    def op_transpose_view(self, s: Scope) -> bool:
        """``transpose_view`` ``[M, N] -> [N, M]`` (column-major) of a dense
        float value, then ``neg`` or ``abs`` of the view; both stored to new
        GM outputs (the result always, the view half of the time)."""
        vals = self.float_data(s, lambda v: not v.strided and v.ty.rows > 1 and v.ty.cols > 1
                               and row_major(v.ty) and v.ty.with_(rows=v.ty.cols, cols=v.ty.rows).valid())
        if not vals:
            return False
        a = self.choose(vals)
        n, m = a.ty.shape
        cm = f"!tile.tile<{m}x{n}x{a.ty.elem}, vec, blayout = col_major>"
        view = self.kt.fresh("tv")
        self.kt.emit(f"{view} = tile.transpose_view {a.name} : ({a.ty.mlir()}) -> {cm}")
        op = self.rng.choice([o for o in ("neg", "abs") if ptoas_takes(o, a.ty.elem)] or ["neg"])
        res = self.kt.fresh("t")
        self.kt.emit(f"{res} = tile.{op} {view} : ({cm}) -> {cm}")
        outs = [res] + ([view] if self.rng.random() < 0.5 else [])
        for v in outs:
            gm = self.kt.gm_arg("out", m, n, a.ty.elem)
            self.kt.emit(f"tile.store {v}, {gm}[{self.kt.index(0)}, {self.kt.index(0)}] : {cm}, memref<{m}x{n}x{a.ty.elem}>")
        return True
