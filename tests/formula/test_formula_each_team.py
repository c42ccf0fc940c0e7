"""A team value named once and read inside ``scoring.each_team`` (issue 23: "a total must be written out four
times"): Nigerian Thuni's total of tricks won by bidders and capped passers, as a team value."""

from __future__ import annotations

import random

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.errors import RulesetError
from thunee_dsl.game import GameState

NAMED_ONCE = """extends: nigerian-thuni
name: nigerian-named
scoring:
  team_values:
    made:
      description: tricks won by the team's bidders, and by its passers up to the cap
      formula: team.tricks_by_bidders + team.passer_tricks
  each_team: >-
    if team.tricks == tricks then 10
    else if other.tricks == tricks then 0
    else if team.made >= team.contract then team.made
    else team.passer_tricks
"""


def _pick(game, rng):
    """A random action, not conceding (random players concede most deals, and then nothing is counted)."""
    legal = game.legal_actions()
    return rng.choice([a for a in legal if a.verb != "concede"] or legal)


def _balls(ruleset, seed: int, deals: int = 6) -> list[tuple[int, ...]]:
    game = GameState(ruleset, seed=seed)
    rng = random.Random(seed)
    while not game.is_over and len([d for d in game.deals if d.result is not None]) < deals:
        game.apply(_pick(game, rng))
    return [d.result.balls for d in game.deals if d.result is not None]


def test_a_team_value_read_inside_each_team_scores_as_the_total_written_out(tmp_path):
    path = tmp_path / "nigerian-named.yaml"
    path.write_text(NAMED_ONCE, encoding="utf-8")
    named, shipped = load_ruleset(str(path)), load_ruleset("nigerian-thuni")
    assert "team.made" in named.each_team.names
    # the same deals score the same balls
    for seed in range(4):
        assert _balls(named, seed) == _balls(shipped, seed)
    # and the explanation shows the named total with its value
    game = GameState(named, seed=1)
    rng = random.Random(1)
    while not game.deals or game.deals[-1].result is None or "scoring.each_team" not in game.deals[-1].result.applied:
        game.apply(_pick(game, rng))
    result = game.deals[-1].result
    lines = [line for line in result.explanation if "team.made [" in line]
    assert len(lines) == 2, result.explanation  # one for each team
    for team, line in enumerate(lines):
        assert line.endswith(f" = {result.balls[team]}")


def test_a_team_value_cannot_read_itself_and_a_misspelt_one_is_named(tmp_path):
    path = tmp_path / "loop.yaml"
    path.write_text(NAMED_ONCE.replace("team.tricks_by_bidders + team.passer_tricks", "team.made + 1"), encoding="utf-8")
    with pytest.raises(RulesetError) as error:
        load_ruleset(str(path))
    assert "unknown name 'team.made'" in str(error.value)  # team values read the deal, not each other
    path.write_text(NAMED_ONCE.replace("else if team.made >=", "else if team.mad >="), encoding="utf-8")
    with pytest.raises(RulesetError) as error:
        load_ruleset(str(path))
    assert "unknown name 'team.mad'; did you mean 'team.made'?" in str(error.value)
