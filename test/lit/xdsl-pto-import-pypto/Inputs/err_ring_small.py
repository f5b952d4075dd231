import pypto.language as pl


@pl.program
class SmallRing:
    @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker)
    def kernel_aiv(out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], __gm_pipe_buffer: pl.Out[pl.Tensor[[1], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        ring: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="kernel_c2v_slot_buffer", size=1024, base=-1)
        pl.system.aiv_initialize_pipe(ring, pl.const(0, pl.INT32), dir_mask=1, slot_size=4096, slot_num=2)
        a: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=0)
        r: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(a, [0, 0], out)
        pl.system.tfree_to_aic(a, split=0)
        return out
