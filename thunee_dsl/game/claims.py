"""Claims (Double, Khanaak ...): said just before the claimer plays to the last trick; a claim the
ruleset forbids (``forbidden_if``) is never offered, and saying it is a penalised offence where the
ruleset says so."""

from __future__ import annotations

try:
    import cython
except ImportError:  # Cython is optional: without it the types below are not read (see thunee_dsl._accel)
    from thunee_dsl._accel import cython_shadow as cython

from thunee_dsl.game.slots import REMADE, VALUE, DealSlots
from thunee_dsl.game.windows import Refusal, Window, show_window, shut
from thunee_dsl.model.quantities import CONTEXTS, TEAM_NUMBERS

# The deal's state this rule owns (the claim made); only this module writes it (game/slots.py)
STATE = {
    "claim": VALUE, "claim_name": VALUE, "claimer": VALUE,
    "_claims_asked": REMADE,  # the claims offered to each team in this trick (see choices)
}


@cython.locals(deal=DealSlots)
def begin(deal) -> None:
    """This rule's part of a new deal's state (see STATE)."""
    deal.claim = deal.claim_name = deal.claimer = deal._claims_asked = None

FORBIDDEN_CLAIM = "forbidden claim"


class Claims(Window):
    """Before ``seat`` plays to the last trick: its claims, or its pass (then it plays)."""

    __slots__ = ()
    name = "claims"
    asks = "claim or pass"
    closes_to_a_card = True  # (its close: the claimer's card)

    def verbs(ruleset) -> tuple[str, ...]:
        return tuple(c.verb for c in ruleset.claims)

    def window_for(ruleset) -> type[Window]:
        return Claims

    def asked_before_card(ruleset) -> tuple[int, ...]:
        """After how many tricks played this window is asked before a seat plays a card: the last trick."""
        return (ruleset.tricks_per_deal - 1,) if ruleset.claims else ()

    @cython.locals(deal=DealSlots)
    def open_before_card(deal, seat: int) -> bool:
        """Before ``seat`` plays to the last trick (if no claim has been made): open for it if it may claim
        something (True), else nothing opens (False). Asked by Play.await_play only (see
        ``asked_before_card``), so ``seat`` is the seat about to play, at the last trick."""
        if deal.claim is not None or deal.over:
            return False
        options, legal = choices(deal, seat)
        if not options:
            return False
        w = Claims((seat,))
        w.options = options
        show_window(deal, w, legal)
        return True

    @cython.locals(deal=DealSlots)
    def options_for(self, deal, seat: int) -> tuple:
        return choices(deal, seat)[0]

    @cython.locals(deal=DealSlots)
    def take(self, deal, action) -> None:
        forget(deal)
        claim = deal.claim = deal.t.claim_of[action.verb]
        deal.claim_name = claim.name
        deal.claimer = action.seat
        self.close(deal)

    @cython.locals(deal=DealSlots)
    def close(self, deal) -> None:
        shut(deal)
        deal.await_play(self.order[0], 1)  # its claims were asked: the first of deal.BEFORE_CARD, asked first

    @cython.locals(deal=DealSlots)
    def verify(deal, action) -> Refusal | None:
        """Why the claim ``action`` makes is not allowed now, or None (``offence``: a forbidden claim)."""
        claim = deal.t.claim_of[action.verb]
        seat = action.seat
        if not claim_time(deal, seat):
            return Refusal(f"{claim.title} may only be said just before the claimer plays to the last trick")
        barred = bar(claim, deal.seat_env(seat, caller=seat))
        if barred == NOT_ALLOWED:
            return Refusal(f"{claim.title} is not allowed now ({claim.allowed_if.text} is false)")
        if barred == FORBIDDEN:
            w = deal.window
            turn = w.seat if isinstance(w, Claims) else deal.pending.seat if w is None and deal.is_play_turn() else None
            return Refusal(f"{claim.title} is forbidden now ({claim.forbidden_if.text})",
                           FORBIDDEN_CLAIM if turn == seat else None)
        if deal.window is None and deal.is_play_turn() and deal.pending.seat == seat:
            # nothing bars it, so it was offered before this card: the seat passed
            return Refusal(f"{claim.title} may only be said just before the claimer plays to the last trick: "
                           f"seat {seat} passed")
        return None


NOT_ALLOWED, FORBIDDEN = 1, 2  # what bars a claim (see bar)


def bar(claim, env) -> int:
    """The claim's own conditions, read once for both the claims offered and the reason one is refused:
    0 (nothing bars it), NOT_ALLOWED (its ``allowed_if`` is false) or FORBIDDEN (its ``forbidden_if`` is
    true: saying it would be an offence, so it is never offered)."""
    if claim.allowed_if is not None and not claim.allowed_if.evaluate(env):
        return NOT_ALLOWED
    if claim.forbidden_if is not None and claim.forbidden_if.evaluate(env):
        return FORBIDDEN
    return 0


@cython.locals(deal=DealSlots)
def claim_time(deal, seat: int) -> bool:
    """Just before ``seat`` plays to the last trick, if no claim has been made."""
    return (not deal.over and deal.claim is None and len(deal.tricks) == deal.n_tricks - 1
            and all(s != seat for s, _ in deal.trick))


@cython.locals(deal=DealSlots)
def choices(deal, seat: int) -> tuple[tuple, tuple]:
    """The claims ``seat`` may make now, and the same followed by its pass (shared tuples). Where every
    claim's conditions read only what is the same for both seats of a team and stays so while a trick is
    played (``RulesetTables.claims_per_team``, see :func:`asked_once_per_team`), the claims offered are
    worked out once per team and trick; :func:`forget` clears that after anything else that changes
    what they read (a declaration, a challenge, an undertaking, a claim, an offence)."""
    t = deal.t
    if t.claims_per_team:
        key = len(deal.tricks) * t.teams + deal.team_of[seat]
        asked = deal._claims_asked
        if asked is None:
            asked = deal._claims_asked = {}
        offered = asked.get(key)
        if offered is None:
            offered = asked[key] = _offered(deal, seat)
    else:
        offered = _offered(deal, seat)
    table = t.claim_choices
    if table is None:  # too many claims for a table of every set of them
        say = t.say[seat]
        options = tuple(say[c.verb] for i, c in enumerate(deal.r.claims) if (offered >> i) & 1)
        return options, options + t.pass_only[seat]
    return table[seat][offered]


@cython.locals(deal=DealSlots)
def _offered(deal, seat: int) -> int:
    """The claims ``seat`` may make now, as bits (bit i: the ruleset's claim i): those nothing bars (the
    check's own :func:`bar`)."""
    offered = 0
    env = deal.seat_env(seat, seat)
    bit = 1
    for claim in deal.r.claims:
        if not bar(claim, env):
            offered |= bit
        bit <<= 1
    return offered


def asked_so_far(deal):
    """The claims offered in this trick so far (a copy: asking more adds to the deal's own), for a card or a
    pass taken back (play.take_back, play.take_back_pass): asked_as_before."""
    asked = deal._claims_asked
    return None if asked is None else asked.copy()


def asked_as_before(deal, asked) -> None:
    """A card or a pass is taken back: the claims offered before it (asked_so_far's)."""
    deal._claims_asked = asked


@cython.locals(deal=DealSlots)
def forget(deal) -> None:
    """Something a claim's condition may read has changed (see :func:`choices`): ask again."""
    deal._claims_asked = None


def asked_once_per_team(ruleset) -> bool:
    """Whether every claim's conditions read only names that are the same for both seats of a team and
    that no card played changes until the trick is over: the numbers of the deal, the team roles and
    their per-team numbers and balls (not a seat's own counts, which follow its hand, nor the ruleset's
    team values, which may read anything). Then the claims offered are worked out once per team and
    trick."""
    team_values = {tv.name for tv in ruleset.team_values}  # (a team value may take a built-in number's name)
    return all(name in _SAME_FOR_A_TEAM_IN_A_TRICK and name.rpartition(".")[2] not in team_values
               for claim in ruleset.claims for formula in (claim.allowed_if, claim.forbidden_if)
               if formula is not None for name in formula.names)


# the names of a claim's context that both seats of a team read alike and that stay fixed while a trick is
# played (what changes them: the end of a trick, or an action that calls forget)
_SAME_FOR_A_TEAM_IN_A_TRICK = frozenset(
    {"call", "tricks", "tricks_played", "target", "corner_house", "undertaking", "claim"}
    | {name for role in CONTEXTS["claim"].team_roles
       for name in (role, f"{role}.won_last_trick", f"{role}.balls", *(f"{role}.{n}" for n, _, _ in TEAM_NUMBERS))})
