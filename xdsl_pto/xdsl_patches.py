"""Fixes to xDSL 0.75.0's parser that our plugin installs (issue 25, bad input).

Each fixes a way malformed input made ``xdsl-opt`` hang, crash with a
traceback or report an error with no ``line:col``; none changes what a valid
module parses to. They are installed once, by :func:`install`, when the
plugin is loaded (plain ``xdsl-opt`` loads it before it parses), and by the
``xdsl-pto`` tools through the same import:

* :func:`linear_string_literals` -- the lexer's string-literal pattern
  ``"(?:[^"\\\\\\n\\v\\f]+|\\\\(?:...))*"`` nests a ``+`` inside a ``*``: on a
  string with no closing quote the regex engine tries every split of the
  characters before giving up, so a 26-character unterminated string took
  10 s and a 40-character one over a minute. The replacement matches the same
  strings (one character or one escape per step, the two alternatives
  starting with different characters) in linear time.
* :func:`bounded_region_nesting` -- the parser recurses per nested region,
  and about 150 nested ``scf.for`` ran out of Python's recursion limit (a
  200 KB traceback). A region nested more than :data:`MAX_REGION_NESTING`
  deep is a located parse error at its ``{``.
* :func:`located_parsed_ops` -- ops of xDSL's dialects (``func``, ``scf``,
  ``arith``) kept no source location, so their verifier errors were
  reported at the file. Every parsed op without a location gets the
  ``file:line:col`` of its name; an attribute the op's parser builds and
  rejects (an integer out of its type's range) becomes a parse error there.
* :func:`located_verify_errors` -- a verifier error keeps the op it is
  about (:func:`verified_op`), so :func:`xdsl_pto.diagnostics.format_error`
  can print its location.
* :func:`scoped_ssa_names` -- the parser saved its whole SSA name table
  (a dict copy of every name defined so far) on entering each region, to
  restore it on leaving: quadratic in the kernel's size (1.6 s of copying
  and as much freeing at 50k tile ops and 3,308 regions). The table now
  keeps an undo log, and leaving a region undoes only the names defined in
  it.
* :func:`index_constant_range` -- an ``index`` integer attribute had no
  range check (``arith.constant 99999999999999999999999 : index`` was
  accepted); it now takes the values of a 64-bit signless integer, as in
  MLIR, where index attributes are stored in 64 bits.
* :func:`checked_scf_yields` -- ``scf.if`` checked nothing of what its arms
  yield (an arm yielding ``i32`` for an ``index`` result was accepted, and a
  tile arm of another shape surfaced later as a shape error of a
  ``tile.move`` the compiler inserted), nor that an if with results has an
  else arm; ``scf.for`` checked its yield but reported it at the loop. Every
  ``scf.yield`` and ``scf.condition`` is now checked against the values it
  hands to its parent (MLIR refuses the same), and the error is at the
  terminator.
* :func:`named_attribute_errors` -- an attribute of the wrong kind was
  reported without its name (``tile.ci %s {descending = true}``: ``'tile.ci'
  op true should be of base attribute unit``). The error now names the
  attribute; a flag (a unit attribute) given a value says how to write it.
* :func:`checked_param_directions` -- ``func.func`` checked nothing of the
  Tile directions of its arguments: a function that states them
  (:func:`xdsl_pto.dialects.tile.param_directions.states_directions`) now
  refuses a parameter it writes but declares an input, at the writing op.
* :func:`unique_pass_options` -- a pass option given twice in one pass's
  ``{...}`` (``pto-compile{backend=a3 backend=a5}``) was accepted, the last
  one winning; it is now a pipeline error at the second one, as MLIR's
  option parser refuses it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from xdsl.dialects import func, scf
from xdsl.dialects.builtin import FileLineColLoc, IndexType, IntegerAttr, IntegerType
from xdsl.dialects.builtin import UnitAttr
from xdsl.ir import Attribute, Operation
from xdsl.irdl import BaseAttr, OpDef
from xdsl.parser import Parser
from xdsl.utils import arg_spec
from xdsl.utils.arg_spec import PipelineLexer, SpecToken, SpecTokenKind
from xdsl.utils.exceptions import ArgSpecParseError, ParseError, VerifyException
from xdsl.utils.lexer import Span
from xdsl.utils.mlir_lexer import MLIRLexer

#: Regions nested deeper than this are refused when parsed (a function body
#: is one level, a loop in it two; a module's own region does not count).
#: Real kernels nest a few levels; at 64 the parser and every pass and tool
#: stay well inside Python's default recursion limit (1000 frames).
MAX_REGION_NESTING = 64

#: The string-literal pattern of :func:`linear_string_literals`.
STRING_LITERAL = re.compile(r'"[^"\\\n\v\f]*(?:\\(?:["nt\\]|[0-9A-Fa-f]{2})[^"\\\n\v\f]*)*"')

_MODULE_NAME = re.compile(r"(builtin\.)?module\b")

_installed = False


def install() -> None:
    """Install every fix of this module (once; later calls do nothing)."""
    global _installed
    if _installed:
        return
    _installed = True
    linear_string_literals()
    bounded_region_nesting()
    located_parsed_ops()
    located_verify_errors()
    index_constant_range()
    scoped_ssa_names()
    checked_scf_yields()
    named_attribute_errors()
    checked_param_directions()
    unique_pass_options()


def linear_string_literals() -> None:
    """Give xDSL's MLIR lexer the linear-time :data:`STRING_LITERAL`."""
    MLIRLexer._unescaped_characters_regex = STRING_LITERAL  # type: ignore[attr-defined]


def bounded_region_nesting() -> None:
    """Refuse a region nested more than :data:`MAX_REGION_NESTING` deep
    with a parse error at its ``{`` (instead of a RecursionError)."""
    inner = Parser.parse_optional_region

    def parse_optional_region(self, arguments=None):
        depth = getattr(self, "_pto_region_depth", 0)
        if depth >= MAX_REGION_NESTING:
            self.raise_error(
                f"regions nest more than {MAX_REGION_NESTING} deep here; at most "
                f"{MAX_REGION_NESTING} levels of nesting are supported"
            )
        self._pto_region_depth = depth + 1
        try:
            return inner(self, arguments)
        finally:
            self._pto_region_depth = depth

    Parser.parse_optional_region = parse_optional_region  # type: ignore[method-assign]


def located_parsed_ops() -> None:
    """Every parsed op that has no location gets the ``file:line:col`` of
    its name; a VerifyException while parsing an op (an attribute its parser
    builds and rejects) becomes a ParseError at the op."""
    from xdsl_pto.diagnostics import LocatedError, file_line_col

    inner = Parser.parse_operation

    def parse_operation(self):
        start = self._current_token.span
        name = _op_name_span(start)
        module = _MODULE_NAME.match(name.input.content, name.start) is not None
        depth = getattr(self, "_pto_region_depth", 0)
        if module:  # a module's region is no nesting level
            self._pto_region_depth = depth - 1
        try:
            op = inner(self)
        except VerifyException as err:
            if isinstance(err, LocatedError) or verified_op(err) is not None:
                raise  # located already (one of our ops, or a nested op's verifier)
            raise ParseError(name, " ".join(str(err.args[0] if err.args else err).split())) from None
        finally:
            if module:
                self._pto_region_depth = depth
        if not isinstance(op.location, FileLineColLoc):
            loc = file_line_col(name.input, name.start)
            if loc is not None:
                op.location = loc
        return op

    Parser.parse_operation = parse_operation  # type: ignore[method-assign]


def _op_name_span(start: Span) -> Span:
    """The span of an op's name, given the span of its first token (its
    first result, or its name): past the results' ``=``, and past the quote
    of a generic op's name."""
    text = start.input.content
    at = start.start
    if text.startswith("%", at):
        eq = text.find("=", at)
        if eq >= 0:
            at = eq + 1
    while at < len(text) and text[at] in " \t\r\n":
        at += 1
    if text.startswith('"', at):
        at += 1
    return Span(at, at, start.input)


def located_verify_errors() -> None:
    """Make ``Operation.emit_error`` (which every failing verifier goes
    through) remember the op on the exception, for :func:`verified_op`."""
    inner = Operation.emit_error

    def emit_error(self, message, underlying_error):
        if getattr(underlying_error, "_pto_op", None) is None:
            try:
                underlying_error._pto_op = self  # type: ignore[attr-defined]
            except AttributeError:  # pragma: no cover - an exception without __dict__
                pass
        return inner(self, message, underlying_error)

    Operation.emit_error = emit_error  # type: ignore[method-assign]


def verified_op(err: BaseException) -> Operation | None:
    """The op whose verifier raised ``err`` (innermost), or None."""
    op = getattr(err, "_pto_op", None)
    return op if isinstance(op, Operation) else None


_MISSING = object()


class ScopedNames(dict):
    """The parser's SSA name table (name -> values), whose ``copy()`` is a
    :class:`NameMark` instead of a copy: assigning the mark back to the
    parser's ``ssa_values`` undoes every name defined since, in time
    proportional to their number. Only ``names[key] = values`` may change
    it (the parser's one way of defining a name)."""

    __slots__ = ("log",)

    def __init__(self, *args: object):
        super().__init__(*args)
        self.log: list[tuple[str, object]] = []  # (name, what it was before)

    def __setitem__(self, key, value):
        self.log.append((key, dict.get(self, key, _MISSING)))
        dict.__setitem__(self, key, value)

    def copy(self) -> NameMark:  # type: ignore[override]
        """A mark of the table as it is now."""
        return NameMark(self, len(self.log))

    def undo_to(self, mark: NameMark) -> None:
        """Undo every definition made after ``mark``."""
        log = self.log
        while len(log) > mark.at:
            key, old = log.pop()
            if old is _MISSING:
                dict.__delitem__(self, key)
            else:
                dict.__setitem__(self, key, old)


class NameMark:
    """A point in a :class:`ScopedNames` table's history."""

    __slots__ = ("at", "names")

    def __init__(self, names: ScopedNames, at: int):
        self.names = names
        self.at = at


def scoped_ssa_names() -> None:
    """Make ``Parser.ssa_values`` a :class:`ScopedNames` table: the parser's
    ``old = self.ssa_values.copy()`` on entering a region takes a mark, and
    its ``self.ssa_values = old`` on leaving undoes to it."""

    def get(self) -> ScopedNames:
        return self.__dict__["_pto_ssa_values"]

    def set_(self, value: object) -> None:
        if isinstance(value, NameMark):
            value.names.undo_to(value)
            self.__dict__["_pto_ssa_values"] = value.names
        else:
            self.__dict__["_pto_ssa_values"] = ScopedNames(value)

    Parser.ssa_values = property(get, set_)  # type: ignore[assignment]


def index_constant_range() -> None:
    """Check an ``index`` integer attribute against the 64-bit signless
    range, with the message xDSL gives for other integer types."""
    inner = IntegerAttr.verify
    i64 = IntegerType(64)

    def verify(self) -> None:
        if isinstance(self.type, IndexType):
            low, high = i64.value_range()
            value = self.value.data
            if not low <= value < high:
                raise VerifyException(
                    f"Integer value {value} is out of range for type index which supports "
                    f"values in the range [{low}, {high})"
                )
            return
        inner(self)

    IntegerAttr.verify = verify  # type: ignore[method-assign]


def attribute_error(op: Operation, op_def: OpDef) -> VerifyException | None:
    """The first attribute or property of ``op`` that its definition
    ``op_def`` refuses, as an error naming it (None: each is accepted). A
    unit attribute (a flag) given a value is told to be written bare."""
    from xdsl.irdl.constraints import VerificationContext

    defined = [*((n, d, op.properties) for n, d in op_def.properties.items())]
    defined += [(n, d, op.attributes) for n, d in op_def.attributes.items()]
    for name, attr_def, held in defined:
        if name not in held:
            continue
        try:
            attr_def.constr.verify(held[name], VerificationContext())
        except VerifyException as err:
            if attr_def.constr == BaseAttr(UnitAttr):
                return VerifyException(
                    f"attribute '{name}' is a flag: write {{{name}}} (or leave it out), not {{{name} = {held[name]}}}"
                )
            return VerifyException(f"attribute '{name}': {err}")
    return None


def named_attribute_errors() -> None:
    """When an op definition refuses an op, and one of the op's attributes
    is what it refuses, raise that attribute's error with its name
    (:func:`attribute_error`); every other error, and every accepted op, is
    as before (nothing is checked twice unless the op was refused)."""
    inner = OpDef.verify

    def verify(self: OpDef, op: Operation) -> None:
        try:
            inner(self, op)
        except VerifyException as err:
            named = attribute_error(op, self)
            if named is None:
                raise
            raise named from err

    OpDef.verify = verify  # type: ignore[method-assign]


def _located(message: str, op: Operation) -> VerifyException:
    """A verifier error reported at ``op``'s ``file:line:col``."""
    from xdsl_pto.diagnostics import LocatedVerifyError

    return LocatedVerifyError(message, op)


def _matches(got: Sequence[Attribute], expected: Sequence[Attribute]) -> bool:
    """Equal in number, and pairwise equal types -- except that two tile
    types need only agree in everything but the MemRef and the allocation
    binding (:meth:`~xdsl_pto.dialects.tile.types.TileType.same_data_type`):
    an author may yield a slot-bound tile into an unbound ``scf.if`` result,
    and init-memref gives the result its own buffer and a copy."""
    from xdsl_pto.dialects.tile.types import TileType

    if len(got) != len(expected):
        return False
    for a, b in zip(got, expected):
        if a == b:
            continue
        if not (isinstance(a, TileType) and isinstance(b, TileType) and a.same_data_type(b)):
            return False
    return True


def _types(types: Sequence[Attribute]) -> str:
    return "(" + ", ".join(str(t) for t in types) + ")"


def yield_targets(op: scf.YieldOp) -> tuple[str, Sequence[Attribute]] | None:
    """What the ``scf.yield`` ``op`` hands its values to, as (a phrase naming
    it, the types it takes), or None when its parent is no scf op: an
    ``scf.for`` / ``scf.if`` / ``scf.execute_region`` / ``scf.index_switch``
    passes them on as its results; an ``scf.while``'s after region back to
    its before region's arguments."""
    parent = op.parent_op()
    if isinstance(parent, (scf.ForOp, scf.IfOp, scf.ExecuteRegionOp, scf.IndexSwitchOp)):
        return f"the results of its {parent.name}", parent.result_types
    if isinstance(parent, scf.WhileOp):
        block = parent.before_region.blocks.first
        if block is None:
            return None
        return f"the arguments of its {parent.name}'s before region", [a.type for a in block.args]
    return None


def check_scf_yield(op: scf.YieldOp) -> None:
    """Raises a located VerifyException when the values ``op`` yields do not
    match, in number and types (:func:`_matches`), what its parent takes
    (:func:`yield_targets`)."""
    target = yield_targets(op)
    if target is None:
        return
    what, expected = target
    got = op.operand_types
    if not _matches(got, expected):
        raise _located(
            f"'{op.name}' op yields {_types(got)}, but {what} are {_types(expected)}: each "
            "yielded value must have the type of the value it becomes",
            op,
        )


def check_scf_condition(op: scf.ConditionOp) -> None:
    """Raises a located VerifyException when the values an ``scf.condition``
    forwards do not match, in number and types (:func:`_matches`), its
    ``scf.while``'s results."""
    parent = op.parent_op()
    if not isinstance(parent, scf.WhileOp):
        return
    got, expected = op.args.types, parent.result_types
    if not _matches(got, expected):
        raise _located(
            f"'{op.name}' op forwards {_types(got)}, but the results of its {parent.name} are "
            f"{_types(expected)}: each forwarded value must have the type of the result it "
            "becomes",
            op,
        )


def checked_scf_yields() -> None:
    """Install :func:`check_scf_yield` and :func:`check_scf_condition` as the
    verifiers of ``scf.yield`` and ``scf.condition`` (which have none in
    xDSL 0.75.0), and make an ``scf.if`` with results need an else arm.
    Nested ops are verified before their parent, so a mismatch is reported
    at the terminator before ``scf.for``'s own check would report it at the
    loop."""
    scf.YieldOp.verify_ = check_scf_yield  # type: ignore[method-assign]
    scf.ConditionOp.verify_ = check_scf_condition  # type: ignore[method-assign]
    inner = scf.IfOp.verify_

    def verify_if(self: scf.IfOp) -> None:
        if self.results and not self.false_region.blocks:
            raise _located(
                f"'{self.name}' op returns {_types(self.result_types)} but has no else region "
                "to yield them when the condition is false",
                self,
            )
        inner(self)

    scf.IfOp.verify_ = verify_if  # type: ignore[method-assign]


def checked_param_directions() -> None:
    """Make ``func.func``'s verifier, after its own checks, run the
    written-parameter check (tile-op-semantics.md section 11, "Param
    directions") on a function that states its directions."""
    inner = func.FuncOp.verify_

    def verify_func(self: func.FuncOp) -> None:
        inner(self)
        from xdsl_pto.dialects.tile.param_directions import check_param_directions, states_directions

        if states_directions(self):
            check_param_directions(self)

    func.FuncOp.verify_ = verify_func  # type: ignore[method-assign]


class _RecordingLexer:
    """A pipeline lexer that remembers every token taken from it."""

    def __init__(self, lexer: PipelineLexer):
        self._lexer = lexer
        self.tokens: list[SpecToken] = []

    def peek(self) -> SpecToken:
        return self._lexer.peek()

    def lex(self) -> SpecToken:
        token = self._lexer.lex()
        self.tokens.append(token)
        return token


def repeated_option(tokens: Sequence[SpecToken]) -> SpecToken | None:
    """The key token of the first option given a second time among the
    tokens of one pass's options (those after its ``{``), or None. A key is
    an identifier at the start or right after a space (values follow ``=``
    and ``,`` with no space); ``-`` and ``_`` in keys are the same, as xDSL
    normalizes them."""
    seen: set[str] = set()
    previous: SpecToken | None = None
    for token in tokens:
        is_key = previous is None or previous.kind is SpecTokenKind.SPACE
        previous = token
        if not is_key or token.kind is not SpecTokenKind.IDENT:
            continue
        key = token.span.text.replace("-", "_")
        if key in seen:
            return token
        seen.add(key)
    return None


def unique_pass_options() -> None:
    """Make xDSL's parser of one pass's ``{...}`` options refuse a key
    given twice, with an ``ArgSpecParseError`` at its second occurrence
    (printed like every other malformed pipeline)."""
    inner = arg_spec._parse_pass_parameters  # type: ignore[attr-defined]

    def parse_pass_parameters(lexer: PipelineLexer):
        recording = _RecordingLexer(lexer)
        args = inner(recording)
        again = repeated_option(recording.tokens)
        if again is not None:
            raise ArgSpecParseError(
                again, f"option '{again.span.text}' is given twice; give each option once"
            )
        return args

    arg_spec._parse_pass_parameters = parse_pass_parameters  # type: ignore[attr-defined]


__all__ = [
    "MAX_REGION_NESTING",
    "STRING_LITERAL",
    "check_scf_condition",
    "check_scf_yield",
    "install",
    "repeated_option",
    "verified_op",
]
