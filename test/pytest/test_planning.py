"""Unit tests of the memory-planning building blocks: interval interference,
first-fit-decreasing packing, root lifetimes, natural name order, address
alignment and the op-trait queries the passes rely on. Every assertion is an
exact value worked out by hand from the seeds (001/002 MemoryReuse,
34-allocate_memory_addr.md) and reference/tile-op-memory-traits.md."""

from __future__ import annotations

import pytest
from xdsl.context import Context
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation

from xdsl_pto.backends import ALLOC_ALIGN, align_up
from xdsl_pto.dialects.tile.traits import forbidden_alias_operands
from xdsl_pto.tools.session import make_context, parse_module
from xdsl_pto.transforms.footprint import natural_key
from xdsl_pto.transforms.init_memref import InitMemRefPass
from xdsl_pto.transforms.memory_reuse.lifetime import (
    Interval,
    ProgramOrder,
    root_intervals,
)
from xdsl_pto.transforms.memory_reuse.packing import (
    Buffer,
    Root,
    can_share,
    pack,
    pack_subranges,
)


def _ctx() -> Context:
    return make_context()


def _parse(text: str) -> ModuleOp:
    return parse_module(text, "kernel.mlir")


def _init(text: str) -> func.FuncOp:
    """Parse one function and run init-memref on it."""
    module = _parse(text)
    InitMemRefPass().apply(_ctx(), module)
    module.verify()
    fns = [op for op in module.walk() if isinstance(op, func.FuncOp)]
    assert len(fns) == 1
    return fns[0]


def _op(module: ModuleOp, name: str) -> Operation:
    ops = [op for op in module.walk() if op.name == name]
    assert len(ops) == 1, f"expected one {name}, found {len(ops)}"
    return ops[0]


def _names(values) -> list[str | None]:
    return [v.name_hint for v in values]


# ----- Interval.interferes ------------------------------------------------------


class TestInterval:
    def test_touching_does_not_interfere(self):
        # last_use == def: an op reads its inputs before it writes its output.
        assert not Interval(0, 3).interferes(Interval(3, 5))
        assert not Interval(3, 5).interferes(Interval(0, 3))

    def test_overlap_interferes(self):
        assert Interval(0, 4).interferes(Interval(3, 5))
        assert Interval(3, 5).interferes(Interval(0, 4))

    def test_containment_interferes(self):
        assert Interval(0, 10).interferes(Interval(4, 6))
        assert Interval(4, 6).interferes(Interval(0, 10))
        # A dead value defined strictly inside another's live range.
        assert Interval(1, 3).interferes(Interval(2, 2))

    def test_disjoint(self):
        assert not Interval(0, 1).interferes(Interval(2, 3))
        assert not Interval(2, 3).interferes(Interval(0, 1))

    def test_identical_ranges_interfere(self):
        assert Interval(2, 5).interferes(Interval(2, 5))

    def test_dead_value_at_last_use(self):
        # A value never used (lo == hi) defined by the op that last reads
        # another value touches it.
        assert not Interval(1, 4).interferes(Interval(4, 4))

    def test_hull(self):
        assert Interval(3, 5).hull(Interval(1, 4)) == Interval(1, 5)
        assert Interval(1, 2).hull(Interval(7, 9)) == Interval(1, 9)


# ----- pack ---------------------------------------------------------------------


def _members(buffers: list[Buffer]) -> list[list[str]]:
    return [[m.name for m in b.members] for b in buffers]


class TestPack:
    def test_later_larger_hosts_earlier_smaller(self):
        small = Root("small", "vec", 4096, Interval(0, 2))
        big = Root("big", "vec", 16384, Interval(3, 5))
        buffers = pack([small, big], set())
        assert _members(buffers) == [["big", "small"]]
        assert buffers[0].representative == big
        assert buffers[0].representative.size == 16384

    def test_buffer_size_is_largest_member(self):
        roots = [
            Root("a", "vec", 4096, Interval(0, 1)),
            Root("b", "vec", 8192, Interval(2, 3)),
            Root("c", "vec", 1024, Interval(4, 5)),
        ]
        buffers = pack(roots, set())
        assert _members(buffers) == [["b", "a", "c"]]
        assert buffers[0].representative.size == 8192

    def test_overlapping_roots_stay_apart(self):
        a = Root("a", "vec", 4096, Interval(0, 3))
        b = Root("b", "vec", 4096, Interval(1, 4))
        assert _members(pack([a, b], set())) == [["a"], ["b"]]

    def test_touching_roots_share(self):
        a = Root("a", "vec", 4096, Interval(0, 3))
        b = Root("b", "vec", 4096, Interval(3, 4))
        assert _members(pack([a, b], set())) == [["a", "b"]]

    def test_forbidden_pair_blocks_sharing(self):
        a = Root("a", "vec", 4096, Interval(0, 3))
        b = Root("b", "vec", 4096, Interval(3, 4))
        assert _members(pack([a, b], {frozenset(("a", "b"))})) == [["a"], ["b"]]

    def test_forbidden_pair_is_symmetric(self):
        a = Root("a", "vec", 4096, Interval(0, 3))
        b = Root("b", "vec", 4096, Interval(3, 4))
        assert not can_share(a, b, {frozenset(("b", "a"))})
        assert not can_share(b, a, {frozenset(("a", "b"))})
        assert can_share(a, b, set()) and can_share(b, a, set())

    def test_forbidden_pair_with_any_member_blocks_the_buffer(self):
        # c is disjoint from both members of big's buffer, but may not share
        # with a, which is one of them: it opens its own buffer.
        big = Root("big", "vec", 16384, Interval(0, 2))
        a = Root("a", "vec", 4096, Interval(2, 4))
        c = Root("c", "vec", 4096, Interval(4, 6))
        buffers = pack([big, a, c], {frozenset(("a", "c"))})
        assert _members(buffers) == [["big", "a"], ["c"]]

    def test_memory_spaces_never_share(self):
        v = Root("v", "vec", 4096, Interval(0, 1))
        m = Root("m", "mat", 4096, Interval(2, 3))
        assert not can_share(v, m, set())
        assert _members(pack([v, m], set())) == [["v"], ["m"]]

    def test_space_separation_with_a_larger_other_space_root(self):
        # The largest root is in mat; the two vec roots share with each other,
        # not with it.
        m = Root("m", "mat", 65536, Interval(0, 1))
        v1 = Root("v1", "vec", 4096, Interval(2, 3))
        v2 = Root("v2", "vec", 4096, Interval(4, 5))
        assert _members(pack([v1, v2, m], set())) == [["m"], ["v1", "v2"]]

    def test_ties_by_first_definition_then_name(self):
        # Equal sizes: the earlier-defined root is packed first and becomes
        # the representative, whatever the input order and names.
        late = Root("a_late", "vec", 4096, Interval(5, 6))
        early = Root("z_early", "vec", 4096, Interval(0, 1))
        assert _members(pack([late, early], set())) == [["z_early", "a_late"]]
        # Same size and definition point: name order.
        x = Root("x", "vec", 4096, Interval(0, 0))
        w = Root("w", "vec", 4096, Interval(0, 0))
        assert [b.representative.name for b in pack([x, w], set())][0] == "w"

    def test_first_fit_takes_first_buffer_in_opening_order(self):
        q = Root("q", "vec", 16384, Interval(1, 3))
        p = Root("p", "vec", 4096, Interval(0, 2))
        r = Root("r", "vec", 4096, Interval(4, 5))
        buffers = pack([p, q, r], set())
        assert _members(buffers) == [["q", "r"], ["p"]]

    def test_seed_example_a(self):
        # Seed example (a) with tile_a read after tile_b's definition:
        # tile_c joins tile_a, tile_b stays alone.
        a = Root("mem_vec_0", "vec", 16384, Interval(0, 2))
        b = Root("mem_vec_1", "vec", 16384, Interval(1, 5))
        c = Root("mem_vec_2", "vec", 16384, Interval(3, 6))
        assert _members(pack([a, b, c], set())) == [["mem_vec_0", "mem_vec_2"], ["mem_vec_1"]]

    def test_empty(self):
        assert pack([], set()) == []


# ----- root_intervals -------------------------------------------------------------


STRAIGHT = """
func.func @f(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %y = tile.exp %x : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
  %v = tile.reshape %y : (!tile.tile<32x32xf32, vec>) -> !tile.tile<16x64xf32, vec>
  %z = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  tile.store %z, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  %w = tile.reshape %v : (!tile.tile<16x64xf32, vec>) -> !tile.tile<32x32xf32, vec>
  tile.store %w, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}
"""


LOOP = """
func.func @g(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  scf.for %i = %c0 to %c4 step %c1 {
    %y = tile.exp %x : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
    tile.store %y, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  }
  %after = tile.load %in[%c0, %c0] : memref<32x32xf32> -> !tile.tile<32x32xf32, vec>
  tile.store %after, %out[%c0, %c0] : !tile.tile<32x32xf32, vec>, memref<32x32xf32>
  func.return
}
"""


class TestRootIntervals:
    def test_straight_line_with_views(self):
        # After init-memref the body is numbered:
        #  0-2 tile.alloc x3, 3 %c0, 4 %x, 5 %y, 6 %v, 7 %z, 8 store %z,
        #  9 %w, 10 store %w, 11 func.return.
        # @mem_vec_1 holds %y and its views %v, %w: hull [5, 10].
        fn = _init(STRAIGHT)
        assert root_intervals(fn) == {
            "mem_vec_0": Interval(4, 5),
            "mem_vec_1": Interval(5, 10),
            "mem_vec_2": Interval(7, 8),
        }

    def test_program_order_numbers_region_ends(self):
        # A region op takes a start index and, after its body, an end index.
        fn = _init(LOOP)
        order = ProgramOrder.of(fn)
        loop = next(op for op in fn.walk() if isinstance(op, scf.ForOp))
        # 0-2 allocs, 3-5 constants, 6 %x, 7 scf.for, 8 %y, 9 store, 10 yield,
        # 11 end of the loop, 12 %after, ...
        assert (order.start[loop], order.end[loop]) == (7, 11)

    def test_value_read_in_loop_lives_to_loop_end(self):
        # %x is last read at index 8 (%y), but inside the loop: it lives to
        # the loop's end (11). %y is local to one iteration; %after starts
        # after the loop.
        fn = _init(LOOP)
        assert root_intervals(fn) == {
            "mem_vec_0": Interval(6, 11),
            "mem_vec_1": Interval(8, 9),
            "mem_vec_2": Interval(12, 13),
        }


# ----- natural_key / align_up -----------------------------------------------------


class TestNaturalKey:
    def test_numbers_compare_numerically(self):
        names = ["mem_vec_10", "mem_vec_2", "mem_vec_9", "mem_vec_1"]
        assert sorted(names, key=natural_key) == ["mem_vec_1", "mem_vec_2", "mem_vec_9", "mem_vec_10"]
        # (plain string order would be different)
        assert sorted(names) == ["mem_vec_1", "mem_vec_10", "mem_vec_2", "mem_vec_9"]

    def test_text_parts_compare_as_text(self):
        names = ["mem_vec_3", "mem_acc_12", "mem_mat_0"]
        assert sorted(names, key=natural_key) == ["mem_acc_12", "mem_mat_0", "mem_vec_3"]

    def test_key_value(self):
        assert natural_key("mem_vec_10") == ["mem_vec_", 10, ""]
        assert natural_key("buf") == ["buf"]


class TestAlignUp:
    def test_default_alignment_is_32(self):
        assert ALLOC_ALIGN == 32

    @pytest.mark.parametrize(
        ("n", "expected"),
        [(0, 0), (1, 32), (31, 32), (32, 32), (33, 64), (100, 128), (256, 256), (356, 384), (16768, 16768)],
    )
    def test_align_32(self, n: int, expected: int):
        assert align_up(n) == expected

    def test_other_alignment(self):
        assert align_up(100, 64) == 128
        assert align_up(128, 128) == 128
        assert align_up(129, 128) == 256


# ----- traits: forbidden_alias_operands ----------------------------------------------


TRAITS = """
func.func @t(%f: memref<64x128xf32>, %v: memref<64x1xf32>, %m: memref<64x128xi8>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %f[%c0, %c0] : memref<64x128xf32> -> !tile.tile<64x128xf32, vec>
  %y = tile.load %f[%c0, %c0] : memref<64x128xf32> -> !tile.tile<64x128xf32, vec>
  %tmp = tile.create : !tile.tile<64x128xf32, vec>
  %row = tile.load %v[%c0, %c0] : memref<64x1xf32> -> !tile.tile<64x1xf32, vec>
  %mask = tile.load %m[%c0, %c0] : memref<64x128xi8> -> !tile.tile<64x128xi8, vec>
  %r = tile.recip %x : (!tile.tile<64x128xf32, vec>) -> !tile.tile<64x128xf32, vec>
  %q = tile.rsqrt %x, %tmp : (!tile.tile<64x128xf32, vec>, !tile.tile<64x128xf32, vec>) -> !tile.tile<64x128xf32, vec>
  %s = tile.row_expand_sub %x, %row : (!tile.tile<64x128xf32, vec>, !tile.tile<64x1xf32, vec>) -> !tile.tile<64x128xf32, vec>
  %sel = tile.sel %mask, %x, %y, %tmp : (!tile.tile<64x128xi8, vec>, !tile.tile<64x128xf32, vec>, !tile.tile<64x128xf32, vec>, !tile.tile<64x128xf32, vec>) -> !tile.tile<64x128xf32, vec>
  %sum = tile.row_sum %x, %tmp : (!tile.tile<64x128xf32, vec>, !tile.tile<64x128xf32, vec>) -> !tile.tile<64x1xf32, vec>
  %mv = tile.move %x : (!tile.tile<64x128xf32, vec>) -> !tile.tile<64x128xf32, vec>
  %a = tile.add %x, %y : (!tile.tile<64x128xf32, vec>, !tile.tile<64x128xf32, vec>) -> !tile.tile<64x128xf32, vec>
  %sl = tile.slice %x, %c0, %c0 : (!tile.tile<64x128xf32, vec>, index, index) -> !tile.tile<32x128xf32, vec>
  func.return
}
"""


ROW_EXPAND_ADD = """
func.func @t(%f: memref<64x128xf32>, %v: memref<64x1xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %f[%c0, %c0] : memref<64x128xf32> -> !tile.tile<64x128xf32, vec>
  %tmp = tile.create : !tile.tile<64x128xf32, vec>
  %row = tile.load %v[%c0, %c0] : memref<64x1xf32> -> !tile.tile<64x1xf32, vec>
  %e = tile.row_expand_add %x, %row, %tmp : (!tile.tile<64x128xf32, vec>, !tile.tile<64x1xf32, vec>, !tile.tile<64x128xf32, vec>) -> !tile.tile<64x128xf32, vec>
  func.return
}
"""


@pytest.fixture(scope="module")
def module() -> ModuleOp:
    return _parse(TRAITS)


class TestForbiddenAliasOperands:
    def test_recip_forbids_its_input(self, module: ModuleOp):
        assert _names(forbidden_alias_operands(_op(module, "tile.recip"))) == ["x"]

    def test_rsqrt_forbids_input_and_tmp(self, module: ModuleOp):
        assert _names(forbidden_alias_operands(_op(module, "tile.rsqrt"))) == ["x", "tmp"]

    def test_row_expand_sub_forbids_only_the_row_vector(self, module: ModuleOp):
        assert _names(forbidden_alias_operands(_op(module, "tile.row_expand_sub"))) == ["row"]

    def test_row_expand_add_forbids_row_vector_and_tmp(self):
        m = _parse(ROW_EXPAND_ADD)
        assert _names(forbidden_alias_operands(_op(m, "tile.row_expand_add"))) == ["row", "tmp"]

    def test_row_expand_add_without_tmp_forbids_the_row_vector(self):
        m = _parse(ROW_EXPAND_ADD.replace(
            "%e = tile.row_expand_add %x, %row, %tmp : (!tile.tile<64x128xf32, vec>, "
            "!tile.tile<64x1xf32, vec>, !tile.tile<64x128xf32, vec>)",
            "%e = tile.row_expand_add %x, %row : (!tile.tile<64x128xf32, vec>, "
            "!tile.tile<64x1xf32, vec>)",
        ))
        assert _names(forbidden_alias_operands(_op(m, "tile.row_expand_add"))) == ["row"]

    def test_sel_forbids_mask_and_tmp(self, module: ModuleOp):
        assert _names(forbidden_alias_operands(_op(module, "tile.sel"))) == ["mask", "tmp"]

    def test_row_sum_forbids_every_tile_operand(self, module: ModuleOp):
        assert _names(forbidden_alias_operands(_op(module, "tile.row_sum"))) == ["x", "tmp"]

    def test_move_is_never_in_place(self, module: ModuleOp):
        assert _names(forbidden_alias_operands(_op(module, "tile.move"))) == ["x"]

    def test_add_and_views_forbid_nothing(self, module: ModuleOp):
        assert forbidden_alias_operands(_op(module, "tile.add")) == []
        assert forbidden_alias_operands(_op(module, "tile.slice")) == []


# ----- subrange fallback (seed 001/002 step 3, "Capacity-overflow subrange fallback") ---

KIB = 1024


def test_subranges_fill_a_dead_arena_lowest_gap_first() -> None:
    big = Root("big", "vec", 64 * KIB, Interval(0, 1))
    b = Root("b", "vec", 32 * KIB, Interval(2, 5))
    c = Root("c", "vec", 32 * KIB, Interval(3, 5))
    (arena,) = pack_subranges([c, b, big], set())
    assert [m.name for m in arena.members] == ["big", "b", "c"]
    assert [arena.offset(m) for m in arena.members] == [0, 0, 32 * KIB]


def test_subranges_never_grow_an_arena() -> None:
    # Two 32 KiB roots live together and no 64 KiB arena: two arenas, as in
    # whole-buffer packing (the seed: "two 32 KiB arenas do not become a new
    # 64 KiB arena").
    b = Root("b", "vec", 32 * KIB, Interval(2, 5))
    c = Root("c", "vec", 32 * KIB, Interval(3, 5))
    buffers = pack_subranges([b, c], set())
    assert [[m.name for m in x.members] for x in buffers] == [["b"], ["c"]]


def test_subrange_starts_are_aligned_and_no_alias_pairs_block() -> None:
    big = Root("big", "vec", 4096, Interval(0, 1))
    odd = Root("odd", "vec", 100, Interval(2, 5))
    late = Root("late", "vec", 1000, Interval(3, 5))
    forbidden = {frozenset(("big", "late"))}  # may not share bytes with big at all
    (arena, own) = pack_subranges([big, odd, late], forbidden)
    assert [arena.offset(m) for m in arena.members] == [0, 0]
    assert [m.name for m in own.members] == ["late"]
    # Larger first: %later takes [0, 1000); %odd, live with it, starts at the
    # next 32-byte boundary past it.
    later = Root("later", "vec", 1000, Interval(3, 5))
    (arena,) = pack_subranges([big, odd, later], set())
    assert arena.offsets == {"later": 0, "odd": 1024}
