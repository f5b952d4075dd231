"""The cube-kernel (AIC) generator: GM -> Mat loads, Mat -> Left/Right moves,
matmul / matmul_acc / matmul_bias into Acc, stores from Acc (and Mat).

Kernels follow a few randomized templates:

* ``kloop`` -- a K loop carrying an Acc accumulator seeded by ``tile.create``
  and updated in place by ``tile.matmul_acc`` with ``init_cond = (k == 0)``
  (``arith.cmpi`` on the induction variable), optionally inside 1-2 outer
  loops over output blocks, with a second in-place update, an ``scf.if``
  around the update (an arm may yield the accumulator unchanged; the
  condition always holds on the first iteration), or a double-buffered Mat
  tile carried as a second iter_arg (a shift register).
* ``kloop2`` -- one accumulator carried through two nested loops (the
  K range split in outer x inner steps; init_cond = (linear step == 0)),
  optionally storing the partial sum after each inner loop.
* ``straight`` -- matmul, matmul_acc on its (then dead) result, matmul_bias,
  and a chained second matmul through Acc -> Mat -> Left.
* ``exclusive`` -- an ``scf.if`` whose two arms both update one accumulator
  in place.

An accumulator is never read after an in-place update of it (no Acc -> Acc
copy exists), and a created accumulator is only read by a matmul_acc whose
init_cond holds.
"""

from __future__ import annotations

import random

from xdsl_pto.fuzz.builder import KernelText, TileTy

SIZES = [16, 32, 32, 64, 64, 128]
BIG_SIZES = [128, 256]


class CubeKernel:
    """Generates one cube kernel; see :func:`xdsl_pto.fuzz.generate_kernel`."""

    def __init__(self, rng: random.Random, cfg, name: str):
        self.rng = rng
        self.cfg = cfg
        self.kt = KernelText(rng, name)
        big = rng.random() < cfg.big_prob
        pick = (lambda: rng.choice(BIG_SIZES)) if big else (lambda: rng.choice(SIZES))
        self.m, self.n, self.k = pick(), pick(), pick()
        self.elem = rng.choice(["f16", "f16", "bf16", "f32"] if "bf16" in cfg.elems else ["f16", "f32"])
        #: A store from Mat exists on a2/a3 only (ptoas v0.48 stores to GM
        #: from Vec / Acc on a5): on an a5 kernel the templates draw as
        #: before but leave it out; a kernel for no particular target
        #: (``cfg.target`` None) keeps it, as it always had.
        self.mat_stores = getattr(cfg, "target", None) in (None, "a2", "a3")

    # ----- helpers ----------------------------------------------------------------
    def mat(self, gm: str, gm_shape: tuple[int, int], at: tuple[str, str], rows: int, cols: int,
            elem: str | None = None, space: str = "mat") -> tuple[str, TileTy]:
        ty = TileTy(rows, cols, elem or self.elem, space)
        v = self.kt.fresh("m")
        self.kt.emit(f"{v} = tile.load {gm}[{at[0]}, {at[1]}] : {ty.memref(*gm_shape)} -> {ty.mlir()}")
        return v, ty

    def move(self, src: str, sty: TileTy, space: str, prefix: str = "l") -> tuple[str, TileTy]:
        ty = sty.with_(space=space)
        v = self.kt.fresh(prefix)
        self.kt.emit(f"{v} = tile.move {src} : ({sty.mlir()}) -> {ty.mlir()}")
        return v, ty

    def matmul(self, l: tuple[str, TileTy], r: tuple[str, TileTy], acc: tuple[str, TileTy] | None = None,
               cond: str | None = None, bias: tuple[str, TileTy] | None = None) -> tuple[str, TileTy]:
        ty = TileTy(l[1].rows, r[1].cols, "f32", "acc")
        v = self.kt.fresh("acc")
        if acc is not None:
            self.kt.emit(f"{v} = tile.matmul_acc {acc[0]}, {l[0]}, {r[0]}, {cond} : ({acc[1].mlir()}, "
                         f"{l[1].mlir()}, {r[1].mlir()}, i1) -> {ty.mlir()}")
        elif bias is not None:
            self.kt.emit(f"{v} = tile.matmul_bias {l[0]}, {r[0]}, {bias[0]} : ({l[1].mlir()}, {r[1].mlir()}, "
                         f"{bias[1].mlir()}) -> {ty.mlir()}")
        else:
            self.kt.emit(f"{v} = tile.matmul {l[0]}, {r[0]} : ({l[1].mlir()}, {r[1].mlir()}) -> {ty.mlir()}")
        return v, ty

    def create_acc(self) -> tuple[str, TileTy]:
        ty = TileTy(self.m, self.n, "f32", "acc")
        v = self.kt.fresh("acc")
        self.kt.emit(f"{v} = tile.create : {ty.mlir()}")
        return v, ty

    def store(self, val: tuple[str, TileTy], gm: str, gm_shape: tuple[int, int], at: tuple[str, str]) -> None:
        ty = val[1]
        self.kt.emit(f"tile.store {val[0]}, {gm}[{at[0]}, {at[1]}] : {ty.mlir()}, "
                     f"memref<{gm_shape[0]}x{gm_shape[1]}x{ty.elem}>")

    def idx_mul(self, iv: str, n: int) -> str:
        v = self.kt.fresh("off")
        self.kt.emit(f"{v} = arith.muli {iv}, {self.kt.index(n)} : index", op=False)
        return v

    # ----- templates ---------------------------------------------------------------
    def generate(self) -> str:
        """The kernel text (unverified)."""
        kind = self.rng.choice(["kloop", "kloop", "kloop2", "straight", "straight", "exclusive"])
        if kind == "kloop2" and self.cfg.max_loop_depth < 2:
            kind = "kloop"
        getattr(self, kind)()
        return self.kt.text()

    def kloop(self) -> None:
        rng, kt = self.rng, self.kt
        m, n, k = self.m, self.n, self.k
        nk = rng.randint(1, self.cfg.max_trip_count)
        n_outer = rng.choice([0, 0, 1, 1, 2])
        n_outer = min(n_outer, max(0, self.cfg.max_loop_depth - 1))
        outer_trips = [rng.randint(1, 3) for _ in range(n_outer)]
        nn = 1
        for t in outer_trips:
            nn *= t
        dbuf = rng.random() < 0.3
        a_gm = kt.gm_arg("in", m, k * nk, self.elem)
        b_rows = k * (nk + 1 if dbuf else nk)
        b_gm = kt.gm_arg("in", b_rows, n * nn, self.elem)
        c_gm = kt.gm_arg("out", m, n * nn, "f32")
        c0 = kt.index(0)
        # outer loops over output column blocks (linearized block index)
        col = c0
        lin = None
        for t in outer_trips:
            iv = kt.fresh("j")
            kt.emit(f"scf.for {iv} = {c0} to {kt.index(t)} step {kt.index(1)} {{", op=False)
            kt.indent += 1
            if lin is None:
                lin = iv
            else:
                a = kt.fresh("lin")
                kt.emit(f"{a} = arith.muli {lin}, {kt.index(t)} : index", op=False)
                b = kt.fresh("lin")
                kt.emit(f"{b} = arith.addi {a}, {iv} : index", op=False)
                lin = b
        if lin is not None:
            col = self.idx_mul(lin, n)
        acc0 = self.create_acc()
        carried = [acc0]
        b_ty = TileTy(k, n, self.elem, "mat")
        if dbuf:
            carried.append(self.mat(b_gm, (b_rows, n * nn), (c0, col), k, n))
        kv = kt.fresh("k")
        res = kt.fresh("r")
        names = [kt.fresh("acc"), kt.fresh("pre")][: len(carried)]
        tys = ", ".join(c[1].mlir() for c in carried)
        args = ", ".join(f"{nm} = {c[0]}" for nm, c in zip(names, carried))
        head = res if len(carried) == 1 else f"{res}:{len(carried)}"
        kt.emit(f"{head} = scf.for {kv} = {c0} to {kt.index(nk)} step {kt.index(1)} iter_args({args}) -> ({tys}) {{",
                op=False)
        kt.indent += 1
        k0 = self.idx_mul(kv, k)
        a_m = self.mat(a_gm, (m, k * nk), (c0, k0), m, k)
        if dbuf:
            b_m = (names[1], b_ty)
        else:
            b_m = self.mat(b_gm, (b_rows, n * nn), (k0, col), k, n)
        left = self.move(a_m[0], a_m[1], "left")
        right = self.move(b_m[0], b_m[1], "right", "rt")
        first = kt.fresh("first")
        kt.emit(f"{first} = arith.cmpi eq, {kv}, {c0} : index", op=False)
        acc = (names[0], acc0[1])
        r = rng.random()
        if r < 0.3:
            new = self.if_update(acc, left, right, first, kv, nk)
        else:
            new = self.matmul(left, right, acc, first)
        if rng.random() < 0.3:
            right2 = self.move(b_m[0], b_m[1], "right", "rt")
            new = self.matmul(left, right2, new, kt.boolean(False))
        ys = [new]
        if dbuf:
            k1 = kt.fresh("off")
            kt.emit(f"{k1} = arith.addi {k0}, {kt.index(k)} : index", op=False)
            ys.append(self.mat(b_gm, (b_rows, n * nn), (k1, col), k, n))
        kt.emit(f"scf.yield {', '.join(y[0] for y in ys)} : {tys}", op=False)
        kt.indent -= 1
        kt.emit("}", op=False)
        out = (res if len(carried) == 1 else f"{res}#0", acc0[1])
        self.store(out, c_gm, (m, n * nn), (c0, col))
        if rng.random() < 0.25 and self.mat_stores:
            pm = self.move(out[0], out[1], "mat", "pm")
            gm = kt.gm_arg("out", m, n * nn, "f32")
            self.store(pm, gm, (m, n * nn), (c0, col))
        if dbuf and rng.random() < 0.5 and self.mat_stores:
            gm = kt.gm_arg("out", k, n * nn, self.elem)
            self.store((f"{res}#1", b_ty), gm, (k, n * nn), (c0, col))
        for _ in outer_trips:
            kt.emit("scf.yield", op=False)
            kt.indent -= 1
            kt.emit("}", op=False)

    def kloop2(self) -> None:
        kt = self.kt
        m, n, k = self.m, self.n, self.k
        no, ni = self.rng.randint(1, 3), self.rng.randint(1, 3)
        a_gm = kt.gm_arg("in", m, k * no * ni, self.elem)
        b_gm = kt.gm_arg("in", k * no * ni, n, self.elem)
        c_gm = kt.gm_arg("out", m, n, "f32")
        c0, c1 = kt.index(0), kt.index(1)
        acc0 = self.create_acc()
        ty = acc0[1].mlir()
        ko, ki = kt.fresh("ko"), kt.fresh("ki")
        r_out, r_in = kt.fresh("r"), kt.fresh("r")
        a_out, a_in = kt.fresh("acc"), kt.fresh("acc")
        kt.emit(f"{r_out} = scf.for {ko} = {c0} to {kt.index(no)} step {c1} iter_args({a_out} = {acc0[0]}) "
                f"-> ({ty}) {{", op=False)
        kt.indent += 1
        kt.emit(f"{r_in} = scf.for {ki} = {c0} to {kt.index(ni)} step {c1} iter_args({a_in} = {a_out}) "
                f"-> ({ty}) {{", op=False)
        kt.indent += 1
        base = self.idx_mul(ko, ni)
        lin = kt.fresh("lin")
        kt.emit(f"{lin} = arith.addi {base}, {ki} : index", op=False)
        k0 = self.idx_mul(lin, k)
        a_m = self.mat(a_gm, (m, k * no * ni), (c0, k0), m, k)
        b_m = self.mat(b_gm, (k * no * ni, n), (k0, c0), k, n)
        left = self.move(a_m[0], a_m[1], "left")
        right = self.move(b_m[0], b_m[1], "right", "rt")
        first = kt.fresh("first")
        kt.emit(f"{first} = arith.cmpi eq, {lin}, {c0} : index", op=False)
        new = self.matmul(left, right, (a_in, acc0[1]), first)
        kt.emit(f"scf.yield {new[0]} : {ty}", op=False)
        kt.indent -= 1
        kt.emit("}", op=False)
        if self.rng.random() < 0.5:
            gm = kt.gm_arg("out", m * no, n, "f32")
            self.store((r_in, acc0[1]), gm, (m * no, n), (self.idx_mul(ko, m), c0))
        kt.emit(f"scf.yield {r_in} : {ty}", op=False)
        kt.indent -= 1
        kt.emit("}", op=False)
        self.store((r_out, acc0[1]), c_gm, (m, n), (c0, c0))

    def if_update(self, acc, left, right, first: str, kv: str, nk: int) -> tuple[str, TileTy]:
        """An ``scf.if`` around the in-place update; its condition holds at k == 0."""
        kt = self.kt
        cond = kt.fresh("cond")
        kt.emit(f"{cond} = arith.cmpi slt, {kv}, {kt.index(self.rng.randint(1, nk))} : index", op=False)
        q = kt.fresh("q")
        ty = acc[1]
        kt.emit(f"{q} = scf.if {cond} -> ({ty.mlir()}) {{", op=False)
        kt.indent += 1
        a = self.matmul(left, right, acc, first)
        kt.emit(f"scf.yield {a[0]} : {ty.mlir()}", op=False)
        kt.indent -= 1
        kt.emit("} else {", op=False)
        kt.indent += 1
        if self.rng.random() < 0.5:
            kt.emit(f"scf.yield {acc[0]} : {ty.mlir()}", op=False)
        else:
            b = self.matmul(left, right, acc, first)
            b = self.matmul(left, right, b, kt.boolean(False))
            kt.emit(f"scf.yield {b[0]} : {ty.mlir()}", op=False)
        kt.indent -= 1
        kt.emit("}", op=False)
        return q, ty

    def _mat_operands(self) -> tuple[str, tuple[str, TileTy], tuple[str, TileTy]]:
        """Index 0 and the two whole operands loaded from GM into Mat."""
        kt, m, n, k = self.kt, self.m, self.n, self.k
        c0 = kt.index(0)
        a_gm = kt.gm_arg("in", m, k, self.elem)
        b_gm = kt.gm_arg("in", k, n, self.elem)
        return c0, self.mat(a_gm, (m, k), (c0, c0), m, k), self.mat(b_gm, (k, n), (c0, c0), k, n)

    def straight(self) -> None:
        rng, kt = self.rng, self.kt
        n = self.n
        c0, a_m, b_m = self._mat_operands()
        # This draw once chose a Mat -> Mat copy of the lhs, which ptoas
        # (v0.48) has no tmov for; it stays so a seed keeps its other choices.
        rng.random()
        left = self.move(a_m[0], a_m[1], "left")
        right = self.move(b_m[0], b_m[1], "right", "rt")
        if rng.random() < 0.3:
            p = self.matmul(left, right, self.create_acc(), kt.boolean(True))
        else:
            p = self.matmul(left, right)
        if rng.random() < 0.5:
            p = self.matmul(left, right, p, kt.boolean(False))
        outs = [p]
        if rng.random() < 0.5 and n * 4 <= 1024:
            # GM reaches Bias through Mat (pto.tload + pto.tmov).
            gm = kt.gm_arg("in", 1, n, "f32")
            bm = self.mat(gm, (1, n), (c0, c0), 1, n, "f32")
            bias = self.move(bm[0], bm[1], "bias", "bias")
            outs.append(self.matmul(left, right, bias=bias))
        if rng.random() < 0.5:
            n2 = rng.choice(SIZES)
            pm = self.move(p[0], p[1], "mat", "pm")
            l2 = self.move(pm[0], pm[1], "left")
            gm = kt.gm_arg("in", n, n2, "f32")
            r2m = self.mat(gm, (n, n2), (c0, c0), n, n2, "f32")
            r2 = self.move(r2m[0], r2m[1], "right", "rt")
            outs.append(self.matmul(l2, r2))
            if rng.random() < 0.5 and self.mat_stores:
                outs.append(pm)
        if rng.random() < 0.3 and self.mat_stores:
            outs.append(b_m)
        for v in outs:
            gm = kt.gm_arg("out", v[1].rows, v[1].cols, v[1].elem)
            self.store(v, gm, (v[1].rows, v[1].cols), (c0, c0))

    def exclusive(self) -> None:
        rng, kt = self.rng, self.kt
        m, n = self.m, self.n
        c0, a_m, b_m = self._mat_operands()
        left = self.move(a_m[0], a_m[1], "left")
        right = self.move(b_m[0], b_m[1], "right", "rt")
        acc0 = self.create_acc()
        if rng.random() < 0.5:
            cond = kt.boolean(rng.random() < 0.5)
        else:
            cond = kt.fresh("cond")
            kt.emit(f"{cond} = arith.cmpi slt, {kt.index(rng.randint(0, 2))}, {kt.index(1)} : index", op=False)
        q = kt.fresh("q")
        ty = acc0[1].mlir()
        kt.emit(f"{q} = scf.if {cond} -> ({ty}) {{", op=False)
        kt.indent += 1
        p = self.matmul(left, right, acc0, kt.boolean(True))
        kt.emit(f"scf.yield {p[0]} : {ty}", op=False)
        kt.indent -= 1
        kt.emit("} else {", op=False)
        kt.indent += 1
        p2 = self.matmul(left, right, acc0, kt.boolean(True))
        p3 = self.matmul(left, right, p2, kt.boolean(False))
        kt.emit(f"scf.yield {p3[0]} : {ty}", op=False)
        kt.indent -= 1
        kt.emit("}", op=False)
        gm = kt.gm_arg("out", m, n, "f32")
        self.store((q, acc0[1]), gm, (m, n), (c0, c0))
