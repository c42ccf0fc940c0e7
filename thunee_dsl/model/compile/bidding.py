"""Bidding for trumps or contracts: ``bidding:`` (``first_bidder``, ``lowest``, ``highest``, ``step``, ``counts``,
``turns``, ``contract``, ``allowed_if`` / ``forbidden_if``: who may bid what, ``all_pass``, ``passer_trick_cap``,
``again``: a later bidding's rules), and that a ``bidding`` step comes with its section and the other way round
(and comes again only with ``bidding.again``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from thunee_dsl.formula import Formula
from thunee_dsl.model.compile import concede
from thunee_dsl.model.ruleset import BidCounts, BiddingRules, BidTurns, Contract

if TYPE_CHECKING:
    from thunee_dsl.model.compile import Compiler

_MADE = frozenset({"trump_maker"})
MOST_BIDS = 1_000  # the rungs of a bidding's ladder at most (each is an action a player is offered)  # the bidding context's role with no seat until trumps are made


def rules(c: Compiler) -> BiddingRules | None:
    b = c.get("bidding")
    steps = c.data["sequence"]
    if (b is None) != ("bidding" not in steps):
        c.problem(("sequence",), "a 'bidding' step needs a 'bidding:' section, and the other way round")
    concede.check_step(c)  # (said after the bidding's: both are problems of the sequence)
    if b is None:
        return None
    contract = b.get("contract", "highest bid")
    each = contract == Contract.EACH_PLAYER
    turns = b.get("turns", "once each" if each else "until passed")
    if each and turns != BidTurns.ONCE_EACH:
        c.problem(("bidding", "turns"), "bidding.turns: with 'contract: each player' every player bids once "
                  "(there is no passing to end an auction): write 'once each', or leave it out")
    if each and "all_pass" in b:
        c.problem(("bidding", "all_pass"), "bidding.all_pass: with 'contract: each player' nobody passes "
                  "(a bid of the lowest is the least a player says): leave it out")
    counts = b.get("counts")
    first = BiddingRules(
        c.seat_ref(("bidding", "first_bidder"), "dealer+1", ("dealer",)), b.get("lowest", 1),
        b.get("highest", c.tricks), b.get("all_pass", "dealer bids lowest") == "dealer bids lowest",
        b.get("passer_trick_cap"), b.get("source", ""), counts=None if counts is None else BidCounts(counts),
        step=b.get("step", 1), turns=turns, contract=contract,
        allowed_if=_who_may_bid(c, ("bidding", "allowed_if"), 0), forbidden_if=_who_may_bid(c, ("bidding", "forbidden_if"), 0),
        partner_bid=bool(b.get("partner_bid", False)))
    _check_ladder(c, ("bidding",), first)
    _check_counts(c, first)
    _check_partner_bid(c, first)
    again = b.get("again")
    if again is None:
        return first
    if each:
        c.problem(("bidding", "again"), "bidding.again: a later bidding goes on from the highest bid, but with "
                  "'contract: each player' every bid is its bidder's own: there is no highest bid to go on from")
    known = ("dealer", "trump_maker") if _made_before(c, 1) else ("dealer",)
    later = BiddingRules(
        c.seat_ref(("bidding", "again", "first_bidder"), str(first.first_bidder), known),
        again.get("lowest", first.lowest), again.get("highest", first.highest), False, first.passer_trick_cap,
        again.get("source", first.source), counts=first.counts, step=again.get("step", first.step),
        turns=again.get("turns", first.turns), contract=first.contract,
        allowed_if=_who_may_bid(c, ("bidding", "again", "allowed_if"), 1) if "allowed_if" in again else first.allowed_if,
        forbidden_if=_who_may_bid(c, ("bidding", "again", "forbidden_if"), 1) if "forbidden_if" in again
        else first.forbidden_if,
        takes_over=bool(again.get("takes_over", False)))
    _check_ladder(c, ("bidding", "again"), later)
    tricks = first.counts is BidCounts.TRICKS or (first.counts is None and first.highest <= c.tricks)
    most = c.tricks if tricks else max(c.tricks, c.limits.get("points") or 0)
    if later.highest > most:
        c.problem(("bidding", "again", "highest"), f"bidding.again.highest: {later.highest}, but the bids count "
                  f"{'tricks' if tricks else 'card points'} and a side can take at most {most}")
    if later.takes_over and "make trumps" not in steps:
        c.problem(("bidding", "again", "takes_over"), "bidding.again.takes_over: a new highest bidder would make "
                  "trumps in place of the trump maker, but the sequence has no 'make trumps' step")
    at = [i for i, step in enumerate(steps) if step == "bidding"]
    ways = c.get("trumps", "ways", default=[])
    if later.takes_over and isinstance(ways, list) and "last card" in ways and len(at) > 1 and \
            not any(str(step).startswith("deal ") for step in steps[at[-1] + 1:]):
        c.problem(("bidding", "again", "takes_over"), "bidding.again.takes_over: a new highest bidder makes trumps "
                  "in one of trumps.ways, which has 'last card', but no batch is dealt after the later bidding: "
                  "drop 'last card' from trumps.ways, or deal a batch after it")
    return BiddingRules(first.first_bidder, first.lowest, first.highest, first.dealer_bids_if_all_pass,
                        first.passer_trick_cap, first.source, counts=first.counts, step=first.step, turns=first.turns,
                        allowed_if=first.allowed_if, forbidden_if=first.forbidden_if, contract=first.contract,
                        again=later, partner_bid=first.partner_bid)


def _check_ladder(c: Compiler, path: tuple, rule: BiddingRules) -> None:
    """The bids run from the lowest to the highest in whole steps."""
    where = ".".join(path)
    if (rule.highest - rule.lowest) // rule.step >= MOST_BIDS:
        c.problem(path + ("step",) if "step" in (c.get(*path) or {}) else path + ("highest",),
                  f"{where}: {rule.lowest} to {rule.highest} in steps of {rule.step} is more than {MOST_BIDS} "
                  f"bids: a larger step, or a nearer highest bid")
    elif rule.lowest > rule.highest:
        c.problem(path + ("lowest",), f"{where}.lowest: {rule.lowest} is above the highest bid, {rule.highest}: "
                  f"nobody could bid")
    elif (rule.highest - rule.lowest) % rule.step:
        c.problem(path + ("highest",), f"{where}.highest: {rule.highest} is not reached from the lowest bid in "
                  f"steps of {rule.step} ({rule.lowest}, {rule.lowest + rule.step} ...): make it "
                  f"{rule.highest - (rule.highest - rule.lowest) % rule.step}")


def _check_counts(c: Compiler, rule: BiddingRules) -> None:
    """A bid of tricks is at most the tricks of a deal; a bid of card points needs a pack with card points, and
    is at most all of them; unsaid, a bid is at most one or the other (a bid nobody could make is no bid)."""
    points = c.limits.get("points") or 0
    if rule.counts is BidCounts.TRICKS and rule.highest > c.tricks:
        c.problem(("bidding", "highest"), f"bidding.highest: {rule.highest} tricks, but a deal has {c.tricks}: "
                  f"a bid of tricks is at most {c.tricks} (or write 'counts: points' for bids of card points)")
    elif rule.counts is BidCounts.POINTS and not points:
        c.problem(("bidding", "counts"), "bidding.counts: 'points', but the pack's cards have no points "
                  "(deck.points): bid tricks instead")
    elif rule.counts is BidCounts.POINTS and rule.highest > points:
        c.problem(("bidding", "highest"), f"bidding.highest: {rule.highest} card points, but the pack has "
                  f"{points}: a bid of card points is at most {points}")
    elif rule.counts is None and rule.highest > max(c.tricks, points):
        c.problem(("bidding", "highest"), f"bidding.highest: {rule.highest} is more than a side can take: the "
                  f"{c.tricks} tricks of a deal" + (f", or the {points} card points of the pack" if points else ""))


def _check_partner_bid(c: Compiler, rule: BiddingRules) -> None:
    """Asking the partner needs one partner (two players a team), a highest bid to bid for, and the verb
    ``partner`` free."""
    if not rule.partner_bid:
        return
    path = ("bidding", "partner_bid")
    seats, teams = c.get("players", "seats"), c.get("players", "teams")
    if isinstance(seats, int) and isinstance(teams, int) and teams and seats != 2 * teams:
        c.problem(path, f"bidding.partner_bid: a player asks their partner, but a team here has {seats // teams} "
                  f"players: only with two players a team")
    if rule.contract is Contract.EACH_PLAYER:
        c.problem(path, "bidding.partner_bid: with 'contract: each player' every player bids for themselves")
    for section in ("undertakings", "declarations", "claims"):
        for name, item in (c.get(section) or {}).items() if isinstance(c.get(section), dict) else ():
            if isinstance(item, dict) and item.get("verb") == "partner":
                c.problem((section, name, "verb"), f"verb 'partner' is the bidding's here (bidding.partner_bid: a "
                          f"player asks the partner to bid): choose another")


def _made_before(c: Compiler, nth: int) -> bool:
    """Is there a 'make trumps' step before the ``nth`` (0: the first) 'bidding' step of the sequence?"""
    steps = [str(s) for s in c.data.get("sequence") or ()]
    at = [i for i, s in enumerate(steps) if s == "bidding"]
    return nth < len(at) and "make trumps" in steps[:at[nth]]


def _who_may_bid(c: Compiler, path: tuple, nth: int) -> Formula | None:
    """``allowed_if`` / ``forbidden_if``: a condition over the player about to bid and the bid weighed. The
    trump maker is named only where trumps are made before that bidding: else nobody is the trump maker yet."""
    formula = c.formula(path, "bidding", "boolean")
    name = ".".join(path)
    if formula is not None and path[-1] == "allowed_if" and not formula.can_be(True):
        c.problem(path, f"{name} is never true: nobody could make a bid (every deal would be thrown in, or every "
                  f"player would have to bid against it)")
    elif formula is not None and path[-1] == "forbidden_if" and not formula.can_be(False):
        c.problem(path, f"{name} is always true: every bid would be forbidden (every deal would be thrown in, or "
                  f"every player would have to bid against it)")
    unmade = sorted(n for n in (formula.names if formula is not None else ()) if n.split(".")[0] in _MADE)
    if unmade and not _made_before(c, nth):
        c.problem(path, f"{'.'.join(path)} names {unmade[0]}, but trumps are not made before this bidding: "
                  f"nobody is the trump maker when a bid is weighed (name seat, dealer, dealers or others, or put "
                  f"'make trumps' before the 'bidding')")
    return formula


def check_bidding_again(c: Compiler, steps: tuple[str, ...]) -> None:
    """A later 'bidding' needs its rules (``bidding.again``) and cards dealt since the one before (else every
    seat has said all it would); ``bidding.again`` needs a later 'bidding' to be for."""
    biddings = [i for i, step in enumerate(steps) if step == "bidding"]
    again = c.get("bidding", "again")
    for before, i in zip(biddings, biddings[1:]):
        if again is None:
            c.problem(("sequence", i), "step 'bidding' appears twice: give the later bidding's rules in "
                      "'bidding.again' (its first bidder, lowest bid, turns ...; the rest as in the first), or "
                      "remove one")
        elif not any(str(step).startswith("deal ") for step in steps[before + 1:i]):
            c.problem(("sequence", i), "step 'bidding' comes again with no cards dealt since the last "
                      "'bidding': every player has already said what they would bid on these cards (deal a batch "
                      "between them, or remove one)")
    if again is not None and len(biddings) < 2 and isinstance(c.get("bidding"), dict):
        c.problem(("bidding", "again"), "bidding.again gives the rules of a later bidding, but 'bidding' comes "
                  "only once in the sequence: add a second 'bidding' step after more cards are dealt, or remove "
                  "bidding.again")
