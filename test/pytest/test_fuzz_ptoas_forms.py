"""The kernel generators emit what ptoas (v0.48) takes on every target
(issue 21): element types its ops take (``PtoasElements`` on the op
definitions, :func:`xdsl_pto.fuzz.builder.ptoas_takes`), tprelu tmps it
takes, trem tmps of the result's element type, no Mat -> Mat move, i8 Mat
tiles whose columns fill whole boxes. The generator does not know the
backend, so only what one target refuses and another takes is left to the
campaign's ``ptoas refuses`` rejection (a store from Mat, refused on a5).
"""

from __future__ import annotations

import pytest
from xdsl.dialects.builtin import IntegerType

from xdsl_pto.dialects.tile.ptoas_traits import PtoasCheck, PtoasElements, element_kind
from xdsl_pto.dialects.tile.types import MemorySpace, TileType
from xdsl_pto.fuzz import generate_kernel
from xdsl_pto.fuzz.builder import PTOAS_TARGETS, TileTy, ptoas_takes
from xdsl_pto.fuzz.generate import PRESETS
from xdsl_pto.fuzz.targets import TargetOps
from xdsl_pto.tools.session import parse_module

SEEDS = range(60)


def _modules(preset: str):
    for seed in SEEDS:
        yield seed, parse_module(generate_kernel(seed, config=PRESETS[preset]))


@pytest.mark.parametrize("preset", ["default", "targets", "matmuls", "pipelines"])
def test_generated_ops_are_what_ptoas_takes(preset):
    bad = []
    for seed, module in _modules(preset):
        for op in module.walk():
            elems = op.get_trait(PtoasElements)
            if elems is not None:
                value = op.results[0] if elems.operand is None else op.operands[elems.operand]
                kind = element_kind(value.type.element_type)
                if not all(kind in elems.allowed(t) for t in PTOAS_TARGETS):
                    bad.append(f"seed {seed}: {op.name} on {kind}")
            for check in op.get_traits_of_type(PtoasCheck):
                for t in PTOAS_TARGETS:
                    reason = check.check(op, t)
                    # the one rule left to the campaign: a5 stores from vec / acc only
                    if reason is not None and not reason.startswith("stores to GM from vec or acc only"):
                        bad.append(f"seed {seed}: {op.name} on {t}: {reason}")
            if op.name == "tile.move":
                src, dst = op.operands[0].type, op.results[0].type
                if src.memory_space is MemorySpace.MAT and dst.memory_space is MemorySpace.MAT:
                    bad.append(f"seed {seed}: a mat -> mat move")
            for r in op.results:
                t = r.type
                if (
                    isinstance(t, TileType)
                    and t.memory_space is MemorySpace.MAT
                    and isinstance(t.element_type, IntegerType)
                    and t.element_type.width.data == 8
                    and t.get_shape()[-1] % 32
                ):
                    bad.append(f"seed {seed}: i8 mat tile {t.get_shape()}")
    assert not bad, "\n".join(bad[:10])


def test_ptoas_takes_reads_the_op_definitions():
    assert ptoas_takes("add", "f16") and ptoas_takes("add", "i32")
    assert not ptoas_takes("add", "bf16")  # a3 takes no bf16 tadd (a5 does)
    assert not ptoas_takes("maximum", "i8")  # a5 takes i8, a3 does not
    assert not ptoas_takes("abs", "i32")
    assert ptoas_takes("relu", "i32") and not ptoas_takes("relu", "i16")
    assert ptoas_takes("cast", "bf16")  # no element rule: every cast is taken
    with pytest.raises(KeyError):
        ptoas_takes("nonsense", "f32")


@pytest.mark.parametrize(
    "ty, want",
    [
        (TileTy(16, 64, "f32"), TileTy(17, 32, "ui8")),
        (TileTy(1, 8, "f16"), TileTy(2, 32, "ui8")),
        (TileTy(8, 512, "f32"), TileTy(9, 64, "ui8")),
    ],
)
def test_prelu_tmp_is_what_ptoas_takes(ty, want):
    assert TargetOps.prelu_tmp_ty(ty) == want
