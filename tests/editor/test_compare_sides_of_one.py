"""Compare for a game of sides of one (Oh Hell, each player scores alone) against a house rule: the words name the
players, not "the teams together", and every deal dealt alike under both is paired, not only each game's first
(the scores before a deal of a game of a number of deals change nothing of it)."""

from pathlib import Path

import pytest

from thunee_dsl import load_ruleset, shipped_ruleset
from thunee_dsl.editor.comparing import verdict
from thunee_dsl.model.diff import diff_rulesets
from thunee_dsl.simulation import simulate
from thunee_dsl.simulation.analysis import rule_in_games

HOUSE = str(Path(__file__).resolve().parents[2] / "examples" / "house" / "oh-hell-a-point-a-trick.yaml")
GAMES = 4


@pytest.fixture(scope="module")
def compared():
    a, b = shipped_ruleset("oh-hell"), load_ruleset(HOUSE)
    return a, b, simulate([a, b], games=GAMES, bots="random", seed=2, focus=False)


def test_every_deal_of_a_game_of_a_number_of_deals_is_paired(compared):
    a, _, cmp = compared
    rule = next(r for r in cmp.rules_compared if r.path == "scoring.each_player")
    seen = rule_in_games(cmp.rulesets[0], cmp.rulesets[1], rule.counters, "scoring")
    # the same dealer deal by deal (the deal passes to the left), no deal thrown in: each game's 19 deals
    assert seen.paired == GAMES * a.game.deals


def test_the_words_say_the_players_not_the_teams(compared):
    a, b, cmp = compared
    said = verdict(cmp, diff_rulesets(a, b))
    words = " ".join([said.text, *said.details])
    assert "the players together" in words
    assert "teams" not in words and "team" not in words.replace("teams", "")
