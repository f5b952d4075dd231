import pypto.language as pl


@pl.program
class M:
    @pl.function(type=pl.FunctionType.AIV)
    def kernel(ws: pl.Tensor[[8], pl.INT32]):
        pl.system.syncall(core_type="aiv_only", mode="soft", gm_workspace=ws, used_cores=0)
