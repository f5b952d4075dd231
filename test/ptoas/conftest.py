"""Session header and summary of the ptoas acceptance tests: which ptoas
runs them, and how many sample dumps the importer took (the others are
counted, not failed: importing them is issue 24's work)."""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

import ptoas_corpus  # noqa: E402


def pytest_report_header(config) -> str:
    ptoas = ptoas_corpus.find_ptoas()
    if ptoas is None:
        return "ptoas: none ($PTOAS unset, no ptoas on PATH) -- test/ptoas is skipped"
    return f"ptoas: {ptoas}"


def pytest_terminal_summary(terminalreporter) -> None:
    module = sys.modules.get("test_ptoas_accepts")
    if module is None:
        return
    imported, refused = module.IMPORTED, module.NOT_IMPORTED
    if not imported and not refused:
        return
    terminalreporter.write_line(
        f"ptoas: {len(imported)} sample dumps imported and accepted under every planner; "
        f"{len(refused)} not imported yet (counted, not failed)"
    )
