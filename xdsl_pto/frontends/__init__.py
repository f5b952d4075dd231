"""Frontends: what turns another compiler's kernels into the Tile dialect (:mod:`.pypto`: the reference compiler's IR dumps)."""
