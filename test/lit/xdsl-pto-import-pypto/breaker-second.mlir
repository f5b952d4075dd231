// Findings of a second fresh-user breaker, each with the right answer.
//
// A tuple assignment evaluates every right-hand side before it binds a name:
// after `x, y = y, x`, `pl.tile.sub(x, y)` is b - a (it was imported as
// y - y, so every output was 0).
// RUN: xdsl-pto import-pypto %S/Inputs/tuple_swap.py | filecheck %s --check-prefix=SWAP
// SWAP:      %x = tile.load %a
// SWAP-NEXT: %y = tile.load %b
// SWAP-NEXT: %z = tile.sub %y, %x :
//
// A parameter named twice (ast.parse accepts it, Python's compiler does not):
// the later one used to win silently, so the kernel read its own output.
// RUN: rm -f %t.mlir
// RUN: not xdsl-pto import-pypto %S/Inputs/err_duplicate_param.py -o %t.mlir 2>&1 | filecheck %s --check-prefix=DUP
// RUN: not ls %t.mlir
// DUP: {{^}}{{.*}}err_duplicate_param.py:7:49: error: duplicate parameter 'a'{{$}}
//
// A literal division by zero is refused at the import (it used to crash
// `xdsl-pto run` with a traceback).
// RUN: not xdsl-pto import-pypto %S/Inputs/err_div_zero.py -o %t.mlir 2>&1 | filecheck %s --check-prefix=DIV0
// RUN: not ls %t.mlir
// DIV0: {{^}}{{.*}}err_div_zero.py:9:38: error: 'i // 0' divides by zero{{$}}
// DIV0-NOT: Traceback
