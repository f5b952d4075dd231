"""Our fixes to xDSL's parser (:mod:`xdsl_pto.xdsl_patches`, issue 25) accept
exactly what xDSL accepted, except what they exist to refuse."""

from __future__ import annotations

import itertools
import random
import re

import pytest
from xdsl.utils.exceptions import ParseError, VerifyException

from xdsl_pto.tools.session import parse_module
from xdsl_pto.xdsl_patches import MAX_REGION_NESTING, STRING_LITERAL

#: xDSL 0.75.0's own string-literal pattern (exponential on a missing quote).
XDSL_STRING_LITERAL = re.compile(r'"(?:[^"\\\n\v\f]+|\\(?:["nt\\]|[0-9A-Fa-f]{2}))*"')


def _spans(pattern: re.Pattern[str], text: str) -> tuple[int, int] | None:
    m = pattern.match(text)
    return None if m is None else m.span()


def test_string_literal_matches_what_xdsl_matched():
    """Every string over an alphabet of quotes, escapes, hex digits and line
    breaks up to 5 characters, and 20000 random longer ones: the same match."""
    alphabet = ['"', "\\", "n", "t", "a", "F", "0", "\n", "\f", "é"]
    for n in range(6):
        for chars in itertools.product(alphabet, repeat=n):
            text = '"' + "".join(chars)
            assert _spans(STRING_LITERAL, text) == _spans(XDSL_STRING_LITERAL, text), text
    rng = random.Random(0)
    for _ in range(20000):
        text = '"' + "".join(rng.choice(alphabet + ["b"] * 6) for _ in range(rng.randrange(8, 18)))
        if '"' not in text[1:] and "\n" not in text:
            continue  # unterminated: the old pattern would take exponential time
        assert _spans(STRING_LITERAL, text) == _spans(XDSL_STRING_LITERAL, text), text


def _constant(value: int) -> str:
    return f"func.func @k() {{\n  %c = arith.constant {value} : index\n  func.return\n}}\n"


@pytest.mark.parametrize("value", [-(2**63), 2**64 - 1, 0, 42])
def test_index_constant_in_range(value: int):
    parse_module(_constant(value), "k.mlir")


@pytest.mark.parametrize("value", [-(2**63) - 1, 2**64, 99999999999999999999999])
def test_index_constant_out_of_range(value: int):
    with pytest.raises(ParseError) as err:
        parse_module(_constant(value), "k.mlir")
    assert err.value.msg == (
        f"Integer value {value} is out of range for type index which supports values in "
        "the range [-9223372036854775808, 18446744073709551616)"
    )


def _nested(loops: int, module: bool) -> str:
    body = "".join(f"scf.for %i{i} = %c0 to %c1 step %c1 {{\n" for i in range(loops))
    text = (
        "func.func @k() {\n%c0 = arith.constant 0 : index\n%c1 = arith.constant 1 : index\n"
        + body
        + "}\n" * loops
        + "func.return\n}\n"
    )
    return f"builtin.module {{\n{text}}}\n" if module else text


@pytest.mark.parametrize("module", [False, True])
def test_region_nesting_limit(module: bool):
    """A function body is one level, each loop one more; a module's own
    region does not count, so printing and re-reading a module never moves
    it past the limit."""
    parse_module(_nested(MAX_REGION_NESTING - 1, module), "k.mlir")
    with pytest.raises(ParseError) as err:
        parse_module(_nested(MAX_REGION_NESTING, module), "k.mlir")
    assert err.value.msg == "regions nest more than 64 deep here; at most 64 levels of nesting are supported"


def test_xdsl_ops_get_their_location():
    """An op of xDSL's dialects records where its name is (the results
    before it skipped), so its verifier errors are located."""
    module = parse_module("func.func @k() {\n  %a = arith.constant 1 : i32\n  func.return\n}\n", "k.mlir")
    fn = next(iter(module.body.block.ops))
    const = next(iter(fn.body.block.ops))
    loc = const.location
    assert (loc.filename.data, loc.line.data, loc.column.data) == ("k.mlir", 2, 8)  # type: ignore[attr-defined]


def test_verify_error_is_one_located_line():
    from xdsl_pto.diagnostics import format_error

    text = (
        "func.func @k() {\n  %x = arith.constant 1 : i32\n"
        '  %y = "arith.addf"(%x, %x) : (i32, i32) -> i32\n  func.return\n}\n'
    )
    with pytest.raises(VerifyException) as err:
        parse_module(text, "k.mlir")
    assert format_error(err.value) == (
        "k.mlir:3:9: error: operand 'lhs' at position 0 does not verify: Unexpected attribute i32"
    )


def test_region_names_are_scoped():
    """The parser's SSA names with an undo log instead of a copy per region
    (quadratic at 50k ops): a name defined in a region is gone after it,
    sibling regions may reuse a name, and outer names stay visible."""
    ok = (
        "func.func @k(%a: index) {\n"
        "  %c1 = arith.constant 1 : index\n"
        "  scf.for %i = %a to %a step %c1 {\n    %x = arith.addi %i, %c1 : index\n  }\n"
        "  scf.for %i = %a to %a step %c1 {\n    %x = arith.addi %i, %a : index\n  }\n"
        "  %x = arith.addi %a, %c1 : index\n"
        "  func.return\n}\n"
    )
    module = parse_module(ok, "k.mlir")
    fn = next(iter(module.body.block.ops))
    loops = [op for op in fn.body.block.ops if op.name == "scf.for"]
    assert [next(iter(loop.body.block.ops)).operands[1].name_hint for loop in loops] == ["c1", "a"]
    leak = (
        "func.func @k(%a: index) {\n"
        "  %c1 = arith.constant 1 : index\n"
        "  scf.for %i = %a to %a step %c1 {\n    %y = arith.addi %i, %c1 : index\n  }\n"
        "  %z = arith.addi %y, %c1 : index\n"
        "  func.return\n}\n"
    )
    with pytest.raises(ParseError) as err:
        parse_module(leak, "k.mlir")
    assert err.value.msg == "values used but not defined: [%y]"
