#!/usr/bin/env python3
"""Simulation speed: the speed-up of jobs=2 over jobs=1, and the wall time of a 1,000-game comparison.

Plays the paired comparison `standard` vs `examples/partner-catch-six.yaml` (every game under both
rulesets) with `typical` bots (the default everywhere), once with one process and once with two worker
processes, checks that the two results are identical, and prints:

    speed-up jobs=2 over jobs=1: X.XX (target >= 1.7 on two cores)
    1000-game paired comparison, jobs=2: T s
    10,000-game paired comparison: about T s with J jobs (from the CPU time per game)

    python benchmarks/bench_simulation.py [--games N] [--bots NAME] [--jobs J] [--seed S] [--repeat R]
    python benchmarks/bench_simulation.py --targets [--games N] [--jobs J]
    python benchmarks/bench_simulation.py --page [--runs R] [--timeline]
    python benchmarks/bench_simulation.py --breakdown [--games N] [--jobs J] [--runs R]

`--page` instead measures the Compare page in a real browser (Debian's chromium through Playwright): the app
served on a free port, standard against partner-catch-six with the page's defaults (200 games, typical bots,
one process per core), the estimate the page shows before Simulate and the wall time from the click to the
answer's first lines painted (and to the whole answer, its charts drawn), by the page's own clock (a stopwatch
put in the page: Playwright's waits poll up to every 0.5 s), for `--runs` runs in a row (seeds 0, 1, ...):
the first pays for nothing but its games if the app's warm worker pool (thunee_dsl/editor/pool.py) is up by
then. Each run says the CPU the workers, the app's server and chromium (by its processes' kind) took meanwhile; `--timeline` adds it every half second of the run (a
steady drain, or spikes at the page's progress ticks) and what the page costs in 3 s idle after the answer.

`--first-visit` leaves the rulesets as a first visit finds them (standard against thirteen-point): a new user's
first press of Simulate on an app just started (with the games a first look plays: as many as the page's timing
says answer within 10 s, at most 200; without it the page is set to 200 games).

`--breakdown` instead runs the Compare page's simulation (standard against partner-catch-six, 200 games,
typical bots, seed 0, two processes: the page's defaults) without the page, on a warm pool as the app lends
it, and says where its time goes (`Comparison.timings`): the games (wall, and CPU per worker), the statistics,
the focused replays (wall and CPU), and what that would take on idle cores, and with games twice as cheap.
The page's own share (Streamlit drawing the answer, its polling) is what `--page` measures beyond the
"Worked out here in" the page says.

`--targets` instead plays what issue 14 asks of the default bots: N games of `standard` (which calls, how
Thunee, Double and Khanaak end), the same with `mistakes=0.01` (which penalties fire), and `standard`
against partner-catch-six, khanaak-simple and friendly-table (with mistakes): the statistics whose
difference excludes zero, and the deals decided by each rule that differs.

The speed-up needs the cores to itself: other busy processes (see the load average printed first) make it
look worse than it is. The last lines are `speedup: X.XX` and `wall_s: T` for tracking.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from thunee_dsl import load_ruleset  # noqa: E402
from thunee_dsl.simulation import bot_names, simulate  # noqa: E402

A, B = "standard", str(ROOT / "examples" / "partner-catch-six.yaml")


def cpu_seconds() -> float:
    """CPU time of this process and its finished children (the worker processes)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def timed(rulesets, games, bots, seed, jobs):
    """Wall time, CPU time and the result of one simulation."""
    cpu, start = cpu_seconds(), time.perf_counter()
    result = simulate(rulesets, games=games, bots=bots, seed=seed, jobs=jobs)
    return time.perf_counter() - start, cpu_seconds() - cpu, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--bots", default="typical")
    parser.add_argument("--targets", action="store_true", help="issue 14's figures instead of the speed-up")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes for the parallel run (default 2)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=2, help="runs of each, the best counts (default 2)")
    parser.add_argument("--page", action="store_true", help="time the Compare page in a browser instead")
    parser.add_argument("--runs", type=int, default=3, help="with --page or --breakdown: runs in a row (default 3)")
    parser.add_argument("--breakdown", action="store_true", help="where the page's simulation spends its time")
    parser.add_argument("--first-visit", action="store_true",
                        help="with --page: the rulesets a first visit compares (standard and thirteen-point), as they come")
    parser.add_argument("--timeline", action="store_true",
                        help="with --page: the CPU of workers, server and chromium every half second of each run")
    args = parser.parse_args()

    if args.page:
        return page(args.runs, args.timeline, args.first_visit)
    if args.breakdown:
        return breakdown(200 if args.games == 1000 else args.games, args.jobs, args.runs)

    if args.targets:
        return targets(args.games, args.bots, args.seed, args.jobs)
    bots = args.bots
    if bots not in bot_names():
        print(f"note: bot '{bots}' is not registered (known: {', '.join(bot_names())}); using 'random'")
        bots = "random"
    rulesets = [load_ruleset(A), load_ruleset(B)]
    cores = os.cpu_count()
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"
    print(f"{cores} cores, load average {load}; {args.games} games under each of {A} and "
          f"{Path(B).relative_to(ROOT)}, {bots} bots, seed {args.seed}")

    # a short warm-up (imports, compiled tables, the bots' first use) outside the timings
    simulate(rulesets, games=2, bots=bots, seed=args.seed + 1)

    # best of --repeat runs each, alternating, so that a burst of other work on the machine hurts less
    best: dict[int, tuple[float, float]] = {}
    results = {}
    for _ in range(args.repeat):
        for jobs in (1, args.jobs):
            wall, cpu, result = timed(rulesets, args.games, bots, args.seed, jobs)
            print(f"  jobs={jobs}: {wall:.2f} s wall, {cpu:.2f} s CPU")
            if jobs not in best or wall < best[jobs][0]:
                best[jobs] = (wall, cpu)
            results[jobs] = result
    (t1, c1), (tj, cj) = best[1], best[args.jobs]
    deals = sum(len(g.deals) for r in results[1].rulesets for g in r.games)
    print(f"jobs=1: {t1:.2f} s ({2 * args.games / t1:.1f} games/s, {deals / t1:.0f} deals/s)")
    print(f"jobs={args.jobs}: {tj:.2f} s ({2 * args.games / tj:.1f} games/s; CPU {cj:.2f} s against {c1:.2f} s "
          f"with one job)")
    same = json.dumps(results[1].to_json(), sort_keys=True) == json.dumps(results[args.jobs].to_json(), sort_keys=True)
    print(f"identical results: {'yes' if same else 'NO'}")
    speedup = t1 / tj
    busy = cj / tj  # cores this run kept busy on average
    print(f"jobs={args.jobs} kept {busy:.2f} cores busy on average")
    if args.jobs > 1 and busy < 0.8 * min(args.jobs, cores or 1):
        print("warning: the workers did not get the cores to themselves (other processes were busy): "
              "the speed-up below understates what this machine can do")
    print(f"speed-up jobs={args.jobs} over jobs=1: {speedup:.2f} (target >= 1.7 with 2 jobs on two cores)")
    print(f"{args.games}-game paired comparison, jobs={args.jobs}: {tj:.2f} s (jobs=1: {t1:.2f} s)")
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from reference_clock import in_reference_deals, reference_deal_cpu
    per_deal = reference_deal_cpu()
    print(f"a paired game (jobs=1, CPU) = {in_reference_deals(c1 / args.games, per_deal)}; "
          f"the {args.games}-game comparison = {in_reference_deals(c1, per_deal)}")
    per_game = c1 / (2 * args.games)  # CPU seconds a game (of one ruleset) with one job
    print(f"10,000-game paired comparison: about {per_game * 20_000 / max(1, min(args.jobs, cores or 1)):.0f} s with "
          f"{args.jobs} jobs on idle cores ({per_game * 1000:.1f} ms CPU a game)")
    print(f"speedup: {speedup:.2f}")
    print(f"wall_s: {tj:.2f}")
    if not same:
        sys.exit(1)


def breakdown(games: int, jobs: int, runs: int) -> None:
    """Where the time of the page's simulation goes (on a warm pool, as the app lends it)."""
    sys.path.insert(0, str(ROOT))
    from thunee_dsl.editor.pool import WarmPool
    from thunee_dsl.simulation import runner

    rulesets = [load_ruleset(A), load_ruleset(B)]
    pool = WarmPool(workers=jobs)
    runner.share_pool(pool)
    begun = time.perf_counter()
    pool.start()
    pool.ready.wait(120)
    print(f"{os.cpu_count()} cores; warm pool of {jobs} started in {time.perf_counter() - begun:.2f} s (the app does "
          "this when it starts)")
    try:
        for run in range(runs):
            load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
            cmp = simulate(rulesets, games=games, seed=run, jobs=jobs)
            t = cmp.timings
            per_worker = ", ".join(f"{c:.2f}" for c in t["games_cpu_by_worker"].values())
            focus_cpu = t.get("focus_cpu", 0.0)
            print(f"run {run + 1} (seed {run}, load average {load}): {t['total']:.2f} s in all")
            print(f"  games: {t['games']:.2f} s wall, {t['games_cpu']:.2f} s CPU ({per_worker} per worker; "
                  f"{1000 * t['games_cpu'] / games:.0f} ms a paired game); the workers waited "
                  f"{jobs * t['games'] - t['games_busy']:.2f} s in all (to start, between chunks, at the tail)")
            print(f"  statistics and coverage: {t['analysis']:.2f} s")
            for f in cmp.focused:
                print(f"  focused replays of {f.path}: {f.replays} replays of {f.parents} deals, changed {f.changed}, "
                      f"stopped: {f.stopped}, clear: {f.clear}")
            print(f"  focused replays: {t.get('focus', 0.0):.2f} s wall, {focus_cpu:.2f} s CPU")
            cores = min(jobs, os.cpu_count() or 1)
            idle = (t["games_cpu"] + focus_cpu) / cores + t["analysis"]
            half = (t["games_cpu"] / 2 + focus_cpu) / cores + t["analysis"]
            print(f"  on {cores} idle cores: about {idle:.1f} s; with games twice as cheap: about {half:.1f} s "
                  "(plus the page's drawing: --page)")
    finally:
        runner.share_pool(None)
        pool.stop()


def _processes() -> dict[int, tuple[int, str, float]]:
    """Every process of this machine: pid -> (parent pid, command, CPU seconds so far), from /proc."""
    tick = os.sysconf("SC_CLK_TCK")
    out = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()  # (the command name in brackets may hold spaces)
        out[int(entry.name)] = (int(fields[1]), command, (int(fields[11]) + int(fields[12])) / tick)
    return out


def cpu_by_kind() -> dict[str, float]:
    """CPU seconds so far of this benchmark's own processes, by kind: the app's server, its worker processes
    (the warm pool, the forkserver), chromium (and Playwright's driver); and chromium's share by its
    processes' ``--type`` ("browser: renderer", "browser: gpu-process", "browser: main" ...)."""
    procs = _processes()
    children: dict[int, list[int]] = {}
    for pid, (parent, _, _) in procs.items():
        children.setdefault(parent, []).append(pid)
    out = {"server": 0.0, "workers": 0.0, "browser": 0.0}
    parts: dict[str, float] = {}

    def walk(pid: int, kind: str | None) -> None:
        _, command, cpu = procs[pid]
        if kind is None and "streamlit" in command:
            kind = "server"
        elif kind is None and ("chrom" in command or "playwright" in command or "node" in command):
            kind = "browser"
        elif kind == "server" and pid not in children.get(os.getpid(), []):
            kind = "workers"  # a process the server started (the forkserver and the pool's workers)
        if kind is not None:
            out[kind] += cpu
        if kind == "browser":
            typed = re.search(r"--type=([a-z-]+)", command)
            part = typed.group(1) if typed else ("main" if "chrom" in command else "playwright")
            parts[f"browser: {part}"] = parts.get(f"browser: {part}", 0.0) + cpu
        for child in children.get(pid, []):
            walk(child, kind)

    for child in children.get(os.getpid(), []):
        walk(child, None)
    return {**out, **parts}


class Timeline:
    """CPU by kind sampled every ``step`` seconds in a thread, from :meth:`start` to :meth:`stop`: where the
    CPU of a run went second by second (a steady drain, or spikes at the page's progress ticks)."""

    def __init__(self, step: float = 0.5):
        import threading

        self.step, self.samples, self._stop = step, [], threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        while True:
            self.samples.append((time.perf_counter(), cpu_by_kind()))
            if self._stop.wait(self.step):
                self.samples.append((time.perf_counter(), cpu_by_kind()))
                return

    def start(self) -> "Timeline":
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()

    def lines(self) -> list[str]:
        """Per interval: the seconds since the start and the CPU each kind took in it."""
        if len(self.samples) < 2:
            return []
        t0 = self.samples[0][0]
        kinds = ["workers", "server", "browser"]
        out = ["    time  " + "  ".join(f"{k:>8}" for k in kinds)]
        for (ta, a), (tb, b) in zip(self.samples, self.samples[1:]):
            out.append(f"  {tb - t0:5.1f} s " + "  ".join(f"{b.get(k, 0) - a.get(k, 0):8.2f}" for k in kinds))
        return out


#: In the browser: the answer's charts are all drawn (Vega draws a chart's marks once its data is in).
WHOLE_ANSWER = """() => { const charts = document.querySelectorAll('[data-testid="stVegaLiteChart"]');
    const whole = charts.length >= 5 && [...charts].every(c => c.querySelector('.marks'));
    if (whole && window.__stopwatch.whole === null) window.__stopwatch.whole = performance.now();
    return whole; }"""

# The page's own stopwatch (performance.now() in the page): when Simulate is clicked, and when the answer's
# first line is put on the page and then painted (the next animation frame). Playwright's waits poll at
# growing intervals up to 0.5 s, so timing them from here added up to half a second to every figure.
STOPWATCH = """(pattern) => {
    const re = new RegExp(pattern), w = window.__stopwatch = {clicked: null, shown: null, painted: null, whole: null};
    const button = [...document.querySelectorAll('button')].find(b => b.innerText.trim() === 'Simulate');
    button.addEventListener('click', () => { w.clicked = performance.now(); }, {capture: true, once: true});
    const observer = new MutationObserver((mutations) => {
        if (w.clicked === null) return;
        for (const m of mutations) {
            for (const n of (m.type === 'characterData' ? [m.target] : m.addedNodes)) {
                if (re.test(n.textContent || '')) {
                    w.shown = performance.now();
                    observer.disconnect();
                    requestAnimationFrame(() => { w.painted = performance.now(); });
                    return;
                }
            }
        }
    });
    observer.observe(document.body, {childList: true, subtree: true, characterData: true});
}"""


def page(runs: int, timeline: bool = False, first_visit: bool = False) -> None:
    import shutil
    import tempfile

    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "editor"))
    from browser import chromium_path, launch, serve_app, wait_idle

    if chromium_path() is None:
        sys.exit("chromium is not installed (apt-get install chromium)")

    def load() -> str:
        return ", ".join(f"{x:.2f}" for x in os.getloadavg())

    with tempfile.TemporaryDirectory() as home:
        (Path(home) / "rulesets").mkdir()
        shutil.copy(B, Path(home) / "rulesets" / "partner-catch-six.yaml")
        with serve_app(home=home) as url, sync_playwright() as p:
            browser = launch(p)
            try:
                view = browser.new_page(viewport={"width": 1400, "height": 1800})
                view.goto(url)
                wait_idle(view)
                view.get_by_role("link", name="Compare", exact=True).first.click()
                wait_idle(view)
                for key, option in () if first_visit else (("cmp_a", "standard"), ("cmp_b", "partner-catch-six (yours)")):
                    box = view.locator(f".st-key-{key} input[role='combobox']")
                    box.click()
                    box.fill(option)
                    view.get_by_role("option", name=option, exact=True).click()
                    wait_idle(view)
                if not first_visit:  # the page's usual 200 games, not a new app's first look (background.first_look)
                    games = view.locator(".st-key-cmp_games input")
                    games.fill("200")
                    games.press("Enter")
                    wait_idle(view)
                for run in range(runs):
                    if run:
                        seed = view.locator(".st-key-cmp_seed input")
                        seed.fill(str(run))
                        seed.press("Enter")
                        wait_idle(view)
                    said = view.get_by_text(re.compile(r"^Takes .* on this machine"))
                    said.wait_for(timeout=300_000)
                    estimate = said.inner_text()
                    before = load()
                    cpu = cpu_by_kind()
                    sampled = Timeline().start()
                    games = view.locator(".st-key-cmp_games input").input_value()  # (a first look: fewer)
                    first_line = rf"{games} games of each, typical bots, seed {run}\."
                    view.evaluate(STOPWATCH, first_line)
                    view.get_by_role("button", name="Simulate", exact=True).click()
                    view.wait_for_function("() => window.__stopwatch.painted !== null", polling=250, timeout=240_000)
                    sampled.stop()
                    spent = {k: v - cpu.get(k, 0.0) for k, v in cpu_by_kind().items()}
                    # the rest of the answer: its tables and charts drawn (every chart's marks on the screen)
                    view.get_by_role("button", name="Download the results (CSV)").wait_for(timeout=60_000)
                    view.wait_for_function(WHOLE_ANSWER, polling=50, timeout=60_000)
                    watch = view.evaluate("() => window.__stopwatch")
                    took, whole = ((watch[k] - watch["clicked"]) / 1000 for k in ("painted", "whole"))
                    worked = view.get_by_text(re.compile(r"^Worked out here in ")).first.inner_text()
                    server = float(re.search(r"in ([0-9.]+) s", worked).group(1))
                    print(f"run {run + 1} (seed {run}): {took:.1f} s from Simulate to the answer; the page said "
                          f"'{estimate}' before and '{worked}' after: {took - server:.1f} s for the rest (the click, "
                          f"the page's polling, drawing the answer); load average before {before}, after {load()}")
                    print(f"  CPU from Simulate to the answer: workers {spent['workers']:.1f} s, the app's server "
                          f"{spent['server']:.1f} s, chromium {spent['browser']:.1f} s ("
                          + ", ".join(f"{k[9:]} {v:.2f}" for k, v in sorted(spent.items()) if k.startswith("browser: "))
                          + ")")
                    print(f"  the whole answer (its charts drawn): {whole:.1f} s from Simulate, {whole - took:.1f} s after "
                          "its first lines")
                    if timeline:
                        print("\n".join(sampled.lines()))
                    wait_idle(view)
                    if timeline:  # what the page costs when nothing happens (an animation would show here)
                        idle = cpu_by_kind()
                        time.sleep(3)
                        print("  3 s idle after the answer: " + ", ".join(
                            f"{k} {v - idle.get(k, 0.0):.2f}" for k, v in cpu_by_kind().items() if ":" not in k))
            finally:
                browser.close()


def fired(result, prefix: str) -> dict[str, int]:
    return {c.rule[len(prefix):]: c.deals for c in result.coverage if c.rule.startswith(prefix)}


def targets(games: int, bots: str, seed: int, jobs: int) -> None:
    house = ROOT / "examples" / "house"
    standard = load_ruleset(A)
    start = time.perf_counter()
    one = simulate([standard], games=games, bots=bots, seed=seed, jobs=jobs).rulesets[0]
    print(f"{games} games of standard, {bots} bots: {time.perf_counter() - start:.1f} s wall, "
          f"{sum(len(g.deals) for g in one.games)} deals")
    calls = {k: n for k, n in fired(one, "calling.amounts.").items() if n}
    print(f"  calls made (deals): {calls} -> {len(calls)} amounts (target >= 4)")
    for kind in ("undertakings.thunee", "claims.double", "claims.khanaak"):
        print(f"  {kind}: {fired(one, kind)}")
    start = time.perf_counter()
    slips = simulate([standard], games=games, bots=bots, seed=seed, jobs=jobs, mistakes=0.01).rulesets[0]
    print(f"with mistakes 0.01 ({time.perf_counter() - start:.1f} s): penalties {fired(slips, 'penalties.')}")
    for other, mistakes in ((ROOT / "examples" / "partner-catch-six.yaml", 0.0), (house / "khanaak-simple.yaml", 0.0),
                            (house / "friendly-table.yaml", 0.01)):
        start = time.perf_counter()
        cmp = simulate([standard, load_ruleset(str(other))], games=games, bots=bots, seed=seed, jobs=jobs,
                       mistakes=mistakes)
        print(f"standard vs {other.stem} (mistakes {mistakes}): {time.perf_counter() - start:.1f} s wall")
        for rc in cmp.rules_compared:
            print(f"  {rc.change}: deals decided {rc.deals}" + (f" ({rc.advice})" if rc.advice else ""))
        for st in cmp.differences[0].statistics:
            e = st.estimate
            if e.low is not None and (e.low > 0 or e.high < 0):
                print(f"  differs: {st.label}: {e.value:+.4f} [{e.low:+.4f}, {e.high:+.4f}]")


if __name__ == "__main__":
    main()
