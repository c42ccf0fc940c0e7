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


def dealt_again(ruleset, record, score, played: int = 0) -> GameState:
    """The deal dealt again: its cards, those left undealt (a turn-up, a kitty) and, for a ruleset whose hand
    size goes by the deal, the deals scored before it (``played``: the size is read from it)."""
    game = GameState(ruleset, seed=0, dealer=record.dealer, score=score, auto_deal=False)
    game.deals_played = played
    card = ruleset.deck.card
    game.start_deal([[card(name) for name in hand] for hand in record.hands],
                    [card(name) for name in record.undealt])
    return game


def review_deal(ruleset, record, number: int = 1, score=None, from_trick: int | None = 1,
                played: int = 0) -> DealReview:
    """The review of one deal (a :class:`~thunee_dsl.game.state.DealRecord`: its cards and actions),
    ``score`` the game's score before it, ``played`` the deals scored before it; cards are weighed from trick
    ``from_trick`` on (None: the deal's last three tricks, at its own hand size)."""
    game = dealt_again(ruleset, record, score, played)
    ruleset = game.deal.r  # (the deal's own: its hand size, where that goes by the deal)
    if from_trick is None:
        from_trick = max(1, ruleset.tricks_per_deal - 2)
    review = DealReview(number, from_trick=from_trick)
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


def review_game(game: GameState, from_trick: int | None = 1) -> list[DealReview]:
    """The review of every finished deal of ``game``."""
    reviews = []
    score = list(game.initial_score)
    # deals scored before (a thrown-in deal is not counted: the hand size goes by the scored ones), from those
    # scored before the game's first deal listed (a transcript that starts later: deals_played)
    played = max(0, game.deals_played - sum(1 for d in game.deals if d.result is not None and not d.result.cancelled))
    for number, record in enumerate(game.deals, 1):
        if record.result is None:
            break
        reviews.append(review_deal(game.ruleset, record, number, score, from_trick, played))
        score = list(record.score_after) if record.score_after is not None else None
        played += not record.result.cancelled
    return reviews


@dataclass(frozen=True)
class Decision:
    """A decision of ``seat`` that cost its side, seeing every hand: a card (``kind`` "card": ``points`` of the
    count against ``best``) or an undertaking or claim makeable and not said (``kind`` "missed": the ``balls`` it
    brings when made, where the ruleset writes them as a number; None where they are worked out in the deal)."""

    seat: int
    deal: int
    trick: int
    kind: str  # "card" | "missed"
    what: str  # the card, or the undertaking's or claim's title
    best: str | None = None
    points: float = 0.0
    balls: int | None = None

    @property
    def weight(self) -> tuple[int, float]:
        """Worst first: balls before points (a ball is a deal's worth), then points."""
        return (self.balls or 0, self.points)


def _fixed(formula) -> int | None:
    text = formula.text.strip()
    return int(text) if text.isdigit() else None


def costliest(ruleset, reviews: list[DealReview]) -> dict[int, list[Decision]]:
    """Each seat's decisions that cost its side in the reviewed deals, worst first: the undertakings and claims
    makeable and not said (weighed in the balls they bring when made), then the cards (in points)."""
    by_seat: dict[int, list[Decision]] = {seat: [] for seat in range(ruleset.seats)}
    for review in reviews:
        for m in review.makeable:
            if m.called:
                continue
            found = next((x for x in (*ruleset.undertakings, *ruleset.claims) if x.title == m.title), None)
            balls = _fixed(found.balls.success) if found is not None else None
            by_seat[m.seat].append(Decision(m.seat, review.number, m.trick, "missed", m.title, m.lead,
                                            balls=balls))
        for c in review.costs:
            by_seat[c.seat].append(Decision(c.seat, review.number, c.trick, "card", c.card, c.best, c.cost))
    for decisions in by_seat.values():
        decisions.sort(key=lambda d: d.weight, reverse=True)
    return by_seat


def decision_words(ruleset, d: Decision, card_words: Callable[[str], str] = str) -> str:
    """One decision of :func:`costliest` in words (seeing every hand)."""
    where = f"Deal {d.deal}, trick {d.trick}"
    if d.kind == "card":
        points = f"{d.points:g} point{'s' if d.points != 1 else ''}"
        return f"{where}: the {card_words(d.what)} cost {points} against the {card_words(d.best)}."
    balls = f": it brings {ruleset.unit.of(d.balls)} when made" if d.balls else ""
    how = f" (lead the {card_words(d.best)})" if d.best else ""
    return f"{where}: {d.what} was makeable and not called{how}{balls}."


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


__all__ = ["CardCost", "DealReview", "Decision", "Makeable", "costliest", "dealt_again", "decision_words",
           "review_deal", "review_game", "review_words"]
