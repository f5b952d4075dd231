"""``convert-tile-to-pto``: lower a planned Tile kernel to the PTO text ptoas reads.

Follows pypto-docs/00-pto_codegen.md and reference/ptoas-form.md:

* GM tensor arguments (``memref``) become ``!pto.ptr<elt>`` plus one
  ``pto.make_tensor_view`` each (row-major strides, ``#pto.layout<nd>``; a
  ``[M, 1]`` column vector is ``dn`` with strides ``[1, M]``);
* one ``pto.alloc_tile addr = %cN_i64`` per distinct (address, tile_buf type):
  values on the same physical window share the handle, values at one address
  with another shape or dtype get their own (e.g. a reshape); ``addr`` is the
  root's address plus the MemRef offset;
* emitted in the order constants, tensor views, allocations, then the body;
* loads/stores through ``pto.partition_view`` + ``pto.tload``/``pto.tstore``;
  compute ops as ``pto.<op> ins(...) outs(...)``; ``tile.matmul_acc`` with a
  constant ``init_cond`` picks ``tmatmul``/``tmatmul.acc``, a runtime one
  becomes ``scf.if %cond { tmatmul } else { tmatmul.acc }``;
* views (slice, reshape) emit no op, only their own handle;
* a cross-core pop becomes ``%buf = pto.tpop_from_aic {split = N} -> T``: the
  tile lives in the pipe's reserved storage, so it (and every view of it) has
  no MemRef and no ``pto.alloc_tile``; a view of it is ``pto.subview`` (slice)
  or ``%v = pto.treshape %buf : T -> T2`` (reshape) of the pop's handle; a push
  is ``pto.tpush_to_aic(%t : T) {split = N}`` (no ``ins``: ptoas's form);
* ``scf.for``/``scf.if`` stay, without their tile iter_args/results (PTO ops
  write buffers in place);
* the target is the module's ``pto.target_arch``; the kernel kind (vector or
  cube) comes from the memory spaces the function uses.

Under ``planner=ptoas`` (pypto-docs/00-pto_codegen.md, "Who plans memory",
row PTOAS) no ``addr`` is emitted: ptoas plans the buffers. Each distinct
(root, offset, tile_buf type) gets one ``pto.alloc_tile`` without ``addr``;
a view is a ``pto.subview`` / ``pto.treshape`` of its source's handle (an
``alloc_tile`` of its own would be placed apart by ptoas); a declared
multi-slot allocation is one ``pto.alloc_multi_tile`` region and each tile
on it a ``pto.multi_tile_get`` of its slot (:mod:`.multi_buffer`); an
in-place result shares its operand's handle; a window a loop or if carries
is one handle for all its parts -- the root's tile or a prologue view of it
-- and a carry no such handle describes is refused. Under ``pypto`` no
region is emitted: every slot has its baked address.

The pass (:class:`ConvertTileToPTOPass`) checks the module's pipes, lowers
each function (:func:`.function.lower_function`: checks, handles, the
per-op RewritePatterns of :mod:`.op_patterns`, loops and ifs, prologue),
then the group functions (:mod:`.groups`). Where an op family hooks in:
its target rules are traits on its op definitions
(:mod:`xdsl_pto.dialects.tile.ptoas_traits`, checked by
:func:`.ptoas_form.check_ptoas_rules`); a plain PTO form is a row of
:mod:`.op_names`; a form of its own is one line in
:meth:`.op_patterns.LowerComputeOp.lower` (:func:`.reduce_family.lower_family_op`);
a refusal before lowering is one line in :func:`.checks.check_planned`
(:func:`.vector.check_vector_ops`); a module-wide step one line in
:meth:`ConvertTileToPTOPass.apply` (:func:`.reduce_family.forward_spmd_params`).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.passes import ModulePass

from xdsl_pto.backends import TARGET_ATTR
from xdsl_pto.diagnostics import PassError
from xdsl_pto.lowering.checks import declared_kind
from xdsl_pto.lowering.function import lower_function
from xdsl_pto.lowering.groups import lower_group, privatize_callees
from xdsl_pto.lowering.reduce_family import forward_spmd_params
from xdsl_pto.lowering.state import PASS, FunctionLowering
from xdsl_pto.pass_config import PassConfig
from xdsl_pto.planners import PLANNER_ATTR, Planner
from xdsl_pto.transforms.common import functions, gc_paused
from xdsl_pto.transforms.external_calls import check_external_calls
from xdsl_pto.transforms.pipe_checks import (
    check_gm_slot_buffers,
    check_peers,
    check_pipe_pairs,
    check_reservations,
)


@dataclass(frozen=True)
class ConvertTileToPTOPass(ModulePass):
    """Lower planned Tile kernels to PTO (see the module docstring).

    Options:
        backend: ``a2``, ``a3`` or ``a5``, written as ``pto.target_arch``;
            empty = the module's ``pto.target_arch`` (set by pto-plan-memory).
            A module planned for another target is refused.
        planner: ``pypto`` or ``dsa_rp`` (baked addresses) or ``ptoas``
            (no ``addr``, regions for multi-slot declarations); empty = the
            module's ``tile.memory_planner``, else ``pypto``. A module
            planned by another planner is refused.

    Raises:
        PassError: for an unplanned kernel (naming the pass to run first), no
            known target, a function mixing vec and cube spaces, an op with
            no lowering yet, or (ptoas) a shape no region describes.
    """

    name = "convert-tile-to-pto"

    backend: str = ""
    planner: str = ""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        config = PassConfig.resolve(op, PASS, backend=self.backend, planner=self.planner)
        backend, planner = config.backend, config.planner
        check_external_calls(op, PASS)
        planned = op.attributes.get(TARGET_ATTR)
        if self.backend and isinstance(planned, StringAttr) and planned.data != backend.name:  # type: ignore[union-attr]
            raise PassError(
                f"{PASS}: the module was planned for {planned.data} (pto.target_arch) but "
                f"backend={self.backend} was asked for; plan again with "
                f"pto-plan-memory{{backend={self.backend}}}",
                op,
            )
        if backend is None:
            raise PassError(
                f"{PASS}: no target: pass {{backend=a2|a3|a5}} or plan with "
                "pto-plan-memory{backend=...}",
                op,
            )
        check_peers(op, PASS)
        # The pairing of the module's pipes is checked on the Tile ops, but
        # reported after every function lowered: a function's own refusal
        # (located in it) comes first.
        try:
            check_pipe_pairs(op, PASS)
            check_gm_slot_buffers(op, backend, PASS)
            unpaired: PassError | None = None
        except PassError as err:
            unpaired = err
        for fn in functions(op):
            check_reservations(fn, backend, PASS, ptoas=planner is Planner.PTOAS)
        groups = []
        with gc_paused():  # thousands of new ops and types: see gc_paused
            for fn in functions(op):
                lowering = FunctionLowering(fn, planner)
                if declared_kind(lowering) == "group":
                    groups.append(fn)
                    continue
                lower_function(lowering, backend)
        if unpaired is not None:
            raise unpaired
        for fn in groups:
            lower_group(fn)
        forward_spmd_params(op)
        privatize_callees(op)
        op.attributes[TARGET_ATTR] = StringAttr(backend.name)
        op.attributes.pop(PLANNER_ATTR, None)  # ours; ptoas does not know it


__all__ = ["PASS", "ConvertTileToPTOPass"]
