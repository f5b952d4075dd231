import pypto.language as pl


@pl.program
class SystemSync:
    @pl.function(type=pl.FunctionType.AIV)
    def vec_side(
        x: pl.Tensor[[16, 64], pl.FP32],
        ffts: pl.Tensor[[256], pl.INT64],
        o: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
        ev: pl.Scalar[pl.INDEX],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        pl.system.set_ffts(ffts)
        t: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
        pl.system.sync_src(set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.V, event_id=0)
        pl.system.sync_dst(set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.V, event_id=0)
        e: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.exp(t)
        pl.system.bar_v()
        pl.system.sync_wait(3, pipe=pl.PipeType.V)
        o_1: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(e, [0, 0], o)
        pl.system.sync_set(ev, pipe=pl.PipeType.MTE3, ffts_mode=2)
        pl.system.bar_all()
        return o_1

    @pl.function(type=pl.FunctionType.AIC)
    def cube_side(
        a: pl.Tensor[[16, 32], pl.FP16],
        b: pl.Tensor[[32, 64], pl.FP16],
        ffts: pl.Tensor[[256], pl.INT64],
        c: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        pl.system.set_ffts(workspace=ffts)
        am: pl.Tile[[16, 32], pl.FP16, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat)
        bm: pl.Tile[[32, 64], pl.FP16, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat)
        al: pl.Tile[[16, 32], pl.FP16, pl.Mem.Left] = pl.tile.move(am, target_memory=pl.Mem.Left)
        br: pl.Tile[[32, 64], pl.FP16, pl.Mem.Right] = pl.tile.move(bm, target_memory=pl.Mem.Right)
        acc: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(al, br)
        pl.system.bar_m()
        c_1: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(acc, [0, 0], c)
        pl.system.sync_set(3, pipe=pl.PipeType.FIX, core_type="aic")
        return c_1
