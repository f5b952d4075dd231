// RUN: not xdsl-opt -p 'convert-tile-to-pto{backend=a3}' %s 2> %t.err
// RUN: filecheck %s < %t.err

// A function declared "aic" (a cube kernel) that uses vec.
// CHECK: error: convert-tile-to-pto: function 'k' is declared tile.function_kind = "aic", a cube (AIC) kernel, but uses vec, which that core does not own
func.func @k() attributes {tile.function_kind = "aic"} {
  %r = tile.reserve_buffer "ring" size 64 in vec at 0
  func.return
}
