// Issue 25: an arith verifier error (at no line, on two lines)
// COMMAND: xdsl-opt INPUT -o OUTPUT
// ERROR: INPUT:8:9: error: operand 'rhs' at position 1 does not verify: attribute f32 expected from variable 'T', but got i32
func.func @k() {
  %x = arith.constant 1.0 : f32
  %y = arith.constant 1 : i32
  %z = arith.addi %y, %y : i32
  %w = "arith.addf"(%x, %y) : (f32, i32) -> f32
  func.return
}
