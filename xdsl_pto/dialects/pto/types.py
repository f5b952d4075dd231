"""Types of the PTO dialect, printed exactly as ptoas reads them.

- ``!pto.ptr<f32>``                                   -> :class:`PtrType`
- ``!pto.tensor_view<?x?xf32>``                       -> :class:`TensorViewType`
- ``!pto.partition_tensor_view<32x32xf32>``           -> :class:`PartitionTensorViewType`
- ``!pto.tile_buf<loc=vec, dtype=f32, rows=.., ...>`` -> :class:`TileBufType`
- ``!pto.multi_tile_buf<!pto.tile_buf<...>, count=2>`` -> :class:`MultiTileBufType`

Dynamic extents (``?``) are stored as ``-1`` (:data:`DYNAMIC`).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AnyFloat,
    ArrayAttr,
    IndexType,
    IntAttr,
    IntegerType,
    NoneAttr,
    StringAttr,
)
from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

DYNAMIC = -1
"""Marker for a runtime (``?``) extent in shapes and valid shapes."""

TILE_LOCS: tuple[str, ...] = ("vec", "mat", "left", "right", "acc", "bias", "scaling")
"""Memory locations a ``!pto.tile_buf`` may live in (``gm`` is not one)."""

BOX_LAYOUTS: tuple[str, ...] = ("none_box", "row_major", "col_major")
"""Values accepted by the ``blayout`` and ``slayout`` keys."""

FRACTALS: tuple[int, ...] = (16, 32, 512, 1024)
"""Values accepted by the ``fractal`` key (bytes)."""

PAD_VALUES: tuple[int, ...] = (0, 1, 2, 3)
"""``pad``: 0 null, 1 zero, 2 max, 3 min."""

COMPACT_VALUES: tuple[int, ...] = (0, 1, 2)
"""``compact``: 0 null, 1 normal, 2 row_plus_one."""

TILE_BUF_KEYS: tuple[str, ...] = (
    "loc",
    "dtype",
    "rows",
    "cols",
    "v_row",
    "v_col",
    "blayout",
    "slayout",
    "fractal",
    "pad",
)
"""Required keys of the long ``!pto.tile_buf`` form, in their mandatory order."""

MIN_MULTI_TILE_COUNT = 2
MAX_MULTI_TILE_COUNT = 16
#: The ``loc``\ s a ``!pto.multi_tile_buf`` region may hold (pypto-docs/00-pto_codegen.md).
MULTI_TILE_LOCS = ("vec", "mat", "acc")


# --------------------------------------------------------------------------- helpers


def is_scalar_type(attr: Attribute) -> bool:
    """True for the element/scalar types PTO accepts (integers, floats, index)."""
    return isinstance(attr, IntegerType | IndexType | AnyFloat)


@irdl_attr_definition
class F8E8M0Type(ParametrizedAttribute, TypeAttribute):
    """``!pto.f8E8M0``: ptoas's spelling of the MX scale type (an unsigned
    8-bit power-of-two exponent; the Tile dialect's ``f8E8M0FNU``). ptoas
    v0.48 reads no builtin ``f8E8M0FNU`` ("expected non-function type")."""

    name = "pto.f8E8M0"


@irdl_attr_definition
class F4E2M1x2Type(ParametrizedAttribute, TypeAttribute):
    """``!pto.f4E2M1x2``: two fp4 e2m1 values packed in one byte, ptoas's
    element for 4-bit tiles (a Tile-dialect ``f4E2M1FN`` tile ``[R, C]`` is
    a ``cols = C / 2`` tile_buf of it)."""

    name = "pto.f4E2M1x2"


#: The PTO element types that are not builtin types.
PTO_ELEMENT_TYPES = (F8E8M0Type, F4E2M1x2Type)


def _is_element_type(attr: Attribute) -> bool:
    return isinstance(attr, IntegerType | AnyFloat | F8E8M0Type | F4E2M1x2Type)


def _normalize_dim(dim: int | None) -> int:
    """``None``, ``-1`` and xDSL's ``DYNAMIC_INDEX`` all mean ``?`` (stored as -1)."""
    if dim is None or dim == DYNAMIC_INDEX:
        return DYNAMIC
    return int(dim)


def _to_shape_attr(shape: Sequence[int | None]) -> ArrayAttr[IntAttr]:
    return ArrayAttr(IntAttr(_normalize_dim(d)) for d in shape)


def _parse_shaped_body(parser: AttrParser) -> tuple[list[int], Attribute]:
    """Parse ``<dims x elt>`` (dims may be ``?``); returns dims with ``?`` as -1."""
    with parser.in_angle_brackets():
        dims, element_type = parser.parse_ranked_shape()
    return [_normalize_dim(d) for d in dims], element_type


def _print_shaped_body(
    printer: Printer, shape: Sequence[int], element_type: Attribute
) -> None:
    with printer.in_angle_brackets():
        for dim in shape:
            printer.print_string("?" if dim == DYNAMIC else str(dim))
            printer.print_string("x")
        printer.print_attribute(element_type)


def _verify_shape(shape: Sequence[int], element_type: Attribute, what: str) -> None:
    for dim in shape:
        if dim != DYNAMIC and dim < 0:
            raise VerifyException(f"{what}: dimension {dim} must be >= 0 or '?'")
    if not _is_element_type(element_type):
        raise VerifyException(
            f"{what}: element type must be an integer or float type, "
            f"got {element_type}"
        )


# --------------------------------------------------------------------------- ptr


@irdl_attr_definition
class PtrType(ParametrizedAttribute, TypeAttribute):
    """``!pto.ptr<ELT>``: a pointer into global memory (a GM kernel parameter).

    Verifies that the element type is an integer or float type.
    """

    name = "pto.ptr"

    element_type: Attribute

    def __init__(self, element_type: Attribute):
        super().__init__(element_type)

    def verify(self) -> None:
        if not _is_element_type(self.element_type):
            raise VerifyException(
                "!pto.ptr element type must be an integer or float type, "
                f"got {self.element_type}"
            )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        with parser.in_angle_brackets():
            element_type = parser.parse_type()
        return [element_type]

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_attribute(self.element_type)


# --------------------------------------------------------------------------- views


class _ShapedViewType(ParametrizedAttribute, TypeAttribute):
    """Shared implementation of the two GM view types (``shape x element``)."""

    shape: ArrayAttr[IntAttr]
    element_type: Attribute

    def __init__(self, shape: Sequence[int | None], element_type: Attribute):
        """``shape``: one entry per dimension; ``None``/``-1`` for ``?``."""
        super().__init__(_to_shape_attr(shape), element_type)

    def get_shape(self) -> tuple[int, ...]:
        """The shape, ``-1`` (:data:`DYNAMIC`) for each ``?``."""
        return tuple(d.data for d in self.shape.data)

    @property
    def rank(self) -> int:
        return len(self.shape.data)

    def verify(self) -> None:
        _verify_shape(self.get_shape(), self.element_type, f"!{self.name}")

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        dims, element_type = _parse_shaped_body(parser)
        return [_to_shape_attr(dims), element_type]

    def print_parameters(self, printer: Printer) -> None:
        _print_shaped_body(printer, self.get_shape(), self.element_type)


@irdl_attr_definition
class TensorViewType(_ShapedViewType):
    """``!pto.tensor_view<?x?xf32>``: a GM tensor view built from a pointer.

    ``shape`` holds one entry per dimension, ``-1`` for ``?``. Verifies that
    dimensions are non-negative (or ``?``) and the element type is numeric.
    """

    name = "pto.tensor_view"


@irdl_attr_definition
class PartitionTensorViewType(_ShapedViewType):
    """``!pto.partition_tensor_view<32x32xf32>``: a window of a tensor view.

    Verifies that dimensions are non-negative (or ``?``) and the element type
    is numeric.
    """

    name = "pto.partition_tensor_view"


# --------------------------------------------------------------------------- tile_buf


def _dim_attr(value: int | None) -> IntAttr:
    return IntAttr(_normalize_dim(value))


@irdl_attr_definition
class TileBufType(ParametrizedAttribute, TypeAttribute):
    """``!pto.tile_buf<loc=.., dtype=.., rows=.., cols=.., v_row=.., v_col=..,
    blayout=.., slayout=.., fractal=.., pad=..[, compact=..]>``: an on-chip tile.

    Always printed in the long, keyed form. Parsing requires every key, in that
    order. Verifies ``loc`` (see :data:`TILE_LOCS`), ``blayout``/``slayout``
    (:data:`BOX_LAYOUTS`), ``fractal`` (:data:`FRACTALS`), ``pad`` (0..3),
    ``compact`` (0..2), positive ``rows``/``cols``, ``0 <= v_row <= rows`` and
    ``0 <= v_col <= cols`` when static, and a numeric ``dtype``.

    Python accessors: ``loc``, ``dtype``, ``rows``, ``cols``, ``v_row``/``v_col``
    (``None`` for ``?``), ``blayout``, ``slayout``, ``fractal``, ``pad``,
    ``compact`` (``None`` when absent).
    """

    name = "pto.tile_buf"

    loc_attr: StringAttr
    dtype: Attribute
    rows_attr: IntAttr
    cols_attr: IntAttr
    v_row_attr: IntAttr
    v_col_attr: IntAttr
    blayout_attr: StringAttr
    slayout_attr: StringAttr
    fractal_attr: IntAttr
    pad_attr: IntAttr
    compact_attr: IntAttr | NoneAttr

    def __init__(
        self,
        loc: str,
        dtype: Attribute,
        rows: int,
        cols: int,
        v_row: int | None = None,
        v_col: int | None = None,
        blayout: str = "row_major",
        slayout: str = "none_box",
        fractal: int = 512,
        pad: int = 0,
        compact: int | None = None,
    ):
        """Build a tile type; ``v_row``/``v_col`` = ``None`` (or -1) means ``?``."""
        super().__init__(
            StringAttr(loc),
            dtype,
            IntAttr(rows),
            IntAttr(cols),
            _dim_attr(v_row),
            _dim_attr(v_col),
            StringAttr(blayout),
            StringAttr(slayout),
            IntAttr(fractal),
            IntAttr(pad),
            NoneAttr() if compact is None else IntAttr(compact),
        )

    # ---- accessors
    @property
    def loc(self) -> str:
        return self.loc_attr.data

    @property
    def rows(self) -> int:
        return self.rows_attr.data

    @property
    def cols(self) -> int:
        return self.cols_attr.data

    @property
    def v_row(self) -> int | None:
        """Static valid rows, or ``None`` for ``?``."""
        value = self.v_row_attr.data
        return None if value == DYNAMIC else value

    @property
    def v_col(self) -> int | None:
        """Static valid columns, or ``None`` for ``?``."""
        value = self.v_col_attr.data
        return None if value == DYNAMIC else value

    @property
    def blayout(self) -> str:
        return self.blayout_attr.data

    @property
    def slayout(self) -> str:
        return self.slayout_attr.data

    @property
    def fractal(self) -> int:
        return self.fractal_attr.data

    @property
    def pad(self) -> int:
        return self.pad_attr.data

    @property
    def compact(self) -> int | None:
        attr = self.compact_attr
        return attr.data if isinstance(attr, IntAttr) else None

    @property
    def shape(self) -> tuple[int, int]:
        return (self.rows, self.cols)

    @property
    def has_dynamic_valid_shape(self) -> bool:
        return self.v_row is None or self.v_col is None

    def with_changes(self, **changes: object) -> TileBufType:
        """A copy with some keys replaced, e.g. ``t.with_changes(v_row=None)``."""
        args: dict[str, object] = dict(
            loc=self.loc,
            dtype=self.dtype,
            rows=self.rows,
            cols=self.cols,
            v_row=self.v_row,
            v_col=self.v_col,
            blayout=self.blayout,
            slayout=self.slayout,
            fractal=self.fractal,
            pad=self.pad,
            compact=self.compact,
        )
        unknown = set(changes) - set(args)
        if unknown:
            raise TypeError(f"unknown tile_buf keys: {sorted(unknown)}")
        args.update(changes)
        return TileBufType(**args)  # type: ignore[arg-type]

    # ---- verification
    def verify(self) -> None:
        if self.loc not in TILE_LOCS:
            raise VerifyException(
                f"invalid tile_buf loc '{self.loc}': expected one of "
                + ", ".join(TILE_LOCS)
            )
        if not _is_element_type(self.dtype):
            raise VerifyException(
                f"invalid tile_buf dtype {self.dtype}: expected an integer or "
                "float type"
            )
        for key, value in (("rows", self.rows), ("cols", self.cols)):
            if value <= 0:
                raise VerifyException(
                    f"invalid tile_buf {key}={value}: expected a positive integer"
                )
        for key, value, bound_key, bound in (
            ("v_row", self.v_row_attr.data, "rows", self.rows),
            ("v_col", self.v_col_attr.data, "cols", self.cols),
        ):
            if value == DYNAMIC:
                continue
            if value < 0 or value > bound:
                raise VerifyException(
                    f"invalid tile_buf {key}={value}: expected '?' or a value "
                    f"in 0..{bound_key}={bound}"
                )
        for key, value in (("blayout", self.blayout), ("slayout", self.slayout)):
            if value not in BOX_LAYOUTS:
                raise VerifyException(
                    f"invalid tile_buf {key} '{value}': expected one of "
                    + ", ".join(BOX_LAYOUTS)
                )
        if self.fractal not in FRACTALS:
            raise VerifyException(
                f"invalid tile_buf fractal={self.fractal}: expected one of "
                + ", ".join(str(f) for f in FRACTALS)
            )
        if self.pad not in PAD_VALUES:
            raise VerifyException(
                f"invalid tile_buf pad={self.pad}: expected 0 (null), 1 (zero), "
                "2 (max) or 3 (min)"
            )
        compact = self.compact
        if compact is not None and compact not in COMPACT_VALUES:
            raise VerifyException(
                f"invalid tile_buf compact={compact}: expected 0 (null), "
                "1 (normal) or 2 (row_plus_one)"
            )

    # ---- textual form
    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        start = parser.pos
        values: dict[str, object] = {}
        parser.parse_punctuation("<", " at start of !pto.tile_buf")
        for index, key in enumerate(TILE_BUF_KEYS):
            if index:
                parser.parse_punctuation(",", f" before '{key}' in !pto.tile_buf")
            _parse_tile_buf_key(parser, key)
            values[key] = _parse_tile_buf_value(parser, key)
        if parser.parse_optional_punctuation(",") is not None:
            _parse_tile_buf_key(parser, "compact")
            values["compact"] = parser.parse_integer(
                allow_boolean=False, allow_negative=False
            )
        else:
            values["compact"] = None
        end = parser.pos
        parser.parse_punctuation(">", " at end of !pto.tile_buf")
        try:
            tile = TileBufType(**values)  # type: ignore[arg-type]
        except VerifyException as err:
            parser.raise_error(str(err), start, end + 1)
        return list(tile.parameters)

    def print_parameters(self, printer: Printer) -> None:
        def dim(value: int | None) -> str:
            return "?" if value is None else str(value)

        with printer.in_angle_brackets():
            printer.print_string(f"loc={self.loc}, dtype=")
            printer.print_attribute(self.dtype)
            printer.print_string(
                f", rows={self.rows}, cols={self.cols}"
                f", v_row={dim(self.v_row)}, v_col={dim(self.v_col)}"
                f", blayout={self.blayout}, slayout={self.slayout}"
                f", fractal={self.fractal}, pad={self.pad}"
            )
            if self.compact is not None:
                printer.print_string(f", compact={self.compact}")


_KEY_ORDER_HINT = ", ".join(TILE_BUF_KEYS) + "[, compact]"


def _parse_tile_buf_key(parser: AttrParser, key: str) -> None:
    if parser.parse_optional_keyword(key) is None:
        parser.raise_error(
            f"expected '{key}' in !pto.tile_buf (keys are required, in the order "
            f"{_KEY_ORDER_HINT})"
        )
    parser.parse_punctuation("=", f" after '{key}' in !pto.tile_buf")


def _parse_tile_buf_value(parser: AttrParser, key: str) -> object:
    if key == "dtype":
        return parser.parse_type()
    if key in ("loc", "blayout", "slayout"):
        return parser.parse_identifier(context_msg=f" as the value of '{key}'")
    if key in ("v_row", "v_col") and parser.parse_optional_punctuation("?"):
        return None
    return parser.parse_integer(allow_boolean=False, allow_negative=False)


# --------------------------------------------------------------------------- multi_tile_buf


@irdl_attr_definition
class MultiTileBufType(ParametrizedAttribute, TypeAttribute):
    """``!pto.multi_tile_buf<!pto.tile_buf<...>, count=N>``: N uniform tile slots.

    Verifies ``2 <= count <= 16``.
    """

    name = "pto.multi_tile_buf"

    tile: TileBufType
    count_attr: IntAttr

    def __init__(self, tile: TileBufType, count: int):
        super().__init__(tile, IntAttr(count))

    @property
    def count(self) -> int:
        return self.count_attr.data

    def verify(self) -> None:
        if not MIN_MULTI_TILE_COUNT <= self.count <= MAX_MULTI_TILE_COUNT:
            raise VerifyException(
                f"invalid multi_tile_buf count={self.count}: expected "
                f"{MIN_MULTI_TILE_COUNT} <= count <= {MAX_MULTI_TILE_COUNT}"
            )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        start = parser.pos
        parser.parse_punctuation("<", " at start of !pto.multi_tile_buf")
        tile_pos = parser.pos
        tile = parser.parse_type()
        if not isinstance(tile, TileBufType):
            parser.raise_error(
                f"expected a !pto.tile_buf as the slot type, got {tile}", tile_pos
            )
        parser.parse_punctuation(",", " after the slot type")
        parser.parse_keyword("count", " in !pto.multi_tile_buf")
        parser.parse_punctuation("=", " after 'count'")
        count = parser.parse_integer(allow_boolean=False, allow_negative=False)
        end = parser.pos
        parser.parse_punctuation(">", " at end of !pto.multi_tile_buf")
        try:
            result = MultiTileBufType(tile, count)
        except VerifyException as err:
            parser.raise_error(str(err), start, end + 1)
        return list(result.parameters)

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_attribute(self.tile)
            printer.print_string(f", count={self.count}")
