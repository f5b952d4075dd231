"""The PYPTO allocator's layout of one memory space, shared by MemoryReuse
(to tell whether a packing fits) and AllocateMemoryAddr (to place it), so the
two can never disagree (pypto-docs/34-allocate_memory_addr.md, "Sequential
PYPTO policy"; seed 001/002, "exact allocator footprint").
"""

from __future__ import annotations

import re

from xdsl_pto.backends import align_up


def natural_key(name: str) -> list[object]:
    """Sort key that orders embedded numbers numerically (``mem_vec_2``
    before ``mem_vec_10``)."""
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", name)]


def layout(roots: dict[str, int]) -> tuple[dict[str, int], int]:
    """Addresses of the roots of one memory space and its footprint.

    Args:
        roots: root name -> size in bytes.

    Returns:
        (address of each root, high-water mark), both in bytes: roots in
        natural name order, each start aligned to 32 bytes, the next root
        starting after the previous one ends.
    """
    addrs: dict[str, int] = {}
    cur = 0
    for name in sorted(roots, key=natural_key):
        addrs[name] = align_up(cur)
        cur = addrs[name] + roots[name]
    return addrs, cur
