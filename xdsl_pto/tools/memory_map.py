"""``xdsl-pto memory-map FILE -o map.html|map.png``: draw a memory plan.

One panel per function and memory space of a planned Tile module
(``pto-plan-memory`` under ``planner=pypto`` or ``planner=dsa_rp``):
address in bytes across, program point (statement index,
:class:`~xdsl_pto.transforms.memory_reuse.lifetime.ProgramOrder`) down. Each
tile value is a rectangle over the bytes its MemRef owns (its root's
``addr`` + offset, its size) and the statements from its definition to its
last use. Values of one allocation identity (a view and its source, an
in-place result and its operand, a loop carry, an if merge, a declared
allocation: :mod:`xdsl_pto.analysis.plan_stats`) share one colour and one
legend entry. Each panel spans the backend's capacity (the module's
``pto.target_arch``; without one, the used high-water mark) and marks the
capacity, the high-water mark and the LOAD lower bound as vertical lines,
and the program point where LOAD is reached as a dotted horizontal line.
A reserved cross-core window (``tile.reserve_buffer`` with a base) is a
grey band over its bytes and the whole program; hovering it names the
reservation (LOAD includes the space's reserved floor:
:mod:`xdsl_pto.analysis.plan_stats`).

``.html``: an interactive plotly figure (plotly.js embedded, no network
needed); hovering a rectangle names the value, its op and location, its
bytes and its lifetime. ``.png``: the same panels drawn by matplotlib.

A failing run writes nothing: the output is written to a temporary file
beside ``-o`` and renamed only once complete (:mod:`xdsl_pto.tools.atomic`).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from xdsl_pto.analysis.plan_stats import (
    Allocation,
    FunctionPlan,
    ModulePlan,
    PlacedValue,
    SpaceStats,
    analyze_plan,
)
from xdsl_pto.diagnostics import LocatedError, format_error, op_location
from xdsl_pto.tools.atomic import write_atomically
from xdsl_pto.transforms.common import ReservedWindow

FORMATS = {".html": "html", ".htm": "html", ".png": "png"}
MIN_HEIGHT = 0.4  # statements: the drawn height of a value written and never read
PANEL_PX = 380  # HTML height of one panel, pixels
MARKER_COLORS = {"solid": "black", "dash": "crimson", "dot": "royalblue"}  # capacity, used, LOAD
RESERVED_COLOR = "#b0b0b0"  # the band of a reserved cross-core window (both formats)
PALETTE = "tab20"  # matplotlib colour map of the allocation identities (both formats)


class UsageError(Exception):
    """A command-line mistake (reported as ``xdsl-pto: error: message``)."""


def add_parser(sub: Any) -> None:
    """Register ``memory-map`` on the ``xdsl-pto`` subcommand parsers ``sub``."""
    m = sub.add_parser("memory-map", help="draw a planned module's memory (HTML or PNG)")
    m.add_argument("file", help="a planned Tile module (planner=pypto or dsa_rp); - for stdin")
    m.add_argument("-o", "--output", required=True, help="the map to write: a .html or .png file")


def output_format(path: str) -> str:
    """``html`` or ``png`` from the extension of ``path``.

    Raises:
        UsageError: for any other extension.
    """
    ext = os.path.splitext(path)[1].lower()
    if ext not in FORMATS:
        raise UsageError(f"-o {path}: the map must be a .html or .png file")
    return FORMATS[ext]


def run(args: argparse.Namespace) -> int:
    """Run ``xdsl-pto memory-map``; returns the exit code (1 with one error
    line on stderr for a wrong ``-o``, a module that is not planned, or an
    output that cannot be written).

    Raises:
        OSError, UnicodeDecodeError, xdsl parse and verify errors: for a
            file that cannot be read or parsed (reported by the caller).
    """
    from xdsl_pto.tools.session import read_module

    shown = "<stdin>" if args.file == "-" else args.file
    try:
        fmt = output_format(args.output)
    except UsageError as err:
        sys.stderr.write(f"xdsl-pto: error: {err}\n")
        return 1
    module = read_module(args.file)
    try:
        plan = analyze_plan(module)
    except LocatedError as err:
        sys.stderr.write(f"{format_error(err, shown)}\n")
        return 1
    if not panels(plan):
        sys.stderr.write(f"{shown}: error: nothing to draw: no tile value owns on-chip bytes (pipe storage only)\n")
        return 1
    title = f"{shown}: memory map (target {plan.target or 'unknown'}, planner {plan.planner})"
    draw = write_html if fmt == "html" else write_png
    try:
        write_atomically(args.output, lambda path: draw(plan, title, path))
    except OSError as err:
        sys.stderr.write(f"{args.output}: error: {err.strerror or err}\n")
        return 1
    return 0


def panels(plan: ModulePlan) -> list[tuple[FunctionPlan, SpaceStats]]:
    """The (function, memory space) pairs drawn, one panel each."""
    return [(f, s) for f in plan.functions for s in f.spaces]


def x_limit(s: SpaceStats) -> int:
    """The right end of a panel (bytes): the capacity, else the high-water mark."""
    return s.capacity if s.capacity is not None else max(s.bytes_used, 1)


def hover_text(p: PlacedValue, a: Allocation) -> str:
    """The hover label of one rectangle (plotly's ``<br>`` line breaks)."""
    members = len(a.values)
    return (
        f"{p.name}: {p.op} at {p.location}<br>"
        f"{p.space} [{p.lo}, {p.hi}): {p.size} bytes on @{p.root}<br>"
        f"live: statements {p.live.lo} to {p.live.hi}<br>"
        f"allocation {a.label} ({members} value{'s' if members != 1 else ''})"
    )


def reserved_hover(w: ReservedWindow) -> str:
    """The hover label of a reserved window's band."""
    return (
        f'reserved "{w.name}": tile.reserve_buffer at {op_location(w.op)}<br>'
        f"{w.space.value} [{w.base}, {w.end}): {w.size} bytes, for the whole program"
    )


def _windows(f: FunctionPlan, s: SpaceStats) -> list[ReservedWindow]:
    """The reserved windows of ``f`` drawn on the panel of space ``s``."""
    return [w for w in f.reserved if w.space.value == s.space]


def marker_labels(s: SpaceStats) -> list[tuple[str, int, str]]:
    """(label, x in bytes, line style) of a panel's vertical markers."""
    out = []
    if s.capacity is not None:
        out.append((f"capacity {s.capacity} B", s.capacity, "solid"))
    out.append((f"high-water {s.bytes_used} B", s.bytes_used, "dash"))
    out.append((f"LOAD {s.load.bytes} B", s.load.bytes, "dot"))
    return out


def _colors(n: int) -> list[str]:
    from matplotlib import colormaps
    from matplotlib.colors import to_hex

    cmap = colormaps[PALETTE]  # 20 colours in dark/light pairs: the dark ones first
    return [to_hex(cmap((2 * i + (i // 10)) % cmap.N)) for i in range(max(n, 1))]


def _span(p: PlacedValue) -> tuple[float, float]:
    """(top, height) of a value's rectangle in statements."""
    height = p.live.hi - p.live.lo
    if height == 0:
        return p.live.lo - MIN_HEIGHT / 2, MIN_HEIGHT
    return float(p.live.lo), float(height)


def _reached(s: SpaceStats) -> str:
    """Where LOAD is first reached, in words (see :class:`Peak`)."""
    point = s.load.point
    assert point is not None
    if point != int(point):
        return f"LOAD reached between statements {int(point)} and {int(point) + 1}"
    return f"LOAD reached at statement {int(point)}"


def _panel_title(f: FunctionPlan, s: SpaceStats) -> str:
    ratio = "-" if s.ratio is None else f"{s.ratio:.3f}"
    return (
        f"@{f.name}: {s.space} -- used {s.bytes_used} B, LOAD {s.load.bytes} B, "
        f"used/LOAD {ratio}, roots {s.roots_before} before reuse, {s.roots_after} after"
    )


def build_figure(plan: ModulePlan, title: str) -> Any:
    """The plotly figure of ``plan`` (one row per panel)."""
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    shown = panels(plan)
    fig = make_subplots(
        rows=len(shown),
        cols=1,
        subplot_titles=[_panel_title(f, s) for f, s in shown],
        vertical_spacing=min(0.3 / len(shown), 0.08),
    )
    for row, (f, s) in enumerate(shown, start=1):
        colors = _colors(len(f.allocations))
        for w in _windows(f, s):
            fig.add_trace(
                go.Bar(
                    orientation="h",
                    base=[w.base],
                    x=[w.size],
                    y=[(f.statements - 1) / 2],
                    width=[f.statements + 1],
                    name=f'@{f.name} reserved "{w.name}"',
                    marker={"color": RESERVED_COLOR, "line": {"color": "dimgray", "width": 0.5}},
                    opacity=0.6,
                    hovertext=[reserved_hover(w)],
                    hovertemplate="%{hovertext}<extra></extra>",
                ),
                row=row,
                col=1,
            )
        for a in f.allocations:
            if a.space != s.space:
                continue
            spans = [_span(p) for p in a.values]
            fig.add_trace(
                go.Bar(
                    orientation="h",
                    base=[p.lo for p in a.values],
                    x=[p.size for p in a.values],
                    y=[top + height / 2 for top, height in spans],
                    width=[height for _, height in spans],
                    name=f"@{f.name} {a.label}",
                    legendgroup=f"{f.name}/{a.index}",
                    marker={"color": colors[a.index], "line": {"color": "black", "width": 0.5}},
                    opacity=0.85,
                    hovertext=[hover_text(p, a) for p in a.values],
                    hovertemplate="%{hovertext}<extra></extra>",
                ),
                row=row,
                col=1,
            )
        for label, x, dash in marker_labels(s):
            fig.add_vline(
                x=x,
                line={"dash": dash, "color": MARKER_COLORS[dash], "width": 2},
                annotation_text=label,
                annotation_position="top right" if dash != "dot" else "bottom right",
                row=row,
                col=1,
            )
        if s.load.point is not None:
            fig.add_hline(
                y=s.load.point,
                line={"dash": "dot", "color": "gray", "width": 1},
                annotation_text=_reached(s),
                annotation_position="bottom left",
                row=row,
                col=1,
            )
        fig.update_xaxes(range=[0, x_limit(s) * 1.02], title_text=f"{s.space} address (bytes)", row=row, col=1)
        fig.update_yaxes(
            range=[f.statements, -1], title_text="statement", row=row, col=1
        )
    fig.update_layout(
        title=title,
        barmode="overlay",
        height=PANEL_PX * len(shown) + 120,
        legend={"title": {"text": "allocation"}},
        hoverlabel={"align": "left"},
    )
    return fig


def write_html(plan: ModulePlan, title: str, path: str) -> None:
    """Write the interactive map of ``plan`` to ``path`` (self-contained HTML).

    Raises:
        OSError: ``path`` cannot be written.
    """
    build_figure(plan, title).write_html(path, include_plotlyjs=True, full_html=True)


def write_png(plan: ModulePlan, title: str, path: str) -> None:
    """Draw the map of ``plan`` with matplotlib and save it as PNG at ``path``.

    Raises:
        OSError: ``path`` cannot be written.
    """
    from matplotlib.figure import Figure
    from matplotlib.patches import Rectangle

    shown = panels(plan)
    fig = Figure(figsize=(12, 3.6 * len(shown) + 0.6), layout="constrained")
    axes = fig.subplots(len(shown), 1, squeeze=False)[:, 0]
    fig.suptitle(title)
    for ax, (f, s) in zip(axes, shown):
        colors = _colors(len(f.allocations))
        limit = x_limit(s)
        labelled: set[int] = set()
        for w in _windows(f, s):
            ax.add_patch(
                Rectangle(
                    (w.base, -1),
                    w.size,
                    f.statements + 1,
                    facecolor=RESERVED_COLOR,
                    edgecolor="dimgray",
                    linewidth=0.4,
                    alpha=0.6,
                )
            )
            ax.text(
                w.base + w.size / 2, (f.statements - 1) / 2, f'reserved "{w.name}"',
                ha="center", va="center", fontsize=7, rotation=90 if w.size < limit * 0.06 else 0,
            )
        for p in f.values:
            if p.space != s.space:
                continue
            top, height = _span(p)
            ax.add_patch(
                Rectangle(
                    (p.lo, top),
                    p.size,
                    height,
                    facecolor=colors[p.allocation],
                    edgecolor="black",
                    linewidth=0.4,
                    alpha=0.85,
                )
            )
            a = f.allocations[p.allocation]
            if p.allocation not in labelled and p.size >= limit * 0.06 and height >= 1:
                labelled.add(p.allocation)
                ax.text(p.lo + p.size / 2, top + height / 2, a.label, ha="center", va="center", fontsize=7)
        for label, x, dash in marker_labels(s):
            style = {"solid": "-", "dash": "--", "dot": ":"}[dash]
            ax.axvline(x, linestyle=style, color=MARKER_COLORS[dash], linewidth=1.6, label=label)
        if s.load.point is not None:
            ax.axhline(s.load.point, linestyle=":", color="gray", linewidth=0.8, label=_reached(s))
        ax.set_xlim(0, limit * 1.02)
        ax.set_ylim(f.statements, -1)
        ax.set_xlabel(f"{s.space} address (bytes)")
        ax.set_ylabel("statement")
        ax.set_title(_panel_title(f, s), fontsize=9)
        ax.legend(loc="lower right", fontsize=7)
    fig.savefig(path, format="png", dpi=110)
