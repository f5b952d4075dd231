"""xdsl-pto: memory planning for PTO tile kernels on xDSL (see README.md)."""

from xdsl_pto import _moved

_moved.install()
