// Issue 25: a loop yield of the wrong type (scf verifier, at the yield)
// COMMAND: xdsl-opt INPUT -o OUTPUT
// ERROR: INPUT:11:5: error: 'scf.yield' op yields (i32), but the results of its scf.for are (f32): each yielded value must have the type of the value it becomes
func.func @k(%a: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = arith.constant 1.0 : f32
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (f32) {
    %y = arith.constant 1 : i32
    scf.yield %y : i32
  }
  func.return
}
