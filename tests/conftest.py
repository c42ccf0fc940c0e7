"""Every test gets a private, empty user folder (THUNEE_DSL_HOME): the rulesets a person saved from the
app never leak into a test (unknown-ruleset messages list them), and no test writes into a real home.

And the run leaves no process behind: every process a test starts (app servers, worker pools, their fork
servers and resource trackers, browsers) carries this session's mark in its environment, and the run fails
at its end if one of them is still alive (a fresh clone's `make test` once left ten such processes running,
their parent init, 37 minutes after it passed)."""

from __future__ import annotations

import os
import signal
import time
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: The environment variable that marks this session's processes (inherited by everything they start).
SESSION = "THUNEE_DSL_TEST_SESSION"
#: Seconds the processes of the session get to end once the last test is done (a server stopping, a pool's
#: workers told to stop at the end of their tests).
GRACE = 20.0


def pytest_configure(config):
    # (set before any test starts a process; a run started inside a run marks its own processes; a pytest-xdist
    # worker keeps its controller's: the controller checks the run's processes once every worker has ended)
    if not _xdist_worker(config):
        os.environ[SESSION] = uuid.uuid4().hex
    # The Compare page's tests are about its usual 200 games: a new app's first look, sized by how fast this
    # machine plays (thunee_dsl/editor/background.py, first_look), would make their games depend on the load.
    # Its own tests set it (tests/editor/test_first_look.py).
    os.environ.setdefault("THUNEE_DSL_FIRST_LOOK_SECONDS", "0")
    config._thunee_session_started = _started_at(Path("/proc/self/stat").read_text()) \
        if Path("/proc/self/stat").exists() else None


def _group(nodeid: str) -> str:
    """The worker's unit a test goes with under pytest-xdist (`make test` runs the suite on both cores): its
    module, run whole by one worker, so that its module-scoped fixtures (an app server, a browser, a simulation)
    are set up once; every module that drives chromium goes in one unit together, "browser": two app servers and
    two chromiums at once would race for the machine's two cores (their tests wait on pages with timeouts),
    while one browser module runs beside the engine's tests."""
    module = nodeid.split("::")[0]
    return "browser" if _drives_a_browser(module) else module


def _drives_a_browser(module: str) -> bool:
    """A module that starts chromium (``test_browser_*``, the Compare page's ``test_compareux_browser``, the first
    run's): by its name, which says so."""
    name = module.rsplit("/", 1)[-1]
    return "browser" in name or name == "test_first_run.py"


try:
    from xdist.scheduler import LoadScopeScheduling
except ImportError:  # (the suite in one process: no units)
    pass
else:
    class ByModule(LoadScopeScheduling):
        """pytest-xdist's scheduling by scope, the scope being :func:`_group`'s unit. (Its ``--dist loadgroup``
        and ``xdist_group`` marks do not group under pytest 9: the worker's renamed node ids are not read.)"""

        def _split_scope(self, nodeid: str) -> str:
            return _group(nodeid)

    def pytest_xdist_make_scheduler(config, log):
        return ByModule(config, log)


@pytest.fixture(autouse=True)
def user_home(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "thunee-dsl-home"
    monkeypatch.setenv("THUNEE_DSL_HOME", str(folder))
    # (a pytest-xdist worker is given the terminal's COLUMNS, 80: the CLI's piped tables would wrap there)
    monkeypatch.delenv("COLUMNS", raising=False)
    return folder


@pytest.fixture(scope="session", autouse=True)
def no_process_left_behind(request):
    """After the last test: no process of this session alive but this one (and its own fork server and
    resource tracker, which end with it once no worker holds them: a worker left would be listed). A
    pytest-xdist worker checks its own children alone (a child forked without exec would hold it at its exit
    until the child ends): the marked processes and the orphans may be the other worker's, alive until it ends,
    and its controller checks them once every worker has ended (pytest_sessionfinish)."""
    yield
    said = _ended_what_was_left(getattr(request.config, "_thunee_session_started", None),
                                children_only=_xdist_worker(request.config))
    if said:
        pytest.fail(said, pytrace=False)


@pytest.hookimpl(trylast=True)  # (after pytest-xdist's own, which ends its workers)
def pytest_sessionfinish(session):
    """Under pytest-xdist, the controller (which runs no test) checks the whole run's processes once its workers
    have ended, as the fixture above does in a run of one process."""
    if not session.config.pluginmanager.has_plugin("dsession"):
        return
    said = _ended_what_was_left(getattr(session.config, "_thunee_session_started", None))
    if said:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line(said, red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def _xdist_worker(config) -> bool:
    return hasattr(config, "workerinput")


def _ended_what_was_left(since: int | None, children_only: bool = False) -> str | None:
    """Waits up to GRACE seconds for this session's processes to end; those still alive then are ended and
    said (None: none was left)."""
    if not Path("/proc/self/environ").exists():  # (reads /proc: Linux)
        return None
    deadline = time.monotonic() + GRACE
    while (left := processes_left(since, children_only)) and time.monotonic() < deadline:
        time.sleep(0.25)
    if not left:
        return None
    for pid in left:  # ended, so that a failed run does not leave them piling up either
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    return (f"{len(left)} process(es) of the test run still alive {GRACE:.0f} s after the last test "
            "(ended now):\n" + "\n".join(f"  pid {pid}: {said}" for pid, said in sorted(left.items())))


def processes_left(since: int | None, children_only: bool = False) -> dict[int, str]:
    """This session's processes still alive, pid -> what it is: this process's children and theirs, those with
    the session's mark in their environment (a process forked without exec shows its parent's first
    environment, without the mark: hence the children), and those started since the session began whose
    parent is init and whose command line names this checkout (an orphan started with an environment of its
    own). ``children_only``: this process's children and theirs alone (a pytest-xdist worker's own)."""
    mark = os.environ.get(SESSION, "").encode()
    table = {}  # pid -> (parent, command, marked)
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            state, parent = stat.rsplit(")", 1)[1].split()[:2]
            if state == "Z":  # ended, not yet reaped by its parent
                continue
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
            marked = bool(mark) and mark in (entry / "environ").read_bytes()
            orphan = parent == "1" and str(ROOT) in command and since is not None and _started_at(stat) >= since
        except OSError:  # ended meanwhile, or another user's
            continue
        table[int(entry.name)] = (int(parent), command, marked or orphan)
    ours = {os.getpid()}
    for pid in sorted(table, key=lambda pid: _depth(table, pid)):  # (parents before their children)
        if table[pid][0] in ours:
            ours.add(pid)
    keep = {os.getpid(), *_own_helpers()}
    return {pid: f"parent {parent}: {command[:200]}" for pid, (parent, command, flagged) in table.items()
            if (flagged and not children_only or pid in ours) and pid not in keep}


def _depth(table: dict, pid: int) -> int:
    """How many ancestors ``pid`` has in ``table``."""
    depth, seen = 0, set()
    while pid in table and pid not in seen:
        seen.add(pid)
        pid, depth = table[pid][0], depth + 1
    return depth


def _own_helpers() -> list[int]:
    """This process's multiprocessing fork server and resource tracker (they end when it does)."""
    from multiprocessing import forkserver, resource_tracker

    helpers = [getattr(forkserver._forkserver, "_forkserver_pid", None),
               getattr(resource_tracker._resource_tracker, "_pid", None)]
    return [pid for pid in helpers if pid]


def _started_at(stat: str) -> int:
    """When a process started, from its /proc/PID/stat (clock ticks since boot: the 22nd field)."""
    return int(stat.rsplit(")", 1)[1].split()[19])
