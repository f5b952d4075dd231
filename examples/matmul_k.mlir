// C[128,128] f32 = A[128,512] f16 x B[512,128] f16 with a 4-step K loop
// (one cube / AIC kernel).
//
// Counterpart of the reference kernel MatmulKLoop
// (examples/pypto/d_matmul_k.py):
//
//   acc = create (Acc, 128x128 f32)
//   for k in 0..4 (iter_args acc):
//     k0   = k * 128
//     a_l1 = load(A[0, k0])      128x128 f16, Mat (L1)
//     b_l1 = load(B[k0, 0])      128x128 f16, Mat (L1)
//     a_l0 = move(a_l1 -> Left)  (L0A)
//     b_l0 = move(b_l1 -> Right) (L0B)
//     acc  = matmul_acc(acc, a_l0, b_l0, init_cond = (k == 0))   in place in Acc (L0C)
//     yield acc
//   store(acc -> C)
//
// The accumulator is carried in one Acc buffer for the whole loop (no Acc->Acc
// copy exists, so matmul_acc must update it in place); the first step starts a
// fresh accumulation, the others accumulate.
//
// Run the whole pipeline (plan memory for A2/A3, then print PTO for ptoas):
//   xdsl-opt -p 'pto-compile{backend=a3}' examples/matmul_k.mlir
// Only the planned Tile IR (allocations with addresses):
//   xdsl-opt -p 'pto-plan-memory{backend=a3}' examples/matmul_k.mlir

func.func @matmul_k(%a: memref<128x512xf16>, %b: memref<512x128xf16>, %c: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  %acc0 = tile.create : !tile.tile<128x128xf32, acc>
  %acc_out = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %acc0) -> (!tile.tile<128x128xf32, acc>) {
    %k0 = arith.muli %k, %c128 : index
    %a_l1 = tile.load %a[%c0, %k0] : memref<128x512xf16> -> !tile.tile<128x128xf16, mat>
    %b_l1 = tile.load %b[%k0, %c0] : memref<512x128xf16> -> !tile.tile<128x128xf16, mat>
    %a_l0 = tile.move %a_l1 : (!tile.tile<128x128xf16, mat>) -> !tile.tile<128x128xf16, left>
    %b_l0 = tile.move %b_l1 : (!tile.tile<128x128xf16, mat>) -> !tile.tile<128x128xf16, right>
    %first = arith.cmpi eq, %k, %c0 : index
    %acc_next = tile.matmul_acc %acc, %a_l0, %b_l0, %first : (!tile.tile<128x128xf32, acc>, !tile.tile<128x128xf16, left>, !tile.tile<128x128xf16, right>, i1) -> !tile.tile<128x128xf32, acc>
    scf.yield %acc_next : !tile.tile<128x128xf32, acc>
  }
  tile.store %acc_out, %c[%c0, %c0] : !tile.tile<128x128xf32, acc>, memref<128x128xf32>
  func.return
}
