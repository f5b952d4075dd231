import pypto.language as pl


@pl.program
class VectorFloatOps:
    @pl.function(type=pl.FunctionType.AIV)
    def kernel(a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32], s: pl.Scalar[pl.FP32], o: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        x: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        y: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(b, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        t: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        m: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_max(x, t)
        c: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.slice(y, [1, 64], [0, 0])
        r0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.maximums(x, 0.5)
        r1: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.minimums(r0, s)
        r2: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.lrelu(r1, 0.125)
        r3: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.addc(r2, x, y)
        r4: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.subc(r3, x, y)
        r5: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.addsc(r4, 2.0, y)
        r6: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.subsc(r5, s, x)
        r7: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.part_add(r6, x)
        r8: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.part_mul(r7, y)
        r9: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.part_max(r8, x)
        r10: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.part_min(r9, y)
        r11: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.sin(r10)
        r12: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.cos(r11)
        r13: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_max(r12, m)
        r14: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_min(r13, m)
        r15: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_expdif(r14, m)
        r16: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_max(r15, c)
        r17: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_min(r16, c)
        r18: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_expdif(r17, c)
        r19: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.expands(r18, 1.5)
        r20: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(r19, r18)
        pl.tile.store(r20, [0, 0], o)
        return o
