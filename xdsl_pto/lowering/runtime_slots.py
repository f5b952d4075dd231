"""Baked addresses of runtime slots (``slot = iv``) under the planners that
bake addresses (``pypto``, ``dsa_rp``).

A tile bound to ``alloc = <@buf, slots = F, slot = iv>`` sits in slot
``iv mod F`` of its declaration, ``iv`` the induction variable of the
innermost ``scf.for`` around its producer. Its address is therefore not a
constant: it is the root's baked base plus the tile's offset within the
slot, plus ``(iv mod F) * slot_bytes`` (issue 26: the reference compiles
such a binding under its default planner, computing each use's address from
the baked base). The lowering computes it at the top of that loop's body::

    %s    = arith.remsi %i, %cF_index : index          // iv mod F (iv >= 0)
    %s64  = arith.index_cast %s : index to i64
    %off  = arith.muli %s64, %cSLOT_i64 : i64
    %addr = arith.addi %cBASE_i64, %off : i64
    %x    = pto.alloc_tile addr = %addr : !pto.tile_buf<...>

which ptoas v0.48 accepts at ``--pto-level=level3`` (it becomes
``TASSIGN(tile, base + (iv % F) * slot)``). A loop whose start is not a
constant 0 or more may run a negative ``iv``, whose ``arith.remsi`` is
negative: there the slot is the floor remainder,
``arith.remsi(arith.addi(arith.remsi(iv, F), F), F)``, as the planner and
the interpreter count it (Python's ``iv % F``). An ``i32`` counter is cast to
``index`` first. One address per (loop, base, slot bytes, F) and one
``pto.alloc_tile`` per (address, tile_buf type), shared by every tile of that
loop on that window (an in-place update, a view at the slot's start).

``verify-memory-plan``'s PTO check (:mod:`xdsl_pto.verify.pto_buffers`)
recognises exactly this form and checks each of the ``F`` addresses.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IndexType, IntegerType
from xdsl.ir import Operation, SSAValue

from xdsl_pto.backends import ALLOC_ALIGN
from xdsl_pto.diagnostics import PassError
from xdsl_pto.dialects.pto.ops import AllocTileOp
from xdsl_pto.dialects.pto.types import TileBufType
from xdsl_pto.dialects.tile.data_ops import AllocOp
from xdsl_pto.dialects.tile.types import MemRefAttr
from xdsl_pto.dialects.tile.view_ops import constant_index
from xdsl_pto.dialects.tile.windows import physical_delta
from xdsl_pto.transforms.common import enclosing_for, value_anchor, value_name


@dataclass
class RuntimeSlotAddresses:
    """The runtime-slot handles of one function being lowered.

    Attributes:
        const: makes a deduplicated prologue constant, ``const(value, kind)``
            with ``kind`` "index" or "i64" (the lowering's).
        pass_name: prefixes errors.
    """

    const: object
    pass_name: str
    _slot_i64: dict[tuple[scf.ForOp, int], SSAValue] = field(default_factory=dict)
    _off: dict[tuple[scf.ForOp, int, int], SSAValue] = field(default_factory=dict)
    _addr: dict[tuple[scf.ForOp, int, int, int], SSAValue] = field(default_factory=dict)
    _handle: dict[tuple[scf.ForOp, int, int, int, TileBufType], SSAValue] = field(default_factory=dict)
    _anchor: dict[scf.ForOp, Operation] = field(default_factory=dict)

    def handle(self, v: SSAValue, m: MemRefAttr, root: AllocOp, buf: TileBufType) -> SSAValue:
        """The ``pto.alloc_tile`` of tile ``v`` (on a runtime slot of
        ``root``, ``m`` its MemRef, ``buf`` its tile_buf type), made at the
        top of the loop that selects its slot on first request.

        Raises:
            PassError: when the slot's base or the slot size is not 32-byte
                aligned (an unaligned view).
        """
        op = v.owner
        assert isinstance(op, Operation)
        loop = enclosing_for(op)
        assert loop is not None  # init-memref refuses a runtime slot outside a loop
        assert root.addr is not None
        base = root.addr.data + m.offset.data + physical_delta(v)
        slot_bytes = root.slot_size
        if base % ALLOC_ALIGN or slot_bytes % ALLOC_ALIGN:
            raise PassError(
                f"{self.pass_name}: {value_name(v)} is on a runtime slot of @{m.root_name} at byte "
                f"{base} of its space (slots of {slot_bytes} bytes), not on a {ALLOC_ALIGN}-byte "
                "boundary; PTO tiles start 32-byte aligned, so unaligned views are not supported",
                value_anchor(v),
            )
        count = root.slot_count
        hkey = (loop, base, slot_bytes, count, buf)
        known = self._handle.get(hkey)
        if known is not None:
            return known
        addr = self._address(loop, base, slot_bytes, count)
        alloc = AllocTileOp(buf, addr=addr)
        if v.name_hint:
            alloc.result.name_hint = v.name_hint
        self._place(loop, alloc)
        self._handle[hkey] = alloc.result
        return alloc.result

    def _address(self, loop: scf.ForOp, base: int, slot_bytes: int, count: int) -> SSAValue:
        """``base + (iv mod count) * slot_bytes`` as an ``i64``, computed once
        per loop at the top of its body."""
        akey = (loop, base, slot_bytes, count)
        known = self._addr.get(akey)
        if known is not None:
            return known
        okey = (loop, count, slot_bytes)
        off = self._off.get(okey)
        if off is None:
            mul = arith.MuliOp(self._slot(loop, count), self.const(slot_bytes, "i64"))  # type: ignore[operator]
            self._place(loop, mul)
            mul.result.name_hint = "slot_off"
            off = self._off[okey] = mul.result
        addr = arith.AddiOp(self.const(base, "i64"), off)  # type: ignore[operator]
        self._place(loop, addr)
        addr.result.name_hint = "slot_addr"
        self._addr[akey] = addr.result
        return addr.result

    def _slot(self, loop: scf.ForOp, count: int) -> SSAValue:
        """``iv mod count`` as an ``i64`` (the floor remainder when ``iv``
        may be negative), computed once per loop and slot count."""
        skey = (loop, count)
        known = self._slot_i64.get(skey)
        if known is not None:
            return known
        n = self.const(count, "index")  # type: ignore[operator]
        iv: SSAValue = loop.body.block.args[0]
        if not isinstance(iv.type, IndexType):
            cast = arith.IndexCastOp(iv, IndexType())
            self._place(loop, cast)
            iv = cast.result
        rem = arith.RemSIOp(iv, n)
        self._place(loop, rem)
        start = constant_index(loop.lb)
        if start is None or start < 0:  # a negative iv: the floor remainder
            up = arith.AddiOp(rem.result, n)
            rem = arith.RemSIOp(up.result, n)
            self._place(loop, up)
            self._place(loop, rem)
        rem.result.name_hint = "slot"
        wide = arith.IndexCastOp(rem.result, IntegerType(64))
        self._place(loop, wide)
        wide.result.name_hint = "slot_i64"
        self._slot_i64[skey] = wide.result
        return wide.result

    def _place(self, loop: scf.ForOp, new: Operation) -> None:
        """Insert ``new`` at the top of ``loop``'s body, after what was
        inserted there before (before the body's first original op)."""
        block = loop.body.block
        anchor = self._anchor.get(loop)
        if anchor is None:
            anchor = block.first_op
            assert anchor is not None  # a body has at least its yield
            self._anchor[loop] = anchor
        block.insert_op_before(new, anchor)


__all__ = ["RuntimeSlotAddresses"]
