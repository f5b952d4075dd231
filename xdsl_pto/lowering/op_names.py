"""Which PTO op each tile compute op lowers to (reference/tile-to-pto-op-names.md
and reference/ptoas-form.md, "Data movement and compute").

Every op listed here lowers the same way: ``pto.<name> ins(<operands>)
outs(<result buffer>)``, tile operands replaced by their buffers and scalar
operands passed as they are. Ops with their own lowering (load, store,
create, slice, reshape, matmul_acc, the cross-core pipe ops of
:data:`PTO_PIPE_NAME`) are handled by the pass itself.
"""

from __future__ import annotations

from xdsl.dialects.builtin import StringAttr
from xdsl.ir import Attribute, Operation

from xdsl_pto.dialects.pto.attrs import AccPhase, AccPhaseAttr, CmpMode, CmpModeAttr, RoundMode, RoundModeAttr

PTO_NAME: dict[str, str] = {
    "tile.add": "tadd",
    "tile.sub": "tsub",
    "tile.mul": "tmul",
    "tile.div": "tdiv",
    "tile.maximum": "tmax",
    "tile.minimum": "tmin",
    "tile.adds": "tadds",
    "tile.subs": "tsubs",
    "tile.muls": "tmuls",
    "tile.divs": "tdivs",
    "tile.exp": "texp",
    "tile.log": "tlog",
    "tile.sqrt": "tsqrt",
    "tile.rsqrt": "trsqrt",
    "tile.recip": "trecip",
    "tile.neg": "tneg",
    "tile.abs": "tabs",
    "tile.relu": "trelu",
    "tile.cast": "tcvt",
    "tile.row_sum": "trowsum",
    "tile.row_max": "trowmax",
    "tile.row_min": "trowmin",
    "tile.row_expand": "trowexpand",
    "tile.row_expand_add": "trowexpandadd",
    "tile.row_expand_sub": "trowexpandsub",
    "tile.row_expand_mul": "trowexpandmul",
    "tile.row_expand_div": "trowexpanddiv",
    "tile.col_expand": "tcolexpand",
    "tile.col_expand_add": "tcolexpandadd",
    "tile.col_expand_sub": "tcolexpandsub",
    "tile.col_expand_mul": "tcolexpandmul",
    "tile.col_expand_div": "tcolexpanddiv",
    "tile.sel": "tsel",
    "tile.sels": "tsels",
    "tile.prelu": "tprelu",
    "tile.rem": "trem",
    "tile.rems": "trems",
    "tile.fmod": "tfmod",
    "tile.fmods": "tfmods",
    "tile.cmp": "tcmp",
    "tile.cmps": "tcmps",
    "tile.move": "tmov",
    # ins(src, index_row, index_col) outs(dst): a Mat window into Left/Right
    # (pypto-docs/15-auto_tile_matmul_l0.md, "tile.extract ... lowers to
    # pto.textract").
    "tile.extract": "textract",
    "tile.transpose": "ttrans",
    "tile.matmul": "tmatmul",
    "tile.matmul_bias": "tmatmul.bias",
    "tile.full": "texpands",
    # issue 23 (reference/tile-to-pto-op-names.md; the classes are
    # xdsl_pto.dialects.pto.FAMILY_OPS): reductions and fills. col_sum
    # without tmp is plain; with one, ci, tri, random, read, write and the
    # block queries are lowering/reduce_family.py's.
    "tile.row_prod": "trowprod",
    "tile.row_argmax": "trowargmax",
    "tile.row_argmin": "trowargmin",
    "tile.col_sum": "tcolsum",
    "tile.col_max": "tcolmax",
    "tile.col_min": "tcolmin",
    "tile.col_prod": "tcolprod",
    "tile.col_argmax": "tcolargmax",
    "tile.col_argmin": "tcolargmin",
    "tile.fillpad": "tfillpad",
    "tile.fillpad_inplace": "tfillpad_inplace",
    "tile.fillpad_expand": "tfillpad_expand",
    # issue 23, vector family (/work/notes/pto-op-forms §1-§2)
    "tile.and": "tand",
    "tile.or": "tor",
    "tile.xor": "txor",
    "tile.ands": "tands",
    "tile.ors": "tors",
    "tile.xors": "txors",
    "tile.shl": "tshl",
    "tile.shr": "tshr",
    "tile.shls": "tshls",
    "tile.shrs": "tshrs",
    "tile.maximums": "tmaxs",
    "tile.minimums": "tmins",
    "tile.lrelu": "tlrelu",
    "tile.addc": "taddc",
    "tile.subc": "tsubc",
    "tile.addsc": "taddsc",
    "tile.subsc": "tsubsc",
    "tile.part_add": "tpartadd",
    "tile.part_mul": "tpartmul",
    "tile.part_max": "tpartmax",
    "tile.part_min": "tpartmin",
    "tile.not": "tnot",
    "tile.row_expand_max": "trowexpandmax",
    "tile.row_expand_min": "trowexpandmin",
    "tile.row_expand_expdif": "trowexpandexpdif",
    "tile.col_expand_max": "tcolexpandmax",
    "tile.col_expand_min": "tcolexpandmin",
    "tile.col_expand_expdif": "tcolexpandexpdif",
    "tile.expands": "texpands",
    # issue 23, sort / gather / scatter (/work/notes/pto-op-forms §6-§7);
    # the other forms are lowering/sort_gather.py's
    "tile.gather": "tgather",
    "tile.gatherb": "tgatherb",
    "tile.scatter": "tscatter",
    "tile.sort32": "tsort32",
    "tile.mrgsort_format1": "tmrgsort",
    # issue 23, cube family (xdsl_pto.dialects.pto.cube_family); the
    # batched matmuls are lowering/cube_family.py's (unrolled per batch)
    "tile.gemv": "tgemv",
    "tile.gemv_acc": "tgemv.acc",
    "tile.gemv_bias": "tgemv.bias",
    "tile.matmul_mx": "tmatmul.mx",
    "tile.matmul_mx_acc": "tmatmul.mx.acc",
    "tile.matmul_mx_bias": "tmatmul.mx.bias",
    "tile.tget_scale_addr": "tget_scale_addr",
    # issue 23, views / assembly (assemble, set_validshape: lowering/views_family.py)
    "tile.concat": "tconcat",
}


# The cross-core pipe ops: a pop becomes ``%buf = pto.<name> {[id = I, ]split
# = N} -> T`` (no pto.alloc_tile: the tile lives in the pipe's reserved
# storage), a push ``pto.<name> ins(%t : T) {[id = I, ]split = N}``
# (pypto-docs/00-pto_codegen.md, "Cross-Core Operations").
PTO_PIPE_NAME: dict[str, str] = {
    "tile.tpop_from_aic": "tpop_from_aic",
    "tile.tpop_from_aiv": "tpop_from_aiv",
    "tile.tpush_to_aic": "tpush_to_aic",
    "tile.tpush_to_aiv": "tpush_to_aiv",
}


# Which of the tile op's operands the PTO op takes, where not all: a broadcast
# target only gives the shape (expands: its scalar alone, as tile.full's);
# row_expand_add's tmp is planning scratch that pto.trowexpandadd does not take.
PTO_INS: dict[str, slice] = {
    "tile.row_expand": slice(1, 2),
    "tile.col_expand": slice(1, 2),
    "tile.row_expand_add": slice(0, 2),
    "tile.expands": slice(1, 2),
    # scatter(dst, src, idx): dst is the outs (the result, in place)
    "tile.scatter": slice(1, 3),
    # tget_scale_addr(dst_scale, src): the scale is the outs
    "tile.tget_scale_addr": slice(1, 2),
}


def pto_attributes(op: Operation) -> dict[str, Attribute]:
    """The PTO attributes of ``op``'s lowering: ``tile.cast``'s ``mode`` becomes
    ``tcvt``'s ``rmode`` (``#pto<round_mode ...>``), ``tile.cmp``/``cmps``'s
    ``cmp_mode`` becomes ``cmpMode`` (``#pto<cmp ...>``), the gemv family's
    ``acc_phase`` (other than ``unspecified``) ``accPhase``
    (``#pto<acc_phase ...>``); nothing else is
    passed on (ptoas reads no other attribute on these ops)."""
    out: dict[str, Attribute] = {}
    mode = op.attributes.get("mode")
    if op.name == "tile.cast" and isinstance(mode, StringAttr):
        out["rmode"] = RoundModeAttr(RoundMode(mode.data.upper()))
    phase = op.attributes.get("acc_phase")
    if isinstance(phase, StringAttr) and phase.data != "unspecified":
        out["accPhase"] = AccPhaseAttr(AccPhase(phase.data))
    cmp = op.attributes.get("cmp_mode")
    if isinstance(cmp, StringAttr):
        out["cmpMode"] = CmpModeAttr(CmpMode(cmp.data))
    return out
