"""The Tile dialect against reference/tile-op-memory-traits.md (issue 23):
every op of the table is registered, and the memory traits declared on each
definition are the table's -- operands matched by name, so an index is the
one of our operand list -- except where a seed rule or the dialect's model
says otherwise (:data:`DIFFERENCES`, each with its reason)."""

from __future__ import annotations

import os
import re

import pytest

from xdsl_pto.dialects.tile import TILE_OPS
from xdsl_pto.dialects.tile.traits import (
    Load,
    NoAlias,
    NotInplaceSafe,
    ReadsWrites,
    Reuses,
    TPop,
    ViewOf,
    Workspace,
)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TABLE = os.path.join(os.path.dirname(ROOT), "shared", "reference", "tile-op-memory-traits.md")

#: (op, trait as the table or we write it) -> why ours differs. ``-X``: a
#: trait of the table we do not declare; ``+X``: one we declare it does not
#: list.
DIFFERENCES: dict[tuple[str, str], str] = {
    ("tile.matmul_acc", "-rw(0)"): (
        "declared reuses(0): with init_cond true the old accumulator is not read, and an rw op's "
        "operand name is rebound by the importer, which the peeled K-loop's matmul_acc(c_iter, ..) "
        "must not do"
    ),
    ("tile.rem", "+not_inplace_safe"): (
        "seed 002: on A2/A3 the tmp scratch must not overlap a live source; the result kept apart "
        "from every operand is the conservative form of that rule"
    ),
    ("tile.rems", "+not_inplace_safe"): "as tile.rem (seed 002, A2/A3 tmp rule)",
    ("tile.prelu", "-not_inplace_safe"): (
        "seed 002's target-aware rule: not in place on A2/A3 (no_alias of both tile operands, "
        "NoAliasOn for the rest), A5 may reuse the unused tmp"
    ),
    ("tile.prelu", "+no_alias(0)"): "seed 002 target-aware prelu rule (above)",
    ("tile.prelu", "+no_alias(1)"): "seed 002 target-aware prelu rule (above)",
    ("tile.sels", "+workspace(2)"): "seed 002: A2/A3 TSELS writes tmp (a written workspace; the table's note)",
    ("tile.gather", "+workspace(2)"): "seed 002: gather's tmp is a written workspace (the table's note)",
    ("tile.transpose", "-reuses(0)"): (
        "'inherits operand 0 buffer' is the reference's InitMemRef default; seed 002 / the table's "
        "note: transpose's output always gets a fresh buffer"
    ),
    ("tile.mgather", "-effect(scratch?)"): (
        "our mgather has no scratch operand (tile-op-semantics.md section 6: its kwarg-dependent "
        "scratch is not modelled; the importer refuses it)"
    ),
}


def _rows() -> list[tuple[str, list[str], list[str]]]:
    rows = []
    with open(TABLE, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^\| `(tile\.[a-z0-9_]+)` \|([^|]*)\|([^|]*)\|([^|]*)\|", line)
            if m:
                operands = [o.strip() for o in m.group(2).split(",") if o.strip()]
                traits = [t.strip() for t in m.group(4).split(",") if t.strip()]
                rows.append((m.group(1), operands, traits))
    return rows


ROWS = _rows() if os.path.exists(TABLE) else []
OURS = {op.name: op for op in TILE_OPS}


#: Operands of the table that are GM tensors, not tiles: a trait on one
#: (``store``'s and ``mscatter``'s written output tensor) is no buffer rule.
GM_OPERANDS = {"output_tensor"}


def _table_traits(operands: list[str], traits: list[str], ours: list[str]) -> set[str]:
    """The table's traits in our terms, ``kind(our operand index)``: an
    operand matched by name, else by position when both lists are as long
    (``row_vec`` / ``col_tile`` are our ``rhs``...); ``rw(i)`` and ``w(i)``
    are in place, so they also say ``reuses(i)`` (``w`` is ``reuses`` only);
    "inherits operand 0 buffer" is ``reuses(0)``; traits on GM tensor
    operands are dropped (:data:`GM_OPERANDS`)."""
    out = set()
    for t in traits:
        if t == "inherits operand 0 buffer":
            out.add("reuses(0)")
            continue
        m = re.match(r"(reuses|rw|w|no_alias|workspace|effect)\((\d+)\)", t)
        if not m:
            out.add(t)
            continue
        name = operands[int(m.group(2))]
        if name in GM_OPERANDS:
            continue
        if name in ours:
            index: object = ours.index(name)
        elif len(ours) == len(operands):
            index = int(m.group(2))
        else:
            index = f"{name}?"
        kind = m.group(1)
        if kind in ("rw", "w"):
            out.add(f"reuses({index})")
        if kind != "w":
            out.add(f"{kind}({index})")
    return out


def _declared(cls) -> set[str]:
    out = set()
    for trait in cls.traits:
        if isinstance(trait, ReadsWrites):
            out.add(f"rw({trait.index})")
            out.add(f"reuses({trait.index})")
        elif isinstance(trait, Reuses):
            out.add(f"reuses({trait.index})")
        elif isinstance(trait, NoAlias):
            out.add(f"no_alias({trait.index})")
        elif isinstance(trait, Workspace):
            out.add(f"workspace({trait.index})")
        elif isinstance(trait, ViewOf):
            out.add("view")
        elif isinstance(trait, NotInplaceSafe):
            out.add("not_inplace_safe")
        elif isinstance(trait, Load):
            out.add("load")
        elif isinstance(trait, TPop):
            out.add("tpop")
    return out


@pytest.mark.skipif(not ROWS, reason="../shared/reference is not beside the checkout")
def test_every_table_op_is_registered() -> None:
    assert len(ROWS) >= 138
    assert [op for op, _, _ in ROWS if op not in OURS] == []


@pytest.mark.skipif(not ROWS, reason="../shared/reference is not beside the checkout")
@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
def test_traits_are_the_tables(row) -> None:
    op, operands, traits = row
    cls = OURS[op]
    ours = [name for name, _ in cls.get_irdl_definition().operands]
    want = _table_traits(operands, traits, ours)
    have = _declared(cls)
    missing = {t for t in want - have if (op, f"-{t}") not in DIFFERENCES}
    extra = {t for t in have - want if (op, f"+{t}") not in DIFFERENCES}
    assert (missing, extra) == (set(), set()), f"{op}: table {sorted(want)}, declared {sorted(have)}"


@pytest.mark.skipif(not ROWS, reason="../shared/reference is not beside the checkout")
def test_every_difference_is_still_one() -> None:
    """A listed difference the dialect no longer has must leave the list."""
    stale = []
    for (op, t), _ in DIFFERENCES.items():
        row = next((r for r in ROWS if r[0] == op), None)
        if row is None or op not in OURS:
            stale.append((op, t))
            continue
        ours = [name for name, _ in OURS[op].get_irdl_definition().operands]
        want, have = _table_traits(row[1], row[2], ours), _declared(OURS[op])
        if (t[0] == "-" and (t[1:] in have or t[1:] not in want)) or (t[0] == "+" and (t[1:] in want or t[1:] not in have)):
            stale.append((op, t))
    assert stale == []


def test_readme_op_table_lists_every_op() -> None:
    """The README's "Tile ops" table names every registered op."""
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        text = f.read()
    section = text[text.index("## Tile ops") :]
    table = section[: section.index("\n\n", section.index("| group |"))]
    words = set(re.findall(r"[a-z0-9_]+", " ".join(re.findall(r"`([^`]*)`", table))))
    assert [op.name for op in TILE_OPS if op.name.removeprefix("tile.") not in words] == []
