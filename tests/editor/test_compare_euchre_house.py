"""Compare between Euchre and a house rule its tables argue about (examples/house/euchre-stick-the-dealer.yaml:
the dealer must name trumps when the others pass both rounds), through the library calls the Compare page makes
(thunee_dsl.simulation.simulate, thunee_dsl.editor.comparing.verdict): an answer in words, either way round."""

from pathlib import Path

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.editor.comparing import verdict
from thunee_dsl.model.diff import diff_rulesets
from thunee_dsl.simulation import simulate
from thunee_dsl.simulation.coverage import counters_of

HOUSE = str(Path(__file__).resolve().parents[2] / "examples" / "house" / "euchre-stick-the-dealer.yaml")
RULE = "When everyone passes every round (thrown in, or stick the dealer)"


@pytest.fixture(scope="module")
def rulesets():
    return load_ruleset("euchre"), load_ruleset(HOUSE)


def test_the_house_rule_is_one_change(rulesets):
    euchre, house = rulesets
    assert [c.text for c in diff_rulesets(euchre, house)] == [f"{RULE}: throw in, next dealer -> dealer must"]


def test_stick_the_dealer_is_decided_in_the_deals_everyone_passed():
    # not "felt in every deal": only a deal in which the others passed both rounds tells the two apart
    keys = ["trumps.ways.order up", "trumps.ways.suit", "trumps.ways.all pass", "trumps.ways.dealer must"]
    assert counters_of(("trumps", "all_pass"), keys) == ("trumps.ways.all pass", "trumps.ways.dealer must")


@pytest.mark.parametrize("forward", [True, False])
def test_compare_says_what_sticking_the_dealer_changes_either_way(rulesets, forward):
    a, b = rulesets if forward else rulesets[::-1]
    cmp = simulate([a, b], games=20, bots="typical", seed=1, focus=False)
    v = verdict(cmp, diff_rulesets(a, b))
    first = v.sentences[0]
    change = "throw in, next dealer \u2192 dealer must" if forward else "dealer must \u2192 throw in, next dealer"
    assert first.startswith(f"{RULE}: {change}: it came up in ") and "felt in every deal" not in first
    # typical players pass weak hands: about a deal in four is passed round twice; stuck, the dealer names
    # trumps and the deal is scored, so games are shorter and no deal is thrown in
    shorter, fewer = ("shorter", "less often") if forward else ("longer", "more often")
    assert f"Games are about 4 deals {shorter}" in v.text
    assert f"deal thrown in {fewer}: " + ("26% \u2192 0%" if forward else "0% \u2192 26%") in v.text
