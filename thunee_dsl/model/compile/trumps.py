"""Making trumps: ``trumps:`` (``chooser``, ``ways``, ``caller_ways``, ``revealed``), and that 'last card' has a
batch dealt after trumps are made."""

from __future__ import annotations

from typing import TYPE_CHECKING

from thunee_dsl.model.ruleset import (FROM_UNDEALT, DealBatch, MakeTrumps, Ruleset, TrumpOffer, TrumpRound,
                                     TrumpRules, TrumpWay)

if TYPE_CHECKING:
    from thunee_dsl.model.compile import Compiler


def rules(c: Compiler, batches) -> TrumpRules | None:
    t = c.get("trumps")
    if t is None:
        return None
    steps = tuple(c.data["sequence"])
    if "last card" in t["ways"] and "make trumps" in steps:
        dealt_before = sum(1 for s in steps[:steps.index("make trumps")] if s.startswith("deal "))
        if dealt_before >= len(batches):
            c.problem(("trumps", "ways"), "'last card' needs a batch dealt after trumps are made")
    revealed = t.get("revealed", "first lead")
    return TrumpRules(c.seat_ref(("trumps", "chooser"), "dealer+1", ("dealer",)), tuple(t["ways"]),
                      tuple(t.get("caller_ways", ("card",))), revealed, t.get("source", ""),
                      closed_trump_shown_if(c, t, revealed), rounds(c, t), t.get("all_pass", "throw in"))


def closed_trump_shown_if(c: Compiler, t: dict, revealed: str):
    """``trumps.revealed_if``: a formula read at the end of each trick while the trump is closed; only with
    ``revealed: on demand`` (otherwise the trump is never closed after a trick)."""
    if "revealed_if" not in t:
        return None
    if revealed != "on demand":
        c.problem(("trumps", "revealed_if"), f"trumps.revealed_if shows a closed trump after a trick, and trumps are "
                  f"shown '{revealed}' here: write 'revealed: on demand' (the trump closed until asked for) or "
                  "drop revealed_if")
        return None
    return c.formula(("trumps", "revealed_if"), "closed trump", "boolean")


def check_void_while_closed(c: Compiler, ruleset) -> None:
    """A card played face down by a player who cannot follow needs a trump that can be closed at that moment."""
    if ruleset.play.void_while_closed != "face down":
        return
    t = ruleset.trumps
    if t is None or t.revealed != "on demand":
        shown = "made" if t is None else f"shown '{t.revealed}'"
        c.problem(("play", "void_while_closed"), "a card is played face down only while the trump is closed, and "
                  f"{'this ruleset makes no trumps' if t is None else 'trumps are ' + shown + ' here'}: write "
                  "'trumps.revealed: on demand', or 'void_while_closed: face up'")




def rounds(c: Compiler, t: dict) -> tuple[TrumpRound, ...]:
    """Making trumps in rounds (ways 'order up'): as written in trumps.rounds, or by default the turn-up's suit
    ordered (the dealer picks it up and discards one) and, with 'suit', a second round naming another suit.
    The first round offers the turn-up's suit, a second any other suit; each round's verb is its offer's."""
    ways = t["ways"]
    if "order up" not in ways:
        if "rounds" in t:
            c.problem(("trumps", "rounds"), "trumps.rounds are rounds of ordering up: give 'order up' in trumps.ways")
        if "all_pass" in t:
            c.problem(("trumps", "all_pass"), "trumps.all_pass says what happens when everyone passes the rounds "
                      "of ordering up: give 'order up' in trumps.ways")
        return ()
    written = t.get("rounds")
    if written is None:
        first = TrumpRound(TrumpOffer.THE_TURN_UPS_SUIT, True, 1)
        return (first, TrumpRound(TrumpOffer.ANY_SUIT_BUT_THE_TURN_UPS)) if "suit" in ways else (first,)
    out = []
    for i, r in enumerate(written):
        offer = TrumpOffer(r["offer"])
        want = TrumpOffer.THE_TURN_UPS_SUIT if i == 0 else TrumpOffer.ANY_SUIT_BUT_THE_TURN_UPS
        if offer is not want:
            c.problem(("trumps", "rounds", i, "offer"), f"round {i + 1} of making trumps must offer '{want}' "
                      f"({'the first round offers the turn-up' if i == 0 else 'the second round names another suit'})")
        rnd = TrumpRound(offer, bool(r.get("dealer_takes_turn_up", False)), r.get("dealer_discards", 0))
        if "verb" in r and r["verb"] != rnd.verb:
            c.problem(("trumps", "rounds", i, "verb"), f"round {i + 1}'s verb is '{rnd.verb}' ({offer}), not "
                      f"'{r['verb']}'")
        if rnd.dealer_discards != (1 if rnd.dealer_takes_turn_up else 0):
            c.problem(("trumps", "rounds", i, "dealer_discards"), "the dealer discards one card exactly when "
                      "taking the turn-up into the hand (the hand keeps its size): dealer_discards 1 with "
                      "dealer_takes_turn_up true, else 0")
        if rnd.dealer_takes_turn_up and offer is not TrumpOffer.THE_TURN_UPS_SUIT:
            c.problem(("trumps", "rounds", i, "dealer_takes_turn_up"), "the dealer takes the turn-up only in the "
                      "round that offers its suit")
        out.append(rnd)
    if ("suit" in ways) != (len(out) == 2):
        c.problem(("trumps", "rounds"), "a second round names another suit exactly when trumps.ways has 'suit' "
                  f"(ways: {', '.join(ways)}; {len(out)} round{'s' if len(out) != 1 else ''})")
    return tuple(out)


def check_order_up(c: Compiler, ruleset: Ruleset) -> None:
    """Ordering up needs a card turned up from the undealt, and a 'make trumps' step once it is turned; the
    other ways of making trumps, a calling and a highest bidder have no place in it."""
    t = ruleset.trumps
    if t is None or TrumpWay.ORDER_UP not in t.ways:
        return
    if ruleset.turn_up not in FROM_UNDEALT:
        c.problem(("trumps", "ways"), f"trumps.ways 'order up' offers the turn-up's suit, but deal.turn_up is "
                  f"{ruleset.turn_up}: turn up the top of the undealt (give deal.undealt and deal.turn_up)")
    other = [w for w in t.ways if w not in (TrumpWay.ORDER_UP, TrumpWay.SUIT)]
    if other:
        c.problem(("trumps", "ways"), f"trumps.ways 'order up' goes with 'suit' (a second round) only, not "
                  f"{', '.join(other)}")
    if ruleset.calling is not None or ruleset.bidding is not None:
        c.problem(("trumps", "ways"), "trumps.ways 'order up': trumps are ordered in turn, so there is no "
                  "calling or bidding to make them")
    steps = ruleset.steps
    make = next((i for i, s in enumerate(steps) if type(s) is MakeTrumps), None)
    last = max((i for i, s in enumerate(steps) if type(s) is DealBatch), default=-1)
    if make is not None and make < last:
        c.problem(("sequence", make), "step 'make trumps' comes before the last cards are dealt, but trumps "
                  "are ordered up once the turn-up is turned, after the deal: put it after the last 'deal'")
