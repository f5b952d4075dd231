"""Every PTO module the project emits, and a real ``ptoas`` to judge them.

The modules (issue 21):

* :func:`example_cases` -- every ``examples/*.mlir`` kernel under every
  planner (pypto, dsa_rp, ptoas), for the target it is written for (a3;
  a5 for a name ending in ``_a5``), lowered by
  :func:`lower_example` with the whole flow (``auto-tile-matmul-l0``,
  ``lower-pipeline-to-slots``, ``lower-pipeline-loops``, ``pto-plan-memory``,
  ``convert-tile-to-pto``);
* :func:`lit_outputs` -- the output of every lit RUN line that lowers to PTO
  (``convert-tile-to-pto`` in its pipeline) and is not an error test (no
  ``not``), read off the RUN lines themselves: ``%s``, ``%S``,
  ``%examples/...``, ``--split-input-file`` (each case that lowers), a piped
  second ``xdsl-opt`` and ``%t...`` files an earlier RUN line of the same file
  wrote with ``xdsl-opt ... -o`` or ``xdsl-pto import-pypto ... -o``;
* :func:`pypto_cases` -- the sample dumps of ``examples/pypto/`` and every
  kernel of ``../shared/pypto-lib-sample/`` (when that folder is there),
  imported with ``xdsl-pto import-pypto`` and lowered under every planner; a
  kernel the importer refuses is :class:`NotImported` (counted, not a
  failure).

Everything runs in-process (one xDSL context, no ``xdsl-opt`` start-up per
module); only ``ptoas`` is a subprocess (:func:`run_ptoas`). Its level follows
the module: ``--pto-level=level2`` when ptoas must place buffers (an
``alloc_tile`` without ``addr``, a region, an automatic reservation), else
``level3``; its arch is the module's ``pto.target_arch``. A module is accepted
when ptoas exits 0 and writes a non-empty ``.cpp`` (tools/ptoas/README.md);
the one refusal that counts as an answer is the overflow
``pto-plan-memory{planner=ptoas}`` warned of (:func:`judge`).

Run as a script for a summary of every module: ``python test/ptoas/ptoas_corpus.py``.
"""

from __future__ import annotations

import contextlib
import glob
import io
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass

from xdsl.dialects.builtin import ModuleOp
from xdsl.printer import Printer

from xdsl_pto.diagnostics import LocatedError
from xdsl_pto.frontends.pypto import PyptoImportError, import_source
from xdsl_pto.frontends.pypto.driver import import_sources
from xdsl_pto.tools.session import make_context, parse_module, run_pipeline

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(ROOT, "examples")
LIT = os.path.join(ROOT, "test", "lit")
LIB_SAMPLE = os.path.join(os.path.dirname(ROOT), "shared", "pypto-lib-sample")

PLANNERS = ("pypto", "dsa_rp", "ptoas")

#: The test report property (``record_property``) saying whether a sample
#: dump was ``imported`` or ``not imported`` (the session summary counts them).
DUMP_PROPERTY = "ptoas_dump"


# --------------------------------------------------------------------------- ptoas


#: The real ptoas's installer beside the checkout, and where
#: :func:`install_ptoas` puts the binary (the same place ``.ci/run`` does).
PTOAS_INSTALLER = os.path.join(os.path.dirname(ROOT), "shared", "tools", "ptoas", "install.sh")
PTOAS_PREFIX = os.path.join(ROOT, ".venv", "ptoas")


def find_ptoas() -> str | None:
    """The ``ptoas`` binary: ``$PTOAS`` when set (it must be an executable
    file), else ``ptoas`` on ``PATH``, else one :func:`install_ptoas` put
    in :data:`PTOAS_PREFIX`; None when there is none."""
    env = os.environ.get("PTOAS")
    if env:
        return env if os.path.isfile(env) and os.access(env, os.X_OK) else None
    found = shutil.which("ptoas")
    if found is not None:
        return found
    local = os.path.join(PTOAS_PREFIX, "bin", "ptoas")
    return local if os.access(local, os.X_OK) else None


def install_ptoas() -> str | None:
    """Install the real ptoas from :data:`PTOAS_INSTALLER` into
    :data:`PTOAS_PREFIX` when no ptoas is found and the installer is beside
    the checkout, so the README's test command judges with ptoas on a fresh
    machine too; the binary's path, or None (no installer, or it failed:
    e.g. its system libraries need root). Run once, by the test session's
    controller, before any worker starts."""
    found = find_ptoas()
    if found is not None or os.environ.get("PTOAS") or not os.path.isfile(PTOAS_INSTALLER):
        return found
    try:
        subprocess.run(
            ["bash", PTOAS_INSTALLER, PTOAS_PREFIX], capture_output=True, text=True, timeout=600, check=True
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return find_ptoas()


def ptoas_level(text: str) -> str:
    """``level2`` when the module leaves placement to ptoas (an
    ``alloc_tile`` without ``addr``, an ``alloc_multi_tile`` region or an
    ``auto = true`` reservation), else ``level3`` (every address baked)."""
    for line in text.splitlines():
        if "pto.alloc_multi_tile" in line or "auto = true" in line:
            return "level2"
        if "pto.alloc_tile" in line and "pto.alloc_tile addr =" not in line:
            return "level2"
    return "level3"


def ptoas_arch(text: str) -> str:
    """The module's ``pto.target_arch`` (a3 when it states none)."""
    m = re.search(r'pto\.target_arch = "(\w+)"', text)
    return m.group(1) if m else "a3"


@dataclass(frozen=True)
class Verdict:
    """What ptoas said of one module: accepted, and its first error line."""

    accepted: bool
    message: str
    command: str


def run_ptoas(ptoas: str, text: str, name: str = "module") -> Verdict:
    """Feed ``text`` to ``ptoas`` with the level and arch the module asks
    for (:func:`ptoas_level`, :func:`ptoas_arch`)."""
    level, arch = ptoas_level(text), ptoas_arch(text)
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", name)[-80:] or "module"
    with tempfile.TemporaryDirectory(prefix="xdsl-pto-ptoas-") as tmp:
        src, out = os.path.join(tmp, stem + ".pto"), os.path.join(tmp, stem + ".cpp")
        with open(src, "w", encoding="utf-8") as f:
            f.write(text)
        argv = [ptoas, f"--pto-level={level}", f"--pto-arch={arch}", src, "-o", out]
        r = subprocess.run(argv, capture_output=True, text=True, timeout=120)
        ok = r.returncode == 0 and os.path.isfile(out) and os.path.getsize(out) > 0
        lines = (r.stderr + r.stdout).splitlines()
        first = next((l for l in lines if "error" in l.lower()), lines[0] if lines else "")
        first = first.replace(src, f"<{name}>")
        return Verdict(ok, "" if ok else (first or f"exit {r.returncode}, no .cpp"), " ".join(argv[:-3]))


# --------------------------------------------------------------------------- in-process pipelines

_CTX = None


def _ctx():
    global _CTX
    if _CTX is None:
        _CTX = make_context()
    return _CTX


def print_module(module: ModuleOp) -> str:
    """``module`` as ``xdsl-opt`` prints it."""
    out = io.StringIO()
    Printer(stream=out).print_op(module)
    return out.getvalue() + "\n"


#: What the passes printed on stderr (remarks, warnings) while
#: :func:`apply` ran, by the text it returned.
DIAGNOSTICS: dict[str, str] = {}


def apply(text: str, spec: str, name: str) -> str:
    """Parse ``text`` (named ``name``), run the ``xdsl-opt -p`` pipeline
    ``spec`` (an empty spec: parse and print) and print the result. The
    remarks and warnings the passes print are kept in :data:`DIAGNOSTICS`
    under the result.

    Raises:
        what :func:`~xdsl_pto.tools.session.parse_module` and
        :func:`~xdsl_pto.tools.session.run_pipeline` raise.
    """
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        module = parse_module(text, name, _ctx())
        if spec:
            run_pipeline(module, spec, _ctx())
    out = print_module(module)
    if err.getvalue():
        DIAGNOSTICS[out] = DIAGNOSTICS.get(out, "") + err.getvalue()
    return out


#: The warning pto-plan-memory{planner=ptoas} gives for a kernel ptoas's
#: own planner cannot fit (xdsl_pto.analysis.ptoas_load), with the space.
_UNPLACEABLE = re.compile(r"the (\w+) tiles live at this op need \d+ bytes apart.*ptoas will report a \w+ overflow")


def predicted_overflows(text: str) -> set[str]:
    """The spaces for which the lowering of ``text`` warned that ptoas's
    planner will overflow (an in-place reuse it does not make)."""
    return set(_UNPLACEABLE.findall(DIAGNOSTICS.get(text, "")))


def judge(ptoas: str, text: str, name: str) -> tuple[bool, str]:
    """``(ok, why)`` for one module: ok when ptoas accepts it, or when it
    refuses it with an overflow of a space our planner warned about (the
    warning is the answer: see :func:`predicted_overflows`)."""
    v = run_ptoas(ptoas, text, name)
    if v.accepted:
        return True, "accepted"
    for space in predicted_overflows(text):
        if f"{space} overflow" in v.message:
            return True, f"refused as warned ({space} overflow)"
    return False, f"{v.command}: {v.message}"


def flow(planner: str, arch: str) -> str:
    """The whole flow of one planner for one target, as ``xdsl-opt -p``."""
    return (
        f"auto-tile-matmul-l0{{backend={arch}}},"
        f"lower-pipeline-to-slots{{planner={planner} backend={arch}}},"
        "lower-pipeline-loops,"
        f"pto-plan-memory{{backend={arch} planner={planner}}},"
        f"convert-tile-to-pto{{planner={planner}}}"
    )


# --------------------------------------------------------------------------- (a) examples


def example_files() -> list[str]:
    """Every ``examples/*.mlir`` kernel, sorted."""
    return sorted(glob.glob(os.path.join(EXAMPLES, "*.mlir")))


def example_arch(relpath: str) -> str:
    """The target an example is written for: a5 when its name ends in
    ``_a5``, else a3 (examples/README.md: planned for A2/A3)."""
    return "a5" if os.path.splitext(relpath)[0].endswith("_a5") else "a3"


def example_cases() -> list[tuple[str, str, str]]:
    """``(example path relative to the root, planner, arch)`` for every
    example and planner, on the target it is written for."""
    return [
        (os.path.relpath(path, ROOT), planner, example_arch(os.path.relpath(path, ROOT)))
        for path in example_files()
        for planner in PLANNERS
    ]


def lower_example(relpath: str, planner: str, arch: str) -> str:
    """The PTO module of one example under ``planner`` for ``arch``."""
    path = os.path.join(ROOT, relpath)
    with open(path, encoding="utf-8") as f:
        return apply(f.read(), flow(planner, arch), relpath)


# --------------------------------------------------------------------------- (b) lit RUN lines


def lit_files() -> list[str]:
    """The lit tests (relative to the root) with a RUN line whose
    ``xdsl-opt`` runs ``convert-tile-to-pto`` and is not expected to fail
    (no ``not``)."""
    out = []
    for path in sorted(glob.glob(os.path.join(LIT, "**", "*.mlir"), recursive=True)):
        if f"{os.sep}Output{os.sep}" in path:
            continue
        for line in run_lines(path):
            lowers = False
            for words in _stages(line):
                stage = _parse_stage(words, path)
                if stage is None:
                    break
                lowers = lowers or "convert-tile-to-pto" in stage.spec
            if lowers:
                out.append(os.path.relpath(path, ROOT))
                break
    return out


def run_lines(path: str) -> list[str]:
    """The RUN lines of a lit test (continuations joined)."""
    lines: list[str] = []
    pending = ""
    with open(path, encoding="utf-8") as f:
        for raw in f:
            m = re.match(r"\s*//\s*RUN:\s?(.*)$", raw)
            if not m:
                continue
            text = pending + m.group(1).rstrip()
            if text.endswith("\\"):
                pending = text[:-1] + " "
                continue
            pending = ""
            lines.append(text)
    return lines


def _stages(line: str) -> list[list[str]]:
    """A RUN line's pipeline stages, each split into shell words."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars="|")
    lexer.whitespace_split = True
    stages: list[list[str]] = [[]]
    for word in lexer:
        if word == "|":
            stages.append([])
        elif word == "||":
            break
        else:
            stages[-1].append(word)
    return stages


def _substitute(word: str, path: str) -> str:
    return (
        word.replace("%examples", EXAMPLES)
        .replace("%s", path)
        .replace("%S", os.path.dirname(path))
    )


@dataclass
class _Stage:
    """One ``xdsl-opt`` or ``xdsl-pto import-pypto`` invocation of a RUN line."""

    tool: str
    spec: str = ""
    input: str | None = None
    output: str | None = None
    split: bool = False


def _parse_stage(words: list[str], path: str) -> _Stage | None:
    """The stage's tool, pipeline, input and output file (None for any
    other command, or one expected to fail: ``not ...``)."""
    if not words or words[0] == "not":
        return None
    words = [_substitute(w, path) for w in words]
    tool = words[0]
    if tool == "xdsl-pto" and words[1:2] == ["import-pypto"]:
        stage = _Stage("import-pypto")
        rest = words[2:]
    elif tool in ("xdsl-opt", "xdsl-pto-opt"):
        stage = _Stage("xdsl-opt")
        rest = words[1:]
    else:
        return None
    it = iter(rest)
    for w in it:
        if w in ("-p", "--passes"):
            stage.spec = next(it)
        elif w.startswith("--passes=") or w.startswith("-p="):
            stage.spec = w.split("=", 1)[1]
        elif w in ("-o", "--output"):
            stage.output = next(it)
        elif w.startswith(">") and w not in (">",):
            stage.output = w[1:] if not w.startswith(">&") else None
        elif w == ">":
            stage.output = next(it)
        elif w == "<":
            stage.input = next(it)
        elif w == "--split-input-file":
            stage.split = True
        elif w.startswith("2>") or w == "2>&1":
            if w == "2>":
                next(it)
        elif w.startswith("-"):
            continue
        else:
            stage.input = w
    return stage


@dataclass(frozen=True)
class LitModule:
    """One PTO module a lit RUN line prints: ``label`` is
    ``file:RUN-line-number[#case]``."""

    label: str
    text: str


def lit_outputs(relpath: str) -> list[LitModule]:
    """The PTO modules the RUN lines of one lit test print (see the module
    docstring for what is followed)."""
    path = os.path.join(ROOT, relpath)
    files: dict[str, str] = {}  # %t... files written by earlier RUN lines
    out: list[LitModule] = []
    for n, line in enumerate(run_lines(path), 1):
        stdin: list[str] | None = None  # the previous stage's chunks
        lowered = False
        for words in _stages(line):
            stage = _parse_stage(words, path)
            if stage is None:
                break
            if stage.input in (None, "-"):
                chunks = stdin
            elif stage.input.startswith("%t"):
                chunks = [files[stage.input]] if stage.input in files else None
            else:
                with open(stage.input, encoding="utf-8") as f:
                    chunks = [f.read()]
            if chunks is None:
                break
            if stage.tool == "import-pypto":
                module = import_source(chunks[0], stage.input or "<stdin>")
                module.verify()
                result = [print_module(module)]
            else:
                if stage.split:
                    chunks = [c for text in chunks for c in text.split("// -----")]
                result = []
                for i, text in enumerate(chunks):
                    try:
                        result.append(apply(text, stage.spec, relpath))
                    except LocatedError:
                        if not stage.split:
                            raise
                        result.append("")  # an expected-diagnostics case
                    if "convert-tile-to-pto" in stage.spec and result[-1]:
                        label = f"{relpath}:RUN{n}" + (f"#{i}" if len(chunks) > 1 else "")
                        out.append(LitModule(label, result[-1]))
                        lowered = True
            if stage.output and stage.output.startswith("%t"):
                files[stage.output] = result[0] if len(result) == 1 else "// -----".join(result)
            stdin = result
            if lowered:
                break
    return out


# --------------------------------------------------------------------------- (c) pypto dumps


class NotImported(Exception):
    """A dump ``xdsl-pto import-pypto`` refuses today (issue 24's work)."""


def pypto_dumps() -> list[str]:
    """The dumps (relative to the root's parent for the lib sample): the
    seven samples of ``examples/pypto/`` and every
    ``pypto-lib-sample/*/*/kernel.py`` beside the checkout, but the vector
    half of a mixed kernel (:func:`import_dump` takes it with its cube
    half)."""
    dumps = [os.path.relpath(p, ROOT) for p in sorted(glob.glob(os.path.join(EXAMPLES, "pypto", "*.py")))]
    dumps += [os.path.relpath(p, ROOT) for p in sorted(glob.glob(os.path.join(LIB_SAMPLE, "*", "*", "kernel.py")))]
    # a mixed kernel's vector half is imported with its cube half: one module, judged once
    return [d for d in dumps if not (os.path.dirname(d).endswith("_aiv") and sibling_dump(d))]


def dump_arch(relpath: str) -> str:
    """a5 for a sample meant for it (``*_a5.py``), else a3 (the lib sample
    was compiled for Ascend910B)."""
    return "a5" if relpath.endswith("_a5.py") else "a3"


def sibling_dump(relpath: str) -> str | None:
    """The other half of a mixed kernel of the lib sample (``X_aiv/kernel.py``
    for ``X_aic/kernel.py`` and back), relative like ``relpath``; None when
    there is none."""
    folder = os.path.dirname(relpath)
    for a, b in (("_aic", "_aiv"), ("_aiv", "_aic")):
        other = os.path.join(folder[: -len(a)] + b, "kernel.py")
        if folder.endswith(a) and os.path.exists(os.path.join(ROOT, other)):
            return other
    return None


def import_dump(relpath: str) -> str:
    """The imported Tile module of a dump, as text; a half of a mixed
    kernel is imported together with its sibling (:func:`sibling_dump`),
    one module as the reference emits them: the lowering needs both ends of
    each pipe.

    Raises:
        NotImported: the importer refuses it (with its located message).
    """
    dumps = []
    for rel in (relpath, sibling_dump(relpath)):
        if rel is not None:
            with open(os.path.normpath(os.path.join(ROOT, rel)), encoding="utf-8-sig") as f:
                dumps.append((f.read(), rel))
    try:
        module = import_source(*dumps[0]) if len(dumps) == 1 else import_sources(dumps)
        module.verify()
    except PyptoImportError as err:
        raise NotImported(err.format(relpath)) from None
    except Exception as err:  # noqa: BLE001 - a located verifier refusal of the import
        raise NotImported(f"{relpath}: {' '.join(str(err).split())[:300]}") from None
    return print_module(module)


def lower_dump(relpath: str, planner: str, tile_text: str | None = None) -> str:
    """The PTO module of an imported dump under ``planner``."""
    text = tile_text if tile_text is not None else import_dump(relpath)
    return apply(text, flow(planner, dump_arch(relpath)), relpath)


# --------------------------------------------------------------------------- script


KINDS = ("examples", "lit outputs", "pypto samples", "pypto-lib-sample kernels")


def _all_modules() -> Iterator[tuple[str, str, str | Exception]]:
    """(kind, label, PTO text or the error that stopped it) of every module."""
    for relpath, planner, arch in example_cases():
        try:
            yield KINDS[0], f"{relpath} {planner} {arch}", lower_example(relpath, planner, arch)
        except Exception as err:  # noqa: BLE001
            yield KINDS[0], f"{relpath} {planner} {arch}", err
    for relpath in lit_files():
        try:
            for m in lit_outputs(relpath):
                yield KINDS[1], m.label, m.text
        except Exception as err:  # noqa: BLE001
            yield KINDS[1], relpath, err
    for relpath in pypto_dumps():
        kind = KINDS[2] if relpath.startswith("examples") else KINDS[3]
        try:
            tile = import_dump(relpath)
        except NotImported as err:
            yield kind, relpath, err
            continue
        for planner in PLANNERS:
            try:
                yield kind, f"{relpath} {planner}", lower_dump(relpath, planner, tile)
            except Exception as err:  # noqa: BLE001
                yield kind, f"{relpath} {planner}", err


def main() -> int:
    """Judge every module, print each one not accepted (and each warned
    refusal), then one count line per kind and the totals; exit 1 when any
    module was rejected or did not lower. ``argv[1]``, when given, is a folder
    every module is also written to (as ``<label>.pto``)."""
    ptoas = find_ptoas()
    if ptoas is None:
        print("ptoas not found ($PTOAS, PATH)")
        return 1
    dump = sys.argv[1] if len(sys.argv) > 1 else None
    keys = ("accepted", "rejected", "not lowered", "not imported")
    counts = {kind: dict.fromkeys(keys, 0) for kind in KINDS}
    for kind, name, result in _all_modules():
        if isinstance(result, NotImported):
            counts[kind]["not imported"] += 1
            continue
        if isinstance(result, Exception):
            counts[kind]["not lowered"] += 1
            print(f"NOT LOWERED {name}: {' '.join(str(result).split())[:300]}")
            continue
        if dump:
            os.makedirs(dump, exist_ok=True)
            with open(os.path.join(dump, re.sub(r"[^A-Za-z0-9_.-]+", "_", name) + ".pto"), "w") as f:
                f.write(result)
        ok, why = judge(ptoas, result, name)
        counts[kind]["accepted" if ok else "rejected"] += 1
        if not ok:
            print(f"REJECTED {name}: {why}")
        elif why != "accepted":
            print(f"WARNED {name}: {why}")
    for kind in KINDS:
        print(f"{kind}: " + ", ".join(f"{k}: {v}" for k, v in counts[kind].items()))
    total = {k: sum(counts[kind][k] for kind in KINDS) for k in keys}
    print("total: " + ", ".join(f"{k}: {v}" for k, v in total.items()))
    return 0 if total["rejected"] == 0 and total["not lowered"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
