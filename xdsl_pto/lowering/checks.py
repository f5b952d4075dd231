"""What ``convert-tile-to-pto`` checks of a function before it lowers it
(plain code over the planned IR; the lowering itself refuses nothing these
checks let through but the per-op forms of :mod:`.op_patterns`, :mod:`.views`
and :mod:`.handles`):

* the plan (:func:`check_planned`): every tile value has a MemRef, every root
  an aligned address within the target's capacity, the windows and the
  per-op sharing rules hold (:mod:`xdsl_pto.verify.memory_plan`), every op
  keeps the ptoas rules it declares for the target
  (:func:`.ptoas_form.check_ptoas_rules`) and has a PTO op (the op-family
  hooks: :func:`.vector.check_vector_ops`);
* ptoas's rule on every tile buffer (:func:`check_tile_buffers`);
* the kernel kind (:func:`kernel_kind`): the core the function runs on, from
  its ``tile.function_kind`` or the memory spaces it uses.
"""

from __future__ import annotations


from xdsl_pto.backends import Backend
from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.tile.function_attrs import FUNCTION_KIND, function_kind
from xdsl_pto.dialects.tile.pipe_setup_ops import ReserveBufferOp
from xdsl_pto.dialects.tile.types import MemorySpace, is_4bit
from xdsl_pto.lowering.ptoas_form import check_ptoas_rules, family, tile_buf_problem
from xdsl_pto.lowering.tile_buf import tile_buf_type
from xdsl_pto.lowering.vector import check_vector_ops
from xdsl_pto.lowering.state import PASS, FunctionLowering
from xdsl_pto.transforms.common import require_memrefs, tile_values, value_anchor, value_name
from xdsl_pto.verify.memory_plan import check_op_rules, check_roots, check_windows
from xdsl_pto.lowering.views_family import check_cross_core_moves


def check_planned(fl: FunctionLowering, backend: Backend) -> None:
    """Every root has an aligned address and fits the target's capacity,
    and the addresses keep the target's per-op sharing rules.

    Raises:
        PassError: naming the pass to run first, or the offending root.
    """
    require_memrefs(fl.fn, PASS)
    check_cross_core_moves(fl.fn)  # issue 23: aiv_shard / aic_gather
    check_roots(fl.fn, backend, PASS, fl.addressed)
    check_windows(fl.fn, PASS)
    check_op_rules(fl.fn, backend, pass_name=PASS)
    check_ptoas_rules(fl.fn, backend.name, PASS)
    check_vector_ops(fl.fn, backend.name, PASS)


def check_tile_buffers(fl: FunctionLowering) -> None:
    """What ptoas (v0.48) refuses of this function's tile buffers,
    refused here first: every tile buffer's boxes
    (:func:`.ptoas_form.tile_buf_problem`; the ops' rules are checked
    with the plan, :func:`.ptoas_form.check_ptoas_rules`).

    Raises:
        PassError: at the value or op, with ptoas's rule.
    """
    assert fl.backend is not None
    target = fl.backend.name
    for v in tile_values(fl.fn):
        if is_4bit(v.type.element_type) and family(target) == "a2a3":  # type: ignore[union-attr]
            raise PassError(
                f"{PASS}: {value_name(v)} on {target}: {v.type.element_type} tiles are a5's "  # type: ignore[union-attr]
                f"(ptoas v0.48 takes no !pto.f4E2M1x2 tile on a2/a3: \"dtype '!pto.f4E2M1x2' is not "
                "supported by this op yet\")",
                value_anchor(v),
            )
        problem = tile_buf_problem(v.type, tile_buf_type(v.type))  # type: ignore[arg-type]
        if problem is not None:
            raise PassError(f"{PASS}: {value_name(v)} on {target}: {problem}", value_anchor(v))


def declared_kind(fl: FunctionLowering) -> str | None:
    """The function's ``tile.function_kind`` (None when absent).

    Raises:
        PassError: for a malformed value.
    """
    try:
        return function_kind(fl.fn)
    except ValueError as e:
        raise PassError(f"{PASS}: function '{fl.fn.sym_name.data}': {e}", fl.fn) from None


def kernel_kind(fl: FunctionLowering) -> str:
    """``"cube"`` for a ``tile.function_kind = "aic"`` function,
    ``"vector"`` for an ``"aiv"`` one (an error naming the function when
    it uses a space of the other core), else ``"cube"`` or ``"vector"``
    from the spaces the function uses
    (the cross-core ops follow from their verified spaces: a
    ``tpop_from_aic`` result and a ``tpush_to_aic`` operand are vec, so a
    vector kernel's; a ``tpop_from_aiv`` result (mat) and a
    ``tpush_to_aiv`` operand (a cube space) a cube kernel's).

    Raises:
        PassError: when it uses both Vec and a cube space.
    """
    spaces = {v.type.memory_space for v in tile_values(fl.fn)}  # type: ignore[attr-defined]
    spaces |= {r.memory_space for r in fl.fn.walk() if isinstance(r, ReserveBufferOp)}
    cube = {s for s in spaces if s is not MemorySpace.VEC}
    declared = declared_kind(fl)
    if declared is not None:
        wrong = sorted(s.value for s in (cube if declared == "aiv" else spaces - cube))
        if wrong:
            core = "vector (AIV)" if declared == "aiv" else "cube (AIC)"
            raise PassError(
                f"{PASS}: function '{fl.fn.sym_name.data}' is declared "
                f'{FUNCTION_KIND} = "{declared}", a {core} kernel, but uses '
                f"{', '.join(wrong)}, which that core does not own",
                fl.fn,
            )
        return "vector" if declared == "aiv" else "cube"
    if cube and MemorySpace.VEC in spaces:
        raise PassError(
            f"{PASS}: function '{fl.fn.sym_name.data}' uses both vec and cube memory "
            f"spaces ({', '.join(sorted(s.value for s in spaces))}); a kernel runs on one "
            "core kind",
            fl.fn,
        )
    return "cube" if cube else "vector"


__all__ = [
    "check_planned",
    "check_tile_buffers",
    "declared_kind",
    "kernel_kind",
]
