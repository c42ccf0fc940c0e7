"""The deal weighed in the background for Playtest (coach.weigh_deal): the last three tricks first, shown at
once, then each earlier trick, the words growing to those of the whole deal weighed at once; it stops when the
run is cancelled or the page no longer asks after it."""

from __future__ import annotations

import time

import pytest

from thunee_dsl import shipped_ruleset
from thunee_dsl.editor import coach
from thunee_dsl.editor.background import Cancelled
from thunee_dsl.editor.coach import deal_lines, weigh_deal
from thunee_dsl.game import GameState
from thunee_dsl.players import decide, make_bot


def one_deal(name: str, seed: int) -> GameState:
    ruleset = shipped_ruleset(name)
    game = GameState(ruleset, seed=seed)
    bots = [make_bot("random", ruleset, seed=seed * 10 + s) for s in range(ruleset.seats)]
    while not (game.deals and game.deals[0].result is not None):
        game.apply(decide(bots[game.to_act], game))
    return game


def test_the_last_tricks_first_then_every_trick():
    game = one_deal("euchre", 1)  # five tricks: 3, 4, 5 first, then 2, then 1
    shown, seen = {}, []

    def progress(done, total):
        seen.append((shown.get("trick"), list(shown.get("lines", ()))))

    lines = weigh_deal(game, 1, progress, shown)
    assert lines == deal_lines(game, 1, 1)  # the whole deal, as if weighed at once
    assert shown["tricks"] == 5 and "trick" not in shown
    tricks = [t for t, _ in seen if t is not None]
    assert tricks[0] == 2 and tricks[-1] == 1 and sorted(set(tricks)) == [1, 2]
    first_shown = next(lines for t, lines in seen if t == 2)
    # the last three tricks' words, shown while trick 2 is weighed, saying the earlier ones are being weighed
    assert first_shown == deal_lines(game, 1, earlier=coach.EARLIER_COMING)
    assert first_shown[-1] == "  Tricks 3-5 weighed; the earlier tricks are being weighed."


def test_a_weighing_left_before_it_ended_says_what_was_not_weighed():
    """Stopped while trick 2 is weighed (the page left): the words kept are the last three tricks', saying the
    first two were not weighed and how to weigh them."""
    game = one_deal("euchre", 1)
    shown = {}

    def progress(done, total):
        if shown.get("trick") == 2:
            raise Cancelled()

    with pytest.raises(Cancelled):
        weigh_deal(game, 1, progress, shown)
    assert shown["lines"] == deal_lines(game, 1, earlier=coach.EARLIER_LEFT)
    assert shown["lines"][-1] == ("  Tricks 3-5 weighed; the earlier tricks were not: the weighing stopped when the "
                                  "page was left (Analyse this deal weighs them).")


def test_a_weighing_no_page_asks_after_stops(monkeypatch):
    game = one_deal("standard", 2)
    monkeypatch.setattr(coach, "UNWATCHED", 0.0)
    shown = {"seen": time.monotonic() - 1}
    with pytest.raises(Cancelled):
        weigh_deal(game, 1, lambda done, total: None, shown)
