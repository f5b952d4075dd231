"""`xdsl-pto run --input NAME=FILE.npy` and the search for caller-valid
integer-tensor contents (issue 24, item 5; xdsl_pto/interp/input_search.py):
given contents reach both runs, mistakes end in one located line, the search
fills only the tensors a failure depends on, never takes a vacuous run while
another works, and scalar GM errors are located."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from xdsl_pto.interp import InterpError, differential_check, make_inputs, run_function
from xdsl_pto.interp.differential import logical_run, tensor_values
from xdsl_pto.interp.errors import DataRangeError, GMRangeError
from xdsl_pto.interp.input_search import SEARCH_RUNS, control_sources, failure_sources
from xdsl_pto.tools.session import parse_module, run_pipeline

from cli_runs import run_cli  # noqa: E402 (test/pytest/cli_runs.py)

# only a table entry of 5 keeps the window inside the 8-row tensor
PICK = """func.func @pick(%table: memref<4xi32>, %n: index, %cache: memref<8x16xf32>, %out: memref<8x16xf32> {tile.out}) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %e = memref.load %table[%c0] : memref<4xi32>
  %p = arith.index_cast %e : i32 to index
  %q = arith.subi %p, %c5 : index
  %row = arith.muli %q, %c8 : index
  %x = tile.load %cache[%row, %c0] : memref<8x16xf32> -> !tile.tile<8x16xf32, vec>
  tile.store %x, %out[%c0, %c0] : !tile.tile<8x16xf32, vec>, memref<8x16xf32>
  func.return
}
"""

# a work list, as qwen3_14b fa_fused: entries pick a band, with a length a valid width
WORK = """func.func @work(%total: memref<1xi32>, %list: memref<64xi32>, %lens: memref<4xi32>, %x: memref<128x16xf32>, %out: memref<128x16xf32> {tile.out}) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %b = tile.get_block_idx : index
  %n = tile.get_block_num : index
  %t = memref.load %total[%c0] : memref<1xi32>
  %count = arith.index_cast %t : i32 to index
  scf.for %w = %b to %count step %n {
    %e = memref.load %list[%w] : memref<64xi32>
    %part = arith.index_cast %e : i32 to index
    %l = memref.load %lens[%c0] : memref<4xi32>
    %len = arith.index_cast %l : i32 to index
    %start = arith.muli %part, %c16 : index
    %left = arith.subi %len, %start : index
    %valid = arith.minsi %left, %c16 : index
    %row = arith.muli %part, %c16 : index
    %v = tile.load %x[%row, %c0] : memref<128x16xf32> -> !tile.tile<16x16xf32, vec>
    %s = tile.set_validshape %v, %c16, %valid : (!tile.tile<16x16xf32, vec>, index, index) -> !tile.tile<16x16xf32, vec, valid = 16x?>
    %p = tile.fillpad %s : (!tile.tile<16x16xf32, vec, valid = 16x?>) -> !tile.tile<16x16xf32, vec, pad = 3>
    %y = tile.exp %p : (!tile.tile<16x16xf32, vec, pad = 3>) -> !tile.tile<16x16xf32, vec, pad = 3>
    tile.store %y, %out[%row, %c0] : !tile.tile<16x16xf32, vec, pad = 3>, memref<128x16xf32>
  }
  func.return
}
"""

# a counted loop whose body only an entry of 9 keeps inside (no fill draws
# it): the one run
# that succeeds does so with no iteration
VACUOUS = """func.func @few(%total: memref<1xi32>, %table: memref<4xi32>, %x: memref<8x16xf32>, %out: memref<8x16xf32> {tile.out}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  %c8 = arith.constant 8 : index
  %t = memref.load %total[%c0] : memref<1xi32>
  %count = arith.index_cast %t : i32 to index
  scf.for %i = %c0 to %count step %c1 {
    %e = memref.load %table[%c0] : memref<4xi32>
    %p = arith.index_cast %e : i32 to index
    %q = arith.subi %p, %c9 : index
    %row = arith.muli %q, %c8 : index
    %v = tile.load %x[%row, %c0] : memref<8x16xf32> -> !tile.tile<8x16xf32, vec>
    tile.store %v, %out[%c0, %c0] : !tile.tile<8x16xf32, vec>, memref<8x16xf32>
  }
  func.return
}
"""

DYN = """func.func @dyn(%in: memref<?x16xf32> {tile.dynamic_dims = ["N"]}, %out: memref<?x16xf32> {tile.dynamic_dims = ["N"]}) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<?x16xf32> -> !tile.tile<8x16xf32, vec>
  tile.store %x, %out[%c0, %c0] : !tile.tile<8x16xf32, vec>, memref<?x16xf32>
  func.return
}
"""




@pytest.fixture
def files(tmp_path: Path) -> Path:
    (tmp_path / "pick.mlir").write_text(PICK)
    (tmp_path / "dyn.mlir").write_text(DYN)
    np.save(tmp_path / "five.npy", np.array([5, 0, 0, 0], np.int32))
    np.save(tmp_path / "short.npy", np.array([5, 0, 0], np.int32))
    np.save(tmp_path / "wide.npy", np.array([5, 0, 0, 0], np.int64))
    np.save(tmp_path / "objects.npy", np.array([5, None], dtype=object), allow_pickle=True)
    np.savez(tmp_path / "two.npz", a=np.zeros(4), b=np.zeros(4))
    np.save(tmp_path / "rows24.npy", np.ones((24, 16), np.float32))
    return tmp_path


def test_the_run_agrees_on_the_given_table_only(files: Path, capsys) -> None:
    pick = files / "pick.mlir"
    assert run_cli(capsys, str(pick), "--input", f"table={files / 'five.npy'}") == (
        0, f"{pick}: logical and physical runs agree (seed 0)\n", ""
    )
    code, out, err = run_cli(capsys, str(pick))
    assert (code, out) == (1, "")
    assert err == f"{pick}:9:8: error: tile.load: window [16, 24) on axis 0 is outside the tensor's 8 elements\n"


def test_both_runs_see_the_given_contents(files: Path) -> None:
    module = parse_module(PICK, "pick.mlir")
    fn = module.body.block.first_op
    five = np.array([5, 0, 0, 0], np.int32)
    inputs, ran = logical_run(module, fn, 0, {}, (0, 1), 10_000, tensors={0: five})
    assert inputs[0].tolist() == [5, 0, 0, 0] and inputs[0] is not five
    np.testing.assert_array_equal(ran.outputs[3], inputs[2])
    planned = run_pipeline(module.clone(), "pto-plan-memory{backend=a3}")
    chosen: list[str] = []
    assert differential_check(module, planned, tensors={"table": ("five.npy", five)}, chosen=chosen) == []
    assert chosen == []  # given, not searched
    got = run_function(planned, "pick", inputs, mode="physical").outputs[3]
    np.testing.assert_array_equal(got, inputs[2])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--input", "n={d}/five.npy"], "{d}/pick.mlir:1:1: error: %n of @pick is a scalar (index), not a GM tensor: it takes a value, not an array"),
        (
            ["--input", "table={d}/short.npy"],
            "{d}/pick.mlir:1:1: error: %table of @pick is memref<4xi32>, an array of int32 of shape [4]; {d}/short.npy holds int32 of shape [3]",
        ),
        (
            ["--input", "table={d}/wide.npy"],
            "{d}/pick.mlir:1:1: error: %table of @pick is memref<4xi32>, an array of int32 of shape [4]; {d}/wide.npy holds int64 of shape [4]",
        ),
        (["--input", "table={d}/missing.npy"], "{d}/missing.npy: error: cannot read the --input file: No such file or directory"),
        (["--input", "table={d}"], "{d}: error: cannot read the --input file: Is a directory"),
        (["--input", "table={d}/pick.mlir"], "{d}/pick.mlir: error: not a numpy .npy file: it does not start with the .npy magic string"),
        (["--input", "table={d}/two.npz"], "{d}/two.npz: error: not a numpy .npy file: an .npz archive of several arrays"),
        (
            ["--input", "table={d}/objects.npy"],
            "{d}/objects.npy: error: not a readable numpy .npy file: Object arrays cannot be loaded when allow_pickle=False",
        ),
        (["--input", "table={d}/five.npy", "--input", "table={d}/five.npy"], "xdsl-pto: error: --input table is given twice"),
        (["--input", "table"], "xdsl-pto: error: argument --input: expected NAME=VALUE, got 'table'"),
        (
            ["--input", "nope={d}/five.npy"],
            "{d}/pick.mlir:1:1: error: no function of the kernel has an argument %nope (its GM tensors: %cache, %out, %table)",
        ),
    ],
)
def test_input_mistakes_end_in_one_located_line(files: Path, capsys, argv: list[str], message: str) -> None:
    argv = [a.format(d=files) for a in argv]
    assert run_cli(capsys, str(files / "pick.mlir"), *argv) == (1, "", message.format(d=files) + "\n")


def test_a_dynamic_axis_takes_the_arrays_length_with_every_axis_of_its_name(files: Path, capsys) -> None:
    module = parse_module(DYN, "dyn.mlir")
    fns = [module.body.block.first_op]
    rows = np.ones((24, 16), np.float32)
    arrays, extents = tensor_values(fns, {"in": ("rows24.npy", rows)})
    assert arrays[fns[0]][0] is rows and extents[fns[0]] == {"N": 24}
    dyn = files / "dyn.mlir"
    assert run_cli(capsys, str(dyn), "--input", f"in={files / 'rows24.npy'}") == (
        0, f"{dyn}: logical and physical runs agree (seed 0)\n", ""
    )
    assert run_cli(capsys, str(dyn), "--input", f"in={files / 'rows24.npy'}", "--arg", "N=16") == (
        1, "", f"{dyn}:1:1: error: %in of @dyn: {files / 'rows24.npy'} makes dynamic extent N 24 long; it is 16 already\n"
    )


def test_one_tensors_fill_leaves_the_others_as_they_were() -> None:
    fn = parse_module(WORK, "work.mlir").body.block.first_op
    base = make_inputs(fn, 3, nonneg_ints=True)
    filled = make_inputs(fn, 3, nonneg_ints=True, ranges={1: (0, 1), 0: (8, 32)})
    assert filled[1].tolist() == [0] * 64 and filled[1].dtype == np.int32
    assert filled[0].tolist() == [17]
    for i in (2, 3, 4):
        np.testing.assert_array_equal(filled[i], base[i])
    assert base[2].min() >= 0  # the retry's signed tables: [0, 8]


def test_the_search_changes_the_tensors_behind_the_failing_op_nearest_first() -> None:
    fn = parse_module(WORK, "work.mlir").body.block.first_op
    setvalid = next(op for op in fn.walk() if op.name == "tile.set_validshape")
    load = next(op for op in fn.walk() if op.name == "tile.load")
    # %list (behind the tile's row) and %lens (behind the width) are as near, the
    # operands in order; then %total, behind the loop around the op
    assert failure_sources(fn, setvalid, [0, 1, 2]) == [1, 2, 0]
    assert failure_sources(fn, load, [0, 1, 2]) == [1, 0]  # the row: %list; %x's contents are no cause
    assert failure_sources(fn, None, [0, 1, 2]) == [0, 1, 2]
    assert control_sources(fn, [0, 1, 2]) == [0]  # the loop count


def test_the_search_result_names_the_chosen_inputs_and_counts_its_runs() -> None:
    module = parse_module(WORK, "work.mlir")
    fn = module.body.block.first_op
    with pytest.raises(DataRangeError) as seeded:  # the seeded tables, and the retry's, fail
        run_function(module, "work", make_inputs(fn, 0, nonneg_ints=True), mode="logical")
    assert str(seeded.value) == "work.mlir:18:10: tile.set_validshape: valid extent -79 on axis 1 is outside [0, 16]"
    report: list[str] = []
    inputs, ran = logical_run(module, fn, 0, {}, (7, 8), 100_000, report=report)
    assert report == ["@work: %total in [8, 32), %list = 0, other signed integer tensors in [0, 8] (4 runs)"]
    assert int(inputs[0][0]) >= 8 and ran.work == 5 * len(range(7, int(inputs[0][0]), 8))


def test_a_vacuous_run_is_taken_only_when_no_other_succeeds() -> None:
    module = parse_module(VACUOUS, "few.mlir")
    fn = module.body.block.first_op
    report: list[str] = []
    inputs, ran = logical_run(module, fn, 0, {}, (0, 1), 100_000, report=report)
    assert ran.work == 0 and int(inputs[0][0]) <= 0
    # the seeded run, the retry and 6 candidates fail in the body; %total = 0 is
    # the one that succeeds
    assert report == ["@few: %total = 0, other signed integer tensors in [0, 8] (8 runs); it ran no tile op (no other inputs tried ran without an error)"]
    assert int(report[0].split("(")[1].split(" ")[0]) <= SEARCH_RUNS


def test_a_runs_work_counts_the_tile_ops_and_gm_stores_it_ran() -> None:
    module = parse_module(WORK, "work.mlir")
    fn = module.body.block.first_op
    inputs = make_inputs(fn, 0)
    inputs[0][:] = 2
    inputs[1][:] = 0
    inputs[2][:] = 16
    assert run_function(module, "work", inputs, mode="logical").work == 10  # 2 x (load, set_validshape, fillpad, exp, store)
    inputs[0][:] = 0
    assert run_function(module, "work", inputs, mode="logical").work == 0


def test_scalar_gm_accesses_outside_a_tensor_are_located() -> None:
    text = """func.func @k(%in: memref<16xi32>, %out: memref<16xi32> {tile.out}) {
  %c31 = arith.constant 31 : index
  %c7 = arith.constant 7 : i32
  memref.store %c7, %out[%c31] : memref<16xi32>
  func.return
}
"""
    module = parse_module(text, "k.mlir")
    with pytest.raises(GMRangeError) as err:
        run_function(module, "k", make_inputs(module.body.block.first_op, 0), mode="logical")
    assert str(err.value) == "k.mlir:4:3: memref.store: index [31] is outside the tensor's shape [16]: axis 0 has 16 elements"
    assert isinstance(err.value, InterpError)


ROWS = """func.func @band(%in: memref<16x16xf32>, %r: index, %out: memref<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %at = arith.muli %r, %c8 : index
  %x = tile.load %in[%at, %c0] : memref<16x16xf32> -> !tile.tile<8x16xf32, vec>
  tile.store %x, %out[%c0, %c0] : !tile.tile<8x16xf32, vec>, memref<8x16xf32>
  func.return
}
"""


def test_the_result_line_names_the_retrys_zeroed_scalars(tmp_path: Path, capsys) -> None:
    # seed 3 draws %r = 3, a band past the 16 rows; the retry's %r = 0 agrees
    # (no integer tensor: nothing else is named, no search)
    path = tmp_path / "band.mlir"
    path.write_text(ROWS)
    assert int(make_inputs(parse_module(ROWS, "band.mlir").body.block.first_op, 3)[1]) == 3
    assert run_cli(capsys, str(path), "--seed", "3") == (
        0, f"{path}: logical and physical runs agree (seed 3; inputs a caller could give, searched: @band: %r = 0 (2 runs))\n", ""
    )
    assert run_cli(capsys, str(path), "--seed", "3", "--arg", "r=1") == (0, f"{path}: logical and physical runs agree (seed 3)\n", "")


def test_a_scalar_gm_read_outside_a_tensor_is_located_in_both_modes() -> None:
    module = parse_module(WORK, "work.mlir")
    planned = run_pipeline(module.clone(), "pto-plan-memory{backend=a3}")
    inputs = make_inputs(module.body.block.first_op, 0)
    inputs[0][:] = 70  # the loop reads %list[64]
    inputs[1][:] = 0
    inputs[2][:] = 16
    for mod, mode in ((module, "logical"), (planned, "physical")):
        with pytest.raises(GMRangeError) as err:
            run_function(mod, "work", inputs, mode=mode)
        assert str(err.value) == "work.mlir:9:10: memref.load: index [64] is outside the tensor's shape [64]: axis 0 has 64 elements"


def test_the_search_never_changes_a_given_tensor() -> None:
    module = parse_module(WORK, "work.mlir")
    fn = module.body.block.first_op
    lens = np.zeros(4, np.int32)  # only band 0 has a valid width (0 columns)
    report: list[str] = []
    inputs, _ = logical_run(module, fn, 0, {}, (0, 1), 100_000, tensors={2: lens}, report=report)
    assert inputs[2].tolist() == [0] * 4
    assert report == ["@work: %list = 0, other signed integer tensors in [0, 8] (3 runs)"]


# a block-strided loop whose count is a scalar argument (qwen3_14b rope_kv_cache):
# seeded in [0, 4), the retry's 0, block 7 of 8 runs no iteration
COUNTED = """func.func @counted(%count: index, %x: memref<128x16xf32>, %out: memref<128x16xf32> {tile.out}) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %b = tile.get_block_idx : index
  %n = tile.get_block_num : index
  scf.for %w = %b to %count step %n {
    %row = arith.muli %w, %c16 : index
    %v = tile.load %x[%row, %c0] : memref<128x16xf32> -> !tile.tile<16x16xf32, vec>
    tile.store %v, %out[%row, %c0] : !tile.tile<16x16xf32, vec>, memref<128x16xf32>
  }
  func.return
}
"""


def test_a_scalar_loop_count_is_set_to_the_block_count_after_a_vacuous_run() -> None:
    module = parse_module(COUNTED, "counted.mlir")
    fn = module.body.block.first_op
    report: list[str] = []
    inputs, ran = logical_run(module, fn, 0, {}, (7, 8), 100_000, report=report)
    assert (inputs[0], ran.work) == (8, 2)  # one iteration: load, store
    # the seeded run, the retry (%count = 0), the seeded %count given back, then %count = 8
    assert report == ["@counted: %count = 8 (4 runs)"]
    # a count the caller sets is never searched: block 7 stays idle
    report = []
    inputs, ran = logical_run(module, fn, 0, {0: 3}, (7, 8), 100_000, report=report)
    assert (inputs[0], ran.work) == (3, 0)
