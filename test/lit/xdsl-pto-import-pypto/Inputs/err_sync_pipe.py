import pypto.language as pl


@pl.program
class M:
    @pl.function(type=pl.FunctionType.AIV)
    def kernel():
        pl.system.sync_src(set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.VEC, event_id=0)
