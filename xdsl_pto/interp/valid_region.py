"""Valid regions in the semantics of ops that honour them (the hardware loops
over a tile's valid region): where an op reads and writes, and what the rest
of its result holds (undefined: the poison pattern, the same in both run
modes)."""

from __future__ import annotations

import numpy as np

from xdsl_pto.interp.dtypes import poison
from xdsl_pto.interp.opinfo import OpMeta, TileSpec


def result_spec(meta: OpMeta) -> TileSpec:
    """The op's tile result."""
    assert meta.result is not None
    return meta.result


def valid_window(spec: TileSpec) -> tuple[slice, ...]:
    """The index of ``spec``'s static valid region (``[:VR, :VC]``)."""
    return tuple(slice(0, v) for v in spec.valid)


def undefined(spec: TileSpec) -> np.ndarray:
    """A result the op has not written yet: every byte the poison byte."""
    return poison(spec.shape, spec.dtype)


def source_region(meta: OpMeta, x: np.ndarray) -> np.ndarray:
    """Operand 0's valid region (the part a reduction reads)."""
    spec = meta.operands[0]
    assert spec is not None
    return x[valid_window(spec)]
