"""A deal's score as steps of one team's card points: where what a finished deal is worth to a team reads, of
all the play decides, only the card points won (304: ``makers.cards >= bid``, the stones by the bid), it is a
step function of them, and the best result either side can force is that function of the best count either
side can force (a count solved as the solver solves the count: a few null-window tests, one per step halved,
each cheap where the score's own solve is not).

:func:`card_point_steps` says where that holds, reading the ruleset's scoring formulas (which parts of the deal
each name reads) and never a ruleset's name; the solver (solver.py, ``Objective.scored``) does the rest.
"""
from __future__ import annotations

from thunee_dsl.errors import RulesetError
from thunee_dsl.game.deal import DEAL_STATE, OWNERS, Deal
from thunee_dsl.game.play import Play
from thunee_dsl.game.tables import PASS
from thunee_dsl.model.quantities import Env

# The parts of a deal settled before its play (every scoring formula reads its names from these, or from the
# team's card points, or the score is not steps of them): the driver's figures for the deal, the cards dealt,
# the auction and the calls, trumps as made (not whether they are shown yet), a redeal or a cancellation.
SETTLED = frozenset(
    (set(OWNERS["deal"]) - {"pending", "window", "over", "step", "_legal", "_seat_env", "_counts"})
    | set(OWNERS["dealing"]) | set(OWNERS["bidding"]) | set(OWNERS["calling"]) | set(OWNERS["redeal"])
    | {"makers", "counting", "trump", "trump_maker", "trump_way"})


# the most card points a pack may hold for its score to be read as steps (each count from 0 is scored once: 304's
# 304 points in a millisecond or two; a house may give a card a billion, and then the steps are not read)
MOST_POINTS = 1000


class Reading:
    """A deal read through, recording the names read (the parts of its state a formula's name reads)."""

    def __init__(self, deal: Deal):
        self.__dict__["_deal"] = deal
        self.__dict__["read"] = set()

    def __getattr__(self, name):
        self.read.add(name)
        return getattr(self._deal, name)


def card_point_steps(deal: Deal, team: int, value) -> tuple[tuple[int, float], ...] | None:
    """At ``deal`` in its play, every window to come passed (the solver's ``windows="pass"``): where
    ``value(finished deal, team)`` is a non-decreasing function of ``team``'s card points alone, its steps
    ``((0, v0), (c1, v1), ...)``: the value is ``vi`` from ``ci`` card points up to the next step's. Else None.

    It holds where the deal is two teams' with nothing but the cards to come (no undertaking, claim,
    declaration, team value or concession in the rules or the deal), the play step is the deal's last, a
    card's points are the same whatever trumps are (so the points of all the tricks are one total, however
    the cards fall), and each scoring formula reads only parts of the deal settled before the play
    (:data:`SETTLED`) and the teams' card points, and the pack holds at most :data:`MOST_POINTS`. The steps are
    read on a copy played to its end."""
    r = deal.r
    if r.teams != 2 or type(deal.pending) is not Play or deal.play_end != deal.n_tricks \
            or r.undertakings or r.claims or r.declarations or r.team_values or r.concede_balls is not None \
            or len(set(r.deck.points_for)) != 1 or deal.undertaking is not None or deal.claim is not None \
            or deal.offence is not None or deal.cancelled or deal.redealt or deal.conceded_by is not None:
        return None
    if sum(r.deck.points_for[0]) > MOST_POINTS:
        return None
    end = _played_out(deal)
    if end is None or not _reads_only_the_count(end):
        return None
    total = sum(end.team_cards)
    cards = end.team_cards
    steps: list = []
    try:
        for points in range(total + 1):
            cards[team], cards[1 - team] = points, total - points
            v = value(end, team)
            if steps and v < steps[-1][1]:
                return None  # (more card points worth less: not a count's steps)
            if not steps or v > steps[-1][1]:
                steps.append((points, v))
    except (RulesetError, TypeError, ValueError, ArithmeticError):
        return None
    return tuple(steps)


def _played_out(deal: Deal) -> Deal | None:
    """A copy of ``deal`` played to its end, each window passed and each card the first legal one."""
    end = deal.clone()
    for _ in range(4 * deal.n_tricks * len(deal.hands) + 16):
        if end.over:
            return end
        legal = end.legal_actions()
        if not legal:
            end.advance()
            continue
        end.apply_if_legal(next((a for a in legal if a.verb == PASS), legal[0]))
    return None


def _reads_only_the_count(end: Deal) -> bool:
    """Whether every name of the ruleset's scoring formulas (the outcomes' conditions and balls, each team's
    and each player's score) reads only parts of ``end`` settled before the play and the teams' card points,
    read as the scoring reads them (deal-wide, for each team, for each seat)."""
    r = end.r
    seen = Reading(end)
    env = Env(seen, end.balls)
    checks = [(f, env) for o in r.outcomes for f in (o.when, o.balls)]
    if r.each_team is not None:
        checks += [(r.each_team, env.bind_team(t, r.teams)) for t in range(r.teams)]
    if r.each_player is not None:
        for seat in range(r.seats):
            penv = env.bind_team(end.team_of[seat], r.teams)
            penv.seat = seat
            checks.append((r.each_player, penv))
    allowed = SETTLED | {"team_cards"}
    for formula, fenv in checks:
        symbols = formula._symbols
        for name in formula.names:
            seen.read.clear()
            try:
                symbols[name].get(fenv)
            except (TypeError, AttributeError, IndexError, KeyError, ValueError, ArithmeticError):
                return False  # (a name not known at the end: not read as the count's steps)
            role = name.split(".")[0]
            if not seen.read <= allowed or (role in DEAL_STATE and role not in allowed):  # (a role bound: leader)
                return False
    return True


__all__ = ["MOST_POINTS", "SETTLED", "Reading", "card_point_steps"]
