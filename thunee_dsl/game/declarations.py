"""Declarations (Jodies): combinations declared by the team that just won a trick, at the tricks the
ruleset allows; in open face play only cards that were face up when the trick began. A declaration at
the wrong time may be left to the opponents to challenge (:class:`Challenge`) instead of being
penalised; a false one (cards not held) is a penalised offence where the ruleset says so.

Combinations counted from the cards themselves, declared automatically: those in the cards of each trick
(``from: trick``, the field's "roem"), scored for the trick's winners as each trick ends
(:func:`count_tricks`); those in the hands as dealt (``from: hands as dealt``, "honours"), of a team's
cards together or of each player's, counted when the deal is scored (:func:`count_at_deal_end`) and scored
with the tricks or after them (:func:`scored_after_tricks`)."""

from __future__ import annotations

try:
    import cython
except ImportError:  # Cython is optional: without it the types below are not read (see thunee_dsl._accel)
    from thunee_dsl._accel import cython_shadow as cython

from thunee_dsl.game.slots import OWN, VALUE, DealSlots
from thunee_dsl.game.claims import forget as forget_claims
from thunee_dsl.game.windows import Refusal, Window, await_turn, shut, waiting_for
from thunee_dsl.model.ruleset import DeclaredFrom, Pooled, ScoredWhen

# The deal's state this rule owns (the declarations made); only this module writes it (game/slots.py)
STATE = {
    "declarations": OWN, "declared": OWN, "team_declared": OWN, "declaring_team": VALUE,
    "barred": OWN,  # (verb, suit) of declarations challenged at the wrong time
    # combinations counted from the cards themselves: (team, verb, what, value, trick number or 0 for the hands
    # as dealt), in the order scored; how many tricks' cards were counted; whether the hands as dealt were
    "counted": OWN, "tricks_counted": VALUE, "dealt_counted": VALUE,
}


@cython.locals(deal=DealSlots)
def begin(deal) -> None:
    """This rule's part of a new deal's state (see STATE)."""
    deal.declarations = []  # (seat, verb, suit, value)
    deal.declared = set()
    deal.team_declared = [0] * deal.t.teams
    deal.declaring_team = None
    deal.barred = set()
    deal.counted = []
    deal.tricks_counted = 0
    deal.dealt_counted = False

FALSE_DECLARATION = "false declaration"
# what offence_of calls a declaration made at the wrong time that the ruleset lets the opponents challenge
WRONG_TIME = "declaration at the wrong time"


class Declarations(Window):
    """After a trick: the seats of the team that won it, from the winner, may declare. Declarations the
    ruleset allows at any time (``any_time``) are also asked of the seat about to play, before its card,
    until the last trick (``before``: that seat)."""

    __slots__ = ("before",)
    name = "declarations"
    asks = "declare or pass"
    bare = False  # a declaration names its suit
    closes_to_a_card = True  # (its close: the next card, the seat's it was asked before or the trick's lead)

    def verbs(ruleset) -> tuple[str, ...]:
        # (those counted from the cards themselves are declared automatically: nobody says them)
        return tuple(d.verb for d in ruleset.declarations if d.taken_from is DeclaredFrom.HAND)

    def window_for(ruleset) -> type[Window]:
        return Declarations

    @cython.locals(deal=DealSlots)
    def open_after_trick(deal, winner: int) -> None:
        if deal.r.from_trick:
            count_tricks(deal)  # the trick's own combinations first (what the winners may declare may read them)
        team = deal.team_of[winner]
        if deal.team_tricks_step[team] not in deal.t.after_team_trick:
            return  # no declaration may be made after this trick (or the ruleset has none)
        deal.declaring_team = team
        _AFTER_TRICK.open_at_first_speaker(deal, deal.t.team_seats_from[winner])  # (a new window, if any)

    def asked_before_card(ruleset) -> tuple[int, ...]:
        """After how many tricks played a seat is asked before its card: every trick but the last, for
        declarations allowed at any time."""
        return tuple(range(ruleset.tricks_per_deal - 1)) if any(d.any_time for d in ruleset.declarations) else ()

    @cython.locals(deal=DealSlots)
    def no_more_after_trick(deal) -> None:
        """A card is played: the team that won the last trick may no longer declare for winning it."""
        deal.declaring_team = None

    @cython.locals(deal=DealSlots)
    def declaring_as_before(deal, team) -> None:
        """A card is taken back (play.take_back): the team that might declare before it (or None) may again."""
        deal.declaring_team = team

    @cython.locals(deal=DealSlots)
    def open_before_card(deal, seat: int) -> bool:
        """Before ``seat`` plays a card: open for it if it may declare now (True), else nothing opens."""
        if deal.over:
            return False
        window = Declarations((seat,))
        window.before = seat
        if not window.open_at_first_speaker(deal, window.order):
            return False
        await_turn(deal, None)
        return True

    @cython.locals(deal=DealSlots)
    def options_for(self, deal, seat: int) -> tuple:
        if self.before is None:  # after a trick: the declarations of the trick the team has won
            if deal.declaring_team != deal.team_of[seat]:
                return ()
            won = deal.team_tricks_step[deal.declaring_team]
        else:  # before a card: those allowed at any time
            won = None
        t = deal.t
        out = ()
        for decl in deal.r.declarations:
            if (won not in decl.after_team_trick) if won is not None else not decl.any_time:
                continue
            # the cards first (one table look-up), the declaration's condition only for a seat holding one
            verb = decl.verb
            held = t.combinations_held(verb, declarable(deal, decl, seat))
            if not held:
                continue  # (most hands, most tricks)
            actions = t.declaration_actions[verb][seat]
            found = [actions[suit] for suit, trumps, other in held
                     if (trumps if suit == deal.trump else other) and not spent(deal, decl, suit)]
            if found and allowed(deal, decl, seat):
                out += tuple(found)
        return out

    @cython.locals(deal=DealSlots)
    def public_to_act(self, deal) -> int | None:
        # the options depend on hidden cards: the table waits for the next card (asked before its card,
        # the seat is the one about to play)
        return deal.leader if self.before is None else self.before

    @cython.locals(deal=DealSlots)
    def take(self, deal, action) -> None:
        record(deal, action.seat, deal.t.declaration_of[action.verb], suit_of_arg(deal, action.arg))
        self.silent = 0  # everyone on the team may declare again
        self.poll(deal)

    @cython.locals(deal=DealSlots)
    def close(self, deal) -> None:
        shut(deal)
        if self.before is not None:  # the seat plays its card (after any other window asked before it)
            asked = deal.before_card[len(deal.tricks)]
            deal.await_play(self.before, asked.index(Declarations.open_before_card) + 1)
            return
        # the declaring team keeps its time until the next card is played (false declarations)
        deal.await_play(deal.leader)

    @cython.locals(deal=DealSlots)
    def verify(deal, action) -> Refusal | None:
        """Why the declaration ``action`` makes is not allowed now, or None. ``offence``: a false
        declaration (at the right time, cards not held), or one at the wrong time that the opponents may
        challenge (of cards held)."""
        decl = deal.t.declaration_of[action.verb]
        r, seat = deal.r, action.seat
        try:
            suit = r.deck.suit(action.arg)
        except ValueError as err:
            suit, bad_suit = None, Refusal(str(err))
        if not right_time(deal, decl, seat):
            when = " or ".join(f"{n}{_ordinal(n)}" for n in sorted(decl.after_team_trick))
            return Refusal(f"a {decl.title} may only be declared right after the declaring team wins its {when} trick"
                           + (", or at any time before the last trick" if decl.any_time else ""),
                           WRONG_TIME if suit is not None and at_wrong_time(deal, decl, seat, suit) else None)
        if suit is None:
            return bad_suit
        if (decl.verb, suit) in deal.barred:
            return Refusal(f"the {decl.title} in {r.deck.suits[suit]} was challenged at the wrong time "
                           f"('{decl.wrong_time.challenge}'): it cannot be declared in this deal")
        if decl.once_per_suit and (decl.verb, suit) in deal.declared:
            return Refusal(f"a {decl.title} in {r.deck.suits[suit]} has already been declared")
        if not declaration_value(deal, decl, seat, suit):
            # false: the cards are not held at all (open face cards held but not yet declarable are
            # merely early, an error like a declaration at the wrong time)
            if decl.face_up_only and value_in(deal, decl, deal.hands[seat], suit):
                return Refusal(f"the {decl.title} in {r.deck.suits[suit]} was not face up when this trick began: "
                               f"seat {seat} may declare it on winning another trick")
            return Refusal(f"seat {seat} has no {decl.title} in {r.deck.suits[suit]}",
                           FALSE_DECLARATION if allowed(deal, decl, seat) else None)
        if not allowed(deal, decl, seat):
            return Refusal(f"seat {seat} may not declare a {decl.title} now ({decl.allowed_if.text} is false)")
        w = deal.window
        if isinstance(w, Declarations):
            return None  # (asked of the seat polled: whose turn it is is the deal's check)
        if w is None and deal.is_play_turn():
            # nothing else refuses it, so it was offered before this card: the seat to play passed
            return Refusal(f"a {decl.title} is declared when the seat is asked: seat {seat} passed") \
                if deal.pending.seat == seat else None
        return Refusal(f"a {decl.title} may not be declared now: {waiting_for(deal)}")

    @cython.locals(deal=DealSlots)
    def declare_at_wrong_time(deal, action) -> None:
        """It counts at once, as any declaration; the opponents of the declarer, in turn, may challenge it
        (or pass: then it stands)."""
        decl = deal.t.declaration_of[action.verb]
        suit = suit_of_arg(deal, action.arg)
        record(deal, action.seat, decl, suit)
        resume = deal.pending.seat
        await_turn(deal, None)
        window = Challenge(deal.t.opponents_from[action.seat])
        window.declarer, window.declaration, window.suit, window.resume = action.seat, decl, suit, resume
        window.open(deal)


# the kind of window asked after a trick, for asking only (see Window.open_at_first_speaker): most tricks
# open none, and nothing is made for them
_AFTER_TRICK = Declarations(())
_AFTER_TRICK.before = None


class Challenge(Window):
    """A declaration made at the wrong time: its opponents, in turn, may challenge it (pagat's
    "marials"); challenged, it is void and barred for the rest of the deal; unchallenged, it stands."""

    __slots__ = ("declarer", "declaration", "suit", "resume")
    name = "challenge"
    asks = "challenge or pass"

    def verbs(ruleset) -> tuple[str, ...]:
        """The words that challenge a declaration at the wrong time (pagat's "marials")."""
        return tuple(sorted({d.wrong_time.challenge for d in ruleset.declarations if d.wrong_time is not None}))

    def window_for(ruleset) -> type[Window]:
        return Challenge

    @cython.locals(deal=DealSlots)
    def options_for(self, deal, seat: int) -> tuple:
        return (deal.t.say[seat][self.declaration.wrong_time.challenge],)

    @cython.locals(deal=DealSlots)
    def take(self, deal, action) -> None:
        seat, decl, suit = self.declarer, self.declaration, self.suit
        value = deal.declarations[-1][3]
        deal.declarations[-1] = (seat, decl.verb, suit, 0)
        deal.team_declared[deal.team_of[seat]] -= value
        deal.declared.discard((decl.verb, suit))
        deal.barred.add((decl.verb, suit))
        forget_claims(deal)
        shut(deal)
        deal.await_play(self.resume)

    @cython.locals(deal=DealSlots)
    def close(self, deal) -> None:
        shut(deal)
        deal.await_play(self.resume)  # unchallenged: the declaration stands

    @cython.locals(deal=DealSlots)
    def verify(deal, action) -> Refusal | None:
        if not isinstance(deal.window, Challenge):
            return Refusal(f"'{action.verb}' answers a declaration made at the wrong time, and none is waiting "
                           f"for an answer")
        return None


# -- the rule's parts, shared by the window, the checks and the offences -------------------------------
@cython.locals(deal=DealSlots)
def right_time(deal, decl, seat: int) -> bool:
    """Right after ``seat``'s team won a trick after which ``decl`` may be declared (until the next card),
    or, for a declaration allowed at any time, before the last trick."""
    if decl.any_time and len(deal.tricks) < deal.n_tricks - 1:
        return True
    team = deal.team_of[seat]
    return deal.declaring_team == team and deal.team_tricks_step[team] in decl.after_team_trick


@cython.locals(deal=DealSlots)
def allowed(deal, decl, seat: int) -> bool:
    """The declaration's own condition (``allowed_if``) holds for ``seat`` now."""
    return decl.allowed_if is None or decl.allowed_if.evaluate(deal.seat_env(seat))


@cython.locals(deal=DealSlots)
def spent(deal, decl, suit: int) -> bool:
    """The combination of ``decl`` in ``suit`` can no longer be declared (declared once, or barred)."""
    key = (decl.verb, suit)
    return (decl.once_per_suit and key in deal.declared) or key in deal.barred


@cython.locals(deal=DealSlots)
def at_wrong_time(deal, decl, seat: int, suit: int) -> bool:
    """Would declaring ``decl`` in ``suit`` now, at the wrong time, be a declaration the opponents may
    challenge (made during the play, of a combination ``seat`` holds, which the ruleset lets stand
    unless challenged)?"""
    from thunee_dsl.game.play import Play
    if decl.wrong_time is None or deal.window is not None or type(deal.pending) is not Play:
        return False
    if right_time(deal, decl, seat):
        return False
    if not allowed(deal, decl, seat):
        return False  # not allowed at all now (e.g. during an undertaking)
    if spent(deal, decl, suit):
        return False
    return declaration_value(deal, decl, seat, suit) > 0


@cython.locals(deal=DealSlots)
def declarable(deal, decl, seat: int) -> int:
    """The cards ``seat`` may declare from: its hand, or in open face play (``face_up_only``) those of its
    cards that were face up when the trick just won began (a combination is called the next time its
    owner wins a trick after it appears)."""
    if decl.face_up_only:
        return deal.hands[seat] & deal.shown[seat]
    return deal.hands[seat]


@cython.locals(deal=DealSlots)
def declaration_value(deal, decl, seat: int, suit: int) -> int:
    """The value of the best combination ``seat`` may declare in ``suit`` (0 if none)."""
    return value_in(deal, decl, declarable(deal, decl, seat), suit)


@cython.locals(deal=DealSlots)
def value_in(deal, decl, cards: int, suit: int) -> int:
    """The value of the best combination of ``decl`` in ``suit`` among ``cards`` (0 if none)."""
    return combination_value(deal.t, decl, cards, suit, deal.trump)


def combination_value(t, decl, cards: int, suit: int, trump: int | None) -> int:
    """The value of the best combination of ``decl`` in ``suit`` among ``cards`` with ``trump`` the trump
    suit (0 if none): what a declaration is worth, for the engine and for the players' guesses."""
    for held, trumps, other in t.combinations_held(decl.verb, cards):
        if held == suit:
            return trumps if suit == trump else other
    return 0


@cython.locals(deal=DealSlots)
def record(deal, seat: int, decl, suit: int) -> None:
    value = declaration_value(deal, decl, seat, suit)
    deal.declarations.append((seat, decl.verb, suit, value))
    deal.declared.add((decl.verb, suit))
    deal.team_declared[deal.team_of[seat]] += value
    forget_claims(deal)  # (a claim may read what a team has declared)


@cython.locals(deal=DealSlots)
def suit_of_arg(deal, arg) -> int:
    suit = deal.t.suit_index.get(arg)
    return deal.r.deck.suit(arg) if suit is None else suit


# -- combinations counted from the cards themselves (declared automatically) ----------------------------
@cython.locals(deal=DealSlots)
def count_tricks(deal) -> None:
    """The combinations in the cards of each trick played and not yet counted (``from: trick``), scored
    for the team that won it (its winner's ``allowed_if``)."""
    r = deal.r
    tricks = deal.tricks
    for number in range(deal.tricks_counted, len(tricks)):
        _leader, trick, winner = tricks[number]
        team = deal.team_of[winner]
        cards = [card for _seat, card in trick]
        for decl in r.from_trick:
            found = trick_combinations(r.deck, decl, cards, deal.trump)
            if found and allowed(deal, decl, winner):
                for what, value in found:
                    deal.counted.append((team, decl.verb, what, value, number + 1))
                    deal.team_declared[team] += value
    deal.tricks_counted = len(tricks)


@cython.locals(deal=DealSlots)
def count_at_deal_end(deal) -> None:
    """The deal is over: the tricks' combinations not yet counted (the last trick's), then those of the hands
    as dealt (``from: hands as dealt``): the declaration's cards of trumps that each team (``pooled: team``,
    the partners' cards together) or each player was dealt, the best ``held`` count they reach, for a side
    whose ``allowed_if`` holds. Once per deal."""
    r = deal.r
    if deal.tricks_counted < len(deal.tricks):
        count_tricks(deal)
    if deal.dealt_counted or not r.from_dealt:
        return
    deal.dealt_counted = True
    trump = deal.trump
    if trump is None:
        return  # (no trump suit, no honours)
    for decl in r.from_dealt:
        groups = deal.t.team_seats_from if decl.pooled is Pooled.TEAM else None
        done = set()
        for seat in range(deal.t.seats):
            seats = (seat,) if groups is None else groups[seat]
            key = frozenset(seats)
            if key in done:
                continue
            done.add(key)
            cards = 0
            for s in seats:
                cards |= deal.dealt[s]
            what, value = honours_held(r.deck, decl, cards, trump)
            if value and allowed(deal, decl, seat):
                team = deal.team_of[seat]
                deal.counted.append((team, decl.verb, what, value, 0))
                if decl.scored is ScoredWhen.WITH_TRICKS:
                    deal.team_declared[team] += value  # (after the tricks: scored_after_tricks, not in formulas)


def scored_after_tricks(deal, balls: list) -> list[tuple]:
    """The declarations of the hands as dealt scored after the tricks (``scored: after tricks``), given the
    deal's other ``balls`` per team: (path, team, value) of each, its value 0 when a side reached the game's
    target with the rest (the game is won by tricks before they count)."""
    target = deal.target
    won = target is not None and any(before + got >= target for before, got in zip(deal.balls, balls))
    out = []
    for team, verb, _what, value, number in deal.counted:
        decl = deal.t.declaration_of[verb]
        if number == 0 and decl.scored is ScoredWhen.AFTER_TRICKS:
            out.append((f"declarations.{decl.name}", team, 0 if won else value))
    return out


def after_tricks_words(deal, team: int, name: str, value: int) -> str:
    """The declaration ``name`` scored after the tricks (or not: the game was won first), in words."""
    r = deal.r
    decl = next(d for d in r.declarations if d.name == name)
    seats = ", ".join(str(s) for s in range(r.seats) if deal.team_of[s] == team)
    if value:
        return f"{decl.title}, after the tricks: team {team} (seats {seats}) {r.unit.verb}s {r.unit.of(value)}"
    return (f"{decl.title}, after the tricks: team {team} (seats {seats}) does not score them: the game was won "
            f"by tricks first")


def counted_words(deal) -> list[str]:
    """What the cards themselves scored, in words, for the deal's story: "Roem, trick 2, for team 1 (seats
    1, 3): three in sequence 20, stuk 20"; "Honours as dealt, team 1 (seats 1, 3): 3 honours, 2"."""
    r = deal.r
    out: list[str] = []
    by: dict = {}
    for team, verb, what, value, number in deal.counted:
        by.setdefault((verb, number, team), []).append(f"{what} {value}" if number else f"{what}, {value}")
    for (verb, number, team), items in by.items():
        decl = deal.t.declaration_of[verb]
        seats = ", ".join(str(s) for s in range(r.seats) if deal.team_of[s] == team)
        if number:
            out.append(f"{decl.title}, trick {number}, for team {team} (seats {seats}): {', '.join(items)}")
        else:
            out.append(f"{decl.title} as dealt, team {team} (seats {seats}): {', '.join(items)}"
                       + (" (counted after the tricks)" if decl.scored is ScoredWhen.AFTER_TRICKS else ""))
    return out


def trick_combinations(deck, decl, cards, trump) -> list[tuple[str, int]]:
    """(name, value) of the combinations of ``decl`` among the ``cards`` of one trick: the first it holds (best
    first), and each one that scores besides it (``also``)."""
    out = []
    best = False
    for shape in decl.shapes:
        if (shape.also or not best) and shape_held(deck, shape, cards, trump):
            out.append((shape.name, shape.value))
            best = best or not shape.also
    return out


def shape_held(deck, shape, cards, trump) -> bool:
    """Whether ``cards`` hold the combination ``shape``: ``same_rank`` of one rank (of its ``ranks``), a run
    of ``sequence`` of one suit in the deck's sequence order, or the ``cards`` (ranks) of one suit; of the
    trump suit only where ``trumps_only``."""
    rank_of, suit_of = deck.rank_of, deck.suit_of
    if shape.trumps_only and trump is None:
        return False
    if shape.same_rank:
        counts: dict = {}
        for c in cards:
            if not shape.trumps_only or suit_of[c] == trump:
                counts[rank_of[c]] = counts.get(rank_of[c], 0) + 1
        return any(n >= shape.same_rank and (not shape.ranks or rank in shape.ranks) for rank, n in counts.items())
    suits = (trump,) if shape.trumps_only else range(len(deck.suits))
    for suit in suits:
        ranks = {rank_of[c] for c in cards if suit_of[c] == suit}
        if shape.sequence:
            if longest_run(deck, ranks) >= shape.sequence:
                return True
        elif all(rank in ranks for rank in shape.cards):
            return True
    return False


def longest_run(deck, ranks) -> int:
    """The longest run among ``ranks`` (rank indexes of one suit) in the deck's sequence order
    (``deck.sequence_order``, lowest first; without it the ranks read upwards)."""
    order = deck.sequence_order or tuple(reversed(range(len(deck.ranks))))
    best = run = 0
    for rank in order:
        run = run + 1 if rank in ranks else 0
        best = max(best, run)
    return best


def honours_held(deck, decl, cards: int, trump: int) -> tuple[str, int]:
    """(what, value) of the best ``held`` count of ``decl``'s cards of trumps among ``cards`` (a mask), or
    ("", 0)."""
    held = sum(1 for rank in decl.honours if cards >> deck.card_of(trump, rank) & 1)
    for h in decl.held:
        if held >= h.held:
            return f"{held} {decl.title.lower()}", h.value
    return "", 0


def _ordinal(n: int) -> str:
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
