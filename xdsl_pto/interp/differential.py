"""Differential check of a planned module against its original: the same
inputs through the logical semantics of the original and the physical
(byte-addressed) semantics of the planned module must give the same GM
tensors."""

from __future__ import annotations

import re
from dataclasses import dataclass
from math import prod
from typing import Any

from xdsl.dialects import func, memref
from xdsl.dialects.builtin import AnyFloat, IndexType, IntegerType, MemRefType, ModuleOp
from xdsl.ir import Operation

from xdsl_pto.diagnostics import op_location
from xdsl_pto.dialects.tile.dim_expr import DimExprError, parse_dim
from xdsl_pto.interp.compare import first_difference
from xdsl_pto.interp.dtypes import numpy_dtype
from xdsl_pto.interp.errors import DataRangeError, InterpError
from xdsl_pto.interp.input_search import SEARCH_RUNS, Outcome, count_scalars, integer_tensors, search
from xdsl_pto.interp.inputs import (
    MAX_NAME_VALUE,
    PROBE_EXTENT,
    axis_extents,
    dynamic_axes,
    dynamic_dim_groups,
    dynamic_needs,
    is_private,
    make_inputs,
    solve_names,
)
from xdsl_pto.interp.lazy_gm import LazyTensor, gm_first_difference
from xdsl_pto.interp.loops import DEFAULT_MAX_STEPS
from xdsl_pto.interp.provenance import (
    Divergence,
    describe_op,
    format_index,
    format_scalar,
)
from xdsl_pto.interp.runner import find_function, run_function


@dataclass
class Mismatch:
    """One GM argument whose physical result differs from the logical one.

    Attributes:
        function: the function's name (no ``@``).
        arg_index: the argument's position.
        arg_name: its name hint (None when unnamed).
        index: the first differing element (row-major order).
        expected: the logical (original module) element.
        got: the physical (planned module) element.
        store: the planned ``tile.store`` that last wrote the element (None:
            the planned function never stored it).
        source: the op that last wrote the on-chip bytes that store read
            (None: never written, or not stored).
        divergence: the first on-chip read of the planned run whose bytes
            differed from their logical value (the corruption's first
            victim and its writer), when found.
        push: for a pushed tile rather than a GM argument: its position
            among the run's pushes (``arg_index`` is then -1, ``index`` is
            in the tile, ``store`` the ``tpush`` op).
    """

    function: str
    arg_index: int
    arg_name: str | None
    index: tuple[int, ...]
    expected: Any
    got: Any
    store: Operation | None = None
    source: Operation | None = None
    divergence: Divergence | None = None
    push: int | None = None

    def message(self) -> str:
        """One line, e.g. ``@softmax: %output[3, 5] expected 1.5 got 2.25; the
        stored bytes were last written by tile.exp (%e) at file.mlir:27:3``
        (followed by the first corrupted read when one was found); a pushed
        tile is named ``tpush #k``."""
        if self.push is not None:
            name, verb = f"tpush #{self.push}", "pushed"
        else:
            name = f"%{self.arg_name}" if self.arg_name else f"argument {self.arg_index}"
            verb = "stored"
        text = (
            f"@{self.function}: {name}{format_index(self.index)} expected "
            f"{format_scalar(self.expected)} got {format_scalar(self.got)}"
        )
        if self.store is None:
            text += "; the planned function never stored this element"
        elif self.source is None:
            text += f"; {verb} by {describe_op(self.store)} from bytes never written on chip"
        else:
            text += f"; the {verb} bytes were last written by {describe_op(self.source)}"
        d = self.divergence
        if d is not None and not (d.reader is self.store and d.writer is self.source):
            text += f"; first corrupted read: {d.message()}"
        return text


def runs_on_gm(fn: func.FuncOp) -> bool:
    """True when ``fn`` has something the differential check runs: a tile op,
    or a scalar GM read or write (``memref.load`` / ``memref.store``; a
    kernel with only those has no tiles to plan, but its GM outputs are
    still compared)."""
    return any(op.name.startswith("tile.") or isinstance(op, (memref.LoadOp, memref.StoreOp)) for op in fn.walk())


def scalar_values(fns: list[func.FuncOp], values: dict[str, Any]) -> dict[func.FuncOp, dict[int, Any]]:
    """Per function, argument position -> value, for ``values`` (a scalar
    argument's name, without ``%``, -> its value: a number, or its text as
    typed on a command line). A name applies to every function of ``fns``
    that has a scalar argument of that name. Values are checked against the
    argument's type: ``index`` and integers take integers the type can hold
    (``i1``: 0, 1, true or false), floats any number.

    Raises:
        InterpError: located at the first function: a name no function has
            as an argument, a GM tensor (memref) argument, or a value its
            type cannot take (the message names the argument and its type).
    """
    out: dict[func.FuncOp, dict[int, Any]] = {fn: {} for fn in fns}
    for name, raw in values.items():
        hits = _arguments_named(fns, name)
        if not hits:
            where = op_location(fns[0]) if fns else "<module>"
            scalars = _argument_names(fns, tensors=False)
            known = f" (its scalar arguments: {', '.join(scalars)}" if scalars else " (it has no named scalar argument"
            dims = sorted({d for fn in fns for d in dynamic_dim_groups(fn)})
            known += f"; its dynamic extents: {', '.join(dims)})" if dims else ")"
            raise InterpError(f"{where}: no function of the kernel has an argument %{name}{known}")
        for fn, i, arg in hits:
            out[fn][i] = _scalar_value(fn, name, arg.type, raw)
    return out


def extent_values(
    fns: list[func.FuncOp], values: dict[str, Any]
) -> tuple[dict[str, Any], dict[func.FuncOp, dict[str, int]]]:
    """Split ``values`` (name -> value, as :func:`scalar_values` takes them)
    into the names of scalar arguments and the dynamic names: a name no
    function has as an argument but that some function's
    ``tile.dynamic_dims`` expressions use (:func:`dynamic_dim_groups`)
    takes that value in every function, and every dynamic axis is computed
    from its names (``N * 2`` is twice ``N``: tile-op-semantics.md section
    11, "Dynamic dims"; the tensors' length, as a caller sizes them).

    Returns:
        (the other names and their values, per function dynamic name ->
        value).

    Raises:
        InterpError: located at the first function that bears the name: a
            value that is not a positive integer; located at the first
            function: a key that is an expression over names, not a name
            (``N * 2``: its names set it).
    """
    args = {a.name_hint for fn in fns for a in fn.body.blocks.first.args}  # type: ignore[union-attr]
    rest: dict[str, Any] = {}
    extents: dict[func.FuncOp, dict[str, int]] = {fn: {} for fn in fns}
    for name, raw in values.items():
        bearers = [fn for fn in fns if name in dynamic_dim_groups(fn)]
        if name in args or not bearers:
            _refuse_expression(fns, name)
            rest[name] = raw
            continue
        text = str(raw).strip()
        where = f"{op_location(bearers[0])}: dynamic extent {name}"
        try:
            extent = int(text, 10)
        except ValueError:
            raise InterpError(f"{where} takes a positive integer (a tensor length); '{raw}' is not an integer") from None
        if extent < 1:
            raise InterpError(f"{where} takes a positive integer (a tensor length); {extent} is not")
        for fn in bearers:
            extents[fn][name] = extent
    return rest, extents


def _refuse_expression(fns: list[func.FuncOp], key: str) -> None:
    """Refuse a ``--arg`` key that is an expression over names (``N * 2``)
    rather than a name: the kernel computes such an extent from its names.

    Raises:
        InterpError: located at the first function, naming the names to set.
    """
    if not fns or _NAME.fullmatch(key):
        return
    try:
        dim = parse_dim(key)
    except DimExprError:
        return
    if dim.names:
        raise InterpError(
            f"{op_location(fns[0])}: --arg {key}: not a name; a dynamic extent that is an expression "
            f"is computed from its names: set {', '.join(dim.names)}"
        )


#: A name (``N``) or dotted name (``cfg.N``), as ``--arg`` keys them.
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*")


def tensor_values(
    fns: list[func.FuncOp],
    arrays: dict[str, tuple[str, Any]],
    extents: dict[func.FuncOp, dict[str, int]] | None = None,
) -> tuple[dict[func.FuncOp, dict[int, Any]], dict[func.FuncOp, dict[str, int]]]:
    """Per function, argument position -> contents, for ``arrays`` (a GM
    tensor argument's name, without ``%``, -> (where the array came from, as
    messages name it; the numpy array)). A name applies to every function of
    ``fns`` with a GM tensor argument of that name. The array must have the
    tensor's numpy dtype (:func:`~xdsl_pto.interp.dtypes.numpy_dtype`) and
    rank and its static extents; a dynamic (``?``) axis whose extent is one
    dynamic name (or unnamed) sets that name to the array's length (at least
    1); one whose extent is an expression (``N * 2``) must be that
    expression's value for its names, which another array or ``extents``
    sets, or -- when one name is left -- the least value of it that makes
    the expression the array's length.

    Args:
        fns: the functions the check runs.
        arrays: the caller's contents by argument name.
        extents: the dynamic names the caller already set
            (:func:`extent_values`), per function; an array must agree.

    Returns:
        (per function, position -> array; per function, dynamic name (a
        private ``#I.AXIS`` for an unnamed axis,
        :func:`~xdsl_pto.interp.inputs.dynamic_axes`) -> value: ``extents``
        and the ones the arrays set).

    Raises:
        InterpError: located at the first function (or the function of the
            argument): a name no function has as an argument, a scalar
            argument, an array of another dtype or shape, a dynamic length
            that disagrees with another or that no value of an expression's
            names gives.
    """
    out: dict[func.FuncOp, dict[int, Any]] = {fn: {} for fn in fns}
    sized = {fn: dict((extents or {}).get(fn, {})) for fn in fns}
    later: list[tuple[func.FuncOp, str, str, Any, int, int]] = []
    for name, (source, array) in arrays.items():
        hits = _arguments_named(fns, name)
        if not hits:
            where = op_location(fns[0]) if fns else "<module>"
            known = _argument_names(fns, tensors=True)
            listed = f" (its GM tensors: {', '.join(known)})" if known else " (it has no named GM tensor argument)"
            raise InterpError(f"{where}: no function of the kernel has an argument %{name}{listed}")
        for fn, i, arg in hits:
            what = f"{op_location(fn)}: %{name} of @{fn.sym_name.data}"
            t = arg.type
            if not isinstance(t, MemRefType):
                raise InterpError(f"{what} is a scalar ({t}), not a GM tensor: it takes a value, not an array")
            shape = t.get_shape()
            want = numpy_dtype(t.element_type)
            fits = array.ndim == len(shape) and all(d == n if d >= 0 else n >= 1 for d, n in zip(shape, array.shape))
            if not fits or array.dtype != want:
                dims = ", ".join("?" if d < 0 else str(d) for d in shape)
                raise InterpError(
                    f"{what} is {t}, an array of {want} of shape [{dims}]; {source} holds "
                    f"{array.dtype} of shape {list(array.shape)}"
                )
            axes = dynamic_axes(fn)
            for axis, d in enumerate(shape):
                if d >= 0:
                    continue
                dim, length = axes[(i, axis)], int(array.shape[axis])
                if not dim.is_name:
                    later.append((fn, what, source, dim, axis, length))
                    continue
                key = dim.names[0]
                had = sized[fn].get(key)
                if had is not None and had != length:
                    label = f"axis {axis} of %{name}" if is_private(key) else f"dynamic extent {key}"
                    raise InterpError(f"{what}: {source} makes {label} {length} long; it is {had} already")
                sized[fn][key] = length
            out[fn][i] = array
    for fn, what, source, dim, axis, length in later:
        _fit_expression(sized[fn], what, source, dim, length)
    return out, sized


def _fit_expression(names: dict[str, int], what: str, source: str, dim: Any, length: int) -> None:
    """Check (or, with one name unset, solve) that the expression extent
    ``dim`` (a :class:`~xdsl_pto.dialects.tile.dim_expr.DimExpr`) is
    ``length`` for the dynamic ``names`` (set in place).

    Raises:
        InterpError: prefixed ``what``: it is not, no value of the one unset
            name gives it, or more than one name is unset.
    """
    unset = [n for n in dim.names if n not in names]
    label = f"dynamic extent {dim.text}"
    if len(unset) > 1:
        raise InterpError(
            f"{what}: {source} makes {label} {length} long; set {', '.join(unset)} with --arg to say how"
        )
    if unset:
        free = unset[0]
        lo, hi = 0, 1
        while hi <= MAX_NAME_VALUE and _value(dim, {**names, free: hi}) < length:
            lo, hi = hi, hi * 2
        while hi - lo > 1:
            mid = (lo + hi) // 2
            lo, hi = (lo, mid) if _value(dim, {**names, free: mid}) >= length else (mid, hi)
        if hi > MAX_NAME_VALUE or _value(dim, {**names, free: hi}) != length:
            raise InterpError(f"{what}: {source} makes {label} {length} long, which no value of {free} gives")
        names[free] = hi
        return
    got = _value(dim, names)
    if got != length:
        setting = ", ".join(f"{n} = {names[n]}" for n in dim.names)
        raise InterpError(f"{what}: {source} makes {label} {length} long; with {setting} it is {got}")


def _value(dim: Any, names: dict[str, int]) -> int:
    """``dim`` for ``names``; a division by zero is -1 (no length)."""
    try:
        return dim.evaluate(names)
    except ZeroDivisionError:
        return -1


def _arguments_named(fns: list[func.FuncOp], name: str) -> list[tuple[func.FuncOp, int, Any]]:
    """(function, argument index, argument) of every argument named
    ``%name`` among ``fns``' entry arguments."""
    return [
        (fn, i, arg)
        for fn in fns
        for i, arg in enumerate(fn.body.blocks.first.args)  # type: ignore[union-attr]
        if arg.name_hint == name
    ]


def _argument_names(fns: list[func.FuncOp], *, tensors: bool) -> list[str]:
    """The sorted ``%names`` of ``fns``' named GM tensor arguments
    (``tensors``) or scalar arguments (not ``tensors``)."""
    return sorted(
        {
            f"%{a.name_hint}"
            for fn in fns
            for a in fn.body.blocks.first.args  # type: ignore[union-attr]
            if a.name_hint and isinstance(a.type, MemRefType) == tensors
        }
    )


def _scalar_value(fn: func.FuncOp, name: str, typ: Any, raw: Any) -> Any:
    """``raw`` as a value of scalar type ``typ`` (see :func:`scalar_values`)."""
    what = f"{op_location(fn)}: %{name} of @{fn.sym_name.data}"
    if isinstance(typ, MemRefType):
        raise InterpError(f"{what} is a GM tensor ({typ}); only scalar arguments take a value")
    text = str(raw).strip()
    if isinstance(typ, AnyFloat):
        try:
            return float(text)
        except ValueError:
            raise InterpError(f"{what} is {typ}; '{raw}' is not a number") from None
    if isinstance(typ, (IndexType, IntegerType)):
        if isinstance(typ, IntegerType) and typ.width.data == 1 and text.lower() in ("true", "false"):
            return int(text.lower() == "true")
        try:
            value = int(text, 10)
        except ValueError:
            raise InterpError(f"{what} is {typ}; '{raw}' is not an integer") from None
        if isinstance(typ, IntegerType):
            width = typ.width.data
            low = 0 if width == 1 else -(1 << (width - 1))
            high = 1 if width == 1 else (1 << width) - 1
        else:
            low, high = -(1 << 63), (1 << 63) - 1
        if not low <= value <= high:
            raise InterpError(f"{what} is {typ}; {value} is outside [{low}, {high}]")
        return value
    raise InterpError(f"{what} is {typ}, which takes no value")


def logical_run(
    module: ModuleOp,
    fn: func.FuncOp,
    seed: int,
    values: dict[int, Any],
    block: tuple[int, int],
    max_steps: int,
    *,
    extents: dict[str, int] | None = None,
    tensors: dict[int, Any] | None = None,
    report: list[str] | None = None,
) -> tuple[list[Any], Any]:
    """(inputs, logical RunResult) of ``fn``: on :func:`kernel_inputs`; when
    that run fails with an error input data drives
    (:class:`~xdsl_pto.interp.errors.DataRangeError`: a GM window or index
    outside its tensor, a valid extent outside its tile, ...) or runs no tile
    op while ``fn`` has integer tensors, once more with the ``index`` and
    integer (wider than ``i1``) arguments ``values`` does not set at 0 (a
    caller's first band / tile / row, which a kernel takes whatever the
    tensors' sizes) and signed integer tensors in [0, 8] (a page or row
    table holds no negative entry); when that fails too, or runs no tile
    op, :func:`~xdsl_pto.interp.input_search.search` fills the integer
    tensors as a caller could (at most
    :data:`~xdsl_pto.interp.input_search.SEARCH_RUNS` runs in all). A run
    that executes no tile op is taken only when no other succeeds.

    Args:
        module: the module ``fn`` belongs to (run unplanned, logically).
        fn: the function to run.
        seed: the seed of its inputs and of the tiles its pops receive.
        values: argument position -> value of the scalars the caller sets
            (:func:`scalar_values`); never changed by the retry.
        block: the SPMD block, ``(index, count)``.
        max_steps: the run's budget of executed loop-body ops.
        extents: dynamic name -> the value the caller sets
            (:func:`extent_values`, :func:`tensor_values`); never grown by
            the probe.
        tensors: argument position -> the contents of a GM tensor the caller
            gives (:func:`tensor_values`); never changed by the retry or the
            search.
        report: when the retry or the search chose the inputs, one line
            saying what they are is appended (e.g. ``@k: %t = 0, %n in
            [1, 4); %b = 0 (5 runs)``).

    Raises:
        InterpError: the run fails (the retry's error, after a retry).
    """
    name = fn.sym_name.data
    given = dict(tensors or {})
    args = fn.body.blocks.first.args  # type: ignore[union-attr]

    def attempt(
        scalars: dict[int, Any], nonneg: bool = False, ranges: dict[int, tuple[int, int]] | None = None
    ) -> Outcome:
        """One logical run; a data-driven error is its outcome, not raised."""
        inputs: list[Any] = []
        try:  # the probe run of kernel_inputs fails as the run would
            inputs = kernel_inputs(
                module, fn, seed, values=scalars, block=block, max_steps=max_steps, extents=extents,
                nonneg_ints=nonneg, ranges=ranges, tensors=given,
            )
            ran = run_function(module, name, inputs, mode="logical", pipe_seed=seed, max_steps=max_steps, block=block)
        except DataRangeError as err:
            return Outcome(inputs, error=err, work=getattr(err, "work", 0))
        return Outcome(inputs, result=ran, work=ran.work)

    tables = integer_tensors(fn, set(given))
    counts = count_scalars(fn, set(values))
    first = attempt(values)
    if first.ok and (first.work > 0 or not (tables or counts)):
        return first.inputs, first.result
    zeroed = {i: 0 for i, a in enumerate(args) if _offset_like(a.type) and i not in values}
    if not first.ok and not zeroed and not tables:
        raise first.error  # type: ignore[misc]
    retry = attempt({**zeroed, **values}, nonneg=True)
    took, fill, seeded, runs = retry, {}, False, 2
    outcomes: list[tuple[dict, bool, Outcome]] = [({}, True, first), ({}, False, retry)]
    if not (retry.ok and retry.work > 0) and (tables or counts):

        def run(fills: dict, keep: bool) -> Outcome:
            scalars = {**({} if keep else zeroed), **{i: f.low for i, f in fills.items() if i in counts}, **values}
            ranges = {i: (f.low, f.high) for i, f in fills.items() if i not in counts}
            out = attempt(scalars, True, ranges)
            outcomes.append((fills, keep, out))
            return out

        fill, seeded, took, more = search(
            fn, run, retry, tables, block[1], SEARCH_RUNS - 2, zeroed=bool(zeroed), scalars=counts
        )
        runs += more
    if not (took.ok and took.work > 0):
        ok = [(f, k, o) for f, k, o in outcomes if o.ok]
        if not ok:
            raise retry.error  # type: ignore[misc]
        fill, seeded, took = ok[0]
    if report is not None:
        scalars = [] if seeded else [f"%{args[i].name_hint or i}" for i in zeroed if i not in fill]
        signed = [i for i in tables if i not in fill and _signed_ints(args[i].type)]
        report.append(_choice_text(fn, took is first, fill, bool(signed), scalars, took.work, runs))
    return took.inputs, took.result


def _choice_text(
    fn: func.FuncOp, seeded: bool, fill: dict, signed: bool, scalars: list[str], work: int, runs: int
) -> str:
    """What :func:`logical_run` chose, in one line (see its ``report``):
    the search's fills, then (unless the seeded run was taken) the retry's
    signed integer tensors in [0, 8] when ``signed`` (some are not filled)
    and its ``scalars`` at 0."""
    args = fn.body.blocks.first.args  # type: ignore[union-attr]
    parts = [f"%{args[i].name_hint or i} {f.text()}" for i, f in sorted(fill.items())]
    if not seeded:
        if signed:
            parts.append("other signed integer tensors in [0, 8]" if fill else "signed integer tensors in [0, 8]")
        if scalars:
            parts.append(f"{', '.join(scalars)} = 0")
    text = f"@{fn.sym_name.data}: {', '.join(parts) if parts else 'the seeded inputs'} ({runs} runs)"
    if work == 0:
        text += "; it ran no tile op (no other inputs tried ran without an error)"
    return text


def _signed_ints(typ: Any) -> bool:
    """A GM tensor of signed (or signless) integers: the retry draws them in [0, 8]."""
    el = getattr(typ, "element_type", None)
    return isinstance(el, IntegerType) and el.signedness.data.name != "UNSIGNED"


def _offset_like(typ: Any) -> bool:
    """An argument type the retry of :func:`logical_run` sets to 0: ``index``
    and integers wider than ``i1`` (a pypto kernel takes its rows and
    offsets as ``i32`` scalars and casts them to ``index``; a flag keeps its
    seeded value)."""
    return isinstance(typ, IndexType) or isinstance(typ, IntegerType) and typ.width.data > 1


def _probe_extents(fn: func.FuncOp, free: set[tuple[int, int]]) -> dict[tuple[int, int], int]:
    """:data:`PROBE_EXTENT` for every dynamic axis in ``free``, less where a
    tensor has several: its element count stays below 2**62 (flat indices
    are int64)."""
    out: dict[tuple[int, int], int] = {}
    args = fn.body.blocks.first.args  # type: ignore[union-attr]
    for i in sorted({i for i, _ in free}):
        shape = args[i].type.get_shape()  # type: ignore[attr-defined]
        static = max(1, prod(d for d in shape if d >= 0))
        axes = [axis for axis, d in enumerate(shape) if d < 0]
        extent = PROBE_EXTENT
        while extent > 1 and static * extent ** len(axes) >= 1 << 62:
            extent //= 2
        out.update({(i, axis): extent for axis in axes if (i, axis) in free})
    return out


def _probe_names(
    fn: func.FuncOp, axes: dict[tuple[int, int], Any], free: set[tuple[int, int]], fixed: dict[str, int]
) -> dict[tuple[int, int], int]:
    """The probe's extents: the dynamic names sized (:func:`solve_names`)
    for :func:`_probe_extents` of the ``free`` axes, the needs halved until
    no tensor holds 2**62 elements or more (an expression of a name can
    exceed what its axis asked: ``N * 2`` beside ``N``)."""
    args = fn.body.blocks.first.args  # type: ignore[union-attr]
    need = _probe_extents(fn, free)
    while True:
        sized = axis_extents(axes, solve_names(fn, axes, need, fixed))
        big = False
        for i in {i for i, _ in free}:
            shape = args[i].type.get_shape()  # type: ignore[attr-defined]
            count = prod(sized.get((i, axis), d) for axis, d in enumerate(shape))
            big = big or count >= 1 << 62
        if not big or all(n <= 1 for n in need.values()):
            return sized
        need = {k: max(1, n // 2) for k, n in need.items()}


def kernel_inputs(
    module: ModuleOp,
    fn: func.FuncOp,
    seed: int,
    *,
    values: dict[int, Any] | None = None,
    block: tuple[int, int] = (0, 1),
    max_steps: int = DEFAULT_MAX_STEPS,
    extents: dict[str, int] | None = None,
    nonneg_ints: bool = False,
    ranges: dict[int, tuple[int, int]] | None = None,
    tensors: dict[int, Any] | None = None,
) -> list[Any]:
    """The inputs the differential check gives ``fn`` (a function of
    ``module``): :func:`~xdsl_pto.interp.inputs.make_inputs` of ``seed``
    and ``values``, every dynamic (``?``) axis as long as the kernel needs.

    A caller sizes a dynamic tensor for the windows its arguments address, so
    a dynamic axis needs the larger of
    :func:`~xdsl_pto.interp.inputs.dynamic_needs`'s (four of its largest
    windows) and one past the last index the kernel touches on it with these
    arguments and this block. The latter is measured by a probe: a logical
    run on inputs whose dynamic axes are about :data:`PROBE_EXTENT` long
    (made on demand, so only what the run touches exists). The dynamic
    names, not the axes, are sized (:func:`~xdsl_pto.interp.inputs.solve_names`):
    each axis is its expression of them (``N`` and ``N * 2`` grow
    together), so axes of one name share the largest need. A function
    without dynamic axes needs no probe. Scalar arguments keep the values
    ``make_inputs`` draws with the base extents (the probe's and the final
    inputs' tensors differ in size). A name in ``extents`` (dynamic name ->
    value: set by the caller, :func:`extent_values`, or by an array of
    ``tensors``, :func:`tensor_values`) has that value, in the probe too.
    ``nonneg_ints``, ``ranges`` and ``tensors`` are ``make_inputs``'s (the
    retry's signed tables in [0, 8], the input search's fills, the caller's
    GM tensor contents).

    Raises:
        InterpError: the probe run fails (as the logical run would), or the
            names cannot size an axis (:func:`~xdsl_pto.interp.inputs.solve_names`).
    """
    fixed = dict(extents or {})
    axes = dynamic_axes(fn)
    need = dynamic_needs(fn)
    kw = {"nonneg_ints": nonneg_ints, "ranges": ranges, "tensors": tensors}
    first = make_inputs(fn, seed, values=values, extents=axis_extents(axes, solve_names(fn, axes, need, fixed)), **kw)
    free = {k for k, dim in axes.items() if any(n not in fixed for n in dim.names)}
    if not free:
        return first
    # the scalars drawn with the base extents, kept whatever the extents become
    args = fn.body.blocks.first.args  # type: ignore[union-attr]
    values = {i: first[i] for i, a in enumerate(args) if not isinstance(a.type, MemRefType)}
    probe = make_inputs(fn, seed, values=values, extents=_probe_names(fn, axes, free, fixed), **kw)
    for i in {i for i, _ in free}:  # a window past these is past any length, not past the tensor's
        if isinstance(probe[i], LazyTensor):
            probe[i].probe_axes = frozenset(axis for k, axis in free if k == i)
    ran = run_function(module, fn.sym_name.data, probe, mode="logical", pipe_seed=seed, max_steps=max_steps, block=block)
    reached = {(i, axis): max(need[(i, axis)], ran.outputs[i].reach[axis]) for (i, axis) in free}
    sized = axis_extents(axes, solve_names(fn, axes, {**need, **reached}, fixed))
    return make_inputs(fn, seed, values=values, extents=sized, **kw)


def differential_check(
    original: ModuleOp,
    planned: ModuleOp,
    *,
    seed: int = 0,
    backend: str | None = None,
    rtol: float = 0.0,
    max_steps: int = DEFAULT_MAX_STEPS,
    block: tuple[int, int] = (0, 1),
    values: dict[str, Any] | None = None,
    tensors: dict[str, tuple[str, Any]] | None = None,
    chosen: list[str] | None = None,
) -> list[Mismatch]:
    """Compare every function of ``original`` that has tile ops or scalar GM
    reads / writes (:func:`runs_on_gm`), run
    logically, with the same-named function of ``planned``, run physically,
    on :func:`kernel_inputs` of ``seed`` (``make_inputs(seed)``, dynamic
    axes as long as the kernel needs).

    Every memref argument and every tile pushed to the other core (the
    ``tpush`` outputs, in push order) is compared: integers bitwise, floats
    bitwise with NaN equal to NaN (and within ``rtol`` relative tolerance
    when > 0). Pops receive the same seeded tiles in both runs (pipe seed
    ``seed``). A function with differences is re-run with read checks to find
    the first corrupted on-chip read. Each run has the budget ``max_steps``
    (executed loop-body ops, :mod:`xdsl_pto.interp.loops`). Both runs are SPMD
    block ``block`` (``(index, count)``, what ``tile.get_block_idx`` /
    ``get_block_num`` give). ``values`` sets scalar arguments by name (no
    ``%``) in every function that has one of that name
    (:func:`scalar_values`), and dynamic names of ``tile.dynamic_dims``,
    from which every dynamic extent is computed (:func:`extent_values`); the others are seeded, except that when the
    seeded ``index`` and integer arguments make the logical run address GM
    outside a tensor (a negative window too), they are all 0 instead (a
    caller's first band or tile; ``i1`` flags keep their seeded value), and
    when that fails too the integer tensors are searched for contents a
    caller could give (:func:`logical_run`). ``tensors`` gives GM tensors'
    contents by argument name (:func:`tensor_values`: name -> (its source,
    the array)); both runs see them. When the retry or the search chose the
    inputs of a function, a line saying so is appended to ``chosen``.

    Returns:
        One :class:`Mismatch` per differing argument (empty: the plan is
        observably correct on these inputs).

    Raises:
        InterpError: either run fails (unsupported op, unplanned module,
            missing function in ``planned``, ...), the two runs push
            different numbers of tiles, or ``values`` names no scalar
            argument or gives one a value of the wrong kind.
    """
    out: list[Mismatch] = []
    fns = [op for op in original.walk() if isinstance(op, func.FuncOp) and op.body.blocks and runs_on_gm(op)]
    named, extents = extent_values(fns, values or {})
    by_fn = scalar_values(fns, named)
    arrays, extents = tensor_values(fns, tensors or {}, extents)
    for fn in fns:
        name = fn.sym_name.data
        find_function(planned, name)
        inputs, want = logical_run(
            original, fn, seed, by_fn[fn], block, max_steps, extents=extents[fn], tensors=arrays[fn], report=chosen
        )
        got = run_function(
            planned,
            name,
            inputs,
            mode="physical",
            backend=backend,
            pipe_seed=seed,
            max_steps=max_steps,
            block=block,
        )
        found = _compare(fn, want.outputs, got.outputs, rtol)
        pushed = _compare_pushes(name, want.pushes, got.pushes, rtol)
        if not found and not pushed:
            continue
        checked = run_function(
            planned,
            name,
            inputs,
            mode="physical",
            backend=backend,
            check_reads=True,
            pipe_seed=seed,
            max_steps=max_steps,
            block=block,
        )
        for k, index in pushed:
            prov = checked.writers
            out.append(
                Mismatch(
                    function=name,
                    arg_index=-1,
                    arg_name=None,
                    index=index,
                    expected=want.pushes[k][index],
                    got=got.pushes[k][index],
                    store=prov.op(prov.pushed_by[k]),
                    source=prov.push_source_of(k, index),
                    divergence=prov.divergence,
                    push=k,
                )
            )
        for arg, index in found:
            prov = checked.writers
            out.append(
                Mismatch(
                    function=name,
                    arg_index=arg,
                    arg_name=fn.body.blocks.first.args[arg].name_hint,  # type: ignore[union-attr]
                    index=index,
                    expected=want.outputs[arg][index],
                    got=got.outputs[arg][index],
                    store=prov.store_of(arg, index),
                    source=prov.source_of(arg, index),
                    divergence=prov.divergence,
                )
            )
    return out


def _compare_pushes(name: str, want: list[Any], got: list[Any], rtol: float) -> list[tuple[int, tuple[int, ...]]]:
    """(push number, first differing element) per pushed tile that differs.

    Raises:
        InterpError: when the runs pushed different numbers of tiles.
    """
    if len(want) != len(got):
        raise InterpError(
            f"@{name}: the logical run pushed {len(want)} tiles, the physical run {len(got)}"
        )
    found = []
    for k, (w, g) in enumerate(zip(want, got)):
        at = first_difference(w, g, rtol)
        if at is not None:
            found.append((k, at))
    return found


def _compare(fn: func.FuncOp, want: list[Any], got: list[Any], rtol: float) -> list[tuple[int, tuple[int, ...]]]:
    found = []
    for i, arg in enumerate(fn.body.blocks.first.args):  # type: ignore[union-attr]
        if not isinstance(arg.type, MemRefType):
            continue
        at = gm_first_difference(want[i], got[i], rtol)
        if at is not None:
            found.append((i, at))
    return found
