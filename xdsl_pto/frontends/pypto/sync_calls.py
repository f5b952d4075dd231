"""The synchronization calls of ``pl.system`` -> the ops of
:mod:`xdsl_pto.dialects.tile.sync_ops` (pypto-docs/operators.md, "SyncOp"
and "CrossCoreOp"; python_syntax.md, "System operations").

========================================================  =====================================
pypto                                                     Tile
========================================================  =====================================
``pl.system.bar_v()`` / ``bar_m()`` / ``bar_all()``      ``tile.pipe_barrier {pipe = "PIPE_V"}``
``pl.system.fence()``                                     ``tile.fence``
``pl.system.set_ffts(workspace)``                         ``tile.set_ffts %ws : memref<256xi64>``
``pl.system.sync_set(event_id, pipe=, ffts_mode=,``       ``tile.sync_set [%e] {pipe, event_id,``
``core_type=)``                                           ``ffts_mode, core_type}``
``pl.system.sync_wait(event_id, pipe=, core_type=)``      ``tile.sync_wait ...``
``pl.system.sync_src(set_pipe=, wait_pipe=, event_id=)``  ``tile.sync_src {...}`` (``sync_dst``)
``pl.system.syncall(core_type=, mode=,``                  ``tile.syncall [%ws[, %n]] {core_type,``
``gm_workspace=, used_cores=)``                           ``mode}``
``pl.system.cacheinvalid(tensor, shapes, offsets)``       ``tile.cacheinvalid %t[..] {shape}``
``pl.system.cacheinvalid()``                              ``tile.cacheinvalid``
========================================================  =====================================

Every parameter may be given positionally in the order of
:data:`SYNC_CALLS` or by its keyword. A pipe is ``pl.PipeType.MTE2`` (or
the string ``"MTE2"`` / ``"PIPE_MTE2"``); an event id of ``sync_set`` /
``sync_wait`` is an integer literal (0..13) or a name of an index scalar
(the dynamic id); ``ffts_mode`` is 0, 1 or 2; ``core_type`` of an event is
``"aic"`` / ``"aiv"``. A soft ``syncall`` needs ``gm_workspace`` (an i32
tensor of at least 16 elements) and ``used_cores``: a positive count (an
integer literal or an i32 scalar) or ``0``, the launch's (no operand), as
the DSL requires. Every bad value is refused at the argument, ``file:line:col:
error: ...``.
"""

from __future__ import annotations

import ast

from xdsl.dialects.builtin import IndexType, MemRefType, i32, i64
from xdsl.ir import Operation, SSAValue

from xdsl_pto.dialects.tile import sync_ops as so
from xdsl_pto.frontends.pypto.annotations import int_literal
from xdsl_pto.frontends.pypto.context import FunctionContext
from xdsl_pto.frontends.pypto.errors import PyptoImportError, describe
from xdsl_pto.frontends.pypto.scalars import lookup, scalar

#: pypto call -> its parameters in positional order (``*``: required).
SYNC_CALLS: dict[str, tuple[str, ...]] = {
    "pl.system.bar_v": (),
    "pl.system.bar_m": (),
    "pl.system.bar_all": (),
    "pl.system.fence": (),
    "pl.system.set_ffts": ("*workspace",),
    "pl.system.sync_set": ("*event_id", "*pipe", "ffts_mode", "core_type"),
    "pl.system.sync_wait": ("*event_id", "*pipe", "core_type"),
    "pl.system.sync_src": ("*set_pipe", "*wait_pipe", "*event_id"),
    "pl.system.sync_dst": ("*set_pipe", "*wait_pipe", "*event_id"),
    "pl.system.syncall": ("core_type", "mode", "gm_workspace", "used_cores"),
    "pl.system.cacheinvalid": ("tensor", "shapes", "offsets"),
}

#: The pipe each pipe barrier call waits for.
BARRIER_CALLS = {"pl.system.bar_v": "PIPE_V", "pl.system.bar_m": "PIPE_M", "pl.system.bar_all": "PIPE_ALL"}


def _bind(call: ast.Call, name: str) -> dict[str, ast.expr]:
    """The call's arguments by parameter name.

    Raises:
        PyptoImportError: for too many positional arguments, an unknown,
            repeated or ``**`` keyword, a missing required parameter.
    """
    params = SYNC_CALLS[name]
    names = [p.lstrip("*") for p in params]
    if len(call.args) > len(names):
        raise PyptoImportError(f"'{name}' takes at most {len(names)} positional arguments, got {len(call.args)}", call)
    given = dict(zip(names, call.args))
    for kw in call.keywords:
        if kw.arg is None:
            raise PyptoImportError(f"'**' arguments are not supported in '{name}'", kw.value)
        if kw.arg not in names:
            raise PyptoImportError(f"unsupported keyword argument '{kw.arg}' of '{name}'", kw.value)
        if kw.arg in given:
            raise PyptoImportError(f"'{name}' got '{kw.arg}' twice", kw.value)
        given[kw.arg] = kw.value
    for p in params:
        if p.startswith("*") and p[1:] not in given:
            raise PyptoImportError(f"'{name}' needs '{p[1:]}'", call)
    return given


def _shown(node: ast.expr) -> str:
    """``describe(node)`` in quotes (a string literal keeps its own)."""
    text = describe(node)
    return text if isinstance(node, ast.Constant) and isinstance(node.value, str) else f"'{text}'"


def _int(node: ast.expr, what: str, choices: range | tuple[int, ...]) -> int:
    """An integer literal among ``choices``."""
    v = int_literal(node)
    if v is not None and v in choices:
        return v
    shown = f"{choices.start}..{choices.stop - 1}" if isinstance(choices, range) else ", ".join(map(str, choices))
    raise PyptoImportError(f"{what} must be an integer literal in {shown}, got {_shown(node)}", node)


def _pipe(node: ast.expr, what: str, choices: tuple[str, ...] = so.SYNC_PIPES) -> str:
    """``pl.PipeType.MTE2`` / ``"MTE2"`` / ``"PIPE_MTE2"`` -> ``PIPE_MTE2``."""
    word = node.attr if isinstance(node, ast.Attribute) else node.value if isinstance(node, ast.Constant) else None
    if isinstance(word, str):
        pipe = word.upper() if word.upper().startswith("PIPE_") else f"PIPE_{word.upper()}"
        if pipe in choices:
            return pipe
    names = ", ".join(c.removeprefix("PIPE_") for c in choices)
    raise PyptoImportError(f"{what} must be a pl.PipeType ({names}), got {_shown(node)}", node)


def _word(node: ast.expr, what: str, choices: tuple[str, ...]) -> str:
    """A string literal (or the last name of an enum member) among ``choices``."""
    word = node.attr if isinstance(node, ast.Attribute) else node.value if isinstance(node, ast.Constant) else None
    if isinstance(word, str) and word.lower() in choices:
        return word.lower()
    raise PyptoImportError(f"{what} must be one of {', '.join(repr(c) for c in choices)}, got {_shown(node)}", node)


def _tensor(ctx: FunctionContext, node: ast.expr, what: str) -> SSAValue:
    """A name of a GM tensor parameter."""
    if isinstance(node, ast.Name):
        v = lookup(ctx, node)
        if isinstance(v.type, MemRefType):
            return v
    raise PyptoImportError(f"{what} must be a tensor name, got {_shown(node)}", node)


def _event(ctx: FunctionContext, node: ast.expr, name: str) -> int | SSAValue:
    """A cross-core event id: a literal in 0..13 or an index scalar."""
    if isinstance(node, ast.Constant) or int_literal(node) is not None:
        return _int(node, f"event_id of '{name}' (14 and 15 are reserved)", so.CROSS_CORE_EVENT_IDS)
    v = scalar(ctx, node, IndexType())
    if not isinstance(v.type, IndexType):
        raise PyptoImportError(f"a dynamic event_id of '{name}' must be a pl.INDEX scalar, '{describe(node)}' is {v.type}", node)
    return v


def _ints(node: ast.expr, what: str) -> list[ast.expr]:
    if not isinstance(node, ast.List | ast.Tuple):
        raise PyptoImportError(f"{what} must be a list, got {_shown(node)}", node)
    return list(node.elts)


def _cacheinvalid(ctx: FunctionContext, given: dict[str, ast.expr], name: str, call: ast.Call) -> Operation:
    if not given:
        return so.CacheInvalidOp()
    missing = [p for p in ("tensor", "shapes", "offsets") if p not in given]
    if missing:
        raise PyptoImportError(f"'{name}' takes a tensor, its shapes and offsets, or nothing; '{missing[0]}' is missing", call)
    tensor = _tensor(ctx, given["tensor"], f"the tensor of '{name}'")
    rank = len(tensor.type.get_shape())  # type: ignore[attr-defined]
    shapes = _ints(given["shapes"], f"the shapes of '{name}'")
    offsets = _ints(given["offsets"], f"the offsets of '{name}'")
    for what, elts, node in (("shapes", shapes, given["shapes"]), ("offsets", offsets, given["offsets"])):
        if len(elts) != rank:
            raise PyptoImportError(f"the {what} of '{name}' need {rank} entries for a rank-{rank} tensor, got {len(elts)}", node)
    extents = [_int(e, f"a shape extent of '{name}'", range(1, 2**31)) for e in shapes]
    dims = tensor.type.get_shape()  # type: ignore[attr-defined]
    for e, d, node in zip(extents, dims, shapes):
        if d >= 0 and e > d:
            raise PyptoImportError(f"a shape extent of '{name}' is {e}, larger than the tensor's {d}", node)
    return so.CacheInvalidOp(tensor, [scalar(ctx, o, IndexType()) for o in offsets], extents)


def _syncall(ctx: FunctionContext, given: dict[str, ast.expr], name: str, call: ast.Call) -> Operation:
    core = _word(given["core_type"], f"core_type of '{name}'", so.SYNC_CORE_TYPES) if "core_type" in given else "mix"
    mode = _word(given["mode"], f"mode of '{name}'", so.SYNC_MODES) if "mode" in given else "hard"
    if mode == "hard":
        for extra in ("gm_workspace", "used_cores"):
            if extra in given:
                raise PyptoImportError(f"'{extra}' of '{name}' is the soft barrier's (mode=\"soft\")", given[extra])
        return so.SyncAllOp(core)
    if "gm_workspace" not in given or "used_cores" not in given:
        lacking = "gm_workspace" if "gm_workspace" not in given else "used_cores"
        raise PyptoImportError(
            f"a soft '{name}' needs gm_workspace and used_cores (0: the launch's count); '{lacking}' is missing", call
        )
    ws = _tensor(ctx, given["gm_workspace"], f"gm_workspace of '{name}'")
    t = ws.type
    assert isinstance(t, MemRefType)
    count = so.static_elements(t)
    if t.element_type != i32 or (count is not None and count < so.SOFT_WORKSPACE_ELEMENTS):
        raise PyptoImportError(
            f"gm_workspace of '{name}' must be an INT32 tensor of at least {so.SOFT_WORKSPACE_ELEMENTS} elements, got {t}",
            given["gm_workspace"],
        )
    n_node = given["used_cores"]
    used: SSAValue | None = None
    if isinstance(n_node, ast.Constant) or int_literal(n_node) is not None:
        n = _int(n_node, f"used_cores of '{name}'", range(0, 2**31))
        used = None if n == 0 else scalar(ctx, n_node, i32)
    else:
        used = scalar(ctx, n_node, i32)
        if used.type != i32:
            raise PyptoImportError(f"used_cores of '{name}' must be an INT32 scalar, '{describe(n_node)}' is {used.type}", n_node)
    return so.SyncAllOp(core, "soft", ws, used)


def _build(ctx: FunctionContext, call: ast.Call, name: str, given: dict[str, ast.expr]) -> Operation:
    if name in BARRIER_CALLS:
        return so.PipeBarrierOp(BARRIER_CALLS[name])
    if name == "pl.system.fence":
        return so.FenceOp()
    if name == "pl.system.set_ffts":
        ws = _tensor(ctx, given["workspace"], f"the workspace of '{name}'")
        t = ws.type
        assert isinstance(t, MemRefType)
        shape = t.get_shape()
        if len(shape) != 1 or t.element_type != i64 or 0 <= shape[0] < so.FFTS_WORKSPACE_ELEMENTS:
            raise PyptoImportError(
                f"the workspace of '{name}' must be a one-dimensional INT64 tensor of at least "
                f"{so.FFTS_WORKSPACE_ELEMENTS} elements, got {t}",
                given["workspace"],
            )
        return so.SetFftsOp(ws)
    if name in ("pl.system.sync_set", "pl.system.sync_wait"):
        event = _event(ctx, given["event_id"], name)
        pipe = _pipe(given["pipe"], f"pipe of '{name}'")
        core = _word(given["core_type"], f"core_type of '{name}'", so.EVENT_CORE_TYPES) if "core_type" in given else None
        if name == "pl.system.sync_wait":
            return so.SyncWaitOp(event, pipe, core)
        mode = _int(given["ffts_mode"], f"ffts_mode of '{name}'", so.FFTS_MODES) if "ffts_mode" in given else None
        return so.SyncSetOp(event, pipe, mode, core)
    if name in ("pl.system.sync_src", "pl.system.sync_dst"):
        cls = so.SyncSrcOp if name == "pl.system.sync_src" else so.SyncDstOp
        return cls(
            _pipe(given["set_pipe"], f"set_pipe of '{name}'"),
            _pipe(given["wait_pipe"], f"wait_pipe of '{name}'"),
            _int(given["event_id"], f"event_id of '{name}'", so.FLAG_EVENT_IDS),
        )
    if name == "pl.system.syncall":
        return _syncall(ctx, given, name, call)
    return _cacheinvalid(ctx, given, name, call)


def sync_call(ctx: FunctionContext, call: ast.Call, name: str, annotation: ast.expr | None) -> None:
    """Translate one call of :data:`SYNC_CALLS` (see the module doc); the op
    has no result.

    Raises:
        PyptoImportError: for an assignment of the call, arguments that do
            not bind (:func:`_bind`), or a value outside what the reference
            documents (an event id outside 0..13 / 0..7, an ``ffts_mode``
            other than 0..2, a pipe or core type pypto does not name, a
            workspace of the wrong element type or too small, a soft barrier
            without its workspace and count, a region that does not fit its
            tensor).
    """
    if annotation is not None:
        raise PyptoImportError(f"'{name}' has no result to assign", call)
    given = _bind(call, name)
    ctx.add(_build(ctx, call, name, given), call)

