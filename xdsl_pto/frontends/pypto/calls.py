"""``pl.tile.*`` and ``pl.system.*`` calls -> Tile-dialect ops.

The mapping is read off the Tile dialect, not kept by hand: ``pl.tile.NAME``
becomes the registered op ``tile.NAME``; its positional arguments fill the
op's IRDL operand definitions in order (a list for a variadic operand such as
``offsets``); a keyword naming an operand, attribute or property of the op
fills it (``value=`` of ``full``, ``mode=`` of ``cast``, ``split=`` /
``id=`` of the pipe ops); the result type is the assignment's annotation.
Keywords that describe the result (``target_memory``, ``dtype``,
``target_type``, ``blayout``/``slayout``) must agree with the annotation
(``blayout``/``slayout`` of ``move`` set the layout when the annotation's
TileView does not); ``attrs={"pipeline_membership": "G:S"}`` becomes
``tile.pipeline_membership = [array<i64: G, S>]``.

What the op definitions cannot say is in four small tables:

* :data:`RENAMES` -- pypto ops that are ours under another name (the
  reference prints ``and_`` / ``or_`` / ``not_``: Python keywords);
* :data:`SCALAR_LITERALS` -- the type of a literal scalar argument where it
  is not the tile's element type;
* :data:`SIGNATURES` -- pypto positional arguments that are not our operands
  or come in another order (``load``'s shapes, ``store``'s tensor last, the
  shape of ``create``/``full``/``reshape``/``slice`` -- the reference's
  ``slice(tile, shape, offset)``, all three required);
* :data:`SYSTEM_OPS` -- the pipe-setup calls, built with their Python
  constructors (:mod:`xdsl_pto.dialects.tile.pipe_setup_ops`); an
  initialize call takes the
  function's ``__gm_pipe_buffer`` parameter as its ``gm_slot_buffer``, as
  the reference's codegen does.

The cross-rank calls of distributed kernels (``pld.system.notify`` /
``wait``, ``pld.tile.remote_load``: :data:`DISTRIBUTED_CALLS`) and a
store's ``atomic=pl.AtomicType.Add`` (:data:`DECLARED_CONVERSIONS`) have
translators of their own, and so have the synchronization calls of
``pl.system`` (barriers, fence, events, flags, ``syncall``, cache
invalidation: :mod:`.sync_calls`).
"""

from __future__ import annotations

import ast
import functools
import importlib
import inspect

from xdsl.dialects import arith, func, memref
from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseArrayBase,
    IndexType,
    IntAttr,
    IntegerAttr,
    MemRefType,
    IntegerType,
    Signedness,
    StringAttr,
    UnitAttr,
    f32,
    i1,
    i32,
    i64,
)
from xdsl.ir import Attribute, Block, BlockArgument, SSAValue
from xdsl.irdl import IRDLOperation, OptionalDef, VariadicDef

from xdsl_pto.dialects.tile.pipeline_attrs import PIPELINE_MEMBERSHIP
from xdsl_pto.dialects.tile.traits import ReadsWrites
from xdsl_pto.dialects.tile.types import DYNAMIC_VALID, MemorySpace, TileType
from xdsl_pto.dialects.tile.valid_flow import NoExtentSource, Operand, SameAxis, extent_sources
from xdsl_pto.dialects.tile.view_ops import SetValidShapeOp
from xdsl_pto.frontends.pypto import annotations as ann
from xdsl_pto.frontends.pypto.context import FunctionContext, bind
from xdsl_pto.frontends.pypto.errors import PyptoImportError, describe, dotted
from xdsl_pto.frontends.pypto.scalars import constant, lookup, scalar
from xdsl_pto.frontends.pypto.sync_calls import SYNC_CALLS, sync_call

#: pypto op -> our op, where the names differ. (``transpose_view`` is our
#: ``tile.transpose_view``, whose result type carries the derived layouts;
#: ``tile.transpose`` is a real copy.)
RENAMES = {"and_": "and", "or_": "or", "not_": "not"}

#: The type a literal scalar argument takes where it is not the tile's
#: element type: the bitwise and shift ops' scalar is an i32 (the reference
#: casts it to i32 for ptoas), leaky ReLU's slope an f32 (ptoas takes no
#: other).
SCALAR_LITERALS: dict[str, dict[str, Attribute]] = {
    **{op: {"rhs": i32} for op in ("ands", "ors", "xors", "shls", "shrs")},
    "lrelu": {"slope": f32},
}

#: pypto positional parameters, where they are not our operand definitions
#: in order. ``@shape`` / ``@valid_shape`` are shape lists checked against
#: (or giving) the result type, not operands.
SIGNATURES: dict[str, tuple[str, ...]] = {
    "load": ("source", "offsets", "@shape", "@valid_shape"),
    "store": ("tile", "offsets", "dest"),
    "create": ("@shape",),
    "full": ("@shape",),
    "reshape": ("source", "@shape"),
    # slice(tile, shape, offset[, valid_shape]): a runtime valid shape is a
    # tile.set_validshape of the slice (:func:`_runtime_valid_view`)
    "slice": ("source", "@shape", "offsets", "@valid_shape"),
    # issue 23: views and assembly (assemble's offset is a [row, col] list)
    "set_validshape": ("source", "valid_rows", "valid_cols"),
    "assemble": ("target", "source", "offsets"),
    # reinterpret_view(tile, dtype): the dtype (the keyword's) positionally too
    "reinterpret_view": ("source", "@dtype"),
    "transpose_view": ("source",),
    # extract(src, r, c, [h, w], target_memory=M): the window's shape, also
    # given as the ``shape=`` keyword (tile-op-semantics.md section 11)
    "extract": ("source", "index_row", "index_col", "@shape"),
    # issue 23: generators and fills (shapes and the pad value give the
    # result type; the pad value is the result type's pad field)
    "ci": ("start", "@shape"),
    "tri": ("diagonal", "@shape", "@valid_shape"),
    "random": ("key0", "key1", "counter0", "counter1", "counter2", "counter3", "@shape", "@valid_shape"),
    "fillpad": ("source", "@pad_value"),
    "fillpad_inplace": ("source", "@pad_value"),
    "fillpad_expand": ("source", "@shape", "@pad_value"),
    # issue 23: sort / gather / scatter. ``*more``: the positional arguments
    # the others leave, as a list (mrgsort_format2's third and fourth lists
    # before its tmp); gather_row's offset pairs and window are rewritten by
    # :data:`ARGUMENT_REWRITES`.
    "mrgsort_format2": ("src0", "src1", "*more", "tmp"),
    "gather_row": ("dst", "src", "@dst_offset", "@src_offset", "@shapes"),
}

#: Operands a pypto call may leave out, and the literal they default to: the
#: reference's 3-operand ``matmul_acc(acc, lhs, rhs)`` always accumulates
#: (``init_cond`` false; the hand-peeled K-loop, pypto-lib kernels).
DEFAULT_OPERANDS: dict[str, dict[str, ast.expr]] = {
    "matmul_acc": {"init_cond": ast.Constant(False)},
}

#: Scalar operands of a fixed type, where a literal cannot take the tile's
#: element type: ``tri``'s diagonal and ``random``'s keys and counters are
#: i32 (reference/tile-op-semantics.md section 4).
SCALAR_OPERANDS: dict[str, dict[str, Attribute]] = {
    "tri": {"diagonal": i32},
    "random": {k: i32 for k in ("key0", "key1", "counter0", "counter1", "counter2", "counter3")},
}


#: pypto call -> class of :mod:`xdsl_pto.dialects.tile.pipe_setup_ops`.
SYSTEM_OPS = {
    "pl.system.reserve_buffer": "ReserveBufferOp",
    "pl.system.import_peer_buffer": "ImportPeerBufferOp",
    "pl.system.aic_initialize_pipe": "AicInitializePipeOp",
    "pl.system.aiv_initialize_pipe": "AivInitializePipeOp",
    "pl.system.tfree_to_aic": "TFreeToAicOp",
    "pl.system.tfree_to_aiv": "TFreeToAivOp",
    "pl.tile.get_subblock_idx": "GetSubblockIdxOp",
}

#: The modules :data:`SYSTEM_OPS`' classes are looked up in, in order.
SYSTEM_OP_MODULES = ("xdsl_pto.dialects.tile.pipe_setup_ops",)

#: The pipe initialization calls, and the parameter the reference's codegen
#: passes them as their GM slot buffer (``gm_slot_buffer``, which ptoas needs
#: on a2/a3) when the call does not name one.
INIT_CALLS = ("pl.system.aic_initialize_pipe", "pl.system.aiv_initialize_pipe")
GM_PIPE_BUFFER = "__gm_pipe_buffer"

#: Ops that write a GM tensor operand and have no result: the assignment of
#: one binds the tensor (an alias).
GM_WRITERS = ("pl.tile.store", "pl.tile.mscatter")

#: Keywords that describe the result type rather than an operand or attribute.
RESULT_KEYWORDS = (
    "target_memory", "dtype", "target_type", "output_dtype", "blayout", "slayout", "pad_value",
    "out_cols", "count_dtype",
)



#: pypto's comparison codes (``cmp_mode=4``) and the enum names a dump may
#: print instead.
CMP_CODES = ("eq", "ne", "lt", "le", "gt", "ge")


def _enum_word(node: ast.expr) -> str | int | None:
    """An enum keyword's value: an int or str literal, or the last name of
    ``pl.tile.MaskPattern.P0101`` / ``pl.GatherOob.clamp``."""
    lit = _literal(node)
    if isinstance(lit, int | str) and not isinstance(lit, bool):
        return lit
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _mask_pattern(node: ast.expr) -> Attribute:
    from xdsl_pto.dialects.tile.sort_gather_base import MASK_PATTERNS, PATTERN_BY_CODE

    v = _enum_word(node)
    pattern = PATTERN_BY_CODE.get(v) if isinstance(v, int) else MASK_PATTERNS.get(str(v))  # type: ignore[arg-type]
    if pattern is None:
        raise PyptoImportError(f"mask_pattern must be 1..7 or a MaskPattern name, got '{describe(node)}'", node)
    return StringAttr(pattern.name)


def _cmp_mode(node: ast.expr) -> Attribute:
    v = _enum_word(node)
    if isinstance(v, int) and 0 <= v < len(CMP_CODES):
        return StringAttr(CMP_CODES[v])
    if isinstance(v, str) and v.lower() in CMP_CODES:
        return StringAttr(v.lower())
    raise PyptoImportError(f"cmp_mode must be 0..5 or eq/ne/lt/le/gt/ge, got '{describe(node)}'", node)


def _word(choices: tuple[str, ...], what: str):
    def convert(node: ast.expr) -> Attribute:
        v = _enum_word(node)
        if isinstance(v, str) and v.lower() in choices:
            return StringAttr(v.lower())
        raise PyptoImportError(f"{what} must be one of {', '.join(choices)}, got '{describe(node)}'", node)

    return convert


def _i32_offset(node: ast.expr) -> Attribute:
    v = _literal(node)
    if not isinstance(v, int) or isinstance(v, bool) or not -(2**31) <= v < 2**31:
        raise PyptoImportError(f"offset must be an i32 literal, got '{describe(node)}'", node)
    return IntegerAttr(v, i32)


def _row_dim(node: ast.expr) -> Attribute | None:
    if _literal(node) != -2:
        raise PyptoImportError(f"only dim=-2 (whole rows) is supported, got '{describe(node)}'", node)
    return None


def _atomic(node: ast.expr) -> Attribute | None:
    """A store's ``atomic=``: ``pl.AtomicType.Add`` (or its code 1) is
    ``"add"``; ``pl.AtomicType.None_`` / 0 is a plain store (absent)."""
    v = _enum_word(node)
    word = {0: "none", 1: "add"}.get(v, v) if isinstance(v, int) else str(v).lower().rstrip("_")
    if word == "add":
        return StringAttr("add")
    if word == "none":
        return None
    raise PyptoImportError(f"atomic must be pl.AtomicType.Add or None, got '{describe(node)}'", node)


#: Declared attributes whose pypto value is an enum, not a literal: the
#: conversion to our attribute (None: absent).
DECLARED_CONVERSIONS = {"atomic": _atomic}


#: Keywords that become attributes the op reads but does not declare, by
#: keyword: their value converted (pypto's integer codes to our names).
KEYWORD_ATTRIBUTES = {
    "mask_pattern": _mask_pattern,
    "cmp_mode": _cmp_mode,
    "offset": _i32_offset,
    "coalesce": _word(("row", "elem"), "coalesce"),
    "gather_oob": _word(("undefined", "clamp", "wrap", "zero"), "gather_oob"),
    "dim": _row_dim,
}


def _gather_row_arguments(call: ast.Call, given: dict[str, ast.expr], attrs: dict[str, Attribute]) -> None:
    """``gather_row(dst, src, [r0, c0], [sr, sc], [h, w])``: the offsets as
    our four index operands, the transfer extent as ``window``."""
    pairs = []
    for key in ("@dst_offset", "@src_offset"):
        node = given.pop(key, None)
        if not isinstance(node, ast.List | ast.Tuple) or len(node.elts) != 2:
            raise PyptoImportError(f"'pl.tile.gather_row' needs its {key[1:]} as a [row, col] pair", node or call)
        pairs.extend(node.elts)
    given["offsets"] = ast.List(elts=pairs, ctx=ast.Load())
    shapes = given.pop("@shapes", None)
    if shapes is None:
        raise PyptoImportError("'pl.tile.gather_row' needs its shapes argument", call)
    attrs["window"] = DenseArrayBase.from_list(i64, ann.int_list(shapes, "a shape"))


#: Positional arguments our op takes otherwise, rewritten after the
#: keywords are read: ``fn(call, given, attrs)``.
ARGUMENT_REWRITES = {"gather_row": _gather_row_arguments}


def _gather_compare_types(ctx: FunctionContext, call: ast.Call, given: dict[str, ast.expr], result_kw: dict[str, ast.expr]) -> list[Attribute]:
    """``gather_compare``'s ``(dst, count)`` types: ``[R, out_cols]`` i32
    (``out_cols`` defaults to the source's columns) and ``[1, R]`` of
    ``count_dtype`` (i32 by default), both Vec."""
    src = given.get("src")
    t = lookup(ctx, src).type if isinstance(src, ast.Name) else None
    if not isinstance(t, TileType):
        raise PyptoImportError("'pl.tile.gather_compare' needs a tile name as its src", src or call)
    rows, cols = t.get_shape()
    if "out_cols" in result_kw:
        cols = ann.int_literal(result_kw["out_cols"]) or cols
    count = ann.dtype(result_kw["count_dtype"]) if "count_dtype" in result_kw else i32
    return [TileType([rows, cols], i32, MemorySpace.VEC), TileType([1, rows], count, MemorySpace.VEC)]


#: Ops with several results (assigned as ``a, b = pl.tile.op(...)``): their
#: result types from the arguments.
TUPLE_RESULTS = {"gather_compare": _gather_compare_types}


@functools.cache
def tile_ops() -> dict[str, type[IRDLOperation]]:
    """Our registered Tile ops by name without the ``tile.`` prefix."""
    from xdsl_pto.dialects.tile import Tile

    return {op.name.removeprefix("tile."): op for op in Tile.operations}  # type: ignore[misc]


def call_name(call: ast.Call) -> str:
    """``pl.tile.add`` for a call of ``pl.tile.add(...)`` (``?`` when the
    callee is no dotted name)."""
    return dotted(call.func) or "?"


def translate(
    ctx: FunctionContext, call: ast.Call, annotation: ast.expr | None
) -> SSAValue | tuple[SSAValue, ...] | None:
    """Translate one ``pl.tile.*`` / ``pl.system.*`` / ``self.f`` call.

    Returns the value the assignment target is bound to: the op's result (a
    tuple of them for an op with several: :data:`TUPLE_RESULTS`), the
    written tensor of a ``store`` or ``mscatter`` (an alias), or None for an
    op without a result.

    Raises:
        PyptoImportError: for a call of anything else, an op the Tile
            dialect does not have, arguments that do not fit the op, or an
            annotation that disagrees with the call.
    """
    name = call_name(call)
    if name in SYNC_CALLS:
        return sync_call(ctx, call, name, annotation)
    if name in SYSTEM_OPS:
        return _system(ctx, call, name, annotation)
    if name in DISTRIBUTED_CALLS:
        return _distributed(ctx, call, name, annotation)
    if name in ("pl.tensor.read", "pl.tensor.write"):
        return _tensor_scalar(ctx, call, name, annotation)
    if name.startswith("self.") and name.count(".") == 1:
        return _self_call(ctx, call, name[5:], annotation)
    if name.startswith("pl.tile.") and name.count(".") == 2:
        short = name[len("pl.tile."):]
        ours = RENAMES.get(short, short)
        cls = tile_ops().get(ours)
        if cls is None:
            raise PyptoImportError(f"unsupported op '{name}' (the Tile dialect has no tile.{ours})", call)
        return _tile(ctx, call, name, ours, cls, annotation)
    raise PyptoImportError(f"unsupported call '{name}'", call)


def _literal(node: ast.expr) -> object:
    """The Python value of a literal (int, float, str, bool), else a
    sentinel :data:`_NOT_LITERAL`."""
    v = ann.int_literal(node)
    if v is not None:
        return v
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float | str | bool):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant):
        if isinstance(node.operand.value, float):
            return -node.operand.value
    return _NOT_LITERAL


_NOT_LITERAL = object()


def _accepts(constr, attr: Attribute) -> bool:
    """True when an operand definition's constraint admits a value of type
    ``attr`` (a variadic or optional operand's range constraint is asked
    about a one-value range)."""
    from xdsl.irdl.constraints import RangeConstraint

    if isinstance(constr, RangeConstraint):
        return constr.verifies((attr,))
    return constr.verifies(attr)


def _kinds(constr) -> tuple[bool, bool, bool, bool]:
    """(accepts a tile, a tensor, index, i1) for an operand constraint."""
    sample_tile = TileType([16, 16], i64, MemorySpace.VEC)
    sample_tensor = MemRefType(i64, [16, 16])
    return (
        _accepts(constr, sample_tile),
        _accepts(constr, sample_tensor),
        _accepts(constr, IndexType()),
        _accepts(constr, i1),
    )


def _tile(
    ctx: FunctionContext,
    call: ast.Call,
    name: str,
    ours: str,
    cls: type[IRDLOperation],
    annotation: ast.expr | None,
) -> SSAValue | None:
    irdl = cls.get_irdl_definition()
    operand_defs = dict(irdl.operands)
    params = SIGNATURES.get(ours, tuple(n for n, _ in irdl.operands))
    given = _positional(call, name, params)
    result_kw: dict[str, ast.expr] = {}
    attrs: dict[str, Attribute] = {}
    props: dict[str, Attribute] = {}
    for kw in call.keywords:
        if kw.arg is None:
            raise PyptoImportError(f"'**' arguments are not supported in '{name}'", kw.value)
        if kw.arg in given:
            raise PyptoImportError(f"'{name}' got argument '{kw.arg}' twice", kw.value)
        if kw.arg in operand_defs or kw.arg in params:
            given[kw.arg] = kw.value
        elif f"@{kw.arg}" in params:  # a shape list given by keyword (extract's shape=)
            if f"@{kw.arg}" in given:
                raise PyptoImportError(f"'{name}' got argument '{kw.arg}' twice", kw.value)
            given[f"@{kw.arg}"] = kw.value
        elif kw.arg in DECLARED_CONVERSIONS and kw.arg in irdl.attributes:
            value = DECLARED_CONVERSIONS[kw.arg](kw.value)
            if value is not None:
                attrs[kw.arg] = value
        elif kw.arg in irdl.attributes or kw.arg in irdl.properties:
            target = attrs if kw.arg in irdl.attributes else props
            d = irdl.attributes.get(kw.arg) or irdl.properties[kw.arg]
            value = _attribute(kw.value, d.constr, f"'{kw.arg}' of '{name}'")
            if value is not None:  # a unit attribute given False is absent
                target[kw.arg] = value
        elif kw.arg in KEYWORD_ATTRIBUTES:
            value = KEYWORD_ATTRIBUTES[kw.arg](kw.value)
            if value is not None:
                attrs[kw.arg] = value
        elif kw.arg in RESULT_KEYWORDS:
            result_kw[kw.arg] = kw.value
        elif kw.arg == "attrs":
            attrs.update(_call_attrs(kw.value))
        else:
            raise PyptoImportError(f"unsupported keyword argument '{kw.arg}' of '{name}'", kw.value)

    if "@pad_value" in given:  # fillpad(t, pl.PadValue.min): the keyword's value, positionally
        if "pad_value" in result_kw:
            raise PyptoImportError(f"'{name}' got argument 'pad_value' twice", result_kw["pad_value"])
        result_kw["pad_value"] = given.pop("@pad_value")
    if "@dtype" in given:  # reinterpret_view(t, pl.INT32): the dtype keyword's value, positionally
        if "dtype" in result_kw:
            raise PyptoImportError(f"'{name}' got argument 'dtype' twice", result_kw["dtype"])
        result_kw["dtype"] = given.pop("@dtype")
    if ours in ARGUMENT_REWRITES:
        ARGUMENT_REWRITES[ours](call, given, attrs)
        params = tuple(n for n, _ in irdl.operands)
    missing = [
        p for p in params if p not in given and p not in ("@pad_value", "@valid_shape", "@dtype") and not p.startswith("*")
    ]
    if ours == "slice" and missing:
        raise PyptoImportError(
            f"'{name}' is slice(tile, shape, offset): the {' and '.join({'@shape': 'shape', 'offsets': 'offset'}.get(m, m) for m in missing)} "
            f"argument{'s are' if len(missing) > 1 else ' is'} missing",
            call,
        )
    derived: dict[str, str] = {}
    if name == "pl.tile.transpose_view":
        derived = _transposed_layouts(ctx, call, given)
    has_result = bool(irdl.results)
    in_place = cls.get_trait(ReadsWrites)
    result_type: Attribute | None = None
    result_types: list[Attribute] | None = None
    scalar_result = ann.scalar_type(annotation) if annotation is not None else None
    if ours in TUPLE_RESULTS:
        if annotation is not None:
            raise PyptoImportError(f"'{name}' has {len(irdl.results)} results: assign them as 'a, b = {name}(...)'", annotation)
        result_types = TUPLE_RESULTS[ours](ctx, call, given, result_kw)
    elif has_result and scalar_result is not None:
        result_type = scalar_result  # tile.read, tile.get_block_idx: a pl.Scalar
    elif has_result and in_place is not None and annotation is None:
        pass  # an rw op called as a statement: its result has its operand's type (below)
    elif has_result:
        result_type = _result_type(ctx, call, name, annotation, given, result_kw, derived)
    else:
        _check_no_tile_result(ctx, call, name, annotation, result_kw)

    view_valid: tuple[ast.expr, TileType] | None = None
    if isinstance(result_type, TileType) and result_type.has_dynamic_valid and "@valid_shape" in given:
        if "valid" in operand_defs:  # tile.load ... valid [%r, %c]
            given["valid"] = given["@valid_shape"]
        elif ours == "slice":  # a slice, then its runtime valid shape
            view_valid = (given["@valid_shape"], result_type)
            result_type = _without_valid(result_type)

    operands: list[SSAValue | list[SSAValue]] = []
    first_tile: TileType | None = None
    for pname, d in irdl.operands:
        node = given.get(pname)
        if node is None and pname in DEFAULT_OPERANDS.get(ours, {}):
            node = ast.copy_location(DEFAULT_OPERANDS[ours][pname], call)
        optional = isinstance(d, OptionalDef)
        variadic = isinstance(d, VariadicDef) and not optional
        if node is None:
            if optional or variadic:
                operands.append([])
                continue
            raise PyptoImportError(f"'{name}' needs its '{pname}' argument", call)
        constr = d.constr
        tile_ok, tensor_ok, index_ok, bool_ok = _kinds(constr)
        fixed = SCALAR_OPERANDS.get(ours, {}).get(pname)
        if variadic:
            # one expression for an index list is a list of one (pypto's
            # flat element index: pl.tile.read(t, k))
            elts = list(node.elts) if isinstance(node, ast.List | ast.Tuple) else [node] if index_ok else None
            if elts is None:
                raise PyptoImportError(f"'{pname}' of '{name}' must be a list, got '{describe(node)}'", node)
            values = [scalar(ctx, e, IndexType()) if index_ok else _value(ctx, e, None) for e in elts]
            for e, v in zip(elts, values):
                _check(constr, v, pname, name, e)
            operands.append(values)
            continue
        if fixed is not None:
            v = scalar(ctx, node, fixed)
            if v.type != fixed:
                raise PyptoImportError(f"'{pname}' of '{name}' must be {fixed}, '{describe(node)}' is {v.type}", node)
        elif tile_ok and tensor_ok and index_ok and bool_ok:
            # any type: a tile (cmp's rhs) or a scalar of the tile's element type
            if isinstance(node, ast.Name) and isinstance(ctx.env.get(node.id), SSAValue) and isinstance(
                lookup(ctx, node).type, TileType | MemRefType
            ):
                v = lookup(ctx, node)
            else:
                elem = first_tile or result_type
                literal = SCALAR_LITERALS.get(ours, {}).get(pname)
                if literal is None and isinstance(elem, TileType):
                    literal = elem.element_type
                v = _value(ctx, node, literal)
        elif tile_ok or tensor_ok:
            if not isinstance(node, ast.Name):
                what = "a tile" if tile_ok else "a tensor"
                raise PyptoImportError(f"'{pname}' of '{name}' must be {what} name, got '{describe(node)}'", node)
            v = lookup(ctx, node)
        elif index_ok and not bool_ok:
            v = scalar(ctx, node, IndexType())
        elif bool_ok and not index_ok:
            v = scalar(ctx, node, i1)
        else:
            raise PyptoImportError(f"'{pname}' of '{name}': operand kind not supported by the importer", node)
        _check(constr, v, pname, name, node)
        if first_tile is None and isinstance(v.type, TileType):
            first_tile = v.type
        operands.append([v] if optional else v)

    if name == "pl.tile.transpose_view" and isinstance(first_tile, TileType) and result_type is not None:
        # transpose_view: [M, N] seen as [N, M]
        if tuple(reversed(first_tile.get_shape())) != result_type.get_shape():
            raise PyptoImportError(
                f"'{name}' of a {list(first_tile.get_shape())} tile is "
                f"{list(reversed(first_tile.get_shape()))}, the annotation says {list(result_type.get_shape())}",
                call,
            )
    if has_result and result_type is None and result_types is None:  # an rw op's statement form
        updated = operands[in_place.index]  # type: ignore[union-attr]
        assert isinstance(updated, SSAValue)
        result_type = updated.type
        if isinstance(result_type, TileType):
            _check_result_keywords(name, result_type, result_kw)
    if result_types is None:
        result_types = [result_type] if result_type is not None else []
    op = cls.build(operands=operands, result_types=result_types, attributes=attrs, properties=props)
    ctx.add(op, call)
    if annotation is not None and len(op.results) == 1 and view_valid is None:
        _check_runtime_valid(ctx, name, op.results[0], annotation)
    if view_valid is not None:
        return _runtime_valid_view(ctx, op.results[0], *view_valid)
    if len(op.results) > 1:
        return tuple(op.results)  # type: ignore[return-value]
    if in_place is not None:
        _rebind_updated(ctx, call, name, params, given, op, in_place.index)
    gm_written = [v for v in op.operands if isinstance(v.type, MemRefType)] if not op.results else []
    if gm_written:  # store, mscatter: the written tensor
        dest = gm_written[0]
        if annotation is not None:
            t = ann.tensor_type(annotation).type
            if t != dest.type:
                raise PyptoImportError(f"the annotation says {t}, the stored-to tensor is {dest.type}", annotation)
        return dest
    return op.results[0] if op.results else None


def _tensor_scalar(ctx: FunctionContext, call: ast.Call, name: str, annotation: ast.expr | None) -> SSAValue | None:
    """``v = pl.tensor.read(t, [i, j])`` -> ``memref.load``, and
    ``pl.tensor.write(t, [i, j], v)`` -> ``memref.store``: one element of a GM
    tensor (tile-op-semantics.md section 11, "Scalar GM access"); a write's
    value takes the tensor's element type.

    Raises:
        PyptoImportError: for another argument form, an index count other
            than the tensor's rank, or an annotation of another type.
    """
    write = name == "pl.tensor.write"
    want = 3 if write else 2
    if len(call.args) != want or call.keywords:
        form = "t, [indices], value" if write else "t, [indices]"
        raise PyptoImportError(f"'{name}' takes ({form}) positionally", call)
    tensor_node, index_node = call.args[0], call.args[1]
    tensor = lookup(ctx, tensor_node) if isinstance(tensor_node, ast.Name) else None
    if tensor is None or not isinstance(tensor.type, MemRefType):
        raise PyptoImportError(f"'{name}' needs a tensor name, got '{describe(tensor_node)}'", tensor_node)
    elts = index_node.elts if isinstance(index_node, ast.List | ast.Tuple) else None
    rank = len(tensor.type.get_shape())
    if elts is None or len(elts) != rank:
        raise PyptoImportError(
            f"'{name}' needs a list of {rank} indices for a rank-{rank} tensor, got '{describe(index_node)}'", index_node
        )
    indices = []
    for e in elts:
        v = scalar(ctx, e, IndexType())
        if isinstance(v.type, IntegerType) and v.type != i1:  # an i32 table entry used as an index
            v = ctx.add(arith.IndexCastOp(v, IndexType()), e).results[0]
        if not isinstance(v.type, IndexType):
            raise PyptoImportError(f"an index of '{name}' must be an index or integer, '{describe(e)}' is {v.type}", e)
        indices.append(v)
    elem = tensor.type.element_type
    if write:
        value = scalar(ctx, call.args[2], elem)
        if value.type != elem:
            raise PyptoImportError(
                f"'{name}' writes {elem}, '{describe(call.args[2])}' is {value.type}", call.args[2]
            )
        if annotation is not None:
            raise PyptoImportError(f"'{name}' has no result to assign", call)
        ctx.add(memref.StoreOp.get(value, tensor, indices), call)
        return None
    load = ctx.add(memref.LoadOp.get(tensor, indices), call)
    if annotation is not None and ann.scalar_type(annotation) != elem:
        raise PyptoImportError(f"'{name}' of '{describe(tensor_node)}' returns {elem}, the annotation says '{describe(annotation)}'", annotation)
    return load.results[0]


def _positional(call: ast.Call, name: str, params: tuple[str, ...]) -> dict[str, ast.expr]:
    """The positional arguments by parameter; a ``*name`` parameter takes the
    arguments the others leave, as one list.

    Raises:
        PyptoImportError: for too many (or, around a ``*name``, too few).
    """
    star = next((i for i, p in enumerate(params) if p.startswith("*")), None)
    if star is None:
        if len(call.args) > len(params):
            raise PyptoImportError(
                f"'{name}' takes at most {len(params)} positional arguments, got {len(call.args)}", call
            )
        return dict(zip(params, call.args))
    after = len(params) - star - 1
    if len(call.args) < star + after:
        raise PyptoImportError(f"'{name}' takes at least {star + after} positional arguments, got {len(call.args)}", call)
    middle = call.args[star : len(call.args) - after]
    given = dict(zip(params[:star], call.args[:star]))
    given[params[star][1:]] = ast.List(elts=list(middle), ctx=ast.Load())
    given.update(zip(params[star + 1 :], call.args[len(call.args) - after :]))
    return given


def in_place_target(call: ast.Call) -> str | None:
    """The tile name a call of an in-place op (:class:`ReadsWrites`:
    ``pl.tile.write(t, ...)``, ``fillpad_inplace(t)``) updates, else None."""
    name = call_name(call)
    if not (name.startswith("pl.tile.") and name.count(".") == 2):
        return None
    short = name[len("pl.tile."):]
    ours = RENAMES.get(short, short)
    cls = tile_ops().get(ours)
    rw = cls.get_trait(ReadsWrites) if cls is not None else None
    if rw is None:
        return None
    operand_names = [n for n, _ in cls.get_irdl_definition().operands]
    pname = operand_names[rw.index] if rw.index < len(operand_names) else None
    params = SIGNATURES.get(ours, tuple(operand_names))
    node: ast.expr | None = None
    if pname in params and params.index(pname) < len(call.args):
        node = call.args[params.index(pname)]
    for kw in call.keywords:
        if kw.arg == pname:
            node = kw.value
    return node.id if isinstance(node, ast.Name) else None


def _rebind_updated(
    ctx: FunctionContext,
    call: ast.Call,
    name: str,
    params: tuple[str, ...],
    given: dict[str, ast.expr],
    op: IRDLOperation,
    index: int,
) -> None:
    """An ``rw(index)`` op (:class:`ReadsWrites`: ``pl.tile.write(t, [i, j],
    v)``, ``fillpad_inplace``) updates its operand's buffer in place: the
    operand's name now stands for the result (the updated tile).

    A name bound outside the loop or if body the call is in is carried out
    of it by the enclosing ``scf.for`` / ``scf.if`` (which found it before
    translating the body: :data:`FunctionContext.carried`).

    Raises:
        PyptoImportError: when the name is bound outside the body and no
            enclosing region carries it (a defect of the importer).
    """
    pname = next((n for n, _ in op.get_irdl_definition().operands[index : index + 1]), None)
    node = given.get(pname) if pname is not None else None
    if not isinstance(node, ast.Name) or not op.results:
        return
    old = op.operands[index]
    where = old.owner if isinstance(old.owner, Block) else old.owner.parent_block()
    if where is not ctx.block and ctx.block is not ctx.entry and node.id not in ctx.carried:
        raise PyptoImportError(
            f"'{name}' updates '{node.id}' in place inside a loop or if body, but '{node.id}' is defined "
            "outside it and no enclosing loop or if carries it out (an importer defect)",
            call,
        )
    bind(ctx, node.id, op.results[0])


#: ``transpose_view``'s layout swap: the same bytes read the other way.
_SWAPPED = {"row_major": "col_major", "col_major": "row_major", "none_box": "none_box"}


def _transposed_layouts(ctx: FunctionContext, call: ast.Call, given: dict[str, ast.expr]) -> dict[str, str]:
    """The result layouts of ``pl.tile.transpose_view(t)``: ``t``'s block and
    stripe layouts with row_major and col_major swapped (none_box stays), so
    a row-major ``[M, N]`` is seen as a col-major ``[N, M]`` -- the same
    bytes, transposed.

    Raises:
        PyptoImportError: for another argument than one tile name.
    """
    if len(call.args) != 1 or set(given) != {"source"}:
        raise PyptoImportError("'pl.tile.transpose_view' takes one tile argument", call)
    src = call.args[0]
    if not isinstance(src, ast.Name):
        raise PyptoImportError(f"'source' of 'pl.tile.transpose_view' must be a tile name, got '{describe(src)}'", src)
    t = lookup(ctx, src).type
    if not isinstance(t, TileType):
        raise PyptoImportError(f"'{src.id}' is {t}, not a tile", src)
    return {"blayout": _SWAPPED[t.blayout.data], "slayout": _SWAPPED[t.slayout.data]}


def _value(ctx: FunctionContext, node: ast.expr, elem: Attribute | None) -> SSAValue:
    """A scalar operand of any type: a literal becomes a constant of
    ``elem`` (the tile's element type; for an unsigned one the signless
    integer of its width: MLIR constants are signless, and the ops take
    that), anything else a scalar expression."""
    lit = _literal(node)
    if lit is not _NOT_LITERAL:
        if elem is None:
            raise PyptoImportError(f"cannot tell the type of literal '{describe(node)}'", node)
        if isinstance(elem, IntegerType) and elem.signedness.data is Signedness.UNSIGNED:
            elem = IntegerType(elem.width.data)
        return constant(ctx, lit, elem, node)  # type: ignore[arg-type]
    return scalar(ctx, node)


def _check(constr, value: SSAValue, pname: str, name: str, node: ast.expr) -> None:
    if not _accepts(constr, value.type):
        raise PyptoImportError(
            f"'{pname}' of '{name}' cannot be '{describe(node)}' of type {value.type}", node
        )


def _attribute(node: ast.expr, constr, what: str) -> Attribute | None:
    """An attribute from a literal keyword value: an int -> ``i64`` integer
    (or a plain int), a str -> string, True -> unit; None for False given to
    a unit attribute (``descending=False``: absent)."""
    lit = _literal(node)
    candidates: list[Attribute] = []
    if isinstance(lit, bool):
        if not lit and constr.verifies(UnitAttr()):
            return None
        candidates = [UnitAttr()] if lit else []
    elif isinstance(lit, int):
        if not _I64_MIN <= lit <= _I64_MAX:
            raise PyptoImportError(f"{what} is {lit}, which does not fit in i64", node)
        candidates = [IntegerAttr(lit, i64), IntAttr(lit)]
    elif isinstance(lit, str):
        candidates = [StringAttr(lit)]
    for c in candidates:
        if constr.verifies(c):
            return c
    raise PyptoImportError(f"unsupported value '{describe(node)}' for {what}", node)


def membership(node: ast.expr) -> ArrayAttr:
    """``tile.pipeline_membership`` of ``"G:S"`` (several pairs separated by
    semicolons, as the reference prints them, ``"1:0;2:0"``, or commas).

    Raises:
        PyptoImportError: for anything but a string of integer pairs.
    """
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        pairs = []
        for part in node.value.replace(";", ",").split(","):
            g, sep, s = part.strip().partition(":")
            if not sep or not g.strip().isdigit() or not s.strip().isdigit():
                break
            if max(int(g), int(s)) > _I64_MAX:
                raise PyptoImportError(
                    f"pipeline_membership '{node.value}' has a number that does not fit in i64", node
                )
            pairs.append(DenseArrayBase.from_list(i64, [int(g), int(s)]))
        else:
            if pairs:
                return ArrayAttr(pairs)
    raise PyptoImportError(
        f"pipeline_membership must be a string of 'group:stage' pairs, got '{describe(node)}'", node
    )


def _call_attrs(node: ast.expr) -> dict[str, Attribute]:
    """The ``attrs={...}`` of a call (only ``pipeline_membership`` exists)."""
    if not isinstance(node, ast.Dict):
        raise PyptoImportError(f"attrs must be a dict literal, got '{describe(node)}'", node)
    out: dict[str, Attribute] = {}
    for k, v in zip(node.keys, node.values):
        key = k.value if isinstance(k, ast.Constant) else None
        if key != "pipeline_membership":
            raise PyptoImportError(f"unsupported call attribute '{describe(k) if k else '**'}'", k or node)
        out[PIPELINE_MEMBERSHIP] = membership(v)
    return out


def _result_type(
    ctx: FunctionContext,
    call: ast.Call,
    name: str,
    annotation: ast.expr | None,
    given: dict[str, ast.expr],
    result_kw: dict[str, ast.expr],
    derived: dict[str, str] | None = None,
) -> TileType:
    """The result's tile type: the annotation, with a move's layout keywords,
    a transpose_view's ``derived`` layouts and a load's valid shapes where
    the annotation does not say; checked against the shape arguments, result
    keywords and derived layouts."""
    if annotation is None:
        raise PyptoImportError(f"'{name}' has a result: assign it to a name with a pl.Tile annotation", call)
    layouts = {k: ann.layout(v) for k, v in result_kw.items() if k in ("blayout", "slayout")}
    shape = ann.int_list(given["@shape"], "a shape") if "@shape" in given else None
    valid = ann.valid_list(given["@valid_shape"]) if "@valid_shape" in given else None
    if valid is not None and valid == shape:
        valid = None
    t = ann.tile_annotation(ctx, annotation, layout_defaults={**(derived or {}), **layouts}, valid_default=valid)
    for k, v in (derived or {}).items():
        if getattr(t, k).data != v:
            raise PyptoImportError(
                f"'{name}' of '{describe(call.args[0])}' has {k} {v}, the annotation says {getattr(t, k).data}",
                annotation,
            )
    for k, v in layouts.items():
        if getattr(t, k).data != v:
            raise PyptoImportError(
                f"{k}={v} of '{name}' disagrees with the annotation's {k} {getattr(t, k).data}", result_kw[k]
            )
    if shape is not None and list(t.get_shape()) != shape:
        raise PyptoImportError(
            f"'{name}' makes a {shape} tile, the annotation says {list(t.get_shape())}", given["@shape"]
        )
    if valid is not None and _valid_text(valid) != _valid_text(_valid_of(t)):
        raise PyptoImportError(
            f"'{name}' has valid shape {_valid_text(valid)}, the annotation says {_valid_text(_valid_of(t))}",
            given["@valid_shape"],
        )
    _check_result_keywords(name, t, result_kw)
    return t


def _without_valid(t: TileType) -> TileType:
    """``t`` fully valid (its layout, pad and shape kept)."""
    return TileType(
        t.get_shape(), t.element_type, t.memory_space, blayout=t.blayout.data, slayout=t.slayout.data,
        fractal=t.fractal.data, pad=t.pad.data,
    )


def _runtime_valid_view(ctx: FunctionContext, view: SSAValue, node: ast.expr, t: TileType) -> SSAValue:
    """``tile.set_validshape`` of ``view`` (a slice) to the extents of the
    ``valid_shape`` list ``node``, typed ``t``: pypto's
    ``slice(tile, shape, offset, [n, 256])`` with ``n`` a runtime value.

    Raises:
        PyptoImportError: for a list of another length than two.
    """
    elts = node.elts if isinstance(node, ast.List | ast.Tuple) else []
    if len(elts) != 2:
        raise PyptoImportError(f"a runtime valid shape of a slice has two extents, got '{describe(node)}'", node)
    rows, cols = (scalar(ctx, e, IndexType()) for e in elts)
    op = SetValidShapeOp(operands=[view, rows, cols], result_types=[t])
    ctx.add(op, node)
    return op.result


def _annotated_valid(annotation: ast.expr) -> list[ast.expr] | None:
    """The entries of the ``valid_shape`` list of ``annotation``'s
    ``pl.TileView(...)``, or None when it states none."""
    for node in ast.walk(annotation):
        if isinstance(node, ast.Call) and dotted(node.func) == "pl.TileView":
            for kw in node.keywords:
                if kw.arg == "valid_shape" and isinstance(kw.value, ast.List | ast.Tuple):
                    return list(kw.value.elts)
    return None


def _extent_root(result: SSAValue, axis: int) -> SSAValue | None:
    """The ``index`` value a runtime valid extent of ``result`` on ``axis``
    is, followed through the ops that take it from an operand
    (:func:`~xdsl_pto.dialects.tile.valid_flow.extent_sources`); None when
    it is scaled (a reshape) or no rule gives it."""
    for _ in range(10000):
        try:
            src = extent_sources(result)[axis]
        except NoExtentSource:
            return None
        if isinstance(src, Operand):
            return src.value
        if not isinstance(src, SameAxis):
            return None
        result, axis = src.tile, src.axis
    return None


def _check_runtime_valid(ctx: FunctionContext, name: str, result: SSAValue, annotation: ast.expr) -> None:
    """Refuse a result whose annotation names a runtime valid extent that
    contradicts the one the op gives it (issue 24; the static case is
    refused in :func:`_result_type`): the annotation names a parameter or
    loop index on an axis whose extent comes (through the operands,
    :func:`_extent_root`) from another parameter or loop index. Two values
    computed by ops might be equal at run time, so only two distinct block
    arguments are a contradiction.

    Raises:
        PyptoImportError: at the annotation's entry.
    """
    t = result.type
    entries = _annotated_valid(annotation)
    if not isinstance(t, TileType) or entries is None or len(entries) != len(t.get_shape()):
        return
    for axis, (dyn, entry) in enumerate(zip(t.dynamic_valid(), entries)):
        if not dyn or not isinstance(entry, ast.Name):
            continue
        said = ctx.env.get(entry.id)
        root = _extent_root(result, axis)
        if not isinstance(said, BlockArgument) or not isinstance(root, BlockArgument) or said is root:
            continue
        raise PyptoImportError(
            f"'{name}' has runtime valid extent '{root.name_hint or '?'}' on axis {axis} (from its operands), "
            f"the annotation says '{entry.id}'",
            entry,
        )


def _valid_of(t: TileType) -> list[int]:
    """``t``'s valid shape, a runtime extent as ``DYNAMIC_VALID``."""
    return [DYNAMIC_VALID if d else v for d, v in zip(t.dynamic_valid(), t.get_valid_shape())]


def _valid_text(valid: list[int]) -> str:
    """A valid shape as the messages print it: ``[?, 256]``."""
    return "[" + ", ".join("?" if v == DYNAMIC_VALID else str(v) for v in valid) + "]"


def _check_result_keywords(name: str, t: TileType, result_kw: dict[str, ast.expr]) -> None:
    if "pad_value" in result_kw and ann.pad_field(result_kw["pad_value"]) != t.pad.data:
        raise PyptoImportError(
            f"pad_value of '{name}' is pad = {ann.pad_field(result_kw['pad_value'])}, the tile type says pad = {t.pad.data}",
            result_kw["pad_value"],
        )
    if "target_memory" in result_kw:
        space = ann.memory_space(result_kw["target_memory"])
        if space is not t.memory_space:
            raise PyptoImportError(
                f"target_memory of '{name}' is {space.value}, the annotation says {t.memory_space.value}",
                result_kw["target_memory"],
            )
    for key in ("dtype", "target_type", "output_dtype"):
        if key in result_kw:
            d = ann.dtype(result_kw[key])
            if d != t.element_type:
                raise PyptoImportError(
                    f"{key} of '{name}' is {d}, the annotation says {t.element_type}", result_kw[key]
                )


def _check_no_tile_result(
    ctx: FunctionContext, call: ast.Call, name: str, annotation: ast.expr | None, result_kw: dict[str, ast.expr]
) -> None:
    if result_kw:
        k = next(iter(result_kw))
        raise PyptoImportError(f"unsupported keyword argument '{k}' of '{name}'", result_kw[k])
    if annotation is not None and (name not in GM_WRITERS or not ann.is_tensor(annotation)):
        raise PyptoImportError(f"'{name}' has no result to assign", call)


@functools.cache
def _system_class(class_name: str) -> type | None:
    """The class named ``class_name`` in the first of
    :data:`SYSTEM_OP_MODULES` that has it (None when none does)."""
    for module_name in SYSTEM_OP_MODULES:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        cls = getattr(module, class_name, None)
        if cls is not None:
            return cls
    return None


def _system(ctx: FunctionContext, call: ast.Call, name: str, annotation: ast.expr | None) -> SSAValue | None:
    """A pipe-setup call, built with the op's constructor: names become SSA
    values, literals Python values; ``id=`` is ``pipe_id``; a
    ``reserve_buffer``'s ``base=-1`` (AUTO) is None and its space the
    consuming core's (Vec in an AIV function, Mat in an AIC one)."""
    cls = _system_class(SYSTEM_OPS[name])
    if cls is None:
        raise PyptoImportError(
            f"unsupported call '{name}' (no module of the Tile dialect has {SYSTEM_OPS[name]})", call
        )
    params = dict(inspect.signature(cls.__init__).parameters)
    params.pop("self", None)
    if name == "pl.system.reserve_buffer":
        params.pop("space", None)  # the consuming core's, never written
    positional = [p for p in params.values() if p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD]
    if len(call.args) > len(positional):
        raise PyptoImportError(f"'{name}' takes at most {len(positional)} positional arguments, got {len(call.args)}", call)
    args = [_system_arg(ctx, a, positional[i], name) for i, a in enumerate(call.args)]
    kwargs: dict[str, object] = {}
    for kw in call.keywords:
        if kw.arg is None:
            raise PyptoImportError(f"'**' arguments are not supported in '{name}'", kw.value)
        key = "pipe_id" if kw.arg == "id" else kw.arg
        if kw.arg == "pipe_id" or key not in params:
            raise PyptoImportError(f"unsupported keyword argument '{kw.arg}' of '{name}'", kw.value)
        kwargs[key] = _system_arg(ctx, kw.value, params[key], name, kw.arg)
    if name in INIT_CALLS and "gm_slot_buffer" not in kwargs:
        gm = ctx.env.get(GM_PIPE_BUFFER)
        if isinstance(gm, SSAValue) and isinstance(gm.type, MemRefType):
            kwargs["gm_slot_buffer"] = gm
    if name == "pl.system.reserve_buffer":
        if ctx.consumer_space is None:
            raise PyptoImportError(f"'{name}' needs an AIC or AIV function", call)
        kwargs["space"] = ctx.consumer_space
        if kwargs.get("base") == -1:
            kwargs["base"] = None
    try:
        inspect.signature(cls.__init__).bind(None, *args, **kwargs)
    except TypeError as err:
        raise PyptoImportError(f"bad arguments to '{name}': {err}", call) from None
    try:
        op = cls(*args, **kwargs)
    except (TypeError, ValueError) as err:
        raise PyptoImportError(f"bad arguments to '{name}': {err}", call) from None
    ctx.add(op, call)
    if not op.results:
        if annotation is not None:
            raise PyptoImportError(f"'{name}' has no result to assign", call)
        return None
    result = op.results[0]
    if annotation is not None:
        want = ann.scalar_type(annotation)
        if want is None:
            want = ann.tile_type(annotation) if dotted(getattr(annotation, "value", annotation)) == "pl.Tile" else None
        if want != result.type:
            raise PyptoImportError(
                f"'{name}' returns {result.type}, the annotation says '{describe(annotation)}'", annotation
            )
    return result


_I64_MIN, _I64_MAX = -(2**63), 2**63 - 1


def _quoted(node: ast.expr) -> str:
    """``describe(node)`` in quotes (a string literal keeps its own)."""
    text = describe(node)
    return text if isinstance(node, ast.Constant) and isinstance(node.value, str) else f"'{text}'"


def _system_arg(
    ctx: FunctionContext, node: ast.expr, param: inspect.Parameter, name: str, shown: str | None = None
) -> object:
    """An argument of a pipe-setup call, checked against the constructor's
    parameter annotation: an ``int`` parameter takes an integer literal that
    fits in i64, a ``str`` one a string literal, an ``SSAValue`` one a name
    or a ``pl.const(v, pl.INT32)`` (the unused direction's buffer of a
    one-way pipe, as the reference prints it)."""
    what = f"'{shown or param.name}' of '{name}'"
    hint = str(param.annotation)
    lit = _literal(node)
    if "SSAValue" in hint:
        if isinstance(node, ast.Call) and dotted(node.func) == "pl.const":
            return scalar(ctx, node)
        if not isinstance(node, ast.Name):
            raise PyptoImportError(f"{what} must be a name, got {_quoted(node)}", node)
        return lookup(ctx, node)
    if "int" in hint:
        if not isinstance(lit, int) or isinstance(lit, bool):
            raise PyptoImportError(f"{what} must be an integer literal, got {_quoted(node)}", node)
        if not _I64_MIN <= lit <= _I64_MAX:
            raise PyptoImportError(f"{what} is {lit}, which does not fit in i64", node)
        return lit
    if "str" in hint:
        if not isinstance(lit, str):
            raise PyptoImportError(f"{what} must be a string literal, got {_quoted(node)}", node)
        return lit
    raise PyptoImportError(f"unsupported argument '{describe(node)}'", node)


#: The cross-rank calls of distributed kernels (``pld.*``,
#: :mod:`xdsl_pto.dialects.tile.sync_ops`) and their positional parameters.
DISTRIBUTED_CALLS = {
    "pld.system.notify": ("signal", "peer", "offsets", "value"),
    "pld.system.wait": ("signal", "offsets", "value"),
    "pld.tile.remote_load": ("source", "peer", "offsets", "@shape"),
}
#: pypto's NotifyOp and WaitCmp codes (the reference prints ``op=0`` as
#: ``atomic_add`` and ``cmp=1`` as ``ge``), and the names a dump may print.
NOTIFY_CODES = {0: "atomic_add", 1: "set"}
WAIT_CODES = {0: "eq", 1: "ge"}


def _distributed(ctx: FunctionContext, call: ast.Call, name: str, annotation: ast.expr | None) -> SSAValue | None:
    """``pld.system.notify(signal, peer, [r, c], value, op=0)``,
    ``pld.system.wait(signal, [r, c], value, cmp=1)`` and ``v =
    pld.tile.remote_load(tensor, peer, [i, j], [h, w])`` -> ``tile.notify`` /
    ``tile.wait`` / ``tile.remote_load``. Offsets and the peer are index
    values (an integer one is cast), the signal value an i32.

    Raises:
        PyptoImportError: for missing or extra arguments, a signal or tensor
            that is no tensor name, an ``op`` / ``cmp`` code it does not
            know, a shape that disagrees with the annotation.
    """
    from xdsl_pto.dialects.tile.sync_ops import NOTIFY_OPS, WAIT_CMPS, NotifyOp, RemoteLoadOp, WaitOp

    params = DISTRIBUTED_CALLS[name]
    if len(call.args) != len(params):
        raise PyptoImportError(f"'{name}' takes {len(params)} positional arguments, got {len(call.args)}", call)
    given = dict(zip(params, call.args))
    words: dict[str, str] = {}
    for kw in call.keywords:
        codes, choices = {"op": (NOTIFY_CODES, NOTIFY_OPS), "cmp": (WAIT_CODES, WAIT_CMPS)}.get(kw.arg or "", ({}, ()))
        if not choices or (kw.arg == "op") != (name == "pld.system.notify") or (kw.arg == "cmp") != (name == "pld.system.wait"):
            raise PyptoImportError(f"unsupported keyword argument '{kw.arg}' of '{name}'", kw.value)
        v = _enum_word(kw.value)
        word = codes.get(v) if isinstance(v, int) else str(v).lower() if v is not None else None
        if word not in choices:
            known = ", ".join(f"{k} ({w})" for k, w in codes.items())
            raise PyptoImportError(f"{kw.arg} of '{name}' must be {known} or a name of {', '.join(choices)}, got '{describe(kw.value)}'", kw.value)
        words[kw.arg] = word  # type: ignore[index]
    tensor_node = given.get("signal", given.get("source"))
    if not isinstance(tensor_node, ast.Name) or not isinstance(lookup(ctx, tensor_node).type, MemRefType):
        raise PyptoImportError(f"'{name}' needs a tensor name first, got '{describe(tensor_node)}'", tensor_node or call)
    tensor = lookup(ctx, tensor_node)
    offsets_node = given["offsets"]
    if not isinstance(offsets_node, ast.List | ast.Tuple):
        raise PyptoImportError(f"the offsets of '{name}' must be a list, got '{describe(offsets_node)}'", offsets_node)
    offsets = [_index(ctx, e) for e in offsets_node.elts]
    peer = _index(ctx, given["peer"]) if "peer" in given else None
    if name == "pld.tile.remote_load":
        if annotation is None:
            raise PyptoImportError(f"'{name}' has a result: assign it to a name with a pl.Tile annotation", call)
        t = _result_type(ctx, call, name, annotation, {"@shape": given["@shape"]}, {})
        op: IRDLOperation = RemoteLoadOp(tensor, offsets, peer, t)  # type: ignore[arg-type]
    else:
        if annotation is not None:
            raise PyptoImportError(f"'{name}' has no result to assign", call)
        value = scalar(ctx, given["value"], i32)
        if value.type != i32:
            raise PyptoImportError(f"the value of '{name}' must be i32, '{describe(given['value'])}' is {value.type}", given["value"])
        if name == "pld.system.notify":
            op = NotifyOp(tensor, offsets, peer, value, words.get("op", "atomic_add"))  # type: ignore[arg-type]
        else:
            op = WaitOp(tensor, offsets, value, words.get("cmp", "eq"))
    ctx.add(op, call)
    return op.results[0] if op.results else None


def _index(ctx: FunctionContext, node: ast.expr) -> SSAValue:
    """An index operand: an index expression, or an integer one cast to
    index (``arith.index_cast``)."""
    v = scalar(ctx, node, IndexType())
    if isinstance(v.type, IntegerType) and v.type != i1:
        return ctx.add(arith.IndexCastOp(v, IndexType()), node).results[0]
    if not isinstance(v.type, IndexType):
        raise PyptoImportError(f"'{describe(node)}' must be an index or integer, got {v.type}", node)
    return v


def _self_call(ctx: FunctionContext, call: ast.Call, callee: str, annotation: ast.expr | None) -> None:
    """``self.f(args...)`` in a group function -> ``func.call @f(args)``
    (no results: our functions return nothing)."""
    sig = ctx.program.signatures.get(callee)
    if sig is None:
        raise PyptoImportError(f"call of unknown function '{callee}'", call)
    if call.keywords:
        raise PyptoImportError(
            f"unsupported keyword argument '{call.keywords[0].arg}' in a call of '{callee}'", call.keywords[0].value
        )
    if annotation is not None:
        raise PyptoImportError(f"'{callee}' returns nothing in the Tile dialect: call it as a statement", call)
    inputs = list(sig.inputs.data)
    if len(call.args) != len(inputs):
        raise PyptoImportError(f"'{callee}' takes {len(inputs)} arguments, got {len(call.args)}", call)
    values = []
    for a, t in zip(call.args, inputs):
        if not isinstance(a, ast.Name):
            raise PyptoImportError(f"arguments of '{callee}' must be names, got '{describe(a)}'", a)
        v = lookup(ctx, a)
        if v.type != t:
            raise PyptoImportError(f"argument '{a.id}' of '{callee}' is {v.type}, the function takes {t}", a)
        values.append(v)
    ctx.add(func.CallOp(callee, values, []), call)
    return None
