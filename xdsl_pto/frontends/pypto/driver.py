"""The program: ``@pl.program class``, its ``@pl.function`` methods, their
signatures, and the module they become."""

from __future__ import annotations

import ast
import copy
import re
import sys
from dataclasses import dataclass

from xdsl.dialects import func
from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    FunctionType,
    ModuleOp,
    StringAttr,
    UnitAttr,
)
from xdsl.ir import Attribute, Block, BlockArgument, Region

from xdsl_pto.dialects.tile.function_attrs import (
    DISTRIBUTED_ARG,
    DYNAMIC_DIMS,
    FUNC_ATTRS,
    FUNCTION_KIND,
    INOUT_ARG,
    OUT_ARG,
)
from xdsl_pto.dialects.tile.param_directions import check_param_directions, direction, first_writers
from xdsl_pto.frontends.pypto import annotations as ann
from xdsl_pto.frontends.pypto.blocks import translate_block
from xdsl_pto.frontends.pypto.context import FunctionContext, Program, Terminator, bind
from xdsl_pto.frontends.pypto.errors import PyptoImportError, describe, dotted
from xdsl_pto.frontends.pypto.statements import func_attrs

#: ``pl.FunctionType.X`` -> ``tile.function_kind``, with the ``level`` the
#: reference prints for it.
PYPTO_FUNCTION_TYPES = {"AIC": ("aic", "AIC"), "AIV": ("aiv", "AIV"), "Group": ("group", "CORE_GROUP")}


@dataclass
class _Function:
    node: ast.FunctionDef
    kind: str
    names: list[str]
    types: list[Attribute]
    arg_attrs: list[dict[str, Attribute]]
    params: list[ast.arg]


def import_source(source: str, filename: str) -> ModuleOp:
    """The Tile-dialect module of a pypto dump (Python source, as the
    reference prints it before InitMemRef). The module is not verified.

    Raises:
        PyptoImportError: for a syntax error or any construct the importer
            does not support, located in the dump.
    """
    return import_sources([(source, filename)])


def import_sources(dumps: list[tuple[str, str]]) -> ModuleOp:
    """One Tile-dialect module of the functions of several dumps
    (``(source, filename)`` pairs), as if they were one dump: the two halves
    of a mixed kernel, which the reference prints separately (a cube half
    ``X_aic`` and a vector half ``X_aiv`` joined by pipes), lower only
    together. A function may call one of another dump. The module is not
    verified.

    Raises:
        PyptoImportError: for a syntax error, any construct the importer
            does not support, a function name two dumps define, or a
            returned parameter declared an input; located in its dump (its
            ``filename`` set when there are several).
        LocatedVerifyError: a parameter an op writes while it is declared
            an input (:func:`check_param_directions`), at that op.

    A ``pl.Out`` parameter no function of the module writes under its name
    is a warning on stderr (:func:`_warn_unwritten_outs`).
    """
    signatures: dict[str, FunctionType] = {}
    defined_in: dict[str, str] = {}
    todo: list[tuple[Program, _Function]] = []
    for source, filename in dumps:
        program = Program(filename, signatures)
        try:
            try:
                tree = ast.parse(source, filename)
            except SyntaxError as err:
                raise PyptoImportError(
                    f"invalid Python syntax: {err.msg}", line=err.lineno or 0, col=err.offset or 0
                ) from None
            functions = [_signature(f) for f in _function_defs(tree)]
            for f in functions:
                if f.node.name in signatures:
                    other = defined_in[f.node.name]
                    also = "" if other == filename else f" ({other} defines it too)"
                    raise PyptoImportError(f"function '{f.node.name}' is defined twice{also}", f.node)
                signatures[f.node.name] = FunctionType.from_lists(f.types, [])
                defined_in[f.node.name] = filename
            if not functions:
                raise PyptoImportError("no @pl.function in the dump", line=1, col=1)
        except PyptoImportError as err:
            err.filename = filename if len(dumps) > 1 else None
            raise
        todo.extend((program, f) for f in functions)
    translated = []
    for program, f in todo:
        try:
            translated.append(_translate(program, f))
        except PyptoImportError as err:
            err.filename = program.filename if len(dumps) > 1 else None
            raise
    _warn_unwritten_outs(todo, translated)
    module = ModuleOp(translated)
    _legal_names(module)
    return module


def _warn_unwritten_outs(todo: list[tuple[Program, _Function]], translated: list[func.FuncOp]) -> None:
    """Warn (``dump.py:LINE:COL: warning: ...`` on stderr) about each
    ``pl.Out`` parameter that no function imported together writes under
    its name: the halves of a mixed kernel share their parameters' names,
    and one half often writes an output the other only passes on. An
    output nobody writes leaves its tensor as it was, which ``pl.Out``
    (written only, tile-op-semantics.md section 11) says it is not; a
    warning, not an error, since the kernel is still well formed."""
    written: set[str] = set()
    for (_, f), fn in zip(todo, translated):
        written.update(f.names[i] for i in first_writers(fn))
    for (program, f), fn in zip(todo, translated):
        for i, name in enumerate(f.names):
            if direction(fn, i) == "out" and name not in written:
                p = f.params[i]
                print(
                    f"{program.filename}:{p.lineno}:{p.col_offset + 1}: warning: output parameter '{name}' "
                    f"of '{f.node.name}' is never written (no store, scatter or write into it)",
                    file=sys.stderr,
                    flush=True,
                )


#: A character MLIR's lexer does not take in an SSA name (``\w`` of Python
#: identifiers admits any Unicode letter, MLIR only ASCII ones).
_ILLEGAL_NAME_CHAR = re.compile(r"[^A-Za-z0-9_$.\-]")


def legal_name(hint: str) -> str:
    """``hint`` as a legal MLIR SSA name: every character but ASCII letters,
    digits, ``_ $ . -`` becomes ``_``, and a leading digit gets a ``_``
    before it (``résultat`` -> ``r_sultat``)."""
    name = _ILLEGAL_NAME_CHAR.sub("_", hint)
    return "_" + name if not name or name[0].isdigit() else name


def _legal_names(module: ModuleOp) -> None:
    """Make every name hint of ``module`` one the printed text parses back."""
    for op in module.walk():
        values = list(op.results)
        for region in op.regions:
            for block in region.blocks:
                values.extend(block.args)
        for v in values:
            if v.name_hint is not None:
                v.name_hint = legal_name(v.name_hint)


def _function_defs(tree: ast.Module) -> list[ast.FunctionDef]:
    """The ``@pl.function`` defs: the methods of ``@pl.program`` classes and
    module-level functions. Module-level declarations
    (:func:`_module_aliases`) are substituted into them first."""
    out: list[ast.FunctionDef] = []
    aliases = _module_aliases(tree)
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            if stmt.targets[0].id in aliases:
                continue
        if isinstance(stmt, ast.Import):
            # math: the pad values math.inf / -math.inf (python_syntax.md)
            if [(a.name, a.asname) for a in stmt.names] not in ([("pypto.language", "pl")], [("math", None)]):
                raise PyptoImportError(f"unsupported import '{describe(stmt)}'", stmt)
        elif isinstance(stmt, ast.ClassDef):
            if [dotted(d) for d in stmt.decorator_list] != ["pl.program"] or stmt.bases or stmt.keywords:
                raise PyptoImportError(f"class '{stmt.name}' is not a plain @pl.program class", stmt)
            for item in stmt.body:
                if isinstance(item, ast.FunctionDef):
                    out.append(item)
                elif not _is_docstring(item) and not isinstance(item, ast.Pass):
                    raise PyptoImportError("a @pl.program class holds only @pl.function methods", item)
        elif isinstance(stmt, ast.FunctionDef):
            out.append(stmt)
        elif not _is_docstring(stmt):
            raise PyptoImportError("unsupported top-level statement (expected imports and a @pl.program class)", stmt)
    return [_AliasSubstitution(aliases).visit(f) for f in out]


#: The module-level declarations a dump may hold (tile-op-semantics.md
#: section 11, "Dynamic dims"; python_syntax.md, "Tensor Layout and View"):
#: ``N = pl.dynamic("N")`` and a tensor layout or view bound to a name
#: (``STRIDED = pl.TensorView(...)``, ``L = pl.TensorLayout.ND``).
_DECLARATION_CALLS = ("pl.dynamic", "pl.TensorView")


def _module_aliases(tree: ast.Module) -> dict[str, ast.expr]:
    """Name -> declared value of the module-level declarations of
    :data:`_DECLARATION_CALLS` and layout names (``pl.ND``,
    ``pl.TensorLayout.X``). A ``pl.dynamic`` name maps to itself (it stays
    a dynamic dimension, named after the variable, in the annotations).

    Raises:
        PyptoImportError: ``pl.dynamic`` whose argument is not a string
            literal.
    """
    out: dict[str, ast.expr] = {}
    for stmt in tree.body:
        if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)):
            continue
        name, value = stmt.targets[0].id, stmt.value
        head = dotted(value.func) if isinstance(value, ast.Call) else dotted(value)
        if head == "pl.dynamic":
            assert isinstance(value, ast.Call)
            if [type(a) for a in value.args] != [ast.Constant] or not isinstance(value.args[0].value, str) or value.keywords:
                raise PyptoImportError(f"pl.dynamic takes one string literal, got '{describe(value)}'", value)
            out[name] = ast.Name(id=name, ctx=ast.Load())
        elif head == "pl.TensorView" or (head or "").startswith("pl.TensorLayout.") or head in ann.TENSOR_LAYOUTS:
            out[name] = value
    return out


class _AliasSubstitution(ast.NodeTransformer):
    """Replaces each use of a module-level declaration (:func:`_module_aliases`)
    by its value, keeping the use's location."""

    def __init__(self, aliases: dict[str, ast.expr]):
        self.aliases = aliases

    def visit_Name(self, node: ast.Name) -> ast.expr:
        value = self.aliases.get(node.id)
        if value is None or not isinstance(node.ctx, ast.Load):
            return node
        return ast.copy_location(copy.deepcopy(value), node)


def _is_docstring(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str)


def _kind(node: ast.FunctionDef) -> str:
    """``aic`` / ``aiv`` / ``group`` of ``@pl.function(type=..., level=...,
    role=...)``; ``level`` and ``role`` are checked (the level must be the
    type's, the role ``pl.Role.SubWorker``): they carry nothing more."""
    decos = node.decorator_list
    if len(decos) != 1 or not isinstance(decos[0], ast.Call) or dotted(decos[0].func) != "pl.function":
        raise PyptoImportError(f"function '{node.name}' needs exactly one @pl.function(type=...) decorator", node)
    deco = decos[0]
    if deco.args:
        raise PyptoImportError("@pl.function takes keyword arguments only", deco)
    kw = {k.arg: k.value for k in deco.keywords}
    ftype = dotted(kw["type"]) if "type" in kw else None
    if ftype is None or not ftype.startswith("pl.FunctionType.") or ftype.split(".")[-1] not in PYPTO_FUNCTION_TYPES:
        where = kw.get("type", deco)
        raise PyptoImportError(
            f"unsupported function type '{describe(where) if 'type' in kw else '(none)'}' "
            "(expected pl.FunctionType.AIC, AIV or Group)",
            where,
        )
    kind, level = PYPTO_FUNCTION_TYPES[ftype.split(".")[-1]]
    for key, value in kw.items():
        if key == "type":
            continue
        if key == "level" and dotted(value) == f"pl.Level.{level}":
            continue
        if key == "role" and dotted(value) == "pl.Role.SubWorker":
            continue
        raise PyptoImportError(f"unsupported @pl.function argument '{key}={describe(value)}'", value)
    return kind


def _signature(node: ast.FunctionDef) -> _Function:
    kind = _kind(node)
    a = node.args
    if a.vararg or a.kwarg or a.kwonlyargs or a.posonlyargs or a.defaults:
        raise PyptoImportError(f"function '{node.name}' may only have plain annotated parameters", node)
    names, types, attrs = [], [], []
    params = list(a.args)
    if params and params[0].arg == "self" and params[0].annotation is None:
        params = params[1:]  # a @pl.program method's receiver: no argument of the kernel
    for p in params:
        if p.arg in names:  # ast.parse accepts it; Python's compiler does not
            raise PyptoImportError(f"duplicate parameter '{p.arg}'", p)
        if p.annotation is None:
            raise PyptoImportError(f"parameter '{p.arg}' needs a type annotation", p)
        if ann.is_tensor(p.annotation):
            t = ann.tensor_type(p.annotation)
            types.append(t.type)
            a: dict[str, Attribute] = {}
            if t.out:
                a[OUT_ARG] = UnitAttr()
            if t.inout:
                a[INOUT_ARG] = UnitAttr()
            if t.distributed:
                a[DISTRIBUTED_ARG] = UnitAttr()
            if t.dims:
                a[DYNAMIC_DIMS] = ArrayAttr([StringAttr(d) for d in t.dims])
            attrs.append(a)
        else:
            s = ann.scalar_type(p.annotation)
            if s is None:
                raise PyptoImportError(f"unsupported parameter type '{describe(p.annotation)}'", p.annotation)
            types.append(s)
            attrs.append({})
        names.append(p.arg)
    if node.returns is not None:
        _check_return_annotation(node.returns)
    return _Function(node, kind, names, types, attrs, params)


def _check_return_annotation(node: ast.expr) -> None:
    """A return annotation is a tensor type or ``tuple[...]`` of tensors and
    scalars (the returned tensors are parameters, a returned scalar the
    caller's: our functions return nothing), with at least one tensor.

    Raises:
        PyptoImportError: ``unsupported return type 'X'``.
    """
    if ann.is_tensor(node):
        return
    if isinstance(node, ast.Subscript) and dotted(node.value) == "tuple":
        items = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        tensors = [i for i in items if ann.is_tensor(i)]
        if tensors and all(ann.is_tensor(i) or ann.scalar_type(i) is not None for i in items):
            return
    raise PyptoImportError(f"unsupported return type '{describe(node)}'", node)


def _check_returned(f: _Function, entry: Block, end: Terminator) -> None:
    """Refuse a returned tensor that is a parameter declared an input: an
    InCore kernel's returned tensors are its stored Out / InOut parameters
    (tile-op-semantics.md section 11, "Tuple returns").

    Raises:
        PyptoImportError: at the returned name.
    """
    for value, node in zip(end.values, end.value_nodes):
        if not isinstance(value, BlockArgument) or value.block is not entry:
            continue
        if OUT_ARG in f.arg_attrs[value.index] or INOUT_ARG in f.arg_attrs[value.index]:
            continue
        name = f.names[value.index]
        what = f"'{name}'" if describe(node) == name else f"'{describe(node)}' (parameter '{name}')"
        raise PyptoImportError(
            f"'{f.node.name}' returns {what}, which is declared an input: a kernel returns the "
            "tensors it stores, declared pl.Out or pl.InOut",
            node,
        )


def _translate(program: Program, f: _Function) -> func.FuncOp:
    entry = Block(arg_types=f.types)
    ctx = FunctionContext(program, f.node.name, f.kind, entry, entry)
    for name, arg in zip(f.names, entry.args):
        bind(ctx, name, arg)
    end = translate_block(ctx, f.node.body, "function")
    if f.node.returns is not None and end.kind != "return":
        raise PyptoImportError(
            f"function '{f.node.name}' is annotated to return '{describe(f.node.returns)}' but has no return",
            f.node.returns,
        )
    if end.kind != "return" or isinstance(end.node, ast.Return):
        ret = func.ReturnOp()
        ctx.add(ret, end.node or f.node)
    ctx.finish()
    arg_attrs = None
    if any(f.arg_attrs):
        arg_attrs = ArrayAttr([DictionaryAttr(a) for a in f.arg_attrs])
    fn = func.FuncOp(
        f.node.name, (f.types, []), Region(entry), arg_attrs=arg_attrs
    )
    fn.attributes[FUNCTION_KIND] = StringAttr(f.kind)
    attrs = func_attrs(ctx)
    if attrs is not None:
        fn.attributes[FUNC_ATTRS] = attrs
    fn.location = ctx.location(f.node)
    check_param_directions(fn)
    if end.kind == "return":
        _check_returned(f, entry, end)
    return fn
