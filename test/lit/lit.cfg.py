# lit configuration for xdsl-pto: FileCheck tests of the passes and examples.
# Tools (xdsl-opt, filecheck) come from the active environment's PATH.
import os

import lit.formats

config.name = "xdsl-pto"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.excludes = ["lit.cfg.py", "Inputs"]

_root = os.path.dirname(os.path.dirname(config.test_source_root))
config.substitutions.append(("%examples", os.path.join(_root, "examples")))

# Start-up cost (issue 25): a lit run starts ~900 xdsl-opt / xdsl-pto
# processes. They run with PYTHONDONTWRITEBYTECODE=1 (as the machine's
# environment sets it), so a package without compiled files would be compiled
# again by every one of them (~0.07 s of ~0.4 s CPU each). The installed
# dependencies were compiled by pip; the project's own package (an editable
# install: its sources are this checkout) is compiled here, once per run, into
# its __pycache__ folders (git ignores them; up-to-date files are skipped).
# One writer, then only readers: no process of the run writes bytecode.
# (PYTHONPYCACHEPREFIX would not do: with it set, Python reads bytecode only
# from that folder, so every dependency would be compiled again per process.)
config.environment["PYTHONDONTWRITEBYTECODE"] = "1"


def _compile_package() -> None:
    import compileall
    import importlib.util

    spec = importlib.util.find_spec("xdsl_pto")
    if spec is None or spec.origin is None:
        return
    compileall.compile_dir(os.path.dirname(spec.origin), quiet=1)


_compile_package()


def _start_forkserver() -> None:
    """Serve the suite's Python tools warm (test/lit/forkserver.py explains
    how and why): start the server, put its clients first on the tests'
    PATH, stop it when lit exits. ``lit -Dforkserver=0`` runs the tools cold;
    ``lit -Dforkserver_log=FILE`` writes each run's CPU time, status and
    command to FILE.
    A tool that is not the console script of this interpreter's environment
    is left alone, and a client that cannot reach the server runs the tool
    itself."""
    import atexit
    import shutil
    import subprocess
    import sys
    import tempfile
    import time

    if lit_config.params.get("forkserver", "1").lower() in ("0", "false", "no", "off"):
        return
    here = os.path.dirname(__file__)
    sys.path.insert(0, here)
    try:
        import forkserver
    finally:
        sys.path.remove(here)
    path = config.environment.get("PATH", os.environ.get("PATH", ""))
    scripts = {}
    for name in ("xdsl-opt", "xdsl-pto", "xdsl-pto-opt", "filecheck"):
        script = shutil.which(name, path=path)
        if script is None:
            continue
        with open(script, "rb") as f:
            shebang = f.readline().decode("utf-8", "replace")[2:].strip()
        if os.path.abspath(shebang) == os.path.abspath(sys.executable):
            scripts[name] = os.path.abspath(script)
    if not scripts:
        return
    folder = tempfile.mkdtemp(prefix="xdsl-pto-lit-")
    sock = os.path.join(folder, "sock")
    log = open(os.path.join(folder, "server.log"), "w")
    env = dict(config.environment)
    if lit_config.params.get("forkserver_log"):
        env["XDSL_PTO_FORKSERVER_LOG"] = os.path.abspath(lit_config.params["forkserver_log"])
    server = subprocess.Popen(
        [sys.executable, os.path.join(here, "forkserver.py"), sock, *scripts.values()],
        stdin=subprocess.DEVNULL, stdout=log, stderr=log, env=env,
    )
    owner = os.getpid()

    def stop() -> None:
        if os.getpid() != owner:
            return  # a forked lit worker leaving
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
        shutil.rmtree(folder, ignore_errors=True)

    atexit.register(stop)
    deadline = time.monotonic() + 60
    while not os.path.exists(sock):
        if server.poll() is not None or time.monotonic() > deadline:
            lit_config.warning(f"forkserver did not start; the tools run cold ({log.name})")
            return
        time.sleep(0.05)
    clients = os.path.join(folder, "bin")
    os.mkdir(clients)
    for name, script in scripts.items():
        forkserver.write_client(clients, name, script, sock)
    config.environment["PATH"] = clients + os.pathsep + path


_start_forkserver()
