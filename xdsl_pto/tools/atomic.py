"""Output files that appear whole or not at all.

Every command that writes a file (``xdsl-opt -o``, ``xdsl-pto memory-map``,
``import-pypto -o``, the fuzz campaign's failure files) writes it through
:func:`write_atomically`: into a temporary file beside it, renamed over it
once complete. An error, a traceback or an interrupt removes the temporary
file; even a ``kill -9`` leaves at most a hidden ``.NAME.*.tmp`` file, never
an empty or partial ``NAME`` (issue 25).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable


def write_atomically(path: str, write: Callable[[str], None]) -> None:
    """Call ``write(tmp)``, which writes the whole output to the path
    ``tmp`` (a temporary file in the folder of ``path``), then rename it to
    ``path``. On any failure the temporary file is removed and ``path`` is
    left as it was. A ``path`` that exists and is not a regular file (such
    as ``/dev/null`` or a pipe) is written directly: it cannot be replaced.

    Raises:
        OSError: the folder of ``path`` cannot be written (naming ``path``);
            and whatever ``write`` raises.
    """
    if os.path.exists(path) and not os.path.isfile(path):
        if os.path.isdir(path):
            raise IsADirectoryError(21, "Is a directory", path)
        write(path)
        return
    tmp = _temp_beside(path)
    try:
        write(tmp)
        os.chmod(tmp, _file_mode(path))  # mkstemp makes it private
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise


def write_text_atomically(path: str, text: str) -> None:
    """:func:`write_atomically` for UTF-8 ``text``."""

    def write(tmp: str) -> None:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)

    write_atomically(path, write)


def write_texts_together(outputs: list[tuple[str, str]]) -> None:
    """Write each ``(path, text)`` of ``outputs`` whole, and all of them or
    none: every text goes to a temporary file beside its path first, and
    only once all are complete are they renamed into place. On any failure
    the temporary files are removed and every path is left as it was
    (``import-pypto`` with several files and ``-o DIR``).

    Raises:
        OSError: a folder cannot be written (naming the path), or a write
            fails.
    """
    written: list[tuple[str, str]] = []  # (tmp, path)
    try:
        for path, text in outputs:
            tmp = _temp_beside(path)
            written.append((tmp, path))
            with open(tmp, "w", encoding="utf-8") as f:
                f.write(text)
            os.chmod(tmp, _file_mode(path))
    except BaseException:
        for tmp, _ in written:
            if os.path.exists(tmp):
                os.remove(tmp)
        raise
    for tmp, path in written:
        os.replace(tmp, path)


def _file_mode(path: str) -> int:
    """The mode the output gets: the replaced file's, else what ``open``
    would give a new file (0666 less the umask)."""
    try:
        return os.stat(path).st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _temp_beside(path: str) -> str:
    """A new empty temporary file in the folder of ``path`` (so a rename
    onto ``path`` is atomic); its name.

    Raises:
        OSError: the folder cannot be written (naming ``path``).
    """
    folder = os.path.dirname(os.path.abspath(path))
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(path)}.", suffix=".tmp", dir=folder)
    except OSError as err:
        raise type(err)(err.errno, err.strerror, path) from None
    os.close(fd)
    return tmp
