"""The operand signatures of the destination-passing PTO ops
(:class:`DpsSignature`: the ``ins`` slots, the ``outs`` slot, optional
trailing ``ins``, where the attributes print, their types, whether the tiles
share one dtype), and :data:`DPS_SIGNATURES`, the signature of each core
DPS op (:mod:`.dps`) by its short PTO name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from xdsl.ir import Attribute

from .attrs import AtomicTypeAttr, CmpModeAttr, RoundModeAttr, SaturationModeAttr

SlotKind = Literal["tile", "scalar", "view"]


@dataclass(frozen=True)
class Slot:
    """One operand position of a DPS op.

    ``kind``: ``"tile"`` (a ``!pto.tile_buf``), ``"scalar"`` (integer, float or
    index) or ``"view"`` (a ``!pto.partition_tensor_view``). ``locs`` restricts
    the ``loc`` of a tile (``None``: any location).
    """

    role: str
    kind: SlotKind = "tile"
    locs: tuple[str, ...] | None = None


@dataclass(frozen=True)
class DpsSignature:
    """Operand signature of a DPS op.

    ``ins`` lists the operand slots in order; the last ``optional_ins`` of them
    may be omitted. ``same_dtype`` requires every tile operand (ins and out) to
    have the same ``dtype``. ``attrs_in_ins`` prints the attribute dictionary
    inside ``ins(...)`` before the ``:`` (where ptoas expects it for ``tcvt``,
    ``tcmp`` and ``tcmps``) instead of after ``outs(...)``. ``attr_types`` maps
    known attribute names to the attribute class they must have.
    """

    ins: tuple[Slot, ...]
    out: Slot
    optional_ins: int = 0
    same_dtype: bool = False
    attrs_in_ins: bool = False
    attr_types: tuple[tuple[str, type[Attribute]], ...] = ()

    @property
    def min_ins(self) -> int:
        return len(self.ins) - self.optional_ins


_VEC = ("vec",)


def _vec(role: str) -> Slot:
    return Slot(role, "tile", _VEC)


def _scalar(role: str) -> Slot:
    return Slot(role, "scalar")


_UNARY = DpsSignature((_vec("src"),), _vec("dst"), same_dtype=True)
_BINARY = DpsSignature((_vec("src0"), _vec("src1")), _vec("dst"), same_dtype=True)
_TILE_SCALAR = DpsSignature(
    (_vec("src"), _scalar("scalar")), _vec("dst"), same_dtype=True
)
_REDUCE = DpsSignature((_vec("src"), _vec("tmp")), _vec("dst"))
_EXPAND = DpsSignature((_vec("src"),), _vec("dst"))
_EXPAND_BINARY = DpsSignature((_vec("src0"), _vec("src1")), _vec("dst"))

DPS_SIGNATURES: dict[str, DpsSignature] = {
    # data movement
    "tload": DpsSignature(
        (Slot("src", "view"),), Slot("dst", "tile", ("vec", "mat"))
    ),
    "tstore": DpsSignature(
        (Slot("src", "tile", ("vec", "mat", "acc")),),
        Slot("dst", "view"),
        attr_types=(("atomicType", AtomicTypeAttr),),
    ),
    "tmov": DpsSignature((Slot("src"),), Slot("dst")),
    # element-wise tile (x) tile
    "tadd": _BINARY,
    "tsub": _BINARY,
    "tmul": _BINARY,
    "tdiv": _BINARY,
    "tmax": _BINARY,
    "tmin": _BINARY,
    # element-wise tile (x) scalar
    "tadds": _TILE_SCALAR,
    "tsubs": _TILE_SCALAR,
    "tmuls": _TILE_SCALAR,
    "tdivs": _TILE_SCALAR,
    "tmaxs": _TILE_SCALAR,
    "tmins": _TILE_SCALAR,
    # unary
    "texp": _UNARY,
    "tlog": _UNARY,
    "tsqrt": _UNARY,
    "trsqrt": DpsSignature(
        (_vec("src"), _vec("tmp")), _vec("dst"), optional_ins=1, same_dtype=True
    ),
    "trecip": _UNARY,
    "tneg": _UNARY,
    "tabs": _UNARY,
    "trelu": _UNARY,
    "tcvt": DpsSignature(
        (_vec("src"), _vec("tmp")),
        _vec("dst"),
        optional_ins=1,
        attrs_in_ins=True,
        attr_types=(("rmode", RoundModeAttr), ("sat_mode", SaturationModeAttr)),
    ),
    # reductions (with the scratch tile)
    "trowsum": _REDUCE,
    "trowmax": _REDUCE,
    "trowmin": _REDUCE,
    # broadcasts
    "trowexpand": _EXPAND,
    "trowexpandadd": _EXPAND_BINARY,
    "trowexpandsub": _EXPAND_BINARY,
    "trowexpandmul": _EXPAND_BINARY,
    "trowexpanddiv": _EXPAND_BINARY,
    "tcolexpand": _EXPAND,
    "tcolexpandadd": _EXPAND_BINARY,
    "tcolexpandsub": _EXPAND_BINARY,
    "tcolexpandmul": _EXPAND_BINARY,
    "tcolexpanddiv": _EXPAND_BINARY,
    # remainders (rem/rems: A2/A3 scratch tile last)
    "trem": DpsSignature((_vec("src0"), _vec("src1"), _vec("tmp")), _vec("dst")),
    "trems": DpsSignature((_vec("src"), _scalar("scalar"), _vec("tmp")), _vec("dst")),
    "tfmod": _BINARY,
    "tfmods": _TILE_SCALAR,
    "tprelu": DpsSignature((_vec("src"), _vec("slope"), _vec("tmp")), _vec("dst")),
    # select / compare
    "tsel": DpsSignature(
        (_vec("mask"), _vec("src0"), _vec("src1"), _vec("tmp")),
        _vec("dst"),
        optional_ins=1,
    ),
    "tsels": DpsSignature(
        (_vec("mask"), _vec("src"), _vec("tmp"), _scalar("scalar")), _vec("dst")
    ),
    "tcmp": DpsSignature(
        (_vec("src0"), _vec("src1")),
        _vec("dst"),
        attrs_in_ins=True,
        attr_types=(("cmpMode", CmpModeAttr),),
    ),
    "tcmps": DpsSignature(
        (_vec("src"), _scalar("scalar")),
        _vec("dst"),
        attrs_in_ins=True,
        attr_types=(("cmpMode", CmpModeAttr),),
    ),
    # layout
    "ttrans": DpsSignature((_vec("src"), _vec("tmp")), _vec("dst")),
    "treshape": DpsSignature((Slot("src"),), Slot("dst")),
    # a Mat / Acc window to a cube operand, or a Vec window to Vec (the
    # real kernels' row extracts; ptoas v0.48 takes both)
    "textract": DpsSignature(
        (
            Slot("src", "tile", ("mat", "acc", "vec")),
            _scalar("index_row"),
            _scalar("index_col"),
        ),
        Slot("dst"),
    ),
    "tfillpad": DpsSignature((_vec("src"),), _vec("dst")),
    "texpands": DpsSignature((_scalar("scalar"),), _vec("dst")),
    # cube
    "tmatmul": DpsSignature(
        (Slot("lhs", "tile", ("left",)), Slot("rhs", "tile", ("right",))),
        Slot("dst", "tile", ("acc",)),
    ),
    "tmatmul.acc": DpsSignature(
        (
            Slot("acc_in", "tile", ("acc",)),
            Slot("lhs", "tile", ("left",)),
            Slot("rhs", "tile", ("right",)),
        ),
        Slot("dst", "tile", ("acc",)),
    ),
    "tmatmul.bias": DpsSignature(
        (
            Slot("lhs", "tile", ("left",)),
            Slot("rhs", "tile", ("right",)),
            Slot("bias", "tile", ("bias",)),
        ),
        Slot("dst", "tile", ("acc",)),
    ),
}
"""Operand signature of each DPS op, keyed by its short PTO name."""

