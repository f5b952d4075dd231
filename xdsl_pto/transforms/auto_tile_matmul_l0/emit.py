"""IR builders of ``auto-tile-matmul-l0``: the K reduction of one output tile
(a pipelined K-loop, or straight-line blocks), the operand staging, and the
M/N grid of sub-tiles.

Implements pypto-docs/15-auto_tile_matmul_l0.md, "Algorithm" step 5 (the
K-loop, the Vec left-operand staging, the K-boundary peel) and step 6 (the
M/N grid, direct-store placement), with seed 003's K-loop body: a plain
matmul becomes ONE ``tile.matmul_acc(acc, a, b, init_cond = (ko == 0))`` per
iteration, never an ``scf.if`` between a fresh matmul and an accumulate, so
the accumulator stays on one L0C buffer on every path and no phi exists on it.

All offsets and extents are in elements. Every op is inserted before one
anchor op, in program order.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IndexType, IntegerAttr, IntegerType, i64
from xdsl.ir import Block, Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from xdsl_pto.dialects.tile.cube_ops import MatmulAccOp, MatmulBiasOp, MatmulOp
from xdsl_pto.dialects.tile.data_ops import CreateOp, ExtractOp, MoveOp, StoreOp
from xdsl_pto.dialects.tile.pipeline_attrs import PIPELINE_STAGES
from xdsl_pto.dialects.tile.traits import L0_ROLE_SPACES
from xdsl_pto.dialects.tile.types import MemorySpace, TileType
from xdsl_pto.dialects.tile.view_ops import constant_index
from xdsl_pto.transforms.auto_tile_matmul_l0.sites import Form, Site

#: Stages of the emitted K-loop: a 2-deep ping-pong of the per-iteration
#: operand extracts once lower-pipeline-loops replicates it (pypto-docs/15,
#: "Overview").
K_LOOP_STAGES = 2


@dataclass(frozen=True)
class Window:
    """One output tile: rows ``[row, row + rows)``, columns ``[col, col + cols)``
    of the ``[M, N]`` result (elements)."""

    row: int
    col: int
    rows: int
    cols: int


class Emitter:
    """Inserts ops before ``anchor``, in program order, each with the source
    location of ``origin`` (default: the anchor). Index and i1 constants go
    to the point the outermost emitter started at (one ``arith.constant``
    per value, shared with the emitters of loop bodies it opens)."""

    def __init__(self, anchor: Operation, origin: Operation | None = None):
        self.at = InsertPoint.before(anchor)
        self._const_at = self.at
        # Every op made here carries the source location of the op it comes
        # from (the matmul), so a later diagnostic about it points there.
        self.loc = (origin or anchor).location
        self._index: dict[int, SSAValue] = {}
        self._bool: dict[bool, SSAValue] = {}
        self._sums: dict[tuple[SSAValue, int], SSAValue] = {}

    def inside(self, block: Block) -> Emitter:
        """An emitter appending to ``block`` that shares this one's constants."""
        inner = Emitter.__new__(Emitter)
        inner.at = InsertPoint.at_end(block)
        inner._const_at, inner._index, inner._bool = self._const_at, self._index, self._bool
        inner.loc = self.loc
        inner._sums = {}
        return inner

    def put(self, op: Operation, name: str | None = None) -> SSAValue:
        """Insert ``op``; name and return its first result (None if it has none)."""
        op.location = self.loc
        Rewriter.insert_op(op, self.at)
        if name is not None and op.results:
            op.results[0].name_hint = name
        return op.results[0] if op.results else None  # type: ignore[return-value]

    def _constant(self, op: arith.ConstantOp, name: str) -> SSAValue:
        op.location = self.loc
        Rewriter.insert_op(op, self._const_at)
        op.result.name_hint = name
        return op.result

    def index(self, value: int) -> SSAValue:
        """An ``index`` constant."""
        if value not in self._index:
            self._index[value] = self._constant(arith.ConstantOp(IntegerAttr(value, IndexType())), f"c{value}")
        return self._index[value]

    def boolean(self, value: bool) -> SSAValue:
        """An ``i1`` constant."""
        if value not in self._bool:
            op = arith.ConstantOp(IntegerAttr(int(value), IntegerType(1)))
            self._bool[value] = self._constant(op, "true" if value else "false")
        return self._bool[value]

    def offset(self, base: SSAValue, delta: int) -> SSAValue:
        """``base + delta`` (``base`` itself for 0, a constant for a constant
        base), one ``arith.addi`` per pair at this emitter's point."""
        if delta == 0:
            return base
        known = constant_index(base)
        if known is not None:
            return self.index(known + delta)
        if (base, delta) not in self._sums:
            self._sums[(base, delta)] = self.put(arith.AddiOp(base, self.index(delta)), "off")
        return self._sums[(base, delta)]


def extract(src: SSAValue, row: SSAValue, col: SSAValue, t: TileType) -> ExtractOp:
    """``tile.extract`` of the ``t``-shaped window at (row, col) of ``src``."""
    return ExtractOp.build(operands=[src, row, col], result_types=[t])


def slab_type(site: Site, role: str, shape: tuple[int, int]) -> TileType:
    """The L0 tile type of a ``shape`` window of operand ``role`` (``lhs``
    into Left, ``rhs`` into Right)."""
    src = site.lhs_type if role == "lhs" else site.rhs_type
    return TileType(shape, src.element_type, L0_ROLE_SPACES[role])


def acc_type(site: Site, w: Window) -> TileType:
    """The Acc type of output tile ``w``: the result's own type when ``w`` is
    the whole output, else ``[rows, cols]`` with the result's layout."""
    rt = site.result_type
    if (w.rows, w.cols) == rt.get_shape():
        return rt.with_memref(None)
    return TileType(
        (w.rows, w.cols), rt.element_type, MemorySpace.ACC,
        blayout=rt.blayout.data, slayout=rt.slayout.data, fractal=rt.fractal.data,
    )


def stage_vec_lhs(em: Emitter, site: Site) -> SSAValue:
    """The lhs as a Mat tile: a Vec lhs gets ONE ``tile.move`` to Mat before
    the K-loop, so every extract slices Mat (pypto-docs/15, "Vec left operand
    staging"); a Mat lhs is returned as it is."""
    t = site.lhs_type
    if t.memory_space is not MemorySpace.VEC:
        return site.lhs
    mat = TileType(t.get_shape(), t.element_type, MemorySpace.MAT)
    return em.put(MoveOp(site.lhs, mat), "lhs_mat")


def stage_whole(em: Emitter, site: Site) -> list[SSAValue]:
    """Move each matrix operand that is not yet in its L0 space there whole
    (a Vec lhs through Mat): the matmul already fits L0, so it only needs
    its operands staged. Returns the new ``[lhs, rhs]``."""
    out = []
    for role, v in (("lhs", site.lhs), ("rhs", site.rhs)):
        t: TileType = v.type  # type: ignore[assignment]
        want = L0_ROLE_SPACES[role]
        if t.memory_space is not want:
            if t.memory_space is MemorySpace.VEC:
                v = stage_vec_lhs(em, site)
            v = em.put(MoveOp(v, TileType(t.get_shape(), t.element_type, want)), f"{role}_l0")
        out.append(v)
    return out


@dataclass
class Reduction:
    """The K reduction of one output tile.

    Attributes:
        site: the matmul.
        lhs, rhs: Mat sources of the slabs (a Vec lhs already staged).
        k: the K block (elements); ``K // k`` full blocks, then a tail.
        held_lhs, held_rhs: a whole-K panel already extracted for this tile
            (an operand held across a row or column of a k == K grid).
    """

    site: Site
    lhs: SSAValue
    rhs: SSAValue
    k: int
    held_lhs: SSAValue | None = None
    held_rhs: SSAValue | None = None

    def slabs(self, em: Emitter, w: Window, ko: SSAValue, width: int) -> tuple[SSAValue, SSAValue]:
        """The Left ``[rows, width]`` and Right ``[width, cols]`` slabs at K
        offset ``ko`` (the held panels when given)."""
        a, b = self.held_lhs, self.held_rhs
        if a is None:
            t = slab_type(self.site, "lhs", (w.rows, width))
            a = em.put(extract(self.lhs, em.index(w.row), ko, t), "a_l0")
        if b is None:
            t = slab_type(self.site, "rhs", (width, w.cols))
            b = em.put(extract(self.rhs, ko, em.index(w.col), t), "b_l0")
        return a, b

    def emit(self, em: Emitter, w: Window, name: str) -> SSAValue:
        """Emit the reduction of ``w``; returns its Acc value.

        Block 0 starts the accumulation as the form asks (fresh for
        ``matmul``, ``init_cond`` for ``matmul_acc``, the bias for
        ``matmul_bias``); later blocks accumulate. The full blocks run as an
        ``scf.for`` marked ``tile.pipeline_stages = 2`` when it has two or
        more iterations (a bias form's block 0 is peeled before it), else
        straight-line; a partial last block (``K % k``) is a straight-line
        ``matmul_acc`` after them (pypto-docs/15, "Non-divisor K").
        """
        K = self.site.mnk[2]
        full, tail = K // self.k, K % self.k
        acc: SSAValue | None = None
        start = 0
        if self.site.form is Form.BIAS:  # matmul_bias has no init_cond: peel block 0
            acc, start = self._straight_block(em, w, 0, self.k, None, name), 1
        if full - start >= 2:
            acc = self._loop(em, w, start, full, acc, name)
        else:
            for blk in range(start, full):
                acc = self._straight_block(em, w, blk * self.k, self.k, acc, name)
        if tail:
            acc = self._straight_block(em, w, full * self.k, tail, acc, name)
        assert acc is not None
        return acc

    def _caller_init(self) -> SSAValue:
        """``matmul_acc``'s own ``init_cond`` (it applies to block 0)."""
        assert self.site.init is not None
        return self.site.init

    def _straight_block(
        self, em: Emitter, w: Window, k0: int, width: int, acc: SSAValue | None, name: str
    ) -> SSAValue:
        a, b = self.slabs(em, w, em.index(k0), width)
        t = acc_type(self.site, w)
        form = self.site.form
        if acc is None and form is Form.PLAIN:
            return em.put(MatmulOp.build(operands=[a, b], result_types=[t]), name)
        if acc is None and form is Form.BIAS:
            assert self.site.bias is not None
            return em.put(MatmulBiasOp.build(operands=[a, b, self.site.bias], result_types=[t]), name)
        if acc is None:
            assert self.site.acc is not None
            acc, init = self.site.acc, self._caller_init()
            t = self.site.acc.type  # type: ignore[assignment]
        else:
            init = em.boolean(False)
            t = acc.type  # type: ignore[assignment]
        return em.put(MatmulAccOp.build(operands=[acc, a, b, init], result_types=[t]), name)

    def _loop(
        self, em: Emitter, w: Window, first: int, last: int, acc: SSAValue | None, name: str
    ) -> SSAValue:
        """``scf.for %ko = first*k to last*k step k`` accumulating in its
        iter_arg. The seed is ``acc`` when a block was peeled, the caller's
        accumulator for ``matmul_acc``, else a fresh Acc ``tile.create``."""
        form = self.site.form
        if acc is None and form is Form.ACC:
            assert self.site.acc is not None
            acc = self.site.acc
        if acc is None:
            acc = em.put(CreateOp.build(result_types=[acc_type(self.site, w)]), "acc_init")
        carry_t = acc.type
        body = Block(arg_types=[IndexType(), carry_t])
        ko, it = body.args
        ko.name_hint, it.name_hint = "ko", "acc_in"
        inner = em.inside(body)  # the body is built detached, then the loop inserted
        a, b = self.slabs(inner, w, ko, self.k)
        init = self._loop_init(em, inner, ko, first)
        nxt = inner.put(MatmulAccOp.build(operands=[it, a, b, init], result_types=[carry_t]), "acc_next")
        inner.put(scf.YieldOp(nxt))
        loop = scf.ForOp(
            em.index(first * self.k), em.index(last * self.k), em.index(self.k), [acc], body
        )
        loop.attributes[PIPELINE_STAGES] = IntegerAttr(K_LOOP_STAGES, i64)
        em.put(loop, name)
        return loop.results[0]

    def _loop_init(self, em: Emitter, inner: Emitter, ko: SSAValue, first: int) -> SSAValue:
        """The per-iteration ``init_cond``: ``ko == 0`` for a fresh
        accumulator (seed 003); for ``matmul_acc`` the caller's predicate on
        block 0 only (false after it: a constant false stays one constant, a
        constant true becomes ``ko == 0``, a runtime one ``init and ko == 0``);
        false when block 0 was peeled."""
        form = self.site.form
        c = self.site.init_constant() if form is Form.ACC else True
        if first > 0 or form is Form.BIAS or c is False:
            return em.boolean(False)
        is_first = inner.put(arith.CmpiOp(ko, em.index(0), "eq"), "first")
        if c is True:
            return is_first
        return inner.put(arith.AndIOp(self._caller_init(), is_first), "init")


def store_tile(em: Emitter, value: SSAValue, store: StoreOp, w: Window) -> None:
    """``tile.store`` of output tile ``w`` at the original store's offsets
    plus the tile's origin."""
    row, col = store.offsets
    em.put(StoreOp(value, store.dest, [em.offset(row, w.row), em.offset(col, w.col)]))
