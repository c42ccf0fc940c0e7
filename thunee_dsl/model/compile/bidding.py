"""Bidding for trumps: ``bidding:`` (``first_bidder``, ``lowest``, ``highest``, ``all_pass``,
``passer_trick_cap``), and that a ``bidding`` step comes with its section and the other way round."""

from __future__ import annotations

from typing import TYPE_CHECKING

from thunee_dsl.model.compile import concede
from thunee_dsl.model.ruleset import BiddingRules

if TYPE_CHECKING:
    from thunee_dsl.model.compile import Compiler


def rules(c: Compiler) -> BiddingRules | None:
    b = c.get("bidding")
    steps = c.data["sequence"]
    if (b is None) != ("bidding" not in steps):
        c.problem(("sequence",), "a 'bidding' step needs a 'bidding:' section, and the other way round")
    concede.check_step(c)  # (said after the bidding's: both are problems of the sequence)
    if b is None:
        return None
    return BiddingRules(c.seat_ref(("bidding", "first_bidder"), "dealer+1", ("dealer",)), b.get("lowest", 1),
                        b.get("highest", c.tricks), b.get("all_pass", "dealer bids lowest") == "dealer bids lowest",
                        b.get("passer_trick_cap"), b.get("source", ""))
