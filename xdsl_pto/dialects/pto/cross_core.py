"""Cross-core pipe ops of the PTO dialect: TPUSH / TPOP between the cube
(AIC) and the vector (AIV) cores (pypto-docs/00-pto_codegen.md, "Cross-Core
Operations -> PTO Instructions").

Forms::

    %buf = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<loc=vec, ...>
    %buf = pto.tpop_from_aiv {id = 2, split = 0} -> !pto.tile_buf<loc=mat, ...>
    %buf = pto.tpop_from_aic(%vr, %vc) {split = 0} -> !pto.tile_buf<..., v_row=?, v_col=?, ...>
    pto.tpush_to_aic(%t : !pto.tile_buf<loc=vec, ...>) {split = 0}
    pto.tpush_to_aiv(%t : !pto.tile_buf<loc=acc, ...>) {id = 1, split = 2}

``split`` (required) is pto-isa's ``TileSplitAxis`` (0..4) and ``id``
(optional) the frontend pipe id (>= 0); both print as bare integers, ``id``
first. A pop takes ``(%valid_row, %valid_col)`` index operands exactly when
its result type has ``v_row=?`` / ``v_col=?``. Each needs an initialize op of
its ``id`` in its function (:func:`.pipe_setup.verify_initialized`, as ptoas
checks). A push has no ``ins``/``outs``:
its one tile is in parentheses right after the name, as ptoas (v0.48) reads
it (``ins(`` is "expected '('" there).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import IndexType, IntegerAttr, IntegerType, i64
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.diagnostics import remember_parse_location

from .pipe_setup import verify_initialized
from .types import TileBufType

SPLIT_CODES = range(5)
"""pto-isa ``TileSplitAxis`` codes: 0 none, 1 up-down, 2 left-right, 3 / 4
the same over an odd extent."""

_INDEX = IndexType()


def pipe_attributes(split: int, pipe_id: int | None = None) -> dict[str, Attribute]:
    """The ``{id, split}`` attributes of a cross-core op (``id`` omitted when
    None), as ``i64`` integers."""
    out: dict[str, Attribute] = {}
    if pipe_id is not None:
        out["id"] = IntegerAttr(pipe_id, i64)
    out["split"] = IntegerAttr(split, i64)
    return out


def _verify_pipe_attributes(op: Operation) -> None:
    """``split`` an integer 0..4, optional ``id`` an integer >= 0, nothing else.

    Raises:
        VerifyException: prefixed with the op name.
    """
    split = op.attributes.get("split")
    if not isinstance(split, IntegerAttr) or not isinstance(split.type, IntegerType):
        raise VerifyException(
            f"{op.name}: needs an integer 'split' attribute (0..4, pto-isa TileSplitAxis), "
            f"got {split}"
        )
    if split.value.data not in SPLIT_CODES:
        raise VerifyException(
            f"{op.name}: 'split' must be 0..4 (pto-isa TileSplitAxis), got {split.value.data}"
        )
    pipe_id = op.attributes.get("id")
    if pipe_id is not None and (
        not isinstance(pipe_id, IntegerAttr)
        or not isinstance(pipe_id.type, IntegerType)
        or pipe_id.value.data < 0
    ):
        raise VerifyException(f"{op.name}: 'id' must be a non-negative integer, got {pipe_id}")
    extra = sorted(set(op.attributes) - {"split", "id"})
    if extra:
        raise VerifyException(
            f"{op.name}: unexpected attribute '{extra[0]}' (only 'id' and 'split')"
        )


def _print_pipe_attributes(printer: Printer, op: Operation) -> None:
    """`` {id = I, split = N}`` (bare integers, ``id`` only when present)."""
    parts = [
        f"{key} = {attr.value.data}"
        for key in ("id", "split")
        if isinstance(attr := op.attributes.get(key), IntegerAttr)
    ]
    printer.print_string(" {" + ", ".join(parts) + "}")


def _check_loc(op_name: str, what: str, attr: Attribute, locs: Sequence[str]) -> None:
    if not isinstance(attr, TileBufType):
        raise VerifyException(f"{op_name}: {what} must be a !pto.tile_buf, got {attr}")
    if attr.loc not in locs:
        raise VerifyException(
            f"{op_name}: {what} must be a tile with loc=" + " or loc=".join(locs)
            + f", got loc={attr.loc}"
        )


class _TPopOp(IRDLOperation):
    """A pop from a cross-core pipe: the result is a tile in the pipe's
    reserved storage (no ``pto.alloc_tile``)."""

    valid_row = opt_operand_def(IndexType)
    valid_col = opt_operand_def(IndexType)
    result = result_def(TileBufType)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    #: The ``loc`` the popped tile must have.
    LOCS: ClassVar[tuple[str, ...]] = ()

    def __init__(
        self,
        result_type: TileBufType,
        split: int,
        pipe_id: int | None = None,
        valid_row: SSAValue | Operation | None = None,
        valid_col: SSAValue | Operation | None = None,
    ):
        super().__init__(
            operands=[valid_row, valid_col],
            result_types=[result_type],
            attributes=pipe_attributes(split, pipe_id),
        )

    def verify_(self) -> None:
        _verify_pipe_attributes(self)
        t = self.result.type
        _check_loc(self.name, "result", t, self.LOCS)
        assert isinstance(t, TileBufType)
        for key, operand, static in (
            ("row", self.valid_row, t.v_row),
            ("col", self.valid_col, t.v_col),
        ):
            if (static is None) != (operand is not None):
                raise VerifyException(
                    f"{self.name}: takes (valid_row, valid_col) operands exactly when the "
                    f"result type has v_row=? / v_col=? (v_{key}="
                    f"{'?' if static is None else static})"
                )
        verify_initialized(self)

    @classmethod
    def parse(cls, parser: Parser):
        valid: list[SSAValue] = []
        if parser.parse_optional_punctuation("(") is not None:
            operands = parser.parse_comma_separated_list(
                parser.Delimiter.NONE, parser.parse_unresolved_operand
            )
            parser.parse_punctuation(")")
            if len(operands) != 2:
                parser.raise_error(
                    f"expected 2 operands (valid_row, valid_col), got {len(operands)}"
                )
            valid = [parser.resolve_operand(o, _INDEX) for o in operands]
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation("->")
        result_type = parser.parse_type()
        return cls.build(
            operands=[valid[:1], valid[1:]],
            result_types=[result_type],
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        if self.valid_row is not None and self.valid_col is not None:
            printer.print_string("(")
            printer.print_list([self.valid_row, self.valid_col], printer.print_operand)
            printer.print_string(")")
        _print_pipe_attributes(printer, self)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)


@remember_parse_location
@irdl_op_definition
class TPopFromAicOp(_TPopOp):
    """``pto.tpop_from_aic``: a vector kernel pops a tile (loc=vec) the cube
    core pushed."""

    name = "pto.tpop_from_aic"
    LOCS: ClassVar[tuple[str, ...]] = ("vec",)


@remember_parse_location
@irdl_op_definition
class TPopFromAivOp(_TPopOp):
    """``pto.tpop_from_aiv``: a cube kernel pops a tile (loc=mat) the vector
    core pushed."""

    name = "pto.tpop_from_aiv"
    LOCS: ClassVar[tuple[str, ...]] = ("mat",)


class _TPushOp(IRDLOperation):
    """A push into a cross-core pipe: ``(%t : T) {[id = I, ]split = N}`` (no
    ``ins``: ptoas's form)."""

    tile = operand_def(TileBufType)

    #: The ``loc`` the pushed tile must have.
    LOCS: ClassVar[tuple[str, ...]] = ()

    def __init__(self, tile: SSAValue | Operation, split: int, pipe_id: int | None = None):
        super().__init__(operands=[tile], attributes=pipe_attributes(split, pipe_id))

    def verify_(self) -> None:
        _verify_pipe_attributes(self)
        _check_loc(self.name, "the pushed tile", self.tile.type, self.LOCS)
        verify_initialized(self)

    @classmethod
    def parse(cls, parser: Parser):
        parser.parse_punctuation("(")
        operand = parser.parse_unresolved_operand()
        parser.parse_punctuation(":", " after the pushed tile")
        t = parser.parse_type()
        parser.parse_punctuation(")", " after the pushed tile's type")
        attributes = parser.parse_optional_attr_dict()
        return cls.build(operands=[parser.resolve_operand(operand, t)], attributes=attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string("(")
        printer.print_operand(self.tile)
        printer.print_string(" : ")
        printer.print_attribute(self.tile.type)
        printer.print_string(")")
        _print_pipe_attributes(printer, self)


@remember_parse_location
@irdl_op_definition
class TPushToAicOp(_TPushOp):
    """``pto.tpush_to_aic``: a vector kernel pushes a vec tile to the cube core."""

    name = "pto.tpush_to_aic"
    LOCS: ClassVar[tuple[str, ...]] = ("vec",)


@remember_parse_location
@irdl_op_definition
class TPushToAivOp(_TPushOp):
    """``pto.tpush_to_aiv``: a cube kernel pushes an Acc tile to the vector
    core (ptoas has no producer pipe for another space)."""

    name = "pto.tpush_to_aiv"
    LOCS: ClassVar[tuple[str, ...]] = ("acc",)


CROSS_CORE_OPS = (TPopFromAicOp, TPopFromAivOp, TPushToAicOp, TPushToAivOp)
"""The cross-core op classes."""

PTO_CROSS_CORE_OPS: dict[str, type[_TPopOp | _TPushOp]] = {
    op.name.split(".", 1)[1]: op for op in CROSS_CORE_OPS
}
"""Short PTO name (``"tpop_from_aic"``...) -> op class."""
