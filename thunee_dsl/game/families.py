"""The one registry of action families: each verb a ruleset knows -> the rule class that owns it.

A family is a rule class (one module each) with ``verbs(ruleset)`` (the verbs it has in a ruleset),
``verify(deal, action)`` (its one legality check: the reason an action is refused, with the offence it
would be, or None), ``window_for(ruleset)`` (the window its verbs are said in, or None for a decision of
one seat) and ``bare`` (its verbs are said without an argument: one shared Action per seat and verb in
the ruleset's tables). Everything that asks "whose verb is this?" reads :func:`families`: the deal's
checks, the words of an unknown verb, the transcripts' windows and the tables' actions.
"""

from __future__ import annotations

from thunee_dsl.game.actions import PASS
from thunee_dsl.game.bidding import Bidding
from thunee_dsl.game.calling import Calling
from thunee_dsl.game.claims import Claims
from thunee_dsl.game.concede import Concede
from thunee_dsl.game.declarations import Challenge, Declarations
from thunee_dsl.game.play import Play
from thunee_dsl.game.redeal import Redeal
from thunee_dsl.game.trumps import AskTrumps, Discard, MakeTrumps, OrderUp
from thunee_dsl.game.undertakings import Undertakings
from thunee_dsl.game.windows import Passing
from thunee_dsl.model.ruleset import Contract, TrumpWay

# in the order their verbs are listed to a user ("this ruleset knows: play, trump, call, pass, ...")
FAMILIES = (Play, MakeTrumps, Calling, Passing, Undertakings, Declarations, Claims, Bidding, Redeal, Concede,
            Challenge, AskTrumps, OrderUp, Discard)


def families(ruleset) -> dict:
    """Each verb of ``ruleset`` -> its family (made once per ruleset)."""
    return ruleset.cached("game.families", _families)


def _families(ruleset) -> dict:
    return {verb: family for family in FAMILIES for verb in family.verbs(ruleset)}


def offered_verbs(ruleset) -> list[str]:
    """The verbs ``ruleset`` may ever offer a seat, in the order of :data:`FAMILIES` (the words of an unknown
    verb): its families' verbs, less making trumps where nobody chooses them (a turn-up), calls where it has
    no calling, and ``pass`` where no decision can be passed (Whist's play alone, Oh Hell's bids that are
    each bidder's contract). Each family still checks its own verb: this is what a user is told it knows."""
    return ruleset.cached("game.offered_verbs", _offered)


def _offered(r) -> list[str]:
    chosen = r.trumps is not None and any(way not in (TrumpWay.TURN_UP, TrumpWay.ORDER_UP) for way in r.trumps.ways)
    biddings = [b for b in (r.bidding, r.bidding and r.bidding.again) if b is not None]
    passes = (r.calling is not None or bool(Undertakings.verbs(r) + Declarations.verbs(r) + Claims.verbs(r))
              or (r.trumps is not None and bool(r.trumps.rounds))
              or any(b.contract is Contract.HIGHEST_BID for b in biddings))
    never = {"trump": not chosen, "call": r.calling is None, PASS: not passes}
    return [verb for verb in families(r) if not never.get(verb, False)]


def checks(ruleset) -> dict:
    """Each verb of ``ruleset`` -> the one legality check of its family (made once per ruleset)."""
    return ruleset.cached("game.checks", lambda r: {verb: family.verify for verb, family in families(r).items()})


def said_alone(ruleset) -> list[str]:
    """The verbs of ``ruleset`` said without an argument (undertakings, claims, a redeal ...)."""
    return [verb for verb, family in families(ruleset).items() if family.bare]
