import pypto.language as pl


@pl.program
class CubeFamily:
    @pl.function(type=pl.FunctionType.AIC)
    def gemv_kernel(
        x: pl.Tensor[[1, 64], pl.FP16],
        w: pl.Tensor[[64, 32], pl.FP16],
        y: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
    ) -> pl.Tensor[[16, 32], pl.FP32]:
        xm: pl.Tile[[1, 64], pl.FP16, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)] = pl.tile.load(x, [0, 0], [1, 64], target_memory=pl.Mem.Mat)
        wm: pl.Tile[[64, 32], pl.FP16, pl.Mem.Mat] = pl.tile.load(w, [0, 0], [64, 32], target_memory=pl.Mem.Mat)
        xl: pl.Tile[[1, 64], pl.FP16, pl.Mem.Left] = pl.tile.move(xm, target_memory=pl.Mem.Left)
        wr: pl.Tile[[64, 32], pl.FP16, pl.Mem.Right] = pl.tile.move(wm, target_memory=pl.Mem.Right)
        acc: pl.Tile[[16, 32], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[1, 32])] = pl.tile.gemv(xl, wr, acc_phase="partial")
        acc_v1: pl.Tile[[16, 32], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[1, 32])] = pl.tile.gemv_acc(acc, xl, wr, acc_phase="final")
        y_v1: pl.Tensor[[16, 32], pl.FP32] = pl.tile.store(acc_v1, [0, 0], y)
        return y_v1
