"""Byte-identity harness: record what the compiler prints, then compare two
records (a refactoring must change no byte).

Usage (repository root, the project's venv active)::

    python bench/byte_identity.py record DIR [--fuzz N] [--only PART,...]
    python bench/byte_identity.py compare DIR1 DIR2

``record`` writes one JSON-lines file per part into ``DIR``; every entry is
one command's stdout, stderr and exit code (plus the text of any file it
wrote with ``-o``), with the checkout's absolute path replaced by
``<ROOT>``. The parts:

* ``examples``: every ``examples/*.mlir`` under every planner (pypto,
  dsa_rp, ptoas) through its full pipeline for a3 (auto-tile-matmul-l0 when a
  matmul reads Mat / Vec operands, the planner's pipeline-loop lowering when
  there are pipeline loops, pto-plan-memory, convert-tile-to-pto; the
  pipelines of each example's header and ``examples/README.md``), the planned
  Tile module, the validator's verdict on it, and the lowered module.
* ``imports``: every reference dump (``examples/pypto/*.py``,
  ``../shared/pypto-dumps/*.py``, ``../shared/pypto-lib-sample/**/kernel.py``)
  through ``xdsl-pto import-pypto``, then each imported module as above.
* ``fuzz``: ``N`` (default 500) kernels of the default fuzz preset, seeds
  ``0 .. N-1``, as the ``examples`` part (a3), plus the mutant
  :func:`xdsl_pto.fuzz.mutants.mutate_plan` makes of each plan and the
  validator's verdict on it.
* ``lit``: every ``xdsl-opt`` / ``xdsl-pto`` / ``xdsl-pto-opt`` command of every
  lit RUN line, on its input: lit runs the suite (``-j1``) with those three
  names on ``PATH`` bound to a shim that hands each call (argv, working
  directory, standard input) to this process, which runs it in-process and
  logs it. The shell parts of a RUN line (pipes, ``sed``, ``filecheck``) run
  as usual, so lit's own verdict is recorded too. (In one process two
  ``--parsing-diagnostics`` tests, pto-dialect/invalid-syntax.mlir and
  tile-dialect/invalid-parse.mlir, print a module where a fresh
  ``xdsl-opt`` prints a diagnostic -- state the xDSL driver keeps between
  runs; lit then reports them failed. The same happens in every record, so
  the comparison still holds; run them with lit itself.)

Record the two trees from folders whose paths have one length (say
``/tmp/cmpA/xdsl-pto`` and ``/tmp/cmpB/xdsl-pto``): the paths themselves are
normalized, but ``--verify-diagnostics`` underlines a source line that
holds the input's path, and the underline's length is not; and a
``memory-map`` PNG (recorded by its hash) draws the input's path in its
title, so it differs unless both trees were recorded at the same path (its
HTML twin, whose text is normalized, carries the same content).

Everything runs in this one Python process (the shim is a few lines of
standard library), so a record of the whole set takes minutes. ``compare``
prints each entry that differs (first differing line) and exits 1 when any
does, 0 when the records are byte-identical.

The harness reads only the project's public entry points (the pass
pipelines by name, the CLI mains, the fuzz generator), so it outlives a
restructuring of the modules behind them.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import glob
import io
import json
import os
import re
import socketserver
import subprocess
import sys
import tempfile
import threading
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared")
PLANNERS = ("pypto", "dsa_rp", "ptoas")
BACKEND = "a3"
PARTS = ("examples", "imports", "fuzz", "lit")


_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def _norm(text: str) -> str:
    """``text`` with the checkout's and shared/'s absolute paths made
    location-independent (also as JSON escapes them, ``\\u002f``), and the
    random element ids of a plotly page (``xdsl-pto memory-map``) fixed."""
    for path, name in ((ROOT, "<ROOT>"), (os.path.realpath(SHARED), "<SHARED>"), (SHARED, "<SHARED>")):
        text = text.replace(path, name).replace(path.replace("/", "\\u002f"), name)
    return _UUID.sub("<UUID>", text)


def _clear_caches() -> None:
    """Forget every memoized function of the project (a cached source file
    read by path would go stale when a lit test rewrites ``%t``)."""
    for name, mod in list(sys.modules.items()):
        if not name.startswith("xdsl_pto") or mod is None:
            continue
        for obj in list(vars(mod).values()):
            clear = getattr(obj, "cache_clear", None)
            if callable(clear) and getattr(obj, "__module__", None) == name:
                clear()


# -- running one command in-process ----------------------------------------


def _run_command(argv: list[str], cwd: str, stdin: bytes) -> tuple[str, str, int]:
    """Run ``xdsl-opt`` / ``xdsl-pto`` / ``xdsl-pto-opt`` with ``argv`` (the
    program name first) in this process, as its console script would;
    returns (stdout, stderr, exit code)."""
    from xdsl_pto import universe  # noqa: F401 - installs the excepthook, as the plugin does

    prog = os.path.basename(argv[0])
    out_bytes = io.BytesIO()
    out = io.TextIOWrapper(out_bytes, encoding="utf-8", write_through=True)
    err = io.StringIO()
    old = (sys.stdin, sys.stdout, sys.stderr, sys.argv, os.getcwd())
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    sys.stdout, sys.stderr, sys.argv = out, err, [prog, *argv[1:]]
    code = 0
    try:
        os.chdir(cwd)
        try:
            if prog == "xdsl-opt":
                import warnings

                from xdsl.xdsl_opt_main import xDSLOptMain

                with warnings.catch_warnings():
                    warnings.filterwarnings("default", category=DeprecationWarning)
                    xDSLOptMain().run()
            elif prog == "xdsl-pto-opt":
                from xdsl_pto.tools.opt import main

                code = main(argv[1:])
            elif prog == "xdsl-pto":
                from xdsl_pto.tools.cli import main

                code = main(argv[1:])
            else:
                raise ValueError(f"unknown program {prog}")
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
            if not isinstance(e.code, (int, type(None))):
                err.write(f"{e.code}\n")
        except BaseException as e:  # noqa: BLE001 - what the interpreter would do at exit
            sys.excepthook(type(e), e, e.__traceback__)
            code = 1
        with contextlib.suppress(Exception):
            out.flush()
    finally:
        sys.stdin, sys.stdout, sys.stderr, sys.argv = old[:4]
        os.chdir(old[4])
        _clear_caches()
    text = out_bytes.getvalue().decode("utf-8", "replace")
    return text, _strip_traceback_paths(err.getvalue()), code


def _strip_traceback_paths(text: str) -> str:
    """Tracebacks name line numbers of the project's files, which move when
    code moves; keep only the exception line (a traceback is a bug either
    way, and its last line says which)."""
    if "Traceback (most recent call last)" not in text:
        return text
    kept, skipping = [], False
    for line in text.splitlines(keepends=True):
        if line.startswith("Traceback (most recent call last)"):
            skipping = True
            kept.append("Traceback (most recent call last): ...\n")
            continue
        if skipping and (line.startswith("  ") or line.strip() == ""):
            continue
        skipping = False
        kept.append(line)
    return "".join(kept)


def _output_file(argv: list[str]) -> str | None:
    for i, a in enumerate(argv):
        if a == "-o" and i + 1 < len(argv):
            return argv[i + 1]
        if a.startswith("--output="):
            return a.split("=", 1)[1]
        if a == "--output" and i + 1 < len(argv):
            return argv[i + 1]
    return None


def _file_text(path: str) -> str | None:
    if not os.path.isfile(path):
        return None
    with open(path, "rb") as f:
        data = f.read()
    if path.endswith(".png"):
        import hashlib

        return "png sha256 " + hashlib.sha256(data).hexdigest()
    return data.decode("utf-8", "replace")


def _entry(key: str, argv: list[str], cwd: str, stdin: bytes) -> dict:
    out_file = _output_file(argv)
    if out_file is not None and not os.path.isabs(out_file):
        out_file = os.path.join(cwd, out_file)
    stdout, stderr, code = _run_command(argv, cwd, stdin)
    entry = {"key": key, "rc": code, "stdout": _norm(stdout), "stderr": _norm(stderr)}
    if out_file is not None:
        text = _file_text(out_file)
        entry["file"] = None if text is None else _norm(text)
    return entry


# -- in-process pipelines ----------------------------------------------------


def _pipeline_entries(key: str, text: str, name: str) -> list[dict]:
    """Plan ``text`` under every planner (a3) and lower it; per planner one
    entry for the planned module, the validator's verdict, the lowered module."""
    from xdsl_pto.fuzz.campaign import planning_spec

    entries = []
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, name)
        with open(src, "w") as f:
            f.write(text)
        for planner in PLANNERS:
            spec = planning_spec(planner, text).format(backend=BACKEND)
            planned = _entry(f"{key} [{planner}] plan", ["xdsl-opt", "-p", spec, name], tmp, b"")
            entries.append(_renamed(planned, tmp))
            if planned["rc"] != 0:
                continue
            ptext = planned["stdout"].encode()
            entries.append(_renamed(_entry(f"{key} [{planner}] validate", ["xdsl-pto", "validate", "-"], tmp, ptext), tmp))
            entries.append(_renamed(
                _entry(f"{key} [{planner}] lower", ["xdsl-opt", "-p", "convert-tile-to-pto"], tmp, ptext), tmp
            ))
    return entries


def _renamed(entry: dict, tmp: str) -> dict:
    for k in ("stdout", "stderr", "file"):
        if isinstance(entry.get(k), str):
            entry[k] = entry[k].replace(tmp, "<TMP>")
    return entry


def record_examples() -> list[dict]:
    entries = []
    for path in sorted(glob.glob(os.path.join(ROOT, "examples", "*.mlir"))):
        with open(path) as f:
            text = f.read()
        entries += _pipeline_entries(f"examples/{os.path.basename(path)}", text, os.path.basename(path))
    return entries


def record_imports() -> list[dict]:
    dumps = sorted(glob.glob(os.path.join(ROOT, "examples", "pypto", "*.py")))
    dumps += sorted(glob.glob(os.path.join(SHARED, "pypto-dumps", "*.py")))
    dumps += sorted(glob.glob(os.path.join(SHARED, "pypto-lib-sample", "**", "kernel.py"), recursive=True))
    entries = []
    for path in dumps:
        key = _norm(path)
        imported = _entry(f"{key} import", ["xdsl-pto", "import-pypto", path], ROOT, b"")
        entries.append(imported)
        if imported["rc"] == 0:
            entries += _pipeline_entries(key, imported["stdout"], "imported.mlir")
    return entries


def _validate_in_process(key: str, module) -> dict:
    """The validator's verdict on an in-memory module (a mutant need not
    print in a form that parses back)."""
    from xdsl_pto.backends import BACKENDS
    from xdsl_pto.diagnostics import format_error

    from xdsl_pto.verify import verify_module
    try:
        verify_module(module, BACKENDS[BACKEND])
    except Exception as err:  # noqa: BLE001 - the verdict is the output
        return {"key": key, "rc": 1, "stdout": "", "stderr": format_error(err) or repr(err)}
    return {"key": key, "rc": 0, "stdout": "", "stderr": ""}


def record_fuzz(count: int) -> list[dict]:
    import random

    from xdsl_pto.fuzz.generate import generate_kernel
    from xdsl_pto.fuzz.mutants import mutate_plan
    from xdsl_pto.tools.session import parse_module

    entries = []
    for seed in range(count):
        text = generate_kernel(seed)
        entries.append({"key": f"fuzz {seed} kernel", "rc": 0, "stdout": text, "stderr": ""})
        for e in _pipeline_entries(f"fuzz {seed}", text, f"fuzz_{seed}.mlir"):
            entries.append(e)
            if e["key"].endswith(" plan") and e["rc"] == 0:
                try:
                    mutant = mutate_plan(parse_module(e["stdout"], "planned.mlir"), random.Random(seed))
                except Exception as err:  # noqa: BLE001 - recorded, compared like any output
                    entries.append({"key": e["key"] + " mutant", "rc": 1, "stdout": "", "stderr": repr(err)})
                    continue
                if mutant is None:
                    entries.append({"key": e["key"] + " mutant", "rc": 0, "stdout": "none", "stderr": ""})
                    continue
                from xdsl.printer import Printer

                buf = io.StringIO()
                Printer(stream=buf).print_op(mutant.module)
                mtext = buf.getvalue() + "\n"
                entries.append({"key": e["key"] + " mutant", "rc": 0, "stdout": mtext, "stderr": mutant.change})
                entries.append(_validate_in_process(e["key"] + " mutant validate", mutant.module))
    return entries


# -- lit through the shim ----------------------------------------------------

_SHIM = """#!{python} -S
import base64, json, os, socket, sys
data = b"" if sys.stdin is None or sys.stdin.isatty() else sys.stdin.buffer.read()
req = json.dumps({{"argv": [os.path.basename(sys.argv[0])] + sys.argv[1:], "cwd": os.getcwd(),
                  "stdin": base64.b64encode(data).decode()}}).encode()
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.connect({sock!r})
s.sendall(len(req).to_bytes(8, "big") + req)
buf = b""
while True:
    chunk = s.recv(1 << 20)
    if not chunk:
        break
    buf += chunk
res = json.loads(buf)
sys.stdout.buffer.write(base64.b64decode(res["stdout"])); sys.stdout.flush()
sys.stderr.write(res["stderr"]); sys.stderr.flush()
sys.exit(res["rc"])
"""


def record_lit(lit_args: list[str]) -> list[dict]:
    entries: list[dict] = []
    tmp = tempfile.mkdtemp(prefix="byte-identity-")
    sock = os.path.join(tmp, "sock")
    bindir = os.path.join(tmp, "bin")
    os.makedirs(bindir)
    for prog in ("xdsl-opt", "xdsl-pto", "xdsl-pto-opt"):
        path = os.path.join(bindir, prog)
        with open(path, "w") as f:
            f.write(_SHIM.format(python=sys.executable, sock=sock))
        os.chmod(path, 0o755)
    counts: dict[str, int] = {}

    class Handler(socketserver.StreamRequestHandler):
        def handle(self) -> None:
            size = int.from_bytes(self.rfile.read(8), "big")
            req = json.loads(self.rfile.read(size))
            argv, cwd = req["argv"], req["cwd"]
            stdin = base64.b64decode(req["stdin"])
            key = _norm(" ".join(argv))
            counts[key] = counts.get(key, 0) + 1
            out_file = _output_file(argv)
            if out_file is not None and not os.path.isabs(out_file):
                out_file = os.path.join(cwd, out_file)
            try:
                stdout, stderr, code = _run_command(argv, cwd, stdin)
            except BaseException:  # noqa: BLE001 - the harness itself failed: make it visible
                stdout, stderr, code = "", "harness: " + traceback.format_exc(), 99
            entry = {"key": f"{key} #{counts[key]}", "rc": code, "stdout": _norm(stdout), "stderr": _norm(stderr),
                     "stdin": _norm(stdin.decode("utf-8", "replace"))}
            if out_file is not None:
                text = _file_text(out_file)
                entry["file"] = None if text is None else _norm(text)
            entries.append(entry)
            res = json.dumps({"stdout": base64.b64encode(stdout.encode()).decode(), "stderr": stderr, "rc": code})
            self.wfile.write(res.encode())

    server = socketserver.UnixStreamServer(sock, Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    # the shims first, then this interpreter's environment (lit, filecheck)
    env = dict(os.environ, PATH=os.pathsep.join([bindir, os.path.dirname(sys.executable), os.environ["PATH"]]))
    lit = os.path.join(os.path.dirname(sys.executable), "lit")
    proc = subprocess.run(
        [lit, "-j1", "-q", *lit_args, os.path.join(ROOT, "test", "lit")],
        env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, cwd=ROOT,
    )
    server.shutdown()
    server.server_close()
    entries.append({"key": "lit verdict", "rc": proc.returncode, "stdout": _norm(proc.stdout), "stderr": ""})
    return entries


# -- record / compare --------------------------------------------------------


def record(out_dir: str, parts: list[str], fuzz: int, lit_args: list[str]) -> int:
    os.makedirs(out_dir, exist_ok=True)
    for part in parts:
        if part == "examples":
            entries = record_examples()
        elif part == "imports":
            entries = record_imports()
        elif part == "fuzz":
            entries = record_fuzz(fuzz)
        else:
            entries = record_lit(lit_args)
        with open(os.path.join(out_dir, f"{part}.jsonl"), "w") as f:
            for e in entries:
                f.write(json.dumps(e, sort_keys=True) + "\n")
        failed = sum(1 for e in entries if e.get("rc") == 99)
        print(f"{part}: {len(entries)} entries" + (f", {failed} harness failures" if failed else ""))
        if part == "lit":
            print(entries[-1]["stdout"].strip() or "lit: all passed")
    return 0


def _load(path: str) -> list[dict]:
    with open(path) as f:
        return [json.loads(line) for line in f]


def _by_key(entries: list[dict]) -> dict[str, dict]:
    """Index a record's entries by their key; a key met again gets `` #n`` (its
    occurrence) appended, so two runs of one command stay two entries."""
    out: dict[str, dict] = {}
    seen: dict[str, int] = {}
    for e in entries:
        key = e["key"]
        seen[key] = seen.get(key, 0) + 1
        out[key if seen[key] == 1 else f"{key} #{seen[key]}"] = e
    return out


def _first_difference(x: dict, y: dict) -> str:
    """The first field where two entries differ, and its first differing line."""
    field = next(k for k in sorted(set(x) | set(y)) if x.get(k) != y.get(k))
    xs, ys = str(x.get(field)).splitlines(), str(y.get(field)).splitlines()
    i = next((i for i, (p, q) in enumerate(zip(xs, ys)) if p != q), min(len(xs), len(ys)))
    return (f"{field} differs at line {i + 1}:\n"
            f"  - {xs[i] if i < len(xs) else '<end>'}\n  + {ys[i] if i < len(ys) else '<end>'}")


def compare(a_dir: str, b_dir: str) -> int:
    """Compare two records part by part, matching entries by their key (the command
    and its occurrence), not by position: a lit test added or removed between the two
    trees shows as an entry present in one record only, and every other entry is still
    compared with its namesake. A fuzz record of more kernels than the other is
    compared on the kernels both hold. Prints each difference (at most 10 per part)
    and returns 1 if any entry differs or is missing from one side, else 0."""
    differ = 0
    for part in PARTS:
        pa, pb = os.path.join(a_dir, f"{part}.jsonl"), os.path.join(b_dir, f"{part}.jsonl")
        if not (os.path.exists(pa) and os.path.exists(pb)):
            print(f"{part}: not in both records, skipped")
            continue
        a, b = _by_key(_load(pa)), _by_key(_load(pb))
        only_a = [k for k in a if k not in b]
        only_b = [k for k in b if k not in a]
        if part == "fuzz" and (not only_a or not only_b):
            # one campaign is a prefix of the other: compare what both ran
            if only_a or only_b:
                print(f"fuzz: comparing the {len(a) - len(only_a)} entries both records hold "
                      f"(they hold {len(a)} and {len(b)})")
            only_a, only_b = [], []
        for side, keys in (("first", only_a), ("second", only_b)):
            for k in keys[:10]:
                print(f"{part}: only in the {side} record: {k}")
            if len(keys) > 10:
                print(f"{part}: ... and {len(keys) - 10} more only in the {side} record")
        bad = 0
        for key, x in a.items():
            y = b.get(key)
            if y is None or x == y:
                continue
            bad += 1
            if bad <= 10:
                print(f"{part}: {key}: {_first_difference(x, y)}")
        common = sum(1 for k in a if k in b)
        differ += bad + len(only_a) + len(only_b)
        print(f"{part}: {common} entries in both, {bad} differ, "
              f"{len(only_a)} only in the first, {len(only_b)} only in the second")
    print("byte-identical" if differ == 0 else f"{differ} differences")
    return 0 if differ == 0 else 1


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("record", help="record every output into DIR")
    r.add_argument("dir")
    r.add_argument("--fuzz", type=int, default=500, help="fuzz kernels (seeds 0..N-1; default 500)")
    r.add_argument("--only", default=",".join(PARTS), help=f"comma-separated parts (default {','.join(PARTS)})")
    r.add_argument("--lit-arg", action="append", default=[], help="extra argument for lit (repeatable)")
    c = sub.add_parser("compare", help="compare two records; exit 1 when they differ")
    c.add_argument("a")
    c.add_argument("b")
    args = p.parse_args(argv)
    if args.command == "record":
        parts = [x for x in args.only.split(",") if x]
        unknown = [x for x in parts if x not in PARTS]
        if unknown:
            p.error(f"unknown part(s) {', '.join(unknown)} (expected {', '.join(PARTS)})")
        return record(args.dir, parts, args.fuzz, args.lit_arg)
    return compare(args.a, args.b)


if __name__ == "__main__":
    sys.exit(main())
