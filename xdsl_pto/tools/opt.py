"""``xdsl-pto-opt``: ``xdsl-opt`` with MLIR-style error reporting built in.

Plain ``xdsl-opt`` gets the same behaviour from our plugin's exception hook;
this entry point does it explicitly, for scripts that embed the driver.
Errors print as ``file:line:col: error: message`` on stderr with exit code 1,
and a partial ``-o`` output file is removed.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Sequence

from xdsl.utils.exceptions import ArgSpecParseError
from xdsl.xdsl_opt_main import xDSLOptMain

from xdsl_pto.diagnostics import format_error


def main(argv: Sequence[str] | None = None) -> int:
    """Run the optimizer driver; returns the process exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    driver = None
    try:
        driver = xDSLOptMain(args=args)
        driver.run()
    except (Exception, ArgSpecParseError) as err:  # noqa: BLE001 - user errors become one line
        input_file = driver.args.input_file if driver is not None else None
        line = format_error(err, input_file)
        if line is None:
            raise
        out = driver.args.output_file if driver is not None else None
        if out and out != "-" and os.path.isfile(out):
            os.remove(out)
        sys.stderr.write(line + "\n")
        return 1
    finally:
        gc.unfreeze()  # the parse froze the module (opt_driver): a caller goes on collecting
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
