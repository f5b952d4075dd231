// A hand-edited plan puts %bm on %am's Mat bytes while %am still has to be
// extracted: the physical run's tile.extract reads B's data where A's was
// expected. Exit 1; the report names the extract as the first corrupted read.
// RUN: not xdsl-pto run %s 2>&1 | filecheck %s
// CHECK: {{.*}}extract-mismatch.mlir: error: @extract_mm: %c[0, 0] expected {{.*}} got {{.*}}; the stored bytes were last written by tile.matmul (%acc) at {{.*}}extract-mismatch.mlir:[[# @LINE + 19]]:10; first corrupted read: tile.extract (%l) at {{.*}}extract-mismatch.mlir:[[# @LINE + 17]]:8 read %am[0, 0] = {{.*}} where {{.*}} was expected; those bytes were last written by tile.load (%bm) at {{.*}}extract-mismatch.mlir:[[# @LINE + 16]]:9
// CHECK-NOT: Traceback
// The validator sees it without running: the extract reads %am, so %am is
// still live where %bm is loaded onto its bytes.
// RUN: not xdsl-pto validate %s 2>&1 | filecheck %s --check-prefix=VALID
// VALID: {{.*}}extract-mismatch.mlir:[[# @LINE + 11]]:9: error: verify-memory-plan: %am [0, 16384) and %bm [0, 16384) overlap in mat and are both live where %bm is defined
builtin.module attributes {pto.target_arch = "a3"} {
func.func @extract_mm(%a: memref<64x128xf16>, %b: memref<128x64xf16>, %c: memref<64x64xf32>) {
  tile.alloc @mem_mat_0 in mat size 16384 addr 0
  tile.alloc @mem_mat_1 in mat size 16384 addr 0
  tile.alloc @mem_left_2 in left size 8192 addr 0
  tile.alloc @mem_right_3 in right size 8192 addr 0
  tile.alloc @mem_acc_4 in acc size 16384 addr 0
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %am = tile.load %a[%c0, %c0] : memref<64x128xf16> -> !tile.tile<64x128xf16, mat, memref = <@mem_mat_0, offset = 0, size = 16384>>
  %bm = tile.load %b[%c0, %c0] : memref<128x64xf16> -> !tile.tile<128x64xf16, mat, memref = <@mem_mat_1, offset = 0, size = 16384>>
  %l = tile.extract %am, %c0, %c64 : (!tile.tile<64x128xf16, mat, memref = <@mem_mat_0, offset = 0, size = 16384>>, index, index) -> !tile.tile<64x64xf16, left, memref = <@mem_left_2, offset = 0, size = 8192>>
  %r = tile.extract %bm, %c64, %c0 : (!tile.tile<128x64xf16, mat, memref = <@mem_mat_1, offset = 0, size = 16384>>, index, index) -> !tile.tile<64x64xf16, right, memref = <@mem_right_3, offset = 0, size = 8192>>
  %acc = tile.matmul %l, %r : (!tile.tile<64x64xf16, left, memref = <@mem_left_2, offset = 0, size = 8192>>, !tile.tile<64x64xf16, right, memref = <@mem_right_3, offset = 0, size = 8192>>) -> !tile.tile<64x64xf32, acc, memref = <@mem_acc_4, offset = 0, size = 16384>>
  tile.store %acc, %c[%c0, %c0] : !tile.tile<64x64xf32, acc, memref = <@mem_acc_4, offset = 0, size = 16384>>, memref<64x64xf32>
  func.return
}
}
