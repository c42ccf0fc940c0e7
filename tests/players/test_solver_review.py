"""``thunee-dsl replay --analyse`` and its words (simulation/review.py): what was makeable seeing every hand,
and the cards that cost their side points, checked against the solver and by hand."""

from __future__ import annotations

import json
from pathlib import Path

from thunee_dsl import shipped_ruleset
from thunee_dsl.cli.main import main
from thunee_dsl.game import GameState
from thunee_dsl.simulation.review import review_deal, review_words

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "call-30-with-jodie.yaml"


def test_replay_analyse_text(capsys):
    assert main(["replay", str(EXAMPLE), "--format", "text", "--analyse"]) == 0
    out = capsys.readouterr().out
    assert "Deal 1, analysed:\nSeeing every hand (double dummy):" in out
    # seat 3 (Seat 4) holds the J, A, 10 and K of clubs and the 9: leading the Jack of clubs, its side takes
    # every trick (the solver's line, played out in test_solver.py; here its first card in words)
    assert "Thunee was makeable from the start for Seat 4: lead the Jack of clubs." in out


def test_replay_analyse_json(capsys):
    assert main(["replay", str(EXAMPLE), "--analyse", "--analyse-from", "6"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["analysis"][0]["deal"] == 1
    assert doc["analysis"][0]["lines"][0] == "Seeing every hand (double dummy):"


def test_a_card_giving_points_away_is_marked():
    """A dealt game of standard played by random bots: a card is marked only where the solver says another
    card of the same seat lets its side force more of the count, by exactly the difference said."""
    from thunee_dsl.players import decide, make_bot
    ruleset = shipped_ruleset("standard")
    checked = marked = 0
    for seed in range(21, 41):
        game = GameState(ruleset, seed=seed)
        bots = [make_bot("typical", ruleset, seed=seed * 10 + s) for s in range(4)]
        while len(game.deals) < 2 and not game.is_over:
            game.apply(decide(bots[game.to_act], game))
        c, m = _check_costs(ruleset, game.deals[0])
        checked, marked = checked + c, marked + m
        if checked >= 16 and marked >= 2:
            break
    assert checked >= 16 and marked >= 2


def _check_costs(ruleset, record):
    from thunee_dsl.players.solver import POINTS, Solver
    checked = marked = 0
    review = review_deal(ruleset, record, 1, None, from_trick=ruleset.tricks_per_deal - 1)
    replayed = GameState(ruleset, seed=0, dealer=record.dealer, auto_deal=False)
    replayed.start_deal([[ruleset.deck.card(n) for n in hand] for hand in record.hands])
    costs = {(c.trick, c.seat): c for c in review.costs}
    for action in record.actions:
        deal = replayed.deal
        if deal.over:
            break
        key = (len(deal.tricks) + 1, action.seat)
        if action.verb == "play" and deal.is_play_turn() and key[0] >= ruleset.tricks_per_deal - 1:
            team = deal.team_of[action.seat]
            values = {}
            for a in deal.legal_actions():
                child = deal.clone()
                child.apply_if_legal(a)
                values[a.arg] = Solver(ruleset, POINTS).solve(child, team, line=False).value
            lost = max(values.values()) - values[action.arg]
            if lost > 0:
                assert costs[key].cost == lost and costs[key].card == action.arg
                marked += 1
            else:
                assert key not in costs
            checked += 1
        replayed.apply(action)
    return checked, marked
