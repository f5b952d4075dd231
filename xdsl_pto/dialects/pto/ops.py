"""View and allocation ops of the PTO dialect.

Forms (see ``ptoas-form.md``)::

    %tv = pto.make_tensor_view %ptr, shape = [%a, %b], strides = [%c, %d] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
    %pv = pto.partition_view %tv, offsets = [%o0, %o1], sizes = [%s0, %s1] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x32xf32>
    %t  = pto.alloc_tile addr = %c0_i64 valid_row = %r valid_col = %c : !pto.tile_buf<...>
    %mb = pto.alloc_multi_tile valid_row = %r valid_col = %c : !pto.multi_tile_buf<!pto.tile_buf<...>, count=2>
    %s  = pto.multi_tile_get %mb[%i] : !pto.multi_tile_buf<...> -> !pto.tile_buf<...>
    %v  = pto.subview %t[%r, %c] sizes [16, 32] valid [%vr, %vc] : !pto.tile_buf<...> -> !pto.tile_buf<...>

Every op accepts an optional attribute dictionary before the ``:`` and the
generic parser accepts a trailing ``loc(...)`` after any of them.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.arith import ConstantOp
from xdsl.dialects.builtin import (
    ArrayAttr,
    IndexType,
    IntAttr,
    IntegerAttr,
    IntegerType,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_attr_def,
    opt_operand_def,
    prop_def,
    result_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.diagnostics import remember_parse_location

from ._syntax import (
    parse_keyword_operand_list,
    parse_keyword_operands,
    parse_operand_list,
    print_attr_dict,
    print_keyword_operands,
    print_operand_list,
)
from .attrs import Layout, LayoutAttr
from .types import (
    MultiTileBufType,
    PartitionTensorViewType,
    PtrType,
    TensorViewType,
    TileBufType,
)

_INDEX = IndexType()


def _check_index_operands(op_name: str, what: str, values: Sequence[SSAValue]) -> None:
    for i, value in enumerate(values):
        if not isinstance(value.type, IndexType):
            raise VerifyException(
                f"{op_name}: {what} operand #{i} must be index, got {value.type}"
            )


def _check_valid_operands(
    op_name: str,
    tile: TileBufType,
    valid_row: SSAValue | None,
    valid_col: SSAValue | None,
) -> None:
    """valid_row/valid_col operands exist exactly when v_row/v_col is '?'."""
    for key, operand, static in (
        ("row", valid_row, tile.v_row),
        ("col", valid_col, tile.v_col),
    ):
        if static is None and operand is None:
            raise VerifyException(
                f"{op_name}: 'valid_{key}' operand is required because the tile "
                f"type has v_{key}=?"
            )
        if static is not None and operand is not None:
            raise VerifyException(
                f"{op_name}: 'valid_{key}' operand is only allowed when the tile "
                f"type has v_{key}=? (it has v_{key}={static})"
            )
        if operand is not None and not isinstance(operand.type, IndexType):
            raise VerifyException(
                f"{op_name}: 'valid_{key}' operand must be index, got {operand.type}"
            )


# --------------------------------------------------------------------------- make_tensor_view


@remember_parse_location
@irdl_op_definition
class MakeTensorViewOp(IRDLOperation):
    """``pto.make_tensor_view``: wrap a ``!pto.ptr`` as a ``!pto.tensor_view``.

    Verifies: one ``shape`` and one ``strides`` index operand per dimension of
    the result, and the pointer's element type equals the view's.
    """

    name = "pto.make_tensor_view"

    ptr = operand_def(PtrType)
    shape = var_operand_def(IndexType)
    strides = var_operand_def(IndexType)
    layout = opt_attr_def(LayoutAttr)
    result = result_def(TensorViewType)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        ptr: SSAValue | Operation,
        shape: Sequence[SSAValue | Operation],
        strides: Sequence[SSAValue | Operation],
        result_type: TensorViewType | None = None,
        layout: LayoutAttr | Layout | str | None = None,
        attributes: dict[str, Attribute] | None = None,
    ):
        """``result_type`` defaults to an all-``?`` view of the pointer's element type."""
        ptr_value = SSAValue.get(ptr)
        if result_type is None:
            assert isinstance(ptr_value.type, PtrType)
            result_type = TensorViewType([-1] * len(shape), ptr_value.type.element_type)
        attrs: dict[str, Attribute] = dict(attributes or {})
        if layout is not None:
            attrs["layout"] = (
                layout if isinstance(layout, LayoutAttr) else LayoutAttr(Layout(layout))
            )
        super().__init__(
            operands=[ptr_value, shape, strides],
            result_types=[result_type],
            attributes=attrs,
        )

    def verify_(self) -> None:
        tv = self.result.type
        rank = tv.rank
        if len(self.shape) != rank or len(self.strides) != rank:
            raise VerifyException(
                f"pto.make_tensor_view: {rank}-d {tv} needs {rank} shape and {rank} "
                f"stride operands, got {len(self.shape)} and {len(self.strides)}"
            )
        ptr_type = self.ptr.type
        assert isinstance(ptr_type, PtrType)
        if ptr_type.element_type != tv.element_type:
            raise VerifyException(
                f"pto.make_tensor_view: pointer element type {ptr_type.element_type} "
                f"differs from the view's {tv.element_type}"
            )

    @classmethod
    def parse(cls, parser: Parser) -> MakeTensorViewOp:
        ptr = parser.parse_unresolved_operand()
        parser.parse_punctuation(",", " after the pointer operand")
        shape = parse_keyword_operand_list(parser, "shape")
        parser.parse_punctuation(",", " between 'shape' and 'strides'")
        strides = parse_keyword_operand_list(parser, "strides")
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        type_pos = parser.pos
        result_type = parser.parse_type()
        if not isinstance(result_type, TensorViewType):
            parser.raise_error(
                f"expected a !pto.tensor_view result type, got {result_type}", type_pos
            )
        return cls.build(
            operands=[
                parser.resolve_operand(ptr, PtrType(result_type.element_type)),
                [parser.resolve_operand(v, _INDEX) for v in shape],
                [parser.resolve_operand(v, _INDEX) for v in strides],
            ],
            result_types=[result_type],
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.ptr)
        printer.print_string(", shape = ")
        print_operand_list(printer, self.shape)
        printer.print_string(", strides = ")
        print_operand_list(printer, self.strides)
        print_attr_dict(printer, self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)


# --------------------------------------------------------------------------- partition_view


@remember_parse_location
@irdl_op_definition
class PartitionViewOp(IRDLOperation):
    """``pto.partition_view``: a window (offsets + sizes) of a tensor view.

    Verifies: one offset and one size index operand per dimension, equal ranks
    and element types of source and result.
    """

    name = "pto.partition_view"

    source = operand_def(TensorViewType)
    offsets = var_operand_def(IndexType)
    sizes = var_operand_def(IndexType)
    result = result_def(PartitionTensorViewType)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        source: SSAValue | Operation,
        offsets: Sequence[SSAValue | Operation],
        sizes: Sequence[SSAValue | Operation],
        result_type: PartitionTensorViewType,
        attributes: dict[str, Attribute] | None = None,
    ):
        super().__init__(
            operands=[source, offsets, sizes],
            result_types=[result_type],
            attributes=attributes or {},
        )

    def verify_(self) -> None:
        src = self.source.type
        res = self.result.type
        assert isinstance(src, TensorViewType)
        if src.rank != res.rank:
            raise VerifyException(
                f"pto.partition_view: source rank {src.rank} differs from result "
                f"rank {res.rank}"
            )
        if len(self.offsets) != src.rank or len(self.sizes) != src.rank:
            raise VerifyException(
                f"pto.partition_view: a {src.rank}-d view needs {src.rank} offsets "
                f"and {src.rank} sizes, got {len(self.offsets)} and {len(self.sizes)}"
            )
        if src.element_type != res.element_type:
            raise VerifyException(
                f"pto.partition_view: element type {res.element_type} differs from "
                f"the source's {src.element_type}"
            )

    @classmethod
    def parse(cls, parser: Parser) -> PartitionViewOp:
        source = parser.parse_unresolved_operand()
        parser.parse_punctuation(",", " after the source operand")
        offsets = parse_keyword_operand_list(parser, "offsets")
        parser.parse_punctuation(",", " between 'offsets' and 'sizes'")
        sizes = parse_keyword_operand_list(parser, "sizes")
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        source_type = parser.parse_type()
        parser.parse_punctuation("->")
        result_type = parser.parse_type()
        return cls.build(
            operands=[
                parser.resolve_operand(source, source_type),
                [parser.resolve_operand(v, _INDEX) for v in offsets],
                [parser.resolve_operand(v, _INDEX) for v in sizes],
            ],
            result_types=[result_type],
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.source)
        printer.print_string(", offsets = ")
        print_operand_list(printer, self.offsets)
        printer.print_string(", sizes = ")
        print_operand_list(printer, self.sizes)
        print_attr_dict(printer, self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.source.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)


# --------------------------------------------------------------------------- alloc_tile


@remember_parse_location
@irdl_op_definition
class AllocTileOp(IRDLOperation):
    """``pto.alloc_tile [addr = %a] [valid_row = %r] [valid_col = %c] : !pto.tile_buf<..>``.

    Verifies: ``addr`` is ``i64``; ``valid_row``/``valid_col`` are ``index`` and
    present exactly when the result's ``v_row``/``v_col`` is ``?``.
    """

    name = "pto.alloc_tile"

    addr = opt_operand_def(IntegerType)
    valid_row = opt_operand_def(IndexType)
    valid_col = opt_operand_def(IndexType)
    result = result_def(TileBufType)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        result_type: TileBufType,
        addr: SSAValue | Operation | None = None,
        valid_row: SSAValue | Operation | None = None,
        valid_col: SSAValue | Operation | None = None,
        attributes: dict[str, Attribute] | None = None,
    ):
        super().__init__(
            operands=[addr, valid_row, valid_col],
            result_types=[result_type],
            attributes=attributes or {},
        )

    def verify_(self) -> None:
        if self.addr is not None and self.addr.type != i64:
            raise VerifyException(
                f"pto.alloc_tile: 'addr' operand must be i64, got {self.addr.type}"
            )
        _check_valid_operands(
            "pto.alloc_tile", self.result.type, self.valid_row, self.valid_col
        )

    @classmethod
    def parse(cls, parser: Parser) -> AllocTileOp:
        operands = parse_keyword_operands(
            parser, ("addr", "valid_row", "valid_col"), (i64, _INDEX, _INDEX)
        )
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        result_type = parser.parse_type()
        return cls.build(operands=operands, result_types=[result_type], attributes=attributes)

    def print(self, printer: Printer) -> None:
        print_keyword_operands(
            printer,
            (("addr", self.addr), ("valid_row", self.valid_row), ("valid_col", self.valid_col)),
        )
        print_attr_dict(printer, self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)


# --------------------------------------------------------------------------- multi-tile


@remember_parse_location
@irdl_op_definition
class AllocMultiTileOp(IRDLOperation):
    """``pto.alloc_multi_tile [valid_row = %r valid_col = %c] : !pto.multi_tile_buf<..>``.

    A region of N uniform slots (no ``addr``: planned by ptoas). Verifies that
    ``valid_row``/``valid_col`` are ``index`` and present exactly when the slot
    type's ``v_row``/``v_col`` is ``?``.
    """

    name = "pto.alloc_multi_tile"

    valid_row = opt_operand_def(IndexType)
    valid_col = opt_operand_def(IndexType)
    result = result_def(MultiTileBufType)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        result_type: MultiTileBufType,
        valid_row: SSAValue | Operation | None = None,
        valid_col: SSAValue | Operation | None = None,
        attributes: dict[str, Attribute] | None = None,
    ):
        super().__init__(
            operands=[valid_row, valid_col],
            result_types=[result_type],
            attributes=attributes or {},
        )

    def verify_(self) -> None:
        _check_valid_operands(
            "pto.alloc_multi_tile",
            self.result.type.tile,
            self.valid_row,
            self.valid_col,
        )

    @classmethod
    def parse(cls, parser: Parser) -> AllocMultiTileOp:
        operands = parse_keyword_operands(parser, ("valid_row", "valid_col"), (_INDEX, _INDEX))
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        result_type = parser.parse_type()
        return cls.build(operands=operands, result_types=[result_type], attributes=attributes)

    def print(self, printer: Printer) -> None:
        print_keyword_operands(
            printer, (("valid_row", self.valid_row), ("valid_col", self.valid_col))
        )
        print_attr_dict(printer, self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)


@remember_parse_location
@irdl_op_definition
class MultiTileGetOp(IRDLOperation):
    """``pto.multi_tile_get %mb[%slot] : !pto.multi_tile_buf<..> -> !pto.tile_buf<..>``.

    ``%slot`` is the slot index (``index``), not a byte offset. Verifies that
    the result type equals the multi-tile's slot type, and that a constant
    slot (an ``arith.constant``) is within ``0 <= slot < count``.
    """

    name = "pto.multi_tile_get"

    source = operand_def(MultiTileBufType)
    index = operand_def(IndexType)
    result = result_def(TileBufType)

    def __init__(
        self,
        source: SSAValue | Operation,
        index: SSAValue | Operation,
        attributes: dict[str, Attribute] | None = None,
    ):
        source_type = SSAValue.get(source).type
        assert isinstance(source_type, MultiTileBufType)
        super().__init__(
            operands=[source, index],
            result_types=[source_type.tile],
            attributes=attributes or {},
        )

    def verify_(self) -> None:
        source_type = self.source.type
        assert isinstance(source_type, MultiTileBufType)
        if self.result.type != source_type.tile:
            raise VerifyException(
                f"pto.multi_tile_get: result type {self.result.type} differs from "
                f"the slot type {source_type.tile}"
            )
        owner = self.index.owner
        if isinstance(owner, ConstantOp) and isinstance(owner.value, IntegerAttr):
            slot, count = owner.value.value.data, source_type.count
            if not 0 <= slot < count:
                raise VerifyException(
                    f"pto.multi_tile_get: slot {slot} is out of range for a "
                    f"multi_tile_buf of count={count} (expected 0 <= slot < {count})"
                )

    @classmethod
    def parse(cls, parser: Parser) -> MultiTileGetOp:
        source = parser.parse_unresolved_operand()
        with parser.in_square_brackets():
            index = parser.parse_unresolved_operand()
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        source_type = parser.parse_type()
        parser.parse_punctuation("->")
        result_type = parser.parse_type()
        return cls.build(
            operands=[
                parser.resolve_operand(source, source_type),
                parser.resolve_operand(index, _INDEX),
            ],
            result_types=[result_type],
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.source)
        with printer.in_square_brackets():
            printer.print_operand(self.index)
        print_attr_dict(printer, self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.source.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)


# --------------------------------------------------------------------------- subview

_SUBVIEW_SHARED_KEYS = ("loc", "dtype", "blayout", "slayout", "fractal", "pad", "compact")


@remember_parse_location
@irdl_op_definition
class SubviewOp(IRDLOperation):
    """``pto.subview %src[%r, %c] sizes [R, C] [valid [%vr, %vc]] : T -> T2``.

    A zero-copy view of a window of a tile (no data movement, no alloc).
    Verifies: two ``index`` offsets, two static sizes equal to the result's
    rows/cols and not larger than the source's, optional ``valid`` pair both
    present or both absent (``index``), and that the result shares ``loc``,
    ``dtype``, ``blayout``, ``slayout``, ``fractal``, ``pad`` and ``compact``
    with the source.
    """

    name = "pto.subview"

    source = operand_def(TileBufType)
    offsets = var_operand_def(IndexType)
    sizes = prop_def(ArrayAttr[IntAttr])
    valid_row = opt_operand_def(IndexType)
    valid_col = opt_operand_def(IndexType)
    result = result_def(TileBufType)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        source: SSAValue | Operation,
        offsets: Sequence[SSAValue | Operation],
        sizes: Sequence[int],
        result_type: TileBufType,
        valid_row: SSAValue | Operation | None = None,
        valid_col: SSAValue | Operation | None = None,
        attributes: dict[str, Attribute] | None = None,
    ):
        super().__init__(
            operands=[source, offsets, valid_row, valid_col],
            result_types=[result_type],
            properties={"sizes": ArrayAttr(IntAttr(s) for s in sizes)},
            attributes=attributes or {},
        )

    @property
    def static_sizes(self) -> tuple[int, ...]:
        return tuple(s.data for s in self.sizes.data)

    def verify_(self) -> None:
        src = self.source.type
        res = self.result.type
        assert isinstance(src, TileBufType) and isinstance(res, TileBufType)
        if len(self.offsets) != 2:
            raise VerifyException(
                f"pto.subview: expected 2 offsets [row, col], got {len(self.offsets)}"
            )
        sizes = self.static_sizes
        if len(sizes) != 2:
            raise VerifyException(
                f"pto.subview: expected 2 sizes [rows, cols], got {len(sizes)}"
            )
        if sizes != (res.rows, res.cols):
            raise VerifyException(
                f"pto.subview: sizes [{sizes[0]}, {sizes[1]}] differ from the result "
                f"shape rows={res.rows}, cols={res.cols}"
            )
        if sizes[0] > src.rows or sizes[1] > src.cols:
            raise VerifyException(
                f"pto.subview: sizes [{sizes[0]}, {sizes[1]}] exceed the source shape "
                f"rows={src.rows}, cols={src.cols}"
            )
        if (self.valid_row is None) != (self.valid_col is None):
            raise VerifyException(
                "pto.subview: 'valid' needs both a row and a column operand"
            )
        for key in _SUBVIEW_SHARED_KEYS:
            if getattr(src, key) != getattr(res, key):
                raise VerifyException(
                    f"pto.subview: result {key}={getattr(res, key)} differs from the "
                    f"source's {key}={getattr(src, key)}"
                )

    @classmethod
    def parse(cls, parser: Parser) -> SubviewOp:
        source = parser.parse_unresolved_operand()
        offsets = parse_operand_list(parser)
        parser.parse_keyword("sizes", " in pto.subview")
        sizes = parser.parse_comma_separated_list(
            parser.Delimiter.SQUARE,
            lambda: parser.parse_integer(allow_boolean=False, allow_negative=False),
        )
        valid: list = []
        if parser.parse_optional_keyword("valid") is not None:
            valid = parse_operand_list(parser)
            if len(valid) != 2:
                parser.raise_error(
                    f"expected 2 operands [valid_row, valid_col] after 'valid', "
                    f"got {len(valid)}"
                )
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        source_type = parser.parse_type()
        parser.parse_punctuation("->")
        result_type = parser.parse_type()
        resolved_valid = [parser.resolve_operand(v, _INDEX) for v in valid]
        return cls.build(
            operands=[
                parser.resolve_operand(source, source_type),
                [parser.resolve_operand(v, _INDEX) for v in offsets],
                resolved_valid[0] if resolved_valid else None,
                resolved_valid[1] if resolved_valid else None,
            ],
            result_types=[result_type],
            properties={"sizes": ArrayAttr(IntAttr(s) for s in sizes)},
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.source)
        print_operand_list(printer, self.offsets)
        printer.print_string(" sizes ")
        with printer.in_square_brackets():
            printer.print_list(self.static_sizes, lambda s: printer.print_string(str(s)))
        if self.valid_row is not None and self.valid_col is not None:
            printer.print_string(" valid ")
            print_operand_list(printer, [self.valid_row, self.valid_col])
        print_attr_dict(printer, self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.source.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)

