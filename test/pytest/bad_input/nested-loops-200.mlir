// Issue 25: 200 nested scf.for (a RecursionError traceback of 196 KB)
// COMMAND: xdsl-opt -p 'pto-compile{backend=a3}' INPUT -o OUTPUT
// ERROR: INPUT:70:36: error: regions nest more than 64 deep here; at most 64 levels of nesting are supported
func.func @k(%a: memref<16x64xf32>) {
%c0 = arith.constant 0 : index
%c1 = arith.constant 1 : index
scf.for %i0 = %c0 to %c1 step %c1 {
scf.for %i1 = %c0 to %c1 step %c1 {
scf.for %i2 = %c0 to %c1 step %c1 {
scf.for %i3 = %c0 to %c1 step %c1 {
scf.for %i4 = %c0 to %c1 step %c1 {
scf.for %i5 = %c0 to %c1 step %c1 {
scf.for %i6 = %c0 to %c1 step %c1 {
scf.for %i7 = %c0 to %c1 step %c1 {
scf.for %i8 = %c0 to %c1 step %c1 {
scf.for %i9 = %c0 to %c1 step %c1 {
scf.for %i10 = %c0 to %c1 step %c1 {
scf.for %i11 = %c0 to %c1 step %c1 {
scf.for %i12 = %c0 to %c1 step %c1 {
scf.for %i13 = %c0 to %c1 step %c1 {
scf.for %i14 = %c0 to %c1 step %c1 {
scf.for %i15 = %c0 to %c1 step %c1 {
scf.for %i16 = %c0 to %c1 step %c1 {
scf.for %i17 = %c0 to %c1 step %c1 {
scf.for %i18 = %c0 to %c1 step %c1 {
scf.for %i19 = %c0 to %c1 step %c1 {
scf.for %i20 = %c0 to %c1 step %c1 {
scf.for %i21 = %c0 to %c1 step %c1 {
scf.for %i22 = %c0 to %c1 step %c1 {
scf.for %i23 = %c0 to %c1 step %c1 {
scf.for %i24 = %c0 to %c1 step %c1 {
scf.for %i25 = %c0 to %c1 step %c1 {
scf.for %i26 = %c0 to %c1 step %c1 {
scf.for %i27 = %c0 to %c1 step %c1 {
scf.for %i28 = %c0 to %c1 step %c1 {
scf.for %i29 = %c0 to %c1 step %c1 {
scf.for %i30 = %c0 to %c1 step %c1 {
scf.for %i31 = %c0 to %c1 step %c1 {
scf.for %i32 = %c0 to %c1 step %c1 {
scf.for %i33 = %c0 to %c1 step %c1 {
scf.for %i34 = %c0 to %c1 step %c1 {
scf.for %i35 = %c0 to %c1 step %c1 {
scf.for %i36 = %c0 to %c1 step %c1 {
scf.for %i37 = %c0 to %c1 step %c1 {
scf.for %i38 = %c0 to %c1 step %c1 {
scf.for %i39 = %c0 to %c1 step %c1 {
scf.for %i40 = %c0 to %c1 step %c1 {
scf.for %i41 = %c0 to %c1 step %c1 {
scf.for %i42 = %c0 to %c1 step %c1 {
scf.for %i43 = %c0 to %c1 step %c1 {
scf.for %i44 = %c0 to %c1 step %c1 {
scf.for %i45 = %c0 to %c1 step %c1 {
scf.for %i46 = %c0 to %c1 step %c1 {
scf.for %i47 = %c0 to %c1 step %c1 {
scf.for %i48 = %c0 to %c1 step %c1 {
scf.for %i49 = %c0 to %c1 step %c1 {
scf.for %i50 = %c0 to %c1 step %c1 {
scf.for %i51 = %c0 to %c1 step %c1 {
scf.for %i52 = %c0 to %c1 step %c1 {
scf.for %i53 = %c0 to %c1 step %c1 {
scf.for %i54 = %c0 to %c1 step %c1 {
scf.for %i55 = %c0 to %c1 step %c1 {
scf.for %i56 = %c0 to %c1 step %c1 {
scf.for %i57 = %c0 to %c1 step %c1 {
scf.for %i58 = %c0 to %c1 step %c1 {
scf.for %i59 = %c0 to %c1 step %c1 {
scf.for %i60 = %c0 to %c1 step %c1 {
scf.for %i61 = %c0 to %c1 step %c1 {
scf.for %i62 = %c0 to %c1 step %c1 {
scf.for %i63 = %c0 to %c1 step %c1 {
scf.for %i64 = %c0 to %c1 step %c1 {
scf.for %i65 = %c0 to %c1 step %c1 {
scf.for %i66 = %c0 to %c1 step %c1 {
scf.for %i67 = %c0 to %c1 step %c1 {
scf.for %i68 = %c0 to %c1 step %c1 {
scf.for %i69 = %c0 to %c1 step %c1 {
scf.for %i70 = %c0 to %c1 step %c1 {
scf.for %i71 = %c0 to %c1 step %c1 {
scf.for %i72 = %c0 to %c1 step %c1 {
scf.for %i73 = %c0 to %c1 step %c1 {
scf.for %i74 = %c0 to %c1 step %c1 {
scf.for %i75 = %c0 to %c1 step %c1 {
scf.for %i76 = %c0 to %c1 step %c1 {
scf.for %i77 = %c0 to %c1 step %c1 {
scf.for %i78 = %c0 to %c1 step %c1 {
scf.for %i79 = %c0 to %c1 step %c1 {
scf.for %i80 = %c0 to %c1 step %c1 {
scf.for %i81 = %c0 to %c1 step %c1 {
scf.for %i82 = %c0 to %c1 step %c1 {
scf.for %i83 = %c0 to %c1 step %c1 {
scf.for %i84 = %c0 to %c1 step %c1 {
scf.for %i85 = %c0 to %c1 step %c1 {
scf.for %i86 = %c0 to %c1 step %c1 {
scf.for %i87 = %c0 to %c1 step %c1 {
scf.for %i88 = %c0 to %c1 step %c1 {
scf.for %i89 = %c0 to %c1 step %c1 {
scf.for %i90 = %c0 to %c1 step %c1 {
scf.for %i91 = %c0 to %c1 step %c1 {
scf.for %i92 = %c0 to %c1 step %c1 {
scf.for %i93 = %c0 to %c1 step %c1 {
scf.for %i94 = %c0 to %c1 step %c1 {
scf.for %i95 = %c0 to %c1 step %c1 {
scf.for %i96 = %c0 to %c1 step %c1 {
scf.for %i97 = %c0 to %c1 step %c1 {
scf.for %i98 = %c0 to %c1 step %c1 {
scf.for %i99 = %c0 to %c1 step %c1 {
scf.for %i100 = %c0 to %c1 step %c1 {
scf.for %i101 = %c0 to %c1 step %c1 {
scf.for %i102 = %c0 to %c1 step %c1 {
scf.for %i103 = %c0 to %c1 step %c1 {
scf.for %i104 = %c0 to %c1 step %c1 {
scf.for %i105 = %c0 to %c1 step %c1 {
scf.for %i106 = %c0 to %c1 step %c1 {
scf.for %i107 = %c0 to %c1 step %c1 {
scf.for %i108 = %c0 to %c1 step %c1 {
scf.for %i109 = %c0 to %c1 step %c1 {
scf.for %i110 = %c0 to %c1 step %c1 {
scf.for %i111 = %c0 to %c1 step %c1 {
scf.for %i112 = %c0 to %c1 step %c1 {
scf.for %i113 = %c0 to %c1 step %c1 {
scf.for %i114 = %c0 to %c1 step %c1 {
scf.for %i115 = %c0 to %c1 step %c1 {
scf.for %i116 = %c0 to %c1 step %c1 {
scf.for %i117 = %c0 to %c1 step %c1 {
scf.for %i118 = %c0 to %c1 step %c1 {
scf.for %i119 = %c0 to %c1 step %c1 {
scf.for %i120 = %c0 to %c1 step %c1 {
scf.for %i121 = %c0 to %c1 step %c1 {
scf.for %i122 = %c0 to %c1 step %c1 {
scf.for %i123 = %c0 to %c1 step %c1 {
scf.for %i124 = %c0 to %c1 step %c1 {
scf.for %i125 = %c0 to %c1 step %c1 {
scf.for %i126 = %c0 to %c1 step %c1 {
scf.for %i127 = %c0 to %c1 step %c1 {
scf.for %i128 = %c0 to %c1 step %c1 {
scf.for %i129 = %c0 to %c1 step %c1 {
scf.for %i130 = %c0 to %c1 step %c1 {
scf.for %i131 = %c0 to %c1 step %c1 {
scf.for %i132 = %c0 to %c1 step %c1 {
scf.for %i133 = %c0 to %c1 step %c1 {
scf.for %i134 = %c0 to %c1 step %c1 {
scf.for %i135 = %c0 to %c1 step %c1 {
scf.for %i136 = %c0 to %c1 step %c1 {
scf.for %i137 = %c0 to %c1 step %c1 {
scf.for %i138 = %c0 to %c1 step %c1 {
scf.for %i139 = %c0 to %c1 step %c1 {
scf.for %i140 = %c0 to %c1 step %c1 {
scf.for %i141 = %c0 to %c1 step %c1 {
scf.for %i142 = %c0 to %c1 step %c1 {
scf.for %i143 = %c0 to %c1 step %c1 {
scf.for %i144 = %c0 to %c1 step %c1 {
scf.for %i145 = %c0 to %c1 step %c1 {
scf.for %i146 = %c0 to %c1 step %c1 {
scf.for %i147 = %c0 to %c1 step %c1 {
scf.for %i148 = %c0 to %c1 step %c1 {
scf.for %i149 = %c0 to %c1 step %c1 {
scf.for %i150 = %c0 to %c1 step %c1 {
scf.for %i151 = %c0 to %c1 step %c1 {
scf.for %i152 = %c0 to %c1 step %c1 {
scf.for %i153 = %c0 to %c1 step %c1 {
scf.for %i154 = %c0 to %c1 step %c1 {
scf.for %i155 = %c0 to %c1 step %c1 {
scf.for %i156 = %c0 to %c1 step %c1 {
scf.for %i157 = %c0 to %c1 step %c1 {
scf.for %i158 = %c0 to %c1 step %c1 {
scf.for %i159 = %c0 to %c1 step %c1 {
scf.for %i160 = %c0 to %c1 step %c1 {
scf.for %i161 = %c0 to %c1 step %c1 {
scf.for %i162 = %c0 to %c1 step %c1 {
scf.for %i163 = %c0 to %c1 step %c1 {
scf.for %i164 = %c0 to %c1 step %c1 {
scf.for %i165 = %c0 to %c1 step %c1 {
scf.for %i166 = %c0 to %c1 step %c1 {
scf.for %i167 = %c0 to %c1 step %c1 {
scf.for %i168 = %c0 to %c1 step %c1 {
scf.for %i169 = %c0 to %c1 step %c1 {
scf.for %i170 = %c0 to %c1 step %c1 {
scf.for %i171 = %c0 to %c1 step %c1 {
scf.for %i172 = %c0 to %c1 step %c1 {
scf.for %i173 = %c0 to %c1 step %c1 {
scf.for %i174 = %c0 to %c1 step %c1 {
scf.for %i175 = %c0 to %c1 step %c1 {
scf.for %i176 = %c0 to %c1 step %c1 {
scf.for %i177 = %c0 to %c1 step %c1 {
scf.for %i178 = %c0 to %c1 step %c1 {
scf.for %i179 = %c0 to %c1 step %c1 {
scf.for %i180 = %c0 to %c1 step %c1 {
scf.for %i181 = %c0 to %c1 step %c1 {
scf.for %i182 = %c0 to %c1 step %c1 {
scf.for %i183 = %c0 to %c1 step %c1 {
scf.for %i184 = %c0 to %c1 step %c1 {
scf.for %i185 = %c0 to %c1 step %c1 {
scf.for %i186 = %c0 to %c1 step %c1 {
scf.for %i187 = %c0 to %c1 step %c1 {
scf.for %i188 = %c0 to %c1 step %c1 {
scf.for %i189 = %c0 to %c1 step %c1 {
scf.for %i190 = %c0 to %c1 step %c1 {
scf.for %i191 = %c0 to %c1 step %c1 {
scf.for %i192 = %c0 to %c1 step %c1 {
scf.for %i193 = %c0 to %c1 step %c1 {
scf.for %i194 = %c0 to %c1 step %c1 {
scf.for %i195 = %c0 to %c1 step %c1 {
scf.for %i196 = %c0 to %c1 step %c1 {
scf.for %i197 = %c0 to %c1 step %c1 {
scf.for %i198 = %c0 to %c1 step %c1 {
scf.for %i199 = %c0 to %c1 step %c1 {
%t = tile.load %a[%c0, %c0] : memref<16x64xf32> -> !tile.tile<16x64xf32, vec>
tile.store %t, %a[%c0, %c0] : !tile.tile<16x64xf32, vec>, memref<16x64xf32>
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
func.return
}
