"""Issue 23's house rules in the rulebook's words and the diff's words."""

from pathlib import Path

from thunee_dsl import load_ruleset
from thunee_dsl.model.diff import diff_rulesets
from thunee_dsl.model.rulebook import render_rulebook
from thunee_dsl.model.ruleset import CallingStep

HOUSE = Path(__file__).resolve().parents[2] / "examples" / "house"


def house(name: str):
    return load_ruleset(str(HOUSE / f"{name}.yaml"))


def test_who_may_call_in_the_rulebook_and_the_diff():
    r = house("only-dealers-team-calls")
    book = render_rulebook(r)
    assert "- Who may call: the player's team is the dealer's team.  \n  `callers == dealers`" in book
    assert "- Any other player is not asked to call, and a call of theirs is not allowed." in book
    assert "Who may call" not in render_rulebook(load_ruleset("standard"))
    assert [c.text for c in diff_rulesets(load_ruleset("standard"), r)] == ["Adds Who may call: callers == dealers"]


def test_named_trumps_in_the_rulebook_and_the_diff():
    book = render_rulebook(house("thunee-names-trumps"))
    thunee = book.split("### Thunee")[1].split("###")[0]
    assert "- Right after the call the caller names the trump suit, for everyone to hear" in thunee
    assert "The suit of the first card led is trumps" not in thunee
    assert "marials" not in thunee  # no late Thunee here
    changes = [c.text for c in diff_rulesets(load_ruleset("standard"), house("thunee-names-trumps"))]
    assert "Thunee trumps: first lead -> named by caller" in changes


def test_calling_again_in_the_rulebook_and_the_diff():
    r = house("calling-after-last-cards")
    assert [type(s) is CallingStep and s.again for s in r.steps].count(True) == 1
    book = render_rulebook(r)
    assert ("5. **Calling again**: the calling goes on from the last call; a higher call takes over making trumps "
            "(see Calling).") in book
    assert "3. **Calling**: players may call to take over making trumps (see Calling)." in book
    assert "- Calling opens again once 2 batches have been dealt and goes on from the last call" in book
    assert "Calling again" not in render_rulebook(load_ruleset("standard"))
    change, = diff_rulesets(load_ruleset("standard"), r)
    assert change.text.startswith("Steps of a deal: ") and change.text.endswith("deal 2, calling, undertakings, play")
