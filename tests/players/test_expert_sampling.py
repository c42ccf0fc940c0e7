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
    # as many deals solved as the Monte Carlo bot plays out (its ``samples``), in each of the last four tricks
    assert (bot.solve_tricks, bot.early_samples, bot.late_tricks, bot.solve_samples) == (4, 12, 3, 12)
    assert bot.samples == 12
    fewer = make_bot("expert", shipped_ruleset("standard"), seed=1, samples=5)
    assert (fewer.early_samples, fewer.solve_samples) == (5, 5)


def test_the_hint_solves_fewer_deals_four_tricks_out(monkeypatch):
    """The hint answers within 0.3 s of the tap: with four tricks left it solves at most HINT_EARLY deals."""
    from thunee_dsl.players import hint as hints
    r = shipped_ruleset("standard")
    made = []
    real = hints.ExpertBot

    def spy(*args, **options):
        made.append(real(*args, **options))
        return made[-1]
    monkeypatch.setattr(hints, "ExpertBot", spy)
    game = GameState(r, seed=3)
    others = make_bot("typical", r, seed=3)
    while not (game.deal.is_play_turn() and r.tricks_per_deal - len(game.deal.tricks) == 4
               and len(game.legal_actions()) > 1):
        game.apply(decide(others, game))
    hints.hint(game, game.to_act, samples=8)
    assert made[-1].early_samples == hints.HINT_EARLY == 4 and made[-1].solve_samples == 8
    assert made[-1].last_search["samples"] == 4 and made[-1].last_search["solved"]
