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
  is ``pto.tpush_to_aic ins(%t : T) {split = N}``;
* ``scf.for``/``scf.if`` stay, without their tile iter_args/results (PTO ops
  write buffers in place);
* the target is the module's ``pto.target_arch``; the kernel kind (vector or
  cube) comes from the memory spaces the function uses.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import (
    FunctionType,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    ModuleOp,
    StringAttr,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import Rewriter

from xdsl_pto.backends import ALLOC_ALIGN, TARGET_ATTR, Backend, backend_for_pass
from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.pto import PTO_CROSS_CORE_OPS, PTO_DPS_OPS
from xdsl_pto.dialects.pto.attrs import KernelKind, KernelKindAttr, Layout, LayoutAttr
from xdsl_pto.dialects.pto.dps import TReshapeOp
from xdsl_pto.dialects.pto.ops import (
    AllocTileOp,
    MakeTensorViewOp,
    PartitionViewOp,
    SubviewOp,
)
from xdsl_pto.dialects.pto.types import (
    PartitionTensorViewType,
    PtrType,
    TensorViewType,
    TileBufType,
)
from xdsl_pto.dialects.tile import TILE_OPS
from xdsl_pto.dialects.tile.cross_core_ops import pipe_attrs
from xdsl_pto.dialects.tile.cube_ops import MatmulAccOp
from xdsl_pto.dialects.tile.data_ops import AllocOp, CreateOp, LoadOp, StoreOp
from xdsl_pto.dialects.tile.traits import is_pipe_resident, view_source
from xdsl_pto.dialects.tile.types import MemorySpace, TileType
from xdsl_pto.dialects.tile.view_ops import ReshapeOp, SliceOp
from xdsl_pto.lowering.op_names import PTO_INS, PTO_NAME, PTO_PIPE_NAME, pto_attributes
from xdsl_pto.lowering.tile_buf import tile_buf_type
from xdsl_pto.transforms.common import (
    allocs,
    functions,
    memref_of,
    require_memrefs,
    tile_values,
    value_anchor,
    value_name,
)
from xdsl_pto.transforms.verify_memory_plan import check_op_rules, check_roots, check_windows

PASS = "convert-tile-to-pto"
_TILE_OP_TYPES = tuple(TILE_OPS)


@dataclass
class _Prologue:
    """The ops emitted at the head of the function: constants, then tensor
    views, then allocations (the reference's order)."""

    constants: list[Operation] = field(default_factory=list)
    views: list[Operation] = field(default_factory=list)
    allocs: list[Operation] = field(default_factory=list)
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

    def __init__(self, fn: func.FuncOp):
        self.fn = fn
        self.pro = _Prologue()
        self.handle: dict[SSAValue, SSAValue] = {}
        self.tensor_view: dict[SSAValue, SSAValue] = {}

    # ----- analysis ------------------------------------------------------
    def check_planned(self, backend: Backend) -> None:
        """Every root has an aligned address and fits the target's capacity,
        and the addresses keep the target's per-op sharing rules.

        Raises:
            PassError: naming the pass to run first, or the offending root.
        """
        require_memrefs(self.fn, PASS)
        check_roots(self.fn, backend, PASS)
        check_windows(self.fn, PASS)
        check_op_rules(self.fn, backend, pass_name=PASS)

    def kernel_kind(self) -> str:
        """``"cube"`` or ``"vector"`` from the spaces the function uses
        (the cross-core ops follow from their verified spaces: a
        ``tpop_from_aic`` result and a ``tpush_to_aic`` operand are vec, so a
        vector kernel's; a ``tpop_from_aiv`` result (mat) and a
        ``tpush_to_aiv`` operand (a cube space) a cube kernel's).

        Raises:
            PassError: when it uses both Vec and a cube space.
        """
        spaces = {v.type.memory_space for v in tile_values(self.fn)}  # type: ignore[attr-defined]
        cube = {s for s in spaces if s is not MemorySpace.VEC}
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
        strides, ``nd``; a ``[M, 1]`` column vector is ``dn`` with ``[1, M]``)."""
        for arg in self.fn.body.blocks[0].args:
            t = arg.type
            if not isinstance(t, MemRefType):
                continue
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
        """One ``pto.alloc_tile`` per distinct (address, tile_buf type); maps
        every tile value with a buffer to its handle (a pipe-resident value --
        a tpop result or a view of one -- gets its handle where it is lowered)."""
        roots = allocs(self.fn)
        by_key: dict[tuple[int, TileBufType], SSAValue] = {}
        for v in tile_values(self.fn):
            if is_pipe_resident(v):
                continue
            t = v.type
            assert isinstance(t, TileType)
            m = memref_of(v)
            assert m is not None
            op = v.owner
            if isinstance(op, SliceOp) and not op.is_contiguous():
                raise PassError(
                    f"{PASS}: this tile.slice is not one contiguous run of its source's bytes "
                    "(whole rows of a row-major tile, whole columns of a col-major one); "
                    "strided slices are not supported yet",
                    op,
                )
            if m.runtime_slot:
                raise PassError(
                    f"{PASS}: {value_name(v)} is on a runtime slot of @{m.root_name} (slot = iv); "
                    "a baked address needs a constant slot index (multi-buffer regions for "
                    "runtime slots are not supported yet)",
                    value_anchor(v),
                )
            addr = roots[m.root_name].addr.data + m.offset.data  # type: ignore[union-attr]
            if addr % ALLOC_ALIGN:
                raise PassError(
                    f"{PASS}: this view starts at byte {addr} of {t.memory_space.value}, not on a "
                    f"{ALLOC_ALIGN}-byte boundary; PTO tiles start 32-byte aligned, so "
                    "unaligned views are not supported",
                    value_anchor(v),
                )
            key = (addr, tile_buf_type(t))
            if key not in by_key:
                alloc = AllocTileOp(key[1], addr=self.pro.const(addr, "i64"))
                if v.name_hint:
                    alloc.result.name_hint = v.name_hint
                self.pro.allocs.append(alloc)
                by_key[key] = alloc.result
            self.handle[v] = by_key[key]

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
        src = view_source(op)
        if src is not None and is_pipe_resident(src):
            self.lower_pipe_view(op, src)
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
        name = PTO_NAME.get(op.name)
        if name is None:
            raise PassError(f"{PASS}: no PTO lowering for '{op.name}' yet", op)
        ins = [self.buf(v) for v in op.operands][PTO_INS.get(op.name, slice(None))]
        attrs = pto_attributes(op)
        _insert(PTO_DPS_OPS[name](ins=ins, outs=[self.handle[op.results[0]]], attributes=attrs), op)

    def lower_pipe_op(self, op: Operation, name: str) -> None:
        """A cross-core pop (``%buf = pto.<name> {[id = I, ]split = N} -> T``,
        the result's handle) or push (``pto.<name> ins(%t : T) {...}``)."""
        split, pipe_id = pipe_attrs(op)
        cls = PTO_CROSS_CORE_OPS[name]
        if op.results:
            r = op.results[0]
            assert isinstance(r.type, TileType)
            pop = cls(tile_buf_type(r.type), split, pipe_id)  # type: ignore[call-arg]
            pop.results[0].name_hint = r.name_hint
            _insert(pop, op)
            self.handle[r] = pop.results[0]
            return
        _insert(cls(self.buf(op.operands[0]), split, pipe_id), op)  # type: ignore[call-arg]

    def lower_pipe_view(self, op: Operation, src: SSAValue) -> None:
        """A view of a pipe-resident tile, which has no address to give the
        view an ``alloc_tile`` of its own: ``pto.subview`` of the source's
        handle for a slice (a 1-D slice at row 0), the view form of
        ``pto.treshape`` for a reshape.

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
            for key in ("blayout", "slayout", "fractal", "pad"):
                if getattr(src_buf, key) != getattr(res_buf, key):
                    raise PassError(
                        f"{PASS}: a slice of a tpop result is a pto.subview, which keeps its "
                        f"source's layout, but this one has {key}={getattr(res_buf, key)} where "
                        f"the source has {key}={getattr(src_buf, key)}; a layout-changing view of "
                        "a tpop result is not supported yet (copy it with tile.move first)",
                        op,
                    )
            window = op.byte_window()
            if window is not None and window[0] % ALLOC_ALIGN:
                raise PassError(
                    f"{PASS}: this view starts at byte {window[0]} of its tpop tile, not on a "
                    f"{ALLOC_ALIGN}-byte boundary; PTO tiles start 32-byte aligned, so "
                    "unaligned views are not supported",
                    op,
                )
            offsets = list(op.offsets)
            if len(offsets) == 1:
                offsets.insert(0, self.pro.const(0, "index"))
            new = SubviewOp(self.handle[src], offsets, (res_buf.rows, res_buf.cols), res_buf)
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
            raise PassError(f"{PASS}: no PTO lowering for '{op.name}' of a tpop result yet", op)
        new.results[0].name_hint = res.name_hint
        _insert(new, op)
        self.handle[res] = new.results[0]

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
        self.check_planned(backend)
        kind = self.kernel_kind()
        self.make_tensor_views()
        self.make_handles()
        tile_ops = [op for op in self.fn.walk() if isinstance(op, _TILE_OP_TYPES)]
        for op in tile_ops:
            self.lower_op(op)
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
        for new in [*self.pro.constants, *self.pro.views, *self.pro.allocs]:
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

    Raises:
        PassError: for an unplanned kernel (naming the pass to run first), no
            known target, a function mixing vec and cube spaces, or an op with
            no lowering yet.
    """

    name = "convert-tile-to-pto"

    backend: str = ""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        backend = backend_for_pass(self.backend, op, PASS)
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
        for fn in functions(op):
            _FunctionLowering(fn).run(backend)
        op.attributes[TARGET_ATTR] = StringAttr(backend.name)
