"""Processes by what their environment holds (every process inherits its parent's): the tests that stop a
program and check that nothing it started is left (tests/simulation/test_sim_owner_gone.py,
tests/editor/test_browser_processes.py)."""

from __future__ import annotations

import time
from pathlib import Path


def marked(mark: str) -> dict[int, str]:
    """Live processes whose environment holds ``mark`` (ended ones not yet reaped left out): pid -> command."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if (entry / "stat").read_text().rsplit(")", 1)[1].split()[0] == "Z":
                continue
            if mark.encode() in (entry / "environ").read_bytes():
                found[int(entry.name)] = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()[:160]
        except OSError:  # ended meanwhile
            continue
    return found


def left_after(mark: str, seconds: float) -> dict[int, str]:
    """The marked processes still alive after waiting up to ``seconds`` for them all to end."""
    deadline = time.monotonic() + seconds
    while (left := marked(mark)) and time.monotonic() < deadline:
        time.sleep(0.2)
    return left
