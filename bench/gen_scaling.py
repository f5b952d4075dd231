#!/usr/bin/env python3
"""Generate large vector kernels for the compile-time benchmark (issue 10).

:func:`scaling_kernel` returns the MLIR text of one ``func.func`` with
(about) ``n`` tile ops -- every op of the ``tile`` dialect counts, loads,
stores and ``tile.create`` scratch included -- built from seeded segments:

* **chains** (half of the segments): a load, then 5-13 elementwise,
  scalar and row-reduction ops over the last few values, one store;
* **loops**: an ``scf.for`` of 2-8 trips with one to three tile iter_args,
  a load per trip, 3-9 ops, sometimes an ``scf.if`` with a tile result on
  the induction variable inside;
* **ifs**: an ``scf.if`` on a runtime index argument with one or two tile
  results, 2-6 ops per arm, each arm yielding values of its own or of the
  enclosing scope.

All tiles are Vec f32, ``32x64`` (8 KiB) and ``64x64`` (16 KiB), with
``[rows, 1]`` row vectors for the reductions. A segment reads the previous
segment's result of its shape (the ``carry``), so at most a dozen tiles are
live at any point: every kernel fits the A3 Vec capacity (184 KiB) once
memory-reuse shares buffers (and needs sharing: ``n`` tiles of 8-16 KiB do
not fit without it).

Usage (repository root)::

    python bench/gen_scaling.py N [--seed S] > kernel.mlir
"""

from __future__ import annotations

import argparse
import random
import sys

SHAPES = ((32, 64), (64, 64))
ROWS = 1024  # rows of every GM tensor: loads and stores use row offsets 0..ROWS-64


def tty(rows: int, cols: int) -> str:
    """The Vec f32 tile type of a ``rows x cols`` tile."""
    return f"!tile.tile<{rows}x{cols}xf32, vec>"


class _Gen:
    """State of one generated function (see :func:`scaling_kernel`)."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.lines: list[str] = []
        self.ops = 0  # tile ops emitted
        self.next_id = 0
        self.consts: dict[int, str] = {}
        self.carry: dict[tuple[int, int], str] = {}

    # --- helpers -----------------------------------------------------------------
    def fresh(self, prefix: str = "t") -> str:
        self.next_id += 1
        return f"%{prefix}{self.next_id}"

    def emit(self, indent: int, text: str, tile_op: bool = True) -> None:
        self.lines.append("  " * indent + text)
        self.ops += tile_op

    def offset(self) -> str:
        """A constant row offset (one ``arith.constant`` per distinct value, in the head)."""
        row = 64 * self.rng.randrange(ROWS // 64)
        if row not in self.consts:
            self.consts[row] = f"%r{row}"
        return self.consts[row]

    def load(self, ind: int, shape: tuple[int, int], row: str | None = None) -> str:
        v = self.fresh("x")
        gm = f"%in{self.rng.randrange(4)}"
        self.emit(ind, f"{v} = tile.load {gm}[{row or self.offset()}, %c0] : memref<{ROWS}x64xf32> -> {tty(*shape)}")
        return v

    def store(self, ind: int, v: str, shape: tuple[int, int]) -> None:
        gm = f"%out{self.rng.randrange(4)}"
        self.emit(ind, f"tile.store {v}, {gm}[{self.offset()}, %c0] : {tty(*shape)}, memref<{ROWS}x64xf32>")

    def compute(self, ind: int, pool: list[str], shape: tuple[int, int]) -> str:
        """One op over values of ``pool`` (all of type ``shape``); appends and returns its result."""
        t, r = tty(*shape), self.rng.random()
        v = self.fresh()
        a = pool[-1]
        b = self.rng.choice(pool[-4:])
        if r < 0.4:
            op = self.rng.choice(("add", "sub", "mul", "maximum", "minimum"))
            self.emit(ind, f"{v} = tile.{op} {a}, {b} : ({t}, {t}) -> {t}")
        elif r < 0.6:
            op = self.rng.choice(("adds", "muls", "subs"))
            self.emit(ind, f"{v} = tile.{op} {a}, %s{op[0]} : ({t}, f32) -> {t}")
        elif r < 0.85:
            op = self.rng.choice(("exp", "abs", "neg", "relu", "sqrt"))
            self.emit(ind, f"{v} = tile.{op} {a} : ({t}) -> {t}")
        else:  # row reduction + broadcast back, with a scratch tile
            rv, tmp = self.fresh("m"), self.fresh("tmp")
            col = tty(shape[0], 1)
            red = self.rng.choice(("row_max", "row_sum"))
            bc = self.rng.choice(("row_expand_sub", "row_expand_mul", "row_expand_div"))
            self.emit(ind, f"{tmp} = tile.create : {t}")
            self.emit(ind, f"{rv} = tile.{red} {a}, {tmp} : ({t}, {t}) -> {col}")
            self.emit(ind, f"{v} = tile.{bc} {b}, {rv} : ({t}, {col}) -> {t}")
        pool.append(v)
        return v

    def start(self, ind: int, shape: tuple[int, int]) -> list[str]:
        """The values a segment starts from: the carry of ``shape`` (if any) and a fresh load."""
        pool = [self.carry[shape]] if shape in self.carry else []
        pool.append(self.load(ind, shape))
        return pool

    # --- segments ------------------------------------------------------------------
    def chain(self, ind: int) -> None:
        shape = self.rng.choice(SHAPES)
        pool = self.start(ind, shape)
        for _ in range(self.rng.randint(5, 13)):
            self.compute(ind, pool, shape)
        self.store(ind, pool[-1], shape)
        self.carry[shape] = pool[-2] if self.rng.random() < 0.3 else pool[-1]

    def loop(self, ind: int) -> None:
        shape = self.rng.choice(SHAPES)
        t = tty(*shape)
        pool = self.start(ind, shape)
        k = self.rng.randint(1, 3)
        inits = [self.rng.choice(pool) for _ in range(k)]
        iv, res = self.fresh("i"), self.fresh("l")
        args = [self.fresh("acc") for _ in range(k)]
        trips = self.rng.randint(2, 8)
        ty = ", ".join([t] * k)
        carried = ", ".join(f"{a} = {i}" for a, i in zip(args, inits))
        self.emit(ind, f"{res}:{k} = scf.for {iv} = %c0 to %c{trips} step %c1 iter_args({carried}) -> ({ty}) {{", False)
        off = self.fresh("off")
        self.emit(ind + 1, f"{off} = arith.muli {iv}, %c64 : index", False)
        body = list(args) + [self.load(ind + 1, shape, off)]
        for _ in range(self.rng.randint(3, 9)):
            self.compute(ind + 1, body, shape)
        if self.rng.random() < 0.3:
            cond = self.fresh("cond")
            self.emit(ind + 1, f"{cond} = arith.cmpi sgt, {iv}, %c1 : index", False)
            body.append(self.if_(ind + 1, cond, body, shape))
        ys = body[-k:] if len(body) - k >= 0 else body
        self.emit(ind + 1, f"scf.yield {', '.join(ys)} : {ty}", False)
        self.emit(ind, "}", False)
        out = [f"{res}#{j}" for j in range(k)]
        self.store(ind, out[-1], shape)
        self.carry[shape] = out[0]

    def if_(self, ind: int, cond: str, outer: list[str], shape: tuple[int, int]) -> str:
        """An ``scf.if`` on ``cond`` with one tile result; returns it."""
        t = tty(*shape)
        res = self.fresh("q")
        self.emit(ind, f"{res} = scf.if {cond} -> ({t}) {{", False)
        for arm in range(2):
            if arm:
                self.emit(ind, "} else {", False)
            pool = list(outer)
            if self.rng.random() < 0.2:
                y = self.rng.choice(outer[-3:])  # the arm yields an outer value
            else:
                for _ in range(self.rng.randint(2, 6)):
                    self.compute(ind + 1, pool, shape)
                y = pool[-1]
            self.emit(ind + 1, f"scf.yield {y} : {t}", False)
        self.emit(ind, "}", False)
        return res

    def top_if(self, ind: int) -> None:
        shape = self.rng.choice(SHAPES)
        pool = self.start(ind, shape)
        cond = self.fresh("cond")
        self.emit(ind, f"{cond} = arith.cmpi sgt, %n, %c{self.rng.randint(0, 7)} : index", False)
        q = self.if_(ind, cond, pool, shape)
        pool.append(q)
        self.compute(ind, pool, shape)
        self.store(ind, pool[-1], shape)
        self.carry[shape] = pool[-1]


def scaling_kernel(n: int, seed: int = 0) -> str:
    """The text of one module whose function ``@scale_{n}`` has at least
    ``n`` tile ops (at most one segment, < 40 ops, more).

    Args:
        n: the number of tile ops wanted (> 0).
        seed: the random seed (same ``n`` and seed: same text).

    Raises:
        ValueError: for ``n <= 0``.
    """
    if n <= 0:
        raise ValueError(f"a kernel needs at least one tile op, not {n}")
    g = _Gen(random.Random(seed))
    while g.ops < n:
        r = g.rng.random()
        if r < 0.5:
            g.chain(1)
        elif r < 0.8:
            g.loop(1)
        else:
            g.top_if(1)
    gm = ", ".join(
        [f"%in{i}: memref<{ROWS}x64xf32>" for i in range(4)] + [f"%out{i}: memref<{ROWS}x64xf32>" for i in range(4)]
    )
    head = [f"func.func @scale_{n}({gm}, %n: index) {{"]
    for c in range(9):
        head.append(f"  %c{c} = arith.constant {c} : index")
    head.append("  %c64 = arith.constant 64 : index")
    for row, name in sorted(g.consts.items()):
        head.append(f"  {name} = arith.constant {row} : index")
    head += ["  %sa = arith.constant 0.5 : f32", "  %sm = arith.constant 0.75 : f32", "  %ss = arith.constant 1.5 : f32"]
    return "\n".join(head + g.lines + ["  func.return", "}", ""])


def count_tile_ops(text: str) -> int:
    """Tile ops in ``text``: lines whose op (after an optional ``%x =``) is ``tile.*``."""
    n = 0
    for line in text.splitlines():
        body = line.split("=", 1)[1] if " = " in line else line
        n += body.strip().startswith("tile.")
    return n


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", type=int, help="tile ops wanted")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    sys.stdout.write(scaling_kernel(args.n, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
