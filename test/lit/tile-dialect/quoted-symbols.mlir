// A declaration or root name that is not a bare identifier prints as MLIR
// prints a symbol, quoted (@"my-buf"), in every place it appears: an alloc
// binding, a MemRef's root, and tile.alloc. The printed text parses back to
// the same IR: print -> parse -> print is identical, before and after
// init-memref. A quoted name that is a bare identifier (@"x.y") prints bare.
// RUN: xdsl-opt %s -o %t.printed.mlir
// RUN: xdsl-opt %t.printed.mlir | diff %t.printed.mlir -
// RUN: filecheck %s < %t.printed.mlir
// RUN: xdsl-opt -p init-memref %s -o %t.planned.mlir
// RUN: xdsl-opt %t.planned.mlir | diff %t.planned.mlir -
// RUN: filecheck %s --check-prefix=MEM < %t.planned.mlir

// CHECK-LABEL: func.func @bound(
// CHECK:         %x = tile.load %a[%c0, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec, alloc = <@"my-buf", slots = 2, slot = 0>>{{$}}
// CHECK-NEXT:    tile.store %x, %a[%c0, %c0] : !tile.tile<16x16xf32, vec, alloc = <@"my-buf", slots = 2, slot = 0>>, memref<64x16xf32>{{$}}
// CHECK:         %y = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec, alloc = <@"my-buf", slots = 2, slot = iv>>{{$}}
// CHECK:         %z = tile.load %a[%c0, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec, alloc = <@x.y>>{{$}}
// MEM-LABEL: func.func @bound(
// MEM-NEXT:    tile.alloc @"my-buf" in vec size 2048 slots 2 pinned{{$}}
// MEM-NEXT:    tile.alloc @x.y in vec size 1024 pinned{{$}}
// MEM:         %x = tile.load %a[%c0, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec, memref = <@"my-buf", offset = 0, size = 1024, slot = 0>>{{$}}
// MEM:         %y = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec, memref = <@"my-buf", offset = 0, size = 1024, slot = iv>>{{$}}
// MEM:         %z = tile.load %a[%c0, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec, memref = <@x.y, offset = 0, size = 1024>>{{$}}
func.func @bound(%a: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tile.load %a[%c0, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec, alloc = <@"my-buf", slots = 2, slot = 0>>
  tile.store %x, %a[%c0, %c0] : !tile.tile<16x16xf32, vec, alloc = <@"my-buf", slots = 2, slot = 0>>, memref<64x16xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %y = tile.load %a[%i, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec, alloc = <@"my-buf", slots = 2, slot = iv>>
    tile.store %y, %a[%i, %c0] : !tile.tile<16x16xf32, vec, alloc = <@"my-buf", slots = 2, slot = iv>>, memref<64x16xf32>
  }
  %z = tile.load %a[%c0, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec, alloc = <@"x.y">>
  tile.store %z, %a[%c0, %c0] : !tile.tile<16x16xf32, vec, alloc = <@"x.y">>, memref<64x16xf32>
  func.return
}

// A kernel written past init-memref: a quoted root on tile.alloc and in a
// MemRef, including a name with a quote and a space, which prints escaped.
// CHECK-LABEL: func.func @planned(
// CHECK-NEXT:    tile.alloc @"root 0" in vec size 1024{{$}}
// CHECK-NEXT:    tile.alloc @"q\22s" in vec size 1024{{$}}
// CHECK:         %x = tile.load %a[%c0, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec, memref = <@"root 0", offset = 0, size = 1024>>{{$}}
// CHECK-NEXT:    %y = tile.load %a[%c0, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec, memref = <@"q\22s", offset = 0, size = 1024>>{{$}}
// MEM-LABEL: func.func @planned(
// MEM-NEXT:    tile.alloc @"root 0" in vec size 1024{{$}}
// MEM-NEXT:    tile.alloc @"q\22s" in vec size 1024{{$}}
func.func @planned(%a: memref<64x16xf32>) {
  tile.alloc @"root 0" in vec size 1024
  tile.alloc @"q\"s" in vec size 1024
  %c0 = arith.constant 0 : index
  %x = tile.load %a[%c0, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec, memref = <@"root 0", offset = 0, size = 1024>>
  %y = tile.load %a[%c0, %c0] : memref<64x16xf32> -> !tile.tile<16x16xf32, vec, memref = <@"q\"s", offset = 0, size = 1024>>
  tile.store %x, %a[%c0, %c0] : !tile.tile<16x16xf32, vec, memref = <@"root 0", offset = 0, size = 1024>>, memref<64x16xf32>
  tile.store %y, %a[%c0, %c0] : !tile.tile<16x16xf32, vec, memref = <@"q\"s", offset = 0, size = 1024>>, memref<64x16xf32>
  func.return
}
