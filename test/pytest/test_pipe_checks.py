"""The cross-core pipe checks: the module-level ones of
:mod:`xdsl_pto.transforms.pipe_checks` through their Python API, and
``xdsl-pto`` ending quietly when its reader closes standard output."""

import io
import subprocess
import sys
from pathlib import Path

import pytest
from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser

from xdsl_pto.backends import BACKENDS
from xdsl_pto.diagnostics import PassError
from xdsl_pto.tools import cli
from xdsl_pto.tools.session import make_context
from xdsl_pto.transforms.pipe_checks import check_peers, check_reservations

ROOT = Path(__file__).resolve().parents[2]


def _parse(text: str) -> ModuleOp:
    return Parser(make_context(), text).parse_module()


_PAIR = """
func.func @cube() attributes {{tile.function_kind = "aic"}} {{
  %v2c = tile.reserve_buffer "v2c" size 4096 in mat
  %c2v = tile.import_peer_buffer "c2v" from @vector
  tile.aic_initialize_pipe %c2v, %v2c {{dir_mask = {cube_mask} : i64, slot_size = 1024 : i64}}
  func.return
}}
func.func @vector() attributes {{tile.function_kind = "aiv"}} {{
  %v2c = tile.import_peer_buffer "{imported}" from @cube
  %c2v = tile.reserve_buffer "c2v" size 4096 in vec
  tile.aiv_initialize_pipe %c2v, %v2c {{dir_mask = 3 : i64, slot_size = 1024 : i64}}
  func.return
}}
"""


def test_matching_peers_pass():
    check_peers(_parse(_PAIR.format(cube_mask=3, imported="v2c")), "p")


def test_unknown_name_and_disagreeing_masks_are_refused():
    with pytest.raises(PassError, match='@cube reserves no buffer named "x" \\(it reserves "v2c"\\)'):
        check_peers(_parse(_PAIR.format(cube_mask=3, imported="x")), "p")
    with pytest.raises(PassError, match="dir_mask = 1 disagrees with dir_mask = 3"):
        check_peers(_parse(_PAIR.format(cube_mask=1, imported="v2c")), "p")


def test_reservations_within_capacity_pass_and_over_it_fail():
    fits = _parse('func.func @f() {\n  %a = tile.reserve_buffer "a" size 188416 in vec\n  func.return\n}')
    fn = next(iter(fits.ops))
    check_reservations(fn, BACKENDS["a3"], "p")  # type: ignore[arg-type]
    over = _parse('func.func @f() {\n  %a = tile.reserve_buffer "a" size 188448 in vec\n  func.return\n}')
    with pytest.raises(PassError, match=r"vec buffer usage \(188448 bytes\) exceeds the a3 limit"):
        check_reservations(next(iter(over.ops)), BACKENDS["a3"], "p")  # type: ignore[arg-type]


class _ClosedPipe(io.TextIOBase):
    """A standard output whose reader has gone away."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self) -> None:
        raise BrokenPipeError(32, "Broken pipe")


def test_closed_stdout_ends_quietly(tmp_path, monkeypatch, capsys):
    planned = tmp_path / "planned.mlir"
    subprocess.run(
        [
            str(Path(sys.executable).with_name("xdsl-opt")),
            "-p",
            "pto-plan-memory{backend=a3}",
            str(ROOT / "examples" / "flash_attention.mlir"),
            "-o",
            str(planned),
        ],
        check=True,
    )
    monkeypatch.setattr(sys, "stdout", _ClosedPipe())
    assert cli.main(["report", str(planned), "--json"]) == cli.EXIT_BROKEN_PIPE == 141
    assert capsys.readouterr().err == ""
    # The real thing: `xdsl-pto report planned.mlir --json | head -c 1`.
    monkeypatch.undo()
    shell = f"'{Path(sys.executable).with_name('xdsl-pto')}' report '{planned}' --json | head -c 1 >/dev/null"
    out = subprocess.run(
        ["bash", "-c", shell + "; echo ${PIPESTATUS[0]}"], capture_output=True, text=True, check=True
    )
    assert out.stderr == ""
    assert out.stdout.strip() in ("0", "141")
