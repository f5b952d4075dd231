"""bench/byte_identity.py's compare: entries are matched by key, not position."""

import importlib.util
import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _module():
    spec = importlib.util.spec_from_file_location("byte_identity", os.path.join(ROOT, "bench", "byte_identity.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _write(d, part, entries):
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, f"{part}.jsonl"), "w") as f:
        for e in entries:
            f.write(json.dumps(e) + "\n")


def _e(key, out="x", rc=0):
    return {"key": key, "rc": rc, "stdout": out, "stderr": ""}


def test_lit_entry_added_in_one_tree_does_not_shift_the_others(tmp_path, capsys):
    a, b = str(tmp_path / "a"), str(tmp_path / "b")
    _write(a, "lit", [_e("xdsl-opt t1.mlir #1"), _e("xdsl-opt t3.mlir #1"), _e("lit verdict")])
    _write(b, "lit", [_e("xdsl-opt t1.mlir #1"), _e("xdsl-opt t2.mlir #1"),
                      _e("xdsl-opt t3.mlir #1"), _e("lit verdict")])
    assert _module().compare(a, b) == 1
    out = capsys.readouterr().out.splitlines()
    assert "lit: only in the second record: xdsl-opt t2.mlir #1" in out
    assert "lit: 3 entries in both, 0 differ, 0 only in the first, 1 only in the second" in out
    assert out[-1] == "1 differences"


def test_changed_output_is_reported_with_its_line(tmp_path, capsys):
    a, b = str(tmp_path / "a"), str(tmp_path / "b")
    _write(a, "examples", [_e("ex1", "l1\nl2"), _e("ex2")])
    _write(b, "examples", [_e("ex2"), _e("ex1", "l1\nL2")])
    assert _module().compare(a, b) == 1
    out = capsys.readouterr().out
    assert "examples: ex1: stdout differs at line 2:\n  - l2\n  + L2\n" in out
    assert "examples: 2 entries in both, 1 differ, 0 only in the first, 0 only in the second" in out


def test_identical_records_and_a_longer_fuzz_campaign(tmp_path, capsys):
    a, b = str(tmp_path / "a"), str(tmp_path / "b")
    _write(a, "fuzz", [_e("k0"), _e("k1")])
    _write(b, "fuzz", [_e("k0"), _e("k1"), _e("k2")])
    assert _module().compare(a, b) == 0
    out = capsys.readouterr().out.splitlines()
    assert "fuzz: comparing the 2 entries both records hold (they hold 2 and 3)" in out
    assert out[-1] == "byte-identical"
