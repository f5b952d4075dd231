"""Seeded generator of valid Tile-dialect kernels.

:func:`generate_kernel` returns the MLIR text of a module holding one
``func.func``: GM tensors are ``memref`` arguments (inputs are only loaded,
outputs only stored), index offsets and scalars are ``arith.constant``\\ s,
and the body is tile ops, ``scf.for`` loops with tile iter_args and
``scf.if`` with tile results. The text always parses and verifies with our
dialects. A kernel is either a vector kernel (Vec tiles only; see
:mod:`xdsl_pto.fuzz.control`) or a cube kernel (Mat/Left/Right/Acc/Bias; see
:mod:`xdsl_pto.fuzz.cube`), since a kernel runs on one core kind.

Kernels are meant for differential runs (same inputs, original vs. planned):
a ``tile.create`` is never read as data, every stored value is computed from
loaded or filled data, and no op can produce NaN or overflow its element type
given GM inputs in ``[-8, 8]`` (:data:`xdsl_pto.fuzz.builder.INPUT_BOUND`).
Some kernels are sized past the A2/A3 capacities on purpose; planning those
fails with a clean capacity error.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from xdsl_pto.fuzz.auto_matmul import AutoMatmulKernel
from xdsl_pto.fuzz.control import VectorKernel
from xdsl_pto.fuzz.cube import CubeKernel
from xdsl_pto.fuzz.cube_family import CubeFamilyKernel
from xdsl_pto.fuzz.extras import add_extras, extras_rng
from xdsl_pto.tools.session import parse_module

# Relative weights of what a vector block emits next (0 disables a kind).
DEFAULT_WEIGHTS: dict[str, float] = {
    "load": 0.6,
    "full": 0.25,
    "binary": 2.0,
    "scalar": 1.0,
    "unary": 1.2,
    "cast": 0.7,
    "move": 0.35,
    "reduce": 0.7,
    "row_expand": 0.7,
    "col_expand": 0.5,
    "select": 0.4,
    "slice": 0.9,
    "reshape": 0.5,
    "transpose": 0.12,
    "store": 0.5,
    "for": 0.9,
    "if": 0.7,
    # Issue 23's reductions, generators, scalar access and fills
    # (xdsl_pto.fuzz.reduce_ops).
    "col_reduce": 0.35,
    "row_prod": 0.15,
    "arg_reduce": 0.3,
    "scalar_access": 0.35,
    "fill": 0.3,
    "generate": 0.25,
    "block_load": 0.08,
    # Issue 23's sort / gather / scatter ops (xdsl_pto.fuzz.sort_gather_ops).
    "sort": 0.2,
    "gather": 0.3,
    "gather_compare": 0.12,
    "scatter": 0.25,
    # Issue 23's bitwise, shift, scalar min/max, ternary, partial, trig and
    # broadcast ops, and the views family (xdsl_pto.fuzz.more_ops).
    "bitwise": 0.3,
    "shift": 0.25,
    "scalar_minmax": 0.2,
    "lrelu": 0.12,
    "ternary": 0.2,
    "partial": 0.2,
    "trig": 0.1,
    "expand_minmax": 0.25,
    "expands": 0.1,
    "reinterpret": 0.12,
    "assemble": 0.15,
    "concat": 0.12,
    "transpose_view": 0.1,
    # Target-aware ops and the cross-core pipe (xdsl_pto.fuzz.targets): off
    # by default, so the default kernels stay what they were.
    "sels": 0.0,
    "prelu": 0.0,
    "rem": 0.0,
    "fmod": 0.0,
    "target_cast": 0.0,
    "tpop": 0.0,
    "tpush": 0.0,
}

#: Weights of the ``targets`` preset: the default mix plus the target-aware
#: ops (issue 6) and the pipe.
TARGET_WEIGHTS: dict[str, float] = {
    **DEFAULT_WEIGHTS,
    "sels": 0.8,
    "prelu": 0.5,
    "rem": 0.5,
    "fmod": 0.4,
    "target_cast": 0.6,
    "tpop": 0.6,
    "tpush": 0.25,
}


@dataclass(frozen=True)
class GenConfig:
    """Knobs of :func:`generate_kernel`.

    Attributes:
        max_ops: tile-op budget of the function body (vector kernels; a few
            helper ops may exceed it).
        max_body_ops: tile-op budget of one loop body or if arm.
        max_loop_depth: deepest ``scf.for`` nesting.
        max_region_depth: deepest nesting of loops and if arms together.
        max_iter_args: most tile iter_args of one loop.
        max_trip_count: loops run 1..max_trip_count iterations.
        else_prob: probability that an ``scf.if`` without results gets an
            else arm (one with results always has one).
        cube_prob: probability that a kernel is a cube (AIC) kernel.
        big_prob: probability of big tile shapes (may need buffer sharing to
            fit the A2/A3 capacity, or exceed it).
        elems: element types casts may produce (loads are f32/f16).
        weights: relative weight of each vector op kind (see
            :data:`DEFAULT_WEIGHTS`); 0 disables a kind (e.g. ``for``, ``if``,
            ``slice``, ``cast``).
        pipeline_prob: probability that an ``scf.for`` is marked a pipeline
            loop ``{tile.pipeline_stages = F : i64}``, F uniform in 1..4 (see
            :mod:`xdsl_pto.fuzz.extras`).
        declare_prob: probability that a tile value (with everything ``scf``
            makes share its type) is bound to a declared allocation
            (``alloc = <@dN[, slots = 2, slot = k | iv]>``).
        split_prob: probability that a vector kernel's function gets
            ``tile.split_mode = 1`` or ``2`` (then every pipe op has that
            ``split``; else 0).
        tpop_carry_prob: probability that a vector loop's tile init, or a
            value it yields, is a fresh ``tile.tpop_from_aic`` (f32/f16 carries).
        auto_matmul_prob: probability that a kernel is one Mat-resident
            matmul left for ``auto-tile-matmul-l0``
            (:mod:`xdsl_pto.fuzz.auto_matmul`); 0 spends no random draw.
        cube_family_prob: probability that a cube kernel is a cube-family
            one (batched, gemv or MX matmuls, :mod:`xdsl_pto.fuzz.cube_family`);
            0 spends no random draw.
        target: the target the kernel is for (``a2``, ``a3``, ``a5``): an op
            that exists on some targets only is generated for those
            (:data:`xdsl_pto.fuzz.cube_family.OP_TARGETS`); None -- the
            ops of every target only. ``run_campaign`` sets its backend.

    The kinds ``sels``, ``prelu``, ``rem`` (rem/rems), ``fmod`` (fmod/fmods),
    ``target_cast``, ``tpop`` and ``tpush`` (see :mod:`xdsl_pto.fuzz.targets`)
    have weight 0 by default; with them and ``split_prob`` /
    ``tpop_carry_prob`` at 0 the generator spends no random draw on them, so
    the default kernels are unchanged.

    The two extras use a random stream of their own: with both at 0 (the
    default) the kernel text is exactly the plain generator's, and with
    either on the kernel body is the same, printed by xDSL.
    """

    max_ops: int = 22
    max_body_ops: int = 8
    max_loop_depth: int = 3
    max_region_depth: int = 4
    max_iter_args: int = 3
    max_trip_count: int = 4
    else_prob: float = 0.5
    cube_prob: float = 0.22
    big_prob: float = 0.1
    elems: tuple[str, ...] = ("f32", "f16", "bf16", "i32", "i16", "i8", "ui8")
    weights: dict[str, float] = field(default_factory=lambda: dict(DEFAULT_WEIGHTS))
    pipeline_prob: float = 0.0
    declare_prob: float = 0.0
    split_prob: float = 0.0
    tpop_carry_prob: float = 0.0
    auto_matmul_prob: float = 0.0
    cube_family_prob: float = 0.0
    target: str | None = None


#: Knob presets a campaign can select by name (``run_campaign(config=...)``).
PRESETS: dict[str, GenConfig] = {
    "default": GenConfig(),
    # Pipeline loops and declared allocations on top of the default kernels.
    "pipelines": GenConfig(pipeline_prob=0.6, declare_prob=0.15),
    # The target-aware ops (sels, prelu, rem/rems, fmod/fmods, casts) and the
    # cross-core pipe (tpop / tpush, split modes): mostly vector kernels.
    "targets": GenConfig(cube_prob=0.1, weights=dict(TARGET_WEIGHTS), split_prob=0.6, tpop_carry_prob=0.2),
    # Mat-resident matmuls for auto-tile-matmul-l0 (issue 8), among the default kernels.
    "matmuls": GenConfig(auto_matmul_prob=0.6),
    # Issue 23's cube family (batched matmuls; gemv on a2/a3, MX on a5) among
    # the other cube kernels: cube kernels only.
    "cube": GenConfig(cube_prob=1.0, cube_family_prob=0.6),
}


class GeneratorError(Exception):
    """The generator produced text that does not parse or verify (a generator bug)."""


def generate_kernel(seed: int, *, config: GenConfig | None = None, check: bool = True) -> str:
    """The MLIR text of one random valid kernel, deterministic per ``seed``.

    Args:
        seed: the random seed (same seed and config -> same text).
        config: generation knobs (default :class:`GenConfig`).
        check: parse and verify the text before returning it.

    Raises:
        GeneratorError: when ``check`` is set and the text does not parse or
            verify (a bug in the generator, never expected).
    """
    cfg = config or GenConfig()
    rng = random.Random(seed)
    name = f"fuzz_{seed}"
    if cfg.auto_matmul_prob > 0 and rng.random() < cfg.auto_matmul_prob:
        text = AutoMatmulKernel(rng, name).generate()
    elif rng.random() < cfg.cube_prob:
        if cfg.cube_family_prob > 0 and rng.random() < cfg.cube_family_prob:
            text = CubeFamilyKernel(rng, cfg, name).generate()
        else:
            text = CubeKernel(rng, cfg, name).generate()
    else:
        text = VectorKernel(rng, cfg, name).generate()
    if cfg.pipeline_prob > 0 or cfg.declare_prob > 0:
        try:
            text = add_extras(text, extras_rng(seed), pipeline_prob=cfg.pipeline_prob,
                              declare_prob=cfg.declare_prob)
        except Exception as e:  # the plain kernel does not parse: reported below
            if not check:
                return text
            raise GeneratorError(f"seed {seed}: generated kernel does not verify: {e}\n{text}") from e
    if check:
        try:
            parse_module(text)
        except Exception as e:  # any failure is a generator bug
            raise GeneratorError(f"seed {seed}: generated kernel does not verify: {e}\n{text}") from e
    return text
