"""Running one tile op in a mode: where operands come from, where results go.

* :class:`LogicalExecutor` -- every tile value is its own numpy array.
* :class:`PhysicalExecutor` -- every memory space is one byte array; a tile
  operand is read from the bytes its own type's MemRef names, a result is
  written to the bytes the result type's MemRef names. The interpreter value
  of a tile is an :class:`OnChip` that carries no address (only, when reads
  are checked, the logical "shadow" value the bytes should hold).

Both call the same function of :mod:`xdsl_pto.interp.semantics`.

Cross-core pipes: a ``tpop`` result (and every view of it) lives in the
pipe's reserved storage, not on chip: both modes keep it as an array in a
separate pipe store (physical mode never gives it bytes). The ``count``-th pop
of a pipe gets the same seeded data in both modes; every ``tpush`` records the
pushed tile as an output of the run (:attr:`TileExecutor.pushes`), compared by
the differential check like a GM tensor.

Physical hazards modelled: views move no data; operands with the
``Workspace(i)`` trait are overwritten with a scribble pattern after the op
reads them; an operand the result must not share bytes with (``NotInplaceSafe``,
``NoAlias(i)``, a width-changing cast) is read after the result's bytes were
clobbered when the two overlap (the op writes while it still reads). Any
other operand is read before the result is written.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np
from xdsl.dialects import func
from xdsl.interpreter import PythonValues
from xdsl.interpreters.builtin import scalar_attr
from xdsl.ir import Operation, SSAValue

from xdsl_pto.diagnostics import op_location
from xdsl_pto.dialects.tile.cross_core_ops import is_tpush, pipe_attrs
from xdsl_pto.dialects.tile.data_ops import AllocOp, CreateOp, StoreOp
from xdsl_pto.dialects.tile.pipe_setup_ops import PIPE_SETUP_OPS, ReserveBufferOp
from xdsl_pto.dialects.tile.scalar_access_ops import BLOCK_QUERY_OPS
from xdsl_pto.dialects.tile.traits import Barrier, is_pipe_resident, is_tpop, view_source
from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.dialects.tile.view_ops import ReshapeOp
from xdsl_pto.dialects.tile.windows import physical_offset
from xdsl_pto.interp.compare import first_difference
from xdsl_pto.interp.dtypes import interp_scalar, scalar_value
from xdsl_pto.interp.errors import InterpError, LayoutError
from xdsl_pto.interp.lazy_gm import is_gm_array, table_like
from xdsl_pto.interp.layout import Placement, placement, storage_of
from xdsl_pto.interp.memory import PhysicalMemory
from xdsl_pto.interp.opinfo import OpMeta, TileSpec, op_meta
from xdsl_pto.interp.provenance import Divergence, Provenance, describe_value
from xdsl_pto.interp.semantics_views import runtime_valid_after
from xdsl_pto.interp.semantics import (
    SEMANTICS,
    apply_semantics,
    gm_window,
    semantically_read,
    stored_shape,
)
from xdsl_pto.transforms.common import loop_of


class _DynamicOps:
    """``op in`` it: True when a tile operand or result of ``op`` has a
    runtime valid extent (cached per op)."""

    def __init__(self) -> None:
        self._known: dict[Operation, bool] = {}

    def __contains__(self, op: Operation) -> bool:
        hit = self._known.get(op)
        if hit is None:
            values = (*op.operands, *op.results)
            hit = self._known[op] = any(isinstance(v.type, TileType) and v.type.has_dynamic_valid for v in values)
        return hit


def with_runtime_valid(meta: OpMeta, known: dict[SSAValue, tuple[int, ...]]) -> OpMeta:
    """``meta`` with the valid shape of every operand or result whose type
    has a ``?`` extent replaced by its recorded runtime extents (a result
    not recorded yet keeps its bound).

    Raises:
        InterpError: for an operand whose runtime extents are unknown.
    """
    op = meta.op

    def spec(v: SSAValue, s: TileSpec | None, operand: bool) -> TileSpec | None:
        if s is None or not v.type.has_dynamic_valid:  # type: ignore[attr-defined]
            return s
        if v in known:
            return replace(s, valid=known[v])
        if operand:
            raise InterpError(f"{describe_value(v)} has a runtime valid extent ('?') that no tile.set_validshape gave")
        return s

    operands = tuple(spec(v, s, True) for v, s in zip(op.operands, meta.operands))
    result = meta.result
    first = next((r for r in op.results if isinstance(r.type, TileType)), None)
    if first is not None:
        result = spec(first, result, False)
    return replace(meta, operands=operands, result=result)


def located(err: InterpError, op: Operation) -> InterpError:
    """``err`` with ``file:line:col: op.name:`` in front (once)."""
    if getattr(err, "op", None) is not None:
        return err
    text = str(err)
    named = text if text.startswith(f"{op.name}:") else f"{op.name}: {text}"
    new = type(err)(f"{op_location(op)}: {named}")
    new.op = op  # type: ignore[attr-defined]
    return new


class TileExecutor:
    """What both modes share: per-op metadata, op numbering, GM store
    provenance, the cross-core pipes.

    Args:
        gm_args: the run's function arguments (numpy arrays for GM tensors,
            anything else for scalars).
        target: ``a2``, ``a3`` or ``a5``, whose no-alias rules the op
            metadata follows; None = unknown (every rule binds).
        pipe_seed: the seed of the tiles the run's pops receive.
        block: the SPMD block this run is, ``(index, count)``: what
            ``tile.get_block_idx`` / ``get_block_num`` return.

    Attributes:
        pushes: every tile pushed (``tpush_to_aic``/``aiv``), in execution
            order.
        work: the tile ops run so far that have a tile operand or result
            (they move or compute tile data; the pipe setup, barriers and
            block queries do not count): 0 after a run whose loops ran no
            iteration -- a vacuous run (:mod:`xdsl_pto.interp.input_search`).
    """

    def __init__(
        self, gm_args: list[Any], target: str | None = None, pipe_seed: int = 0, block: tuple[int, int] = (0, 1)
    ):
        self.block = block
        self._meta: dict[Operation, OpMeta] = {}
        self._index: dict[Operation, int] = {}
        #: The runtime valid extents of the values whose type has a '?' one.
        self.runtime_valid: dict[SSAValue, tuple[int, ...]] = {}
        self._dynamic_ops = _DynamicOps()
        self._gm: dict[int, int] = {}
        self.target = target
        self.pipe_seed = pipe_seed
        self._pops: dict[tuple[type[Operation], int], int] = {}
        self.pushes: list[np.ndarray] = []
        self.work = 0
        self.provenance = Provenance()
        for i, a in enumerate(gm_args):
            is_gm = is_gm_array(a)
            if is_gm:
                self._gm[id(a)] = i
            self.provenance.stored_by.append(table_like(a, np.int32, -1) if is_gm else None)
            self.provenance.stored_from.append(None)

    def meta(self, op: Operation) -> OpMeta:
        """The cached :class:`OpMeta` of ``op``; where a tile operand or
        result has a runtime valid extent (``?``), the extents this run
        recorded for it (:func:`~.semantics_views.runtime_valid_after`)
        replace the static bound, so it is not cached."""
        m = self._meta.get(op)
        if m is None:
            m = self._meta[op] = op_meta(op, self.target)
        if op in self._dynamic_ops:
            m = with_runtime_valid(m, self.runtime_valid)
        return m

    def index_of(self, op: Operation) -> int:
        """``op``'s number in :attr:`Provenance.ops`."""
        i = self._index.get(op)
        if i is None:
            i = self._index[op] = len(self.provenance.ops)
            self.provenance.ops.append(op)
        return i

    @staticmethod
    def values(op: Operation, args: PythonValues) -> list[Any]:
        """Interpreter values as semantics operands (scalars converted)."""
        return [scalar_value(a, v.type) for a, v in zip(args, op.operands)]

    def record_store(self, op: StoreOp, vals: list[Any], sources: np.ndarray | None) -> None:
        """Note that ``op`` wrote its GM window (``sources``: the on-chip
        writer of every stored element, physical mode)."""
        gm = vals[1]
        arg = self._gm.get(id(gm))
        if arg is None:
            return
        tile_shape = stored_shape(self.meta(op), vals[0])
        idx = gm_window(gm, list(vals[2:]), tile_shape, "tile.store")
        by = self.provenance.stored_by[arg]
        assert by is not None
        by[idx] = self.index_of(op)
        if sources is not None:
            table = self.provenance.stored_from[arg]
            if table is None:
                table = self.provenance.stored_from[arg] = table_like(gm, np.int32, -1)
            part = sources[tuple(slice(0, n) for n in tile_shape)] if sources.shape == tuple(vals[0].shape) else sources
            table[idx] = part.reshape(table[idx].shape)

    def pop_operands(self, op: Operation) -> list[int]:
        """The semantics operands of a ``tpop``: ``[pipe seed, count]``,
        ``count`` the pops of the same pipe (direction and ``id``) before
        this one in the run -- not the op's position, so a pipelined copy of
        a loop pops the same sequence as the original."""
        _, pipe_id = pipe_attrs(op)
        key = (type(op), pipe_id or 0)
        count = self._pops.get(key, 0)
        self._pops[key] = count + 1
        return [self.pipe_seed, count]

    def record_push(self, op: Operation, tile: np.ndarray, sources: np.ndarray | None) -> None:
        """Note the tile ``op`` pushed (``sources``: the writer of every
        element, physical mode)."""
        self.pushes.append(tile)
        self.provenance.pushed_by.append(self.index_of(op))
        self.provenance.pushed_from.append(sources)

    def execute(self, op: Operation, args: PythonValues) -> PythonValues:
        """Run ``op``; an InterpError is re-raised naming the op.

        The pipe setup ops touch no tile data: a reservation gives its base
        (0 when AUTO), an import 0, ``tile.get_subblock_idx`` 0 (the run is
        sub-core 0's), the initializations and ``tile.tfree_*`` nothing; the
        block queries give the run's :attr:`block`. An op with the
        :class:`Barrier` trait is a no-op: ``tile.syncall`` (hard or soft),
        the explicit cross-core events and ``tile.set_ffts`` (the run is one
        core, which has no other core to wait for), the pipe barriers and
        flag pairs (the run executes in program order, no pipes), the fence
        and the cache invalidations (the run's GM is what every store
        wrote), ``tile.notify`` (another rank's tensor) and ``tile.wait``
        (met: the other ranks run the same kernel),
        :mod:`xdsl_pto.dialects.tile.sync_ops`."""
        if isinstance(op, PIPE_SETUP_OPS):
            if not op.results:
                return ()
            base = op.base_addr if isinstance(op, ReserveBufferOp) else None
            return (scalar_attr(base or 0, op.results[0].type, 64),)
        if op.has_trait(Barrier):  # one core of one rank runs in program order: see sync_ops
            return ()
        if isinstance(op, BLOCK_QUERY_OPS):  # the run's block, as the semantics take it
            return (scalar_attr(apply_semantics(self.meta(op), list(self.block)), op.results[0].type, 64),)
        if any(isinstance(v.type, TileType) for v in (*op.operands, *op.results)):
            self.work += 1
        try:
            if op in self._dynamic_ops:
                runtime_valid_after(op, self.values(op, args), self.runtime_valid)
            return self.run(op, args)
        except InterpError as e:
            raise located(e, op) from None

    def run(self, op: Operation, args: PythonValues) -> PythonValues:
        """Run ``op`` on interpreter values ``args``; returns its results."""
        raise NotImplementedError


class LogicalExecutor(TileExecutor):
    """Value semantics: a tile is a numpy array; GM tensors are written by
    ``tile.store``."""

    def run(self, op: Operation, args: PythonValues) -> PythonValues:
        if isinstance(op, AllocOp):
            return ()
        meta = self.meta(op)
        vals = self.pop_operands(op) if is_tpop(op) else self.values(op, args)
        result = apply_semantics(meta, vals)
        if isinstance(op, StoreOp):
            self.record_store(op, vals, None)
            return ()
        if is_tpush(op):
            self.record_push(op, result, None)
            return ()
        if not op.results:  # tile.mscatter: GM written in place
            return ()
        if not isinstance(op.results[0].type, TileType):  # tile.read: a scalar
            return (interp_scalar(result, op.results[0].type),)
        return tuple(result) if isinstance(result, tuple) else (result,)


class OnChip:
    """A tile's interpreter value in physical mode. Carries no address: every
    use reads the bytes its own type names. ``shadow`` is the logical value
    (when reads are checked and it is defined), for diagnosis only."""

    __slots__ = ("shadow",)

    def __init__(self, shadow: np.ndarray | None = None):
        self.shadow = shadow


def _overlaps(a: Placement, b: Placement) -> bool:
    """True when the byte hulls of two placements intersect."""
    return a.space is b.space and a.start < b.end and b.start < a.end


class PhysicalExecutor(TileExecutor):
    """Byte-array memory per space; see the module doc.

    Args:
        gm_args: the function arguments.
        memory: the run's on-chip memory.
        check_reads: compare every on-chip read with the logical value of
            the same SSA value and record the first difference.
        target: as for :class:`TileExecutor`.
        pipe_seed: as for :class:`TileExecutor`.
        block: as for :class:`TileExecutor`.
    """

    def __init__(
        self,
        gm_args: list[Any],
        memory: PhysicalMemory,
        *,
        check_reads: bool = False,
        target: str | None = None,
        pipe_seed: int = 0,
        block: tuple[int, int] = (0, 1),
    ):
        super().__init__(gm_args, target, pipe_seed, block)
        self.memory = memory
        self.check_reads = check_reads
        self._places: dict[SSAValue, Placement] = {}
        self._roots: dict[Operation, dict[str, AllocOp]] = {}
        # Pipe-resident values (tpop results and their views): their data and
        # the op index of the pop behind them (the "writer" of their elements).
        self._pipe: dict[SSAValue, np.ndarray] = {}
        self._pipe_writer: dict[SSAValue, int] = {}

    # ----- addresses ---------------------------------------------------------

    def _allocs_of(self, value: SSAValue) -> dict[str, AllocOp]:
        op = value.owner if isinstance(value.owner, Operation) else value.owner.parent_op()
        while op is not None and not isinstance(op, func.FuncOp):
            op = op.parent_op()
        key = op
        if key not in self._roots:
            scope = op if op is not None else value.owner
            self._roots[key] = {a.sym_name.data: a for a in scope.walk() if isinstance(a, AllocOp)}  # type: ignore[union-attr]
        return self._roots[key]

    def place(self, value: SSAValue) -> Placement:
        """Where ``value``'s bytes are, from its own type's MemRef.

        Raises:
            InterpError: the value has no MemRef or its root no address.
            LayoutError: the bytes run past the root or the space.
        """
        p = self._places.get(value)
        if p is not None:
            return p
        t = value.type
        assert isinstance(t, TileType)
        m = t.get_memref()
        what = describe_value(value)
        if m is None:
            raise InterpError(f"{what} has no MemRef: physical mode needs a planned module")
        root = self._allocs_of(value).get(m.root_name)
        if root is None or root.addr is None:
            raise InterpError(f"{what}: root @{m.root_name} has no tile.alloc with an address")
        base = root.addr.data
        slot_start = 0
        if m.runtime_slot:
            slot_start = self._runtime_slot(value, root) * root.slot_size
        p = placement(value, base + slot_start + physical_offset(value), storage_of(value))
        if p.start < base or p.end > base + root.size.data:
            raise LayoutError(
                f"{what} occupies bytes [{p.start - base}, {p.end - base}) of @{m.root_name}, "
                f"which has {root.size.data} bytes"
            )
        self.memory.check(p, what)
        if not m.runtime_slot:  # a runtime slot moves every iteration
            self._places[value] = p
        return p

    def _runtime_slot(self, value: SSAValue, root: AllocOp) -> int:
        """The slot ``value`` is on now: the innermost ``scf.for`` around its
        definition, its induction variable's current value modulo the slots.

        Raises:
            InterpError: outside that loop (the value escaped it).
        """
        loop = loop_of(value)
        interpreter = getattr(self, "interpreter", None)
        if loop is None or interpreter is None:
            raise InterpError(f"{describe_value(value)} is on a runtime slot outside any loop")
        try:
            (iv,) = interpreter.get_values((loop.body.block.args[0],))
        except KeyError:
            raise InterpError(
                f"{describe_value(value)} is on a runtime slot of @{root.sym_name.data} and is "
                "read after its loop ended"
            ) from None
        value_of = getattr(getattr(iv, "value", None), "data", iv)  # an IntegerAttr index
        return int(value_of) % root.slot_count

    # ----- execution ---------------------------------------------------------

    def run(self, op: Operation, args: PythonValues) -> PythonValues:
        if isinstance(op, AllocOp):
            return ()
        meta = self.meta(op)
        if isinstance(op, CreateOp):  # undefined contents: nothing is written
            return (OnChip(SEMANTICS[CreateOp](meta) if self.check_reads else None),)
        if is_tpop(op):  # into the pipe store: the pop has no on-chip bytes
            index = self.index_of(op)
            data = apply_semantics(meta, self.pop_operands(op))
            self._pipe[op.results[0]] = data
            self._pipe_writer[op.results[0]] = index
            return (OnChip(data if self.check_reads else None),)
        vals = self.values(op, args)
        reads = semantically_read(meta, tuple(vals))
        src = view_source(op)
        if src is not None and is_pipe_resident(src):  # a view of pipe storage
            data = apply_semantics(meta, [self._pipe[src], *vals[1:]])
            self._pipe[op.results[0]] = data
            self._pipe_writer[op.results[0]] = self._pipe_writer[src]
            return (OnChip(data if self.check_reads else None),)
        if meta.is_view:  # no data moves; later uses read the view's own bytes
            if isinstance(op, ReshapeOp) and not self.place(op.source).contiguous:
                raise LayoutError("a reshape of a strided (non-contiguous) view has no byte layout")
            return (OnChip(self._shadow(meta, vals, reads)),)
        index = self.index_of(op)
        phys = list(vals)
        late = [i for i in sorted(meta.forbidden) if meta.operands[i] is not None]
        for i, v in enumerate(op.operands):
            if meta.operands[i] is not None and i not in late:
                phys[i] = self._read(op, i, vals, reads)
        if late:
            # The op writes its results while it still reads these operands:
            # where the planned bytes overlap, the operand reads garbage.
            on_chip = [op.operands[i] for i in late if op.operands[i] not in self._pipe]
            for r in op.results:
                out = self.place(r)
                if any(_overlaps(out, self.place(v)) for v in on_chip):
                    self.memory.scribble(out, index)
            for i in late:
                phys[i] = self._read(op, i, vals, reads)
        result = apply_semantics(meta, phys)
        for w in meta.workspace:
            if op.operands[w] not in self._pipe:
                self.memory.scribble(self.place(op.operands[w]), index)
        if isinstance(op, StoreOp):
            self.record_store(op, phys, self._writers(op.tile))
            return ()
        if is_tpush(op):
            self.record_push(op, result, self._writers(op.operands[0]))
            return ()
        if not op.results:  # tile.mscatter: GM written in place
            return ()
        if not isinstance(op.results[0].type, TileType):  # tile.read: a scalar, no bytes
            return (interp_scalar(result, op.results[0].type),)
        if isinstance(result, tuple):  # several tile results (tile.gather_compare)
            for r, data in zip(op.results, result):
                self.memory.write(self.place(r), data, index)
            shadow = self._shadow(meta, vals, reads)
            parts = shadow if shadow is not None else (None,) * len(result)
            return tuple(OnChip(part) for part in parts)
        self.memory.write(self.place(op.results[0]), result, index)
        return (OnChip(self._shadow(meta, vals, reads)),)

    def _writers(self, value: SSAValue) -> np.ndarray:
        """The op index that last wrote each element of tile ``value``: from
        its bytes, or the pop behind a pipe-resident value."""
        if value in self._pipe:
            return np.full(self._pipe[value].shape, self._pipe_writer[value], np.int32)
        return self.memory.element_writers(self.place(value))

    def _read(self, op: Operation, i: int, vals: list[Any], reads: list[int]) -> np.ndarray:
        """Operand ``i`` of ``op`` from its bytes (checked against its
        shadow when reads are checked and the op reads its contents); a
        pipe-resident operand from the pipe store."""
        v = op.operands[i]
        if v in self._pipe:
            return self._pipe[v].copy()
        p = self.place(v)
        got = self.memory.read(p)
        if self.check_reads and i in reads:
            self._check(op, v, p, got, vals[i].shadow, self.meta(op).operands[i])
        return got

    def _shadow(self, meta: OpMeta, vals: list[Any], reads: list[int]) -> np.ndarray | None:
        """The logical result of the op (None when not checking, or when an
        operand it reads has undefined contents)."""
        if not self.check_reads:
            return None
        shadows = [v.shadow if isinstance(v, OnChip) else v for v in vals]
        if any(shadows[i] is None for i in reads):
            return None
        return apply_semantics(meta, shadows)

    def _check(
        self,
        op: Operation,
        value: SSAValue,
        p: Placement,
        got: np.ndarray,
        expected: np.ndarray | None,
        spec: TileSpec | None = None,
    ) -> None:
        """Record the first element of ``value``'s valid region (``spec``'s,
        static or runtime: the part an op reads, tile-op-semantics.md section
        0; the whole tile without one) where the bytes read (``got``) differ
        from the logical value (``expected``)."""
        if expected is None or self.provenance.divergence is not None:
            return
        if spec is not None and spec.valid and expected.shape == tuple(spec.shape) == got.shape:
            window = tuple(slice(0, n) for n in spec.valid)
            expected, got = expected[window], got[window]
        at = first_difference(expected, got)
        if at is None:
            return
        writer = int(self.memory.element_writers(p)[at])
        self.provenance.divergence = Divergence(
            reader=op,
            value=value,
            index=at,
            expected=expected[at],
            got=got[at],
            writer=self.provenance.op(writer),
        )
