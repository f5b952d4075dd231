"""Old import paths of modules that moved, kept working as aliases.

Issue 22 moved the validator out of ``xdsl_pto.transforms`` (it shares no
code with the planner: :mod:`xdsl_pto.verify`) and the reference-dump
importer out of ``xdsl_pto.tools`` (it is a frontend:
:mod:`xdsl_pto.frontends.pypto`). Scripts and tests written against the old
paths still import them: importing ``OLD`` (or ``OLD.sub``) gives the very
module object of ``NEW`` (``NEW.sub``), so monkeypatching either name
patches both. Nothing in the package imports an old path.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
from types import ModuleType

#: old dotted path -> new dotted path (a package's submodules follow it).
MOVED: dict[str, str] = {
    "xdsl_pto.transforms.verify_memory_plan": "xdsl_pto.verify.memory_plan",
    "xdsl_pto.transforms.verify_pto_buffers": "xdsl_pto.verify.pto_buffers",
    "xdsl_pto.tools.import_pypto.command": "xdsl_pto.tools.import_pypto_command",
    "xdsl_pto.tools.import_pypto": "xdsl_pto.frontends.pypto",
}


def new_name(old: str) -> str | None:
    """Where the module ``old`` lives now, or None when it did not move."""
    for prefix, target in MOVED.items():  # the longer of two nested prefixes first
        if old == prefix or old.startswith(prefix + "."):
            return target + old[len(prefix) :]
    return None


class _Alias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds an old path and loads it as the module at its new path."""

    def find_spec(self, fullname, path, target=None):  # noqa: ANN001 - importlib's protocol
        if new_name(fullname) is None:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec) -> ModuleType:  # noqa: ANN001
        module = importlib.import_module(new_name(spec.name))  # type: ignore[arg-type]
        self._specs[module.__name__] = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        # The import system stamped the alias spec on the real module; give
        # it back its own (its code already ran at the new path).
        module.__spec__ = self._specs[module.__name__]

    def __init__(self) -> None:
        self._specs: dict[str, object] = {}


def install() -> None:
    """Put the alias finder on ``sys.meta_path`` (once; after the path
    finders, so it only answers names no file answers)."""
    if not any(isinstance(f, _Alias) for f in sys.meta_path):
        sys.meta_path.append(_Alias())
