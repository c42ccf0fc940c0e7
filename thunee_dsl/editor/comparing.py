"""A simulation's result (:class:`thunee_dsl.simulation.Comparison`) in words, tables and chart rows.

The Compare page draws these; nothing here computes a statistic (the simulation layer does): it picks the
paired differences B - A and their intervals, says them in words with sensible rounding (a difference is
*clear* only when its interval leaves out zero), and says which of the rules that differ never came into
play in the games (the simulation counts them: ``cmp.rules_compared``), so that "no clear change" is never
read as "this rule changes nothing".

>>> from thunee_dsl import shipped_ruleset
>>> from thunee_dsl.simulation import simulate
>>> cmp = simulate([shipped_ruleset("standard"), shipped_ruleset("thirteen-point")], games=3, bots="random")
>>> [row["ruleset"] for row in headline_rows(cmp) if row["key"] == "deal.makers_win"]
['A: standard', 'B: thirteen-point']
>>> say_difference(0.017, 0.012, 0.022, percent=True)
'+1.7 percentage points (+1.2 to +2.2)'
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from thunee_dsl.simulation import Comparison
from thunee_dsl.simulation.coverage import FEWEST_TO_SHOW, RuleDecided, deals_said, remedy, scarce_remedy
from thunee_dsl.simulation.focus import balls_said, signed, times_said
from thunee_dsl.simulation.stats import Estimate

#: The few statistics shown first, in this order.
HEADLINE = ("deal.makers_win", "deal.balls", "game.deals", "game.first_dealer_wins", "deal.dealer_wins",
            "game.lead_changes", "deal.cancelled")
#: Announcements whose "how often" and "how often it succeeds" are charted: (key prefix, kind in words).
EVENT_KINDS = (("call.", "call"), ("bid.", "bid"), ("undertaking.", "undertaking"), ("claim.", "claim"))
SUCCESS = ".success"
#: Statistics about who wins (a game or a deal): the verdict sums them up as one phrase.
WIN_KEYS = ("deal.makers_win", "deal.dealer_wins", "game.first_dealer_wins")
WIN_PREFIX = "game.team_wins."
GAME_LENGTH = "game.deals"
#: How many clear differences besides game length and who wins the verdict names (the biggest, next to A's
#: figures) before "and N more".
VERDICT_OTHERS = 2


def side(cmp: Comparison, index: int) -> str:
    """How a ruleset of the comparison is called in tables and legends: ``A: standard``, ``B: ...``."""
    return f"{chr(ord('A') + index)}: {cmp.rulesets[index].name}"


def _row(ruleset: str, stat) -> dict:
    e = stat.estimate
    return {"ruleset": ruleset, "key": stat.key, "label": stat.label, "value": e.value, "low": e.low,
            "high": e.high, "n": e.n}


def headline_rows(cmp: Comparison) -> list[dict]:
    """The headline statistics of every ruleset (makers' win rate, balls per deal, deals per game, ...)."""
    rows = []
    for key in HEADLINE:
        for i, result in enumerate(cmp.rulesets):
            stat = result.statistic(key)
            if stat is not None:
                rows.append(_row(side(cmp, i), stat) | {"percent": is_share(stat.estimate)})
    return rows


def event_rows(cmp: Comparison) -> list[dict]:
    """Per ruleset and announcement (each call rung, undertaking, claim, bid): how often it is made
    (share of deals) and how often it succeeds, each with its interval. Declarations are counted per
    deal (a mean, not a share) and left out; announcements never made are left out too."""
    rows = []
    for i, result in enumerate(cmp.rulesets):
        by_key = {s.key: s for s in result.statistics}
        for key, stat in by_key.items():
            kind = next((k for prefix, k in EVENT_KINDS if key.startswith(prefix)), None)
            if kind is None or key.endswith(SUCCESS) or key in ("call.none", "bid.none"):
                continue
            happens = stat.estimate
            if not happens.value:
                continue
            success = by_key.get(key + SUCCESS)
            s = success.estimate if success is not None else None
            rows.append({
                "ruleset": side(cmp, i), "key": key, "kind": kind, "event": stat.label,
                "happens": happens.value, "happens_low": happens.low, "happens_high": happens.high,
                "made": round(happens.value * happens.n),
                "succeeds": None if s is None else s.value,
                "succeeds_low": None if s is None else s.low, "succeeds_high": None if s is None else s.high,
            })
    return rows


def deal_balls_rows(cmp: Comparison) -> list[dict]:
    """One row per scored deal (not thrown in): the balls opened in it, all teams together."""
    return [{"ruleset": side(cmp, i), "balls": sum(deal.balls)}
            for i, result in enumerate(cmp.rulesets) for game in result.games for deal in game.deals
            if not deal.cancelled]


def game_length_rows(cmp: Comparison) -> list[dict]:
    """One row per game: how many deals it took (thrown-in deals count), and whether it finished."""
    return [{"ruleset": side(cmp, i), "deals": len(game.deals), "finished": game.winner is not None}
            for i, result in enumerate(cmp.rulesets) for game in result.games]


# -- in words, rounded sensibly ------------------------------------------------------------------


def is_share(e: Estimate) -> bool:
    """A proportion (shown in %, its differences in percentage points) rather than a mean."""
    return e.method == "wilson"


def is_clear(e: Estimate | None) -> bool:
    """The interval leaves out zero."""
    return e is not None and e.low is not None and e.high is not None and (e.low > 0 or e.high < 0)


def digits(low: float | None, high: float | None, scale: float = 1.0) -> int:
    """Decimals worth showing: one significant digit of the interval's half-width (0 to 3)."""
    if low is None or high is None:
        return 1 if scale == 1 else 0
    half = (high - low) * scale / 2
    if half <= 0:
        return 0
    return min(3, max(0, -math.floor(math.log10(half))))


def _num(x: float, d: int, sign: bool = False) -> str:
    text = f"{x:+.{d}f}" if sign else f"{x:.{d}f}"
    if text.lstrip("+-").strip("0.") == "":
        return "0" if d == 0 else f"{0:.{d}f}"  # no "+0.0" or "-0"
    return text.replace("-", "\u2212")  # a real minus sign


def say_estimate(e: Estimate | None) -> str:
    """``52% (49 to 55)`` for a share, ``7.3 (7.1 to 7.5)`` for a mean; ``no data`` without any."""
    if e is None or e.value is None:
        return "no data"
    scale = 100.0 if is_share(e) else 1.0
    d = digits(e.low, e.high, scale)
    unit = "%" if is_share(e) else ""
    body = _num(scale * e.value, d) + unit
    if e.low is None:
        return body
    return f"{body} ({_num(scale * e.low, d)} to {_num(scale * e.high, d)})"


def say_difference(value: float | None, low: float | None, high: float | None, percent: bool,
                   inner: bool = False) -> str:
    """B - A: ``+1.7 (+1.2 to +2.2)``; shares in percentage points: ``+6 percentage points (+3 to +9)``;
    ``inner``: ``+6 percentage points, +3 to +9`` (inside brackets already)."""
    if value is None:
        return "no data"
    if value == 0 and low == 0 and high == 0:
        return "none (the same in every game)"
    scale = 100.0 if percent else 1.0
    d = digits(low, high, scale)
    if low is not None and (low > 0 or high < 0):  # clear: show the bound nearest zero as not zero
        near = min(abs(low), abs(high)) * scale
        while d < 3 and _num(near, d) == _num(0.0, d):
            d += 1
    body = _num(scale * value, d, sign=True)
    if percent:
        # "percentage points", never bare "points": at a Thunee table points are card points
        body += " percentage point" if body.lstrip("+\u2212") == "1" else " percentage points"
    if low is None:
        return body
    span = f"{_num(scale * low, d, sign=True)} to {_num(scale * high, d, sign=True)}"
    return f"{body}, {span}" if inner else f"{body} ({span})"


@dataclass(frozen=True)
class Change:
    """One paired difference B - A, with both sides' estimates."""

    key: str
    label: str
    a: Estimate | None
    b: Estimate | None
    diff: Estimate

    @property
    def percent(self) -> bool:
        return is_share(self.a or self.b or self.diff)

    @property
    def clear(self) -> bool:
        return is_clear(self.diff)

    @property
    def words(self) -> str:
        return say_difference(self.diff.value, self.diff.low, self.diff.high, self.percent)

    @property
    def inner_words(self) -> str:
        return say_difference(self.diff.value, self.diff.low, self.diff.high, self.percent, inner=True)


def changes(cmp: Comparison, index: int = 0) -> list[Change]:
    """Every statistic's paired difference (``cmp.differences[index]``: ruleset ``index + 1`` - ruleset 0)."""
    if len(cmp.differences) <= index:
        return []
    a, b = cmp.rulesets[0], cmp.rulesets[index + 1]
    out = []
    for stat in cmp.differences[index].statistics:
        sa, sb = a.statistic(stat.key), b.statistic(stat.key)
        out.append(Change(stat.key, stat.label, sa and sa.estimate, sb and sb.estimate, stat.estimate))
    return out


def difference_rows(cmp: Comparison) -> list[dict]:
    """Every paired difference B - A with its interval; ``clear`` when the interval excludes zero."""
    rows = []
    for diff in cmp.differences:
        for stat in diff.statistics:
            e = stat.estimate
            rows.append({"compared": f"{diff.b} - {diff.a}", "key": stat.key, "label": stat.label,
                         "difference": e.value, "low": e.low, "high": e.high, "games": e.n, "clear": is_clear(e)})
    return rows


def glance_rows(cmp: Comparison, index: int = 0) -> list[dict]:
    """The table "At a glance": the headline statistics, then every other clear difference; per row
    A and B in words, ``B - A`` with its interval, and whether that difference is clear."""
    by_key = {c.key: c for c in changes(cmp, index)}
    a, b = cmp.rulesets[0], cmp.rulesets[index + 1]
    keys = [k for k in HEADLINE if a.statistic(k) is not None or b.statistic(k) is not None]
    keys += [c.key for c in by_key.values() if c.clear and c.key not in keys]
    rows = []
    for key in keys:
        sa, sb = a.statistic(key), b.statistic(key)
        c = by_key.get(key)
        rows.append({"key": key, "label": (sa or sb).label,
                     "A": say_estimate(sa and sa.estimate), "B": say_estimate(sb and sb.estimate),
                     "B - A": c.words if c is not None else "-", "clear": c is not None and c.clear})
    return rows


def interval_rows(cmp: Comparison, keys: Sequence[str], index: int = 0) -> list[dict]:
    """Differences B - A for a chart around a zero line: value, low, high (in points for shares)."""
    by_key = {c.key: c for c in changes(cmp, index)}
    rows = []
    for key in keys:
        c = by_key.get(key)
        if c is None or c.diff.value is None:
            continue
        scale = 100.0 if c.percent else 1.0
        low = c.diff.low if c.diff.low is not None else c.diff.value
        high = c.diff.high if c.diff.high is not None else c.diff.value
        rows.append({"key": key, "label": c.label, "value": scale * c.diff.value, "low": scale * low,
                     "high": scale * high, "percent": c.percent, "clear": c.clear, "words": c.words})
    return rows


# -- the rules that differ, and whether they came into play -------------------------------------

#: How the page's warnings name what would make a rule fire: the page's own controls (the simulation's
#: coverage decides which rule decided how many deals, and which remedy fits).
PAGE_WORDS = {"no_mistakes": "Bots never break a rule unless asked: set Mistakes above 0 (try 0.01)",
              "more_mistakes": "raise Mistakes",
              "bolder": "bolder bots take that risk more often: choose bold under Bots at every seat",
              "more_games": "play more games"}


def rule_labels(cmp: Comparison, rule: RuleDecided) -> tuple[str, ...]:
    """The coverage counters a changed rule is decided by, as the simulation names them ("Thunee caught by
    partner")."""
    labels = {c.rule: c.label for result in cmp.rulesets for c in result.coverage}
    return tuple(dict.fromkeys(labels.get(k, k) for k in rule.counters))


def say_any(words: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``: what never happened, as one says it."""
    words = list(words)
    return words[0] if len(words) < 2 else ", ".join(words[:-1]) + " or " + words[-1]


@dataclass(frozen=True)
class Unfired:
    """A rule that differs between A and B but decided no deal under either: what the page warns about."""

    change: str  # the change in words (model.diff)
    labels: tuple[str, ...]  # what never happened
    advice: str  # what would make it happen, naming the page's controls
    path: str = ""  # where the rule lives in the ruleset (to find its focused replays)


def unfired(cmp: Comparison) -> list[Unfired]:
    """Every changed rule that decided no deal (``cmp.coverage_warnings()``, from the simulation), with the
    simulation's advice in the page's words."""
    out = []
    for rule in cmp.rules_compared:
        if rule.advice is None:
            continue
        text = remedy(rule.counters, cmp.games, cmp.bots, cmp.mistakes, PAGE_WORDS)
        out.append(Unfired(rule.change, rule_labels(cmp, rule), text[:1].upper() + text[1:] + ".", rule.path))
    return out


@dataclass(frozen=True)
class Scarce:
    """A rule that differs between A and B and came into play, but in too few deals for a difference to show."""

    change: str
    labels: tuple[str, ...]  # what happened so seldom
    deals: int  # the most deals it decided under one ruleset
    advice: str  # why that is too few, and what would give it enough deals, naming the page's controls
    path: str = ""

    @property
    def text(self) -> str:
        return (f"**{self.change}**: this came into play in only {deals_said(self.deals)} "
                f"({say_any(self.labels)}), too few for these games to show what it changes. {self.advice}")


def scarce(cmp: Comparison) -> list[Scarce]:
    """Every changed rule that decided some deals, but fewer than it takes for a difference to show
    (``RuleDecided.scarce``, from the simulation), with the advice in the page's words."""
    out = []
    for rule in cmp.rules_compared:
        if rule.scarce is None:
            continue
        text = scarce_remedy(rule.counters, rule.most, cmp.games, cmp.bots, PAGE_WORDS)
        out.append(Scarce(rule.change, rule_labels(cmp, rule), rule.most, text[:1].upper() + text[1:] + ".",
                          rule.path))
    return out


@dataclass(frozen=True)
class FocusNote:
    """What focused replays found for a rule that came into play too seldom (``Comparison.focused``), for the
    page: said under the rule's warning."""

    change: str
    text: str  # markdown
    clear: bool  # the effect's interval leaves out zero


def focus_note(cmp: Comparison, path: str) -> FocusNote | None:
    """The focused replays of the changed rule at ``path``, in words (None: there were none)."""
    found = next((f for f in getattr(cmp, "focused", ()) if f.path == path), None)
    if found is None:
        return None
    head = "A clear difference where it can happen" if found.clear else "Replayed where it can happen"
    if not found.changed:
        return FocusNote(found.change, f"**{head}** ({found.change}). {found.words()}", False)
    finding = found.finding()
    return FocusNote(found.change, f"**{head}** ({found.change}): {finding[:1].upper() + finding[1:]}\n\n"
                                   f"{found.replayed()}.", found.clear)


def _focused_verdict(found: Sequence) -> str:
    """The verdict's lead for the rules whose focused replays show a clear difference: what each does, said
    first, then where it was seen ("in 1,200 replays of the 89 deals with a Thunee called")."""
    parts = []
    for f in found:
        role, e, each = f.main
        per = f.per_deal(e)
        what = f"{f.role_words(role)} open {balls_said(each)}" if each else "the balls change"
        parts.append(f"{f.change}: when it happens, {what}. In {f.replays:,} replays of the {f.parents:,} deals "
                     f"with {f.parent.made} (the other cards dealt again) it happened {times_said(f.changed)}: "
                     f"{signed(e.value)} balls per {f.per} ({signed(e.low)} to {signed(e.high)}), "
                     f"{signed(per.value)} per deal.")
    return " ".join(parts)


def _games_alone(covered: Sequence[RuleDecided], games: int) -> str:
    """Why the games themselves did not show what the replays found."""
    it = "it" if len(covered) == 1 else "them"
    most = max(r.most for r in covered)
    seen = ("never came into play in them" if not most else
            f"came into play in only {deals_said(most)} of them")
    return f"The {games} games alone cannot show {it} ({'it' if len(covered) == 1 else 'they'} {seen})"


def reach_rows(cmp: Comparison) -> list[dict]:
    """Per changed rule: through what it comes into play and in how many deals of each ruleset ("every deal"
    for a change felt in every deal, "-" where it is not a rule), and in how many focused replays it changed
    the balls."""
    rows = []
    for rule in cmp.rules_compared:
        row = {"rule change": rule.change,
               "comes into play through": ", ".join(rule_labels(cmp, rule)) or "every deal"}
        for i, deals in enumerate(rule.deals):
            row[f"deals in {side(cmp, i)}"] = "every deal" if not rule.counters else "-" if deals is None else deals
        if getattr(cmp, "focused", None):  # (a column only when some rule was replayed)
            found = cmp.focused_on(rule.path)
            row["changed the balls in focused replays"] = (
                "-" if found is None or not found.replays else f"{found.changed:,} of {found.replays:,}")
        rows.append(row)
    return rows


# -- the verdict ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """The answer in one or two sentences. ``tone``: ``clear`` (some difference is clear), ``untested``
    (nothing clear, and some rule that differs never came into play), ``none`` (nothing clear although
    the rules came into play), ``same`` (the rules do not differ)."""

    text: str
    tone: str


def _length_phrase(c: Change | None) -> str:
    if c is None or c.diff.value is None:
        return ""
    if not c.clear:
        return "no clear change in game length"
    d = digits(c.diff.low, c.diff.high)
    way = "longer" if c.diff.value > 0 else "shorter"
    size = abs(c.diff.value)
    lo, hi = sorted((abs(c.diff.low), abs(c.diff.high)))
    unit = "deal" if _num(size, d) == "1" else "deals"
    return f"games are {_num(size, d)} {unit} {way} ({_num(lo, d)} to {_num(hi, d)})"


def _share_phrase(c: Change) -> str:
    """``trump makers win the deal more often: 52% → 58% (+6 percentage points, +3 to +9)``."""
    way = "more often" if c.diff.value > 0 else "less often"
    d = digits(c.diff.low, c.diff.high, 100)
    a = _num(100 * c.a.value, d) + "%" if c.a is not None and c.a.value is not None else "?"
    b = _num(100 * c.b.value, d) + "%" if c.b is not None and c.b.value is not None else "?"
    return f"{c.label} {way}: {a} \u2192 {b} ({c.inner_words})"


def _mean_phrase(c: Change) -> str:
    """``balls per deal up: 1.12 → 1.31 (+0.19, +0.15 to +0.23)``."""
    way = "up" if c.diff.value > 0 else "down"
    d = digits(c.diff.low, c.diff.high)
    a = _num(c.a.value, d) if c.a is not None and c.a.value is not None else "?"
    b = _num(c.b.value, d) if c.b is not None and c.b.value is not None else "?"
    return f"{c.label} {way}: {a} \u2192 {b} ({c.inner_words})"


def relative_size(c: Change) -> float:
    """How big a difference is next to A's figure (a change of 0.1 points in a share of 96% is small)."""
    base = abs(c.a.value) if c.a is not None and c.a.value else 0.0
    return abs(c.diff.value) / base if base else float("inf")


def phrase(c: Change) -> str:
    return _share_phrase(c) if c.percent else _mean_phrase(c)


def verdict(cmp: Comparison, rule_changes, index: int = 0) -> Verdict:
    """What B changes, in words, from the paired differences: game length, who wins, other clear
    differences; with a caution when a rule that differs never came into play (``cmp.rules_compared``)."""
    if not rule_changes:
        return Verdict("They play the same rules, so the same deals come out the same: nothing to tell apart.",
                       "same")
    all_changes = changes(cmp, index)
    by_key = {c.key: c for c in all_changes}
    parts = []
    length = _length_phrase(by_key.get(GAME_LENGTH))
    if length:
        parts.append(length)
    about_wins = [c for c in all_changes if c.key in WIN_KEYS or c.key.startswith(WIN_PREFIX)]
    wins = [c for c in about_wins if c.clear]
    team_wins = [c for c in wins if c.key.startswith(WIN_PREFIX)]
    if cmp.rulesets[0].teams == 2 and len(team_wins) == 2:  # the other team's figure only mirrors the first
        wins.remove(team_wins[1])
    if wins:
        parts += [phrase(c) for c in wins]
    elif about_wins:
        parts.append("no clear change in who wins")
    others = sorted((c for c in all_changes if c.clear and c.key != GAME_LENGTH and c not in about_wins),
                    key=relative_size, reverse=True)  # the biggest changes first
    parts += [phrase(c) for c in others[:VERDICT_OTHERS]]
    if len(others) > VERDICT_OTHERS:
        more = len(others) - VERDICT_OTHERS
        parts.append(f"and {more} more clear difference{'s' if more > 1 else ''} (below)")
    text = "; ".join(parts)
    text = (text[:1].upper() + text[1:] + ".") if text else ""
    clear = any(c.clear for c in all_changes)
    # the rules whose focused replays found a clear difference lead the verdict: the games' own figures,
    # which cannot show them, come after
    found = [f for f in getattr(cmp, "focused", ()) if f.clear]
    shown = {f.path for f in found}
    covered = [r for r in cmp.rules_compared if r.path in shown]
    rest = [r for r in cmp.rules_compared if r.path not in shown]
    unreached = [r for r in rest if not r.fired]
    if unreached:
        if len(unreached) == len(rest) and not clear and not found:  # every change watched, none came up
            text = (f"These {cmp.games} games cannot tell what the change does: "
                    f"{_rules_in_words(unreached)} never came into play. " + text)
        else:
            text += (f" But {_rules_in_words(unreached)} never came into play, so the games say nothing "
                     "about " + ("it." if len(unreached) == 1 else "them."))
        tone = "clear" if clear else "untested"
    else:
        tone = "clear" if clear else "none"
    few = [r for r in rest if r.scarce is not None]
    if not clear and not unreached and few:  # it came up, but too seldom to tell anything
        most = max(r.most for r in few)
        text += (f" No difference is clear in {cmp.games} games, and none could be: {_rules_in_words(few)} came "
                 f"into play in only {deals_said(most)}, and a difference can show only from "
                 f"{FEWEST_TO_SHOW} deals.")
        tone = "untested"
    elif not clear and not unreached and not found:
        text += f" No difference is clear in {cmp.games} games: more games would show a smaller one."
    if found:
        if covered:  # "... (it never came into play in them): no clear change in game length; ..."
            alone = _games_alone(covered, cmp.games)
            text = f"{alone}: {text[:1].lower()}{text[1:]}" if text else alone + "."
        text = _focused_verdict(found) + " " + text
        tone = "clear"
    return Verdict(text.strip(), tone)


def _rules_in_words(unreached: Sequence[RuleDecided]) -> str:
    if len(unreached) == 1:
        return f"the changed rule ({unreached[0].change})"
    return f"{len(unreached)} of the changed rules"


__all__ = ["HEADLINE", "PAGE_WORDS", "Change", "FocusNote", "focus_note", "Scarce", "Unfired", "Verdict", "changes", "deal_balls_rows",
           "difference_rows", "digits", "event_rows", "game_length_rows", "glance_rows", "headline_rows",
           "interval_rows", "reach_rows", "rule_labels", "say_any", "say_difference", "say_estimate", "scarce", "side",
           "unfired", "verdict"]
