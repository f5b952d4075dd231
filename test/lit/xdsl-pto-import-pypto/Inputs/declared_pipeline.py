# A hand-written dump: declared allocations (one plain, one with two slots
# picked by a constant and by the loop index), a pl.pipeline loop, an if with
# yields and scalar arithmetic.
import pypto.language as pl


@pl.program
class Declared:
    @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker)
    def kernel(a: pl.Tensor[[256, 64], pl.FP32], out: pl.Out[pl.Tensor[[256, 64], pl.FP32]]) -> pl.Tensor[[256, 64], pl.FP32]:
        ping = pl.MemRef()
        t0: pl.Tile[[64, 64], pl.FP32, ping, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        t1: pl.Tile[[64, 64], pl.FP32, pl.MemRef("buf", slots=2)[1], pl.Mem.Vec] = pl.tile.exp(t0)
        t2: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.exp(t1)
        for i, (acc,) in pl.pipeline(0, 4, 1, init_values=(t2,), stage=2):
            row: pl.Scalar[pl.INDEX] = (i // 2) * 64 + i % 2
            x: pl.Tile[[64, 64], pl.FP32, pl.MemRef("buf", slots=2)[i % 2], pl.Mem.Vec] = pl.tile.load(a, [row, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
            if i < 2:
                y: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(acc, x)
                z: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(y)
            else:
                w: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.muls(x, 2.0)
                z: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(w)
            nxt: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(z)
        done: pl.Tensor[[256, 64], pl.FP32] = pl.tile.store(nxt, [0, 0], out)
        return done
