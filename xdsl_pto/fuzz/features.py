"""What a kernel exercises: a set of feature names read off its parsed IR
(for coverage statistics of the generator)."""

from __future__ import annotations

from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, BlockArgument, Operation, SSAValue

from xdsl_pto.dialects.tile.cube_ops import MatmulAccOp
from xdsl_pto.dialects.tile.data_ops import CreateOp, LoadOp, MoveOp, StoreOp
from xdsl_pto.dialects.tile.function_attrs import SPLIT_MODE, split_mode
from xdsl_pto.dialects.tile.target_ops import SelsOp
from xdsl_pto.dialects.tile.traits import (
    is_load,
    is_tpop,
    view_source,
    workspace_operands,
)
from xdsl_pto.dialects.tile.types import TileType, element_bytes
from xdsl_pto.dialects.tile.vector_ops import CmpsOp, SubsOp
from xdsl_pto.dialects.tile.view_ops import SliceOp
from xdsl_pto.tools.session import parse_module


def _loop_depth(op: Operation) -> int:
    d, cur = 0, op.parent_op()
    while cur is not None:
        d += isinstance(cur, scf.ForOp)
        cur = cur.parent_op()
    return d


def _defined_inside(v: SSAValue, op: Operation) -> bool:
    owner = v.owner
    block = owner if isinstance(owner, Block) else owner.parent_block()
    while block is not None:
        parent = block.parent_op()
        if parent is op:
            return True
        block = parent.parent_block() if parent is not None else None
    return False


def _yield_features(op: Operation, out: set[str]) -> None:
    if isinstance(op, scf.ForOp):
        y = op.body.block.last_op
        n = len(op.iter_args)
        if n:
            out.add(f"for_iter_args_{n}")
        args = list(op.body.block.args[1:])
        ys = list(y.operands) if y is not None else []
        for j, v in enumerate(ys):
            if v in args:
                k = args.index(v)
                out.add("for_yield_unchanged" if k == j else "for_shift_register")
                if k != j and k < len(ys) and ys[k] is args[j]:
                    out.add("for_swap")
            elif not _defined_inside(v, op):
                out.add("for_yield_outer_value")
        if len(set(ys)) < len(ys):
            out.add("for_yield_twice")
        if len(set(op.iter_args)) < n:
            out.add("for_shared_init")
    if isinstance(op, scf.IfOp):
        out.add("if_results" if op.results else "if_no_results")
        if not op.false_region.blocks:
            out.add("if_without_else")
        for region in op.regions:
            if not region.blocks:
                continue
            ys = list(region.blocks[0].last_op.operands)
            if len(set(ys)) < len(ys):
                out.add("if_yield_twice")
            for v in ys:
                if isinstance(v, BlockArgument) and isinstance(v.owner.parent_op(), scf.ForOp):
                    out.add("if_yields_iter_arg")
                elif not _defined_inside(v, op):
                    out.add("if_yields_outer_value")


def _owner_is(v: SSAValue, pred) -> bool:
    """True when ``v`` is defined by an op satisfying ``pred`` (directly or
    through a chain of views)."""
    while isinstance(v.owner, Operation):
        if pred(v.owner):
            return True
        src = view_source(v.owner)
        if src is None:
            return False
        v = src
    return False


def _is_clamp(op: SelsOp) -> bool:
    """The select-built clamp: ``d = subs``, ``m = cmps(d)`` with ``d`` read
    only there, then ``tmp = tile.create`` right before the ``sels``."""
    cmp = op.mask.owner
    if not isinstance(cmp, CmpsOp) or not isinstance(cmp.lhs.owner, SubsOp):
        return False
    if sum(1 for _ in cmp.lhs.uses) != 1:
        return False
    return isinstance(op.tmp.owner, CreateOp) and op.prev_op is op.tmp.owner


def _target_features(op: Operation, out: set[str]) -> None:
    """Features of the target-aware ops and the cross-core pipe."""
    if isinstance(op, func.FuncOp) and SPLIT_MODE in op.attributes:
        out.add(f"split_mode_{split_mode(op)}")
    if isinstance(op, scf.ForOp):
        if any(_owner_is(v, is_tpop) for v in op.iter_args):
            out.add("tpop_loop_init")
        y = op.body.block.last_op
        if y is not None and any(_owner_is(v, is_tpop) for v in y.operands):
            out.add("tpop_yielded")
        return
    if isinstance(op, scf.YieldOp):
        return
    src = view_source(op)
    if src is not None:
        if _owner_is(src, is_tpop):
            out.add("tpop_view")
        return
    tiles = [v for v in op.operands if isinstance(v.type, TileType)]
    if any(_owner_is(v, is_tpop) for v in tiles) and any(_owner_is(v, is_load) for v in tiles):
        out.add("tpop_with_load_operand")
    if isinstance(op, SelsOp) and _is_clamp(op):
        out.add("sels_clamp")
    if workspace_operands(op) and _loop_depth(op) > 0:
        out.add("workspace_in_loop")


def features(kernel: str | ModuleOp) -> set[str]:
    """Feature names of a kernel: ``op:<tile op>``, loop depth and carry
    shapes (``for_depth_N``, ``for_iter_args_N``, ``for_shift_register``,
    ``for_swap``, ...), if forms (``if_results``, ``if_yields_iter_arg``,
    ...), views (``slice_of_slice``, ``strided_slice``), casts
    (``cast_<src>_<dst>``, ``cast_widening``/``cast_narrowing``), cube forms
    (``init_cond_cmpi``, ``acc_carry``), moves (``move_<src>_<dst>``),
    ``multiple_outputs``, and the target-rule shapes: ``split_mode_N``,
    ``tpop_loop_init``, ``tpop_yielded``, ``tpop_view``,
    ``tpop_with_load_operand`` (an op reading a pop and a load, directly or
    through views), ``sels_clamp`` (``subs``, ``cmps``, ``create``, ``sels``)
    and ``workspace_in_loop``. ``kernel`` is a kernel's text or parsed module."""
    module = parse_module(kernel) if isinstance(kernel, str) else kernel
    out: set[str] = set()
    stored: set[SSAValue] = set()
    for op in module.walk():
        if op.name.startswith("tile."):
            out.add("op:" + op.name[5:])
        if isinstance(op, scf.ForOp):
            out.add(f"for_depth_{_loop_depth(op) + 1}")
        _yield_features(op, out)
        _target_features(op, out)
        if isinstance(op, SliceOp):
            if isinstance(op.source.owner, SliceOp):
                out.add("slice_of_slice")
            if not op.is_contiguous():
                out.add("strided_slice")
        if op.name == "tile.rsqrt" and len(op.operands) == 2:
            out.add("rsqrt_tmp")
        if op.name == "tile.row_expand_add" and len(op.operands) == 3:
            out.add("row_expand_add_tmp")
        if op.name == "tile.cast":
            s, r = op.operands[0].type, op.results[0].type
            assert isinstance(s, TileType) and isinstance(r, TileType)
            out.add(f"cast_{s.element_type}_{r.element_type}")
            sb, rb = element_bytes(s.element_type), element_bytes(r.element_type)
            out.add("cast_widening" if rb > sb else "cast_narrowing" if rb < sb else "cast_same_width")
        if isinstance(op, MoveOp):
            s, r = op.source.type, op.result.type
            assert isinstance(s, TileType) and isinstance(r, TileType)
            out.add(f"move_{s.memory_space.value}_{r.memory_space.value}")
        if isinstance(op, MatmulAccOp):
            cond = op.init_cond.owner
            if isinstance(cond, arith.CmpiOp) and any(isinstance(v, BlockArgument) for v in cond.operands):
                out.add("init_cond_cmpi")
            elif isinstance(cond, arith.ConstantOp):
                out.add("init_cond_const")
            if isinstance(op.acc, BlockArgument):
                out.add("acc_carry")
        if isinstance(op, LoadOp):
            out.add(f"load_{op.result.type.memory_space.value}")  # type: ignore[union-attr]
            if any(isinstance(o.owner, arith.MuliOp) for o in op.offsets):
                out.add("loop_indexed_load")
        if isinstance(op, StoreOp):
            stored.add(op.dest)
            out.add(f"store_{op.tile.type.memory_space.value}")  # type: ignore[union-attr]
    if len(stored) > 1:
        out.add("multiple_outputs")
    return out
