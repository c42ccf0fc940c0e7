"""'Game to 13' among the house rules (issue 24, item 5), with its corner house moved as thirteen-point does."""

from __future__ import annotations

from thunee_dsl.editor.checking import check_text
from thunee_dsl.editor.house_rules import add_rule, house_rules, offered
from thunee_dsl.model.companions import target_change

TEMPLATE = "# A house variant\nextends: standard\nname: our-table\n"


def test_game_to_13_is_offered_on_standard_and_plays_like_thirteen_point():
    from thunee_dsl import shipped_ruleset

    rule = next(r for r in offered({"standard"}) if r.name == "game-to-thirteen")
    assert rule.title == "Standard Thunee, game to 13 balls"
    check = check_text(add_rule(TEMPLATE, rule))
    assert check.ok, check.problems
    thirteen = shipped_ruleset("thirteen-point")
    assert (check.ruleset.game.target, check.ruleset.game.corner_house) == (13, 12) == \
        (thirteen.game.target, thirteen.game.corner_house)
    assert target_change(check.source) is None  # nothing left behind: no warning
    assert "game-to-thirteen" in {r.name for r in house_rules()}
