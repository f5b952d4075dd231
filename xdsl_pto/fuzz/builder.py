"""Text builder shared by the kernel generators: tile types, generated values
with value-range bounds, scopes, and the function being written.

The generators emit MLIR text line by line. Every tile value they create is a
:class:`Val` carrying a conservative interval ``[lo, hi]`` of its elements, so
that only numerically safe ops are generated (no NaN, no overflow of the
element type, no division by values near 0). GM inputs are assumed to hold
values in ``[-INPUT_BOUND, INPUT_BOUND]``.
"""

from __future__ import annotations

import functools
import math
import random
from dataclasses import dataclass, field, replace

INPUT_BOUND = 8.0

# element name -> (bytes, is_float, largest safe magnitude / integer range)
ELEMS: dict[str, tuple[int, bool, float, float]] = {
    "f32": (4, True, -1e30, 1e30),
    "f16": (2, True, -6.0e4, 6.0e4),
    "bf16": (2, True, -1e30, 1e30),
    "i32": (4, False, -(2**31), 2**31 - 1),
    "i16": (2, False, -(2**15), 2**15 - 1),
    "i8": (1, False, -128, 127),
    "ui8": (1, False, 0, 255),
    "ui16": (2, False, 0, 2**16 - 1),
}
FLOATS = ("f32", "f16", "bf16")


def elem_bytes(elem: str) -> int:
    """Bytes per element of ``elem`` (one of :data:`ELEMS`)."""
    return ELEMS[elem][0]


def is_float(elem: str) -> bool:
    """True for f32, f16 and bf16."""
    return ELEMS[elem][1]


#: The targets whose ptoas rules a generated kernel keeps (the generator does
#: not know the backend it is planned for): the a2/a3 family and a5.
PTOAS_TARGETS = ("a3", "a5")


@functools.cache
def ptoas_takes(op: str, elem: str) -> bool:
    """True when ptoas (v0.48) takes ``tile.<op>`` on ``elem`` tiles on
    every target of :data:`PTOAS_TARGETS` -- the op definition's
    :class:`~xdsl_pto.dialects.tile.ptoas_traits.PtoasElements` (``elem``
    is the element type that trait reads: the result's, a compare's
    input's); True for an op without that trait (a move, a cast, a view).

    Raises:
        KeyError: ``tile.<op>`` is no Tile op.
    """
    from xdsl_pto.dialects.tile import Tile
    from xdsl_pto.dialects.tile.ptoas_traits import PtoasElements

    ops = {cls.name: cls for cls in Tile.operations}
    trait = ops[f"tile.{op}"].get_trait(PtoasElements)
    if trait is None:
        return True
    kind = elem if is_float(elem) else f"i{8 * elem_bytes(elem)}"
    return all(kind in trait.allowed(t) for t in PTOAS_TARGETS)


@dataclass(frozen=True)
class TileTy:
    """A 2-D tile type ``!tile.tile<RxCxE, space>`` (no MemRef: unplanned)."""

    rows: int
    cols: int
    elem: str = "f32"
    space: str = "vec"

    @property
    def shape(self) -> tuple[int, int]:
        """(rows, cols)."""
        return (self.rows, self.cols)

    @property
    def nbytes(self) -> int:
        """Bytes of the whole tile."""
        return self.rows * self.cols * elem_bytes(self.elem)

    def with_(self, **kw) -> TileTy:
        """This type with some fields replaced."""
        return replace(self, **kw)

    def valid(self) -> bool:
        """True when the dialect accepts the type: Vec/Bias tiles need
        32-byte rows (32-byte columns for an ``[M, 1]`` column vector)."""
        if self.rows <= 0 or self.cols <= 0:
            return False
        if self.space not in ("vec", "bias"):
            return True
        eb = elem_bytes(self.elem)
        lead = self.rows if (self.cols == 1 and self.rows > 1) else self.cols
        return lead * eb % 32 == 0

    def mlir(self) -> str:
        """The type's MLIR text."""
        return f"!tile.tile<{self.rows}x{self.cols}x{self.elem}, {self.space}>"

    def memref(self, rows: int | None = None, cols: int | None = None) -> str:
        """A GM ``memref`` type text of this element type (default: this shape)."""
        return f"memref<{rows or self.rows}x{cols or self.cols}x{self.elem}>"


@dataclass
class Val:
    """A generated tile value.

    Attributes:
        name: the SSA name, with ``%``.
        ty: its tile type.
        lo, hi: bounds of every element (``math.inf`` when unknown).
        scratch: a ``tile.create`` value: its contents are undefined, so it is
            only ever used as a tmp/scratch operand (or a fresh accumulator).
        strided: a view whose rows are not contiguous (a column window, or a
            view of one); such a value is never reshaped.
        mask: a compare result (``i8`` 0/1 per element); only used by sel.
    """

    name: str
    ty: TileTy
    lo: float = -INPUT_BOUND
    hi: float = INPUT_BOUND
    scratch: bool = False
    strided: bool = False
    mask: bool = False

    @property
    def data(self) -> bool:
        """True when the contents are defined data (usable as an operand)."""
        return not self.scratch and not self.mask

    @property
    def mag(self) -> float:
        """max |element|."""
        return max(abs(self.lo), abs(self.hi))


def fits(elem: str, lo: float, hi: float) -> bool:
    """True when ``[lo, hi]`` stays within the safe range of ``elem``."""
    if math.isnan(lo) or math.isnan(hi):
        return False
    _, _, emin, emax = ELEMS[elem]
    return emin <= lo and hi <= emax


@dataclass
class Scope:
    """Values visible at the current point, and the enclosing loops.

    Attributes:
        vals: visible tile values, in definition order.
        loops: enclosing ``scf.for`` loops, outermost first, as
            ``(induction variable, trip count)``.
        carried: the innermost loop's iter_args (an scf.if arm may yield one
            unchanged).
        depth: nesting depth of regions (loops and if arms).
        loop_depth: number of enclosing loops.
    """

    vals: list[Val] = field(default_factory=list)
    loops: list[tuple[str, int]] = field(default_factory=list)
    carried: list[Val] = field(default_factory=list)
    depth: int = 0
    loop_depth: int = 0

    def child(self) -> Scope:
        """A nested region's scope: sees everything visible here."""
        return Scope(list(self.vals), list(self.loops), list(self.carried), self.depth + 1, self.loop_depth)

    def data(self, pred=None) -> list[Val]:
        """Visible data values (not scratch, not masks) satisfying ``pred``."""
        return [v for v in self.vals if v.data and (pred is None or pred(v))]

    def of_type(self, ty: TileTy) -> list[Val]:
        """Visible data values of type ``ty``."""
        return [v for v in self.vals if v.data and v.ty == ty]


#: The pipe initialization a generated vector kernel with pops or pushes
#: starts with (both directions, id 0). Its consumer buffers are placeholder
#: constants, not reserved rings: the kernel is planned, proved and run, but
#: convert-tile-to-pto refuses it (ptoas pairs a pipe's two kernels by their
#: ring), and its pops need no ``tile.tfree_to_aic`` (no ring slot to give
#: back). Its slots hold 512 KiB, more than any space of any target, so every
#: generated pop or push fits one (the tile ops' slot rule).
PIPE_SETUP = (
    "  %pipe_buf = arith.constant 0 : i32",
    "  tile.aiv_initialize_pipe %pipe_buf, %pipe_buf {dir_mask = 3 : i64, slot_size = 524288 : i64}",
)


class KernelText:
    """The function being generated: arguments, hoisted constants, body lines,
    function attributes (``func_attrs``, e.g. ``tile.split_mode = 1 : i64``).

    Constants (index, scalar and boolean) are emitted once at the top of the
    function so they dominate every use.
    """

    def __init__(self, rng: random.Random, name: str):
        self.rng = rng
        self.name = name
        self.args: list[tuple[str, str]] = []
        self.consts: dict[tuple[str, str], str] = {}
        self.const_lines: list[str] = []
        self.lines: list[str] = []
        self.indent = 1
        self.counter = 0
        self.n_ops = 0
        self.func_attrs: list[str] = []

    # ----- names and lines ------------------------------------------------
    def fresh(self, prefix: str = "t") -> str:
        """A new SSA name ``%<prefix><n>``."""
        self.counter += 1
        return f"%{prefix}{self.counter}"

    def emit(self, line: str, *, op: bool = True) -> None:
        """Append one body line at the current indentation; ``op`` counts it
        against the op budget."""
        self.lines.append("  " * self.indent + line)
        if op:
            self.n_ops += 1

    # ----- constants ----------------------------------------------------------
    def _const(self, key: tuple[str, str], prefix: str, rhs: str) -> str:
        name = self.consts.get(key)
        if name is None:
            name = f"%{prefix}{len(self.consts)}"
            self.consts[key] = name
            self.const_lines.append(f"  {name} = arith.constant {rhs}")
        return name

    def index(self, n: int) -> str:
        """An ``index`` constant."""
        return self._const(("index", str(n)), f"c{n}_", f"{n} : index")

    def scalar(self, value: float, elem: str) -> str:
        """A scalar constant of element type ``elem`` (integers are truncated)."""
        if is_float(elem):
            text = f"{float(value):e}"
        else:
            text = str(int(value))
        return self._const((elem, text), "s", f"{text} : {elem}")

    def boolean(self, b: bool) -> str:
        """An ``i1`` constant (``true``/``false``)."""
        return self._const(("i1", str(b)), "true" if b else "false", "true" if b else "false")

    # ----- GM arguments -----------------------------------------------------------
    def gm_arg(self, kind: str, rows: int, cols: int, elem: str) -> str:
        """A new ``memref<rows x cols x elem>`` function argument
        (``kind`` is ``in`` or ``out``); returns its name."""
        name = f"%{kind}{len(self.args)}"
        self.args.append((name, f"memref<{rows}x{cols}x{elem}>"))
        return name

    def text(self) -> str:
        """The module text: one ``func.func`` with the arguments, constants and
        body; a body with vector-side pipe ops (``tile.tpop_from_aic`` /
        ``tile.tpush_to_aic``) also initializes the pipe (:data:`PIPE_SETUP`)."""
        sig = ", ".join(f"{n}: {t}" for n, t in self.args)
        attrs = f" attributes {{{', '.join(self.func_attrs)}}}" if self.func_attrs else ""
        pipe = any("tile.tpop_from_aic" in l or "tile.tpush_to_aic" in l for l in self.lines)
        setup = list(PIPE_SETUP) if pipe else []
        out = [f"func.func @{self.name}({sig}){attrs} {{", *self.const_lines, *setup, *self.lines, "  func.return", "}"]
        return "\n".join(out) + "\n"
