"""One fuzzing campaign: generate kernels, plan them with every planner,
validate the plans, run them both ways, and keep minimized failures.

Per kernel (:func:`check_kernel`) the outcome is one of

* ``ok`` -- planned, proved valid, logical and physical runs agree, lowered
  (or refused by the lowering only because a generated pipe has no peer
  kernel, see :data:`xdsl_pto.fuzz.builder.PIPE_SETUP`);
* ``rejected`` -- a pass refused the kernel with a located user error that
  is an expected answer (see :func:`rejection_reason`): a space over
  capacity, a form ptoas refuses on the target, a form the README lists as
  unsupported, an in-place update with no copy route;
* ``crash`` -- any other exception, or a located error of no expected kind
  (a bug in a pass, the lowering or the interpreter);
* ``invalid`` -- the independent validator rejected the plan;
* ``mismatch`` -- the planned kernel computes other GM bytes than the kernel;
* ``gap`` -- a mutant of a proved plan (:mod:`xdsl_pto.fuzz.mutants`) that
  the validator accepts but the differential run shows wrong.

Crashes, invalid plans and mismatches are minimized (delta debugging over
ops, keeping the same kind of failure) and written as ``.mlir`` files.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import re
import traceback
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from xdsl_pto.backends import BACKENDS
from xdsl_pto.diagnostics import LocatedError, format_error
from xdsl_pto.fuzz.mutants import mutate_plan
from xdsl_pto.tools.atomic import write_text_atomically

if TYPE_CHECKING:
    from xdsl_pto.fuzz.generate import GenConfig

#: Every planner that exists, as a pipeline spec (``{backend}`` filled in).
#: A ptoas plan has no addresses: the differential run places each root
#: apart (:func:`xdsl_pto.interp.runner.run_function`).
PLANNERS: dict[str, str] = {
    "pypto": "pto-plan-memory{{backend={backend}}}",
    "dsa_rp": "pto-plan-memory{{planner=dsa_rp backend={backend}}}",
    "ptoas": "pto-plan-memory{{planner=ptoas backend={backend}}}",
}

LOWERING = "convert-tile-to-pto"
FAILURES = ("crash", "invalid", "mismatch", "gap")

#: Located errors that are a correct answer for a random kernel, by reason.
_EXPECTED_REJECTIONS = (
    (
        "capacity",
        re.compile(
            r"usage \(\d+ bytes\) exceeds the \w+ limit|(past|over) the \w+ \w+ capacity"
            r"|cannot place the \d+ \w+ buffers within"
        ),
    ),
    # The lowering refuses what ptoas (v0.48) refuses on the target (an
    # element type an op does not take there, a store from Mat on a5, a
    # Mat -> Mat move, ...): the generator does not know the backend.
    ("ptoas refuses", re.compile(r"ptoas \(v0\.48\)")),
    ("unsupported form", re.compile(r"not supported")),
    # What one target's ptoas refuses by an op-specific rule that quotes
    # ptoas itself (a PtoasCheck with no source on the op definition,
    # checked by the lowering): e.g. tile.random on a3.
    ("target form", re.compile(r"tile\.\w+ on a[235](/a[235])*(:| needs )")),
    ("no copy route", re.compile(r"no (\w+)->(\w+) copy exists")),
    # A Mat-resident matmul auto-tile-matmul-l0 left as written (its remark
    # says why: an output too large with no M/N placement, ...), refused by
    # init-memref; a staged Vec lhs makes a mixed vector + cube kernel, which
    # the lowering refuses (no ExpandMixedKernel here).
    ("untiled matmul", re.compile(r"but the cube reads it from (left|right)")),
    ("mixed kernel", re.compile(r"uses both vec and cube memory spaces")),
    # A generated kernel's pipe is initialized with placeholder buffers (no
    # ring, no peer kernel): ptoas pairs a pipe's two kernels by their ring,
    # so the lowering refuses it after the plan was proved and run.
    ("pipe without peer", re.compile(r"ptoas pairs the two sides of a pipe")),
    # planner=ptoas: a binding no ptoas region can describe (a single-slot
    # declaration, a region in another space, mixed tile types, a phi, two
    # slots live in one loop), or a carry whose parts have no one handle.
    ("ptoas form", re.compile(r"planner=ptoas|ptoas region|region @\w+|region slot|a region")),
    # Two tiles bound to one static slot and live at once, or a no-alias op
    # whose result and operand are bound to one slot: the author's binding
    # is wrong (memory-reuse's declared-allocation checks).
    (
        "declared slot overlap",
        re.compile(
            r"are both (bound to|on) (slot \d+ of )?@\w+ and live at once"
            r"|may not write its result over its operand \S+, but both are bound to"
        ),
    ),
)


def rejection_reason(message: str) -> str | None:
    """Why a located error is an expected answer (``capacity``, ``ptoas
    refuses``, ``unsupported form``, ``no copy route``, ``untiled matmul``,
    ``mixed kernel``, ``pipe without peer``, ``ptoas form``, ``declared slot
    overlap``), or None when it is not one."""
    for reason, pattern in _EXPECTED_REJECTIONS:
        if pattern.search(message):
            return reason
    return None


@dataclass(frozen=True)
class Outcome:
    """What happened to one kernel: ``kind`` (see the module docstring), the
    planner it happened under and a one-line ``detail``."""

    kind: str
    detail: str = ""
    planner: str = ""
    mutant: str = ""  # "caught", "harmless" or "" (no mutant tried)

    @property
    def failed(self) -> bool:
        """True for a crash, an invalid plan or a mismatch."""
        return self.kind in FAILURES

    def same_failure(self, other: Outcome) -> bool:
        """True when ``other`` is the same kind of failure under the same
        planner (and, for a crash, the same exception type) -- what the
        minimizer must preserve."""
        if (self.kind, self.planner) != (other.kind, other.planner):
            return False
        if self.kind == "crash":
            return _crash_key(self.detail) == _crash_key(other.detail)
        return True


def _crash_key(detail: str) -> str:
    """What two crashes must share to be the same: the exception type, or
    for a located error of no expected kind the pass that raised it."""
    head = detail.split(":", 1)[0]
    if head == "unexpected error":
        m = re.search(r"error: ([\w-]+):", detail)
        return f"{head}: {m.group(1) if m else ''}"
    return head


def _crash(err: BaseException) -> Outcome:
    frame = traceback.extract_tb(err.__traceback__)[-1] if err.__traceback__ else None
    where = f" ({os.path.basename(frame.filename)}:{frame.lineno})" if frame else ""
    text = str(err).strip().splitlines()[0] if str(err).strip() else ""
    return Outcome("crash", f"{type(err).__name__}{where}: {text}")


PIPELINE_LOWERING = "lower-pipeline-loops"
#: What each planner runs on a kernel with pipeline loops before planning:
#: under ptoas, lower-pipeline-to-slots first (seed 004), so the loops it
#: takes become slot rotations and only the rest are replicated.
PIPELINE_LOWERINGS: dict[str, str] = {
    "pypto": PIPELINE_LOWERING,
    "dsa_rp": PIPELINE_LOWERING,
    "ptoas": "lower-pipeline-to-slots{{planner=ptoas backend={backend}}}," + PIPELINE_LOWERING,
}
PIPELINE_STAGES_ATTR = "tile.pipeline_stages"
#: A kernel with a matmul on Mat (or Vec) operands is tiled first; the
#: K-loops the pass makes are pipeline loops.
AUTO_TILE = "auto-tile-matmul-l0{{backend={backend}}}"
_UNSTAGED_MATMUL = re.compile(r"tile\.matmul\w* [^\n]*: \([^\n]*, (mat|vec)>")


def planning_spec(planner: str, text: str) -> str:
    """The pipeline spec (``{backend}`` unfilled) that plans ``text`` under
    ``planner``: auto-tile-matmul-l0 first when a matmul reads Mat or Vec
    operands, then the planner's pipeline-loop lowering when there are (or
    will be) pipeline loops, then the planner."""
    spec = PLANNERS[planner]
    tile = _UNSTAGED_MATMUL.search(text) is not None
    if tile or PIPELINE_STAGES_ATTR in text:
        spec = PIPELINE_LOWERINGS[planner] + "," + spec
    return AUTO_TILE + "," + spec if tile else spec


def check_kernel(text: str, *, seed: int = 0, backend: str = "a3", name: str = "fuzz.mlir") -> Outcome:
    """Plan ``text`` with every planner and prove each plan (validator,
    differential run, lowering); the first failure, else ``ok`` when some
    planner planned, proved and lowered it, else ``rejected`` (every planner
    refused it; the first refusal is kept). A planner may refuse what
    another handles: ptoas refuses single-slot declarations, pypto strided
    views.

    A kernel with pipeline loops (``tile.pipeline_stages``) goes through
    ``lower-pipeline-loops`` first (under ptoas, ``lower-pipeline-to-slots``
    before it: :data:`PIPELINE_LOWERINGS`), and the planned physical run of the
    lowered kernel is compared with the logical run of the *original* one:
    the replication itself is checked too. Remarks and warnings the passes
    print (pipeline-stage guard) are captured, not shown.

    Args:
        text: one Tile-dialect module.
        seed: seed of the GM inputs of the differential run.
        backend: ``a2``, ``a3`` or ``a5``.
        name: file name used in diagnostics.
    """
    with contextlib.redirect_stderr(io.StringIO()):
        return _check_kernel(text, seed, backend, name)


def _check_kernel(text: str, seed: int, backend: str, name: str) -> Outcome:
    from xdsl_pto.interp import differential_check
    from xdsl_pto.tools.session import make_context, parse_module, run_pipeline
    from xdsl_pto.verify import verify_module

    ctx = make_context()
    try:
        original = parse_module(text, name, ctx)
    except Exception as err:  # noqa: BLE001 - the generator must only emit valid kernels
        return Outcome("crash", f"kernel does not parse or verify: {format_error(err) or err}")
    rejected: Outcome | None = None
    mutant = ""
    lowered_any = False
    for planner in PLANNERS:
        planned = original.clone()
        spec = planning_spec(planner, text)
        try:
            run_pipeline(planned, spec.format(backend=backend), ctx)
        except LocatedError as err:
            outcome = _located(err, planner)
            if outcome.failed:
                return outcome
            rejected = rejected or outcome
            continue
        except Exception as err:  # noqa: BLE001 - any other exception is a bug
            return _with_planner(_crash(err), planner)
        try:
            verify_module(planned, BACKENDS[backend])
        except LocatedError as err:
            return Outcome("invalid", format_error(err) or str(err), planner)
        except Exception as err:  # noqa: BLE001
            return _with_planner(_crash(err), planner)
        try:
            mismatches = differential_check(original, planned, seed=seed)
        except Exception as err:  # noqa: BLE001
            return _with_planner(_crash(err), planner)
        if mismatches:
            return Outcome("mismatch", mismatches[0].message(), planner)
        verdict = _try_mutant(original, planned, seed, backend)
        if verdict.startswith("gap: "):
            return Outcome("gap", verdict[5:], planner)
        mutant = mutant or verdict
        try:
            run_pipeline(planned, LOWERING, ctx)
            verify_module(planned, BACKENDS[backend])
        except LocatedError as err:
            outcome = _located(err, planner)
            if outcome.failed:
                return outcome
            if rejection_reason(outcome.detail) == "pipe without peer":
                # The generated pipe has no ring and no peer kernel: the
                # lowering's refusal is the answer (see builder.PIPE_SETUP);
                # the plan was proved and run.
                lowered_any = True
                continue
            rejected = rejected or outcome
            continue
        except Exception as err:  # noqa: BLE001
            return _with_planner(_crash(err), planner)
        lowered_any = True
    if rejected is not None and not lowered_any:
        return Outcome(rejected.kind, rejected.detail, rejected.planner, mutant)
    return Outcome("ok", mutant=mutant)


def _try_mutant(original, planned, seed: int, backend: str) -> str:
    """``caught``, ``harmless``, ``""`` (no mutant possible) or ``gap: why``
    for one mutant of ``planned`` (see :mod:`xdsl_pto.fuzz.mutants`)."""
    from xdsl_pto.interp import differential_check
    from xdsl_pto.verify import verify_module

    mutant = mutate_plan(planned, random.Random(seed))
    if mutant is None:
        return ""
    try:
        verify_module(mutant.module, BACKENDS[backend])
    except LocatedError:
        return "caught"
    try:
        mismatches = differential_check(original, mutant.module, seed=seed)
    except Exception as err:  # noqa: BLE001 - the run cannot lay the mutant out
        return f"gap: the validator accepts a mutant ({mutant.change}) the interpreter refuses: {err}"
    if mismatches:
        return (
            f"gap: the validator accepts a mutant ({mutant.change}) that computes wrong "
            f"results: {mismatches[0].message()}"
        )
    return "harmless"


def _located(err: LocatedError, planner: str) -> Outcome:
    """A pass's located error: ``rejected`` when it is an expected answer,
    else a ``crash`` (a pass refusing a valid kernel it should handle)."""
    line = format_error(err) or str(err)
    if rejection_reason(line) is None:
        return Outcome("crash", f"unexpected error: {line}", planner)
    return Outcome("rejected", line, planner)


def _with_planner(outcome: Outcome, planner: str) -> Outcome:
    return Outcome(outcome.kind, outcome.detail, planner)


@dataclass
class Summary:
    """Totals of a campaign and the files written for its failures."""

    count: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)
    mutants: Counter[str] = field(default_factory=Counter)
    written: list[str] = field(default_factory=list)
    requested: int = 0  # the kernels asked for (count: the kernels checked)
    stopped: str | None = None  # why the campaign ended early, if it did
    exit_code: int | None = None  # a stop's own exit code (Ctrl-C 130, SIGTERM 143)

    def add(self, outcome: Outcome) -> None:
        """Count one checked kernel."""
        self.count += 1
        self.kinds[outcome.kind] += 1
        if outcome.kind == "rejected":
            self.reasons[rejection_reason(outcome.detail) or "?"] += 1
        if outcome.mutant:
            self.mutants[outcome.mutant] += 1

    @property
    def clean(self) -> bool:
        """True when no kernel crashed, was planned invalidly or mismatched."""
        return not any(self.kinds[k] for k in FAILURES)

    def line(self) -> str:
        """``N kernels, C crashes, V invalid plans, M mismatches`` plus how
        many were planned and proved, why the others were rejected, and how
        the plan mutants fared (a validator gap is a failure)."""
        k, m = self.kinds, self.mutants
        why = ", ".join(f"{n} {r}" for r, n in sorted(self.reasons.items()))
        return (
            f"{self.count} kernels, {k['crash']} crashes, {k['invalid']} invalid plans, "
            f"{k['mismatch']} mismatches ({k['ok']} planned and proved, "
            f"{k['rejected']} rejected" + (f": {why}" if why else "") + "); "
            f"plan mutants: {m['caught']} caught by the validator, {m['harmless']} harmless, "
            f"{k['gap']} missed"
            + (f"; stopped by {self.stopped} after {self.count} of {self.requested} kernels" if self.stopped else "")
        )


def reproduce_command(
    path: str, seed: int, text: str, backend: str = "a3", planner: str = "pypto"
) -> str:
    """The ``xdsl-pto run`` command that replays a failing kernel under
    ``planner`` (:func:`planning_spec`: auto-tile-matmul-l0 and the
    pipeline-loop lowering first where the kernel needs them)."""
    cmd = f"xdsl-pto run {path} --seed {seed}"
    if planner not in PLANNERS or planner == "pypto":
        # xdsl-pto run's default pipeline is auto-tile-matmul-l0,
        # lower-pipeline-loops, pto-plan-memory: the pypto spec of any kernel.
        return cmd + (f" --backend {backend}" if backend != "a3" else "")
    spec = planning_spec(planner, text)
    return cmd + f" --pipeline '{spec.format(backend=backend)}'"


def _write_failure(out_dir: str, seed: int, outcome: Outcome, text: str, backend: str = "a3") -> str:
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, f"seed-{seed}-{outcome.kind}.mlir")
    header = [
        f"// xdsl-pto fuzz: kernel seed {seed}, {outcome.kind}"
        + (f" under planner {outcome.planner}" if outcome.planner else ""),
        *(f"// {line}" for line in outcome.detail.splitlines()),
        f"// reproduce: {reproduce_command(os.path.basename(path), seed, text, backend, outcome.planner)}",
    ]
    write_text_atomically(path, "\n".join(header) + "\n" + text.rstrip() + "\n")
    return path


def run_campaign(
    *,
    count: int,
    seed: int = 0,
    backend: str = "a3",
    out_dir: str = "fuzz-failures",
    minimize_failures: bool = True,
    progress: bool = True,
    config: GenConfig | str | None = None,
    time_limit: float | None = None,
    progress_every: int = 10,
) -> Summary:
    """Generate ``count`` kernels (seeds ``seed .. seed + count - 1``) and
    check each with :func:`check_kernel`; failures are minimized (unless
    ``minimize_failures`` is False) and written to ``out_dir``. ``config``
    is the generator's :class:`GenConfig`, or the name of one of
    :data:`xdsl_pto.fuzz.generate.PRESETS` (``"pipelines"``: pipeline loops
    and declared allocations); default: the default config.

    The campaign ends early on Ctrl-C, SIGTERM or after ``time_limit``
    seconds (:mod:`xdsl_pto.fuzz.stopping`): the kernel in progress is not
    counted (a failure found but not yet minimized is written whole), and
    the summary says where it stopped. ``progress`` shows the tqdm bar on a
    terminal, else a line every ``progress_every`` kernels on stderr.

    Returns:
        The :class:`Summary`; ``summary.line()`` is the report line.
    """
    from xdsl_pto.fuzz.generate import PRESETS, GenConfig, generate_kernel
    from xdsl_pto.fuzz.minimize import minimize
    from xdsl_pto.fuzz.stopping import CampaignStopped, Progress, stop_on_signals

    if isinstance(config, str):
        config = PRESETS[config]
    if config is None or config.target is None:  # the target rule per op: generate for this backend
        config = replace(config or GenConfig(), target=backend)
    summary = Summary(requested=count)
    bar = Progress(count, enabled=progress, every=progress_every)
    try:
        with stop_on_signals(time_limit):
            for s in range(seed, seed + count):
                if time_limit is not None and bar.elapsed() >= time_limit:
                    raise CampaignStopped(f"the time limit of {time_limit:g} s", None)
                text = generate_kernel(s, config=config)
                outcome = check_kernel(text, seed=s, backend=backend)
                if outcome.failed:
                    try:
                        if minimize_failures:
                            text = minimize(
                                text,
                                lambda t, o=outcome, s=s: o.same_failure(
                                    check_kernel(t, seed=s, backend=backend)
                                ),
                            )
                    finally:  # interrupted while minimizing: keep the failure, whole
                        summary.written.append(_write_failure(out_dir, s, outcome, text, backend))
                        bar.write(f"seed {s}: {outcome.kind}: {outcome.detail}")
                summary.add(outcome)
                bar.step(summary.kinds["crash"], summary.kinds["invalid"], summary.kinds["mismatch"])
    except CampaignStopped as stop:
        summary.stopped = stop.reason
        summary.exit_code = stop.exit_code
    finally:
        bar.close()
    return summary
