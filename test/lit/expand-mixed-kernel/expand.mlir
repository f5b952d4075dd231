// RUN: xdsl-opt --split-input-file -p expand-mixed-kernel %s | filecheck %s --match-full-lines
// RUN: xdsl-opt --split-input-file -p 'expand-mixed-kernel,pto-plan-memory{backend=a3 verify=true},convert-tile-to-pto' %s | filecheck %s --check-prefix=A3
// RUN: xdsl-opt --split-input-file -p 'expand-mixed-kernel,pto-plan-memory{backend=a5 verify=true},convert-tile-to-pto' %s | filecheck %s --check-prefix=A5
// RUN: xdsl-opt --split-input-file -p 'expand-mixed-kernel,pto-plan-memory{backend=a3 planner=ptoas},convert-tile-to-pto{planner=ptoas}' %s | filecheck %s --check-prefix=PTOAS
// RUN: xdsl-opt --split-input-file -p 'expand-mixed-kernel,pto-plan-memory{backend=a5 planner=dsa_rp verify=true},convert-tile-to-pto{planner=dsa_rp}' %s | filecheck %s --check-prefix=DSA
// pto-compile runs expand-mixed-kernel first: the same module as the stages.
// RUN: xdsl-opt --split-input-file -p 'pto-compile{backend=a3 verify=true}' %s -o %t.compile
// RUN: xdsl-opt --split-input-file -p 'expand-mixed-kernel,pto-plan-memory{backend=a3 verify=true},convert-tile-to-pto' %s -o %t.stages
// RUN: diff %t.compile %t.stages

// expand-mixed-kernel cuts a mixed kernel at its tile.aiv_shard /
// tile.aic_gather: cube-space ops to @F_aic, vec ops to @F_aiv, constants
// and loops copied to the side that reads them, each move a push on its
// producer's side and a pop (freed after its last reader) on its consumer's,
// the ring reserved in the consumer's space and imported by the producer,
// @F a group function calling both. pto-compile runs it first, so planning
// and the plan proof see the two functions; every lowered module here is
// accepted by ptoas v0.48 (test/ptoas).

// A loop handing tiles both ways (dir_mask 3): the vector core doubles a
// 16-row block of x and gathers the two lanes' blocks into a 32x32 Mat tile;
// the cube multiplies it by w and shards the product back, row halves.
func.func @both(%x: memref<64x32xf16>, %w: memref<32x32xf16>, %out: memref<64x32xf32> {tile.out}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %wm = tile.load %w[%c0, %c0] : memref<32x32xf16> -> !tile.tile<32x32xf16, mat>
  %wr = tile.move %wm : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, right>
  scf.for %i = %c0 to %c2 step %c1 {
    %row = arith.muli %i, %c16 : index
    %xv = tile.load %x[%row, %c0] : memref<64x32xf16> -> !tile.tile<16x32xf16, vec>
    %xs = tile.add %xv, %xv : (!tile.tile<16x32xf16, vec>, !tile.tile<16x32xf16, vec>) -> !tile.tile<16x32xf16, vec>
    %g = tile.aic_gather %xs {split = 1 : i64} : (!tile.tile<16x32xf16, vec>) -> !tile.tile<32x32xf16, mat>
    %gl = tile.move %g : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, left>
    %acc = tile.matmul %gl, %wr : (!tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>) -> !tile.tile<32x32xf32, acc>
    %h = tile.aiv_shard %acc {split = 1 : i64} : (!tile.tile<32x32xf32, acc>) -> !tile.tile<16x32xf32, vec>
    tile.store %h, %out[%row, %c0] : !tile.tile<16x32xf32, vec>, memref<64x32xf32>
  }
  func.return
}

// -----

// Straight line, one direction (dir_mask 1), the FIX pipe narrowing f32 to
// f16 on the way, no split (the vector function gets no tile.split_mode).
func.func @conv(%a: memref<32x64xf16>, %b: memref<64x32xf16>, %out: memref<32x32xf16> {tile.out}) {
  %c0 = arith.constant 0 : index
  %am = tile.load %a[%c0, %c0] : memref<32x64xf16> -> !tile.tile<32x64xf16, mat>
  %bm = tile.load %b[%c0, %c0] : memref<64x32xf16> -> !tile.tile<64x32xf16, mat>
  %al = tile.move %am : (!tile.tile<32x64xf16, mat>) -> !tile.tile<32x64xf16, left>
  %br = tile.move %bm : (!tile.tile<64x32xf16, mat>) -> !tile.tile<64x32xf16, right>
  %acc = tile.matmul %al, %br : (!tile.tile<32x64xf16, left>, !tile.tile<64x32xf16, right>) -> !tile.tile<32x32xf32, acc>
  %h = tile.aiv_shard %acc {split = 0 : i64} : (!tile.tile<32x32xf32, acc>) -> !tile.tile<32x32xf16, vec>
  tile.store %h, %out[%c0, %c0] : !tile.tile<32x32xf16, vec>, memref<32x32xf16>
  func.return
}

// -----

// The block queries are pure: each side that reads one gets a copy (the cube
// loads its block's rows; the vector lanes store theirs at the sub-block's
// half), and the lowering gives both functions the hidden block parameters.
func.func @blocks(%a: memref<64x64xf16>, %b: memref<64x32xf16>, %out: memref<64x32xf32> {tile.out}) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %blk = tile.get_block_idx : index
  %sub = tile.get_subblock_idx : index
  %row = arith.muli %blk, %c32 : index
  %am = tile.load %a[%row, %c0] : memref<64x64xf16> -> !tile.tile<32x64xf16, mat>
  %bm = tile.load %b[%c0, %c0] : memref<64x32xf16> -> !tile.tile<64x32xf16, mat>
  %al = tile.move %am : (!tile.tile<32x64xf16, mat>) -> !tile.tile<32x64xf16, left>
  %br = tile.move %bm : (!tile.tile<64x32xf16, mat>) -> !tile.tile<64x32xf16, right>
  %acc = tile.matmul %al, %br : (!tile.tile<32x64xf16, left>, !tile.tile<64x32xf16, right>) -> !tile.tile<32x32xf32, acc>
  %h = tile.aiv_shard %acc {split = 1 : i64} : (!tile.tile<32x32xf32, acc>) -> !tile.tile<16x32xf32, vec>
  %half = arith.muli %sub, %c16 : index
  %orow = arith.addi %row, %half : index
  tile.store %h, %out[%orow, %c0] : !tile.tile<16x32xf32, vec>, memref<64x32xf32>
  func.return
}

// -----

// Nested loops: the gathered tile is popped in the outer loop and freed after
// the inner loop that reads it; each inner iteration shards a product back,
// unsplit, narrowed to f16 (the slot holds the f32 Acc tile: 4096 bytes).
func.func @nest(%x: memref<64x32xf32>, %w: memref<32x32xf16>, %out: memref<64x32xf16> {tile.out}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %wm = tile.load %w[%c0, %c0] : memref<32x32xf16> -> !tile.tile<32x32xf16, mat>
  %wr = tile.move %wm : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, right>
  scf.for %i = %c0 to %c2 step %c1 {
    %row = arith.muli %i, %c32 : index
    %xv = tile.load %x[%row, %c0] : memref<64x32xf32> -> !tile.tile<32x32xf32, vec>
    %xh = tile.cast %xv {mode = "rint"} : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf16, vec>
    %g = tile.aic_gather %xh {split = 0 : i64} : (!tile.tile<32x32xf16, vec>) -> !tile.tile<32x32xf16, mat>
    scf.for %j = %c0 to %c2 step %c1 {
      %gl = tile.move %g : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, left>
      %acc = tile.matmul %gl, %wr : (!tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>) -> !tile.tile<32x32xf32, acc>
      %h = tile.aiv_shard %acc {split = 0 : i64} : (!tile.tile<32x32xf32, acc>) -> !tile.tile<32x32xf16, vec>
      tile.store %h, %out[%row, %c0] : !tile.tile<32x32xf16, vec>, memref<64x32xf16>
    }
  }
  func.return
}

// CHECK:      builtin.module {
// CHECK-NEXT:   func.func @both_aic(%x: memref<64x32xf16>, %w: memref<32x32xf16>, %out: memref<64x32xf32> {tile.out}, %gm_pipe: memref<1xf32> {tile.out}) attributes {tile.function_kind = "aic"} {
// CHECK-NEXT:     %0 = tile.import_peer_buffer "both_c2v_slot_buffer" from @both_aiv
// CHECK-NEXT:     %1 = tile.reserve_buffer "both_v2c_slot_buffer" size 4096 in mat
// CHECK-NEXT:     tile.aic_initialize_pipe %0, %1 gm_slot_buffer(%gm_pipe : memref<1xf32>) {dir_mask = 3 : i64, slot_size = 2048 : i64, slot_num = 2 : i64}
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c2 = arith.constant 2 : index
// CHECK-NEXT:     %wm = tile.load %w[%c0, %c0] : memref<32x32xf16> -> !tile.tile<32x32xf16, mat>
// CHECK-NEXT:     %wr = tile.move %wm : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, right>
// CHECK-NEXT:     scf.for %i = %c0 to %c2 step %c1 {
// CHECK-NEXT:       %g = tile.tpop_from_aiv {split = 1 : i64} : !tile.tile<32x32xf16, mat>
// CHECK-NEXT:       %gl = tile.move %g : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, left>
// CHECK-NEXT:       tile.tfree_to_aiv %g {split = 1 : i64} : !tile.tile<32x32xf16, mat>
// CHECK-NEXT:       %acc = tile.matmul %gl, %wr : (!tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>) -> !tile.tile<32x32xf32, acc>
// CHECK-NEXT:       tile.tpush_to_aiv %acc {split = 1 : i64} : !tile.tile<32x32xf32, acc>
// CHECK-NEXT:     }
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @both_aiv(%x: memref<64x32xf16>, %w: memref<32x32xf16>, %out: memref<64x32xf32> {tile.out}, %gm_pipe: memref<1xf32> {tile.out}) attributes {tile.function_kind = "aiv", tile.split_mode = 1 : i64} {
// CHECK-NEXT:     %0 = tile.reserve_buffer "both_c2v_slot_buffer" size 4096 in vec
// CHECK-NEXT:     %1 = tile.import_peer_buffer "both_v2c_slot_buffer" from @both_aic
// CHECK-NEXT:     tile.aiv_initialize_pipe %0, %1 gm_slot_buffer(%gm_pipe : memref<1xf32>) {dir_mask = 3 : i64, slot_size = 2048 : i64, slot_num = 2 : i64}
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c2 = arith.constant 2 : index
// CHECK-NEXT:     %c16 = arith.constant 16 : index
// CHECK-NEXT:     scf.for %i = %c0 to %c2 step %c1 {
// CHECK-NEXT:       %row = arith.muli %i, %c16 : index
// CHECK-NEXT:       %xv = tile.load %x[%row, %c0] : memref<64x32xf16> -> !tile.tile<16x32xf16, vec>
// CHECK-NEXT:       %xs = tile.add %xv, %xv : (!tile.tile<16x32xf16, vec>, !tile.tile<16x32xf16, vec>) -> !tile.tile<16x32xf16, vec>
// CHECK-NEXT:       tile.tpush_to_aic %xs {split = 1 : i64} : !tile.tile<16x32xf16, vec>
// CHECK-NEXT:       %h = tile.tpop_from_aic {split = 1 : i64} : !tile.tile<16x32xf32, vec>
// CHECK-NEXT:       tile.store %h, %out[%row, %c0] : !tile.tile<16x32xf32, vec>, memref<64x32xf32>
// CHECK-NEXT:       tile.tfree_to_aic %h {split = 1 : i64} : !tile.tile<16x32xf32, vec>
// CHECK-NEXT:     }
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @both(%x: memref<64x32xf16>, %w: memref<32x32xf16>, %out: memref<64x32xf32> {tile.out}, %gm_pipe: memref<1xf32> {tile.out}) attributes {tile.function_kind = "group"} {
// CHECK-NEXT:     func.call @both_aic(%x, %w, %out, %gm_pipe) : (memref<64x32xf16>, memref<32x32xf16>, memref<64x32xf32>, memref<1xf32>) -> ()
// CHECK-NEXT:     func.call @both_aiv(%x, %w, %out, %gm_pipe) : (memref<64x32xf16>, memref<32x32xf16>, memref<64x32xf32>, memref<1xf32>) -> ()
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK:      builtin.module {
// CHECK-NEXT:   func.func @conv_aic(%a: memref<32x64xf16>, %b: memref<64x32xf16>, %out: memref<32x32xf16> {tile.out}, %gm_pipe: memref<1xf32> {tile.out}) attributes {tile.function_kind = "aic"} {
// CHECK-NEXT:     %0 = tile.import_peer_buffer "conv_c2v_slot_buffer" from @conv_aiv
// CHECK-NEXT:     %1 = arith.constant 0 : i32
// CHECK-NEXT:     tile.aic_initialize_pipe %0, %1 gm_slot_buffer(%gm_pipe : memref<1xf32>) {dir_mask = 1 : i64, slot_size = 4096 : i64, slot_num = 2 : i64}
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %am = tile.load %a[%c0, %c0] : memref<32x64xf16> -> !tile.tile<32x64xf16, mat>
// CHECK-NEXT:     %bm = tile.load %b[%c0, %c0] : memref<64x32xf16> -> !tile.tile<64x32xf16, mat>
// CHECK-NEXT:     %al = tile.move %am : (!tile.tile<32x64xf16, mat>) -> !tile.tile<32x64xf16, left>
// CHECK-NEXT:     %br = tile.move %bm : (!tile.tile<64x32xf16, mat>) -> !tile.tile<64x32xf16, right>
// CHECK-NEXT:     %acc = tile.matmul %al, %br : (!tile.tile<32x64xf16, left>, !tile.tile<64x32xf16, right>) -> !tile.tile<32x32xf32, acc>
// CHECK-NEXT:     tile.tpush_to_aiv %acc {split = 0 : i64} : !tile.tile<32x32xf32, acc>
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @conv_aiv(%a: memref<32x64xf16>, %b: memref<64x32xf16>, %out: memref<32x32xf16> {tile.out}, %gm_pipe: memref<1xf32> {tile.out}) attributes {tile.function_kind = "aiv"} {
// CHECK-NEXT:     %0 = tile.reserve_buffer "conv_c2v_slot_buffer" size 8192 in vec
// CHECK-NEXT:     %1 = arith.constant 0 : i32
// CHECK-NEXT:     tile.aiv_initialize_pipe %0, %1 gm_slot_buffer(%gm_pipe : memref<1xf32>) {dir_mask = 1 : i64, slot_size = 4096 : i64, slot_num = 2 : i64}
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %h = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<32x32xf16, vec>
// CHECK-NEXT:     tile.store %h, %out[%c0, %c0] : !tile.tile<32x32xf16, vec>, memref<32x32xf16>
// CHECK-NEXT:     tile.tfree_to_aic %h {split = 0 : i64} : !tile.tile<32x32xf16, vec>
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @conv(%a: memref<32x64xf16>, %b: memref<64x32xf16>, %out: memref<32x32xf16> {tile.out}, %gm_pipe: memref<1xf32> {tile.out}) attributes {tile.function_kind = "group"} {
// CHECK-NEXT:     func.call @conv_aic(%a, %b, %out, %gm_pipe) : (memref<32x64xf16>, memref<64x32xf16>, memref<32x32xf16>, memref<1xf32>) -> ()
// CHECK-NEXT:     func.call @conv_aiv(%a, %b, %out, %gm_pipe) : (memref<32x64xf16>, memref<64x32xf16>, memref<32x32xf16>, memref<1xf32>) -> ()
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK:      builtin.module {
// CHECK-NEXT:   func.func @blocks_aic(%a: memref<64x64xf16>, %b: memref<64x32xf16>, %out: memref<64x32xf32> {tile.out}, %gm_pipe: memref<1xf32> {tile.out}) attributes {tile.function_kind = "aic"} {
// CHECK-NEXT:     %0 = tile.import_peer_buffer "blocks_c2v_slot_buffer" from @blocks_aiv
// CHECK-NEXT:     %1 = arith.constant 0 : i32
// CHECK-NEXT:     tile.aic_initialize_pipe %0, %1 gm_slot_buffer(%gm_pipe : memref<1xf32>) {dir_mask = 1 : i64, slot_size = 2048 : i64, slot_num = 2 : i64}
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c32 = arith.constant 32 : index
// CHECK-NEXT:     %blk = tile.get_block_idx : index
// CHECK-NEXT:     %row = arith.muli %blk, %c32 : index
// CHECK-NEXT:     %am = tile.load %a[%row, %c0] : memref<64x64xf16> -> !tile.tile<32x64xf16, mat>
// CHECK-NEXT:     %bm = tile.load %b[%c0, %c0] : memref<64x32xf16> -> !tile.tile<64x32xf16, mat>
// CHECK-NEXT:     %al = tile.move %am : (!tile.tile<32x64xf16, mat>) -> !tile.tile<32x64xf16, left>
// CHECK-NEXT:     %br = tile.move %bm : (!tile.tile<64x32xf16, mat>) -> !tile.tile<64x32xf16, right>
// CHECK-NEXT:     %acc = tile.matmul %al, %br : (!tile.tile<32x64xf16, left>, !tile.tile<64x32xf16, right>) -> !tile.tile<32x32xf32, acc>
// CHECK-NEXT:     tile.tpush_to_aiv %acc {split = 1 : i64} : !tile.tile<32x32xf32, acc>
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @blocks_aiv(%a: memref<64x64xf16>, %b: memref<64x32xf16>, %out: memref<64x32xf32> {tile.out}, %gm_pipe: memref<1xf32> {tile.out}) attributes {tile.function_kind = "aiv", tile.split_mode = 1 : i64} {
// CHECK-NEXT:     %0 = tile.reserve_buffer "blocks_c2v_slot_buffer" size 4096 in vec
// CHECK-NEXT:     %1 = arith.constant 0 : i32
// CHECK-NEXT:     tile.aiv_initialize_pipe %0, %1 gm_slot_buffer(%gm_pipe : memref<1xf32>) {dir_mask = 1 : i64, slot_size = 2048 : i64, slot_num = 2 : i64}
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c16 = arith.constant 16 : index
// CHECK-NEXT:     %c32 = arith.constant 32 : index
// CHECK-NEXT:     %blk = tile.get_block_idx : index
// CHECK-NEXT:     %sub = tile.get_subblock_idx : index
// CHECK-NEXT:     %row = arith.muli %blk, %c32 : index
// CHECK-NEXT:     %h = tile.tpop_from_aic {split = 1 : i64} : !tile.tile<16x32xf32, vec>
// CHECK-NEXT:     %half = arith.muli %sub, %c16 : index
// CHECK-NEXT:     %orow = arith.addi %row, %half : index
// CHECK-NEXT:     tile.store %h, %out[%orow, %c0] : !tile.tile<16x32xf32, vec>, memref<64x32xf32>
// CHECK-NEXT:     tile.tfree_to_aic %h {split = 1 : i64} : !tile.tile<16x32xf32, vec>
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @blocks(%a: memref<64x64xf16>, %b: memref<64x32xf16>, %out: memref<64x32xf32> {tile.out}, %gm_pipe: memref<1xf32> {tile.out}) attributes {tile.function_kind = "group"} {
// CHECK-NEXT:     func.call @blocks_aic(%a, %b, %out, %gm_pipe) : (memref<64x64xf16>, memref<64x32xf16>, memref<64x32xf32>, memref<1xf32>) -> ()
// CHECK-NEXT:     func.call @blocks_aiv(%a, %b, %out, %gm_pipe) : (memref<64x64xf16>, memref<64x32xf16>, memref<64x32xf32>, memref<1xf32>) -> ()
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK:      builtin.module {
// CHECK-NEXT:   func.func @nest_aic(%x: memref<64x32xf32>, %w: memref<32x32xf16>, %out: memref<64x32xf16> {tile.out}, %gm_pipe: memref<1xf32> {tile.out}) attributes {tile.function_kind = "aic"} {
// CHECK-NEXT:     %0 = tile.import_peer_buffer "nest_c2v_slot_buffer" from @nest_aiv
// CHECK-NEXT:     %1 = tile.reserve_buffer "nest_v2c_slot_buffer" size 8192 in mat
// CHECK-NEXT:     tile.aic_initialize_pipe %0, %1 gm_slot_buffer(%gm_pipe : memref<1xf32>) {dir_mask = 3 : i64, slot_size = 4096 : i64, slot_num = 2 : i64}
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c2 = arith.constant 2 : index
// CHECK-NEXT:     %wm = tile.load %w[%c0, %c0] : memref<32x32xf16> -> !tile.tile<32x32xf16, mat>
// CHECK-NEXT:     %wr = tile.move %wm : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, right>
// CHECK-NEXT:     scf.for %i = %c0 to %c2 step %c1 {
// CHECK-NEXT:       %g = tile.tpop_from_aiv {split = 0 : i64} : !tile.tile<32x32xf16, mat>
// CHECK-NEXT:       scf.for %j = %c0 to %c2 step %c1 {
// CHECK-NEXT:         %gl = tile.move %g : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, left>
// CHECK-NEXT:         %acc = tile.matmul %gl, %wr : (!tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>) -> !tile.tile<32x32xf32, acc>
// CHECK-NEXT:         tile.tpush_to_aiv %acc {split = 0 : i64} : !tile.tile<32x32xf32, acc>
// CHECK-NEXT:       }
// CHECK-NEXT:       tile.tfree_to_aiv %g {split = 0 : i64} : !tile.tile<32x32xf16, mat>
// CHECK-NEXT:     }
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @nest_aiv(%x: memref<64x32xf32>, %w: memref<32x32xf16>, %out: memref<64x32xf16> {tile.out}, %gm_pipe: memref<1xf32> {tile.out}) attributes {tile.function_kind = "aiv"} {
// CHECK-NEXT:     %0 = tile.reserve_buffer "nest_c2v_slot_buffer" size 8192 in vec
// CHECK-NEXT:     %1 = tile.import_peer_buffer "nest_v2c_slot_buffer" from @nest_aic
// CHECK-NEXT:     tile.aiv_initialize_pipe %0, %1 gm_slot_buffer(%gm_pipe : memref<1xf32>) {dir_mask = 3 : i64, slot_size = 4096 : i64, slot_num = 2 : i64}
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c2 = arith.constant 2 : index
// CHECK-NEXT:     %c32 = arith.constant 32 : index
// CHECK-NEXT:     scf.for %i = %c0 to %c2 step %c1 {
// CHECK-NEXT:       %row = arith.muli %i, %c32 : index
// CHECK-NEXT:       %xv = tile.load %x[%row, %c0] : memref<64x32xf32> -> !tile.tile<32x32xf32, vec>
// CHECK-NEXT:       %xh = tile.cast %xv {mode = "rint"} : (!tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf16, vec>
// CHECK-NEXT:       tile.tpush_to_aic %xh {split = 0 : i64} : !tile.tile<32x32xf16, vec>
// CHECK-NEXT:       scf.for %j = %c0 to %c2 step %c1 {
// CHECK-NEXT:         %h = tile.tpop_from_aic {split = 0 : i64} : !tile.tile<32x32xf16, vec>
// CHECK-NEXT:         tile.store %h, %out[%row, %c0] : !tile.tile<32x32xf16, vec>, memref<64x32xf16>
// CHECK-NEXT:         tile.tfree_to_aic %h {split = 0 : i64} : !tile.tile<32x32xf16, vec>
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @nest(%x: memref<64x32xf32>, %w: memref<32x32xf16>, %out: memref<64x32xf16> {tile.out}, %gm_pipe: memref<1xf32> {tile.out}) attributes {tile.function_kind = "group"} {
// CHECK-NEXT:     func.call @nest_aic(%x, %w, %out, %gm_pipe) : (memref<64x32xf32>, memref<32x32xf16>, memref<64x32xf16>, memref<1xf32>) -> ()
// CHECK-NEXT:     func.call @nest_aiv(%x, %w, %out, %gm_pipe) : (memref<64x32xf32>, memref<32x32xf16>, memref<64x32xf16>, memref<1xf32>) -> ()
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// A3: func.func private @both_aic(%x: !pto.ptr<f16>, %w: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_pipe: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
// A3: %3 = pto.import_reserved_buffer {name = "both_c2v_slot_buffer", peer_func = @both_aiv} -> i32
// A3: %4 = pto.reserve_buffer {name = "both_v2c_slot_buffer", size = 4096, location = #pto.address_space<mat>, auto = false, base = 0} -> i32
// A3: pto.aic_initialize_pipe {dir_mask = 3, slot_size = 2048, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// A3: %g = pto.tpop_from_aiv {split = 1} -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// A3: pto.tfree_from_aiv {split = 1}
// A3: pto.tpush_to_aiv(%acc : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 1}
// A3: func.func private @both_aiv(%x: !pto.ptr<f16>, %w: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_pipe: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// A3: %3 = pto.reserve_buffer {name = "both_c2v_slot_buffer", size = 4096, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
// A3: %4 = pto.import_reserved_buffer {name = "both_v2c_slot_buffer", peer_func = @both_aic} -> i32
// A3: pto.aiv_initialize_pipe {dir_mask = 3, slot_size = 2048, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// A3: pto.tpush_to_aic(%xv : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {split = 1}
// A3: %h = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// A3: pto.tfree_from_aic {split = 1}
// A3: func.func @both(%x: !pto.ptr<f16>, %w: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_pipe: !pto.ptr<f32>) attributes {pto.entry} {
// A3: func.call @both_aic(%x, %w, %out, %gm_pipe) : (!pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>, !pto.ptr<f32>) -> ()
// A3: func.call @both_aiv(%x, %w, %out, %gm_pipe) : (!pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>, !pto.ptr<f32>) -> ()
// A3: func.func private @conv_aic(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %out: !pto.ptr<f16>, %gm_pipe: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
// A3: %3 = pto.import_reserved_buffer {name = "conv_c2v_slot_buffer", peer_func = @conv_aiv} -> i32
// A3: pto.aic_initialize_pipe {dir_mask = 1, slot_size = 4096, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// A3: pto.tpush_to_aiv(%acc : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 0}
// A3: func.func private @conv_aiv(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %out: !pto.ptr<f16>, %gm_pipe: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// A3: %3 = pto.reserve_buffer {name = "conv_c2v_slot_buffer", size = 8192, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
// A3: pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 4096, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// A3: %h = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// A3: pto.tfree_from_aic {split = 0}
// A3: func.func @conv(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %out: !pto.ptr<f16>, %gm_pipe: !pto.ptr<f32>) attributes {pto.entry} {
// A3: func.call @conv_aic(%a, %b, %out, %gm_pipe) : (!pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>) -> ()
// A3: func.call @conv_aiv(%a, %b, %out, %gm_pipe) : (!pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>) -> ()
// A3: func.func private @blocks_aic(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_pipe: !pto.ptr<f32>, %__pypto_spmd_block_idx: i32, %__pypto_spmd_block_num: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
// A3: %3 = pto.import_reserved_buffer {name = "blocks_c2v_slot_buffer", peer_func = @blocks_aiv} -> i32
// A3: pto.aic_initialize_pipe {dir_mask = 1, slot_size = 2048, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// A3: pto.tpush_to_aiv(%acc : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 1}
// A3: func.func private @blocks_aiv(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_pipe: !pto.ptr<f32>, %__pypto_spmd_block_idx: i32, %__pypto_spmd_block_num: i32) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// A3: %3 = pto.reserve_buffer {name = "blocks_c2v_slot_buffer", size = 4096, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
// A3: pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 2048, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// A3: %5 = pto.get_subblock_idx
// A3: %h = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// A3: pto.tfree_from_aic {split = 1}
// A3: func.func @blocks(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_pipe: !pto.ptr<f32>, %__pypto_spmd_block_idx: i32, %__pypto_spmd_block_num: i32) attributes {pto.entry} {
// A3: func.call @blocks_aic(%a, %b, %out, %gm_pipe, %__pypto_spmd_block_idx, %__pypto_spmd_block_num) : (!pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>, !pto.ptr<f32>, i32, i32) -> ()
// A3: func.call @blocks_aiv(%a, %b, %out, %gm_pipe, %__pypto_spmd_block_idx, %__pypto_spmd_block_num) : (!pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>, !pto.ptr<f32>, i32, i32) -> ()
// A3: func.func private @nest_aic(%x: !pto.ptr<f32>, %w: !pto.ptr<f16>, %out: !pto.ptr<f16>, %gm_pipe: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
// A3: %3 = pto.import_reserved_buffer {name = "nest_c2v_slot_buffer", peer_func = @nest_aiv} -> i32
// A3: %4 = pto.reserve_buffer {name = "nest_v2c_slot_buffer", size = 8192, location = #pto.address_space<mat>, auto = false, base = 0} -> i32
// A3: pto.aic_initialize_pipe {dir_mask = 3, slot_size = 4096, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// A3: %g = pto.tpop_from_aiv {split = 0} -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// A3: pto.tpush_to_aiv(%acc : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 0}
// A3: pto.tfree_from_aiv {split = 0}
// A3: func.func private @nest_aiv(%x: !pto.ptr<f32>, %w: !pto.ptr<f16>, %out: !pto.ptr<f16>, %gm_pipe: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// A3: %3 = pto.reserve_buffer {name = "nest_c2v_slot_buffer", size = 8192, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
// A3: %4 = pto.import_reserved_buffer {name = "nest_v2c_slot_buffer", peer_func = @nest_aic} -> i32
// A3: pto.aiv_initialize_pipe {dir_mask = 3, slot_size = 4096, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// A3: pto.tpush_to_aic(%xh : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {split = 0}
// A3: %h = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// A3: pto.tfree_from_aic {split = 0}
// A3: func.func @nest(%x: !pto.ptr<f32>, %w: !pto.ptr<f16>, %out: !pto.ptr<f16>, %gm_pipe: !pto.ptr<f32>) attributes {pto.entry} {
// A3: func.call @nest_aic(%x, %w, %out, %gm_pipe) : (!pto.ptr<f32>, !pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>) -> ()
// A3: func.call @nest_aiv(%x, %w, %out, %gm_pipe) : (!pto.ptr<f32>, !pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>) -> ()

// A5: func.func private @both_aic(%x: !pto.ptr<f16>, %w: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_pipe: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
// A5: %3 = pto.import_reserved_buffer {name = "both_c2v_slot_buffer", peer_func = @both_aiv} -> i32
// A5: %4 = pto.reserve_buffer {name = "both_v2c_slot_buffer", size = 4096, location = #pto.address_space<mat>, auto = false, base = 0} -> i32
// A5: pto.aic_initialize_pipe {dir_mask = 3, slot_size = 2048, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// A5: %g = pto.tpop_from_aiv {split = 1} -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// A5: pto.tfree_from_aiv {split = 1}
// A5: pto.tpush_to_aiv(%acc : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 1}
// A5: func.func private @both_aiv(%x: !pto.ptr<f16>, %w: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_pipe: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// A5: %3 = pto.reserve_buffer {name = "both_c2v_slot_buffer", size = 4096, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
// A5: %4 = pto.import_reserved_buffer {name = "both_v2c_slot_buffer", peer_func = @both_aic} -> i32
// A5: pto.aiv_initialize_pipe {dir_mask = 3, slot_size = 2048, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// A5: pto.tpush_to_aic(%xv : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {split = 1}
// A5: %h = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// A5: pto.tfree_from_aic {split = 1}
// A5: func.func @both(%x: !pto.ptr<f16>, %w: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_pipe: !pto.ptr<f32>) attributes {pto.entry} {
// A5: func.call @both_aic(%x, %w, %out, %gm_pipe) : (!pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>, !pto.ptr<f32>) -> ()
// A5: func.call @both_aiv(%x, %w, %out, %gm_pipe) : (!pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>, !pto.ptr<f32>) -> ()
// A5: func.func private @conv_aic(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %out: !pto.ptr<f16>, %gm_pipe: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
// A5: %3 = pto.import_reserved_buffer {name = "conv_c2v_slot_buffer", peer_func = @conv_aiv} -> i32
// A5: pto.aic_initialize_pipe {dir_mask = 1, slot_size = 4096, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// A5: pto.tpush_to_aiv(%acc : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 0}
// A5: func.func private @conv_aiv(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %out: !pto.ptr<f16>, %gm_pipe: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// A5: %3 = pto.reserve_buffer {name = "conv_c2v_slot_buffer", size = 8192, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
// A5: pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 4096, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// A5: %h = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// A5: pto.tfree_from_aic {split = 0}
// A5: func.func @conv(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %out: !pto.ptr<f16>, %gm_pipe: !pto.ptr<f32>) attributes {pto.entry} {
// A5: func.call @conv_aic(%a, %b, %out, %gm_pipe) : (!pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>) -> ()
// A5: func.call @conv_aiv(%a, %b, %out, %gm_pipe) : (!pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>) -> ()
// A5: func.func private @blocks_aic(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_pipe: !pto.ptr<f32>, %__pypto_spmd_block_idx: i32, %__pypto_spmd_block_num: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
// A5: %3 = pto.import_reserved_buffer {name = "blocks_c2v_slot_buffer", peer_func = @blocks_aiv} -> i32
// A5: pto.aic_initialize_pipe {dir_mask = 1, slot_size = 2048, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// A5: pto.tpush_to_aiv(%acc : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 1}
// A5: func.func private @blocks_aiv(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_pipe: !pto.ptr<f32>, %__pypto_spmd_block_idx: i32, %__pypto_spmd_block_num: i32) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// A5: %3 = pto.reserve_buffer {name = "blocks_c2v_slot_buffer", size = 4096, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
// A5: pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 2048, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// A5: %5 = pto.get_subblock_idx
// A5: %h = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// A5: pto.tfree_from_aic {split = 1}
// A5: func.func @blocks(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_pipe: !pto.ptr<f32>, %__pypto_spmd_block_idx: i32, %__pypto_spmd_block_num: i32) attributes {pto.entry} {
// A5: func.call @blocks_aic(%a, %b, %out, %gm_pipe, %__pypto_spmd_block_idx, %__pypto_spmd_block_num) : (!pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>, !pto.ptr<f32>, i32, i32) -> ()
// A5: func.call @blocks_aiv(%a, %b, %out, %gm_pipe, %__pypto_spmd_block_idx, %__pypto_spmd_block_num) : (!pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>, !pto.ptr<f32>, i32, i32) -> ()
// A5: func.func private @nest_aic(%x: !pto.ptr<f32>, %w: !pto.ptr<f16>, %out: !pto.ptr<f16>, %gm_pipe: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
// A5: %3 = pto.import_reserved_buffer {name = "nest_c2v_slot_buffer", peer_func = @nest_aiv} -> i32
// A5: %4 = pto.reserve_buffer {name = "nest_v2c_slot_buffer", size = 8192, location = #pto.address_space<mat>, auto = false, base = 0} -> i32
// A5: pto.aic_initialize_pipe {dir_mask = 3, slot_size = 4096, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// A5: %g = pto.tpop_from_aiv {split = 0} -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// A5: pto.tpush_to_aiv(%acc : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 0}
// A5: pto.tfree_from_aiv {split = 0}
// A5: func.func private @nest_aiv(%x: !pto.ptr<f32>, %w: !pto.ptr<f16>, %out: !pto.ptr<f16>, %gm_pipe: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// A5: %3 = pto.reserve_buffer {name = "nest_c2v_slot_buffer", size = 8192, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
// A5: %4 = pto.import_reserved_buffer {name = "nest_v2c_slot_buffer", peer_func = @nest_aic} -> i32
// A5: pto.aiv_initialize_pipe {dir_mask = 3, slot_size = 4096, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// A5: pto.tpush_to_aic(%xh : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {split = 0}
// A5: %h = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// A5: pto.tfree_from_aic {split = 0}
// A5: func.func @nest(%x: !pto.ptr<f32>, %w: !pto.ptr<f16>, %out: !pto.ptr<f16>, %gm_pipe: !pto.ptr<f32>) attributes {pto.entry} {
// A5: func.call @nest_aic(%x, %w, %out, %gm_pipe) : (!pto.ptr<f32>, !pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>) -> ()
// A5: func.call @nest_aiv(%x, %w, %out, %gm_pipe) : (!pto.ptr<f32>, !pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>) -> ()

// PTOAS: func.func private @both_aic(%x: !pto.ptr<f16>, %w: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_pipe: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
// PTOAS: %3 = pto.import_reserved_buffer {name = "both_c2v_slot_buffer", peer_func = @both_aiv} -> i32
// PTOAS: %4 = pto.reserve_buffer {name = "both_v2c_slot_buffer", size = 4096, location = #pto.address_space<mat>, auto = true} -> i32
// PTOAS: pto.aic_initialize_pipe {dir_mask = 3, slot_size = 2048, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// PTOAS: %g = pto.tpop_from_aiv {split = 1} -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// PTOAS: pto.tfree_from_aiv {split = 1}
// PTOAS: pto.tpush_to_aiv(%acc : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 1}
// PTOAS: func.func private @both_aiv(%x: !pto.ptr<f16>, %w: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_pipe: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// PTOAS: %3 = pto.reserve_buffer {name = "both_c2v_slot_buffer", size = 4096, location = #pto.address_space<vec>, auto = true} -> i32
// PTOAS: %4 = pto.import_reserved_buffer {name = "both_v2c_slot_buffer", peer_func = @both_aic} -> i32
// PTOAS: pto.aiv_initialize_pipe {dir_mask = 3, slot_size = 2048, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// PTOAS: pto.tpush_to_aic(%xs : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {split = 1}
// PTOAS: %h = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// PTOAS: pto.tfree_from_aic {split = 1}
// PTOAS: func.func @both(%x: !pto.ptr<f16>, %w: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_pipe: !pto.ptr<f32>) attributes {pto.entry} {
// PTOAS: func.call @both_aic(%x, %w, %out, %gm_pipe) : (!pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>, !pto.ptr<f32>) -> ()
// PTOAS: func.call @both_aiv(%x, %w, %out, %gm_pipe) : (!pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>, !pto.ptr<f32>) -> ()
// PTOAS: func.func private @conv_aic(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %out: !pto.ptr<f16>, %gm_pipe: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
// PTOAS: %3 = pto.import_reserved_buffer {name = "conv_c2v_slot_buffer", peer_func = @conv_aiv} -> i32
// PTOAS: pto.aic_initialize_pipe {dir_mask = 1, slot_size = 4096, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// PTOAS: pto.tpush_to_aiv(%acc : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 0}
// PTOAS: func.func private @conv_aiv(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %out: !pto.ptr<f16>, %gm_pipe: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// PTOAS: %3 = pto.reserve_buffer {name = "conv_c2v_slot_buffer", size = 8192, location = #pto.address_space<vec>, auto = true} -> i32
// PTOAS: pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 4096, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// PTOAS: %h = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// PTOAS: pto.tfree_from_aic {split = 0}
// PTOAS: func.func @conv(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %out: !pto.ptr<f16>, %gm_pipe: !pto.ptr<f32>) attributes {pto.entry} {
// PTOAS: func.call @conv_aic(%a, %b, %out, %gm_pipe) : (!pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>) -> ()
// PTOAS: func.call @conv_aiv(%a, %b, %out, %gm_pipe) : (!pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>) -> ()
// PTOAS: func.func private @blocks_aic(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_pipe: !pto.ptr<f32>, %__pypto_spmd_block_idx: i32, %__pypto_spmd_block_num: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
// PTOAS: %3 = pto.import_reserved_buffer {name = "blocks_c2v_slot_buffer", peer_func = @blocks_aiv} -> i32
// PTOAS: pto.aic_initialize_pipe {dir_mask = 1, slot_size = 2048, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// PTOAS: pto.tpush_to_aiv(%acc : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 1}
// PTOAS: func.func private @blocks_aiv(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_pipe: !pto.ptr<f32>, %__pypto_spmd_block_idx: i32, %__pypto_spmd_block_num: i32) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// PTOAS: %3 = pto.reserve_buffer {name = "blocks_c2v_slot_buffer", size = 4096, location = #pto.address_space<vec>, auto = true} -> i32
// PTOAS: pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 2048, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// PTOAS: %5 = pto.get_subblock_idx
// PTOAS: %h = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// PTOAS: pto.tfree_from_aic {split = 1}
// PTOAS: func.func @blocks(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_pipe: !pto.ptr<f32>, %__pypto_spmd_block_idx: i32, %__pypto_spmd_block_num: i32) attributes {pto.entry} {
// PTOAS: func.call @blocks_aic(%a, %b, %out, %gm_pipe, %__pypto_spmd_block_idx, %__pypto_spmd_block_num) : (!pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>, !pto.ptr<f32>, i32, i32) -> ()
// PTOAS: func.call @blocks_aiv(%a, %b, %out, %gm_pipe, %__pypto_spmd_block_idx, %__pypto_spmd_block_num) : (!pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>, !pto.ptr<f32>, i32, i32) -> ()
// PTOAS: func.func private @nest_aic(%x: !pto.ptr<f32>, %w: !pto.ptr<f16>, %out: !pto.ptr<f16>, %gm_pipe: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
// PTOAS: %3 = pto.import_reserved_buffer {name = "nest_c2v_slot_buffer", peer_func = @nest_aiv} -> i32
// PTOAS: %4 = pto.reserve_buffer {name = "nest_v2c_slot_buffer", size = 8192, location = #pto.address_space<mat>, auto = true} -> i32
// PTOAS: pto.aic_initialize_pipe {dir_mask = 3, slot_size = 4096, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// PTOAS: %g = pto.tpop_from_aiv {split = 0} -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// PTOAS: pto.tpush_to_aiv(%acc : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 0}
// PTOAS: pto.tfree_from_aiv {split = 0}
// PTOAS: func.func private @nest_aiv(%x: !pto.ptr<f32>, %w: !pto.ptr<f16>, %out: !pto.ptr<f16>, %gm_pipe: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// PTOAS: %3 = pto.reserve_buffer {name = "nest_c2v_slot_buffer", size = 8192, location = #pto.address_space<vec>, auto = true} -> i32
// PTOAS: %4 = pto.import_reserved_buffer {name = "nest_v2c_slot_buffer", peer_func = @nest_aic} -> i32
// PTOAS: pto.aiv_initialize_pipe {dir_mask = 3, slot_size = 4096, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// PTOAS: pto.tpush_to_aic(%xh : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {split = 0}
// PTOAS: %h = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// PTOAS: pto.tfree_from_aic {split = 0}
// PTOAS: func.func @nest(%x: !pto.ptr<f32>, %w: !pto.ptr<f16>, %out: !pto.ptr<f16>, %gm_pipe: !pto.ptr<f32>) attributes {pto.entry} {
// PTOAS: func.call @nest_aic(%x, %w, %out, %gm_pipe) : (!pto.ptr<f32>, !pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>) -> ()
// PTOAS: func.call @nest_aiv(%x, %w, %out, %gm_pipe) : (!pto.ptr<f32>, !pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>) -> ()

// DSA: func.func private @both_aic(%x: !pto.ptr<f16>, %w: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_pipe: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
// DSA: %3 = pto.import_reserved_buffer {name = "both_c2v_slot_buffer", peer_func = @both_aiv} -> i32
// DSA: %4 = pto.reserve_buffer {name = "both_v2c_slot_buffer", size = 4096, location = #pto.address_space<mat>, auto = false, base = 0} -> i32
// DSA: pto.aic_initialize_pipe {dir_mask = 3, slot_size = 2048, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// DSA: %g = pto.tpop_from_aiv {split = 1} -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// DSA: pto.tfree_from_aiv {split = 1}
// DSA: pto.tpush_to_aiv(%acc : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 1}
// DSA: func.func private @both_aiv(%x: !pto.ptr<f16>, %w: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_pipe: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// DSA: %3 = pto.reserve_buffer {name = "both_c2v_slot_buffer", size = 4096, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
// DSA: %4 = pto.import_reserved_buffer {name = "both_v2c_slot_buffer", peer_func = @both_aic} -> i32
// DSA: pto.aiv_initialize_pipe {dir_mask = 3, slot_size = 2048, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// DSA: pto.tpush_to_aic(%xv : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {split = 1}
// DSA: %h = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// DSA: pto.tfree_from_aic {split = 1}
// DSA: func.func @both(%x: !pto.ptr<f16>, %w: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_pipe: !pto.ptr<f32>) attributes {pto.entry} {
// DSA: func.call @both_aic(%x, %w, %out, %gm_pipe) : (!pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>, !pto.ptr<f32>) -> ()
// DSA: func.call @both_aiv(%x, %w, %out, %gm_pipe) : (!pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>, !pto.ptr<f32>) -> ()
// DSA: func.func private @conv_aic(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %out: !pto.ptr<f16>, %gm_pipe: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
// DSA: %3 = pto.import_reserved_buffer {name = "conv_c2v_slot_buffer", peer_func = @conv_aiv} -> i32
// DSA: pto.aic_initialize_pipe {dir_mask = 1, slot_size = 4096, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// DSA: pto.tpush_to_aiv(%acc : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 0}
// DSA: func.func private @conv_aiv(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %out: !pto.ptr<f16>, %gm_pipe: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// DSA: %3 = pto.reserve_buffer {name = "conv_c2v_slot_buffer", size = 8192, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
// DSA: pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 4096, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// DSA: %h = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// DSA: pto.tfree_from_aic {split = 0}
// DSA: func.func @conv(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %out: !pto.ptr<f16>, %gm_pipe: !pto.ptr<f32>) attributes {pto.entry} {
// DSA: func.call @conv_aic(%a, %b, %out, %gm_pipe) : (!pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>) -> ()
// DSA: func.call @conv_aiv(%a, %b, %out, %gm_pipe) : (!pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>) -> ()
// DSA: func.func private @blocks_aic(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_pipe: !pto.ptr<f32>, %__pypto_spmd_block_idx: i32, %__pypto_spmd_block_num: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
// DSA: %3 = pto.import_reserved_buffer {name = "blocks_c2v_slot_buffer", peer_func = @blocks_aiv} -> i32
// DSA: pto.aic_initialize_pipe {dir_mask = 1, slot_size = 2048, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// DSA: pto.tpush_to_aiv(%acc : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 1}
// DSA: func.func private @blocks_aiv(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_pipe: !pto.ptr<f32>, %__pypto_spmd_block_idx: i32, %__pypto_spmd_block_num: i32) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// DSA: %3 = pto.reserve_buffer {name = "blocks_c2v_slot_buffer", size = 4096, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
// DSA: pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 2048, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// DSA: %5 = pto.get_subblock_idx
// DSA: %h = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// DSA: pto.tfree_from_aic {split = 1}
// DSA: func.func @blocks(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %out: !pto.ptr<f32>, %gm_pipe: !pto.ptr<f32>, %__pypto_spmd_block_idx: i32, %__pypto_spmd_block_num: i32) attributes {pto.entry} {
// DSA: func.call @blocks_aic(%a, %b, %out, %gm_pipe, %__pypto_spmd_block_idx, %__pypto_spmd_block_num) : (!pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>, !pto.ptr<f32>, i32, i32) -> ()
// DSA: func.call @blocks_aiv(%a, %b, %out, %gm_pipe, %__pypto_spmd_block_idx, %__pypto_spmd_block_num) : (!pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>, !pto.ptr<f32>, i32, i32) -> ()
// DSA: func.func private @nest_aic(%x: !pto.ptr<f32>, %w: !pto.ptr<f16>, %out: !pto.ptr<f16>, %gm_pipe: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
// DSA: %3 = pto.import_reserved_buffer {name = "nest_c2v_slot_buffer", peer_func = @nest_aiv} -> i32
// DSA: %4 = pto.reserve_buffer {name = "nest_v2c_slot_buffer", size = 8192, location = #pto.address_space<mat>, auto = false, base = 0} -> i32
// DSA: pto.aic_initialize_pipe {dir_mask = 3, slot_size = 4096, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// DSA: %g = pto.tpop_from_aiv {split = 0} -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// DSA: pto.tpush_to_aiv(%acc : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 0}
// DSA: pto.tfree_from_aiv {split = 0}
// DSA: func.func private @nest_aiv(%x: !pto.ptr<f32>, %w: !pto.ptr<f16>, %out: !pto.ptr<f16>, %gm_pipe: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// DSA: %3 = pto.reserve_buffer {name = "nest_c2v_slot_buffer", size = 8192, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
// DSA: %4 = pto.import_reserved_buffer {name = "nest_v2c_slot_buffer", peer_func = @nest_aic} -> i32
// DSA: pto.aiv_initialize_pipe {dir_mask = 3, slot_size = 4096, slot_num = 2} (gm_slot_buffer = %gm_pipe : !pto.ptr<f32>, c2v_consumer_buf = %3 : i32, v2c_consumer_buf = %4 : i32)
// DSA: pto.tpush_to_aic(%xh : !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {split = 0}
// DSA: %h = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// DSA: pto.tfree_from_aic {split = 0}
// DSA: func.func @nest(%x: !pto.ptr<f32>, %w: !pto.ptr<f16>, %out: !pto.ptr<f16>, %gm_pipe: !pto.ptr<f32>) attributes {pto.entry} {
// DSA: func.call @nest_aic(%x, %w, %out, %gm_pipe) : (!pto.ptr<f32>, !pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>) -> ()
// DSA: func.call @nest_aiv(%x, %w, %out, %gm_pipe) : (!pto.ptr<f32>, !pto.ptr<f16>, !pto.ptr<f16>, !pto.ptr<f32>) -> ()
