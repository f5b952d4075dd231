"""What ptoas (v0.48) accepts of a tile op's lowering, declared on the op.

ptoas verifies each PTO op against target-specific rules (element types, the
layout it reads, the shape of a scratch tile). Those rules are facts about
the ops, so -- like the memory traits of :mod:`.traits` -- they are declared
on the op definitions and asked by ``convert-tile-to-pto``, which knows the
target: it refuses, with a located error, what ptoas would refuse, and
adapts what can be said another way (an elementwise op on column-major tiles
runs on their transposed, row-major views).

Every rule here was read off the ptoas v0.48 binary by feeding it one small
module per op, element type, layout and target (a2/a3 and a5); the message
it prints is quoted where a rule is custom.

* :class:`PtoasElements` -- the element types ptoas takes for the op, per
  target family (unsigned integers count as their signless width).
* :class:`PtoasRowMajor` -- ptoas reads (and writes) some tiles of the op
  row-major (``blayout = row_major``); an elementwise op may be
  ``transposable``: the lowering then runs it on transposed views of
  column-major tiles.
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

#: Element kinds, as ptoas names them in its messages.
F32, F16, BF16, I8, I16, I32, I64 = "f32", "f16", "bf16", "i8", "i16", "i32", "i64"
#: The common sets.
FLOATS = frozenset({F32, F16})
ARITH = frozenset({F32, F16, I16, I32})
ARITH_A5 = ARITH | {I8}


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


@dataclass(frozen=True)
class PtoasElements(OpTrait):
    """ptoas takes this op only on the element kinds ``a2a3`` (a2, a3) or
    ``a5``; the kind is read off the result, or off operand ``operand`` when
    given (a compare's input)."""

    a2a3: frozenset[str]
    a5: frozenset[str]
    operand: int | None = None

    def allowed(self, target: str) -> frozenset[str]:
        """The element kinds of ``target``'s family."""
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
class PtoasCheck(OpTrait):
    """Another ptoas rule of this op: ``check(op, target)`` returns why ptoas
    refuses ``op`` on ``target`` -- a phrase that reads after "ptoas
    (v0.48) ", such as "takes tprelu's tmp as ..." -- or None."""

    check: Callable[[Operation, str], str | None]


#: Row-major elementwise: every tile operand and the result.
def elementwise(*operands: int, targets: frozenset[str] | None = None) -> PtoasRowMajor:
    """:class:`PtoasRowMajor` of an elementwise op over ``operands``."""
    return PtoasRowMajor(tuple(operands), True, targets, True)


def _kinds_text(kinds: frozenset[str]) -> str:
    order = (F32, F16, BF16, I8, I16, I32, I64)
    return ", ".join(k for k in order if k in kinds)


def elements_nowhere(op: Operation) -> str | None:
    """Why no target's ptoas takes ``op``'s element type by its
    :class:`PtoasElements` (a phrase reading after "ptoas (v0.48) "), or
    None when some target takes it (which one is the lowering's check).
    For op verifiers, which do not know the target."""
    elems = op.get_trait(PtoasElements)
    if elems is None:
        return None
    values = op.results if elems.operand is None else op.operands[elems.operand : elems.operand + 1]
    t = values[0].type if values else None
    if t is None or not hasattr(t, "element_type"):
        return None
    kind = element_kind(t.element_type)  # type: ignore[attr-defined]
    if kind in elems.a2a3 | elems.a5:
        return None
    if elems.a2a3 == elems.a5:
        return f"takes {_kinds_text(elems.a5)} elements only, not {t.element_type}"  # type: ignore[attr-defined]
    return (
        f"takes {_kinds_text(elems.a2a3)} elements on a2/a3 and {_kinds_text(elems.a5)} on a5, "
        f"not {t.element_type}"  # type: ignore[attr-defined]
    )
