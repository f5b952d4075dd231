// RUN: xdsl-pto import-pypto %S/Inputs/module_declarations.py | filecheck %s
// RUN: sed 's/stride=\[64, 1\], layout=pl.TensorLayout.ND/stride=[1, 16], layout=pl.TensorLayout.DN/' %S/Inputs/module_declarations.py > %t.dn.py
// RUN: not xdsl-pto import-pypto %t.dn.py 2>&1 | filecheck %s --check-prefix=DN
// RUN: sed 's/stride=\[64, 1\]/stride=[128, 1]/' %S/Inputs/module_declarations.py > %t.stride.py
// RUN: not xdsl-pto import-pypto %t.stride.py 2>&1 | filecheck %s --check-prefix=STRIDE
// RUN: sed 's/pl.FP32, pl.ND\]/pl.FP32, pl.NZ]/' %S/Inputs/module_declarations.py > %t.nz.py
// RUN: not xdsl-pto import-pypto %t.nz.py 2>&1 | filecheck %s --check-prefix=NZ

// Module-level `N = pl.dynamic("N")` and a tensor layout / view bound to a
// name (tile-op-semantics.md section 11; python_syntax.md "Tensor Layout and
// View"): the dynamic name is a `?` extent named N; an ND layout, or a view
// whose strides are the shape's row-major ones, is what a GM tensor argument
// is anyway and is dropped; any other layout or stride is refused.

// CHECK: func.func @k(%x: memref<?x128xf32> {tile.dynamic_dims = ["N"]}, %y: memref<?x128xf32> {tile.out, tile.dynamic_dims = ["N"]}, %z: memref<16x64xf32>) attributes {tile.function_kind = "aiv"} {

// DN: .dn.py:3:48: error: unsupported GM tensor layout 'pl.TensorLayout.DN': a tensor argument is row-major (ND) and contiguous
// STRIDE: .stride.py:3:32: error: unsupported tensor stride '[128, 1]': a tensor argument is contiguous and row-major (strides [64, 1])
// NZ: .nz.py:6:39: error: unsupported GM tensor layout 'pl.NZ': a tensor argument is row-major (ND) and contiguous
