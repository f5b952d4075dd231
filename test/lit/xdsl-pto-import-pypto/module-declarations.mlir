// RUN: xdsl-pto import-pypto %S/Inputs/module_declarations.py | filecheck %s
// RUN: not xdsl-pto import-pypto %S/Inputs/err_tensor_layout_dn.py 2>&1 | filecheck %s --check-prefix=DN
// RUN: not xdsl-pto import-pypto %S/Inputs/err_tensor_stride.py 2>&1 | filecheck %s --check-prefix=STRIDE
// RUN: not xdsl-pto import-pypto %S/Inputs/err_tensor_layout_nz.py 2>&1 | filecheck %s --check-prefix=NZ

// Module-level `N = pl.dynamic("N")` and a tensor layout / view bound to a
// name (tile-op-semantics.md section 11; python_syntax.md "Tensor Layout and
// View"): the dynamic name is a `?` extent named N; an ND layout, or a view
// whose strides are the shape's row-major ones, is what a GM tensor argument
// is anyway and is dropped; any other layout or stride is refused.

// CHECK: func.func @k(%x: memref<?x128xf32> {tile.dynamic_dims = ["N"]}, %y: memref<?x128xf32> {tile.out, tile.dynamic_dims = ["N"]}, %z: memref<16x64xf32>) attributes {tile.function_kind = "aiv"} {

// DN: err_tensor_layout_dn.py:2:48: error: unsupported GM tensor layout 'pl.TensorLayout.DN': a tensor argument is row-major (ND) and contiguous
// STRIDE: err_tensor_stride.py:2:32: error: unsupported tensor stride '[128, 1]': a tensor argument is contiguous and row-major (strides [64, 1])
// NZ: err_tensor_layout_nz.py:5:39: error: unsupported GM tensor layout 'pl.NZ': a tensor argument is row-major (ND) and contiguous
