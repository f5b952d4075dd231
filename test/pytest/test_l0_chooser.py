"""Tests of the L0 tile chooser of AutoTileMatmulL0
(pypto-docs/15-auto_tile_matmul_l0.md, "Cost model & design space").

Three kinds of check: each cost term worked out by hand for a small problem;
the chooser's pick agrees with a separate brute-force enumeration of the same
objective (a check of the search, not of the model against hardware); and
exact picks for named shapes, including the pairs the reference pins in its
unit test (tests/ut/ir/transforms/test_l0_tile_chooser.py of
hw-native-sys/pypto, cited below as "reference test") wherever its
configuration matches ours (a2a3 constants, no padding).
"""

from __future__ import annotations

import dataclasses
import math

import pytest

from xdsl_pto.backends import A2A3_CUBE, A5_CUBE, BACKENDS, Backend
from xdsl_pto.dialects.tile.types import MemorySpace
from xdsl_pto.transforms.auto_tile_matmul_l0.chooser import (
    L0Choice,
    L0Problem,
    Stationarity,
    choose_l0_tile,
    drain_cycles,
    mad_cycles,
    round_half_away,
    score_tile,
    wall_cycles,
)

A3 = BACKENDS["a3"]
A5 = BACKENDS["a5"]
OUT, STAT_A, STAT_B = Stationarity.OUTPUT, Stationarity.A, Stationarity.B


def _pick(choice: L0Choice | None) -> tuple | None:
    if choice is None:
        return None
    return (choice.m, choice.n, choice.k, choice.stationarity, choice.double_buffer_c)


# ---------------------------------------------------------------------------
# Backend table
# ---------------------------------------------------------------------------


# (bw_l0a, bw_l0b, bw_drain, drain_fixed, drain_row, drain_penalty, drain_c0_bytes,
#  mad_head, mad_k_fractal_bytes, mad_fp32_passes, fractal_align, min_tile_dim,
#  L0C row alignment of an i32 / any other accumulator), from the reference's
#  backend handlers.
CUBE_CONSTANTS = {
    "a2a3": (A2A3_CUBE, (129.7, 85.4, 118.0, 164.0, 4.45, 2.6, 32, 21, 32, 2, 16, 16, 32, 16)),
    "a5": (A5_CUBE, (206.3, 223.8, 30.0, 343.4, 4.59, 0.26, 32, 25, 32, 8, 16, 16, 16, 16)),
}


@pytest.mark.parametrize("family", sorted(CUBE_CONSTANTS))
def test_cube_constants(family):
    c, want = CUBE_CONSTANTS[family]
    got = (
        c.bw_l0a, c.bw_l0b, c.bw_drain, c.drain_fixed, c.drain_row, c.drain_penalty,
        c.drain_c0_bytes, c.mad_head, c.mad_k_fractal_bytes, c.mad_fp32_passes,
        c.fractal_align, c.min_tile_dim,
        c.l0c_m_alignment(acc_is_int32=True), c.l0c_m_alignment(acc_is_int32=False),
    )
    assert got == want


def test_backends_carry_their_cube_model():
    assert BACKENDS["a2"].cube is A2A3_CUBE
    assert BACKENDS["a3"].cube is A2A3_CUBE
    assert BACKENDS["a5"].cube is A5_CUBE
    # The two-argument constructor is unchanged (the cube model defaults to a2a3).
    assert Backend("x", {}).cube is A2A3_CUBE


# ---------------------------------------------------------------------------
# Cost terms worked out by hand
# ---------------------------------------------------------------------------


def test_cost_terms_by_hand():
    # M=N=32, K=64, bf16 x bf16 -> f32 on a3, tile (m, n, k) = (16, 32, 32),
    # output-stationary, one accumulator. Grid: ceil(32/16) * ceil(32/32) = 2 tiles.
    #
    # MAD: 2-byte input -> 32/2 = 16 elements per K-fractal, 1 pass.
    #   K blocks = 64/32 = 2 (no tail), K-fractals = 2 * ceil(32/16) = 4.
    #   per tile = 2*21 + 1 * ceil(16/16) * 4 * ceil(32/16) = 42 + 8 = 50; total 2*50 = 100.
    # Load: k < K streams both operands.
    #   A: 2*32*64 = 4096 B, loaded ceil(N/n) = 1 time  -> 4096/129.7
    #   B: 2*64*32 = 4096 B, loaded ceil(M/m) = 2 times -> 8192/85.4
    # Drain: 32/4 = 8 f32 per fractal row, n1 = 32/8 = 4, odd(4) = 1 -> no penalty.
    #   per row = max(4.45, 4*32/118 = 1.085) = 4.45; per tile = 164 + 16*4.45 = 235.2;
    #   total 2 * 235.2 = 470.4.
    # Wall: max(31.58 + 95.93 = 127.51, 100) + 470.4 = 597.91 -> 598.
    # Traffic: 4096 + 8192 + 4*32*32 (C written once) = 16384 bytes.
    p = L0Problem(32, 32, 64, 2, 2, 4)
    c = score_tile(p, A3.cube, 16, 32, 32, OUT, False).choice
    assert c.mad_cycles == 100
    assert c.load_cycles == pytest.approx(4096 / 129.7 + 8192 / 85.4)
    assert c.drain_cycles == pytest.approx(470.4)
    assert c.cycles == 598
    assert c.traffic_bytes == 16384
    # Full-K rows-outer vs cols-outer on this square problem: keeping A costs
    # 4096/129.7 + 4096*ceil(M/m)/85.4 at m=16 vs 4096*ceil(N/n)/129.7 + 4096/85.4
    # at n=32; the latter (1 column of tiles) is cheaper, so B is kept.
    assert c.holds_a is False
    # matmul_acc reads the accumulator too: + 4*32*32 bytes.
    p_acc = dataclasses.replace(p, c_read=True)
    assert score_tile(p_acc, A3.cube, 16, 32, 32, OUT, False).choice.traffic_bytes == 16384 + 4096


def test_full_k_resident_operand_loads_by_hand():
    # Same problem at k == K = 64, tile (16, 32). A-stationary keeps A:
    #   4096/129.7 + 4096*2/85.4; B-stationary keeps B: 4096*1/129.7 + 4096/85.4.
    p = L0Problem(32, 32, 64, 2, 2, 4)
    a = score_tile(p, A3.cube, 16, 32, 64, STAT_A, False).choice
    b = score_tile(p, A3.cube, 16, 32, 64, STAT_B, False).choice
    o = score_tile(p, A3.cube, 16, 32, 64, OUT, False).choice
    assert a.load_cycles == pytest.approx(4096 / 129.7 + 8192 / 85.4)
    assert b.load_cycles == pytest.approx(4096 / 129.7 + 4096 / 85.4)
    assert o.load_cycles == b.load_cycles  # output-stationary keeps the cheaper panel
    assert a.traffic_bytes == 4096 + 8192 + 4096
    assert b.traffic_bytes == 4096 + 4096 + 4096


def test_drain_misalignment_penalty_by_hand():
    # n = 48 f32: n1 = ceil(48/8) = 6, odd(6) = 3 -> 2 extra passes * 2.6 per row.
    # per row = max(4.45, 4*48/118 = 1.63) + 5.2 = 9.65; one tile: 164 + 16*9.65 = 318.4.
    assert drain_cycles(L0Problem(16, 48, 16, 2, 2, 4), A3.cube, 16, 48) == pytest.approx(318.4)
    # n = 256 f32 on a3: throughput regime, 4*256/118 = 8.678 > 4.45; n1 = 32 -> no penalty.
    assert drain_cycles(L0Problem(16, 256, 16, 2, 2, 4), A3.cube, 16, 256) == pytest.approx(
        164 + 16 * (4 * 256 / 118)
    )


def test_mad_passes_and_k_tail_by_hand():
    # f32 input: 32/4 = 8 elements per K-fractal. Tile (16, 16, 32), K = 32:
    # a3: 21 + 2 passes * 1 * 4 fractals * 1 = 29; a5: 25 + 8 * 4 = 57.
    p = L0Problem(16, 16, 32, 4, 4, 4)
    assert mad_cycles(p, A3.cube, 16, 16, 32) == 29
    assert mad_cycles(p, A5.cube, 16, 16, 32) == 57
    # int8 input: 32 elements per fractal, 1 pass. K = 48 with k = 32: one full
    # block (1 fractal) plus a 16-wide tail block (1 fractal): 2*21 + 1*1*2*1 = 44.
    p8 = L0Problem(16, 16, 48, 1, 1, 4, acc_is_int32=True)
    assert mad_cycles(p8, A3.cube, 16, 16, 32) == 44


def test_double_buffered_wall_by_hand():
    # 4 tiles, compute 100, drain 300: per tile 25 / 75 -> 4*75 + 25 = 325.
    assert wall_cycles(100.0, 300.0, 4, True) == 325.0
    assert wall_cycles(100.0, 300.0, 4, False) == 400.0


def test_round_half_away_from_zero():
    assert round_half_away(2.5) == 3
    assert round_half_away(3.5) == 4
    assert round_half_away(2.4999) == 2
    assert round_half_away(-2.5) == -3


# ---------------------------------------------------------------------------
# Brute-force oracle: a separate, deliberately naive enumeration
# ---------------------------------------------------------------------------

_REGIMES = [(OUT, False), (OUT, True), (STAT_A, False), (STAT_A, True), (STAT_B, False), (STAT_B, True)]


def _oracle_key(p: L0Problem, be: Backend, m: int, n: int, k: int, stat: Stationarity, dbc: bool) -> tuple:
    cm = be.cube
    M, N, K = p.M, p.N, p.K
    rows, cols = -(-M // m), -(-N // n)
    a_bytes, b_bytes = p.bytes_a * M * K, p.bytes_b * K * N
    keep_a = a_bytes / cm.bw_l0a + b_bytes * rows / cm.bw_l0b
    keep_b = a_bytes * cols / cm.bw_l0a + b_bytes / cm.bw_l0b
    if stat is STAT_A:
        load = keep_a
    elif stat is STAT_B:
        load = keep_b
    elif k == K:
        load = min(keep_a, keep_b)
    else:
        load = a_bytes * cols / cm.bw_l0a + b_bytes * rows / cm.bw_l0b
    kt = max(1, cm.mad_k_fractal_bytes // p.bytes_a)
    passes = cm.mad_fp32_passes if p.bytes_a == 4 else max(1, p.bytes_a // 2)
    fractals = 0
    blocks = 0
    start = 0
    while start < K:  # walk the K blocks one by one, the last possibly short
        width = min(k, K - start)
        fractals += math.ceil(width / kt)
        blocks += 1
        start += width
    mad = rows * cols * (blocks * cm.mad_head + passes * math.ceil(m / 16) * fractals * math.ceil(n / 16))
    n1 = math.ceil(n / max(1, cm.drain_c0_bytes // p.bytes_c))
    odd = n1
    while odd % 2 == 0:
        odd //= 2
    row_cost = max(cm.drain_row, p.bytes_c * n / cm.bw_drain) + cm.drain_penalty * (odd - 1)
    drain = rows * cols * (cm.drain_fixed + m * row_cost)
    compute = max(load, mad)
    tiles = rows * cols
    if dbc:
        wall = tiles * max(compute / tiles, drain / tiles) + min(compute / tiles, drain / tiles)
    else:
        wall = compute + drain
    cycles = math.floor(wall + 0.5)
    volume = rows * m * cols * n * math.ceil(K / k) * k
    return (cycles, volume, math.ceil(K / k), load, -m * n, -k)


def _oracle_regime_bests(p: L0Problem, be: Backend) -> dict:
    """Per regime: min over (key, m, n, k) of every legal point, or None."""
    cap = be.capacity
    row_align = be.cube.l0c_m_alignment(p.acc_is_int32)
    bests = {}
    for stat, dbc in _REGIMES:
        a0 = cap[MemorySpace.LEFT] // (p.bytes_a * (1 if stat is STAT_A else 2))
        b0 = cap[MemorySpace.RIGHT] // (p.bytes_b * (1 if stat is STAT_B else 2))
        c0 = cap[MemorySpace.ACC] // (p.bytes_c * (2 if dbc else 1))
        points = []
        for m in range(16, p.M + 1, 16):
            if p.full_m and m != p.M:
                continue
            for n in range(16, p.N + 1, 16):
                if p.full_n and n != p.N or p.max_n and n > p.max_n:
                    continue
                if math.ceil(m / row_align) * row_align * n > c0:
                    continue
                if dbc and math.ceil(p.M / m) * math.ceil(p.N / n) < 2:
                    continue
                for k in range(16, p.K + 1, 16):
                    if m * k > a0 or k * n > b0:
                        continue
                    if stat is not OUT and k != p.K:
                        continue
                    points.append((_oracle_key(p, be, m, n, k, stat, dbc), m, n, k))
        bests[(stat, dbc)] = min(points) if points else None
    return bests


def _oracle_select(p: L0Problem, bests: dict, allow_stationary: bool, allow_dbc: bool) -> tuple | None:
    """Apply the cross-regime rules of the spec to the per-regime minima."""
    base = bests[(OUT, False)]
    if base is None:
        return None
    if base[1:] == (p.M, p.N, p.K):
        return (*base[1:], OUT, False, base[0][0])
    best = (base, OUT, False)
    single = (base, OUT, False)
    for stat, dbc in _REGIMES[1:]:
        if stat is not OUT and not allow_stationary or dbc and not allow_dbc:
            continue
        cand = bests[(stat, dbc)]
        if cand is None:
            continue
        if not dbc and cand[0] < single[0][0]:
            single = (cand, stat, dbc)
        inc = best[0]
        tie = (
            cand[0][0] == inc[0][0] and best[2] and inc[3] != p.K and cand[3] == p.K and cand[0][3] < inc[0][3]
        )
        if cand[0][0] < inc[0][0] or tie:
            best = (cand, stat, dbc)
    if best[2] and best[0][0][0] >= single[0][0][0]:
        best = single
    (key, m, n, k), stat, dbc = best
    return (m, n, k, stat, dbc, key[0])


_SWEEP_SHAPES = [
    (16, 16, 16),
    (64, 64, 64),
    (128, 128, 512),
    (256, 256, 256),
    (240, 240, 480),
    (400, 112, 256),
    (272, 160, 304),
    (512, 512, 64),
    (16, 320, 144),
    (256, 256, 240),
    (1024, 64, 512),
    (16, 1152, 128),
    (64, 256, 256),  # f32 on a3: the cross-regime tie rule decides (see below)
]
_SWEEP_DTYPES = [(2, 2, 4, False), (4, 4, 4, False), (1, 1, 4, True), (2, 1, 4, False), (1, 2, 4, False)]


@pytest.mark.parametrize("backend", [A3, A5], ids=["a3", "a5"])
@pytest.mark.parametrize("dtypes", _SWEEP_DTYPES, ids=lambda d: f"{d[0]}x{d[1]}->{d[2]}")
@pytest.mark.parametrize("shape", _SWEEP_SHAPES, ids=lambda s: "x".join(map(str, s)))
def test_matches_brute_force(shape, dtypes, backend):
    ba, bb, bc, int32 = dtypes
    p = L0Problem(*shape, ba, bb, bc, acc_is_int32=int32)
    bests = _oracle_regime_bests(p, backend)
    for allow_stationary in (False, True):
        for allow_dbc in (False, True):
            want = _oracle_select(p, bests, allow_stationary, allow_dbc)
            got = choose_l0_tile(p, backend, allow_stationary=allow_stationary, allow_double_buffer_c=allow_dbc)
            got_t = None if got is None else (*_pick(got), got.cycles)
            assert got_t == want, (allow_stationary, allow_dbc)


@pytest.mark.parametrize(
    "extra",
    [{"c_read": True}, {"full_n": True}, {"max_n": 64}, {"full_n": True, "max_n": 128},
     {"full_m": True}, {"full_m": True, "full_n": True}],
    ids=["c_read", "full_n", "max_n", "full_n+max_n", "full_m", "full_m+full_n"],
)
@pytest.mark.parametrize("shape", [(256, 256, 256), (128, 512, 128), (512, 128, 64)])
def test_matches_brute_force_with_restrictions(shape, extra):
    p = L0Problem(*shape, 2, 2, 4, **extra)
    bests = _oracle_regime_bests(p, A3)
    want = _oracle_select(p, bests, True, True)
    got = choose_l0_tile(p, A3, allow_stationary=True, allow_double_buffer_c=True)
    assert (None if got is None else (*_pick(got), got.cycles)) == want


# ---------------------------------------------------------------------------
# Exact picks
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "backend,shape,dtypes,want",
    [
        # a3, bf16/fp16 -> f32: K-only tiling, both output dims kept.
        (A3, (128, 128, 512), (2, 2, 4), (128, 128, 128, OUT, False, 3279)),
        (A3, (128, 128, 256), (2, 2, 4), (128, 128, 128, OUT, False, 2006)),
        (A3, (320, 320, 320), (2, 2, 4), (160, 128, 80, OUT, False, 15360)),
        # f32 inputs: 2 MAD passes per K-fractal on a3, 8 on a5.
        (A3, (512, 512, 512), (4, 4, 4), (128, 256, 32, OUT, False, 143958)),
        (A3, (256, 256, 256), (4, 4, 4), (128, 256, 32, OUT, False, 19270)),
        (A5, (512, 512, 512), (4, 4, 4), (256, 256, 32, OUT, False, 562214)),
        (A5, (256, 256, 256), (4, 4, 4), (256, 256, 32, OUT, False, 74818)),
        # a5's twice-larger L0C keeps 320 whole along N; the B panel stays resident.
        (A5, (320, 320, 64), (2, 2, 4), (160, 320, 64, STAT_B, False, 16323)),
        (A5, (128, 128, 512), (2, 2, 4), (128, 128, 128, OUT, False, 4676)),
    ],
)
def test_exact_picks(backend, shape, dtypes, want):
    c = choose_l0_tile(L0Problem(*shape, *dtypes), backend)
    assert (*_pick(c), c.cycles) == want


def test_tie_prefers_full_k_over_split_k_double_buffered():
    # 64x256x256 f32 on a3 with the second accumulator allowed. The
    # double-buffered output-stationary optimum (64, 128, 64) streams both
    # operands; A-stationary (64, 32, 256) keeps A and reaches the same wall,
    # 4713 cycles, with fewer load cycles -- the one tie a later regime wins.
    p = L0Problem(64, 256, 256, 4, 4, 4)
    c = choose_l0_tile(p, A3, allow_double_buffer_c=True)
    assert (*_pick(c), c.cycles) == (64, 32, 256, STAT_A, True, 4713)
    split = score_tile(p, A3.cube, 64, 128, 64, OUT, True).choice
    assert split.cycles == c.cycles and split.load_cycles > c.load_cycles


def test_whole_problem_that_fits_is_returned_as_is():
    # 64x64x64 bf16 fits L0 whole: the caller sees (M, N, K) and skips tiling.
    c = choose_l0_tile(L0Problem(64, 64, 64, 2, 2, 4), A3, allow_double_buffer_c=True)
    assert _pick(c) == (64, 64, 64, OUT, False)


def test_int32_accumulator_row_alignment_matters_on_a3_only():
    # int8 x int8 -> int32, M=16, N=1152: on a3 the 16 logical rows occupy 32
    # physical L0C rows, 32*1152*4 = 144 KiB > 128 KiB, so N must be split;
    # counted as 16 rows (72 KiB) the whole N would fit. On a5 rows are not
    # padded (and L0C is 256 KiB): the int32 flag changes nothing.
    as_int32 = L0Problem(16, 1152, 128, 1, 1, 4, acc_is_int32=True)
    as_other = dataclasses.replace(as_int32, acc_is_int32=False)
    assert _pick(choose_l0_tile(as_int32, A3)) == (16, 768, 32, OUT, False)
    assert _pick(choose_l0_tile(as_other, A3)) == (16, 1152, 16, OUT, False)
    assert _pick(choose_l0_tile(as_int32, A5)) == _pick(choose_l0_tile(as_other, A5)) == (16, 1152, 16, OUT, False)
    # Reference test (test_int32_physical_accumulator_rows_force_n_tiling): at
    # N = 1024 the padded accumulator is exactly 128 KiB and stays whole.
    assert _pick(choose_l0_tile(L0Problem(16, 1024, 128, 1, 1, 4, acc_is_int32=True), A3))[:2] == (16, 1024)


def test_full_m_and_n_tile_k_only():
    """The fuzz case of issue 8 (seed 41): for [48, 144] the model splits N
    (144 columns are 18 fp32 N-fractals of 8, whose odd part 9 pays the
    drain misalignment), but with the whole output required only K is tiled."""
    p = L0Problem(48, 144, 256, 2, 2, 4, c_read=True)
    assert _pick(choose_l0_tile(p, A3))[:2] != (48, 144)
    whole = dataclasses.replace(p, full_m=True, full_n=True)
    assert _pick(choose_l0_tile(whole, A3)) == (48, 144, 64, OUT, False)


def test_full_n_keeps_the_whole_n():
    p = L0Problem(128, 512, 128, 2, 2, 4)
    assert _pick(choose_l0_tile(p, A3)) == (128, 256, 128, STAT_B, False)
    assert _pick(choose_l0_tile(dataclasses.replace(p, full_n=True), A3)) == (64, 512, 32, OUT, False)
    # n == N must also fit max_n; otherwise nothing is legal.
    assert choose_l0_tile(dataclasses.replace(p, full_n=True, max_n=256), A3) is None


def test_max_n_caps_n():
    # Reference test (test_optional_max_n_caps_the_legal_tile_grid): 256x1024x128, max_n=64.
    c = choose_l0_tile(L0Problem(256, 1024, 128, 2, 2, 4, max_n=64), A3)
    assert c is not None and c.n <= 64


@pytest.mark.parametrize(
    "shape",
    [(128, 128, 100), (8, 128, 128), (128, 8, 128), (128, 120, 128), (128, 128, 8), (0, 16, 16)],
)
def test_unsupported_shapes_return_none(shape):
    assert choose_l0_tile(L0Problem(*shape, 2, 2, 4), A3) is None


# ---------------------------------------------------------------------------
# Reference-test cross-checks (a2a3 constants, bf16 x bf16 -> f32 unless noted)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "shape,bytes_ab,want",
    [
        # Reference test TestL0TilingRooflineMigration::test_roofline_tile_migration.
        ((256, 256, 64), 2, (128, 256, 64)),
        ((272, 272, 64), 2, (144, 128, 64)),
        ((320, 320, 64), 2, (160, 128, 64)),
        ((256, 256, 256), 4, (128, 256, 32)),
        # Reference test TestL0TilingDocExamples::test_example_1_skinny_gemm / _2_large_square_gemm.
        ((16, 256, 512), 2, (16, 256, 64)),
        ((4096, 4096, 4096), 2, (128, 256, 64)),
        # Reference test TestL0TilingKExhaustive::test_largest_k_is_not_always_optimal.
        ((128, 128, 192), 2, (128, 128, 96)),
    ],
)
@pytest.mark.parametrize("allow_stationary", [False, True])
def test_reference_pinned_output_stationary_picks(shape, bytes_ab, want, allow_stationary):
    # The reference pins these with only output-stationary open; opening the
    # A/B-stationary regimes does not change them (none is strictly cheaper).
    p = L0Problem(*shape, bytes_ab, bytes_ab, 4)
    c = choose_l0_tile(p, A3, allow_stationary=allow_stationary)
    assert _pick(c) == (*want, OUT, False)


def test_reference_example_3_dbc_declined_when_compute_bound():
    # Reference test test_example_3_c_double_buffer_declined_when_compute_bound.
    c = choose_l0_tile(L0Problem(4096, 4096, 4096, 2, 2, 4), A3, allow_stationary=False, allow_double_buffer_c=True)
    assert _pick(c) == (128, 256, 64, OUT, False)


@pytest.mark.parametrize("shape,want,holds_a", [((16, 256, 128), (16, 128, 128), True), ((256, 16, 128), (128, 16, 128), False)])
def test_reference_dbc_on_one_dimensional_grid(shape, want, holds_a):
    # Reference test test_dbc_supports_one_dimensional_output_grid.
    c = choose_l0_tile(L0Problem(*shape, 2, 2, 4), A3, allow_stationary=False, allow_double_buffer_c=True)
    assert _pick(c) == (*want, OUT, True)
    assert c.holds_a is holds_a


def test_reference_dbc_rules():
    dbc = {"allow_stationary": False, "allow_double_buffer_c": True}
    # Reference test test_dbc_admitted_on_split_k_when_the_grid_has_two_output_tiles.
    c = choose_l0_tile(L0Problem(128, 384, 512, 2, 2, 4), A3, **dbc)
    assert c.double_buffer_c and c.k < 512 and c.m * c.n * 4 <= 128 * 1024 // 2  # fits half of L0C
    # Reference test test_dbc_rejected_when_the_output_is_a_single_tile.
    assert _pick(choose_l0_tile(L0Problem(128, 128, 512, 2, 2, 4), A3, **dbc))[:2] == (128, 128)
    assert not choose_l0_tile(L0Problem(128, 128, 512, 2, 2, 4), A3, **dbc).double_buffer_c
    # Reference test test_dbc_rejected_when_the_grid_cannot_split.
    assert not choose_l0_tile(L0Problem(16, 16, 512, 2, 2, 4), A3, **dbc).double_buffer_c
    # Reference test test_double_buffer_c_chosen_when_drain_bound (512x512x64).
    c = choose_l0_tile(L0Problem(512, 512, 64, 2, 2, 4), A3, **dbc)
    assert _pick(c) == (64, 256, 64, OUT, True)
    assert not choose_l0_tile(L0Problem(512, 512, 64, 2, 2, 4), A3, allow_stationary=False).double_buffer_c


def test_reference_dbc_must_strictly_beat_single_accumulator():
    # Reference test test_dbc_must_strictly_beat_the_best_single_c_plan: with a
    # free drain, hiding it gains nothing, so the single-accumulator pick stays.
    free = dataclasses.replace(A2A3_CUBE, drain_fixed=0.0, drain_row=0.0, drain_penalty=0.0, bw_drain=1.0e12)
    be = dataclasses.replace(A3, cube=free)
    p = L0Problem(256, 256, 64, 2, 2, 4)
    single = choose_l0_tile(p, be, allow_stationary=False)
    enabled = choose_l0_tile(p, be, allow_stationary=False, allow_double_buffer_c=True)
    assert enabled == single and not enabled.double_buffer_c


def test_reference_operand_stationary_with_all_gates():
    # Reference test test_operand_stationary_requires_gate and
    # test_estimated_traffic_matches_chosen_stationarity: 256^3 bf16.
    p = L0Problem(256, 256, 256, 2, 2, 4)
    assert choose_l0_tile(p, A3, allow_stationary=False).stationarity is OUT
    c = choose_l0_tile(p, A3, allow_stationary=True, allow_double_buffer_c=True)
    assert _pick(c) == (64, 128, 256, STAT_B, True)
    cols = 256 // c.n
    # B loaded once, A once per column of tiles, C written once.
    assert c.traffic_bytes == 2 * 256 * 256 * cols + 2 * 256 * 256 + 4 * 256 * 256


def test_reference_output_stationary_full_k_traffic():
    # Reference test test_estimated_traffic_matches_os_full_k_hoist: 512x512x64
    # output-stationary at k == K keeps one panel; the traffic follows holds_a.
    c = choose_l0_tile(L0Problem(512, 512, 64, 2, 2, 4), A3, allow_stationary=False)
    assert (c.k, c.stationarity) == (64, OUT)
    rows, cols = 512 // c.m, 512 // c.n
    a, b, out = 2 * 512 * 64, 2 * 64 * 512, 4 * 512 * 512
    assert c.traffic_bytes == (a + b * rows + out if c.holds_a else a * cols + b + out)


def test_reference_c_read_raises_traffic():
    # Reference test test_c_read_doubles_c_traffic.
    p = L0Problem(4096, 4096, 4096, 2, 2, 4)
    plain = choose_l0_tile(p, A3)
    read = choose_l0_tile(dataclasses.replace(p, c_read=True), A3)
    assert read.traffic_bytes == plain.traffic_bytes + 4 * 4096 * 4096


@pytest.mark.parametrize("shape", [(512, 128, 2048), (128, 512, 2048)])
def test_reference_short_dimension_is_kept_whole(shape):
    # Reference test test_example_4_short_n / test_example_5_short_m.
    c = choose_l0_tile(L0Problem(*shape, 2, 2, 4), A3, allow_stationary=False)
    assert (c.n if shape[1] == 128 else c.m) == 128
