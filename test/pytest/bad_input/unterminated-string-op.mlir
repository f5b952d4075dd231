// Issue 25: a missing closing quote in an op's string (xdsl-pto validate)
// COMMAND: xdsl-pto validate INPUT
// ERROR: INPUT:5:28: error: missing closing quote: a string literal must end on the line it starts
func.func @k() attributes {tile.function_kind = "aiv"} {
  %r = tile.reserve_buffer "c2v_ring_buffer_shared_by_cube_and_vector size 4096 in vec : i32
  func.return
}
