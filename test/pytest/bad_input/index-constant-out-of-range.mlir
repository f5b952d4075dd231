// Issue 25: an index constant out of any 64-bit range (was accepted)
// COMMAND: xdsl-opt -p 'pto-compile{backend=a3}' INPUT -o OUTPUT
// ERROR: INPUT:5:8: error: Integer value 99999999999999999999999 is out of range for type index which supports values in the range [-9223372036854775808, 18446744073709551616)
func.func @k() {
  %c = arith.constant 99999999999999999999999 : index
  func.return
}
