import pypto.language as pl


@pl.program
class Contra:
    @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker)
    def kernel(x: pl.Tensor[[128, 256], pl.FP32], n: pl.Scalar[pl.INDEX], m: pl.Scalar[pl.INDEX], y: pl.Out[pl.Tensor[[128, 256], pl.FP32]]) -> pl.Tensor[[128, 256], pl.FP32]:
        a: pl.Tile[[8, 256], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[n, 256])] = pl.tile.load(x, [0, 0], [8, 256], [n, 256], target_memory=pl.Mem.Vec)
        e: pl.Tile[[8, 256], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[n, 256])] = pl.tile.exp(a)
        b: pl.Tile[[8, 256], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[m, 256])] = pl.tile.add(e, a)
        y_1: pl.Tensor[[128, 256], pl.FP32] = pl.tile.store(b, [0, 0], y)
        return y_1
