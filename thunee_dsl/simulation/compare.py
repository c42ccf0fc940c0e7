"""The result of a simulation: :class:`Comparison`, as JSON, text or CSV (format: docs/simulation.md)."""

from __future__ import annotations

import csv
import io
import textwrap
from dataclasses import dataclass, field

from thunee_dsl.simulation.analysis import Difference, RulesetResult, Statistic
from thunee_dsl.simulation.coverage import RuleDecided, label_across
from thunee_dsl.simulation.focus import Focused
from thunee_dsl.simulation.stats import CONFIDENCE, Estimate

FORMAT = "thunee-dsl-simulation/1"


@dataclass
class Comparison:
    """Statistics per ruleset (``rulesets``), paired differences of each later ruleset from the first
    (``differences``), rule coverage and the raw per-game figures."""

    games: int
    seed: int
    bots: str | list[str]
    max_deals: int
    rulesets: list[RulesetResult]
    differences: list[Difference] = field(default_factory=list)
    confidence: float = CONFIDENCE
    mistakes: float = 0.0  # chance of an offence at each decision
    rules_compared: list[RuleDecided] = field(default_factory=list)  # rules that differ, deals each decided
    focused: list[Focused] = field(default_factory=list)  # focused replays of the rules that decided too few
    #: where the run's time went (runner.Times: seconds by phase, the workers' CPU); not part of the result,
    #: which depends only on the inputs (left out of to_json and of comparisons)
    timings: dict = field(default_factory=dict, compare=False, repr=False)

    def focused_on(self, path: str) -> Focused | None:
        """The focused replays of the rule at ``path`` (None: it had none)."""
        return next((f for f in self.focused if f.path == path), None)

    def coverage_warnings(self) -> list[tuple[str, tuple[int | None, ...], str]]:
        """(rule changed, deals it decided per ruleset, advice) for every rule that differs between the
        rulesets and decided no deal in any of them: the comparison cannot have seen its effect."""
        return [(r.change, r.deals, r.advice) for r in self.rules_compared if r.advice is not None]

    def scarce_warnings(self) -> list[tuple[str, tuple[int | None, ...], str]]:
        """(rule changed, deals it decided per ruleset, advice) for every rule that differs and decided some
        deals, but too few for any difference it makes to show (:data:`~thunee_dsl.simulation.coverage.
        FEWEST_TO_SHOW`)."""
        return [(r.change, r.deals, r.scarce) for r in self.rules_compared if r.scarce is not None]

    def result(self, name: str) -> RulesetResult:
        for r in self.rulesets:
            if r.name == name:
                return r
        raise KeyError(name)

    # -- JSON -------------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "format": FORMAT,
            "games": self.games, "seed": self.seed, "bots": self.bots, "max_deals": self.max_deals,
            "mistakes": self.mistakes, "confidence": self.confidence,
            "rulesets": [r.to_json() for r in self.rulesets],
            "differences": [d.to_json() for d in self.differences],
            "rules_compared": [r.to_json() for r in self.rules_compared],
            "focused": [f.to_json() for f in self.focused],
        }

    # -- CSV --------------------------------------------------------------------------------
    def to_csv(self) -> str:
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        w.writerow(["table", "ruleset", "key", "label", "value", "low", "high", "n", "method"])
        for r in self.rulesets:
            for s in r.statistics:
                w.writerow(["statistic", r.name, *_csv_stat(s)])
        for d in self.differences:
            for s in d.statistics:
                w.writerow(["difference", f"{d.b} - {d.a}", *_csv_stat(s)])
        for r in self.rulesets:
            for c in r.coverage:
                w.writerow(["coverage", r.name, c.rule, c.label, c.deals, "", "", c.games,
                            "" if c.fired else "never fired"])
        for f in self.focused:
            for role, e in (("own", f.own), ("others", f.others)):
                if e is not None:
                    for per, x in (("announcement", e), ("deal", f.per_deal(e))):
                        w.writerow(["focused", f"{f.b} - {f.a}", f"{f.path}:{role}:per_{per}",
                                    f"{f.change}: {f.role_words(role)}, per {per}", x.value, _blank(x.low),
                                    _blank(x.high), x.n, f"replays ({f.changed} changed the {f.unit.plural})"])
        return out.getvalue()

    # -- text -------------------------------------------------------------------------------
    def letters(self) -> list[str]:
        """The letter of each ruleset in the tables (A, B, ...)."""
        return [chr(ord("A") + i) if i < 26 else f"R{i + 1}" for i in range(len(self.rulesets))]

    def statistics_table(self) -> tuple[list[str], list[list[str]]]:
        """The statistics as (header, rows of cells): estimates per ruleset, then differences from A."""
        rs, letters = self.rulesets, self.letters()
        header = ["statistic"] + [f"{letter}: {r.name}" for letter, r in zip(letters, rs)] + \
            [f"{letters[i + 1]} - A" for i in range(len(self.differences))]
        keys: list[tuple[str, str, bool]] = []
        seen = set()
        for r in rs:
            for s in r.statistics:
                if s.key not in seen:
                    seen.add(s.key)
                    keys.append((s.key, s.label, s.estimate.method == "t"))
        rows = []
        for key, _, is_mean in keys:
            cells = []
            has_data = False
            for r in rs:
                s = r.statistic(key)
                if s is None:
                    cells.append("-")
                else:
                    has_data = has_data or s.estimate.n > 0
                    cells.append(_fmt_estimate(s.estimate, is_mean))
            if not has_data:
                continue
            for d in self.differences:
                s = d.statistic(key)
                cells.append("-" if s is None else _fmt_difference(s.estimate, is_mean))
            # each ruleset's own words ("A: balls per deal; B: points per deal")
            said = [None if r.statistic(key) is None else r.statistic(key).label for r in rs]
            rows.append([label_across(said, letters)] + cells)
        return header, rows

    def coverage_table(self) -> tuple[list[str], list[list[str]]]:
        """Rule coverage as (header, rows): deals in which each rule fired ("0 !": never, "-": not a rule there)."""
        rs, letters = self.rulesets, self.letters()
        cov_keys: list[tuple[str, str]] = []
        seen = set()
        for r in rs:
            for c in r.coverage:
                if c.rule not in seen:
                    seen.add(c.rule)
                    cov_keys.append((c.rule, c.label))
        cov_rows = []
        for key, _ in cov_keys:
            cells, labels = [], []
            for r in rs:
                c = next((c for c in r.coverage if c.rule == key), None)
                cells.append("-" if c is None else f"{c.deals}" if c.fired else "0 !")
                labels.append(None if c is None else c.label)
            cov_rows.append([label_across(labels, letters)] + cells)  # each ruleset's own words
        return ["rule"] + [f"{letter}: {r.name}" for letter, r in zip(letters, rs)], cov_rows

    def intro_lines(self) -> list[str]:
        """What was simulated, and how to read the tables."""
        rs, letters = self.rulesets, self.letters()
        bots = self.bots if isinstance(self.bots, str) else ",".join(self.bots)
        lines = [
            f"{self.games} games per ruleset, seed {self.seed}, bots: {bots}"
            + (" (every seat)" if isinstance(self.bots, str) else "")
            + (f", mistakes: {self.mistakes:g} per decision" if self.mistakes else ""),
        ]
        for letter, r in zip(letters, rs):
            deals = sum(len(g.deals) for g in r.games)
            unfinished = sum(1 for g in r.games if not g.finished)
            extra = f", {unfinished} unfinished (stopped at {self.max_deals} deals)" if unfinished else ""
            lines.append(f"  {letter}: {r.name} ({r.title}): {deals} deals{extra}")
        if len(rs) > 1:
            lines.append("Paired: game i, deal k gets the same shuffle under every ruleset; differences are "
                         "taken game by game.")
        pct = round(self.confidence * 100)
        lines.append(f"Estimates with {pct}% intervals [low, high] and (n); * marks a difference whose "
                     "interval excludes 0.")
        return lines

    STATISTICS_NOTE = "  (proportions in %, their differences in percentage points)"
    COVERAGE_TITLE = "Rule coverage: deals in which each rule fired (! = never fired, - = not a rule of that ruleset)"

    def coverage_notes(self) -> list[str]:
        """Under the coverage table: the rules that never fired, and the rules that differ with the deals each
        decided (and what would make a rule fire that decided none)."""
        lines: list[str] = []
        rs, letters = self.rulesets, self.letters()
        for r in rs:
            never = r.never_fired
            lines.append("")
            if never:
                lines.append(f"Never fired in {r.name} ({len(never)}): {', '.join(never)}")
            else:
                lines.append(f"Every rule of {r.name} fired at least once.")
        if not self.mistakes and any(c.rule.startswith("penalties.") for r in rs for c in r.coverage):
            lines.append("(Without mistakes bots play only legal actions, so penalties cannot fire: "
                         "add --mistakes 0.01.)")
        if self.rules_compared:
            lines.append("")
            lines.append("The rules that differ, and the deals each decided:")
            for rc in self.rules_compared:
                if not rc.counters:
                    lines.append(f"  {rc.change}: felt in every deal")
                    continue
                counts = ", ".join(f"{letter} {'-' if n is None else n}" for letter, n in zip(letters, rc.deals))
                lines.append(f"  {rc.change}: {counts} deals")
                if rc.advice is not None:
                    lines.append(f"    ! {rc.advice}")
                if rc.scarce is not None:
                    lines.append(f"    ! {rc.scarce}")
                found = self.focused_on(rc.path)
                if found is not None:
                    lines += [f"    {line}" for line in _wrap("Focused: " + found.words())]
        return lines

    def to_text(self) -> str:
        lines = self.intro_lines() + [""]
        lines += _table(*self.statistics_table())
        lines += [self.STATISTICS_NOTE, "", self.COVERAGE_TITLE]
        lines += _table(*self.coverage_table())
        lines += self.coverage_notes()
        return "\n".join(lines) + "\n"


def _wrap(text: str, width: int = 100) -> list[str]:
    return textwrap.wrap(text, width) or [""]


def _csv_stat(s: Statistic) -> list:
    e = s.estimate.to_json()
    return [s.key, s.label, _blank(e["value"]), _blank(e["low"]), _blank(e["high"]), e["n"], e["method"]]


def _blank(x):
    return "" if x is None else x


def estimate_text(e: Estimate, is_mean: bool) -> str:
    """An estimate as the text report gives it: ``18.10 [17.50, 18.70] (200)``, ``44.2% [42.6, 45.9] (3509)``."""
    return _fmt_estimate(e, is_mean)


def difference_text(e: Estimate, is_mean: bool) -> str:
    """A difference B - A as the text report gives it: ``+1.70 [+1.52, +1.89] *`` (* clear)."""
    return _fmt_difference(e, is_mean)


def _fmt_estimate(e: Estimate, is_mean: bool) -> str:
    if e.value is None:
        return f"- ({e.n})"
    if is_mean:
        body = f"{e.value:.2f}"
        if e.low is not None:
            body += f" [{e.low:.2f}, {e.high:.2f}]"
    else:
        body = f"{100 * e.value:.1f}%"
        if e.low is not None:
            body += f" [{100 * e.low:.1f}, {100 * e.high:.1f}]"
    return f"{body} ({e.n})"


def _fmt_difference(e: Estimate, is_mean: bool) -> str:
    if e.value is None:
        return "-"
    scale, digits = (1, 2) if is_mean else (100, 1)
    body = f"{scale * e.value:+.{digits}f}"
    if e.low is not None:
        body += f" [{scale * e.low:+.{digits}f}, {scale * e.high:+.{digits}f}]"
        if e.low > 0 or e.high < 0:
            body += " *"
    return body


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(str(row[i])) for row in [header] + rows) for i in range(len(header))]
    out = []
    for row in [header] + rows:
        first = str(row[0]).ljust(widths[0])
        rest = "  ".join(str(c).rjust(w) for c, w in zip(row[1:], widths[1:]))
        out.append(f"{first}  {rest}".rstrip())
    out.insert(1, "-" * len(out[0]))
    return out


__all__ = ["FORMAT", "Comparison"]
