"""Compare between whist and a whist house rule (examples/house/whist-no-honours.yaml: only tricks score) answers
in words and in whist's unit (points), through the library calls the app's Compare page makes (simulate, the
rule diff, comparing.verdict)."""

from __future__ import annotations

from pathlib import Path

from thunee_dsl import load_ruleset
from thunee_dsl.editor.comparing import verdict
from thunee_dsl.model.diff import diff_rulesets
from thunee_dsl.simulation import simulate

HOUSE = Path(__file__).resolve().parents[2] / "examples" / "house" / "whist-no-honours.yaml"


def test_compare_says_in_points_what_counting_no_honours_changes():
    whist, house = load_ruleset("whist"), load_ruleset(str(HOUSE))
    changes = diff_rulesets(whist, house)
    # the one rule the house changes (counted from the cards: nobody declares it)
    assert [c.text for c in changes] == ["Removes Honours (counted from the hands as dealt)"]
    answer = verdict(simulate([whist, house], games=20, bots="typical", seed=3, focus=False), changes)
    assert answer.tone in ("clear", "none", "untested")
    assert answer.sentences[0].startswith("Removes Honours (counted from the hands as dealt): it came up in ")
    assert "points" in answer.text and "ball" not in answer.text.lower()
    # with honours gone every point is a trick's: fewer points a deal, so longer games (hand-checked in a 40-game
    # run: 3.0 -> 2.1 points a deal, 5.8 -> 9.0 deals a game); here only the direction is asserted
    assert "deals longer" in answer.text or "No clear" in answer.text
