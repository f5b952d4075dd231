"""xdsl-pto: memory planning for PTO tile kernels on xDSL (see README.md)."""
