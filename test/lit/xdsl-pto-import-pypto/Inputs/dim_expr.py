# Tensor dimensions that are expressions over dynamic names
# (tile-op-semantics.md section 11, "Dynamic dims"). N is used first (by x),
# then M: the lowered kernel takes %N, then %M.
N = pl.dynamic("N")
M = pl.dynamic("M")


@pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker)
def dim_expr(
    x: pl.Tensor[[N * 2, 128], pl.FP32],
    w: pl.Tensor[[M + N // 4 - N % 3, 2 * 64], pl.FP32],
    y: pl.Out[pl.Tensor[[N, 128], pl.FP32]],
) -> pl.Tensor[[N, 128], pl.FP32]:
    a: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [16, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
    b: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(w, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
    c: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(a, b)
    out: pl.Tensor[[N, 128], pl.FP32] = pl.tile.store(c, [0, 0], y)
    return out
