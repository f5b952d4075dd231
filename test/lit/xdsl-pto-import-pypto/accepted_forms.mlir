// RUN: xdsl-pto import-pypto %S/Inputs/transpose_view_default.py | filecheck %s --check-prefix=TVIEW
// RUN: xdsl-pto import-pypto %S/Inputs/transpose_view_stated.py | filecheck %s --check-prefix=TVIEW
// RUN: xdsl-pto import-pypto %S/Inputs/unicode_names.py -o %t.unicode.mlir
// RUN: filecheck %s --check-prefix=UNICODE < %t.unicode.mlir
// RUN: xdsl-opt %t.unicode.mlir | filecheck %s --check-prefix=UNICODE
// RUN: xdsl-pto import-pypto %S/Inputs/cmp_two_tiles.py -o %t.cmp.mlir
// RUN: filecheck %s --check-prefix=CMP < %t.cmp.mlir
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3}' %t.cmp.mlir | filecheck %s --check-prefix=CMPPLAN
// RUN: xdsl-pto import-pypto %S/Inputs/self_param.py | filecheck %s --check-prefix=SELF
// RUN: xdsl-pto import-pypto %S/Inputs/slice_shape_offset.py | filecheck %s --check-prefix=SLICE
// RUN: xdsl-pto import-pypto %S/Inputs/utf8_bom.py | filecheck %s --check-prefix=BOM
// RUN: rm -rf %t.dir && mkdir %t.dir
// RUN: not xdsl-pto import-pypto %S/Inputs/self_param.py -o %t.dir/missing/x.mlir 2>&1 | filecheck %s --check-prefix=NODIR
// RUN: not xdsl-pto import-pypto %S/Inputs/self_param.py -o %t.dir 2>&1 | filecheck %s --check-prefix=ISDIR
// RUN: ls -A %t.dir | not grep .

// Forms a breaker session found refused or mistranslated (finding numbers).

// 3. transpose_view without stated layouts derives them from the source's
// (row_major <-> col_major, none_box stays): a row-major [32, 64] is a
// col-major [64, 32]; stating the derived layouts gives the same type.
// TVIEW: %s = tile.transpose_view %ta : (!tile.tile<32x64xf32, vec>) -> !tile.tile<64x32xf32, vec, blayout = col_major>

// 4. A non-ASCII Python name becomes a legal MLIR name, and the text parses back.
// UNICODE: %r_sultat = tile.add %ta, %tb
// UNICODE: %r = tile.exp %r_sultat

// 8. cmp's rhs operand takes any type: a tile is a tile.
// CMP: %m = tile.cmp %x, %y {cmp_mode = "lt"} : (!tile.tile<16x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x32xui8, vec>
// CMPPLAN: tile.cmp %x, %y {cmp_mode = "lt"} : (!tile.tile<16x64xf32, vec, memref = <@mem_vec_{{[0-9]+}}, offset = 0, size = 4096>>, !tile.tile<16x64xf32, vec, memref = <@mem_vec_{{[0-9]+}}, offset = 0, size = 4096>>)

// 9. A method's `self` is no argument of the kernel.
// SELF: func.func @kernel(%a: memref<16x64xf32>, %o: memref<16x64xf32> {tile.out}) attributes {tile.function_kind = "aiv"} {

// 10. The reference's slice(tile, shape, offset).
// SLICE: %s = tile.slice %ta, %c16, %c0 : (!tile.tile<32x64xf32, vec>, index, index) -> !tile.tile<16x64xf32, vec>

// 13. A UTF-8 byte order mark before the source is accepted.
// BOM: func.func @kernel(%a: memref<16x64xf32>, %o: memref<16x64xf32> {tile.out})

// 11. An output that cannot be written is named, and nothing is left behind.
// NODIR: {{^.*}}.dir/missing/x.mlir: error: cannot write: No such file or directory{{$}}
// ISDIR: {{^.*}}.dir: error: cannot write: Is a directory{{$}}
