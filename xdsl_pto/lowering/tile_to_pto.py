"""``convert-tile-to-pto``: lower a planned Tile kernel to the PTO text ptoas reads.

Follows pypto-docs/00-pto_codegen.md and reference/ptoas-form.md:

* GM tensor arguments (``memref``) become ``!pto.ptr<elt>`` plus one
  ``pto.make_tensor_view`` each (row-major strides, ``#pto.layout<nd>``; a
  ``[M, 1]`` column vector is ``dn`` with strides ``[1, M]``);
* one ``pto.alloc_tile addr = %cN_i64`` per distinct (address, tile_buf type):
  values on the same physical window share the handle, values at one address
  with another shape or dtype get their own (e.g. a reshape); ``addr`` is the
  root's address plus the MemRef offset;
* emitted in the order constants, tensor views, allocations, then the body;
* loads/stores through ``pto.partition_view`` + ``pto.tload``/``pto.tstore``;
  compute ops as ``pto.<op> ins(...) outs(...)``; ``tile.matmul_acc`` with a
  constant ``init_cond`` picks ``tmatmul``/``tmatmul.acc``, a runtime one
  becomes ``scf.if %cond { tmatmul } else { tmatmul.acc }``;
* views (slice, reshape) emit no op, only their own handle;
* a cross-core pop becomes ``%buf = pto.tpop_from_aic {split = N} -> T``: the
  tile lives in the pipe's reserved storage, so it (and every view of it) has
  no MemRef and no ``pto.alloc_tile``; a view of it is ``pto.subview`` (slice)
  or ``%v = pto.treshape %buf : T -> T2`` (reshape) of the pop's handle; a push
  is ``pto.tpush_to_aic(%t : T) {split = N}`` (no ``ins``: ptoas's form);
* ``scf.for``/``scf.if`` stay, without their tile iter_args/results (PTO ops
  write buffers in place);
* the target is the module's ``pto.target_arch``; the kernel kind (vector or
  cube) comes from the memory spaces the function uses.

Under ``planner=ptoas`` (pypto-docs/00-pto_codegen.md, "Who plans memory",
row PTOAS) no ``addr`` is emitted: ptoas plans the buffers. Each distinct
(root, offset, tile_buf type) gets one ``pto.alloc_tile`` without ``addr``;
a view is a ``pto.subview`` / ``pto.treshape`` of its source's handle (an
``alloc_tile`` of its own would be placed apart by ptoas); a declared
multi-slot allocation is one ``pto.alloc_multi_tile`` region and each tile
on it a ``pto.multi_tile_get`` of its slot (:mod:`.multi_buffer`); an
in-place result shares its operand's handle; a window a loop or if carries
is one handle for all its parts -- the root's tile or a prologue view of it
-- and a carry no such handle describes is refused. Under ``pypto`` no
region is emitted: every slot has its baked address.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    FunctionType,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    ModuleOp,
    StringAttr,
    UnitAttr,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import Rewriter

from xdsl_pto.backends import (
    ALLOC_ALIGN,
    TARGET_ATTR,
    Backend,
    footprint_bytes,
)
from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.pto import FAMILY_OPS, PTO_CROSS_CORE_OPS, PTO_DPS_OPS
from xdsl_pto.dialects.pto import pipe_setup as pto_pipe
from xdsl_pto.dialects.pto.attrs import KernelKind, KernelKindAttr, Layout, LayoutAttr
from xdsl_pto.dialects.pto.dps import TReshapeOp
from xdsl_pto.dialects.pto.ops import (
    AllocMultiTileOp,
    AllocTileOp,
    MakeTensorViewOp,
    MultiTileGetOp,
    PartitionViewOp,
    SubviewOp,
)
from xdsl_pto.dialects.pto.types import (
    MultiTileBufType,
    PartitionTensorViewType,
    PtrType,
    TensorViewType,
    TileBufType,
)
from xdsl_pto.dialects.tile import TILE_OPS
from xdsl_pto.dialects.tile.cross_core_ops import pipe_attrs
from xdsl_pto.dialects.tile.cube_ops import MatmulAccOp
from xdsl_pto.dialects.tile.data_ops import AllocOp, CreateOp, LoadOp, StoreOp
from xdsl_pto.dialects.tile.function_attrs import FUNCTION_KIND, function_kind
from xdsl_pto.dialects.tile.pipe_setup_ops import (
    PIPE_SETUP_OPS,
    AicInitializePipeOp,
    AivInitializePipeOp,
    GetSubblockIdxOp,
    ImportPeerBufferOp,
    ReserveBufferOp,
    TFreeToAicOp,
    TFreeToAivOp,
)
from xdsl_pto.dialects.tile.traits import is_pipe_resident, reused_operand, view_source
from xdsl_pto.dialects.tile.types import MemorySpace, TileType, element_bytes
from xdsl_pto.dialects.tile.view_ops import ReshapeOp, SliceOp, constant_index
from xdsl_pto.dialects.tile.windows import physical_offset, strided_in_memory
from xdsl_pto.lowering.multi_buffer import Region, plan_regions
from xdsl_pto.lowering.op_names import PTO_INS, PTO_NAME, PTO_PIPE_NAME, pto_attributes
from xdsl_pto.lowering.ptoas_form import (
    op_problem,
    tile_buf_problem,
    transposed,
    transposed_a5_move,
    transposed_buf,
    whole_rows_problem,
)
from xdsl_pto.lowering.reduce_family import forward_spmd_params, lower_family_op
from xdsl_pto.lowering.runtime_slots import RuntimeSlotAddresses
from xdsl_pto.lowering.target_rules import check_target_rules
from xdsl_pto.lowering.tile_buf import runtime_valid, tile_buf_type
from xdsl_pto.lowering.vector import check_vector_ops
from xdsl_pto.pass_config import PassConfig
from xdsl_pto.planners import PLANNER_ATTR, Planner
from xdsl_pto.transforms.common import (
    allocs,
    enclosing_for,
    functions,
    gc_paused,
    memref_of,
    require_memrefs,
    tile_values,
    value_anchor,
    value_name,
)
from xdsl_pto.transforms.pipe_checks import (
    check_gm_slot_buffers,
    check_peers,
    check_pipe_pairs,
    check_reservations,
)
from xdsl_pto.verify.memory_plan import (
    check_op_rules,
    check_roots,
    check_windows,
)

PASS = "convert-tile-to-pto"
PIPE_INIT_OPS = (AicInitializePipeOp, AivInitializePipeOp)
_TILE_OP_TYPES = tuple(TILE_OPS)


@dataclass
class _Prologue:
    """The ops emitted at the head of the function: constants, then tensor
    views, then allocations (the reference's order), then -- under ptoas --
    the tile views that give a carried window its one handle."""

    constants: list[Operation] = field(default_factory=list)
    views: list[Operation] = field(default_factory=list)
    allocs: list[Operation] = field(default_factory=list)
    aliases: list[Operation] = field(default_factory=list)
    _const: dict[tuple[int, str], SSAValue] = field(default_factory=dict)

    def const(self, value: int, kind: str) -> SSAValue:
        """A deduplicated ``arith.constant`` (``kind``: "index" or "i64"),
        named like the reference (``%c32_index``, ``%c0_i64``)."""
        key = (value, kind)
        if key not in self._const:
            t: Attribute = IndexType() if kind == "index" else IntegerType(64)
            op = arith.ConstantOp(IntegerAttr(value, t))
            op.result.name_hint = f"c{value}_{kind}"
            self.constants.append(op)
            self._const[key] = op.result
        return self._const[key]


class _FunctionLowering:
    """Lowers one planned function in place."""

    def __init__(self, fn: func.FuncOp, planner: Planner = Planner.PYPTO):
        self.fn = fn
        self.addressed = planner is not Planner.PTOAS
        self.pro = _Prologue()
        self.handle: dict[SSAValue, SSAValue] = {}
        self.tensor_view: dict[SSAValue, SSAValue] = {}
        # ptoas: handles by (root, offset, tile_buf type); the carried windows
        # whose handle every value on them shares (views included).
        self.by_key: dict[tuple[object, TileBufType], SSAValue] = {}
        self.carried: set[tuple[object, TileBufType]] = set()
        self.backend: Backend | None = None  # set by run()
        # pypto / dsa_rp: the computed addresses of runtime slots.
        self.runtime_slots = RuntimeSlotAddresses(self.pro.const, PASS)

    # ----- analysis ------------------------------------------------------
    def check_planned(self, backend: Backend) -> None:
        """Every root has an aligned address and fits the target's capacity,
        and the addresses keep the target's per-op sharing rules.

        Raises:
            PassError: naming the pass to run first, or the offending root.
        """
        require_memrefs(self.fn, PASS)
        check_roots(self.fn, backend, PASS, self.addressed)
        check_windows(self.fn, PASS)
        check_op_rules(self.fn, backend, pass_name=PASS)
        check_target_rules(self.fn, backend.name, PASS)
        check_vector_ops(self.fn, backend.name, PASS)

    def declared_kind(self) -> str | None:
        """The function's ``tile.function_kind`` (None when absent).

        Raises:
            PassError: for a malformed value.
        """
        try:
            return function_kind(self.fn)
        except ValueError as e:
            raise PassError(f"{PASS}: function '{self.fn.sym_name.data}': {e}", self.fn) from None

    def kernel_kind(self) -> str:
        """``"cube"`` for a ``tile.function_kind = "aic"`` function,
        ``"vector"`` for an ``"aiv"`` one (an error naming the function when
        it uses a space of the other core), else ``"cube"`` or ``"vector"``
        from the spaces the function uses
        (the cross-core ops follow from their verified spaces: a
        ``tpop_from_aic`` result and a ``tpush_to_aic`` operand are vec, so a
        vector kernel's; a ``tpop_from_aiv`` result (mat) and a
        ``tpush_to_aiv`` operand (a cube space) a cube kernel's).

        Raises:
            PassError: when it uses both Vec and a cube space.
        """
        spaces = {v.type.memory_space for v in tile_values(self.fn)}  # type: ignore[attr-defined]
        spaces |= {r.memory_space for r in self.fn.walk() if isinstance(r, ReserveBufferOp)}
        cube = {s for s in spaces if s is not MemorySpace.VEC}
        declared = self.declared_kind()
        if declared is not None:
            wrong = sorted(s.value for s in (cube if declared == "aiv" else spaces - cube))
            if wrong:
                core = "vector (AIV)" if declared == "aiv" else "cube (AIC)"
                raise PassError(
                    f"{PASS}: function '{self.fn.sym_name.data}' is declared "
                    f'{FUNCTION_KIND} = "{declared}", a {core} kernel, but uses '
                    f"{', '.join(wrong)}, which that core does not own",
                    self.fn,
                )
            return "vector" if declared == "aiv" else "cube"
        if cube and MemorySpace.VEC in spaces:
            raise PassError(
                f"{PASS}: function '{self.fn.sym_name.data}' uses both vec and cube memory "
                f"spaces ({', '.join(sorted(s.value for s in spaces))}); a kernel runs on one "
                "core kind",
                self.fn,
            )
        return "cube" if cube else "vector"

    # ----- prologue ------------------------------------------------------
    def make_tensor_views(self) -> None:
        """One ``pto.make_tensor_view`` per GM tensor argument (row-major
        strides, ``nd``; a ``[M, 1]`` column vector is ``dn`` with ``[1, M]``),
        except an argument used only as a pipe's ``gm_slot_buffer``."""
        for arg in self.fn.body.blocks[0].args:
            t = arg.type
            if not isinstance(t, MemRefType):
                continue
            if arg.uses and all(isinstance(u.operation, PIPE_INIT_OPS) for u in arg.uses):
                continue  # only a pipe's GM slot buffer: ptoas takes the pointer itself
            shape = t.get_shape()
            if any(d < 0 for d in shape):
                raise PassError(f"{PASS}: GM tensors must have a static shape, got {t}", self.fn)
            idx = [self.pro.const(d, "index") for d in shape]
            if len(shape) == 2 and shape[1] == 1:
                strides, layout = [self.pro.const(1, "index"), idx[0]], "dn"
            else:
                strides, acc = [], 1
                for d in reversed(shape):
                    strides.insert(0, self.pro.const(acc, "index"))
                    acc *= d
                layout = "nd"
            view = MakeTensorViewOp(
                arg,
                idx,
                strides,
                TensorViewType([None] * len(shape), t.element_type),
                layout=LayoutAttr(Layout(layout)),
            )
            self.pro.views.append(view)
            self.tensor_view[arg] = view.result

    def make_handles(self) -> None:
        """One ``pto.alloc_tile`` per distinct (address, tile_buf type) --
        under ptoas, per distinct (root, offset, tile_buf type), without
        ``addr`` -- and one region per declared multi-slot allocation under
        ptoas; maps every tile value with a buffer to its handle. A
        pipe-resident value (a tpop result or a view of one) gets its
        handle where it is lowered; under ptoas a view gets its
        ``pto.subview`` / ``pto.treshape`` here, in program order, unless it
        is on a carried window (:meth:`share_carried_windows`), and an
        in-place result its operand's handle.

        Raises:
            PassError: (pypto) a strided slice, an unaligned
                view; (ptoas) a declared allocation no region can describe
                (:func:`.multi_buffer.plan_regions`).
        """
        roots = allocs(self.fn)
        regions = {} if self.addressed else plan_regions(self.fn, PASS)
        region_handle = {name: self.declare_region(r) for name, r in regions.items()}
        by_key = self.by_key
        if not self.addressed:
            self.share_carried_windows(regions)
        for v in tile_values(self.fn):
            if is_pipe_resident(v):
                continue
            t = v.type
            assert isinstance(t, TileType)
            m = memref_of(v)
            assert m is not None
            if not self.addressed and _is_view(v):
                key = ((m.root_name, m.offset.data), tile_buf_type(t))
                if key in self.carried:
                    self.handle[v] = by_key[key]
                    continue
                # A view of a placed tile: its own op, right here; a later
                # tile on the same window takes its handle where the view
                # dominates it.
                self.lower_unplaced_view(v.owner, view_source(v.owner))  # type: ignore[arg-type]
                by_key.setdefault(key, self.handle[v])
                continue
            same = self.in_place_handle(v)
            if same is not None:
                self.handle[v] = same
                continue
            if m.root_name in regions:
                self.handle[v] = self.select_slot(v, regions[m.root_name], region_handle[m.root_name])
                continue
            if self.addressed and m.runtime_slot:  # base + (iv mod F) * slot bytes
                self.refuse_strided(v)
                self.handle[v] = self.runtime_slots.handle(v, m, roots[m.root_name], tile_buf_type(t))
                continue
            if self.addressed:
                where: object = self.address_of(v, roots)
            else:
                where = (m.root_name, m.offset.data)
            key = (where, tile_buf_type(t))
            valid = runtime_valid(t)
            # A type with v_row=? does not say the valid shape: the
            # operands do, so tiles sharing it share a handle only with it.
            lookup: object = key if valid is None else (key, valid)
            known = by_key.get(lookup)  # type: ignore[call-overload]
            if known is None or not _dominates(known, v):
                known = self.new_alloc(key, v.name_hint, valid)
                by_key.setdefault(lookup, known)  # type: ignore[call-overload]
            self.handle[v] = known

    def new_alloc(
        self, key: tuple[object, TileBufType], name: str | None, valid: tuple[int, int] | None = None
    ) -> SSAValue:
        """A prologue ``pto.alloc_tile`` for ``key`` (an address -- then
        ``addr`` -- or, under ptoas, a (root, offset) pair: no ``addr``),
        with ``valid_row = %cR valid_col = %cC`` after ``addr`` when the
        type has ``v_row=?, v_col=?`` (``valid``: :func:`runtime_valid`)."""
        where, buf = key
        addr = self.pro.const(where, "i64") if isinstance(where, int) else None
        rows, cols = self.valid_operands(buf, valid)
        alloc = AllocTileOp(buf, addr=addr, valid_row=rows, valid_col=cols)
        if name:
            alloc.result.name_hint = name
        self.pro.allocs.append(alloc)
        return alloc.result

    def valid_operands(
        self, buf: TileBufType, valid: tuple[int, int] | None
    ) -> tuple[SSAValue | None, SSAValue | None]:
        """The prologue ``index`` constants giving a ``v_row=?, v_col=?``
        handle its valid shape (None, None for a static one)."""
        if not buf.has_dynamic_valid_shape:
            return None, None
        assert valid is not None
        return self.pro.const(valid[0], "index"), self.pro.const(valid[1], "index")

    def share_carried_windows(self, regions: dict[str, Region]) -> None:
        """Under ptoas, give each window a loop or if carries one handle in
        the prologue -- the root's own ``alloc_tile`` when the window is the
        whole root, else a ``pto.treshape`` / ``pto.subview`` of it -- which
        every value on that window then shares, views included. PTO loops
        carry no tiles: the init, iter_arg, yielded value and result (an
        if's arms and result) meet only by being one handle, and a view
        made inside an arm or a body cannot be that handle. A window no view
        of its root can describe keeps the ordinary handles (and
        :meth:`check_carried_handles` refuses the carry if they differ)."""
        keys: list[tuple[object, TileBufType]] = []
        for op in self.fn.walk():
            if not isinstance(op, scf.ForOp | scf.IfOp):
                continue
            for r in op.results:
                m = memref_of(r) if isinstance(r.type, TileType) else None
                if m is None or m.root_name in regions:
                    continue
                key = ((m.root_name, m.offset.data), tile_buf_type(r.type))  # type: ignore[arg-type]
                if key not in keys:
                    keys.append(key)
        creators = _root_creators(self.fn)
        for key in keys:
            (root, offset), buf = key  # type: ignore[misc]
            creator = creators.get(root)
            if creator is None:
                continue
            base_key = ((root, 0), tile_buf_type(creator.type))  # type: ignore[arg-type]
            if base_key not in self.by_key:
                self.by_key[base_key] = self.new_alloc(
                    base_key, creator.name_hint, runtime_valid(creator.type)  # type: ignore[arg-type]
                )
            handle = self.by_key[base_key] if key == base_key else self.window_view(base_key, key)
            if handle is not None:
                self.by_key[key] = handle
                self.carried.add(key)

    def window_view(self, base_key: tuple[object, TileBufType], key: tuple[object, TileBufType]) -> SSAValue | None:
        """A prologue view of the root's handle onto ``key``'s window: a
        ``pto.treshape`` for the whole root in another shape of the same
        element type; a ``pto.subview`` for whole rows (or part of one row)
        of a row-major root, whole columns (or part of one column) of a
        column-major one, both without boxes (``slayout=none_box``); None
        when neither describes it."""
        base = self.by_key[base_key]
        (_, offset), buf = key  # type: ignore[misc]
        whole = base_key[1]
        if buf.dtype != whole.dtype:
            return None
        width = element_bytes(buf.dtype)
        op: Operation | None = None
        if offset == 0 and buf.rows * buf.cols == whole.rows * whole.cols:
            op = TReshapeOp.view(base, buf)
        elif _same_layout(buf, whole) and whole.slayout == "none_box" and offset % width == 0:
            at = _window_origin(offset // width, buf, whole)
            if at is not None:
                offsets = [self.pro.const(at[0], "index"), self.pro.const(at[1], "index")]
                op = SubviewOp(base, offsets, (buf.rows, buf.cols), buf)
        if op is None:
            return None
        self.pro.aliases.append(op)
        return op.results[0]

    def refuse_strided(self, v: SSAValue) -> None:
        """Raises PassError when ``v`` is a slice (or an Acc window through
        one) whose bytes are not one run: one baked ``alloc_tile`` cannot
        describe it."""
        op = v.owner
        if (isinstance(op, SliceOp) and not op.is_contiguous()) or strided_in_memory(v):
            raise PassError(
                f"{PASS}: this tile.slice is not one contiguous run of its source's bytes "
                "(whole rows of a row-major tile, whole columns of a col-major one); "
                "strided slices are not supported yet",
                op if isinstance(op, SliceOp) else value_anchor(v),
            )

    def address_of(self, v: SSAValue, roots: dict[str, AllocOp]) -> int:
        """The byte address ``v`` starts at (pypto: baked addresses).

        Raises:
            PassError: for a strided slice or an unaligned
                view, none of which one ``alloc_tile addr`` can describe.
        """
        m = memref_of(v)
        assert m is not None and not m.runtime_slot  # make_handles: RuntimeSlotAddresses
        self.refuse_strided(v)
        addr = roots[m.root_name].addr.data + physical_offset(v)  # type: ignore[union-attr]
        if addr % ALLOC_ALIGN:
            raise PassError(
                f"{PASS}: this view starts at byte {addr} of {v.type.memory_space.value}, not on a "  # type: ignore[attr-defined]
                f"{ALLOC_ALIGN}-byte boundary; PTO tiles start 32-byte aligned, so "
                "unaligned views are not supported",
                value_anchor(v),
            )
        return addr

    def declare_region(self, region: Region) -> SSAValue:
        """``%<name>_mb = pto.alloc_multi_tile valid_row = %cR valid_col = %cC``
        in the prologue (no ``addr``: ptoas places it)."""
        rows, cols = region.valid
        op = AllocMultiTileOp(
            MultiTileBufType(region.slot_type, region.count),
            self.pro.const(rows, "index"),
            self.pro.const(cols, "index"),
        )
        op.result.name_hint = f"{region.name}_mb"
        self.pro.allocs.append(op)
        return op.result

    def in_place_handle(self, v: SSAValue) -> SSAValue | None:
        """Under ptoas, the handle of the operand ``v`` updates in place
        (``Reuses``), when ``v`` is on its window with its tile_buf type:
        without addresses, sharing the handle is what keeps them one buffer
        (a slot of a region, a view made in the same block). None otherwise,
        and always under pypto (the address decides)."""
        op = v.owner
        src = reused_operand(op) if isinstance(op, Operation) and not self.addressed else None
        if src is None or src not in self.handle or memref_of(src) != memref_of(v):
            return None
        # Every Reuses op's result has its operand's type (their verifiers).
        assert tile_buf_type(src.type) == tile_buf_type(v.type)  # type: ignore[arg-type]
        return self.handle[src]

    def select_slot(self, v: SSAValue, region: Region, mb: SSAValue) -> SSAValue:
        """The handle of a tile that selects a slot of a region:
        ``pto.multi_tile_get %mb[%slot]`` right before its producer,
        ``%slot`` a constant or ``arith.remsi %iv, %cN`` (the literal
        ``iv mod N`` ptoas matches)."""
        op = v.owner
        assert isinstance(op, Operation)
        k = memref_of(v).slot_index  # type: ignore[union-attr]
        if isinstance(k, int):
            slot = self.pro.const(k, "index")
        else:
            loop = enclosing_for(op)
            assert loop is not None  # init-memref checked it
            start = constant_index(loop.lb)
            if start is None or start < 0:
                at = "a runtime value" if start is None else str(start)
                raise PassError(
                    f"{PASS}: {value_name(v)} selects slot iv mod {region.count} of the region "
                    f"@{region.name} in a loop that starts at {at}; arith.remsi of a negative iv "
                    "is no slot -- start the loop at a constant 0 or more",
                    op,
                )
            iv: SSAValue = loop.body.block.args[0]
            if not isinstance(iv.type, IndexType):
                cast = arith.IndexCastOp(iv, IndexType())
                _insert(cast, op)
                iv = cast.result
            rem = arith.RemSIOp(iv, self.pro.const(region.count, "index"))
            _insert(rem, op)
            slot = rem.result
        get = MultiTileGetOp(mb, slot)
        if v.name_hint:
            get.result.name_hint = v.name_hint
        _insert(get, op)
        return get.result

    # ----- body ------------------------------------------------------------
    def buf(self, v: SSAValue) -> SSAValue:
        """The handle of a tile value; any other value as it is."""
        return self.handle[v] if isinstance(v.type, TileType) else v

    def partition(self, tensor: SSAValue, offsets: list[SSAValue], t: TileType, before: Operation) -> SSAValue:
        """A ``pto.partition_view`` of ``tensor`` at ``offsets`` with ``t``'s
        shape (leading dimensions of size 1), inserted before ``before``."""
        gm = tensor.type
        assert isinstance(gm, MemRefType)
        rank = len(gm.get_shape())
        sizes = [1] * (rank - len(t.get_shape())) + list(t.get_shape())
        pv = PartitionViewOp(
            self.tensor_view[tensor],
            offsets,
            [self.pro.const(s, "index") for s in sizes],
            PartitionTensorViewType(sizes, gm.element_type),
        )
        _insert(pv, before)
        return pv.result

    def lower_op(self, op: Operation) -> None:
        """Emit the PTO ops for one tile op, right before it."""
        if isinstance(op, PIPE_SETUP_OPS):
            self.lower_pipe_setup(op)
            return
        src = view_source(op)
        if src is not None and is_pipe_resident(src):
            self.lower_unplaced_view(op, src)
            return
        if isinstance(op, AllocOp | CreateOp) or src is not None:
            return
        pipe = PTO_PIPE_NAME.get(op.name)
        if pipe is not None:
            self.lower_pipe_op(op, pipe)
            return
        if isinstance(op, LoadOp):
            pv = self.partition(op.source, list(op.offsets), op.result.type, op)  # type: ignore[arg-type]
            _insert(PTO_DPS_OPS["tload"](ins=[pv], outs=[self.handle[op.result]]), op)
            return
        if isinstance(op, StoreOp):
            pv = self.partition(op.dest, list(op.offsets), op.tile.type, op)  # type: ignore[arg-type]
            _insert(PTO_DPS_OPS["tstore"](ins=[self.handle[op.tile]], outs=[pv]), op)
            return
        if isinstance(op, MatmulAccOp):
            self.lower_matmul_acc(op)
            return
        if lower_family_op(self, op):
            return
        name = PTO_NAME.get(op.name)
        if name is None:
            raise PassError(f"{PASS}: no PTO lowering for '{op.name}' yet", op)
        operands = [self.buf(v) for v in op.operands]
        out = self.handle[op.results[0]]
        assert self.backend is not None
        problem = whole_rows_problem(op, self.backend.name, operands, out)
        if problem is not None:
            raise PassError(f"{PASS}: {op.name} on {self.backend.name}: {problem}", op)
        for i in self.transposed(op):
            if i is None:
                out = self.transposed_view(out, op)
            else:
                operands[i] = self.transposed_view(operands[i], op)
        if op.name == "tile.move" and transposed_a5_move(self.backend.name, operands[0], out):
            operands[0], out = self.transposed_view(operands[0], op), self.transposed_view(out, op)
        ins = operands[PTO_INS.get(op.name, slice(None))]
        attrs = pto_attributes(op)
        cls = PTO_DPS_OPS.get(name) or FAMILY_OPS[name]
        _insert(cls(ins=ins, outs=[out], attributes=attrs), op)

    def transposed(self, op: Operation) -> list[int | None]:
        """The values of ``op`` (operand indices, None for the result) to
        give ptoas as transposed row-major views (see
        :func:`.ptoas_form.transposed`).

        Raises:
            PassError: for column-major tiles no one transposition fits.
        """
        assert self.backend is not None
        try:
            return transposed(op, self.backend.name) or []
        except ValueError as err:
            raise PassError(f"{PASS}: {op.name} on {self.backend.name}: {err}", op) from None

    def transposed_view(self, handle: SSAValue, before: Operation) -> SSAValue:
        """``%t = pto.treshape %h : T -> T'`` right before ``before``: the
        handle's bytes as the transposed, row-major tile."""
        buf = handle.type
        assert isinstance(buf, TileBufType)
        view = TReshapeOp.view(handle, transposed_buf(buf))
        if handle.name_hint:
            view.results[0].name_hint = f"{handle.name_hint}_t"
        _insert(view, before)
        return view.results[0]

    def check_ptoas_form(self) -> None:
        """What ptoas (v0.48) refuses of this function, refused here first:
        every tile buffer's boxes (:func:`.ptoas_form.tile_buf_problem`) and
        every tile op's target rules (:func:`.ptoas_form.op_problem`).

        Raises:
            PassError: at the value or op, with ptoas's rule.
        """
        assert self.backend is not None
        target = self.backend.name
        for v in tile_values(self.fn):
            problem = tile_buf_problem(v.type, tile_buf_type(v.type))  # type: ignore[arg-type]
            if problem is not None:
                raise PassError(f"{PASS}: {value_name(v)} on {target}: {problem}", value_anchor(v))
        for op in self.fn.walk():
            if isinstance(op, _TILE_OP_TYPES):
                problem = op_problem(op, target)
                if problem is not None:
                    raise PassError(f"{PASS}: {op.name} on {target}: {problem}", op)

    def lower_pipe_setup(self, op: Operation) -> None:
        """The pipe setup ops (:mod:`xdsl_pto.dialects.pto.pipe_setup`):
        a reservation with its base (``auto = false, base = B``) or, without
        one (planner ptoas), ``auto = true``; the import with its symbol;
        the initializations with their attributes; a tfree as
        ``pto.tfree_from_aic`` / ``_aiv`` (the pipe attributes only: ptoas
        frees the slot of the last pop); the sub-core index as
        ``pto.get_subblock_idx`` (an i64) cast to ``index``."""
        new: Operation
        if isinstance(op, ReserveBufferOp):
            new = pto_pipe.ReserveBufferOp(
                op.reserved_name, op.size_bytes, op.memory_space.value, op.base_addr
            )
        elif isinstance(op, ImportPeerBufferOp):
            new = pto_pipe.ImportReservedBufferOp(op.imported_name, op.peer)
        elif isinstance(op, TFreeToAicOp | TFreeToAivOp):
            split, pipe_id = pipe_attrs(op)
            cls = pto_pipe.TFreeFromAicOp if isinstance(op, TFreeToAicOp) else pto_pipe.TFreeFromAivOp
            new = cls(split, pipe_id)
        elif isinstance(op, GetSubblockIdxOp):
            query = pto_pipe.GetSubblockIdxOp()
            _insert(query, op)
            new = arith.IndexCastOp(query.result, IndexType())
        else:
            cls = (
                pto_pipe.AicInitializePipeOp
                if isinstance(op, AicInitializePipeOp)
                else pto_pipe.AivInitializePipeOp
            )
            gm = op.gm_slot_buffer  # type: ignore[attr-defined]
            new = cls(self.buf(op.operands[0]), self.buf(op.operands[1]), op.values(), gm)  # type: ignore[attr-defined]
        _insert(new, op)
        if op.results:
            new.results[0].name_hint = op.results[0].name_hint
            self.handle[op.results[0]] = new.results[0]

    def lower_pipe_op(self, op: Operation, name: str) -> None:
        """A cross-core pop (``%buf = pto.<name> {[id = I, ]split = N} -> T``,
        the result's handle) or push (``pto.<name>(%t : T) {...}``)."""
        split, pipe_id = pipe_attrs(op)
        cls = PTO_CROSS_CORE_OPS[name]
        if op.results:
            r = op.results[0]
            assert isinstance(r.type, TileType)
            buf = tile_buf_type(r.type)
            rows, cols = self.valid_operands(buf, runtime_valid(r.type))
            pop = cls(buf, split, pipe_id, valid_row=rows, valid_col=cols)  # type: ignore[call-arg]
            pop.results[0].name_hint = r.name_hint
            _insert(pop, op)
            self.handle[r] = pop.results[0]
            return
        _insert(cls(self.buf(op.operands[0]), split, pipe_id), op)  # type: ignore[call-arg]

    def lower_unplaced_view(self, op: Operation, src: SSAValue) -> None:
        """A view whose source has no address to give the view an
        ``alloc_tile`` of its own (a pipe-resident tile, or any tile under
        ptoas): ``pto.subview`` of the source's handle for a slice (a 1-D
        slice at row 0), the view form of ``pto.treshape`` for a reshape.

        Raises:
            PassError: for a slice whose layout differs from its source's
                (``pto.subview`` keeps the layout) or that starts off a
                32-byte boundary, a reshape of a strided slice, or another
                kind of view.
        """
        res = op.results[0]
        assert isinstance(res.type, TileType) and isinstance(src.type, TileType)
        src_buf, res_buf = tile_buf_type(src.type), tile_buf_type(res.type)
        new: Operation
        if isinstance(op, SliceOp):
            for key in _LAYOUT_FIELDS:
                if getattr(src_buf, key) != getattr(res_buf, key):
                    raise PassError(
                        f"{PASS}: a slice of {self.unplaced(src)} is a pto.subview, which keeps "
                        f"its source's layout, but this one has {key}={getattr(res_buf, key)} "
                        f"where the source has {key}={getattr(src_buf, key)}; a layout-changing "
                        f"view of {self.unplaced(src)} is not supported yet (copy it with "
                        "tile.move first)",
                        op,
                    )
            window = op.byte_window()
            if window is not None and window[0] % ALLOC_ALIGN:
                raise PassError(
                    f"{PASS}: this view starts at byte {window[0]} of its {self.unplaced(src, 'source')}, not on a "
                    f"{ALLOC_ALIGN}-byte boundary; PTO tiles start 32-byte aligned, so "
                    "unaligned views are not supported",
                    op,
                )
            if runtime_valid(res.type) is not None:
                raise PassError(
                    f"{PASS}: this slice's valid shape has a 0 (an idle lane's tile), which "
                    "ptoas (v0.48) cannot give a pto.subview: a constant valid extent must be a "
                    "static result type, and a static 0 valid shape does not compile; slice the "
                    "tile where its valid shape is known, or use the whole tile",
                    op,
                )
            if isinstance(self.handle[src].owner, TReshapeOp):
                self.lower_slice_of_reshape(op, res_buf)
                return
            offsets = list(op.offsets)
            if len(offsets) == 1:
                offsets.insert(0, self.pro.const(0, "index"))
            rows, cols = self.valid_operands(res_buf, runtime_valid(res.type))
            new = SubviewOp(
                self.handle[src], offsets, (res_buf.rows, res_buf.cols), res_buf, valid_row=rows, valid_col=cols
            )
        elif isinstance(op, ReshapeOp):
            inner = src.owner
            if isinstance(inner, SliceOp) and not inner.is_contiguous():
                raise PassError(
                    f"{PASS}: {op.name} of a strided view (its rows are not one run of bytes) "
                    "is not supported; copy it with tile.move first",
                    op,
                )
            new = TReshapeOp.view(self.handle[src], res_buf)
        else:
            raise PassError(f"{PASS}: no PTO lowering for '{op.name}' of {self.unplaced(src)} yet", op)
        new.results[0].name_hint = res.name_hint
        _insert(new, op)
        self.handle[res] = new.results[0]

    def lower_slice_of_reshape(self, op: SliceOp, res_buf: TileBufType) -> None:
        """A slice of a reshaped tile (a ``pto.treshape`` handle): ptoas
        (v0.48) takes no ``pto.subview`` of a ``pto.treshape`` ("subview
        source must be lowered to memref first"), so the slice becomes a
        ``pto.subview`` of the tile the reshapes start from -- its bytes
        are whole rows there (whole columns of a column-major tile; part of
        a row would be a column window, which several ops refuse, see
        :class:`~xdsl_pto.dialects.tile.ptoas_traits.PtoasWholeRows`) --
        and, when that window has another shape, a ``pto.treshape`` of it.

        Raises:
            PassError: for a slice with a dynamic offset or a runtime valid
                shape, one that is not one run of bytes, or a run that is
                no such window of the tile the reshapes start from.
        """
        res = op.results[0]
        base = self.handle[op.source]
        while isinstance(base.owner, TReshapeOp):
            base = base.owner.operands[0]
        whole = base.type
        assert isinstance(whole, TileBufType)
        window = op.byte_window()
        at = None
        if window is not None and op.is_contiguous() and not whole.has_dynamic_valid_shape:
            width = element_bytes(res_buf.dtype)
            at = _run_window(window[0] // width, window[1] // width, whole)
        if at is None or runtime_valid(res.type) is not None:
            raise PassError(
                f"{PASS}: ptoas (v0.48) takes no pto.subview of a reshaped tile (pto.treshape), "
                "and this slice of a reshape is not whole rows of the tile the reshape views; "
                "slice before reshaping, or copy the reshaped tile with tile.move first",
                op,
            )
        (row, col), (rows, cols) = at
        sub_buf = TileBufType(
            whole.loc, whole.dtype, rows, cols, rows, cols,
            blayout=whole.blayout, slayout=whole.slayout, fractal=whole.fractal, pad=whole.pad,
        )
        offsets = [self.pro.const(row, "index"), self.pro.const(col, "index")]
        new: Operation = SubviewOp(base, offsets, (rows, cols), sub_buf)
        _insert(new, op)
        if sub_buf != res_buf:
            new = TReshapeOp.view(new.results[0], res_buf)
            _insert(new, op)
        new.results[0].name_hint = res.name_hint
        self.handle[res] = new.results[0]

    def unplaced(self, src: SSAValue, noun: str = "result") -> str:
        """How error messages name the source of an unplaced view."""
        if is_pipe_resident(src):
            return "tpop tile" if noun == "source" else "a tpop result"
        return "source tile (planner=ptoas)" if noun == "source" else "a tile under planner=ptoas"

    def lower_matmul_acc(self, op: MatmulAccOp) -> None:
        """``tmatmul`` / ``tmatmul.acc`` by a constant ``init_cond``, else both
        under ``scf.if %cond`` (reference/ptoas-form.md, "Checked details")."""
        acc, lhs, rhs = self.handle[op.acc], self.handle[op.lhs], self.handle[op.rhs]
        out = self.handle[op.result]
        fresh = PTO_DPS_OPS["tmatmul"]
        accum = PTO_DPS_OPS["tmatmul.acc"]
        c = op.init_cond.owner
        if isinstance(c, arith.ConstantOp) and isinstance(c.value, IntegerAttr):
            if c.value.value.data:
                _insert(fresh(ins=[lhs, rhs], outs=[out]), op)
            else:
                _insert(accum(ins=[acc, lhs, rhs], outs=[out]), op)
            return
        then_b = Block([fresh(ins=[lhs, rhs], outs=[out]), scf.YieldOp()])
        else_b = Block([accum(ins=[acc, lhs, rhs], outs=[out]), scf.YieldOp()])
        _insert(scf.IfOp(op.init_cond, [], [then_b], [else_b]), op)

    def run(self, backend: Backend) -> None:
        self.backend = backend
        self.check_planned(backend)
        self.check_ptoas_form()
        kind = self.kernel_kind()
        self.make_tensor_views()
        self.make_handles()
        tile_ops = [op for op in self.fn.walk() if isinstance(op, _TILE_OP_TYPES)]
        for op in tile_ops:
            self.lower_op(op)
        if not self.addressed:
            self.check_carried_handles()
        # Drop tile operands from yields, then rebuild loops/ifs without
        # tile carries (innermost first), then erase the tile ops.
        for op in list(self.fn.walk()):
            if isinstance(op, scf.YieldOp):
                keep = [v for v in op.operands if not isinstance(v.type, TileType)]
                if len(keep) != len(op.operands):
                    Rewriter.replace_op(op, scf.YieldOp(*keep))
        for op in reversed(list(self.fn.walk())):
            if isinstance(op, scf.ForOp):
                self.rebuild_for(op)
            elif isinstance(op, scf.IfOp):
                self.rebuild_if(op)
        for op in reversed(tile_ops):
            for r in op.results:
                r.replace_all_uses_with(self.handle.get(r, r))
            op.detach()
            op.erase()
        for op in self.fn.walk():  # e.g. a pipeline loop's tile.pipeline_stages
            for key in [k for k in op.attributes if k.startswith("tile.")]:
                del op.attributes[key]
        self.finish_signature(kind)
        if not self.addressed:
            sink_allocations(self.pro.allocs)

    def check_carried_handles(self) -> None:
        """Under ptoas: every tile carry of an ``scf.for`` (init, iter_arg,
        yielded value, result) and every tile merge of an ``scf.if`` (both
        yields, the result) has one handle. PTO loops carry no tiles: the
        parts of a carry meet only by being one buffer, which without
        addresses means one handle.

        Raises:
            PassError: at the loop or if, naming the part that has a
                buffer of its own (e.g. a view, a ``pto.subview``).
        """
        for op in self.fn.walk():
            if isinstance(op, scf.ForOp):
                body = op.body.block
                yielded = body.last_op
                assert yielded is not None
                for i, res in enumerate(op.results):
                    if isinstance(res.type, TileType):
                        parts = [op.iter_args[i], body.args[1 + i], yielded.operands[i], res]
                        self.one_handle(op, parts)
            elif isinstance(op, scf.IfOp):
                for i, res in enumerate(op.results):
                    if isinstance(res.type, TileType):
                        arms = [r.block.last_op.operands[i] for r in (op.true_region, op.false_region)]  # type: ignore[union-attr]
                        self.one_handle(op, [res, *arms])

    def one_handle(self, carrier: Operation, parts: list[SSAValue]) -> None:
        first = self.handle[parts[-1]]
        for p in parts:
            if self.handle[p] is not first:
                m = memref_of(p)
                assert m is not None
                raise PassError(
                    f"{PASS}: under planner=ptoas the tile this {carrier.name} carries needs one "
                    f"handle for all its parts, but {value_name(p)} has one of its own: its window "
                    f"(bytes [{m.offset.data}, {m.offset.data + m.size.data}) of @{m.root_name}) "
                    "is no pto.subview or pto.treshape of that root's tile (a boxed layout, or "
                    "not whole rows or columns) -- copy it into a tile of its own (tile.move) "
                    "first, or use planner=pypto",
                    carrier,
                )

    def rebuild_for(self, op: scf.ForOp) -> None:
        """Replace ``op`` by a loop without its tile iter_args."""
        body = op.body.block
        tile_idx = [i for i, a in enumerate(body.args[1:]) if isinstance(a.type, TileType)]
        if not tile_idx:
            return
        for i in reversed(tile_idx):
            arg = body.args[1 + i]
            arg.replace_all_uses_with(self.handle[arg])
            body.erase_arg(arg)
        inits = [v for i, v in enumerate(op.iter_args) if i not in tile_idx]
        region = op.detach_region(op.body)
        self.replace_carrier(op, scf.ForOp(op.lb, op.ub, op.step, inits, region), tile_idx)

    def rebuild_if(self, op: scf.IfOp) -> None:
        """Replace ``op`` by an ``scf.if`` without its tile results."""
        tile_idx = [i for i, r in enumerate(op.results) if isinstance(r.type, TileType)]
        if not tile_idx:
            return
        types = [r.type for i, r in enumerate(op.results) if i not in tile_idx]
        then_r, else_r = op.true_region, op.false_region
        op.detach_region(then_r)
        op.detach_region(else_r)
        self.replace_carrier(op, scf.IfOp(op.cond, types, then_r, else_r), tile_idx)

    def replace_carrier(self, old: Operation, new: Operation, tile_idx: list[int]) -> None:
        """Put ``new`` (``old`` without its tile results) in ``old``'s place:
        tile results become their buffers, the others ``new``'s results."""
        _insert(new, old)
        kept = iter(new.results)
        for i, r in enumerate(old.results):
            r.replace_all_uses_with(self.handle[r] if i in tile_idx else next(kept))
        old.detach()
        old.erase()

    def finish_signature(self, kind: str) -> None:
        """Insert the prologue, turn GM tensors into ``!pto.ptr`` arguments and
        set the kernel kind."""
        entry = self.fn.body.blocks[0]
        first = entry.first_op
        for new in [*self.pro.constants, *self.pro.views, *self.pro.allocs, *self.pro.aliases]:
            new.location = self.fn.location
            if first is None:
                entry.add_op(new)
            else:
                entry.insert_op_before(new, first)
        for arg in list(entry.args):
            if isinstance(arg.type, MemRefType):
                Rewriter.replace_value_with_new_type(arg, PtrType(arg.type.element_type))
        self.fn.function_type = FunctionType.from_lists(
            [a.type for a in entry.args], list(self.fn.function_type.outputs)
        )
        self.fn.attributes["pto.kernel_kind"] = KernelKindAttr(KernelKind(kind))
        _drop_tile_arg_attrs(self.fn)


def sink_allocations(allocations: list[Operation]) -> None:
    """Under planner=ptoas, move each ``pto.alloc_tile`` from the function
    head to the narrowest scope that dominates all its uses: right before
    the first op of the innermost block holding every use (or an ancestor of
    it), as the reference's codegen places them. ptoas's PlanMemory lets a
    tile live from its ``alloc_tile`` to its last use, so a tile of a second
    loop allocated in that loop can take the bytes of the first loop's tiles.
    ``pto.alloc_multi_tile`` regions stay in the head; an allocation without
    a use (a carried root's tile whose parts all took views) is dropped:
    ptoas would only have to place it."""
    position: dict[Block, dict[Operation, int]] = {}

    def index_in(block: Block, op: Operation) -> int:
        if block not in position:
            position[block] = {o: i for i, o in enumerate(block.ops)}
        return position[block][op]

    for alloc in allocations:
        if not isinstance(alloc, AllocTileOp):
            continue
        users = [use.operation for use in alloc.result.uses]
        if not users:
            alloc.detach()
            alloc.erase()
            continue
        chains = [_ancestor_blocks(u) for u in users]
        common = None
        for depth in range(min(len(c) for c in chains)):
            level = {id(c[depth][0]) for c in chains}
            if len(level) != 1:
                break
            common = chains[0][depth][0]
        assert common is not None  # every user is in the function body
        first = min(
            (next(op for block, op in c if block is common) for c in chains),
            key=lambda op: index_in(common, op),
        )
        if first is alloc or alloc.next_op is first:
            continue
        old = alloc.parent_block()
        alloc.detach()
        common.insert_op_before(alloc, first)
        position.pop(common, None)
        if old is not None:
            position.pop(old, None)


def _ancestor_blocks(op: Operation) -> list[tuple[Block, Operation]]:
    """``(block, op in that block)`` from the function body down to ``op``'s
    own block: each block holding ``op`` and the ancestor of ``op`` in it."""
    out: list[tuple[Block, Operation]] = []
    cur: Operation | None = op
    while cur is not None and not isinstance(cur, func.FuncOp):
        block = cur.parent_block()
        if block is None:
            break
        out.append((block, cur))
        cur = block.parent_op()
    out.reverse()
    return out


def _drop_tile_arg_attrs(fn: func.FuncOp) -> None:
    """Remove the Tile argument attributes (``tile.out``...) from ``fn``'s
    ``arg_attrs``; ptoas does not know them."""
    if fn.arg_attrs is None:
        return
    kept = [
        DictionaryAttr({k: v for k, v in d.data.items() if not k.startswith("tile.")})
        for d in fn.arg_attrs.data
    ]
    fn.arg_attrs = None if all(not d.data for d in kept) else ArrayAttr(kept)


def _lower_group(fn: func.FuncOp) -> None:
    """A ``tile.function_kind = "group"`` function: the ptoas entry
    (``attributes {pto.entry}``), GM tensors as ``!pto.ptr``, its
    ``func.call`` of the aic/aiv kernels kept, no kernel kind. The callees
    are made private, as in PTOAS's own mixed-kernel tests.

    Raises:
        PassError: when it holds anything but ``func.call``, ``func.return``
            and constants.
    """
    for op in fn.body.walk():
        if not isinstance(op, func.CallOp | func.ReturnOp | arith.ConstantOp):
            raise PassError(
                f"{PASS}: function '{fn.sym_name.data}' is a group function "
                f'({FUNCTION_KIND} = "group"), which holds only func.call of its aic/aiv '
                f"functions and func.return, but it has '{op.name}'",
                op,
            )
    entry = fn.body.blocks[0]
    for arg in list(entry.args):
        if isinstance(arg.type, MemRefType):
            Rewriter.replace_value_with_new_type(arg, PtrType(arg.type.element_type))
    fn.function_type = FunctionType.from_lists(
        [a.type for a in entry.args], list(fn.function_type.outputs)
    )
    for key in [k for k in fn.attributes if k.startswith("tile.")]:
        del fn.attributes[key]
    fn.attributes["pto.entry"] = UnitAttr()
    _drop_tile_arg_attrs(fn)


def _privatize_callees(module: ModuleOp) -> None:
    """Make every function a group function calls private."""
    called = {
        op.callee.root_reference.data
        for fn in functions(module)
        if "pto.entry" in fn.attributes
        for op in fn.walk()
        if isinstance(op, func.CallOp)
    }
    for fn in functions(module):
        if fn.sym_name.data in called:
            fn.sym_visibility = StringAttr("private")


#: The tile_buf fields that describe how a tile's elements are laid out.
_LAYOUT_FIELDS = ("blayout", "slayout", "fractal", "pad")


def _same_layout(a: TileBufType, b: TileBufType) -> bool:
    return all(getattr(a, f) == getattr(b, f) for f in _LAYOUT_FIELDS)


def _window_origin(start: int, buf: TileBufType, whole: TileBufType) -> tuple[int, int] | None:
    """The (row, col) where a dense window of ``buf``'s shape starting at
    element ``start`` of an unboxed ``whole`` tile begins, when the window is
    a sub-rectangle of it: whole rows (or part of one row) of a row-major
    tile, whole columns (or part of one column) of a column-major one."""
    if whole.blayout == "row_major":
        row, col = divmod(start, whole.cols)
        fits = (col == 0 and buf.cols == whole.cols) or (buf.rows == 1 and col + buf.cols <= whole.cols)
        return (row, col) if fits and row + buf.rows <= whole.rows else None
    col, row = divmod(start, whole.rows)
    fits = (row == 0 and buf.rows == whole.rows) or (buf.cols == 1 and row + buf.rows <= whole.rows)
    return (row, col) if fits and col + buf.cols <= whole.cols else None


def _run_window(start: int, count: int, whole: TileBufType) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """((row, col), (rows, cols)) of the window of an unboxed ``whole`` tile
    that holds its elements ``start .. start + count - 1`` (in memory
    order) when they are whole rows of a row-major tile or whole columns
    of a column-major one; None otherwise (or when ``whole`` is boxed)."""
    if whole.slayout != "none_box" or count <= 0:
        return None
    line = whole.cols if whole.blayout == "row_major" else whole.rows
    lines = whole.rows if whole.blayout == "row_major" else whole.cols
    first, rest = divmod(start, line)
    if rest or count % line or first + count // line > lines:
        return None
    if whole.blayout == "row_major":
        return (first, 0), (count // line, line)
    return (0, first), (line, count // line)


def _is_view(v: SSAValue) -> bool:
    """True for the result of a view op (a slice or reshape)."""
    return isinstance(v.owner, Operation) and view_source(v.owner) is not None


def _root_creators(fn: func.FuncOp) -> dict[str, SSAValue]:
    """Per root, the first value (in program order) that is not a view and
    fills the whole root: its type is the root's ``alloc_tile`` type."""
    sizes = {name: op.size.data for name, op in allocs(fn).items()}
    out: dict[str, SSAValue] = {}
    for v in tile_values(fn):
        m = memref_of(v)
        if m is None or m.root_name in out or _is_view(v) or is_pipe_resident(v):
            continue
        size = sizes.get(m.root_name)
        # fills the root: its bytes, up to an Acc tile's L0C row padding
        if m.offset.data == 0 and size is not None and v.type.size_bytes <= size <= footprint_bytes(v.type, None):  # type: ignore[attr-defined,arg-type]
            out[m.root_name] = v
    return out


def _dominates(handle: SSAValue, v: SSAValue) -> bool:
    """Whether ``handle`` -- a prologue allocation (not placed yet: visible
    everywhere) or a view op emitted earlier in program order -- is visible
    where ``v`` is defined: its block encloses ``v``'s definition."""
    owner = handle.owner
    block = owner.parent_block() if isinstance(owner, Operation) else None
    if block is None:
        return True
    anchor = value_anchor(v)
    while anchor is not None:
        if anchor.parent_block() is block:
            return True
        anchor = anchor.parent_op()
    return False


def _insert(new: Operation, before: Operation) -> None:
    new.location = before.location
    before.parent_block().insert_op_before(new, before)  # type: ignore[union-attr]


@dataclass(frozen=True)
class ConvertTileToPTOPass(ModulePass):
    """Lower planned Tile kernels to PTO (see the module docstring).

    Options:
        backend: ``a2``, ``a3`` or ``a5``, written as ``pto.target_arch``;
            empty = the module's ``pto.target_arch`` (set by pto-plan-memory).
            A module planned for another target is refused.
        planner: ``pypto`` or ``dsa_rp`` (baked addresses) or ``ptoas``
            (no ``addr``, regions for multi-slot declarations); empty = the
            module's ``tile.memory_planner``, else ``pypto``. A module
            planned by another planner is refused.

    Raises:
        PassError: for an unplanned kernel (naming the pass to run first), no
            known target, a function mixing vec and cube spaces, an op with
            no lowering yet, or (ptoas) a shape no region describes.
    """

    name = "convert-tile-to-pto"

    backend: str = ""
    planner: str = ""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        config = PassConfig.resolve(op, PASS, backend=self.backend, planner=self.planner)
        backend, planner = config.backend, config.planner
        planned = op.attributes.get(TARGET_ATTR)
        if self.backend and isinstance(planned, StringAttr) and planned.data != backend.name:  # type: ignore[union-attr]
            raise PassError(
                f"{PASS}: the module was planned for {planned.data} (pto.target_arch) but "
                f"backend={self.backend} was asked for; plan again with "
                f"pto-plan-memory{{backend={self.backend}}}",
                op,
            )
        if backend is None:
            raise PassError(
                f"{PASS}: no target: pass {{backend=a2|a3|a5}} or plan with "
                "pto-plan-memory{backend=...}",
                op,
            )
        check_peers(op, PASS)
        # The pairing of the module's pipes is checked on the Tile ops, but
        # reported after every function lowered: a function's own refusal
        # (located in it) comes first.
        try:
            check_pipe_pairs(op, PASS)
            check_gm_slot_buffers(op, backend, PASS)
            unpaired: PassError | None = None
        except PassError as err:
            unpaired = err
        for fn in functions(op):
            check_reservations(fn, backend, PASS)
        groups = []
        with gc_paused():  # thousands of new ops and types: see gc_paused
            for fn in functions(op):
                lowering = _FunctionLowering(fn, planner)
                if lowering.declared_kind() == "group":
                    groups.append(fn)
                    continue
                lowering.run(backend)
        if unpaired is not None:
            raise unpaired
        for fn in groups:
            _lower_group(fn)
        forward_spmd_params(op)
        _privatize_callees(op)
        op.attributes[TARGET_ATTR] = StringAttr(backend.name)
        op.attributes.pop(PLANNER_ATTR, None)  # ours; ptoas does not know it
