"""GM tensors made on demand: a tensor too large for the interpreter to hold
(a model's weight matrix) keeps only the chunks a run touches.

A :class:`LazyTensor` stands for a row-major tensor of any size. Its flat
element range is cut into chunks of :data:`CHUNK` elements; a chunk comes into
being the first time a run reads or writes an element of it, filled by the
tensor's ``fill`` function (for an input: seeded values, deterministic in
(seed, argument, chunk), so every run of the same inputs sees the same data
wherever it looks). Writes replace chunk contents; untouched chunks never
exist, so two runs over copies of one input tensor differ at most in the
chunks either touched (:func:`gm_first_difference` compares only those).

A tensor holds at most ``limit`` bytes of chunks: a run that touches more
is refused with :class:`~xdsl_pto.interp.errors.InterpError` (the data it
needs would not fit, which is what the limit protects).

Indexing supports what the interpreter's GM ops use: integers and slices per
axis (a GM window, one element), an integer array on the first axis (row
gathers) and ``reshape(-1)`` (a flat view sharing the chunks).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from xdsl_pto.interp.compare import differing, first_difference
from xdsl_pto.interp.errors import GMRangeError, InterpError

#: Elements per chunk (16,384: 32 KiB of bf16).
CHUNK = 1 << 14


class _Chunks:
    """The chunks of one flat tensor (shared by its views).

    Args:
        dtype: element dtype.
        fill: chunk number -> its :data:`CHUNK` initial elements.
        limit: the most bytes of chunks (None: no limit).
        label: names the tensor in the refusal.
    """

    def __init__(self, dtype: np.dtype, fill: Callable[[int], np.ndarray], limit: int | None, label: str):
        self.dtype = np.dtype(dtype)
        self.fill = fill
        self.limit = limit
        self.label = label
        self.data: dict[int, np.ndarray] = {}

    def peek(self, c: int) -> np.ndarray:
        """Chunk ``c`` as it is, or as it would be made (not kept)."""
        got = self.data.get(c)
        return got if got is not None else self.fill(c)

    def table(self, ids: np.ndarray) -> np.ndarray:
        """A ``(len(ids), CHUNK)`` copy of chunks ``ids``, each made when new.

        Raises:
            InterpError: when making them would exceed the limit.
        """
        new = [int(c) for c in ids if int(c) not in self.data]
        if new and self.limit is not None:
            held = (len(self.data) + len(new)) * CHUNK * self.dtype.itemsize
            if held > self.limit:
                raise InterpError(
                    f"the run touches more than {self.limit:,} bytes of {self.label} "
                    "(made on demand); the interpreter holds at most that much of one tensor"
                )
        for c in new:
            self.data[c] = np.asarray(self.fill(c), dtype=self.dtype)
        return np.stack([self.data[int(c)] for c in ids]) if len(ids) else np.zeros((0, CHUNK), self.dtype)

    def gather(self, flat: np.ndarray) -> np.ndarray:
        """The elements at flat indices ``flat`` (any shape)."""
        ids, inv = np.unique(flat // CHUNK, return_inverse=True)
        table = self.table(ids)
        return table[inv.reshape(flat.shape), flat % CHUNK]

    def scatter(self, flat: np.ndarray, values: np.ndarray) -> None:
        """Set the elements at flat indices ``flat`` (1-D) to ``values`` in
        order (the last of repeated indices wins)."""
        ids, inv = np.unique(flat // CHUNK, return_inverse=True)
        table = self.table(ids)
        table[inv, flat % CHUNK] = values
        for k, c in enumerate(ids):
            self.data[int(c)] = table[k]

    def copy(self) -> _Chunks:
        """Another tensor with the same contents (chunks are replaced, never
        changed in place, so they are shared)."""
        out = _Chunks(self.dtype, self.fill, self.limit, self.label)
        out.data = dict(self.data)
        return out


class LazyTensor:
    """A GM tensor whose elements exist only where a run touched them.

    Args:
        shape: the tensor's shape (its element count may be far beyond memory).
        dtype: element dtype.
        fill: chunk number -> the chunk's :data:`CHUNK` initial elements
            (element ``c * CHUNK + k`` of the flat tensor is ``fill(c)[k]``).
        limit: the most bytes of chunks the tensor may hold (None: no limit).
        label: names the tensor in messages (e.g. ``%w of @k``).

    Attributes:
        reach: per axis, one past the largest index any access used (0: never
            accessed) -- how large that axis must be for the run.
        probe_axes: the axes whose length is the probe's stand-in for a
            dynamic extent (set by the differential check's probe run): a
            window past it is past any length, not past the tensor's.
    """

    probe_axes: frozenset[int] = frozenset()

    def __init__(
        self,
        shape: tuple[int, ...],
        dtype: np.dtype,
        fill: Callable[[int], np.ndarray],
        limit: int | None = None,
        label: str = "a GM tensor",
        *,
        _chunks: _Chunks | None = None,
        _base: LazyTensor | None = None,
    ):
        self.shape = tuple(int(d) for d in shape)
        self._chunks = _chunks if _chunks is not None else _Chunks(dtype, fill, limit, label)
        self._base = _base
        self.reach = [0] * len(self.shape)
        self._strides = tuple(int(np.prod(self.shape[k + 1 :], dtype=np.int64)) for k in range(len(self.shape)))

    @property
    def dtype(self) -> np.dtype:
        """The element dtype."""
        return self._chunks.dtype

    @property
    def ndim(self) -> int:
        """The rank."""
        return len(self.shape)

    @property
    def size(self) -> int:
        """The element count."""
        return int(np.prod(self.shape, dtype=np.int64))

    @property
    def nbytes(self) -> int:
        """The bytes the whole tensor would hold."""
        return self.size * self.dtype.itemsize

    @property
    def held_bytes(self) -> int:
        """The bytes of the chunks made so far."""
        return len(self._chunks.data) * CHUNK * self.dtype.itemsize

    def copy(self) -> LazyTensor:
        """An independent tensor with the same contents (same fill)."""
        out = LazyTensor(self.shape, self.dtype, self._chunks.fill, _chunks=self._chunks.copy())
        out.probe_axes = self.probe_axes
        return out

    def reshape(self, *shape: Any) -> LazyTensor:
        """A view of another shape sharing the elements (``-1`` allowed once)."""
        dims = list(shape[0]) if len(shape) == 1 and isinstance(shape[0], (tuple, list)) else list(shape)
        if -1 in dims:
            known = int(np.prod([d for d in dims if d != -1], dtype=np.int64))
            dims[dims.index(-1)] = self.size // max(known, 1)
        if int(np.prod(dims, dtype=np.int64)) != self.size:
            raise ValueError(f"cannot reshape a tensor of {self.size} elements to {dims}")
        return LazyTensor(tuple(dims), self.dtype, self._chunks.fill, _chunks=self._chunks, _base=self._base or self)

    def __array__(self, *args: Any, **kwargs: Any) -> np.ndarray:
        raise InterpError(f"{self._chunks.label} is made on demand and cannot be used whole")

    def _flat(self, key: Any) -> np.ndarray:
        """The flat indices ``key`` selects, in the shape numpy would give.

        Raises:
            InterpError: for an index outside the tensor or an indexing form
                the interpreter's GM ops never use.
        """
        items = list(key) if isinstance(key, tuple) else [key]
        if len(items) > self.ndim:
            raise InterpError(f"{len(items)} indices for a rank-{self.ndim} GM tensor")
        items += [slice(None)] * (self.ndim - len(items))
        coords: list[np.ndarray] = []
        out_dims: list[int] = []
        lead: tuple[int, ...] = ()
        for axis, (item, n) in enumerate(zip(items, self.shape)):
            if isinstance(item, slice):
                start, stop, step = item.indices(n)
                c = np.arange(start, stop, step, dtype=np.int64)
                out_dims.append(axis)
            elif isinstance(item, np.ndarray) and item.ndim > 0:
                if axis != 0:
                    raise InterpError("an index array of a GM tensor made on demand must be on its first axis")
                c = item.astype(np.int64)
                lead = c.shape
            else:
                c = np.array(int(item), dtype=np.int64)
            if c.size and (c.min() < 0 or c.max() >= n):
                bad = int(c[(c < 0) | (c >= n)].reshape(-1)[0])
                raise GMRangeError(f"index {bad} on axis {axis} is outside the GM tensor's {n} elements")
            coords.append(c)
        shape = lead + tuple(len(coords[a]) for a in out_dims)
        flat = np.zeros(shape, np.int64)
        pos = len(lead)
        for axis, c in enumerate(coords):
            if axis in out_dims:
                view = c.reshape((1,) * pos + (len(c),) + (1,) * (len(shape) - pos - 1))
                pos += 1
            elif c.ndim:
                view = c.reshape(c.shape + (1,) * (len(shape) - c.ndim))
            else:
                view = c
            flat = flat + view * self._strides[axis]
        self._note_reach(coords, flat)
        return flat

    def _note_reach(self, coords: list[np.ndarray], flat: np.ndarray) -> None:
        if flat.size == 0:
            return
        if self._base is None:
            for axis, c in enumerate(coords):
                if c.size:
                    self.reach[axis] = max(self.reach[axis], int(c.max()) + 1)
            return
        base = self._base
        for axis, c in enumerate(np.unravel_index(flat.reshape(-1), base.shape)):
            base.reach[axis] = max(base.reach[axis], int(c.max()) + 1)

    def __getitem__(self, key: Any) -> Any:
        values = self._chunks.gather(self._flat(key))
        return values[()] if values.ndim == 0 else values

    def __setitem__(self, key: Any, value: Any) -> None:
        flat = self._flat(key)
        values = np.broadcast_to(np.asarray(value).astype(self.dtype, copy=False), flat.shape)
        self._chunks.scatter(flat.reshape(-1), values.reshape(-1))

    def touched(self) -> list[int]:
        """The chunk numbers made so far, ascending."""
        return sorted(self._chunks.data)

    def chunk(self, c: int) -> np.ndarray:
        """Chunk ``c``'s elements (made as it would be when never touched;
        not kept)."""
        return self._chunks.peek(c)


def is_gm_array(x: Any) -> bool:
    """True for a GM tensor value of a run: a numpy array or a :class:`LazyTensor`."""
    return isinstance(x, (np.ndarray, LazyTensor))


def table_like(gm: Any, dtype: Any, fill: int) -> Any:
    """A per-element table of ``gm``'s shape filled with ``fill``: a numpy
    array, or a :class:`LazyTensor` (no limit) for a tensor made on demand."""
    if isinstance(gm, LazyTensor):
        chunk = np.full(CHUNK, fill, dtype)
        return LazyTensor(gm.shape, np.dtype(dtype), lambda c: chunk)
    return np.full(gm.shape, fill, dtype)


def gm_first_difference(expected: Any, got: Any, rtol: float = 0.0) -> tuple[int, ...] | None:
    """The first (row-major) index where two GM tensors differ, or None; two
    :class:`LazyTensor` are compared over the chunks either run touched (the
    rest holds the same made-on-demand values in both)."""
    if not isinstance(expected, LazyTensor) or not isinstance(got, LazyTensor):
        return first_difference(np.asarray(expected), np.asarray(got), rtol)
    if expected.shape != got.shape or expected.dtype != got.dtype:
        raise ValueError(f"cannot compare {expected.dtype}{list(expected.shape)} with {got.dtype}{list(got.shape)}")
    for c in sorted(set(expected.touched()) | set(got.touched())):
        n = min(CHUNK, expected.size - c * CHUNK)
        diff = differing(expected.chunk(c)[:n], got.chunk(c)[:n], rtol)
        if diff.any():
            flat = c * CHUNK + int(np.argmax(diff))
            return tuple(int(i) for i in np.unravel_index(flat, expected.shape))
    return None
