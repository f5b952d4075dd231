import pypto.language as pl


@pl.program
class RealForms:
    @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker)
    def scale_rows(
        x: pl.Tensor[[ROWS_DYN, 64], pl.FP32],
        table: pl.Tensor[[4], pl.INT32],
        acc: pl.InOut[pl.Tensor[[ROWS_DYN, 64], pl.FP32]],
        amax: pl.Out[pl.Tensor[[2, 1], pl.FP32]],
        n: pl.Scalar[pl.INDEX],
    ) -> tuple[pl.Tensor[[ROWS_DYN, 64], pl.FP32], pl.Tensor[[2, 1], pl.FP32]]:
        entry: pl.Scalar[pl.INT32] = pl.cast(n, pl.INT32)
        row: pl.Scalar[pl.INT32] = pl.tensor.read(table, [entry])
        last: pl.Scalar[pl.INDEX] = pl.min(n, 3)
        first: pl.Scalar[pl.INDEX] = pl.max(last - 1, 0)
        t: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [first * 16, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        a: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(acc, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        s: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(t, a)
        acc_1: pl.Tensor[[ROWS_DYN, 64], pl.FP32] = pl.tile.store(s, [0, 0], acc)
        v: pl.Scalar[pl.FP32] = pl.tile.read(s, [0, 0])
        pl.tensor.write(amax, [0, 0], v / 127.0)
        pl.tensor.write(amax, [1, 0], pl.cast(row, pl.FP32))
        return acc_1, amax

    @pl.function(type=pl.FunctionType.AIC, level=pl.Level.AIC, role=pl.Role.SubWorker)
    def matmul_peeled(
        a: pl.Tensor[[M_DYN, 128], pl.BF16],
        b: pl.Tensor[[128, 64], pl.BF16],
        c: pl.Out[pl.Tensor[[M_DYN, 64], pl.FP32]],
    ) -> pl.Tensor[[M_DYN, 64], pl.FP32]:
        am: pl.Tile[[32, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [32, 128], [32, 128], target_memory=pl.Mem.Mat)
        bm: pl.Tile[[128, 64], pl.BF16, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [128, 64], [128, 64], target_memory=pl.Mem.Mat)
        l0: pl.Tile[[32, 64], pl.BF16, pl.Mem.Left] = pl.tile.extract(am, 0, 0, [32, 64], target_memory=pl.Mem.Left, attrs={"pipeline_membership": "0:0;1:0"})
        r0: pl.Tile[[64, 64], pl.BF16, pl.Mem.Right] = pl.tile.extract(bm, 0, 0, shape=[64, 64], target_memory=pl.Mem.Right)
        c0: pl.Tile[[32, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(l0, r0)
        l1: pl.Tile[[32, 64], pl.BF16, pl.Mem.Left] = pl.tile.extract(am, 0, 64, [32, 64], target_memory=pl.Mem.Left)
        r1: pl.Tile[[64, 64], pl.BF16, pl.Mem.Right] = pl.tile.extract(bm, 64, 0, shape=[64, 64], target_memory=pl.Mem.Right)
        c1: pl.Tile[[32, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(c0, l1, r1)
        c_1: pl.Tensor[[M_DYN, 64], pl.FP32] = pl.tile.store(c1, [0, 0], c)
        return c_1
