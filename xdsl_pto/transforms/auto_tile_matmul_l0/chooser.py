"""The L0 tile chooser of AutoTileMatmulL0: an exhaustive roofline search for
the L0 GEMM tile ``(m, n, k)`` and its schedule (which operand stays resident,
whether the L0C accumulator is double-buffered).

Implements pypto-docs/15-auto_tile_matmul_l0.md, "Cost model & design space
(ChooseL0Tile)" and step 2 of "Algorithm", configured as this project lowers
matmuls: no padding (M, N, K must be multiples of the fractal), a non-divisor
``k`` allowed (the caller peels the K tail), and an unrolled output grid for
the double-buffered accumulator.

Units throughout: dimensions in elements, sizes in bytes, costs in cycles.
The module is pure Python and knows nothing about the IR.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum

from xdsl_pto.backends import Backend, CubeCostModel
from xdsl_pto.dialects.tile.types import MemorySpace


class Stationarity(Enum):
    """Which operand stays in L0 across the output grid.

    ``OUTPUT``: the accumulator; both operands stream (each double-buffered).
    ``A`` / ``B``: the left / right operand panel is loaded once and kept
    (single-buffered, the full L0A / L0B); it needs ``k == K``.
    """

    OUTPUT = "output"
    A = "a"
    B = "b"


@dataclass(frozen=True)
class L0Problem:
    """One static matmul ``[M, K] x [K, N] -> [M, N]`` to tile into L0.

    ``M``, ``N``, ``K`` are elements; ``bytes_*`` are the element sizes in
    bytes of the left operand, the right operand and the accumulator.
    ``acc_is_int32`` selects the backend's L0C row alignment for an int32
    accumulator; ``c_read`` marks a ``matmul_acc`` (the accumulator is read,
    which doubles its traffic); ``full_n`` admits only ``n == N`` (a bias
    already resident in the Bias buffer cannot be split along N) and
    ``full_m`` only ``m == M`` (both: K tiling only); ``max_n`` caps ``n``
    (0: no cap).
    """

    M: int
    N: int
    K: int
    bytes_a: int
    bytes_b: int
    bytes_c: int
    acc_is_int32: bool = False
    c_read: bool = False
    full_n: bool = False
    full_m: bool = False
    max_n: int = 0


@dataclass(frozen=True)
class L0Choice:
    """The chosen L0 tile and the schedule it was scored under.

    ``m``, ``n``, ``k`` are elements. ``holds_a`` tells a full-K
    (``k == K``) output-stationary grid which panel to keep per outer step:
    True keeps the A row panel (rows outer), False keeps the B column panel.
    ``cycles`` is the roofline wall rounded to the nearest cycle (half away
    from zero); ``load_cycles``, ``mad_cycles`` and ``drain_cycles`` are its
    terms. ``traffic_bytes`` is the L1<->L0 byte count, for inspection only.
    """

    m: int
    n: int
    k: int
    stationarity: Stationarity
    double_buffer_c: bool
    holds_a: bool
    cycles: int
    load_cycles: float
    mad_cycles: int
    drain_cycles: float
    traffic_bytes: int


# ---------------------------------------------------------------------------
# Integer helpers
# ---------------------------------------------------------------------------


def ceil_div(a: int, b: int) -> int:
    """``a / b`` rounded up, for non-negative ``a`` and positive ``b``."""
    return -(-a // b)


def odd_part(x: int) -> int:
    """``x`` (positive) with every factor of 2 removed: 12 -> 3, 8 -> 1."""
    while x % 2 == 0:
        x //= 2
    return x


def round_half_away(x: float) -> int:
    """``x`` rounded to the nearest integer, halves away from zero."""
    return math.floor(abs(x) + 0.5) * (1 if x >= 0 else -1)


# ---------------------------------------------------------------------------
# Cost terms (cycles)
# ---------------------------------------------------------------------------


def output_tile_count(p: L0Problem, m: int, n: int) -> int:
    """Number of ``[m, n]`` output tiles covering ``[M, N]`` (partial edges count)."""
    return ceil_div(p.M, m) * ceil_div(p.N, n)


def mad_cycles(p: L0Problem, cube: CubeCostModel, m: int, n: int, k: int) -> int:
    """Cube MAD cycles of the whole matmul tiled by ``(m, n, k)``.

    Each output tile runs ``floor(K/k)`` full K blocks plus, when ``k`` does
    not divide ``K``, one narrower tail block charged at its own width. A
    block costs one MAD issue head plus ``passes * ceil(m/16) * fractals *
    ceil(n/16)``, where a K-fractal is ``mad_k_fractal_bytes`` wide and a
    4-byte input needs ``mad_fp32_passes`` passes per fractal.
    """
    align = cube.fractal_align
    k_per_fractal = max(1, cube.mad_k_fractal_bytes // p.bytes_a)
    if p.bytes_a == 4:
        passes = max(1, cube.mad_fp32_passes)
    else:
        passes = max(1, p.bytes_a // 2)
    full_blocks, tail = divmod(p.K, k)
    blocks = full_blocks + (1 if tail else 0)
    fractals = full_blocks * ceil_div(k, k_per_fractal)
    if tail:
        fractals += ceil_div(tail, k_per_fractal)
    per_tile = blocks * cube.mad_head + passes * ceil_div(m, align) * fractals * ceil_div(n, align)
    return output_tile_count(p, m, n) * per_tile


def held_panel_load_cycles(p: L0Problem, cube: CubeCostModel, m: int, n: int) -> tuple[float, float]:
    """L1->L0 load cycles of a full-K grid, as ``(keep A, keep B)``.

    Keeping A loads A once and B once per row of tiles; keeping B loads B
    once and A once per column of tiles. Each operand's bytes are divided by
    its own port's bandwidth (the two loads share the MTE1 pipe and add up).
    """
    a_once = p.bytes_a * p.M * p.K / cube.bw_l0a
    b_once = p.bytes_b * p.K * p.N / cube.bw_l0b
    keep_a = a_once + b_once * ceil_div(p.M, m)
    keep_b = a_once * ceil_div(p.N, n) + b_once
    return keep_a, keep_b


def keeps_a_panel(p: L0Problem, cube: CubeCostModel, m: int, n: int) -> bool:
    """True when keeping the A panel costs no more load cycles than keeping B
    (the full-K output-stationary grid then runs rows outer)."""
    keep_a, keep_b = held_panel_load_cycles(p, cube, m, n)
    return keep_a <= keep_b


def operand_reloads(p: L0Problem, cube: CubeCostModel, m: int, n: int, k: int, stat: Stationarity) -> tuple[int, int]:
    """How many times A and B are each loaded into L0 under ``stat``.

    A resident operand is loaded once; a streamed A is loaded once per tile
    column (``ceil(N/n)``), a streamed B once per tile row (``ceil(M/m)``).
    Output-stationary with ``k < K`` streams both (the partial sums pin the
    accumulator); with ``k == K`` it keeps the cheaper panel.
    """
    cols, rows = ceil_div(p.N, n), ceil_div(p.M, m)
    if stat is Stationarity.A:
        return 1, rows
    if stat is Stationarity.B:
        return cols, 1
    if k < p.K:
        return cols, rows
    return (1, rows) if keeps_a_panel(p, cube, m, n) else (cols, 1)


def load_cycles(p: L0Problem, cube: CubeCostModel, m: int, n: int, k: int, stat: Stationarity) -> float:
    """L1->L0A/L0B load cycles under ``stat`` (see :func:`operand_reloads`)."""
    a_loads, b_loads = operand_reloads(p, cube, m, n, k, stat)
    return p.bytes_a * p.M * p.K * a_loads / cube.bw_l0a + p.bytes_b * p.K * p.N * b_loads / cube.bw_l0b


def drain_cycles(p: L0Problem, cube: CubeCostModel, m: int, n: int) -> float:
    """FIXPIPE L0C->L1 drain cycles: one drain per output tile.

    A drain costs ``drain_fixed`` plus, per M row, the larger of the row
    floor and the byte throughput, plus ``drain_penalty`` for each extra
    serial pass forced by a non-power-of-2 count of N-fractals.
    """
    per_fractal = max(1, cube.drain_c0_bytes // p.bytes_c)
    n_fractals = ceil_div(n, per_fractal)
    per_row = max(cube.drain_row, p.bytes_c * n / cube.bw_drain)
    per_row += cube.drain_penalty * (odd_part(n_fractals) - 1)
    return output_tile_count(p, m, n) * (cube.drain_fixed + m * per_row)


def wall_cycles(compute: float, drain: float, tiles: int, double_buffer_c: bool) -> float:
    """Roofline wall from ``compute = max(load, mad)`` and the drain.

    One accumulator: the drain is exposed and adds. Two accumulators over an
    unrolled grid of ``tiles`` tiles: each tile's drain hides behind the next
    tile's compute, leaving one fill/drain bubble of the smaller per-tile pipe.
    """
    if not double_buffer_c:
        return compute + drain
    compute_tile, drain_tile = compute / tiles, drain / tiles
    return tiles * max(compute_tile, drain_tile) + min(compute_tile, drain_tile)


def traffic_bytes(p: L0Problem, cube: CubeCostModel, m: int, n: int, k: int, stat: Stationarity) -> int:
    """L1<->L0 bytes: A and B with the same reload counts as the load term,
    plus the accumulator once (twice when it is also read)."""
    a_loads, b_loads = operand_reloads(p, cube, m, n, k, stat)
    c_factor = 2 if p.c_read else 1
    return p.bytes_a * p.M * p.K * a_loads + p.bytes_b * p.K * p.N * b_loads + c_factor * p.bytes_c * p.M * p.N


def padded_compute(p: L0Problem, m: int, n: int, k: int) -> int:
    """Element volume the grid computes, counting partial tiles as full."""
    return ceil_div(p.M, m) * m * ceil_div(p.N, n) * n * ceil_div(p.K, k) * k


# ---------------------------------------------------------------------------
# Design space
# ---------------------------------------------------------------------------


def operand_budgets(p: L0Problem, backend: Backend, stat: Stationarity, double_buffer_c: bool) -> tuple[int, int, int]:
    """Element budgets ``(A0, B0, C0)`` of one L0A, L0B and L0C buffer.

    A streamed operand is double-buffered (half of its L0), a resident one
    gets the whole buffer; a double-buffered accumulator gets half of L0C.
    """
    depth_a = 1 if stat is Stationarity.A else 2
    depth_b = 1 if stat is Stationarity.B else 2
    depth_c = 2 if double_buffer_c else 1
    cap = backend.capacity
    return (
        cap[MemorySpace.LEFT] // (p.bytes_a * depth_a),
        cap[MemorySpace.RIGHT] // (p.bytes_b * depth_b),
        cap[MemorySpace.ACC] // (p.bytes_c * depth_c),
    )


def legal_output_tiles(p: L0Problem, cube: CubeCostModel, c_budget: int) -> Iterator[tuple[int, int]]:
    """Every legal ``(m, n)``: fractal multiples within ``[M, N]`` whose
    row-padded accumulator ``align_up(m, l0c_align) * n`` fits ``c_budget``
    elements, restricted by ``full_m`` / ``full_n`` / ``max_n``."""
    align, low = cube.fractal_align, cube.min_tile_dim
    row_align = cube.l0c_m_alignment(p.acc_is_int32)
    n_high = p.N if p.max_n <= 0 else min(p.N, p.max_n)
    for m in [p.M] if p.full_m else range(low, p.M + 1, align):
        rows = ceil_div(m, row_align) * row_align
        n_fit = min(n_high, c_budget // rows)
        if n_fit < low:
            break
        if p.full_n:
            if p.N <= n_fit:
                yield m, p.N
            continue
        for n in range(low, n_fit + 1, align):
            yield m, n


def legal_k_values(p: L0Problem, cube: CubeCostModel, m: int, n: int, a_budget: int, b_budget: int) -> range:
    """Every legal ``k`` for ``(m, n)``: fractal multiples up to ``K`` with
    ``m * k`` within ``a_budget`` and ``k * n`` within ``b_budget`` elements.
    ``k`` need not divide ``K`` (the caller peels the tail block)."""
    align = cube.fractal_align
    k_high = min(a_budget // m, b_budget // n, p.K) // align * align
    return range(cube.min_tile_dim, k_high + 1, align)


@dataclass(frozen=True)
class _Scored:
    """One candidate with its ordering key (lower is better)."""

    key: tuple
    choice: L0Choice


def score_tile(p: L0Problem, cube: CubeCostModel, m: int, n: int, k: int, stat: Stationarity, double_buffer_c: bool) -> _Scored:
    """Score one design point; the key orders candidates of one regime by
    ``(cycles, padded compute, K blocks, load cycles, -m*n, -k)``."""
    load = load_cycles(p, cube, m, n, k, stat)
    mad = mad_cycles(p, cube, m, n, k)
    drain = drain_cycles(p, cube, m, n)
    tiles = output_tile_count(p, m, n)
    cycles = round_half_away(wall_cycles(max(load, float(mad)), drain, tiles, double_buffer_c))
    choice = L0Choice(
        m=m,
        n=n,
        k=k,
        stationarity=stat,
        double_buffer_c=double_buffer_c,
        holds_a=keeps_a_panel(p, cube, m, n),
        cycles=cycles,
        load_cycles=load,
        mad_cycles=mad,
        drain_cycles=drain,
        traffic_bytes=traffic_bytes(p, cube, m, n, k, stat),
    )
    key = (cycles, padded_compute(p, m, n, k), ceil_div(p.K, k), load, -m * n, -k)
    return _Scored(key, choice)


def best_in_regime(p: L0Problem, backend: Backend, stat: Stationarity, double_buffer_c: bool) -> _Scored | None:
    """The lowest-key candidate of one (stationarity, accumulator depth)
    regime over every legal ``(m, n, k)``, or None when none is legal.

    Operand-stationary regimes need ``k == K``; a double-buffered
    accumulator needs at least two output tiles to ping-pong.
    """
    cube = backend.cube
    a_budget, b_budget, c_budget = operand_budgets(p, backend, stat, double_buffer_c)
    best: _Scored | None = None
    for m, n in legal_output_tiles(p, cube, c_budget):
        if double_buffer_c and output_tile_count(p, m, n) < 2:
            continue
        ks = legal_k_values(p, cube, m, n, a_budget, b_budget)
        if stat is not Stationarity.OUTPUT:
            ks = [p.K] if p.K in ks else []
        for k in ks:
            cand = score_tile(p, cube, m, n, k, stat, double_buffer_c)
            if best is None or cand.key < best.key:
                best = cand
    return best


def is_choosable(p: L0Problem, cube: CubeCostModel) -> bool:
    """True when M, N and K are fractal multiples of at least the minimum
    tile dimension (the chooser does not pad)."""
    dims = (p.M, p.N, p.K)
    return all(d >= cube.min_tile_dim and d % cube.fractal_align == 0 for d in dims)


def choose_l0_tile(
    problem: L0Problem,
    backend: Backend,
    *,
    allow_stationary: bool = True,
    allow_double_buffer_c: bool = False,
) -> L0Choice | None:
    """The minimum-wall L0 tile and schedule for ``problem`` on ``backend``.

    Implements pypto-docs/15-auto_tile_matmul_l0.md "Cost model & design
    space (ChooseL0Tile)": an exhaustive search over every legal ``(m, n,
    k)`` (elements) of each allowed regime, scored by the roofline wall in
    cycles. The baseline regime (output-stationary, one accumulator) is
    searched first; when its best tile is the whole problem it is returned
    as is (the caller treats ``(M, N, K)`` as "already fits L0"). Otherwise
    the A/B-stationary regimes (``allow_stationary``) and the double-buffered
    accumulator (``allow_double_buffer_c``) replace the incumbent only with a
    strictly lower wall -- except that, on an exact tie with a double-buffered
    split-K incumbent, a full-K candidate that loads fewer cycles wins. A
    double-buffered winner that does not strictly beat the best
    single-accumulator candidate is replaced by it.

    Returns None (never raises) when M, N or K is not a multiple of the
    fractal (16) or is below the minimum tile dimension, or when no tile fits
    the L0 buffers.
    """
    cube = backend.cube
    if not is_choosable(problem, cube):
        return None
    base = best_in_regime(problem, backend, Stationarity.OUTPUT, False)
    if base is None:
        return None
    whole = (problem.M, problem.N, problem.K)
    if (base.choice.m, base.choice.n, base.choice.k) == whole:
        return base.choice

    best = best_single = base
    stats = [Stationarity.OUTPUT]
    if allow_stationary:
        stats += [Stationarity.A, Stationarity.B]
    depths = [False, True] if allow_double_buffer_c else [False]
    for stat in stats:
        for dbc in depths:
            if stat is Stationarity.OUTPUT and not dbc:
                continue
            cand = best_in_regime(problem, backend, stat, dbc)
            if cand is None:
                continue
            if not dbc and cand.key < best_single.key:
                best_single = cand
            if cand.choice.cycles < best.choice.cycles or _tie_keeps_resident_operand(problem, cand, best):
                best = cand
    if best.choice.double_buffer_c and best.choice.cycles >= best_single.choice.cycles:
        best = best_single
    return best.choice


def _tie_keeps_resident_operand(p: L0Problem, cand: _Scored, incumbent: _Scored) -> bool:
    """The one cross-regime tie rule: at an equal wall, a full-K candidate
    that loads fewer cycles replaces a double-buffered split-K incumbent (it
    keeps an operand in L0 instead of streaming both)."""
    c, i = cand.choice, incumbent.choice
    return (
        c.cycles == i.cycles
        and i.double_buffer_c
        and i.k != p.K
        and c.k == p.K
        and c.load_cycles < i.load_cycles
    )
