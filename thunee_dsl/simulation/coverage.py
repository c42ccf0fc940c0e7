"""Rule coverage that answers: for every rule that differs between the rulesets compared, how many deals it
decided in each, and in words what would make it fire when it never did.

A difference (:func:`~thunee_dsl.model.diff.diff_rulesets`, a path in the ruleset's data) is matched to the
coverage counters of :func:`~thunee_dsl.simulation.analysis.rules` by its path: ``undertakings.thunee.balls.
partner_catch`` is the counter ``undertakings.thunee.partner_catch``; ``claims.khanaak.succeeds_if`` is
decided whenever a Khanaak is claimed (``claims.khanaak``); ``penalties`` covers every ``penalties.*``
counter. A change with no counter of its own or of an enclosing rule (the deck, the seats, the target ...)
is felt in every deal and needs no warning.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from thunee_dsl.model.diff import diff_rulesets
from thunee_dsl.model.ruleset import Ruleset
from thunee_dsl.simulation.analysis import RulesetResult

# data paths whose counter has another name
ALIASES = {"game.win_by": "game.deuce", "game.raised_after": "game.raised_target", "game.start": "game.transfer",
           "dealer.passes_if": "dealer", "dealer.passes_to": "dealer"}
#: A rule whose deals are counted under other names than its path's: what everyone passing the rounds of making
#: trumps leads to is decided in the deals thrown in, or in those whose dealer was made to name trumps.
COUNTED_AS = {"trumps.all_pass": ("trumps.ways.all pass", "trumps.ways.dealer must")}
@dataclass(frozen=True)
class RuleDecided:
    """One rule that differs, with the deals it decided under each ruleset of the comparison."""

    change: str  # the difference in words ("Thunee partner catch: 8 balls -> 6 balls")
    path: str  # where it lives in the ruleset ("undertakings.thunee.balls.partner_catch")
    counters: tuple[str, ...]  # the coverage counters counted (empty: it changes every deal)
    deals: tuple[int | None, ...]  # per ruleset, in the comparison's order (None: not a rule there)
    advice: str | None  # when it decided no deal: why, and what would make it fire
    scarce: str | None = None  # when it decided too few deals to show a difference: why, and what would

    @property
    def fired(self) -> bool:
        return not self.counters or any(self.deals)

    @property
    def most(self) -> int:
        """The most deals it decided under one ruleset (0: none, or a change felt in every deal)."""
        return max((n for n in self.deals if n is not None), default=0) if self.counters else 0

    def to_json(self) -> dict:
        return {"change": self.change, "path": self.path, "counters": list(self.counters),
                "deals": list(self.deals), "fired": self.fired, "advice": self.advice, "scarce": self.scarce}


def counters_of(path: tuple, keys: Sequence[str]) -> tuple[str, ...]:
    """The coverage counters (of ``keys``) a change at ``path`` is decided by, outermost first."""
    parts = [str(p) for p in path if p != "balls"]
    dotted = ".".join(parts)
    dotted = ALIASES.get(dotted, dotted)
    if dotted in COUNTED_AS:
        return tuple(k for k in keys if k in COUNTED_AS[dotted])
    whole_section = "." not in dotted  # a whole section added or removed (penalties: null)
    while dotted:
        hit = [k for k in keys if k == dotted or k.startswith(dotted + ".")]
        if hit:
            # the outermost counters only: a claim's 'claimed' counts every deal its rows decide
            return tuple(k for k in hit if not any(o != k and k.startswith(o + ".") for o in hit))
        dotted = dotted.rsplit(".", 1)[0] if "." in dotted else ""
        if "." not in dotted and not whole_section:
            return ()  # not under a counted rule: the change is felt in every deal (the deck, the target...)
    return ()


#: How the advice names what to change: the CLI's options. The Compare page passes its own controls' names.
CLI_WORDS = {"no_mistakes": "bots make no mistakes unless asked: add mistakes (--mistakes 0.01)",
             "more_mistakes": "raise the mistakes rate",
             "bolder": "bolder players take that risk more often: try --bots bold",
             "more_games": "play more games"}


def remedy(counters: Sequence[str], games: int, bots, mistakes: float, words: dict[str, str] = CLI_WORDS) -> str:
    """What would make rules that decided no deal fire, in a card player's words (``words``: how to ask for
    each remedy, :data:`CLI_WORDS` by default)."""
    names = {bots} if isinstance(bots, str) else set(bots)
    tips = []
    if any(c.startswith("penalties.") for c in counters):
        if not mistakes:  # no number of games helps: without mistakes nobody commits an offence
            return words["no_mistakes"]
        tips.append(words["more_mistakes"])
    elif any(c.startswith(("undertakings.", "calling.", "bidding.", "claims.")) for c in counters) \
            and names & {"cautious", "typical", "heuristic"}:
        tips.append(words["bolder"])
    if games >= 10:
        tips.append(f"{words['more_games']} (none of {games} had it, so it comes up in fewer than 3 games in "
                    f"{games}, at 95% confidence; try {games * 10})")
    else:
        tips.append(f"{words['more_games']} (try {games * 10})")
    return "; or ".join(tips)


#: A rule can show in a paired difference only once it has decided this many deals. If it changed k of N
#: games by the same amount d and left the others alone, the mean difference is k d / N and its standard
#: error about d sqrt(k) / N, so the 95% interval leaves out zero only when sqrt(k) > 1.96: k >= 4. Games
#: drift apart after such a deal (other scores, other dealers), which adds noise: 4 is the least, not enough.
FEWEST_TO_SHOW = 4


def scarce_remedy(counters: Sequence[str], deals: int, games: int, bots, words: dict[str, str] = CLI_WORDS) -> str:
    """Why a rule that decided only ``deals`` (1 to 3) deals cannot show a difference yet, and how many games
    would give it the deals it needs (``words``: how to ask, as :func:`remedy`)."""
    names = {bots} if isinstance(bots, str) else set(bots)
    need = math.ceil(FEWEST_TO_SHOW * games / deals)
    more = 100 * math.ceil(2 * need / 100) if games >= 10 else 2 * need  # twice the least: the games drift apart
    text = (f"a difference it makes can show only once it has decided at least {FEWEST_TO_SHOW} deals; "
            f"{words['more_games']} ({deals_said(deals)} in {games} games, so {FEWEST_TO_SHOW} take about "
            f"{need}; try {more})")
    if any(c.startswith(("undertakings.", "calling.", "bidding.", "claims.")) for c in counters) \
            and names & {"cautious", "typical", "heuristic"}:
        text += "; or " + words["bolder"]
    return text


def label_across(labels: Sequence[str | None], letters: Sequence[str]) -> str:
    """One row's label for a rule that the rulesets compared name each in its own words (``None``: not a rule
    of that ruleset): the words they share, then each ruleset's own ("a team on corner house (A: 11, B: 23)").

    >>> label_across(["a team on corner house (11)", "a team on corner house (23)"], "AB")
    'a team on corner house (A: 11, B: 23)'
    >>> label_across(["call 20", None, "call 20"], "ABC")
    'call 20'
    >>> label_across(["deal cancelled (x == 0)", "deal thrown in"], "AB")
    'A: deal cancelled (x == 0); B: deal thrown in'
    """
    named = [(letter, label) for letter, label in zip(letters, labels) if label is not None]
    if len({label for _, label in named}) <= 1:
        return named[0][1] if named else ""
    shared = named[0][1]
    for _, label in named[1:]:
        while not label.startswith(shared):
            shared = shared[:-1]
    cut = shared.rfind("(")
    if cut > 0 and all(label.endswith(")") for _, label in named):
        return shared[:cut] + "(" + ", ".join(f"{letter}: {label[cut + 1:-1]}" for letter, label in named) + ")"
    return "; ".join(f"{letter}: {label}" for letter, label in named)


def _duty_counters(change, ruleset: Ruleset, counters: tuple[str, ...]) -> tuple[str, ...]:
    """A duty's counter in ``ruleset`` (play.obligations): the place there of the duty with the change's words,
    none where it has no such duty. Its place in the other ruleset may hold another duty (Rotterdam's "trump when
    void" and Amsterdam's "head the trick" are both the second): counted by place, the cities' duties mixed.
    ``counters`` itself for any other change."""
    if tuple(map(str, change.path[:2])) != ("play", "obligations") or len(change.path) != 3:
        return counters
    says = next((d.get("says") for d in (change.after, change.before) if isinstance(d, dict)), None)
    written = [o for o in ruleset.play.obligations if not o.short_form]  # (as the counters number them)
    return tuple(f"play.obligations.{i}" for i, o in enumerate(written) if o.says == says)


def deals_said(n: int) -> str:
    return f"{n} deal" + ("s" if n != 1 else "")


def advice(counters: Sequence[str], games: int, bots, mistakes: float) -> str:
    """Why a rule may never have fired, and what would make it fire (the CLI's words)."""
    return "never decided a deal: " + remedy(counters, games, bots, mistakes)


def rules_compared(rulesets: Sequence[Ruleset], results: Sequence[RulesetResult], games: int, bots,
                   mistakes: float) -> list[RuleDecided]:
    """Every rule in which a later ruleset differs from the first, with the deals it decided in each."""
    out: list[RuleDecided] = []
    if len(rulesets) < 2 or any(getattr(r.data, "data", None) is None for r in rulesets):
        return out
    seen = set()
    for other in rulesets[1:]:
        for change in diff_rulesets(rulesets[0], other):
            path = ".".join(map(str, change.path))
            if (path, change.text) in seen:  # (a duty dropped and another added at the same place: two rules)
                continue
            seen.add((path, change.text))
            keys = sorted({c.rule for res in results for c in res.coverage})
            counters = counters_of(change.path, keys)
            each = [_duty_counters(change, r, counters) for r in rulesets]
            if each[0] is not counters:
                counters = tuple(sorted({c for mine in each for c in mine}))
            deals = []
            for res, wanted in zip(results, each):
                mine = {c.rule: c.deals for c in res.coverage}
                have = [mine[c] for c in wanted if c in mine]
                deals.append(sum(have) if have else None)
            never = bool(counters) and not any(deals)
            most = max((n for n in deals if n is not None), default=0)
            few = bool(counters) and 0 < most < FEWEST_TO_SHOW
            out.append(RuleDecided(change.text, path, counters, tuple(deals),
                                   advice(counters, games, bots, mistakes) if never else None,
                                   f"decided only {deals_said(most)}: " + scarce_remedy(counters, most, games, bots)
                                   if few else None))
    return out
