"""Compare between Oh Hell and a house rule its tables argue about (examples/house/oh-hell-a-point-a-trick.yaml:
a point a trick whether the bid is made or not, and 10 more for an exact bid), through the library call the
Compare page makes (thunee_dsl.editor.comparing.verdict over a simulation): an answer in words, in points."""

from pathlib import Path

from thunee_dsl import load_ruleset, shipped_ruleset
from thunee_dsl.editor.comparing import verdict
from thunee_dsl.model.diff import diff_rulesets
from thunee_dsl.simulation import simulate

ROOT = Path(__file__).resolve().parents[2]
HOUSE = str(ROOT / "examples" / "house" / "oh-hell-a-point-a-trick.yaml")


def test_compare_says_in_points_what_a_point_a_trick_changes():
    a, b = shipped_ruleset("oh-hell"), load_ruleset(HOUSE)
    changes = diff_rulesets(a, b)
    assert [".".join(map(str, c.path)) for c in changes] == ["scoring.each_player"]
    cmp = simulate([a, b], games=12, bots="random", seed=1, focus=False)
    said = verdict(cmp, changes)
    # every trick now scores a point: a deal's points can only go up (10 tricks a deal at most, so at least as
    # many points in every deal played alike), and the words say so in the game's unit
    assert said.tone == "clear"
    assert said.text.startswith("What each player scores: if seat.tricks == seat.bid then 10 + seat.bid else 0 → "
                                "seat.tricks + (if seat.tricks == seat.bid then 10 else 0): it came up in ")
    assert "points more on average" in said.text and "ball" not in said.text
