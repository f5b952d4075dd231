// Issue 25: a call of an undefined function (func verifier, at no line)
// COMMAND: xdsl-opt INPUT -o OUTPUT
// ERROR: INPUT:5:3: error: '@nothere' could not be found in symbol table
func.func @k(%a: memref<16x64xf32>) {
  func.call @nothere(%a) : (memref<16x64xf32>) -> ()
  func.return
}
