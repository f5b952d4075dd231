// RUN: not xdsl-opt --split-input-file %s 2>&1 | filecheck %s

// With --split-input-file the line is the line in this file, not in the chunk.
// CHECK: {{^}}{{.*}}split-input-lines.mlir:16:8: error: 'tile.add' op shape mismatch: lhs [4, 64] vs rhs [4, 32]{{$}}
func.func @a() {
  %x = tile.create : !tile.tile<4x64xf32, vec>
  func.return
}

// -----

func.func @b() {
  %c0 = arith.constant 0 : index
  %x = tile.create : !tile.tile<4x64xf32, vec>
  %y = tile.create : !tile.tile<4x32xf32, vec>
  %z = tile.add %x, %y : (!tile.tile<4x64xf32, vec>, !tile.tile<4x32xf32, vec>) -> !tile.tile<4x64xf32, vec>
  func.return
}
