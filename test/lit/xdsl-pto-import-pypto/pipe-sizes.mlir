// A pypto dump whose pipe ring is smaller than its slots, or which pushes a
// tile larger than a slot, is refused at import, located in the .py, with no
// output (the verifiers of tile.aiv_initialize_pipe / tile.tpush_to_aiv:
// test/lit/tile-dialect/pipe-slots-invalid.mlir), so no planner sees it. The
// breaker's gemm_eltwise_tile_aiv with its ring edited from 8192 to 1024
// bytes was planned with a tile inside the ring's second slot; its
// mm_big_aic.py pushed 8192 bytes through slots of 4096.
// RUN: rm -f %t.ring.mlir %t.slot.mlir
// RUN: not xdsl-pto import-pypto %S/Inputs/err_ring_small.py -o %t.ring.mlir 2>&1 | filecheck %s --check-prefix=RING
// RUN: not ls %t.ring.mlir
// RING: {{^}}{{.*}}err_ring_small.py:9:9: error: tile.aiv_initialize_pipe in @kernel_aiv: the cube to vector ring "kernel_c2v_slot_buffer" (the tile.reserve_buffer at {{.*}}err_ring_small.py:8:37) has 1024 bytes, but the pipe keeps 2 slots of slot_size = 4096 bytes in it (slot_num = 2): reserve at least 8192 bytes, or lower the slot count or slot_size (pypto-docs/operators.md: size the reserved buffer slot_size x local_slot_num on a2/a3, slot_size x slot_num on a5){{$}}
// RING-NOT: {{.}}
// RUN: not xdsl-pto import-pypto %S/Inputs/err_slot_small.py -o %t.slot.mlir 2>&1 | filecheck %s --check-prefix=SLOT
// RUN: not ls %t.slot.mlir
// SLOT: {{^}}{{.*}}err_slot_small.py:15:9: error: tile.tpush_to_aiv in @kernel_aic: the pushed tile (16x128xf32, 8192 bytes) does not fit a slot of pipe id 0: the tile.aic_initialize_pipe at {{.*}}err_slot_small.py:9:9 sets slot_size = 4096; raise slot_size to at least 8192 on both sides of the pipe (and the ring with it) or move a smaller tile{{$}}
// SLOT-NOT: {{.}}
