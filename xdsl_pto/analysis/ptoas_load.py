"""Will ptoas's own planner fit a kernel planned with ``planner=ptoas``?

Under ``planner=ptoas`` every tile keeps a root of its own (views, in-place
results, carries and declared slots excepted) and ptoas's PlanMemory places
them. ptoas sees an op's operands and its result as live at that op at once:
a value's last read and the next value's write at one op never share bytes
(the *strict* view), where our planner lets a result take the bytes of an
operand it reads for the last time (the *touching* view, LOAD of
:mod:`xdsl_pto.analysis.plan_stats`). The reference's ``reference.json``
reports both per space (``load.touch`` and ``load.strict``).

When a space's strict lower bound exceeds what the tiles may use there (the
capacity less the reserved pipe windows) although the touching one fits,
the kernel fits only through an in-place reuse that ptoas's planner does not
make: ptoas will report an overflow. pto-plan-memory makes the reuses it may
first (:mod:`xdsl_pto.transforms.ptoas_inplace`, which measures with
:func:`space_loads`); where that is not enough :func:`check_ptoas_fit` warns,
naming the tiles that would have to share bytes; when even the touching
bound exceeds it, no placement fits and it is an error (as under the other
planners).

Units: bytes; program points are the statement indices of
:class:`~xdsl_pto.transforms.memory_reuse.lifetime.ProgramOrder`.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import func
from xdsl.ir import Operation

from xdsl_pto.analysis.plan_stats import Peak, peak_live_bytes
from xdsl_pto.backends import Backend
from xdsl_pto.diagnostics import PassError, report
from xdsl_pto.dialects.tile.pipe_setup_ops import reservations
from xdsl_pto.dialects.tile.types import MemorySpace
from xdsl_pto.transforms.common import allocs, memref_of, tile_values, value_name
from xdsl_pto.transforms.memory_reuse.lifetime import Interval, ProgramOrder, root_intervals
from xdsl_pto.transforms.pipe_rings import ring_note


@dataclass(frozen=True)
class SpaceLoad:
    """One space of one function: ``touch`` and ``strict`` LOAD of its roots
    (bytes, and where reached), ``reserved`` bytes of pipe rings, and the
    roots by name with (lifetime, size)."""

    space: MemorySpace
    touch: Peak
    strict: Peak
    reserved: int
    roots: dict[str, tuple[Interval, int]]


def strict_peak(items: list[tuple[Interval, int]]) -> Peak:
    """The LOAD of ``items`` when touching lifetimes (one ends where the
    other starts) count together: statement ``s`` becomes the span
    ``[2s, 2s + 1]`` of a doubled axis, so ``[a, b]`` and ``[b, c]`` overlap.
    The point is returned on the doubled axis (``2d + 0.5`` for statement
    ``d``)."""
    return peak_live_bytes((Interval(2 * live.lo, 2 * live.hi + 1), size) for live, size in items)


def space_loads(fn: func.FuncOp) -> list[SpaceLoad]:
    """Touching and strict LOAD per memory space of ``fn``'s roots (after
    init-memref; sizes are the ``tile.alloc`` sizes)."""
    order = ProgramOrder.of(fn)
    live = root_intervals(fn, order)
    roots = allocs(fn)
    reserved: dict[MemorySpace, int] = {}
    for r in reservations(fn):
        reserved[r.memory_space] = reserved.get(r.memory_space, 0) + r.size_bytes
    out = []
    for space in MemorySpace:
        mine = {
            name: (live[name], op.size.data)
            for name, op in roots.items()
            if op.space.data == space.value and name in live
        }
        if not mine:
            continue
        items = list(mine.values())
        out.append(SpaceLoad(space, peak_live_bytes(items), strict_peak(items), reserved.get(space, 0), mine))
    return out


def check_ptoas_fit(fn: func.FuncOp, backend: Backend | None, pass_name: str) -> None:
    """Per memory space of ``fn``, against the backend's capacity less the
    reserved rings (nothing without a backend): an error when the touching
    LOAD exceeds it (no placement fits), else a warning
    (``file:line:col: warning: ...`` at the op where it happens) when the
    strict LOAD does: ptoas's planner would need an in-place reuse it does
    not make. The warning names the tiles the op reads for the last time
    and the tiles it writes there.

    The reservations are expected to fit on their own (pto-plan-memory runs
    :func:`~xdsl_pto.transforms.pipe_checks.check_reservations` first), so
    the room is never negative.

    Raises:
        PassError: prefixed with ``pass_name``, at the op where the touching
            LOAD is reached, when it exceeds the room.
    """
    if backend is None:
        return
    order: ProgramOrder | None = None
    for load in space_loads(fn):
        room = backend.capacity[load.space] - load.reserved
        if load.touch.bytes > room:
            order = order or ProgramOrder.of(fn)
            at = _op_at(order, int(load.touch.point)) if load.touch.point is not None else None
            raise PassError(
                f"{pass_name}: planner=ptoas: in '{fn.sym_name.data}' the {load.space.value} tiles "
                f"live at this op need {load.touch.bytes} bytes even where results take the bytes "
                f"of operands read for the last time, over the {backend.name} {load.space.value} "
                f"capacity for tiles ({room} bytes): no placement fits them"
                + ring_note(fn, load.space),
                at if at is not None else fn,
            )
        if load.strict.bytes <= room or load.strict.point is None:
            continue
        order = order or ProgramOrder.of(fn)
        d = int(load.strict.point) // 2
        at = _op_at(order, d)
        names = _root_names(fn)
        dying = [names[r] for r, (live, _) in load.roots.items() if live.hi == d and live.lo < d]
        born = [names[r] for r, (live, _) in load.roots.items() if live.lo == d]
        report(
            "warning",
            f"{pass_name}: planner=ptoas: in '{fn.sym_name.data}' the {load.space.value} tiles live "
            f"at this op need {load.strict.bytes} bytes apart, over the {room} bytes "
            f"{load.space.value} has for tiles on {backend.name}; they fit ({load.touch.bytes} "
            f"bytes) only if the result takes the bytes of an operand read here for the last "
            f"time -- {', '.join(born) or 'the result'} over {', '.join(dying) or 'its operand'} -- "
            "an in-place reuse ptoas's planner does not make, so ptoas will report a "
            f"{load.space.value} overflow; use planner=pypto or planner=dsa_rp"
            + ring_note(fn, load.space),
            at if at is not None else fn,
        )


def _op_at(order: ProgramOrder, d: int) -> Operation | None:
    for op, i in order.start.items():
        if i == d:
            return op
    return None


def _root_names(fn: func.FuncOp) -> dict[str, str]:
    """Each root's name as the first value on it (``%x``), in program order."""
    out: dict[str, str] = {}
    for v in tile_values(fn):
        m = memref_of(v)
        if m is not None and m.root_name not in out:
            out[m.root_name] = value_name(v)
    for name in allocs(fn):
        out.setdefault(name, f"@{name}")
    return out
