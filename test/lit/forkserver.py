"""Warm start for the lit suite's Python tools (issue 25, test-suite time).

A lit run starts ~900 ``xdsl-opt`` / ``xdsl-pto`` / ``xdsl-pto-opt``
processes and ~800 ``filecheck`` processes. Each ``xdsl-opt`` spends ~0.3 s
of CPU importing xDSL and our dialects before it reads its input, most of a
typical test's cost. ``lit.cfg.py`` therefore starts this module as a server
that imports those modules once, and puts small clients named like the tools
first on the tests' ``PATH``. A client hands its command line, working
directory, environment and its standard input, output and error (the file
descriptors themselves) to the server; the server forks, and the fork runs
the tool's own console script -- the file pip installed, as the kernel
would have run it -- with those descriptors as fds 0, 1 and 2. The client
exits with the fork's exit status (or dies of the same signal).

What a test runs is therefore the installed tool's code on the test's
arguments, input and environment; only the interpreter start-up and the
imports are shared. Each run is a fresh fork of the server as it was after
its imports: nothing one run does is seen by another.

Fallbacks: a client that cannot reach the server (not started, gone)
``exec``s the real tool. ``lit -Dforkserver=0`` turns the server off.

Usage (by ``lit.cfg.py``): ``python forkserver.py SOCKET SCRIPT...`` serves
the console scripts named (absolute paths); :func:`write_client` writes a
client.

Protocol, on a Unix stream socket: the client sends a 4-byte big-endian
length and that many bytes of JSON (``script``, ``argv``, ``cwd``,
``env``), its fds 0, 1 and 2 attached to the first bytes (SCM_RIGHTS); the
server answers with a 4-byte big-endian signed status: an exit code, or
minus the signal that ended the run.
"""

from __future__ import annotations

import gc
import os
import select
import signal
import socket
import struct
import sys

#: The client: a few lines run by ``python -S`` (no site import: ~10 ms).
CLIENT = r'''#!{python} -S
# lit warm-start client for {script} (test/lit/forkserver.py); generated.
import json, os, signal, socket, struct, sys
SCRIPT = {script!r}
body = json.dumps({{"script": SCRIPT, "argv": [SCRIPT] + sys.argv[1:],
                   "cwd": os.getcwd(), "env": dict(os.environ)}}).encode()
try:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect({sock!r})
    socket.send_fds(s, [struct.pack(">I", len(body)) + body], [0, 1, 2])
except OSError:  # no server: the tool itself
    os.execv(SCRIPT, [SCRIPT] + sys.argv[1:])
reply = b""
while len(reply) < 4:
    chunk = s.recv(4 - len(reply))
    if not chunk:
        sys.stderr.write("lit forkserver: the run ended without a status\n")
        os._exit(125)
    reply += chunk
(status,) = struct.unpack(">i", reply)
if status < 0:
    signal.signal(-status, signal.SIG_DFL)
    os.kill(os.getpid(), -status)
os._exit(status & 0xFF)
'''


def write_client(folder: str, name: str, script: str, sock: str) -> str:
    """Write the client ``folder/name`` for the console script ``script``
    (an absolute path) talking to the server at ``sock``; returns its path."""
    path = os.path.join(folder, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(CLIENT.format(python=sys.executable, script=script, sock=sock))
    os.chmod(path, 0o755)
    return path


def _preload() -> None:
    """Import what the tools import before they read their input: xDSL's
    driver, our plugin (its patches installed as a plain ``xdsl-opt``
    installs them when it loads the plugin), every dialect and pass module
    the plugin registers, the ``xdsl-pto`` commands, FileCheck. Nothing is
    imported that starts threads (numpy's BLAS does: runs that need numpy
    import it themselves)."""
    import filecheck.main  # noqa: F401
    import xdsl.tools.xdsl_opt  # noqa: F401
    from xdsl.universe import Universe

    multiverse = Universe.get_multiverse()  # loads the plugin, as xdsl-opt does
    for factory in multiverse.all_dialects.values():
        factory()
    for factory in multiverse.all_passes.values():
        factory()
    import xdsl.interpreters.arith  # noqa: F401 - xdsl-pto run's, without numpy
    import xdsl.interpreters.builtin  # noqa: F401
    import xdsl.interpreters.func  # noqa: F401
    import xdsl.interpreters.scf  # noqa: F401
    import xdsl_pto.tools.cli  # noqa: F401
    import xdsl_pto.tools.opt  # noqa: F401


def _recv_request(conn: socket.socket) -> tuple[dict, list[int]]:
    import json

    data, fds, _flags, _addr = socket.recv_fds(conn, 1 << 16, 3)
    if len(data) < 4 or len(fds) != 3:
        raise ConnectionError("malformed request")
    (size,) = struct.unpack(">I", data[:4])
    body = data[4:]
    while len(body) < size:
        chunk = conn.recv(size - len(body))
        if not chunk:
            raise ConnectionError("short request")
        body += chunk
    return json.loads(body), fds


def _exit_code(err: SystemExit) -> int:
    """The status the interpreter exits with for ``err`` (sys.exit's rules)."""
    code = err.code
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    sys.stderr.write(f"{code}\n")
    return 1


_KEPT: list = []


def _fresh_stdio() -> None:
    """New ``sys.stdin``, ``stdout`` and ``stderr`` over fds 0, 1 and 2, made
    as the interpreter makes them at start-up (the server's were made for
    its own fds: a seekable /dev/null is not the test's pipe)."""
    import io

    unbuffered = bool(getattr(sys.stdout, "write_through", False))  # python -u, PYTHONUNBUFFERED
    for fd, name in ((0, "stdin"), (1, "stdout"), (2, "stderr")):
        old = getattr(sys, name)
        _KEPT.append(old)  # never finalized: it would close the fd it was made for
        raw = io.FileIO(fd, "r" if fd == 0 else "w", closefd=False)
        raw.name = f"<{name}>"
        if fd == 0:
            buf = io.BufferedReader(raw)
        elif unbuffered:
            buf = raw
        else:
            buf = io.BufferedWriter(raw)
        stream = io.TextIOWrapper(
            buf,
            encoding=old.encoding,
            errors=old.errors,
            newline="\n",
            line_buffering=fd != 0 and (raw.isatty() or fd == 2),
            write_through=fd != 0 and unbuffered,
        )
        setattr(sys, name, stream)
        setattr(sys, f"__{name}__", stream)


def _run(request: dict, fds: list[int]) -> None:
    """In the fork: become the tool's process and run its console script,
    ending the way the interpreter would (never returns)."""
    import atexit
    import runpy

    for target, fd in enumerate(fds):
        os.dup2(fd, target)
        os.close(fd)
    _fresh_stdio()
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    script = request["script"]
    if not os.path.basename(script).startswith("xdsl"):
        sys.excepthook = sys.__excepthook__  # our plugin's hook is for the xdsl tools
    sys.argv = list(request["argv"])
    sys.path[0] = os.path.dirname(script)
    code = 0
    try:
        runpy.run_path(script, run_name="__main__")
    except SystemExit as err:
        code = _exit_code(err)
    except BaseException:  # noqa: BLE001 - what the interpreter does with it
        sys.excepthook(*sys.exc_info())
        code = 1
    try:
        atexit._run_exitfuncs()
    except BaseException:  # noqa: BLE001
        pass
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:  # noqa: BLE001 - the interpreter's exit status 120
            code = 120
    os._exit(code)


#: ``lit -Dforkserver_log=FILE``: one line per run (CPU seconds, status, command).
_LOG = os.environ.get("XDSL_PTO_FORKSERVER_LOG", "")


def _log_run(request: dict, status: int, cpu: float) -> None:
    import shlex

    argv = [os.path.basename(request["argv"][0])] + request["argv"][1:]
    line = f"{cpu:.3f}\t{status}\t{shlex.join(argv)}\n"
    fd = os.open(_LOG, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, line.encode("utf-8", "surrogateescape"))
    finally:
        os.close(fd)


def _handle(conn: socket.socket, scripts: set[str]) -> None:
    """In a fork of the server, per connection: fork the run, wait for it,
    send its status (never returns)."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # as in a process of its own
    status = 125
    try:
        request, fds = _recv_request(conn)
        if request["script"] not in scripts:
            raise ConnectionError(f"not served: {request['script']}")
        pid = os.fork()
        if pid == 0:
            try:
                conn.close()
                _run(request, fds)  # ends the process
            except BaseException:  # noqa: BLE001 - the set-up failed: say so on its stderr
                import traceback

                traceback.print_exc()
            finally:
                os._exit(125)
        for fd in fds:
            os.close(fd)
        _, wait, usage = os.wait4(pid, 0)
        status = os.WEXITSTATUS(wait) if os.WIFEXITED(wait) else -os.WTERMSIG(wait)
        if _LOG:
            _log_run(request, status, usage.ru_utime + usage.ru_stime)
    except Exception as err:  # noqa: BLE001 - reported to the client's stderr by status
        sys.stderr.write(f"lit forkserver: {err}\n")
    try:
        conn.sendall(struct.pack(">i", status))
    finally:
        os._exit(0)


def _reap(block: bool = False) -> None:
    """Wait for the handlers that ended (all of them when ``block``): waited,
    not ignored, so their CPU time, the runs' included, counts in lit's as a
    plain process's would."""
    while True:
        try:
            pid, _ = os.waitpid(-1, 0 if block else os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def serve(sock_path: str, scripts: set[str]) -> None:
    """Serve on ``sock_path`` until the parent (lit) goes away."""
    _preload()
    sys.stdout.flush()
    sys.stderr.flush()
    gc.collect()
    gc.freeze()  # the forks never traverse the imported modules
    parent = os.getppid()
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(sock_path + ".tmp")
    server.listen(64)
    os.rename(sock_path + ".tmp", sock_path)  # clients see it only when it listens
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # lit's stop(): reap, then end
    try:
        _loop(server, parent, scripts)
    finally:
        _reap(block=True)


def _loop(server: socket.socket, parent: int, scripts: set[str]) -> None:
    """Accept, and fork a handler per connection, while lit runs."""
    while os.getppid() == parent:
        _reap()
        ready, _, _ = select.select([server], [], [], 0.2)
        if not ready:
            continue
        try:
            conn, _ = server.accept()
        except OSError:
            continue
        pid = os.fork()
        if pid == 0:
            server.close()
            _handle(conn, scripts)
        conn.close()


if __name__ == "__main__":
    serve(sys.argv[1], set(sys.argv[2:]))
