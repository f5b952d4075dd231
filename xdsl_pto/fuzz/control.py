"""The vector-kernel generator: blocks of vector ops, ``scf.for`` loops with
tile iter_args and ``scf.if`` with tile results, nested.

Loop carries keep a value-range invariant: an iter_arg's interval is its
init's widened to ``[-CARRY_BOUND, CARRY_BOUND]``, and a yielded value outside
it is first scaled down by a power of two (``tile.muls``), so every iteration
stays within the bounds the body was generated for.

With the target knobs on (:mod:`xdsl_pto.fuzz.targets`; all off by default,
and then no random draw is spent on them) the function may get a
``tile.split_mode``, kernels start with a pop now and then, and loop inits
and yielded values are sometimes fresh pops (``tpop_carry_prob``).
"""

from __future__ import annotations

import random

from xdsl_pto.fuzz.builder import INPUT_BOUND, KernelText, Scope, TileTy, Val, is_float
from xdsl_pto.fuzz.more_ops import MoreVectorOps
from xdsl_pto.fuzz.reduce_ops import ReduceFamilyOps
from xdsl_pto.fuzz.sort_gather_ops import SortGatherOps
from xdsl_pto.fuzz.targets import PIPE_ELEMS, TargetOps
from xdsl_pto.fuzz.vector import _pow2_below

CARRY_BOUND = 4 * INPUT_BOUND
IDX_PREDS = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "uge")

SMALL_SHAPES = [(8, 8), (16, 16), (1, 8), (8, 16), (16, 32), (4, 32), (32, 32), (8, 64), (2, 16)]
MEDIUM_SHAPES = [(32, 64), (64, 64), (16, 128), (64, 32), (32, 128)]
BIG_SHAPES = [(128, 128), (128, 256), (256, 128), (64, 512), (96, 128)]


class VectorKernel(TargetOps, ReduceFamilyOps, SortGatherOps, MoreVectorOps):
    """Generates one vector (AIV) kernel; see :func:`xdsl_pto.fuzz.generate_kernel`."""

    def __init__(self, rng: random.Random, cfg, name: str):
        self.rng = rng
        self.cfg = cfg
        self.kt = KernelText(rng, name)
        self.elems = [e for e in cfg.elems]
        self.weights = [(k, w) for k, w in cfg.weights.items() if w > 0]
        self.palette = self._palette()
        self.stored: set[str] = set()

    def _palette(self) -> list[TileTy]:
        r = self.rng.random()
        pool = BIG_SHAPES if r < self.cfg.big_prob else MEDIUM_SHAPES if r < 0.45 else SMALL_SHAPES
        rows, cols = self.rng.choice(pool)
        floats = [e for e in ("f32", "f16") if e in self.elems] or ["f32"]
        elem = "f32" if self.rng.random() < 0.8 else self.rng.choice(floats)
        base = TileTy(rows, cols, elem)
        if not base.valid():
            base = base.with_(elem="f32")
        pal = [base]
        for ty in (base.with_(cols=1), base.with_(rows=1)):
            if ty.valid() and ty != base:
                pal.append(ty)
        if self.rng.random() < 0.3:
            r2, c2 = self.rng.choice(SMALL_SHAPES + MEDIUM_SHAPES)
            other = TileTy(r2, c2, elem)
            if other.valid():
                pal.append(other)
        return pal

    # ----- top level ---------------------------------------------------------------
    def generate(self) -> str:
        """The kernel text (unverified)."""
        s = Scope()
        if self.cfg.split_prob > 0 and self.rng.random() < self.cfg.split_prob:
            self.set_split_mode()
        for _ in range(self.rng.randint(1, 3)):
            self.op_load(s)
        if self.cfg.weights.get("tpop", 0) > 0 and self.rng.random() < 0.5:
            self.op_tpop(s)
        self.block(s, self.cfg.max_ops)
        live = [v for v in s.data() if v.name not in self.stored]
        picks = live[-self.rng.randint(1, 2):] + [v for v in live[:-2] if self.rng.random() < 0.25]
        for v in picks[:6]:
            self.op_store(s, v)
        return self.kt.text()

    def block(self, s: Scope, budget: int) -> None:
        """Emit ops into the current block until ``budget`` tile ops are spent."""
        start = self.kt.n_ops
        for _ in range(budget * 4):
            left = budget - (self.kt.n_ops - start)
            if left <= 0:
                break
            kind = self.rng.choices([k for k, _ in self.weights], [w for _, w in self.weights])[0]
            if kind == "for":
                self.op_for(s, left)
            elif kind == "if":
                self.op_if(s, left)
            else:
                getattr(self, f"op_{kind}")(s)

    # ----- scf.for --------------------------------------------------------------------
    def op_for(self, s: Scope, budget: int) -> bool:
        """An ``scf.for`` (1..max_trip_count trips) with 0..max_iter_args tile iter_args."""
        cfg = self.cfg
        if s.loop_depth >= cfg.max_loop_depth or s.depth >= cfg.max_region_depth or budget < 3:
            return False
        cands = self.float_data(s)
        n = self.rng.choice([0, 1, 1, 2, 2, 3, 3])
        n = min(n, cfg.max_iter_args, len(cands))
        inits: list[Val] = []
        for _ in range(n):
            if inits and self.rng.random() < 0.25:
                inits.append(self.rng.choice(inits))  # one init for two carries
            else:
                init = self.choose(cands, recent=0.6)
                if self._pop_carry(init.ty):
                    init = self.pop(s, init.ty)  # a carry seeded by a pop (pipe storage)
                elif self.rng.random() < 0.25:
                    init = self.view_as(s, init.ty) or init  # a carry seeded by a view
                inits.append(init)
        trips = self.rng.randint(1, cfg.max_trip_count)
        iv = self.kt.fresh("i")
        res = self.kt.fresh("r")
        body = s.child()
        body.loops.append((iv, trips))
        body.loop_depth += 1
        carried = []
        for init in inits:
            lo, hi = min(init.lo, -CARRY_BOUND), max(init.hi, CARRY_BOUND)
            carried.append(Val(self.kt.fresh("acc"), init.ty, lo, hi, strided=init.strided))
        body.carried = carried
        body.vals.extend(carried)
        tys = ", ".join(v.ty.mlir() for v in carried)
        head = f"scf.for {iv} = {self.kt.index(0)} to {self.kt.index(trips)} step {self.kt.index(1)}"
        if carried:
            args = ", ".join(f"{c.name} = {i.name}" for c, i in zip(carried, inits))
            head = f"{self._results(res, len(carried))} = {head} iter_args({args}) -> ({tys})"
        self.kt.emit(head + " {", op=False)
        self.kt.indent += 1
        n_outer = len(body.vals)
        self.block(body, self.rng.randint(2, max(2, min(budget - 1, cfg.max_body_ops))))
        ys = self._loop_yields(body, carried, n_outer)
        self.kt.emit("scf.yield" + (f" {', '.join(y.name for y in ys)} : {tys}" if ys else ""), op=False)
        self.kt.indent -= 1
        self.kt.emit("}", op=False)
        for j, c in enumerate(carried):
            s.vals.append(Val(self._result_name(res, j, len(carried)), c.ty, c.lo, c.hi, strided=c.strided))
        return True

    def _loop_yields(self, body: Scope, carried: list[Val], n_outer: int) -> list[Val]:
        swap: dict[int, Val] = {}
        pairs = [(j, k) for j in range(len(carried)) for k in range(j + 1, len(carried))
                 if carried[j].ty == carried[k].ty]
        if pairs and self.rng.random() < 0.3:
            j, k = self.rng.choice(pairs)
            swap = {j: carried[k], k: carried[j]}  # yield %b, %a
        ys: list[Val] = []
        for j, c in enumerate(carried):
            if j in swap:
                ys.append(self._within(body, swap[j], c))
                continue
            if self._pop_carry(c.ty):
                ys.append(self._within(body, self.pop(body, c.ty), c))  # popped after the carry's uses
                continue
            inner = [v for v in body.vals[n_outer:] if v.data and v.ty == c.ty]
            others = [v for v in carried if v is not c and v.ty == c.ty]
            outer = [v for v in body.vals[: n_outer - len(carried)] if v.data and v.ty == c.ty]
            r = self.rng.random()
            if r < 0.12 and ys and ys[-1].ty == c.ty:
                y = ys[-1]  # one value yielded twice
            elif r < 0.3 and others:
                y = self.rng.choice(others)  # shift register / swap
            elif r < 0.4:
                y = c  # unchanged
            elif r < 0.5 and outer:
                y = self.rng.choice(outer)
            elif r < 0.62 and (v := self.view_as(body, c.ty)) is not None:
                y = v  # a view of another value lands in the carry
            elif inner and self.rng.random() < 0.7:
                y = self.choose(inner, recent=0.7)
            else:
                y = self._update(body, c)
            ys.append(self._within(body, y, c))
        return ys

    def _pop_carry(self, ty: TileTy) -> bool:
        """Whether a loop init or yielded value of type ``ty`` is a fresh pop
        (``cfg.tpop_carry_prob``; no random draw when it is 0)."""
        p = self.cfg.tpop_carry_prob
        return p > 0 and ty.space == "vec" and ty.elem in PIPE_ELEMS and self.rng.random() < p

    def _update(self, s: Scope, c: Val) -> Val:
        """An accumulator update of carry ``c``: ``c + x``, ``max(c, x)`` or ``c * k``."""
        t = c.ty.mlir()
        xs = s.of_type(c.ty)
        x = self.choose(xs, recent=0.8)
        op = self.rng.choice(["add", "maximum", "muls"])
        if op == "muls":
            return self.compute(s, "muls", [c.name, self.kt.scalar(0.5, c.ty.elem)], [t, c.ty.elem], c.ty,
                                c.lo * 0.5, c.hi * 0.5)
        lo, hi = (c.lo + x.lo, c.hi + x.hi) if op == "add" else (max(c.lo, x.lo), max(c.hi, x.hi))
        return self.compute(s, op, [c.name, x.name], [t, t], c.ty, lo, hi)

    def _within(self, s: Scope, y: Val, c: Val) -> Val:
        """``y``, scaled down by a power of two when it leaves ``c``'s interval."""
        if c.lo <= y.lo and y.hi <= c.hi:
            return y
        f = _pow2_below(CARRY_BOUND / y.mag)
        t = y.ty.mlir()
        return self.compute(s, "muls", [y.name, self.kt.scalar(f, y.ty.elem)], [t, y.ty.elem], y.ty,
                            min(y.lo * f, y.hi * f), max(y.lo * f, y.hi * f))

    @staticmethod
    def _results(res: str, n: int) -> str:
        return res if n == 1 else f"{res}:{n}"

    @staticmethod
    def _result_name(res: str, j: int, n: int) -> str:
        return res if n == 1 else f"{res}#{j}"

    # ----- scf.if ------------------------------------------------------------------------
    def condition(self, s: Scope) -> str:
        """An ``i1`` condition: a compare of an enclosing loop's induction
        variable with a constant, else a constant compare or ``true``/``false``."""
        if s.loops:
            iv, trips = self.rng.choice(s.loops)
            c = self.kt.fresh("cond")
            pred = self.rng.choice(IDX_PREDS)
            k = self.kt.index(self.rng.randint(0, max(0, trips - 1)))
            self.kt.emit(f"{c} = arith.cmpi {pred}, {iv}, {k} : index", op=False)
            return c
        if self.rng.random() < 0.5:
            return self.kt.boolean(self.rng.random() < 0.5)
        c = self.kt.fresh("cond")
        a, b = self.kt.index(self.rng.randint(0, 2)), self.kt.index(self.rng.randint(0, 2))
        self.kt.emit(f"{c} = arith.cmpi {self.rng.choice(IDX_PREDS)}, {a}, {b} : index", op=False)
        return c

    def op_if(self, s: Scope, budget: int) -> bool:
        """An ``scf.if`` with 0..3 tile results (arms may yield an outer value,
        the enclosing loop's iter_arg unchanged, or one value twice)."""
        if s.depth >= self.cfg.max_region_depth or budget < 2:
            return False
        cond = self.condition(s)
        n = self.rng.choice([0, 1, 1, 2, 2, 3])
        header_at = len(self.kt.lines)
        self.kt.indent += 1
        then = s.child()
        n_outer = len(then.vals)
        self.block(then, self.rng.randint(1, max(1, min(budget // 2, self.cfg.max_body_ops))))
        types = self._if_types(then, n_outer, n)
        res = self.kt.fresh("q")
        y_then = [self._arm_yield(then, ty, n_outer, prev) for ty, prev in self._with_prev(types)]
        y_then = self._dedupe_prev(y_then)
        tys = ", ".join(t.mlir() for t in types)
        self.kt.emit("scf.yield" + (f" {', '.join(y.name for y in y_then)} : {tys}" if types else ""), op=False)
        y_else: list[Val] = []
        if types or self.rng.random() < self.cfg.else_prob:
            self.kt.indent -= 1
            self.kt.emit("} else {", op=False)
            self.kt.indent += 1
            other = s.child()
            self.block(other, self.rng.randint(0, max(0, min(budget // 2, self.cfg.max_body_ops))))
            y_else = [self._arm_yield(other, ty, n_outer, prev) for ty, prev in self._with_prev(types)]
            y_else = self._dedupe_prev(y_else)
            self.kt.emit("scf.yield" + (f" {', '.join(y.name for y in y_else)} : {tys}" if types else ""), op=False)
        self.kt.indent -= 1
        self.kt.emit("}", op=False)
        head = f"scf.if {cond}" + (f" -> ({tys})" if types else "") + " {"
        if types:
            head = f"{self._results(res, len(types))} = {head}"
        self.kt.lines.insert(header_at, "  " * self.kt.indent + head)
        for j, ty in enumerate(types):
            a, b = y_then[j], y_else[j]
            s.vals.append(Val(self._result_name(res, j, len(types)), ty, min(a.lo, b.lo), max(a.hi, b.hi),
                              strided=a.strided or b.strided))
        return True

    @staticmethod
    def _with_prev(types: list[TileTy]):
        for j, ty in enumerate(types):
            yield ty, (j > 0 and types[j - 1] == ty)

    @staticmethod
    def _dedupe_prev(ys: list[Val | None]) -> list[Val]:
        out: list[Val] = []
        for y in ys:
            out.append(out[-1] if y is None else y)
        return out

    def _if_types(self, arm: Scope, n_outer: int, n: int) -> list[TileTy]:
        inner = [v for v in arm.vals[n_outer:] if v.data and v.ty.space == "vec" and is_float(v.ty.elem)]
        outer = [v for v in arm.vals[:n_outer] if v.data and v.ty.space == "vec" and is_float(v.ty.elem)]
        types: list[TileTy] = []
        for _ in range(n):
            if inner and self.rng.random() < 0.7:
                pool = inner
            elif arm.carried and self.rng.random() < 0.5:
                pool = arm.carried
            else:
                pool = outer
            pool = pool or inner or outer
            if not pool:
                break
            types.append(self.choose(pool).ty)
        return types

    def _arm_yield(self, arm: Scope, ty: TileTy, n_outer: int, twice_ok: bool) -> Val | None:
        """The value an arm yields for a result of type ``ty`` (None: the previous one again)."""
        r = self.rng.random()
        if twice_ok and r < 0.15:
            return None
        inner = [v for v in arm.vals[n_outer:] if v.data and v.ty == ty]
        carried = [v for v in arm.carried if v.ty == ty]
        outer = [v for v in arm.vals[:n_outer] if v.data and v.ty == ty]
        if carried and r < 0.35:
            return self.rng.choice(carried)
        if r < 0.55 and (v := self.view_as(arm, ty)) is not None:
            return v
        if inner and r < 0.85:
            return self.choose(inner, recent=0.7)
        if outer:
            return self.choose(outer)
        self.op_load(arm, ty)
        return arm.vals[-1]
