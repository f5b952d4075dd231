"""``xdsl-pto memory-map FILE -o map.html|map.png``: draw a memory plan.

One panel per function and memory space of a planned Tile module
(``pto-plan-memory`` under ``planner=pypto`` or ``planner=dsa_rp``):
address in bytes across, program point (statement index,
:class:`~xdsl_pto.transforms.memory_reuse.lifetime.ProgramOrder`) down, each
labelled with the op it numbers (:func:`point_labels`). Each
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
bytes and its lifetime. ``.png``: the same panels drawn by matplotlib
(:func:`png_figure`), each allocation named on its widest tile (beside it
when the tile is too narrow) and listed with its colour in a legend beside
the panel.

A failing run writes nothing: the output is written to a temporary file
beside ``-o`` and renamed only once complete (:mod:`xdsl_pto.tools.atomic`).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from xdsl.ir import Operation

from xdsl_pto.analysis.plan_stats import (
    Allocation,
    FunctionPlan,
    ModulePlan,
    PlacedValue,
    SpaceStats,
    analyze_plan,
)
from xdsl_pto.diagnostics import LocatedError, format_error, op_location
from xdsl_pto.dialects.tile.data_ops import AllocOp
from xdsl_pto.tools.atomic import write_atomically
from xdsl_pto.transforms.common import ReservedWindow
from xdsl_pto.transforms.memory_reuse.lifetime import ProgramOrder

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
        ticks = tick_points(f.statements)
        labels = point_labels(f)
        fig.update_yaxes(
            range=[f.statements, -1],
            title_text="program point",
            tickvals=ticks,
            ticktext=[labels[i] for i in ticks],
            tickfont={"size": 9},
            row=row,
            col=1,
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
    png_figure(plan, title).savefig(path, format="png", dpi=PNG_DPI)


#: PNG geometry: resolution, figure width, and the sizes (inches) of the parts
#: around each panel -- set by hand, since matplotlib's layout engines measure
#: every label by drawing the figure once more (a third of the time).
PNG_DPI = 110
PNG_WIDTH = 14.0
PNG_TOP = 0.45  # the figure title
PNG_PANEL_TOP = 0.3  # a panel's title
PNG_PANEL_BOTTOM = 0.5  # a panel's x axis and its label
PNG_ROW = 0.12  # one program point, when all are labelled
PNG_MAX_TICKS = 60  # program points labelled per panel at most
PNG_LEGEND_ROW = 0.13  # one legend entry
LABEL_FONT = 6.0  # points: tick labels, tile names, legend
CHAR_WIDTH = 0.052  # inches per character at LABEL_FONT (DejaVu Sans, generous)
NAME_HEIGHT = 0.07  # inches a tile must span to carry its name


def point_labels(f: FunctionPlan) -> list[str]:
    """The label of each program point of ``f`` (statement index, then the
    op it numbers: ``7 %b = tile.add``, ``12 tile.store %b``, ``15 end
    scf.for`` for the slot a region op takes after its body)."""
    order = ProgramOrder.of(f.fn)
    text = [""] * f.statements
    for op, i in order.start.items():
        text[i] = _op_text(op)
    for op, i in order.end.items():
        if op.regions:
            text[i] = f"end {op.name}"
    return [f"{i} {t}" for i, t in enumerate(text)]


def _op_text(op: Operation) -> str:
    """``%name = op.name`` for an op with a named result, ``tile.alloc
    @root``, else the op name and its first operand's name."""
    if isinstance(op, AllocOp):
        return f"{op.name} @{op.sym_name.data}"
    if op.results and op.results[0].name_hint:
        return f"%{op.results[0].name_hint} = {op.name}"
    if op.operands and op.operands[0].name_hint and not op.regions:
        return f"{op.name} %{op.operands[0].name_hint}"
    return op.name


def tick_points(statements: int) -> list[int]:
    """The program points labelled on a panel's y axis: all of them, or
    every k-th so that at most :data:`PNG_MAX_TICKS` are."""
    step = max(1, -(-statements // PNG_MAX_TICKS))
    return list(range(0, statements, step))


def _panel_height(f: FunctionPlan) -> float:
    """Inches of one panel's plot area: a row per labelled program point."""
    return min(max(2.4, PNG_ROW * len(tick_points(f.statements))), 9.0)


def legend_entries(f: FunctionPlan, s: SpaceStats) -> list[tuple[str, int | None]]:
    """(label, allocation index, or None for a reserved window) of the
    legend of the panel of space ``s``: every allocation identity of that
    space, in program order, then each reserved window."""
    out: list[tuple[str, int | None]] = []
    for a in f.allocations:
        if a.space == s.space:
            n = len(a.values)
            out.append((f"{a.label} ({n} value{'s' if n != 1 else ''}, {a.size} B)", a.index))
    out += [(f'reserved "{w.name}" ({w.size} B)', None) for w in _windows(f, s)]
    return out


PNG_LEGEND_COLUMNS = 2  # at most; a longer legend ends in "... N more"


def _legend_rows(f: FunctionPlan) -> int:
    return max(4, int(_panel_height(f) / PNG_LEGEND_ROW))


def _legend_columns(f: FunctionPlan, s: SpaceStats) -> int:
    entries = len(legend_entries(f, s)) + len(marker_labels(s)) + (s.load.point is not None)
    return max(1, min(PNG_LEGEND_COLUMNS, -(-entries // _legend_rows(f))))


def png_figure(plan: ModulePlan, title: str) -> Any:
    """The matplotlib figure of ``plan``: one panel per function and
    memory space, laid out by hand (see :data:`PNG_DPI` and after).

    Each panel's y axis labels program points with their op
    (:func:`point_labels`, at most :data:`PNG_MAX_TICKS`); every allocation
    is named on its widest tile -- inside it when the name fits, else just
    right of it -- and listed in the panel's legend beside the plot with
    its colour, members and bytes (:func:`legend_entries`), followed by the
    capacity, high-water and LOAD markers.
    """
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch, Rectangle

    shown = panels(plan)
    labels = {f.name: point_labels(f) for f, _ in shown}
    widest = max(len(labels[f.name][i]) for f, _ in shown for i in tick_points(f.statements))
    left = 0.55 + widest * CHAR_WIDTH
    columns = max(_legend_columns(f, s) for f, s in shown)
    right = 0.3 + 2.3 * columns
    heights = [_panel_height(f) for f, _ in shown]
    total = PNG_TOP + sum(h + PNG_PANEL_TOP + PNG_PANEL_BOTTOM for h in heights)
    fig = Figure(figsize=(PNG_WIDTH, total))
    fig.suptitle(title, y=1 - 0.12 / total, va="top")
    top = total - PNG_TOP
    for (f, s), h in zip(shown, heights):
        top -= PNG_PANEL_TOP
        ax = fig.add_axes(
            (left / PNG_WIDTH, (top - h) / total, (PNG_WIDTH - left - right) / PNG_WIDTH, h / total)
        )
        top -= h + PNG_PANEL_BOTTOM
        _draw_panel(ax, f, s, labels[f.name], h, Rectangle)
        marks: list[Any] = []
        for label, _, dash in marker_labels(s):
            style = {"solid": "-", "dash": "--", "dot": ":"}[dash]
            marks.append(Line2D([], [], linestyle=style, color=MARKER_COLORS[dash], label=label))
        if s.load.point is not None:
            marks.append(Line2D([], [], linestyle=":", color="gray", linewidth=0.8, label=_reached(s)))
        colors = _colors(len(f.allocations))
        entries = legend_entries(f, s)
        room = _legend_rows(f) * PNG_LEGEND_COLUMNS - len(marks)
        if len(entries) > room:
            more = len(entries) - room + 1
            entries = entries[: room - 1] + [(f"... {more} more (each named in the HTML map)", -1)]
        handles: list[Any] = []
        for text, index in entries:
            if index == -1:
                handles.append(Patch(facecolor="none", edgecolor="none", label=text))
                continue
            color = RESERVED_COLOR if index is None else colors[index]
            handles.append(Patch(facecolor=color, edgecolor="black", linewidth=0.4, label=text))
        handles += marks
        ax.legend(
            handles=handles,
            loc="upper left",
            bbox_to_anchor=(1.01, 1.0),
            fontsize=LABEL_FONT,
            ncol=max(1, min(PNG_LEGEND_COLUMNS, -(-len(handles) // _legend_rows(f)))),
            frameon=False,
            handlelength=1.4,
            borderaxespad=0.0,
            columnspacing=0.8,
        )
    return fig


def _draw_panel(ax: Any, f: FunctionPlan, s: SpaceStats, labels: list[str], height: float, Rectangle: Any) -> None:
    """The rectangles, names, markers and axes of one panel."""
    colors = _colors(len(f.allocations))
    limit = x_limit(s)
    x_max = limit * 1.02
    inches_per_byte = (PNG_WIDTH - 6.0) / x_max  # about: names are placed by it
    for w in _windows(f, s):
        ax.add_patch(
            Rectangle(
                (w.base, -1), w.size, f.statements + 1,
                facecolor=RESERVED_COLOR, edgecolor="dimgray", linewidth=0.4, alpha=0.6,
            )
        )
    widest: dict[int, PlacedValue] = {}
    for p in f.values:
        if p.space != s.space:
            continue
        top, h = _span(p)
        ax.add_patch(
            Rectangle(
                (p.lo, top), p.size, h,
                facecolor=colors[p.allocation], edgecolor="black", linewidth=0.4, alpha=0.85,
            )
        )
        best = widest.get(p.allocation)
        if best is None or (p.size, p.live.hi - p.live.lo) > (best.size, best.live.hi - best.live.lo):
            widest[p.allocation] = p
    inches_per_point = height / (f.statements + 1)
    for index, p in widest.items():
        name = f.allocations[index].label
        top, h = _span(p)
        if h * inches_per_point < NAME_HEIGHT:
            continue  # too short to name legibly: the legend names it
        if p.size * inches_per_byte >= len(name) * CHAR_WIDTH + 0.05:
            ax.text(p.lo + p.size / 2, top + h / 2, name, ha="center", va="center", fontsize=LABEL_FONT)
        else:  # too narrow: the name just right of the tile
            ax.text(
                p.hi + x_max * 0.004, top + h / 2, name, ha="left", va="center", fontsize=LABEL_FONT,
                bbox={"boxstyle": "square,pad=0.1", "facecolor": "white", "edgecolor": "none", "alpha": 0.7},
            )
    for _, x, dash in marker_labels(s):
        style = {"solid": "-", "dash": "--", "dot": ":"}[dash]
        ax.axvline(x, linestyle=style, color=MARKER_COLORS[dash], linewidth=1.6)
    if s.load.point is not None:
        ax.axhline(s.load.point, linestyle=":", color="gray", linewidth=0.8)
    ticks = tick_points(f.statements)
    ax.set_yticks(ticks, [labels[i] for i in ticks], fontsize=LABEL_FONT)
    ax.set_xlim(0, x_max)
    ax.set_ylim(f.statements, -1)
    ax.set_xlabel(f"{s.space} address (bytes)", fontsize=8)
    ax.set_ylabel("program point", fontsize=8)
    ax.tick_params(axis="x", labelsize=7)
    ax.set_title(_panel_title(f, s), fontsize=8.5)
