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
import re
from dataclasses import dataclass
from typing import Sequence

from thunee_dsl.model.ruleset import BALLS, Unit, unit_of_difference
from thunee_dsl.simulation import Comparison
from thunee_dsl.simulation.compare import difference_text, estimate_text
from thunee_dsl.simulation.coverage import FEWEST_TO_SHOW, RuleDecided, deals_said, remedy, scarce_remedy
from thunee_dsl.simulation.analysis import rule_in_games
from thunee_dsl.simulation.focus import times_said
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
    return [{"ruleset": side(cmp, i), "deals": len(game.deals), "finished": game.finished}
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


def both_labels(sa, sb) -> str:
    """A statistic's label, each ruleset's own where they differ ("balls per deal (A) / points per deal (B)":
    the simulation labels a score in the ruleset's unit)."""
    if sa is not None and sb is not None and sa.label != sb.label:
        return f"{sa.label} (A) / {sb.label} (B)"
    return (sa or sb).label


def changes(cmp: Comparison, index: int = 0) -> list[Change]:
    """Every statistic's paired difference (``cmp.differences[index]``: ruleset ``index + 1`` - ruleset 0)."""
    if len(cmp.differences) <= index:
        return []
    a, b = cmp.rulesets[0], cmp.rulesets[index + 1]
    out = []
    for stat in cmp.differences[index].statistics:
        sa, sb = a.statistic(stat.key), b.statistic(stat.key)
        out.append(Change(stat.key, both_labels(sa, sb) if sa and sb else stat.label, sa and sa.estimate,
                          sb and sb.estimate, stat.estimate))
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
        rows.append({"key": key, "label": both_labels(sa, sb),
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
        return (f"**{arrows(self.change)}**: this came into play in only {deals_said(self.deals)} "
                f"({happened(self.labels)}), too few for these games to show what it changes. {self.advice}")


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


def reach_rows(cmp: Comparison, units: Sequence[Unit] | None = None) -> list[dict]:
    """Per changed rule: through what it comes into play and in how many deals of each ruleset ("every deal"
    for a change felt in every deal, "-" where it is not a rule), and in how many focused replays it changed
    the score (said in the rulesets' unit)."""
    score = said_unit(units_of(cmp, units)).plural
    rows = []
    for rule in cmp.rules_compared:
        row = {"rule change": arrows(rule.change),
               "comes into play through": happened(rule_labels(cmp, rule)) or "every deal"}
        for i, deals in enumerate(rule.deals):
            row[f"deals in {side(cmp, i)}"] = "every deal" if not rule.counters else "-" if deals is None else deals
        if getattr(cmp, "focused", None):  # (a column only when some rule was replayed)
            found = cmp.focused_on(rule.path)
            row[f"changed the {score} in focused replays"] = (
                "-" if found is None or not found.replays else f"{found.changed:,} of {found.replays:,}")
        rows.append(row)
    return rows


# -- a player's numbers -------------------------------------------------------------------------------

ARROW = "\u2192"


def unit(n: float = 2, u: Unit = BALLS) -> str:
    """The score's unit as a player says it, in the ruleset's own word (``game.unit``: balls by default)."""
    return u.word(n)


def units_of(cmp: Comparison, units: Sequence[Unit] | None = None) -> tuple[Unit, ...]:
    """Each compared ruleset's unit of score: ``units`` as the page knows them from the rulesets, else read from
    the simulation's own label of the score per deal ("points per deal", written in the ruleset's unit)."""
    if units:
        return tuple(units)
    out = []
    for result in cmp.rulesets:
        stat = result.statistic("deal.balls")
        plural = stat.label.removesuffix(" per deal") if stat is not None else BALLS.plural
        out.append(BALLS if plural == BALLS.plural else Unit(plural[:-1] if plural.endswith("s") else plural, plural))
    return tuple(out)


def said_unit(units: Sequence[Unit], index: int = 0) -> Unit:
    """The unit a difference B - A is said in: the one both rulesets score in, or each named ("points (B) /
    balls (A)") when they score in different units."""
    return unit_of_difference(units[0], units[index + 1] if len(units) > index + 1 else units[0])


def in_unit(text: str, u: Unit) -> str:
    """The simulation's words about the score ("changed the balls", "2 balls less") said in ``u``; a rule's
    path (``thunee.balls.partner_catch``) is left as written."""
    if u == BALLS:
        return text
    text = re.sub(r"(?<![.\w])balls(?![.\w])", u.plural, text)
    text = re.sub(r"(?<![.\w])ball(?![.\w])", u.singular, text)
    # "the caller's opponents open 2 balls less": a team *scores* points (Unit.verb)
    return re.sub(r"\bopen(ed)?(?= (?:about )?[\d.,]+ )", lambda m: opened(u) if m[1] else u.verb, text)


def csv_in_units(cmp: Comparison, units: Sequence[Unit] | None = None) -> str:
    """The comparison's CSV (``Comparison.to_csv``) with its focused rows' words in the rulesets' unit."""
    u = said_unit(units_of(cmp, units))
    return cmp.to_csv().replace("changed the balls)", f"changed the {u.plural})")


def opened(u: Unit) -> str:
    """What a team did with the score: "opened" balls, "scored" anything else (``Unit.verb``)."""
    return u.verb + ("d" if u.verb.endswith("e") else "ed")


def arrows(text: str) -> str:
    """A change in words with one arrow style: the rule diff writes ``8 balls -> 6 balls``."""
    return text.replace(" -> ", f" {ARROW} ")


def rounded(e: Estimate, scale: float = 1.0) -> tuple[str, str, str]:
    """``|value|``, and the interval's bounds nearest and farthest from zero, as a player says them: one
    significant digit of the interval's half-width (``3``, ``between 1 and 5``), more only where a clear bound
    would read as zero."""
    value, low, high = (scale * x for x in (e.value, e.low, e.high))
    d = digits(low, high)
    near, far = sorted((abs(low), abs(high)))
    clear = low > 0 or high < 0
    while clear and d < 4 and float(_num(near, d)) == 0:
        d += 1
    return _num(abs(value), d), _num(near, d), _num(far, d)


def between(e: Estimate, more: str, fewer: str, scale: float = 1.0) -> str:
    """The interval in words: ``between 1 and 5`` (one way), ``between 2 fewer and 1 more`` (either way)."""
    _, near, far = rounded(e, scale)
    if e.low > 0 or e.high < 0:
        return f"between {near} and {far}"
    d = digits(scale * e.low, scale * e.high)
    while d < 4 and any(x and float(_num(abs(scale * x), d)) == 0 for x in (e.low, e.high)):
        d += 1  # (not "between 2 fewer and 0 more")
    return f"between {_num(abs(scale * e.low), d)} {fewer} and {_num(abs(scale * e.high), d)} {more}"


def per_many(value: float) -> int:
    """How many announcements to say an effect over, so that it reads as a whole number of balls: 1, 10,
    100 ... (an effect of 0.03 balls a Thunee is about 3 balls in 100 Thunees)."""
    n = 1
    while abs(value) * n < 1 and n < 100_000:
        n *= 10
    return n


def counted(n: int, what: str) -> str:
    """``100 Thunees called``, ``each Thunee called``: ``what`` is "Thunee called"."""
    if n == 1:
        return f"each {what}"
    first, _, rest = what.partition(" ")
    return f"{n:,} {first}s" + (f" {rest}" if rest else "")


def balls_each(each: float, u: Unit = BALLS) -> str:
    """``2 balls fewer``, ``1 ball more`` (in the ruleset's unit ``u``)."""
    n = abs(each)
    amount = f"{n:g}" if n == int(n) else f"{n:.1f}"
    return f"{amount} {unit(n, u)} {'more' if each > 0 else 'fewer'}"


#: Who makes the announcement a rule of that section follows.
MAKERS = {"undertakings": "caller", "claims": "claimer", "calling": "caller", "bidding": "bidder",
          "declarations": "declarer"}


def _role_words(maker: str | None, role: str, one: bool = False) -> str:
    """Who the difference went to; ``one``: the sides are players of their own (Oh Hell), not teams."""
    if maker is None:
        return ("the players together" if one else "the teams together") if role == "own" else "the others"
    if one:
        return f"the {maker}" if role == "own" else "the other players"
    return f"the {maker}'s team" if role == "own" else f"the {maker}'s opponents"


def happened(labels: Sequence[str]) -> str:
    """What never happened, in a player's words: the penalties one by one ("penalty: revoke") said as one."""
    if not labels:
        return ""
    penalties = [label.split(": ", 1)[1] for label in labels if label.startswith("penalty: ")]
    rest = [label for label in labels if not label.startswith("penalty: ")]
    if penalties:
        rest.append("a penalty" + (f" (for {say_any(penalties)})" if len(penalties) > 1 else f" for {penalties[0]}"))
    return say_any(rest)


# -- focused replays, in words -------------------------------------------------------------------------


@dataclass(frozen=True)
class FocusNote:
    """What focused replays found for a rule that came into play too seldom (``Comparison.focused``), for the
    page: said under the rule's warning."""

    change: str
    text: str  # markdown
    clear: bool  # the effect's interval leaves out zero


def focus_note(cmp: Comparison, path: str, units: Sequence[Unit] | None = None) -> FocusNote | None:
    """The focused replays of the changed rule at ``path``, in words (None: there were none); ``units``: each
    ruleset's unit of score (see :func:`units_of`)."""
    u = said_unit(units_of(cmp, units))
    found = next((f for f in getattr(cmp, "focused", ()) if f.path == path), None)
    if found is None or found.parent is None:  # (nothing could be replayed: the rule's warning says what to do)
        return None
    change = arrows(found.change)
    head = "A clear difference where it can happen" if found.clear else "Replayed where it can happen"
    if not found.changed:
        return FocusNote(change, f"**{head}** ({change}). {in_unit(found.words(), u)}", False)
    return FocusNote(change, f"**{head}** ({change}): {_replays_said(found, u=u)}", found.clear)


def _replays_said(f, short: bool = False, u: Unit = BALLS) -> str:
    """What focused replays found, in a player's words (they changed the score at least once); ``short``: for
    the verdict, whose sentence said already what the rule does each time; ``u``: the unit of score."""
    role, e, each = f.main
    who = f.role_words(role)
    if short:
        text = (f"replayed {f.replays:,} times from the {f.parents:,} deals with {f.parent.made} (the other cards "
                f"dealt again), it changed the {u.plural} {times_said(f.changed)}")
    else:
        text = (f"Replayed {f.replays:,} times from the {f.parents:,} deals of these games with {f.parent.made} "
                f"(the cards the {f.parent.maker} had not seen dealt again), it changed the {u.plural} "
                f"{times_said(f.changed)}")
        if each:
            same = len(f.own_each if role == "own" else f.others_each) == 1
            text += f": {who} {opened(u)} {balls_each(each, u)} " + ("each time" if same else "on average")
        text += "."
    if e is not None and e.value is not None and e.low is not None and e.value != 0:
        n = per_many(e.value)
        value, _, _ = rounded(e, n)
        way = "more" if e.value > 0 else "fewer"
        text += (": about" if short else " That is about") + (
            f" {value} {unit(float(value), u)} {way} to {who} in {counted(n, f.per)} "
            f"({between(e, 'more', 'fewer', n)}).")
        if not f.clear:
            text += " That could still be chance."
    elif short:
        text += "."
    if f.stopped == "time":
        text += " (The replays stopped at their time budget.)"
    return text


# -- the verdict ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """The answer: a sentence for every rule that differs, in the order of what it changes, then who wins
    and any other clear difference. ``tone``: ``clear`` (some difference is clear), ``untested`` (nothing
    clear, and some rule that differs never came into play), ``none`` (nothing clear although the rules
    came into play), ``same`` (the rules do not differ). ``details``: the exact figures behind the words."""

    text: str
    tone: str
    details: tuple[str, ...] = ()
    sentences: tuple[str, ...] = ()


#: The order in which the rules that differ are said: what the whole game is played to (its length, who wins
#: it) first, then the rules of a deal, then the penalties (which only mistakes bring into play).
GAME_SECTIONS = ("game", "dealer")
LAST_SECTIONS = ("penalties",)


def said_order(change) -> tuple[int, bool]:
    """What a change is said after: the game's rules first (the target before them all: the games' length is
    said as its effect), the penalties last."""
    section = str(change.path[0]) if change.path else ""
    target = tuple(map(str, change.path)) == TARGET
    return 0 if section in GAME_SECTIONS else 2 if section in LAST_SECTIONS else 1, not target


TARGET = ("game", "target")
UNIT = ("game", "unit")


def _change_words(change, units: Sequence[Unit] = (BALLS, BALLS)) -> str:
    """The change as a player says it: "Playing to 13 balls instead of 12" for the target (each in its own
    ruleset's unit when they differ: "Playing to 13 points instead of 12 balls")."""
    if tuple(map(str, change.path)) == TARGET and change.kind == "changed":
        a, b = units[0], units[-1]
        return (f"Playing to {change.after} {unit(change.after, b)} instead of {change.before}"
                + ("" if a == b else f" {unit(change.before, a)}"))
    if change.kind == "removed" and len(change.path) == 1:  # a whole section: "No penalties"
        return f"No {str(change.path[0]).replace('_', ' ')}"
    return arrows(change.text)


def change_said(rule_changes, path: str, text: str, units: Sequence[Unit] = (BALLS, BALLS)) -> str:
    """The change at ``path`` (one of ``rule_changes``, the rule diff) in the verdict's words, so that a warning
    below it names it alike ("No penalties", where the diff says "Removes Penalties"); ``text`` if none is."""
    change = next((c for c in rule_changes if ".".join(map(str, c.path)) == path), None)
    return _change_words(change, units) if change is not None else arrows(text)


def _length_said(c: Change | None, games: int) -> tuple[str, bool]:
    """What happens to the games' length (deals per game, B - A), and whether it is clear."""
    if c is None or c.diff.value is None or c.diff.low is None:
        return "", False
    e = c.diff
    if not c.clear:
        return (f"no clear change in how long games last in {games:,} games (between "
                f"{between(e, 'longer', 'shorter')[len('between '):].replace(' ', ' deals ', 1)})"), False
    value, near, far = rounded(e)
    way = "longer" if e.value > 0 else "shorter"
    return (f"games are about {value} {'deal' if value == '1' else 'deals'} {way} "
            f"({_num(c.a.value, 1)} {ARROW} {_num(c.b.value, 1)} deals a game; between {near} and {far} {way})"), True


def _share_said(c: Change) -> str:
    """``trump makers win the deal more often: 52% → 58% (about 6 in 100 more, between 3 and 9)``."""
    way = "more often" if c.diff.value > 0 else "less often"
    d = max(0, digits(c.diff.low, c.diff.high, 100))
    a = _num(100 * c.a.value, d) + "%" if c.a is not None and c.a.value is not None else "?"
    b = _num(100 * c.b.value, d) + "%" if c.b is not None and c.b.value is not None else "?"
    value, near, far = rounded(c.diff, 100)
    fewer = "more" if c.diff.value > 0 else "fewer"
    return f"{c.label} {way}: {a} {ARROW} {b} (about {value} in 100 {fewer}, between {near} and {far})"


def _mean_said(c: Change) -> str:
    """``balls per deal up: 1.12 → 1.31 (about 0.19 more, between 0.15 and 0.23)``."""
    way = "more" if c.diff.value > 0 else "fewer"
    d = digits(c.diff.low, c.diff.high)
    a = _num(c.a.value, d) if c.a is not None and c.a.value is not None else "?"
    b = _num(c.b.value, d) if c.b is not None and c.b.value is not None else "?"
    value, near, far = rounded(c.diff)
    return f"{c.label}: {a} {ARROW} {b} (about {value} {way}, between {near} and {far})"


def relative_size(c: Change) -> float:
    """How big a difference is next to A's figure (a change of 0.1 points in a share of 96% is small)."""
    base = abs(c.a.value) if c.a is not None and c.a.value else 0.0
    return abs(c.diff.value) / base if base else float("inf")


def phrase(c: Change) -> str:
    return _share_said(c) if c.percent else _mean_said(c)


#: A clear difference too small for a player to notice is not said in the verdict ("call 20 less often:
#: 0.099% -> 0.093%" led a verdict once): a share that moves less than half a deal (or game) in 100, a mean
#: that moves less than 1% of A's figure. The tables below have them.
NOTEWORTHY_SHARE = 0.005
NOTEWORTHY_MEAN = 0.01


def noteworthy(c: Change) -> bool:
    if c.percent:
        return abs(c.diff.value) >= NOTEWORTHY_SHARE
    return relative_size(c) >= NOTEWORTHY_MEAN
#: How many clear differences besides game length and who wins the verdict names (the biggest first).
VERDICT_OTHERS = 2


def _exact(c: Change) -> str:
    """A statistic as the text report gives it (``thunee-dsl simulate``): A, B, B - A with 95% intervals."""
    mean = not c.percent
    a = "-" if c.a is None else estimate_text(c.a, mean)
    b = "-" if c.b is None else estimate_text(c.b, mean)
    return (f"{c.label}{'' if mean else ' (%)'}: A {a}, B {b}; B - A {difference_text(c.diff, mean)}"
            + ("" if mean else " percentage points"))


def _rule_said(cmp: Comparison, change, rule: RuleDecided | None, index: int,
               units: Sequence[Unit] = (BALLS, BALLS)) -> tuple[str, str, list[str]]:
    """One changed rule's sentence from the games, or from its focused replays when the games had too few
    deals of it; its tone (clear, untested, none) and the exact figures, in the rulesets' units."""
    words = _change_words(change, units)
    u = said_unit(units, index)
    if rule is None or not rule.counters:
        return f"{words}: felt in every deal.", "none", []
    found = cmp.focused_on(rule.path) if hasattr(cmp, "focused_on") else None
    a, b = cmp.rulesets[0], cmp.rulesets[index + 1]
    section = rule.path.split(".", 1)[0]
    seen = rule_in_games(a, b, rule.counters, section) if a.games and b.games else None
    came = _came_up(rule, seen, a.name, b.name)
    labels = happened(rule_labels(cmp, rule))
    decided = " and ".join(f"{n:,} in {r.name}'s" for n, r in zip(rule.deals, cmp.rulesets) if n is not None)
    details = [f"{arrows(rule.change)}: decided {decided} {cmp.games:,} games (it comes into play through "
               f"{labels})."]
    if found is not None and found.parent is not None and found.parents:
        details.append("Focused replays: " + in_unit(found.words(), u))
        if not found.changed:
            return (f"{words}: {came}, and in {found.replays:,} replays of the {found.parents:,} deals with "
                    f"{found.parent.made} it never changed the {u.plural}: it needs what the cards seldom give.",
                    "untested" if not rule.most else "none", details)
        role, e, each = found.main
        text = f"{words}: when it happens, {found.role_words(role)} {u.verb} {balls_each(each, u)}" if each else \
            f"{words}: it changes the {u.plural} when it happens"
        text += f". {came[:1].upper() + came[1:]}; {_replays_said(found, short=True, u=u)}"
        return text, "clear" if found.clear else "none", details
    if seen is not None and seen.paired:
        maker = MAKERS.get(section)
        role = "own" if abs(seen.own.value or 0) > abs(seen.others.value or 0) else "others"
        e, each = (seen.own, seen.own_each) if role == "own" else (seen.others, seen.others_each)
        one = a.seats == a.teams  # sides of one: each player scores alone
        who = _role_words(maker, role, one)
        details.append(f"In the {seen.paired} deals dealt alike under both in which it came into play: B - A "
                       f"{say_difference(seen.own.value, seen.own.low, seen.own.high, False)} {u.plural} to "
                       f"{_role_words(maker, 'own', one)}, "
                       f"{say_difference(seen.others.value, seen.others.low, seen.others.high, False)} "
                       f"to {_role_words(maker, 'others', one)}.")
        text = f"{words}: {came}."
        # (the deals under either rule: "it came up in 60 deals ... and 37 ..." then "the 72 of those" puzzled)
        alike = f"In the {seen.paired:,} deals in which it came up under either rule (each dealt alike under both)"
        if e.value:
            how = (f"{who} {opened(u)} {balls_each(each[0], u)} each time" if len(each) == 1 else
                   f"{who} {opened(u)} about {rounded(e)[0] if e.low is not None else _num(abs(e.value), 1)} "
                   f"{unit(2, u)} {'more' if e.value > 0 else 'fewer'} on average"
                   + (f" ({between(e, 'more', 'fewer')})" if e.low is not None else ""))
            text += f" {alike}, {how}."
            clear = is_clear(e) or len(each) == 1 and seen.paired >= FEWEST_TO_SHOW
            return text, "clear" if clear else "none", details
        text += f" {alike}, the {u.plural} came out the same."
        return text, "none", details
    if not rule.fired:
        advice = remedy(rule.counters, cmp.games, cmp.bots, cmp.mistakes, PAGE_WORDS)
        return (f"{words}: no deal of these {cmp.games:,} games had {labels}, so they cannot show what it changes. "
                f"{advice[:1].upper() + advice[1:]}.", "untested", details)
    if rule.scarce is not None:  # 1 to 3 deals, and no replays: nothing can show yet
        return f"{words}: {came}, too few for these games to show what it changes.", "untested", details
    return f"{words}: {came}.", "none", details


def _came_up(rule: RuleDecided, seen, name_a: str, name_b: str) -> str:
    """How often the rule came up in the games: "it never came up in these games", "it came up in 10 deals of
    standard's games and 12 of our-table's (about 1 deal in 3,000)"."""
    if not rule.most:
        return "it never came up in these games"
    counts = [n for n in rule.deals if n is not None]
    if len(counts) == 2 and counts[0] != counts[1]:
        text = f"it came up in {counts[0]:,} deals of {name_a}'s games and {counts[1]:,} of {name_b}'s"
    else:
        text = f"it came up in {deals_said(rule.most)} of these games"
    if seen is not None and seen.one_in is not None:
        every = seen.one_in
        if every >= 2:
            text += f" (about 1 deal in {_said_round(every):,})"
    return text


def _said_round(x: float) -> int:
    """A count as a player rounds it: two significant digits (3,412 -> 3,400)."""
    if x < 100:
        return round(x)
    power = 10 ** (len(str(int(x))) - 2)
    return int(round(x / power) * power)


def verdict(cmp: Comparison, rule_changes, index: int = 0, units: Sequence[Unit] | None = None) -> Verdict:
    """What B changes, in words: a sentence for every rule that differs (``rule_changes``, the rule diff), in
    the order of what it changes (the target's sentence says the games' length), each from the games or, when
    they had too few deals of it, from its focused replays; then who wins and any other clear difference.
    ``units``: each ruleset's unit of score (see :func:`units_of`); each is said in its own."""
    if not rule_changes:
        return Verdict("They play the same rules, so the same deals come out the same: nothing to tell apart.",
                       "same")
    all_changes = changes(cmp, index)
    by_key = {c.key: c for c in all_changes}
    # (by path and words: a duty dropped and another added at the same place of play.obligations are two rules)
    by_path = {(r.path, r.change): r for r in cmp.rules_compared}
    units = units_of(cmp, units)
    pair = (units[0], units[index + 1] if len(units) > index + 1 else units[0])
    sentences: list[str] = []
    details: list[str] = []
    tones: list[str] = []
    length_said = False
    length = by_key.get(GAME_LENGTH)
    for change in sorted(rule_changes, key=said_order):
        path = ".".join(map(str, change.path))
        rule = by_path.get((path, change.text))
        if said_order(change)[0] == 0 and not length_said:  # the game's length, said as the target's (or the
            said, clear = _length_said(length, cmp.games)     # first change to the game's own rules)
            if said:
                sentences.append(f"{_change_words(change, pair)}: {said}.")
                tones.append("clear" if clear else "none")
                details.append(_exact(length))
                length_said = True
                continue
        if tuple(map(str, change.path)) == UNIT:  # a word, not a rule: it was "felt in every game, with its length"
            sentences.append(f"Scores said in {pair[1].plural} instead of {pair[0].plural}: the same counting, "
                             "another word for it.")
            continue
        if said_order(change)[0] == 0 and (rule is None or not rule.counters):
            sentences.append(f"{_change_words(change, pair)}: felt in every game, with its length said above.")
            continue
        text, tone, more = _rule_said(cmp, change, rule, index, units)
        sentences.append(text)
        tones.append(tone)
        details += more
    if not length_said and length is not None and length.clear:  # no rule of the game changed, yet games last
        said, _ = _length_said(length, cmp.games)                   # longer or shorter: said after the rules
        sentences.append(said[:1].upper() + said[1:] + ".")
        details.append(_exact(length))
    about_wins = [c for c in all_changes if c.key in WIN_KEYS or c.key.startswith(WIN_PREFIX)]
    wins = [c for c in about_wins if c.clear]
    team_wins = [c for c in wins if c.key.startswith(WIN_PREFIX)]
    if cmp.rulesets[0].teams == 2 and len(team_wins) == 2:  # the other team's figure only mirrors the first
        wins.remove(team_wins[1])
    if wins:
        said = "; ".join(phrase(c) for c in wins)
        sentences.append(said[:1].upper() + said[1:] + ".")
        details += [_exact(c) for c in wins]
    elif about_wins:
        sentences.append("No clear change in who wins.")
    explained = {GAME_LENGTH}
    others = sorted((c for c in all_changes if c.clear and c.key not in explained and c not in about_wins
                     and noteworthy(c)), key=relative_size, reverse=True)
    if others:
        said = "; ".join(phrase(c) for c in others[:VERDICT_OTHERS])
        more = len(others) - VERDICT_OTHERS
        sentences.append("Also: " + said + (f"; and {more} more clear difference{'s' if more > 1 else ''} (below)"
                                            if more > 0 else "") + ".")
        details += [_exact(c) for c in others]
    clear = any(c.clear for c in all_changes) or "clear" in tones
    if clear:
        tone = "clear"
    elif "untested" in tones:
        tone = "untested"
    else:
        tone = "none"
        sentences.append(f"No difference is clear in {cmp.games:,} games: more games would show a smaller one.")
    details.insert(0, f"{cmp.games:,} games of each; a difference is clear when its 95% interval leaves out zero.")
    return Verdict(" ".join(sentences), tone, tuple(details), tuple(sentences))


__all__ = ["ARROW", "HEADLINE", "PAGE_WORDS", "Change", "FocusNote", "focus_note", "Scarce", "Unfired", "Verdict",
           "arrows", "change_said", "changes", "csv_in_units", "deal_balls_rows", "difference_rows", "digits", "event_rows", "game_length_rows",
           "glance_rows", "happened", "headline_rows", "interval_rows", "reach_rows", "rule_labels", "say_any",
           "say_difference", "say_estimate", "said_unit", "scarce", "side", "unfired", "unit", "units_of", "verdict"]
