"""Reading pypto type annotations into xDSL types.

``pl.Tensor[[64, 128], pl.FP32]`` -> ``memref<64x128xf32>``;
``pl.Out[pl.Tensor[...]]`` -> the same, flagged as an output;
``pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=...,
blayout=..., slayout=...)]`` -> ``!tile.tile<64x64xf32, vec, ...>`` (with an
``alloc = <@name, ...>`` binding for a ``pl.MemRef("name", slots=N)[k]``
element); ``pl.Scalar[pl.INDEX]`` -> ``index``.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass

from xdsl.dialects.builtin import (
    Float4E2M1FNType,
    Float8E4M3FNType,
    Float8E8M0FNUType,
    DYNAMIC_INDEX,
    BFloat16Type,
    Float16Type,
    Float32Type,
    IndexType,
    IntegerType,
    MemRefType,
    Signedness,
    i1,
)
from xdsl.ir import Attribute
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.dialects.tile.dim_expr import DimExprError, check_dim, parse_dim
from xdsl_pto.dialects.tile.types import (
    LAYOUTS,
    MAX_DECLARED_SLOTS,
    AllocBindingAttr,
    MemorySpace,
    TileType,
)
from xdsl_pto.frontends.pypto.context import Declaration, FunctionContext
from xdsl_pto.frontends.pypto.errors import PyptoImportError, describe, dotted

#: pypto data types (``pl.FP32`` ...) and their builtin types.
DTYPES: dict[str, Attribute] = {
    "FP32": Float32Type(),
    "FP16": Float16Type(),
    "BF16": BFloat16Type(),
    "INT8": IntegerType(8),
    "INT16": IntegerType(16),
    "INT32": IntegerType(32),
    "INT64": IntegerType(64),
    "UINT8": IntegerType(8, Signedness.UNSIGNED),
    "UINT16": IntegerType(16, Signedness.UNSIGNED),
    "UINT32": IntegerType(32, Signedness.UNSIGNED),
    "BOOL": i1,
    "INDEX": IndexType(),
    # The MX types (pypto-docs/operators.md, "MX block-scale matmul").
    "FP8E4M3FN": Float8E4M3FNType(),
    "FP8E8M0": Float8E8M0FNUType(),
    "FP4": Float4E2M1FNType(),
}

#: pypto memory spaces (``pl.Mem.Vec`` ...); ``pl.MemorySpace`` is the long name.
MEMORY_SPACES: dict[str, MemorySpace] = {
    "Vec": MemorySpace.VEC,
    "Mat": MemorySpace.MAT,
    "Left": MemorySpace.LEFT,
    "Right": MemorySpace.RIGHT,
    "Acc": MemorySpace.ACC,
    "Bias": MemorySpace.BIAS,
    "LeftScale": MemorySpace.LEFT_SCALE,
    "RightScale": MemorySpace.RIGHT_SCALE,
}

#: Resolves the slot subscript of a declared allocation: the index
#: expression -> a constant slot or ``"iv"``.
SlotResolver = Callable[[ast.expr, int], "int | str"]
#: Resolves a bare name in an annotation (a ``ping = pl.MemRef()`` variable).
NameResolver = Callable[[ast.Name], object]


@dataclass(frozen=True)
class TensorAnnotation:
    """A tensor parameter's type, whether it is ``pl.Out`` (written only) or
    ``pl.InOut`` (read and written), and the names of its dynamic extents
    (one per ``?`` of ``type``, in order: the dynamic variable, or the
    source text of an expression over such variables), and whether it is a
    ``pld.DistributedTensor`` (a rank's slice of a communication window)."""

    type: MemRefType
    out: bool
    inout: bool = False
    dims: tuple[str, ...] = ()
    distributed: bool = False


def dtype(node: ast.expr) -> Attribute:
    """The builtin type of ``pl.FP32`` / ``pl.INDEX`` / ...

    Raises:
        PyptoImportError: ``unknown data type 'X'``.
    """
    name = dotted(node)
    if name is None or not name.startswith("pl.") or name[3:] not in DTYPES:
        raise PyptoImportError(f"unknown data type '{describe(node)}'", node)
    return DTYPES[name[3:]]


def memory_space(node: ast.expr) -> MemorySpace:
    """The space of ``pl.Mem.Vec`` (or ``pl.MemorySpace.Vec``).

    Raises:
        PyptoImportError: ``unknown memory space 'X'`` (DDR included: a tile
            lives on chip).
    """
    name = dotted(node) or ""
    for prefix in ("pl.Mem.", "pl.MemorySpace."):
        if name.startswith(prefix) and name[len(prefix):] in MEMORY_SPACES:
            return MEMORY_SPACES[name[len(prefix):]]
    raise PyptoImportError(f"unknown memory space '{describe(node)}'", node)


def layout(node: ast.expr) -> str:
    """``row_major`` / ``col_major`` / ``none_box`` of ``pl.TileLayout.X``.

    Raises:
        PyptoImportError: ``unknown tile layout 'X'``.
    """
    name = dotted(node) or ""
    if name.startswith("pl.TileLayout.") and name.split(".")[-1] in LAYOUTS:
        return name.split(".")[-1]
    raise PyptoImportError(f"unknown tile layout '{describe(node)}'", node)


def int_list(node: ast.expr, what: str) -> list[int]:
    """A list literal of integers, e.g. a shape ``[64, 128]`` (elements).

    Raises:
        PyptoImportError: ``WHAT must be a list of integer literals, got X``.
    """
    if isinstance(node, ast.List | ast.Tuple):
        out = []
        for e in node.elts:
            v = int_literal(e)
            if v is None:
                break
            out.append(v)
        else:
            return out
    raise PyptoImportError(f"{what} must be a list of integer literals, got '{describe(node)}'", node)


def valid_list(node: ast.expr) -> list[int]:
    """A TileView ``valid_shape``: a list whose entries are integer literals
    or runtime expressions (a name, ``n - 1``...), the latter a ``?`` extent
    (:data:`~xdsl_pto.dialects.tile.types.DYNAMIC_VALID`; issue 23 point 5:
    ``tile.set_validshape`` gives it its value).

    Raises:
        PyptoImportError: ``valid_shape must be a list, got X``.
    """
    from xdsl_pto.dialects.tile.types import DYNAMIC_VALID

    if not isinstance(node, ast.List | ast.Tuple):
        raise PyptoImportError(f"valid_shape must be a list, got '{describe(node)}'", node)
    out = []
    for e in node.elts:
        v = int_literal(e)
        out.append(DYNAMIC_VALID if v is None else v)
    return out


def int_literal(node: ast.expr) -> int | None:
    """The value of an integer literal (``-1`` included), else None."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        v = int_literal(node.operand)
        return None if v is None else -v
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    return None


def _subscript(node: ast.expr, head: str) -> list[ast.expr] | None:
    """The elements of ``HEAD[a, b, ...]`` (None when ``node`` is not one)."""
    if not isinstance(node, ast.Subscript) or dotted(node.value) != head:
        return None
    s = node.slice
    return list(s.elts) if isinstance(s, ast.Tuple) else [s]


#: Annotation heads of a GM tensor: ``pld.DistributedTensor`` is the per-rank
#: slice of a communication window, a GM tensor to every tile op
#: (tile-op-semantics.md section 11, "Distributed tensors").
TENSOR_HEADS = ("pl.Tensor", "pld.DistributedTensor")
#: Direction wrappers of a tensor parameter: ``pl.Out`` written only,
#: ``pl.InOut`` read and written.
DIRECTIONS = ("pl.Out", "pl.InOut")


def is_tensor(node: ast.expr) -> bool:
    """True for a ``pl.Tensor[...]`` (or ``pld.DistributedTensor[...]``)
    annotation, bare or in ``pl.Out[...]`` / ``pl.InOut[...]``."""
    return any(_subscript(node, h) is not None for h in (*TENSOR_HEADS, *DIRECTIONS))


def tensor_type(node: ast.expr) -> TensorAnnotation:
    """The memref type of ``pl.Tensor[[shape], dtype]``, bare or in
    ``pl.Out[...]`` / ``pl.InOut[...]``. A dimension that is not an integer
    literal (a dynamic variable such as ``LAYER_DYN``, or an expression over
    them with ``+ - * // %`` and integer literals,
    :mod:`~xdsl_pto.dialects.tile.dim_expr`) is a dynamic extent ``?``,
    named after its source text (``"N * 2"``); an expression over literals
    alone (``2 * 64``) is the static extent it computes. A string
    element after the dtype (``"window_buffer=NAME"`` of a distributed
    tensor) is dropped.

    Raises:
        PyptoImportError: for any other form (a MemRef or layout element, a
            nested direction, a dimension using another operator or term:
            ``unsupported tensor dimension 'N / 2': unsupported operator
            ...``).
    """
    for head in DIRECTIONS:
        inner = _subscript(node, head)
        if inner is not None:
            if len(inner) != 1 or any(_subscript(inner[0], d) is not None for d in DIRECTIONS):
                raise PyptoImportError(f"{head} takes one tensor type, got '{describe(node)}'", node)
            t = tensor_type(inner[0])
            return TensorAnnotation(t.type, head == "pl.Out", head == "pl.InOut", t.dims, t.distributed)
    elts = next((e for h in TENSOR_HEADS if (e := _subscript(node, h)) is not None), None)
    if elts is None:
        raise PyptoImportError(f"unsupported tensor annotation '{describe(node)}'", node)
    while len(elts) > 2 and isinstance(elts[-1], ast.Constant) and isinstance(elts[-1].value, str):
        elts = elts[:-1]
    if len(elts) == 3 and _is_layout_slot(elts[2]):
        _check_default_view(elts[2], elts[0])
        elts = elts[:2]
    if len(elts) != 2:
        raise PyptoImportError(
            f"a tensor annotation is pl.Tensor[[shape], dtype], got '{describe(node)}'", node
        )
    if not isinstance(elts[0], ast.List | ast.Tuple) or not elts[0].elts:
        raise PyptoImportError(f"a tensor shape must be a list of dimensions, got '{describe(elts[0])}'", elts[0])
    shape: list[int] = []
    dims: list[str] = []
    for e in elts[0].elts:
        v = int_literal(e)
        if v is not None:
            if v < 0:
                raise PyptoImportError(f"a tensor dimension must not be negative, got {v}", e)
            shape.append(v)
        elif isinstance(e, ast.Name | ast.BinOp | ast.Attribute):
            names: list[str] = []
            try:
                check_dim(e, names)
            except DimExprError as err:
                raise PyptoImportError(f"unsupported tensor dimension '{describe(e)}': {err}", e) from None
            if not names:  # literals only: a static extent
                v = parse_dim(ast.unparse(e)).evaluate({})
                if v < 0:
                    raise PyptoImportError(f"a tensor dimension must not be negative, got {v}", e)
                shape.append(v)
                continue
            shape.append(DYNAMIC_INDEX)
            dims.append(ast.unparse(e))
        else:
            raise PyptoImportError(f"unsupported tensor dimension '{describe(e)}'", e)
    distributed = _subscript(node, "pld.DistributedTensor") is not None
    return TensorAnnotation(MemRefType(dtype(elts[1]), shape), False, False, tuple(dims), distributed)


#: The GM tensor layouts a tensor annotation's third slot may name
#: (``pl.ND`` or ``pl.TensorLayout.ND``; python_syntax.md, "Tensor Layout
#: and View"). Only ``nd`` -- row-major and contiguous, the only GM layout
#: a tensor argument has here -- is read; the others are refused by name.
TENSOR_LAYOUTS = ("pl.ND", "pl.DN", "pl.NZ", "pl.MX_A_ZZ", "pl.MX_B_NN")


def _is_layout_slot(node: ast.expr) -> bool:
    """A tensor annotation's third element that is a layout or a
    ``pl.TensorView(...)``."""
    head = dotted(node.func) if isinstance(node, ast.Call) else dotted(node)
    return head == "pl.TensorView" or head in TENSOR_LAYOUTS or (head or "").startswith("pl.TensorLayout.")


def _check_default_view(node: ast.expr, shape: ast.expr) -> None:
    """Accept a tensor layout / view slot that says what a tensor argument
    is anyway: layout ``ND`` and, when given, the row-major contiguous
    strides of the (static) shape.

    Raises:
        PyptoImportError: for another layout (``DN``, ``NZ``, MX) or other
            strides, which a GM tensor argument cannot carry here.
    """
    view = node if isinstance(node, ast.Call) else None
    layout_node = node if view is None else next((k.value for k in view.keywords if k.arg == "layout"), None)
    if view is not None:
        unknown = [k.arg for k in view.keywords if k.arg not in ("stride", "layout")]
        if view.args or unknown:
            raise PyptoImportError(f"unsupported tensor view '{describe(node)}' (expected stride= and layout=)", node)
    name = (dotted(layout_node) or "").split(".")[-1] if layout_node is not None else "ND"
    if name != "ND":
        raise PyptoImportError(
            f"unsupported GM tensor layout '{describe(layout_node)}': a tensor argument is row-major (ND) and contiguous",
            layout_node,
        )
    stride = next((k.value for k in view.keywords if k.arg == "stride"), None) if view is not None else None
    if stride is None:
        return
    dims = [int_literal(e) for e in shape.elts] if isinstance(shape, ast.List | ast.Tuple) else [None]
    given = [int_literal(e) for e in stride.elts] if isinstance(stride, ast.List | ast.Tuple) else [None]
    want: list[int | None] = []
    acc: int | None = 1
    for d in reversed(dims):
        want.insert(0, acc)
        acc = None if acc is None or d is None else acc * d
    if None in given or given != want:
        raise PyptoImportError(
            f"unsupported tensor stride '{describe(stride)}': a tensor argument is contiguous and row-major "
            f"(strides {want if None not in want else 'of its shape'})",
            stride,
        )


def scalar_type(node: ast.expr) -> Attribute | None:
    """The type of ``pl.Scalar[pl.INDEX]`` (None when ``node`` is not a
    ``pl.Scalar`` annotation).

    Raises:
        PyptoImportError: for a malformed ``pl.Scalar``.
    """
    elts = _subscript(node, "pl.Scalar")
    if elts is None:
        return None
    if len(elts) != 1:
        raise PyptoImportError(f"pl.Scalar takes one data type, got '{describe(node)}'", node)
    return dtype(elts[0])


_VIEW_FIELDS = ("valid_shape", "blayout", "slayout", "fractal", "pad")


def tile_type(
    node: ast.expr,
    *,
    resolve_name: NameResolver | None = None,
    resolve_slot: SlotResolver | None = None,
    layout_defaults: dict[str, str] | None = None,
    valid_default: list[int] | None = None,
) -> TileType:
    """The tile type of ``pl.Tile[[shape], dtype, <MemRef>?, pl.Mem.X,
    pl.TileView(...)?]``.

    ``layout_defaults`` (``blayout``/``slayout``) apply when the TileView
    does not give them (a ``pl.tile.move``'s layout keywords);
    ``valid_default`` likewise for the valid shape (a load's valid shapes).
    A ``pl.MemRef("name", slots=N)[k]`` element binds the tile to that
    declared allocation (``resolve_slot`` turns ``k`` into a slot).

    Raises:
        PyptoImportError: for an element it does not know, a missing memory
            space, a TileView field other than valid_shape / blayout /
            slayout / fractal / pad, or a type the Tile dialect rejects.
    """
    elts = _subscript(node, "pl.Tile")
    if elts is None:
        raise PyptoImportError(f"expected a pl.Tile[...] annotation, got '{describe(node)}'", node)
    if len(elts) < 3:
        raise PyptoImportError(
            f"a tile annotation is pl.Tile[[shape], dtype, pl.Mem.X, ...], got '{describe(node)}'", node
        )
    shape = int_list(elts[0], "a tile shape")
    elem = dtype(elts[1])
    space: MemorySpace | None = None
    view: dict[str, object] = dict(layout_defaults or {})
    if valid_default is not None:
        view["valid_shape"] = valid_default
    binding: AllocBindingAttr | None = None
    for e in elts[2:]:
        name = dotted(e) or ""
        if name.startswith(("pl.Mem.", "pl.MemorySpace.")):
            if space is not None:
                raise PyptoImportError("a tile annotation names its memory space once", e)
            space = memory_space(e)
        elif isinstance(e, ast.Call) and dotted(e.func) == "pl.TileView":
            if e.args:
                raise PyptoImportError("pl.TileView takes keyword arguments only", e)
            for kw in e.keywords:
                if kw.arg not in _VIEW_FIELDS:
                    raise PyptoImportError(f"unsupported TileView field '{kw.arg}'", kw.value)
                if kw.arg == "valid_shape":
                    view["valid_shape"] = valid_list(kw.value)
                elif kw.arg in ("blayout", "slayout"):
                    view[kw.arg] = layout(kw.value)
                elif kw.arg == "pad" and int_literal(kw.value) is None:
                    view["pad"] = pad_field(kw.value)
                else:
                    v = int_literal(kw.value)
                    if v is None:
                        raise PyptoImportError(f"TileView {kw.arg} must be an integer literal", kw.value)
                    view[kw.arg] = v
        else:
            binding = _binding(e, resolve_name, resolve_slot)
    if space is None:
        raise PyptoImportError(f"a tile annotation needs a memory space (pl.Mem.X): '{describe(node)}'", node)
    try:
        t = TileType(
            shape,
            elem,
            space,
            valid_shape=view.get("valid_shape"),  # type: ignore[arg-type]
            blayout=view.get("blayout"),  # type: ignore[arg-type]
            slayout=view.get("slayout"),  # type: ignore[arg-type]
            fractal=view.get("fractal"),  # type: ignore[arg-type]
            pad=view.get("pad", 0),  # type: ignore[arg-type]
            alloc=binding,
        )
        t.verify()
    except VerifyException as err:
        raise PyptoImportError(f"invalid tile type '{describe(node)}': {err}", node) from None
    return t


#: pypto's pad values (``pl.PadValue.zero|max|min``) as a tile type's
#: ``pad`` field (0 is no pad value).
PAD_VALUES = {"zero": 1, "max": 2, "min": 3}


def pad_field(node: ast.expr) -> int:
    """The tile ``pad`` field of a pad value: ``pl.PadValue.zero|max|min``
    (1, 2, 3) or pypto's numeric sugars ``0`` / ``0.0``, ``math.inf``,
    ``-math.inf`` (python_syntax.md, "Enum op arguments").

    Raises:
        PyptoImportError: for anything else (``pl.PadValue.null`` included:
            a fill needs a value).
    """
    text = dotted(node) or ""
    head, _, tail = text.rpartition(".")
    if head == "pl.PadValue" and tail in PAD_VALUES:
        return PAD_VALUES[tail]
    if text == "math.inf":
        return 2
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and dotted(node.operand) == "math.inf":
        return 3
    if isinstance(node, ast.Constant) and node.value == 0 and not isinstance(node.value, bool):
        return 1
    raise PyptoImportError(
        f"a pad value is pl.PadValue.zero, max or min (or 0, math.inf, -math.inf), got '{describe(node)}'", node
    )


def _binding(
    node: ast.expr, resolve_name: NameResolver | None, resolve_slot: SlotResolver | None
) -> AllocBindingAttr:
    """The allocation binding of a tile annotation's MemRef element:
    ``pl.MemRef("name")``, ``pl.MemRef("name", slots=N)[k]``, or a
    declaration variable (``ping``, ``l0c[k]``)."""
    base, index = node, None
    if isinstance(node, ast.Subscript):
        base, index = node.value, node.slice
    decl: object = None
    if isinstance(base, ast.Call) and dotted(base.func) == "pl.MemRef":
        decl = declaration(base, None)
    elif isinstance(base, ast.Name) and resolve_name is not None:
        decl = resolve_name(base)
    if not isinstance(decl, Declaration):
        raise PyptoImportError(f"unsupported tile annotation element '{describe(node)}'", node)
    if index is None:
        if decl.slots != 1:
            raise PyptoImportError(
                f"'{decl.name}' has {decl.slots} slots: pick one with a subscript", node
            )
        return AllocBindingAttr(decl.name)
    slot = resolve_slot(index, decl.slots) if resolve_slot is not None else int_literal(index)
    if slot is None:
        raise PyptoImportError(f"unsupported slot index '{describe(index)}'", index)
    try:
        b = AllocBindingAttr(decl.name, decl.slots, slot)
        b.verify()
    except VerifyException as err:
        raise PyptoImportError(str(err), node) from None
    return b


def declaration(call: ast.Call, variable: str | None):
    """The :class:`Declaration` of ``pl.MemRef("name"?, slots=N?)``; an
    unnamed one takes ``variable``'s name.

    Raises:
        PyptoImportError: for the three-argument (addressed) form, which only
            exists after InitMemRef, or a malformed declaration.
    """
    if len(call.args) > 1:
        raise PyptoImportError(
            "an addressed pl.MemRef(addr, size, offset) is not supported "
            "(import a dump taken before InitMemRef)",
            call,
        )
    name = variable
    if call.args:
        a = call.args[0]
        if not (isinstance(a, ast.Constant) and isinstance(a.value, str)):
            raise PyptoImportError("a declared allocation's name must be a string literal", a)
        name = a.value
    slots = 1
    for kw in call.keywords:
        v = int_literal(kw.value)
        if kw.arg != "slots":
            raise PyptoImportError(f"unsupported keyword argument '{kw.arg}' of 'pl.MemRef'", kw.value)
        if v is None:
            raise PyptoImportError(f"slots of pl.MemRef must be an integer literal, got '{describe(kw.value)}'", kw.value)
        slots = v
    if name is None:
        raise PyptoImportError("an unnamed pl.MemRef() must be assigned to a variable", call)
    if not 1 <= slots <= MAX_DECLARED_SLOTS:
        raise PyptoImportError(f"a declared allocation has 1 to {MAX_DECLARED_SLOTS} slots, got {slots}", call)
    return Declaration(name, slots)


def tile_annotation(ctx: FunctionContext, node: ast.expr, **kwargs) -> TileType:
    """:func:`tile_type` with this function's declared
    allocations and loops in scope (a slot index ``iv % N`` on the innermost
    loop's index is the runtime slot ``iv``)."""

    def resolve_name(n: ast.Name) -> object:
        return ctx.env.get(n.id)

    def resolve_slot(index: ast.expr, slots: int) -> int | str:
        k = int_literal(index)
        if k is not None:
            return k
        if (
            isinstance(index, ast.BinOp)
            and isinstance(index.op, ast.Mod)
            and isinstance(index.left, ast.Name)
            and int_literal(index.right) == slots
            and ctx.loops
            and ctx.env.get(index.left.id) is ctx.loops[-1]
        ):
            return "iv"
        raise PyptoImportError(
            f"a slot index is an integer or 'i % {slots}' on the innermost loop's index, got '{describe(index)}'",
            index,
        )

    return tile_type(node, resolve_name=resolve_name, resolve_slot=resolve_slot, **kwargs)
