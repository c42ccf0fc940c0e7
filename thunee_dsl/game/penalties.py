"""Penalised offences: a revoke, a card played out of turn, a false declaration, a forbidden claim (the
ruleset's ``penalties.offences`` says which are penalised). Each is found by its action family's own
legality check (the Refusal it returns names the offence); committing one ends the deal, scored as the
ruleset says (:mod:`thunee_dsl.game.scoring`). A declaration at the wrong time that the opponents may
challenge is not penalised: it is made, and the challenge window opens (see
:mod:`thunee_dsl.game.declarations`)."""

from __future__ import annotations

try:
    import cython
except ImportError:  # Cython is optional: without it the types below are not read (see thunee_dsl._accel)
    from thunee_dsl._accel import cython_shadow as cython

from thunee_dsl.game.slots import VALUE, DealSlots
from thunee_dsl.game.claims import forget as forget_claims
from thunee_dsl.game.declarations import WRONG_TIME, Declarations
from thunee_dsl.game.windows import end_deal, forget_legal

# The deal's state this rule owns (the offence committed); only this module writes it (game/slots.py)
STATE = {"offence": VALUE}


@cython.locals(deal=DealSlots)
def begin(deal) -> None:
    """This rule's part of a new deal's state (see STATE)."""
    deal.offence = None


class Penalties:
    """The offences of a deal: which one an action commits, and committing it."""

    @cython.locals(deal=DealSlots)
    def offence_of(deal, action) -> str | None:
        """The penalised offence ``action`` commits here (or WRONG_TIME), or None."""
        if deal.over:
            return None
        if not 0 <= action.seat < deal.r.seats:
            return None
        check = deal.checks.get(action.verb)
        refusal = check(deal, action) if check is not None else None
        offence = getattr(refusal, "offence", None)
        if offence is None:
            return None
        if offence == WRONG_TIME:
            return offence  # not a penalty: the ruleset lets the opponents challenge it
        pen = deal.r.penalties
        return offence if pen is not None and offence in pen.offences else None

    @cython.locals(deal=DealSlots)
    def commit(deal, action, offence: str) -> None:
        forget_legal(deal)
        forget_claims(deal)
        if offence == WRONG_TIME:
            Declarations.declare_at_wrong_time(deal, action)
            return
        deal.offence = (offence, action.seat)
        end_deal(deal)
