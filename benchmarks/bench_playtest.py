#!/usr/bin/env python3
"""How fast a Playtest click answers: the server-side time of the rerun a click causes.

    python benchmarks/bench_playtest.py [--deals N] [--ruleset R] [--bot B]

Runs the app's Playtest page under Streamlit's AppTest (the same script run a browser click causes: the
on_click callback, where the person's action and the bots' answers are taken, then the page drawn; page
scripts compiled once, as a running server does),
clicking through N whole deals, and prints the median, 95th percentile and slowest click, and the same for
the callback alone (the game's share). Target: under 0.3 s a click.
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
sys.path.insert(0, str(ROOT))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--ruleset", default="standard")
    parser.add_argument("--bot", default=None, help="the bots' name (default: the app's default bot)")
    args = parser.parse_args()
    os.environ["THUNEE_DSL_HOME"] = tempfile.mkdtemp(prefix="thunee-bench-")
    from streamlit.testing.v1 import AppTest

    from thunee_dsl.editor import playtest as playtest_module
    from thunee_dsl.simulation import default_bot

    bot = args.bot or default_bot()
    acts: list[float] = []
    real_act = playtest_module.Playtest.act

    def timed_act(self, action):
        t0 = time.perf_counter()
        try:
            return real_act(self, action)
        finally:
            acts.append(time.perf_counter() - t0)

    playtest_module.Playtest.act = timed_act
    # A served app compiles each page script once (its ScriptCache lives as long as the server); AppTest
    # makes a new cache every run, which would time Python's compiler instead of the click.
    from streamlit.runtime.scriptrunner.script_cache import ScriptCache
    from streamlit.testing.v1 import app_test, local_script_runner

    served_cache = ScriptCache()
    local_script_runner.ScriptCache = app_test.ScriptCache = lambda: served_cache
    at = AppTest.from_file(str(ROOT / "editor" / "app.py"), default_timeout=120)
    at.run()
    at.switch_page("app_pages/playtest.py").run()
    at.selectbox(key="pt_ref_pick").set_value(f"shipped:{args.ruleset}").run()
    at.number_input(key="pt_seed").set_value(11)
    for box in at.selectbox:
        if (box.key or "").startswith("pt_bot_"):
            box.set_value(bot)
    at.button(key="pt_start").click().run()
    clicks: list[float] = []
    deals = 0
    while deals < args.deals:
        pt = at.session_state["playtest"]
        if pt.is_over:
            break
        if pt.deal_over:
            deals += 1
            t0 = time.perf_counter()
            at.button(key="pt_next").click().run()
            clicks.append(time.perf_counter() - t0)
            continue
        buttons = [b for b in at.button if (b.key or "").startswith(("pt_card_", "pt_do_")) and not b.disabled]
        cards = [b for b in buttons if b.key.startswith("pt_card_")]
        button = cards[0] if cards else buttons[-1]
        t0 = time.perf_counter()
        button.click().run()
        clicks.append(time.perf_counter() - t0)
        assert not at.exception, at.exception

    def line(name: str, xs: list[float]) -> str:
        xs = sorted(xs)
        p95 = xs[min(len(xs) - 1, int(0.95 * len(xs)))]
        return (f"{name:<28} n={len(xs):>4}  median {1000 * statistics.median(xs):6.1f} ms  "
                f"p95 {1000 * p95:6.1f} ms  max {1000 * xs[-1]:6.1f} ms")

    print(f"Playtest clicks, {args.ruleset}, bots: {bot}, {deals} deals (AppTest, this machine, under its load)")
    print(line("click -> page drawn", clicks))
    print(line("  of which the game (act)", acts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
