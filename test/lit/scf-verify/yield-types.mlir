// RUN: xdsl-opt --split-input-file --verify-diagnostics %s | filecheck %s

// Issue 25: what an scf terminator hands its parent must match it in number
// and types, as MLIR requires (xDSL 0.75.0 checked no scf.if arm, and
// reported scf.for's check at the loop); the error is at the terminator
// (xdsl_pto/xdsl_patches.py, checked_scf_yields).

func.func @if_arms_differ(%c: i1, %a: index, %b: i32) -> index {
  %r = scf.if %c -> (index) {
    scf.yield %a : index
  } else {
    scf.yield %b : i32
  }
  func.return %r : index
}
// CHECK: yield-types.mlir:12:5: error: 'scf.yield' op yields (i32), but the results of its scf.if are (index): each yielded value must have the type of the value it becomes

// -----

func.func @if_arm_yields_nothing(%c: i1, %a: index) -> index {
  %r = scf.if %c -> (index) {
    scf.yield %a : index
  } else {
    scf.yield
  }
  func.return %r : index
}
// CHECK: yield-types.mlir:24:5: error: 'scf.yield' op yields (), but the results of its scf.if are (index): each yielded value must have the type of the value it becomes

// -----

func.func @if_without_else(%c: i1, %a: index) -> index {
  %r = scf.if %c -> (index) {
    scf.yield %a : index
  }
  func.return %r : index
}
// CHECK: yield-types.mlir:33:8: error: 'scf.if' op returns (index) but has no else region to yield them when the condition is false

// -----

func.func @for_yield(%n: index, %b: i32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %n) -> (index) {
    scf.yield %b : i32
  }
  func.return %r : index
}
// CHECK: yield-types.mlir:46:5: error: 'scf.yield' op yields (i32), but the results of its scf.for are (index): each yielded value must have the type of the value it becomes

// -----

func.func @while_yield(%n: index, %b: i32) -> index {
  %r = scf.while (%x = %n) : (index) -> index {
    %c = arith.constant true
    scf.condition(%c) %x : index
  } do {
  ^bb0(%y: index):
    scf.yield %b : i32
  }
  func.return %r : index
}
// CHECK: yield-types.mlir:60:5: error: 'scf.yield' op yields (i32), but the arguments of its scf.while's before region are (index): each yielded value must have the type of the value it becomes

// -----

func.func @while_condition(%n: index, %b: i32) -> index {
  %r = scf.while (%x = %n) : (index) -> index {
    %c = arith.constant true
    scf.condition(%c) %b : i32
  } do {
  ^bb0(%y: index):
    scf.yield %y : index
  }
  func.return %r : index
}
// CHECK: yield-types.mlir:71:5: error: 'scf.condition' op forwards (i32), but the results of its scf.while are (index): each forwarded value must have the type of the result it becomes

// -----

// Matching arms, a for and a while are accepted as they are.
// CHECK-LABEL: func.func @fine
// CHECK:         scf.if
// CHECK:         scf.for
// CHECK:         scf.while
func.func @fine(%c: i1, %n: index) -> index {
  %r = scf.if %c -> (index) {
    scf.yield %n : index
  } else {
    %c0 = arith.constant 0 : index
    scf.yield %c0 : index
  }
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%x = %r) -> (index) {
    scf.yield %x : index
  }
  %w = scf.while (%x = %s) : (index) -> index {
    %t = arith.constant false
    scf.condition(%t) %x : index
  } do {
  ^bb0(%y: index):
    scf.yield %y : index
  }
  func.return %w : index
}
