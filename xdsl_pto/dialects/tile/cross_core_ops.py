"""Cross-core tile ops: the TPUSH/TPOP pipe between the cube (AIC) and the
vector (AIV) cores (pypto-docs/operators.md, "CrossCoreOp").

Text forms::

    %p = tile.tpop_from_aic {split = 1 : i64} : !tile.tile<16x64xf32, vec>
    %q = tile.tpop_from_aiv {id = 1 : i64, split = 0 : i64} : !tile.tile<16x16xf16, mat>
    tile.tpush_to_aic %t {split = 0 : i64} : !tile.tile<16x16xf16, vec>
    tile.tpush_to_aiv %acc {split = 2 : i64} : !tile.tile<16x16xf32, acc>

``split`` (required) is pto-isa's ``TileSplitAxis``: 0 no split, 1 / 2
up-down / left-right, 3 / 4 the same over an odd extent. ``id`` (optional,
default 0 in ptoas) names the pipe when a kernel uses several. Both are
``i64``.

A popped tile lives in the pipe's reserved storage, not in the allocation
pool (trait :class:`~xdsl_pto.dialects.tile.traits.TPop`): it and every view
of it have no MemRef. A vector kernel pops from the cube (into vec) and
pushes to the cube (from vec); a cube kernel pops from the vector core (into
mat) and pushes to the vector core (from acc: the only producer pipe ptoas has
on the cube side). Every push, pop and free needs an initialize op of its
``id`` in its function (:func:`verify_pipe_direction`), and a pushed or
popped tile fits one slot of that op's ``slot_size``
(:func:`verify_slot_fits`).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects import func
from xdsl.dialects.builtin import IntegerAttr, i64
from xdsl.ir import Attribute, Operation
from xdsl.irdl import (
    AnyAttr,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_attr_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.diagnostics import LocatedVerifyError, op_location
from xdsl_pto.dialects.tile.base import TileComputeOp, located_op, tile_type_of
from xdsl_pto.dialects.tile.function_attrs import function_kind
from xdsl_pto.dialects.tile.traits import ResultSpace, TPop
from xdsl_pto.dialects.tile.types import MemorySpace, TileType, bytes_of

#: The ``split`` codes (pto-isa ``TileSplitAxis``).
SPLIT_CODES = range(5)


def verify_pipe_attrs(op: Operation) -> None:
    """Check ``op``'s ``split`` (an i64 in 0..4) and optional ``id`` (an i64
    >= 0) attributes.

    Raises:
        VerifyException: ``needs a 'split' attribute ...``, ``split must be an i64 in 0..4 (pto-isa
            TileSplitAxis), got ...`` or ``id must be a non-negative i64,
            got ...``.
    """
    split = op.attributes.get("split")
    if split is None:
        raise VerifyException("needs a 'split' attribute (an i64 in 0..4, pto-isa TileSplitAxis)")
    if not _is_i64(split) or split.value.data not in SPLIT_CODES:  # type: ignore[union-attr]
        raise VerifyException(f"split must be an i64 in 0..4 (pto-isa TileSplitAxis), got {split}")
    pipe = op.attributes.get("id")
    if pipe is not None and (not _is_i64(pipe) or pipe.value.data < 0):  # type: ignore[union-attr]
        raise VerifyException(f"id must be a non-negative i64, got {pipe}")


def _is_i64(attr: Attribute | None) -> bool:
    return isinstance(attr, IntegerAttr) and attr.type == i64


def pipe_attrs(op: Operation) -> tuple[int, int | None]:
    """``(split, id)`` of a verified cross-core op (``id`` None when absent)."""
    split = op.attributes["split"]
    pipe = op.attributes.get("id")
    assert isinstance(split, IntegerAttr)
    return split.value.data, (pipe.value.data if isinstance(pipe, IntegerAttr) else None)


# ----- function-level pipe rules ---------------------------------------------
# (dir_mask: 1 = cube to vector (C2V), 2 = vector to cube (V2C), 3 = both.)

#: The initialize ops, by the kernel side that runs them.
INIT_OP_NAMES = {"aic": "tile.aic_initialize_pipe", "aiv": "tile.aiv_initialize_pipe"}
#: The buffer setup ops: a function holding one takes part in a pipe.
BUFFER_OP_NAMES = ("tile.reserve_buffer", "tile.import_peer_buffer")
#: Per cross-core op: the direction bit it needs, the side running it and
#: what it does (for messages).
PIPE_USE = {
    "tile.tpush_to_aiv": (1, "aic", "a push to the vector core"),
    "tile.tpop_from_aic": (1, "aiv", "a pop from the cube core"),
    "tile.tfree_to_aic": (1, "aiv", "a free back to the cube core"),
    "tile.tpush_to_aic": (2, "aiv", "a push to the cube core"),
    "tile.tpop_from_aiv": (2, "aic", "a pop from the vector core"),
    "tile.tfree_to_aiv": (2, "aic", "a free back to the vector core"),
}
#: What each dir_mask enables.
DIR_MASK_MEANING = {1: "cube to vector only", 2: "vector to cube only", 3: "both directions"}


def enclosing_function(op: Operation) -> func.FuncOp | None:
    """The ``func.func`` holding ``op`` (None for a detached op)."""
    cur = op.parent_op()
    while cur is not None and not isinstance(cur, func.FuncOp):
        cur = cur.parent_op()
    return cur


def function_label(fn: func.FuncOp) -> str:
    """``@name`` of ``fn``."""
    return f"@{fn.sym_name.data}"


def int_attr(op: Operation, key: str) -> int | None:
    """The integer value of ``op``'s attribute ``key`` (None when absent or
    not an integer)."""
    attr = op.attributes.get(key)
    return attr.value.data if isinstance(attr, IntegerAttr) else None


def declared_side(fn: func.FuncOp) -> str | None:
    """``"aic"`` / ``"aiv"`` when ``fn`` declares that ``tile.function_kind``."""
    try:
        kind = function_kind(fn)
    except ValueError:  # malformed: the lowering reports it
        return None
    return kind if kind in ("aic", "aiv") else None


def init_ops(fn: func.FuncOp) -> list[Operation]:
    """The ``tile.aic/aiv_initialize_pipe`` ops of ``fn``, in program order."""
    names = set(INIT_OP_NAMES.values())
    return [o for o in fn.walk() if o.name in names]


def verify_pipe_direction(op: Operation) -> None:
    """The pipe rules of a tpush / tpop / tfree against its function's
    initialize ops: exactly one initialize op of the op's ``id`` (absent: 0)
    must be in the same function -- ptoas (v0.48) refuses a push, pop or
    free without one ("expects 'id' = N to match a frontend initialize_pipe
    op in the same function") -- and its ``dir_mask`` must enable the op's
    direction; the ops of one pipe are all unsplit (split = 0) or all split
    (ptoas: "cannot mix 'split = 0' with 'split = 1' or 'split = 2' on the
    same logical pipe").

    Raises:
        LocatedVerifyError: ``tile.X in @f: ...`` at ``op``.
    """
    fn = enclosing_function(op)
    if fn is None or op.name not in PIPE_USE:
        return
    bit, side, what = PIPE_USE[op.name]
    need = "dir_mask 1 or 3" if bit == 1 else "dir_mask 2 or 3"
    inits = init_ops(fn)
    if not inits:
        pipe = int_attr(op, "id") or 0
        raise LocatedVerifyError(
            f"{op.name} in {function_label(fn)}: pipe id {pipe} is not initialized in the "
            f"function; {what} needs a {INIT_OP_NAMES[side]} of that id with {need} in the "
            "same function (ptoas refuses it otherwise)",
            op,
        )
    pipe = int_attr(op, "id") or 0
    same = [i for i in inits if (int_attr(i, "id") or 0) == pipe]
    if not same:
        ids = ", ".join(sorted({str(int_attr(i, "id") or 0) for i in inits}))
        raise LocatedVerifyError(
            f"{op.name} in {function_label(fn)}: pipe id {pipe} is not initialized in the "
            f"function (its {INIT_OP_NAMES[side]} initializes id {ids}); an absent id is 0",
            op,
        )
    mask = 0
    for i in same:
        mask |= int_attr(i, "dir_mask") or 0
    if not mask & bit:
        meaning = DIR_MASK_MEANING.get(mask, "no direction")
        raise LocatedVerifyError(
            f"{op.name} in {function_label(fn)}: the pipe is initialized with dir_mask = {mask} "
            f"({meaning}); {what} needs {need}",
            op,
        )
    split = int_attr(op, "split")
    # (a free repeats its pop's split; its own verifier says when it does not)
    pushes_pops = [o for o in pipe_ops(fn, pipe) if not o.name.startswith("tile.tfree")]
    for other in pushes_pops if op in pushes_pops else []:
        theirs = int_attr(other, "split")
        if other is not op and split is not None and theirs is not None and (split == 0) != (theirs == 0):
            raise LocatedVerifyError(
                f"{op.name} in {function_label(fn)}: split = {split} on pipe id {pipe}, which the "
                f"{other.name} at {op_location(other)} uses with split = {theirs}; ptoas does not "
                "mix an unsplit use (split = 0) with a split one on one pipe",
                op,
            )


def default_slot_num(dir_mask: int | None) -> int:
    """The slot count ptoas (v0.48) gives a pipe whose initialize op sets no
    ``slot_num``: 4 per direction of a two-way pipe (``dir_mask = 3``), 8
    for a one-way one (pypto-docs/operators.md, CrossCoreOp: "8
    unidirectional, 4 per direction bidirectional"; ptoas builds
    ``TPipe<id, DIR, slot_size, 4, 4>`` / ``<..., 8, 8>`` so, the local count
    following it)."""
    return 4 if dir_mask == 3 else 8


def ring_slots(init: Operation) -> tuple[int, str]:
    """How many slots of ``slot_size`` bytes the consumer's ring of an
    initialize op holds, and which setting says so (for messages):
    ``local_slot_num`` when set (a2/a3 only: the local slot count), else
    ``slot_num``, else ptoas's default (:func:`default_slot_num`).
    pypto-docs/operators.md, CrossCoreOp: "Sizing the reserved/imported
    buffer ...: on a3 use slot_size * local_slot_num; on a5 use slot_size *
    slot_num" (python_syntax.md, the pipe example, says the same)."""
    local = int_attr(init, "local_slot_num")
    if local is not None:
        return local, f"local_slot_num = {local}"
    num = int_attr(init, "slot_num")
    if num is not None:
        return num, f"slot_num = {num}"
    mask = int_attr(init, "dir_mask")
    n = default_slot_num(mask)
    way = "two-way" if mask == 3 else "one-way"
    return n, f"slot_num not set: ptoas's default for a {way} pipe is {n}"


def slot_part_bytes(op: Operation, t: TileType) -> tuple[int, str]:
    """Bytes of ``t`` (a push's or pop's tile, its full static shape) that
    one slot of its pipe carries, and how they were counted: the whole tile
    for a pop and for a vector kernel's push (each vector lane pushes its own
    tile); for a cube push (``tile.tpush_to_aiv``) with ``split`` != 0 one
    vector lane's part of it, the larger half along the split axis (rows for
    1 / 3, columns for 2 / 4) -- the rule expand-mixed-kernel sizes its
    slots by (README, "Views, assembly and cross-core moves")."""
    split = int_attr(op, "split") or 0
    shape = list(t.get_shape())
    if op.name != "tile.tpush_to_aiv" or not split or len(shape) < 2:
        return t.size_bytes, ""
    axis = len(shape) - 2 if split in (1, 3) else len(shape) - 1
    whole = t.size_bytes
    shape[axis] = (shape[axis] + 1) // 2
    n = 1
    for d in shape:
        n *= d
    part = bytes_of(n, t.element_type)
    return part, f"one vector lane's part under split = {split}: {part} of its {whole} bytes"


def verify_slot_fits(op: Operation, t: TileType) -> None:
    """A push's or pop's tile fits one slot of its pipe: the bytes a slot
    carries (:func:`slot_part_bytes`) are at most the ``slot_size`` of the
    initialize op of the op's ``id`` in its function (pypto-docs/34-
    allocate_memory_addr.md: "slot_size is the FULL tile the consuming core
    pops"). Runs after :func:`verify_pipe_direction` found that op.

    Raises:
        LocatedVerifyError: ``tile.X in @f: the pushed tile ... does not fit
            a slot ...`` at ``op``.
    """
    fn = enclosing_function(op)
    if fn is None:
        return
    pipe = int_attr(op, "id") or 0
    init = next((i for i in init_ops(fn) if (int_attr(i, "id") or 0) == pipe), None)
    size = int_attr(init, "slot_size") if init is not None else None
    if size is None:
        return
    need, how = slot_part_bytes(op, t)
    if need <= size:
        return
    what = "popped" if op.has_trait(TPop) else "pushed"
    dims = "x".join(str(d) for d in t.get_shape())
    counted = f"{t.size_bytes} bytes" if not how else how
    raise LocatedVerifyError(
        f"{op.name} in {function_label(fn)}: the {what} tile ({dims}x{t.element_type}, "
        f"{counted}) does not fit a slot of pipe id {pipe}: the {init.name} at "
        f"{op_location(init)} sets slot_size = {size}; raise slot_size to at least {need} on "
        "both sides of the pipe (and the ring with it) or move a smaller tile",
        op,
    )


def pipe_ops(fn: func.FuncOp, pipe: int) -> list[Operation]:
    """The pushes, pops and frees of ``fn`` on pipe ``id`` ``pipe`` (absent
    id: 0), in program order."""
    return [o for o in fn.walk() if o.name in PIPE_USE and (int_attr(o, "id") or 0) == pipe]


#: The ops that name a pipe's ring buffer (an initialize op's consumer operand).
RING_OP_NAMES = ("tile.reserve_buffer", "tile.import_peer_buffer")


def has_ring(fn: func.FuncOp, op: Operation) -> bool:
    """True when the pipe ``op`` (a pop, push or free) uses has a ring: the
    initialize op of its ``id`` in ``fn`` takes, for ``op``'s direction, a
    reservation or an import (not a placeholder constant)."""
    bit = PIPE_USE[op.name][0]
    pipe = int_attr(op, "id") or 0
    for init in init_ops(fn):
        if (int_attr(init, "id") or 0) == pipe:
            ring = init.operands[0 if bit == 1 else 1].owner
            return isinstance(ring, Operation) and ring.name in RING_OP_NAMES
    return False


class _TPop(TileComputeOp):
    """A pop: no operands, one tile result in the pipe's reserved storage."""

    result = result_def(TileType)
    # Checked by verify_pipe_attrs (one message for every malformed value).
    split = opt_attr_def(AnyAttr())
    pipe_id = opt_attr_def(AnyAttr(), attr_name="id")

    def verify_(self) -> None:
        t = tile_type_of(self.result, "result")
        verify_pipe_attrs(self)
        verify_pipe_direction(self)
        verify_slot_fits(self, t)
        self.verify_freed()

    def verify_freed(self) -> None:
        """On a pipe with a ring (its initialize op's consumer buffer for
        this direction is a ``tile.reserve_buffer`` or
        ``tile.import_peer_buffer``), the popped tile must be released
        (``tile.tfree_to_*``); the slot is otherwise never given back to the
        producer."""
        fn = enclosing_function(self)
        if fn is None or not has_ring(fn, self):
            return
        free = "tile.tfree_to_aic" if self.name == "tile.tpop_from_aic" else "tile.tfree_to_aiv"
        if not any(use.operation.name == free for use in self.result.uses):
            raise LocatedVerifyError(
                f"{self.name} in {function_label(fn)}: the popped tile is never freed; release "
                f"its pipe slot with {free}",
                self,
            )


@located_op
@irdl_op_definition
class TPopFromAicOp(_TPop):
    """Pop a tile the cube core pushed (vector kernel); the result is in vec:
    ``%p = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<..., vec>``."""

    name = "tile.tpop_from_aic"
    traits = traits_def(TPop(), ResultSpace(MemorySpace.VEC))


@located_op
@irdl_op_definition
class TPopFromAivOp(_TPop):
    """Pop a tile the vector core pushed (cube kernel); the result is in mat:
    ``%p = tile.tpop_from_aiv {split = 0 : i64} : !tile.tile<..., mat>``."""

    name = "tile.tpop_from_aiv"
    traits = traits_def(TPop(), ResultSpace(MemorySpace.MAT))


class OneTileText:
    """The text form of an op whose one operand is a tile and which has no
    result (a push, a free): ``tile.NAME %t {attrs} : T``. Mixed into the op
    class before ``IRDLOperation``; the operand field is ``tile``."""

    @classmethod
    def parse(cls, parser: Parser):
        operand = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        t = parser.parse_type()
        return cls.build(operands=[parser.resolve_operand(operand, t)], attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.tile)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.tile.type)


class _TPush(OneTileText, IRDLOperation):
    """A push: one tile operand, no result.

    Text form: ``tile.NAME %t {split = N : i64[, id = I : i64]} : T``.
    """

    tile = operand_def(TileType)
    # Checked by verify_pipe_attrs (one message for every malformed value).
    split = opt_attr_def(AnyAttr())
    pipe_id = opt_attr_def(AnyAttr(), attr_name="id")

    def verify_(self) -> None:
        verify_pipe_attrs(self)
        verify_pipe_direction(self)
        verify_slot_fits(self, tile_type_of(self.tile, "tile"))



@located_op
@irdl_op_definition
class TPushToAicOp(_TPush):
    """Push a vec tile to the cube core (vector kernel):
    ``tile.tpush_to_aic %t {split = 0 : i64} : !tile.tile<..., vec>``."""

    name = "tile.tpush_to_aic"

    def verify_(self) -> None:
        t = tile_type_of(self.tile, "tile")
        if t.memory_space is not MemorySpace.VEC:
            raise VerifyException(f"tile must be in vec, got {t.memory_space.value}")
        super().verify_()


@located_op
@irdl_op_definition
class TPushToAivOp(_TPush):
    """Push an Acc tile to the vector core (cube kernel):
    ``tile.tpush_to_aiv %t {split = 0 : i64} : !tile.tile<..., acc>``. The
    cube pushes through its FIX pipe, from L0C only: ptoas (v0.48) refuses a
    push of any other space ("tile type must map to a supported producer
    pipe")."""

    name = "tile.tpush_to_aiv"

    def verify_(self) -> None:
        t = tile_type_of(self.tile, "tile")
        if t.memory_space is not MemorySpace.ACC:
            raise VerifyException(
                "tile must be in acc (the cube pushes to the vector core from L0C only), got "
                f"{t.memory_space.value}"
            )
        super().verify_()


def is_tpush(op: Operation) -> bool:
    """True for a cross-core push (``tile.tpush_to_aic`` / ``tile.tpush_to_aiv``)."""
    return isinstance(op, _TPush)


# ----- issue 23: aiv_shard / aic_gather (reference/tile-op-semantics.md section 9)


def shard_axis(split: int) -> int | None:
    """The axis a ``split`` code divides (1: rows, 2: columns), None for 0."""
    return {0: None, 1: 0, 2: 1}[split]


class _CrossCoreMove(TileComputeOp):
    """A tile handed between the cube and the two vector sub-cores in a
    mixed kernel: one tile operand in ``FROM``, one result in ``TO`` whose
    split axis is ``FACTOR`` times the operand's (a half: 1/2, twice: 2)."""

    source = operand_def(TileType)
    result = result_def(TileType)
    split = opt_attr_def(AnyAttr())

    FROM: ClassVar[MemorySpace]
    TO: ClassVar[MemorySpace]
    HALVES: ClassVar[bool]

    def verify_(self) -> None:
        s = tile_type_of(self.source, "tile")
        r = tile_type_of(self.result, "result")
        verify_pipe_attrs(self)
        if s.memory_space is not self.FROM:
            raise VerifyException(f"tile must be in {self.FROM.value}, got {s.memory_space.value}")
        split, _ = pipe_attrs(self)
        if split > 2:
            raise VerifyException(f"split = {split} (an odd-extent split) is not supported yet; use 0, 1 or 2")
        if len(s.get_shape()) != 2 or s.has_dynamic_valid or r.has_dynamic_valid:
            raise VerifyException("takes a 2-D tile with a static valid shape")
        if s.element_type != r.element_type and not (self.HALVES and s.memory_space is MemorySpace.ACC):
            raise VerifyException(f"keeps the element type: {s.element_type} vs {r.element_type}")
        want = list(s.get_shape()), list(s.get_valid_shape())
        axis = shard_axis(split)
        if axis is not None:
            for dims in want:
                if self.HALVES:
                    if dims[axis] % 2:
                        raise VerifyException(f"split = {split} halves axis {axis}, whose extent {dims[axis]} is odd")
                    dims[axis] //= 2
                else:
                    dims[axis] *= 2
        if [list(r.get_shape()), list(r.get_valid_shape())] != list(want):
            raise VerifyException(
                f"result must be {want[0]} (valid {want[1]}) for split = {split}, got "
                f"{list(r.get_shape())} (valid {list(r.get_valid_shape())})"
            )


@located_op
@irdl_op_definition
class AivShardOp(_CrossCoreMove):
    """The cube's Acc tile handed to the vector sub-cores, each taking its
    half along the split axis (lane 0 the first half -- the semantics
    sheet's presumption, unconfirmed): ``%h = tile.aiv_shard %acc {split =
    1 : i64} : (!tile.tile<32x32xf32, acc>) -> !tile.tile<16x32xf32, vec>``.
    The element type may change on the way (the FIX pipe converts), as a
    pushed Acc tile's does. No PTO op of its own: it stands for a
    ``tpush_to_aiv`` in the cube function and a ``tpop_from_aic`` in the
    vector one, which ``convert-tile-to-pto`` does not build (it refuses the
    op, naming the split kernel it needs)."""

    name = "tile.aiv_shard"
    traits = traits_def(ResultSpace(MemorySpace.VEC))
    FROM: ClassVar[MemorySpace] = MemorySpace.ACC
    TO: ClassVar[MemorySpace] = MemorySpace.VEC
    HALVES: ClassVar[bool] = True


@located_op
@irdl_op_definition
class AicGatherOp(_CrossCoreMove):
    """The two vector sub-cores' Vec tiles joined into one Mat tile for the
    cube along the split axis (lane 0's first): ``%g = tile.aic_gather %v
    {split = 1 : i64} : (!tile.tile<16x32xf16, vec>) -> !tile.tile<32x32xf16, mat>``.
    No PTO op of its own (a ``tpush_to_aic`` / ``tpop_from_aiv`` pair across
    a split kernel; refused by ``convert-tile-to-pto``)."""

    name = "tile.aic_gather"
    traits = traits_def(ResultSpace(MemorySpace.MAT))
    FROM: ClassVar[MemorySpace] = MemorySpace.VEC
    TO: ClassVar[MemorySpace] = MemorySpace.MAT
    HALVES: ClassVar[bool] = False


CROSS_CORE_MOVE_OPS = [AivShardOp, AicGatherOp]
