"""What ``convert-tile-to-pto`` knows while it lowers one function
(:class:`FunctionLowering`), shared by the modules of the lowering: the
function, whether addresses are baked, the prologue being built, the PTO
handle of every tile value, and the target.

The op-family hooks (:func:`.reduce_family.lower_family_op`) receive it
too: ``fl.buf(v)`` is a value's handle (a tile's) or the value itself,
``fl.handle[v]`` a tile's handle, ``fl.pro.const(n, "index")`` a prologue
constant, and :func:`insert_before` puts a new op right before the tile op
it lowers.
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.ir import Operation, SSAValue

from xdsl_pto.backends import Backend
from xdsl_pto.dialects.pto.types import TileBufType
from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.planners import Planner

#: The pass name every error of the lowering starts with.
PASS = "convert-tile-to-pto"


class FunctionLowering:
    """The state of lowering one planned function in place.

    Attributes:
        fn: the function.
        addressed: True when every buffer has a baked address (planner pypto
            or dsa_rp); False under planner=ptoas (ptoas places them).
        pro: the prologue ops being built (:class:`.prologue.Prologue`).
        handle: tile value -> its PTO handle (a ``!pto.tile_buf`` value).
        tensor_view: GM tensor argument -> its ``pto.make_tensor_view``.
        tensor_strides: GM tensor argument -> its row-major strides
            (``index`` values, elements), for scalar GM access.
        by_key: (ptoas) handles by (root, offset) and tile_buf type
            (pypto: by address and tile_buf type).
        carried: (ptoas) the carried windows whose handle every value on them
            shares (views included).
        backend: the target, set when the lowering runs.
        valid_extents: (tile value, axis) -> its runtime valid extent, an
            ``index`` value (:mod:`.valid_extents`).
        comm_ctx: distributed GM tensor argument -> its communication-context
            parameter (:mod:`.comm`).
        temporaries: ops a step put in the body for the tile ops only (the
            ``init_cond = false`` of an unrolled batch); erased with the tile ops.
    """

    def __init__(self, fn: func.FuncOp, planner: Planner = Planner.PYPTO):
        from xdsl_pto.lowering.prologue import Prologue  # (it imports this module)

        self.fn = fn
        self.addressed = planner is not Planner.PTOAS
        self.pro = Prologue()
        self.handle: dict[SSAValue, SSAValue] = {}
        self.tensor_view: dict[SSAValue, SSAValue] = {}
        self.tensor_strides: dict[SSAValue, list[SSAValue]] = {}
        self.by_key: dict[tuple[object, TileBufType], SSAValue] = {}
        self.carried: set[tuple[object, TileBufType]] = set()
        self.backend: Backend | None = None
        self.valid_extents: dict[tuple[SSAValue, int], SSAValue] = {}
        self.temporaries: list[Operation] = []
        self.comm_ctx: dict[SSAValue, SSAValue] = {}
        # pypto / dsa_rp: the computed addresses of runtime slots
        from xdsl_pto.lowering.runtime_slots import RuntimeSlotAddresses

        self.runtime_slots = RuntimeSlotAddresses(self.pro.const, PASS)

    def buf(self, v: SSAValue) -> SSAValue:
        """The handle of a tile value; any other value as it is."""
        return self.handle[v] if isinstance(v.type, TileType) else v


def insert_before(new: Operation, before: Operation) -> None:
    """Insert ``new`` right before ``before``, at its location."""
    new.location = before.location
    before.parent_block().insert_op_before(new, before)  # type: ignore[union-attr]


__all__ = ["PASS", "FunctionLowering", "insert_before"]
