import pypto.language as pl


@pl.program
class VectorIntOps:
    @pl.function(type=pl.FunctionType.AIV)
    def kernel(a: pl.Tensor[[16, 128], pl.INT16], b: pl.Tensor[[16, 128], pl.INT16], n: pl.Scalar[pl.INT32], o: pl.Out[pl.Tensor[[16, 128], pl.INT16]]) -> pl.Tensor[[16, 128], pl.INT16]:
        x: pl.Tile[[16, 128], pl.INT16, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
        y: pl.Tile[[16, 128], pl.INT16, pl.Mem.Vec] = pl.tile.load(b, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
        t: pl.Tile[[16, 128], pl.INT16, pl.Mem.Vec] = pl.tile.create([16, 128], dtype=pl.INT16, target_memory=pl.Mem.Vec)
        r0: pl.Tile[[16, 128], pl.INT16, pl.Mem.Vec] = pl.tile.and_(x, y)
        r1: pl.Tile[[16, 128], pl.INT16, pl.Mem.Vec] = pl.tile.or_(r0, y)
        r2: pl.Tile[[16, 128], pl.INT16, pl.Mem.Vec] = pl.tile.xor(r1, x, t)
        r3: pl.Tile[[16, 128], pl.INT16, pl.Mem.Vec] = pl.tile.ands(r2, 255)
        r4: pl.Tile[[16, 128], pl.INT16, pl.Mem.Vec] = pl.tile.ors(r3, n)
        r5: pl.Tile[[16, 128], pl.INT16, pl.Mem.Vec] = pl.tile.xors(r4, 3, t)
        r6: pl.Tile[[16, 128], pl.INT16, pl.Mem.Vec] = pl.tile.not_(r5)
        r7: pl.Tile[[16, 128], pl.INT16, pl.Mem.Vec] = pl.tile.shl(r6, y)
        r8: pl.Tile[[16, 128], pl.INT16, pl.Mem.Vec] = pl.tile.shr(r7, y)
        r9: pl.Tile[[16, 128], pl.INT16, pl.Mem.Vec] = pl.tile.shls(r8, 2)
        r10: pl.Tile[[16, 128], pl.INT16, pl.Mem.Vec] = pl.tile.shrs(r9, 1)
        pl.tile.store(r10, [0, 0], o)
        return o
