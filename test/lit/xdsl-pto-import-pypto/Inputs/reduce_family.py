import math

import pypto.language as pl


@pl.program
class ReduceFamily:
    @pl.function(type=pl.FunctionType.AIV)
    def kernel(
        a: pl.Tensor[[16, 64], pl.FP32],
        rows: pl.Out[pl.Tensor[[16, 1], pl.FP32]],
        cols: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
        idx: pl.Out[pl.Tensor[[16, 1], pl.INT32]],
        cidx: pl.Out[pl.Tensor[[1, 64], pl.UINT32]],
        seq: pl.Out[pl.Tensor[[1, 64], pl.UINT32]],
        mask: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
        padded: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
        wide: pl.Out[pl.Tensor[[32, 128], pl.FP32]],
        words: pl.Out[pl.Tensor[[8, 256], pl.UINT32]],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        x: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
        tmp: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        p: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_prod(x, tmp)
        pl.tile.store(p, [0, 0], rows)
        s: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.col_sum(x, tmp)
        m: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.col_max(x)
        n: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.col_min(m)
        q: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.col_prod(n)
        pl.tile.store(s, [0, 0], cols)
        pl.tile.store(q, [0, 0], cols)
        ra: pl.Tile[[16, 1], pl.INT32, pl.Mem.Vec] = pl.tile.row_argmax(x, tmp)
        rb: pl.Tile[[16, 1], pl.INT32, pl.Mem.Vec] = pl.tile.row_argmin(x, tmp)
        pl.tile.store(ra, [0, 0], idx)
        pl.tile.store(rb, [0, 0], idx)
        ca: pl.Tile[[1, 64], pl.UINT32, pl.Mem.Vec] = pl.tile.col_argmax(x, tmp)
        cb: pl.Tile[[1, 64], pl.UINT32, pl.Mem.Vec] = pl.tile.col_argmin(x, tmp)
        pl.tile.store(ca, [0, 0], cidx)
        pl.tile.store(cb, [0, 0], cidx)
        core: pl.Scalar[pl.INDEX] = pl.tile.get_block_idx()
        cores: pl.Scalar[pl.INDEX] = pl.tile.get_block_num()
        start: pl.Scalar[pl.INT32] = pl.cast(core * 8 + cores, pl.INT32)
        up: pl.Tile[[1, 64], pl.UINT32, pl.Mem.Vec] = pl.tile.ci(pl.const(0, pl.UINT32), [1, 64], dtype=pl.UINT32, descending=False)
        down: pl.Tile[[1, 64], pl.UINT32, pl.Mem.Vec] = pl.tile.ci(pl.cast(start, pl.UINT32), [1, 64], dtype=pl.UINT32, descending=True)
        pl.tile.store(up, [0, 0], seq)
        pl.tile.store(down, [0, 0], seq)
        lower: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.tri(-1, [16, 64], dtype=pl.FP32)
        upper: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.tri(2, [16, 64], dtype=pl.FP32, upper=True)
        pl.tile.store(lower, [0, 0], mask)
        pl.tile.store(upper, [0, 0], mask)
        r: pl.Tile[[8, 256], pl.UINT32, pl.Mem.Vec] = pl.tile.random(1, 2, 3, 4, 5, 6, [8, 256], dtype=pl.UINT32, rounds=7)
        pl.tile.store(r, [0, 0], words)
        v: pl.Scalar[pl.FP32] = pl.tile.read(x, [3, 5])
        w: pl.Scalar[pl.FP32] = pl.tile.read(x, 37)
        pl.tile.write(x, [0, pl.cast(start, pl.INDEX)], v)
        pl.tile.write(x, 1, w)
        part: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, 40])] = pl.tile.load(a, [0, 0], [16, 64], [16, 40], target_memory=pl.Mem.Vec)
        f: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.fillpad(part, pad_value=pl.PadValue.min)
        g: pl.Tile[[32, 128], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.zero)] = pl.tile.fillpad_expand(part, [32, 128], pl.PadValue.zero)
        pl.tile.store(f, [0, 0], padded)
        pl.tile.store(g, [0, 0], wide)
        h: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, 40], pad=pl.PadValue.max)] = pl.tile.load(a, [0, 0], [16, 64], [16, 40], target_memory=pl.Mem.Vec)
        pl.tile.fillpad_inplace(h, pad_value=math.inf)
        pl.tile.store(h, [0, 0], padded)
        pl.tile.store(x, [0, 0], padded)
        return padded
