"""Which reserved windows are cross-core pipe rings, and how to shrink one
(pypto-docs/34-allocate_memory_addr.md, "Capacity verification").

A ``tile.reserve_buffer`` is a pipe's *ring* when an initialize op of its
function (``tile.aic_initialize_pipe`` / ``tile.aiv_initialize_pipe``)
takes it as a consumer buffer. The ring is ``slot_num`` slots of
``slot_size`` bytes, so a capacity error in the space that holds it names
the ring and the setting that shrinks it: the initialize op's ``slot_num``,
the ring's slot count. A reservation no initialize op uses is named by the
capacity errors (its bytes are below the floor) but no setting is offered:
nothing resizes it but its own ``size``.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import func

from xdsl_pto.dialects.tile.cross_core_ops import init_ops
from xdsl_pto.dialects.tile.pipe_setup_ops import reservations
from xdsl_pto.dialects.tile.types import MemorySpace


@dataclass(frozen=True)
class PipeRing:
    """A reservation that is a pipe's consumer ring.

    Attributes:
        name: the reservation's name.
        size: its bytes.
        init: the initialize op's name (``tile.aiv_initialize_pipe``, ...).
        slot_num: the ring's slot count, None when the op leaves it to
            ptoas's default.
        slot_size: bytes of one slot.
    """

    name: str
    size: int
    init: str
    slot_num: int | None
    slot_size: int | None

    def advice(self) -> str:
        """The sentence naming the ring and the setting that shrinks it."""
        if self.slot_num is None:
            depth = "slot_num not set (ptoas's default)"
        else:
            depth = f"slot_num = {self.slot_num}"
        return (
            f'"{self.name}" ({self.size} bytes) is the ring of the cross-core pipe '
            f"{self.init} sets up ({depth}, slot_size = {self.slot_size}): lower that "
            "op's slot_num, the ring's slot count (and the reservation's size with it), "
            "to shrink it, or shrink the tile that crosses the cores (slot_size)"
        )


def pipe_rings(fn: func.FuncOp, space: MemorySpace) -> list[PipeRing]:
    """The reservations of ``fn`` in ``space`` that an initialize op of
    ``fn`` takes as a consumer buffer, in program order (the first such op
    gives the slot settings)."""
    inits = init_ops(fn)
    out: list[PipeRing] = []
    for r in reservations(fn):
        if r.memory_space is not space:
            continue
        init = next((op for op in inits if r.results[0] in op.operands), None)
        if init is None:
            continue
        values = init.values()  # type: ignore[attr-defined]
        out.append(
            PipeRing(r.reserved_name, r.size_bytes, init.name, values.get("slot_num"), values.get("slot_size"))
        )
    return out


def ring_note(fn: func.FuncOp, space: MemorySpace) -> str:
    """For a capacity error in ``space``: ``"; "<ring>" ... is the ring of
    ...: lower that op's slot_num ..."`` for each pipe ring of ``fn`` there,
    or ``""`` when ``space`` holds none."""
    rings = pipe_rings(fn, space)
    return "".join(f"; {ring.advice()}" for ring in rings)


__all__ = ["PipeRing", "pipe_rings", "ring_note"]
