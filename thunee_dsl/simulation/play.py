"""Playing one seeded game and writing down what happened, deal by deal.

A game is played under several rulesets with the same seeds (see :func:`play_game`): the first dealer is
seat ``index % seats``, the game's random source is re-seeded from ``(seed, index, deal)`` before each deal
(so the shuffle and cut of a deal are the same under every ruleset with the same deck), and the bots of each
deal are made afresh with seeds from ``(seed, index, deal, seat)``.

What is kept of a game is small and picklable (:class:`GameRecord`, :class:`DealRow`): worker processes send
it back; the statistics are worked out from it in :mod:`thunee_dsl.simulation.analysis`.
"""

from __future__ import annotations

import hashlib
from typing import NamedTuple, Sequence

from thunee_dsl.errors import ThuneeDslError
from thunee_dsl.game import GameState
from thunee_dsl.game.play import duties_narrowed
from thunee_dsl.model.ruleset import Ruleset
from thunee_dsl.players import BOTS, DEFAULT_BOT, decide, make_bot
from thunee_dsl.players.mistakes import Mistakes

FALLBACK_BOT = "random"


def default_bot() -> str:
    """The bot simulations use unless told otherwise (``typical``)."""
    return DEFAULT_BOT if DEFAULT_BOT in BOTS else FALLBACK_BOT


def bot_names() -> list[str]:
    return sorted(BOTS)


class DealRow(NamedTuple):
    """One deal of a simulated game (seats and teams are numbers; names are the ruleset's keys)."""

    dealer: int
    balls: tuple[int, ...]
    cancelled: bool  # thrown in: by the cancellation rule or a redeal
    redeal: bool
    trump_maker: int | None
    trump_ways: tuple[str, ...]  # each time trumps were made: "card", "last card" or "suit"
    calls: tuple[int, ...]  # every call, in order (the last is the deal's call)
    last_caller: int | None
    simultaneous: int  # calls that went up two rungs at once
    bids: tuple[int, ...]
    high_bidder: int | None
    undertaking: str | None  # name
    undertaker: int | None
    declarations: tuple[tuple[str, int], ...]  # (name, seat)
    claim: str | None  # name
    claimer: int | None
    offence: str | None
    conceded: int | None  # the team that conceded
    applied: tuple[str, ...]  # the scoring rules that decided the balls (DealResult.applied)
    score_after: tuple[int, ...]
    deuce: bool  # the scores went back to zero after this deal
    raised: bool  # the target was raised by this deal
    corner_house: bool  # a team stands on corner house after this deal
    next_dealer: int
    opening: "Opening | None" = None  # how the deal began, up to its last announcement (focused replays)
    borrowed_won: bool = False  # a card borrowed into trumps (deck.trumps: a left bower) won a trick
    # the bidding's conditions that kept a bidder from a bid ("allowed_if", "forbidden_if": the hook), and
    # whether a later bidding's highest bidder took trumps over
    bids_refused: frozenset = frozenset()
    trumps_taken_over: bool = False
    ended: str = ""  # how this deal ended the game, when it did not by a target: "deals", "tie" or "stones"
    game_value: int = -1  # a game of a rubber won in this deal: the row of game.game_value that gave its value
    rubber_full: bool = False  # the rubber ended with this deal, in its last possible game (best_of played)
    every_trick: bool = False  # the undertaker's team took every trick (an undertaking played out: a lone march)
    # a closed trump (trumps.revealed: on demand): how it was shown ("asked", "cut", "after a trick"; "" not), and
    # whether a card was played face down (play.void_while_closed)
    closed_shown: str = ""
    played_down: bool = False
    duties: frozenset = frozenset()  # the play.obligations (places in the list) that narrowed a player's cards


class Opening(NamedTuple):
    """What it takes to set a deal up again at any announcement made in it (:mod:`~thunee_dsl.simulation.
    focus`): the cards each seat received, in order, and every action up to the deal's last announcement
    (passes included), as text. Kept only for deals with an announcement (a call, bid, undertaking,
    declaration or claim)."""

    score_before: tuple[int, ...]
    raised: bool  # the target had been raised before this deal
    after_deuce: bool
    hands: tuple[tuple[str, ...], ...]
    actions: tuple[str, ...]
    undealt: tuple[str, ...] = ()  # the cards left after the deal, in order (the first may be the turn-up)


class GameRecord(NamedTuple):
    index: int
    first_dealer: int
    winner: int | None  # None: a tie (``tied``), or stopped at max_deals
    score: tuple[int, ...]
    deals: tuple[DealRow, ...]
    tied: tuple[int, ...] = ()  # the teams level at the top after the last deal of a game of a number of deals

    @property
    def finished(self) -> bool:
        """The game came to its end: won, or tied."""
        return self.winner is not None or bool(self.tied)


def derive_seed(*parts) -> int:
    """A 64-bit seed from the parts (stable across processes and machines)."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def resolve_bots(bots, rulesets: Sequence[Ruleset]) -> list[tuple[str, ...]]:
    """One bot name per seat for each ruleset; ValueError for an unknown name or a wrong-length list."""
    if bots is None or (bots == DEFAULT_BOT and DEFAULT_BOT not in BOTS):
        bots = default_bot()
    if isinstance(bots, str):
        names = [bots]
        per_ruleset = [(bots,) * r.seats for r in rulesets]
    else:
        names = list(bots)
        if not names or not all(isinstance(n, str) for n in names):
            raise ValueError("bots: give a bot name, or one bot name per seat")
        for r in rulesets:
            if len(names) != r.seats:
                raise ValueError(f"bots: {len(names)} names given, but {r.name} has {r.seats} seats")
        per_ruleset = [tuple(names) for _ in rulesets]
    for name in names:
        if name not in BOTS:
            raise ValueError(f"unknown bot '{name}' (known: {', '.join(bot_names())})")
    return per_ruleset


class _Names:
    """Verb -> name tables of a ruleset, made once per ruleset."""

    def __init__(self, r: Ruleset):
        self.undertakings = {u.verb: u.name for u in r.undertakings}
        self.declarations = {d.verb: d.name for d in r.declarations}
        self.claims = {c.verb: c.name for c in r.claims}
        self.suits = frozenset(r.deck.suits)
        self.calling = r.calling
        again = r.bidding.again if r.bidding is not None else None
        self.bidding_again = again is not None and again.takes_over  # (trumps made twice: taken over)


_NAMES: dict[int, tuple[Ruleset, _Names]] = {}


def _names(r: Ruleset) -> _Names:
    hit = _NAMES.get(id(r))
    if hit is None or hit[0] is not r:
        hit = _NAMES[id(r)] = (r, _Names(r))
    return hit[1]


def play_game(ruleset: Ruleset, index: int, seed: int, bots: Sequence[str], max_deals: int = 500,
              keep_state: bool = False, mistakes: float = 0.0):
    """Play game ``index`` of a seeded simulation under ``ruleset``; a :class:`GameRecord`
    (and the finished :class:`GameState` too, with ``keep_state``). ``mistakes``: the chance, at each
    decision, that some seat commits an offence (:class:`~thunee_dsl.players.mistakes.Mistakes`)."""
    r = ruleset
    first_dealer = index % r.seats
    game = GameState(r, seed=derive_seed(seed, index, "game"), dealer=first_dealer, auto_deal=False)
    rows: list[DealRow] = []
    names = _names(r)
    for k in range(max_deals):
        if game.is_over:
            break
        game.rng.seed(derive_seed(seed, index, k, "deal"))
        players = [make_bot(bots[s], r, seed=derive_seed(seed, index, k, s, "bot")) for s in range(r.seats)]
        slips = Mistakes(mistakes, derive_seed(seed, index, k, "mistakes")) if mistakes else None
        raised_before, deuce_before, score_before = game.raised, game.after_deuce, tuple(game.score)
        game.start_deal()
        record = game.deals[-1]
        play_deal_out(game, players, slips, where=f"{r.name}: game {index}, deal {k}")
        row = _row(game, record, names, raised_before)
        if row.calls or row.bids or row.undertaking or row.declarations or row.claim:
            row = row._replace(opening=opening(record, names, score_before, raised_before, deuce_before))
        rows.append(row)
    record = GameRecord(index, first_dealer, game.winner, tuple(game.score), tuple(rows), game.tied)
    return (record, game) if keep_state else record


def play_deal_out(game: GameState, players, slips: Mistakes | None, where: str = "") -> None:
    """The deal under way played to its end by ``players`` (one bot a seat), with ``slips``' offences if any."""
    record = game.deals[-1]
    while record.result is None:
        seat = game.to_act
        if seat is None:  # pragma: no cover - an engine bug, not a user's mistake
            raise ThuneeDslError(f"{where or game.ruleset.name}: nobody to act and the deal is not over")
        offence = slips.offence(game) if slips is not None else None
        game.apply(offence if offence is not None else decide(players[seat], game))


#: The verbs that are never an announcement a focused replay starts from.
NOT_ANNOUNCEMENTS = frozenset({"play", "pass", "trump", "redeal"})


def opening(record, names: _Names, score_before, raised: bool, after_deuce: bool) -> Opening:
    actions = record.actions
    last = max((i for i, a in enumerate(actions) if a.verb not in NOT_ANNOUNCEMENTS), default=-1)
    return Opening(score_before, raised, after_deuce, record.hands, tuple(map(str, actions[:last + 1])),
                   record.undealt)


def without_openings(game: GameRecord) -> GameRecord:
    """The record without its deals' openings (once the focused replays are done: they triple its size)."""
    if not any(d.opening is not None for d in game.deals):
        return game
    return game._replace(deals=tuple(d if d.opening is None else d._replace(opening=None) for d in game.deals))


def deal_row(game: GameState, raised_before: bool = False) -> DealRow:
    """The :class:`DealRow` of the game's last deal (finished)."""
    return _row(game, game.deals[-1], _names(game.ruleset), raised_before)


def _row(game: GameState, record, names: _Names, raised_before: bool) -> DealRow:
    result = record.result
    calls: list[int] = []
    bids: list[int] = []
    ways: list[str] = []
    declarations: list[tuple[str, int]] = []
    last_caller = high_bidder = undertaker = claimer = None
    undertaking = claim = None
    redeal = False
    for a in record.actions:
        verb = a.verb
        if verb == "play" or verb == "pass":
            continue
        if verb == "call":
            calls.append(a.arg)
            last_caller = a.seat
        elif verb == "bid":
            bids.append(a.arg)
            high_bidder = a.seat
        elif verb == "trump":
            ways.append("last card" if a.arg == "last" else "suit" if a.arg in names.suits else "card")
        elif verb == "order":
            ways.append("order up")
        elif verb == "redeal":
            redeal = True
        elif verb in names.undertakings:
            undertaking, undertaker = names.undertakings[verb], a.seat
        elif verb in names.declarations:
            declarations.append((names.declarations[verb], a.seat))
        elif verb in names.claims:
            claim, claimer = names.claims[verb], a.seat
    deal = game.deal
    if not ways and deal is not None and deal.trump_way == "turn-up":
        ways.append("turn-up")  # made by the card turned up after the deal, nobody choosing
    if deal is not None and deal.trump_round:  # rounds of ordering up: all passed, or the dealer made to name
        if deal.trump is None:
            ways.append("all pass")
        elif deal.trump_round == len(deal.r.trumps.rounds) and deal.round_passes == deal.t.seats - 1 \
                and deal.r.trumps.all_pass == "dealer must":
            ways.append("dealer must")
    scored = getattr(result, "deal", None)
    for team, verb, _what, value, number in getattr(scored, "counted", ()):  # roem, honours: counted, not said
        if value:
            # (the trick's winner; for the hands as dealt, the team's first seat)
            seat = scored.tricks[number - 1][2] if number else scored.team_of.index(team)
            declarations.append((names.declarations[verb], seat))
    simultaneous = 0
    if names.calling is not None:
        previous = 0
        for amount in calls:
            nxt = names.calling.next_amounts(previous)
            if nxt and amount != nxt[0]:
                simultaneous += 1
            previous = amount
    score_after = tuple(record.score_after or game.score)
    return DealRow(
        dealer=record.dealer, balls=tuple(result.balls), cancelled=bool(result.cancelled), redeal=redeal,
        trump_maker=result.trump_maker, trump_ways=tuple(ways), calls=tuple(calls), last_caller=last_caller,
        simultaneous=simultaneous, bids=tuple(bids), high_bidder=high_bidder, undertaking=undertaking,
        undertaker=undertaker, declarations=tuple(declarations), claim=claim, claimer=claimer,
        offence=result.offence, conceded=result.conceded, applied=tuple(getattr(result, "applied", ())),
        score_after=score_after, deuce=bool(record.deuce), raised=game.raised and not raised_before,
        corner_house=game.corner_house in score_after, next_dealer=game.dealer, ended=_ended(game, record),
        game_value=record.game_won[3] if record.game_won is not None else -1,
        rubber_full=game.rubber_points is not None and record is game.deals[-1]
        and sum(game.games) == game.ruleset.game.rubber.best_of,
        borrowed_won=_borrowed_won(game.ruleset, result),
        every_trick=undertaker is not None and sum(n for s, n in enumerate(result.seat_tricks)
                                                   if game.ruleset.team_of(s) == game.ruleset.team_of(undertaker))
        == game.ruleset.tricks_per_deal,
        duties=duties_narrowed(result.deal) if result.deal is not None else frozenset(),
        bids_refused=getattr(getattr(result, "deal", None), "bids_refused", frozenset()),
        trumps_taken_over=names.bidding_again and len({a.seat for a in record.actions if a.verb == "trump"}) > 1,
        closed_shown=getattr(getattr(result, "deal", None), "trump_shown_by", None) or "",
        played_down=bool(getattr(getattr(result, "deal", None), "played_down", 0)),
    )


def _borrowed_won(r, result) -> bool:
    """Whether a card borrowed into the deal's trumps (deck.trumps: a left bower) won one of its tricks."""
    deal = result.deal
    if r.deck.trump_order is None or deal is None or deal.trump is None:
        return False
    borrowed = r.deck.borrowed_for[deal.trump]
    return any((borrowed >> c) & 1 for _, trick, winner in deal.tricks for seat, c in trick if seat == winner)


def _ended(game: GameState, record) -> str:
    """How the deal of ``record`` ended the game, when it was the last and no target decided it: "deals" (the
    totals after the last deal of a game of a number of deals), "tie" (level at the top then), "stones" (a side
    left with none)."""
    if not game.is_over or record is not game.deals[-1]:
        return ""
    g = game.ruleset.game
    if game.tied:
        return "tie"
    if g.transfer and 0 in game.score:
        return "stones"
    if g.deals is not None and game.deals_played >= g.deals and (g.target is None or max(game.score) < game.target):
        return "deals"
    return ""
