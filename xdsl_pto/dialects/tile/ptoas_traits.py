"""What ptoas (v0.48) accepts of a tile op's lowering on each target,
declared on the op: the one trait family of per-target op rules.

ptoas verifies each PTO op against target-specific rules (element types,
the layout it reads, the shape of a scratch tile, the op at all). Those
rules are facts about the ops, so -- like the memory traits of
:mod:`.traits` -- they are declared on the op definitions. The op verifiers
ask them for what no target accepts (:func:`elements_problem` with no
target); ``convert-tile-to-pto``, which knows the target, asks them all in
one check (:func:`xdsl_pto.lowering.ptoas_form.check_ptoas_rules`): it
refuses, with a located error, what ptoas would refuse, and adapts what can
be said another way (an elementwise op on column-major tiles runs on their
transposed, row-major views).

Every rule here was read off the ptoas v0.48 binary by feeding it one small
module per op, element type, layout and target (a2/a3 and a5;
``/work/notes/pto-op-forms``); the message it prints is quoted where a rule
is custom. A few are pto-isa's (hardware rules ptoas does not check) and say
so.

* :class:`PtoasElements` -- the element kinds ptoas takes for the op on
  a2/a3 and on a5 (an unsigned integer counts as its signless width, as
  ptoas checks the width only).
* :class:`PtoasRowMajor` -- ptoas reads (and writes) some tiles of the op
  row-major (``blayout = row_major``); an elementwise op may be
  ``transposable``: the lowering then runs it on transposed views of
  column-major tiles.
* :class:`PtoasWholeRows` -- ptoas compares some operand shapes by the rows
  they have in memory (no column window there).
* :class:`PtoasCheck` -- any other rule, as a function of the op and the
  target returning the refusal (or None).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from xdsl.dialects.builtin import BFloat16Type, Float16Type, Float32Type, IntegerType
from xdsl.ir import Attribute, Operation
from xdsl.traits import OpTrait

from xdsl_pto.dialects.tile.traits import A2A3
from xdsl_pto.dialects.tile.types import TileType

#: Element kinds, as ptoas names them in its messages.
F32, F16, BF16, I8, I16, I32, I64 = "f32", "f16", "bf16", "i8", "i16", "i32", "i64"
#: The sets most ops take.
FLOATS = frozenset({F32, F16})
INTS = frozenset({I8, I16, I32})
ARITH = frozenset({F32, F16, I16, I32})
ARITH_A5 = ARITH | {I8}
ALL = frozenset({F32, F16, BF16, I8, I16, I32})

#: How a ptoas refusal starts its reason.
PTOAS = "ptoas (v0.48)"
#: The element kinds in the order messages list them.
_ORDER = (F32, F16, BF16, I8, I16, I32, I64)


def element_kind(elem: Attribute) -> str:
    """The kind of an element type: ``f32``, ``f16``, ``bf16`` or ``iN`` for
    an integer of N bits of any signedness (ptoas checks the width only)."""
    if isinstance(elem, Float32Type):
        return F32
    if isinstance(elem, Float16Type):
        return F16
    if isinstance(elem, BFloat16Type):
        return BF16
    if isinstance(elem, IntegerType):
        return f"i{elem.width.data}"
    return str(elem)


def family(target: str) -> str:
    """``a2a3`` for a2 / a3, else the target's name."""
    return "a2a3" if target in A2A3 else target


def kinds_text(kinds: frozenset[str]) -> str:
    """``kinds`` listed in a fixed order: ``f32, f16, i16``."""
    return ", ".join(k for k in _ORDER if k in kinds)


@dataclass(frozen=True)
class PtoasElements(OpTrait):
    """ptoas takes this op only on the element kinds ``a2a3`` (a2, a3) or
    ``a5``; the kind is read off the result, or off operand ``operand`` when
    given (a compare's input, a reduction's source)."""

    a2a3: frozenset[str]
    a5: frozenset[str]
    operand: int | None = None

    def allowed(self, target: str | None) -> frozenset[str]:
        """The element kinds of ``target``'s family; with no target, the
        kinds some target takes."""
        if target is None:
            return self.a2a3 | self.a5
        return self.a2a3 if family(target) == "a2a3" else self.a5


@dataclass(frozen=True)
class PtoasRowMajor(OpTrait):
    """ptoas reads the tile operands ``operands`` of this op and writes its
    result (``result``) row-major (``blayout = row_major``) on ``targets``
    (None: every target). ``transposable``: the op is elementwise on tiles of
    one shape, so the same op on the transposed views of column-major tiles
    (``pto.treshape`` to ``[N, M]``, row_major, the stripe layout flipped)
    computes the same bytes."""

    operands: tuple[int, ...]
    result: bool = True
    targets: frozenset[str] | None = None
    transposable: bool = False

    def binds(self, target: str) -> bool:
        """True when the rule holds on ``target``."""
        return self.targets is None or target in self.targets


@dataclass(frozen=True)
class PtoasWholeRows(OpTrait):
    """ptoas compares the shapes of this op's tile operands ``operands`` and
    its result by the rows they have in memory, so it refuses a
    ``pto.subview`` there that keeps part of each row (a column window:
    "expects src0/dst to have the same shape", "... compatible shapes",
    "... matching src/dst shapes") on ``targets`` (None: every target).
    Only handles the lowering emits as ``pto.subview`` are concerned (views
    under planner=ptoas or of a tpop tile, windows a loop or if carries);
    the lowering checks the handles
    (:func:`xdsl_pto.lowering.ptoas_form.whole_rows_problem`)."""

    operands: tuple[int, ...]
    targets: frozenset[str] | None = None

    def binds(self, target: str) -> bool:
        """True when the rule holds on ``target``."""
        return self.targets is None or target in self.targets


@dataclass(frozen=True)
class PtoasSameValid(OpTrait):
    """ptoas compares the static valid shapes of this op's tile operands
    ``operands`` and its result and refuses any difference, on every target
    ("'pto.tadd' op expects src0 and src1 to have the same valid_shape",
    "... src0 and dst ..."): the elementwise tile-tile ops run over one
    valid region. (pypto types the result with the lhs's valid shape,
    tile-op-semantics.md section 0, and derives none: a kernel whose operands
    differ is refused, not repaired.) A runtime (``?``) extent is not
    compared."""

    operands: tuple[int, ...]


def same_valid_problem(op: Operation) -> str | None:
    """Why ptoas refuses ``op`` by its :class:`PtoasSameValid`: two of the
    named tiles have different static valid extents on one axis -- a phrase
    that reads after ``ptoas (v0.48)`` -- or None."""
    rule = op.get_trait(PtoasSameValid)
    if rule is None:
        return None
    named = [(f"operand #{i}", op.operands[i]) for i in rule.operands if i < len(op.operands)]
    named += [("the result", r) for r in op.results[:1]]
    tiles = [(what, v.type) for what, v in named if isinstance(v.type, TileType)]
    if not tiles:
        return None
    first_what, first = tiles[0]
    for what, t in tiles[1:]:
        for axis, (a, b) in enumerate(zip(first.get_valid_shape(), t.get_valid_shape())):
            if first.dynamic_valid()[axis] or t.dynamic_valid()[axis] or a == b:
                continue
            return (
                f"needs {first_what} and {what} to have the same valid shape, got "
                f"{_valid_text(first)} and {_valid_text(t)} (pypto derives none either); "
                "make the valid shapes agree first (tile.set_validshape, tile.fillpad, or the "
                "load's valid shape)"
            )
    return None


def _valid_text(t: TileType) -> str:
    dyn = t.dynamic_valid()
    return "x".join("?" if d else str(v) for v, d in zip(t.get_valid_shape(), dyn))


@dataclass(frozen=True)
class PtoasCheck(OpTrait):
    """Another target rule of this op: ``check(op, target)`` returns why
    ``source`` refuses ``op`` on ``target`` -- a phrase that reads after the
    source's name (``ptoas (v0.48)``, or ``pto-isa`` for a hardware rule
    ptoas does not check), such as "takes tprelu's tmp as ..." -- or None.
    With ``source`` None the phrase stands alone (it names its source
    itself, e.g. by quoting ptoas's message)."""

    check: Callable[[Operation, str], str | None]
    source: str | None = PTOAS

    def problem(self, op: Operation, target: str) -> str | None:
        """The refusal as the lowering reports it (the source's name and the
        phrase), or None."""
        reason = self.check(op, target)
        if reason is None or self.source is None:
            return reason
        return f"{self.source} {reason}"


def elementwise(*operands: int, targets: frozenset[str] | None = None) -> PtoasRowMajor:
    """:class:`PtoasRowMajor` of an elementwise op over ``operands``."""
    return PtoasRowMajor(tuple(operands), True, targets, True)


def elements_problem(op: Operation, target: str | None) -> str | None:
    """Why ptoas refuses ``op``'s element type on ``target`` (None: on every
    target) by its :class:`PtoasElements` -- a phrase that reads after
    ``ptoas (v0.48)`` -- or None."""
    elems = op.get_trait(PtoasElements)
    if elems is None:
        return None
    value = op.results[0] if elems.operand is None else op.operands[elems.operand]
    t = value.type
    if not isinstance(t, TileType):
        return None
    allowed = elems.allowed(target)
    if element_kind(t.element_type) in allowed:
        return None
    if target is None:
        if elems.a2a3 == elems.a5:
            return f"takes {kinds_text(elems.a5)} elements only, not {t.element_type}"
        return (
            f"takes {kinds_text(elems.a2a3)} elements on a2/a3 and {kinds_text(elems.a5)} "
            f"on a5, not {t.element_type}"
        )
    return f"takes it for {kinds_text(allowed)} elements only, not {t.element_type}"


def row_major_result_on_a2a3(op: Operation, target: str) -> str | None:
    """A :class:`PtoasCheck`: on a2/a3 the op writes its result row-major
    only (``'pto.texpands' op expects vec dst to use row-major layout on
    A2/A3``)."""
    t = op.results[0].type
    if family(target) == "a2a3" and isinstance(t, TileType) and t.blayout.data != "row_major":
        return (
            f"writes its result row-major only on {target}, and the result is "
            f"{t.blayout.data}; fill a row-major tile (and reshape it) instead"
        )
    return None


def elements_nowhere(op: Operation) -> str | None:
    """Why no target's ptoas takes ``op``'s element type by its
    :class:`PtoasElements` (:func:`elements_problem` for no target), or None
    when some target takes it (which one is the lowering's check). For op
    verifiers, which do not know the target; an op without results whose
    trait names none is not concerned."""
    elems = op.get_trait(PtoasElements)
    if elems is None or (elems.operand is None and not op.results):
        return None
    return elements_problem(op, None)
