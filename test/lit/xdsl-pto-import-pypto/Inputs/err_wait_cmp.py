import pypto.language as pl


@pl.program
class DistributedForms:
    @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker)
    def exchange(
        x: pl.Tensor[[1, 128], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 128], pl.FP32]],
        data: pl.InOut[pld.DistributedTensor[[1, 128], pl.FP32]],
        flags: pl.InOut[pld.DistributedTensor[[4, 1], pl.INT32]],
        rank: pl.Scalar[pl.INT32],
    ) -> pl.Tensor[[1, 128], pl.FP32]:
        t: pl.Tile[[1, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [1, 128], [1, 128], target_memory=pl.Mem.Vec)
        data_1: pld.DistributedTensor[[1, 128], pl.FP32] = pl.tile.store(t, [0, 0], data)
        pld.system.notify(flags, 3, [rank, 0], pl.const(1, pl.INT32), op=0)
        pld.system.wait(flags, [3, 0], pl.const(1, pl.INT32), cmp=7)
        peer: pl.Tile[[1, 128], pl.FP32, pl.Mem.Vec] = pld.tile.remote_load(data_1, 3, [0, 0], [1, 128])
        s: pl.Tile[[1, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(t, peer)
        out_1: pl.Tensor[[1, 128], pl.FP32] = pl.tile.store(s, [0, 0], out)
        return out_1
