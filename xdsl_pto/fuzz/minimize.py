"""Delta debugging of a failing kernel over the ops of its parsed IR.

:func:`minimize` repeats, until nothing more can be removed or the step
budget is spent:

1. **ddmin over ops** -- try removing chunks of ops (halves, quarters, ...,
   single ops; walk order). Removing an op with used tile results replaces
   each use by the nearest earlier visible value of the same type (a
   ``tile.create`` only by another ``tile.create``, data only by data, so
   the kernel keeps its meaning); an op for which no such value exists is
   kept. An ``scf.for``'s results are replaced by its inits. Stores (and ops
   whose results are unused) can always be removed; a used constant or
   index computation is never replaced (offsets and bounds keep their
   values).
2. **structure** -- replace an ``scf.for`` by its body run once (induction
   variable = lower bound, iter_args = inits, results = yielded values), an
   ``scf.if`` by one of its arms, shrink a loop's trip count, drop a loop's
   iter_args (uses replaced by the init) and an if's results (uses replaced
   as in 1.).
3. **cleanup** -- drop unused pure ops (constants, index arithmetic,
   ``tile.create``) and unused function arguments in one step.

A candidate is kept only when it parses and verifies and ``still_fails``
returns True for its text. Candidates are tried in a fixed order, so the
result is deterministic for a deterministic predicate.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator

from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import IndexType, IntegerAttr, ModuleOp
from xdsl.ir import Block, Operation, SSAValue
from xdsl.printer import Printer

from xdsl_pto.dialects.tile.data_ops import CreateOp
from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.tools.session import parse_module

_STRUCTURAL = (ModuleOp, func.FuncOp, func.ReturnOp, scf.YieldOp)


def print_module(module: ModuleOp) -> str:
    """The module's text as xDSL prints it."""
    out = io.StringIO()
    Printer(stream=out).print_op(module)
    return out.getvalue() + "\n"


def _runtime_slot_outside_loop(module: ModuleOp) -> bool:
    """True when a tile bound to a runtime slot (``slot = iv``) has no
    enclosing ``scf.for`` (a kernel the language rejects)."""
    for op in module.walk():
        for r in op.results:
            b = r.type.get_binding() if isinstance(r.type, TileType) else None
            if b is None or b.slot_index != "iv":
                continue
            cur = op.parent_op()
            while cur is not None and not isinstance(cur, scf.ForOp):
                cur = cur.parent_op()
            if cur is None:
                return True
    return False


def _units(module: ModuleOp) -> list[Operation]:
    return [op for op in module.walk() if not isinstance(op, _STRUCTURAL)]


def _visible_before(op: Operation) -> Iterator[SSAValue]:
    """Values visible right before ``op``, nearest first."""
    cur: Operation | None = op
    while cur is not None:
        block = cur.parent_block()
        if block is None:
            return
        prev = cur.prev_op
        while prev is not None:
            yield from reversed(prev.results)
            prev = prev.prev_op
        yield from reversed(block.args)
        cur = block.parent_op()


def _erase(op: Operation) -> None:
    block = op.parent_block()
    if block is not None:
        block.erase_op(op)
    else:
        op.erase()


def _is_scratch(v: SSAValue) -> bool:
    return isinstance(v.owner, CreateOp)


def _substitute(v: SSAValue, at: Operation) -> SSAValue | None:
    """The nearest value visible before ``at`` with ``v``'s type and kind."""
    for c in _visible_before(at):
        if c.type == v.type and _is_scratch(c) == _is_scratch(v):
            return c
    return None


def _remove(op: Operation) -> bool:
    """Remove ``op`` from its block, rewiring uses of its results; False
    (nothing changed) when some used result has no substitute."""
    if op.parent_block() is None:
        return False  # already gone with an enclosing op
    subs: list[SSAValue | None] = []
    for i, res in enumerate(op.results):
        if res.first_use is None:
            subs.append(None)
        elif isinstance(op, scf.ForOp):
            subs.append(op.iter_args[i])
        elif not isinstance(res.type, TileType):
            return False  # constants and index arithmetic stay while used
        else:
            s = _substitute(res, op)
            if s is None:
                return False
            subs.append(s)
    for res, s in zip(op.results, subs):
        if s is not None:
            res.replace_all_uses_with(s)
    _erase(op)
    return True


def _splice_block(block: Block, before: Operation, args: list[SSAValue]) -> list[SSAValue]:
    """Move ``block``'s ops (but its terminator) before ``before``, its
    arguments replaced by ``args``; returns the terminator's operands."""
    term = block.last_op
    assert term is not None
    mapping = dict(zip(block.args, args))
    yielded = [mapping.get(v, v) for v in term.operands]
    for arg, val in zip(block.args, args):
        arg.replace_all_uses_with(val)
    _erase(term)
    for o in list(block.ops):
        o.detach()
        before.parent_block().insert_op_before(o, before)  # type: ignore[union-attr]
    return yielded


def _inline(op: Operation, arm: int = 0) -> bool:
    """Replace an scf.for by its body run once, or an scf.if by arm ``arm``."""
    if isinstance(op, scf.ForOp):
        block = op.body.block
        vals = _splice_block(block, op, [op.lb, *op.iter_args])
    elif isinstance(op, scf.IfOp):
        region = op.regions[arm]
        if not region.blocks:
            if op.results:
                return False
            _erase(op)
            return True
        vals = _splice_block(region.blocks[0], op, [])
    else:
        return False
    for res, v in zip(op.results, vals):
        res.replace_all_uses_with(v)
    _erase(op)
    return True


def _const_int(v: SSAValue) -> int | None:
    if isinstance(v.owner, arith.ConstantOp) and isinstance(v.owner.value, IntegerAttr):
        return v.owner.value.value.data
    return None


def _set_trips(op: Operation, trips: int) -> bool:
    """Give an scf.for with constant bounds ``trips`` iterations."""
    if not isinstance(op, scf.ForOp):
        return False
    lb, ub, step = (_const_int(v) for v in (op.lb, op.ub, op.step))
    if lb is None or ub is None or step is None or step <= 0:
        return False
    new_ub = lb + trips * step
    if new_ub >= ub:
        return False
    c = arith.ConstantOp(IntegerAttr(new_ub, IndexType()))
    op.parent_block().insert_op_before(c, op)  # type: ignore[union-attr]
    op.operands[1] = c.result
    return True


def _drop_iter_arg(op: Operation, j: int) -> bool:
    """Remove iter_arg ``j`` of an scf.for (its uses and the result's take the init)."""
    if not isinstance(op, scf.ForOp) or j >= len(op.iter_args):
        return False
    init = op.iter_args[j]
    block = op.body.block
    block.args[1 + j].replace_all_uses_with(init)
    op.results[j].replace_all_uses_with(init)
    _yield_without(block, j)
    block.erase_arg(block.args[1 + j])
    inits = [v for i, v in enumerate(op.iter_args) if i != j]
    _replace_dropping(op, scf.ForOp(op.lb, op.ub, op.step, inits, op.detach_region(op.body)), j)
    return True


def _yield_without(block: Block, j: int) -> None:
    """Replace ``block``'s scf.yield by one without operand ``j``."""
    term = block.last_op
    assert isinstance(term, scf.YieldOp)
    keep = [v for i, v in enumerate(term.operands) if i != j]
    _erase(term)
    block.add_op(scf.YieldOp(*keep))


def _replace_dropping(op: Operation, new: Operation, j: int) -> None:
    """Put ``new`` in ``op``'s place; ``op``'s results but ``j`` map in order
    onto ``new``'s."""
    op.parent_block().insert_op_before(new, op)  # type: ignore[union-attr]
    old = [r for i, r in enumerate(op.results) if i != j]
    for a, b in zip(old, new.results):
        a.replace_all_uses_with(b)
    _erase(op)


def _drop_if_result(op: Operation, j: int) -> bool:
    """Remove result ``j`` of an scf.if (its uses, if any, take the nearest
    earlier value of its type)."""
    if not isinstance(op, scf.IfOp) or j >= len(op.results):
        return False
    res = op.results[j]
    if res.first_use is not None:
        sub = _substitute(res, op)
        if sub is None:
            return False
        res.replace_all_uses_with(sub)
    for region in op.regions:
        if region.blocks:
            _yield_without(region.blocks[0], j)
    types = [r.type for i, r in enumerate(op.results) if i != j]
    false_region = op.detach_region(op.false_region)
    _replace_dropping(op, scf.IfOp(op.cond, types, op.detach_region(op.true_region), false_region), j)
    return True


def _cleanup(module: ModuleOp) -> bool:
    """Erase unused pure ops and unused function arguments; True if anything changed."""
    changed = True
    any_change = False
    while changed:
        changed = False
        for op in reversed(list(module.walk())):
            pure = isinstance(op, (arith.ConstantOp, arith.MuliOp, arith.AddiOp, arith.CmpiOp, CreateOp))
            if pure and all(r.first_use is None for r in op.results):
                _erase(op)
                changed = any_change = True
    for fn in module.walk():
        if isinstance(fn, func.FuncOp) and fn.body.blocks:
            block = fn.body.blocks[0]
            dead = [a for a in block.args if a.first_use is None]
            for a in dead:
                block.erase_arg(a)
            if dead:
                fn.update_function_type()
                any_change = True
    return any_change


class _Minimizer:
    def __init__(self, still_fails: Callable[[str], bool], max_steps: int):
        self.still_fails = still_fails
        self.max_steps = max_steps
        self.steps = 0
        self._cached: tuple[str, ModuleOp] | None = None

    def parsed(self, text: str) -> ModuleOp:
        """``text`` parsed (cached for the current text; do not modify)."""
        if self._cached is None or self._cached[0] != text:
            self._cached = (text, parse_module(text))
        return self._cached[1]

    @property
    def exhausted(self) -> bool:
        return self.steps >= self.max_steps

    def attempt(self, text: str, edit: Callable[[ModuleOp], bool]) -> str | None:
        """Apply ``edit`` to a fresh parse of ``text``; the new text when it
        changed something, verifies and still fails (None once the step
        budget is spent)."""
        if self.exhausted:
            return None
        module = self.parsed(text).clone()
        try:
            if not edit(module):
                return None
            module.verify()
            if _runtime_slot_outside_loop(module):
                return None  # inlining a loop left `slot = iv` with no loop: an invalid kernel
            cand = print_module(module)
            parse_module(cand)
        except Exception:  # noqa: BLE001 - an edit that breaks the IR is just rejected
            return None
        if cand == text:
            return None
        self.steps += 1
        return cand if self.still_fails(cand) else None

    def ddmin(self, text: str) -> str:
        n = 2
        while not self.exhausted:
            count = len(_units(self.parsed(text)))
            if count == 0:
                break
            n = min(n, count)
            size = -(-count // n)
            reduced = False
            for start in range(0, count, size):
                if self.exhausted:
                    break
                chunk = range(start, min(count, start + size))

                def edit(m: ModuleOp, chunk=chunk) -> bool:
                    units = _units(m)
                    done = False
                    for i in reversed(chunk):
                        done |= _remove(units[i])
                    return done

                cand = self.attempt(text, edit)
                if cand is not None:
                    text, reduced = cand, True
                    break
            if reduced:
                n = max(n - 1, 2)
            elif size == 1:
                break
            else:
                n = min(n * 2, count)
        return text

    def structure(self, text: str) -> str:
        i = 0
        while not self.exhausted:
            units = _units(self.parsed(text))
            if i >= len(units):
                break
            op = units[i]
            edits: list[Callable[[Operation], bool]] = []
            if isinstance(op, scf.ForOp):
                edits = [_inline, lambda o: _set_trips(o, 1), lambda o: _set_trips(o, 2)]
                edits += [lambda o, j=j: _drop_iter_arg(o, j) for j in reversed(range(len(op.iter_args)))]
            elif isinstance(op, scf.IfOp):
                edits = [lambda o: _inline(o, 0), lambda o: _inline(o, 1)]
                edits += [lambda o, j=j: _drop_if_result(o, j) for j in reversed(range(len(op.results)))]
            for e in edits:
                cand = self.attempt(text, lambda m, e=e, i=i: e(_units(m)[i]))
                if cand is not None:
                    text = cand
                    break
            else:
                i += 1
        return text


def minimize(text: str, still_fails: Callable[[str], bool], *, max_steps: int = 500) -> str:
    """The smallest kernel found that still fails.

    Args:
        text: a failing kernel (must parse and verify with the Tile dialect).
        still_fails: the predicate; called on candidate texts that verify.
            It should be deterministic.
        max_steps: at most this many calls of ``still_fails``.

    Returns:
        The reduced kernel's text (xDSL's printed form), or ``text``'s printed
        form when nothing could be removed. The input is not required to
        satisfy ``still_fails`` itself.

    Raises:
        ParseError / VerifyException: when ``text`` is not a valid kernel.
    """
    cur = print_module(parse_module(text))
    mz = _Minimizer(still_fails, max_steps)
    while not mz.exhausted:
        before = cur
        cur = mz.ddmin(cur)
        cur = mz.structure(cur)
        cand = mz.attempt(cur, _cleanup)
        if cand is not None:
            cur = cand
        if cur == before:
            break
    return cur
