import pypto.language as pl


@pl.program
class CarryForms:
    @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker)
    def best_of(
        x: pl.Tensor[[4, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
        pairs: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
    ) -> tuple[pl.Tensor[[1, 64], pl.FP32], pl.Scalar[pl.INDEX], pl.Tensor[[1, 64], pl.FP32]]:
        best: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.full([1, 64], dtype=pl.FP32, value=0.0)
        last: pl.Scalar[pl.INDEX] = 3
        for r in pl.range(4):
            row: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [r, 0], [1, 64], [1, 64], target_memory=pl.Mem.Vec)
            for c in pl.range(2):
                v: pl.Scalar[pl.FP32] = pl.tile.read(row, [0, c])
                if v > 0.5:
                    pl.tile.write(best, [0, c], v)
            pl.tile.write(best, [0, r + 8], 1.0)
        if last == 3:
            pl.tile.write(best, [0, 63], 2.0)
        padded: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.fillpad(best, pad_value=pl.PadValue.min)
        if last == 3:
            p_1: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.yield_(padded)
        else:
            p_1: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.yield_(best)
        out_1: pl.Tensor[[1, 64], pl.FP32] = pl.tile.store(best, [0, 0], out)
        pairs_1: pl.Tensor[[1, 64], pl.FP32] = pl.tile.store(p_1, [0, 0], pairs)
        return out_1, last, pairs_1

    @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker)
    def tail_write(
        x: pl.Tensor[[1, 64], pl.FP32], out: pl.Out[pl.Tensor[[1, 64], pl.FP32]], n: pl.Scalar[pl.INDEX]
    ) -> pl.Tensor[[1, 64], pl.FP32]:
        t: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [1, 64], [1, 64], target_memory=pl.Mem.Vec)
        if n == 0:
            pl.tile.write(t, [0, 0], 1.0)
            out_1: pl.Tensor[[1, 64], pl.FP32] = pl.tile.store(t, [0, 0], out)
            return out_1
        else:
            out_2: pl.Tensor[[1, 64], pl.FP32] = pl.tile.store(t, [0, 0], out)
            return out_2
