"""Vector (AIV) op generators: each ``op_<kind>`` method tries to emit one
kind of tile op (plus the helper ops it needs) into the current block and
returns True on success, False when the scope offers no suitable operand.

Every emitted op keeps the kernel numerically meaningful: operands are
defined data (never a ``tile.create``, which only serves as tmp scratch),
``log``/``sqrt``/``rsqrt``/``recip`` and divisors get operands bounded away
from 0 (``abs`` then ``adds``), ``exp`` gets bounded operands (scaled down
with ``muls`` when needed), and no result leaves its element type's range.
"""

from __future__ import annotations

import math
import random

from xdsl_pto.fuzz.builder import (
    ELEMS,
    INPUT_BOUND,
    KernelText,
    Scope,
    TileTy,
    Val,
    fits,
    is_float,
    ptoas_takes,
)

ROUND_MODES = ("rint", "round", "floor", "ceil", "trunc")
CMP_MODES = ("eq", "ne", "lt", "le", "gt", "ge")
#: The elementwise binary ops of :meth:`VectorOps.op_binary`.
BINARY = ["add", "sub", "mul", "div", "maximum", "minimum"]


def _corners(a: Val, b: Val, f) -> tuple[float, float]:
    vals = [f(x, y) for x in (a.lo, a.hi) for y in (b.lo, b.hi)]
    return min(vals), max(vals)


def _pow2_below(x: float) -> float:
    """The largest power of two <= x (x > 0)."""
    return 2.0 ** math.floor(math.log2(x))


class VectorOps:
    """Vector op emitters over a :class:`KernelText` (mixed into the kernel
    generator, which provides ``kt``, ``rng``, ``cfg`` and ``palette``)."""

    kt: KernelText
    rng: random.Random
    palette: list[TileTy]
    elems: list[str]
    stored: set[str]

    # ----- small helpers ------------------------------------------------------
    def define(self, s: Scope, ty: TileTy, lo: float, hi: float, prefix: str = "t", **flags) -> Val:
        """A new value named ``%<prefix><n>``, added to ``s``."""
        v = Val(self.kt.fresh(prefix), ty, lo, hi, **flags)
        s.vals.append(v)
        return v

    def compute(self, s: Scope, op: str, operands: list[str], in_tys: list[str], ty: TileTy,
                lo: float, hi: float, attrs: str = "", **flags) -> Val:
        """Emit ``%r = tile.<op> operands {attrs} : (in_tys) -> ty`` and define %r."""
        v = self.define(s, ty, lo, hi, **flags)
        a = f" {{{attrs}}}" if attrs else ""
        self.kt.emit(f"{v.name} = tile.{op} {', '.join(operands)}{a} : ({', '.join(in_tys)}) -> {ty.mlir()}")
        return v

    def choose(self, vals: list[Val], recent: float = 0.5) -> Val:
        """One of ``vals``, biased toward the most recently defined."""
        if len(vals) > 1 and self.rng.random() < recent:
            return self.rng.choice(vals[-3:])
        return self.rng.choice(vals)

    def float_data(self, s: Scope, pred=None) -> list[Val]:
        """Visible float data values in vec satisfying ``pred``, of an element
        type ptoas (v0.48) computes on (f32, f16: its arithmetic takes no
        bf16, :func:`~xdsl_pto.fuzz.builder.ptoas_takes`)."""
        return s.data(
            lambda v: v.ty.space == "vec" and is_float(v.ty.elem) and ptoas_takes("add", v.ty.elem)
            and (pred is None or pred(v))
        )

    def taking(self, s: Scope, ops: list[str]) -> list[Val]:
        """Visible vec data values some op of ``ops`` takes (ptoas's element
        types, :func:`~xdsl_pto.fuzz.builder.ptoas_takes`)."""
        return s.data(lambda v: v.ty.space == "vec" and any(ptoas_takes(o, v.ty.elem) for o in ops))

    def scratch(self, s: Scope, ty: TileTy) -> str:
        """A ``tile.create`` of ``ty`` for a tmp operand: an existing one
        (half of the time, when one is visible) or a new one."""
        old = [v for v in s.vals if v.scratch and v.ty == ty]
        if old and self.rng.random() < 0.5:
            return self.rng.choice(old).name
        v = self.define(s, ty, 0.0, 0.0, prefix="tmp", scratch=True)
        self.kt.emit(f"{v.name} = tile.create : {ty.mlir()}")
        return v.name

    def any_data(self, s: Scope) -> Val:
        """A float vec data value; loads one when none is visible."""
        vals = self.float_data(s)
        if vals:
            return self.choose(vals)
        assert self.op_load(s)
        return s.vals[-1]

    def positive(self, s: Scope, ty: TileTy, low: float = 1.0) -> Val | None:
        """A value of type ``ty`` whose elements are all >= ``low``: an
        existing one, or ``abs(x) + (low + 2)`` of a visible ``x``."""
        ok = [v for v in s.of_type(ty) if v.lo >= low]
        if ok and self.rng.random() < 0.7:
            return self.choose(ok)
        src = s.of_type(ty)
        if not src or not is_float(ty.elem):
            return None
        x = self.choose(src)
        t = ty.mlir()
        a = self.compute(s, "abs", [x.name], [t], ty, 0.0, x.mag)
        c = low + 2.0
        if not fits(ty.elem, c, a.hi + c):
            return None
        return self.compute(s, "adds", [a.name, self.kt.scalar(c, ty.elem)], [t, ty.elem], ty, c, a.hi + c)

    def bounded(self, s: Scope, ty: TileTy | None, limit: float) -> Val | None:
        """A float value (of type ``ty`` when given) with all |elements| <=
        ``limit``: an existing one or one scaled down by a power of two."""
        vals = self.float_data(s, lambda v: ty is None or v.ty == ty)
        if not vals:
            return None
        ok = [v for v in vals if v.mag <= limit]
        if ok and self.rng.random() < 0.8:
            return self.choose(ok)
        x = self.choose(vals)
        if x.mag <= limit:
            return x
        f = _pow2_below(limit / x.mag)
        t = x.ty.mlir()
        return self.compute(s, "muls", [x.name, self.kt.scalar(f, x.ty.elem)], [t, x.ty.elem], x.ty, x.lo * f, x.hi * f)

    # ----- data in and out ----------------------------------------------------------
    def gm_offset(self, s: Scope, rows: int) -> tuple[str, int]:
        """A row offset for a GM window inside the innermost loop (``iv *
        rows``) and the trip count, or ``(%c0, 1)`` outside loops or by chance."""
        if s.loops and self.rng.random() < 0.6:
            iv, trips = s.loops[-1]
            off = self.kt.fresh("off")
            self.kt.emit(f"{off} = arith.muli {iv}, {self.kt.index(rows)} : index", op=False)
            return off, trips
        return self.kt.index(0), 1

    def op_load(self, s: Scope, ty: TileTy | None = None) -> bool:
        """``tile.load`` of ``ty`` (default: a palette or visible float type) from a new GM input."""
        if ty is None:
            kinds = list(self.palette) + [v.ty for v in self.float_data(s) if v.ty.space == "vec"]
            ty = self.rng.choice(kinds)
        row_off, trips = self.gm_offset(s, ty.rows)
        gm_rows, col_off = ty.rows * trips, self.kt.index(0)
        if trips == 1 and self.rng.random() < 0.2:
            gm_rows = ty.rows * 2
            row_off = self.kt.index(ty.rows * self.rng.randint(0, 1))
        gm = self.kt.gm_arg("in", gm_rows, ty.cols, ty.elem)
        v = self.define(s, ty, -INPUT_BOUND, INPUT_BOUND, prefix="x")
        self.kt.emit(f"{v.name} = tile.load {gm}[{row_off}, {col_off}] : {ty.memref(gm_rows)} -> {ty.mlir()}")
        return True

    def op_full(self, s: Scope) -> bool:
        """``tile.full`` of a constant scalar."""
        ty = self.rng.choice(self.palette)
        c = self.rng.choice([0.0, 1.0, -2.0, 0.5, 3.0])
        v = self.define(s, ty, c, c, prefix="f")
        self.kt.emit(f"{v.name} = tile.full {self.kt.scalar(c, ty.elem)} : ({ty.elem}) -> {ty.mlir()}")
        return True

    def op_store(self, s: Scope, val: Val | None = None) -> bool:
        """``tile.store`` of a data value to a new GM output (a loop-indexed
        window of a taller output inside loops)."""
        vals = s.data(lambda v: v.ty.space in ("vec", "acc", "mat"))
        if val is None:
            if not vals:
                return False
            val = self.choose(vals, recent=0.7)
        ty = val.ty
        lin, mult = self.kt.index(0), 1
        if s.loops and self.rng.random() < 0.6:
            lin = s.loops[0][0]
            mult = s.loops[0][1]
            for iv, trips in s.loops[1:]:
                m = self.kt.fresh("lin")
                self.kt.emit(f"{m} = arith.muli {lin}, {self.kt.index(trips)} : index", op=False)
                a = self.kt.fresh("lin")
                self.kt.emit(f"{a} = arith.addi {m}, {iv} : index", op=False)
                lin, mult = a, mult * trips
            row = self.kt.fresh("row")
            self.kt.emit(f"{row} = arith.muli {lin}, {self.kt.index(ty.rows)} : index", op=False)
            lin = row
        gm = self.kt.gm_arg("out", ty.rows * mult, ty.cols, ty.elem)
        self.stored.add(val.name)
        self.kt.emit(f"tile.store {val.name}, {gm}[{lin}, {self.kt.index(0)}] : "
                     f"{ty.mlir()}, {ty.memref(ty.rows * mult)}")
        return True

    # ----- elementwise --------------------------------------------------------------
    def op_binary(self, s: Scope) -> bool:
        """add/sub/mul/div/maximum/minimum of two values of one type (of an
        element type ptoas takes for the op)."""
        a = self.choose(self.taking(s, BINARY) or [self.any_data(s)])
        fl = is_float(a.ty.elem)
        ops = BINARY if fl else [o for o in BINARY if o not in ("mul", "div")]
        ops = [o for o in ops if ptoas_takes(o, a.ty.elem)]
        if not ops:
            return False
        op = self.rng.choice(ops)
        if op == "div":
            b = self.positive(s, a.ty)
            if b is None:
                return False
        else:
            b = self.choose(s.of_type(a.ty))
        lo, hi = {
            "add": lambda: (a.lo + b.lo, a.hi + b.hi),
            "sub": lambda: (a.lo - b.hi, a.hi - b.lo),
            "mul": lambda: _corners(a, b, lambda x, y: x * y),
            "div": lambda: _corners(a, b, lambda x, y: x / y),
            "maximum": lambda: (max(a.lo, b.lo), max(a.hi, b.hi)),
            "minimum": lambda: (min(a.lo, b.lo), min(a.hi, b.hi)),
        }[op]()
        if not fits(a.ty.elem, lo, hi):
            return False
        t = a.ty.mlir()
        self.compute(s, op, [a.name, b.name], [t, t], a.ty, lo, hi)
        return True

    def op_scalar(self, s: Scope) -> bool:
        """adds/subs/muls/divs with a constant scalar (of an element type
        ptoas takes for the op)."""
        ops = ["adds", "subs", "muls", "divs"]
        a = self.choose(self.taking(s, ops) or [self.any_data(s)])
        fl = is_float(a.ty.elem)
        ops = [o for o in (ops if fl else ops[:3]) if ptoas_takes(o, a.ty.elem)]
        if not ops:
            return False
        op = self.rng.choice(ops)
        c = self.rng.choice({"adds": [0.5, 1.0, 3.0, -2.0], "subs": [1.0, 0.25, -3.0],
                             "muls": [0.5, -1.0, 2.0, 0.25, 1.5], "divs": [2.0, -4.0, 0.5]}[op])
        if not fl:
            c = float(int(c) or 2)
        lo, hi = {"adds": (a.lo + c, a.hi + c), "subs": (a.lo - c, a.hi - c),
                  "muls": tuple(sorted((a.lo * c, a.hi * c))), "divs": tuple(sorted((a.lo / c, a.hi / c)))}[op]
        if not fits(a.ty.elem, lo, hi):
            return False
        self.compute(s, op, [a.name, self.kt.scalar(c, a.ty.elem)], [a.ty.mlir(), a.ty.elem], a.ty, lo, hi)
        return True

    def op_unary(self, s: Scope) -> bool:
        """exp/log/sqrt/rsqrt/recip/neg/abs/relu (rsqrt with or without tmp)."""
        op = self.rng.choice(["exp", "log", "sqrt", "rsqrt", "recip", "neg", "abs", "relu"])
        if op in ("neg", "abs", "relu"):
            a = self.choose(self.taking(s, [op]) or [self.any_data(s)])
            lo, hi = {"neg": (-a.hi, -a.lo),
                      "abs": (0.0 if a.lo <= 0 <= a.hi else min(abs(a.lo), abs(a.hi)), a.mag),
                      "relu": (max(a.lo, 0.0), max(a.hi, 0.0))}[op]
        elif op == "exp":
            a = self.bounded(s, None, 8.0)
            if a is None:
                return False
            lo, hi = math.exp(a.lo), math.exp(a.hi)
        else:
            base = self.any_data(s)
            a = self.positive(s, base.ty, 1.0 if op == "log" else 0.5)
            if a is None:
                return False
            lo, hi = {"log": (math.log(a.lo), math.log(a.hi)), "sqrt": (math.sqrt(a.lo), math.sqrt(a.hi)),
                      "rsqrt": (1 / math.sqrt(a.hi), 1 / math.sqrt(a.lo)), "recip": (1 / a.hi, 1 / a.lo)}[op]
        if not fits(a.ty.elem, lo, hi):
            return False
        t = a.ty.mlir()
        if op == "rsqrt" and self.rng.random() < 0.6:
            tmp = self.scratch(s, a.ty)
            self.compute(s, op, [a.name, tmp], [t, t], a.ty, lo, hi)
        else:
            self.compute(s, op, [a.name], [t], a.ty, lo, hi)
        return True

    @staticmethod
    def cast_range(a: Val, elem: str) -> tuple[TileTy, float, float] | None:
        """``a`` cast to ``elem``: its type and value range, or None when
        that tile type is not valid or the range does not fit ``elem``."""
        ty = a.ty.with_(elem=elem)
        if not ty.valid():
            return None
        lo, hi = (a.lo, a.hi) if is_float(elem) else (math.floor(a.lo), math.ceil(a.hi))
        return (ty, lo, hi) if fits(elem, lo, hi) else None

    def op_cast(self, s: Scope) -> bool:
        """``tile.cast`` to another element width or kind (optional rounding mode)."""
        vals = s.data(lambda v: v.ty.space == "vec") or [self.any_data(s)]
        narrow = [v for v in vals if v.ty.elem != "f32"]
        a = self.choose(narrow if narrow and self.rng.random() < 0.5 else vals)
        targets = [t for e in self.elems if e != a.ty.elem and (t := self.cast_range(a, e))]
        if not targets:
            return False
        back = [t for t in targets if t[0].elem == "f32"]
        ty, lo, hi = self.rng.choice(back if back and self.rng.random() < 0.5 else targets)
        attrs = ""
        if self.rng.random() < 0.5:
            attrs = f'mode = "{self.rng.choice(ROUND_MODES)}"'
        self.compute(s, "cast", [a.name], [a.ty.mlir()], ty, lo, hi, attrs=attrs)
        return True

    def op_move(self, s: Scope) -> bool:
        """``tile.move`` vec -> vec (a copy)."""
        vals = s.data(lambda v: v.ty.space == "vec")
        if not vals:
            return False
        a = self.choose(vals)
        self.compute(s, "move", [a.name], [a.ty.mlir()], a.ty, a.lo, a.hi)
        return True

    # ----- reductions, broadcasts, select --------------------------------------------
    def op_reduce(self, s: Scope) -> bool:
        """row_sum/row_max/row_min ``[M, N] -> [M, 1]`` with a tmp scratch."""
        vals = self.float_data(s, lambda v: v.ty.cols > 1 and v.ty.with_(cols=1).valid())
        if not vals:
            return False
        a = self.choose(vals)
        op = self.rng.choice(["row_sum", "row_max", "row_min"])
        n = a.ty.cols
        lo, hi = (a.lo * n, a.hi * n) if op == "row_sum" else (a.lo, a.hi)
        lo, hi = min(lo, a.lo), max(hi, a.hi)
        if not fits(a.ty.elem, lo, hi):
            return False
        tmp_ty = a.ty
        if self.rng.random() < 0.2:
            tmp_ty = a.ty.with_(rows=a.ty.rows * 2)
        tmp = self.scratch(s, tmp_ty)
        self.compute(s, op, [a.name, tmp], [a.ty.mlir(), tmp_ty.mlir()], a.ty.with_(cols=1), lo, hi)
        return True

    def row_vector(self, s: Scope, ty: TileTy) -> Val | None:
        """A visible ``[M, 1]`` value for tiles of type ``ty``, else a new row reduction."""
        vty = ty.with_(cols=1)
        vals = s.of_type(vty)
        if vals and self.rng.random() < 0.8:
            return self.choose(vals)
        if not vty.valid():
            return None
        src = s.of_type(ty)
        if not src:
            return None
        a = self.choose(src)
        op = self.rng.choice(["row_max", "row_min", "row_sum"])
        lo, hi = (a.lo * ty.cols, a.hi * ty.cols) if op == "row_sum" else (a.lo, a.hi)
        lo, hi = min(lo, a.lo), max(hi, a.hi)
        if not fits(ty.elem, lo, hi):
            return None
        tmp = self.scratch(s, ty)
        return self.compute(s, op, [a.name, tmp], [ty.mlir(), ty.mlir()], vty, lo, hi)

    def col_vector(self, s: Scope, ty: TileTy) -> Val | None:
        """A visible ``[1, N]`` value for tiles of type ``ty``, else a row
        slice (a view) of a value of type ``ty``, else a load."""
        vty = ty.with_(rows=1)
        if not vty.valid():
            return None
        vals = s.of_type(vty)
        if vals and self.rng.random() < 0.7:
            return self.choose(vals)
        src = s.of_type(ty)
        if src and self.rng.random() < 0.7:
            a = self.choose(src)
            r = self.rng.randrange(ty.rows)
            return self.compute(s, "slice", [a.name, self.kt.index(r), self.kt.index(0)],
                                [ty.mlir(), "index", "index"], vty, a.lo, a.hi, strided=a.strided)
        self.op_load(s, vty)
        return s.vals[-1]

    def op_row_expand(self, s: Scope) -> bool:
        """row_expand[_add|_sub|_mul|_div] of ``[M, N]`` by an ``[M, 1]`` vector
        (row_expand_add sometimes with a tmp)."""
        t = self.choose(self.float_data(s, lambda v: v.ty.cols > 1 and v.ty.with_(cols=1).valid())
                        or [self.any_data(s)])
        if t.ty.cols == 1 or not t.ty.with_(cols=1).valid():
            return False
        op = self.rng.choice(["row_expand", "row_expand_add", "row_expand_sub", "row_expand_mul", "row_expand_div"])
        v = self.positive(s, t.ty.with_(cols=1)) if op == "row_expand_div" else self.row_vector(s, t.ty)
        if v is None:
            return False
        return self._expand(s, op, t, v, tmp_ok=op == "row_expand_add")

    def op_col_expand(self, s: Scope) -> bool:
        """col_expand[_add|_sub|_mul|_div] of ``[M, N]`` by a ``[1, N]`` vector."""
        t = self.choose(self.float_data(s, lambda v: v.ty.rows > 1 and v.ty.with_(rows=1).valid())
                        or [self.any_data(s)])
        if t.ty.rows == 1 or not t.ty.with_(rows=1).valid():
            return False
        op = self.rng.choice(["col_expand", "col_expand_add", "col_expand_sub", "col_expand_mul", "col_expand_div"])
        if op == "col_expand_div":
            if not s.of_type(t.ty.with_(rows=1)):
                self.col_vector(s, t.ty)
            v = self.positive(s, t.ty.with_(rows=1))
        else:
            v = self.col_vector(s, t.ty)
        if v is None:
            return False
        return self._expand(s, op, t, v, tmp_ok=False)

    def _expand(self, s: Scope, op: str, t: Val, v: Val, tmp_ok: bool) -> bool:
        kind = op.rsplit("_", 1)[-1]
        lo, hi = {
            "expand": (v.lo, v.hi),
            "add": (t.lo + v.lo, t.hi + v.hi),
            "sub": (t.lo - v.hi, t.hi - v.lo),
            "mul": _corners(t, v, lambda x, y: x * y),
            "div": _corners(t, v, lambda x, y: x / y) if v.lo > 0 else (math.inf, math.inf),
        }[kind]
        if not fits(t.ty.elem, lo, hi):
            return False
        ops, tys = [t.name, v.name], [t.ty.mlir(), v.ty.mlir()]
        if tmp_ok and self.rng.random() < 0.7:
            ops.append(self.scratch(s, t.ty))
            tys.append(t.ty.mlir())
        self.compute(s, op, ops, tys, t.ty, lo, hi)
        return True

    def op_select(self, s: Scope) -> bool:
        """cmp/cmps into an ``i8`` mask, then ``sel(mask, lhs, rhs, tmp)``."""
        vals = self.float_data(s, lambda v: v.ty.with_(elem="i8").valid())
        if not vals:
            return False
        a = self.choose(vals)
        mty = a.ty.with_(elem="i8")
        masks = [v for v in s.vals if v.mask and v.ty == mty]
        if masks and self.rng.random() < 0.4:
            m = self.rng.choice(masks)
        else:
            mode = f'cmp_mode = "{self.rng.choice(CMP_MODES)}"'
            if self.rng.random() < 0.5:
                b = self.choose(s.of_type(a.ty))
                m = self.compute(s, "cmp", [a.name, b.name], [a.ty.mlir()] * 2, mty, 0, 1, attrs=mode, mask=True)
            else:
                c = self.kt.scalar(self.rng.choice([0.0, 0.5, -1.0]), a.ty.elem)
                m = self.compute(s, "cmps", [a.name, c], [a.ty.mlir(), a.ty.elem], mty, 0, 1, attrs=mode, mask=True)
        x = self.choose(s.of_type(a.ty))
        y = self.choose(s.of_type(a.ty))
        tmp = self.scratch(s, a.ty)
        t = a.ty.mlir()
        self.compute(s, "sel", [m.name, x.name, y.name, tmp], [mty.mlir(), t, t, t], a.ty,
                     min(x.lo, y.lo), max(x.hi, y.hi))
        return True

    # ----- views and layout -----------------------------------------------------------
    def op_slice(self, s: Scope) -> bool:
        """``tile.slice`` at constant offsets: a row window, a column window
        (strided), or both; sources may be slices themselves."""
        vals = s.data(lambda v: v.ty.space == "vec" and (v.ty.rows > 1 or v.ty.cols > 1))
        if not vals:
            return False
        # prefer slicing views (slices of slices) now and then
        views = [v for v in vals if v.name.startswith("%v")]
        a = self.choose(views if views and self.rng.random() < 0.3 else vals)
        r, c = a.ty.shape
        step = 32 // ELEMS[a.ty.elem][0]
        options = []
        for nr in {r // 2, r // 4, 1, r - 1}:
            if 0 < nr < r:
                options.append((nr, c))
        if c > 1:
            for nc in {c // 2, c // 4, c - step}:
                if 0 < nc < c and nc % step == 0:
                    options.append((r, nc))
                    if r > 1:
                        options.append((max(1, r // 2), nc))
        options = [o for o in options if a.ty.with_(rows=o[0], cols=o[1]).valid()]
        if not options:
            return False
        nr, nc = self.rng.choice(options)
        r0 = self.rng.randint(0, r - nr)
        c0 = self.rng.randint(0, (c - nc) // step) * step if nc < c else 0
        ty = a.ty.with_(rows=nr, cols=nc)
        self.emit_slice(s, a, ty, r0, c0)
        return True

    def view_as(self, s: Scope, ty: TileTy) -> Val | None:
        """A new view of type ``ty`` of a visible value of another type: a
        slice of a larger value, or a reshape of one of the same size; None
        when no visible value fits."""
        step = 32 // ELEMS[ty.elem][0]
        cands = []
        for v in s.data(lambda v: v.ty.space == ty.space and v.ty.elem == ty.elem and v.ty != ty):
            if v.ty.rows >= ty.rows and v.ty.cols >= ty.cols:
                cands.append((v, "slice"))
            elif v.ty.nbytes == ty.nbytes and not v.strided:
                cands.append((v, "reshape"))
        if not cands:
            return None
        a, kind = self.rng.choice(cands)
        if kind == "reshape":
            return self.emit_reshape(s, a, ty)
        r0 = self.rng.randint(0, a.ty.rows - ty.rows)
        c0 = self.rng.randint(0, (a.ty.cols - ty.cols) // step) * step if ty.cols > 1 else 0
        return self.emit_slice(s, a, ty, r0, c0)

    def emit_slice(self, s: Scope, a: Val, ty: TileTy, r0: int, c0: int) -> Val:
        """Emit ``tile.slice`` of ``a`` at row ``r0``, column ``c0`` (elements)
        with type ``ty``; the new view is strided when it keeps only some of
        the columns of more than one row (or ``a`` already is)."""
        strided = a.strided or (ty.cols < a.ty.cols and ty.rows > 1)
        v = self.define(s, ty, a.lo, a.hi, prefix="v", strided=strided)
        self.kt.emit(f"{v.name} = tile.slice {a.name}, {self.kt.index(r0)}, {self.kt.index(c0)} : "
                     f"({a.ty.mlir()}, index, index) -> {ty.mlir()}")
        return v

    def emit_reshape(self, s: Scope, a: Val, ty: TileTy) -> Val:
        """Emit ``tile.reshape`` of ``a`` to ``ty`` (same bytes)."""
        v = self.define(s, ty, a.lo, a.hi, prefix="v")
        self.kt.emit(f"{v.name} = tile.reshape {a.name} : ({a.ty.mlir()}) -> {ty.mlir()}")
        return v

    def op_reshape(self, s: Scope) -> bool:
        """``tile.reshape`` to another shape of the same byte size (a view)."""
        vals = s.data(lambda v: v.ty.space == "vec" and not v.strided)
        if not vals:
            return False
        a = self.choose(vals)
        r, c = a.ty.shape
        n = r * c
        cands = {(r * 2, c // 2), (r // 2, c * 2), (1, n), (n, 1), (c, r), (r * 4, c // 4)}
        opts = [a.ty.with_(rows=x, cols=y) for x, y in cands if x > 0 and y > 0 and x * y == n and (x, y) != (r, c)]
        opts = [t for t in opts if t.valid()]
        if not opts:
            return False
        self.emit_reshape(s, a, self.rng.choice(opts))
        return True

    def op_transpose(self, s: Scope) -> bool:
        """``tile.transpose`` ``[M, N] -> [N, M]`` with a tmp scratch."""
        vals = s.data(lambda v: v.ty.space == "vec" and v.ty.with_(rows=v.ty.cols, cols=v.ty.rows).valid()
                      and v.ty.rows > 1 and v.ty.cols > 1 and ptoas_takes("transpose", v.ty.elem))
        if not vals:
            return False
        a = self.choose(vals)
        ty = a.ty.with_(rows=a.ty.cols, cols=a.ty.rows)
        tmp = self.scratch(s, a.ty)
        self.compute(s, "transpose", [a.name, tmp], [a.ty.mlir(), a.ty.mlir()], ty, a.lo, a.hi)
        return True


