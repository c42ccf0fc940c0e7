"""The play (the step ``play``): leading, following suit, the undercut rule, winning a trick, open face
play's row and the tricks of a deal in several play steps.

:class:`Play` is the decision of the seat to play a card. Its legal cards are one rule,
:meth:`Play.legal_cards`, which also says why a card is refused (:meth:`Play.verify`) and what a card
played tells the other seats about the hand it came from (:meth:`Play.cannot_hold`). The common case,
the next seat following suit, is worked out inside :meth:`Play.play_card` with two integer operations.
"""

from __future__ import annotations

from operator import or_

try:
    import cython
except ImportError:  # Cython is optional: without it the types below are not read (see thunee_dsl._accel)
    from thunee_dsl._accel import cython_shadow as cython

from thunee_dsl.game.actions import DOWN, Action
from thunee_dsl.game.slots import OWN, VALUE, DealSlots
from thunee_dsl.game.declarations import Declarations
from thunee_dsl.game.windows import Refusal, Turn, await_turn, await_turn_with, end_deal, waiting_for
from thunee_dsl.model.ruleset import Caught, Revealed, TrumpWay, UndertakingLeader, VoidWhileClosed

# The deal's state this rule owns (the cards in hand, the trick, the tricks won; open face play's rows);
# only this module writes it (game/slots.py)
STATE = {
    "hands": (OWN, "list"),  # each seat's cards it may play (face-up row cards turned up join them)
    "trick": (OWN, "list"),  # the trick being played: (seat, card) in the order played
    "tricks": (OWN, "list"),  # the tricks played: (leader, the trick, the winner)
    "team_cards": OWN, "team_tricks": OWN, "seat_tricks": OWN,  # points of the cards won, tricks won
    "team_tricks_step": OWN,  # tricks won in the current play step (Jodies count these)
    "leader": VALUE, "best": VALUE, "winning": VALUE, "last_trick_winner": VALUE,
    "play_end": VALUE,  # the number of tricks played when the current play step ends
    # in a trick: for each card the cards that beat it (the trick's trump), the cards of the suit led,
    # whether the next seat's legal cards are simply the led suit it holds; the legal cards of the seat to play
    "_row": VALUE, "_led": VALUE, "_plain": VALUE, "_mask": VALUE,
    # open face play: each seat's face-down row (in the order of its positions), which face-up card covers which face-down one, each seat's face-up and face-down
    # cards, its face-up cards when the last finished trick began, the cards laid on its row, the cards turned
    "row": OWN, "covers": OWN, "face_up": OWN, "face_down": OWN, "shown": OWN, "laid": OWN, "turned": OWN,
    # a closed trump (trumps.revealed: on demand): the cards played face down this deal (a cut), as a mask
    "played_down": VALUE,
}


@cython.locals(deal=DealSlots)
def begin(deal) -> None:
    """This rule's part of a new deal's state (see STATE)."""
    t = deal.t
    n = t.seats
    deal.hands = [0] * n
    deal.trick = []
    deal.tricks = []
    deal.team_cards = [0] * t.teams
    deal.team_tricks = [0] * t.teams
    deal.team_tricks_step = [0] * t.teams
    deal.seat_tricks = [0] * n
    deal.leader = deal.winning = deal.last_trick_winner = None
    deal.best = -1
    deal.play_end = 0
    deal._mask = 0  # the legal cards, while the deal's legal actions hold the card plays they give
    deal._row = ()
    deal._led = 0
    deal._plain = False
    if t.face_down:
        deal.row = [()] * n
        deal.laid = [()] * n
        deal.turned = []  # (tricks played, seat, card) of each card turned up
        deal.face_up = [0] * n
        deal.face_down = [0] * n  # cards nobody sees yet, not even their owner (not in the hand)
        deal.shown = [0] * n
    else:  # no open face play: these never change, and are shared (read-only) tuples
        deal.row = deal.laid = t.no_rows
        deal.turned = ()
        deal.face_up = deal.face_down = deal.shown = t.no_cards
    deal.covers = {}
    deal.played_down = 0

OUT_OF_TURN, REVOKE = "out of turn", "revoke"  # the penalised offences a card can commit
_FIRST_LEAD, _FOLLOW, _UNDERCUT, _CUT = 1, 2, 3, 4  # the clauses of the legal-card rule (which one refused a card)
ASK = "ask"  # asking for a closed trump to be shown (a card played face down is actions.DOWN)


# The play's hot functions (a card played, the next seat's turn, its legal cards, a trick's end) are module
# functions, named in the class body too (``Play.play_card`` ...): compiled, play.pxd declares them cpdef, so
# they call each other (and the deal's apply path calls them) as C functions, their arguments C integers.


def await_play(deal, seat: int, asked: int = 0) -> None:
    """``seat`` plays next, after the windows asked before a card at this trick (``deal.before_card``:
    claims before the last trick ...) from the ``asked``-th on; its legal moves are worked out now."""
    t = deal.t
    hooks = deal.before_card[len(deal.tricks)]
    if hooks:
        for hook in hooks[asked:] if asked else hooks:
            if hook(deal, seat):
                return  # a window is open for the seat first
    if not deal.trump_revealed and closed(deal):
        await_turn_with(deal, t.pending_play[seat], closed_turn(deal, seat))
        return
    if deal.trick or deal.unseen or (t.first_lead_not_trump and not deal.tricks):
        mask = deal._mask = legal_cards(deal, seat)
    else:
        mask = deal._mask = deal.hands[seat]  # a lead: the whole hand (what legal_cards says here)
    await_turn_with(deal, t.pending_play[seat], t.follow[seat].get(mask) or t.actions_of[seat](mask))


def legal_cards(deal, seat: int, why: int = -1):
    """The cards ``seat`` may play now, as a mask. With ``why`` a card: the Refusal of that card by
    this rule (None if it is allowed), instead."""
    hand = deal.hands[seat]
    if deal.unseen:
        hand &= ~deal.unseen
    trick = deal.trick
    t = deal.t
    shut = not deal.trump_revealed and closed(deal)
    if shut:
        hand = held_while_closed(deal, seat, hand)
    allowed, clause = hand, None
    if not trick:
        if t.first_lead_not_trump and not deal.tricks and deal.trump is not None \
                and not (shut and seat != deal.trump_maker):  # (a closed trump: only its maker knows it)
            others = hand & ~t.trump_masks[deal.trump]
            if others:  # no trump lead to the first trick, unless nothing else is held
                allowed, clause = others, _FIRST_LEAD
    elif t.follow_suit:
        follow = hand & deal._led  # (the suit led as this deal's trump makes it: a borrowed card is a trump)
        if follow:
            if why < 0:
                return follow  # (the common case, at once)
            allowed, clause = follow, _FOLLOW
        elif shut and deal.r.play.void_while_closed is VoidWhileClosed.FACE_DOWN:
            allowed, clause = 0, _CUT  # it plays face down (down_cards), or asks for trumps first
        else:
            trump = deal.trump
            if t.undercut_only_with_all_trumps and trump is not None:
                trumps = t.trump_masks[trump]  # (a borrowed card is one of them)
                if not (trumps >> trick[0][1]) & 1 and hand & ~trumps and (trumps >> deal.best) & 1:
                    # a player who still holds a non-trump may not play a trump lower than the one winning
                    allowed, clause = (hand & ~trumps) | (hand & deal.beats[trump][deal.best]), _UNDERCUT
    if why < 0:
        return allowed
    if (allowed >> why) & 1:
        return None
    if shut and not (hand >> why) & 1:  # (a closed trump: the trump maker's card lies face down, not in hand)
        return Refusal(f"{deal.r.deck.names[why]} is the closed trump card: seat {seat} plays it only face down, "
                       "to cut, or as its last card, until trumps are shown")
    if clause == _FOLLOW:
        return Refusal(f"seat {seat} must follow suit ({deal.r.deck.suits[Play.suit_led(deal)]})")
    if clause == _UNDERCUT:
        return Refusal(f"seat {seat} may not undercut: a lower trump is only allowed with nothing but trumps in hand")
    if clause == _CUT:
        return Refusal(f"seat {seat} cannot follow suit while trumps are closed: it plays a card face down "
                       f"('{seat} play {deal.r.deck.names[why]} down') or asks for trumps to be shown ('{seat} ask')")
    return Refusal(f"seat {seat} may not lead a trump to the first trick while it holds another suit")


# -- the closed trump (trumps.revealed: on demand; play.void_while_closed) -------------------------------
def closed(deal) -> bool:
    """Whether trumps are made and closed now: known to the trump maker alone until asked for or cut."""
    rules = deal.r.trumps
    return rules is not None and rules.revealed is Revealed.ON_DEMAND and not deal.trump_revealed \
        and deal.trump is not None


def held_while_closed(deal, seat: int, hand: int) -> int:
    """The cards of ``hand`` that ``seat`` holds as its hand while trumps are closed: not the trump maker's
    trump card, which lies face down on the table (played only to cut, or as the last card)."""
    card = deal.trump_card
    if seat != deal.trump_maker or deal.trump_way is not TrumpWay.CARD or card is None:
        return hand
    rest = hand & deal.t.unbit[card]
    return rest if rest else hand


def cannot_follow_closed(deal, seat: int) -> bool:
    """Whether ``seat``, to play to a trick while trumps are closed, holds none of the suit led."""
    return bool(deal.trick) and not held_while_closed(deal, seat, deal.hands[seat]) & deal._led


def down_cards(deal, seat: int) -> int:
    """The cards ``seat`` may play face down now (a cut): any card it holds, the trump card lying face down
    too, when it cannot follow suit while trumps are closed and the ruleset plays face down; else none."""
    if deal.r.play.void_while_closed is not VoidWhileClosed.FACE_DOWN or not closed(deal) \
            or not cannot_follow_closed(deal, seat):
        return 0
    return deal.hands[seat] & ~deal.unseen


def may_ask(deal, seat: int) -> bool:
    """Whether ``seat`` may ask for the closed trump to be shown: it cannot follow suit, and does not know
    trumps (the trump maker does)."""
    return seat != deal.trump_maker and closed(deal) and cannot_follow_closed(deal, seat)


def closed_turn(deal, seat: int) -> tuple:
    """The actions of ``seat``, to play while trumps are closed: its legal cards face up, its cards face down
    (a cut), and asking for trumps."""
    t = deal.t
    mask = deal._mask = legal_cards(deal, seat)
    out = t.follow[seat].get(mask) or t.actions_of[seat](mask)
    down = down_cards(deal, seat)
    if down:
        out = tuple(out) + tuple(Action(seat, DOWN, name) for name in t.names_of(down))
    if may_ask(deal, seat):
        out = tuple(out) + (t.say[seat][ASK],)
    return out


def verify_closed(deal, action) -> Refusal | None:
    """Why ``action`` (a card played face down, or asking for trumps) is not allowed now, or None: the seat
    to play, who cannot follow suit while trumps are closed."""
    seat, verb = action.seat, action.verb
    if verb == DOWN:
        card = Play.card_held(deal, action)
        text = card if type(card) is Refusal else Play.face_down(deal, seat, card)
        if text:
            return Refusal(text)
    turn = deal.pending
    if deal.window is not None or type(turn) is not Play:
        return Refusal(f"no card may be played now: {waiting_for(deal)}")
    if seat != turn.seat:
        return Refusal(f"it is seat {turn.seat}'s turn", OUT_OF_TURN if verb == DOWN else None)
    if not closed(deal):
        return Refusal("trumps are shown: every card is played face up" if deal.trump_revealed
                       else "no trumps are made: nothing is closed")
    if not deal.trick:
        return Refusal(f"seat {seat} leads: a lead is played face up" if verb == DOWN
                       else f"seat {seat} leads: only a player who cannot follow suit may ask for trumps")
    if not cannot_follow_closed(deal, seat):
        return Refusal(f"seat {seat} can follow suit ({deal.r.deck.suits[Play.suit_led(deal)]}): "
                       + ("it plays face up" if verb == DOWN else "only a player who cannot may ask for trumps"),
                       REVOKE if verb == DOWN else None)
    if verb == DOWN:
        if deal.r.play.void_while_closed is not VoidWhileClosed.FACE_DOWN:
            return Refusal("this ruleset plays every card face up (play.void_while_closed: face up)")
        return None
    if seat == deal.trump_maker:
        return Refusal(f"seat {seat} made trumps: it knows them, and cannot ask for them")
    return None


def play_down(deal, seat: int, card: int) -> None:
    """``seat`` plays ``card`` face down (a cut): seen by its player and the trump maker; at the end of the
    trick a trump among the face-down cards is turned up and shows trumps."""
    deal.played_down |= deal.t.bit[card]
    play_card(deal, seat, card)


def play_on_shown(deal, seat: int) -> None:
    """Trumps were shown at ``seat``'s asking: it plays now, its cards worked out again (trumps are open)."""
    await_turn(deal, None)
    await_play(deal, seat, len(deal.before_card[len(deal.tricks)]))


def cut_trick(deal, trick) -> bool:
    """Whether ``trick`` (finished while trumps were closed) was cut by a trump: a trump played face down,
    or a trump played to a lead of another suit."""
    t, trump = deal.t, deal.trump
    trumps = t.trump_masks[trump]
    if deal.played_down & trumps and any((deal.played_down >> c) & 1 and (trumps >> c) & 1 for _, c in trick):
        return True
    return not (trumps >> trick[0][1]) & 1 and any((trumps >> c) & 1 for _, c in trick)


@cython.locals(k=cython.Py_ssize_t, nxt=cython.Py_ssize_t)
def play_card(deal, seat: int, card: int) -> None:
    t = deal.t
    hands = deal.hands
    hands[seat] &= t.unbit[card]
    if deal.declaring_team is not None:
        Declarations.no_more_after_trick(deal)  # a card is played: the trick's winners have not declared
    trick = deal.trick
    trick.append(t.seat_card[seat][card])
    k = len(trick)
    u = deal.undertaking
    if k == 1:
        await_turn(deal, None)
        if not deal.tricks:  # the first lead of the deal: it may make trumps, or show them
            deal.trumps_at_first_lead(card)
            if deal.over:
                return  # thrown in by the cancellation rule
        deal.best, deal.winning = card, seat
        # what the rest of the trick is judged by: the cards that beat a card, the led suit
        trump = deal.trump
        row = t.no_trump if trump is None else trump
        deal._row = deal.beats[row]
        deal._led = t.led_masks[row][card]
        # in this trick the next seat just follows suit when it can (plain_trick, and no face-down
        # cards, no closed trump): the same all trick long
        deal._plain = deal.plain_at[len(deal.tricks)] and not deal.unseen and deal.trump_revealed
        if not deal.tricks and u is None and t.late_offered[deal.batches_dealt] and deal.open_late_undertakings(seat):
            return  # a seat may still call an undertaking late: the lead may be taken back
    elif u is not None and len(deal.tricks) < u.leads_win and trick[0][0] == deal.undertaker:
        pass  # the caller's lead wins these tricks whatever is played to it (Trips)
    elif (deal._row[deal.best] >> card) & 1:
        deal.best, deal.winning = card, seat
    if u is not None and u.caught is Caught.WHEN_BEATEN and deal.winning != deal.undertaker:
        deal.caught(deal.winning)
        return
    if k < t.seats:
        nxt = t.next_seat[seat]
        if not deal._plain:
            await_turn(deal, None)
            await_play(deal, nxt)
            return
        # the next seat follows suit if it can (what legal_cards says, in its most common case)
        mask = hands[nxt] & deal._led
        if mask:
            deal._mask = mask
        else:
            mask = deal._mask = legal_cards(deal, nxt)
        await_turn_with(deal, t.pending_play[nxt], t.follow[nxt].get(mask) or t.actions_of[nxt](mask))
        return
    await_turn(deal, None)
    finish_trick(deal)


@cython.locals(winner=cython.Py_ssize_t, team=cython.Py_ssize_t, played=cython.Py_ssize_t)
def finish_trick(deal) -> None:
    t = deal.t
    winner = deal.winning
    team = t.team_of[winner]
    trick = deal.trick
    tricks = deal.tricks
    tricks.append((trick[0][0], tuple(trick), winner))
    trump = deal.trump  # (the points of a card may depend on the trump suit: deck.trumps)
    deal.team_cards[team] += sum(map(t.points_by_trump[t.no_trump if trump is None else trump], trick))
    deal.team_tricks[team] += 1
    deal.team_tricks_step[team] += 1
    deal.seat_tricks[winner] += 1
    if not deal.trump_revealed:
        deal.closed_trick_over(trick)  # a trump cut, or trumps shown after this trick (a closed trump)
    if deal.unseen and deal.seat_tricks[deal.undertaker] >= deal.undertaking.blind_until_tricks:
        deal.blind_cards_picked_up()  # the blind caller picks up the face-down cards
    deal.trick = []
    deal.leader = winner
    played = len(tricks)
    if deal.covers:  # the cards under the cards just played are turned up at the end of the trick
        deal.shown = deal.face_up[:]
        covers = deal.covers
        for s, c in trick:
            under = covers.pop(c, None)
            if under is not None:
                Play.turn_up(deal, s, under)
    elif played == t.lay_out_after and not (deal.undertaking is not None and t.lay_out_unless_undertaking):
        Play.lay_out(deal)
    if played == deal.n_tricks:
        deal.last_trick_winner = winner
    step_over = played == deal.play_end
    u = deal.undertaking
    if u is not None and winner != deal.undertaker and (u.caught is not Caught.ON_THE_LAST_TRICK or step_over):
        deal.caught(winner)
        return
    if played == deal.n_tricks or (u is not None and step_over):
        end_deal(deal)  # an undertaking is decided in the play it was called for (the rest is not dealt)
        return
    if step_over:
        deal.advance()  # the next steps of the sequence: more cards, more tricks
        return
    deal.open_declarations(winner)
    if deal.window is None:
        await_play(deal, winner)


class Play(Turn):
    """The decision ``seat`` must take: play a card (one shared object per seat, see RulesetTables)."""

    __slots__ = ("seat",)
    name = "play"

    def verbs(ruleset) -> tuple[str, ...]:
        """``play``; and ``down`` (a card played face down, written ``play CARD down``) where a player who
        cannot follow plays face down while trumps are closed (asking for trumps: trumps.AskTrumps)."""
        if ruleset.trumps is None or ruleset.trumps.revealed is not Revealed.ON_DEMAND \
                or ruleset.play.void_while_closed is not VoidWhileClosed.FACE_DOWN:
            return ("play",)
        return ("play", DOWN)

    def __init__(self, seat: int):
        self.seat = seat

    # -- the step ---------------------------------------------------------------------------------
    @cython.locals(deal=DealSlots)
    def start(deal) -> None:
        """A play step: tricks until the hands are empty (a deal may have several, e.g. two halves)."""
        deal.team_tricks_step = [0] * deal.t.teams
        if not deal.tricks:
            u = deal.undertaking
            if u is not None and u.leader is UndertakingLeader.CALLER:
                deal.leader = deal.undertaker
            else:
                deal.leader = deal.usual_leader()
            deal.check_cancellation()
            if deal.over:
                return
        # otherwise the winner of the last trick leads on
        deal.play_end = len(deal.tricks) + deal.hands[deal.leader].bit_count()
        await_play(deal, deal.leader)

    await_play = await_play

    def plain_trick(ruleset, before_card: tuple) -> bool:
        """Whether in a trick with these windows asked before a card the seat after a card simply follows
        suit when it can, unless it holds face-down cards (no window asked before its card): worked
        out once per ruleset and number of tricks played, for Play.play_card."""
        return ruleset.play.follow_suit and not before_card

    @cython.locals(deal=DealSlots)
    def legal(self, deal) -> tuple:
        seat, t = self.seat, deal.t
        if not deal.trump_revealed and closed(deal):
            return closed_turn(deal, seat)
        mask = deal._mask = legal_cards(deal, seat)
        return t.follow[seat].get(mask) or t.actions_of[seat](mask)

    # -- the rule ---------------------------------------------------------------------------------
    legal_cards = legal_cards

    @cython.locals(deal=DealSlots)
    def verify(deal, action) -> Refusal | None:
        """Why the card ``action`` plays is not allowed now, or None. ``offence``: out of turn (a card
        held, played by another seat than the one to play), or a revoke (an illegal card while holding
        the suit led)."""
        if action.verb != "play":
            return verify_closed(deal, action)  # a card face down (a closed trump)
        seat = action.seat
        card = Play.card_held(deal, action)
        if type(card) is Refusal:
            return card
        text = Play.face_down(deal, seat, card)
        turn = deal.pending
        if deal.window is not None or type(turn) is not Play:
            return Refusal(text or f"no card may be played now: {waiting_for(deal)}")
        if seat != turn.seat:
            return Refusal(text or f"it is seat {turn.seat}'s turn", OUT_OF_TURN)
        refusal = text or Play.legal_cards(deal, seat, card)
        if refusal is None:
            return None
        trick, t = deal.trick, deal.t
        return Refusal(refusal, REVOKE if trick and deal.hands[seat] & deal._led else None)

    @cython.locals(deal=DealSlots)
    def card_held(deal, action) -> int | Refusal:
        """The card ``action`` names, if its seat holds it; else why not."""
        r = deal.r
        card = deal.card_of.get(action.arg)
        if card is None:
            try:
                card = r.deck.card(action.arg)
            except ValueError as err:
                return Refusal(str(err))
        if not (deal.hands[action.seat] >> card) & 1:
            return Refusal(f"seat {action.seat} does not hold {r.deck.names[card]}")
        return card

    @cython.locals(deal=DealSlots)
    def face_down(deal, seat: int, card: int) -> str | None:
        """Why ``seat`` may not use ``card``, held face down (a blind undertaking), or None."""
        if (deal.unseen >> card) & 1:
            return (f"{deal.r.deck.names[card]} is still face down: seat {seat} may not look at it until it "
                    f"has won {deal.undertaking.blind_until_tricks} tricks")
        return None

    def cannot_hold(t, trump: int | None, led: int, best: int, card: int, first_trick: bool,
                    beats_row: tuple) -> int:
        """The cards a seat cannot have held when it played ``card`` to a trick led with ``led`` and won
        so far by ``best`` (``first_trick``: the deal's first; ``card == led`` for the lead itself): the
        legal-card rule read backwards, for the players' inferences."""
        out = 0
        row = t.no_trump if trump is None else trump
        suit_of = t.suits_by_trump[row]  # (the suits as this trump makes them: a borrowed card is a trump)
        trump_mask = t.trump_masks[row]
        others = ((1 << t.size) - 1) & ~trump_mask
        if card == led:
            if first_trick and t.first_lead_not_trump and (trump_mask >> card) & 1:
                out |= others  # led a trump where only a hand of trumps may
            return out
        if t.follow_suit and suit_of[card] != suit_of[led]:
            out |= t.led_masks[row][led]
            if t.undercut_only_with_all_trumps and trump_mask and suit_of[led] != trump \
                    and (trump_mask >> card) & 1 and (trump_mask >> best) & 1 and not (beats_row[best] >> card) & 1:
                out |= others  # undercut: allowed only with nothing but trumps
        return out

    @cython.locals(deal=DealSlots)
    def suit_led(deal) -> int:
        """The suit of the current trick's lead, as the deal's trump makes it (a borrowed card led is a trump)."""
        t, trump = deal.t, deal.trump
        return t.suits_by_trump[t.no_trump if trump is None else trump][deal.trick[0][1]]

    @cython.locals(deal=DealSlots)
    def judge_again(deal) -> None:
        """The cards have changed under the trick (a sampled world of the hidden cards): the legal cards are
        worked out again, and what the rest of the trick is judged by (the row of the trick's trump, the
        suit led) from the trick as it stands."""
        deal._mask = 0
        if deal.trick:
            card = deal.trick[0][1]
            row = deal.t.no_trump if deal.trump is None else deal.trump
            deal._row = deal.beats[row]
            deal._led = deal.t.led_masks[row][card]

    # -- the cards in hand --------------------------------------------------------------------------
    @cython.locals(deal=DealSlots)
    def receive(deal, masks) -> None:
        """Each seat takes up the cards of ``masks`` (a batch dealt: one mask a seat)."""
        hands = deal.hands
        hands[:] = map(or_, hands, masks)

    @cython.locals(deal=DealSlots)
    def hold_again(deal, hands) -> None:
        """Each seat holds ``hands`` instead (a position dealt other hidden cards: see replay.redeal)."""
        deal.hands[:] = hands

    @cython.locals(deal=DealSlots)
    def take_back_lead(deal) -> None:
        """The first card led goes back to its leader's hand (a late undertaking stands); trumps made or
        shown by that lead are unmade or hidden again."""
        (seat, card), = deal.trick
        deal.hands[seat] |= deal.t.bit[card]
        deal.trick = []
        deal.best, deal.winning = -1, None
        deal.lead_taken_back()

    # -- playing a card ---------------------------------------------------------------------------
    play_card = play_card
    finish_trick = finish_trick

    @cython.locals(deal=DealSlots)
    def take(self, deal, action) -> None:
        verb = action.verb
        if verb == "play":
            play_card(deal, self.seat, deal.card_of[action.arg])
        elif verb == DOWN:
            play_down(deal, self.seat, deal.card_of[action.arg])
        else:  # asking for trumps: shown, then the seat plays
            deal.show_closed_trump()
            play_on_shown(deal, self.seat)



    # -- open face play ---------------------------------------------------------------------------
    @cython.locals(deal=DealSlots)
    def lay_out(deal) -> None:
        """Each seat lays the cards left in its hand face up on its face-down row, the first card received
        on the first row position and so on; row cards left uncovered are turned face up. From here on
        every card a seat may play is face up, and the deal goes on until the row is played out too."""
        bit = deal.t.bit
        covers = deal.covers
        for seat, row in enumerate(deal.row):
            hand = deal.hands[seat]
            held = [c for c in deal.order[seat] if hand & bit[c]]
            for top, under in zip(held, row):
                covers[top] = under
            deal.laid[seat] = tuple(held[:len(row)])
            for c in row[len(held):]:
                Play.turn_up(deal, seat, c)
            deal.face_up[seat] |= deal.hands[seat]
        leader = deal.leader
        deal.play_end = len(deal.tricks) + deal.hands[leader].bit_count() + deal.face_down[leader].bit_count()

    @cython.locals(deal=DealSlots)
    def lay_down(deal, seat: int, cards: tuple) -> None:
        """``cards`` are dealt face down as a row in front of ``seat``: not into its hand."""
        bit = deal.t.bit
        deal.row[seat] = deal.row[seat] + cards
        for c in cards:
            deal.face_down[seat] |= bit[c]

    @cython.locals(deal=DealSlots)
    def turn_up(deal, seat: int, card: int) -> None:
        """A face-down row card is turned face up: it joins the seat's playable cards, seen by all."""
        b = deal.t.bit[card]
        deal.turned.append((len(deal.tricks), seat, card))
        deal.face_down[seat] &= ~b
        deal.hands[seat] |= b
        deal.face_up[seat] |= b
