"""``thunee-dsl simulate A [B ...]``: many seeded games with bots, compared (docs/simulation.md).

Every mistake a user can make (an unknown ruleset or bot, a count that is not a positive whole number, a
scheduler that cannot be reached) is one line on stderr and exit status 2; never a traceback.
"""

from __future__ import annotations

import json
import sys

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
                   help="a bot for every seat, or one per seat separated by commas: cautious, typical (default), "
                        "bold, heuristic, montecarlo, random")
    p.add_argument("--mistakes", default="0", metavar="RATE",
                   help="chance at each decision that a player commits an offence the ruleset penalises "
                        "(revoke, out of turn, ...), e.g. 0.01; default 0")
    p.add_argument("--seed", default="0", metavar="S", help="seed (default 0): the same seed, the same result")
    p.add_argument("--jobs", default="1", metavar="J", help="worker processes (default 1)")
    p.add_argument("--scheduler", default=None, metavar="ADDR",
                   help="run on a Dask cluster: the scheduler's address, e.g. tcp://10.0.0.5:8786")
    p.add_argument("--max-deals", default="500", metavar="N", help="stop a game after this many deals (default 500)")
    p.add_argument("--focus-seconds", default="unlimited", metavar="S",
                   help="a time budget for focused replays of the rules that decided too few deals (default "
                        "'unlimited': stop only at --focus-replays, so the same numbers on any machine)")
    p.add_argument("--focus-replays", default="3000", metavar="N", help="focused replays at most (default 3000)")
    p.add_argument("--no-focus", action="store_true", help="no focused replays")
    p.add_argument("--format", choices=("text", "json", "csv"), default="text")
    p.set_defaults(func=main_simulate)


class UsageError(Exception):
    pass


def _whole(name: str, text: str, low: int | None = 1) -> int:
    import argparse

    from thunee_dsl.cli.main import _whole_number  # digits only, as every other command: not 1_000, 0x10 or 1.5

    try:
        value = _whole_number(str(text))
    except argparse.ArgumentTypeError:
        raise UsageError(f"{name} must be a whole number, got '{text}'") from None
    if low is not None and value < low:
        raise UsageError(f"{name} must be at least {low}, got {value}")
    return value


def _rate(name: str, text: str) -> float:
    try:
        value = float(str(text).strip())
    except ValueError:
        raise UsageError(f"{name} must be a rate between 0 and 1 (e.g. 0.01), got '{text}'") from None
    if not 0 <= value <= 1:
        raise UsageError(f"{name} must be between 0 and 1 (e.g. 0.01), got {text}")
    return value


def _seconds(name: str, text: str) -> float | None:
    if str(text).strip().lower() == "unlimited":
        return None
    try:
        value = float(str(text).strip())
    except ValueError:
        raise UsageError(f"{name} must be a number of seconds or 'unlimited', got '{text}'") from None
    if not 0 <= value < float("inf"):
        raise UsageError(f"{name} must be a number of seconds of at least 0 or 'unlimited', got {text}")
    return value


def _bots(text: str | None):
    if text is None:
        return None
    names = [n.strip() for n in text.split(",")]
    if any(not n for n in names):
        raise UsageError(f"--bots: expected a bot name or names separated by commas, got '{text}'")
    return names[0] if len(names) == 1 else names


class ProgressBar:
    """A rich progress bar on a terminal (stderr): games done, rate and time left."""

    def __init__(self, stream, force_terminal: bool | None = None):
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        self.progress = Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
                                 TimeRemainingColumn(), console=Console(file=stream, force_terminal=force_terminal, width=80),
                                 transient=True)
        self.task = None

    def __call__(self, done: int, total: int) -> None:
        if self.task is None:
            self.progress.start()
            self.task = self.progress.add_task("games", total=total)
        self.progress.update(self.task, completed=done)

    def close(self) -> None:
        if self.task is not None:
            self.progress.stop()


def main_simulate(args) -> int:
    from thunee_dsl import load_ruleset
    from thunee_dsl.simulation import simulate

    try:
        games = _whole("--games", args.games)
        seed = _whole("--seed", args.seed, low=None)
        jobs = _whole("--jobs", args.jobs)
        max_deals = _whole("--max-deals", args.max_deals)
        bots = _bots(args.bots)
        mistakes = _rate("--mistakes", args.mistakes)
        focus_seconds = _seconds("--focus-seconds", args.focus_seconds)
        focus_replays = _whole("--focus-replays", args.focus_replays)
        from thunee_dsl.simulation.focus import MOST_REPLAYS

        if focus_replays > MOST_REPLAYS:
            raise UsageError(f"--focus-replays must be at most {MOST_REPLAYS:,}, got {focus_replays}")
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
        result = simulate(rulesets, games=games, bots=bots, seed=seed, jobs=jobs,
                          scheduler=args.scheduler, progress=bar, max_deals=max_deals, mistakes=mistakes,
                          focus=not args.no_focus, focus_replays=focus_replays, focus_seconds=focus_seconds)
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
    elif sys.stdout.isatty():
        print_tables(result, sys.stdout)
    else:
        sys.stdout.write(result.to_text())  # plain text when written to a file or a pipe
    return 0


def print_tables(result, stream, force_terminal: bool | None = None, width: int | None = None) -> None:
    """The text report drawn with rich tables (on a terminal): the same words as ``to_text``."""
    from rich.console import Console
    from rich.table import Table

    console = Console(file=stream, force_terminal=force_terminal, width=width, highlight=False)

    def table(header, rows, warn=None):
        t = Table(*header, show_edge=False, header_style="bold")
        for column in t.columns[1:]:
            column.justify = "right"
        for row in rows:
            t.add_row(*row, style="yellow" if warn and warn(row) else None)
        return t

    for line in result.intro_lines():
        console.print(line, markup=False, soft_wrap=True)
    console.print()
    console.print(table(*result.statistics_table(), warn=lambda row: any("*" in c for c in row[1:])))
    console.print(result.STATISTICS_NOTE, markup=False, soft_wrap=True)
    console.print()
    console.print(result.COVERAGE_TITLE, markup=False, soft_wrap=True)
    console.print(table(*result.coverage_table(), warn=lambda row: any(c.endswith("!") for c in row[1:])))
    for line in result.coverage_notes():
        console.print(line, markup=False, soft_wrap=True, style="yellow" if line.lstrip().startswith("!") else None)


def _one_line(err: BaseException) -> str:
    text = " ".join(str(err).split()) or type(err).__name__
    return text if len(text) <= 300 else text[:297] + "..."
