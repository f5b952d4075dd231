import pypto.language as pl


@pl.program
class RuntimeValid:
    @pl.function(type=pl.FunctionType.AIV)
    def rows_norm(
        x: pl.Tensor[[16, 256], pl.BF16],
        n: pl.Scalar[pl.INDEX],
        o: pl.Out[pl.Tensor[[16, 256], pl.BF16]],
        s: pl.Out[pl.Tensor[[1, 8], pl.FP32]],
    ) -> tuple[pl.Tensor[[16, 256], pl.BF16], pl.Tensor[[1, 8], pl.FP32]]:
        rows: pl.Scalar[pl.INDEX] = pl.min(n, 8)
        t: pl.Tile[[8, 256], pl.BF16, pl.Mem.Vec, pl.TileView(valid_shape=[rows, 256])] = pl.tile.load(x, [8, 0], [8, 256], [rows, 256], target_memory=pl.Mem.Vec)
        f: pl.Tile[[8, 256], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[rows, 256])] = pl.tile.cast(t, target_type=pl.FP32, mode="round")
        sq: pl.Tile[[8, 256], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[rows, 256])] = pl.tile.mul(f, f)
        tmp: pl.Tile[[8, 256], pl.FP32, pl.Mem.Vec] = pl.tile.create([8, 256], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        rs: pl.Tile[[8, 1], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[rows, 1])] = pl.tile.row_sum(sq, tmp)
        part: pl.Tile[[1, 8], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[1, rows])] = pl.tile.reshape(rs, [1, 8])
        zero: pl.Tile[[1, 8], pl.FP32, pl.Mem.Vec] = pl.tile.full([1, 8], dtype=pl.FP32, value=0.0)
        total: pl.Tile[[1, 8], pl.FP32, pl.Mem.Vec] = pl.tile.add(zero, part)
        s1: pl.Tensor[[1, 8], pl.FP32] = pl.tile.store(total, [0, 0], s)
        b: pl.Tile[[8, 256], pl.BF16, pl.Mem.Vec, pl.TileView(valid_shape=[rows, 256])] = pl.tile.cast(f, target_type=pl.BF16, mode="round")
        v: pl.Tile[[8, 256], pl.BF16, pl.Mem.Vec, pl.TileView(valid_shape=[rows, 256])] = pl.tile.slice(b, [8, 256], [0, 0], [rows, 256])
        o1: pl.Tensor[[16, 256], pl.BF16] = pl.tile.store(v, [8, 0], o)
        return o1, s1
