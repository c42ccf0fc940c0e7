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
from thunee_dsl.game.windows import Refusal, Turn, await_turn
from thunee_dsl.model.ruleset import Revealed, TrumpWay

# The deal's state this rule owns (trumps and who made them); only this module writes it (game/slots.py)
STATE = {
    "trump": VALUE, "trump_card": VALUE, "trump_way": VALUE, "trump_revealed": VALUE,
    "trump_maker": VALUE, "makers": VALUE, "counting": VALUE,  # the trump maker, its team, the other team
    "trump_shown_by": VALUE,  # how a closed trump was shown: "asked", "cut", "after a trick" (None: not yet)
}


@cython.locals(deal=DealSlots)
def begin(deal) -> None:
    """This rule's part of a new deal's state (see STATE)."""
    deal.trump = deal.trump_card = deal.trump_way = deal.trump_maker = None
    deal.makers = deal.counting = None
    deal.trump_revealed = False
    deal.trump_shown_by = None


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

    __slots__ = ("seat", "ways")
    name = "trump"
    asks = "make trumps"

    def verbs(ruleset) -> tuple[str, ...]:
        return ("trump",)

    def __init__(self, seat: int, ways: tuple[str, ...]):
        self.seat = seat
        self.ways = ways

    @cython.locals(deal=DealSlots)
    def start(deal) -> None:
        """The step: the final caller makes trumps if there was a call (when calling comes first), the
        highest bidder after bidding, else the chooser."""
        if deal.undertaking is not None:
            return  # an undertaking called during calling decides trumps itself
        trumps = deal.r.trumps
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
            out += t.trump_by_suit[seat]
        if TrumpWay.CARD in ways:
            out += t.trump_actions_of[seat](deal.hands[seat])
        if TrumpWay.LAST_CARD in ways:
            out.append(t.trump_last[seat])
        if Redeal.chooser_may_redeal(deal, seat):
            out.append(t.say[seat]["redeal"])
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
            return None if TrumpWay.SUIT in turn.ways else Refusal(f"seat {seat} must make trumps with a card, not by naming a suit")
        return None if TrumpWay.CARD in turn.ways else Refusal(f"seat {seat} must make trumps by naming the suit")

    @cython.locals(deal=DealSlots)
    def take(self, deal, action) -> None:
        if action.verb == "redeal":
            Redeal.throw_in(deal, action.seat)
            return
        MakeTrumps.make(deal, action)
        deal.advance()

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
    def set_trump_maker(deal, seat: int | None) -> None:
        """The trump maker, and with it ``makers`` (its team) and ``counting`` (the other team, of two)."""
        deal.trump_maker = seat
        if seat is None:
            deal.makers = deal.counting = None
        else:
            makers = deal.makers = deal.team_of[seat]
            deal.counting = 1 - makers if deal.t.teams == 2 else None

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
