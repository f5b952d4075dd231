"""Ending a fuzz campaign early, and saying how far it got (issue 25).

A campaign runs until its count is done, or until Ctrl-C, a SIGTERM or its
time limit: each raises :class:`CampaignStopped` in the main thread, which
the campaign catches between (or inside) kernels to print the summary of
what ran. ``CampaignStopped`` is a ``BaseException``, so the
``except Exception`` that turns a pass's exception into a "crash" never
swallows it. (The CP-SAT search is told not to take Ctrl-C for itself:
:mod:`xdsl_pto.placement.cpsat`.)

:class:`Progress` reports on standard error: the tqdm bar on a terminal,
else one line every ``every`` kernels, so a campaign in CI or under
``nohup`` shows it is alive.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any


class CampaignStopped(BaseException):
    """The campaign was asked to stop.

    Attributes:
        reason: ``Ctrl-C``, ``SIGTERM`` or ``the time limit of S s``.
        exit_code: what the command exits with: 130 (Ctrl-C), 143 (SIGTERM),
            None for the time limit (an ordinary end: 0 when clean).
    """

    def __init__(self, reason: str, exit_code: int | None):
        super().__init__(reason)
        self.reason = reason
        self.exit_code = exit_code


@contextlib.contextmanager
def stop_on_signals(time_limit: float | None = None) -> Iterator[None]:
    """While the body runs, SIGINT, SIGTERM and (after ``time_limit``
    seconds, when given) SIGALRM raise :class:`CampaignStopped`; the
    previous handlers and timer are restored after. A signal the process
    was started ignoring (SIGINT in a background job) stays ignored. Outside the main thread
    signals cannot be handled: the body runs as it is (the campaign still
    checks its time limit between kernels)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def raiser(reason: str, code: int | None):
        def handler(signum: int, frame: Any) -> None:
            raise CampaignStopped(reason, code)

        return handler

    handlers = {
        signal.SIGINT: raiser("Ctrl-C", 128 + signal.SIGINT),
        signal.SIGTERM: raiser("SIGTERM", 128 + signal.SIGTERM),
    }
    for sig in list(handlers):
        if signal.getsignal(sig) is signal.SIG_IGN:
            del handlers[sig]  # ignored by whoever started us (a background job, nohup)
    if time_limit is not None:
        handlers[signal.SIGALRM] = raiser(f"the time limit of {time_limit:g} s", None)
    previous = {sig: signal.signal(sig, h) for sig, h in handlers.items()}
    try:
        if time_limit is not None:
            signal.setitimer(signal.ITIMER_REAL, max(time_limit, 1e-3))
        yield
    finally:
        if time_limit is not None:
            signal.setitimer(signal.ITIMER_REAL, 0)
        for sig, h in previous.items():
            signal.signal(sig, h)


class Progress:
    """Progress of a campaign of ``total`` kernels on standard error.

    On a terminal (and ``enabled``): tqdm's bar. Otherwise, when
    ``enabled``: one line ``fuzz: D/T kernels, C crashes, V invalid plans,
    M mismatches (S s)`` every ``every`` kernels and after the last.
    """

    def __init__(self, total: int, *, enabled: bool = True, every: int = 10, stream: Any = None):
        self.total = total
        self.every = max(1, every)
        self.stream = stream if stream is not None else sys.stderr
        self.start = time.monotonic()
        self.done = 0
        self.bar = None
        self.lines = enabled and not _isatty(self.stream)
        if enabled and not self.lines:
            from tqdm import tqdm

            self.bar = tqdm(total=total, desc="fuzz", unit="kernel", file=self.stream)

    def step(self, crashes: int, invalid: int, mismatches: int) -> None:
        """One more kernel done, with the failure counts so far."""
        self.done += 1
        if self.bar is not None:
            self.bar.update(1)
            self.bar.set_postfix_str(f"C={crashes} V={invalid} M={mismatches}")
        elif self.lines and (self.done % self.every == 0 or self.done == self.total):
            self.stream.write(
                f"fuzz: {self.done}/{self.total} kernels, {crashes} crashes, {invalid} invalid "
                f"plans, {mismatches} mismatches ({time.monotonic() - self.start:.0f} s)\n"
            )
            self.stream.flush()

    def write(self, line: str) -> None:
        """A message (a failure found) that does not break the bar."""
        if self.bar is not None:
            self.bar.write(line, file=self.stream)
        else:
            self.stream.write(line + "\n")
            self.stream.flush()

    def close(self) -> None:
        """End the bar (a no-op for progress lines)."""
        if self.bar is not None:
            self.bar.close()

    def elapsed(self) -> float:
        """Seconds since the campaign started."""
        return time.monotonic() - self.start


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False
