"""``thunee-dsl editor``: start the variant editor (the Streamlit app) in the browser.

The app's own Streamlit settings (no e-mail prompt, no Deploy button, no telemetry, no promotional
toast) live in ``.streamlit/config.toml`` beside the app's script, which Streamlit reads whatever the
working folder; only what the person chooses on this command line is passed as flags.
"""

from __future__ import annotations

import importlib.util
import signal
import subprocess
import sys

DEFAULT_PORT = 8501


def add_parser(sub) -> None:
    p = sub.add_parser("editor", help="start the variant editor in the browser (write, playtest, compare rules)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port to serve on (default {DEFAULT_PORT})")
    p.add_argument("--address", default="localhost", help="address to serve on (default localhost)")
    p.add_argument("--headless", action="store_true",
                   help="do not open a browser window (on a server; the default where there is no display)")
    p.set_defaults(func=main_editor)


def streamlit_command(port: int = DEFAULT_PORT, address: str = "localhost", headless: bool = False) -> list[str]:
    """The command that serves the app.

    Without ``headless`` Streamlit decides: it opens a browser where there is a display, and serves
    headless where there is none (a server, ``nohup``), instead of failing to start one.
    """
    from thunee_dsl.editor import app_path
    command = [sys.executable, "-m", "streamlit", "run", str(app_path()),
               "--server.port", str(port), "--server.address", address]
    if headless:
        command += ["--server.headless", "true"]
    # also in the app's config file; repeated here so that no setting of the user's turns telemetry on
    return command + ["--browser.gatherUsageStats", "false"]


def where(address: str, port: int) -> str:
    """The app's address for a person (Streamlit's own banner is off): on every interface, also the
    one the phones and laptops on this network can open."""
    if address not in ("0.0.0.0", "::", ""):
        return f"http://{address}:{port}"
    local = f"http://localhost:{port}"
    lan = _network_address()
    return f"{local}, and from other devices on this network http://{lan}:{port}" if lan else local


def address_problem(address: str, port: int = 0) -> str | None:
    """Why the app cannot be served on ``address`` (and ``port``; 0: the address alone), in words, or None: it
    must name this machine (a name or an address of one of its network interfaces), and the port be free.
    Streamlit, given another machine's address, stopped with a traceback; given a port in use, it said so
    after this command had said where the app was."""
    import errno
    import socket
    if address == "":  # Streamlit's own "every interface"
        return None
    try:
        family = socket.getaddrinfo(address, None, type=socket.SOCK_STREAM)[0][0]
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server binds it
            probe.bind((address, port))
    except UnicodeError:  # not encodable as a host name (a byte that is not text, a part over 63 letters)
        why = "not a host name"
    except OSError as err:  # an unknown name, another machine's address, or the port taken
        if err.errno == errno.EADDRINUSE:
            return f"port {port} is in use (another program, or the editor already running?): choose " \
                   "another with --port"
        why = err.strerror or str(err)
    else:
        return None
    shown = address.encode("utf-8", "backslashreplace").decode("ascii", "backslashreplace")
    return f"--address {shown} is not an address of this machine ({why}); use localhost, or 0.0.0.0 for every " \
           "network this machine is on"


def _network_address() -> str | None:
    """This machine's address on its local network (no packet is sent: a UDP socket is only aimed)."""
    import socket
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.254.254.254", 1))
            address = probe.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") else address


PR_SET_PDEATHSIG = 1  # (linux/prctl.h)


def _ended_with_this_command():
    """What the server's process runs before it starts (Linux): the kernel sends it SIGTERM when this command
    ends, however it ends. A SIGKILL of the command (no handler runs) left the server serving, its workers
    with it, under init. None elsewhere (or without a C library to ask)."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes
    import os
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl  # (loaded here: nothing is imported after the fork)
    except (OSError, AttributeError):
        return None
    command = os.getpid()

    def in_the_server() -> None:
        prctl(PR_SET_PDEATHSIG, int(signal.SIGTERM))
        if os.getppid() != command:  # the command already ended before it could be asked
            os.kill(os.getpid(), signal.SIGTERM)
    return in_the_server


def main_editor(args) -> int:
    from thunee_dsl.editor import app_path
    if not 1 <= args.port <= 65535:
        print(f"error: --port must be 1 to 65535, not {args.port}", file=sys.stderr)
        return 2
    problem = address_problem(args.address, args.port)
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    if importlib.util.find_spec("streamlit") is None:
        print("error: the editor needs Streamlit: pip install 'thunee-dsl[app]'", file=sys.stderr)
        return 2
    if not app_path().is_file():
        print(f"error: the editor app is missing (looked for {app_path()})", file=sys.stderr)
        return 2
    print(f"thunee-dsl editor: {where(args.address, args.port)} (Ctrl+C to stop)", file=sys.stderr)
    server = subprocess.Popen(streamlit_command(args.port, args.address, args.headless),
                              preexec_fn=_ended_with_this_command())
    # Stopping this command stops the app: a `kill`, a service manager or a closed terminal signals only
    # this process, and the server used to go on serving (its port taken) after its command was gone.
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), lambda signum, _frame: server.send_signal(signum))
    try:
        return server.wait()
    except KeyboardInterrupt:  # Ctrl+C reached the server too (the same terminal): let it finish stopping
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        return 130
