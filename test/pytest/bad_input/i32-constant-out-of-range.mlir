// Issue 25: an i32 constant out of range (at no line)
// COMMAND: xdsl-pto run INPUT
// ERROR: INPUT:5:8: error: Integer value 99999999999999999999999 is out of range for type i32 which supports values in the range [-2147483648, 4294967296)
func.func @k() {
  %c = arith.constant 99999999999999999999999 : i32
  func.return
}
