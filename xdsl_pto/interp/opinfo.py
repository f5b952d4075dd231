"""Static facts about one op that its semantics and both run modes need,
computed once per op and cached by the runner."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import IRDLOperation, VariadicDef

from xdsl_pto.dialects.tile.traits import ViewOf, Workspace, forbidden_alias_operands
from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.interp.dtypes import numpy_dtype
from xdsl_pto.interp.layout import storage_of

# Operands named like this in an op's IRDL definition are scratch: the op
# never reads their contents (README: "tmp operands are scratch").
SCRATCH_NAMES = frozenset({"tmp"})


@dataclass(frozen=True)
class TileSpec:
    """A tile's logical shape, dtype and memory order (``col_major``: the
    order its bytes are in, which a reshape reinterprets), its static valid
    shape (``valid``; the shape when the type gives none) and its ``pad``
    field (0 none, 1 zero, 2 max, 3 min)."""

    shape: tuple[int, ...]
    dtype: np.dtype
    col_major: bool
    valid: tuple[int, ...] = ()
    pad: int = 0


def tile_spec(value: SSAValue) -> TileSpec | None:
    """The :class:`TileSpec` of a tile value, None for any other value."""
    t = value.type
    if not isinstance(t, TileType):
        return None
    return TileSpec(
        t.get_shape(), numpy_dtype(t.element_type), storage_of(value).col_major, t.get_valid_shape(), t.pad.data
    )


@dataclass(frozen=True)
class OpMeta:
    """Per-op facts.

    Attributes:
        op: the op.
        operands: a TileSpec per tile operand, None for other operands.
        result: the TileSpec of the tile result, None when there is none.
        attrs: string attributes the semantics read (``mode``, ``cmp_mode``,
            a store's ``atomic``).
        scratch: operand indices whose contents the op never reads (``tmp``).
        workspace: operand indices the op writes as scratch (``Workspace``).
        forbidden: operand indices the result must not share bytes with on
            the run's target (``NotInplaceSafe``, ``NoAlias(i)``, the
            target-aware ``NoAliasOn`` and ``CastNoAlias``).
        is_view: the result is a view of operand 0 (no data moves).
    """

    op: Operation
    operands: tuple[TileSpec | None, ...]
    result: TileSpec | None
    attrs: dict[str, str]
    scratch: frozenset[int]
    workspace: tuple[int, ...]
    forbidden: frozenset[int]
    is_view: bool


def operand_names(op: Operation) -> list[str]:
    """The IRDL operand name of each of ``op``'s operands (positional; one
    optional or variadic definition takes what the fixed ones leave)."""
    if not isinstance(op, IRDLOperation):
        return [""] * len(op.operands)
    defs = type(op).get_irdl_definition().operands
    fixed = sum(not isinstance(d, VariadicDef) for _, d in defs)
    names: list[str] = []
    for name, d in defs:
        count = len(op.operands) - fixed if isinstance(d, VariadicDef) else 1
        names.extend([name] * count)
    return names[: len(op.operands)]


def op_meta(op: Operation, target: str | None = None) -> OpMeta:
    """Compute the :class:`OpMeta` of ``op`` for ``target`` (``a2``, ``a3``,
    ``a5``; None = unknown, every target's no-alias rule binds)."""
    names = operand_names(op)
    attrs = {}
    for key in ("mode", "cmp_mode", "atomic"):
        a = op.attributes.get(key)
        if a is not None and hasattr(a, "data"):
            attrs[key] = a.data
    result = next((tile_spec(r) for r in op.results if isinstance(r.type, TileType)), None)
    return OpMeta(
        op=op,
        operands=tuple(tile_spec(v) for v in op.operands),
        result=result,
        attrs=attrs,
        scratch=frozenset(i for i, n in enumerate(names) if n in SCRATCH_NAMES),
        workspace=tuple(sorted({t.index for t in op.get_traits_of_type(Workspace)})),
        forbidden=frozenset(
            i for i, v in enumerate(op.operands) if any(v is f for f in forbidden_alias_operands(op, target))
        ),
        is_view=op.has_trait(ViewOf),
    )
