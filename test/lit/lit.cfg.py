# lit configuration for xdsl-pto: FileCheck tests of the passes and examples.
# Tools (xdsl-opt, filecheck) come from the active environment's PATH.
import os

import lit.formats

config.name = "xdsl-pto"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.excludes = ["lit.cfg.py", "Inputs"]

_root = os.path.dirname(os.path.dirname(config.test_source_root))
config.substitutions.append(("%examples", os.path.join(_root, "examples")))
config.environment["PYTHONDONTWRITEBYTECODE"] = "1"
