"""The M/N grid of ``auto-tile-matmul-l0``: an output that does not fit L0C
becomes ``ceil(M/m) x ceil(N/n)`` sub-tiles, each reduced over K on its own
and stored straight to the output (pypto-docs/15-auto_tile_matmul_l0.md,
"Algorithm" step 6, direct-store placement).

The grid is unrolled at the store's position, so no ``[M, N]`` accumulator
ever exists. Boundary tiles are peeled to their logical extent
``min(m, M - row) x min(n, N - col)``. With ``k == K`` the held operand of the
chosen schedule is extracted once per row (A held: rows outer) or column
(B held: columns outer) and reused by that line's tiles. With a
double-buffered accumulator the tiles go in pairs, both MADs before both
stores, so two sub-tiles are live together and their drains overlap the
next MAD ("dbC", "Cost model & design space").
"""

from __future__ import annotations

from xdsl.ir import SSAValue

from xdsl_pto.dialects.tile.data_ops import StoreOp
from xdsl_pto.transforms.auto_tile_matmul_l0.chooser import L0Choice, Stationarity
from xdsl_pto.transforms.auto_tile_matmul_l0.emit import (
    Emitter,
    Reduction,
    Window,
    extract,
    slab_type,
    store_tile,
)
from xdsl_pto.transforms.auto_tile_matmul_l0.sites import Site


def rows_outer(choice: L0Choice, K: int) -> bool:
    """True when the grid walks rows in the outer order: A held, or an
    output-stationary schedule that streams both (k < K) or holds A."""
    if choice.stationarity is Stationarity.A:
        return True
    if choice.stationarity is Stationarity.B:
        return False
    return choice.k < K or choice.holds_a


def lines(M: int, N: int, choice: L0Choice, K: int) -> list[list[Window]]:
    """The grid's windows, one list per outer line (a row of tiles when
    :func:`rows_outer`, else a column), in emission order."""
    def spans(total: int, step: int) -> list[tuple[int, int]]:
        return [(o, min(step, total - o)) for o in range(0, total, step)]

    rows, cols = spans(M, choice.m), spans(N, choice.n)
    if rows_outer(choice, K):
        return [[Window(r, c, nr, nc) for c, nc in cols] for r, nr in rows]
    return [[Window(r, c, nr, nc) for r, nr in rows] for c, nc in cols]


def emit_grid(em: Emitter, site: Site, choice: L0Choice, store: StoreOp) -> None:
    """Emit every sub-tile of ``site`` and its store before ``store`` (which
    the caller then erases with the matmul)."""
    M, N, K = site.mnk
    hold = choice.k == K
    outer_rows = rows_outer(choice, K)
    pending: list[tuple[SSAValue, Window]] = []
    count = 0
    for line in lines(M, N, choice, K):
        held = _held_panel(em, site, line[0], outer_rows) if hold else None
        for w in line:
            red = Reduction(
                site, site.lhs, site.rhs, choice.k,
                held_lhs=held if outer_rows else None,
                held_rhs=None if outer_rows else held,
            )
            pending.append((red.emit(em, w, f"c_t{count}"), w))
            count += 1
            if len(pending) == (2 if choice.double_buffer_c else 1):
                _flush(em, pending, store)
    _flush(em, pending, store)


def _held_panel(em: Emitter, site: Site, w: Window, outer_rows: bool) -> SSAValue:
    """The whole-K panel of the held operand for the line starting at ``w``:
    lhs rows ``[row, row + rows)`` in Left, or rhs columns in Right."""
    K = site.mnk[2]
    if outer_rows:
        t = slab_type(site, "lhs", (w.rows, K))
        return em.put(extract(site.lhs, em.index(w.row), em.index(0), t), "a_held")
    t = slab_type(site, "rhs", (K, w.cols))
    return em.put(extract(site.rhs, em.index(0), em.index(w.col), t), "b_held")


def _flush(em: Emitter, pending: list[tuple[SSAValue, Window]], store: StoreOp) -> None:
    for value, w in pending:
        store_tile(em, value, store, w)
    pending.clear()
