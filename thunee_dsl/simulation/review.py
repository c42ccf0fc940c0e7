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
- **an undertaking or claim said** that could not be made against the best defence: the balls its failure
  gave away against not saying it (the deal scored with and without it, each played out by the solver: the
  ruleset's own scoring, ``BALLS``), and the card of the defence that stops it;
- **a contract** (the decision that made a side the makers where its seat could pass: Euchre's ordering up,
  naming trumps), where the ruleset's outcomes give the deal to the other side when the makers fall short:
  weighed as a call is, the makers' outcome (:data:`CONTRACT`) for whether it could be made;
- **the winning bid or call** (304's bid of 200, Thunee's call of 20 to make trumps: the last said, whose side
  made trumps), where the outcomes give the deal to the other side when the makers fall short: whether it could
  be made against the best defence (:data:`CONTRACT`, the later bids passed and trumps made as the record has
  them, else searched), and if not, the balls it gave away against the seat's better other choice then (passing,
  or the lowest bid or call it could have said) and the defence's card that stops it;
- **each card played** (from trick ``from_trick`` on): what the player's side could still force after it,
  against the best card then: a card that lets it force less cost that much. Weighed in the count (the
  ruleset's first team value, as ``Objective`` POINTS reads it, or the card points won); where the ruleset
  has no team value and its cards count for nothing, or its sides are of one player (Oh Hell's exact bids), in
  the deal's own score (:data:`SCORE`); and while an undertaking or claim said is in force, in the score too (a
  card that loses a call that could be made costs the balls the call was worth).

Every window is passed in these solves (the cards alone), and the words say they see every hand. Card names
are turned into words by ``card_words`` (the CLI passes the app's "Jack of spades"); seats and teams by the
ruleset's words (:mod:`thunee_dsl.model.words`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from thunee_dsl.game.actions import PASS
from thunee_dsl.game.bidding import Bidding
from thunee_dsl.game.calling import Calling
from thunee_dsl.game.claims import bar
from thunee_dsl.game.play import Play
from thunee_dsl.game.scoring import decided_steps, score_deal
from thunee_dsl.game.state import GameState
from thunee_dsl.model.ruleset import Contract, OutcomeWinner
from thunee_dsl.model.words import contract_said, seat_name, team_name
from thunee_dsl.players.solver import BALLS, POINTS, Objective, SearchTooLong, Solver, makes, succeeds_if

SeatWords = Callable[[int], str]


def _own_score(deal, team: int) -> float:
    """The deal's score for a side of one player (its points in the ruleset's unit, the others' left aside:
    they are not taken from it); for two teams, its own less the other's (``BALLS``)."""
    balls = score_deal(deal).balls
    return balls[team] if len(balls) > 2 else 2 * balls[team] - sum(balls)


#: The deal's own score for a side, as the ruleset scores it (``score_deal``): what a card is weighed in where
#: the count says nothing of the result (sides of one bidding exact tricks; cards worth no points).
SCORE = Objective("score", _own_score)


def card_objective(ruleset) -> Objective:
    """What a card is weighed in, read from the ruleset's data: the count (``POINTS``) where the sides are
    teams and a team value or the cards' points make it, else the deal's own score (``SCORE``)."""
    alone = ruleset.teams == ruleset.seats or ruleset.teams > 2
    counted = bool(ruleset.team_values) or any(ruleset.deck.points)
    return SCORE if alone or not counted else POINTS


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
class Failed:
    """``title`` (an undertaking or a claim), said by ``seat`` at ``trick``, could not be made against the
    best defence: it gave away ``balls`` (in the ruleset's unit) against not saying it; ``card`` held by
    ``by`` stops it (the first trick the defence takes in the solver's line), where known. A contract (``kind``
    "contract": the decision that made the seat's side the makers, ``title`` its verb and ``arg`` what it
    named, the turn-up ordered up or the suit, or a bid's or call's amount; ``dealer``: said by the dealer) is
    said in words by :func:`~thunee_dsl.model.words.contract_said`; ``instead``, for a bid or call, the other
    choice it is weighed against: (``verb``, ``arg``) of passing or of the lowest bid or call."""

    kind: str  # "undertaking" | "claim" | "contract"
    title: str
    seat: int
    trick: int
    balls: float
    card: str | None = None
    by: int | None = None
    arg: str | None = None
    dealer: bool = False
    instead: tuple | None = None


@dataclass
class CardCost:
    """At ``trick``, ``seat`` played ``card``; ``best`` would have let its side force ``cost`` more, in
    ``measure``: "points" (the count) or "score" (the deal's score, in the ruleset's unit)."""

    trick: int
    seat: int
    card: str
    best: str
    cost: float
    measure: str = "points"


@dataclass(frozen=True)
class NotWeighed:
    """A winning bid or call (``verb``, ``arg``) said by ``seat`` before trick ``trick`` that was not weighed: the
    deal, seen from there, is too large to solve in the time a review allows (:data:`CONTRACT_NODES`)."""

    verb: str
    arg: object
    seat: int
    trick: int
    dealer: bool = False


#: The most positions the general search may visit in each solve that weighs a winning bid or call (about a
#: second compiled, a few in pure Python; the plain rest searched on integers does not count): a 304 bid said
#: with the trump closed, whose whole deal is searched as the general search plays it, may need far more.
CONTRACT_NODES = 200_000


@dataclass
class DealReview:
    number: int
    makeable: list[Makeable] = field(default_factory=list)
    costs: list[CardCost] = field(default_factory=list)
    from_trick: int = 1
    failed: list[Failed] = field(default_factory=list)
    tricks: int = 0  # the deal's tricks (its hand size)
    played: int = 0  # the trick its last card was played in (a deal may end early: a Thunee caught)
    # the winning bid or call not weighed: its solves would have searched more than CONTRACT_NODES positions
    not_weighed: list[NotWeighed] = field(default_factory=list)


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
                played: int = 0, to_trick: int | None = None, calls: bool = True,
                check: Callable[[], None] | None = None, every_card_up_to: int = 0) -> DealReview:
    """The review of one deal (a :class:`~thunee_dsl.game.state.DealRecord`: its cards and actions),
    ``score`` the game's score before it, ``played`` the deals scored before it; cards are weighed from trick
    ``from_trick`` on (None: the deal's last three tricks, at its own hand size, or every trick of a deal of
    at most ``every_card_up_to`` tricks) to ``to_trick`` (None: the last). ``calls``: what was makeable and
    the calls said are weighed too (False: the cards alone, for a review that weighs more tricks later).
    ``check()`` is called before each solve (a background run stops there by raising)."""
    check = check or (lambda: None)
    game = dealt_again(ruleset, record, score, played)
    ruleset = game.deal.r  # (the deal's own: its hand size, where that goes by the deal)
    if from_trick is None:
        short = ruleset.tricks_per_deal <= every_card_up_to
        from_trick = 1 if short else max(1, ruleset.tricks_per_deal - 2)
    review = DealReview(number, from_trick=from_trick, tricks=ruleset.tricks_per_deal)
    solvers = {}  # one per objective and team: each keeps its table through the deal
    weighed_in = card_objective(ruleset)

    def solver_for(objective: Objective, team: int) -> Solver:
        if (objective.name, team) not in solvers:
            solvers[objective.name, team] = Solver(ruleset, objective)
        return solvers[objective.name, team]

    said_as = {u.verb: ("undertakings", u) for u in ruleset.undertakings} | {
        c.verb: ("claims", c) for c in ruleset.claims}

    asked: set = set()
    trick_starts = []  # (trick number, a copy of the deal) at the start of each trick
    called = set()
    contract_at = _winning_contract(ruleset, record) if calls else None
    for at, action in enumerate(record.actions):
        deal = game.deal
        if deal is None or deal.over:
            break
        w = deal.window
        if w is not None:
            for option in w.options if calls else ():
                u = next((u for u in ruleset.undertakings if u.verb == option.verb), None)
                if u is not None and (option.seat, u.name) not in asked:
                    asked.add((option.seat, u.name))
                    check()
                    found = _undertaking_made(ruleset, deal, option, u)
                    if found is not None:
                        review.makeable.append(found)
            if calls and action.verb in said_as:
                check()
                failed = _failed(ruleset, deal, action, *said_as[action.verb])
                if failed is not None:
                    review.failed.append(failed)
            elif at == contract_at:  # (a call to make trumps: said in the calling's window)
                check()
                failed = _winning_bid_weighed(ruleset, deal, action, record.actions[at + 1:], review)
                if failed is not None:
                    review.failed.append(failed)
        elif calls and deal.pending is not None and type(deal.pending) is not Play and action.verb != PASS:
            check()
            failed = _winning_bid_weighed(ruleset, deal, action, record.actions[at + 1:], review) \
                if at == contract_at else _contract_failed(ruleset, deal, action)
            if failed is not None:
                review.failed.append(failed)
        elif type(deal.pending) is Play:
            trick = len(deal.tricks) + 1
            if action.verb == "play":
                review.played = trick
            if not deal.trick and deal.undertaking is None and deal.claim is None:
                trick_starts.append((trick, deal.clone()))
            if from_trick <= trick <= (trick if to_trick is None else to_trick) and action.verb == "play":
                check()
                # (a call in force: the card is weighed in the score, which the call decides)
                in_force = deal.undertaking is not None or deal.claim is not None
                objective = SCORE if in_force else weighed_in
                cost = _card_cost(solver_for(objective, deal.team_of[action.seat]), deal, action)
                if cost is not None:
                    review.costs.append(CardCost(trick, action.seat, action.arg, *cost,
                                                 "points" if objective is POINTS else "score"))
        if any(u.verb == action.verb for u in ruleset.undertakings):
            called.add((action.seat, action.verb))
        game.apply(action)
    for m in review.makeable:
        u = next(u for u in ruleset.undertakings if u.title == m.title)
        m.called = (m.seat, u.verb) in called
    if calls:
        check()
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


def _failed(ruleset, deal, action, kind: str, rule) -> Failed | None:
    """``action`` says an undertaking or claim (``rule``, of ``kind``) in the window open in ``deal``: if it
    could not be made against the best defence and failing gives balls away against passing, what it gave
    away (each side's best play, every hand seen: the balls the ruleset scores) and the card that stops it."""
    said = deal.clone()
    said.apply_if_legal(action)
    weighed = _weighed(ruleset, deal, action, said, makes(kind, rule.name))
    if weighed is None:
        return None
    return Failed(kind.rstrip("s"), rule.title, action.seat, len(deal.tricks) + 1, *weighed)


def _weighed(ruleset, deal, action, said, made_if: Objective) -> tuple[float, str | None, int | None] | None:
    """``action`` said in ``deal`` (``said``: the deal after it): where its side could not reach ``made_if``
    against the best defence, and passing instead (the other choice the seat had) scores better for it, the
    balls it gave away (both solved to the end, every hand seen, scored by the ruleset's own scoring) and the
    card that stops it, with its seat; else None."""
    if said.over:
        return None
    passing = next((o for o in deal.legal_actions() if o.verb == PASS and o.seat == action.seat), None)
    if passing is None:  # (nothing else to choose: Thunee's chooser makes trumps)
        return None
    team = deal.team_of[action.seat]
    made = Solver(ruleset, made_if).solve(said, team)
    if made.value >= 1:
        return None
    passed = deal.clone()
    passed.apply_if_legal(passing)
    balls = Solver(ruleset, BALLS)
    without = balls.solve(passed, team, line=False).value
    given = without - balls.solve(said, team, line=False).value
    if given <= 0:
        return None
    return (given, *_stopper(said, made.line, team))


def _makers_made(deal, team: int) -> float:
    """1 where the ruleset's outcome that scores the deal goes to the makers and they are ``team``."""
    return float(deal.makers == team and any(
        step.path.startswith("scoring.outcomes.") and step.team == team for step in decided_steps(deal)))


#: Whether the makers made their contract: the outcome of the ruleset's table that scores the deal is theirs
#: (Euchre's three tricks of five), as ``score_deal`` decides it.
CONTRACT = Objective("contract", _makers_made, boolean=True, scored=True)


def _contract_failed(ruleset, deal, action) -> Failed | None:
    """``action`` (a decision before the play that makes its seat's side the makers: ordering up, naming trumps)
    where the ruleset's outcomes give the deal to the other side when the makers fall short: if the makers
    could not make it against the best defence and it gave balls away against passing (each weighed as a
    call is: :func:`_failed`), what it gave away and the card that stops it."""
    if deal.makers is not None or not any(o.winner is OutcomeWinner.COUNTING for o in ruleset.outcomes):
        return None
    said = deal.clone()
    said.apply_if_legal(action)
    team = deal.team_of[action.seat]
    if said.makers != team:
        return None
    weighed = _weighed(ruleset, deal, action, said, CONTRACT)
    if weighed is None:
        return None
    given, card, by = weighed
    # (ordering up names no card: the turn-up's, whose suit it makes trumps)
    arg = action.arg if action.arg is not None or deal.turn_up is None else ruleset.deck.name(deal.turn_up)
    return Failed("contract", action.verb, action.seat, len(deal.tricks) + 1, given, card, by,
                  None if arg is None else str(arg), action.seat == deal.dealer)


def _contract_verbs(ruleset) -> tuple[str, ...]:
    """The verbs that say a contract for the makers by its amount: the auction's bid (where the highest bid is
    the one contract, not every player's own), the call to make trumps."""
    bidding = ruleset.bidding
    bid = Bidding.verbs(ruleset)[:1] if bidding is not None and bidding.contract is Contract.HIGHEST_BID else ()
    return bid + (Calling.verbs(ruleset) if ruleset.calling is not None else ())


def _winning_contract(ruleset, record) -> int | None:
    """Where in ``record.actions`` the winning bid or call was said: the last said, where it stood to the end
    (no undertaking took its place, the deal was played and scored) and its seat's side made trumps; else None.
    Only where the ruleset's outcomes give the deal to the other side when the makers fall short."""
    result = record.result
    if result is None or result.cancelled or result.undertaking is not None or result.trump_maker is None \
            or not any(o.winner is OutcomeWinner.COUNTING for o in ruleset.outcomes):
        return None
    verbs = _contract_verbs(ruleset)
    at = next((i for i in range(len(record.actions) - 1, -1, -1) if record.actions[i].verb in verbs), None)
    if at is None or ruleset.team_of(record.actions[at].seat) != ruleset.team_of(result.trump_maker):
        return None
    return at


def _winning_bid_weighed(ruleset, deal, action, after, review: DealReview) -> Failed | None:
    """:func:`_bid_failed`, or None with the bid or call kept in ``review.not_weighed`` where its solves would
    search more than CONTRACT_NODES positions."""
    try:
        return _bid_failed(ruleset, deal, action, after)
    except SearchTooLong:
        review.not_weighed.append(NotWeighed(action.verb, action.arg, action.seat, len(deal.tricks) + 1,
                                             action.seat == deal.dealer))
        return None


def _bid_failed(ruleset, deal, action, after) -> Failed | None:
    """``action``, the winning bid or call (:func:`_winning_contract`), said in ``deal`` (``after``: the record's
    actions after it): if its side could not make it against the best defence (:data:`CONTRACT`, the contract
    standing: :func:`_standing`), the balls it gave away against the seat's other choice then, and the card of the
    defence that stops it."""
    said = deal.clone()
    said.apply_if_legal(action)
    if said.over:
        return None
    team = deal.team_of[action.seat]
    made, line = _standing(Solver(ruleset, CONTRACT, max_nodes=CONTRACT_NODES), said, team, after, line=True)
    if made >= 1:
        return None
    # What a demanding player holds the bidder to: the better for its side of the seat's two smaller choices
    # then, the lowest bid or call it could have said instead (the contract, asking the least: bidding 200
    # where 160 was enough is an overbid) and passing (where even the least could not be made, saying nothing
    # was right). A higher bid asks more, never less; a tie is put to the lower bid (the smaller change).
    legal = [o for o in deal.legal_actions() if o.seat == action.seat]
    lower = [o for o in legal if o.verb == action.verb and o.arg < action.arg]
    others = ([min(lower, key=lambda o: o.arg)] if lower else []) + [o for o in legal if o.verb == PASS][:1]
    if not others:
        return None
    balls = Solver(ruleset, BALLS, max_nodes=CONTRACT_NODES)
    weighed = []
    for other in others:
        instead = deal.clone()
        instead.apply_if_legal(other)
        weighed.append((_standing(balls, instead, team, after)[0], other))
    without, other = max(weighed, key=lambda w: w[0])
    given = without - _standing(balls, said, team, after)[0]
    if given <= 0:
        return None
    card, by = _stopper(said, line, team)
    return Failed("contract", action.verb, action.seat, len(deal.tricks) + 1, given, card, by, str(action.arg),
                  action.seat == deal.dealer, (other.verb, other.arg))


def _standing(solver: Solver, deal, team: int, made=(), line: bool = False) -> tuple[float, list]:
    """What ``team`` can force from ``deal`` (not changed) with the contract said standing: every later bid and
    window passed (the auction as it went after the winning bid: nobody said more), any other decision before
    the play (trumps made) as ``made`` (the record's) has it where its action is open here, else searched as the
    solver searches one (another seat's trumps, after a pass), and the play solved; with the actions to the end
    where ``line`` (for the card that stops it)."""
    deal = deal.clone()
    before = []
    while not deal.over:
        if type(deal.pending) is Play:
            solution = solver.solve(deal, team, line=line)
            return solution.value, before + solution.line
        legal = deal.legal_actions()
        if not legal:  # (between steps: nothing to decide)
            deal.advance()
            continue
        passing = next((a for a in legal if a.verb == PASS), None)
        if passing is not None and (deal.window is not None or type(deal.pending) is Bidding):
            chosen = passing
        else:  # (the trumps as they were made: the contract said is weighed, not the trump card chosen after it)
            chosen = next((a for a in made if a.verb != PASS and a in legal), None)
        if chosen is not None:
            deal.apply_if_legal(chosen)
            before.append(chosen)
            continue
        # (searched here and not by the solver: a later bidding, 304's second on eight cards, comes after trumps)
        mine = deal.team_of[deal.to_act] == team
        best = None
        for action in legal:
            child = deal.clone()
            child.apply_if_legal(action)
            # (a solver of its own for each: no position of one is another's, and a whole deal's table is large)
            value, rest = _standing(Solver(solver.ruleset, solver.objective, max_nodes=solver.max_nodes), child, team,
                                    made, line)
            if best is None or (value > best[0] if mine else value < best[0]):
                best = (value, [action] + rest)
            if solver.objective.boolean and best[0] == (1 if mine else 0):
                break  # (whether it is made: nothing better to find)
        return best[0], before + best[1]
    return solver.objective.value(deal, team), before


def _stopper(deal, line, team: int) -> tuple[str | None, int | None]:
    """The card that takes the first trick the other side wins in ``line`` (played on a copy, the rest played
    on where nothing is left to decide, as the solver does), or that ends the deal beating the caller's card,
    and its seat."""
    deal = deal.clone()
    start, last = len(deal.tricks), None
    for action in line:
        if deal.over:
            break
        deal.apply_if_legal(action)
        last = action
    if not deal.over and deal.window is None and deal.pending is None:
        deal.advance()
    for _, cards, winner in deal.tricks[start:]:
        if deal.team_of[winner] != team:
            return deal.r.deck.name(dict(cards)[winner]), winner
    if last is not None and last.verb == "play" and deal.over and deal.team_of[last.seat] != team:
        return last.arg, last.seat  # the card that ended the deal (a Thunee caught when beaten)
    return None, None


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


def review_game(game: GameState, from_trick: int | None = 1, every_card_up_to: int = 0) -> list[DealReview]:
    """The review of every finished deal of ``game`` (``from_trick`` and ``every_card_up_to``: review_deal's)."""
    reviews = []
    score = list(game.initial_score)
    # deals scored before (a thrown-in deal is not counted: the hand size goes by the scored ones), from those
    # scored before the game's first deal listed (a transcript that starts later: deals_played)
    played = max(0, game.deals_played - sum(1 for d in game.deals if d.result is not None and not d.result.cancelled))
    for number, record in enumerate(game.deals, 1):
        if record.result is None:
            break
        reviews.append(review_deal(game.ruleset, record, number, score, from_trick, played,
                                   every_card_up_to=every_card_up_to))
        score = list(record.score_after) if record.score_after is not None else None
        played += not record.result.cancelled
    return reviews


@dataclass(frozen=True)
class Decision:
    """A decision of ``seat`` that cost its side, seeing every hand: a card (``kind`` "card": ``points`` of the
    count against ``best``, or ``balls`` of the deal's score where it is weighed in the score), an undertaking
    or claim makeable and not said (``kind`` "missed": the ``balls`` it brings when made, where the ruleset
    writes them as a number; None where they are worked out in the deal), or one said that could not be made
    (``kind`` "failed": the ``balls`` it gave away against not saying it; ``best`` the card that stops it,
    held by ``by``)."""

    seat: int
    deal: int
    trick: int
    kind: str  # "card" | "missed" | "failed"
    what: str  # the card, or the undertaking's or claim's title
    best: str | None = None
    points: float = 0.0
    balls: float | None = None
    by: int | None = None
    said: tuple | None = None  # a contract's (verb, what it named, by the dealer[, instead]): see Failed

    @property
    def weight(self) -> tuple[float, float]:
        """Worst first: balls before points (a ball is a deal's worth), then points."""
        return (self.balls or 0, self.points)


def _fixed(formula) -> int | None:
    text = formula.text.strip()
    return int(text) if text.isdigit() else None


def _number(x: float) -> int | float:
    return int(x) if float(x).is_integer() else x


#: A seat's decisions a review shows at first (the page's), and of them at most this many calls and claims
#: where a card cost anything: a game of many calls (each weighed in balls, before any card in points) would
#: otherwise show no card at all, and the cards are what a player can mend at the next deal.
SHOWN, CALLS_SHOWN = 5, 3


def costliest(ruleset, reviews: list[DealReview]) -> dict[int, list[Decision]]:
    """Each seat's decisions that cost its side in the reviewed deals, worst first: those weighed in balls (an
    undertaking or claim said and not makeable: the balls it gave away; one makeable and not said: the balls
    it brings when made; a contract; a card weighed in the deal's score), then the cards weighed in points of
    the count. The first :data:`SHOWN` are the seat's page: at most :data:`CALLS_SHOWN` calls and claims there
    where cards cost anything, the costliest cards in place of the least costly calls (see :func:`_page`)."""
    by_seat: dict[int, list[Decision]] = {seat: [] for seat in range(ruleset.seats)}
    for review in reviews:
        for m in review.makeable:
            if m.called:
                continue
            found = next((x for x in (*ruleset.undertakings, *ruleset.claims) if x.title == m.title), None)
            balls = _fixed(found.balls.success) if found is not None else None
            by_seat[m.seat].append(Decision(m.seat, review.number, m.trick, "missed", m.title, m.lead,
                                            balls=balls))
        for f in review.failed:
            by_seat[f.seat].append(Decision(f.seat, review.number, f.trick, "failed", f.title, f.card,
                                            balls=_number(f.balls), by=f.by, said=_contract_of(f)))
        for c in review.costs:
            if c.measure == "score":
                by_seat[c.seat].append(Decision(c.seat, review.number, c.trick, "card", c.card, c.best,
                                                balls=_number(c.cost)))
            else:
                by_seat[c.seat].append(Decision(c.seat, review.number, c.trick, "card", c.card, c.best, c.cost))
    return {seat: _page(decisions) for seat, decisions in by_seat.items()}


def _page(decisions: list[Decision]) -> list[Decision]:
    """``decisions`` worst first, the first :data:`SHOWN` holding at most :data:`CALLS_SHOWN` calls and claims
    while a card not shown cost anything: the worst cards not shown take the least costly calls' places, the
    page worst first, then the rest worst first."""
    ordered = sorted(decisions, key=lambda d: d.weight, reverse=True)
    page = list(range(min(SHOWN, len(ordered))))
    calls = [i for i in page if ordered[i].kind != "card"]
    cards_off = [i for i in range(len(page), len(ordered)) if ordered[i].kind == "card"]
    swapped = min(len(calls) - CALLS_SHOWN, len(cards_off))
    if swapped > 0:
        out = set(calls[len(calls) - swapped:])  # (the least costly calls: last of the worst first)
        page = [i for i in page if i not in out] + cards_off[:swapped]
    shown = set(page)
    return [ordered[i] for i in page] + [d for i, d in enumerate(ordered) if i not in shown]


def _whose(name: str) -> str:
    """"you" -> "your", "Seat 2" -> "Seat 2's"."""
    return {"you": "your", "You": "Your"}.get(name, f"{name}'s")


def _card_lost(ruleset, cost: float, measure: str) -> str:
    """What a card cost: "3 points" (of the count) or "10 points of the score" (the ruleset's unit)."""
    if measure == "score":
        return f"{ruleset.unit.of(_number(cost))} of the score"
    return f"{cost:g} point{'s' if cost != 1 else ''}"


def _contract_of(f: Failed) -> tuple | None:
    if f.kind != "contract":
        return None
    # (a bid or a call: and the other choice it is weighed against)
    return (f.title, f.arg, f.dealer) + (() if f.instead is None else (f.instead,))


def _instead_words(verb: str, arg) -> str:
    """The other choice a bid or call is weighed against: "passing", "a bid of 170", "a call of 10"."""
    return "passing" if verb == PASS else f"a {verb} of {arg}"


def _failed_words(ruleset, title: str, card: str | None, by: int | None, balls, card_words, seat_words,
                  caller: str | None = None, contract: tuple | None = None, suit_words=str) -> str:
    stops = f" (the {card_words(card)} held by {seat_words(by)} stops it)" if card and by is not None else ""
    lost = f"could not be made{stops}: it gave away {ruleset.unit.of(_number(balls))}"
    if contract is not None:  # the makers' contract: "Ordering up the Jack of hearts", "Your bid of 200"
        verb, arg, dealer, *instead = contract
        said = contract_said(verb, arg, dealer, card_words, suit_words, _whose(caller) if caller else None)
        against = f" against {_instead_words(*instead[0])}" if instead else ""
        return f"{said} {lost}{against}"
    said = "called" if ruleset.calling is not None else "declared"
    said += f" by {caller}" if caller else ""
    return f"{title} was {said} and {lost}"


def decision_words(ruleset, d: Decision, card_words: Callable[[str], str] = str,
                   seat_words: SeatWords = seat_name, suit_words: Callable[[str], str] = str) -> str:
    """One decision of :func:`costliest` in words (seeing every hand); seats named by ``seat_words`` (the
    table's "you", "your partner" ...; by default "Seat 2"), cards by ``card_words``, suits by ``suit_words``."""
    where = f"Deal {d.deal}, trick {d.trick}"
    if d.kind == "card":
        lost = _card_lost(ruleset, d.balls, "score") if d.balls else _card_lost(ruleset, d.points, "points")
        return f"{where}: the {card_words(d.what)} cost {lost} against the {card_words(d.best)}."
    if d.kind == "failed":
        words = _failed_words(ruleset, d.what, d.best, d.by, d.balls, card_words, seat_words, contract=d.said,
                              suit_words=suit_words)
        return f"{where}: {words}."
    balls = f": it brings {ruleset.unit.of(d.balls)} when made" if d.balls else ""
    how = f" (lead the {card_words(d.best)})" if d.best else ""
    return f"{where}: {d.what} was makeable and not called{how}{balls}."


def review_words(ruleset, review: DealReview, card_words: Callable[[str], str] = str,
                 seat_words: SeatWords = seat_name, team_words: Callable[[int], str] | None = None,
                 suit_words: Callable[[str], str] = str, earlier: str = "the earlier tricks were not") -> list[str]:
    """The review in words, labelled as seeing every hand; seats named by ``seat_words`` and teams by
    ``team_words`` (by default "Seat 2", "Seats 1 and 3"), suits by ``suit_words``. A deal whose cards were
    weighed from a later trick on says which tricks were, then ``earlier`` (what became of the others: the
    CLI's "the earlier tricks were not: `--from-trick 1` weighs them")."""
    team_words = team_words or (lambda team: team_name(ruleset, team))
    lines = []
    for m in review.makeable:
        if m.kind == "undertaking":
            how = f": lead the {card_words(m.lead)}" if m.lead else ""
            said = " (called)" if m.called else ""
            lines.append(f"{m.title} was makeable from the start for {seat_words(m.seat)}{said}{how}.")
        else:
            said = f", and {seat_words(m.seat)} called it" if m.called else ""
            lines.append(f"The {m.title} was on for {seat_words(m.seat)} ({team_words(ruleset.team_of(m.seat))}) "
                         f"from trick {m.trick}{said}.")
    for f in review.failed:
        words = _failed_words(ruleset, f.title, f.card, f.by, f.balls, card_words, seat_words, seat_words(f.seat),
                              _contract_of(f), suit_words)
        lines.append(f"Trick {f.trick}: {words}.")
    for n in review.not_weighed:
        said = contract_said(n.verb, n.arg, n.dealer, card_words, suit_words, _whose(seat_words(n.seat)))
        lines.append(f"Trick {n.trick}: {said} was not weighed: the deal is too large to solve from there "
                     f"in the time a review takes (more than {CONTRACT_NODES:,} positions).")
    for c in review.costs:
        lines.append(f"Trick {c.trick}: {_whose(seat_words(c.seat))} {card_words(c.card)} cost "
                     f"{_card_lost(ruleset, c.cost, c.measure)} against the {card_words(c.best)}.")
    if not lines:
        lines.append("Nothing was makeable beyond what was played, and no card cost its side anything"
                     + (f" from trick {review.from_trick} on." if review.from_trick > 1 else "."))
    if review.from_trick > 1:  # (a long deal weighed in its last tricks: its earlier cards' costs are not told)
        lines.append(f"{weighed_tricks(review)}; {earlier}.")
    return ["Seeing every hand (double dummy):"] + [f"  {line}" for line in lines]


def weighed_tricks(review: DealReview) -> str:
    """The tricks whose cards were weighed: "Tricks 6-8 weighed", "Trick 8 weighed", "Every trick weighed", "No
    trick weighed (the deal ended in trick 1)" (weighed from trick 4 on)."""
    first, last = review.from_trick, review.played or review.tricks
    if first <= 1:
        return "Every trick weighed"
    if first > last:
        return f"No trick weighed (the deal ended in trick {last})"
    return f"Trick {last} weighed" if first == last else f"Tricks {first}-{last} weighed"


__all__ = ["CALLS_SHOWN", "CONTRACT", "SCORE", "SHOWN", "CardCost", "DealReview", "Decision", "Failed", "Makeable",
           "card_objective", "costliest", "dealt_again", "decision_words", "review_deal", "review_game", "review_words",
           "weighed_tricks"]
