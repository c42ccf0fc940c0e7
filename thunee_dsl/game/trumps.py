"""Making trumps (the step ``make trumps``): by a card from hand placed face down, by naming a suit, or
with the last card still to be dealt; the chooser may claim a redeal instead (see
:mod:`~thunee_dsl.game.redeal`)."""

from __future__ import annotations

try:
    import cython
except ImportError:  # Cython is optional: without it the types below are not read (see thunee_dsl._accel)
    from thunee_dsl._accel import cython_shadow as cython

from thunee_dsl.game.slots import VALUE, DealSlots
from thunee_dsl.game.play import ASK, Play, cut_trick, verify_closed
from thunee_dsl.game.redeal import Redeal
from thunee_dsl.game.actions import PASS, Action
from thunee_dsl.game.windows import Refusal, Turn, await_turn
from thunee_dsl.model.ruleset import AllPass, Revealed, TrumpWay

# The deal's state this rule owns (trumps and who made them); only this module writes it (game/slots.py)
STATE = {
    "trump": VALUE, "trump_card": VALUE, "trump_way": VALUE, "trump_revealed": VALUE,
    "trump_maker": VALUE, "makers": VALUE, "counting": VALUE,  # the trump maker, its team, the other team
    "trump_shown_by": VALUE,  # how a closed trump was shown: "asked", "cut", "after a trick" (None: not yet)
    "trump_shown_at": VALUE,  # the trick it was shown in (asked) or at the end of (cut, after a trick)
    # ordering up (trumps.rounds): the round (1, 2; 0 none yet), the passes said in it, the dealer's discard
    "trump_round": VALUE, "round_passes": VALUE, "discarded": VALUE,
}


@cython.locals(deal=DealSlots)
def begin(deal) -> None:
    """This rule's part of a new deal's state (see STATE)."""
    deal.trump = deal.trump_card = deal.trump_way = deal.trump_maker = None
    deal.makers = deal.counting = None
    deal.trump_revealed = False
    deal.trump_round = deal.round_passes = 0
    deal.discarded = None
    deal.trump_shown_by = deal.trump_shown_at = None


class AskTrumps:
    """Asking for a closed trump to be shown (``ask``, trumps.revealed: on demand): said by the seat to play
    that cannot follow suit, in its turn to play; trumps are shown, then it plays (Play.take)."""

    __slots__ = ()
    name = "ask"
    bare = True  # said alone

    def verbs(ruleset) -> tuple[str, ...]:
        rules = ruleset.trumps
        return (ASK,) if rules is not None and rules.revealed is Revealed.ON_DEMAND else ()

    def window_for(ruleset) -> None:
        return None  # said in a seat's turn to play

    @cython.locals(deal=DealSlots)
    def verify(deal, action) -> Refusal | None:
        """Why ``action`` may not ask for trumps now, or None (the closed turn's one statement: play.verify_closed)."""
        return verify_closed(deal, action)


class MakeTrumps(Turn):
    """The decision ``seat`` must take: make trumps, in one of ``ways``."""

    __slots__ = ("seat", "ways", "passes", "not_suit")
    name = "trump"
    asks = "make trumps"

    def verbs(ruleset) -> tuple[str, ...]:
        return ("trump",)

    def __init__(self, seat: int, ways: tuple[str, ...], passes: bool = False, not_suit: int | None = None):
        self.seat = seat
        self.ways = ways
        self.passes = passes  # a round of naming a suit (trumps.rounds): a pass is an answer of its own
        self.not_suit = not_suit  # the suit turned down in the round before (the turn-up's)

    @cython.locals(deal=DealSlots)
    def start(deal) -> None:
        """The step: the final caller makes trumps if there was a call (when calling comes first), the
        highest bidder after bidding, else the chooser."""
        if deal.undertaking is not None:
            return  # an undertaking called during calling decides trumps itself
        trumps = deal.r.trumps
        if TrumpWay.TURN_UP in trumps.ways:
            return  # the turn-up's suit, made as it was turned (see turned_up)
        if trumps.rounds:
            OrderUp.next_turn(deal)  # in rounds, from the chooser
            return
        if deal.last_caller is not None:
            await_turn(deal, MakeTrumps(deal.last_caller, trumps.caller_ways))
        elif deal.high_bidder is not None:
            await_turn(deal, MakeTrumps(deal.high_bidder, trumps.ways))
        else:
            await_turn(deal, MakeTrumps(deal.chooser, trumps.ways))

    @cython.locals(deal=DealSlots)
    def legal(self, deal) -> tuple:
        seat, ways, t = self.seat, self.ways, deal.t
        out = []
        if TrumpWay.SUIT in ways:
            out += t.trump_by_suit[seat] if self.not_suit is None else \
                [a for i, a in enumerate(t.trump_by_suit[seat]) if i != self.not_suit]
        if TrumpWay.CARD in ways:
            out += t.trump_actions_of[seat](deal.hands[seat])
        if TrumpWay.LAST_CARD in ways:
            out.append(t.trump_last[seat])
        if Redeal.chooser_may_redeal(deal, seat):
            out.append(t.say[seat]["redeal"])
        if self.passes:
            out.append(t.pass_action[seat])
        return tuple(out)

    @cython.locals(deal=DealSlots)
    def verify(deal, action) -> Refusal | None:
        """Why the trump ``action`` makes is not allowed now, or None."""
        seat, arg, r = action.seat, action.arg, deal.r
        if arg is None:
            return Refusal("trumps are made with a suit, a card or the last card: say which")
        by_card = arg != "last" and arg not in r.deck.suits
        if by_card:
            card = Play.card_held(deal, action)
            if type(card) is Refusal:
                return card
            text = Play.face_down(deal, seat, card)
            if text:
                return Refusal(text)
        turn = deal.pending
        if type(turn) is not MakeTrumps:
            return Refusal("trumps are not being made now")
        if seat != turn.seat:
            return Refusal(f"it is seat {turn.seat}'s turn")
        if arg == "last":
            return None if TrumpWay.LAST_CARD in turn.ways else \
                Refusal(f"seat {seat} must make trumps with a card from hand, not the last card")
        if not by_card:
            if turn.not_suit is not None and arg == r.deck.suits[turn.not_suit]:
                return Refusal(f"{arg} was turned down in the first round (the turn-up's suit): name another suit or pass")
            return None if TrumpWay.SUIT in turn.ways else Refusal(f"seat {seat} must make trumps with a card, not by naming a suit")
        return None if TrumpWay.CARD in turn.ways else Refusal(f"seat {seat} must make trumps by naming the suit")

    @cython.locals(deal=DealSlots)
    def take(self, deal, action) -> None:
        if action.verb == "redeal":
            Redeal.throw_in(deal, action.seat)
            return
        if action.verb == PASS:  # (a round of naming a suit: trumps.rounds)
            OrderUp.passed(deal)
            return
        MakeTrumps.make(deal, action)
        MakeTrumps.made(deal)

    @cython.locals(deal=DealSlots)
    def made(deal) -> None:
        """Trumps are made (named, or the turn-up ordered up and the dealer's discard laid aside): the maker
        may go alone now (the window's close goes on), else the deal goes on."""
        if deal.t.offered_on_trumps and deal.undertaking is None:
            deal.offer_on_trumps_made()
            return
        deal.advance()

    def why_no_pass(self, deal) -> str:
        """Why this seat may not pass: said by Passing.verify."""
        if deal.trump_round:
            return f"everyone else passed: the dealer (seat {self.seat}) must name trumps"
        return "there is nothing to pass on now: trumps are being made"

    @cython.locals(deal=DealSlots)
    def make(deal, action) -> None:
        seat, arg = action.seat, action.arg
        MakeTrumps.set_trump_maker(deal, seat)
        t = deal.t
        if arg == "last":
            # the last card dealt to this seat will be the trump card (see DealBatch)
            deal.trump_way = TrumpWay.LAST_CARD
            deal.trump = deal.trump_card = None
        elif arg in t.suit_index:
            deal.trump_way = TrumpWay.SUIT  # announced by name
            deal.trump_card = None
            deal.trump = t.suit_index[arg]
        else:
            card = t.card_of.get(arg)
            if card is None:
                card = deal.r.deck.card(arg)
            deal.trump_way = TrumpWay.CARD
            deal.trump_card = card
            deal.trump = deal.r.deck.suit_of[card]
        if deal.undertaking is not None or deal.r.trumps.revealed is Revealed.AT_ONCE:
            deal.trump_revealed = True  # (an undertaking's caller names trumps aloud)
        await_turn(deal, None)

    # -- what other rules change of trumps, through these ------------------------------------------
    @cython.locals(deal=DealSlots)
    def ordered(deal, seat: int) -> None:
        """``seat`` orders up the turn-up's suit (trumps.rounds' first round): its team makes trumps, shown
        to all (the turn-up is face up)."""
        MakeTrumps.set_trump_maker(deal, seat)
        deal.trump_way = TrumpWay.ORDER_UP
        deal.trump_card = None
        deal.trump = deal.r.deck.suit_of[deal.turn_up]
        deal.trump_revealed = True

    @cython.locals(deal=DealSlots)
    def round_is(deal, number: int, passes: int) -> None:
        deal.trump_round, deal.round_passes = number, passes

    @cython.locals(deal=DealSlots)
    def discards(deal, card: int) -> None:
        deal.discarded = card

    @cython.locals(deal=DealSlots)
    def set_trump_maker(deal, seat: int | None) -> None:
        """The trump maker, and with it ``makers`` (its team) and ``counting`` (the other team, of two)."""
        deal.trump_maker = seat
        if seat is None:
            deal.makers = deal.counting = None
        else:
            makers = deal.makers = deal.team_of[seat]
            deal.counting = deal.t.other_team[makers]  # (None with more than two sides)

    @cython.locals(deal=DealSlots)
    def forget_trumps(deal, way=None) -> None:
        """No trump suit (yet): a trump card made goes back, or an undertaking decides trumps its ``way``."""
        deal.trump = deal.trump_card = None
        deal.trump_way = way

    @cython.locals(deal=DealSlots)
    def trump_card_is(deal, card: int) -> None:
        """``card`` is the trump card: the last card dealt to the trump maker (TrumpWay.LAST_CARD), or the
        first card led (TrumpWay.FIRST_LEAD)."""
        deal.trump_card = card
        deal.trump = deal.t.suit_of[card]

    @cython.locals(deal=DealSlots)
    def turned_up(deal, card: int) -> None:
        """The card turned up after the deal makes trumps (TrumpWay.TURN_UP): nobody chooses; the chooser
        stands as the trump maker (its team the makers: what formulas read), and all see the suit."""
        MakeTrumps.set_trump_maker(deal, deal.chooser)
        deal.trump_way = TrumpWay.TURN_UP
        deal.trump_card = None  # (the turn-up is the deal's own: dealing's turn_up, in no one's hand as a trump card)
        deal.trump = deal.r.deck.suit_of[card]
        deal.trump_revealed = True

    @cython.locals(deal=DealSlots)
    def at_first_lead(deal, card: int) -> None:
        """The first card of the deal is led: trumps by the first lead are made by it (a deal the
        cancellation rule throws in then ends), and trumps shown at the first lead are shown."""
        if deal.trump_way is TrumpWay.FIRST_LEAD:
            MakeTrumps.trump_card_is(deal, card)
            deal.check_cancellation()
            if deal.over:
                return
        if deal.r.trumps is None or deal.r.trumps.revealed is Revealed.FIRST_LEAD:
            deal.trump_revealed = True

    @cython.locals(deal=DealSlots)
    def lead_taken_back(deal) -> None:
        """The first lead is taken back (a late undertaking): trumps shown at the first lead are hidden
        again, and trumps made by the first lead are unmade."""
        if deal.r.trumps is None or deal.r.trumps.revealed is Revealed.FIRST_LEAD:
            deal.trump_revealed = False  # shown again at the next first lead
        if deal.trump_way is TrumpWay.FIRST_LEAD:
            deal.trump = deal.trump_card = None

    # -- the closed trump (revealed: on demand) ----------------------------------------------------
    @cython.locals(deal=DealSlots)
    def show_closed(deal, how: str = "asked") -> None:
        """The closed trump is shown (asked for, cut, or after the tricks ``revealed_if`` says): everyone
        knows trumps, and the trump maker takes the trump card back into hand (it stayed in the hand's
        mask, played only face down or last until now: see play.held_while_closed). ``how``: "asked", "cut" or
        "after a trick" (revealed_if), for the simulation's rule coverage."""
        deal.trump_revealed = True
        deal.trump_shown_by = how
        deal.trump_shown_at = len(deal.tricks) + (1 if how == "asked" else 0)  # (asked: in the trick under way)

    @cython.locals(deal=DealSlots)
    def closed_trick_over(deal, trick) -> None:
        """A trick ends while trumps are closed: a trump that cut it (face down or not) shows trumps, and
        so does ``trumps.revealed_if`` holding after it."""
        rules = deal.r.trumps
        if rules is None or rules.revealed is not Revealed.ON_DEMAND or deal.trump is None:
            return
        if cut_trick(deal, trick):
            MakeTrumps.show_closed(deal, "cut")
        elif rules.revealed_if is not None and rules.revealed_if.evaluate(deal.env()):
            MakeTrumps.show_closed(deal, "after a trick")

class OrderUp(Turn):
    """The decision ``seat`` must take in the first round of making trumps (trumps.rounds): ``order`` the
    turn-up's suit as trumps, or pass. Where everyone passes: a second round naming another suit (a
    MakeTrumps that takes a pass), then the cards are thrown in or the dealer must name (trumps.all_pass)."""

    __slots__ = ("seat", "passes")
    name = "order"
    asks = "order up the turn-up or pass"
    bare = True

    def verbs(ruleset) -> tuple[str, ...]:
        return ("order",) if ruleset.trumps is not None and ruleset.trumps.rounds else ()

    def __init__(self, seat: int, passes: bool = True):
        self.seat = seat
        self.passes = passes  # (Passing.verify reads it: false for a dealer who must)

    @cython.locals(deal=DealSlots)
    def next_turn(deal) -> None:
        """The next seat's turn in this round (from the chooser, once each); the next round when all have
        passed; the cards thrown in when every round is passed (trumps.all_pass: throw in)."""
        r, t = deal.r, deal.t
        rounds = r.trumps.rounds
        number, passes = deal.trump_round, deal.round_passes
        if number == 0 or passes == t.seats:
            number, passes = number + 1, 0
            if number > len(rounds):
                MakeTrumps.round_is(deal, number - 1, t.seats)
                Redeal.throw_in(deal, None)  # nobody made trumps: no score, the cards dealt again
                return
            MakeTrumps.round_is(deal, number, 0)
        seat = t.seats_from[deal.chooser][passes]
        # stick the dealer: the last seat of the last round may not pass
        passes_allowed = not (r.trumps.all_pass is AllPass.DEALER_MUST and number == len(rounds)
                              and passes == t.seats - 1)
        if rounds[number - 1].verb == "order":
            await_turn(deal, OrderUp(seat, passes_allowed))
        else:
            await_turn(deal, MakeTrumps(seat, (TrumpWay.SUIT,), passes_allowed, deal.t.suit_of[deal.turn_up]))

    @cython.locals(deal=DealSlots)
    def passed(deal) -> None:
        """The seat to act passed in this round."""
        MakeTrumps.round_is(deal, deal.trump_round, deal.round_passes + 1)
        await_turn(deal, None)
        OrderUp.next_turn(deal)

    @cython.locals(deal=DealSlots)
    def legal(self, deal) -> tuple:
        t = deal.t
        return (t.say[self.seat]["order"], t.pass_action[self.seat]) if self.passes else (t.say[self.seat]["order"],)

    @cython.locals(deal=DealSlots)
    def verify(deal, action) -> Refusal | None:
        """Why ``action`` (order) is not allowed now, or None."""
        turn = deal.pending
        if type(turn) is not OrderUp or deal.window is not None:
            return Refusal("the turn-up is not offered now" + (": trumps are made" if deal.trump is not None else ""))
        if action.seat != turn.seat:
            return Refusal(f"it is seat {turn.seat}'s turn")
        return None

    def why_no_pass(self, deal) -> str:
        return f"everyone else passed: the dealer (seat {self.seat}) must order up the turn-up"

    @cython.locals(deal=DealSlots)
    def take(self, deal, action) -> None:
        if action.verb == PASS:
            OrderUp.passed(deal)
            return
        seat = action.seat
        MakeTrumps.ordered(deal, seat)
        rnd = deal.r.trumps.rounds[deal.trump_round - 1]
        await_turn(deal, None)
        if rnd.dealer_takes_turn_up:
            # the dealer picks the turn-up into the hand and lays one card aside face down
            from thunee_dsl.game.dealing import DealBatch  # (which makes trumps through this module)
            Play.pick_up(deal, deal.dealer, deal.turn_up)
            DealBatch.picked_up(deal, deal.dealer, deal.turn_up)
            await_turn(deal, Discard(deal.dealer))
            return
        MakeTrumps.made(deal)


class Discard(Turn):
    """The dealer's decision once the turn-up is ordered and picked up: ``discard CARD``, a card of the hand
    laid aside face down (seen by the dealer alone)."""

    __slots__ = ("seat",)
    name = "discard"
    asks = "discard a card"

    def verbs(ruleset) -> tuple[str, ...]:
        t = ruleset.trumps
        return ("discard",) if t is not None and any(r.dealer_discards for r in t.rounds) else ()

    def __init__(self, seat: int):
        self.seat = seat

    @cython.locals(deal=DealSlots)
    def legal(self, deal) -> tuple:
        seat, t = self.seat, deal.t
        return tuple(Action(seat, "discard", name) for name in t.names_of(deal.hands[seat]))

    @cython.locals(deal=DealSlots)
    def verify(deal, action) -> Refusal | None:
        """Why the discard ``action`` is not allowed now, or None: the dealer's, after picking up, a card held."""
        if action.arg is None:
            return Refusal("a discard names the card laid aside: discard CARD")
        turn = deal.pending
        if type(turn) is not Discard:
            return Refusal("only the dealer discards, once the turn-up is ordered and picked up")
        if action.seat != turn.seat:
            return Refusal(f"the dealer (seat {turn.seat}) discards, not seat {action.seat}")
        card = Play.card_held(deal, action)
        return card if type(card) is Refusal else None

    @cython.locals(deal=DealSlots)
    def take(self, deal, action) -> None:
        from thunee_dsl.game.dealing import DealBatch  # (which makes trumps through this module)
        card = Play.card_held(deal, action)
        Play.discard(deal, action.seat, card)
        DealBatch.laid_aside(deal, action.seat, card)
        MakeTrumps.discards(deal, card)
        await_turn(deal, None)
        MakeTrumps.made(deal)
