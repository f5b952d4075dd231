// A result keeps the runtime valid extent ('?') of the operand it comes
// from: tile-op-semantics.md section 0 (an elementwise result has its first
// operand's valid shape), section 2 (a broadcast keeps its tile's) and
// section 3 (a row reduction [R, 1] has valid [VR, 1]). pypto prints each
// annotation from that deduction, so an annotation that says "fully valid"
// where the operand's rows are a runtime value contradicts the dump's own
// rule: the import is refused at the call, as a load whose annotation
// contradicts its valid_shape argument is (errors_breaker.mlir). The breaker's
// e/softmax_validn.py (finding 9) was imported with its stale annotations
// and stored 64 rows of which only n were loaded.
// RUN: not xdsl-pto import-pypto %S/Inputs/valid_dropped.py 2>&1 | filecheck %s --check-prefix=ROWMAX
// RUN: sed -e 's/m: pl.Tile\[\[64, 1\], pl.FP32, pl.Mem.Vec\]/m: pl.Tile[[64, 1], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[n, 1])]/' %S/Inputs/valid_dropped.py > %t.exp.py
// RUN: not xdsl-pto import-pypto %t.exp.py 2>&1 | filecheck %s --check-prefix=EXP
// RUN: sed -e 's/\(e: pl.Tile\[\[64, 256\], pl.FP32, pl.Mem.Vec\)\]/\1, pl.TileView(valid_shape=[n, 256])]/' %t.exp.py > %t.sub.py
// RUN: not xdsl-pto import-pypto %t.sub.py 2>&1 | filecheck %s --check-prefix=SUB
// RUN: sed -e 's/\(d: pl.Tile\[\[64, 256\], pl.FP32, pl.Mem.Vec\)\]/\1, pl.TileView(valid_shape=[n, 256])]/' %t.sub.py > %t.ok.py
// RUN: xdsl-pto import-pypto %t.ok.py | filecheck %s --check-prefix=OK

// ROWMAX: {{^.*}}Inputs/valid_dropped.py:5:48: error: 'tile.row_max' op result valid shape must keep the source's valid rows [?, 256]: a runtime extent ('?') on axis 0, got [64, 1]{{$}}
// ROWMAX-NOT: Traceback
// EXP: {{^.*}}.exp.py:6:50: error: 'tile.exp' op result valid shape must keep the source's valid shape [?, 256]: a runtime extent ('?') on axis 0, got [64, 256]{{$}}
// SUB: {{^.*}}.sub.py:7:50: error: 'tile.row_expand_sub' op result valid shape must keep the tile's valid shape [?, 256]: a runtime extent ('?') on axis 0, got [64, 256]{{$}}
// OK: %m = tile.row_max %t, %tmp : (!tile.tile<64x256xf32, vec, valid = ?x256>, !tile.tile<64x256xf32, vec>) -> !tile.tile<64x1xf32, vec, valid = ?x1>
// OK: %d = tile.row_expand_sub %e, %m : (!tile.tile<64x256xf32, vec, valid = ?x256>, !tile.tile<64x1xf32, vec, valid = ?x1>) -> !tile.tile<64x256xf32, vec, valid = ?x256>
