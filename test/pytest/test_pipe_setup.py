"""The pipe setup ops' Python API (the interface the pypto importer uses)
and their interpreter semantics."""

import subprocess
import sys
from pathlib import Path

from xdsl.dialects.builtin import IndexType, i32

from xdsl_pto.dialects.tile.pipe_setup_ops import (
    AicInitializePipeOp,
    GetSubblockIdxOp,
    ImportPeerBufferOp,
    ReserveBufferOp,
)
from xdsl_pto.dialects.tile.types import MemorySpace


def test_python_api_builds_verified_ops():
    r = ReserveBufferOp("v2c", 4096, MemorySpace.MAT)
    assert r.result.type == i32 and r.base_addr is None and r.size_bytes == 4096
    r.verify()
    fixed = ReserveBufferOp("v2c", 4096, "mat", base=64)
    assert fixed.base_addr == 64
    imp = ImportPeerBufferOp("c2v", "kernel_aiv")
    assert imp.peer == "kernel_aiv" and imp.result.type == i32
    init = AicInitializePipeOp(imp.result, r.result, dir_mask=3, slot_size=1024, slot_num=2)
    init.verify()
    assert init.values() == {"dir_mask": 3, "slot_size": 1024, "slot_num": 2}
    assert GetSubblockIdxOp().result.type == IndexType()


def test_run_gives_setup_ops_no_effect(tmp_path):
    src = tmp_path / "k.mlir"
    src.write_text(
        """
func.func @k(%a: memref<16x16xf32>, %out: memref<16x16xf32> {tile.out}) attributes {tile.function_kind = "aiv"} {
  %c0 = arith.constant 0 : index
  %sub = tile.get_subblock_idx : index
  %r = tile.reserve_buffer "c2v" size 4096 in vec
  %i = tile.import_peer_buffer "v2c" from @other
  tile.aiv_initialize_pipe %r, %i {dir_mask = 3 : i64, slot_size = 1024 : i64}
  %t = tile.load %a[%sub, %c0] : memref<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %e = tile.exp %t : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  tile.store %e, %out[%c0, %c0] : !tile.tile<16x16xf32, vec>, memref<16x16xf32>
  func.return
}
"""
    )
    xdsl_pto = str(Path(sys.executable).with_name("xdsl-pto"))
    out = subprocess.run([xdsl_pto, "run", str(src)], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == f"{src}: logical and physical runs agree (seed 0)"
