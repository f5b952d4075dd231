"""Cube-family kernels for the fuzz generator (issue 23, section 8 of
reference/tile-op-semantics.md): batched matmuls over rank-3 tiles, the
gemv family and the MX (block-scaled) family, each only for the targets
that have it (:data:`OP_TARGETS`).

A kernel is one template, picked among those whose ops exist on the
generator's target (``GenConfig.target``; None -- a kernel meant for every
target -- allows only the ops every target has):

* ``batched`` -- Left ``[B, M, K]`` times a Right ``[K, N]`` (every batch),
  ``[B, K, N]`` or ``[1, K, N]`` (broadcast), then optionally a
  ``batch_matmul_acc`` on the result; the rank-3 Acc stored to a
  ``[B, M, N]`` tensor. f16 / bf16 / f32 data, M a multiple of 16 (an Acc
  slab must not be row-padded: the lowering unrolls per batch).
* ``gemv`` (a2/a3) -- a one-row Left ``[1, K]`` through a row-major Mat
  tile, ``gemv`` with an optional ``acc_phase``, then ``gemv_acc`` and / or
  ``gemv_bias``; each ``[16, N]`` valid ``1 x N`` result stored.
* ``mx`` (a5) -- fp8 e4m3 Left / Right with e8m0 scales bound by
  ``tget_scale_addr``, ``matmul_mx`` then ``matmul_mx_acc`` and / or
  ``matmul_mx_bias``.

The numbers stay finite: GM inputs are in ``[-8, 8]`` (e8m0 scales 1/4 ..
4), K is at most 128, so every product sums far below f32's range.
"""

from __future__ import annotations

import random

from xdsl_pto.fuzz.builder import KernelText

#: The targets each cube-family template's ops exist on (the generator's
#: target rule per op): the batched matmuls everywhere, the gemv family on
#: a2/a3 (reference: a2/a3 only), the MX family on a5 (a2/a3 have no scale
#: buffer).
OP_TARGETS: dict[str, frozenset[str]] = {
    "batched": frozenset({"a2", "a3", "a5"}),
    "gemv": frozenset({"a2", "a3"}),
    "mx": frozenset({"a5"}),
}
#: Every target (a kernel generated with ``target = None`` must run on each).
ALL_TARGETS = frozenset({"a2", "a3", "a5"})

ROWS = [16, 32, 64]
SIZES = [16, 32, 64, 128]


def templates_for(target: str | None) -> list[str]:
    """The templates whose ops exist on ``target`` (on every target when None)."""
    want = ALL_TARGETS if target is None else frozenset({target})
    return [name for name, on in OP_TARGETS.items() if want <= on]


class CubeFamilyKernel:
    """Generates one cube-family kernel; see the module doc.

    Args:
        rng: the kernel's random stream.
        cfg: the generator's :class:`~xdsl_pto.fuzz.generate.GenConfig`
            (its ``target`` picks the templates).
        name: the function's name.
    """

    def __init__(self, rng: random.Random, cfg, name: str):
        self.rng = rng
        self.cfg = cfg
        self.kt = KernelText(rng, name)

    def generate(self) -> str:
        """The kernel text (unverified)."""
        kind = self.rng.choice(templates_for(self.cfg.target))
        getattr(self, kind)()
        return self.kt.text()

    # ----- helpers ----------------------------------------------------------------
    def arg(self, kind: str, shape: tuple[int, ...], elem: str) -> str:
        """A new GM tensor argument ``memref<shape x elem>``."""
        name = f"%{kind}{len(self.kt.args)}"
        self.kt.args.append((name, _memref(shape, elem)))
        return name

    def load(self, gm: str, shape: tuple[int, ...], elem: str, layout: str = "") -> str:
        """``gm`` whole into a Mat tile of ``layout``."""
        kt = self.kt
        v = kt.fresh("m")
        at = ", ".join([kt.index(0)] * len(shape))
        kt.emit(f"{v} = tile.load {gm}[{at}] : {_memref(shape, elem)} -> {_tile(shape, elem, 'mat', layout)}")
        return v

    def move(self, src: str, shape: tuple[int, ...], elem: str, to: str, layout: str = "") -> str:
        """``src`` (a Mat tile of ``layout``) moved to space ``to``."""
        v = self.kt.fresh("l")
        self.kt.emit(f"{v} = tile.move {src} : ({_tile(shape, elem, 'mat', layout)}) -> {_tile(shape, elem, to)}")
        return v

    def store(self, v: str, ty: str, shape: tuple[int, ...], elem: str = "f32") -> None:
        """``v`` (of type text ``ty``) stored whole into a new GM output."""
        gm = self.arg("out", shape, elem)
        at = ", ".join([self.kt.index(0)] * len(shape))
        self.kt.emit(f"tile.store {v}, {gm}[{at}] : {ty}, {_memref(shape, elem)}")

    def operand(self, shape: tuple[int, ...], elem: str, space: str, layout: str = "") -> tuple[str, str]:
        """A GM input loaded into Mat and moved to ``space``: (value, type)."""
        gm = self.arg("in", shape, elem)
        m = self.load(gm, shape, elem, layout)
        return self.move(m, shape, elem, space, layout), _tile(shape, elem, space)

    # ----- templates ---------------------------------------------------------------
    def batched(self) -> None:
        rng, kt = self.rng, self.kt
        b = rng.choice([2, 2, 3])
        m, k, n = rng.choice(ROWS), rng.choice(SIZES[:3]), rng.choice(SIZES[:3])
        elem = rng.choice(["f16", "f16", "bf16", "f32"])
        rhs_batch = rng.choice([(), (b,), (1,)])
        lhs, lty = self.operand((b, m, k), elem, "left")
        rhs, rty = self.operand((*rhs_batch, k, n), elem, "right")
        aty = _tile((b, m, n), "f32", "acc")
        acc = kt.fresh("acc")
        kt.emit(f"{acc} = tile.batch_matmul {lhs}, {rhs} : ({lty}, {rty}) -> {aty}")
        if rng.random() < 0.5:
            acc2 = kt.fresh("acc")
            kt.emit(f"{acc2} = tile.batch_matmul_acc {acc}, {lhs}, {rhs} : ({aty}, {lty}, {rty}) -> {aty}")
            acc = acc2
        self.store(acc, aty, (b, m, n))

    def gemv(self) -> None:
        rng, kt = self.rng, self.kt
        k, n = rng.choice(SIZES), rng.choice(SIZES[:3])
        elem = rng.choice(["f16", "f16", "bf16", "f32"])
        row = "blayout = row_major, slayout = none_box"
        lhs, lty = self.operand((1, k), elem, "left", row)
        rhs, rty = self.operand((k, n), elem, "right")
        aty = f"!tile.tile<16x{n}xf32, acc, valid = 1x{n}>"
        phase = rng.choice(["", "", ' {acc_phase = "partial"}'])
        acc = kt.fresh("acc")
        kt.emit(f"{acc} = tile.gemv {lhs}, {rhs}{phase} : ({lty}, {rty}) -> {aty}")
        outs = []
        if rng.random() < 0.6:
            acc2 = kt.fresh("acc")
            fin = ' {acc_phase = "final"}' if phase else ""
            kt.emit(f"{acc2} = tile.gemv_acc {acc}, {lhs}, {rhs}{fin} : ({aty}, {lty}, {rty}) -> {aty}")
            outs.append(acc2)
        else:
            outs.append(acc)
        if rng.random() < 0.5:
            bias, bty = self.operand((1, n), "f32", "bias", row)
            acc3 = kt.fresh("acc")
            kt.emit(f"{acc3} = tile.gemv_bias {lhs}, {rhs}, {bias} : ({lty}, {rty}, {bty}) -> {aty}")
            outs.append(acc3)
        for v in outs:
            self.store(v, aty, (16, n))

    def mx(self) -> None:
        rng, kt = self.rng, self.kt
        m, k, n = rng.choice([16, 32, 64]), rng.choice([64, 128]), rng.choice([32, 64])
        g = k // 32
        data, scale = "f8E4M3FN", "f8E8M0FNU"
        lhs, lty = self.operand((m, k), data, "left")
        rhs, rty = self.operand((k, n), data, "right")
        zz, nn = "blayout = row_major, slayout = row_major, fractal = 32", "blayout = col_major, slayout = col_major, fractal = 32"
        ls0, ls_ty = self.operand((m, g), scale, "left_scale", zz)
        rs0, rs_ty = self.operand((g, n), scale, "right_scale", nn)
        ls, rs = kt.fresh("ls"), kt.fresh("rs")
        kt.emit(f"{ls} = tile.tget_scale_addr {ls0}, {lhs} : ({ls_ty}, {lty}) -> {ls_ty}")
        kt.emit(f"{rs} = tile.tget_scale_addr {rs0}, {rhs} : ({rs_ty}, {rty}) -> {rs_ty}")
        aty = _tile((m, n), "f32", "acc")
        ins = f"{lhs}, {ls}, {rhs}, {rs}"
        tys = f"{lty}, {ls_ty}, {rty}, {rs_ty}"
        acc = kt.fresh("acc")
        kt.emit(f"{acc} = tile.matmul_mx {ins} : ({tys}) -> {aty}")
        outs = []
        if rng.random() < 0.6:
            acc2 = kt.fresh("acc")
            kt.emit(f"{acc2} = tile.matmul_mx_acc {acc}, {ins} : ({aty}, {tys}) -> {aty}")
            outs.append(acc2)
        else:
            outs.append(acc)
        if rng.random() < 0.5:
            row = "blayout = row_major, slayout = none_box"
            bias, bty = self.operand((1, n), "f32", "bias", row)
            acc3 = kt.fresh("acc")
            kt.emit(f"{acc3} = tile.matmul_mx_bias {ins}, {bias} : ({tys}, {bty}) -> {aty}")
            outs.append(acc3)
        for v in outs:
            self.store(v, aty, (m, n))


def _memref(shape: tuple[int, ...], elem: str) -> str:
    return f"memref<{'x'.join(str(d) for d in shape)}x{elem}>"


def _tile(shape: tuple[int, ...], elem: str, space: str, layout: str = "") -> str:
    extra = f", {layout}" if layout else ""
    return f"!tile.tile<{'x'.join(str(d) for d in shape)}x{elem}, {space}{extra}>"


__all__ = ["OP_TARGETS", "CubeFamilyKernel", "templates_for"]
