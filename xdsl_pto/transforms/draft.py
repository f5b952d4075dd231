"""A planning pass's decisions over one function, kept as edits not yet
applied (:class:`Draft`), and read back as the IR will be once they are.

init-memref and materialize-semantic-aliases decide one value after
another, and each decision reads what the earlier ones decided: a value's
MemRef, who reads a buffer (a copy inserted for an earlier value reads it
too; a carry move removed earlier no longer does), which value an op's
operand is. The decisions are plain code over the IR, which they leave as
it is; they record their edits here and ask the draft instead of the IR:

* :meth:`Draft.memref` / :meth:`Draft.type_of`: a value's decided MemRef and
  type (:meth:`Draft.set_memref` decides one);
* :meth:`Draft.operand`: an op's operand once the decided moves are in and
  the removed ones gone;
* :meth:`Draft.users`: the ops (and decided moves) that read a value then;
* :meth:`Draft.insert_move`, :meth:`Draft.erase_move`: a ``tile.move`` to
  insert before an op (its result replaces one of the op's operands) or to
  remove (its result's readers read its source);
* :meth:`Draft.position`, :meth:`Draft.def_point`: statement indices
  (:class:`~xdsl_pto.transforms.memory_reuse.lifetime.ProgramOrder` of the
  function as it was) that also number the decided moves.

:meth:`Draft.apply` then rewrites the function through the patterns of
:mod:`xdsl_pto.transforms.patterns`, one per rewrite kind: the decided moves
inserted (:class:`~xdsl_pto.transforms.patterns.InsertMoves`), the removed
ones erased (:class:`~xdsl_pto.transforms.patterns.EraseMoves`), every value
retyped onto its decided type
(:class:`~xdsl_pto.transforms.patterns.RetypeValues`).
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.ir import Operation, SSAValue

from xdsl_pto.dialects.tile.data_ops import MoveOp
from xdsl_pto.dialects.tile.types import MemRefAttr, TileType
from xdsl_pto.transforms.common import memref_of, value_name
from xdsl_pto.transforms.memory_reuse.lifetime import ProgramOrder, def_point
from xdsl_pto.transforms.patterns import (
    EraseMoves,
    InsertMoves,
    MoveToInsert,
    RetypeValues,
    apply_patterns,
)

#: A value as the draft knows it: one of the IR, or a decided move's result
#: (the :class:`MoveToInsert` stands for its result).
Value = SSAValue | MoveToInsert
#: A reader of a value: an op of the IR, or a decided move.
User = Operation | MoveToInsert


class Draft:
    """The edits decided for one function so far (see the module doc).

    Attributes:
        fn: the function.
        types: value of the IR -> its decided type.
        inserted: op -> the moves decided before it, in their order there.
        erased: the ``tile.move`` ops decided to go, in the order decided.
    """

    def __init__(self, fn: func.FuncOp):
        self.fn = fn
        self.types: dict[SSAValue, TileType] = {}
        self.inserted: dict[Operation, list[MoveToInsert]] = {}
        self.erased: dict[MoveOp, None] = {}
        self._slots: dict[tuple[Operation, int], MoveToInsert] = {}  # operands a move replaces
        self._readers: dict[Value, list[tuple[User, int]]] = {}  # reads the decided moves add
        self._forward: dict[SSAValue, SSAValue] = {}  # removed move's result -> its source
        self._forwarded: dict[SSAValue, list[SSAValue]] = {}  # source -> removed results on it
        self._name_hints: dict[SSAValue, str | None] = {}

    # -- reading the function as decided ---------------------------------

    def resolve(self, v: Value) -> Value:
        """``v``, or -- the result of a removed move -- the value its readers
        read instead (its source, followed through removed moves)."""
        while isinstance(v, SSAValue) and v in self._forward:
            v = self._forward[v]
        return v

    def type_of(self, v: Value) -> TileType:
        """``v``'s decided type (a tile value's)."""
        v = self.resolve(v)
        t = v.type if isinstance(v, MoveToInsert) else self.types.get(v, v.type)
        assert isinstance(t, TileType)
        return t

    def memref(self, v: Value) -> MemRefAttr | None:
        """``v``'s decided MemRef (None for a value with none, or not a tile)."""
        v = self.resolve(v)
        if isinstance(v, MoveToInsert):
            return v.type.get_memref()
        t = self.types.get(v)
        return t.get_memref() if t is not None else memref_of(v)

    def operand(self, op: Operation, index: int) -> Value:
        """Operand ``index`` of ``op`` as decided (a decided move's result
        where one replaces it)."""
        move = self._slots.get((op, index))
        return move if move is not None else self.resolve(op.operands[index])

    def users(self, v: Value) -> list[User]:
        """Every reader of ``v`` as decided, once per operand it reads
        ``v`` at: ``v``'s uses in the IR but those a decided move took over
        or a removed move made, then the decided moves that read ``v``
        and the ops whose operand a decided move of ``v`` replaced, then
        the readers of removed moves' results that read ``v`` instead."""
        out: list[User] = []
        if isinstance(v, SSAValue):
            for use in v.uses:
                op = use.operation
                if op not in self.erased and (op, use.index) not in self._slots:
                    out.append(op)
        out.extend(user for user, _ in self._readers.get(v, ()))
        if isinstance(v, SSAValue):
            for r in self._forwarded.get(v, ()):
                out.extend(self.users(r))
        return out

    def name(self, v: Value) -> str:
        """``%name`` of ``v``, or a description (as :func:`value_name`)."""
        return "result of tile.move" if isinstance(v, MoveToInsert) else value_name(v)

    # -- statement indices -------------------------------------------------

    @staticmethod
    def at(user: User) -> Operation:
        """The op of the IR at whose place ``user`` is (a decided move sits
        right before the op it is inserted before, in its block)."""
        return user.before if isinstance(user, MoveToInsert) else user

    @staticmethod
    def position(user: User, order: ProgramOrder) -> float:
        """``user``'s statement index in ``order`` (the function's numbering
        before any edit): a decided move is numbered half a step before the
        op it goes before -- after everything that precedes that op. (Only
        comparisons with the IR's own indices are ever made, so the moves
        before one op need no order among themselves here.)"""
        if isinstance(user, MoveToInsert):
            return order.start[user.before] - 0.5
        return order.start[user]

    def def_point(self, v: Value, order: ProgramOrder) -> float:
        """Where ``v`` is defined, as :func:`~xdsl_pto.transforms.memory_reuse.
        lifetime.def_point`, a decided move's result at its position."""
        if isinstance(v, MoveToInsert):
            return self.position(v, order)
        return def_point(v, order)

    @staticmethod
    def defined_inside(v: Value, op: Operation) -> bool:
        """:func:`~xdsl_pto.transforms.common.defined_inside` for a value
        as decided: a decided move is inside ``op`` when the op it goes
        before is strictly inside."""
        if isinstance(v, MoveToInsert):
            return v.before is not op and op.is_ancestor(v.before)
        owner = v.owner
        return owner is not op and op.is_ancestor(owner)

    # -- deciding ----------------------------------------------------------

    def set_memref(self, v: SSAValue, memref: MemRefAttr | None) -> None:
        """Decide ``v``'s MemRef (its type keeps every other parameter)."""
        t = self.types.get(v, v.type)
        assert isinstance(t, TileType)
        if t.get_memref() != memref:
            self.types[v] = t.with_memref(memref)

    def retype(self, v: SSAValue, t: TileType) -> None:
        """Decide ``v``'s whole type."""
        self.types[v] = t

    def insert_move(
        self, before: Operation, index: int, t: TileType, *, carry: bool = False
    ) -> MoveToInsert:
        """Decide a ``tile.move`` of operand ``index`` of ``before`` (as
        decided so far) into a value of type ``t``, right before ``before``
        (after the moves decided before it earlier), its result taking that
        operand's place. Returns the move (which stands for its result)."""
        source = self.operand(before, index)
        move = MoveToInsert(source, t, before, index, carry)
        self.inserted.setdefault(before, []).append(move)
        old = self._slots.get((before, index))
        if old is not None:
            self._readers[old].remove((before, index))
        self._slots[(before, index)] = move
        self._readers.setdefault(move, []).append((before, index))
        self._readers.setdefault(source, []).append((move, 0))
        return move

    def erase_move(self, move: MoveOp) -> None:
        """Decide to remove ``move``: its result's readers read its source.
        (A value without a name hint takes the removed result's, as
        :meth:`SSAValue.replace_all_uses_with` gives it: kept here in the
        order decided, which the rewrite need not follow.)"""
        source = self.resolve(move.source)
        assert isinstance(source, SSAValue)
        result = move.result
        self.erased[move] = None
        self._forward[result] = source
        self._forwarded.setdefault(source, []).append(result)
        if self._name_hints.get(source, source.name_hint) is None:
            self._name_hints[source] = self._name_hints.get(result, result.name_hint)

    def is_erased(self, op: Operation) -> bool:
        """True when ``op`` is a move decided to go."""
        return op in self.erased

    # -- rewriting -----------------------------------------------------------

    def apply(self) -> None:
        """Carry the decisions out (see the module doc): the moves
        inserted, the removed ones erased, every value retyped."""
        patterns = []
        if self.inserted:
            patterns.append(InsertMoves(self.inserted))
        if self.erased:
            hints = {v: h for v, h in self._name_hints.items() if h != v.name_hint}
            patterns.append(EraseMoves(self.erased, hints))
        if self.types:
            patterns.append(RetypeValues(self.types))
        if patterns:
            apply_patterns(self.fn, *patterns)


__all__ = ["Draft", "User", "Value"]
