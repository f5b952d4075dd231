"""A search for caller-valid contents of a kernel's integer GM tensors
(issue 24, item 5).

A kernel that reads a table with ``memref.load`` (``pl.tensor.read``) and
uses the entries as offsets, valid extents or loop counts -- a work list, the
sequence lengths, a page table, a total count -- cannot run on seeded random
tables: a caller fills them so that every window stays inside its tensor.
When the seeded run (and the differential check's retry, with index /
integer scalars at 0 and signed tables in [0, 8]) fails with an error input
data drives (:class:`~xdsl_pto.interp.errors.DataRangeError`), or runs no
tile op at all, :func:`search` looks for other contents.

The design:

* **What changes.** Only the integer GM tensors (elements wider than ``i1``)
  the caller did not give (``--input``). Each is filled one of a few ways
  (:class:`Fill`): ``zero`` (every entry 0: the first row, page or entry),
  ``small`` (uniform in [0, 4): a few rows, as a seeded index scalar),
  ``count`` (uniform in [N, 4N) for a launch of N blocks: a count that gives
  a block-strided loop ``for w = block to count step N`` one to three
  iterations in every block) and ``extent`` (uniform in [0, E) for a tensor
  of E elements, E > 4: an index into something as long as the table).
  Each fill draws from a generator of its own (seed, argument, range), so
  changing one tensor leaves the others' values as they were.
* **Which tensor.** The ones the failure depends on: the tensors whose
  contents reach the failing op's operands (a backward walk over the SSA
  uses -- through arithmetic, loads, loop induction variables and carried
  values -- to the function's arguments), nearest first, then those behind
  the bounds and conditions of the loops and ``scf.if`` around it. A run
  that executed no tile op changes the tensors behind the function's loop
  bounds and conditions instead.
* **How.** Hill climbing from the retry's inputs: the candidates are single
  changes (one tensor, one other fill), simplest fill first (``zero``,
  ``small``, ``count``, ``extent`` after an error; ``count``, ``extent``,
  ``small`` after a vacuous run), over the implicated tensors in order. A
  candidate is kept when it does better: a non-vacuous agreeing run beats
  every other outcome, then more work done before the first error (the
  tile ops and GM stores run, :attr:`~xdsl_pto.interp.runner.RunResult.work`).
  Each run stops at its first error; the search stops at a non-vacuous run,
  when no candidate improves, or after :data:`SEARCH_RUNS` runs in all
  (the seeded run and the retry included). Deterministic in the seed.
* **Vacuous runs.** A run whose work is 0 (its loops ran no iteration: a
  count read as 0) is not accepted while the budget lasts. After one, the
  first candidate gives the scalars the retry set to 0 their seeded values
  back (the retry may have made a count or a length 0), the tables staying
  as they are. When no non-vacuous run is found, the first run that
  succeeded is taken and the result says the kernel ran no tile op.
* **Scope.** Each function is searched on its own (the differential check
  compares functions one at a time; a cross-core pop receives seeded tiles
  either way), so the cube and vector halves of a mixed kernel may get
  different tables. Scalars the caller did not set (``--arg``) are searched
  only when they decide whether any work runs (:func:`count_scalars`: an
  ``index`` / integer argument behind a loop bound or an ``scf.if``
  condition), and only after a vacuous run, with single values (0, 1, the
  launch's block count); the others keep their seeded values or the retry's
  0. A run counts once however many interpreter runs it makes (a dynamic
  axis adds a probe).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from math import prod
from typing import Any

from xdsl.dialects import func, scf
from xdsl.dialects.builtin import IndexType, IntegerType, MemRefType
from xdsl.ir import BlockArgument, Operation, SSAValue

from xdsl_pto.interp.errors import DataRangeError
from xdsl_pto.interp.inputs import INDEX_RANGE

#: The most runs of one function the differential check makes to find
#: inputs a caller could give (the seeded run and the retry included).
SEARCH_RUNS = 16


@dataclass(frozen=True)
class Fill:
    """How the input search fills one integer tensor: integers uniform in
    [low, high).

    Attributes:
        kind: ``zero``, ``small``, ``count`` or ``extent`` (see the module doc).
        low: the smallest value.
        high: one past the largest value.
    """

    kind: str
    low: int
    high: int

    def text(self) -> str:
        """``= v`` for one value (a scalar's fill, or zero), else ``in [low, high)``."""
        return f"= {self.low}" if self.high - self.low == 1 else f"in [{self.low}, {self.high})"


def fills(fn: func.FuncOp, arg: int, blocks: int) -> dict[str, Fill]:
    """The fills of argument ``arg`` of ``fn`` in a launch of ``blocks``
    blocks, by kind (``extent`` only for a tensor of more than
    :data:`~xdsl_pto.interp.inputs.INDEX_RANGE` elements). A scalar's fills
    are single values: ``zero`` 0, ``small`` 1 and ``count`` ``blocks`` (a
    block-strided loop ``for w = block to count step blocks`` then runs
    once in every block)."""
    typ = fn.body.blocks.first.args[arg].type  # type: ignore[union-attr]
    n = max(1, blocks)
    if not isinstance(typ, MemRefType):
        return {"zero": Fill("zero", 0, 1), "small": Fill("small", 1, 2), "count": Fill("count", n, n + 1)}
    shape = typ.get_shape()
    out = {
        "zero": Fill("zero", 0, 1),
        "small": Fill("small", 0, INDEX_RANGE),
        "count": Fill("count", n, 4 * n),
    }
    size = prod(shape) if all(d >= 0 for d in shape) else 0
    if size > INDEX_RANGE:
        out["extent"] = Fill("extent", 0, size)
    return out


#: The order in which fills are tried after an error (offsets: the simplest
#: entry first) and after a vacuous run (counts: raise them).
AFTER_ERROR = ("zero", "small", "count", "extent")
AFTER_VACUOUS = ("count", "extent", "small")


def count_scalars(fn: func.FuncOp, given: set[int]) -> list[int]:
    """The argument positions of ``fn``'s ``index`` and integer (wider than
    ``i1``) scalars not in ``given`` that reach a loop bound or an
    ``scf.if`` condition: the counts and lengths a caller sets, which the
    search gives values (:func:`fills`) after a run that did no tile work."""
    entry = fn.body.blocks.first
    wanted = [
        i
        for i, a in enumerate(entry.args)  # type: ignore[union-attr]
        if i not in given
        and (isinstance(a.type, IndexType) or (isinstance(a.type, IntegerType) and a.type.width.data > 1))
    ]
    return control_sources(fn, wanted) if wanted else []


def integer_tensors(fn: func.FuncOp, given: set[int]) -> list[int]:
    """The argument positions of ``fn``'s GM tensors of integers wider than
    ``i1`` that are not in ``given`` (the ones the search may fill)."""
    out = []
    for i, a in enumerate(fn.body.blocks.first.args):  # type: ignore[union-attr]
        t = a.type
        if isinstance(t, MemRefType) and isinstance(t.element_type, IntegerType):
            if t.element_type.width.data > 1 and i not in given:
                out.append(i)
    return out


def data_sources(fn: func.FuncOp, roots: list[SSAValue], wanted: list[int]) -> list[int]:
    """The arguments of ``wanted`` whose values reach ``roots``, nearest
    first: a breadth-first walk from each value to the operands of the op
    that made it (and, for a region op's result, the values its regions
    yield), from a loop's induction variable to its bounds and step, from a
    carried value to its initial and yielded values, up to ``fn``'s
    arguments."""
    entry = fn.body.blocks.first
    keep = set(wanted)
    out: list[int] = []
    seen: set[SSAValue] = set()
    queue: deque[SSAValue] = deque(roots)
    while queue:
        v = queue.popleft()
        if v in seen:
            continue
        seen.add(v)
        if isinstance(v, BlockArgument):
            if v.block is entry:
                if v.index in keep and v.index not in out:
                    out.append(v.index)
                continue
            parent = v.block.parent_op()
            if isinstance(parent, scf.ForOp):
                if v.index == 0:
                    queue.extend((parent.lb, parent.ub, parent.step))
                else:
                    queue.append(parent.iter_args[v.index - 1])
                    last = v.block.last_op
                    if last is not None and len(last.operands) >= v.index:
                        queue.append(last.operands[v.index - 1])
            elif parent is not None:
                queue.extend(parent.operands)
            continue
        op = v.owner
        assert isinstance(op, Operation)
        queue.extend(op.operands)
        for region in op.regions:
            for block in region.blocks:
                if block.last_op is not None:
                    queue.extend(block.last_op.operands)
    return out


def _control_roots(ops: list[Operation]) -> list[SSAValue]:
    """The bounds and step of every ``scf.for`` and the condition of every
    ``scf.if`` of ``ops``."""
    roots: list[SSAValue] = []
    for op in ops:
        if isinstance(op, scf.ForOp):
            roots += [op.lb, op.ub, op.step]
        elif isinstance(op, scf.IfOp):
            roots.append(op.cond)
    return roots


def failure_sources(fn: func.FuncOp, op: Operation | None, wanted: list[int]) -> list[int]:
    """The tensors of ``wanted`` a failure at ``op`` depends on: those behind
    its non-tensor operands (nearest first), then those behind the loops and
    ``scf.if`` around it; every one of ``wanted`` when ``op`` is unknown."""
    if op is None:
        return list(wanted)
    direct = data_sources(fn, [v for v in op.operands if not isinstance(v.type, MemRefType)], wanted)
    around = []
    parent = op.parent_op()
    while parent is not None and parent is not fn:
        around.append(parent)
        parent = parent.parent_op()
    enclosing = data_sources(fn, _control_roots(around), wanted)
    return direct + [i for i in enclosing if i not in direct]


def control_sources(fn: func.FuncOp, wanted: list[int]) -> list[int]:
    """The tensors of ``wanted`` behind the bounds and conditions of the
    loops and ``scf.if`` of ``fn`` (what decides whether a run does any
    work)."""
    return data_sources(fn, _control_roots(list(fn.walk())), wanted)


@dataclass
class Outcome:
    """One run of the search.

    Attributes:
        inputs: the inputs it ran on.
        result: the run's result (None: it failed).
        error: its error (None: it ran to the end).
        work: the tile ops and GM stores it ran (up to the error).
    """

    inputs: list[Any]
    result: Any = None
    error: DataRangeError | None = None
    work: int = 0

    @property
    def ok(self) -> bool:
        """The run ran to the end."""
        return self.error is None

    def key(self) -> tuple[bool, int, bool]:
        """Larger is better: non-vacuous success, then work done, then success."""
        return (self.ok and self.work > 0, self.work, self.ok)


def search(
    fn: func.FuncOp,
    run: Callable[[dict[int, Fill], bool], Outcome],
    start: Outcome,
    tensors: list[int],
    blocks: int,
    budget: int,
    *,
    zeroed: bool = False,
    scalars: list[int] | None = None,
) -> tuple[dict[int, Fill], bool, Outcome, int]:
    """Hill climbing over the fills of ``tensors`` (see the module doc).

    Args:
        fn: the function.
        run: runs ``fn`` with these tensors filled so (the others as in
            ``start``) and, when its second argument is true, the scalars
            the retry set to 0 at their seeded values; raises on errors
            that are not data-driven.
        start: the outcome with no tensor filled by the search (the retry).
        tensors: the argument positions the search may fill.
        blocks: the launch's block count (the ``count`` fill).
        budget: the most runs to make.
        zeroed: the retry set some scalars to 0: after a vacuous run, the
            first candidate gives them back their seeded values (a count or
            a length the retry made 0).
        scalars: the scalar arguments the search may set after a vacuous
            run (:func:`count_scalars`), after the tensors.

    Returns:
        (the fills of the best outcome, whether its scalars are the seeded
        ones, that outcome, the runs made). The best outcome is a
        non-vacuous success when one was found; else the best by
        :meth:`Outcome.key`.
    """
    best_fill: dict[int, Fill] = {}
    best_seeded = False
    best = start
    tried = {(frozenset(), False)}
    runs = 0
    while runs < budget and not (best.ok and best.work > 0):
        candidates: list[tuple[dict[int, Fill], bool]] = []
        if best.ok:
            if zeroed and not best_seeded:
                candidates.append((best_fill, True))
            order = AFTER_VACUOUS
            implicated = control_sources(fn, tensors) + [i for i in scalars or [] if i not in tensors]
        else:
            order = AFTER_ERROR
            implicated = failure_sources(fn, getattr(best.error, "op", None), tensors)
        for kind in order:
            for t in implicated:
                fill = fills(fn, t, blocks).get(kind)
                if fill is not None and best_fill.get(t) != fill:
                    candidates.append(({**best_fill, t: fill}, best_seeded))
        improved = False
        for assign, seeded in candidates:
            key = (frozenset(assign.items()), seeded)
            if key in tried:
                continue
            if runs >= budget:
                break
            tried.add(key)
            runs += 1
            out = run(assign, seeded)
            if out.key() > best.key():
                best, best_fill, best_seeded, improved = out, assign, seeded, True
                break
        if not improved:
            break
    return best_fill, best_seeded, best, runs
