import pypto.language as pl


@pl.program
class ModNeg:
    @pl.function(type=pl.FunctionType.AIV)
    def kernel(a: pl.Tensor[[32, 64], pl.FP32], o: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        for i in pl.range(4):
            # Python: (i - 1) % 4 is 3, 0, 1, 2 -> rotate the four 8-row blocks
            src: pl.Scalar[pl.INDEX] = (i - 1) % 4 * 8
            t: pl.Tile[[8, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [src, 0], [8, 64], [8, 64], target_memory=pl.Mem.Vec)
            pl.tile.store(t, [i * 8, 0], o)
        return o
