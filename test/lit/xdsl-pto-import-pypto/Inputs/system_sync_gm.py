import pypto.language as pl


@pl.program
class SystemSyncGm:
    @pl.function(type=pl.FunctionType.AIV)
    def soft(
        x: pl.Tensor[[16, 64], pl.FP32],
        ws: pl.InOut[pl.Tensor[[16], pl.INT32]],
        o: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
        n: pl.Scalar[pl.INT32],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        t: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
        o_1: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(t, [0, 0], o)
        pl.system.cacheinvalid()
        pl.system.fence()
        pl.system.syncall(core_type="aiv_only", mode="soft", gm_workspace=ws, used_cores=0)
        pl.system.syncall(core_type="mix", mode="soft", gm_workspace=ws, used_cores=n)
        pl.system.syncall(core_type="mix", mode="soft", gm_workspace=ws, used_cores=48)
        pl.system.cacheinvalid(o_1, [1, 64], [2, 0])
        return o_1

    @pl.function(type=pl.FunctionType.AIV)
    def fence_only(x: pl.Tensor[[16, 64], pl.FP32], o: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
        o_1: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(t, [0, 0], o)
        pl.system.fence()
        return o_1
