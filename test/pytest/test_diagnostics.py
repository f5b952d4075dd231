"""Locations and one-line messages of user-facing errors."""

from __future__ import annotations

from pathlib import Path

from xdsl.context import Context
from xdsl.dialects.arith import Arith
from xdsl.dialects.builtin import Builtin, ModuleOp
from xdsl.dialects.func import Func, FuncOp
from xdsl.parser import Parser
from xdsl.utils.exceptions import ParseError

from xdsl_pto.diagnostics import PassError, format_error, op_location
from xdsl_pto.dialects.tile import Tile

KERNEL = """\
// A comment that mentions func.func @k and builtin.module must not be taken
// for the function's position.
func.func @k(%in: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  func.return
}
"""


def _parse(path: Path) -> ModuleOp:
    ctx = Context()
    for d in (Builtin, Func, Arith, Tile):
        ctx.load_dialect(d)
    return Parser(ctx, path.read_text(), str(path)).parse_module()


def test_tile_ops_remember_where_they_were_parsed(tmp_path: Path) -> None:
    f = tmp_path / "k.mlir"
    f.write_text(KERNEL)
    load = next(op for op in _parse(f).walk() if op.name == "tile.load")
    assert op_location(load) == f"{f}:5:8"


def test_function_is_located_from_the_source_not_from_comments(tmp_path: Path) -> None:
    f = tmp_path / "k.mlir"
    f.write_text(KERNEL)
    fn = next(op for op in _parse(f).walk() if isinstance(op, FuncOp))
    assert op_location(fn) == f"{f}:3:1"


def test_module_without_location_falls_back_to_the_input_name(tmp_path: Path) -> None:
    f = tmp_path / "k.mlir"
    f.write_text(KERNEL)
    module = _parse(f)
    err = PassError("some-pass: no target", module)
    assert format_error(err, str(f)) == f"{f}: error: some-pass: no target"


def test_parse_error_is_one_line(tmp_path: Path) -> None:
    f = tmp_path / "bad.mlir"
    f.write_text("func.func @k() {\n  %x = tile.create : !tile.tile<4x64xf32, ub>\n}\n")
    try:
        _parse(f)
    except ParseError as e:
        line = format_error(e, str(f))
    else:  # pragma: no cover
        raise AssertionError("the kernel should not parse")
    assert line == (
        f"{f}:2:43: error: unknown memory space 'ub' "
        "(expected one of vec, mat, left, right, acc, bias, left_scale, right_scale)"
    )


def test_internal_errors_keep_their_traceback() -> None:
    assert format_error(KeyError("bug")) is None
