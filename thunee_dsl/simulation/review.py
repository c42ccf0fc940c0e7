"""After a deal, seeing every hand: what could have been made, and which cards cost their side points.

Each deal of a played or replayed game is dealt again with its own cards and its actions taken again one by
one (:class:`~thunee_dsl.game.GameState`); at each moment the double-dummy solver
(:mod:`thunee_dsl.players.solver`) answers:

- **an undertaking on offer** (Thunee, Royals ...: an option of the window it is said in): whether its caller
  could have made it against any defence (the rule's success step, ``makes``), and the first card of the
  line that makes it;
- **a claim** (Double, Khanaak ...): from the start of which trick the claim's own success condition could be
  forced by a seat of the team, as the cards were played up to there, without a break to the last trick (and
  nothing barring it: ``claims.bar``);
- **each card played** (from trick ``from_trick`` on): the count (the ruleset's first team value, as
  ``Objective`` POINTS reads it) the player's side could still force after it, against the best card then:
  a card that lets it force less cost that much.

Every window is passed in these solves (the cards alone), and the words say they see every hand. Card names
are turned into words by ``card_words`` (the CLI passes the app's "Jack of spades"); seats and teams by the
ruleset's words (:mod:`thunee_dsl.model.words`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from thunee_dsl.game.claims import bar
from thunee_dsl.game.play import Play
from thunee_dsl.game.state import GameState
from thunee_dsl.model.words import seat_name, team_name
from thunee_dsl.players.solver import POINTS, Solver, makes, succeeds_if


@dataclass
class Makeable:
    """``title`` (an undertaking or a claim) could be made by ``seat``'s side: from the start (``trick`` 1,
    an undertaking said before the first lead, its line leading ``lead``) or from the start of ``trick``."""

    kind: str  # "undertaking" | "claim"
    title: str
    seat: int
    trick: int
    lead: str | None = None
    called: bool = False  # it was said in the deal


@dataclass
class CardCost:
    """At ``trick``, ``seat`` played ``card``; ``best`` would have let its side force ``cost`` more."""

    trick: int
    seat: int
    card: str
    best: str
    cost: float


@dataclass
class DealReview:
    number: int
    makeable: list[Makeable] = field(default_factory=list)
    costs: list[CardCost] = field(default_factory=list)
    from_trick: int = 1


def _replayed(ruleset, record, score) -> GameState:
    if ruleset.hand_sizes:  # the deal at its own hand size (deal.hand_sizes), whichever deal of the game it was
        ruleset = ruleset.for_size(len(record.hands[0]))
    game = GameState(ruleset, seed=0, dealer=record.dealer, score=score, auto_deal=False)
    card = ruleset.deck.card
    # with the undealt cards: the turn-up is the first of them (deal.turn_up)
    game.start_deal([[card(name) for name in hand] for hand in record.hands], [card(c) for c in record.undealt])
    return game


def review_deal(ruleset, record, number: int = 1, score=None, from_trick: int = 1) -> DealReview:
    """The review of one deal (a :class:`~thunee_dsl.game.state.DealRecord`: its cards and actions),
    ``score`` the game's score before it; cards are weighed from trick ``from_trick`` on."""
    review = DealReview(number, from_trick=from_trick)
    game = _replayed(ruleset, record, score)
    solvers = {}  # one per team: each keeps its table through the deal

    def solver_for(team: int) -> Solver:
        if team not in solvers:
            solvers[team] = Solver(ruleset, POINTS)
        return solvers[team]

    asked: set = set()
    trick_starts = []  # (trick number, a copy of the deal) at the start of each trick
    called = set()
    for action in record.actions:
        deal = game.deal
        if deal is None or deal.over:
            break
        w = deal.window
        if w is not None:
            for option in w.options:
                u = next((u for u in ruleset.undertakings if u.verb == option.verb), None)
                if u is not None and (option.seat, u.name) not in asked:
                    asked.add((option.seat, u.name))
                    found = _undertaking_made(ruleset, deal, option, u)
                    if found is not None:
                        review.makeable.append(found)
        elif type(deal.pending) is Play:
            trick = len(deal.tricks) + 1
            if not deal.trick and deal.undertaking is None and deal.claim is None:
                trick_starts.append((trick, deal.clone()))
            if trick >= from_trick and action.verb == "play":
                cost = _card_cost(solver_for(deal.team_of[action.seat]), deal, action)
                if cost is not None:
                    review.costs.append(CardCost(trick, action.seat, action.arg, *cost))
        if any(u.verb == action.verb for u in ruleset.undertakings):
            called.add((action.seat, action.verb))
        game.apply(action)
    for m in review.makeable:
        u = next(u for u in ruleset.undertakings if u.title == m.title)
        m.called = (m.seat, u.verb) in called
    review.makeable += _claims_on(ruleset, trick_starts, record)
    return review


def _undertaking_made(ruleset, deal, option, u) -> Makeable | None:
    """Whether ``option`` (an undertaking said now) could be made against any defence, and its first card."""
    position = deal.clone()
    position.apply_if_legal(option)
    if position.over:
        return None
    team = deal.team_of[option.seat]
    solution = Solver(ruleset, makes("undertakings", u.name)).solve(position, team)
    if solution.value < 1:
        return None
    lead = next((a.arg for a in solution.line if a.verb == "play"), None)
    return Makeable("undertaking", u.title, option.seat, 1, lead)


def _claims_on(ruleset, trick_starts, record) -> list[Makeable]:
    """Each claim and seat: the first trick from whose start the claim could be forced, and stayed so."""
    found = []
    said = {(a.seat, a.verb) for a in record.actions}
    for claim in ruleset.claims:
        for seat in range(ruleset.seats):
            team = ruleset.team_of(seat)
            objective = succeeds_if(claim, seat)
            since = None
            for trick, deal in reversed(trick_starts):
                if bar(claim, deal.seat_env(seat, caller=seat)):
                    break
                if Solver(ruleset, objective).solve(deal, team, line=False).value < 1:
                    break
                since = trick
            if since is not None:
                found.append(Makeable("claim", claim.title, seat, since, called=(seat, claim.verb) in said))
    return found


def _card_cost(solver: Solver, deal, action) -> tuple[str, float] | None:
    """The best card of the seat to play and what the card played cost against it (None: nothing)."""
    team = deal.team_of[action.seat]
    values = solver.values(deal, team)
    if len(values) < 2:
        return None
    best_action = max(values, key=values.get)
    played = values.get(action)
    if played is None:  # a card equivalent to one searched: its own value
        child = deal.clone()
        child.apply_if_legal(action)
        played = solver.solve(child, team, line=False).value
    cost = values[best_action] - played
    return (best_action.arg, cost) if cost > 0 else None


def review_game(game: GameState, from_trick: int = 1) -> list[DealReview]:
    """The review of every finished deal of ``game``."""
    reviews = []
    score = None
    for number, record in enumerate(game.deals, 1):
        if record.result is None:
            break
        reviews.append(review_deal(game.ruleset, record, number, score, from_trick))
        score = list(record.score_after) if record.score_after is not None else None
    return reviews


def review_words(ruleset, review: DealReview, card_words: Callable[[str], str] = str) -> list[str]:
    """The review in words, labelled as seeing every hand."""
    lines = []
    for m in review.makeable:
        who = seat_name(m.seat) if m.kind == "undertaking" else team_name(ruleset, ruleset.team_of(m.seat))
        if m.kind == "undertaking":
            how = f": lead the {card_words(m.lead)}" if m.lead else ""
            said = " (called)" if m.called else ""
            lines.append(f"{m.title} was makeable from the start for {who}{said}{how}.")
        else:
            said = f", and {seat_name(m.seat)} called it" if m.called else ""
            lines.append(f"The {m.title} was on for {seat_name(m.seat)} ({who}) from trick {m.trick}{said}.")
    for c in review.costs:
        points = f"{c.cost:g} point{'s' if c.cost != 1 else ''}"
        lines.append(f"Trick {c.trick}: {seat_name(c.seat)}'s {card_words(c.card)} cost {points} "
                     f"against the {card_words(c.best)}.")
    if not lines:
        lines.append("Nothing was makeable beyond what was played, and no card cost its side points"
                     + (f" from trick {review.from_trick} on." if review.from_trick > 1 else "."))
    return ["Seeing every hand (double dummy):"] + [f"  {line}" for line in lines]


__all__ = ["CardCost", "DealReview", "Makeable", "review_deal", "review_game", "review_words"]
