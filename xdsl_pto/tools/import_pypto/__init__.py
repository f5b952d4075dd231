"""``xdsl-pto import-pypto dump.py -o kernel.mlir``: a kernel as the
reference compiler (hw-native-sys/pypto) prints it before InitMemRef
(Python source) -> the equivalent Tile-dialect module.

The dump is read with :mod:`ast`, never executed. Modules:

* :mod:`.annotations` -- ``pl.Tensor`` / ``pl.Tile`` / ``pl.Scalar`` -> types;
* :mod:`.scalars` -- index expressions and comparisons -> ``arith``;
* :mod:`.calls` -- ``pl.tile.*`` / ``pl.system.*`` / ``self.f`` -> ops;
* :mod:`.control_flow` -- ``pl.range`` / ``pl.pipeline`` / ``if`` -> ``scf``;
* :mod:`.statements` -- assignments, aliases, returns;
* :mod:`.driver` -- the program and its functions;
* :mod:`.command` -- the subcommand.

Rules worth knowing:

* ``@pl.function(type=pl.FunctionType.AIC|AIV|Group)`` -> ``func.func`` with
  ``tile.function_kind = "aic"|"aiv"|"group"``; ``level`` / ``role`` must be
  the ones the reference prints for that type (they carry nothing more);
  ``pl.func_attr({...})`` -> ``tile.func_attrs = {...}`` (a bool is an ``i1``
  ``true``/``false``, an int ``i64``, a float ``f64``, a str a string).
* ``pl.Out[pl.Tensor[...]]`` -> a memref argument with the unit argument
  attribute ``tile.out``. Our functions return nothing: ``return t`` of a
  tensor parameter (or an alias of one) becomes ``func.return``; returning
  anything else is an error.
* Tensors are memref arguments, not values: a store's result, ``x: pl.Tensor
  = y``, tensor loop carries and tensor yields are aliases of the argument (a
  tensor carry must yield the tensor it starts as).
* ``pl.tile.move``'s ``blayout`` / ``slayout`` give the result's layout where
  the annotation's TileView does not (they must agree where it does).
* ``pl.tile.transpose_view`` -> ``tile.reshape`` (a view: the same bytes seen
  as ``[N, M]`` with the layouts the annotation gives); the pipe-setup calls
  map to :mod:`xdsl_pto.dialects.tile.pipe_setup_ops` (``reserve_buffer`` in
  Vec in an AIV function, Mat in an AIC one; ``base=-1`` is automatic).
* Errors: ``dump.py:LINE:COL: error: ...`` on stderr, exit 1, and no output
  file (the module is written only once it verified).
"""

from xdsl_pto.tools.import_pypto.driver import import_source
from xdsl_pto.tools.import_pypto.errors import PyptoImportError

__all__ = ["import_source", "PyptoImportError"]
