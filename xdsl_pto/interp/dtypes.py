"""Element types as numpy dtypes, and runtime scalars as numpy values.

Tile and GM element types map to numpy dtypes (``bf16`` through
``ml_dtypes.bfloat16``, imported by :func:`bf16` the first time a bf16 type
is met: the import costs ~0.6 s of CPU, more than numpy's, and most runs
have no bf16 value). Scalars reach the interpreter as xDSL attributes
(``IntegerAttr`` / ``FloatAttr``, as xDSL's own arith/scf implementations
produce them); :func:`scalar_value` turns one into a 0-d numpy array of the
element type so every op computes with exactly typed operands.
"""

from __future__ import annotations

import functools
import sys
from typing import Any

import numpy as np
from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    Float64Type,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    Signedness,
)
from xdsl.ir import Attribute

from xdsl_pto.interp.errors import InterpError



@functools.cache
def bf16() -> np.dtype:
    """numpy's bfloat16 dtype (``ml_dtypes.bfloat16``, imported now)."""
    import ml_dtypes

    return np.dtype(ml_dtypes.bfloat16)


#: The MX element types and their ml_dtypes names. numpy keeps a
#: ``float4_e2m1fn`` value in a byte of its own (its 4-bit code in the low
#: nibble); on chip two share a byte (:func:`pack_nibbles`), which the
#: physical memory does (:mod:`.memory`).
_MX_DTYPES = {"f8E4M3FN": "float8_e4m3fn", "f8E8M0FNU": "float8_e8m0fnu", "f4E2M1FN": "float4_e2m1fn"}

#: ml_dtypes' name of the 4-bit float (two per byte on chip).
FP4_NAME = "float4_e2m1fn"


def is_packed(dtype: np.dtype) -> bool:
    """True for a 4-bit dtype (``float4_e2m1fn``): two elements per byte on chip."""
    return dtype.name == FP4_NAME


def pack_nibbles(values: np.ndarray) -> np.ndarray:
    """Pairs of 4-bit elements along the last axis packed into bytes: element
    ``2j`` in the low nibble of byte ``j``, ``2j + 1`` in the high one (the
    order ml_dtypes and OCP MX use for packed fp4; the sheet does not state
    PTO's, so it is our reading). ``values`` has an even last extent; the
    result is uint8 with that extent halved."""
    codes = np.ascontiguousarray(values).view(np.uint8) & 0x0F
    return (codes[..., 0::2] | (codes[..., 1::2] << 4)).astype(np.uint8)


def unpack_nibbles(packed: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """The inverse of :func:`pack_nibbles`: uint8 bytes -> ``dtype`` (4-bit)
    elements, the last extent doubled."""
    out = np.empty((*packed.shape[:-1], packed.shape[-1] * 2), np.uint8)
    out[..., 0::2] = packed & 0x0F
    out[..., 1::2] = packed >> 4
    return out.view(dtype)


def is_e8m0(dtype: np.dtype) -> bool:
    """True for the e8m0 scale dtype (powers of two only, no sign)."""
    return "ml_dtypes" in sys.modules and dtype.name == "float8_e8m0fnu"


def _is_bf16(dtype: np.dtype) -> bool:
    """True for the bfloat16 dtype (never, before ml_dtypes was imported:
    no bf16 array exists then)."""
    return "ml_dtypes" in sys.modules and dtype == bf16()


# Byte written over every byte of a tile with undefined contents (logical
# tile.create) and of every on-chip byte before a physical run starts: 0xFF is
# a NaN in every float type and -1 / the maximum in every integer type.
POISON_BYTE = 0xFF


@functools.cache
def numpy_dtype(elem: Attribute) -> np.dtype:
    """The numpy dtype of an element type (f32, f16, bf16, f64, i1, iN, uiN).

    Raises:
        InterpError: for an element type with no numpy counterpart.
    """
    if isinstance(elem, Float32Type):
        return np.dtype(np.float32)
    if isinstance(elem, Float16Type):
        return np.dtype(np.float16)
    if isinstance(elem, BFloat16Type):
        return bf16()
    if isinstance(elem, Float64Type):
        return np.dtype(np.float64)
    mx = _MX_DTYPES.get(str(elem))
    if mx is not None:
        import ml_dtypes

        return np.dtype(getattr(ml_dtypes, mx))
    if isinstance(elem, IntegerType):
        width = elem.width.data
        if width == 1:
            return np.dtype(np.bool_)
        unsigned = elem.signedness.data is Signedness.UNSIGNED
        if width in (8, 16, 32, 64):
            return np.dtype(f"{'u' if unsigned else ''}int{width}")
    if isinstance(elem, IndexType):
        return np.dtype(np.int64)
    raise InterpError(f"element type {elem} is not supported by the interpreter")


def is_float(dtype: np.dtype) -> bool:
    """True for f16, bf16, f32, f64 and the MX floats."""
    return _is_bf16(dtype) or np.issubdtype(dtype, np.floating) or dtype.name.startswith("float")


def compute_dtype(dtype: np.dtype) -> np.dtype:
    """The dtype arithmetic on ``dtype`` is carried out in: f32 for f16 and
    bf16 (each result is rounded back once), the dtype itself otherwise."""
    if dtype == np.float16 or _is_bf16(dtype):
        return np.dtype(np.float32)
    return dtype


def uint_of(dtype: np.dtype) -> np.dtype:
    """The unsigned integer dtype of ``dtype``'s width (to look at its bits)."""
    return np.dtype(f"uint{dtype.itemsize * 8}")


def poison(shape: tuple[int, ...], dtype: np.dtype) -> np.ndarray:
    """A ``shape`` array of ``dtype`` whose every byte is :data:`POISON_BYTE`."""
    n = int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
    if is_packed(dtype):  # the value a poisoned byte unpacks to in each nibble
        return np.full(n, POISON_BYTE & 0x0F, np.uint8).view(dtype).reshape(shape)
    return np.full(n, POISON_BYTE, np.uint8).view(dtype).reshape(shape)


def scalar_value(value: Any, typ: Attribute) -> Any:
    """The numpy value of a runtime scalar of type ``typ``.

    ``index`` -> Python int, ``i1`` -> bool, other integers and floats -> a
    0-d array of the type's dtype (integers wrap to the width). Anything that
    is not an ``IntegerAttr`` / ``FloatAttr`` is returned unchanged.
    """
    if isinstance(value, IntegerAttr):
        v = value.value.data
        if isinstance(typ, IndexType):
            return int(v)
        dtype = numpy_dtype(typ)
        if dtype == np.bool_:
            return bool(v)
        bits = dtype.itemsize * 8
        return np.array(v % (1 << bits), dtype=uint_of(dtype)).view(dtype)
    if isinstance(value, FloatAttr):
        return np.array(value.value.data, dtype=np.float64).astype(numpy_dtype(typ))
    return value


def interp_scalar(value: Any, typ: Attribute) -> IntegerAttr | FloatAttr:
    """A scalar op result (a 0-d array or number) as the interpreter's value
    of type ``typ``: an ``IntegerAttr`` (integers keep their bits, an
    unsigned one stays non-negative) or a ``FloatAttr`` (the inverse of
    :func:`scalar_value`)."""
    if isinstance(typ, IndexType):
        return IntegerAttr(int(value), IntegerType(64))
    if isinstance(typ, IntegerType):
        return IntegerAttr(int(np.asarray(value).astype(np.int64)), typ, truncate_bits=True)
    return FloatAttr(float(np.asarray(value).astype(np.float64)), typ)
