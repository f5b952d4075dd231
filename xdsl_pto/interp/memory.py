"""Physical on-chip memory: one byte array per memory space, with the op that
last wrote every byte.

Addresses and sizes are in bytes. Every byte starts as
:data:`~xdsl_pto.interp.dtypes.POISON_BYTE` with writer -1 (never written).
Writers are op indices (the runner's numbering of the ops it executed).
A 4-bit tile's bytes hold two elements each (:func:`~.dtypes.pack_nibbles`):
it is packed on write and unpacked on read.
"""

from __future__ import annotations

import numpy as np
from numpy.lib.stride_tricks import as_strided

from xdsl_pto.dialects.tile.types import MemorySpace
from xdsl.dialects.builtin import Float4E2M1FNType

from xdsl_pto.interp.dtypes import numpy_dtype
from xdsl_pto.interp.dtypes import POISON_BYTE, pack_nibbles, unpack_nibbles
from xdsl_pto.interp.errors import LayoutError
from xdsl_pto.interp.layout import Placement

NEVER_WRITTEN = -1


class PhysicalMemory:
    """The on-chip memory spaces of one run.

    Args:
        capacity: bytes per memory space (a backend's capacities).
    """

    def __init__(self, capacity: dict[MemorySpace, int]):
        self.capacity = dict(capacity)
        self.data: dict[MemorySpace, np.ndarray] = {}
        self.writers: dict[MemorySpace, np.ndarray] = {}

    @property
    def fp4(self) -> np.dtype:
        """The 4-bit float dtype a packed tile unpacks to."""
        return numpy_dtype(Float4E2M1FNType())

    def _space(self, space: MemorySpace) -> tuple[np.ndarray, np.ndarray]:
        if space not in self.data:
            n = self.capacity[space]
            self.data[space] = np.full(n, POISON_BYTE, np.uint8)
            self.writers[space] = np.full(n, NEVER_WRITTEN, np.int32)
        return self.data[space], self.writers[space]

    def check(self, p: Placement, what: str) -> None:
        """Raises LayoutError when ``p`` does not fit in its space
        (``what`` names the value in the message)."""
        cap = self.capacity[p.space]
        if p.start < 0 or p.end > cap:
            raise LayoutError(
                f"{what} occupies bytes [{p.start}, {p.end}) of {p.space.value}, "
                f"outside its capacity of {cap} bytes"
            )

    @staticmethod
    def _window(buf: np.ndarray, p: Placement) -> np.ndarray:
        """A (rows, row_bytes) view of per-byte array ``buf`` over ``p``'s bytes."""
        if p.contiguous:
            n = p.rows * p.row_bytes
            return buf[p.start : p.start + n].reshape(p.rows, p.row_bytes)
        item = buf.itemsize
        base = buf[p.start : p.end]
        return as_strided(base, shape=(p.rows, p.row_bytes), strides=(p.pitch * item, item))

    def read(self, p: Placement) -> np.ndarray:
        """The tile at ``p`` as a fresh logical array of its dtype."""
        data, _ = self._space(p.space)
        raw = np.array(self._window(data, p))  # a C-contiguous copy
        if p.packed:
            return unpack_nibbles(p.to_logical(raw), self.fp4)
        return p.to_logical(raw.view(p.dtype))

    def write(self, p: Placement, value: np.ndarray, writer: int) -> None:
        """Store logical array ``value`` at ``p``, recording ``writer``."""
        data, writers = self._space(p.space)
        if p.packed:
            value = pack_nibbles(np.asarray(value, dtype=self.fp4))
        storage = np.ascontiguousarray(p.to_storage(np.asarray(value, dtype=p.dtype)))
        self._window(data, p)[...] = storage.view(np.uint8).reshape(p.rows, p.row_bytes)
        self._window(writers, p)[...] = writer

    def scribble(self, p: Placement, writer: int) -> None:
        """Overwrite ``p``'s bytes with a deterministic pattern (a written
        workspace), recording ``writer``."""
        data, writers = self._space(p.space)
        pattern = (np.arange(p.rows * p.row_bytes, dtype=np.int64) * 151 + writer * 29 + 0x5A) & 0xFF
        self._window(data, p)[...] = pattern.astype(np.uint8).reshape(p.rows, p.row_bytes)
        self._window(writers, p)[...] = writer

    def element_writers(self, p: Placement) -> np.ndarray:
        """The writer of the first byte of every element at ``p``, as an
        int32 array of the tile's logical shape."""
        _, writers = self._space(p.space)
        win = self._window(writers, p)[:, :: p.dtype.itemsize]
        out = p.to_logical(np.ascontiguousarray(win))
        return np.repeat(out, 2, axis=-1) if p.packed else out
