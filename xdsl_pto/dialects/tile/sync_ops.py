"""Synchronization ops of the Tile dialect: the cross-core barrier of
``pl.system.syncall`` (pypto-docs/operators.md, ``system.syncall``;
00-pto_codegen.md, "Cross-core all-participant barrier").

Text form::

    tile.syncall {core_type = "mix"}
    tile.syncall %ws, %n {core_type = "mix", mode = "soft"} : memref<16xi32>, i32

``core_type`` names the cores that meet at the barrier: ``mix`` (every cube
and vector core of the launch), ``aiv_only`` or ``aic_only``. The hardware
(FFTS) barrier has no operand; pypto's ``mode="soft"`` GM-polling barrier
takes its i32 GM workspace and, optionally, the participant count. The op
is a :class:`Barrier`: no tile operand or result (the planner sees nothing),
and no pass moves an op across it. The hard form lowers to ``pto.syncall()
mode = #pto.sync_all_mode<hard>, core_type = #pto.sync_core_type<C>``, which
ptoas v0.48 takes in cube and vector kernels on a2/a3 and a5; the soft one
is refused there (:mod:`xdsl_pto.lowering.sync`). The interpreter runs one
core, for which a barrier has nothing to wait for: a no-op.

The cross-rank signals and loads of ``pld.system.notify`` / ``wait`` and
``pld.tile.remote_load`` (distributed tensors, pypto-docs/operators.md;
examples/reduce_step)::

    tile.notify %signal[%r, %c] to %peer, %v {op = "atomic_add"} : memref<2x1xi32>, i32
    tile.wait %signal[%r, %c], %v {cmp = "ge"} : memref<2x1xi32>, i32
    %t = tile.remote_load %data[%i, %j] from %peer : memref<1x256xf32> -> !tile.tile<1x256xf32, vec>

``notify`` adds ``%v`` to (or sets) one i32 element of rank ``%peer``'s
copy of a distributed tensor; ``wait`` blocks until this rank's element
compares ``cmp`` to ``%v``; both are barriers (:class:`Barrier`: no tile operand,
nothing moves across them). ``remote_load`` is a load from rank
``%peer``'s copy (a :class:`Load` like ``tile.load``). The interpreter runs
one rank and takes the others to run the same kernel on the same inputs (as
it takes the other vector lane for ``aic_gather``): a notify writes another
rank's tensor, which the run does not hold (no effect), a wait is met (the
peers, running the same code, notify), and a remote load reads what the
local tensor holds. The lowering (:mod:`xdsl_pto.lowering.comm`) reaches a
peer's copy through the communication context each distributed tensor
argument (``tile.distributed``) gets as a trailing ``!pto.ptr<i64>``
parameter, as the reference does.

The other synchronization calls of pypto's ``pl.system`` (pypto-docs/
operators.md, "SyncOp" and "CrossCoreOp"; python_syntax.md)::

    tile.pipe_barrier {pipe = "PIPE_V"}               // bar_v / bar_m / bar_all
    tile.fence                                         // fence: GM memory barrier
    tile.set_ffts %ws : memref<256xi64>                // set_ffts(workspace), A3
    tile.sync_set {pipe = "PIPE_MTE3", event_id = 3 : i64, ffts_mode = 0 : i64}
    tile.sync_set %e {pipe = "PIPE_MTE3"} : index      // a dynamic event id
    tile.sync_wait {pipe = "PIPE_V", event_id = 3 : i64, core_type = "aiv"}
    tile.sync_src {set_pipe = "PIPE_MTE2", wait_pipe = "PIPE_V", event_id = 0 : i64}
    tile.sync_dst {set_pipe = "PIPE_MTE2", wait_pipe = "PIPE_V", event_id = 0 : i64}
    tile.syncall %ws, %n {core_type = "mix", mode = "soft"} : memref<16xi32>, i32
    tile.cacheinvalid %t[%i, %j] {shape = array<i64: 1, 64>} : memref<32x64xf32>
    tile.cacheinvalid                                  // the whole of GM

All are :class:`Barrier` ops (and :class:`CoreLane` ops: the core of a mixed
kernel each belongs to, for ``expand-mixed-kernel``): no tile operand or result (a GM workspace or
tensor operand at most, never planned), and nothing moves across them. The
interpreter runs one core in program order, so each is a no-op there: a pipe
barrier or a flag pair orders pipes that the run does not model, a cross-core
event or barrier has no other core to meet, a fence or cache invalidation
keeps GM as the run already sees it.
"""

from __future__ import annotations

from xdsl.dialects.builtin import (
    DenseArrayBase,
    IndexType,
    IntAttr,
    IntegerAttr,
    IntegerType,
    MemRefType,
    StringAttr,
    i32,
    i64,
)
from xdsl.ir import SSAValue
from xdsl.irdl import (
    IRDLOperation,
    attr_def,
    irdl_op_definition,
    operand_def,
    opt_attr_def,
    opt_operand_def,
    result_def,
    AttrSizedOperandSegments,
    traits_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.dialects.tile.base import located_op, parse_optional_operands, tile_type_of
from xdsl_pto.dialects.tile.traits import BOTH_LANES, Barrier, CoreLane, Load, RankN, Transfer, WritesGm
from xdsl_pto.dialects.tile.types import MemorySpace, TileType

#: The cores a ``tile.syncall`` waits for (pypto's ``core_type``).
SYNC_CORE_TYPES = ("mix", "aiv_only", "aic_only")
#: The barrier kinds pypto names (``mode``): the FFTS hardware barrier and
#: the GM-polling one (pypto-docs/operators.md, ``system.syncall``).
SYNC_MODES = ("hard", "soft")
#: The least number of i32 elements of a soft barrier's GM workspace (64
#: bytes, one exclusive cache line: pypto-docs/operators.md, ``system.syncall``).
SOFT_WORKSPACE_ELEMENTS = 16


def static_elements(t: MemRefType) -> int | None:
    """The element count of a GM tensor type (None when an extent is dynamic)."""
    n = 1
    for d in t.get_shape():
        if d < 0:
            return None
        n *= d
    return n


#: The pipes of one core only: the vector unit's, and the cube's (matrix,
#: L1 -> L0 moves, the fixpipe out of L0C).
VECTOR_PIPES = ("PIPE_V",)
CUBE_PIPES = ("PIPE_M", "PIPE_MTE1", "PIPE_FIX")


def _pipes_lane(*pipes: str) -> str | None:
    """The core that has one of ``pipes`` (None when both have them all)."""
    if any(p in VECTOR_PIPES for p in pipes):
        return "aiv"
    if any(p in CUBE_PIPES for p in pipes):
        return "aic"
    return None


def _syncall_lane(op) -> str:
    """A ``mix`` barrier is met on both cores, ``aiv_only`` / ``aic_only`` on one."""
    return {"aiv_only": "aiv", "aic_only": "aic"}.get(op.core_type.data, BOTH_LANES)


def _every_lane(op) -> str:
    return BOTH_LANES


def _barrier_lane(op) -> str:
    """``PIPE_V`` is the vector core's, ``PIPE_M`` the cube's, ``PIPE_ALL`` both's."""
    return _pipes_lane(op.pipe.data) or BOTH_LANES


def _event_lane(op) -> str | None:
    """An explicit event's lane is its ``core_type`` (None when not given)."""
    return None if op.core_type is None else op.core_type.data


def _flag_lane(op) -> str | None:
    """A flag pair runs on the core that has one of its pipes."""
    return _pipes_lane(op.set_pipe.data, op.wait_pipe.data)


@located_op
@irdl_op_definition
class SyncAllOp(IRDLOperation):
    """A barrier of every core of the launch of one kind
    (``pl.system.syncall``): the hard (FFTS) form ``tile.syncall {core_type
    = "mix"}`` and the soft (GM-polling) form ``tile.syncall %ws[, %n]
    {core_type = "mix", mode = "soft"} : memref<16xi32>[, i32]``, whose
    ``%ws`` is the zero-initialized i32 GM workspace every participant polls
    and ``%n`` the number of participants (left out: the launch's; pypto's
    ``used_cores=0``).

    Verifier errors: a ``core_type`` other than ``mix``, ``aiv_only``,
    ``aic_only``; a ``mode`` other than ``hard`` / ``soft``; a hard barrier
    with operands; a soft one without a workspace, with a workspace that is
    not i32 or (static) holds fewer than 16 elements, or a count that is not
    i32.
    """

    name = "tile.syncall"
    gm_workspace = opt_operand_def(MemRefType)
    used_cores = opt_operand_def(IntegerType)
    core_type = attr_def(StringAttr)
    mode = opt_attr_def(StringAttr)
    traits = traits_def(Barrier(), CoreLane(_syncall_lane), WritesGm("gm_workspace"))
    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        core_type: str = "mix",
        mode: str = "hard",
        gm_workspace: SSAValue | None = None,
        used_cores: SSAValue | None = None,
    ):
        """``core_type`` / ``mode`` as pypto's keywords; ``gm_workspace`` and
        ``used_cores`` the soft barrier's operands.

        Raises:
            ValueError: for a ``mode`` other than ``"hard"`` / ``"soft"``.
        """
        if mode not in SYNC_MODES:
            raise ValueError(f"mode must be 'hard' or 'soft', got {mode!r}")
        attrs: dict[str, StringAttr] = {"core_type": StringAttr(core_type)}
        if mode == "soft":
            attrs["mode"] = StringAttr("soft")
        super().__init__(
            operands=[[gm_workspace] if gm_workspace is not None else [], [used_cores] if used_cores is not None else []],
            attributes=attrs,
        )

    @property
    def is_soft(self) -> bool:
        """True for the GM-polling barrier."""
        return self.mode is not None and self.mode.data == "soft"

    def verify_(self) -> None:
        if self.core_type.data not in SYNC_CORE_TYPES:
            raise VerifyException(
                f"core_type must be one of {', '.join(SYNC_CORE_TYPES)}, got {self.core_type.data!r}"
            )
        if self.mode is not None and self.mode.data not in SYNC_MODES:
            raise VerifyException(f"mode must be one of {', '.join(SYNC_MODES)}, got {self.mode.data!r}")
        ws, n = self.gm_workspace, self.used_cores
        if not self.is_soft:
            if ws is not None or n is not None:
                raise VerifyException("a hard syncall takes no operands")
            return
        if ws is None:
            raise VerifyException("a soft syncall needs its GM workspace")
        t = ws.type
        assert isinstance(t, MemRefType)
        if t.element_type != i32:
            raise VerifyException(f"the workspace of a soft syncall must be an i32 tensor, got {t}")
        count = static_elements(t)
        if count is not None and count < SOFT_WORKSPACE_ELEMENTS:
            raise VerifyException(
                f"the workspace of a soft syncall needs at least {SOFT_WORKSPACE_ELEMENTS} i32 elements "
                f"(64 bytes), {t} has {count}"
            )
        if n is not None and n.type != i32:
            raise VerifyException(f"used_cores must be i32, got {n.type}")

    @classmethod
    def parse(cls, parser: Parser) -> SyncAllOp:
        operands = parse_optional_operands(parser)
        attrs = parser.parse_optional_attr_dict()
        types = []
        if operands:
            parser.parse_punctuation(":")
            types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        if len(types) != len(operands):
            parser.raise_error(f"expected {len(operands)} operand types, got {len(types)}")
        values = [parser.resolve_operand(o, t) for o, t in zip(operands, types)]
        return cls.build(operands=[values[:1], values[1:2]], attributes=attrs)

    def print(self, printer: Printer) -> None:
        values = [v for v in (self.gm_workspace, self.used_cores) if v is not None]
        if values:
            printer.print_string(" ")
            printer.print_list(values, printer.print_operand)
        printer.print_op_attributes(self.attributes)
        if values:
            printer.print_string(" : ")
            printer.print_list([v.type for v in values], printer.print_attribute)


#: ``tile.notify``'s update of the peer's signal (pypto's ``op``: 0, 1).
NOTIFY_OPS = ("atomic_add", "set")
#: ``tile.wait``'s comparison of the local signal against the value.
WAIT_CMPS = ("eq", "ne", "gt", "ge", "lt", "le")


def _signal_element(op: IRDLOperation, signal: SSAValue, offsets: tuple[SSAValue, ...], value: SSAValue) -> None:
    """A signal is one i32 element of an i32 GM tensor: one offset per
    dimension and an i32 value."""
    t = signal.type
    if not isinstance(t, MemRefType) or t.element_type != i32:
        raise VerifyException(f"the signal must be an i32 GM tensor, got {t}")
    if len(offsets) != len(t.get_shape()):
        raise VerifyException(f"expected {len(t.get_shape())} offsets for a rank-{len(t.get_shape())} signal, got {len(offsets)}")
    if value.type != i32:
        raise VerifyException(f"the value must be i32, got {value.type}")
    del op


def _parse_element(parser: Parser) -> tuple[object, list[object]]:
    tensor = parser.parse_unresolved_operand()
    offsets = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_unresolved_operand)
    return tensor, offsets


def _print_element(printer: Printer, tensor: SSAValue, offsets: tuple[SSAValue, ...]) -> None:
    printer.print_string(" ")
    printer.print_operand(tensor)
    printer.print_string("[")
    printer.print_list(offsets, printer.print_operand)
    printer.print_string("]")


def _parse_signal_tail(parser: Parser, signal: object, offsets: list[object], value: object) -> tuple[list, dict]:
    """The rest of a notify / wait after its value: ``{attrs} : memref<..>,
    i32``; returns (resolved signal, value, offsets) and the attributes."""
    attrs = parser.parse_optional_attr_dict()
    parser.parse_punctuation(":")
    signal_t = parser.parse_type()
    parser.parse_punctuation(",")
    value_t = parser.parse_type()
    idx = IndexType()
    resolved = [
        parser.resolve_operand(signal, signal_t),  # type: ignore[arg-type]
        parser.resolve_operand(value, value_t),  # type: ignore[arg-type]
        [parser.resolve_operand(o, idx) for o in offsets],  # type: ignore[arg-type]
    ]
    return resolved, attrs


def _print_signal_tail(printer: Printer, op: IRDLOperation, signal: SSAValue, value: SSAValue) -> None:
    """``, %v {attrs} : memref<..>, i32`` (the inverse of :func:`_parse_signal_tail`)."""
    printer.print_string(", ")
    printer.print_operand(value)
    printer.print_op_attributes(op.attributes)
    printer.print_string(" : ")
    printer.print_attribute(signal.type)
    printer.print_string(", ")
    printer.print_attribute(value.type)


@located_op
@irdl_op_definition
class NotifyOp(IRDLOperation):
    """Signal rank ``%peer``: ``tile.notify %signal[%r, %c] to %peer, %v
    {op = "atomic_add"} : memref<..xi32>, i32`` (``pld.system.notify``).

    Verifier errors: a signal that is no i32 tensor, offsets that do not
    match its rank, a value that is not i32, an ``op`` other than
    ``atomic_add`` / ``set``.
    """

    name = "tile.notify"
    signal = operand_def(MemRefType)
    peer = operand_def(IndexType)
    value = operand_def(IntegerType)
    offsets = var_operand_def(IndexType)
    op = attr_def(StringAttr)
    traits = traits_def(Barrier(), WritesGm("signal"))

    def __init__(self, signal: SSAValue, offsets: list[SSAValue], peer: SSAValue, value: SSAValue, op: str):
        super().__init__(operands=[signal, peer, value, offsets], attributes={"op": StringAttr(op)})

    def verify_(self) -> None:
        if self.op.data not in NOTIFY_OPS:
            raise VerifyException(f"op must be one of {', '.join(NOTIFY_OPS)}, got {self.op.data!r}")
        _signal_element(self, self.signal, tuple(self.offsets), self.value)

    @classmethod
    def parse(cls, parser: Parser) -> NotifyOp:
        signal, offsets = _parse_element(parser)
        parser.parse_keyword("to")
        peer = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        value = parser.parse_unresolved_operand()
        (sig, val, offs), attrs = _parse_signal_tail(parser, signal, offsets, value)
        return cls.build(operands=[sig, parser.resolve_operand(peer, IndexType()), val, offs], attributes=attrs)

    def print(self, printer: Printer) -> None:
        _print_element(printer, self.signal, tuple(self.offsets))
        printer.print_string(" to ")
        printer.print_operand(self.peer)
        _print_signal_tail(printer, self, self.signal, self.value)


@located_op
@irdl_op_definition
class WaitOp(IRDLOperation):
    """Wait for a signal: ``tile.wait %signal[%r, %c], %v {cmp = "ge"} :
    memref<..xi32>, i32`` (``pld.system.wait``) blocks until this rank's
    element compares ``cmp`` to ``%v``.

    Verifier errors: as :class:`NotifyOp`'s, and a ``cmp`` other than
    ``eq ne gt ge lt le``.
    """

    name = "tile.wait"
    signal = operand_def(MemRefType)
    value = operand_def(IntegerType)
    offsets = var_operand_def(IndexType)
    cmp = attr_def(StringAttr)
    traits = traits_def(Barrier())

    def __init__(self, signal: SSAValue, offsets: list[SSAValue], value: SSAValue, cmp: str):
        super().__init__(operands=[signal, value, offsets], attributes={"cmp": StringAttr(cmp)})

    def verify_(self) -> None:
        if self.cmp.data not in WAIT_CMPS:
            raise VerifyException(f"cmp must be one of {', '.join(WAIT_CMPS)}, got {self.cmp.data!r}")
        _signal_element(self, self.signal, tuple(self.offsets), self.value)

    @classmethod
    def parse(cls, parser: Parser) -> WaitOp:
        signal, offsets = _parse_element(parser)
        parser.parse_punctuation(",")
        value = parser.parse_unresolved_operand()
        operands, attrs = _parse_signal_tail(parser, signal, offsets, value)
        return cls.build(operands=operands, attributes=attrs)

    def print(self, printer: Printer) -> None:
        _print_element(printer, self.signal, tuple(self.offsets))
        _print_signal_tail(printer, self, self.signal, self.value)


@located_op
@irdl_op_definition
class RemoteLoadOp(IRDLOperation):
    """GM of rank ``%peer`` -> Vec: ``%t = tile.remote_load %gm[%i, %j] from
    %peer : memref<..> -> !tile.tile<..>`` (``pld.tile.remote_load``): a
    :class:`Load` of the peer's copy of a distributed tensor, planned as
    ``tile.load`` is.

    Verifier errors: a result outside Vec, a window or element type that
    does not fit the tensor.
    """

    name = "tile.remote_load"
    source = operand_def(MemRefType)
    peer = operand_def(IndexType)
    offsets = var_operand_def(IndexType)
    result = result_def(TileType)
    traits = traits_def(Load(), Transfer(), RankN())

    def __init__(self, source: SSAValue, offsets: list[SSAValue], peer: SSAValue, result_type: TileType):
        super().__init__(operands=[source, peer, offsets], result_types=[result_type])

    def verify_(self) -> None:
        from xdsl_pto.dialects.tile.data_ops import _check_gm_window

        t = tile_type_of(self.result, "result")
        if t.memory_space is not MemorySpace.VEC:
            raise VerifyException(f"a remote load writes vec, got {t.memory_space.value}")
        _check_gm_window(self, self.source, tuple(self.offsets), t, "remote_load")

    @classmethod
    def parse(cls, parser: Parser) -> RemoteLoadOp:
        from xdsl_pto.dialects.tile.data_ops import parse_load_tail

        src, offsets = _parse_element(parser)
        parser.parse_keyword("from")
        peer = parser.parse_unresolved_operand()
        attrs, src_t, res_t = parse_load_tail(parser)
        idx = IndexType()
        op = cls(
            parser.resolve_operand(src, src_t),
            [parser.resolve_operand(o, idx) for o in offsets],
            parser.resolve_operand(peer, idx),
            res_t,  # type: ignore[arg-type]
        )
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        _print_element(printer, self.source, tuple(self.offsets))
        printer.print_string(" from ")
        printer.print_operand(self.peer)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.source.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)


#: The pipes pypto's ``pl.PipeType`` names (``MTE2`` is ``PIPE_MTE2``).
SYNC_PIPES = ("PIPE_S", "PIPE_V", "PIPE_M", "PIPE_MTE1", "PIPE_MTE2", "PIPE_MTE3", "PIPE_FIX", "PIPE_ALL")
#: The pipes of ``bar_v`` / ``bar_m`` / ``bar_all``.
BARRIER_PIPES = ("PIPE_V", "PIPE_M", "PIPE_ALL")
#: The user event ids of an explicit cross-core event (14 and 15 are
#: reserved: pypto-docs/operators.md, "Explicit Event Synchronization").
CROSS_CORE_EVENT_IDS = range(0, 14)
#: The ``ffts_mode`` values of ``sync_set``.
FFTS_MODES = (0, 1, 2)
#: The lanes a cross-core event of a mixed kernel may be kept on.
EVENT_CORE_TYPES = ("aic", "aiv")
#: The event ids of an intra-core flag pair (``sync_src`` / ``sync_dst``:
#: the hardware's EVENT_ID0..EVENT_ID7).
FLAG_EVENT_IDS = range(0, 8)
#: The least element count of ``set_ffts``'s i64 workspace.
FFTS_WORKSPACE_ELEMENTS = 256


def _check_word(value: StringAttr | None, choices: tuple[str, ...], what: str) -> None:
    if value is not None and value.data not in choices:
        raise VerifyException(f"{what} must be one of {', '.join(choices)}, got {value.data!r}")


def _check_int(value: IntegerAttr | None, choices: range | tuple[int, ...], what: str) -> None:
    if value is None:
        return
    v = value.value.data
    if v not in choices:
        shown = f"{choices.start}..{choices.stop - 1}" if isinstance(choices, range) else ", ".join(map(str, choices))
        raise VerifyException(f"{what} must be in {shown}, got {v}")


def _int_attr(v: int) -> IntegerAttr:
    return IntegerAttr(v, i64)


class _AttrsOnlyOp(IRDLOperation):
    """An op written ``NAME {attrs}``: no operand, no result."""

    @classmethod
    def parse(cls, parser: Parser):
        return cls.build(attributes=parser.parse_optional_attr_dict())

    def print(self, printer: Printer) -> None:
        printer.print_op_attributes(self.attributes)


@located_op
@irdl_op_definition
class PipeBarrierOp(_AttrsOnlyOp):
    """Wait until one pipe of this core has drained: ``tile.pipe_barrier
    {pipe = "PIPE_V"}`` (``pl.system.bar_v`` / ``bar_m`` / ``bar_all``:
    ``PIPE_V``, ``PIPE_M``, ``PIPE_ALL``; pypto-docs/operators.md, "SyncOp").

    Verifier errors: a pipe other than those three.
    """

    name = "tile.pipe_barrier"
    pipe = attr_def(StringAttr)
    traits = traits_def(Barrier(), CoreLane(_barrier_lane))

    def __init__(self, pipe: str):
        super().__init__(attributes={"pipe": StringAttr(pipe)})

    def verify_(self) -> None:
        _check_word(self.pipe, BARRIER_PIPES, "pipe")


@located_op
@irdl_op_definition
class FenceOp(_AttrsOnlyOp):
    """A memory barrier over GM: ``tile.fence`` (``pl.system.fence``;
    the reference's ``pto.fence.barrier_all #pto.fence_scope<gm>``)."""

    name = "tile.fence"
    traits = traits_def(Barrier(), CoreLane(_every_lane))

    def __init__(self):
        super().__init__()


@located_op
@irdl_op_definition
class SetFftsOp(IRDLOperation):
    """The A3 FFTS setup an explicit cross-core event needs in the same
    function: ``tile.set_ffts %ws : memref<256xi64>``
    (``pl.system.set_ffts(workspace)``; pypto-docs/operators.md, "Explicit
    Event Synchronization"). ``%ws`` is a one-dimensional i64 GM tensor of at
    least 256 elements; only its address is handed on.

    Verifier errors: a workspace that is not one-dimensional i64, or (static)
    holds fewer than 256 elements.
    """

    name = "tile.set_ffts"
    workspace = operand_def(MemRefType)
    traits = traits_def(Barrier(), CoreLane(_every_lane))

    def __init__(self, workspace: SSAValue):
        super().__init__(operands=[workspace])

    def verify_(self) -> None:
        t = self.workspace.type
        assert isinstance(t, MemRefType)
        shape = t.get_shape()
        if len(shape) != 1 or t.element_type != i64:
            raise VerifyException(f"the FFTS workspace must be a one-dimensional i64 tensor, got {t}")
        if 0 <= shape[0] < FFTS_WORKSPACE_ELEMENTS:
            raise VerifyException(
                f"the FFTS workspace needs at least {FFTS_WORKSPACE_ELEMENTS} elements, {t} has {shape[0]}"
            )

    @classmethod
    def parse(cls, parser: Parser) -> SetFftsOp:
        ws = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        op = cls(parser.resolve_operand(ws, parser.parse_type()))
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.workspace)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.workspace.type)


class _CrossCoreEventOp(IRDLOperation):
    """``NAME [%e] {pipe = "PIPE_X", [event_id = N : i64, ]...} [: index]``:
    an explicit cross-core event with a static id (the attribute) or a
    dynamic one (the index operand)."""

    event_id_dyn = opt_operand_def(IndexType)
    pipe = attr_def(StringAttr)
    event_id = opt_attr_def(IntegerAttr)
    core_type = opt_attr_def(StringAttr)

    def __init__(
        self,
        event_id: int | SSAValue,
        pipe: str,
        ffts_mode: int | None = None,
        core_type: str | None = None,
    ):
        attrs: dict = {"pipe": StringAttr(pipe)}
        operands: list[SSAValue] = []
        if isinstance(event_id, SSAValue):
            operands.append(event_id)
        else:
            attrs["event_id"] = _int_attr(event_id)
        if ffts_mode is not None:
            attrs["ffts_mode"] = _int_attr(ffts_mode)
        if core_type is not None:
            attrs["core_type"] = StringAttr(core_type)
        super().__init__(operands=[operands], attributes=attrs)

    def verify_(self) -> None:
        if (self.event_id is None) == (self.event_id_dyn is None):
            raise VerifyException("expected exactly one event id: the event_id attribute or an index operand")
        _check_word(self.pipe, SYNC_PIPES, "pipe")
        _check_int(self.event_id, CROSS_CORE_EVENT_IDS, "event_id (14 and 15 are reserved)")
        _check_int(self.attributes.get("ffts_mode"), FFTS_MODES, "ffts_mode")  # type: ignore[arg-type]
        _check_word(self.core_type, EVENT_CORE_TYPES, "core_type")

    @classmethod
    def parse(cls, parser: Parser):
        dyn = parser.parse_optional_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        operands = []
        if dyn is not None:
            parser.parse_punctuation(":")
            operands.append(parser.resolve_operand(dyn, parser.parse_type()))
        return cls.build(operands=[operands], attributes=attrs)

    def print(self, printer: Printer) -> None:
        if self.event_id_dyn is not None:
            printer.print_string(" ")
            printer.print_operand(self.event_id_dyn)
        printer.print_op_attributes(self.attributes)
        if self.event_id_dyn is not None:
            printer.print_string(" : ")
            printer.print_attribute(self.event_id_dyn.type)


@located_op
@irdl_op_definition
class SyncSetOp(_CrossCoreEventOp):
    """Raise an explicit cross-core event after ``pipe`` drains:
    ``tile.sync_set {pipe = "PIPE_MTE3", event_id = 3 : i64[, ffts_mode = 0
    : i64][, core_type = "aiv"]}`` or with a dynamic id ``tile.sync_set %e
    {pipe = ...} : index`` (``pl.system.sync_set``; pypto-docs/
    operators.md, "Explicit Event Synchronization"). ``core_type`` keeps
    the op on one lane of a mixed kernel.

    Verifier errors: no or two event ids, a static id outside 0..13 (14 and
    15 are reserved), a pipe pypto does not name, an ``ffts_mode`` other
    than 0, 1, 2, a ``core_type`` other than ``aic`` / ``aiv``.
    """

    name = "tile.sync_set"
    ffts_mode = opt_attr_def(IntegerAttr)
    traits = traits_def(Barrier(), CoreLane(_event_lane))


@located_op
@irdl_op_definition
class SyncWaitOp(_CrossCoreEventOp):
    """Wait on ``pipe`` for an explicit cross-core event the peer core type
    raised: ``tile.sync_wait {pipe = "PIPE_V", event_id = 3 : i64}`` or
    ``tile.sync_wait %e {pipe = ...} : index`` (``pl.system.sync_wait``).

    Verifier errors: as :class:`SyncSetOp`'s; it takes no ``ffts_mode``.
    """

    name = "tile.sync_wait"
    traits = traits_def(Barrier(), CoreLane(_event_lane))

    def __init__(self, event_id: int | SSAValue, pipe: str, core_type: str | None = None):
        super().__init__(event_id, pipe, None, core_type)

    def verify_(self) -> None:
        if "ffts_mode" in self.attributes:
            raise VerifyException("ffts_mode is sync_set's alone")
        super().verify_()


class _FlagOp(_AttrsOnlyOp):
    """``NAME {set_pipe = "PIPE_X", wait_pipe = "PIPE_Y", event_id = N :
    i64}``: one half of an intra-core flag pair."""

    set_pipe = attr_def(StringAttr)
    wait_pipe = attr_def(StringAttr)
    event_id = attr_def(IntegerAttr)

    def __init__(self, set_pipe: str, wait_pipe: str, event_id: int):
        super().__init__(
            attributes={
                "set_pipe": StringAttr(set_pipe),
                "wait_pipe": StringAttr(wait_pipe),
                "event_id": _int_attr(event_id),
            }
        )

    def verify_(self) -> None:
        _check_word(self.set_pipe, SYNC_PIPES, "set_pipe")
        _check_word(self.wait_pipe, SYNC_PIPES, "wait_pipe")
        _check_int(self.event_id, FLAG_EVENT_IDS, "event_id")


@located_op
@irdl_op_definition
class SyncSrcOp(_FlagOp):
    """Set the flag ``set_pipe`` -> ``wait_pipe`` once ``set_pipe`` has
    drained: ``tile.sync_src {set_pipe = "PIPE_MTE2", wait_pipe = "PIPE_V",
    event_id = 0 : i64}`` (``pl.system.sync_src``; python_syntax.md).

    Verifier errors: a pipe pypto does not name, an event id outside 0..7.
    """

    name = "tile.sync_src"
    traits = traits_def(Barrier(), CoreLane(_flag_lane))


@located_op
@irdl_op_definition
class SyncDstOp(_FlagOp):
    """Wait on ``wait_pipe`` for the flag a ``tile.sync_src`` of the same
    pipes and id set (``pl.system.sync_dst``).

    Verifier errors: as :class:`SyncSrcOp`'s.
    """

    name = "tile.sync_dst"
    traits = traits_def(Barrier(), CoreLane(_flag_lane))


@located_op
@irdl_op_definition
class CacheInvalidOp(IRDLOperation):
    """Invalidate the data cache: the line holding the base of one region of
    a GM tensor, ``tile.cacheinvalid %t[%i, %j] {shape = array<i64: 1, 64>}
    : memref<32x64xf32>``, or the whole of GM, ``tile.cacheinvalid``
    (``pl.system.cacheinvalid(tensor, shapes, offsets)`` / ``()``;
    pypto-docs/operators.md, "SyncOp": whatever the shape, one cache line).

    Verifier errors: offsets or a shape without a tensor; an offset count or
    a shape length other than the tensor's rank; a shape extent that is not
    positive or exceeds the tensor's (static) extent.
    """

    name = "tile.cacheinvalid"
    tensor = opt_operand_def(MemRefType)
    offsets = var_operand_def(IndexType)
    shape = opt_attr_def(DenseArrayBase)
    traits = traits_def(Barrier(), CoreLane(_every_lane))
    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(self, tensor: SSAValue | None = None, offsets: list[SSAValue] = (), shape: list[int] | None = None):  # type: ignore[assignment]
        attrs = {} if shape is None else {"shape": DenseArrayBase.from_list(i64, shape)}
        super().__init__(operands=[[tensor] if tensor is not None else [], list(offsets)], attributes=attrs)

    def region_shape(self) -> tuple[int, ...] | None:
        """The region's shape (None for the whole-GM form)."""
        return None if self.shape is None else tuple(self.shape.get_values())  # type: ignore[arg-type]

    def verify_(self) -> None:
        shape = self.region_shape()
        if self.tensor is None:
            if self.offsets or shape is not None:
                raise VerifyException("offsets and a shape need a tensor")
            return
        t = self.tensor.type
        assert isinstance(t, MemRefType)
        dims = t.get_shape()
        if shape is None:
            raise VerifyException("the tensor form needs the region's shape")
        if len(self.offsets) != len(dims) or len(shape) != len(dims):
            raise VerifyException(
                f"expected {len(dims)} offsets and shape extents for a rank-{len(dims)} tensor, "
                f"got {len(self.offsets)} and {len(shape)}"
            )
        for k, (s, d) in enumerate(zip(shape, dims)):
            if s <= 0 or (d >= 0 and s > d):
                raise VerifyException(f"shape extent {k} is {s}, outside 1..{d if d >= 0 else '?'} of {t}")

    @classmethod
    def parse(cls, parser: Parser) -> CacheInvalidOp:
        t = parser.parse_optional_unresolved_operand()
        offsets: list = []
        if t is not None:
            offsets = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_unresolved_operand)
        attrs = parser.parse_optional_attr_dict()
        operands: list = [[], []]
        if t is not None:
            parser.parse_punctuation(":")
            idx = IndexType()
            operands = [[parser.resolve_operand(t, parser.parse_type())], [parser.resolve_operand(o, idx) for o in offsets]]
        return cls.build(operands=operands, attributes=attrs)

    def print(self, printer: Printer) -> None:
        if self.tensor is not None:
            _print_element(printer, self.tensor, tuple(self.offsets))
        printer.print_op_attributes(self.attributes)
        if self.tensor is not None:
            printer.print_string(" : ")
            printer.print_attribute(self.tensor.type)


#: The cross-rank signal ops: no effect on the one rank a run is.
SIGNAL_OPS = (NotifyOp, WaitOp)

#: The synchronization calls of ``pl.system`` other than ``syncall``.
SYSTEM_SYNC_OPS = (PipeBarrierOp, FenceOp, SetFftsOp, SyncSetOp, SyncWaitOp, SyncSrcOp, SyncDstOp, CacheInvalidOp)

SYNC_OPS = (SyncAllOp, NotifyOp, WaitOp, RemoteLoadOp, *SYSTEM_SYNC_OPS)
"""The op classes of this module."""
