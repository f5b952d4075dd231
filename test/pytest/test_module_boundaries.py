"""The module boundaries issue 22 drew, checked on the source (every
import, module level or inside a function):

* the proof shares no code with the planner: nothing under
  ``xdsl_pto/verify/`` imports ``xdsl_pto.transforms`` and nothing under
  ``xdsl_pto/transforms/`` imports ``xdsl_pto.verify``;
* the pypto frontend's modules import each other without a cycle, and in
  particular none of statements, control_flow and calls imports another
  but statements -> calls (the dispatch goes through ``blocks.py``);
* ``xdsl_pto/tools/`` wires the frontend up, it holds none of it.
"""

from __future__ import annotations

import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PKG = os.path.join(ROOT, "xdsl_pto")


def _imports(path: str) -> set[str]:
    """Every module ``path`` imports (``from X import y`` counts X and X.y)."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return found


def _modules(folder: str) -> dict[str, str]:
    """Dotted module name -> file, for every ``.py`` under ``xdsl_pto/folder``."""
    out = {}
    for dirpath, _, files in os.walk(os.path.join(PKG, folder)):
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, ROOT)[:-3].replace(os.sep, ".")
                out[rel.removesuffix(".__init__")] = path
    return out


def _under(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def test_verify_and_transforms_do_not_import_each_other():
    for folder, forbidden in [("verify", "xdsl_pto.transforms"), ("transforms", "xdsl_pto.verify")]:
        for module, path in _modules(folder).items():
            bad = sorted(m for m in _imports(path) if _under(m, forbidden))
            assert bad == [], f"{module} imports {bad}"


def test_the_pypto_frontend_has_no_import_cycle():
    mods = _modules(os.path.join("frontends", "pypto"))
    pkg = "xdsl_pto.frontends.pypto"
    graph = {
        m: sorted(d for d in _imports(p) if d in mods and d != pkg and d != m)
        for m, p in mods.items()
        if m != pkg
    }
    trio = {f"{pkg}.{n}" for n in ("statements", "control_flow", "calls")}
    edges = {(m, d) for m, ds in graph.items() for d in ds if m in trio and d in trio}
    assert edges == {(f"{pkg}.statements", f"{pkg}.calls")}
    state: dict[str, int] = {}

    def visit(m: str, path: list[str]) -> None:
        state[m] = 1
        for d in graph.get(m, []):
            assert state.get(d) != 1, f"import cycle: {' -> '.join([*path, m, d])}"
            if d not in state:
                visit(d, [*path, m])
        state[m] = 2

    for m in graph:
        if m not in state:
            visit(m, [])


def test_tools_only_wire_the_frontend():
    assert not os.path.exists(os.path.join(PKG, "tools", "import_pypto"))
    used = {m for m in _imports(os.path.join(PKG, "tools", "import_pypto_command.py")) if _under(m, "xdsl_pto.frontends")}
    assert used <= {"xdsl_pto.frontends.pypto", "xdsl_pto.frontends.pypto.import_source",
                    "xdsl_pto.frontends.pypto.import_sources",
                    "xdsl_pto.frontends.pypto.PyptoImportError", "xdsl_pto.frontends.pypto.driver",
                    "xdsl_pto.frontends.pypto.driver.import_source",
                    "xdsl_pto.frontends.pypto.driver.import_sources", "xdsl_pto.frontends.pypto.errors",
                    "xdsl_pto.frontends.pypto.errors.PyptoImportError"}, used
