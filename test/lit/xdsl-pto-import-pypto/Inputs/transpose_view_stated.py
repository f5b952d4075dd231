import pypto.language as pl


@pl.program
class TView:
    @pl.function(type=pl.FunctionType.AIV)
    def kernel(a: pl.Tensor[[32, 64], pl.FP32], o: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        ta: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [32, 64], [32, 64], target_memory=pl.Mem.Vec)
        s: pl.Tile[[64, 32], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.none_box)] = pl.tile.transpose_view(ta)
        pl.tile.store(s, [0, 0], o)
        return o
