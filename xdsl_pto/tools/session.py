"""Parse, verify and transform modules from Python, the way ``xdsl-opt`` does.

The command-line tools (``xdsl-pto validate | run | fuzz``) and the tests use
these instead of shelling out to ``xdsl-opt``: one :class:`~xdsl.context.Context`
with the dialects a kernel may use, our passes looked up by their
``xdsl-opt`` names, and parse errors located at ``file:line:col``.
"""

from __future__ import annotations

import sys

from xdsl.context import Context
from xdsl.dialects import arith, builtin, func, memref, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser
from xdsl.passes import PassPipeline
from xdsl.transforms import get_all_passes
from xdsl.utils.exceptions import ArgSpecParseError

from xdsl_pto.universe import XDSL_PTO_UNIVERSE


def make_context() -> Context:
    """A context with builtin, func, arith, scf, memref, tile and pto loaded."""
    ctx = Context()
    for dialect in (builtin.Builtin, func.Func, arith.Arith, scf.Scf, memref.MemRef):
        ctx.load_dialect(dialect)
    for factory in XDSL_PTO_UNIVERSE.all_dialects.values():
        ctx.load_dialect(factory())
    return ctx


def parse_module(text: str, name: str = "<input>", ctx: Context | None = None) -> ModuleOp:
    """Parse and verify ``text``; ``name`` is the file name used in locations.

    Raises:
        xdsl.utils.exceptions.ParseError: malformed text (located).
        xdsl.utils.exceptions.VerifyException: an op fails its verifier.
    """
    module = Parser(ctx or make_context(), text, name).parse_module()
    module.verify()
    return module


def read_module(path: str, ctx: Context | None = None) -> ModuleOp:
    """Read, parse and verify the file at ``path`` (``-``: standard input,
    named ``<stdin>`` in diagnostics).

    Raises:
        OSError: the file cannot be read; UnicodeDecodeError: not UTF-8;
        and what :func:`parse_module` raises.
    """
    if path == "-":
        return parse_module(sys.stdin.read(), "<stdin>", ctx)
    with open(path, encoding="utf-8") as f:
        return parse_module(f.read(), path, ctx)


class PipelineError(ValueError):
    """A pipeline spec names an unknown pass or option (a command-line mistake)."""


def run_pipeline(module: ModuleOp, spec: str, ctx: Context | None = None) -> ModuleOp:
    """Apply the pass pipeline ``spec`` (``xdsl-opt -p`` syntax: ours and
    xDSL's passes) to ``module`` in place, then verify it; returns ``module``.

    Raises:
        PipelineError: an unknown pass or option.
        xdsl_pto.diagnostics.PassError: a pass refuses its input.
    """
    try:
        passes = {**get_all_passes(), **XDSL_PTO_UNIVERSE.all_passes}
        pipeline = PassPipeline.parse_spec(passes, spec)
    except (Exception, ArgSpecParseError) as err:  # ArgSpecParseError is a BaseException
        detail = " ".join(str(err).split())
        raise PipelineError(f"bad pipeline '{spec}': {detail}") from None
    pipeline.apply(ctx or make_context(), module)
    module.verify()
    return module
