"""Memory traits of tile ops: the one place where buffer semantics are declared.

Every tile op lists its traits on its definition (``traits = traits_def(...)``),
exactly as reference/tile-op-memory-traits.md gives them; passes ask these
helpers and never test op names.

Target-aware traits take the backend name (``a2``, ``a3``, ``a5``) or None
for an unknown target, which binds every target's rule.

Trait meanings (operand indices are positional operand numbers):

* :class:`ViewOf` -- the result is a view of operand 0's buffer (same root,
  own offset/shape); no data moves.
* :class:`Reuses` -- the result IS operand ``index``'s buffer (in-place /
  destination passing): a must-alias.
* :class:`ReadsWrites` -- ``rw(i)``: the op reads operand ``index``'s buffer
  and writes it in place; its tile result is that buffer (a :class:`Reuses`).
* :class:`NotInplaceSafe` -- the result must not share a buffer with any tile
  operand.
* :class:`NoAlias` -- the result must not share a buffer with operand ``index``.
* :class:`NoAliasOn` / :class:`CastNoAlias` -- target-aware forms of
  ``NoAlias`` (a rule that binds only on some backends).
* :class:`DisjointOperandsOn` -- two operands must not overlap (a tmp
  scratch written while sources are read), on some backends.
* :class:`TPop` -- the result lives in reserved pipe storage (no MemRef).
* :class:`Workspace` -- operand ``index`` is scratch the op writes.
* :class:`WritesGm` -- the op writes the GM tensor (memref) its named
  operand gives: a store, a scatter, a signal, a pipe's spill buffer. The
  written-parameter check (:mod:`.param_directions`) asks it.
* :class:`Load` -- a GM -> on-chip load.
* :class:`ResultSpace` -- the result lives in a fixed memory space.
* :class:`RunsOn` / :class:`Transfer` -- the hardware pipe the op issues on:
  fixed (vector, cube, scalar), or fixed by the route of a data transfer.
* :class:`Composite` -- the op has no PTO op: it stands for a sequence of
  other tile ops, which replace it before planning.
* :class:`Barrier` -- the op orders this core against others (a cross-core
  barrier, a signal to another rank): it touches no tile, and no op moves
  across it.
* :class:`CoreLane` -- the core of a mixed kernel a tile-free op belongs to.

What the PTO op a tile op lowers to accepts on each target (ptoas v0.48:
element types, layouts, a scratch tile's extent, the op at all) is declared
on the op definitions too, with the traits of :mod:`.ptoas_traits`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from xdsl.ir import Operation, SSAValue
from xdsl.traits import OpTrait
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.dialects.tile.types import MemorySpace, TileType, element_bytes


@dataclass(frozen=True)
class ViewOf(OpTrait):
    """The single tile result is a view of operand 0's buffer."""


@dataclass(frozen=True)
class Reuses(OpTrait):
    """The tile result is operand ``index``'s buffer (a must-alias)."""

    index: int


@dataclass(frozen=True)
class ReadsWrites(Reuses):
    """``rw(index)`` of reference/tile-op-memory-traits.md: the op reads
    operand ``index``'s buffer and writes it in place (``tile.write`` sets
    one element, ``tile.fillpad_inplace`` fills the padding, the
    accumulating matmuls add into the accumulator). Its tile result is that
    buffer, so an ``rw`` op is a :class:`Reuses` op to every query (a table
    row that lists ``rw(i)`` without ``reuses(i)`` -- ``tile.write`` -- still
    has its result on operand ``index``'s buffer: the semantics sheet, section
    4, "the result *is* the input tile"). The planner copies the operand
    first when its old contents are read after the op (init-memref), as for
    any in-place result."""


@dataclass(frozen=True)
class NotInplaceSafe(OpTrait):
    """The result must not share a buffer with any tile operand."""


@dataclass(frozen=True)
class NoAlias(OpTrait):
    """The result must not share a buffer with operand ``index``."""

    index: int


#: The Ascend910B family (a2, a3): the targets whose kernels read some
#: operands while writing the result where Ascend950 (a5) does not.
A2A3 = frozenset({"a2", "a3"})


def _on(targets: frozenset[str], target: str | None) -> bool:
    """True when a rule for ``targets`` binds on ``target``; an unknown target
    (None) binds every rule, so a plan made without a backend is safe on all."""
    return target is None or target in targets


@dataclass(frozen=True)
class NoAliasOn(OpTrait):
    """The result must not share bytes with operand ``index`` on the targets
    in ``targets`` (and when the target is unknown). Seed 002, "No-alias
    guard": the target-aware rows of ``tile.sels`` and ``tile.prelu``."""

    index: int
    targets: frozenset[str]


@dataclass(frozen=True)
class CastNoAlias(OpTrait):
    """``tile.cast``'s target-aware rule (seed 002, "No-alias guard"): the
    result must not share bytes with operand ``index`` when the cast widens
    (every target) or narrows on A2/A3 (TCVT converts whole repeats before
    each row's tail, so a later row's output can overwrite an unread source
    tail); an A5 narrowing cast and a same-width cast may run in place."""

    index: int

    def forbids(self, op: Operation, target: str | None) -> bool:
        """True when the result of ``op`` must not overlap operand ``index``
        on ``target`` (None = unknown: the A2/A3 rule)."""
        src, res = op.operands[self.index].type, op.results[0].type
        if not isinstance(src, TileType) or not isinstance(res, TileType):
            return False
        wide_in, wide_out = element_bytes(src.element_type), element_bytes(res.element_type)
        if wide_out > wide_in:
            return True
        return wide_out < wide_in and _on(A2A3, target)

    def rule(self, op: Operation) -> str:
        """The rule :meth:`forbids` applies to ``op``, as a phrase for a
        diagnostic (the cast's element types named)."""
        src, res = op.operands[self.index].type, op.results[0].type
        assert isinstance(src, TileType) and isinstance(res, TileType)
        types = f"{src.element_type} -> {res.element_type}"
        if element_bytes(res.element_type) > element_bytes(src.element_type):
            return (
                f"a widening {op.name} ({types}) may not write its result over its source on any "
                "target (seed 002, No-alias guard)"
            )
        return (
            f"a narrowing {op.name} ({types}) may not write its result over its source on a2/a3: "
            "TCVT converts the whole repeats of every row before the row tails, so a later row's "
            "output can overwrite a source tail not yet read (seed 002, No-alias guard, #2973); "
            "on a5 it may run in place"
        )


@dataclass(frozen=True)
class DisjointOperandsOn(OpTrait):
    """On ``targets``, operand ``scratch`` (a tmp) must not overlap any of the
    operands ``sources``: the op writes the scratch while those are still
    read. Two operands of one op are live together, so a planner never puts
    them on shared bytes; only an author's aliasing (a view of a source passed
    as tmp, one value passed twice) can, and the plan checks refuse it.
    Seed 002, no-alias table: ``tile.sels`` on A2/A3 (tmp vs mask and src)
    and ``tile.rem``/``tile.rems`` on A2/A3 (tmp vs dividend and divisor)."""

    scratch: int
    sources: tuple[int, ...]
    targets: frozenset[str]


@dataclass(frozen=True)
class TPop(OpTrait):
    """A cross-core pop: the tile result lives in reserved pipe storage, not
    in the allocation pool, so it (and every view of it) has no MemRef
    (seed 002, "Ascend910 load + tpop_from_aic hazard")."""


@dataclass(frozen=True)
class Workspace(OpTrait):
    """Operand ``index`` is scratch that the op writes."""

    index: int


@dataclass(frozen=True)
class WritesGm(OpTrait):
    """The op writes the GM tensor given by its operand named ``operand``
    (an operand definition of the op, maybe optional), as pypto's
    ``ArgEffect::Write`` / ``ReadWrite`` (pypto-docs/operators.md, "Argument
    effects"): a partial or atomic write is a write. The written parameter
    must be declared ``tile.out`` or ``tile.inout``
    (tile-op-semantics.md section 11, "Param directions")."""

    operand: str


@dataclass(frozen=True)
class RankN(OpTrait):
    """The op takes tiles of rank 3 or more (the batched matmuls and the
    loads, moves, stores and creates that feed them); every other op
    refuses them (:func:`xdsl_pto.dialects.tile.base.check_rank`).

    It also says how the op unrolls per batch before PTO lowering (a
    rank-``n`` tile ``[b..., R, C]`` is its 2-D slabs ``[R, C]``, batch-major;
    :mod:`xdsl_pto.lowering.batch_unroll`, the reference's
    FlattenTileNdTo2D):

    Attributes:
        per_batch: ``"same"`` -- one op per batch index on the slabs at that
            index (a move, a create); ``"gm"`` -- the same, and the GM
            offsets of the batch axes advance by the batch index (a load,
            a store); ``"broadcast"`` -- one op per index of the result's
            batch shape, each tile operand at its numpy-broadcast index (a
            rank-2 operand serves every batch).
        slab_op: the name of the rank-2 op each batch becomes (``None``: the
            op itself); an ``init_cond`` operand it declares and the op has
            not is given ``false`` (accumulate).
    """

    per_batch: str = "same"
    slab_op: str | None = None


@dataclass(frozen=True)
class Load(OpTrait):
    """A GM -> on-chip load."""


@dataclass(frozen=True)
class L0Operands(OpTrait):
    """The cube reads operand ``lhs`` from Left (L0A) and operand ``rhs``
    from Right (L0B). Before ``auto-tile-matmul-l0`` they may still sit in
    Mat (or, for ``lhs``, Vec); nothing can be planned until they are staged
    (pypto-docs/15-auto_tile_matmul_l0.md, "Algorithm" step 1)."""

    lhs: int
    rhs: int


#: The L0 space the cube reads each matrix operand role from.
L0_ROLE_SPACES = {"lhs": MemorySpace.LEFT, "rhs": MemorySpace.RIGHT}


def unstaged_l0_operands(op: Operation) -> list[tuple[str, SSAValue, MemorySpace]]:
    """The operands of a cube MAD (:class:`L0Operands`) that are not yet in
    their L0 space, as ``(role, value, space)`` with role ``lhs``/``rhs``;
    empty for every other op."""
    t = op.get_trait(L0Operands)
    if t is None:
        return []
    out: list[tuple[str, SSAValue, MemorySpace]] = []
    for role, index in (("lhs", t.lhs), ("rhs", t.rhs)):
        v = op.operands[index]
        if isinstance(v.type, TileType) and v.type.memory_space is not L0_ROLE_SPACES[role]:
            out.append((role, v, v.type.memory_space))
    return out


@dataclass(frozen=True)
class ResultSpace(OpTrait):
    """Every tile result lives in ``space``; checked by the op verifier."""

    space: MemorySpace

    def verify(self, op: Operation) -> None:
        for r in op.results:
            if isinstance(r.type, TileType) and r.type.memory_space is not self.space:
                raise VerifyException(
                    f"result must be in memory space {self.space.value}, "
                    f"got {r.type.memory_space.value}"
                )


class HwPipe(str, Enum):
    """A hardware pipe of the AI core: instructions of one pipe run in
    order; two pipes run concurrently and are ordered only by explicit
    synchronization (so a buffer handed from one pipe to another costs a
    set_flag/wait_flag pair -- the DSA-RP reuse penalty,
    pypto-docs/34-allocate_memory_addr.md "DSA-RP policy")."""

    VECTOR = "V"  # the vector unit (Vec tiles)
    CUBE = "M"  # the cube MAD (Left x Right -> Acc)
    MTE1 = "MTE1"  # L1 (Mat) -> L0A/L0B/bias table
    MTE2 = "MTE2"  # GM -> L1 (Mat) / UB (Vec)
    MTE3 = "MTE3"  # UB (Vec) -> GM / L1 (Mat)
    FIX = "FIX"  # L0C (Acc) fixpipe -> GM / L1 / UB
    SCALAR = "S"  # the scalar unit: single-element tile reads and writes


@dataclass(frozen=True)
class RunsOn(OpTrait):
    """The op's instruction issues on ``pipe`` whatever its operands."""

    pipe: HwPipe


@dataclass(frozen=True)
class Transfer(OpTrait):
    """A data transfer (load, store, move, extract): its pipe is fixed by
    its route, from the source's memory space to the destination's (GM for
    a memref operand or a store), see :data:`TRANSFER_PIPES`."""


#: The pipe of each supported transfer route, ``(source, destination)``
#: memory spaces (None = GM). A route missing here has no known pipe.
TRANSFER_PIPES: dict[tuple[MemorySpace | None, MemorySpace | None], HwPipe] = {
    (None, MemorySpace.VEC): HwPipe.MTE2,
    (None, MemorySpace.MAT): HwPipe.MTE2,
    (MemorySpace.VEC, None): HwPipe.MTE3,
    (MemorySpace.VEC, MemorySpace.MAT): HwPipe.MTE3,
    (MemorySpace.MAT, MemorySpace.LEFT): HwPipe.MTE1,
    (MemorySpace.MAT, MemorySpace.RIGHT): HwPipe.MTE1,
    (MemorySpace.MAT, MemorySpace.BIAS): HwPipe.MTE1,
    (MemorySpace.MAT, MemorySpace.LEFT_SCALE): HwPipe.MTE1,
    (MemorySpace.MAT, MemorySpace.RIGHT_SCALE): HwPipe.MTE1,
    (MemorySpace.ACC, None): HwPipe.FIX,
    (MemorySpace.ACC, MemorySpace.VEC): HwPipe.FIX,
    (MemorySpace.ACC, MemorySpace.MAT): HwPipe.FIX,
}


def op_pipe(op: Operation) -> HwPipe | None:
    """The hardware pipe ``op`` issues on: its :class:`RunsOn` pipe, the
    route's pipe of a :class:`Transfer` (the first tile operand or GM, to
    the first tile result or GM); None for an op with neither trait (views,
    allocations, cross-core ops, control flow) or a route of no known pipe."""
    fixed = op.get_trait(RunsOn)
    if fixed is not None:
        return fixed.pipe
    if not op.has_trait(Transfer):
        return None
    src = next((v.type.memory_space for v in op.operands if isinstance(v.type, TileType)), None)
    dst = next((r.type.memory_space for r in op.results if isinstance(r.type, TileType)), None)
    return TRANSFER_PIPES.get((src, dst))


@dataclass(frozen=True)
class Composite(OpTrait):
    """The op has no PTO op of its own: it means the tile ops that
    ``expand(operands, result_type, name)`` builds from its operands -- a
    list of new ops (``arith.constant`` scalars and tile ops, in order) and
    the value among their results that is the op's result (of
    ``result_type``); ``name`` (the result's name, or None) names the
    intermediates. ``lower-composite-ops`` (the first stage of
    ``pto-plan-memory``) replaces the op by them, so they are planned like
    any other ops; the interpreter runs either the same ops (``tile.sin``,
    ``tile.cos``: bit-identical by construction) or the op's own numpy
    formula (``tile.scatter_update``), which the planned run -- the
    expansion -- is then checked against (the reference's
    LowerCompositeOps and ConvertTensorToTileOps,
    reference/tile-op-semantics.md sections 1 and 6)."""

    expand: Callable[[Sequence[SSAValue], TileType, str | None], tuple[list[Operation], SSAValue]]


@dataclass(frozen=True)
class Barrier(OpTrait):
    """The op synchronizes this core with other cores or ranks
    (``tile.syncall``): what comes before it in program order happens before
    it, what comes after it after. It reads and writes no tile, so the
    planner sees no operand or result (memory-neutral), and every pass keeps
    its position among the other ops: no pass moves a tile or GM op across
    it (lower-pipeline-loops copies it with each iteration it belongs to;
    the ptoas-planner lowering moves only ``pto.alloc_tile``s, which touch
    no data)."""


#: :class:`CoreLane`'s answer for an op every core of a mixed kernel runs.
BOTH_LANES = "both"


@dataclass(frozen=True)
class CoreLane(OpTrait):
    """A tile-free op that still belongs to a core of a mixed kernel (the
    synchronization ops of ``pl.system``): ``of(op)`` names its lane,
    ``"aic"``, ``"aiv"`` or :data:`BOTH_LANES` (each side keeps a copy), or
    None when nothing says (``expand-mixed-kernel`` refuses it then; pypto's
    ``core_type="aic"`` / ``"aiv"`` keeps an explicit event on its lane:
    pypto-docs/operators.md, "Explicit Event Synchronization")."""

    of: Callable[[Operation], str | None]


def composite_of(op: Operation) -> Composite | None:
    """The :class:`Composite` trait of ``op`` (None for an op with a PTO op)."""
    return op.get_trait(Composite)


# ----- queries used by the passes ----------------------------------------------


def is_tile(value: SSAValue) -> bool:
    """True when ``value`` is an on-chip tile."""
    return isinstance(value.type, TileType)


def view_source(op: Operation) -> SSAValue | None:
    """Operand 0 when ``op``'s result is a view of it, else None."""
    if op.has_trait(ViewOf) and op.operands:
        return op.operands[0]
    return None


def reused_operand(op: Operation) -> SSAValue | None:
    """The operand whose buffer ``op``'s result is (in-place), else None."""
    t = op.get_trait(Reuses)
    if t is None or t.index >= len(op.operands):
        return None
    return op.operands[t.index]


def must_alias_source(op: Operation) -> SSAValue | None:
    """The operand ``op``'s tile result must share memory with: a view source
    or an in-place reused operand; None when the result is a fresh buffer."""
    return view_source(op) or reused_operand(op)


def forbidden_alias_operands(op: Operation, target: str | None = None) -> list[SSAValue]:
    """Tile operands whose bytes ``op``'s result must not share on ``target``
    (None: unknown, every target's rule binds).

    ``NotInplaceSafe`` forbids every tile operand; ``NoAlias(i)`` operand i;
    ``NoAliasOn(i, ts)`` operand i on the targets ``ts``; ``CastNoAlias`` a
    widening cast's input, and a narrowing one's on A2/A3 (seed 002,
    "No-alias guard").
    """
    tiles = [v for v in op.operands if is_tile(v)]
    if op.has_trait(NotInplaceSafe):
        return tiles
    indices: list[int] = [t.index for t in op.get_traits_of_type(NoAlias)]
    indices += [t.index for t in op.get_traits_of_type(NoAliasOn) if _on(t.targets, target)]
    indices += [t.index for t in op.get_traits_of_type(CastNoAlias) if t.forbids(op, target)]
    out: list[SSAValue] = []
    # Operand order: an op's traits are a set, whose iteration order follows
    # the string hash of their fields (PYTHONHASHSEED).
    for i in sorted(indices):
        if i < len(op.operands) and is_tile(op.operands[i]) and op.operands[i] not in out:
            out.append(op.operands[i])
    return out


def no_alias_rule(op: Operation, operand: SSAValue, target: str | None = None) -> str | None:
    """Why ``op``'s result must not share bytes with its tile operand
    ``operand`` on ``target`` (None: unknown, every target's rule binds):
    the rule of the trait that forbids it (seed 002, "No-alias guard"), as
    a phrase for a diagnostic; None when no trait forbids it (the same
    decision as :func:`forbidden_alias_operands`)."""
    if not is_tile(operand) or operand not in op.operands:
        return None
    guard = "seed 002, No-alias guard"
    if op.has_trait(NotInplaceSafe):
        return f"{op.name} may not write its result over any of its tile operands ({guard})"
    indices = [i for i, v in enumerate(op.operands) if v is operand]
    for t in op.get_traits_of_type(NoAlias):
        if t.index in indices:
            return f"{op.name} may not write its result over its operand {t.index} ({guard})"
    for t in op.get_traits_of_type(NoAliasOn):
        if t.index in indices and _on(t.targets, target):
            on = "/".join(sorted(t.targets))
            return f"on {on} {op.name} may not write its result over its operand {t.index} ({guard})"
    for t in op.get_traits_of_type(CastNoAlias):
        if t.index in indices and t.forbids(op, target):
            return t.rule(op)
    return None


def disjoint_operand_pairs(op: Operation, target: str | None = None) -> list[tuple[SSAValue, SSAValue]]:
    """``(scratch, source)`` operand pairs of ``op`` that must not overlap on
    ``target`` (None: unknown, every rule binds); see :class:`DisjointOperandsOn`."""
    out: list[tuple[SSAValue, SSAValue]] = []
    for t in sorted(op.get_traits_of_type(DisjointOperandsOn), key=lambda t: (t.scratch, t.sources)):
        if not _on(t.targets, target) or t.scratch >= len(op.operands):
            continue
        tmp = op.operands[t.scratch]
        for i in t.sources:
            if i < len(op.operands) and is_tile(op.operands[i]) and is_tile(tmp):
                out.append((tmp, op.operands[i]))
    return out


def workspace_operands(op: Operation) -> list[SSAValue]:
    """The tile operands ``op`` writes as scratch (``Workspace(i)``): the
    written-workspace hazard applies to each (seed 002)."""
    out: list[SSAValue] = []
    for t in sorted(op.get_traits_of_type(Workspace), key=lambda t: t.index):
        if t.index < len(op.operands) and is_tile(op.operands[t.index]):
            out.append(op.operands[t.index])
    return out


def gm_written_operands(op: Operation) -> list[SSAValue]:
    """The GM (memref) operands whose tensor ``op`` writes: each
    :class:`WritesGm` operand present on ``op``; for an op of another
    dialect (``memref.store``, a ``pl.tensor.write``), what its xDSL memory
    effects say it writes -- a write of an unnamed buffer writes each of its
    memref operands. An op with no effect interface (a call) writes none
    here."""
    from xdsl.dialects.builtin import MemRefType
    from xdsl.traits import MemoryEffectKind, RecursiveMemoryEffect, get_effects

    traits = op.get_traits_of_type(WritesGm)
    if traits:
        out: list[SSAValue] = []
        for t in traits:
            v = getattr(op, t.operand, None)
            if isinstance(v, SSAValue) and isinstance(v.type, MemRefType):
                out.append(v)
        return out
    if op.has_trait(RecursiveMemoryEffect):
        return []  # its nested ops speak for it
    effects = get_effects(op)
    if not effects:
        return []
    out = []
    for e in effects:
        if e.kind != MemoryEffectKind.WRITE:
            continue
        if isinstance(e.value, SSAValue):
            if isinstance(e.value.type, MemRefType) and e.value not in out:
                out.append(e.value)
        elif e.value is None:
            out.extend(v for v in op.operands if isinstance(v.type, MemRefType) and v not in out)
    return out


def is_tpop(op: Operation) -> bool:
    """True for a cross-core pop (:class:`TPop`)."""
    return op.has_trait(TPop)


def pipe_source(value: SSAValue) -> Operation | None:
    """The tpop whose reserved pipe storage ``value`` lies in (``value`` is
    the tpop's result or a view of it), else None."""
    while isinstance(value.owner, Operation):
        op = value.owner
        if is_tpop(op):
            return op
        src = view_source(op)
        if src is None:
            return None
        value = src
    return None


def is_pipe_resident(value: SSAValue) -> bool:
    """True when ``value`` lives in reserved pipe storage: a tpop result or a
    view of one. Such values get no MemRef and no ``tile.alloc``; a block
    argument (a loop carry) never is one -- a carry has a buffer of its own."""
    return pipe_source(value) is not None


def is_load(op: Operation) -> bool:
    """True for a GM -> on-chip load."""
    return op.has_trait(Load)


def is_cube_accumulator(op: Operation) -> bool:
    """True when ``op`` is a cube MAD writing the accumulator (its results are
    fixed to Acc by :class:`ResultSpace`: the matmul family). A data movement
    into Acc (``tile.move``) or an Acc ``tile.create`` is not one."""
    t = op.get_trait(ResultSpace)
    return t is not None and t.space is MemorySpace.ACC
