// RUN: rm -rf %t.d && mkdir %t.d
// RUN: xdsl-pto import-pypto %examples/pypto/e2_flash_attn_plainmove.py -o %t.d/e2.mlir
// RUN: xdsl-opt -p 'pto-plan-memory{backend=a3}' %t.d/e2.mlir -o %t.d/planned.mlir
// RUN: xdsl-pto memory-map %t.d/planned.mlir -o %t.d/map.html
// RUN: grep -o '"hovertext":\["reserved [^]]*\]' %t.d/map.html | filecheck %s --check-prefix=HOVER
// RUN: grep -o '"name":"@kernel_[a-z]* reserved [^,]*,"opacity":[0-9.]*,"orientation":"h","width":\[[0-9]*\],"x":\[[0-9]*\]' %t.d/map.html | filecheck %s --check-prefix=BAND
// RUN: grep -o '"text":"@kernel_a[a-z]*: [mv][ae][tc] [^"]*"' %t.d/map.html | filecheck %s --check-prefix=TITLE
// RUN: xdsl-pto memory-map %t.d/planned.mlir -o %t.d/map.png
// RUN: python -c "import sys; d = open(sys.argv[1], 'rb').read(); print(d[1:4].decode())" %t.d/map.png | filecheck %s --check-prefix=PNG

// The e2 flash-attention import (a3): each reserved 64 KiB ring is a grey
// band over bytes [0, 65536) of its space and the whole program (from -1
// to the last statement: 33 high for the cube function's 32 statements,
// 104 for the vector function's 103), named in its hover; LOAD includes
// the floor.

// HOVER:      "hovertext":["reserved \"kernel_v2c_slot_buffer\": tile.reserve_buffer at {{.*}}planned.mlir:{{[0-9]+}}:{{[0-9]+}}\u003cbr\u003emat [0, 65536): 65536 bytes, for the whole program"]
// HOVER-NEXT: "hovertext":["reserved \"kernel_c2v_slot_buffer\": tile.reserve_buffer at {{.*}}planned.mlir:{{[0-9]+}}:{{[0-9]+}}\u003cbr\u003evec [0, 65536): 65536 bytes, for the whole program"]

// BAND:      "name":"@kernel_aic reserved \"kernel_v2c_slot_buffer\"","opacity":0.6,"orientation":"h","width":[33],"x":[65536]
// BAND-NEXT: "name":"@kernel_aiv reserved \"kernel_c2v_slot_buffer\"","opacity":0.6,"orientation":"h","width":[104],"x":[65536]

// TITLE:      "text":"@kernel_aic: mat -- used 81920 B, LOAD 81920 B, used\u002fLOAD 1.000, roots 3 before reuse, 1 after"
// TITLE-NEXT: "text":"@kernel_aiv: vec -- used 181248 B, LOAD 164608 B, used\u002fLOAD 1.101, roots 46 before reuse, 8 after"

// PNG: {{^}}PNG{{$}}
