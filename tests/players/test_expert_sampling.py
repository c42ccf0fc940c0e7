"""How many sampled deals the ``expert`` bot solves, by the tricks left: none (played out as ``montecarlo``
does) before its last ``solve_tricks``, ``early_samples`` while more than ``late_tricks`` are left, then
``solve_samples``."""

from __future__ import annotations

from thunee_dsl import shipped_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.players import decide, make_bot


def test_fewer_deals_solved_early_than_late():
    r = shipped_ruleset("standard")
    seen = {}
    for seed in range(6):
        game = GameState(r, seed=seed)
        others = make_bot("typical", r, seed=seed)
        while len(game.deals) == 1 and not game.is_over:
            view = game.view(game.to_act)
            left = r.tricks_per_deal - len(game.deal.tricks)
            if game.deal.is_play_turn() and len(view.legal) > 1 and left not in seen:
                bot = make_bot("expert", r, seed=1, samples=5, solve_samples=3, early_samples=2)
                assert bot.choose(view) in view.legal
                seen[left] = bot.last_search
            game.apply(decide(others, game))
    assert {3, 4, 5} <= set(seen)
    assert seen[5]["samples"] == 5 and "solved" not in seen[5]  # (6 tricks a deal: the Monte Carlo bot's playouts)
    assert seen[4]["samples"] == 2 and seen[4]["solved"]
    assert seen[3]["samples"] == 3 and seen[3]["solved"]
    assert "solved" not in seen.get(6, {"samples": 5})


def test_the_defaults():
    bot = make_bot("expert", shipped_ruleset("standard"), seed=1)
    assert (bot.solve_tricks, bot.early_samples, bot.late_tricks, bot.solve_samples) == (4, 4, 3, 8)
