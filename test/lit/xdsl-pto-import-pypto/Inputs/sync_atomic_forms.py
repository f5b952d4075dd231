import pypto.language as pl


@pl.program
class SyncAtomicForms:
    @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker)
    def rows_add(
        x: pl.Tensor[[16, 128], pl.FP32],
        part: pl.InOut[pl.Tensor[[2, 64], pl.FP32]],
        half: pl.InOut[pl.Tensor[[2, 64], pl.BF16]],
        r: pl.Scalar[pl.INDEX],
    ) -> tuple[pl.Tensor[[2, 64], pl.FP32], pl.Tensor[[2, 64], pl.BF16]]:
        t: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
        pl.system.syncall(core_type="mix")
        lo: pl.Tile[[2, 64], pl.FP32, pl.Mem.Vec] = pl.tile.extract(t, r, 64, [2, 64], target_memory=pl.Mem.Vec)
        part_1: pl.Tensor[[2, 64], pl.FP32] = pl.tile.store(lo, [0, 0], part, atomic=pl.AtomicType.Add)
        lo_h: pl.Tile[[2, 64], pl.BF16, pl.Mem.Vec] = pl.tile.cast(lo, target_type=pl.BF16, mode="round")
        half_1: pl.Tensor[[2, 64], pl.BF16] = pl.tile.store(lo_h, [0, 0], half, atomic=pl.AtomicType.Add)
        pl.system.syncall(core_type="aiv_only")
        return part_1, half_1
