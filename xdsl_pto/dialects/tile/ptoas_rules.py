"""What ptoas (v0.48) takes of a tile op's lowering on each target, declared
on the op definition.

Some rules of a PTO op depend on the target: the element types (A2/A3
``pto.tand`` takes 8- and 16-bit integers, A5 also 32-bit ones), or a layout
only one target family refuses (A2/A3 ``pto.texpands`` writes row-major
tiles only). Like the memory traits of :mod:`.traits`, these facts live on
the op definitions; the op verifiers ask them for what no target accepts
(:func:`elements_problem` with no target), and ``convert-tile-to-pto``,
which knows the target, for the rest (:func:`target_problem`). Every rule
was read off the ptoas v0.48 binary (``/work/notes/pto-op-forms``, one
module per op, element type and target).

* :class:`PtoasElements` -- the element kinds ptoas takes for the op on
  a2/a3 and on a5 (an unsigned integer counts as its signless width, as
  ptoas checks the width only).
* :class:`PtoasCheck` -- any other target rule, a function of the op and the
  target returning the refusal (or None).

(Issue 21 declares the same two kinds of fact for the ops the dialect had
before issue 23, under the same names; when both are in one tree, they are
one module.)
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
F32, F16, BF16, I8, I16, I32 = "f32", "f16", "bf16", "i8", "i16", "i32"
#: The sets most ops take.
FLOATS = frozenset({F32, F16})
INTS = frozenset({I8, I16, I32})
ARITH = frozenset({F32, F16, I16, I32})
ARITH_A5 = ARITH | {I8}
ALL = frozenset({F32, F16, BF16, I8, I16, I32})

#: How every refusal here starts its reason.
PTOAS = "ptoas (v0.48)"
_ORDER = (F32, F16, BF16, I8, I16, I32)


def element_kind(elem: Attribute) -> str:
    """The kind of an element type: ``f32``, ``f16``, ``bf16`` or ``iN``
    for an integer of N bits of any signedness."""
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
    given."""

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
class PtoasCheck(OpTrait):
    """Another target rule of this op: ``check(op, target)`` returns why
    ``source`` (ptoas v0.48, or ``pto-isa`` for a hardware rule ptoas does
    not check) refuses ``op`` on ``target`` -- a phrase that reads after the
    source's name -- or None."""

    check: Callable[[Operation, str], str | None]
    source: str = PTOAS


def elements_problem(op: Operation, target: str | None) -> str | None:
    """Why ptoas refuses ``op``'s element type on ``target`` (None: on every
    target) by its :class:`PtoasElements`, or None."""
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


def target_problem(op: Operation, target: str) -> str | None:
    """Why ``op``'s lowering is refused on ``target`` -- its element type
    (:class:`PtoasElements`) or an op-specific rule (:class:`PtoasCheck`) --
    as ``ptoas (v0.48) ...`` (or ``pto-isa ...``), or None."""
    reason = elements_problem(op, target)
    if reason is not None:
        return f"{PTOAS} {reason}"
    for trait in op.get_traits_of_type(PtoasCheck):
        reason = trait.check(op, target)
        if reason is not None:
            return f"{trait.source} {reason}"
    return None


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
