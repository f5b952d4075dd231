N = pl.dynamic("N")
STRIDED = pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)

@pl.function(type=pl.FunctionType.AIV)
def k(x: pl.Tensor[[N, 128], pl.FP32, pl.NZ], y: pl.Out[pl.Tensor[[N, 128], pl.FP32]], z: pl.Tensor[[16, 64], pl.FP32, STRIDED]) -> pl.Tensor[[N, 128], pl.FP32]:
    t: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
    u: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(z, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
    y2: pl.Tensor[[N, 128], pl.FP32] = pl.tile.store(t, [0, 0], y)
    return y2
