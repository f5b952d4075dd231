"""Pieces of ``xdsl-pto import-pypto``: annotations -> types, scalar
expressions -> arith, and the command's output-file rule."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import numpy as np
import pytest
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import (
    Float16Type,
    Float32Type,
    IndexType,
    IntegerType,
    MemRefType,
    Signedness,
)
from xdsl.ir import Block

from xdsl_pto.dialects.tile.types import AllocBindingAttr, MemorySpace, TileType
from xdsl_pto.tools import cli
from xdsl_pto.frontends.pypto import PyptoImportError, import_source
from xdsl_pto.frontends.pypto import annotations as ann


def _expr(text: str) -> ast.expr:
    return ast.parse(text, mode="eval").body


# ----- annotations -> types ---------------------------------------------------


def test_tile_annotation_defaults():
    t = ann.tile_type(_expr("pl.Tile[[64, 1], pl.FP32, pl.Mem.Vec]"))
    assert t == TileType([64, 1], Float32Type(), MemorySpace.VEC)
    assert t.blayout.data == "col_major"  # a Vec column vector's default


def test_tile_annotation_view_and_space():
    t = ann.tile_type(
        _expr(
            "pl.Tile[[64, 64], pl.FP16, pl.Mem.Mat, pl.TileView(valid_shape=[0, 0], "
            "blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.col_major)]"
        )
    )
    assert t.memory_space is MemorySpace.MAT
    assert t.element_type == Float16Type()
    assert t.get_valid_shape() == (0, 0)
    assert (t.blayout.data, t.slayout.data) == ("row_major", "col_major")


def test_tile_annotation_declared_allocation():
    t = ann.tile_type(_expr('pl.Tile[[16, 16], pl.FP32, pl.MemRef("l0c", slots=2)[1], pl.Mem.Acc]'))
    assert t.get_binding() == AllocBindingAttr("l0c", 2, 1)


def test_tensor_and_scalar_annotations():
    out = ann.tensor_type(_expr("pl.Out[pl.Tensor[[128, 64], pl.INT8]]"))
    assert out.out and out.type == MemRefType(IntegerType(8), [128, 64])
    assert not ann.tensor_type(_expr("pl.Tensor[[4], pl.BF16]")).out
    assert ann.scalar_type(_expr("pl.Scalar[pl.INDEX]")) == IndexType()
    assert ann.scalar_type(_expr("pl.Scalar[pl.INT32]")) == IntegerType(32)
    assert ann.scalar_type(_expr("pl.Tensor[[4], pl.FP32]")) is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("pl.Tile[[64, 64], pl.FP64, pl.Mem.Vec]", "unknown data type 'pl.FP64'"),
        ("pl.Tile[[64, 64], pl.FP32, pl.Mem.DDR]", "unknown memory space 'pl.Mem.DDR'"),
        ("pl.Tile[[64, 64], pl.FP32]", "a tile annotation is pl.Tile[[shape], dtype, pl.Mem.X, ...]"),
        ("pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec, pl.TileView(stride=[1, 64])]", "unsupported TileView field 'stride'"),
        ("pl.Tile[[64, n], pl.FP32, pl.Mem.Vec]", "a tile shape must be a list of integer literals"),
        ("pl.Tile[[64, 4], pl.FP32, pl.Mem.Vec]", "a row_major vec tile needs 32-byte rows"),
    ],
)
def test_tile_annotation_errors(text, message):
    with pytest.raises(PyptoImportError) as info:
        ann.tile_type(_expr(text))
    assert message in info.value.message
    assert info.value.line == 1


# ----- scalar expressions -> arith ---------------------------------------------

_PROGRAM = """\
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker)
    def kernel(x: pl.Tensor[[512, 64], pl.FP32]):
        for i in pl.range(1, 8, 2):
{body}
"""


def _import(body: str):
    return import_source(_PROGRAM.format(body=textwrap.indent(body, " " * 12)), "dump.py")


def _loop_ops(module) -> list:
    loop = next(op for op in module.walk() if isinstance(op, scf.ForOp))
    return list(loop.body.block.ops)


def test_index_arithmetic():
    m = _import("k: pl.Scalar[pl.INDEX] = (i + 1) * 64 - i // 2 + i % 4")
    names = [op.name for op in _loop_ops(m)]
    # `%` is Python's floor modulo: i - floordivsi(i, 4) * 4 (never arith.remsi)
    assert names == [
        "arith.addi", "arith.muli", "arith.floordivsi", "arith.subi",
        "arith.floordivsi", "arith.muli", "arith.subi", "arith.addi", "scf.yield",
    ]
    consts = sorted(op.value.value.data for op in m.walk() if isinstance(op, arith.ConstantOp))
    assert consts == [1, 2, 4, 8, 64]  # hoisted once each (1 is also the start and the step)


@pytest.mark.parametrize(
    ("op", "predicate"), [("==", 0), ("!=", 1), ("<", 2), ("<=", 3), (">", 4), (">=", 5)]
)
def test_comparisons_are_signed_cmpi(op, predicate):
    m = _import(f"c: pl.Scalar[pl.BOOL] = i {op} 3")
    cmp = _loop_ops(m)[0]
    assert isinstance(cmp, arith.CmpiOp)
    assert cmp.predicate.value.data == predicate
    assert cmp.result.type == IntegerType(1)


def test_scalar_errors_are_located():
    with pytest.raises(PyptoImportError) as info:
        _import("k: pl.Scalar[pl.INDEX] = i ** 2")
    assert info.value.message == "unsupported scalar expression 'i ** 2'"
    assert (info.value.line, info.value.col) == (9, 38)
    with pytest.raises(PyptoImportError) as info:
        _import("k: pl.Scalar[pl.INDEX] = x + 1")
    assert info.value.message == "'x' is a tensor, not a scalar"
    with pytest.raises(PyptoImportError) as info:
        _import("k: pl.Scalar[pl.INT32] = i * 2")
    assert info.value.message == "the expression is index, the annotation says i32"


# ----- the command: no output file on error ----------------------------------

_GOOD = """\
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker)
    def kernel(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        r: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(t, [0, 0], out)
        return r
"""


def test_output_written_only_on_success(tmp_path, capsys):
    good, bad, out = tmp_path / "good.py", tmp_path / "bad.py", tmp_path / "k.mlir"
    good.write_text(_GOOD)
    bad.write_text(_GOOD.replace("return r", "return t"))
    assert cli.main(["import-pypto", str(bad), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert err == f"{bad}:10:16: error: can only return tensor parameters (or aliases of them), got 't'\n"
    assert not out.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.py", "good.py"]  # no temporary file left
    assert cli.main(["import-pypto", str(good), "-o", str(out)]) == 0
    text = out.read_text()
    assert "tile.store %t, %out[%c0, %c0]" in text
    # a failing run leaves an existing output as it was, and no temporary file
    assert cli.main(["import-pypto", str(bad), "-o", str(out)]) == 1
    assert out.read_text() == text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.py", "good.py", "k.mlir"]


def test_output_parses_back(tmp_path):
    from xdsl_pto.tools.session import read_module

    src, out = tmp_path / "good.py", tmp_path / "k.mlir"
    src.write_text(_GOOD)
    assert cli.main(["import-pypto", str(src), "-o", str(out)]) == 0
    module = read_module(str(out))
    module.verify()
    fn = next(iter(module.ops))
    assert fn.attributes["tile.function_kind"].data == "aiv"
    assert fn.arg_attrs.data[1].data == {"tile.out": fn.arg_attrs.data[1].data["tile.out"]}


# ----- findings of a breaker session ------------------------------------------

_INPUTS = Path(__file__).resolve().parents[1] / "lit" / "xdsl-pto-import-pypto" / "Inputs"


def _run(dump: str) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """Import ``Inputs/dump``, run its ``kernel`` in the interpreter (logical
    mode, seed 0); (inputs, outputs)."""
    from xdsl_pto.interp.inputs import make_inputs
    from xdsl_pto.interp.runner import find_function, run_function

    module = import_source((_INPUTS / dump).read_text(encoding="utf-8-sig"), dump)
    module.verify()
    inputs = make_inputs(find_function(module, "kernel"), 0)
    result = run_function(module, "kernel", [a.copy() for a in inputs], mode="logical")
    return inputs, result.outputs


def test_floor_mod_rotates_blocks():
    # o[8i:8i+8] = a[((i - 1) % 4) * 8 ...]: block 0 gets a's last block (3), not row -8
    (a, _), outputs = _run("floor_mod_rotate.py")
    assert np.array_equal(outputs[1], np.roll(a, 8, axis=0))


@pytest.mark.parametrize("dump", ["transpose_view_default.py", "transpose_view_stated.py"])
def test_transpose_view_transposes(dump):
    (a, _), outputs = _run(dump)
    assert np.array_equal(outputs[1], a.T)


@pytest.mark.parametrize(
    ("value", "type_", "message"),
    [
        (1e39, Float32Type(), "1e+39 does not fit in f32"),
        (70000.0, Float16Type(), "70000.0 does not fit in f16"),
        (10**400, Float32Type(), f"{10**400} does not fit in f32"),
        (2**63, IndexType(), f"{2**63} does not fit in index"),
        (2**63, IntegerType(64), f"{2**63} does not fit in i64"),
        (256, IntegerType(8, Signedness.UNSIGNED), "256 does not fit in ui8"),
        (-1, IntegerType(8, Signedness.UNSIGNED), "-1 does not fit in ui8"),
        (128, IntegerType(8), "128 does not fit in i8"),
        ("x", Float32Type(), "cannot use 'x' as a value of type f32"),
    ],
)
def test_literals_are_range_checked(value, type_, message):
    from xdsl_pto.frontends.pypto.context import FunctionContext, Program
    from xdsl_pto.frontends.pypto.scalars import constant

    ctx = FunctionContext(Program("d.py"), "f", "aiv", Block(), Block())
    with pytest.raises(PyptoImportError) as info:
        constant(ctx, value, type_, _expr("0"))
    assert info.value.message == message


def test_func_attr_int_range():
    with pytest.raises(PyptoImportError) as info:
        import_source(_GOOD.replace("        t:", '        pl.func_attr({"k": 99999999999999999999})\n        t:', 1), "d.py")
    assert info.value.message == "pl.func_attr value 99999999999999999999 does not fit in i64"


def test_unicode_names_parse_back(tmp_path):
    from xdsl_pto.tools.session import read_module

    out = tmp_path / "k.mlir"
    assert cli.main(["import-pypto", str(_INPUTS / "unicode_names.py"), "-o", str(out)]) == 0
    text = out.read_text()
    assert "%r_sultat = tile.add" in text and "é" not in text
    read_module(str(out)).verify()


def test_self_parameter_is_skipped():
    module = import_source((_INPUTS / "self_param.py").read_text(), "self_param.py")
    fn = next(iter(module.ops))
    assert [str(t) for t in fn.function_type.inputs.data] == ["memref<16x64xf32>", "memref<16x64xf32>"]


def test_bom_is_accepted(tmp_path, capsys):
    src = tmp_path / "bom.py"
    src.write_bytes(b"\xef\xbb\xbf" + _GOOD.encode())
    assert cli.main(["import-pypto", str(src)]) == 0
    assert "func.func @kernel" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("target", "reason"), [("missing/x.mlir", "No such file or directory"), (".", "Is a directory")]
)
def test_unwritable_output_is_named(tmp_path, capsys, target, reason):
    src, outdir = tmp_path / "good.py", tmp_path / "out"
    src.write_text(_GOOD)
    outdir.mkdir()
    out = outdir / target
    assert cli.main(["import-pypto", str(src), "-o", str(out)]) == 1
    assert capsys.readouterr().err == f"{out}: error: cannot write: {reason}\n"
    assert list(outdir.iterdir()) == []  # no temporary file left


@pytest.mark.parametrize(
    ("statement", "message"),
    [
        ('p = pl.MemRef("p", slot=2)', "unsupported keyword argument 'slot' of 'pl.MemRef'"),
        (
            'b: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="b", size=4096, base=-1, space="mat")',
            "unsupported keyword argument 'space' of 'pl.system.reserve_buffer'",
        ),
        (
            'b: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="b", size=2**70, base=-1)',
            "'size' of 'pl.system.reserve_buffer' must be an integer literal, got '2 ** 70'",
        ),
        (
            'b: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="b", size=99999999999999999999, base=-1)',
            "'size' of 'pl.system.reserve_buffer' is 99999999999999999999, which does not fit in i64",
        ),
    ],
)
def test_unknown_keywords_and_bad_values_are_named(statement, message):
    with pytest.raises(PyptoImportError) as info:
        import_source(_GOOD.replace("        t:", f"        {statement}\n        t:", 1), "d.py")
    assert info.value.message == message
    assert info.value.line == 8


_VIEW = """\
t: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
r: pl.Tile[[16, 64], pl.INT32, pl.Mem.Vec] = pl.tile.reinterpret_view(t, {args})
"""


def test_reinterpret_view_takes_its_dtype_positionally_or_by_keyword():
    views = []
    for args in ("pl.INT32", "dtype=pl.INT32"):
        m = _import(_VIEW.format(args=args))
        views.append([str(op.results[0].type) for op in m.walk() if op.name == "tile.reinterpret_view"])
    assert views == [["!tile.tile<16x64xi32, vec>"]] * 2
    with pytest.raises(PyptoImportError) as info:
        _import(_VIEW.format(args="pl.INT32, dtype=pl.INT32"))
    assert (info.value.message, info.value.line) == ("'pl.tile.reinterpret_view' got argument 'dtype' twice", 10)
    with pytest.raises(PyptoImportError) as info:
        _import(_VIEW.format(args="pl.FP16"))
    assert info.value.message == "dtype of 'pl.tile.reinterpret_view' is f16, the annotation says i32"
