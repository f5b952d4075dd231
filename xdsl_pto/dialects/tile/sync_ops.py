"""Synchronization ops of the Tile dialect: the cross-core barrier of
``pl.system.syncall`` (pypto-docs/operators.md, ``system.syncall``;
00-pto_codegen.md, "Cross-core all-participant barrier").

Text form::

    tile.syncall {core_type = "mix"}

``core_type`` names the cores that meet at the barrier: ``mix`` (every cube
and vector core of the launch), ``aiv_only`` or ``aic_only``. Only the
hardware (FFTS) barrier exists here; pypto's ``mode="soft"`` GM-polling
barrier takes workspaces the importer refuses. The op is a :class:`Barrier`:
no tile operand or result (the planner sees nothing), and no pass moves an
op across it. It lowers to ``pto.syncall() mode = #pto.sync_all_mode<hard>,
core_type = #pto.sync_core_type<C>``, which ptoas v0.48 takes in cube and
vector kernels on a2/a3 and a5. The interpreter runs one core, for which a
barrier has nothing to wait for: a no-op.
"""

from __future__ import annotations

from xdsl.dialects.builtin import StringAttr
from xdsl.irdl import IRDLOperation, attr_def, irdl_op_definition, traits_def
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.dialects.tile.base import located_op
from xdsl_pto.dialects.tile.traits import Barrier

#: The cores a ``tile.syncall`` waits for (pypto's ``core_type``).
SYNC_CORE_TYPES = ("mix", "aiv_only", "aic_only")
#: The barrier kinds pypto names (``mode``); only ``hard`` is supported.
SYNC_MODES = ("hard",)


@located_op
@irdl_op_definition
class SyncAllOp(IRDLOperation):
    """A barrier of every core of the launch of one kind:
    ``tile.syncall {core_type = "mix"}`` (``pl.system.syncall``).

    Verifier errors: a ``core_type`` other than ``mix``, ``aiv_only``,
    ``aic_only``.
    """

    name = "tile.syncall"
    core_type = attr_def(StringAttr)
    traits = traits_def(Barrier())

    def __init__(self, core_type: str = "mix", mode: str = "hard"):
        """``core_type`` / ``mode`` as pypto's keywords.

        Raises:
            ValueError: for a ``mode`` other than ``"hard"`` (the GM-polling
                soft barrier needs workspaces this op does not take).
        """
        if mode not in SYNC_MODES:
            raise ValueError(f"mode must be 'hard' (the soft GM-polling barrier is not supported), got {mode!r}")
        super().__init__(attributes={"core_type": StringAttr(core_type)})

    def verify_(self) -> None:
        if self.core_type.data not in SYNC_CORE_TYPES:
            raise VerifyException(
                f"core_type must be one of {', '.join(SYNC_CORE_TYPES)}, got {self.core_type.data!r}"
            )

    @classmethod
    def parse(cls, parser: Parser) -> SyncAllOp:
        return cls.build(attributes=parser.parse_optional_attr_dict())

    def print(self, printer: Printer) -> None:
        printer.print_op_attributes(self.attributes)


SYNC_OPS = (SyncAllOp,)
"""The op classes of this module."""
