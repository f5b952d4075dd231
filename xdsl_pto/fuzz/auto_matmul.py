"""The Mat-resident matmul generator (issue 8): kernels a frontend leaves for
``auto-tile-matmul-l0`` -- whole operands loaded into Mat (the lhs sometimes
into Vec), one ``tile.matmul`` / ``tile.matmul_acc`` / ``tile.matmul_bias``
on them, its result stored -- at shapes that need K tiling, an M/N grid, a K
tail, or nothing at all.

Shapes are multiples of 16 (the pass does not pad), an i8 operand's columns
multiples of 32 (ptoas's boxed layout); Mat holds both operands
(512 KiB), a Vec lhs fits A2/A3's Vec buffer, and a bias row fits A2/A3's
1 KiB Bias buffer. ``matmul_acc`` gets a ``tile.create`` accumulator with a
true ``init_cond`` (a constant, or ``%arg == %arg``), or the result of a first
plain matmul with a constant or runtime false one. Sometimes the result is
also moved to Mat and stored from there (a second use: an M/N grid cannot
apply, so an oversized output is then a correct refusal).
"""

from __future__ import annotations

import random

from xdsl_pto.fuzz.builder import KernelText, TileTy

DIMS = [16, 32, 48, 64, 96, 128, 144, 256, 272]
KS = [16, 48, 64, 128, 256, 400, 592]
MAT_BYTES = 512 * 1024
VEC_BYTES = 184 * 1024
BIAS_BYTES = 1024


class AutoMatmulKernel:
    """Generates one kernel; see the module docstring."""

    def __init__(self, rng: random.Random, name: str):
        self.rng = rng
        self.kt = KernelText(rng, name)
        self.elem = rng.choice(["f16", "f16", "bf16", "f32", "i8"])
        self.acc_elem = "i32" if self.elem == "i8" else "f32"
        # ptoas (v0.48) boxes a Mat tile in fractals of 32 bytes per row: the
        # columns of an i8 operand (K of the lhs, N of the rhs) are a
        # multiple of 32 (xdsl_pto.lowering.ptoas_form.tile_buf_problem).
        step = 32 if self.elem == "i8" else 16
        dims = [d for d in DIMS if d % step == 0]
        ks = [d for d in KS if d % step == 0]
        while True:
            self.m, self.n, self.k = rng.choice(DIMS), rng.choice(dims), rng.choice(ks)
            a = TileTy(self.m, self.k, self.elem, "mat").nbytes
            b = TileTy(self.k, self.n, self.elem, "mat").nbytes
            if a + b <= MAT_BYTES:
                break

    def generate(self) -> str:
        """The kernel text (unverified)."""
        kt, rng = self.kt, self.rng
        m, n, k, e = self.m, self.n, self.k, self.elem
        a_gm = kt.gm_arg("in", m, k, e)
        b_gm = kt.gm_arg("in", k, n, e)
        c0 = kt.index(0)
        vec_lhs = TileTy(m, k, e, "vec")
        lhs_space = "vec" if vec_lhs.nbytes <= VEC_BYTES and vec_lhs.valid() and rng.random() < 0.2 else "mat"
        lhs = self.load(a_gm, TileTy(m, k, e, lhs_space))
        rhs = self.load(b_gm, TileTy(k, n, e, "mat"))
        acc_ty = TileTy(m, n, self.acc_elem, "acc")
        form = rng.choice(["plain", "plain", "acc", "bias"])
        if form == "bias" and (lhs_space == "vec" or n * 4 > BIAS_BYTES or self.acc_elem != "f32"):
            form = "plain"
        if form == "plain":
            res = self.mad("tile.matmul", [lhs, rhs], acc_ty)
        elif form == "bias":
            bias_gm = kt.gm_arg("in", 1, n, "f32")
            bias_m = self.load(bias_gm, TileTy(1, n, "f32", "mat"))
            bias = self.emit_move(bias_m, "bias")
            res = self.mad("tile.matmul_bias", [lhs, rhs, bias], acc_ty)
        else:
            res = self.accumulate(lhs, rhs, acc_ty)
        c_gm = kt.gm_arg("out", m, n, self.acc_elem)
        kt.emit(f"tile.store {res[0]}, {c_gm}[{c0}, {c0}] : {res[1].mlir()}, memref<{m}x{n}x{self.acc_elem}>")
        if rng.random() < 0.15 and self.acc_elem == "f32":
            copy = self.emit_move(res, "mat")
            c2 = kt.gm_arg("out", m, n, "f32")
            kt.emit(f"tile.store {copy[0]}, {c2}[{c0}, {c0}] : {copy[1].mlir()}, memref<{m}x{n}xf32>")
        return kt.text()

    def load(self, gm: str, ty: TileTy) -> tuple[str, TileTy]:
        v = self.kt.fresh("t")
        c0 = self.kt.index(0)
        self.kt.emit(f"{v} = tile.load {gm}[{c0}, {c0}] : {ty.memref()} -> {ty.mlir()}")
        return v, ty

    def emit_move(self, src: tuple[str, TileTy], space: str) -> tuple[str, TileTy]:
        ty = src[1].with_(space=space)
        v = self.kt.fresh("t")
        self.kt.emit(f"{v} = tile.move {src[0]} : ({src[1].mlir()}) -> {ty.mlir()}")
        return v, ty

    def mad(self, op: str, args: list[tuple[str, TileTy]], ty: TileTy, cond: str | None = None) -> tuple[str, TileTy]:
        v = self.kt.fresh("acc")
        names = ", ".join([a[0] for a in args] + ([cond] if cond else []))
        types = ", ".join([a[1].mlir() for a in args] + (["i1"] if cond else []))
        self.kt.emit(f"{v} = {op} {names} : ({types}) -> {ty.mlir()}")
        return v, ty

    def accumulate(self, lhs, rhs, acc_ty: TileTy) -> tuple[str, TileTy]:
        """``matmul_acc`` on a fresh accumulator (init true) or on a first
        matmul's result (init false), with a constant or runtime predicate."""
        kt, rng = self.kt, self.rng
        runtime = rng.random() < 0.5
        if rng.random() < 0.5:
            seed = kt.fresh("acc")
            kt.emit(f"{seed} = tile.create : {acc_ty.mlir()}")
            acc, want = (seed, acc_ty), True
        else:
            acc, want = self.mad("tile.matmul", [lhs, rhs], acc_ty), False
        if runtime:  # a runtime i1 of known value: an index argument compared with itself
            arg = f"%p{len(kt.args)}"
            kt.args.append((arg, "index"))
            cond = kt.fresh("c")
            kt.emit(f"{cond} = arith.cmpi {'eq' if want else 'ne'}, {arg}, {arg} : index", op=False)
        else:
            cond = kt.boolean(want)
        return self.mad("tile.matmul_acc", [acc, lhs, rhs], acc_ty, cond)
