"""``thunee-dsl simulate A [B ...]``: many seeded games with bots, compared (docs/simulation.md).

Every mistake a user can make (an unknown ruleset or bot, a count that is not a positive whole number, a
scheduler that cannot be reached) is one line on stderr and exit status 2; never a traceback.
"""

from __future__ import annotations

import json
import sys
import time

from thunee_dsl.errors import RulesetError


def add_parser(sub) -> None:
    """Add the ``simulate`` subcommand to the ``thunee-dsl`` parser's subparsers."""
    p = sub.add_parser("simulate", help="play many games with bots under one or more rulesets and compare them",
                       description="Play many seeded games with bots under each ruleset (the same deals under "
                                   "each) and compare: win rates, deal lengths, calls, rule coverage, with 95% "
                                   "intervals; differences are paired game by game.")
    p.add_argument("rulesets", nargs="+", metavar="NAME|FILE", help="rulesets to compare (the first is A)")
    p.add_argument("--games", default="200", metavar="N", help="games per ruleset (default 200)")
    p.add_argument("--bots", default=None, metavar="BOT[,BOT...]",
                   help="a bot for every seat, or one per seat separated by commas (default heuristic)")
    p.add_argument("--seed", default="0", metavar="S", help="seed (default 0): the same seed, the same result")
    p.add_argument("--jobs", default="1", metavar="J", help="worker processes (default 1)")
    p.add_argument("--scheduler", default=None, metavar="ADDR",
                   help="run on a Dask cluster: the scheduler's address, e.g. tcp://10.0.0.5:8786")
    p.add_argument("--max-deals", default="500", metavar="N", help="stop a game after this many deals (default 500)")
    p.add_argument("--format", choices=("text", "json", "csv"), default="text")
    p.set_defaults(func=main_simulate)


class UsageError(Exception):
    pass


def _whole(name: str, text: str, low: int | None = 1) -> int:
    try:
        value = int(str(text).strip())
    except ValueError:
        raise UsageError(f"{name} must be a whole number, got '{text}'") from None
    if low is not None and value < low:
        raise UsageError(f"{name} must be at least {low}, got {value}")
    return value


def _bots(text: str | None):
    if text is None:
        return None
    names = [n.strip() for n in text.split(",")]
    if any(not n for n in names):
        raise UsageError(f"--bots: expected a bot name or names separated by commas, got '{text}'")
    return names[0] if len(names) == 1 else names


class ProgressBar:
    """``simulating [#####.....] 120/400 games`` on a terminal (stderr), redrawn at most ten times a second."""

    def __init__(self, stream, width: int = 30):
        self.stream, self.width = stream, width
        self.last = 0.0
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - self.last < 0.1:
            return
        self.last = now
        filled = self.width * done // max(total, 1)
        self.stream.write(f"\rsimulating [{'#' * filled}{'.' * (self.width - filled)}] {done}/{total} games")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * (self.width + 40) + "\r")
            self.stream.flush()


def main_simulate(args) -> int:
    from thunee_dsl import load_ruleset
    from thunee_dsl.simulation import simulate

    try:
        games = _whole("--games", args.games)
        seed = _whole("--seed", args.seed, low=None)
        jobs = _whole("--jobs", args.jobs)
        max_deals = _whole("--max-deals", args.max_deals)
        bots = _bots(args.bots)
    except UsageError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    rulesets = []
    for target in args.rulesets:
        try:
            rulesets.append(load_ruleset(target))
        except RulesetError as err:
            for problem in err.problems:
                print(problem, file=sys.stderr)
            return 2
    bar = ProgressBar(sys.stderr) if sys.stderr.isatty() else None
    try:
        result = simulate(rulesets, games=games, bots="heuristic" if bots is None else bots, seed=seed, jobs=jobs,
                          scheduler=args.scheduler, progress=bar, max_deals=max_deals)
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except (OSError, TimeoutError, RuntimeError) as err:
        where = f" ({args.scheduler})" if args.scheduler else ""
        print(f"error: the simulation could not run{where}: {_one_line(err)}", file=sys.stderr)
        return 2
    finally:
        if bar is not None:
            bar.close()
    if args.format == "json":
        print(json.dumps(result.to_json(), indent=1))
    elif args.format == "csv":
        sys.stdout.write(result.to_csv())
    else:
        sys.stdout.write(result.to_text())
    return 0


def _one_line(err: BaseException) -> str:
    text = " ".join(str(err).split()) or type(err).__name__
    return text if len(text) <= 300 else text[:297] + "..."
