"""Semantics of the fill / pad ops of issue 23 (reference/tile-op-semantics.md
section 5): ``dst = full(shape, P); dst[:VR, :VC] = src[:VR, :VC]`` with the
source's valid region and ``P`` the pad value the result type's ``pad``
field names: 0 for ``zero`` (1), +inf / the type's largest integer for
``max`` (2), -inf / its smallest for ``min`` (3). The hardware loops over
the destination's valid region: a ``fillpad`` / ``fillpad_expand`` result
whose valid shape is smaller than its shape (``[0, 0]`` on the reference's
idle vector lane) is written there only; the rest is undefined (poison).
``fillpad_inplace`` keeps its tile's valid shape and fills the rest.
"""

from __future__ import annotations

import numpy as np

from xdsl_pto.dialects.tile import fillpad_ops as fill
from xdsl_pto.interp.dtypes import is_float
from xdsl_pto.interp.errors import InterpError
from xdsl_pto.interp.opinfo import OpMeta, TileSpec
from xdsl_pto.interp.semantics import semantics
from xdsl_pto.interp.valid_region import result_spec, undefined, valid_window


def pad_value(spec: TileSpec) -> np.ndarray:
    """The pad value ``spec``'s ``pad`` field names, as a 0-d array of its dtype.

    Raises:
        InterpError: for ``pad = 0`` (no pad value; the verifiers refuse it).
    """
    dtype = spec.dtype
    if spec.pad == 1:
        return np.zeros((), dtype)
    if spec.pad not in (2, 3):
        raise InterpError(f"a tile type with pad = {spec.pad} names no pad value")
    top = spec.pad == 2
    if is_float(dtype):
        return np.array(np.inf if top else -np.inf).astype(dtype)
    info = np.iinfo(dtype)
    return np.array(info.max if top else info.min, dtype)


@semantics(fill.FillpadOp, fill.FillpadExpandOp, fill.FillpadInplaceOp)
def fillpad(meta: OpMeta, src: np.ndarray) -> np.ndarray:
    """The source's valid region in a tile of the result's shape filled with
    the result's pad value (``fillpad_inplace``: the same tile, whose valid
    region is the source's); a fillpad / fillpad_expand writes its result's
    valid region only, the rest is undefined."""
    res = result_spec(meta)
    spec = meta.operands[0]
    assert spec is not None
    out = np.full(res.shape, pad_value(res), res.dtype)
    window = valid_window(spec)
    out[window] = src[window]
    if isinstance(meta.op, fill.FillpadInplaceOp) or tuple(res.valid) == tuple(res.shape):
        return out
    written = valid_window(res)
    result = undefined(res)
    result[written] = out[written]
    return result
