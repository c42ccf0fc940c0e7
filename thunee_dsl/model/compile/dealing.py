"""Dealing and the dealer: ``deal:`` (``batches`` that fit the deck, ``first_receiver``, ``cut``, ``face_down``
rows with ``play.lay_out``), ``dealer:`` (``passes_if``, ``passes_to``, ``next``); the check that a seat making
trumps with a card from hand holds one it may look at."""

from __future__ import annotations

from typing import TYPE_CHECKING

from thunee_dsl.formula import compile_formula
from thunee_dsl.model.cards import Deck
from thunee_dsl.model.ruleset import FROM_UNDEALT, DealBatch, DealerRules, Ruleset, TrumpWay, TurnUp

if TYPE_CHECKING:
    from thunee_dsl.model.compile import Compiler


def check_batches(c: Compiler, batches: tuple[int, ...], seats: int, deck: Deck | None) -> None:
    """The deal gives out no more cards than the deck has."""
    if deck is not None and sum(batches) * seats > deck.size:
        c.problem(("deal", "batches"), f"the deal gives {sum(batches)} cards to each of {seats} "
                  f"players ({sum(batches) * seats} cards) but the deck has only {deck.size}")


def hand_sizes(c: Compiler, batches: tuple[int, ...]) -> tuple[int, ...]:
    """``deal.hand_sizes``: a hand size per deal of the game (Oh Hell's 10 down to 1 and back). The deal as
    written is then one batch of the largest size (what the rulebook and the formulas' bounds read), and a
    game of a number of deals has a size for each."""
    sizes = tuple(c.get("deal", "hand_sizes", default=()) or ())
    if not sizes:
        return ()
    if len(batches) != 1 or batches[0] != max(sizes):
        c.problem(("deal", "batches"), f"with deal.hand_sizes the deal is one batch of the largest hand size: "
                  f"write deal.batches: [{max(sizes)}] (each deal then gives its own size)")
    deals = c.get("game", "deals")
    if isinstance(deals, int) and deals > len(sizes):
        c.problem(("game", "deals"), f"game.deals is {deals} but deal.hand_sizes gives only {len(sizes)} hand "
                  f"sizes: give one for each deal")
    return sizes


def face_down(c: Compiler, batches) -> frozenset[int]:
    """The batches dealt face down as a row (open face play), checked against the deal and the lay-out."""
    rows = frozenset(c.get("deal", "face_down", default=()) or ())
    for b in sorted(rows):
        if b > len(batches):
            c.problem(("deal", "face_down"), f"deal.face_down names batch {b} but the deal has only {len(batches)} batches")
    lay_out = c.get("play", "lay_out")
    if rows and not lay_out:
        c.problem(("deal", "face_down"), "face-down rows need play.lay_out to say when they come into play")
    if lay_out and not rows:
        c.problem(("play", "lay_out"), "play.lay_out needs deal.face_down: there is no row to lay the hand on")
    if lay_out and rows:
        in_hand = sum(n for i, n in enumerate(batches, 1) if i not in rows)
        if lay_out["after_tricks"] >= in_hand:
            c.problem(("play", "lay_out", "after_tricks"), f"play.lay_out.after_tricks is {lay_out['after_tricks']} "
                      f"but a hand has only {in_hand} cards: it would be empty before the lay-out")
    return rows


def undealt(c: Compiler, batches, seats: int, deck: Deck | None) -> int:
    """The cards left undealt (the kitty, the stock): no more than the pack has after the deal. Not given, a
    card turned up from them makes them the rest of the pack (Oh Hell's stock), else there are none."""
    left = deck.size - sum(batches) * seats if deck is not None else 0
    n = c.get("deal", "undealt", default=None)
    if n is None:
        return max(left, 0) if c.get("deal", "turn_up", default="none") in FROM_UNDEALT else 0
    if n > left >= 0 and deck is not None:
        c.problem(("deal", "undealt"), f"deal.undealt is {n} but the deal leaves only {left} of the "
                  f"{deck.size} cards ({sum(batches)} to each of {seats} players)")
    return n


def turn_up(c: Compiler, undealt: int) -> TurnUp:
    """The card turned up after the deal: one from the undealt needs undealt cards."""
    way = TurnUp(c.get("deal", "turn_up", default="none"))
    if way in FROM_UNDEALT and not undealt and getattr(c, "hand_sizes", ()) and "undealt" not in (c.get("deal") or {}):
        return way  # a hand size by deal that deals every card: that deal is played without trumps (liquisearch)
    if way in FROM_UNDEALT and not undealt:
        said = "deal.undealt is 0" if "undealt" in (c.get("deal") or {}) else "the deal leaves none of the pack"
        c.problem(("deal", "turn_up"), f"deal.turn_up '{way}' turns up an undealt card but {said}: deal fewer "
                  f"cards, or give deal.undealt (the cards left after the deal)")
    return way


def check_turn_up(c: Compiler, ruleset: Ruleset) -> None:
    """Trumps by the turn-up's suit need a turn-up, and nobody chooses then (the only way)."""
    trumps = ruleset.trumps
    if trumps is None or TrumpWay.TURN_UP not in trumps.ways:
        return
    if ruleset.turn_up is TurnUp.NONE:
        c.problem(("trumps", "ways"), "trumps.ways 'turn-up' makes the turned-up card's suit trumps, but "
                  "deal.turn_up is none: say which card is turned up (top of the undealt, next card, "
                  "dealer's last card)")
    if len(trumps.ways) > 1:
        c.problem(("trumps", "ways"), "trumps.ways 'turn-up' is the only way when it is given: nobody "
                  "chooses trumps, the turned-up card's suit is trumps")
    if ruleset.calling is not None or ruleset.bidding is not None and "make trumps" in ruleset.sequence:
        c.problem(("trumps", "ways"), "trumps.ways 'turn-up' leaves nothing for a caller or the highest "
                  "bidder to make: the turned-up card's suit is trumps")


def dealer(c: Compiler) -> DealerRules:
    d = c.data["dealer"]
    most = d.get("next", "rotation") == "most tricks"
    # the rule of most games: the deal passes on after every deal (Thunee's 'the dealer's team lost' is said)
    passes = (c.formula(("dealer", "passes_if"), "dealer", "boolean") if "passes_if" in d
              else compile_formula("true", c.symbols("dealer"), expect="boolean")) if not most else None
    return DealerRules(passes,
                       c.seat_ref(("dealer", "passes_to"), "dealer+1", ("dealer",)), d.get("source", ""), most)


# -- a seat acts only on cards it may look at (what validates must play, issue 12) --------------------------

def seen_before(ruleset: Ruleset, index: int) -> int:
    """The cards a seat holds and may look at when step ``index`` of the sequence starts (a batch dealt
    face down, the open face game's row, is not looked at until it is turned up)."""
    return sum(ruleset.batches[step.number - 1] for step in ruleset.steps[:index]
               if isinstance(step, DealBatch) and step.number not in ruleset.face_down
               and step.number <= len(ruleset.batches))  # (a step naming a batch there is not: refused elsewhere)


def check_seen_cards(c: Compiler, ruleset: Ruleset) -> None:
    """A seat that must make trumps with a card from hand holds one it may look at: the chooser (or the
    highest bidder) at 'make trumps', the final caller where the calling ends."""
    if ruleset.trumps is None or not ruleset.face_down:
        return  # (only a batch dealt face down leaves a seat holding nothing it may see)
    words = ruleset.sequence
    make = words.index("make trumps") if "make trumps" in words else None
    if make is not None:
        check_trump_card(c, ruleset, make, ruleset.trumps.ways, "trumps.ways", "the player who makes trumps")
    if make is not None and "calling" in words:
        calling = words.index("calling")
        # the final caller makes trumps when the calling ends, or at 'make trumps' if that comes later
        check_trump_card(c, ruleset, max(calling, make), ruleset.trumps.caller_ways, "trumps.caller_ways",
                         "the final caller", written=calling)


def check_trump_card(c: Compiler, ruleset: Ruleset, index: int, ways: tuple[str, ...], key: str, who: str,
                     written: int | None = None) -> None:
    if seen_before(ruleset, index):
        return
    dealt_later = any(isinstance(step, DealBatch) for step in ruleset.steps[index + 1:])
    if "suit" in ways or ("last card" in ways and dealt_later):
        return  # trumps can be made without looking at a card
    written = index if written is None else written
    face_down = ", ".join(str(b) for b in sorted(ruleset.face_down))
    c.problem(("sequence", written), f"step '{ruleset.sequence[written]}': {who} must make trumps with a "
              f"card from hand ({key}: {', '.join(ways)}) but would hold no card it may look at (deal.face_down: "
              f"[{face_down}]): deal a batch face up before this step, or let trumps be made by naming the "
              f"suit")
