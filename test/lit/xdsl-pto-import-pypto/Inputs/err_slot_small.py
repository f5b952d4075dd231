import pypto.language as pl


@pl.program
class BigPush:
    @pl.function(type=pl.FunctionType.AIC, level=pl.Level.AIC, role=pl.Role.SubWorker)
    def kernel_aic(a: pl.Tensor[[16, 128], pl.BF16], b: pl.Tensor[[128, 128], pl.BF16], __gm_pipe_buffer: pl.Out[pl.Tensor[[1], pl.FP32]]):
        ring: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="kernel_c2v_slot_buffer", peer_func="kernel_aiv")
        pl.system.aic_initialize_pipe(ring, pl.const(0, pl.INT32), dir_mask=1, slot_size=4096, slot_num=2)
        ta: pl.Tile[[16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Mat)
        tb: pl.Tile[[128, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [128, 128], [128, 128], target_memory=pl.Mem.Mat)
        la: pl.Tile[[16, 128], pl.BF16, pl.Mem.Left] = pl.tile.move(ta, target_memory=pl.Mem.Left)
        rb: pl.Tile[[128, 128], pl.BF16, pl.Mem.Right] = pl.tile.move(tb, target_memory=pl.Mem.Right)
        acc: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(la, rb)
        pl.tile.tpush_to_aiv(acc, split=0)
