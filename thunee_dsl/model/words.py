"""A ruleset's own words for what a person reads: its unit of score, what its bids count, its seats, and which
rules it has at all (a game without a corner house is never told about one).

The rulebook, ``diff``, ``simulate``'s coverage, ``replay --format text``, the terminal game and the app all say
these things; they ask here so that they say them alike.

>>> from thunee_dsl import shipped_ruleset
>>> r = shipped_ruleset("nigerian-thuni")
>>> bid_words(r), seat_name(0), seats_named((1, 3, 5))
('tricks', 'Seat 1', 'Seats 2, 4 and 6')
"""

from __future__ import annotations

from typing import Iterator

from thunee_dsl.model.ruleset import Ruleset


def seat_name(seat: int) -> str:
    """A seat as a person reads it: "Seat 1" for the transcript's seat 0 (transcripts and the engine count
    from 0; card players, the rulebook and Playtest from 1)."""
    return f"Seat {seat + 1}"


def seats_named(seats) -> str:
    """"Seats 1 and 3", "Seats 2, 4 and 6", "Seat 2"."""
    numbers = [str(s + 1) for s in seats]
    if len(numbers) == 1:
        return f"Seat {numbers[0]}"
    return f"Seats {', '.join(numbers[:-1])} and {numbers[-1]}"


def team_seats(r: Ruleset, team: int) -> tuple[int, ...]:
    return tuple(s for s in range(r.seats) if r.team_of(s) == team)


def team_name(r: Ruleset, team: int) -> str:
    """A team as a person reads it: "Seats 1 and 3" (one player each: "Seat 1")."""
    return seats_named(team_seats(r, team))


def formulas_of(r: Ruleset) -> Iterator:
    """Every compiled formula of the ruleset (None left out)."""
    for u in r.undertakings:
        yield from (u.allowed_if, *_balls(u.balls), u.late.safe_if if u.late else None)
    for c in r.claims:
        yield from (c.allowed_if, c.forbidden_if, c.succeeds_if, *_balls(c.balls))
    for d in r.declarations:
        yield d.allowed_if
    for tv in r.team_values:
        yield tv.formula
    for o in r.outcomes:
        yield from (o.when, o.balls)
    yield r.each_team
    yield r.each_player
    yield r.cancellation.cancel_if if r.cancellation else None
    yield r.redeal.allowed_if if r.redeal else None
    yield r.dealer.passes_if


def _balls(table) -> tuple:
    return (table.success, table.failure, table.partner_catch)


def reads(r: Ruleset, name: str) -> bool:
    """Does any formula of the ruleset read ``name``?"""
    return any(f is not None and name in getattr(f, "names", ()) for f in formulas_of(r))


def has_corner_house(r: Ruleset) -> bool:
    """Does the ruleset have a corner house: its file names the score (``game.corner_house``), or a rule reads
    it (Double forbidden on corner house)? Otherwise the score one short of the target is just a score."""
    game = _data(r).get("game")
    if isinstance(game, dict) and ("corner_house" in game or "corner_house" in (game.get("raised_target") or {})):
        return True
    return r.data is None or reads(r, "corner_house")


def _data(r: Ruleset) -> dict:
    data = getattr(r.data, "data", None) if r.data is not None else None
    return data if isinstance(data, dict) else {}


def bid_words(r: Ruleset) -> str:
    """What a bid counts: "tricks" when it can be no more than the tricks of a deal, "card points" when it runs
    past them up to the pack's card points (304's bids of 160 to 304), else "" (a number only)."""
    b = r.bidding
    if b is not None and b.counts is not None:  # (said by the ruleset: bidding.counts)
        return "card points" if b.counts == "points" else "tricks"
    if b is None or b.highest <= r.tricks_per_deal:
        return "tricks"
    if r.deck.total_points and b.highest <= r.deck.total_points:
        return "card points"
    return ""


def undertaking_said(r: Ruleset) -> tuple[str, str]:
    """What a player does with an undertaking, and its past: Thunee's players call Thunee ("call", "called");
    where the game has no calls (Euchre's going alone) it is declared.

    >>> from thunee_dsl import shipped_ruleset
    >>> undertaking_said(shipped_ruleset("euchre")), undertaking_said(shipped_ruleset("standard"))
    (('declare', 'declared'), ('call', 'called'))
    """
    return ("call", "called") if r.calling is not None else ("declare", "declared")


def contract_said(verb: str, arg, dealer: bool = False, card_words=str, suit_words=str,
                  whose: str | None = None) -> str:
    """The decision that made a side the makers, as the game says it (the review's "Ordering up the Jack of
    hearts could not be made", "Your bid of 200 could not be made"): ``verb`` and ``arg`` the action's
    (ordering up: ``arg`` the turn-up, which the dealer picks up; a bid or a call: its amount), ``card_words``
    and ``suit_words`` a card's and a suit's names, ``whose`` the player's ("Your", "Seat 2's") where said.

    >>> contract_said("order", "JH"), contract_said("order", "JH", dealer=True), contract_said("trump", "S")
    ('Ordering up the JH', 'Picking up the JH', 'Naming S trumps')
    >>> contract_said("trump", "QD"), contract_said("bid", 200), contract_said("call", 20, whose="Your")
    ('Making trumps with the QD', 'The bid of 200', 'Your call of 20')
    >>> contract_said("order", "JH", whose="Seat 2's")
    "Seat 2's ordering up the JH"
    """
    if verb in ("bid", "call"):  # (304's winning bid, Thunee's call to make trumps: a thing said, of an amount)
        return f"{whose or 'The'} {verb} of {arg}"
    if verb == "order":
        said = f"{'Picking' if dealer else 'Ordering'} up the {card_words(arg)}"
    elif verb == "trump" and arg is not None and len(str(arg)) == 1:  # a suit named
        said = f"Naming {suit_words(arg)} trumps"
    elif verb == "trump" and arg in (None, "last"):
        said = "Making trumps" + (" with the last card" if arg else "")
    elif verb == "trump":
        said = f"Making trumps with the {card_words(arg)}"
    else:
        said = f"Saying '{verb}{'' if arg is None else f' {arg}'}'"
    return f"{whose} {said[:1].lower()}{said[1:]}" if whose else said


def has_trumps_made(r: Ruleset) -> bool:
    """Does a player make trumps in the deal (a ``make trumps`` step)?"""
    from thunee_dsl.model.ruleset import MakeTrumps
    return r.trumps is not None and any(type(s) is MakeTrumps for s in r.steps)


__all__ = ["bid_words", "contract_said", "formulas_of", "has_corner_house", "has_trumps_made", "reads", "seat_name",
           "seats_named", "team_name", "team_seats", "undertaking_said"]
