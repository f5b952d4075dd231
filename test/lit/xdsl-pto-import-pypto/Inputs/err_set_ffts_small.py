import pypto.language as pl


@pl.program
class M:
    @pl.function(type=pl.FunctionType.AIV)
    def kernel(ffts: pl.Tensor[[128], pl.INT64]):
        pl.system.set_ffts(ffts)
