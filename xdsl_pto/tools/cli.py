"""``xdsl-pto``: the proof tools around the memory planner.

* ``xdsl-pto validate FILE`` -- prove a planned module's placement safe
  (the ``verify-memory-plan`` checks); exit 1 naming both values on failure.
* ``xdsl-pto run FILE`` -- differential execution: the kernel on numpy with
  one array per tile value, against the planned kernel on byte-addressed
  memory spaces; exit 1 at the first differing GM element.
* ``xdsl-pto fuzz --count N --seed S`` -- generate kernels, plan, validate,
  run both ways; failures are minimized into small ``.mlir`` files.
* ``xdsl-pto memory-map FILE -o map.html|map.png`` -- draw a planned
  module's memory (:mod:`xdsl_pto.tools.memory_map`).
* ``xdsl-pto report FILE [--json]`` -- bytes used against the LOAD lower
  bound, roots before and after reuse (:mod:`xdsl_pto.tools.report`).
* ``xdsl-pto import-pypto dump.py [-o kernel.mlir]`` -- a pypto IR dump
  (Python source, before InitMemRef) as a Tile module; several dumps with
  ``-o DIR``, one ``.mlir`` each
  (:mod:`xdsl_pto.frontends.pypto`, wired by :mod:`xdsl_pto.tools.import_pypto_command`).

User mistakes print ``file:line:col: error: message`` (or ``xdsl-pto: error:``
for the command line) on stderr and exit 1, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Sequence

from xdsl_pto.backends import BACKENDS
from xdsl_pto.diagnostics import format_error
from xdsl_pto.interp.errors import InterpError
from xdsl_pto.tools import memory_map, report
from xdsl_pto.tools import import_pypto_command as import_pypto
from xdsl_pto.tools.session import PipelineError

BACKEND_NAMES = tuple(BACKENDS)
DEFAULT_PIPELINE = (
    "auto-tile-matmul-l0{{backend={backend}}},lower-pipeline-loops,pto-plan-memory{{backend={backend}}}"
)


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors as ``xdsl-pto: error: ...``, exit 1."""

    def error(self, message: str):  # type: ignore[override]
        sys.stderr.write(f"xdsl-pto: error: {message}\n")
        raise SystemExit(1)


def _arguments() -> argparse.ArgumentParser:
    p = _Parser(prog="xdsl-pto", description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    v = sub.add_parser("validate", help="prove a planned module's memory placement safe")
    v.add_argument(
        "file", help="a planned Tile module (after pto-plan-memory) or lowered PTO; - for stdin"
    )
    v.add_argument("--backend", default="", help="a2, a3 or a5 (default: pto.target_arch)")

    r = sub.add_parser("run", help="differential execution of a kernel on numpy")
    r.add_argument("file", help="a Tile kernel (unplanned, or already planned); - for stdin")
    r.add_argument("--seed", type=_seed, default=0, help="seed of the random GM inputs")
    r.add_argument(
        "--max-steps",
        type=_positive,
        default=None,
        help="budget of each run in executed loop-body ops (default 1000000); a loop that "
        "would overrun it is an error",
    )
    r.add_argument(
        "--block-idx", type=_seed, default=0, help="the SPMD block the run is (tile.get_block_idx; default 0)"
    )
    r.add_argument(
        "--block-num",
        type=_seed,
        default=None,
        help="the SPMD block count (tile.get_block_num; default 1; --all-blocks needs it)",
    )
    r.add_argument(
        "--all-blocks",
        action="store_true",
        help="check every block 0 .. --block-num - 1 in turn (each on the same seeded inputs) "
        "instead of --block-idx alone",
    )
    r.add_argument(
        "--arg",
        action="append",
        default=[],
        type=_name_value,
        metavar="NAME=VALUE",
        help="give scalar argument %%NAME this value instead of a seeded one (repeatable; every "
        "function with such an argument takes it); a dynamic NAME of tile.dynamic_dims sets that name, and so "
        "every dynamic extent computed from it (N * 2 is twice N; an expression is not a NAME)",
    )
    r.add_argument(
        "--input",
        action="append",
        default=[],
        type=_name_value,
        metavar="NAME=FILE.npy",
        help="the contents of GM tensor argument %%NAME from a numpy .npy file instead of seeded ones "
        "(repeatable; its dtype and shape must be the tensor's, a dynamic extent takes the array's length; "
        "both runs see it)",
    )
    plan = r.add_mutually_exclusive_group()
    plan.add_argument(
        "--backend",
        default=None,
        choices=BACKEND_NAMES,
        help="plan an unplanned kernel with auto-tile-matmul-l0,lower-pipeline-loops,pto-plan-memory for this "
        "target (default a3); "
        "for a planned module it must match its pto.target_arch",
    )
    plan.add_argument(
        "--pipeline",
        default=None,
        help="planning pipeline for an unplanned kernel; it must leave a planned Tile module",
    )

    f = sub.add_parser("fuzz", help="generate, plan, validate and run random kernels")
    f.add_argument("--count", type=int, default=100, help="kernels to generate")
    f.add_argument("--seed", type=_seed, default=0, help="seed of the first kernel")
    f.add_argument("--backend", default="a3", choices=BACKEND_NAMES, help="default a3")
    f.add_argument("--out", default="fuzz-failures", help="folder for minimized failures")
    f.add_argument("--no-minimize", action="store_true", help="keep failing kernels whole")
    f.add_argument("--no-progress", action="store_true", help="no progress bar or lines")
    f.add_argument(
        "--progress-every",
        type=_positive,
        default=10,
        metavar="N",
        help="without a terminal, one progress line on stderr every N kernels (default 10)",
    )
    f.add_argument(
        "--time-limit",
        type=_positive_seconds,
        default=None,
        metavar="SECONDS",
        help="stop after this long and print the summary of what ran (Ctrl-C and SIGTERM do too)",
    )
    f.add_argument(
        "--preset",
        default="default",
        choices=("default", "pipelines", "targets", "matmuls", "cube"),
        help="generator preset: 'pipelines' adds pipeline loops and declared allocations; "
        "'targets' adds the target-aware ops (sels, prelu, rem, fmod, casts) and the "
        "cross-core pipe (tpop/tpush, split modes); 'matmuls' adds Mat-resident matmuls "
        "that auto-tile-matmul-l0 tiles before planning; 'cube' makes cube kernels only, "
        "with the cube family (batched matmuls; gemv on a2/a3, MX on a5)",
    )
    memory_map.add_parser(sub)
    report.add_parser(sub)
    import_pypto.add_parser(sub)
    return p


def _seed(text: str) -> int:
    """A ``--seed`` value: a non-negative integer."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid int value: '{text}'") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must not be negative, got {value}")
    return value


def _name_value(text: str) -> tuple[str, str]:
    """A ``--arg`` item: ``NAME=VALUE`` (a leading ``%`` on NAME is dropped)."""
    name, eq, value = text.partition("=")
    name = name.strip().removeprefix("%")
    if not eq or not name or not value.strip():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got '{text}'")
    return name, value.strip()


def _read_array(path: str):
    """The numpy array in the ``.npy`` file ``path`` (no pickled objects).

    Raises:
        _UserError: located at the file: it cannot be read, or it is not
            one ``.npy`` array (another format, an ``.npz`` archive, pickled
            objects, a truncated file).
    """
    import numpy as np

    try:
        with open(path, "rb") as f:
            head = f.read(6)
            if head.startswith(b"PK"):
                raise _UserError(path, "not a numpy .npy file: an .npz archive of several arrays")
            if head != b"\x93NUMPY":
                raise _UserError(path, "not a numpy .npy file: it does not start with the .npy magic string")
            f.seek(0)
            return np.lib.format.read_array(f, allow_pickle=False)
    except OSError as err:
        raise _UserError(path, f"cannot read the --input file: {err.strerror or err}") from None
    except (ValueError, EOFError) as err:
        first = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise _UserError(path, f"not a readable numpy .npy file: {first}") from None


def _positive(text: str) -> int:
    """A positive integer option."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid int value: '{text}'") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be positive, got {value}")
    return value


def _positive_seconds(text: str) -> float:
    """A positive number of seconds."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid number of seconds: '{text}'") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, got {text}")
    return value


class _UserError(Exception):
    """A mistake in what the user asked for, reported as ``where: error: message``."""

    def __init__(self, where: str, message: str):
        super().__init__(message)
        self.where = where


def _shown(path: str) -> str:
    return "<stdin>" if path == "-" else path


def _validate(args: argparse.Namespace) -> int:
    from xdsl_pto.backends import resolve_backend
    from xdsl_pto.tools.session import read_module
    from xdsl_pto.verify import verify_module

    module = read_module(args.file)
    try:
        backend = resolve_backend(args.backend, module)
    except ValueError as err:
        sys.stderr.write(f"xdsl-pto: error: {err}\n")
        return 1
    checked = verify_module(module, backend)
    if not checked:
        print(f"{_shown(args.file)}: plan valid: no function with tiles")
        return 0
    parts = ", ".join(f"@{c.function} ({c.count} {c.kind})" for c in checked)
    print(f"{_shown(args.file)}: plan valid: {parts}")
    return 0


def _refuse_cut_kernels(name: str, original, planned, spec: str) -> None:
    """Refuse a ``--pipeline`` that cut a mixed kernel (``tile.aiv_shard`` /
    ``tile.aic_gather``) into a cube and a vector function
    (``expand-mixed-kernel``): the run does not model the tiles the two
    cores hand each other, so the split kernel cannot be compared with the
    kernel as written.

    Raises:
        _UserError: naming the first such function.
    """
    from xdsl_pto.transforms.common import functions
    from xdsl_pto.transforms.expand_mixed_kernel import is_mixed

    after = {fn.sym_name.data: fn for fn in functions(planned)}
    for fn in functions(original):
        cut = after.get(fn.sym_name.data)
        if is_mixed(fn) and (cut is None or not is_mixed(cut)):
            raise _UserError(
                name,
                f"the pipeline '{spec}' cut the mixed kernel @{fn.sym_name.data} into a cube and a vector "
                "function (expand-mixed-kernel); the run does not model the tiles the two cores hand each "
                "other, so it checks the mixed kernel planned whole: leave expand-mixed-kernel out",
            )


def _run(args: argparse.Namespace) -> int:
    from xdsl_pto.backends import TARGET_ATTR
    from xdsl_pto.interp import differential_check
    from xdsl_pto.interp.differential import runs_on_gm
    from xdsl_pto.tools.session import read_module, run_pipeline
    from xdsl_pto.transforms.common import functions, has_tiles, is_planned
    from xdsl_pto.verify.pto_buffers import has_pto_buffers

    name = _shown(args.file)
    values: dict[str, str] = {}
    for key, value in args.arg:
        if key in values:
            raise _UserError("xdsl-pto", f"--arg {key} is given twice")
        values[key] = value
    arrays: dict[str, tuple[str, object]] = {}
    for key, path in args.input:
        if key in arrays:
            raise _UserError("xdsl-pto", f"--input {key} is given twice")
        arrays[key] = (path, _read_array(path))
    if args.all_blocks and args.block_idx != 0:
        raise _UserError("xdsl-pto", "--all-blocks checks every block; --block-idx does not apply")
    if args.all_blocks and args.block_num is None:
        raise _UserError(
            "xdsl-pto", "--all-blocks needs --block-num N, the launch's block count (blocks 0 .. N - 1 are checked)"
        )
    if args.block_num is None:
        args.block_num = 1
    if not args.block_idx < args.block_num:
        raise _UserError(
            name, f"--block-idx {args.block_idx} is not one of the {args.block_num} blocks of --block-num"
        )
    original = read_module(args.file)
    fns = functions(original)
    if any(has_pto_buffers(fn) for fn in fns):
        raise _UserError(name, "xdsl-pto run executes Tile kernels; a lowered PTO module cannot be run")
    # a kernel of scalar GM reads and writes only has nothing to plan: its
    # GM outputs are still compared (after the pipeline, which keeps it)
    scalar_only = not any(has_tiles(fn) for fn in fns)
    if scalar_only and not any(runs_on_gm(fn) for fn in fns):
        raise _UserError(name, "no function with tiles or scalar GM reads / writes (memref.load / memref.store) to run")
    planned = original.clone()
    if scalar_only:
        if args.pipeline is not None:
            run_pipeline(planned, args.pipeline)
    elif is_planned(original):
        target = original.attributes.get(TARGET_ATTR)
        arch = getattr(target, "data", None)
        if args.pipeline is not None:
            raise _UserError(name, "the module is already planned; --pipeline does not apply")
        if args.backend is not None and arch is not None and args.backend != arch:
            raise _UserError(
                name, f"the module was planned for {arch} ({TARGET_ATTR}); --backend {args.backend} disagrees"
            )
    else:
        spec = args.pipeline if args.pipeline is not None else DEFAULT_PIPELINE.format(
            backend=args.backend or "a3"
        )
        run_pipeline(planned, spec)
        _refuse_cut_kernels(name, original, planned, spec)
        if not is_planned(planned):
            raise _UserError(
                name,
                f"the pipeline '{spec}' did not leave a planned Tile module (every tile value "
                "with a MemRef and, unless planned by ptoas, every tile.alloc with an address)",
            )
    from xdsl_pto.interp.loops import DEFAULT_MAX_STEPS

    steps = args.max_steps if args.max_steps is not None else DEFAULT_MAX_STEPS
    blocks = range(args.block_num) if args.all_blocks else [args.block_idx]
    chosen: list[str] = []
    searched: list[str] = []
    for block in blocks:
        mismatches = differential_check(
            original,
            planned,
            seed=args.seed,
            max_steps=steps,
            block=(block, args.block_num),
            values=values,
            tensors=arrays,
            chosen=searched,
        )
        chosen += [f"block {block}: {c}" if args.all_blocks and args.block_num > 1 else c for c in searched]
        searched.clear()
        in_block = f" (block {block} of {args.block_num})" if args.block_num > 1 else ""
        for m in mismatches:
            sys.stderr.write(f"{name}: error: {m.message()}{in_block}\n")
        if mismatches:
            return 1
    note = "; no tiles: the GM reads and writes only" if scalar_only else ""
    if chosen:
        note += "; inputs a caller could give, searched: " + "; ".join(dict.fromkeys(chosen))
    if args.all_blocks and args.block_num > 1:
        print(f"{name}: logical and physical runs agree in all {args.block_num} blocks (seed {args.seed}{note})")
    else:
        print(f"{name}: logical and physical runs agree (seed {args.seed}{note})")
    return 0


def _fuzz(args: argparse.Namespace) -> int:
    from xdsl_pto.fuzz.campaign import run_campaign

    if args.count < 0:
        sys.stderr.write("xdsl-pto: error: --count must not be negative\n")
        return 1
    summary = run_campaign(
        count=args.count,
        seed=args.seed,
        backend=args.backend,
        out_dir=args.out,
        minimize_failures=not args.no_minimize,
        progress=not args.no_progress,
        config=args.preset,
        time_limit=args.time_limit,
        progress_every=args.progress_every,
    )
    print(summary.line())
    if summary.exit_code is not None:
        return summary.exit_code
    return 0 if summary.clean else 1


def _interp_error_line(err: Exception, name: str) -> str:
    """``file:line:col: error: message`` for an interpreter refusal whose
    message starts with a location, else ``name: error: message``."""
    text = str(err)
    m = re.match(r"(\S+:\d+:\d+): (.*)", text, re.S)
    if m:
        return f"{m.group(1)}: error: {m.group(2)}"
    return f"{name}: error: {text}"


#: The exit code of a command whose reader closed standard output early
#: (``xdsl-pto report f --json | head``): 128 + SIGPIPE, as a shell reports it.
EXIT_BROKEN_PIPE = 141


def _closed_stdout() -> int:
    """End quietly after the reader of standard output went away: point
    stdout at /dev/null so the interpreter's final flush does not fail
    again, and return :data:`EXIT_BROKEN_PIPE` (no message)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
    return EXIT_BROKEN_PIPE


_COMMANDS = {
    "validate": _validate,
    "run": _run,
    "fuzz": _fuzz,
    "memory-map": memory_map.run,
    "report": report.run,
    "import-pypto": import_pypto.run,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``xdsl-pto``; returns the process exit code."""
    args = _arguments().parse_args(argv)
    try:
        code = _COMMANDS[args.command](args)
        sys.stdout.flush()  # a closed pipe shows here, not at interpreter exit
        return code
    except BrokenPipeError:
        return _closed_stdout()
    except (OSError, UnicodeDecodeError) as err:
        what = "input is not UTF-8 text" if isinstance(err, UnicodeDecodeError) else (
            err.strerror or str(err)
        )
        sys.stderr.write(f"{getattr(args, 'file', 'xdsl-pto')}: error: {what}\n")
        return 1
    except PipelineError as err:
        sys.stderr.write(f"xdsl-pto: error: {err}\n")
        return 1
    except _UserError as err:
        sys.stderr.write(f"{err.where}: error: {err}\n")
        return 1
    except InterpError as err:
        sys.stderr.write(_interp_error_line(err, _shown(getattr(args, "file", "xdsl-pto"))) + "\n")
        return 1
    except Exception as err:  # noqa: BLE001 - located user errors become one line
        line = format_error(err, getattr(args, "file", None))
        if line is None:
            raise
        sys.stderr.write(line + "\n")
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
