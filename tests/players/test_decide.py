"""players.decide: a forced action is taken without a view, and changes nothing the bots do.

A bot that says so (``skips_forced``) is not asked when only one action is legal. Its later choices must
be the same as if it had been asked every time (its random source is drawn per decision from its view,
and what it remembers of a deal is checked against the history), and a bot that draws from one stream
(random) is always asked.
"""

from __future__ import annotations

import pytest

from thunee_dsl import shipped_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.players import decide, make_bot
from thunee_dsl.players.knowledge import forget_knowledge
from thunee_dsl.players.worlds import forget_positions


def deal_actions(ruleset, seed: int, bot: str, skip: bool) -> tuple[list[str], int]:
    """The first deal of a game of ``bot`` at every seat: its actions, and how many were forced."""
    forget_knowledge()
    forget_positions()
    game = GameState(ruleset, seed=seed, dealer=seed % ruleset.seats)
    bots = [make_bot(bot, ruleset, seed=seed * 10 + s) for s in range(ruleset.seats)]
    actions, forced = [], 0
    while not game.results:
        forced += len(game.legal_actions()) == 1
        player = bots[game.to_act]
        action = decide(player, game) if skip else player.choose(game.view(game.to_act))
        game.apply(action)
        actions.append(str(action))
    return actions, forced


@pytest.mark.parametrize("ruleset,bot", [("standard", "typical"), ("standard", "heuristic"),
                                         ("six-player", "typical"), ("standard", "random")])
def test_skipping_forced_actions_changes_no_choice(ruleset, bot):
    r = shipped_ruleset(ruleset)
    for seed in range(3):
        asked, forced = deal_actions(r, seed, bot, skip=False)
        skipped, _ = deal_actions(r, seed, bot, skip=True)
        assert forced > 0  # the deal had forced actions to skip
        assert skipped == asked


def test_the_random_bot_is_always_asked():
    r = shipped_ruleset("standard")
    calls = []

    class Counting:
        def __init__(self, inner):
            self.inner = inner

        def choose(self, view):
            calls.append(len(view.legal))
            return self.inner.choose(view)
    for seed in range(20):
        game = GameState(r, seed=seed)
        bot = Counting(make_bot("random", r, seed=seed))
        while not game.results:
            game.apply(decide(bot, game))
    assert 1 in calls  # forced decisions reached it too: its stream is drawn at every decision


def test_a_forced_action_needs_no_view():
    r = shipped_ruleset("standard")
    game = GameState(r, seed=2)
    bot = make_bot("typical", r, seed=2)
    while len(game.legal_actions()) > 1:
        game.apply(decide(make_bot("typical", r, seed=3), game))
    views = []
    real_view = game.view
    game.view = lambda seat: views.append(seat) or real_view(seat)
    assert decide(bot, game) == game.legal_actions()[0]
    assert views == []
