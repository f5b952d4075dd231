import pypto.language as pl


@pl.program
class Views:
    @pl.function(type=pl.FunctionType.AIV)
    def kernel(
        a: pl.Tensor[[16, 64], pl.FP32],
        n: pl.Scalar[pl.INDEX],
        o: pl.Out[pl.Tensor[[32, 128], pl.FP32]],
    ) -> pl.Tensor[[32, 128], pl.FP32]:
        x: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        y: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.exp(x)
        valid_len: pl.Scalar[pl.INDEX] = n % 64
        v: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[5, valid_len])] = pl.tile.set_validshape(y, 5, valid_len)
        f: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.fillpad(v, pad_value=pl.PadValue.min)
        c: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.concat(f, x)
        z: pl.Tile[[32, 128], pl.FP32, pl.Mem.Vec] = pl.tile.full([32, 128], dtype=pl.FP32, value=0.0)
        r: pl.Tile[[32, 128], pl.FP32, pl.Mem.Vec] = pl.tile.assemble(z, c, [16, 0])
        pl.tile.store(r, [0, 0], o)
        return o
