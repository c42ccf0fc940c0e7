"""Bidding (the step ``bidding``): turn-based bids of what a seat's side will take (tricks, or card points).

By default (Nigerian Thuni) an auction: each bid higher than the last, a pass final, until all but the highest
bidder have passed; the highest bidder makes trumps. The ruleset may give a bid step (304's tens), bids of 0,
one turn each (``turns: once each``), every bid its bidder's own contract (``contract: each player``, Oh Hell:
no pass, any bid), who may bid what (``allowed_if``, ``forbidden_if``: the hook), and a later bidding
(``bidding.again``, 304's second bidding on eight cards), whose new highest bidder may take over trumps.

The one statement of which bids a seat may make is :func:`refusal`: the offered bids (``Bidding.legal``) and
the reason a bid is refused (``Bidding.verify``) both read it."""

from __future__ import annotations

try:
    import cython
except ImportError:  # Cython is optional: without it the types below are not read (see thunee_dsl._accel)
    from thunee_dsl._accel import cython_shadow as cython

from thunee_dsl.game.slots import OWN, VALUE, DealSlots
from thunee_dsl.game.actions import PASS, Action
from thunee_dsl.game.redeal import Redeal
from thunee_dsl.game.trumps import MakeTrumps
from thunee_dsl.game.windows import Refusal, Turn, await_turn
from thunee_dsl.model.quantities import BidEnv
from thunee_dsl.model.ruleset import BidTurns, Contract
from thunee_dsl.model.words import bid_words

# The deal's state this rule owns (the bids); only this module writes it (game/slots.py). ``passed`` and
# ``spoken`` are of the bidding under way (a later bidding starts them afresh); ``bid_rules`` its rules.
STATE = {"bids": OWN, "passed": OWN, "spoken": OWN, "high_bid": VALUE, "high_bidder": VALUE, "bid_rules": VALUE,
         "bids_refused": VALUE, "asked": VALUE, "bidding_for": VALUE}


@cython.locals(deal=DealSlots)
def begin(deal) -> None:
    """This rule's part of a new deal's state (see STATE)."""
    deal.bids = {}  # each seat's highest bid (with contract "each player": its one bid)
    deal.passed = set()
    deal.spoken = set()
    deal.high_bid = 0
    deal.high_bidder = None
    deal.bid_rules = deal.r.bidding
    deal.bids_refused = frozenset()  # which conditions ("allowed_if", "forbidden_if") kept a bidder from a bid
    deal.asked = frozenset()  # the seats that asked their partner to bid for the team (bidding.partner_bid)
    deal.bidding_for = None  # the seat whose turn its partner is taking, asked


class Bidding(Turn):
    """The decision ``seat`` must take: bid, or pass where passing is allowed (``passes``: not where every bid
    is its bidder's contract, nor for the last player when the others all passed and must bid)."""

    __slots__ = ("seat", "passes")
    name = "bid"
    asks = "bid or pass"

    def verbs(ruleset) -> tuple[str, ...]:
        if ruleset.bidding is None:
            return ()
        return ("bid", "partner") if ruleset.bidding.partner_bid else ("bid",)

    def __init__(self, seat: int, passes: bool = True):
        self.seat = seat
        self.passes = passes  # a pass is a bid of its own here (Passing.verify reads it)

    @cython.locals(deal=DealSlots)
    def start(deal) -> None:
        """The first bidding: its first bidder's turn."""
        Bidding.begin_round(deal, deal.r.bidding)

    @cython.locals(deal=DealSlots)
    def begin_round(deal, rule) -> None:
        """A bidding under ``rule`` starts: nobody has spoken in it yet; its first bidder is asked."""
        deal.bid_rules = rule
        deal.passed = set()
        deal.spoken = set()
        first = rule.first_bidder.resolve(deal.r.seats, dealer=deal.dealer, trump_maker=deal.trump_maker)
        await_turn(deal, Bidding.turn(deal, first))

    @cython.locals(deal=DealSlots)
    def turn(deal, seat: int) -> "Bidding":
        """``seat``'s turn to bid, with or without a pass."""
        return Bidding(seat, deal.bid_rules.contract is Contract.HIGHEST_BID and forced_bid(deal, seat) is None)

    @cython.locals(deal=DealSlots)
    def legal(self, deal) -> tuple:
        rule = deal.bid_rules
        seat = self.seat
        if rule.contract is Contract.HIGHEST_BID:
            forced = forced_bid(deal, seat)
            if forced is not None:
                return (Action(seat, "bid", forced),)  # everyone else passed: this seat must bid the lowest
            weighed = rule.bids_over(None if deal.high_bidder is None else deal.high_bid)
        else:
            weighed = rule.amounts
        if rule.allowed_if is None and rule.forbidden_if is None:
            bids = [Action(seat, "bid", n) for n in weighed]  # (every bid on the ladder: nothing to weigh)
        else:
            bids = [Action(seat, "bid", n) for n in weighed if refusal(deal, seat, n, False) is None]
        if rule.partner_bid and why_no_partner(deal, seat) is None:
            bids.append(Action(seat, "partner"))
        if self.passes:
            bids.append(deal.t.pass_action[seat])
        return tuple(bids)

    # (untyped: Cython 3.3 cannot compile a typed argument read in a generator expression here)
    def take(self, deal, action) -> None:
        seat = action.seat
        rule = deal.bid_rules
        if rule.allowed_if is not None or rule.forbidden_if is not None:
            refused = deal.bids_refused | _refusing(deal, seat)
            if refused != deal.bids_refused:
                deal.bids_refused = refused  # (the simulation's rule coverage: the hook fired)
        deal.spoken.add(seat)
        if action.verb == "partner":  # the partner bids (or passes) in this turn, for the team
            deal.asked = deal.asked | {seat}
            deal.bidding_for = seat
            await_turn(deal, Bidding.turn(deal, partner_of(deal, seat)))
            return
        asker = deal.bidding_for  # (a partner bidding in the turn of the player who asked)
        if asker is not None:
            deal.bidding_for = None
        if action.verb == PASS:
            # a partner's pass for the asker is the asker's: the partner keeps its own turn
            deal.passed.add(seat if asker is None else asker)
        else:
            deal.bids[seat] = action.arg
            if rule.contract is Contract.HIGHEST_BID:
                deal.high_bid, deal.high_bidder = action.arg, seat
        await_turn(deal, None)
        nxt = next_bidder(deal, seat if asker is None else asker)  # (it goes on from the player who asked)
        if nxt is None:
            Bidding.close(deal)
        else:
            await_turn(deal, Bidding.turn(deal, nxt))

    @cython.locals(deal=DealSlots)
    def close(deal) -> None:
        """The bidding is over. Nobody bid at all: the cards are thrown in (``all_pass: redeal``). In a later
        bidding whose rules say so, a new highest bidder makes trumps in place of the trump maker (whose
        trump card goes back to the hand), as a later calling's caller does."""
        rule = deal.bid_rules
        if rule.contract is Contract.HIGHEST_BID and deal.high_bidder is None:
            Redeal.throw_in(deal, None)
            return
        if rule.takes_over and deal.trump_maker is not None and deal.high_bidder != deal.trump_maker:
            MakeTrumps.forget_trumps(deal)
            MakeTrumps.set_trump_maker(deal, None)
            await_turn(deal, MakeTrumps(deal.high_bidder, deal.r.trumps.ways))
            return
        deal.advance()

    @cython.locals(deal=DealSlots)
    def verify(deal, action) -> Refusal | None:
        """Why the bid ``action`` makes is not allowed now, or None."""
        turn = deal.pending
        if type(turn) is not Bidding or deal.window is not None:
            return Refusal("there is no bidding now")
        if action.seat != turn.seat:
            return Refusal(f"it is seat {turn.seat}'s turn")
        if action.verb == "partner":
            if action.arg is not None:
                return Refusal(f"'partner' is said alone, without '{action.arg}'")
            why = why_no_partner(deal, turn.seat)
            return None if why is None else Refusal(why)
        why = refusal(deal, turn.seat, action.arg)
        return None if why is None else Refusal(why)

    @cython.locals(deal=DealSlots)
    def why_no_pass(self, deal) -> str:
        """Why this seat may not pass (``passes`` is false): said by Passing.verify."""
        forced = forced_bid(deal, self.seat)
        if forced is not None:
            return f"everyone else passed: seat {self.seat} must bid {forced}"
        return f"every player bids once, and a bid of {deal.bid_rules.lowest} is the least: seat {self.seat} must bid"


class BiddingAgain:
    """A later ``bidding`` step of the sequence (304's second bidding, on eight cards), under ``bidding.again``'s
    rules: it goes on from the highest bid so far (a bid must be higher), and if everyone passes that bid
    stands; where ``takes_over`` says so, a new highest bidder makes trumps in place of the trump maker."""

    @cython.locals(deal=DealSlots)
    def start(deal) -> None:
        Bidding.begin_round(deal, deal.r.bidding.again)


@cython.locals(deal=DealSlots)
def refusal(deal, seat: int, bid, say: bool = True) -> str | None:
    """Why ``seat`` may not bid ``bid`` in the bidding under way, or None: the one statement of who may bid
    what (on the ladder, higher than the highest bid where only the highest counts, the last player's forced
    bid, then the ruleset's ``allowed_if`` and ``forbidden_if``). ``say``: False when only whether matters (a
    refusal by the conditions is then only the condition's key)."""
    rule = deal.bid_rules
    if type(bid) is not int:
        return f"a bid is a number of {bid_words(deal.r) or 'tricks or points'}: say how many"
    if not rule.lowest <= bid <= rule.highest or (bid - rule.lowest) % rule.step:
        steps = f" in steps of {rule.step}" if rule.step > 1 else ""
        return f"a bid is {rule.lowest} to {rule.highest}{_unit(deal)}{steps}"
    if rule.contract is Contract.HIGHEST_BID:
        forced = forced_bid(deal, seat)
        if forced is not None:
            return None if bid == forced else f"everyone else passed: seat {seat} must bid {forced}"
        if deal.high_bidder is not None and bid <= deal.high_bid:
            return f"a bid must be higher than the highest so far ({deal.high_bid}{_unit(deal)}, seat {deal.high_bidder})"
    if rule.allowed_if is None and rule.forbidden_if is None:
        return None
    why = _by_the_conditions(deal, rule, seat, bid, say)
    if why is None or rule.contract is not Contract.EACH_PLAYER:
        return why
    for n in rule.amounts:  # (a loop: the compiled build reads a typed deal in no generator expression)
        if _by_the_conditions(deal, rule, seat, n, False) is None:
            return why
    return None  # the conditions leave this player no bid, and every player must bid: any bid will do


@cython.locals(deal=DealSlots)
def _unit(deal) -> str:
    """What the bids count, after a number (" card points"), or "" where the ruleset says no unit."""
    counts = bid_words(deal.r)
    return f" {counts}" if counts else ""


@cython.locals(deal=DealSlots)
def _by_the_conditions(deal, rule, seat: int, bid: int, say: bool) -> str | None:
    """Why ``allowed_if`` or ``forbidden_if`` refuses ``seat`` the bid ``bid`` (unless ``say``, which of them), or
    None."""
    allowed, forbidden = rule.allowed_if, rule.forbidden_if
    t = deal.t
    dealers = t.team_of[deal.dealer]
    env = BidEnv(deal, deal.balls, seat, bid, dealers, t.other_team[dealers])
    if allowed is not None and not allowed.evaluate(env):
        if not say:
            return "allowed_if"
        return f"seat {seat} may not bid {bid}: only when {allowed.text} (here {allowed.explain(env)})"
    if forbidden is not None and forbidden.evaluate(env):
        if not say:
            return "forbidden_if"
        return f"seat {seat} may not bid {bid}: not when {forbidden.text} (here {forbidden.explain(env)})"
    return None


@cython.locals(deal=DealSlots)
def _refusing(deal, seat: int) -> frozenset:
    """The conditions that keep ``seat``, about to bid, from a bid it could otherwise make now."""
    rule = deal.bid_rules
    if rule.contract is Contract.HIGHEST_BID:
        if forced_bid(deal, seat) is not None:
            return frozenset()
        weighed = rule.bids_over(None if deal.high_bidder is None else deal.high_bid)
    else:
        weighed = rule.amounts
    found = set()
    for n in weighed:
        key = _by_the_conditions(deal, rule, seat, n, False)
        if key:
            found.add(key)
    return frozenset(found)


@cython.locals(deal=DealSlots)
def partner_of(deal, seat: int) -> int:
    """The partner of ``seat`` (two players a team: bidding.partner_bid)."""
    return (seat + deal.r.teams) % deal.r.seats


@cython.locals(deal=DealSlots)
def why_no_partner(deal, seat: int) -> str | None:
    """Why ``seat`` may not ask its partner to bid now, or None: only in the first bidding's auction, in a turn of
    its own before it has spoken, once a team, and while the partner has not passed (the one statement, read by
    the offered actions and by the refusal)."""
    rule = deal.bid_rules
    if not rule.partner_bid:
        return "a player asks the partner to bid only in the first bidding"
    if deal.bidding_for is not None:
        return f"seat {seat} is bidding for seat {deal.bidding_for}: a bid or a pass, nothing else"
    if forced_bid(deal, seat) is not None:
        return f"everyone else passed: seat {seat} must bid {forced_bid(deal, seat)}"
    partner = partner_of(deal, seat)
    if seat in deal.spoken:
        return f"seat {seat} has already spoken: only a player who has not bid or passed may ask the partner"
    if seat in deal.asked or partner in deal.asked:
        return f"seat {seat} may not ask: the team has asked once already"
    if partner in deal.passed:
        return f"seat {partner} has passed, and cannot bid for the team"
    return None


@cython.locals(deal=DealSlots)
def forced_bid(deal, seat: int) -> int | None:
    """The bid ``seat`` must make, if any: in the first bidding, where the ruleset says so, the last player
    after all the others passed without a bid must bid the lowest (``all_pass: dealer bids lowest``)."""
    rule = deal.bid_rules
    if deal.high_bidder is None and rule is deal.r.bidding and rule.dealer_bids_if_all_pass \
            and len(deal.passed) == deal.r.seats - 1 and seat not in deal.passed:
        return rule.lowest
    return None


@cython.locals(deal=DealSlots)
def next_bidder(deal, seat: int) -> int | None:
    """Who bids after ``seat``, or None when the bidding is over: with one turn each, the next who has not
    spoken; in an auction, the next who has not passed, until all but the highest bidder have passed (or all
    have, with no bid)."""
    t, rule = deal.t, deal.bid_rules
    after = t.seats_from[(seat + 1) % t.seats]
    if rule.turns is BidTurns.ONCE_EACH:
        spoken = deal.spoken
        return next((s for s in after if s not in spoken), None)
    passed, high = deal.passed, deal.high_bidder
    if high is None:
        if len(passed) == t.seats:
            return None  # everyone passed without a bid
    elif all(s in passed for s in after if s != high):
        return None  # all but the highest bidder have passed (in a later bidding, that bidder may have too)
    return next(s for s in after if s not in passed)
