"""Card play with a closed trump (trumps.revealed: on demand, 304): when to ask for trumps, what to play face
down, and the play of a deal whose tricks hold cards another seat played face down.

A card played face down is ``??`` in the views of the seats that may not see it. The seats' knowledge
(:mod:`~thunee_dsl.players.knowledge`) reads it (its player could not follow suit; one more card out of play, which
one unknown: ``Knowledge.hidden_plays``), and so do the sampled deals of :mod:`~thunee_dsl.players.worlds` (a card
of its player's drawn for it, played face down in the replay); the heuristic's card sense (tactics) reads whole
tricks only, so those decisions are taken here, from the view alone (no peeking): the cards on the table that
the seat sees, its hand, and trumps if it knows them.
"""

from __future__ import annotations

from thunee_dsl.game.actions import DOWN, Action
from thunee_dsl.game.play import ASK
from thunee_dsl.game.view import HIDDEN
from thunee_dsl.model.ruleset import Revealed

WORTH_ASKING = 10  # card points on the table worth asking for trumps (or cutting) to win


def closed_trump(ruleset) -> bool:
    """Whether ``ruleset`` keeps trumps closed until asked for or cut (read once per bot)."""
    return ruleset.trumps is not None and ruleset.trumps.revealed is Revealed.ON_DEMAND


def hides_cards(view) -> bool:
    """Whether this decision is one of the closed trump's (a cut or asking on offer), or the view shows a card
    played face down as ``??`` (the card sense would need it)."""
    if any(a.verb == DOWN or a.verb == ASK for a in view.legal):
        return True
    return any(c == HIDDEN for _, c in view.trick) or any(c == HIDDEN for tr in view.tricks for _, c in tr.cards)


def choose(ruleset, t, view) -> Action:
    """The seat's action from what it sees: ask for trumps when the trick is worth it and its partner is not
    winning; else a card face down (the trump maker cuts with its lowest trump when worth it, anyone else
    gives its cheapest card); with trumps open or while following, the usual card sense in short."""
    legal = view.legal
    deck = ruleset.deck
    trump = deck.suits.index(view.trump) if view.trump is not None else None
    row = ruleset.beats[trump if trump is not None else ruleset.no_trump]
    points = deck.points
    seen = [(s, t.card_of[c]) for s, c in view.trick if c != HIDDEN]
    best = None  # the winning card among those this seat sees
    for s, c in seen:
        if best is None or (row[best[1]] >> c) & 1:
            best = (s, c)
    partner_wins = best is not None and view.seat % view.teams == best[0] % view.teams
    worth = sum(points[c] for _, c in seen)
    trumps = deck.suit_masks[trump] if trump is not None else 0

    def cheapest(actions):  # the fewest points, then the weakest (the most cards beat it), then a non-trump
        return min(actions, key=lambda a: (points[t.card_of[a.arg]], -row[t.card_of[a.arg]].bit_count(),
                                           (trumps >> t.card_of[a.arg]) & 1))

    def strongest(actions):
        return min(actions, key=lambda a: (row[t.card_of[a.arg]].bit_count(), -points[t.card_of[a.arg]]))

    asking = next((a for a in legal if a.verb == ASK), None)
    downs = [a for a in legal if a.verb == DOWN]
    if asking is not None and not partner_wins and worth >= WORTH_ASKING:
        return asking
    if downs:
        cuts = [a for a in downs if (trumps >> t.card_of[a.arg]) & 1]
        if cuts and not partner_wins and worth >= WORTH_ASKING:
            return cheapest(cuts)  # (only the trump maker knows trumps here)
        return cheapest([a for a in downs if not (trumps >> t.card_of[a.arg]) & 1] or downs)
    plays = [a for a in legal if a.verb == "play"] or list(legal)
    if any(a.verb != "play" for a in plays):
        return plays[0]  # (no card on offer: nothing of the closed trump's to weigh)
    if best is None:
        return strongest(plays)  # a lead: the card most likely to win
    if partner_wins:
        return cheapest(plays)
    winners = [a for a in plays if (row[best[1]] >> t.card_of[a.arg]) & 1]
    if winners and (worth >= WORTH_ASKING or not any((trumps >> t.card_of[a.arg]) & 1 for a in winners)):
        return cheapest(winners)
    return cheapest(plays)
