"""Emitters of the ops whose memory rules depend on the target (issue 6):
``tile.sels``, ``tile.prelu``, ``tile.rem``/``rems``, ``tile.fmod``/``fmods``,
width-changing and same-width ``tile.cast``, and the cross-core pipe
(``tile.tpop_from_aic`` / ``tile.tpush_to_aic`` in a vector kernel, with
``tile.split_mode`` on the function).

Mixed into the vector kernel generator next to
:class:`~xdsl_pto.fuzz.vector.VectorOps`; each ``op_<kind>`` is selected by
the weight of ``<kind>`` in :attr:`GenConfig.weights
<xdsl_pto.fuzz.generate.GenConfig>` (all 0 by default, so the default
kernels are unchanged). The same numeric discipline holds: a ``tile.create``
is only ever a tmp, divisors are bounded away from 0 (``abs`` then ``adds``,
as for ``div``), and every result's interval is tracked.

Shapes the README's target rules care about, generated on purpose:

* the select-built clamp (``subs``, ``cmps``, ``create``, ``sels``): the
  compare source dies at the compare and the tmp is created right before the
  ``sels`` (the written-workspace hazard); other ``sels`` take a tmp created
  before the compare or an older scratch, some in loops;
* tpop values (pipe storage, data in ``[-INPUT_BOUND, INPUT_BOUND]``: the
  interpreter's pipe tiles have the GM inputs' ranges, see
  :func:`xdsl_pto.interp.inputs.pipe_tile`) combined at once with a freshly
  loaded tile that dies there (the Ascend910 load + tpop hazard), viewed
  (reshape / slice), used as loop inits and yielded into carries after the
  carry's use (:mod:`xdsl_pto.fuzz.control`);
* casts whose source is a view or a loop carry.
"""

from __future__ import annotations

from xdsl_pto.fuzz.builder import (
    ELEMS,
    INPUT_BOUND,
    Scope,
    TileTy,
    Val,
    fits,
    is_float,
)
from xdsl_pto.fuzz.vector import CMP_MODES, ROUND_MODES, VectorOps, _corners

#: Element types a generated pop has (the brief of issue 6: f32 / f16 tiles).
PIPE_ELEMS = ("f32", "f16")
#: Bound of every element a pop receives: the interpreter seeds pipe tiles
#: with the GM inputs' ranges (floats in [-2, 2]); the generator assumes the
#: same bound as for GM inputs.
PIPE_BOUND = INPUT_BOUND
#: Same-width cast partners (the cast may share its input's bytes on every target).
SAME_WIDTH = {"f32": ("i32",), "i32": ("f32",), "f16": ("bf16", "i16"), "bf16": ("f16",), "i16": ("f16",)}


class TargetOps(VectorOps):
    """Target-rule op emitters over the :class:`~xdsl_pto.fuzz.vector.VectorOps`
    helpers (the vector kernel generator provides ``kt``, ``rng``, ``cfg``
    and ``palette``)."""

    #: The function's ``tile.split_mode`` (0: none), also every pipe op's ``split``.
    split: int = 0

    # ----- the cross-core pipe ------------------------------------------------------
    def set_split_mode(self) -> None:
        """Give the function ``tile.split_mode = 1`` or ``2`` (the vector
        kernel splits cross-core tiles between its two lanes)."""
        self.split = self.rng.choice([1, 2])
        self.kt.func_attrs.append(f"tile.split_mode = {self.split} : i64")

    def pipe_type(self) -> TileTy:
        """A Vec f32/f16 tile type of the palette's shapes for a pop."""
        base = self.rng.choice(self.palette)
        elem = self.rng.choice(PIPE_ELEMS) if self.rng.random() < 0.3 else base.elem
        ty = base.with_(elem=elem if elem in PIPE_ELEMS else "f32", space="vec")
        return ty if ty.valid() else ty.with_(elem="f32")

    def pop(self, s: Scope, ty: TileTy | None = None) -> Val:
        """``%pN = tile.tpop_from_aic {split = S} : ty`` (the function's
        split mode; ``ty`` default :meth:`pipe_type`)."""
        ty = ty or self.pipe_type()
        v = self.define(s, ty, -PIPE_BOUND, PIPE_BOUND, prefix="p")
        self.kt.emit(f"{v.name} = tile.tpop_from_aic {{split = {self.split} : i64}} : {ty.mlir()}")
        return v

    def op_tpop(self, s: Scope) -> bool:
        """A pop, then (sometimes) at once an elementwise op of it with a tile
        just loaded (the load dies there: the load + tpop hazard's shape) or
        with another visible value, or a view of it."""
        p = self.pop(s)
        r = self.rng.random()
        if r < 0.45:
            others = [v for v in s.of_type(p.ty) if v is not p]
            if not others or self.rng.random() < 0.6:
                x = self.fresh_load(s, p.ty)
            else:
                x = self.choose(others)
            op = self.rng.choice(["add", "sub", "mul", "maximum", "minimum"])
            lo, hi = {
                "add": (x.lo + p.lo, x.hi + p.hi),
                "sub": (x.lo - p.hi, x.hi - p.lo),
                "mul": _corners(x, p, lambda a, b: a * b),
                "maximum": (max(x.lo, p.lo), max(x.hi, p.hi)),
                "minimum": (min(x.lo, p.lo), min(x.hi, p.hi)),
            }[op]
            if fits(p.ty.elem, lo, hi):
                operands = [x.name, p.name] if self.rng.random() < 0.5 else [p.name, x.name]
                t = p.ty.mlir()
                self.compute(s, op, operands, [t, t], p.ty, lo, hi)
        elif r < 0.7:
            self.view_of(s, p)
        return True

    def fresh_load(self, s: Scope, ty: TileTy) -> Val:
        """A tile of type ``ty`` loaded here -- directly, or as a reshape of a
        load of another shape (a view) -- that half of the time is dropped
        from the scope, so it dies at the op that reads it next."""
        r, c = ty.shape
        alts = [ty.with_(rows=x, cols=y) for x, y in ((r * 2, c // 2), (r // 2, c * 2)) if x > 0 and y > 0]
        alts = [t for t in alts if t.rows * t.cols == r * c and t.valid()]
        if alts and self.rng.random() < 0.3:
            self.op_load(s, self.rng.choice(alts))
            src = s.vals[-1]
            x = self.define(s, ty, src.lo, src.hi, prefix="v")
            self.kt.emit(f"{x.name} = tile.reshape {src.name} : ({src.ty.mlir()}) -> {ty.mlir()}")
            dead = [src, x]
        else:
            self.op_load(s, ty)
            x = s.vals[-1]
            dead = [x]
        if self.rng.random() < 0.5:
            for v in dead:
                s.vals.remove(v)
        return x

    def op_tpush(self, s: Scope) -> bool:
        """``tile.tpush_to_aic`` of a visible Vec data value (mostly a
        computed one): an output of the kernel, like a store."""
        vals = s.data(lambda v: v.ty.space == "vec")
        if not vals:
            return False
        v = self.choose(vals, recent=0.7)
        self.stored.add(v.name)
        self.kt.emit(f"tile.tpush_to_aic {v.name} {{split = {self.split} : i64}} : {v.ty.mlir()}")
        return True

    def view_of(self, s: Scope, a: Val) -> Val | None:
        """A reshape (same bytes, other shape) or a row / column window of ``a``."""
        r, c = a.ty.shape
        step = 32 // ELEMS[a.ty.elem][0]
        opts: list[tuple[str, TileTy]] = []
        if not a.strided:
            for x, y in {(r * 2, c // 2), (r // 2, c * 2), (1, r * c), (c, r)}:
                ty = a.ty.with_(rows=x, cols=y)
                if x > 0 and y > 0 and x * y == r * c and (x, y) != (r, c) and ty.valid():
                    opts.append(("reshape", ty))
        for x, y in {(max(1, r // 2), c), (r, c // 2), (1, c)}:
            ty = a.ty.with_(rows=x, cols=y)
            if (x, y) != (r, c) and ty.valid() and (y == c or y % step == 0):
                opts.append(("slice", ty))
        if not opts:
            return None
        kind, ty = self.rng.choice(opts)
        if kind == "reshape":
            return self.emit_reshape(s, a, ty)
        r0 = self.rng.randint(0, r - ty.rows)
        c0 = self.rng.randint(0, (c - ty.cols) // step) * step if ty.cols < c else 0
        return self.emit_slice(s, a, ty, r0, c0)

    # ----- tmp operands ---------------------------------------------------------------
    def fresh_scratch(self, s: Scope, ty: TileTy) -> str:
        """A new ``tile.create`` of ``ty`` emitted here (the tmp of the next op)."""
        v = self.define(s, ty, 0.0, 0.0, prefix="tmp", scratch=True)
        self.kt.emit(f"{v.name} = tile.create : {ty.mlir()}")
        return v.name

    def tmp_for(self, s: Scope, ty: TileTy) -> str:
        """A tmp of at least ``ty``'s bytes: a fresh create (of ``ty`` or
        twice its rows), or a visible scratch of ``ty``."""
        r = self.rng.random()
        if r < 0.5:
            return self.fresh_scratch(s, ty)
        if r < 0.65 and ty.with_(rows=ty.rows * 2).valid():
            return self.fresh_scratch(s, ty.with_(rows=ty.rows * 2))
        return self.scratch(s, ty)

    def _tmp_ty(self, s: Scope, tmp: str) -> TileTy:
        return next(v.ty for v in reversed(s.vals) if v.name == tmp)

    # ----- scalar select ----------------------------------------------------------------
    def mask_of(self, s: Scope, a: Val) -> Val:
        """An ``i8`` mask of ``a``'s shape: a visible one (sometimes), else
        ``cmp``/``cmps`` of ``a`` (with a value of its type, or a constant)."""
        mty = a.ty.with_(elem="i8")
        masks = [v for v in s.vals if v.mask and v.ty == mty]
        if masks and self.rng.random() < 0.3:
            return self.rng.choice(masks)
        mode = f'cmp_mode = "{self.rng.choice(CMP_MODES)}"'
        t = a.ty.mlir()
        if self.rng.random() < 0.4:
            b = self.choose(s.of_type(a.ty))
            return self.compute(s, "cmp", [a.name, b.name], [t, t], mty, 0, 1, attrs=mode, mask=True)
        c = self.kt.scalar(self.rng.choice([0.0, 0.5, -1.0]), a.ty.elem)
        return self.compute(s, "cmps", [a.name, c], [t, a.ty.elem], mty, 0, 1, attrs=mode, mask=True)

    def op_sels(self, s: Scope) -> bool:
        """``tile.sels mask, src, tmp, scalar`` (``mask ? src : scalar``):

        * a clamp (40%): ``d = subs(x, c)``, ``m = cmps(d, 0)``, ``d`` dead,
          then ``tmp = create`` right before the ``sels`` of ``x``;
        * a tmp created before the compare (20%);
        * otherwise any mask of the shape (a compare of another value or
          element type, or an older one) and a fresh or older scratch."""
        vals = self.float_data(s, lambda v: v.ty.with_(elem="i8").valid())
        if not vals:
            return False
        x = self.choose(vals)
        t = x.ty.mlir()
        c = self.rng.choice([0.0, 0.5, -1.0, 2.0, 6.0])
        cs = self.kt.scalar(c, x.ty.elem)
        r = self.rng.random()
        if r < 0.4:
            lo, hi = x.lo - c, x.hi - c
            if not fits(x.ty.elem, lo, hi):
                return False
            d = self.compute(s, "subs", [x.name, cs], [t, x.ty.elem], x.ty, lo, hi)
            mode = f'cmp_mode = "{self.rng.choice(("le", "lt", "gt", "ge"))}"'
            m = self.compute(s, "cmps", [d.name, self.kt.scalar(0.0, x.ty.elem)], [t, x.ty.elem],
                             x.ty.with_(elem="i8"), 0, 1, attrs=mode, mask=True)
            s.vals.remove(d)  # the compare source dies at the compare
            tmp = self.fresh_scratch(s, x.ty)
        elif r < 0.6:
            tmp = self.fresh_scratch(s, x.ty)
            m = self.mask_of(s, x)
        else:
            same_shape = [v for v in vals if v.ty.shape == x.ty.shape and v is not x]
            src = self.choose(same_shape) if same_shape and self.rng.random() < 0.3 else x
            m = self.mask_of(s, src)
            tmp = self.tmp_for(s, x.ty)
        tmp_ty = self._tmp_ty(s, tmp)
        self.compute(s, "sels", [m.name, x.name, tmp, cs], [m.ty.mlir(), t, tmp_ty.mlir(), x.ty.elem],
                     x.ty, min(x.lo, c), max(x.hi, c))
        return True

    # ----- prelu --------------------------------------------------------------------------
    @staticmethod
    def prelu_tmp_ty(ty: TileTy) -> TileTy:
        """The tmp ptoas (v0.48) takes for a ``tprelu`` of ``ty`` on every
        target: ``ui8``, one row more than ``ty`` and a bit per column, the
        row padded to 32 bytes (:func:`xdsl_pto.dialects.tile.target_ops.prelu_tmp`)."""
        cols = -(-ty.cols // 8)
        return TileTy(ty.rows + 1, -(-cols // 32) * 32, "ui8", ty.space)

    def op_prelu(self, s: Scope) -> bool:
        """``tile.prelu src, slope, tmp`` (``src > 0 ? src : slope * src``)
        on f32 / f16 (what ptoas takes); the slope another visible value or
        a ``tile.full`` of a small constant, the tmp a :meth:`prelu_tmp_ty`
        (fresh or reused)."""
        vals = self.float_data(s, lambda v: v.ty.elem in ("f32", "f16"))
        if not vals:
            return False
        a = self.choose(vals)
        t = a.ty.mlir()
        others = [v for v in s.of_type(a.ty) if v is not a]
        if not others or self.rng.random() < 0.4:
            k0 = self.rng.choice([0.25, 0.1, 0.5, -0.5])
            k = self.define(s, a.ty, k0, k0, prefix="f")
            self.kt.emit(f"{k.name} = tile.full {self.kt.scalar(k0, a.ty.elem)} : ({a.ty.elem}) -> {t}")
        else:
            k = self.choose(others)
        lo, hi = _corners(a, k, lambda x, y: x * y)
        lo, hi = min(lo, a.lo, 0.0), max(hi, a.hi, 0.0)
        if not fits(a.ty.elem, lo, hi):
            return False
        tmp_ty = self.prelu_tmp_ty(a.ty)
        tmp = self.fresh_scratch(s, tmp_ty) if self.rng.random() < 0.6 else self.scratch(s, tmp_ty)
        self.compute(s, "prelu", [a.name, k.name, tmp], [t, t, tmp_ty.mlir()], a.ty, lo, hi)
        return True

    # ----- remainders -----------------------------------------------------------------------
    def divisor(self, s: Scope, ty: TileTy) -> Val | None:
        """A divisor tile of type ``ty`` bounded away from 0: a value >= 1
        (:meth:`positive`, as ``div`` takes it), sometimes negated."""
        b = self.positive(s, ty)
        if b is None or self.rng.random() >= 0.3:
            return b
        return self.compute(s, "neg", [b.name], [ty.mlir()], ty, -b.hi, -b.lo)

    @staticmethod
    def _rem_range(a: Val, blo: float, bhi: float, fmod: bool) -> tuple[float, float]:
        """Bounds of ``a rem b`` (sign of the divisor) or ``a fmod b`` (sign of
        the dividend, never larger than ``a``) for ``b`` in ``[blo, bhi]``
        (which does not contain 0)."""
        bmag = max(abs(blo), abs(bhi))
        if fmod:
            return min(0.0, max(a.lo, -bmag)), max(0.0, min(a.hi, bmag))
        return (0.0, bhi) if blo > 0 else (blo, 0.0)

    def _dividend(self, s: Scope, ints: bool, fmod: bool) -> Val | None:
        """A vec value to divide: of an element type ptoas (v0.48) takes for
        the op on every target (``trem`` / ``trems``: f32, i32 on a2/a3;
        ``tfmod`` / ``tfmods``: f32, f16, i16, i32), integers only for the
        scalar forms."""
        if fmod:
            ok = ("f32", "f16", "i32", "i16") if ints else ("f32", "f16")
        else:
            ok = ("f32", "i32") if ints else ("f32",)
        vals = s.data(lambda v: v.ty.space == "vec" and v.ty.elem in ok)
        return self.choose(vals) if vals else None

    def op_rem(self, s: Scope) -> bool:
        """``tile.rem a, b, tmp`` or ``tile.rems a, c, tmp`` (numpy
        ``remainder``), the divisor bounded away from 0."""
        return self._remainder(s, fmod=False)

    def op_fmod(self, s: Scope) -> bool:
        """``tile.fmod a, b`` or ``tile.fmods a, c`` (numpy ``fmod``), the
        divisor bounded away from 0."""
        return self._remainder(s, fmod=True)

    def _remainder(self, s: Scope, fmod: bool) -> bool:
        scalar = self.rng.random() < 0.5
        a = self._dividend(s, ints=scalar, fmod=fmod)
        if a is None:
            return False
        t = a.ty.mlir()
        name = ("fmod" if fmod else "rem") + ("s" if scalar else "")
        if scalar:
            c = self.rng.choice([2.0, -4.0, 0.5, 3.0, 1.5, -1.5])
            if not is_float(a.ty.elem):
                c = float(int(c) or 3)
            operands, tys = [a.name, self.kt.scalar(c, a.ty.elem)], [t, a.ty.elem]
            lo, hi = self._rem_range(a, c, c, fmod)
        else:
            b = self.divisor(s, a.ty)
            if b is None:
                return False
            operands, tys = [a.name, b.name], [t, t]
            lo, hi = self._rem_range(a, b.lo, b.hi, fmod)
        if not fits(a.ty.elem, lo, hi):
            return False
        if not fmod:
            tmp = self.tmp_for(s, a.ty)
            operands.append(tmp)
            tys.append(self._tmp_ty(s, tmp).mlir())
        self.compute(s, name, operands, tys, a.ty, lo, hi)
        return True

    # ----- casts the target rules distinguish -------------------------------------------------
    def op_target_cast(self, s: Scope) -> bool:
        """``tile.cast`` f32 -> f16 (narrowing), f16/bf16 -> f32 (widening) or
        to a same-width type, its source often a view or a loop carry."""
        vals = s.data(lambda v: v.ty.space == "vec" and v.ty.elem in ("f32", "f16", "bf16", "i32", "i16"))
        if not vals:
            return False
        special = [v for v in vals if v.name.startswith(("%v", "%acc", "%p"))]
        narrow = [v for v in vals if v.ty.elem != "f32"]
        r = self.rng.random()
        if special and r < 0.4:
            vals = special  # a view, a loop carry or a pop
        elif narrow and r < 0.7:
            vals = narrow  # widening or same width
        a = self.choose(vals)
        cands = {"f32": ["f16", "f16"], "f16": ["f32", "f32"], "bf16": ["f32"]}.get(a.ty.elem, ["f32"])
        cands += list(SAME_WIDTH.get(a.ty.elem, ()))
        targets = [
            t for e in cands if (e in self.elems or e in PIPE_ELEMS) and (t := self.cast_range(a, e))
        ]
        if not targets:
            return False
        ty, lo, hi = self.rng.choice(targets)
        attrs = f'mode = "{self.rng.choice(ROUND_MODES)}"' if self.rng.random() < 0.4 else ""
        self.compute(s, "cast", [a.name], [a.ty.mlir()], ty, lo, hi, attrs=attrs)
        return True
