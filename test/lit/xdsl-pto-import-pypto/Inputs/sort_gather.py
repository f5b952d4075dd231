import pypto.language as pl


@pl.program
class SortGather:
    @pl.function(type=pl.FunctionType.AIV)
    def kernel(
        logits: pl.Tensor[[1, 512], pl.FP32],
        table: pl.Tensor[[1024, 64], pl.FP32],
        ids: pl.Tensor[[16, 64], pl.INT32],
        top: pl.Out[pl.Tensor[[1, 32], pl.FP32]],
        top_ids: pl.Out[pl.Tensor[[1, 32], pl.INT32]],
        rows: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
        hits: pl.Out[pl.Tensor[[16, 64], pl.INT32]],
        scattered: pl.Out[pl.Tensor[[1024, 64], pl.FP32]],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        scores: pl.Tile[[1, 512], pl.FP32, pl.Mem.Vec] = pl.tile.load(logits, [0, 0], [1, 512], target_memory=pl.Mem.Vec)
        idx: pl.Tile[[1, 512], pl.UINT32, pl.Mem.Vec] = pl.tile.ci(pl.const(0, pl.UINT32), [1, 512], dtype=pl.UINT32, descending=False)
        pairs: pl.Tile[[1, 1024], pl.FP32, pl.Mem.Vec] = pl.tile.sort32(scores, idx)
        pairs_v1: pl.Tile[[1, 1024], pl.FP32, pl.Mem.Vec] = pl.tile.mrgsort_format1(pairs, pl.const(64, pl.INT32))
        pairs_v2: pl.Tile[[1, 1024], pl.FP32, pl.Mem.Vec] = pl.tile.mrgsort_format1(pairs_v1, pl.const(256, pl.INT32))
        half0: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.slice(pairs_v2, [1, 64], [0, 0])
        half1: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.slice(pairs_v2, [1, 64], [0, 512])
        mrg_tmp: pl.Tile[[1, 128], pl.FP32, pl.Mem.Vec] = pl.tile.create([1, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        merged: pl.Tile[[1, 128], pl.FP32, pl.Mem.Vec] = pl.tile.mrgsort_format2(half0, half1, mrg_tmp, exhausted=False)
        best: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.slice(merged, [1, 64], [0, 0])
        vals: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.gather_mask(best, mask_pattern=1)
        pos: pl.Tile[[1, 32], pl.INT32, pl.Mem.Vec] = pl.tile.gather_mask(best, mask_pattern=2, output_dtype=pl.INT32)
        pl.tile.store(vals, [0, 0], top)
        pl.tile.store(pos, [0, 0], top_ids)
        i: pl.Tile[[16, 64], pl.INT32, pl.Mem.Vec] = pl.tile.load(ids, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
        rid: pl.Tile[[1, 16], pl.INT32, pl.Mem.Vec] = pl.tile.load(ids, [0, 0], [1, 16], target_memory=pl.Mem.Vec)
        r: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.mgather(table, rid, coalesce="row", gather_oob="clamp", target_memory=pl.Mem.Vec)
        gtmp: pl.Tile[[16, 64], pl.INT32, pl.Mem.Vec] = pl.tile.create([16, 64], dtype=pl.INT32, target_memory=pl.Mem.Vec)
        g: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.gather(r, i, gtmp)
        off: pl.Tile[[16, 8], pl.UINT32, pl.Mem.Vec] = pl.tile.create([16, 8], dtype=pl.UINT32, target_memory=pl.Mem.Vec)
        gb: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.gatherb(g, off, output_dtype=pl.FP32)
        ctmp: pl.Tile[[32, 256], pl.UINT8, pl.Mem.Vec] = pl.tile.create([32, 256], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
        found, count = pl.tile.gather_compare(gb, 0.5, ctmp, cmp_mode=4, offset=0, out_cols=64)
        pl.tile.store(found, [0, 0], hits)
        s: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.scatter(gb, g, i)
        narrow: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 32], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        narrow_v1: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.scatter_mask(narrow, s, mask_pattern=pl.tile.MaskPattern.P0101)
        row_ids: pl.Tile[[1, 8], pl.INT32, pl.Mem.Vec] = pl.tile.load(ids, [0, 0], [1, 8], target_memory=pl.Mem.Vec)
        upd_src: pl.Tile[[8, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(table, [0, 0], [8, 64], target_memory=pl.Mem.Vec)
        u: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.scatter_update(s, row_ids, upd_src, dim=-2)
        w: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.gather_row(u, table, [8, 0], [100, 0], [4, 64])
        scattered_v1: pl.Tensor[[1024, 64], pl.FP32] = pl.tile.mscatter(w, i, scattered)
        out: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(w, [0, 0], rows)
        return out
