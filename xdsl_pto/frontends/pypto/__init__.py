"""The pypto frontend (``xdsl-pto import-pypto dump.py -o kernel.mlir``): a kernel as the
reference compiler (hw-native-sys/pypto) prints it before InitMemRef
(Python source) -> the equivalent Tile-dialect module.

The dump is read with :mod:`ast`, never executed. Modules:

* :mod:`.annotations` -- ``pl.Tensor`` / ``pl.Tile`` / ``pl.Scalar`` -> types;
* :mod:`.scalars` -- index expressions and comparisons -> ``arith``;
* :mod:`.calls` -- ``pl.tile.*`` / ``pl.system.*`` / ``self.f`` -> ops;
* :mod:`.control_flow` -- ``pl.range`` / ``pl.pipeline`` / ``if`` -> ``scf``;
* :mod:`.statements` -- assignments, aliases, yields, returns;
* :mod:`.blocks` -- statement lists: the one dispatch table from a
  statement's kind to its translator (no two of statements, control_flow
  and calls import each other);
* :mod:`.context` -- the state of one function (scope, block, constants);
* :mod:`.driver` -- the program and its functions.

The project's second frontend (the first is the Tile dialect's own text);
``xdsl-pto import-pypto`` (:mod:`xdsl_pto.tools.import_pypto_command`) is
its command-line wiring.

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
* ``pl.tile.transpose_view(t)`` -> ``tile.reshape`` (a view: the same bytes
  seen as ``[N, M]``); the result's block and stripe layouts are ``t``'s with
  row_major and col_major swapped (none_box stays), and an annotation that
  states layouts must state those. ``pl.tile.slice(t, shape, offset)`` is the
  reference's three-argument form. The pipe-setup calls map to
  :mod:`xdsl_pto.dialects.tile.pipe_setup_ops` (``reserve_buffer`` in Vec in
  an AIV function, Mat in an AIC one; ``base=-1`` is automatic); a keyword
  their constructors do not take is an error.
* ``%`` is Python's floor modulo (``a - floordivsi(a, b) * b``); a
  ``pl.range`` step must be a positive integer literal; literals are checked
  against their type (i64 / index range, finite and in range for f16 / bf16 /
  f32).
* A method's unannotated ``self`` is skipped; a function annotated
  ``-> pl.Tensor[...]`` must return; names that are not legal MLIR SSA names
  (``résultat``) are printed with ``_`` for each illegal character; a UTF-8
  byte order mark is ignored; two ``pl.MemRef("x")`` declarations of one
  name are an error.
* Errors: ``dump.py:LINE:COL: error: ...`` on stderr, exit 1, and no output
  file (the module is written only once it verified); an output that cannot
  be written is ``OUT: error: cannot write: REASON``.
"""

from xdsl_pto.frontends.pypto.driver import import_source, import_sources
from xdsl_pto.frontends.pypto.errors import PyptoImportError

__all__ = ["import_source", "import_sources", "PyptoImportError"]
