import pypto.language as pl


@pl.program
class M:
    @pl.function(type=pl.FunctionType.AIV)
    def kernel():
        pl.system.sync_dst(pl.PipeType.MTE2, pl.PipeType.V, 8)
