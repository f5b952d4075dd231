"""Where a tile value's elements live: memory order, row pitch and byte address.

Storage model (physical mode). A 2-D tile is stored as *storage rows*: its
rows when row-major, its columns when ``blayout = col_major``. Storage rows
hold ``row_bytes`` bytes each and start ``pitch`` bytes apart. A 1-D tile is
one storage row. A tile value's first byte is its root's address (the
``addr`` of the ``tile.alloc`` its MemRef names) plus its MemRef ``offset``,
read from the value's OWN type at every use.

Order and pitch come from the IR, never from runtime values:

* a ``tile.slice`` result keeps the memory order of the first non-slice
  source up its chain and that source's leading dimension as its pitch
  (``SliceOp.pitch``, the rule ``init-memref``'s byte windows use);
* an in-place result (``Reuses(i)``) is laid out like operand ``i``;
* any other value whose MemRef is larger than its data (a loop carry or an
  if result merged with a slice, a carry move retargeted onto one) is a
  strided window; its pitch is read off the MemRef size (the hull
  ``(rows - 1) * pitch + row_bytes``);
* any other value is dense in its own ``blayout``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from xdsl.ir import Operation, SSAValue

from xdsl_pto.dialects.tile.traits import Reuses
from xdsl_pto.dialects.tile.types import MemorySpace, TileType, element_bytes
from xdsl_pto.dialects.tile.view_ops import SliceOp
from xdsl_pto.interp.dtypes import is_packed, numpy_dtype
from xdsl_pto.interp.errors import InterpError


def is_col_major(t: TileType) -> bool:
    """True when a 2-D tile type stores its columns contiguously."""
    return len(t.get_shape()) == 2 and t.blayout.data == "col_major"


@dataclass(frozen=True)
class Storage:
    """Memory order and row pitch (elements; None = dense) of a value."""

    col_major: bool
    pitch: int | None


def storage_of(value: SSAValue) -> Storage:
    """The memory order and pitch of tile ``value`` (see the module doc)."""
    t = value.type
    assert isinstance(t, TileType)
    owner = value.owner
    if isinstance(owner, SliceOp):
        base = owner.source
        while isinstance(base.owner, SliceOp):
            base = base.owner.source
        base_t = base.type
        assert isinstance(base_t, TileType)
        return Storage(is_col_major(base_t), owner.pitch())
    if isinstance(owner, Operation):
        reuse = owner.get_trait(Reuses)
        if reuse is not None and reuse.index < len(owner.operands):
            return storage_of(owner.operands[reuse.index])
    return _storage_from_memref(t)


def _storage_from_memref(t: TileType) -> Storage:
    """Dense in ``t``'s own order, unless its MemRef is larger than the data:
    then a strided window whose pitch the MemRef's size (the hull
    ``(rows - 1) * pitch + row_bytes``) implies, in ``t``'s own order if that
    gives a whole pitch, else in the other order (a column window ``[M, 1]``
    of a row-major tile)."""
    own = is_col_major(t)
    m = t.get_memref()
    shape = t.get_shape()
    if m is None or len(shape) != 2:
        return Storage(own, None)
    eb = element_bytes(t.element_type)
    for col_major in (own, not own):
        rows, cols = (shape[1], shape[0]) if col_major else shape
        extra = m.size.data - cols * eb
        if rows < 2 or m.size.data <= rows * cols * eb or extra % ((rows - 1) * eb):
            continue
        return Storage(col_major, extra // ((rows - 1) * eb))
    return Storage(own, None)


@dataclass(frozen=True)
class Placement:
    """The bytes of one tile value in its memory space.

    Attributes:
        space: the memory space.
        start: byte address of the first element in the space.
        rows: storage rows (rows, or columns when col-major).
        row_bytes: data bytes per storage row.
        pitch: bytes from one storage row's start to the next (>= row_bytes).
        dtype: the element dtype.
        shape: the tile's logical shape (elements); for a packed tile the
            shape of its byte pairs (the last extent halved).
        col_major: storage rows are columns.
        packed: a 4-bit tile stored as bytes of element pairs (``dtype``
            is then uint8; :class:`.memory.PhysicalMemory` packs and unpacks).
    """

    space: MemorySpace
    start: int
    rows: int
    row_bytes: int
    pitch: int
    dtype: np.dtype
    shape: tuple[int, ...]
    col_major: bool
    packed: bool = False

    @property
    def end(self) -> int:
        """One past the last byte touched."""
        return self.start + (self.rows - 1) * self.pitch + self.row_bytes

    @property
    def contiguous(self) -> bool:
        """True when the data is one run of bytes."""
        return self.rows == 1 or self.pitch == self.row_bytes

    def storage_shape(self) -> tuple[int, int]:
        """(storage rows, elements per storage row)."""
        return self.rows, self.row_bytes // self.dtype.itemsize

    def to_logical(self, storage: np.ndarray) -> np.ndarray:
        """A ``storage_shape()`` array as the tile's logical array."""
        return (storage.T if self.col_major else storage).reshape(self.shape)

    def to_storage(self, logical: np.ndarray) -> np.ndarray:
        """The tile's logical array as a ``storage_shape()`` array."""
        if self.col_major:
            return logical.reshape(self.shape).T
        return logical.reshape(self.storage_shape())


def placement(value: SSAValue, base_address: int, storage: Storage) -> Placement:
    """The placement of tile ``value`` whose first byte is ``base_address``
    (its root's ``addr`` plus its MemRef offset)."""
    t = value.type
    assert isinstance(t, TileType)
    shape = t.get_shape()
    dtype = numpy_dtype(t.element_type)
    eb = element_bytes(t.element_type)
    if is_packed(dtype):
        # a 4-bit tile is stored as the byte tile of its pairs along the
        # last axis (ptoas's [R, C/2] tile_buf of f4E2M1x2 elements)
        return placement_of_pairs(t, base_address, storage)
    if len(shape) == 1:
        return Placement(t.memory_space, base_address, 1, shape[0] * eb, shape[0] * eb, dtype, shape, False)
    if len(shape) > 2:
        # a batched tile: its 2-D slabs one after another (batch-major),
        # each dense in its own order
        rows = 1
        for d in shape[:-1]:
            rows *= d
        return Placement(t.memory_space, base_address, rows, shape[-1] * eb, shape[-1] * eb, dtype, shape, False)
    rows, cols = (shape[1], shape[0]) if storage.col_major else shape
    pitch = (storage.pitch if storage.pitch is not None else cols) * eb
    return Placement(t.memory_space, base_address, rows, cols * eb, pitch, dtype, shape, storage.col_major)


def placement_of_pairs(t: TileType, base_address: int, storage: Storage) -> Placement:
    """The placement of a 4-bit tile of type ``t``: that of a byte tile of
    its shape with the last extent halved (each byte a pair, see
    :func:`xdsl_pto.interp.dtypes.pack_nibbles`), marked ``packed``."""
    shape = t.get_shape()
    pairs = (*shape[:-1], shape[-1] // 2)
    u8 = np.dtype(np.uint8)
    if len(pairs) == 1:
        return Placement(t.memory_space, base_address, 1, pairs[0], pairs[0], u8, pairs, False, True)
    if len(pairs) > 2:
        rows = 1
        for d in pairs[:-1]:
            rows *= d
        return Placement(t.memory_space, base_address, rows, pairs[-1], pairs[-1], u8, pairs, False, True)
    if storage.pitch is not None:
        raise InterpError(f"a strided window of a {t.element_type} tile is not run (two elements per byte)")
    rows, cols = (pairs[1], pairs[0]) if storage.col_major else pairs
    pitch = cols
    return Placement(t.memory_space, base_address, rows, cols, pitch, u8, pairs, storage.col_major, True)
