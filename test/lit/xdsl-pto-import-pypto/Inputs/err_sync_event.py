import pypto.language as pl


@pl.program
class M:
    @pl.function(type=pl.FunctionType.AIV)
    def kernel(ffts: pl.Tensor[[256], pl.INT64]):
        pl.system.set_ffts(ffts)
        pl.system.sync_set(14, pipe=pl.PipeType.MTE3)
