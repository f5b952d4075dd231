// A cross-core event raised from the vector pipe: err-system-sync.mlir.
func.func @vec_pipe() attributes {tile.function_kind = "aiv"} {
  tile.sync_set {pipe = "PIPE_V", event_id = 1 : i64}
  func.return
}
