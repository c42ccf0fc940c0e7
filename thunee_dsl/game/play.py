"""The play (the step ``play``): leading, following suit, the undercut rule and the other duties of a player
following (``play.obligations``), winning a trick, open face play's row and the tricks of a deal in several play
steps.

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
from thunee_dsl.game.claims import asked_as_before as claims_asked_as_before, asked_so_far as claims_asked_so_far
from thunee_dsl.game.declarations import Declarations
from thunee_dsl.game.windows import Refusal, Turn, await_turn, await_turn_with, end_deal, reopen, waiting_for
from thunee_dsl.model.quantities import PlayEnv
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

# play.obligations: the card names a must_play is worked out from as a mask of cards at once (PlayEnv's masks)
_CARD_MASKS = {"card.is_trump": "trumps", "card.beats_trick": "beats", "card.follows": "led"}


def _mask_of(obligation):
    """``must_play`` as a function of a PlayEnv and the cards still allowed, giving the cards among them it
    names: mask operations where the formula is ``not``/``and``/``or`` over the card names above and parts
    that do not read the card (one evaluation each); otherwise the formula evaluated for each card."""
    must = obligation.must_play

    def leaf(part):
        field = _CARD_MASKS.get(part.name)
        if field is not None:
            return lambda e, allowed, _f=field: getattr(e, _f)
        if any(n.startswith("card.") for n in part.names):
            return None
        return lambda e, allowed, _p=part.evaluate: allowed if _p(e) else 0

    folded = must.fold(leaf, lambda f: lambda e, a: a & ~f(e, a),
                       lambda f, g: lambda e, a: f(e, a) & g(e, a), lambda f, g: lambda e, a: f(e, a) | g(e, a))
    if folded is not None:
        return lambda e, allowed: folded(e, allowed) & allowed
    evaluate = must.evaluate

    def each_card(e, allowed):
        named, rest = 0, allowed
        while rest:
            low = rest & -rest
            e.card = low.bit_length() - 1
            if evaluate(e):
                named |= low
            rest ^= low
        return named
    return each_card


def obligations_of(ruleset) -> tuple:
    """The ruleset's play.obligations as (obligation, when, the cards it names) for legal_cards; the undercut
    rule's short form is left out (legal_cards works it with masks of its own, ``undercut_only_with_all_trumps``)."""
    return tuple((o, o.when.evaluate, _mask_of(o)) for o in ruleset.play.obligations if o.short_form != "undercut")


def void_only(obligation) -> bool:
    """Whether the obligation asks something only of a player who holds no card of the suit led (its ``when``
    says ``not seat.holds_led`` among the conditions it joins with ``and``)."""
    return any(c.text.split() == ["not", "seat.holds_led"] for c in obligation.when.conditions())


# what an obligation's formulas may read that a card played shows of the hand it came from (the rest of the hand,
# the deal beyond the trick, are not known to the other seats)
_SHOWN = frozenset({"card.is_trump", "card.beats_trick", "card.follows", "led.is_trump",
                    "trick.partner_winning", "trick.has_trump", "trick.cards_played"})


def _obligations_read_back(t, row: int, led: int, best: int, card: int, beats_row: tuple, partner_winning: bool,
                           played: int) -> int:
    """The cards a seat cannot have held, by the obligations, when it played ``card`` (not the lead): an
    obligation that held and named cards but not this one shows the seat held none of them among the cards
    still allowed (a seat that did not overtrump holds no higher trump). The reading stops at an obligation
    whose formulas read what the card does not show of the hand (it may have narrowed the cards unseen)."""
    trumps, led_mask = t.trump_masks[row], t.led_masks[row][led]
    follows = (led_mask >> card) & 1
    if t.undercut_only_with_all_trumps and not follows and not (trumps >> led) & 1 and (trumps >> best) & 1:
        return 0  # the undercut rule may have narrowed the cards first, as the hand unseen made it
    shown = set(_SHOWN)
    if follows or t.follow_suit:
        shown.add("seat.holds_led")  # (following suit: a card of another suit shows none was held)
    shown.add("seat.holds_trump" if (trumps >> card) & 1 else "seat.holds_only_trumps")
    hand = (1 << card) | (led_mask if follows else 0)  # a hand the card shows as much of as is known
    env = PlayEnv(None, -1, hand, trumps, beats_row[best], led_mask, led, best, (), partner_winning, played)
    allowed = led_mask if follows and t.follow_suit else ((1 << t.size) - 1) & ~led_mask if t.follow_suit \
        else (1 << t.size) - 1
    out = 0
    for obligation, when, named_in in t.obligations:
        if not (obligation.when.names | obligation.must_play.names) <= shown:
            break
        if when(env):
            named = named_in(env, allowed)
            if (named >> card) & 1:
                allowed = named  # it narrowed the cards (the card played is one it names)
            else:
                out |= named  # none of them was held
    return out


def duties_narrowed(deal) -> frozenset:
    """The play.obligations (their places in the list written) that narrowed a player's cards in the tricks of
    this deal, worked again from them (each seat's hand at a trick: the cards it played from then on and those
    it still holds), for the simulations' rule coverage."""
    t = deal.t
    if not t.obligations or not deal.tricks:
        return frozenset()
    row = t.no_trump if deal.trump is None else deal.trump
    beats, trumps, points, team_of = deal.beats[row], t.trump_masks[row], deal.r.deck.points_for[row], t.team_of
    later, hands_at = list(deal.hands), []  # (a deal in progress: the cards still held, and on the table)
    for s, c in deal.trick:
        later[s] |= 1 << c
    for _, cards, _ in reversed(deal.tricks):
        for s, c in cards:
            later[s] |= 1 << c
        hands_at.append(tuple(later))
    hands_at.reverse()
    fired = set()
    for (_, cards, _), hands in zip(deal.tricks, hands_at):
        (winning, led), led_mask = cards[0], t.led_masks[row][cards[0][1]]
        best = led
        for k in range(1, len(cards)):
            s, c = cards[k]
            hand = hands[s]
            allowed = hand & led_mask if t.follow_suit and hand & led_mask else hand
            env = PlayEnv(deal, s, hand, trumps, beats[best], led_mask, led, best, points,
                          winning != s and team_of[winning] == team_of[s], k)
            for i, (_, when, named_in) in enumerate(t.obligations):
                if when(env):
                    named = named_in(env, allowed)
                    if named and named != allowed:
                        fired.add(i)
                        allowed = named
            if (beats[best] >> c) & 1:
                best, winning = c, s
    return frozenset(fired)


def _play_env(deal, seat: int, hand: int) -> PlayEnv:
    """What an obligation's formulas read of the trick ``seat`` is following to."""
    t, trump = deal.t, deal.trump
    row = t.no_trump if trump is None else trump
    best, winning, team_of = deal.best, deal.winning, t.team_of
    return PlayEnv(deal, seat, hand, t.trump_masks[row], deal._row[best], deal._led, deal.trick[0][1], best,
                   deal.r.deck.points_for[row], winning != seat and team_of[winning] == team_of[seat], len(deal.trick))


def _obey(deal, seat: int, hand: int, allowed: int, why: int):
    """The cards still allowed after the ruleset's obligations (``allowed``: those following suit allows), and
    the obligation that refused card ``why``, or None."""
    env = _play_env(deal, seat, hand)
    refused_by = None
    for obligation, when, named_in in deal.t.obligations:
        if when(env):
            named = named_in(env, allowed)
            if named and named != allowed:  # it narrows the cards only when the hand holds one it names
                if why >= 0 and refused_by is None and (allowed >> why) & 1 and not (named >> why) & 1:
                    refused_by = obligation
                allowed = named
    return allowed, refused_by


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
        if t.first_lead_not_trump:
            allowed, clause = _first_lead(deal, seat, hand, shut)
    elif t.follow_suit:
        follow = hand & deal._led  # (the suit led as this deal's trump makes it: a borrowed card is a trump)
        if follow:
            if why < 0 and not t.obligations_following:
                return follow  # (the common case, at once)
            allowed, clause = follow, _FOLLOW
        elif shut and deal.r.play.void_while_closed is VoidWhileClosed.FACE_DOWN:
            allowed, clause = 0, _CUT  # it plays face down (down_cards), or asks for trumps first
        else:
            trump = deal.trump
            if t.undercut_only_with_all_trumps and trump is not None:
                # (a borrowed card is one of the trumps)
                narrowed = not_undercut(hand, t.trump_masks[trump], trick[0][1], deal.best,
                                        deal.beats[trump][deal.best])
                if narrowed:
                    allowed, clause = narrowed, _UNDERCUT
    # (while trumps are closed the duties wait: a player who does not know trumps cannot be held to them)
    if trick and t.obligations and not shut and (why < 0 or (allowed >> why) & 1):
        allowed, obligation = _obey(deal, seat, hand, allowed, why)
        if obligation is not None:  # a card against an obligation is a revoke
            return Refusal(f"seat {seat} may not play {deal.r.deck.names[why]}: {obligation.says} (cards that "
                           f"may be played: {' '.join(t.names_of(allowed))})", REVOKE)
    if why < 0:
        return allowed
    if (allowed >> why) & 1:
        return None
    return _refusal(deal, seat, why, hand, clause, shut)


def not_undercut(hand, trumps, led: int, best: int, over):
    """The undercut rule (play.undercut_only_with_all_trumps) for a seat that cannot follow suit: where a trump
    is winning a trick led in another suit, a player who still holds a card that is not a trump may not play a
    trump lower than the one winning. The cards ``hand`` may then play (its other cards, and its trumps among
    ``over``, the cards that beat the winning card ``best``), or 0 where the rule asks nothing."""
    if not (trumps >> led) & 1 and hand & ~trumps and (trumps >> best) & 1:
        return (hand & ~trumps) | (hand & over)
    return 0


def _first_lead(deal, seat: int, hand: int, shut: bool):
    """(the cards allowed, the clause) for the first lead where no trump may be led to the first trick, unless
    nothing else is held (play.first_lead_not_trump)."""
    if not deal.tricks and deal.trump is not None \
            and not (shut and seat != deal.trump_maker):  # (a closed trump: only its maker knows it)
        others = hand & ~deal.t.trump_masks[deal.trump]
        if others:
            return others, _FIRST_LEAD
    return hand, None


def _refusal(deal, seat: int, why: int, hand: int, clause, shut: bool) -> Refusal:
    """The words of legal_cards' refusal of card ``why`` by ``clause``, the rule that left it out."""
    if shut and not (hand >> why) & 1:  # (a closed trump: the trump maker's card lies face down, not in hand)
        return Refusal(f"{deal.r.deck.names[why]} is the closed trump card: it is played only face down, to cut, "
                       "or as the last card in hand, until trumps are shown")
    if clause == _FOLLOW:
        return Refusal(f"seat {seat} must follow suit ({deal.r.deck.suits[Play.suit_led(deal)]})")
    if clause == _UNDERCUT:
        return Refusal(f"seat {seat} may not undercut: a lower trump is only allowed with nothing but trumps in hand")
    if clause == _CUT:
        return Refusal(f"seat {seat} cannot follow suit while trumps are closed: a card is played face down, or "
                       f"trumps are asked to be shown")
    return Refusal(f"seat {seat} may not lead a trump to the first trick while holding another suit")


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
        return Refusal(f"seat {seat} is to lead: a lead is played face up" if verb == DOWN
                       else f"seat {seat} is to lead: only a player who cannot follow suit may ask for trumps")
    if not cannot_follow_closed(deal, seat):
        return Refusal(f"seat {seat} can follow suit ({deal.r.deck.suits[Play.suit_led(deal)]}): "
                       + ("a card that follows is played face up" if verb == DOWN
                          else "only a player who cannot may ask for trumps"),
                       REVOKE if verb == DOWN else None)
    if verb == DOWN:
        if deal.r.play.void_while_closed is not VoidWhileClosed.FACE_DOWN:
            return Refusal("this ruleset plays every card face up (play.void_while_closed: face up)")
        return None
    if seat == deal.trump_maker:
        return Refusal(f"seat {seat} made trumps: the trump maker knows them, and cannot ask for them")
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
    if k < deal.in_play:  # (one card fewer while a seat sits out)
        nxt = deal.next_in_play[seat]
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
    if u is not None and winner != deal.undertaker and u.caught is not Caught.NEVER \
            and (u.caught is not Caught.ON_THE_LAST_TRICK or step_over):
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


# -- the plain rest of a deal (the solver's search on integers: players/plain_search.py) -------------------
def plain_rest(deal) -> bool:
    """Whether every card from here to the deal's end is played by the plain rule, which is then all the play
    is: the seat to lead leads any card it holds; a seat following plays a card of the suit led (this deal's
    ``t.led_masks`` in the trump row) if it holds one, else any card but where the undercut rule forbids it
    (not_undercut) (legal_cards: no duty of play.obligations, nothing closed or face down); a trick is won by
    its card that no later card beat (``deal.beats`` in the one trump row; no undertaking's lead wins it) and
    its cards' points (``deck.points_for`` in that row) go to the winner's team; the winner leads the next
    trick; the deal ends with its last trick, in this play step. Nothing else a card does changes what follows: no undertaking to
    catch, no cards turned up or laid out, no combinations counted from a trick, no trumps made again; the
    only windows opened (a claim before the last trick, a declaration) close to the next card, so passed
    they change nothing. Asked with a seat's turn to play pending (after the deal's first lead)."""
    t = deal.t
    if deal.undertaking is not None or not deal.trump_revealed or deal.unseen or t.face_down or deal.covers:
        return False
    if not deal.tricks and not deal.trick:
        return False  # (the first lead may make or show trumps, or open late undertakings)
    if not t.follow_suit or t.obligations or deal.r.from_trick or t.size > 64:
        return False
    # (this play step is the deal's last: no cards dealt or trumps made after it)
    return deal.play_end == deal.n_tricks and (t.lay_out_after is None or t.lay_out_after <= len(deal.tricks))


# -- a card played and taken back (the solver's search makes and unmakes a card instead of copying the deal) --


# the deal's attributes play_reversibly may change (take_back restores them; the rest of the deal is as it
# was, and the solver's key reads that rest once for every position of a trick): the cards in hand, the
# trick, the tricks and counts won, the turn, and the declarations' time after a trick (which team may
# declare, the window asked of it: opened by a trick's end, closed by the next card) (open face play's rows
# and a card played face down never change there: nothing is face down, trumps are shown)
# the parts of TAKEN_BACK that mean something only while a trick is being played: the card winning it and its
# seat are read only with a card in the trick (set by its lead); between tricks they are the last trick's
TRICK_ONLY = frozenset({"best", "winning"})
TAKEN_BACK = frozenset({"hands", "trick", "tricks", "team_cards", "team_tricks", "team_tricks_step", "seat_tricks",
                        "leader", "best", "winning", "last_trick_winner", "_row", "_led", "_plain", "_mask",
                        "pending", "_legal", "declaring_team", "window", "_claims_asked"})


def play_reversibly(deal, seat: int, card: int):
    """``seat`` plays ``card`` (legal: one of its legal actions) by play_card, the game's own, and the return
    is what takes it back (take_back), where the play can say all that the card changes: a card with no
    undertaking called, trumps shown and nothing face down (only the play's own state, the seat's turn and
    the windows asked before the next card: claims, declarations at any time) other than the deal's first
    lead, and a card ending a trick only where the play step goes on and no combination is counted from the
    trick's cards (a declaration after the trick: only which team may declare and the window asked of it
    change, and the next card ends that time). Else None, and nothing is played (the caller plays on a copy
    of the deal). What it may change is TAKEN_BACK."""
    t = deal.t
    trick = deal.trick
    if deal.undertaking is not None or not deal.trump_revealed or deal.unseen or t.face_down:
        return None
    if not trick and not deal.tricks:
        return None  # (the first lead may make or show trumps, or open late undertakings)
    ends = len(trick) + 1 >= deal.in_play
    counts = None
    if ends:
        played = len(deal.tricks) + 1
        if played >= deal.play_end or played >= deal.n_tricks or deal.r.from_trick:
            return None  # (the deal or its play step ends; roem counted from the trick)
        counts = (deal.team_cards[:], deal.team_tricks[:], deal.team_tricks_step[:], deal.seat_tricks[:],
                  deal.leader, deal.last_trick_winner)
    undo = (seat, card, trick, counts, deal.best, deal.winning, deal._row, deal._led, deal._plain, deal._mask,
            deal.pending, deal._legal, deal.declaring_team, deal.window, claims_asked_so_far(deal))
    play_card(deal, seat, card)  # (it ends with the next seat's turn and its legal actions: await_turn_with)
    return undo


def take_back(deal, undo) -> None:
    """The card play_reversibly played goes back to its seat's hand: the deal is as it was before it."""
    seat, card, trick, counts, deal.best, deal.winning, deal._row, deal._led, deal._plain, deal._mask, \
        pending, legal, declaring, window, asked = undo
    Declarations.declaring_as_before(deal, declaring)  # (each family restores its own state)
    claims_asked_as_before(deal, asked)  # (the claims offered in the trick, asked before the next card)
    reopen(deal, window)
    await_turn_with(deal, pending, legal)
    trick.pop()  # (the trick's own list: a trick ended was set aside as a tuple, and a new list begun)
    deal.trick = trick
    deal.hands[seat] |= deal.t.bit[card]
    if counts is not None:
        deal.tricks.pop()
        cards, tricks, step, seats, deal.leader, deal.last_trick_winner = counts
        deal.team_cards[:] = cards
        deal.team_tricks[:] = tricks
        deal.team_tricks_step[:] = step
        deal.seat_tricks[:] = seats


# -- a pass taken back (the solver's search passes and unpasses instead of copying the deal) ----------------
@cython.locals(deal=DealSlots)
def pass_reversibly(deal):
    """The seat polled in the open window passes (its own pass_turn), and the return is what takes the pass
    back (take_back_pass), where all it changes can be said: a window whose close only asks the next card
    (``closes_to_a_card``): the poll moves on, or the window closes and the next seat's turn (or a window
    asked before its card) is set. Else None, and nothing is done. What it may change is TAKEN_BACK's
    turn, legal actions and window."""
    w = deal.window
    if not w.closes_to_a_card:
        return None
    undo = (w, w.pos, w.silent, w.options, deal.pending, deal._legal, deal._mask, claims_asked_so_far(deal))
    w.pass_turn(deal)
    return undo


@cython.locals(deal=DealSlots)
def take_back_pass(deal, undo) -> None:
    """The pass pass_reversibly said is unsaid: the deal is as it was before it."""
    w, w.pos, w.silent, w.options, pending, legal, deal._mask, asked = undo
    claims_asked_as_before(deal, asked)  # (a window asked before a card may have added to them)
    reopen(deal, w)
    await_turn_with(deal, pending, legal)


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
            if deal.leader == deal.sits_out:
                deal.leader = deal.next_in_play[deal.leader]  # (the seat after it in play)
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
        return ruleset.play.follow_suit and not before_card \
            and all(void_only(o) for o in ruleset.play.obligations)  # (else a duty may narrow the suit led)

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
        if seat == deal.sits_out:
            return Refusal(f"seat {seat} is the one who sits out this deal (the partner plays alone): no card is "
                           f"played from this hand")
        turn = deal.pending
        if deal.window is not None or type(turn) is not Play:
            return Refusal(text or f"no card may be played now: {waiting_for(deal)}")
        if seat != turn.seat:
            return Refusal(text or f"it is seat {turn.seat}'s turn", OUT_OF_TURN)
        refusal = text or Play.legal_cards(deal, seat, card)
        if refusal is None:
            return None
        trick, t = deal.trick, deal.t
        return Refusal(refusal, getattr(refusal, "offence", None) or (REVOKE if trick and deal.hands[seat] & deal._led else None))

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
            return (f"{deal.r.deck.names[card]} is still face down: seat {seat} may not look at it before "
                    f"{deal.undertaking.blind_until_tricks} tricks are won")
        return None

    def cannot_hold(t, trump: int | None, led: int, best: int, card: int, first_trick: bool,
                    beats_row: tuple, partner_winning: bool = False, played: int = 1) -> int:
        """The cards a seat cannot have held when it played ``card`` to a trick led with ``led`` and won
        so far by ``best`` (``first_trick``: the deal's first; ``card == led`` for the lead itself;
        ``partner_winning``: a partner of the seat was winning the trick; ``played``: the cards played to it
        before): the legal-card rule read backwards, for the players' inferences."""
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
        if t.obligations:
            out |= _obligations_read_back(t, row, led, best, card, beats_row, partner_winning, played)
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
    def pick_up(deal, seat: int, card: int) -> None:
        """``seat`` takes ``card`` into the hand (the dealer picking up the turn-up ordered: trumps.rounds)."""
        deal.hands[seat] |= deal.t.bit[card]

    @cython.locals(deal=DealSlots)
    def discard(deal, seat: int, card: int) -> None:
        """``seat`` lays ``card`` aside face down, out of the deal (the dealer's discard after picking up)."""
        deal.hands[seat] &= ~deal.t.bit[card]

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
    play_reversibly = play_reversibly
    take_back = take_back

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
