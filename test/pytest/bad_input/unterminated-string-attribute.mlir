// Issue 25: a missing closing quote in an attribute (the lexer backtracked exponentially: 26 characters 10.7 s, 40 killed at 60 s)
// COMMAND: xdsl-opt -p 'pto-compile{backend=a3}' INPUT -o OUTPUT
// ERROR: INPUT:4:45: error: missing closing quote: a string literal must end on the line it starts
func.func @k() attributes {sym_visibility = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa} {
  func.return
}
