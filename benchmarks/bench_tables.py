#!/usr/bin/env python3
"""Group tables (issue 26): how soon a move is on the other phones, and what a waiting phone costs the server.

Serves the app on a free port, opens ``--tables`` tables of four phones each (phone-sized chromium contexts,
one browser), deals, then plays ``--moves`` moves: the phone whose turn it is taps its first choice, and the
time until each other phone at that table shows the new version of the table is read by the phones' own
clocks (a watcher in each page notes when ``.gt-table``'s ``data-version`` changes). Then every phone waits
for ``--idle`` seconds (nobody taps; each polls the table's version every second) and the server process's CPU
is read from /proc:

    move on the other phones: median M s, 95th percentile P s (n moves x 3 phones)
    idle: S s of server CPU per second for N phones waiting -> C% of one core per phone; 20 tables of 4: X cores

    python benchmarks/bench_tables.py [--tables 2] [--moves 20] [--idle 20]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "editor"))
sys.path.insert(0, str(ROOT))

from browser import launch, serve_app  # noqa: E402
from table_phones import my_choices, seat_four, deal_first  # noqa: E402

WATCH = """() => { window.__seen = {}; setInterval(() => {
  const t = document.querySelector('.gt-table'); const v = t && t.dataset.version;
  if (v && !(v in window.__seen)) window.__seen[v] = Date.now(); }, 20); }"""


def server_pid(port: str) -> int:
    """The app server's process (its command line names the port)."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmd = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if b"streamlit" in b" ".join(cmd) and port.encode() in cmd:
                return int(entry.name)
    raise RuntimeError("the app server's process was not found")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=2)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--idle", type=float, default=20.0)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as home, serve_app(home=home) as url, sync_playwright() as p:
        browser = launch(p)
        pid = server_pid(url.rsplit(":", 1)[1])
        tables = []
        for t in range(args.tables):
            code, players = seat_four(browser, url, names=tuple(f"T{t}P{s}" for s in range(4)))
            deal_first(players)
            for _, page in players:
                page.evaluate(WATCH)
            tables.append(players)
        phones = sum(len(players) for players in tables)
        delays = []
        for move in range(args.moves):
            players = tables[move % len(tables)]
            pages = [page for _, page in players]
            asked = next((page for page in pages if my_choices(page).count()), None)
            if asked is None:
                time.sleep(0.5)
                continue
            before = asked.locator(".gt-table").get_attribute("data-version")
            t0 = time.time() * 1000
            my_choices(asked).first.click()
            for page in pages:
                if page is asked:
                    continue
                page.wait_for_function(f"() => Object.keys(window.__seen).some(v => +v > {before})", timeout=30_000)
                seen = page.evaluate(f"() => Math.min(...Object.entries(window.__seen)"
                                     f".filter(([v]) => +v > {before}).map(([, t]) => t))")
                delays.append((seen - t0) / 1000)
            asked.wait_for_timeout(300)
        if delays:
            delays.sort()
            p95 = delays[min(len(delays) - 1, int(0.95 * len(delays)))]
            print(f"move on the other phones: median {statistics.median(delays):.2f} s, 95th percentile "
                  f"{p95:.2f} s ({len(delays)} phone-moves, {phones} phones at {len(tables)} tables)")
        start, t0 = cpu_seconds(pid), time.monotonic()
        time.sleep(args.idle)
        used = (cpu_seconds(pid) - start) / (time.monotonic() - t0)
        per_phone = used / phones
        print(f"idle: {used:.3f} s of server CPU per second for {phones} phones waiting -> "
              f"{100 * per_phone:.2f}% of one core per phone; 20 tables of 4: {80 * per_phone:.2f} cores")
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
