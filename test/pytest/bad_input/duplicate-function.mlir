// Issue 25: a function name defined twice (reported at the second definition)
// COMMAND: xdsl-opt INPUT -o OUTPUT
// ERROR: INPUT:7:1: error: Redefinition of symbol "k"
func.func @k() {
  func.return
}
func.func @k() {
  func.return
}
