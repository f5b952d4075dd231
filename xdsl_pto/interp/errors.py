"""Errors of the tile interpreter."""

from __future__ import annotations


class InterpError(Exception):
    """The interpreter cannot run this input: an unsupported op or construct
    (``scf.while``, an op with no implementation), an unplanned module in
    physical mode, inputs that do not match the function's arguments, or a
    GM window outside its tensor. The message names the op (and its source
    location when known)."""


class LayoutError(InterpError):
    """A planned module whose MemRefs cannot hold the data they name: a tile
    that runs past its root's end or past the memory space's capacity, or a
    view whose bytes cannot be laid out (a reshape of a strided slice)."""


class DataRangeError(InterpError):
    """A value the run computed from its inputs is outside what an op takes:
    a GM window or element index, a runtime valid extent, a tile element
    index, a gather / scatter index. Input data drives it, so the
    differential check retries such a run on other inputs (see
    :func:`xdsl_pto.interp.differential.logical_run` and
    :mod:`xdsl_pto.interp.input_search`)."""


class GMRangeError(DataRangeError):
    """A GM access outside its tensor: a window or element index past an
    axis's extent (or negative). The differential check retries such a run
    with its seeded index arguments at 0 (see
    :func:`xdsl_pto.interp.differential.differential_check`)."""
