// Issue 25: a missing closing quote read by xdsl-pto memory-map, which writes no file
// COMMAND: xdsl-pto memory-map INPUT -o OUTPUT.png
// ERROR: INPUT:4:40: error: missing closing quote: a string literal must end on the line it starts
func.func @k() attributes {tile.note = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
}
