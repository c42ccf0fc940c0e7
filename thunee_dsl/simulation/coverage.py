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

from dataclasses import dataclass
from typing import Sequence

from thunee_dsl.model.diff import diff_rulesets
from thunee_dsl.model.ruleset import Ruleset
from thunee_dsl.simulation.analysis import RulesetResult

# data paths whose counter has another name
ALIASES = {"game.win_by": "game.deuce", "game.raised_after": "game.raised_target",
           "dealer.passes_if": "dealer", "dealer.passes_to": "dealer"}
@dataclass(frozen=True)
class RuleDecided:
    """One rule that differs, with the deals it decided under each ruleset of the comparison."""

    change: str  # the difference in words ("Thunee partner catch: 8 balls -> 6 balls")
    path: str  # where it lives in the ruleset ("undertakings.thunee.balls.partner_catch")
    counters: tuple[str, ...]  # the coverage counters counted (empty: it changes every deal)
    deals: tuple[int | None, ...]  # per ruleset, in the comparison's order (None: not a rule there)
    advice: str | None  # when it decided no deal: why, and what would make it fire

    @property
    def fired(self) -> bool:
        return not self.counters or any(self.deals)

    def to_json(self) -> dict:
        return {"change": self.change, "path": self.path, "counters": list(self.counters),
                "deals": list(self.deals), "fired": self.fired, "advice": self.advice}


def counters_of(path: tuple, keys: Sequence[str]) -> tuple[str, ...]:
    """The coverage counters (of ``keys``) a change at ``path`` is decided by, outermost first."""
    parts = [str(p) for p in path if p != "balls"]
    dotted = ".".join(parts)
    dotted = ALIASES.get(dotted, dotted)
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
            if path in seen:
                continue
            seen.add(path)
            keys = sorted({c.rule for res in results for c in res.coverage})
            counters = counters_of(change.path, keys)
            deals = []
            for res in results:
                mine = {c.rule: c.deals for c in res.coverage}
                have = [mine[c] for c in counters if c in mine]
                deals.append(sum(have) if have else None)
            never = bool(counters) and not any(deals)
            out.append(RuleDecided(change.text, path, counters, tuple(deals),
                                   advice(counters, games, bots, mistakes) if never else None))
    return out
