"""Mistakes on request: the offences a seat could commit, seen from its own view.

Real tables make mistakes, and penalty rules exist for them. :func:`slips` lists what a seat could do
wrong now, from what it sees: play a card it must not (a revoke, when it holds the suit led), play when it
is not its turn (out of turn, while cards are being played), declare a combination it does not hold (a
false declaration), say a claim it may not make now (a forbidden claim). Which of these the ruleset
penalises, and under which name, is the table's judgement (``GameState.offence_of``): a slip the rules do
not penalise is taken back and play goes on, as at a friendly table.

:class:`Mistakes` decides, at each decision of a deal, whether a mistake is made there (with probability
``rate``, from a random source seeded per deal: reproducible and the same under every ruleset of a
comparison), and which: an offence name first (each that some seat could commit equally likely), then one
slip of that kind.

Besides the offences, a real table loses count: a seat in a claim window may say a claim the cards do not
bear out (:data:`MISCOUNT`, "a claim on a miscount"). It is legal, so the rules judge it as any claim: it
fails, or succeeds by luck. Bots that remember every card never do this (in ``standard`` whether a Double
or Khanaak holds is known when it may be said), so without it the rules for a failed claim never come into
play. It is one more kind among the offences, drawn as they are.
"""

from __future__ import annotations

import random

from thunee_dsl.game.actions import Action
from thunee_dsl.game.view import SeatView
from thunee_dsl.model.ruleset import Ruleset


def slips(ruleset: Ruleset, view: SeatView, playing: bool) -> list[Action]:
    """Wrong actions ``view.seat`` could take now (``playing``: cards are being played, which every seat
    sees). Never an action of ``view.legal``."""
    r = ruleset
    seat = view.seat
    legal = set(view.legal)
    out: list[Action] = []
    if playing and view.hand:
        if view.to_act == seat:
            if view.trick:  # following: a card held but not allowed (a revoke if the suit led is held)
                out += [a for c in view.hand if (a := Action(seat, "play", c)) not in legal]
        else:
            out += [Action(seat, "play", c) for c in view.hand]  # playing out of turn
    held = set(view.hand)
    for decl in r.declarations:
        for s, suit in enumerate(r.deck.suits):
            if not any(all(r.deck.names[r.deck.card_of(s, rank)] in held for rank in combo.ranks)
                       for combo in decl.combinations):
                out.append(Action(seat, decl.verb, suit))  # declaring what is not held
    if view.to_act == seat:
        out += [a for claim in r.claims if (a := Action(seat, claim.verb)) not in legal]
    return out


#: The kind of mistake that is a legal claim on a miscount (not an offence: the claim's own rules judge it).
MISCOUNT = "claim on a miscount"


class Mistakes:
    """Mistakes at ``rate`` per decision for one deal, from a random source seeded with ``seed``."""

    def __init__(self, rate: float, seed: int):
        self.rate = rate
        self.rng = random.Random(seed)

    def offence(self, game) -> Action | None:
        """The mistake made at this decision of ``game`` (a :class:`~thunee_dsl.game.GameState`), or None:
        an offence, or a claim on a miscount. Each seat's slips come from its own view; the rules
        (``offence_of``) say which are penalised."""
        if not self.rate or self.rng.random() >= self.rate:
            return None
        legal = game.legal_actions()
        playing = bool(legal) and legal[0].verb == "play"
        kinds: dict[str, list[Action]] = {}
        for seat in range(game.ruleset.seats):
            for a in slips(game.ruleset, game.view(seat), playing):
                name = game.offence_of(a)
                if name is not None:
                    kinds.setdefault(name, []).append(a)
        if legal and game.to_act is not None:
            claims = [a for a in legal if game.ruleset.claim_by_verb(a.verb) is not None]
            if claims:
                kinds[MISCOUNT] = claims
        if not kinds:
            return None
        name = self.rng.choice(sorted(kinds))
        return self.rng.choice(kinds[name])
