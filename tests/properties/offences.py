"""The offences a random 'offender' player can commit, shared by the property tests."""

from thunee_dsl.game import Action, GameState
from thunee_dsl.model.cards import iter_cards


def offences_available(game: GameState) -> list[Action]:
    """Every action the ruleset would accept now as a penalised offence (never a legal action)."""
    r, deal = game.ruleset, game.deal
    if r.penalties is None or deal is None or game.is_over:
        return []
    candidates = []
    for seat in range(r.seats):
        candidates += [Action(seat, "play", r.deck.names[c]) for c in iter_cards(deal.hands[seat])]
        for decl in r.declarations:
            candidates += [Action(seat, decl.verb, s) for s in r.deck.suits]
        candidates += [Action(seat, claim.verb) for claim in r.claims]
    legal = set(game.legal_actions())
    return [a for a in candidates if a not in legal and game.offence_of(a) is not None]
