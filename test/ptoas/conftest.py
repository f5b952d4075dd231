"""Session header and summary of the ptoas acceptance tests: which ptoas
runs them, and how many sample dumps the importer took (the others are
counted, not failed: importing them is issue 24's work)."""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

import ptoas_corpus  # noqa: E402


def pytest_configure(config) -> None:
    # the controller (not a pytest-xdist worker) installs ptoas from
    # ../shared/tools/ptoas when none is found; workers find it in .venv/ptoas
    if not hasattr(config, "workerinput"):
        ptoas_corpus.install_ptoas()


def pytest_report_header(config) -> str:
    ptoas = ptoas_corpus.find_ptoas()
    if ptoas is None:
        return "ptoas: none ($PTOAS unset, no ptoas on PATH, none installable from ../shared/tools/ptoas) -- test/ptoas is skipped"
    return f"ptoas: {ptoas}"


#: What became of each sample dump (``ptoas_corpus.DUMP_PROPERTY`` of the
#: test reports): ``imported`` or ``not imported``, counted.
_DUMPS: dict[str, int] = {}


def pytest_runtest_logreport(report) -> None:
    # the reports of pytest-xdist's workers reach the controller here too
    if report.when == "call":
        for key, value in report.user_properties:
            if key == ptoas_corpus.DUMP_PROPERTY:
                _DUMPS[value] = _DUMPS.get(value, 0) + 1


def pytest_terminal_summary(terminalreporter) -> None:
    if not _DUMPS:
        return
    terminalreporter.write_line(
        f"ptoas: {_DUMPS.get('imported', 0)} sample dumps imported and accepted under every planner; "
        f"{_DUMPS.get('imported, refused by a pass', 0)} imported but refused by a pass under some planner, "
        f"{_DUMPS.get('not imported', 0)} not imported yet (counted, not failed)"
    )
