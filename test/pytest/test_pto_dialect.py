"""Tests of the PTO dialect (xdsl_pto.dialects.pto): textual form, verifiers, builders."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from xdsl.context import Context
from xdsl.dialects import arith, builtin, func, scf
from xdsl.dialects.builtin import (
    FileLineColLoc,
    ModuleOp,
    f16,
    f32,
    i64,
)
from xdsl.ir import Block, Region
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import ParseError, VerifyException

from xdsl_pto.dialects.pto import (
    CROSS_CORE_OPS,
    DPS_OP_CLASSES,
    PTO,
    PTO_CROSS_CORE_OPS,
    PTO_DPS_OPS,
    AllocMultiTileOp,
    AllocTileOp,
    CmpMode,
    CmpModeAttr,
    KernelKind,
    KernelKindAttr,
    Layout,
    LayoutAttr,
    MakeTensorViewOp,
    MultiTileBufType,
    MultiTileGetOp,
    PartitionTensorViewType,
    PartitionViewOp,
    PTODpsOp,
    PtrType,
    RoundMode,
    RoundModeAttr,
    SubviewOp,
    TAddOp,
    TensorViewType,
    TileBufType,
    TPopFromAicOp,
    TPushToAivOp,
    TReshapeOp,
)

SAMPLES = Path(__file__).parents[3] / "shared" / "reference" / "pto-samples"

VEC16 = (
    "!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, "
    "blayout=row_major, slayout=none_box, fractal=512, pad=0>"
)
MAT16 = (
    "!pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, "
    "blayout=col_major, slayout=row_major, fractal=512, pad=0>"
)
VEC_DYN = (
    "!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=?, v_col=?, "
    "blayout=row_major, slayout=none_box, fractal=512, pad=0>"
)


# --------------------------------------------------------------------------- helpers


def make_context() -> Context:
    ctx = Context()
    for dialect in (builtin.Builtin, func.Func, arith.Arith, scf.Scf, PTO):
        ctx.load_dialect(dialect)
    return ctx


def parse(text: str) -> ModuleOp:
    module = Parser(make_context(), text).parse_module()
    module.verify()
    return module


def print_ir(module: ModuleOp) -> str:
    return str(module)


def in_func(body: str, args: str = "") -> str:
    return f"func.func @f({args}) {{\n{body}\n  return\n}}"


def parse_error(text: str) -> ParseError:
    with pytest.raises(ParseError) as info:
        Parser(make_context(), text).parse_module()
    return info.value


def verify_error(text: str) -> str:
    module = Parser(make_context(), text).parse_module()
    with pytest.raises(VerifyException) as info:
        module.verify()
    return str(info.value)


def canonical_numeric_names(text: str) -> str:
    """Rename ``%<digits>`` values by order of first appearance (the printer renumbers
    anonymous values, so ``%3`` in a sample may print as ``%0``)."""
    mapping: dict[str, str] = {}

    def rename(match: re.Match[str]) -> str:
        return mapping.setdefault(match.group(0), f"%v{len(mapping)}")

    return re.sub(r"%\d+\b", rename, text)


def sample(name: str) -> str:
    path = SAMPLES / name
    if not path.exists():
        pytest.skip(f"sample {path} not available")
    return path.read_text()


# --------------------------------------------------------------------------- samples


@pytest.mark.parametrize("name", ["vadd.pto", "cube_matmul_acc.pto"])
def test_sample_round_trips(name: str) -> None:
    source = sample(name)
    module = parse(source)
    printed = print_ir(module)

    reparsed = parse(printed)
    assert reparsed.is_structurally_equivalent(module)
    assert print_ir(reparsed) == printed

    # Every printed PTO op line is, character for character, a line of the sample.
    source_lines = {
        line.strip() for line in canonical_numeric_names(source).splitlines()
    }
    printed_ops = [
        line.strip()
        for line in canonical_numeric_names(printed).splitlines()
        if re.match(r"\s*(%\w+ = )?pto\.", line)
    ]
    assert printed_ops, "no PTO op printed"
    for line in printed_ops:
        assert line in source_lines, line


def test_vadd_prints_documented_lines() -> None:
    printed = print_ir(parse(sample("vadd.pto")))
    assert f"pto.alloc_tile addr = %c0_i64 : {VEC16}" in printed
    assert f"pto.alloc_tile addr = %c1024_i64 : {VEC16}" in printed
    assert (
        "pto.make_tensor_view %arg0, shape = [%c16_index, %c16_index], "
        "strides = [%c16_index, %c1_index] {layout = #pto.layout<nd>} "
        ": !pto.tensor_view<?x?xf32>"
    ) in printed
    assert (
        "offsets = [%c0_index, %c0_index], sizes = [%c16_index, %c16_index] "
        ": !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>"
    ) in printed
    assert re.search(
        rf"pto\.tadd ins\(%\d+, %\d+ : {re.escape(VEC16)}, {re.escape(VEC16)}\) "
        rf"outs\(%\d+ : {re.escape(VEC16)}\)\n",
        printed,
    )
    assert "#pto.kernel_kind<vector>" in printed


def test_cube_sample_ops_and_types() -> None:
    module = parse(sample("cube_matmul_acc.pto"))
    names = [op.name for op in module.walk()]
    assert "pto.tmatmul" in names and "pto.tmatmul.acc" in names
    views = [op for op in module.walk() if isinstance(op, MakeTensorViewOp)]
    assert views[0].result.type == TensorViewType([16, 16], f16)
    assert "layout" not in views[0].attributes
    printed = print_ir(module)
    assert ": !pto.tensor_view<16x16xf16>" in printed
    assert "#pto.kernel_kind<cube>" in printed


# --------------------------------------------------------------------------- types


def test_tile_buf_type_constructor_and_accessors() -> None:
    tile = TileBufType("vec", f32, 32, 64, v_row=8)
    assert str(tile) == (
        "!pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=64, v_row=8, v_col=?, "
        "blayout=row_major, slayout=none_box, fractal=512, pad=0>"
    )
    assert (tile.loc, tile.dtype, tile.rows, tile.cols) == ("vec", f32, 32, 64)
    assert (tile.v_row, tile.v_col) == (8, None)
    assert (tile.blayout, tile.slayout, tile.fractal, tile.pad) == (
        "row_major",
        "none_box",
        512,
        0,
    )
    assert tile.compact is None
    compact = tile.with_changes(compact=1, v_col=64)
    assert str(compact).endswith("v_row=8, v_col=64, blayout=row_major, "
                                 "slayout=none_box, fractal=512, pad=0, compact=1>")
    assert compact.compact == 1
    # -1 and xDSL's DYNAMIC_INDEX both mean '?', like None.
    same = TileBufType("vec", f32, 32, 64, v_row=8, v_col=builtin.DYNAMIC_INDEX)
    assert same == tile == TileBufType("vec", f32, 32, 64, v_row=8, v_col=-1)


def test_tile_buf_compact_round_trips() -> None:
    text = VEC16[:-1] + ", compact=2>"
    module = parse(in_func(f"%t = pto.alloc_tile : {text}"))
    (alloc,) = [op for op in module.walk() if isinstance(op, AllocTileOp)]
    assert alloc.result.type.compact == 2
    assert f"pto.alloc_tile : {text}" in print_ir(module)


def test_view_and_pointer_types_print() -> None:
    assert str(PtrType(f32)) == "!pto.ptr<f32>"
    assert str(TensorViewType([-1, -1], f32)) == "!pto.tensor_view<?x?xf32>"
    assert str(TensorViewType([16, 16], f16)) == "!pto.tensor_view<16x16xf16>"
    assert (
        str(PartitionTensorViewType([32, 32], f32))
        == "!pto.partition_tensor_view<32x32xf32>"
    )
    assert TensorViewType([-1, 8], f32).get_shape() == (-1, 8)
    assert TensorViewType([None, 8], f32) == TensorViewType([-1, 8], f32)
    tile = TileBufType("vec", f32, 16, 16, 16, 16)
    assert str(MultiTileBufType(tile, 2)) == f"!pto.multi_tile_buf<{VEC16}, count=2>"


def test_enum_attributes_print() -> None:
    assert str(KernelKindAttr(KernelKind.CUBE)) == "#pto.kernel_kind<cube>"
    assert str(LayoutAttr(Layout.DN)) == "#pto.layout<dn>"
    assert str(RoundModeAttr(RoundMode.CAST_RINT)) == "#pto<round_mode CAST_RINT>"
    assert str(CmpModeAttr(CmpMode.LT)) == "#pto<cmp lt>"


# --------------------------------------------------------------------------- negative: types


def test_tile_buf_keys_out_of_order_rejected() -> None:
    bad = VEC16.replace("v_row=16, v_col=16", "v_col=16, v_row=16")
    err = parse_error(in_func(f"%t = pto.alloc_tile : {bad}"))
    assert err.msg == (
        "expected 'v_row' in !pto.tile_buf (keys are required, in the order loc, "
        "dtype, rows, cols, v_row, v_col, blayout, slayout, fractal, pad[, compact])"
    )


def test_tile_buf_missing_key_rejected() -> None:
    bad = VEC16.replace(", pad=0", "")
    err = parse_error(in_func(f"%t = pto.alloc_tile : {bad}"))
    assert err.msg == "Expected ',' before 'pad' in !pto.tile_buf"


def test_tile_buf_bad_fractal_rejected() -> None:
    bad = VEC16.replace("fractal=512", "fractal=100")
    err = parse_error(in_func(f"%t = pto.alloc_tile : {bad}"))
    assert err.msg == "invalid tile_buf fractal=100: expected one of 16, 32, 512, 1024"
    with pytest.raises(VerifyException, match="invalid tile_buf fractal=64"):
        TileBufType("vec", f32, 16, 16, fractal=64)


@pytest.mark.parametrize(
    "change, message",
    [
        (("loc=vec", "loc=gm"), "invalid tile_buf loc 'gm': expected one of vec, mat, "
         "left, right, acc, bias, scaling"),
        (("pad=0", "pad=4"), "invalid tile_buf pad=4: expected 0 (null), 1 (zero), "
         "2 (max) or 3 (min)"),
        (("pad=0", "pad=0, compact=3"), "invalid tile_buf compact=3: expected 0 (null), "
         "1 (normal) or 2 (row_plus_one)"),
        (("blayout=row_major", "blayout=nz"), "invalid tile_buf blayout 'nz': expected "
         "one of none_box, row_major, col_major"),
        (("v_row=16", "v_row=17"), "invalid tile_buf v_row=17: expected '?' or a value "
         "in 0..rows=16"),
    ],
)
def test_tile_buf_enumerations_checked(change: tuple[str, str], message: str) -> None:
    bad = VEC16.replace(*change)
    assert parse_error(in_func(f"%t = pto.alloc_tile : {bad}")).msg == message


def test_multi_tile_buf_count_bounds() -> None:
    err = parse_error(
        in_func(f"%m = pto.alloc_multi_tile : !pto.multi_tile_buf<{VEC16}, count=1>")
    )
    assert err.msg == "invalid multi_tile_buf count=1: expected 2 <= count <= 16"
    tile = TileBufType("vec", f32, 16, 16, 16, 16)
    with pytest.raises(VerifyException, match="count=17"):
        MultiTileBufType(tile, 17)
    assert MultiTileBufType(tile, 16).count == 16


# --------------------------------------------------------------------------- alloc / multi-tile


def test_alloc_tile_valid_operands_required_for_dynamic_valid_shape() -> None:
    message = verify_error(in_func(f"%t = pto.alloc_tile : {VEC_DYN}"))
    assert message == (
        "pto.alloc_tile: 'valid_row' operand is required because the tile type "
        "has v_row=?"
    )


def test_alloc_tile_valid_operands_rejected_for_static_valid_shape() -> None:
    body = (
        "%c16 = arith.constant 16 : index\n"
        f"%t = pto.alloc_tile valid_row = %c16 valid_col = %c16 : {VEC16}"
    )
    assert verify_error(in_func(body)) == (
        "pto.alloc_tile: 'valid_row' operand is only allowed when the tile type has "
        "v_row=? (it has v_row=16)"
    )


def test_alloc_tile_with_addr_and_valid_operands_round_trips() -> None:
    line = (
        f"%t = pto.alloc_tile addr = %c0_i64 valid_row = %c16_index "
        f"valid_col = %c16_index : {VEC_DYN}"
    )
    body = (
        "%c0_i64 = arith.constant 0 : i64\n%c16_index = arith.constant 16 : index\n"
        + line
    )
    module = parse(in_func(body))
    assert line in print_ir(module)
    (alloc,) = [op for op in module.walk() if isinstance(op, AllocTileOp)]
    assert alloc.addr is not None and alloc.valid_row is not None


def test_multi_tile_round_trip_and_slot_type_check() -> None:
    multi = f"!pto.multi_tile_buf<{VEC_DYN}, count=2>"
    body = f"""
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %mb = pto.alloc_multi_tile valid_row = %c16 valid_col = %c16 : {multi}
  scf.for %i = %c0 to %c4 step %c1 {{
    %slot = arith.remsi %i, %c2 : index
    %x = pto.multi_tile_get %mb[%slot] : {multi} -> {VEC_DYN}
  }}"""
    printed = print_ir(parse(in_func(body)))
    assert f"pto.alloc_multi_tile valid_row = %c16 valid_col = %c16 : {multi}" in printed
    assert f"%x = pto.multi_tile_get %mb[%slot] : {multi} -> {VEC_DYN}" in printed

    wrong = body.replace(f"-> {VEC_DYN}", f"-> {VEC16}")
    assert verify_error(in_func(wrong)).startswith(
        f"pto.multi_tile_get: result type {VEC16} differs from the slot type"
    )


# --------------------------------------------------------------------------- views


def test_make_tensor_view_needs_one_stride_per_dim() -> None:
    body = (
        "%c1 = arith.constant 1 : index\n"
        "%v = pto.make_tensor_view %p, shape = [%c1, %c1], strides = [%c1] "
        ": !pto.tensor_view<?x?xf32>"
    )
    assert verify_error(in_func(body, "%p: !pto.ptr<f32>")) == (
        "pto.make_tensor_view: 2-d !pto.tensor_view<?x?xf32> needs 2 shape and 2 "
        "stride operands, got 2 and 1"
    )


def test_make_tensor_view_requires_comma_between_shape_and_strides() -> None:
    body = (
        "%c1 = arith.constant 1 : index\n"
        "%v = pto.make_tensor_view %p, shape = [%c1] strides = [%c1] "
        ": !pto.tensor_view<?xf32>"
    )
    err = parse_error(in_func(body, "%p: !pto.ptr<f32>"))
    assert err.msg == "Expected ',' between 'shape' and 'strides'"


def test_subview_round_trip_and_checks() -> None:
    small = VEC16.replace("rows=16", "rows=8").replace("v_row=16", "v_row=8")
    line = f"%s = pto.subview %t[%c8, %c0] sizes [8, 16] : {VEC16} -> {small}"
    line_valid = (
        f"%w = pto.subview %t[%c8, %c0] sizes [8, 16] valid [%c8, %c8] "
        f": {VEC16} -> {small}"
    )
    body = (
        "%c0 = arith.constant 0 : index\n%c8 = arith.constant 8 : index\n"
        f"%t = pto.alloc_tile : {VEC16}\n{line}\n{line_valid}"
    )
    module = parse(in_func(body))
    printed = print_ir(module)
    assert line in printed and line_valid in printed
    subviews = [op for op in module.walk() if isinstance(op, SubviewOp)]
    assert subviews[0].static_sizes == (8, 16) and subviews[0].valid_row is None
    assert subviews[1].valid_row is not None

    wrong_size = body.replace(line, line.replace("sizes [8, 16]", "sizes [4, 16]"))
    assert verify_error(in_func(wrong_size)) == (
        "pto.subview: sizes [4, 16] differ from the result shape rows=8, cols=16"
    )
    wrong_fractal = body.replace(
        f"-> {small}\n", f"-> {small.replace('fractal=512', 'fractal=1024')}\n"
    )
    assert verify_error(in_func(wrong_fractal)) == (
        "pto.subview: result fractal=1024 differs from the source's fractal=512"
    )


# --------------------------------------------------------------------------- DPS ops


def test_wrong_ins_form_is_rejected() -> None:
    body = (
        f"%a = pto.alloc_tile : {VEC16}\n%b = pto.alloc_tile : {VEC16}\n"
        f"pto.tadd ins(%a : {VEC16}, %b : {VEC16}) outs(%a : {VEC16})"
    )
    err = parse_error(in_func(body))
    assert err.msg == (
        "expected a type in 'ins(...)', found an operand: list all operands first, "
        "then one ':' and all their types in the same order, e.g. "
        "ins(%a, %b : Ta, Tb)"
    )


def test_ins_operand_and_type_counts_must_match() -> None:
    body = f"%a = pto.alloc_tile : {VEC16}\npto.tadd ins(%a, %a : {VEC16}) outs(%a : {VEC16})"
    assert parse_error(in_func(body)).msg == "'ins(...)' has 2 operands but 1 types"


@pytest.mark.parametrize(
    "op_text, message",
    [
        (
            f"pto.tadd ins(%a : {VEC16}) outs(%a : {VEC16})",
            "pto.tadd: expected 2 'ins' operands (src0, src1), got 1",
        ),
        (
            f"pto.tmatmul ins(%a, %a : {VEC16}, {VEC16}) outs(%a : {VEC16})",
            "pto.tmatmul: 'ins' operand #0 (lhs) must be a tile with loc=left, "
            "got loc=vec",
        ),
        (
            f"pto.tmuls ins(%a, %a : {VEC16}, {VEC16}) outs(%a : {VEC16})",
            f"pto.tmuls: 'ins' operand #1 (scalar) must be a scalar (integer, float or "
            f"index), got {VEC16}",
        ),
        (
            f"pto.tadd ins(%a, %a : {VEC16}, {VEC16}) outs(%a, %a : {VEC16}, {VEC16})",
            "pto.tadd: expected exactly 1 'outs' operand, got 2",
        ),
        (
            f"pto.tload ins(%a : {VEC16}) outs(%a : {VEC16})",
            f"pto.tload: 'ins' operand #0 (src) must be a !pto.partition_tensor_view, "
            f"got {VEC16}",
        ),
        (
            f"pto.tadd ins(%a, %h : {VEC16}, {VEC16.replace('f32', 'f16')}) "
            f"outs(%a : {VEC16})",
            "pto.tadd: all tile operands must share one dtype, got f32, f16, f32",
        ),
        (
            f"pto.tcmp ins(%a, %a {{cmpMode = 1 : i32}} : {VEC16}, {VEC16}) "
            f"outs(%a : {VEC16})",
            "pto.tcmp: attribute 'cmpMode' must be a #pto.cmp, got 1 : i32",
        ),
    ],
)
def test_dps_verifier_messages(op_text: str, message: str) -> None:
    body = (
        f"%a = pto.alloc_tile : {VEC16}\n"
        f"%h = pto.alloc_tile : {VEC16.replace('f32', 'f16')}\n{op_text}"
    )
    assert verify_error(in_func(body)) == message


def test_dps_attribute_dict_positions() -> None:
    f16_tile = VEC16.replace("f32", "f16")
    tcvt = (
        f"pto.tcvt ins(%a {{rmode = #pto<round_mode FLOOR>}} : {VEC16}) "
        f"outs(%h : {f16_tile})"
    )
    tadd = (
        f"pto.tadd ins(%a, %a : {VEC16}, {VEC16}) outs(%a : {VEC16}) "
        "{note = \"x\"}"
    )
    body = (
        f"%a = pto.alloc_tile : {VEC16}\n%h = pto.alloc_tile : {f16_tile}\n"
        # tcvt written with the dictionary after outs: printed inside ins.
        f"pto.tcvt ins(%a : {VEC16}) outs(%h : {f16_tile}) "
        "{rmode = #pto.round_mode<FLOOR>}\n"
        f"{tadd}"
    )
    printed = print_ir(parse(in_func(body)))
    assert tcvt in printed
    assert tadd in printed


def test_trailing_location_is_accepted() -> None:
    body = (
        f'%a = pto.alloc_tile : {VEC16} loc("k.py":3:7)\n'
        f'pto.texp ins(%a : {VEC16}) outs(%a : {VEC16}) loc("k.py":4:1)'
    )
    module = parse(in_func(body))
    locs = [op.location for op in module.walk() if op.name.startswith("pto.")]
    assert locs == [
        FileLineColLoc(builtin.StringAttr("k.py"), builtin.IntAttr(3), builtin.IntAttr(7)),
        FileLineColLoc(builtin.StringAttr("k.py"), builtin.IntAttr(4), builtin.IntAttr(1)),
    ]


def test_treshape_view_and_dps_forms() -> None:
    wide = (
        "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=32, v_row=8, v_col=32, "
        "blayout=row_major, slayout=none_box, fractal=512, pad=0>"
    )
    view = f"%r = pto.treshape %a : {VEC16} -> {wide}"
    dps = f"pto.treshape ins(%a : {VEC16}) outs(%r : {wide})"
    body = f"%a = pto.alloc_tile : {VEC16}\n{view}\n{dps}"
    module = parse(in_func(body))
    printed = print_ir(module)
    assert view in printed and dps in printed
    ops = [op for op in module.walk() if isinstance(op, TReshapeOp)]
    assert [op.is_view_form for op in ops] == [True, False]


def test_dps_table_covers_every_op_name() -> None:
    expected = (
        "tload tstore tmov tadd tsub tmul tdiv tmax tmin tadds tsubs tmuls tdivs tmaxs "
        "tmins texp tlog tsqrt trsqrt trecip tneg tabs trelu tcvt trowsum trowmax "
        "trowmin trowexpand trowexpandadd trowexpandsub trowexpandmul trowexpanddiv "
        "tcolexpand tcolexpandadd tcolexpandsub tcolexpandmul tcolexpanddiv tsel tsels "
        "tcmp tcmps ttrans treshape textract tmatmul tmatmul.acc tmatmul.bias tfillpad texpands "
        "trem trems tfmod tfmods tprelu "
        # issue 23, vector family
        "tand tor txor tands tors txors tshl tshr tshls tshrs tlrelu taddc tsubc taddsc "
        "tsubsc tpartadd tpartmul tpartmax tpartmin tnot trowexpandmax trowexpandmin "
        "trowexpandexpdif tcolexpandmax tcolexpandmin tcolexpandexpdif"
    ).split()
    assert sorted(PTO_DPS_OPS) == sorted(expected)
    registered = {op.name for op in PTO.operations}
    for short, cls in PTO_DPS_OPS.items():
        assert issubclass(cls, PTODpsOp)
        assert cls.name == f"pto.{short}"
        assert cls.name in registered
    assert len(DPS_OP_CLASSES) == len(expected)


@pytest.mark.parametrize("short", ["tadd", "tsub", "tmul", "tdiv", "tmax", "tmin"])
def test_every_binary_op_parses_and_prints(short: str) -> None:
    line = f"pto.{short} ins(%a, %a : {VEC16}, {VEC16}) outs(%a : {VEC16})"
    module = parse(in_func(f"%a = pto.alloc_tile : {VEC16}\n{line}"))
    assert line in print_ir(module)
    assert any(isinstance(op, PTO_DPS_OPS[short]) for op in module.walk())


# --------------------------------------------------------------------------- builders


def test_builders_produce_the_vadd_sample_text() -> None:
    tile = TileBufType("vec", f32, 16, 16, 16, 16)
    block = Block(arg_types=[PtrType(f32), PtrType(f32)])
    block.args[0].name_hint = "arg0"
    c16 = arith.ConstantOp.from_int_and_width(16, builtin.IndexType())
    c1 = arith.ConstantOp.from_int_and_width(1, builtin.IndexType())
    c0 = arith.ConstantOp.from_int_and_width(0, builtin.IndexType())
    addr = arith.ConstantOp.from_int_and_width(0, i64)
    for op, name in ((c16, "c16_index"), (c1, "c1_index"), (c0, "c0_index"),
                     (addr, "c0_i64")):
        op.result.name_hint = name
    tv = MakeTensorViewOp(block.args[0], [c16, c16], [c16, c1], layout="nd")
    pv = PartitionViewOp(
        tv, [c0, c0], [c16, c16], PartitionTensorViewType([16, 16], f32)
    )
    alloc = AllocTileOp(tile, addr=addr)
    load = PTO_DPS_OPS["tload"](ins=[pv], outs=[alloc])
    add = TAddOp(ins=[alloc, alloc], outs=[alloc])
    store = PTO_DPS_OPS["tstore"](ins=[alloc], outs=[pv])
    block.add_ops([c16, c1, c0, addr, tv, pv, alloc, load, add, store, func.ReturnOp()])
    kernel = func.FuncOp(
        "vadd",
        builtin.FunctionType.from_lists([PtrType(f32)] * 2, []),
        Region(block),
    )
    kernel.attributes["pto.kernel_kind"] = KernelKindAttr(KernelKind.VECTOR)
    module = ModuleOp([kernel])
    module.verify()
    printed = print_ir(module)
    assert f"pto.alloc_tile addr = %c0_i64 : {VEC16}" in printed
    assert (
        "= pto.make_tensor_view %arg0, shape = [%c16_index, %c16_index], strides = "
        "[%c16_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>"
    ) in printed
    assert re.search(
        rf"pto\.tload ins\(%\d+ : !pto\.partition_tensor_view<16x16xf32>\) "
        rf"outs\(%\d+ : {re.escape(VEC16)}\)",
        printed,
    )
    assert parse(printed).is_structurally_equivalent(module)


def test_builder_attributes_and_multi_tile_get() -> None:
    tile = TileBufType("vec", f32, 16, 16)
    c16 = arith.ConstantOp.from_int_and_width(16, builtin.IndexType())
    c2 = arith.ConstantOp.from_int_and_width(2, builtin.IndexType())  # the last of 3 slots
    multi = AllocMultiTileOp(MultiTileBufType(tile, 3), c16, c16)
    get = MultiTileGetOp(multi, c2)
    assert get.result.type == tile
    cvt = PTO_DPS_OPS["tcvt"](
        ins=[get], outs=[get], attributes={"rmode": RoundModeAttr(RoundMode.RINT)}
    )
    block = Block()
    block.add_ops([c16, c2, multi, get, cvt])
    ModuleOp(Region(block)).verify()
    text = str(cvt)
    assert text.startswith("pto.tcvt ins(%") and "{rmode = #pto<round_mode RINT>} :" in text


def test_printer_can_emit_locations() -> None:
    body = f'%a = pto.alloc_tile : {VEC16} loc("k.py":3:7)'
    module = parse(in_func(body))
    (alloc,) = [op for op in module.walk() if isinstance(op, AllocTileOp)]
    from io import StringIO

    out = StringIO()
    Printer(stream=out, print_debuginfo=True).print_op(alloc)
    assert out.getvalue().endswith(f': {VEC16} loc("k.py":3:7)')


# --------------------------------------------------------------------------- remainders, prelu


@pytest.mark.parametrize(
    "line",
    [
        f"pto.trem ins(%a, %b, %t : {VEC16}, {VEC16}, {VEC16}) outs(%c : {VEC16})",
        f"pto.trems ins(%a, %s, %t : {VEC16}, f32, {VEC16}) outs(%c : {VEC16})",
        f"pto.tfmod ins(%a, %b : {VEC16}, {VEC16}) outs(%c : {VEC16})",
        f"pto.tfmods ins(%a, %s : {VEC16}, f32) outs(%c : {VEC16})",
        f"pto.tprelu ins(%a, %b, %t : {VEC16}, {VEC16}, {VEC16}) outs(%c : {VEC16})",
    ],
)
def test_remainder_and_prelu_ops_round_trip(line: str) -> None:
    allocs = "\n".join(f"%{n} = pto.alloc_tile : {VEC16}" for n in "abct")
    module = parse(in_func(f"{allocs}\n{line}", "%s: f32"))
    assert line in print_ir(module)


@pytest.mark.parametrize(
    "op_text,message",
    [
        (
            f"pto.trem ins(%a, %b : {VEC16}, {VEC16}) outs(%c : {VEC16})",
            "pto.trem: expected 3 'ins' operands (src0, src1, tmp), got 2",
        ),
        (
            f"pto.trems ins(%a, %a, %t : {VEC16}, {VEC16}, {VEC16}) outs(%c : {VEC16})",
            "pto.trems: 'ins' operand #1 (scalar) must be a scalar (integer, float or index), got "
            + VEC16,
        ),
        (
            f"pto.tfmods ins(%a, %s : {VEC16}, f32) outs(%h : {VEC16.replace('f32', 'f16')})",
            "pto.tfmods: all tile operands must share one dtype, got f32, f16",
        ),
        (
            f"pto.tprelu ins(%a, %b, %m : {VEC16}, {VEC16}, {MAT16}) outs(%c : {VEC16})",
            "pto.tprelu: 'ins' operand #2 (tmp) must be a tile with loc=vec, got loc=mat",
        ),
    ],
)
def test_remainder_and_prelu_verifiers(op_text: str, message: str) -> None:
    body = (
        f"%a = pto.alloc_tile : {VEC16}\n%b = pto.alloc_tile : {VEC16}\n"
        f"%c = pto.alloc_tile : {VEC16}\n%t = pto.alloc_tile : {VEC16}\n"
        f"%h = pto.alloc_tile : {VEC16.replace('f32', 'f16')}\n%m = pto.alloc_tile : {MAT16}\n"
        + op_text
    )
    assert message in verify_error(in_func(body, "%s: f32"))


# --------------------------------------------------------------------------- cross-core pipes


ACC16 = (
    "!pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, "
    "blayout=col_major, slayout=row_major, fractal=1024, pad=0>"
)


def pipes(*ids: int, side: str = "aiv") -> str:
    """A ring and an initialize op (both directions) for each pipe id, as
    ptoas needs before a push, pop or free of that id."""
    out = []
    for i in ids:
        out.append(
            f'%ring{i} = pto.reserve_buffer {{name = "ring{i}", size = 4096, '
            "location = #pto.address_space<vec>, auto = true} -> i32"
        )
        out.append(
            f"pto.{side}_initialize_pipe {{id = {i}, dir_mask = 3, slot_size = 1024}} "
            f"(c2v_consumer_buf = %ring{i} : i32, v2c_consumer_buf = %ring{i} : i32)"
        )
    return "\n".join(out) + "\n"


def test_cross_core_ops_round_trip() -> None:
    lines = [
        f"%p = pto.tpop_from_aic {{split = 1}} -> {VEC16}",
        f"%q = pto.tpop_from_aiv {{id = 2, split = 0}} -> {MAT16}",
        f"%d = pto.tpop_from_aic(%r, %r) {{split = 3}} -> {VEC_DYN}",
        f"pto.tpush_to_aic(%p : {VEC16}) {{split = 0}}",
        f"%a = pto.alloc_tile : {ACC16}",
        f"pto.tpush_to_aiv(%a : {ACC16}) {{id = 1, split = 4}}",
    ]
    module = parse(in_func(pipes(0, 1, 2) + "\n".join(lines), "%r: index"))
    printed = print_ir(module)
    for line in lines:
        assert line in printed
    assert parse(printed).is_structurally_equivalent(module)
    assert sorted(PTO_CROSS_CORE_OPS) == [
        "tpop_from_aic", "tpop_from_aiv", "tpush_to_aic", "tpush_to_aiv"
    ]
    registered = {op.name for op in PTO.operations}
    assert all(cls.name in registered for cls in CROSS_CORE_OPS)


def test_cross_core_attributes_parse_typed_and_print_bare() -> None:
    module = parse(in_func(pipes(7) + f"%p = pto.tpop_from_aic {{split = 2 : i64, id = 7 : i64}} -> {VEC16}"))
    assert f"%p = pto.tpop_from_aic {{id = 7, split = 2}} -> {VEC16}" in print_ir(module)


def test_cross_core_builders() -> None:
    tile = TileBufType("vec", f32, 16, 16, 16, 16)
    acc = TileBufType("acc", f32, 16, 16, 16, 16, blayout="col_major", slayout="row_major", fractal=1024)
    pop = TPopFromAicOp(tile, 1)
    push = TPushToAivOp(AllocTileOp(acc).result, 2, pipe_id=5)
    pop.verify()
    push.verify()
    assert dict(pop.attributes) == {"split": builtin.IntegerAttr(1, i64)}
    assert list(push.attributes) == ["id", "split"]
    assert push.attributes["id"] == builtin.IntegerAttr(5, i64)


@pytest.mark.parametrize(
    "op_text,message",
    [
        (
            f"%p = pto.tpop_from_aic {{split = 0}} -> {MAT16}",
            "pto.tpop_from_aic: result must be a tile with loc=vec, got loc=mat",
        ),
        (
            f"%p = pto.tpop_from_aiv {{split = 0}} -> {VEC16}",
            "pto.tpop_from_aiv: result must be a tile with loc=mat, got loc=vec",
        ),
        (
            f"%p = pto.tpop_from_aic {{id = 1}} -> {VEC16}",
            "pto.tpop_from_aic: needs an integer 'split' attribute (0..4, pto-isa TileSplitAxis), got None",
        ),
        (
            f"%p = pto.tpop_from_aic {{split = 5}} -> {VEC16}",
            "pto.tpop_from_aic: 'split' must be 0..4 (pto-isa TileSplitAxis), got 5",
        ),
        (
            f"%p = pto.tpop_from_aic {{id = -1, split = 0}} -> {VEC16}",
            "pto.tpop_from_aic: 'id' must be a non-negative integer, got -1 : i64",
        ),
        (
            f"%p = pto.tpop_from_aic {{split = 0, mode = 1}} -> {VEC16}",
            "pto.tpop_from_aic: unexpected attribute 'mode' (only 'id' and 'split')",
        ),
        (
            f"%p = pto.tpop_from_aic {{split = 0}} -> {VEC_DYN}",
            "pto.tpop_from_aic: takes (valid_row, valid_col) operands exactly when the result "
            "type has v_row=? / v_col=? (v_row=?)",
        ),
        (
            f"%p = pto.tpop_from_aic(%r, %r) {{split = 0}} -> {VEC16}",
            "pto.tpop_from_aic: takes (valid_row, valid_col) operands exactly when the result "
            "type has v_row=? / v_col=? (v_row=16)",
        ),
        (
            f"pto.tpush_to_aic(%m : {MAT16}) {{split = 0}}",
            "pto.tpush_to_aic: the pushed tile must be a tile with loc=vec, got loc=mat",
        ),
        (
            f"pto.tpush_to_aiv(%m : {MAT16}) {{split = 0}}",
            "pto.tpush_to_aiv: the pushed tile must be a tile with loc=acc, got loc=mat",
        ),
    ],
)
def test_cross_core_verifier_messages(op_text: str, message: str) -> None:
    body = pipes(0) + f"%m = pto.alloc_tile : {MAT16}\n%v = pto.alloc_tile : {VEC16}\n{op_text}"
    assert message in verify_error(in_func(body, "%r: index"))


@pytest.mark.parametrize(
    "op_text,message",
    [
        (
            f"%p = pto.tpop_from_aic {{split = 0}} -> {VEC16}",
            "pto.tpop_from_aic: expects 'id' = 0 to match a frontend initialize_pipe op in the same function",
        ),
        (
            f"pto.tpush_to_aic(%v : {VEC16}) {{id = 3, split = 0}}",
            "pto.tpush_to_aic: expects 'id' = 3 to match a frontend initialize_pipe op in the same function",
        ),
        (
            "pto.tfree_from_aic {split = 0}",
            "pto.tfree_from_aic: expects 'id' = 0 to match a frontend initialize_pipe op in the same function",
        ),
    ],
)
def test_pipe_ops_need_an_initialize_op(op_text: str, message: str) -> None:
    """ptoas (v0.48) refuses a push, pop or free without an initialize op of
    its id in the function; so does our PTO dialect (pipe id 1 set up here)."""
    body = pipes(1) + f"%v = pto.alloc_tile : {VEC16}\n{op_text}"
    assert message in verify_error(in_func(body))


def test_initialize_pipe_rules() -> None:
    """An enabled direction's consumer buffer comes from a reservation or an
    import; an a2/a3 module's initialize op names its GM slot buffer (ptoas)."""
    z = "%z = arith.constant 0 : i32\n"
    init = "pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 1024} (c2v_consumer_buf = %z : i32, v2c_consumer_buf = %z : i32)"
    assert (
        "pto.aiv_initialize_pipe: dir_mask = 1 uses 'c2v_consumer_buf', which must come from "
        "pto.reserve_buffer or pto.import_reserved_buffer"
    ) in verify_error(in_func(z + init))
    ring = pipes(0).replace("dir_mask = 3", "dir_mask = 1").replace("id = 0, ", "")
    a3 = 'builtin.module attributes {pto.target_arch = "a3"} {\n' + in_func(ring) + "\n}"
    assert "pto.aiv_initialize_pipe: requires 'gm_slot_buffer' when lowering to a2/a3" in verify_error(a3)
    with_gm = ring.replace("(c2v_consumer_buf", "(gm_slot_buffer = %gm : !pto.ptr<f32>, c2v_consumer_buf")
    module = parse('builtin.module attributes {pto.target_arch = "a3"} {\n' + in_func(with_gm, "%gm: !pto.ptr<f32>") + "\n}")
    assert "(gm_slot_buffer = %gm : !pto.ptr<f32>, c2v_consumer_buf = %ring0 : i32" in print_ir(module)


def test_tpush_form() -> None:
    """A push names its tile in parentheses, as ptoas reads it; the old
    ``ins(...)`` form is refused as ptoas refuses it ("expected '('")."""
    err = parse_error(in_func(pipes(0) + f"%v = pto.alloc_tile : {VEC16}\npto.tpush_to_aic ins(%v : {VEC16}) {{split = 0}}"))
    assert "Expected '('" in str(err) or "expected '('" in str(err)
